#pragma once
// Everything the candidate space stage needs for one launch, taken by value from an analysis so
// it can be built on a worker thread while the analysis lives on in the GUI.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/space/candidate_space.h"

#include <optional>
#include <string>

namespace ts::gui {

struct SpaceRequest {
    analysis::AxisParse parse;
    space::LaunchSpec launch;
    space::HintList hints;
    space::GeneratorDevice device;
    space::SpaceOptions options;
};

struct SpaceRequestResult {
    std::optional<SpaceRequest> request;
    std::string error;  // why there is no request (unknown device, no autotune decorator)
};

// The launch as the backend sees it: key values, tensor dtypes, handwritten configs, launch
// options and the hint dimensions, for `device`.
SpaceRequestResult spaceRequestFor(const analysis::KernelAnalysis& analysis,
                                   const npu::DeviceProfile* device, bool lattice);

} // namespace ts::gui
