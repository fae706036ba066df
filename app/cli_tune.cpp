#include "app/cli.h"
#include "core/util/json_reader.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/workflow.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/tuning/tuning_report.h"
#include "core/tuning/tuning_session.h"
#include "core/util/format.h"
#include "app/terminal_output.h"

#include <charconv>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

namespace ts::cli {
namespace {


// Microseconds, as the ranking of a fresh tuning prints them.
std::string usText(std::optional<double> ms)
{
    if (!ms)
        return "-";
    return formatUs(*ms * 1000.0);
}

// The ubtune_cfg the UB tuner attached to a stored candidate; empty when none.
std::vector<std::pair<std::string, std::string>> ubtuneCfgOf(const cache::CandidateRecord& c)
{
    std::vector<std::pair<std::string, std::string>> out;
    if (c.ubTuneJson.empty())
        return out;
    const nlohmann::ordered_json j = util::parseStoredOrderedJson(c.ubTuneJson);
    if (j.is_object() && j.contains("ubtuneCfg") && j["ubtuneCfg"].is_object())
        for (auto it = j["ubtuneCfg"].begin(); it != j["ubtuneCfg"].end(); ++it)
            if (it.value().is_string())
                out.emplace_back(it.key(), it.value().get<std::string>());
    return out;
}

std::string paramsText(const cache::CandidateRecord& c)
{
    std::string out;
    for (const auto& [name, value] : c.params)
        out += (out.empty() ? "" : " ") + name + "=" + value;
    out += (out.empty() ? "" : " ") + std::string("num_warps=") + std::to_string(c.numWarps) +
           " num_stages=" + std::to_string(c.numStages);
    for (const auto& [name, value] : ubtuneCfgOf(c))
        out += " ubtune_cfg." + name + "=" + value;
    return out;
}

// A tuning read back from the cache, for people.
// A line of Triton-Ascend's log: the colours its UB tuner prints around a line are the log's own
// (and reach the terminal); what is between them passes the filter like any other text.
void printLogLine(std::ostream& out, std::string_view line)
{
    constexpr std::string_view kGreen = "\033[1;32m", kReset = "\033[0m";
    const bool coloured = line.starts_with(kGreen) && line.ends_with(kReset) && line.size() >= kGreen.size() + kReset.size();
    if (coloured) {
        writeRaw(out, kGreen);
        out << line.substr(kGreen.size(), line.size() - kGreen.size() - kReset.size());
        writeRaw(out, kReset);
        out << "\n";
    } else {
        out << line << "\n";
    }
}

std::string cachedTuningText(const cache::TuningRecord& r, const std::filesystem::path& cachePath)
{
    std::string out = r.key.describe() + "\n";
    out += "backend " + kernel::backendLabel(r.key.backend) + "\n";
    out += "from cache #" + std::to_string(r.id) + ", tuned " + r.createdAt + " (" + cachePath.string() +
           "; --force tunes again)\n";
    if (const cache::CandidateRecord* best = r.best())
        out += "best: " + paramsText(*best) + "  p50 " + usText(best->p50Ms) + " us (p20 " + usText(best->p20Ms) +
               ", p80 " + usText(best->p80Ms) + ")\n";
    else
        out += "best: none\n";
    out += tuning::describeRankBasis(tuning::rankBasis(
               npu::parseBenchMethod(r.key.benchMethod).value_or(npu::BenchMethod::Default), r.key.device)) +
           "\n";
    if (r.details && r.details->ubTuner != "off") {
        std::size_t searched = 0, fixes = 0;
        for (const cache::CandidateRecord& c : r.candidates)
            if (!c.ubTuneJson.empty()) {
                ++searched;
                fixes += ubtuneCfgOf(c).empty() ? 0 : 1;
            }
        out += "UB tuner (" + r.details->ubTuner + "): " + formatInteger(std::int64_t(fixes)) + " of " +
               formatCount(std::int64_t(searched), "UB overflow") + " fixed by a ubtune_cfg\n";
    }
    std::vector<const cache::CandidateRecord*> measured;
    std::size_t failed = 0, cut = 0;
    for (const cache::CandidateRecord& c : r.candidates) {
        if (c.p50Ms && std::isfinite(*c.p50Ms))
            measured.push_back(&c);
        failed += c.status == cache::CandidateStatus::CompileFailed;
        cut += c.status == cache::CandidateStatus::TimeBudgetCut;
    }
    std::stable_sort(measured.begin(), measured.end(),
                     [](const auto* a, const auto* b) { return *a->p50Ms < *b->p50Ms; });
    out += formatInteger(std::int64_t(measured.size())) + " benchmarked, " +
           formatInteger(std::int64_t(failed)) + " failed to compile, " +
           (cut > 0 ? formatInteger(std::int64_t(cut)) + " cut by the time budget, " : std::string()) +
           formatCount(std::int64_t(r.candidates.size()), "candidate") + " stored\n";
    const std::size_t shown = std::min<std::size_t>(measured.size(), 10);
    for (std::size_t i = 0; i < shown; ++i)
        out += "  " + std::to_string(i + 1) + ". " + paramsText(*measured[i]) + "  p50 " + usText(measured[i]->p50Ms) +
               " us\n";
    if (!r.notes.empty())
        out += "note: " + r.notes + "\n";
    return out;
}

// A tuning ranked by measured time, for people: the measured ranking with each candidate's
// simulated time beside it, and the simulated tuning's own pick where it differs.
std::string measuredRankingText(const cache::TuningRecord& r, const pipeline::TuningRanking& ranking,
                                const std::string& origin)
{
    std::string out = r.key.describe() + "\n";
    out += "backend " + kernel::backendLabel(r.key.backend) + "\n";
    out += origin + "\n";
    out += ranking.text + (ranking.requested == pipeline::RankBy::Auto ? "; --rank-by auto" : "") + "\n";
    const cache::CandidateRecord& best = r.candidates[*ranking.best];
    out += "best: " + paramsText(best) + "  measured p50 " + usText(ranking.measuredMs[*ranking.best]) +
           " us (simulated " + usText(best.p50Ms) + " us)\n";
    if (r.bestIndex && *r.bestIndex != *ranking.best) {
        const double ms = ranking.measuredMs[*r.bestIndex];
        out += "the simulated pick: " + paramsText(r.candidates[*r.bestIndex]) + "  measured p50 " +
               (std::isnan(ms) ? std::string("-") : usText(ms)) + " us\n";
    }
    if (!ranking.why.empty())
        out += "note: " + ranking.why + "\n";
    const std::size_t shown = std::min<std::size_t>(ranking.order.size(), 10);
    for (std::size_t k = 0; k < shown; ++k) {
        const std::size_t i = ranking.order[k];
        const double ms = ranking.measuredMs[i];
        out += "  " + std::to_string(k + 1) + ". " + paramsText(r.candidates[i]) + "  measured " +
               (std::isnan(ms) ? std::string("-") : usText(ms) + " us") + ", simulated " + usText(r.candidates[i].p50Ms) +
               " us\n";
    }
    return out;
}

// The tuning document with the ranking it was asked for: "rankedBy" says which time ranked the
// list (with the order and the counts), "bestIndex" and "best" are the ranking's first, and every
// candidate carries its measured p50.
void applyRanking(nlohmann::ordered_json& doc, const cache::TuningRecord& r, const pipeline::TuningRanking& ranking)
{
    nlohmann::ordered_json& by = doc["rankedBy"];
    if (ranking.byMeasured) {
        by["time"] = "measured";
        by["statistic"] = "p50";
        by["device"] = ranking.measuredDevice;
        by["text"] = ranking.text;
    }
    by["requested"] = std::string(pipeline::rankByName(ranking.requested));
    by["measuredOn"] = ranking.measuredDevice.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(ranking.measuredDevice);
    by["measured"] = ranking.measured;
    by["ran"] = ranking.ran;
    by["why"] = ranking.why;
    by["order"] = ranking.order;
    by["simulatedBestIndex"] = r.bestIndex ? nlohmann::ordered_json(*r.bestIndex) : nlohmann::ordered_json();
    nlohmann::ordered_json& candidates = doc["candidates"];
    for (std::size_t i = 0; i < candidates.size() && i < ranking.measuredMs.size(); ++i)
        candidates[i]["measuredMs"] =
            std::isnan(ranking.measuredMs[i]) ? nlohmann::ordered_json() : nlohmann::ordered_json(ranking.measuredMs[i]);
    if (ranking.best && *ranking.best < candidates.size()) {
        doc["bestIndex"] = *ranking.best;
        doc["best"] = candidates[*ranking.best];
    }
}

// --rank-by measured|auto: the tuning (fresh or cached) ranked by the cache's measured times, from
// the record the cache keeps (every candidate, no cap), as --json prints it.
int printRanked(const Args& args, pipeline::RankBy rankBy, const pipeline::TuneResult& tuned,
                const std::shared_ptr<const analysis::KernelAnalysis>& analysis, const tuning::TuningOptions& options,
                const nlohmann::ordered_json& cacheJson)
{
    const analysis::KernelAnalysis& a = *analysis;
    const std::filesystem::path& cachePath = tuned.cachePath;
    const bool json = args.flag("json");
    const cache::TuningRecord record =
        tuned.fromCache ? *tuned.record
                        : pipeline::recordFromTuning(a, *tuned.space, *tuned.result, options,
                                                     std::numeric_limits<std::size_t>::max());
    pipeline::RankRequest request;
    request.analysis = analysis;
    request.record = std::make_shared<const cache::TuningRecord>(record);
    request.rankBy = rankBy;
    request.cachePath = cachePath;
    request.measuredDevice = args.value("measured-on").value_or("");
    const pipeline::TuningRanking ranking = pipeline::rankTuning(request);
    if (!ranking.ok()) {
        std::cerr << "tilescope tune: --rank-by " << pipeline::rankByName(rankBy) << ": " << *ranking.error << "\n";
        return kExitUsage;
    }
    if (json) {
        nlohmann::ordered_json j = exporter::tuningDocument(record);
        applyRanking(j, record, ranking);
        j["cache"] = cacheJson;
        std::cout << j.dump(2) << "\n";
    } else if (ranking.byMeasured) {
        std::cout << measuredRankingText(record, ranking,
                                         tuned.fromCache ? "simulated tuning from cache #" + std::to_string(record.id) +
                                                               ", tuned " + record.createdAt + " (" + cachePath.string() + ")"
                                                         : "simulated tuning run now");
    } else {
        std::cout << (tuned.fromCache ? cachedTuningText(record, cachePath)
                                      : tuning::tuningToText(a, *tuned.space, *tuned.result, options));
        std::cout << ranking.why << "\n";
    }
    printDiagnostics(a.diagnostics);
    if (tuned.storedId && !json)
        std::cerr << "tilescope tune: stored as cache entry #" << *tuned.storedId << " in " << cachePath.string() << "\n";
    if (tuned.cacheError)
        std::cerr << "tilescope tune: tuned without the cache: " << *tuned.cacheError << "\n";
    const bool failed = !tuned.fromCache && tuned.result->error;
    return failed || a.inError() ? kExitKernelError : kExitOk;
}

} // namespace

int runTune(const Args& args)
{
    auto workload = workloadFromArgs(args, "tune");
    if (!workload)
        return kExitUsage;
    auto parsedOptions = tuningOptionsFromArgs(args, *workload, "tune");
    if (!parsedOptions)
        return kExitUsage;
    const tuning::TuningOptions options = *parsedOptions;

    auto registry = devicesFromArgs(args, "tune");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile) {
        std::cerr << "tilescope tune: " << lookup.error << "\n";
        return kExitUsage;
    }
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*workload});
    if (!analysed.ok()) {
        printDiagnostics(analysed.diagnostics);
        return analysed.kernelSyntaxError ? kExitKernelError : kExitUsage;
    }
    const analysis::KernelAnalysis& a = *analysed.analysis;
    const bool json = args.flag("json");
    if (args.flag("no-cache") && args.value("cache")) {
        std::cerr << "tilescope tune: --cache and --no-cache exclude each other\n";
        return kExitUsage;
    }
    const pipeline::RankBy rankBy =
        pipeline::parseRankBy(args.value("rank-by").value_or("simulated")).value_or(pipeline::RankBy::Simulated);
    if (rankBy != pipeline::RankBy::Simulated && args.flag("no-cache")) {
        std::cerr << "tilescope tune: --rank-by " << pipeline::rankByName(rankBy)
                  << " reads the measured times from the cache, which --no-cache turns off\n";
        return kExitUsage;
    }
    if (args.value("measured-on") && rankBy == pipeline::RankBy::Simulated) {
        std::cerr << "tilescope tune: --measured-on chooses the measurements --rank-by measured|auto ranks by\n";
        return kExitUsage;
    }
    pipeline::TuneRequest request;
    request.analysis = analysed.analysis;
    request.device = *lookup.profile;
    request.options = options;
    if (!args.flag("no-cache"))
        request.cache.path = cachePathFor(args, *workload);
    request.cache.force = args.flag("force");

    pipeline::RunControl control;
    control.progress = [&](const pipeline::RunProgress& report) {
        const tuning::Progress& p = report.tuning;
        if (p.total == 0)
            return;
        writeRaw(std::cerr, "\r");
        std::cerr << tuning::progressStageName(p.stage) << ": " << p.done << "/" << p.total;
        if (p.etaSeconds > 0)
            std::cerr << ", about " << static_cast<int>(p.etaSeconds + 0.5) << " s left";
        std::cerr << "        " << (p.stage == tuning::ProgressStage::Done ? "\n" : "") << std::flush;
    };
    const pipeline::TuneResult tuned = [&] {
        const InterruptStop interrupt;
        control.stop = interrupt.token();
        return pipeline::tune(request, control);
    }();
    const std::filesystem::path& cachePath = tuned.cachePath;
    for (const std::string& notice : tuned.cacheNotices)
        std::cerr << "tilescope tune: " << notice << "\n";

    if (tuned.staleId)
        std::cerr << "tilescope tune: cache entry #" << *tuned.staleId << " (tuned " << tuned.staleCreatedAt
                  << ") is stale: the kernel source changed since; tuned again\n";

    // The "cache" block: the only part of the JSON that tells a cached result from a fresh one.
    auto cacheBlock = [&]() -> nlohmann::ordered_json {
        if (cachePath.empty())
            return nullptr;
        const bool stored = tuned.fromCache || tuned.storedId;
        return {{"hit", tuned.fromCache},
                {"path", cachePath.string()},
                {"id", stored ? nlohmann::ordered_json(tuned.record->id) : nlohmann::ordered_json(nullptr)},
                {"createdAt", stored ? nlohmann::ordered_json(tuned.record->createdAt) : nlohmann::ordered_json(nullptr)},
                {"staleId", tuned.staleId ? nlohmann::ordered_json(*tuned.staleId) : nlohmann::ordered_json(nullptr)},
                {"error", tuned.cacheError ? nlohmann::ordered_json(tuned.cacheError->english()) : nlohmann::ordered_json(nullptr)}};
    };

    if (rankBy != pipeline::RankBy::Simulated && tuned.record && !tuned.stopped &&
        (tuned.fromCache || (tuned.result && tuned.space && !tuned.result->badSubset)))
        return printRanked(args, rankBy, tuned, analysed.analysis, options, cacheBlock());

    if (tuned.fromCache) {
        const cache::TuningRecord& record = *tuned.record;
        if (json) {
            nlohmann::ordered_json j = exporter::tuningDocument(record);
            j["cache"] = cacheBlock();
            std::cout << jsonText(j) << "\n";
        } else {
            std::cout << cachedTuningText(record, cachePath);
        }
        if (args.flag("print-autotuning"))
            std::cerr << "tilescope tune: --print-autotuning prints nothing for a cached result (--force tunes "
                         "again)\n";
        printDiagnostics(a.diagnostics);
        return a.inError() ? kExitKernelError : kExitOk;
    }

    if (!tuned.result) {  // nothing to tune: the launch has no candidate space
        printDiagnostics(a.diagnostics);
        std::cerr << "tilescope tune: "
                  << (tuned.error ? tuned.error->english() : std::string("nothing to tune")) << "\n";
        return kExitKernelError;
    }
    const space::CandidateSpace& candidates = *tuned.space;
    const tuning::TuningResult& result = *tuned.result;
    if (result.badSubset) {  // --filter names a dimension the launch does not have
        std::cerr << "tilescope tune: --filter: "
                  << (result.error ? result.error->english() : std::string("not understood")) << "\n";
        return kExitUsage;
    }
    if (result.backendError && json)  // the text report says it in its header
        std::cerr << "tilescope tune: note: " << tuning::latticeBackendNote(*result.backendError) << "\n";
    if (args.flag("print-autotuning"))
        for (const std::string& line : tuning::autotuningLog(a, candidates, result))
            printLogLine(json ? std::cerr : std::cout, line);
    if (json) {
        // Printed from the record the cache keeps (every candidate, no cap), so that a later
        // cached result prints the same document.
        const cache::TuningRecord record = pipeline::recordFromTuning(a, candidates, result, options, std::numeric_limits<std::size_t>::max());
        nlohmann::ordered_json j = exporter::tuningDocument(record);
        j["cache"] = cacheBlock();
        std::cout << jsonText(j) << "\n";
    } else {
        std::cout << tuning::tuningToText(a, candidates, result, options);
    }
    printDiagnostics(a.diagnostics);
    for (const Diagnostic& d : result.diagnostics)
        if (d.severity != Severity::Note)
            std::cerr << d.format() << "\n";
    if (tuned.storedId && !json)
        std::cerr << "tilescope tune: stored as cache entry #" << *tuned.storedId << " in " << cachePath.string() << "\n";
    if (tuned.cacheError)  // the cache could not be opened, a lookup or the store failed
        std::cerr << "tilescope tune: " << (tuned.storedId ? "cache: " : "tuned without the cache: ") << *tuned.cacheError
                  << "\n";
    return result.error || a.inError() ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
