#pragma once
// Why a backend version generates no config for a launch, and a fix that is known to work.
//
// When the backend's parse raises ("Missing required arguments: [...]", a parser exception) or
// its generation comes out empty (at 2026-04 the launch then raises the fallback TypeError),
// each block parameter the parse could not tie to an axis gets one diagnostic at the code
// pattern that hid it: a program id read through a helper or another module name, a
// grid-stride task loop, a mask written inline, a tl.arange hoisted above its loop, an axis
// missing from `key`, tiling only through tl.make_block_ptr, no mask at all, or the
// expression the parser raises on.
//
// The fix is the `key=..., hints={...}` text to put in `@triton.autotune`, and it is offered
// only after the same backend version parsed and generated with it (parseAxes with those
// hints, then generateBackendConfigs with the same launch and device) and produced a
// non-empty list without error, every config of which the launch model finds correct
// (launch_model.h); the message says how many configs. When no hint does, the
// message says what to change in the kernel instead.
//
// Code: generation-fix (Severity::Note).

#include "core/analysis/axis_parse.h"
#include "core/space/backend_configs.h"
#include "core/util/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::py {
class Module;
}

namespace ts::analysis {

struct KernelAnalysis;
class LaunchModel;

struct GenerationFixInput {
    const ParseInput* input = nullptr;  // what parseAxes was given (its backend decides)
    const AxisParse* parse = nullptr;   // parseAxes(*input)
    space::LaunchSpec launch;           // the launch; its keyValues are rebuilt per hint tried
    space::GeneratorDevice device;
    const py::Module* module = nullptr; // to quote the code (optional)
    // The decorator's other hints (auto_gen_config, hint dimensions), name and Python text,
    // kept in the proposed hints={...}.
    std::vector<std::pair<std::string, std::string>> otherHints;
    std::string fileName;               // Diagnostic::file
    // The analysis' launch model: a hint is offered only when every config it makes the backend
    // generate is correct. Null: not checked.
    const LaunchModel* launchModel = nullptr;
};

// A hint that made the backend generate.
struct CheckedHint {
    AxisMap key;                // key={...}, axes named x, y, ...
    AxisHints hints;            // all four axis hints set (empty means "parse it")
    std::string text;           // "key={'x': 'numel'}, hints={'split_params': ...}"
    std::size_t configCount = 0; // what the backend then generates
};

// The literal decorator arguments for `key` and `hints`, the other hints last.
std::string hintText(const AxisMap& key, const AxisHints& hints,
                     const std::vector<std::pair<std::string, std::string>>& otherHints = {});

// Empty when the backend generates (or does not generate at all: handwritten configs).
Diagnostics explainGenerationFailure(const GenerationFixInput& in);

// The analysis hook: the launch of `analysis` on its workload's device (a bundled profile;
// nothing when the device is unknown, as no fix could be checked).
Diagnostics explainGenerationFailure(const KernelAnalysis& analysis, const ParseInput& input);

} // namespace ts::analysis
