// `tilescope measure import FILE... | compare WORKLOAD | list [WORKLOAD]`: timings measured on
// real hardware, kept in the config cache, compared with the simulated NPU's.

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/pipeline/workflow.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>

namespace ts::cli {
namespace {

using ojson = nlohmann::ordered_json;

int fail(const std::string& sub, const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope measure " << sub << ": " << message << "\n";
    return code;
}

// A measured or simulated time (kept in ms, as measurements are) in µs, as every kernel time is
// written, without the unit: the table's header carries it.
std::string usText(std::optional<double> ms)
{
    return ms && std::isfinite(*ms) ? formatUs(*ms * 1000.0) : "-";
}

// The same with its unit, in prose.
std::string timeText(std::optional<double> ms)
{
    return ms && std::isfinite(*ms) ? formatKernelTime(*ms) : "-";
}

std::string numberText(double v, const char* format = "%.3f")
{
    if (!std::isfinite(v))
        return "n/a";
    char buf[32];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

// A ratio of two times, written as every ratio the product prints ("1.071x").
std::string ratioNumber(double v)
{
    return std::isfinite(v) ? formatRatio(v) : "n/a";
}

ojson jsonNumber(std::optional<double> v)
{
    return v && std::isfinite(*v) ? ojson(*v) : ojson(nullptr);
}

ojson configJson(const space::TritonConfig& config)
{
    ojson kwargs = ojson::object();
    for (const auto& [name, value] : config.kwargs)
        kwargs[name] = value.isBool ? ojson(value.value != 0) : ojson(value.value);
    return {{"kwargs", std::move(kwargs)}, {"num_warps", config.numWarps}, {"num_stages", config.numStages}};
}

ojson launchJson(const cache::TuningKey& key)
{
    ojson values = ojson::object();
    for (const auto& [name, value] : key.keyValues)
        values[name] = value;
    return {{"kernel", key.kernelName}, {"keyValues", std::move(values)}, {"dtypes", key.dtypes},
            {"backend", key.backend}, {"sourceHash", key.sourceHash}};
}

// The skipped entries of a file, counted by reason.
std::map<std::string, std::size_t> reasons(const std::vector<measure::SkippedEntry>& skipped)
{
    std::map<std::string, std::size_t> out;
    for (const measure::SkippedEntry& s : skipped)
        ++out[s.reason];
    return out;
}

int runImport(const Args& args, const std::vector<std::string>& files)
{
    if (files.empty())
        return fail("import", "expected one or more measurement files (see --help)");
    pipeline::MeasureImportRequest request;
    request.files = files;
    if (auto path = args.value("workload")) {
        auto workload = workloadFromInput(args, *path, "measure import");
        if (!workload)
            return kExitUsage;
        request.workload = std::move(*workload);
    }
    request.measuredOn = args.value("measured-on").value_or("");
    if (auto cache = args.value("cache"))
        request.cachePath = *cache;
    const pipeline::MeasureImportResult result = pipeline::importMeasurements(request);
    for (const std::string& notice : result.cacheNotices)
        std::cerr << "tilescope measure import: " << notice << "\n";

    if (args.flag("json")) {
        ojson files = ojson::array();
        for (const pipeline::MeasureFileReport& f : result.files) {
            ojson skipped = ojson::array();
            for (const measure::SkippedEntry& s : f.skipped)
                skipped.push_back({{"line", s.line}, {"reason", s.reason}});
            files.push_back({{"file", f.file},
                             {"format", f.format.empty() ? ojson(nullptr) : ojson(f.format)},
                             {"launch", f.launch.empty() ? ojson(nullptr) : ojson(f.launch)},
                             {"read", f.read},
                             {"added", f.added},
                             {"duplicates", f.duplicates},
                             {"skipped", std::move(skipped)},
                             {"warnings", f.warnings},
                             {"error", f.error ? ojson(*f.error) : ojson(nullptr)}});
        }
        const ojson j = {{"schema", "tilescope.measure-import/1"},
                         {"cache", result.cachePath.empty() ? ojson(nullptr) : ojson(result.cachePath.string())},
                         {"read", result.read},
                         {"added", result.added},
                         {"duplicates", result.duplicates},
                         {"skipped", result.skipped},
                         {"files", std::move(files)},
                         {"error", result.error ? ojson(*result.error) : ojson(nullptr)}};
        std::cout << jsonText(j) << "\n";
    } else {
        for (const pipeline::MeasureFileReport& f : result.files) {
            if (f.error) {
                std::cerr << f.error.value() << "\n";
                continue;
            }
            std::cout << f.file << " (" << f.format << ", " << f.launch
                      << "): " << formatInteger(std::int64_t(f.read)) << " read, "
                      << formatInteger(std::int64_t(f.added)) << " new, "
                      << formatInteger(std::int64_t(f.duplicates)) << " duplicate, "
                      << formatInteger(std::int64_t(f.skipped.size())) << " skipped\n";
            for (const auto& [reason, count] : reasons(f.skipped))
                std::cout << "  skipped " << formatInteger(std::int64_t(count)) << ": " << reason << "\n";
            for (const std::string& w : f.warnings)
                std::cerr << "tilescope measure import: " << f.file << ": " << w << "\n";
        }
        if (result.ok())
            std::cout << "total: " << formatInteger(std::int64_t(result.read)) << " read, "
                      << formatInteger(std::int64_t(result.added)) << " new, "
                      << formatInteger(std::int64_t(result.duplicates)) << " duplicate, "
                      << formatInteger(std::int64_t(result.skipped)) << " skipped"
                      << (result.cachePath.empty() ? std::string() : " into " + result.cachePath.string())
                      << "\n";
    }
    if (!result.ok()) {
        std::cerr << "tilescope measure import: " << *result.error << "\n";
        return kExitUsage;
    }
    return kExitOk;
}

int runCompare(const Args& args, const std::vector<std::string>& rest)
{
    if (rest.size() != 1)
        return fail("compare", "expected one WORKLOAD.json or KERNEL.py");
    auto workload = workloadFromInput(args, rest[0], "measure compare");
    if (!workload)
        return kExitUsage;
    auto options = tuningOptionsFromArgs(args, *workload, "measure compare");
    if (!options)
        return kExitUsage;
    auto registry = devicesFromArgs(args, "measure compare");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile)
        return fail("compare", lookup.error);
    long long topK = 5;
    if (auto k = args.value("top-k"); k && (!parseCount(*k, &topK) || topK < 1))
        return fail("compare", "--top-k takes a whole number of at least 1, got '" + *k + "'");
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*workload});
    if (!analysed.ok()) {
        printDiagnostics(analysed.diagnostics);
        return analysed.kernelSyntaxError ? kExitKernelError : kExitUsage;
    }
    pipeline::CompareMeasuredRequest request;
    request.analysis = analysed.analysis;
    request.device = *lookup.profile;
    request.options = *options;
    request.cachePath = cachePathFor(args, *workload);
    request.measuredDevice = args.value("measured-on").value_or("");
    request.topK = std::size_t(topK);
    pipeline::RunControl control;
    const pipeline::CompareMeasuredResult result = [&] {
        const InterruptStop interrupt;
        control.stop = interrupt.token();
        return pipeline::compareMeasured(request, control);
    }();
    if (!result.ok())
        return fail("compare", result.error->english());
    const measure::RankAgreement& a = result.agreement;
    const auto simPick = result.simulatorPick();
    const auto best = result.measuredBest();

    if (args.flag("json")) {
        ojson candidates = ojson::array();
        for (std::size_t i = 0; i < result.candidates.size(); ++i) {
            const pipeline::MeasuredCandidate& c = result.candidates[i];
            candidates.push_back({{"config", configJson(c.config)},
                                  {"measuredStatus", c.measuredStatus},
                                  {"measuredError", c.measuredError.empty() ? ojson(nullptr) : ojson(c.measuredError)},
                                  {"timedRuns", c.timedRuns},
                                  {"measuredMs", jsonNumber(c.measuredMs)},
                                  {"measuredP20Ms", jsonNumber(c.measuredP20Ms)},
                                  {"measuredP80Ms", jsonNumber(c.measuredP80Ms)},
                                  {"simulatedStatus", c.simulatedStatus},
                                  {"simulatedError", c.simulatedError.empty() ? ojson(nullptr) : ojson(c.simulatedError)},
                                  {"simulatedMs", jsonNumber(c.simulatedMs)},
                                  {"ratio", jsonNumber(c.ratio)},
                                  {"simulatorPick", simPick == i},
                                  {"measuredBest", best == i},
                                  {"autotunerPick", c.autotunerPick}});
        }
        ojson outliers = ojson::array();
        for (std::size_t o : a.outliers)
            outliers.push_back(result.compared[o]);
        ojson devices = ojson::array();
        for (const auto& [name, count] : result.measuredDevices)
            devices.push_back({{"name", name}, {"measurements", count}});
        auto finite = [](double v) { return std::isfinite(v) ? ojson(v) : ojson(nullptr); };
        const ojson j = {
            {"schema", "tilescope.measure-compare/1"},
            {"launch", launchJson(result.key)},
            {"simulatedDevice", result.key.device},
            {"benchMethod", result.key.benchMethod},
            {"simulatorVersion", result.key.simulatorVersion},
            {"measuredDevice", result.measuredDevice},
            {"measuredDevices", std::move(devices)},
            {"cache", result.cachePath.string()},
            {"compared", a.n},
            {"spearman", a.n ? finite(a.spearman) : ojson(nullptr)},
            {"kendallTauB", a.n ? finite(a.kendallTauB) : ojson(nullptr)},
            {"top1Regret", a.n ? ojson(a.top1Regret) : ojson(nullptr)},
            {"topK", a.k},
            {"topKRecall", a.n ? ojson(a.topKRecall) : ojson(nullptr)},
            {"geomeanRatio", a.n ? finite(a.geomeanRatio) : ojson(nullptr)},
            {"simulatorPick", simPick ? ojson(*simPick) : ojson(nullptr)},
            {"measuredBest", best ? ojson(*best) : ojson(nullptr)},
            {"outliers", std::move(outliers)},
            {"candidates", std::move(candidates)},
            {"notes", msg::english(result.notes)},
            {"stopped", result.stopped}};
        std::cout << jsonText(j) << "\n";
        return kExitOk;
    }

    std::cout << result.key.describe() << "\n";
    std::cout << "measured on " << result.measuredDevice << "; simulated on " << result.key.device << " ("
              << result.key.benchMethod << ", " << result.key.simulatorVersion << ")\n";
    std::cout << formatCount(std::int64_t(result.candidates.size()), "config") << " measured, "
              << formatInteger(std::int64_t(a.n)) << " with both times\n";
    if (a.n > 0) {
        std::cout << "Spearman " << numberText(a.spearman) << ", Kendall tau-b " << numberText(a.kendallTauB) << "\n";
        std::cout << "top-1 regret " << ratioNumber(a.top1Regret) << " (the simulator's pick measured "
                  << timeText(result.candidates[*simPick].measuredMs) << ", the best "
                  << timeText(result.candidates[*best].measuredMs) << ")\n";
        std::cout << "top-" << a.k << " recall " << numberText(a.topKRecall, "%.2f") << "; simulated/measured "
                  << "geometric mean " << ratioNumber(a.geomeanRatio) << "\n";
    }
    std::cout << "\n  #  measured us  simulated us   ratio  config\n";
    for (std::size_t i = 0; i < result.candidates.size(); ++i) {
        const pipeline::MeasuredCandidate& c = result.candidates[i];
        char line[96];
        std::snprintf(line, sizeof line, "%3zu  %11s  %12s  %6s  ", i,
                      c.measuredMs ? usText(c.measuredMs).c_str() : c.measuredStatus.c_str(),
                      c.simulatedMs ? usText(c.simulatedMs).c_str() : c.simulatedStatus.c_str(),
                      c.ratio ? ratioNumber(*c.ratio).c_str() : "-");
        std::string marks;
        if (simPick == i)
            marks += " [simulator's pick]";
        if (best == i)
            marks += " [measured best]";
        if (c.autotunerPick)
            marks += " [autotuner's pick]";
        std::cout << line << measure::configText(c.config) << marks << "\n";
    }
    if (!a.outliers.empty()) {
        std::cout << "\noutliers (largest |log ratio|):\n";
        for (std::size_t o : a.outliers) {
            const std::size_t i = result.compared[o];
            std::cout << "  #" << i << "  ratio " << ratioNumber(a.ratio[o]) << "  "
                      << measure::configText(result.candidates[i].config) << "\n";
        }
    }
    for (const msg::Message& note : result.notes)
        std::cerr << "tilescope measure compare: " << note << "\n";
    return kExitOk;
}

int runList(const Args& args, const std::vector<std::string>& rest)
{
    if (rest.size() > 1)
        return fail("list", "expected at most one WORKLOAD.json or KERNEL.py");
    pipeline::MeasurementListRequest request;
    if (auto cache = args.value("cache"))
        request.cachePath = *cache;
    if (!rest.empty()) {
        auto workload = workloadFromInput(args, rest[0], "measure list");
        if (!workload)
            return kExitUsage;
        const pipeline::AnalyzeResult analysed = pipeline::analyze({*workload});
        if (!analysed.ok()) {
            printDiagnostics(analysed.diagnostics);
            return analysed.kernelSyntaxError ? kExitKernelError : kExitUsage;
        }
        request.analysis = analysed.analysis;
    } else if (request.cachePath.empty()) {
        request.cachePath = std::filesystem::path(".tilescope") / "cache.sqlite";
    }
    request.measuredDevice = args.value("measured-on").value_or("");
    const pipeline::MeasurementListResult result = pipeline::listMeasurements(request);
    if (!result.ok())
        return fail("list", *result.error);
    for (const std::string& note : result.notes)
        std::cerr << "tilescope measure list: " << note << "\n";
    if (args.flag("json")) {
        ojson rows = ojson::array();
        for (const measure::Measurement& m : result.measurements)
            rows.push_back({{"id", m.id},
                            {"launch", launchJson(m.launch)},
                            {"config", configJson(m.config)},
                            {"status", std::string(measure::measureStatusName(m.status))},
                            {"error", m.error.empty() ? ojson(nullptr) : ojson(m.error)},
                            {"p50Ms", jsonNumber(m.p50Ms)},
                            {"p20Ms", jsonNumber(m.p20Ms)},
                            {"p80Ms", jsonNumber(m.p80Ms)},
                            {"device", m.device},
                            {"deviceKind", m.deviceKind},
                            {"software",
                             {{"python", m.software.python},
                              {"triton", m.software.triton},
                              {"torch", m.software.torch},
                              {"torchNpu", m.software.torchNpu}}},
                            {"benchMethod", m.benchMethod},
                            {"sourceFormat", std::string(measure::sourceFormatName(m.sourceFormat))},
                            {"sourceFile", m.sourceFile},
                            {"sourceLine", m.sourceLine},
                            {"importedAt", m.importedAt}});
        const ojson j = {{"schema", "tilescope.measure-list/1"},
                         {"cache", result.cachePath.string()},
                         {"measurements", std::move(rows)}};
        std::cout << jsonText(j) << "\n";
        return kExitOk;
    }
    for (const measure::Measurement& m : result.measurements) {
        std::cout << "#" << m.id << "  " << measure::launchText(m.launch) << "  " << measure::configText(m.config) << "  "
                  << measure::measureStatusName(m.status);
        if (m.p50Ms)
            std::cout << " p50 " << timeText(m.p50Ms);
        std::cout << "  on " << m.device << "  (" << m.sourceFile;
        if (m.sourceLine > 0)
            std::cout << ":" << m.sourceLine;
        std::cout << ")\n";
    }
    std::cout << formatCount(std::int64_t(result.measurements.size()), "measurement") << " in "
              << result.cachePath.string() << "\n";
    return kExitOk;
}

} // namespace

int runMeasure(const Args& args)
{
    if (args.positionals().empty())
        return fail("", "expected a subcommand (see --help)");
    const std::string sub = args.positionals().front();
    const std::vector<std::string> rest(args.positionals().begin() + 1, args.positionals().end());
    if (sub == "import")
        return runImport(args, rest);
    if (sub == "compare")
        return runCompare(args, rest);
    if (sub == "list")
        return runList(args, rest);
    return fail(sub, "unknown subcommand (import, compare, list)");
}

} // namespace ts::cli
