#pragma once
// Renders a tuning session for people. (Programs get the tuning's record as a JSON document:
// exporter::tuningDocument, core/export/tuning_report.h.)

#include "core/tuning/tuning_session.h"

#include <string>

namespace ts::tuning {

std::string tuningToText(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                         const TuningResult& result, const TuningOptions& options, std::size_t top = 10);

} // namespace ts::tuning
