#pragma once
// Triton-Ascend 2026-08's v2 axis parser for vector kernels (Geofeng12138/triton-ascend 189dd87:
// dsl_analysis/vv_param_parser_v2.py with load_semantics.py, load_dependency_analyzer.py and
// axis_length_resolver.py), reproduced for the vector parse (vector_parse.cpp).
//
// Every tl.load / tl.store / tl.make_block_ptr is a "site"; a site names axes by the tensor
// dimension they index (x[:, None] is dimension 0) and collects, per dimension, candidates for
// the axis length (mask, inferred total, loop stop, block pointer shape, arange length), the
// split parameter (a tunable multiplied by a program id), the tiling parameter (a tunable
// arange length, or one multiplied by a loop variable) and a fixed tiling expression. The site
// with the best-resolved extents wins; its dimensions become axes x, y, z, ... in order.
// Upstream's quirks are kept (see `notes`).

#include "core/analysis/axis_parse.h"
#include "core/util/message_value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::analysis {

struct VvAxis2608 {
    std::string name;         // "x", "y", ...
    std::string lengthExpr;   // empty: none found
    std::string extentSource; // "mask_direct", "mask_indirect", "infer_total", "loop", "load", ...
    std::string state;        // axis_length_resolver's state of lengthExpr
    std::string splitParam;
    std::optional<int> splitPidDim;
    std::string tilingParam;
    std::string fixedTilingExpr;
    // The fixed tiling expression's value from the launch (vector_axes.py's static evaluation),
    // when it is a positive int.
    std::optional<std::int64_t> fixedTilingValue;
    std::string axisSymbol;   // the offset variable the site indexes the dimension with
    std::optional<int> pidDim;
    bool lowDim = false;
    bool reduction = false;
};

// Where the v2 result departs from what the kernel says, as upstream computes it anyway.
struct VvNote2608 {
    msg::Message message;
    int line = 0;   // 1-based, 0 when unknown
    int column = 0; // 1-based
};

struct VvResult2608 {
    std::string status = "failed"; // "ok", "partial" or "failed"
    std::vector<VvAxis2608> axes;   // in axis-name order
    AxisMap axisLengthExprs;
    AxisMap fixedTilingExprs;
    AxisMap splitParams;
    AxisMap tilingParams;
    std::vector<std::pair<std::string, int>> axisPidDims;
    std::vector<std::string> lowDimAxes;
    std::vector<std::string> reductionAxes;
    std::vector<std::string> diagnostics; // upstream's own diagnostics list
    std::vector<VvNote2608> notes;        // TileScope's remarks on upstream quirks

    // autotuner._vv_result_has_resolved_axes
    bool hasResolvedAxes() const;
};

struct VvInput2608 {
    const py::Node* function = nullptr;
    // The launch arguments upstream's all_args holds (defaulted constexprs left out).
    std::vector<LaunchArgument> provided;
    std::vector<std::string> constexprNames;
    std::vector<std::string> explicitTunable; // hints.tunable_parameter
};

// parse_vv_axis_info_v2 (adapted as vv_config_adapter does: its fields pass through).
VvResult2608 parseVv2608(const VvInput2608& input);

} // namespace ts::analysis
