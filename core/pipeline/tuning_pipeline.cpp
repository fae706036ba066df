#include "core/pipeline/tuning_pipeline.h"
#include "core/util/json_reader.h"

#include "core/cache/sha256.h"

#include "core/analysis/pyrepr.h"
#include "core/util/format.h"
#include "core/util/version.h"
#include "core/util/dtype.h"

#include <algorithm>
#include <unordered_map>
#include <nlohmann/json.hpp>

namespace ts::pipeline {
namespace {

using analysis::LaunchArgument;

// The value text of a key argument as Python would print it in the key tuple.
std::string keyValueText(const LaunchArgument& arg)
{
    switch (arg.kind) {
    case LaunchArgument::Kind::Int:
        return std::to_string(arg.intValue);
    case LaunchArgument::Kind::Bool:
        return arg.intValue ? "True" : "False";
    case LaunchArgument::Kind::Float:
        return analysis::pyFloatRepr(arg.floatValue);
    case LaunchArgument::Kind::Str:
        return analysis::pyStrRepr(arg.text);
    case LaunchArgument::Kind::None:
        return "None";
    case LaunchArgument::Kind::Tensor:
        return "<tensor " + canonicalTorchDtype(arg.dtype) + ">";
    case LaunchArgument::Kind::Other:
        break;
    }
    return "<" + (arg.text.empty() ? std::string("object") : arg.text) + ">";
}

// Key argument names in key order; a key dict {axis: argument} contributes its arguments.
std::vector<std::string> keyArgumentNames(const analysis::KernelAnalysis& a)
{
    std::vector<std::string> names;
    if (!a.kernel || !a.kernel->autotune)
        return names;
    const kernel::AutotuneSpec& spec = *a.kernel->autotune;
    if (spec.keyDict)
        for (const auto& [axis, argument] : *spec.keyDict)
            names.push_back(argument);
    else
        names = spec.keyList;
    return names;
}

nlohmann::json breakdownOf(const tuning::CandidateOutcome& o)
{
    nlohmann::json j = nlohmann::json::object();
    if (o.status == tuning::OutcomeStatus::Benchmarked || o.status == tuning::OutcomeStatus::Best) {
        const npu::SimResult& s = o.bench.sim;
        j["device_us"] = s.deviceUs;
        j["mte2_us"] = s.breakdown.mte2;
        j["vector_us"] = s.breakdown.vector;
        j["cube_us"] = s.breakdown.cube;
        j["mte3_us"] = s.breakdown.mte3;
        j["scalar_us"] = s.breakdown.scalar;
        j["launch_us"] = s.breakdown.launch;
        // How long each pipe of the critical core works (the breakdown above is the device time
        // attributed to the pipes along the critical path; with multibuffer the two differ).
        j["busy_mte2_us"] = s.busy.mte2;
        j["busy_vector_us"] = s.busy.vector;
        j["busy_cube_us"] = s.busy.cube;
        j["busy_mte3_us"] = s.busy.mte3;
        j["busy_scalar_us"] = s.busy.scalar;
        j["roofline_us"] = s.roofline.boundUs;
        j["limiter"] = s.roofline.limiter;
        j["efficiency"] = s.roofline.efficiency;
        j["achieved_gbps"] = s.achievedGBps;
        j["waves"] = s.waves;
        j["cores_used"] = s.coresUsed;
        j["bench_seconds_model"] = o.bench.benchSeconds;
    }
    // Compiled: tuned, or cut by the time-limit prune after compiling.
    if (o.status != tuning::OutcomeStatus::NotTuned || o.compileSeconds > 0) {
        j["ub_peak_bytes"] = o.ubPeakBytes;
        j["ub_capacity_bytes"] = o.ubCapacityBytes;
        j["programs"] = o.programs;
        j["compile_seconds_model"] = o.compileSeconds;
    }
    return j;
}

// The UB tuner's search for one candidate, as the cache record keeps it (tuning_record.h).
std::string ubTuneJson(const tuning::UbTuneResult& u)
{
    nlohmann::ordered_json trials = nlohmann::ordered_json::array();
    for (const tuning::UbTrial& t : u.trials)
        trials.push_back({{"option", t.option},
                          {"value", t.value},
                          {"ok", t.ok},
                          {"error", t.error},
                          {"ubPeakBytes", t.ubPeakBytes}});
    nlohmann::ordered_json cfg = nlohmann::ordered_json::object();
    for (const auto& [name, value] : u.ubtuneCfg())
        cfg[name] = value;
    nlohmann::ordered_json j = {{"mode", std::string(tuning::ubTunerModeName(u.mode))},
                                {"trigger", u.trigger},
                                {"startOk", u.startOk},
                                {"startError", u.startError},
                                {"trials", std::move(trials)},
                                {"finalOk", u.finalOk},
                                {"finalError", u.finalError},
                                {"ubtuneCfg", std::move(cfg)}};
    return util::jsonText(j);
}

cache::CandidateRecord candidateRecord(const space::CandidateSpace& space, const tuning::TuningResult& result,
                                       std::size_t index)
{
    cache::CandidateRecord c;
    for (const auto& [name, value] : space.params(index))
        c.params.emplace_back(name, value.toPython());
    c.numWarps = space.numWarps(index);
    c.numStages = space.numStages(index);
    const tuning::CandidateOutcome& o = result.outcomes[index];
    c.status = storedStatus(space.status(index), o.status);
    if (o.status == tuning::OutcomeStatus::CompileFailed) {
        c.reasonCode = std::string(npu::compileFailureName(o.failure));
        c.reasonMessage = o.failureMessage.english();
    } else if (o.status == tuning::OutcomeStatus::TimeBudgetCut) {
        c.reasonCode = std::string(space::reasonCodeName(space::ReasonCode::CubeTimeBudget));
        c.reasonMessage = tuning::timeBudgetCutText();
    } else if (space.reason(index) != space::ReasonCode::None) {
        c.reasonCode = std::string(space::reasonCodeName(space.reason(index)));
        c.reasonMessage = space.describe(index);
    }
    if (o.status == tuning::OutcomeStatus::Benchmarked || o.status == tuning::OutcomeStatus::Best) {
        c.p50Ms = o.bench.p50Ms;
        c.p20Ms = o.bench.p20Ms;
        c.p80Ms = o.bench.p80Ms;
    }
    const nlohmann::json breakdown = breakdownOf(o);
    if (!breakdown.empty())
        c.breakdownJson = util::jsonText(breakdown);
    if (o.ubTune)
        c.ubTuneJson = ubTuneJson(*o.ubTune);
    return c;
}

} // namespace

cache::CandidateStatus storedStatus(space::CandidateStatus spaceStatus, tuning::OutcomeStatus outcome)
{
    // An incorrect candidate stays incorrect whatever its tuning did (its times are kept).
    if (spaceStatus == space::CandidateStatus::Incorrect)
        return cache::CandidateStatus::Incorrect;
    switch (outcome) {
    case tuning::OutcomeStatus::CompileFailed: return cache::CandidateStatus::CompileFailed;
    case tuning::OutcomeStatus::Benchmarked: return cache::CandidateStatus::Benchmarked;
    case tuning::OutcomeStatus::Best: return cache::CandidateStatus::Best;
    case tuning::OutcomeStatus::TimeBudgetCut: return cache::CandidateStatus::TimeBudgetCut;
    case tuning::OutcomeStatus::NotTuned: break;
    }
    switch (spaceStatus) {
    case space::CandidateStatus::Generated: return cache::CandidateStatus::Generated;
    case space::CandidateStatus::Pruned: return cache::CandidateStatus::Pruned;
    case space::CandidateStatus::Skipped: return cache::CandidateStatus::Skipped;
    case space::CandidateStatus::User: return cache::CandidateStatus::User;
    case space::CandidateStatus::Incorrect: return cache::CandidateStatus::Incorrect;
    }
    return cache::CandidateStatus::Generated;
}

std::string kernelSourceHash(const analysis::KernelAnalysis& a)
{
    std::string text;
    if (a.kernel) {
        for (const kernel::Decorator& d : a.kernel->decorators)
            text += "@" + d.text + "\n";
        if (a.file && a.file->module && a.kernel->function)
            text += a.file->module->segment(a.kernel->function);
    }
    return cache::sourceHashOf(text);
}

cache::TuningKey tuningKeyFor(const analysis::KernelAnalysis& a, const std::string& device, npu::BenchMethod method)
{
    cache::TuningKey key;
    key.kernelName = a.kernel ? a.kernel->name : std::string();
    key.sourceHash = kernelSourceHash(a);
    for (const std::string& name : keyArgumentNames(a)) {
        auto it = std::find_if(a.launchArgs.begin(), a.launchArgs.end(),
                               [&](const LaunchArgument& arg) { return arg.name == name; });
        key.keyValues.emplace_back(name, it == a.launchArgs.end() ? std::string("<missing>") : keyValueText(*it));
    }
    for (const LaunchArgument& arg : a.launchArgs)
        if (arg.kind == LaunchArgument::Kind::Tensor)
            key.dtypes.push_back(canonicalTorchDtype(arg.dtype));
    key.device = device;
    key.benchMethod = std::string(npu::benchMethodName(method));
    key.simulatorVersion = tuning::kSimulatorVersion;
    key.backend = std::string(kernel::backendName(a.workload.backend));
    return key;
}

std::string candidateSetText(const tuning::TuningOptions& options)
{
    if (!options.lattice)
        return {};
    const tuning::LatticeSubset& subset = options.subset;
    std::string out = "lattice";
    std::string filter;
    for (std::size_t at = 0; at < subset.filter.size();) {
        const std::size_t begin = subset.filter.find_first_not_of(" \t\r\n", at);
        if (begin == std::string::npos)
            break;
        std::size_t end = subset.filter.find_first_of(" \t\r\n", begin);
        if (end == std::string::npos)
            end = subset.filter.size();
        filter += (filter.empty() ? "" : " ") + subset.filter.substr(begin, end - begin);
        at = end;
    }
    if (!filter.empty())
        out += " filter=" + filter;
    if (!subset.selection.empty()) {
        std::vector<std::size_t> sorted = subset.selection;
        std::sort(sorted.begin(), sorted.end());
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        std::string text;
        for (std::size_t i : sorted)
            text += std::to_string(i) + ",";
        out += " selection=" + std::to_string(sorted.size()) + ":" + cache::sha256Hex(text).substr(0, 16);
    }
    if (subset.limit > 0)
        out += " limit=" + std::to_string(subset.limit);
    return out;
}

cache::TuningKey tuningKeyFor(const analysis::KernelAnalysis& a, const std::string& device,
                              const tuning::TuningOptions& options)
{
    cache::TuningKey key = tuningKeyFor(a, device, options.method);
    key.candidateSet = candidateSetText(options);
    return key;
}

cache::TuningRecord recordFromTuning(const analysis::KernelAnalysis& a, const space::CandidateSpace& space,
                                     const tuning::TuningResult& result, const tuning::TuningOptions& options,
                                     std::size_t maxCandidates)
{
    cache::TuningRecord record;
    record.key = tuningKeyFor(a, space.device().soc, options);
    record.workloadPath = a.workload.path;
    record.tilescopeVersion = kVersion;
    record.tuningWallSeconds = result.modelled.totalSeconds;
    cache::TuningDetails& details = record.details.emplace();
    details.kernelFile = a.file ? a.file->path : std::string();
    details.seed = options.seed;
    details.compileWorkers = result.modelled.compileWorkers;
    details.hostCores = result.modelled.hostCores;
    details.compileSeconds = result.modelled.compileSeconds;
    details.benchSeconds = result.modelled.benchSeconds;
    details.threads = result.threads;
    details.hostSeconds = result.hostSeconds;
    details.tuned = result.tuned.size();
    details.finished = result.finished;
    details.stopped = result.stopped;
    details.error = result.error ? result.error->english() : std::string();
    nlohmann::json diagnostics = nlohmann::json::array();
    for (const Diagnostic& d : result.diagnostics)
        diagnostics.push_back({{"code", d.code}, {"severity", std::string(severityName(d.severity))},
                               {"line", d.line}, {"message", d.message}});
    details.diagnosticsJson = util::jsonText(diagnostics);
    details.ubTuner = std::string(tuning::ubTunerModeName(result.ubTuner));
    if (result.confidence)
        details.confidenceJson = util::jsonText(tuning::confidenceJson(*result.confidence));

    // Which space candidates to keep, in order: tuned first, then the untuned backend list.
    std::vector<std::size_t> kept;
    std::vector<bool> taken(space.size(), false);
    auto take = [&](std::size_t i) {
        if (!taken[i]) {
            taken[i] = true;
            kept.push_back(i);
        }
    };
    std::size_t dropped = 0;
    if (result.tuned.size() <= maxCandidates) {
        for (std::size_t i : result.tuned)
            take(i);
    } else {
        // The best, the backend's list, then the fastest benchmarked, then failures.
        if (result.best)
            take(*result.best);
        for (std::size_t i : result.tuned)
            if (space.backendIndex(i) >= 0)
                take(i);
        std::vector<std::size_t> ranked;
        for (std::size_t i : result.tuned) {
            const auto s = result.outcomes[i].status;
            if (s == tuning::OutcomeStatus::Benchmarked || s == tuning::OutcomeStatus::Best)
                ranked.push_back(i);
        }
        std::stable_sort(ranked.begin(), ranked.end(), [&](std::size_t x, std::size_t y) {
            return result.outcomes[x].bench.rankMs < result.outcomes[y].bench.rankMs;
        });
        for (std::size_t i : ranked) {
            if (kept.size() >= maxCandidates)
                break;
            take(i);
        }
        for (std::size_t i : result.tuned) {
            if (kept.size() >= maxCandidates)
                break;
            take(i);
        }
        dropped = result.tuned.size() - std::count_if(result.tuned.begin(), result.tuned.end(),
                                                      [&](std::size_t i) { return taken[i]; });
    }
    for (std::size_t i = 0; i < space.size(); ++i)  // the backend's list is short: always kept
        if (space.backendIndex(i) >= 0)
            take(i);

    record.candidates.reserve(kept.size());
    for (std::size_t i : kept) {
        if (result.best && i == *result.best)
            record.bestIndex = record.candidates.size();
        record.candidates.push_back(candidateRecord(space, result, i));
    }
    if (dropped > 0)
        record.notes = formatCount(std::int64_t(result.tuned.size()), "candidate") + " tuned; the " +
                       formatInteger(std::int64_t(dropped)) + " slowest are not stored";
    if (result.error)
        record.notes += (record.notes.empty() ? "" : "; ") + result.error->english();
    if (result.backendError)
        record.notes +=
            (record.notes.empty() ? "" : "; ") + tuning::latticeBackendNote(*result.backendError).english();
    return record;
}

namespace {

// A config as text, the same for a space candidate and a stored one.
std::string configText(const cache::TextPairs& params, int numWarps, int numStages)
{
    std::string text;
    for (const auto& [name, value] : params)
        text += name + "=" + value + ";";
    return text + "w" + std::to_string(numWarps) + "s" + std::to_string(numStages);
}

double jsonNumber(const nlohmann::json& j, const char* name)
{
    const auto it = j.find(name);
    return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}

// A stored count (bytes, programs), 0 when missing or beyond what it can be.
std::int64_t jsonCount(const nlohmann::json& j, const char* name)
{
    const double v = jsonNumber(j, name);
    return v >= 0 && v < 9e18 ? std::int64_t(v) : 0;
}

} // namespace

RecordOnSpace tuningFromRecord(const cache::TuningRecord& record, const space::CandidateSpace& space)
{
    RecordOnSpace out;
    auto result = std::make_shared<tuning::TuningResult>();
    // A record holds tuned candidates and the backend's list, never a cube-pruned tiling.
    const std::size_t rows = space.size() - space.cubePrunedRows();
    result->outcomes.resize(rows);
    std::unordered_map<std::string, std::size_t> indexOf;
    indexOf.reserve(rows);
    for (std::size_t i = 0; i < rows; ++i) {
        cache::TextPairs params;
        for (const auto& [name, value] : space.params(i))
            params.emplace_back(name, value.toPython());
        indexOf.emplace(configText(params, space.numWarps(i), space.numStages(i)), i);
    }
    const npu::BenchMethod method =
        npu::parseBenchMethod(record.key.benchMethod).value_or(npu::BenchMethod::Default);
    bool firstBench = true;
    double benchSum = 0;
    std::optional<std::size_t> firstBenchIndex;
    for (std::size_t k = 0; k < record.candidates.size(); ++k) {
        const cache::CandidateRecord& c = record.candidates[k];
        const auto found = indexOf.find(configText(c.params, c.numWarps, c.numStages));
        if (found == indexOf.end()) {
            ++out.unmatched;
            continue;
        }
        ++out.matched;
        const std::size_t index = found->second;
        tuning::CandidateOutcome& o = result->outcomes[index];
        nlohmann::json breakdown = nlohmann::json::object();
        if (!c.breakdownJson.empty()) {
            breakdown = util::parseStoredJson(c.breakdownJson);
            if (!breakdown.is_object())
                breakdown = nlohmann::json::object();
        }
        switch (c.status) {
        case cache::CandidateStatus::CompileFailed: o.status = tuning::OutcomeStatus::CompileFailed; break;
        case cache::CandidateStatus::Benchmarked: o.status = tuning::OutcomeStatus::Benchmarked; break;
        case cache::CandidateStatus::Best: o.status = tuning::OutcomeStatus::Best; break;
        case cache::CandidateStatus::TimeBudgetCut: o.status = tuning::OutcomeStatus::TimeBudgetCut; break;
        case cache::CandidateStatus::Incorrect:
            // Tuned as the backend tunes it: its times, or its compile failure, are kept.
            if (c.p50Ms)
                o.status = tuning::OutcomeStatus::Benchmarked;
            else if (npu::parseCompileFailure(c.reasonCode))
                o.status = tuning::OutcomeStatus::CompileFailed;
            else if (jsonNumber(breakdown, "compile_seconds_model") <= 0)
                continue;
            break;
        default:
            // Not tuned: the space's own verdict stands. One compiled and never benchmarked was
            // cut by the time-limit prune (a record made before the cut had its own status).
            if (jsonNumber(breakdown, "compile_seconds_model") <= 0)
                continue;
            o.status = tuning::OutcomeStatus::TimeBudgetCut;
        }
        result->tuned.push_back(index);
        ++result->finished;
        if (o.status == tuning::OutcomeStatus::CompileFailed) {
            o.failure = npu::parseCompileFailure(c.reasonCode).value_or(npu::CompileFailure::None);
            o.failureMessage = msg::Message::asWritten(c.reasonMessage);
        }
        o.compileSeconds = jsonNumber(breakdown, "compile_seconds_model");
        o.ubPeakBytes = jsonCount(breakdown, "ub_peak_bytes");
        o.ubCapacityBytes = jsonCount(breakdown, "ub_capacity_bytes");
        o.programs = jsonCount(breakdown, "programs");
        if (o.status != tuning::OutcomeStatus::Benchmarked && o.status != tuning::OutcomeStatus::Best)
            continue;
        npu::BenchResult& b = o.bench;
        b.ok = true;
        b.method = method;
        b.p50Ms = c.p50Ms.value_or(0.0);
        b.p20Ms = c.p20Ms.value_or(b.p50Ms);
        b.p80Ms = c.p80Ms.value_or(b.p50Ms);
        b.meanMs = b.p50Ms;
        b.rankMs = b.p50Ms;
        b.benchSeconds = jsonNumber(breakdown, "bench_seconds_model");
        benchSum += b.benchSeconds;
        npu::SimResult& sim = b.sim;
        sim.ok = true;
        sim.deviceUs = jsonNumber(breakdown, "device_us");
        sim.breakdown.mte2 = jsonNumber(breakdown, "mte2_us");
        sim.breakdown.vector = jsonNumber(breakdown, "vector_us");
        sim.breakdown.cube = jsonNumber(breakdown, "cube_us");
        sim.breakdown.mte3 = jsonNumber(breakdown, "mte3_us");
        sim.breakdown.scalar = jsonNumber(breakdown, "scalar_us");
        sim.breakdown.launch = jsonNumber(breakdown, "launch_us");
        sim.busy.mte2 = jsonNumber(breakdown, "busy_mte2_us");  // 0 in records made before they were kept
        sim.busy.vector = jsonNumber(breakdown, "busy_vector_us");
        sim.busy.cube = jsonNumber(breakdown, "busy_cube_us");
        sim.busy.mte3 = jsonNumber(breakdown, "busy_mte3_us");
        sim.busy.scalar = jsonNumber(breakdown, "busy_scalar_us");
        sim.busy.launch = sim.breakdown.launch;
        sim.roofline.boundUs = jsonNumber(breakdown, "roofline_us");
        if (auto it = breakdown.find("limiter"); it != breakdown.end() && it->is_string())
            sim.roofline.limiter = it->get<std::string>();
        sim.roofline.efficiency = jsonNumber(breakdown, "efficiency");
        sim.achievedGBps = jsonNumber(breakdown, "achieved_gbps");
        sim.waves = std::int64_t(jsonNumber(breakdown, "waves"));
        sim.coresUsed = int(jsonNumber(breakdown, "cores_used"));
        sim.programs = o.programs;
        if (firstBench) {
            firstBench = false;
            firstBenchIndex = index;
        }
        if (record.bestIndex && *record.bestIndex == k)
            result->best = index;
        // The backend's own pick: the fastest that ran, incorrect or not.
        if (!result->backendBest || tuning::betterThan(b, result->outcomes[*result->backendBest].bench))
            result->backendBest = index;
    }
    if (const cache::TuningDetails* d = record.details ? &*record.details : nullptr) {
        result->modelled.hostCores = d->hostCores;
        result->modelled.compileWorkers = std::max(1, d->compileWorkers);
        result->modelled.compileSeconds = d->compileSeconds;
        result->modelled.benchSeconds = d->benchSeconds;
        result->threads = d->threads;
        result->hostSeconds = d->hostSeconds;
        result->stopped = d->stopped;
        if (!d->error.empty())
            result->error = msg::Message::asWritten(d->error); // read back: its English alone
        result->ubTuner = tuning::parseUbTunerMode(d->ubTuner).value_or(tuning::UbTunerMode::Off);
        if (!d->confidenceJson.empty())
            result->confidence = tuning::confidenceFromJson(util::parseStoredJson(d->confidenceJson));
        const nlohmann::json diagnostics = util::parseStoredJson(d->diagnosticsJson);
        if (diagnostics.is_array())
            for (const nlohmann::json& j : diagnostics) {
                if (!j.is_object())
                    continue;
                // Each field read only when it has its type: the stored text may have been edited.
                auto text = [&](const char* name) {
                    const auto it = j.find(name);
                    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
                };
                Diagnostic diag;
                diag.code = text("code");
                const std::string severity = text("severity");
                diag.severity = severity == "error" ? Severity::Error : severity == "note" ? Severity::Note : Severity::Warning;
                diag.line = int(j.contains("line") ? util::jsonInteger(j["line"], 0, INT32_MAX).value_or(0) : 0);
                // Stored as English alone (by a TileScope of any version): kept as written.
                diag.say(msg::Message::asWritten(text("message")));
                result->diagnostics.push_back(std::move(diag));
            }
        // The profiler session is paid once, before the first benchmark run: what the stored
        // bench total holds beyond the candidates' own runs.
        if (firstBenchIndex && d->benchSeconds > benchSum)
            result->outcomes[*firstBenchIndex].bench.sessionSeconds = d->benchSeconds - benchSum;
    } else {
        result->modelled.benchSeconds = benchSum;
    }
    result->modelled.totalSeconds = record.tuningWallSeconds;
    out.result = std::move(result);
    return out;
}

} // namespace ts::pipeline
