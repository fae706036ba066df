#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/analysis/analysis_report.h"
#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/pipeline/workflow.h"
#include "core/space/candidate_query.h"
#include "core/space/space_report.h"
#include "core/space/space_summary.h"
#include "core/tuning/time_limit_prune.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>

namespace ts::cli {

namespace {

std::string kwargsText(const space::TritonConfig& config)
{
    std::string out;
    for (const auto& [name, value] : config.kwargs)
        out += (out.empty() ? "" : ", ") + name + "=" + value.toPython();
    return out;
}

// Left-aligned columns two spaces apart, the last one unpadded.
std::string formatColumns(const std::vector<std::vector<std::string>>& rows)
{
    std::vector<std::size_t> width;
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) {
            width.resize(std::max(width.size(), row.size()), 0);
            width[c] = std::max(width[c], row[c].size());
        }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c)
            line += c + 1 < row.size() ? row[c] + std::string(width[c] - row[c].size() + 2, ' ') : row[c];
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + "\n";
    }
    return out;
}

std::string sideSummary(const pipeline::BackendSide& side)
{
    const std::string name(kernel::backendName(side.version));
    if (!side.problem.empty())
        return name + ": " + side.problem.english();
    if (side.error)
        return name + ": raises " + *side.error;
    return name + ": " + std::to_string(side.configs.size()) + " configs";
}

// `space --compare VERSION`: the launch under VERSION (the base, what the user runs now) and
// under the workload's own version (the one they would upgrade to).
int runSpaceCompare(const Args& args, const kernel::Workload& workload, const npu::DeviceProfile& device)
{
    const std::string baseName = *args.value("compare");
    const auto base = kernel::parseBackendVersion(baseName);
    if (!base) {
        std::cerr << "tilescope space: --compare: unknown backend version \"" << baseName
                  << "\" (valid: " << kernel::backendNames() << ")\n";
        return kExitUsage;
    }
    const pipeline::CompareBackendsResult r = pipeline::compareBackends({workload, device, *base, workload.backend});
    if (!r.ok()) {
        printDiagnostics(r.diagnostics);
        return kExitUsage;
    }
    const space::BackendComparison& cmp = r.comparison;
    const std::string baseLabel(kernel::backendName(r.base.version));
    const std::string otherLabel(kernel::backendName(r.other.version));
    auto configOf = [&](const space::ComparedConfig& c) -> const space::TritonConfig& {
        return c.baseIndex >= 0 ? r.base.configs[std::size_t(c.baseIndex)] : r.other.configs[std::size_t(c.otherIndex)];
    };
    if (args.flag("json")) {
        nlohmann::ordered_json out = {{"schema", "tilescope.backend-compare/1"},
                                      {"kernel", r.base.analysis->kernel->name},
                                      {"device", device.soc}};
        for (const auto* side : {&r.base, &r.other}) {
            nlohmann::ordered_json j = {{"backend", std::string(kernel::backendName(side->version))},
                                        {"configs", side->configs.size()}};
            j["error"] = side->error ? nlohmann::ordered_json(*side->error) : nullptr;
            j["problem"] = side->problem.empty() ? nlohmann::ordered_json(nullptr)
                                                 : nlohmann::ordered_json(side->problem.english());
            out[side == &r.base ? "base" : "other"] = j;
        }
        out["summary"] = {{"same", cmp.same},           {"options", cmp.optionsChanged}, {"reordered", cmp.reordered},
                          {"onlyBase", cmp.onlyBase},   {"onlyOther", cmp.onlyOther},    {"identical", cmp.identical()}};
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (const space::ComparedConfig& c : cmp.configs) {
            nlohmann::ordered_json row = {{"change", std::string(space::changeName(c.change))},
                                          {"moved", c.moved},
                                          {"baseIndex", c.baseIndex >= 0 ? nlohmann::ordered_json(c.baseIndex) : nullptr},
                                          {"otherIndex", c.otherIndex >= 0 ? nlohmann::ordered_json(c.otherIndex) : nullptr},
                                          {"config", configOf(c).toPython()},
                                          {"changedOptions", c.changedOptions}};
            rows.push_back(std::move(row));
        }
        out["configs"] = std::move(rows);
        std::cout << jsonText(out) << "\n";
        return kExitOk;
    }
    std::cout << r.base.analysis->kernel->name << " on " << device.soc << ": backend " << baseLabel << " -> "
              << otherLabel << "\n"
              << sideSummary(r.base) << "\n"
              << sideSummary(r.other) << "\n"
              << cmp.same << " same, " << cmp.optionsChanged << " with changed options, " << cmp.reordered
              << " reordered, " << cmp.onlyBase << " only in " << baseLabel << ", " << cmp.onlyOther << " only in "
              << otherLabel << "\n";
    if (cmp.identical() && !r.base.configs.empty()) {
        std::cout << "The two versions benchmark the same configs in the same order.\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows = {{baseLabel, otherLabel, "change", "config", "options"}};
    auto index = [](int i) { return i >= 0 ? std::to_string(i) : std::string("-"); };
    std::size_t shown = 0;
    constexpr std::size_t kShown = 80;
    for (const space::ComparedConfig& c : cmp.configs) {
        if (c.change == space::ComparedConfig::Change::Same)
            continue;
        if (++shown > kShown)
            continue;
        std::string options;
        for (const std::string& o : c.changedOptions)
            options += (options.empty() ? "" : "; ") + o;
        std::string change(space::changeName(c.change));
        std::string config = kwargsText(configOf(c));
        if (c.change == space::ComparedConfig::Change::Options && c.moved)
            change += ", moved";
        if (c.change == space::ComparedConfig::Change::OnlyBase || c.change == space::ComparedConfig::Change::OnlyOther) {
            change = "only " + (c.change == space::ComparedConfig::Change::OnlyBase ? baseLabel : otherLabel);
            config += "; num_warps=" + std::to_string(configOf(c).numWarps) +
                      ", num_stages=" + std::to_string(configOf(c).numStages);
        }
        rows.push_back({index(c.baseIndex), index(c.otherIndex), change, config, options});
    }
    std::cout << formatColumns(rows);
    if (shown > kShown)
        std::cout << "... " << (shown - kShown) << " more changed configs (--json lists them all)\n";
    return kExitOk;
}

// Where the backend cuts candidates by its time budget while tuning (2026-08's cube and mix
// kernels), which it cut: read from the launch's cached tuning, the one `tune` made for the same
// key values, device, backend and bench method; else a note saying how to find out. Nothing is
// looked up for a backend that cuts nothing, so the space of any other launch costs no file.
std::optional<space::TimeBudgetReport> timeBudgetReport(const Args& args, const kernel::Workload& workload,
                                                        const pipeline::AnalyzeResult& analysed,
                                                        const pipeline::SpaceResult& built)
{
    const analysis::KernelAnalysis& a = *analysed.analysis;
    if (!backends::policy(a.workload.backend).prunesByTimeLimit(a.parse) || built.space->backend().generatedCount() == 0)
        return std::nullopt;
    space::TimeBudgetReport report;
    report.seconds = tuning::kTimeLimitSeconds;
    const std::string tuneCommand = "tilescope tune " + args.positionals().front() +
                                    (args.value("backend") ? " --backend " + *args.value("backend") : std::string());
    report.note = "the backend benchmarks only the fastest configs of a cube or mix kernel, timing each once and "
                  "cutting the rest once their estimated benchmarking time fills its " +
                  std::to_string(int(tuning::kTimeLimitSeconds)) + " s budget; no tuning is cached (" +
                  (args.flag("no-cache") ? std::string("--no-cache") : cachePathFor(args, workload).string()) +
                  "): `" + tuneCommand + "` finds which it cuts";
    if (args.flag("no-cache"))
        return report;
    pipeline::CacheLookupRequest request;
    request.analysis = analysed.analysis;
    request.device = a.workload.device;
    request.method = tuning::optionsFromEnvironment().method;
    if (auto method = npu::parseBenchMethod(workload.benchMethod))
        request.method = *method;
    request.cachePath = cachePathFor(args, workload);
    request.space = built.space;
    const pipeline::CacheLookupResult found = pipeline::lookupCached(request);
    if (found.error)
        std::cerr << "tilescope space: the config cache is not read: " << *found.error << "\n";
    if (found.freshness != cache::Freshness::Fresh || !found.tuning)
        return report;
    space::TunedOverlay overlay;
    overlay.createdAt = found.createdAt;
    overlay.cacheId = found.id;
    overlay.cachePath = found.cachePath.string();
    overlay.source = "from the tuning cached on " + found.createdAt + " (cache #" + std::to_string(found.id) + " in " +
                     overlay.cachePath + ")";
    overlay.reasonMessage = tuning::timeBudgetCutText();
    const tuning::TuningResult& t = *found.tuning;
    overlay.entries.reserve(t.tuned.size());
    for (std::size_t i : t.tuned) {
        const tuning::OutcomeStatus o = t.outcomes[i].status;
        space::TunedOverlay::Entry e{i, std::string(tuning::outcomeStatusName(o)), space::ReasonCode::None};
        if (o == tuning::OutcomeStatus::TimeBudgetCut) {
            e.reason = space::ReasonCode::CubeTimeBudget;
            ++overlay.cut;
        }
        overlay.benchmarked += o == tuning::OutcomeStatus::Benchmarked || o == tuning::OutcomeStatus::Best;
        overlay.failed += o == tuning::OutcomeStatus::CompileFailed;
        overlay.entries.push_back(std::move(e));
    }
    std::sort(overlay.entries.begin(), overlay.entries.end(),
              [](const auto& x, const auto& y) { return x.candidate < y.candidate; });
    overlay.unmatched = found.unmatched;
    overlay.tuned = overlay.entries.size() + found.unmatched;
    report.tuning = std::move(overlay);
    report.note.clear();
    return report;
}

} // namespace

int runSpace(const Args& args)
{
    if (args.flag("json") && args.flag("csv")) {
        std::cerr << "tilescope space: --json and --csv exclude each other\n";
        return kExitUsage;
    }
    if (args.flag("summary") && (args.flag("csv") || args.flag("bench") || args.value("compare"))) {
        std::cerr << "tilescope space: --summary excludes --csv, --bench and --compare\n";
        return kExitUsage;
    }
    if (args.value("filter") && (args.flag("bench") || args.value("compare"))) {
        std::cerr << "tilescope space: --filter excludes --bench and --compare\n";
        return kExitUsage;
    }
    if (args.flag("bench"))
        return runSpaceBench(args);
    if (args.value("reps")) {
        std::cerr << "tilescope space: --reps needs --bench\n";
        return kExitUsage;
    }
    auto workload = workloadFromArgs(args, "space");
    if (!workload)
        return kExitUsage;
    auto registry = devicesFromArgs(args, "space");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile) {
        std::cerr << "tilescope space: " << lookup.error << "\n";
        return kExitUsage;
    }
    const pipeline::AnalyzeResult result = pipeline::analyze({*workload});
    if (!result.ok()) {
        printDiagnostics(result.diagnostics);
        return result.kernelSyntaxError ? kExitKernelError : kExitUsage;
    }
    const analysis::KernelAnalysis& a = *result.analysis;
    if (args.value("compare"))
        return runSpaceCompare(args, *workload, *lookup.profile);
    pipeline::SpaceRequest request{result.analysis, *lookup.profile, {}};
    request.options.lattice = args.flag("lattice");
    const pipeline::SpaceResult built = pipeline::buildSpace(request);
    if (!built.space) {
        printDiagnostics(a.diagnostics);
        std::cerr << "tilescope space: " << built.problem << "\n";
        return kExitKernelError;
    }
    const space::CandidateSpace& candidates = *built.space;

    space::SpaceReportOptions report;
    report.backend = kernel::backendName(a.workload.backend);
    if (args.flag("no-cache") && args.value("cache")) {
        std::cerr << "tilescope space: --cache and --no-cache exclude each other\n";
        return kExitUsage;
    }
    report.timeBudget = timeBudgetReport(args, *workload, result, built);
    space::CandidateQuery query;
    if (const auto filter = args.value("filter")) {
        query = space::CandidateQuery::parse(*filter);
        query.bind(&candidates);
        if (std::string why = query.error(); !why.empty()) {
            std::cerr << "tilescope space: --filter '" << *filter << "' is not understood: " << why << "\n";
            return kExitUsage;
        }
        report.keep = [&](std::size_t i) { return query.matches(candidates, i); };
    }
    if (args.flag("summary")) {
        const space::SpaceSummary summary =
            space::summarizeSpace(candidates, report.keep, args.value("filter").value_or(""));
        if (args.flag("json")) {
            nlohmann::ordered_json doc = space::spaceSummaryToJson(summary, report.backend);
            if (report.timeBudget)
                doc["timeBudget"] = space::timeBudgetToJson(report.timeBudget);
            std::cout << jsonText(doc) << "\n";
        } else {
            std::cout << a.kernel->name << " on " << lookup.profile->soc << ", backend "
                      << kernel::backendLabel(a.workload.backend) << "\n"
                      << space::formatSpaceSummary(summary) << space::timeBudgetText(report.timeBudget);
        }
    } else if (args.flag("json")) {
        space::writeSpaceJson(std::cout, candidates, report, 2);
        std::cout << "\n";
    } else if (args.flag("csv")) {
        space::writeSpaceCsv(std::cout, candidates, report);
    } else {
        std::cout << a.kernel->name << " on " << lookup.profile->soc << ", backend "
                  << kernel::backendLabel(a.workload.backend) << "\n";
        std::cout << space::formatSpaceTable(candidates, report);
    }
    printDiagnostics(a.diagnostics);
    return candidates.error() || a.inError() ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
