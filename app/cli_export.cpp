// `tilescope export WORKLOAD [--top K | --configs I,J,...] [--format ...] [--output FILE]`
// and `tilescope export --from-autotune-json FILE WORKLOAD`.

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/export/config_list.h"
#include "core/export/triton_cache_json.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/pipeline/workflow.h"

#include <algorithm>
#include <cmath>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

namespace ts::cli {
namespace {

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope export: " << message << "\n";
    return code;
}

exporter::AutotuneKey keyOf(const analysis::KernelAnalysis& a)
{
    exporter::AutotuneKey key;
    if (a.kernel && a.kernel->autotune) {
        if (a.kernel->autotune->keyDict)
            for (const auto& [axis, argument] : *a.kernel->autotune->keyDict)
                key.axes.emplace_back(axis, argument);
        else
            key.names = a.kernel->autotune->keyList;
    }
    return key;
}

int writeOut(const Args& args, const std::string& text)
{
    if (auto file = args.value("output")) {
        if (!writeOutput(*file, text, "export"))
            return kExitUsage;
        std::cerr << "tilescope export: wrote " << *file << "\n";
    } else {
        std::cout << text;
    }
    return kExitOk;
}

} // namespace

int runExport(const Args& args)
{
    if (!checkOutputOption(args, "output", "export"))
        return kExitUsage;
    const std::string format = args.value("format").value_or("python");
    if (format != "python" && format != "json" && format != "csv" && format != "autotune-json")
        return fail("--format must be python, json, csv or autotune-json, got '" + format + "'");
    if (args.value("top") && args.value("configs"))
        return fail("--top and --configs exclude each other");
    if ((args.value("top") || args.value("configs")) && format != "python")
        return fail("--top and --configs choose configs for --format python; json, csv and autotune-json "
                    "report the whole tuning");
    long long top = 5;
    if (auto text = args.value("top"))
        if (!parseCount(*text, &top) || top < 1)
            return fail("--top takes a positive number, got '" + *text + "'");

    auto workload = workloadFromArgs(args, "export");
    if (!workload)
        return kExitUsage;
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*workload});
    if (!analysed.ok() || !analysed.analysis->kernel) {
        printDiagnostics(analysed.diagnostics);
        return kExitUsage;
    }
    const analysis::KernelAnalysis& a = *analysed.analysis;
    exporter::ConfigListOptions listOptions;
    listOptions.key = keyOf(a);

    if (auto file = args.value("from-autotune-json")) {
        if (format != "python" || args.value("configs"))
            return fail("--from-autotune-json writes Python only (with --top K)");
        // Read as the workload's backend version reads its disk cache (2026-08 refuses fields
        // triton.Config does not take).
        exporter::TritonJsonResult read = exporter::readTritonAutotuneJsonFile(*file, workload->backend);
        if (!read.ok())
            return fail(read.error);
        std::vector<std::size_t> order(read.cache->configsTimings.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        const auto& timings = read.cache->configsTimings;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t x, std::size_t y) { return timings[x].timingsMs < timings[y].timingsMs; });
        std::vector<exporter::HandwrittenConfig> configs;
        for (std::size_t i : order) {
            if (configs.size() >= static_cast<std::size_t>(top) && args.value("top"))
                break;
            const std::optional<double> p50 =
                timings[i].timingsMs.empty() ? std::nullopt : std::optional<double>(timings[i].timingsMs.front());
            configs.push_back(
                exporter::handwrittenConfig(timings[i].kwargs, timings[i].numWarps, timings[i].numStages, p50));
        }
        exporter::ConfigListResult text = exporter::writeAutotuneDecorator(configs, listOptions);
        if (!text.ok())
            return fail(*file + ": " + text.error);
        return writeOut(args, text.text);
    }

    auto options = tuningOptionsFromArgs(args, *workload, "export");
    if (!options)
        return kExitUsage;
    auto registry = devicesFromArgs(args, "export");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile)
        return fail(lookup.error);

    if (args.flag("no-cache") && args.value("cache"))
        return fail("--cache and --no-cache exclude each other");
    pipeline::TuneRequest request;
    request.analysis = analysed.analysis;
    request.device = *lookup.profile;
    request.options = *options;
    if (!args.flag("no-cache"))
        request.cache.path = cachePathFor(args, *workload);
    request.cache.force = args.flag("force");
    if (request.cache.path.empty()) {
        std::cerr << "tilescope export: tuning without the cache\n";
    } else {
        // Say why the export tunes before it does (a tuning can take a while).
        pipeline::CacheLookupRequest lookupRequest{analysed.analysis, lookup.profile->soc, options->method,
                                                   request.cache.path};
        lookupRequest.candidateSet = pipeline::candidateSetText(*options);
        const pipeline::CacheLookupResult found = pipeline::lookupCached(lookupRequest);
        if (found.freshness != cache::Freshness::Fresh || request.cache.force)
            std::cerr << "tilescope export: "
                      << (request.cache.force ? std::string("--force: ")
                          : found.freshness == cache::Freshness::Stale
                              ? "cache entry #" + std::to_string(found.id) + " is stale (the kernel changed): "
                              : "no tuning of " + found.key.describe() + " in " + request.cache.path.string() + ": ")
                      << "tuning it first\n";
    }
    const pipeline::TuneResult tuned = pipeline::tune(request);
    for (const std::string& notice : tuned.cacheNotices)
        std::cerr << "tilescope export: " << notice << "\n";
    if (tuned.cacheError)
        std::cerr << "tilescope export: cache: " << *tuned.cacheError << "\n";
    if (!tuned.record)
        return fail("the tuning of " + tuned.key.describe() + " found no config: " +
                        (tuned.error ? tuned.error->english() : std::string("stopped")),
                    kExitKernelError);
    if (tuned.fromCache)
        std::cerr << "tilescope export: from cache #" << tuned.record->id << ", tuned " << tuned.record->createdAt << "\n";

    pipeline::ExportRequest exportRequest;
    exportRequest.includeIncorrect = args.flag("include-incorrect");
    exportRequest.record = std::make_shared<const cache::TuningRecord>(*tuned.record);
    exportRequest.format = format == "json"            ? pipeline::ExportFormat::JsonReport
                           : format == "csv"           ? pipeline::ExportFormat::CsvReport
                           : format == "autotune-json" ? pipeline::ExportFormat::TritonAutotuneJson
                                                       : pipeline::ExportFormat::Python;
    exportRequest.top = static_cast<std::size_t>(top);
    exportRequest.dropEquivalent = args.flag("drop-equivalent");
    exportRequest.list = listOptions;
    if (auto list = args.value("configs")) {
        std::stringstream ss(*list);
        std::string item;
        while (std::getline(ss, item, ',')) {
            long long index = -1;
            if (!parseCount(item, &index) || index < 0)
                return fail("--configs: '" + item + "' is not a candidate index of cache entry #" +
                            std::to_string(tuned.record->id) + " (see `tilescope cache show " +
                            std::to_string(tuned.record->id) + "`)");
            exportRequest.indices.push_back(static_cast<std::size_t>(index));
        }
        if (exportRequest.indices.empty())
            return fail("--configs: no index given");
    }
    const pipeline::ExportResult written = pipeline::exportTuning(exportRequest);
    for (const std::string& warning : written.warnings)
        std::cerr << "tilescope export: " << warning << "\n";
    for (const msg::Message& same : written.equivalent)
        std::cerr << "tilescope export: " << same.english() << "\n";
    if (!written.equivalent.empty() && !exportRequest.dropEquivalent)
        std::cerr << "tilescope export: --drop-equivalent keeps only the fastest of each such group\n";
    if (written.problem == pipeline::ExportProblem::BadIndex)
        return fail("--configs: " + written.error->english());
    if (!written.ok())
        return fail(written.error->english(), kExitKernelError);
    if (exportRequest.format == pipeline::ExportFormat::TritonAutotuneJson && !args.value("output"))
        std::cerr << "tilescope export: Triton names this file " << written.fileName << "\n";
    return writeOut(args, written.text);
}

} // namespace ts::cli
