#pragma once
// Triton-Ascend's own axis parse, reproduced: what `AutoTilingTuner._autoparse_axis_params`
// (third_party/ascend/backend/runtime/autotuner.py + autoparser.py, commit a84b1eb) concludes
// about a kernel for one launch — blind spots included, because users need to know what their
// installed backend will do.
//
// Modelled: the hint/key checks done when the decorator is built, then the parse of the first
// launch (the backend keeps its conclusions for later launches). Python's traversal orders,
// the parsers' stateful memo lists, dict insertion order and the exceptions the backend raises
// are all kept; an exception becomes `error` (with `errorType`) instead of a crash. The fields
// hold the tuner's state where it stopped: filled up to the stage that raised.
//
// At a84b1eb the pointer count is the number of tensors passed (`_autoparse_ptr_nums`);
// PtrNumsParser, which printed "[WARNING] The parameter 'X' needs to be declared as
// tl.constexpr!", is no longer called, so those lines are not printed (see beyond_backend.h's
// "tunable-not-constexpr" for the same advice). With TRITON_PRINT_AUTOTUNING=1
// (`printAutotuning`) the backend prints its conclusions; `backendLog` has those lines.
//
// A tl.constexpr parameter with a default value that the launch does not pass is, per the
// user's guide, not tuned: callers add such parameters to `args` (with their default value), so
// this parse treats them as passed.

#include "core/kernel/backend_version.h"
#include "core/python/ast.h"
#include "core/python/value.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::analysis {

// An ordered dict axis -> parameter name ("x" -> "n_elements"), insertion order kept as Python.
using AxisMap = std::vector<std::pair<std::string, std::string>>;

// Pointers into `map`, which must outlive them: a temporary map is refused.
const std::string* findAxis(const AxisMap& map, const std::string& axis);
const std::string* findAxisOfParam(const AxisMap& map, const std::string& param);
const std::string* findAxis(AxisMap&& map, const std::string& axis) = delete;
const std::string* findAxisOfParam(AxisMap&& map, const std::string& param) = delete;

// The axis hints of `@triton.autotune(hints={...})`. Absent means "parse it".
struct AxisHints {
    std::optional<AxisMap> splitParams;
    std::optional<AxisMap> tilingParams;
    std::optional<std::vector<std::string>> lowDimAxes;
    std::optional<std::vector<std::string>> reductionAxes;

    // A hint given with a type the backend rejects (split_params=[...], low_dim_axes="x"):
    // keyed by hint name ("split_params"), with the Python type name and truthiness, so the
    // backend's checks (and their messages) can be reproduced.
    struct Invalid {
        std::string typeName;  // "list", "tuple", "str", "int", ...
        bool truthy = true;
    };
    std::map<std::string, Invalid> invalid;
};

// One argument passed at launch (positional or keyword), as the backend sees it.
struct LaunchArgument {
    enum class Kind { Int, Float, Bool, Str, None, Tensor, Other };
    std::string name;
    Kind kind = Kind::Int;
    std::int64_t intValue = 0;       // Int (and Bool as 0/1)
    double floatValue = 0.0;         // Float
    std::string text;                // Str; Other: the Python type name when known
    std::string dtype;               // Tensor: "float16", "bfloat16", "float32", "int8", ...
    std::vector<std::int64_t> shape; // Tensor
    // A constexpr's default, which the analysis passes as if the launch did: the autotuner's
    // own arguments (all_args) do not hold it.
    bool fromDefault = false;
};

// The outcome of calling the grid: a tuple/list/int normalised to dims. A dim that is not a
// Python int is nullopt. `valid` is false when the result was neither int, tuple nor list.
struct GridValue {
    bool valid = false;
    std::vector<std::optional<std::int64_t>> dims;
};

// Calls the grid lambda with `meta` = all launch arguments, overridden/extended by `overrides`
// (constexpr name -> value). nullopt when the call raised.
using GridFunction =
    std::function<std::optional<GridValue>(const std::map<std::string, std::int64_t>& overrides)>;

struct GridSpec {
    enum class Kind { None, Static, Callable };
    Kind kind = Kind::None;
    GridValue staticGrid;   // Kind::Static
    GridFunction function;  // Kind::Callable
};

struct ParseInput {
    // The @triton.jit FunctionDef. Its decorator_list is ignored, as upstream parses the
    // function source from `def` on.
    const py::Node* function = nullptr;
    // The module the kernel is defined in (2026-08's cube/mix parse follows helper calls there);
    // null: the function alone.
    const py::Node* module = nullptr;
    std::vector<std::string> argNames;       // kernel parameters, in order
    std::vector<std::string> keyList;        // key=[...] (used when keyDict is absent)
    std::optional<AxisMap> keyDict;          // key={"x": "n", ...}
    AxisHints hints;
    std::vector<LaunchArgument> args;        // passed at launch, in order
    GridSpec grid;
    bool printAutotuning = false;            // TRITON_PRINT_AUTOTUNING=1: fill `backendLog`
    // Which backend's parse to reproduce (parseAxes asks its policy).
    kernel::BackendVersion backend;
    // The hints dict as written (hints.axes, kernel_type, config-expansion keys, ...), for the
    // versions that read more of it than the axis hints.
    std::optional<py::Value> rawHints;
    // key= given as something other than a list/tuple or dict ("str", "int", ...).
    std::string keyTypeName;
    // The exception the decorator itself raises before any check (max_autotune's).
    std::optional<std::string> decoratorError;
};

// The cube/mix parse (cv_autotune/, dsl_analysis/cv_param_parser.py): M/N/K from the kernel's
// tl.dot sites. Defined in cube_parse.h.
struct CubeParse;

// What a version's parse keeps for its own generator beyond the fields every version fills
// (core/backends/v*/): the version's folder defines the type and reads it back.
struct ParseDetail {
    virtual ~ParseDetail() = default;
};

struct AxisParse {
    AxisMap keys;  // axis -> key argument, after reduction axes were renamed r<axis> and moved last
    AxisMap splitParams;
    AxisMap allSplitParams;
    AxisMap tilingParams;
    std::vector<std::pair<std::string, std::int64_t>> fixedSplitParams;  // axis -> fixed split
    std::vector<std::string> lowDimAxes;
    std::vector<std::string> reductionAxes;
    bool persistentReduction = false;
    bool dualReduction = false;
    int numBuffers = 0;  // tensors passed at launch (upstream's pointer count)
    std::vector<std::pair<std::string, int>> axisPidDims;
    std::vector<std::pair<std::string, int>> splitAxisPidDims;
    std::map<int, std::int64_t> fixedGridDims;
    std::vector<std::string> missingParams;   // parameters not passed at launch, in order
    std::vector<std::string> backendWarnings; // the "[WARNING] ..." lines upstream prints ("Failed
                                              // to parse low-dimensional axes"; the analysis puts
                                              // what importing the file prints first)
    std::vector<std::string> backendLog;      // every line upstream prints (printAutotuning)
    std::vector<std::string> constexprParams; // tl.constexpr parameters, as the backend sees them
    std::optional<std::string> error;         // upstream's exception message when it raises
    std::string errorType;                    // "ValueError", "AttributeError", ... when error
    // Where it raised: "init", "reduction", "low-dim", "persistent", "split", "axis-pid",
    // "tiling", "missing-args" (empty without error).
    std::string errorStage;
    // True when the parse ran to the end (error may still be set by the final
    // "Missing required arguments" check).
    bool completed = false;

    kernel::BackendVersion backend;
    // "vector", "cube" or "mix" as resolved; "" for a version that does not resolve kernel types.
    std::string kernelType;
    std::shared_ptr<const CubeParse> cube;  // cube / mix kernels
    std::shared_ptr<const ParseDetail> detail; // the version's own conclusions, if it keeps any
};

// The parse of `input.backend` (its policy's parseAxes).
AxisParse parseAxes(const ParseInput& input);
// Upstream's autoparser.py and _autoparse_axis_params as the first modelled release runs them
// (the legacy parsers later releases still call to fill gaps).
AxisParse autoparseAxes(const ParseInput& input);

// _get_fixed_grid_dim_values: grid dimensions that stay the same whatever the tunable
// constexprs (every dimension of a static grid; a callable grid probed at 1..512). With
// `probeDefaults`, a constexpr left at its default is probed like one the launch leaves out: the
// autotuner's own arguments do not hold defaults.
std::map<int, std::int64_t> fixedGridDimValues(const ParseInput& input, const std::vector<std::string>& constexprs,
                                               bool probeDefaults = false);

// The axis the backend's mask search (`AxesKeyParser.get_axis`) ties variable `var` to, run
// fresh on `function` with `keys`; empty when none, or when the search itself would raise.
std::string maskAxisOf(const py::Node* function, const AxisMap& keys, const std::string& var);

} // namespace ts::analysis
