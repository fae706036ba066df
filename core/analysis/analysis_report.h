#pragma once
// Renders an analysis for people (text) and for programs (JSON).

#include "core/analysis/kernel_analysis.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ts::analysis {

nlohmann::ordered_json diagnosticsToJson(const Diagnostics& diagnostics);
nlohmann::ordered_json analysisToJson(const KernelAnalysis& analysis);
std::string analysisToText(const KernelAnalysis& analysis);

} // namespace ts::analysis
