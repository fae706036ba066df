#pragma once
// Internal to generation_fix*.cpp: the code patterns that keep the backend's parse from tying a
// block parameter to an axis, found in the kernel's source.

#include "core/analysis/axis_parse.h"
#include "core/analysis/beyond_backend.h"
#include "core/util/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ts::py {
class Module;
}

namespace ts::analysis::fix {

enum class Role { Split, Tiling };

// Why one parameter stayed untied, where, and what the backend would need.
struct Finding {
    std::string param;
    msg::Message pattern;     // "program id through a helper", "grid-stride task loop", ...
    const py::Node* at = nullptr;
    int line = 0;             // when `at` is absent (blind spots carry positions only)
    int column = 0;
    msg::Arg why;             // what the code does and why the backend misses it
    msg::Arg kernelChange;    // what to change in the kernel when no hint helps
    std::vector<Role> roles;  // roles to try, likeliest first (both when unknown)
    std::string axis;         // the key axis its mask or shape names, when known
    std::string unkeyedArg;   // a runtime argument its mask compares with that is not in key
    // A split the grid fixes: tuning it would break the kernel, so the fix is this value passed
    // at launch (what the grid gives each program), never a hint.
    std::optional<std::int64_t> launchValue;
    bool fixedByGrid = false;
    // Not a block size at all (never a tl.arange size, loop step, block shape or program-id
    // factor): an axis hint would feed it tile sizes, so none is tried.
    bool notBlockSize = false;
    // No mask or shape names the axis: every key axis is tried, and the message says so.
    bool axisGuessed = false;
};

struct PatternContext {
    const ParseInput& input;
    const AxisParse& parse;
    const py::Module* module = nullptr;
    std::vector<BlindSpot> blindSpots;
};

// One finding per parameter in `params`, the most specific pattern first; a parameter no
// pattern explains gets a plain finding.
std::vector<Finding> findPatterns(const PatternContext& context, const std::vector<std::string>& params);

// A short quote of `node`'s source (`...` past 60 characters); "this expression" without a module.
std::string quote(const py::Module* module, const py::Node* node);

} // namespace ts::analysis::fix
