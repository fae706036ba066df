// The lines Triton-Ascend 2026-04 (autotuner.py at a84b1eb) prints during a tuning with
// TRITON_PRINT_AUTOTUNING=1: the generator's warnings and count, one line per tuned config, then
// the best.
#include "core/backends/v2604/policy.h"

#include "core/tuning/tuning_session.h"
#include <cstdio>

namespace ts::backends::v2604 {

using tuning::CandidateOutcome;
using tuning::OutcomeStatus;
using tuning::configString;

namespace {

// The backend's own spelling of a time in its log (milliseconds, four decimals), which the
// measurement importer reads back; TileScope's reports write kernel times in µs instead.
std::string logMs(double ms)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.4f", ms);
    return buffer;
}

} // namespace

std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       const tuning::TuningResult& result)
{
    std::vector<std::string> lines;
    for (const std::string& w : space.backend().warnings)
        lines.push_back(w);
    lines.push_back("Generated configs number: " + std::to_string(space.backend().generatedCount()));
    for (std::size_t index : result.tuned) {
        const CandidateOutcome& o = result.outcomes[index];
        const std::string config = configString(space, index);
        switch (o.status) {
        case OutcomeStatus::NotTuned:
        case OutcomeStatus::TimeBudgetCut:
            break;
        case OutcomeStatus::CompileFailed:
            lines.push_back("Triton autotuning: config " + config + ": compile_failed; reason=" +
                            std::string(npu::compileFailureName(o.failure)) + ": " + o.failureMessage.english());
            break;
        case OutcomeStatus::Benchmarked:
        case OutcomeStatus::Best:
            lines.push_back("Triton autotuning: config " + config + ": p50 " + logMs(o.bench.p50Ms) +
                            " ms, p20 " + logMs(o.bench.p20Ms) + " ms, p80 " + logMs(o.bench.p80Ms) + " ms" +
                            (result.backendBest == index ? " [selected]" : ""));
            break;
        }
    }
    // The backend's own pick, even one TileScope finds incorrect.
    if (result.backendBest)
        lines.push_back(bestConfigLine(analysis, space, *result.backendBest, result.modelled.benchSeconds));
    return lines;
}

std::string bestConfigLine(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                           std::size_t index, double seconds)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", seconds);
    return "Triton autotuning for function " + analysis.kernel->name + " finished after " + text +
           "s; best config selected: " + configString(space, index) + ";";
}

} // namespace ts::backends::v2604
