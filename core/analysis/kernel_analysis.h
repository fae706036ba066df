#pragma once
// The analysis stage: a workload (kernel file + launch) in, what Triton-Ascend's autotune
// concludes about it out — tunable parameters, axes, the backend's own error — together with
// the user's guide rules that the kernel breaks and what our own analysis sees beyond the
// backend.

#include "core/analysis/axis_parse.h"
#include "core/kernel/kernel_model.h"
#include "core/kernel/workload.h"
#include "core/util/diagnostic.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ts::analysis {

class LaunchModel;

enum class ParamRole {
    Tunable,  // a constexpr the backend generates values for (split or tiling parameter)
    Fixed,    // a constexpr with a value: passed at launch, a default, or a hint dimension
    Runtime,  // an ordinary argument (pointer, size, scalar)
    Missing,  // a constexpr with no value that the backend cannot tune
    Swept,    // a hint dimension: the backend crosses its values with the generated tiling
};

std::string_view paramRoleName(ParamRole role);

struct ParamInfo {
    std::string name;
    bool isConstexpr = false;
    std::string defaultText;        // empty when none
    ParamRole role = ParamRole::Runtime;
    bool passed = false;            // given at launch
    std::string value;              // the launch value, described ("98432", "float16[98432]")
    std::string splitAxis;          // the axis it splits, if a split parameter
    std::string tilingAxis;         // the axis it tiles, if a tiling parameter
    std::string keyAxis;            // the axis it names, if a key argument
    std::string cubeAxis;           // 2026-08 cube/mix: "M", "N" or "K" of a tl.dot it tiles
    kernel::SourceLocation location;
};

// Launch options that are not kernel parameters (Triton-Ascend reads them from the launch).
struct LaunchOptions {
    std::optional<bool> multibuffer;
    std::optional<std::int64_t> numWarps;
    bool forceSimtOnly = false;
};

struct KernelAnalysis {
    std::shared_ptr<const kernel::KernelFile> file;
    const kernel::KernelDef* kernel = nullptr;
    kernel::Workload workload;
    AxisParse parse;
    std::vector<ParamInfo> params;
    LaunchOptions options;
    std::vector<LaunchArgument> launchArgs;  // what the backend sees at launch
    // Extra search dimensions from hints (name -> values), in hint order.
    std::vector<std::pair<std::string, std::vector<py::Value>>> hintDimensions;
    int dtypeBytes = 0;                      // widest tensor argument, 0 when no tensor
    std::string widestDtype;
    Diagnostics diagnostics;                 // file problems, guide rules, our own notes
    // "vector", "cube" or "mix" as upstream's classifier resolves it, and the tl.dot sites as its
    // cube / mix parse reads them: the version's own parse.cube when it has one, otherwise the
    // same rules run by TileScope (cube_summary.h), so every version shows them.
    std::string kernelKind;
    std::shared_ptr<const CubeParse> cube;
    // What the launch does with each candidate: its programs and coverage (launch_model.h).
    std::shared_ptr<const LaunchModel> launch;

    // The kernel is in error: the backend would raise, or a diagnostic is an error.
    bool inError() const;
};

struct AnalysisResult {
    std::optional<KernelAnalysis> analysis;  // absent when the input could not be read at all
    Diagnostics diagnostics;                 // why, when absent
};

AnalysisResult analyzeWorkload(const kernel::Workload& workload);

} // namespace ts::analysis
