#include "core/tuning/tuning_report.h"

#include "core/space/space_report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace ts::tuning {
namespace {

using Json = nlohmann::ordered_json;

Json pipesToJson(const npu::PipeTimes& p)
{
    return Json{{"mte2_us", p.mte2}, {"vector_us", p.vector}, {"cube_us", p.cube},
                {"mte3_us", p.mte3}, {"scalar_us", p.scalar}, {"launch_us", p.launch}};
}

std::string fixed(double v, int digits)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
    return buffer;
}

} // namespace

Json outcomeToJson(const space::CandidateSpace& space, const TuningResult& result, std::size_t index)
{
    Json j;
    Json params = Json::object();
    for (const auto& [name, value] : space.params(index)) {
        if (value.isBool)
            params[name] = value.value != 0;
        else
            params[name] = value.value;
    }
    j["params"] = std::move(params);
    j["num_warps"] = space.numWarps(index);
    const CandidateOutcome& o = result.outcomes[index];
    const std::string spaceStatus(space::statusName(space.status(index)));
    j["space_status"] = spaceStatus;
    j["status"] = o.status == OutcomeStatus::NotTuned ? spaceStatus : std::string(outcomeStatusName(o.status));
    Json reason = Json::object();
    if (o.status == OutcomeStatus::CompileFailed) {
        reason["code"] = std::string(npu::compileFailureName(o.failure));
        reason["message"] = o.failureMessage;
    } else if (space.reason(index) != space::ReasonCode::None) {
        reason["code"] = std::string(space::reasonCodeName(space.reason(index)));
        reason["message"] = space.describe(index);
    }
    j["reason"] = reason.empty() ? Json() : reason;
    if (o.status == OutcomeStatus::Benchmarked || o.status == OutcomeStatus::Best) {
        const npu::BenchResult& b = o.bench;
        j["p50_ms"] = b.p50Ms;
        j["p20_ms"] = b.p20Ms;
        j["p80_ms"] = b.p80Ms;
        j["device_us"] = b.sim.deviceUs;
        j["breakdown"] = pipesToJson(b.sim.breakdown);
        j["roofline"] = Json{{"bound_us", b.sim.roofline.boundUs},
                             {"limiter", b.sim.roofline.limiter},
                             {"efficiency", b.sim.roofline.efficiency}};
        j["achieved_gbps"] = b.sim.achievedGBps;
        j["waves"] = b.sim.waves;
        j["cores_used"] = b.sim.coresUsed;
    }
    if (o.status != OutcomeStatus::NotTuned) {
        j["footprint"] = Json{{"ub_peak_bytes", o.ubPeakBytes}, {"ub_capacity_bytes", o.ubCapacityBytes}};
        j["programs"] = o.programs;
        j["compile_seconds_model"] = o.compileSeconds;
    }
    return j;
}

Json tuningToJson(const analysis::KernelAnalysis& a, const space::CandidateSpace& space, const TuningResult& result,
                  const TuningOptions& options)
{
    Json out;
    out["kernel"] = a.file->path;
    out["function"] = a.kernel->name;
    out["device"] = space.device().soc;
    out["bench_method"] = std::string(npu::benchMethodName(options.method));
    out["seed"] = options.seed;
    out["simulator"] = kSimulatorVersion;
    Json candidates = Json::array();
    // The tuned ones first, in the backend's order, then the rest.
    std::vector<bool> listed(space.size(), false);
    for (std::size_t index : result.tuned) {
        candidates.push_back(outcomeToJson(space, result, index));
        listed[index] = true;
    }
    for (std::size_t i = 0; i < space.size(); ++i)
        if (!listed[i])
            candidates.push_back(outcomeToJson(space, result, i));
    out["candidates"] = std::move(candidates);
    out["best"] = result.best ? outcomeToJson(space, result, *result.best) : Json();
    out["tuning_time"] = Json{{"compile_workers", result.modelled.compileWorkers},
                              {"compile_seconds", result.modelled.compileSeconds},
                              {"bench_seconds", result.modelled.benchSeconds},
                              {"total_seconds", result.modelled.totalSeconds},
                              {"note", "modelled for the real toolchain; compile times are estimates (mark G)"}};
    out["session"] = Json{{"threads", result.threads},
                          {"host_seconds", result.hostSeconds},
                          {"tuned", result.tuned.size()},
                          {"finished", result.finished},
                          {"stopped", result.stopped}};
    Json diagnostics = Json::array();
    for (const Diagnostic& d : result.diagnostics)
        diagnostics.push_back({{"code", d.code}, {"severity", std::string(severityName(d.severity))},
                               {"line", d.line}, {"message", d.message}});
    out["diagnostics"] = std::move(diagnostics);
    out["error"] = result.error ? Json(*result.error) : Json();
    return out;
}

std::string tuningToText(const analysis::KernelAnalysis& a, const space::CandidateSpace& space,
                         const TuningResult& result, const TuningOptions& options, std::size_t top)
{
    std::ostringstream out;
    out << a.kernel->name << " on " << space.device().soc << ", bench method " << npu::benchMethodName(options.method)
        << ", seed " << options.seed << "\n";
    std::size_t benchmarked = 0, failed = 0;
    std::vector<std::size_t> ranked;
    for (std::size_t index : result.tuned) {
        const CandidateOutcome& o = result.outcomes[index];
        if (o.status == OutcomeStatus::Benchmarked || o.status == OutcomeStatus::Best) {
            ++benchmarked;
            ranked.push_back(index);
        } else if (o.status == OutcomeStatus::CompileFailed) {
            ++failed;
        }
    }
    std::sort(ranked.begin(), ranked.end(), [&](std::size_t x, std::size_t y) {
        return result.outcomes[x].bench.rankMs < result.outcomes[y].bench.rankMs;
    });
    out << "  tuned " << result.tuned.size() << " candidates: " << benchmarked << " benchmarked, " << failed
        << " failed to compile" << (result.stopped ? " (stopped)" : "") << "\n";
    out << "  modelled tuning time on the real toolchain: " << fixed(result.modelled.totalSeconds, 1) << " s ("
        << fixed(result.modelled.compileSeconds, 1) << " s compile on " << result.modelled.compileWorkers
        << " workers + " << fixed(result.modelled.benchSeconds, 1) << " s benchmark)\n";
    out << "  simulated here in " << fixed(result.hostSeconds * 1000, 1) << " ms on " << result.threads
        << " threads\n\n";
    if (result.best) {
        const CandidateOutcome& best = result.outcomes[*result.best];
        out << "  best: " << configString(space, *result.best) << "\n";
        out << "        p50 " << fixed(best.bench.p50Ms * 1000, 2) << " us  (p20 " << fixed(best.bench.p20Ms * 1000, 2)
            << ", p80 " << fixed(best.bench.p80Ms * 1000, 2) << "), device " << fixed(best.bench.sim.deviceUs, 2)
            << " us, " << fixed(best.bench.sim.achievedGBps, 0) << " GB/s, roofline "
            << fixed(best.bench.sim.roofline.efficiency * 100, 0) << "% (" << best.bench.sim.roofline.limiter
            << "-bound)\n\n";
        out << "  rank  p50 us     p20 us     p80 us     speed-up vs best  config\n";
        const double bestMs = best.bench.rankMs;
        for (std::size_t r = 0; r < ranked.size() && r < top; ++r) {
            const CandidateOutcome& o = result.outcomes[ranked[r]];
            out << "  " << r + 1 << std::string(r + 1 < 10 ? 5 : 4, ' ') << fixed(o.bench.p50Ms * 1000, 2)
                << std::string(11 - std::min<std::size_t>(10, fixed(o.bench.p50Ms * 1000, 2).size()), ' ')
                << fixed(o.bench.p20Ms * 1000, 2)
                << std::string(11 - std::min<std::size_t>(10, fixed(o.bench.p20Ms * 1000, 2).size()), ' ')
                << fixed(o.bench.p80Ms * 1000, 2)
                << std::string(11 - std::min<std::size_t>(10, fixed(o.bench.p80Ms * 1000, 2).size()), ' ')
                << fixed(bestMs / o.bench.rankMs, 3) << "x            ";
            std::string params;
            for (const auto& [name, value] : space.params(ranked[r]))
                params += (params.empty() ? "" : ", ") + name + "=" + value.toPython();
            out << params << "\n";
        }
        if (ranked.size() > top)
            out << "  ... " << ranked.size() - top << " more (see --json)\n";
    }
    if (result.error)
        out << "\n  error: " << *result.error << "\n";
    return out.str();
}

} // namespace ts::tuning
