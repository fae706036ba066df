#pragma once
// The tuning's progress as a run reports it, for the workflows that tune (workflow.cpp,
// measure_workflow.cpp).

#include "core/tuning/tuning_session.h"

#include <functional>

namespace ts::pipeline {

struct RunControl; // workflow.h

// A tuning's progress reported as the run's (RunProgress with its fraction); empty when the run
// takes no progress.
std::function<void(const tuning::Progress&)> tuningProgress(const RunControl& control);

} // namespace ts::pipeline
