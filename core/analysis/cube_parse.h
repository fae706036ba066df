#pragma once
// Triton-Ascend 2026-08's cube / mix parse, reproduced (Geofeng12138/triton-ascend 189dd87,
// third_party/ascend/backend/runtime/: dsl_analysis/kernel_classifier.py, shape_inference.py,
// role_engine.py, load_semantics.py, axis_length_resolver.py, cv_param_parser.py and
// autotuner.py's _resolve_kernel_type / _autoparse_axis_params_cube_mix).
//
// The backend finds every tl.dot / tl.conv site of the kernel and of the functions it calls by
// name, reads M / N / K from the operands' row / column axes (broadcast subscripts such as
// offs_m[:, None], make_block_ptr / tl.zeros shapes, loads, transposes), maps each axis to the
// tl.arange length behind it (BLOCK_M) and to its global length (M, from masks, modulo and
// loop bounds), and classifies the length as tunable (a tl.constexpr not passed at launch),
// fixed at compile time, or a runtime value. Only the AST is read; nothing is executed.

#include "core/analysis/axis_parse.h"
#include "core/python/ast.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ts::analysis {

// One of M / N / K at one dot site (upstream's CvAxisLengthInfo).
struct CubeAxis {
    std::optional<std::string> axisSymbol; // "offs_m", "BLOCK_M", "K1|K2" (lhs / rhs disagree)
    std::optional<std::string> lengthExpr; // the global length: "M", "K", or the block symbol
    // "tunable", "fixed_compile_time", "runtime_non_tunable" or "unknown".
    std::string state = "unknown";
    std::optional<std::string> tunableParam; // BLOCK_M when the state is tunable
    std::optional<std::int64_t> constValue;  // the fixed length, when known
    std::string dynamicSource = "none";      // "none" or "dynamic_from_load"
    // The length the generator bounds this axis' block values with (its own rule: constValue,
    // else the launch value of lengthExpr, else lengthExpr as an integer literal); nullopt
    // when unresolved (the generator then uses 256).
    std::optional<std::int64_t> resolvedLength;
};

// One tl.dot / tl.conv site (upstream's CvDotSiteInfo), in the order the backend numbers them.
struct CubeDotSite {
    int siteId = 0;
    std::optional<std::string> lhs; // operand tensor names, as the caller names them
    std::optional<std::string> rhs;
    CubeAxis m;
    CubeAxis n;
    CubeAxis k;
    // Where the call is: its function (the kernel or a helper it calls) and position
    // (1-based line, 0-based column) of the `tl.dot(` call.
    std::string function;
    int line = 0;
    int col = 0;
};

struct CubeTunableParam {
    std::string name;
    std::string role;   // "M", "N", "K" or "OTHER"
    std::string source; // "signature" or "axis_length"
};

// Upstream's CvParseResult, plus the exception its caller raises.
struct CubeParse {
    std::string version = "cv-parse-v1";
    std::string mode = "mix";  // "cube" or "mix"
    std::string status = "ok"; // "ok", "partial" or "failed"
    std::vector<std::string> signatureParams;
    std::vector<CubeDotSite> dotSites;
    std::vector<CubeTunableParam> tunableParams;
    std::vector<std::string> missingTunableParams;
    std::vector<std::string> diagnostics;
    // The exception the backend raises: "cv parser status partial: ..." (RuntimeError) when
    // the status is not ok, or a ValueError of hints.tunable_parameter.
    std::optional<std::string> error;
    std::string errorType;
};

// The hint kernel_type as written in hints={...}: absent, a string, or another Python value
// (given by its str(), which upstream's message shows).
struct KernelTypeHint {
    bool present = false;
    bool isString = true;
    std::string text;
};

// The cube / mix inputs that ParseInput does not carry.
struct CubeParseOptions {
    // The module the kernel is defined in (helpers called by name are found there); null means
    // the kernel alone (upstream's fallback when it cannot read the source file).
    const py::Node* module = nullptr;
    KernelTypeHint kernelType;
    // hints={"tunable_parameter": [...]}: names added to the missing tunable parameters.
    std::vector<std::string> explicitTunableParams;
    std::string mode = "mix"; // the resolved kernel type: "cube" or "mix"
};

// "vector", "cube" or "mix" as upstream's _resolve_kernel_type decides; an invalid hint gives
// "" and upstream's ValueError text in `error` ("Unsupported kernel_type 'x', expected one of:
// ['auto', 'cube', 'mix', 'vector']"). With kernel_type auto (or absent), a kernel that calls
// tl.dot itself is "mix"; otherwise a tl.dot / tl.conv site found through its helpers makes it
// "mix" too.
std::string resolveKernelType(const ParseInput& input, std::string* error);
std::string resolveKernelType(const ParseInput& input, const CubeParseOptions& options, std::string* error);

// The cube / mix parse of one launch (input.function, input.argNames, input.args).
CubeParse parseCube(const ParseInput& input);
CubeParse parseCube(const ParseInput& input, const CubeParseOptions& options);

// The value the generator reads for `name` from the launch: an int, bool (0/1) or float
// (truncated) argument; nullopt for tensors, strings, None or an absent name.
std::optional<std::int64_t> launchNumber(const std::vector<LaunchArgument>& args, const std::string& name);

} // namespace ts::analysis
