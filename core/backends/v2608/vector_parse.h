#pragma once
// What the 2026-08 vector parse hands to the generator (Geofeng12138/triton-ascend 189dd87:
// vector_axes.py's VectorAxes and the tuner's config hints). At 2026-08 axes keep their base
// names ("y", never "ry"); reductions are a list of base names; each axis knows the expression
// that gives its length, and an axis with neither a split nor a tiling parameter may be sized by
// a fixed tiling expression (a constexpr the launch passes, such as BLOCK_N).

#include "core/analysis/axis_parse.h"
#include "core/python/value.h"
#include "core/util/message_value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::analysis {

// The fallbacks of vector_axes.py when nothing sizes an axis.
inline constexpr std::int64_t kSplitAxisFallbackSize = 4096;
inline constexpr std::int64_t kDefaultAxisFallbackSize = 512;

// How an axis length was found, in vector_axes.py's order of preference.
enum class AxisSizeSource : std::uint8_t {
    FixedTiling,  // a fixed tiling expression (only for axes without split / tiling parameter)
    AxisArg,      // the key value of the axis
    LengthArg,    // the launch argument named by the length expression
    Literal,      // the length expression is a positive integer literal
    DefaultSplit, // 4096
    DefaultTiling // 512
};

struct VectorAxis2608 {
    std::string name; // "x", "y", ...
    std::string lengthExpr;
    std::string fixedTilingExpr;
    std::optional<std::int64_t> fixedTilingValue; // its static value from the launch, when positive
    std::string splitParam;
    std::string tilingParam;
    bool lowDim = false;
    bool reduction = false;
    std::optional<int> pidDim;
    // Filled by the parse from the launch; the generator prefers the launch's key value when
    // the source is not FixedTiling (the same order as vector_axes.py).
    bool materialized = false; // has a split, tiling, length or fixed tiling expression
    std::int64_t size = 0;
    AxisSizeSource source = AxisSizeSource::DefaultTiling;
};

struct VectorParse2608 : ParseDetail {
    std::vector<VectorAxis2608> axes; // the table's order: what the tile inputs list
    std::vector<std::string> lowDimAxes;
    std::vector<std::string> reductionAxes;
    std::string parserMode = "assist"; // vv_parser_v2_mode as resolved ("off" when invalid)

    // hints keys that expand configs (constexpr parameters, compile options), normalised:
    // multibuffer became num_stages. The default num_stages [1, 2] is added by the generator
    // when handwritten configs exist.
    std::vector<std::pair<std::string, std::vector<py::Value>>> configHints;
    // The exception _expand_configs_with_hints raises at the first launch, if any.
    std::optional<std::string> configHintError;

    std::optional<std::int64_t> launchNumStages; // num_stages passed at launch
    std::optional<bool> launchMultibuffer;       // multibuffer passed at launch

    // Where TileScope's model of this parse is known to depart from the backend.
    std::vector<std::string> modelNotes;

    // Where the backend's v2 axis parser reaches a conclusion that looks like an upstream bug
    // (TileScope reproduces it), with the kernel source position it concerns.
    struct SourceNote {
        msg::Message message;
        int line = 0;   // 1-based; 0 when unknown
        int column = 0; // 1-based
    };
    std::vector<SourceNote> v2Notes;
};

// The vector parse a 2026-08 parse keeps (AxisParse::detail), or null.
const VectorParse2608* vectorParse2608(const AxisParse& parse);

// Axis sizes for the tile generator, in table order: `keyValues` (axis -> key value) win over
// the parse's own resolution, except for fixed tiling sizes.
std::vector<std::pair<std::string, std::int64_t>>
materializeAxisSizes2608(const VectorParse2608& parse,
                         const std::vector<std::pair<std::string, std::int64_t>>& keyValues);

} // namespace ts::analysis
