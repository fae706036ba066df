#pragma once
// The checks Triton-Ascend 2026-08 makes when @triton.autotune builds its tuner (189dd87
// autotuner.py: _validate_user_hints, _normalize_config_hints, _parse_explicit_tunable_params,
// _init_axis_params, _parse_hints_axes) and the hint values the first launch reads. Messages
// are upstream's, verbatim.

#include "core/analysis/axis_parse.h"
#include "core/backends/v2608/vector_parse.h"

#include <array>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

namespace ts::analysis {

// The hints keys the tuner keeps for itself; every other key expands configs.
inline constexpr std::array<std::string_view, 9> kReservedHintKeys2608 = {
    "split_params", "tiling_params", "low_dim_axes", "reduction_axes", "axes",
    "auto_gen_config", "kernel_type", "tunable_parameter", "vv_parser_v2_mode"};

// Compile options a hint (or max_autotune) may expand (upstream's _ALL_PARAMS).
inline constexpr std::array<std::string_view, 10> kCompileOptionHints2608 = {
    "num_stages", "unit_flag", "multibuffer", "limit_auto_multi_buffer_only_for_local_buffer",
    "limit_auto_multi_buffer_of_local_buffer", "set_workspace_multibuffer", "enable_hivm_auto_cv_balance",
    "tile_mix_vector_loop", "tile_mix_cube_loop", "enable_ubuf_saving"};

struct InitChecks2608 {
    std::optional<std::string> error;           // ValueError raised while the decorator is built
    std::vector<std::string> constexprNames;    // tl.constexpr parameters, in order
    std::vector<std::string> defaultedParams;   // parameters with a default value
    std::vector<std::string> explicitTunable;   // hints.tunable_parameter, deduplicated
    AxisMap hintsAxes;                          // hints.axes, or the key-inferred axes
    bool metadataGiven = false;                 // split/tiling/low-dim/reduction hints given
    std::string kernelTypeHint = "auto";        // kernel_type as resolved at the first launch
    std::optional<std::string> kernelTypeError; // its ValueError, raised at the first launch
};

// The whole parse of 2026-08 (axis_parse.cpp): the decorator's checks, the kernel type, then
// the cube / mix parse or the vector parse.
AxisParse parseAxes2608(const ParseInput& input);

// Runs the decorator-time checks; fills `vp`'s parser mode, config hints and launch options.
InitChecks2608 runInitChecks2608(const ParseInput& input, VectorParse2608& vp);

// Python's str.isidentifier() for ASCII names.
bool isPythonIdentifier(const std::string& text);

// Sizes every axis of the table from the launch (vector_axes.py's materialize_axis_sizes).
void resolveAxisSizes(const ParseInput& input, VectorParse2608& vp);

// The vector path of _autoparse_axis_params_vector: the v2 axis parser, then the legacy gap
// fill (vector_parse.cpp). Fills `out` and `vp`.
void runVectorParse2608(const ParseInput& input, const InitChecks2608& init, AxisParse& out, VectorParse2608& vp);

// "<class 'dict'>": how str(type(value)) prints.
std::string pyClassRepr(std::string_view typeName);

} // namespace ts::analysis
