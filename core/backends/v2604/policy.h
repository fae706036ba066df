#pragma once
// Triton-Ascend 2026-04 (triton-lang/triton-ascend a84b1eb, 5 runtime files): the legacy axis
// parser (autoparser.py) and tile generator; no kernel types, no config hints, no UB tuner; a
// tl.dot kernel gets no config (the fallback config cannot be built).

#include "core/backends/backend_policy.h"

#include <memory>

namespace ts::backends::v2604 {

std::unique_ptr<BackendPolicy> makePolicy();

// The list it benchmarks (backend_configs.cpp).
space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                      const space::GeneratorDevice& device, const space::BackendOptions& options);

// What it prints with TRITON_PRINT_AUTOTUNING=1 (autotuning_log.cpp).
std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       const tuning::TuningResult& result);
// Its closing line, which later releases print too: "Triton autotuning for function add_kernel
// finished after 1.23s; best config selected: XBLOCK: 1024, ...;".
std::string bestConfigLine(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                           std::size_t index, double seconds);

} // namespace ts::backends::v2604
