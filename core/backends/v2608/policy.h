#pragma once
// Triton-Ascend 2026-08 (Geofeng12138/triton-ascend 189dd87, 37 runtime files): the v2 axis
// parser (dsl_analysis/, vector_axes.py) with the legacy parsers filling its gaps, kernel type
// resolution, the cube / mix generator (cv_autotune/), config hints, max_autotune, the UB tuner,
// the disk cache and the time-limit prune of cube / mix tunings.

#include "core/backends/backend_policy.h"

#include <memory>

namespace ts::backends::v2608 {

std::unique_ptr<BackendPolicy> makePolicy();

// The list it benchmarks (backend_configs.cpp).
space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                      const space::GeneratorDevice& device, const space::BackendOptions& options);

// What it prints with TRITON_PRINT_AUTOTUNING=1 (autotuning_log.cpp).
std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       const tuning::TuningResult& result, const tuning::TuningOptions& options);

// Its warning when cache_results meets the UB tuner (warnings.warn, RuntimeWarning).
extern const char* const kUbTunerDiskCacheWarning;

} // namespace ts::backends::v2608
