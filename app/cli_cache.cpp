// `tilescope cache list | show ID | export FILE.json | import FILE.json | merge A B ... | prune`

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/export/python_literal.h"
#include "core/pipeline/workflow.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/util/format.h"
#include "core/util/input_file.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>

namespace ts::cli {
namespace {

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope cache: " << message << "\n";
    return code;
}

nlohmann::ordered_json summaryJson(const cache::TuningSummary& s)
{
    const nlohmann::ordered_json params = exporter::typedParams(s.bestParams);
    const nlohmann::ordered_json keyValues = exporter::typedParams(s.key.keyValues);
    return {{"id", s.id},
            {"kernel", s.key.kernelName},
            {"keyValues", keyValues},
            {"dtypes", s.key.dtypes},
            {"device", s.key.device},
            {"benchMethod", s.key.benchMethod},
            {"simulatorVersion", s.key.simulatorVersion},
            {"backend", s.key.backend},
            {"candidateSet", s.key.candidateSet},
            {"sourceHash", s.key.sourceHash},
            {"workload", s.workloadPath},
            {"createdAt", s.createdAt},
            {"candidates", s.candidateCount},
            {"bestParams", params},
            {"bestP50Ms", s.bestP50Ms ? nlohmann::ordered_json(*s.bestP50Ms) : nlohmann::ordered_json()},
            {"freshness", s.freshness ? nlohmann::ordered_json(std::string(cache::freshnessName(*s.freshness)))
                                      : nlohmann::ordered_json()}};
}

std::string recordText(const cache::TuningRecord& r)
{
    std::string out = "#" + std::to_string(r.id) + "  " + r.key.describe() + "\n";
    out += "backend " + kernel::backendLabel(r.key.backend) + "\n";
    out += "tuned " + r.createdAt + (r.workloadPath.empty() ? "" : " from " + r.workloadPath) + ", source " +
           r.key.sourceHash.substr(0, 12) + "\n";
    for (std::size_t i = 0; i < r.candidates.size(); ++i) {
        const cache::CandidateRecord& c = r.candidates[i];
        std::string params;
        for (const auto& [name, value] : c.params)
            params += (params.empty() ? "" : " ") + name + "=" + value;
        char line[64];
        std::snprintf(line, sizeof line, "%4zu  %-15s", i, std::string(cache::candidateStatusName(c.status)).c_str());
        out += std::string(line) + " " + params + " num_warps=" + std::to_string(c.numWarps) +
               " num_stages=" + std::to_string(c.numStages);
        if (c.p50Ms)
            out += "  p50 " + formatKernelTime(*c.p50Ms);
        if (!c.reasonCode.empty())
            out += "  [" + c.reasonCode + (c.reasonMessage.empty() ? "" : ": " + c.reasonMessage) + "]";
        out += "\n";
    }
    if (!r.notes.empty())
        out += "note: " + r.notes + "\n";
    return out;
}

void printMerge(const cache::MergeReport& m, const std::filesystem::path& into)
{
    std::cout << "into " << into.string() << ": " << formatInteger(std::int64_t(m.added)) << " added, "
              << formatInteger(std::int64_t(m.replaced)) << " replaced by newer, "
              << formatInteger(std::int64_t(m.kept)) << " kept (already newest)";
    if (m.measurementsAdded + m.measurementDuplicates > 0)
        std::cout << "; measurements: " << formatInteger(std::int64_t(m.measurementsAdded)) << " added, "
                  << formatInteger(std::int64_t(m.measurementDuplicates)) << " already here";
    std::cout << "\n";
}

// kernel name -> current source hash, for the kernels of these workloads. False (printed) on bad input.
bool currentSourceHashes(const std::vector<std::string>& workloads,
                         std::map<std::string, std::string, std::less<>>* out)
{
    for (const std::string& w : workloads) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload(w);
        if (!loaded.workload) {
            printDiagnostics(loaded.diagnostics);
            return false;
        }
        const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
        if (!analysed.ok() || !analysed.analysis->kernel) {
            printDiagnostics(analysed.diagnostics);
            return false;
        }
        (*out)[analysed.analysis->kernel->name] = pipeline::kernelSourceHash(*analysed.analysis);
    }
    return true;
}

} // namespace

int runCache(const Args& args)
{
    // The command table chose the subcommand and checked its options (cli_table.cpp).
    if (args.positionals().empty())
        return fail("expected a subcommand (see --help)");
    const std::string sub = args.positionals().front();
    const std::vector<std::string> rest(args.positionals().begin() + 1, args.positionals().end());
    if (sub != "list" && sub != "show" && sub != "export" && sub != "import" && sub != "merge" && sub != "prune")
        return fail("unknown subcommand '" + sub + "' (list, show, export, import, merge, prune)");
    auto needs = [&](std::size_t n, const char* what) {
        if (rest.size() == n)
            return true;
        std::cerr << "tilescope cache " << sub << ": expected " << what << "\n";
        return false;
    };
    if ((sub == "show" && !needs(1, "one entry id")) ||
        ((sub == "export" || sub == "import") && !needs(1, "one FILE.json")))
        return kExitUsage;
    if (sub == "merge" && rest.empty())
        return fail("merge: expected one or more cache files to merge");

    const std::filesystem::path path = args.value("cache").value_or((std::filesystem::path(".tilescope") / "cache.sqlite").string());
    const bool reading = sub == "list" || sub == "show" || sub == "export";
    if (reading && !util::pathExists(path)) {
        const std::string problem = util::inputFileProblem(path);  // a path too long, a loop: said as such
        return fail(problem.ends_with(": no such file") ? "no cache at " + path.string() + " (give --cache PATH)" : problem);
    }
    auto cache = openCache(path, "cache", reading);
    if (!cache)
        return kExitUsage;

    if (sub == "list") {
        cache::ListFilter filter;
        if (auto backend = backendFromArgs(args))
            filter.backend = kernel::backendName(*backend);
        if (!currentSourceHashes(rest, &filter.currentSourceHashes))
            return kExitUsage;
        auto rows = cache->list(filter);
        if (!rows.ok())
            return fail(rows.error->message, kExitKernelError);
        for (const std::string& skipped : rows.skipped)
            std::cerr << "tilescope cache list: " << skipped << "\n";
        if (args.flag("json")) {
            nlohmann::ordered_json tunings = nlohmann::ordered_json::array();
            for (const auto& row : *rows.value)
                tunings.push_back(summaryJson(row));
            const nlohmann::ordered_json j = {
                {"schema", "tilescope.cache-list/1"}, {"cache", path.string()}, {"tunings", std::move(tunings)}};
            std::cout << jsonText(j) << "\n";
        } else {
            for (const auto& row : *rows.value)
                std::cout << cache::formatSummary(row) << "\n";
            std::cout << formatCount(std::int64_t(rows.value->size()), "tuning") << " in "
                      << path.string() << "\n";
        }
        return kExitOk;
    }
    if (sub == "show") {
        long long id = 0;
        if (!parseCount(rest[0][0] == '#' ? rest[0].substr(1) : rest[0], &id))
            return fail("show: the entry id must be a number (as `cache list` prints it), got '" + rest[0] + "'");
        auto record = cache->show(id);
        if (!record.ok())
            return fail(record.error->message, record.error->code == "cache-not-found" ? kExitUsage : kExitKernelError);
        if (args.flag("json"))
            std::cout << exporter::tuningReportJson(*record.value);
        else
            std::cout << recordText(*record.value);
        return kExitOk;
    }
    if (sub == "export") {
        auto status = cache->exportJson(rest[0]);
        if (!status.ok())
            return fail(status.error->message, kExitKernelError);
        for (const std::string& skipped : status.skipped)
            std::cerr << "tilescope cache export: " << skipped << "\n";
        auto n = cache->count();
        std::cout << "exported " << formatCount(std::int64_t(n.ok() ? *n.value : 0), "tuning") << " from " << path.string() << " to " << rest[0]
                  << "\n";
        return kExitOk;
    }
    if (sub == "import") {
        auto merged = cache->importJson(rest[0]);
        if (!merged.ok())
            return fail(merged.error->message);
        printMerge(*merged.value, path);
        return kExitOk;
    }
    if (sub == "merge") {
        std::vector<std::filesystem::path> sources;
        for (const std::string& s : rest) {
            if (!util::pathExists(s))
                return fail("merge: no cache at " + s);
            sources.emplace_back(s);
        }
        auto merged = cache->merge(sources);
        if (!merged.ok())
            return fail(merged.error->message);
        for (const std::string& skipped : merged.skipped)
            std::cerr << "tilescope cache merge: " << skipped << "\n";
        printMerge(*merged.value, path);
        return kExitOk;
    }
    // prune
    cache::PruneOptions prune;
    prune.superseded = true;
    prune.knownSimulatorVersions = std::vector<std::string>{tuning::kSimulatorVersion};
    prune.dryRun = args.flag("dry-run");
    if (auto backend = backendFromArgs(args))
        prune.backend = kernel::backendName(*backend);
    if (auto days = args.value("older-than")) {
        char* end = nullptr;
        const double d = std::strtod(days->c_str(), &end);
        if (days->empty() || *end != '\0' || !std::isfinite(d) || d < 0)
            return fail("prune: --older-than takes a number of days, got '" + *days + "'");
        prune.olderThanDays = d;
    }
    if (!currentSourceHashes(rest, &prune.currentSourceHashes))
        return kExitUsage;
    auto pruned = cache->prune(prune);
    if (!pruned.ok())
        return fail(pruned.error->message, kExitKernelError);
    for (const std::string& skipped : pruned.skipped)
        std::cerr << "tilescope cache prune: " << skipped << "\n";
    for (const cache::PrunedEntry& e : *pruned.value)
        std::cout << (prune.dryRun ? "would remove " : "removed ") << cache::formatSummary(e.summary) << "  ("
                  << e.reason.english() << ")\n";
    std::cout << formatCount(std::int64_t(pruned.value->size()), "entry", "entries")
              << (prune.dryRun ? " would be removed" : " removed") << " from " << path.string() << "\n";
    return kExitOk;
}

} // namespace ts::cli
