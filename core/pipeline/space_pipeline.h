#pragma once
// From an analysed launch to its candidate space: the glue the CLI and the GUI share.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/space/candidate_space.h"

#include <optional>
#include <string>

namespace ts::pipeline {

// What the backend's generator reads from the launch: key values, tensor dtypes, handwritten
// configs, launch-fixed multibuffer / num_warps / SIMT mode.
space::LaunchSpec launchSpecFor(const analysis::KernelAnalysis& analysis, Diagnostics* notes = nullptr);

// The guide's hint dimensions, as ints and bools.
space::HintList hintListFor(const analysis::KernelAnalysis& analysis, Diagnostics* notes = nullptr);

space::CandidateSpace buildSpace(const analysis::KernelAnalysis& analysis, const npu::DeviceProfile& device,
                                 const space::SpaceOptions& options = {});

} // namespace ts::pipeline
