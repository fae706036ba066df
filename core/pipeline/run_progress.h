#pragma once
// A stage's progress as a run reports it, for the workflows that build, tune or fit
// (workflow.cpp, measure_workflow.cpp, calibrate_workflow.cpp, device_compare_workflow.cpp).

#include "core/tuning/tuning_session.h"

#include <functional>

namespace ts::pipeline {

struct RunControl; // workflow.h

// A tuning's progress reported as the run's (RunProgress with its fraction); empty when the run
// takes no progress.
std::function<void(const tuning::Progress&)> tuningProgress(const RunControl& control);
// A stage that reports a bare fraction (a space build, a calibration fit) reported as the run's;
// empty when the run takes no progress.
std::function<void(double)> fractionProgress(const RunControl& control);

} // namespace ts::pipeline
