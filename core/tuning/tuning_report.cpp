#include "core/tuning/tuning_report.h"

#include "core/space/space_report.h"
#include "core/util/format.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace ts::tuning {
namespace {

std::string fixed(double v, int digits)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

// Where the device time goes: its attribution along the critical path (what makes the time), how
// long each pipe works, and the roofline no schedule beats.
std::string pipeLines(const npu::SimResult& sim, const std::string& indent)
{
    auto pipes = [](const npu::PipeTimes& p, bool launch) {
        std::string text = "MTE2 " + formatUs(p.mte2) + ", Vector " + formatUs(p.vector) + ", Cube " + formatUs(p.cube) +
                           ", MTE3 " + formatUs(p.mte3) + ", Scalar " + formatUs(p.scalar);
        return text + (launch ? ", launch " + formatUs(p.launch) : std::string()) + " us";
    };
    std::string out = indent + "critical path (device time " + formatUsUnit(sim.deviceUs) + " attributed to the pipes): " +
                      pipes(sim.breakdown, true) + "\n";
    if (sim.busy.pipes() > 0) {
        out += indent + "busy (how long each pipe of the slowest core works): " + pipes(sim.busy, false);
        if (const double overlap = npu::overlappedUs(sim.busy, sim.breakdown); overlap > 0)
            out += ", at least " + formatUsUnit(overlap) + " of it overlapped";
        out += "\n";
    }
    out += indent + "roofline " + formatUsUnit(sim.roofline.boundUs) + " (" + sim.roofline.limiter +
           "): no schedule of this work runs faster\n";
    return out;
}

} // namespace

std::string tuningToText(const analysis::KernelAnalysis& a, const space::CandidateSpace& space,
                         const TuningResult& result, const TuningOptions& options, std::size_t top)
{
    std::ostringstream out;
    out << a.kernel->name << " on " << space.device().soc << ", bench method " << npu::benchMethodName(options.method)
        << ", seed " << options.seed << ", backend " << kernel::backendLabel(a.workload.backend) << "\n";
    std::size_t benchmarked = 0, failed = 0, cut = 0;
    std::vector<std::size_t> ranked;
    for (std::size_t index : result.tuned) {
        const CandidateOutcome& o = result.outcomes[index];
        if (o.status == OutcomeStatus::Benchmarked || o.status == OutcomeStatus::Best) {
            ++benchmarked;
            ranked.push_back(index);
        } else if (o.status == OutcomeStatus::CompileFailed) {
            ++failed;
        } else if (o.status == OutcomeStatus::TimeBudgetCut) {
            ++cut;
        }
    }
    std::sort(ranked.begin(), ranked.end(), [&](std::size_t x, std::size_t y) {
        return result.outcomes[x].bench.rankMs < result.outcomes[y].bench.rankMs;
    });
    std::size_t incorrect = 0;
    for (std::size_t index : result.tuned)
        incorrect += space.status(index) == space::CandidateStatus::Incorrect ? 1 : 0;
    out << "  tuned " << formatCount(std::int64_t(result.tuned.size()), "candidate") << ": "
        << formatInteger(std::int64_t(benchmarked)) << " benchmarked, " << formatInteger(std::int64_t(failed))
        << " failed to compile"
        << (cut > 0 ? ", " + formatInteger(std::int64_t(cut)) + " cut by the time budget" : std::string())
        << (result.stopped ? " (stopped)" : "");
    if (incorrect > 0)
        out << "; " << formatInteger(std::int64_t(incorrect)) << " of them incorrect (never the best)";
    out << "\n";
    if (options.lattice)
        out << "  lattice: " << formatInteger(std::int64_t(result.tuned.size())) << " of "
            << formatCount(std::int64_t(result.latticeValid), "valid point")
            << (options.subset.filter.empty() ? "" : ", filter '" + options.subset.filter + "'")
            << (options.subset.selection.empty()
                    ? ""
                    : ", " + formatInteger(std::int64_t(options.subset.selection.size())) + " selected")
            << (options.subset.limit
                    ? ", at most " + formatInteger(std::int64_t(options.subset.limit)) + " spread evenly"
                    : "")
            << "\n";
    if (result.backendError)
        out << "  note: " << latticeBackendNote(*result.backendError) << "\n";
    for (const Diagnostic& d : result.diagnostics)
        if (d.severity == Severity::Note)
            out << "  note: " << d.message << "\n";
    if (!result.tuned.empty()) {
        out << "  modelled tuning time on the real toolchain: " << formatSeconds(result.modelled.totalSeconds) << " ("
            << formatSeconds(result.modelled.compileSeconds) << " compile on "
            << formatCount(result.modelled.compileWorkers, "worker") << " of a " << result.modelled.hostCores
            << "-core host + " << formatSeconds(result.modelled.benchSeconds) << " benchmark";
        if (result.modelled.ubTunerSeconds > 0)
            out << " + " << formatSeconds(result.modelled.ubTunerSeconds) << " UB tuner";
        out << ")\n";
    }
    if (result.ubTuner != UbTunerMode::Off) {
        std::size_t searched = 0, fixes = 0;
        for (std::size_t index : result.tuned)
            if (const auto& u = result.outcomes[index].ubTune) {
                ++searched;
                fixes += u->attached() ? 1 : 0;
            }
        out << "  UB tuner (" << ubTunerModeName(result.ubTuner)
            << "): " << formatInteger(std::int64_t(fixes)) << " of "
            << formatCount(std::int64_t(searched), "UB overflow") << " fixed by a ubtune_cfg\n";
    }
    // A duration as every report writes one, in seconds; a run of a few milliseconds would read
    // "0.00 s".
    out << "  simulated here in "
        << (result.hostSeconds < 0.005 ? std::string("under 0.01 s") : formatSeconds(result.hostSeconds))
        << " on " << formatCount(result.threads, "thread") << "\n\n";
    if (result.best) {
        const CandidateOutcome& best = result.outcomes[*result.best];
        out << "  best: " << configString(space, *result.best) << "\n";
        out << "        p50 " << formatUs(best.bench.p50Ms * 1000) << " us  (p20 " << formatUs(best.bench.p20Ms * 1000)
            << ", p80 " << formatUs(best.bench.p80Ms * 1000) << "), device " << formatUs(best.bench.sim.deviceUs)
            << " us, " << fixed(best.bench.sim.achievedGBps, 0) << " GB/s, roofline "
            << formatPercent(best.bench.sim.roofline.efficiency) << " (" << best.bench.sim.roofline.limiter
            << "-bound)\n";
        out << pipeLines(best.bench.sim, "        ");
        if (result.confidence) {
            out << "        confidence " << confidenceLevelName(result.confidence->level);
            const std::vector<std::string> reasons = describeConfidence(*result.confidence);
            out << (reasons.empty() ? ": nothing known weakens the ranking" : ":") << "\n";
            for (const std::string& reason : reasons)
                out << "          - " << reason << "\n";
        }
        if (result.backendBest && result.backendBest != result.best)
            out << "  note: Triton-Ascend itself selects " << configString(space, *result.backendBest) << ", which "
                << space.coverageNote(*result.backendBest) << "\n";
        out << "\n";
        out << "  " << describeRankBasis(rankBasis(options.method, space.device().soc)) << "\n";
        out << "  rank  p50 us     p20 us     p80 us     vs best  config\n";
        const double bestMs = best.bench.p50Ms;
        for (std::size_t r = 0; r < ranked.size() && r < top; ++r) {
            const CandidateOutcome& o = result.outcomes[ranked[r]];
            out << "  " << r + 1 << std::string(r + 1 < 10 ? 5 : 4, ' ') << formatUs(o.bench.p50Ms * 1000)
                << std::string(11 - std::min<std::size_t>(10, formatUs(o.bench.p50Ms * 1000).size()), ' ')
                << formatUs(o.bench.p20Ms * 1000)
                << std::string(11 - std::min<std::size_t>(10, formatUs(o.bench.p20Ms * 1000).size()), ' ')
                << formatUs(o.bench.p80Ms * 1000)
                << std::string(11 - std::min<std::size_t>(10, formatUs(o.bench.p80Ms * 1000).size()), ' ')
                << formatRatio(o.bench.p50Ms / bestMs) << "   ";
            std::string params = paramsString(space, ranked[r]);
            if (o.ubTune && o.ubTune->attached())
                for (const auto& [name, value] : o.ubTune->ubtuneCfg())
                    params += ", ubtune_cfg." + name + "=" + value;
            if (space.status(ranked[r]) == space::CandidateStatus::Incorrect)
                params += "  (incorrect: " + space.coverageNote(ranked[r]) + ")";
            out << params << "\n";
        }
        if (ranked.size() > top)
            out << "  ... " << formatInteger(std::int64_t(ranked.size() - top)) << " more (see --json)\n";
    }
    if (result.error)
        out << "\n  error: " << *result.error << "\n";
    return out.str();
}

} // namespace ts::tuning
