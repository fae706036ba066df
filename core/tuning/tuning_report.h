#pragma once
// Renders a tuning session for programs (JSON) and people (text).

#include "core/tuning/tuning_session.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ts::tuning {

nlohmann::ordered_json outcomeToJson(const space::CandidateSpace& space, const TuningResult& result, std::size_t index);
nlohmann::ordered_json tuningToJson(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                    const TuningResult& result, const TuningOptions& options);
std::string tuningToText(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                         const TuningResult& result, const TuningOptions& options, std::size_t top = 10);

} // namespace ts::tuning
