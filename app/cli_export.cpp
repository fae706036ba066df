// `tilescope export WORKLOAD [--top K | --configs I,J,...] [--format ...] [--output FILE]`
// and `tilescope export --from-autotune-json FILE WORKLOAD`.

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/batch/cached_tuning.h"
#include "core/export/config_list.h"
#include "core/export/triton_cache_json.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/tuning_pipeline.h"

#include <algorithm>
#include <cmath>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

namespace ts::cli {
namespace {

constexpr const char* kExportHelp =
    "Usage: tilescope export WORKLOAD.json | KERNEL.py [--top K | --configs I,J,...]\n"
    "                        [--format python|json|csv|autotune-json] [--output FILE] [--cache PATH]\n"
    "                        [--device NAME] [--bench-method default|npu] [--jobs N] [--force]\n"
    "       tilescope export --from-autotune-json FILE WORKLOAD.json | KERNEL.py [--top K] [--output FILE]\n\n"
    "Writes the cached tuning of a launch (tuning it first when the cache has no fresh entry) as:\n"
    "  python         the @triton.autotune(configs=[triton.Config({...}), ...], key=[...]) decorator to\n"
    "                 paste over the kernel, with the kernel's own key: the best config first, then the\n"
    "                 fastest others (--top K, default 5), or the stored candidates --configs I,J,...\n"
    "                 (indices as `tilescope cache show ID` prints them)\n"
    "  json, csv      a report of the whole tuning: every candidate's status, reason and timings\n"
    "  autotune-json  Triton's <fn>.autotune.json results file (key, configs and their timings)\n"
    "--from-autotune-json reads such a file back and writes its configs (fastest first) as Python for\n"
    "the workload's kernel.\n";

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
        std::ofstream out(*file, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out)
            return fail("cannot write " + *file, kExitUsage);
        std::cerr << "tilescope export: wrote " << *file << "\n";
    } else {
        std::cout << text;
    }
    return kExitOk;
}

} // namespace

int runExport(const Args& args)
{
    if (args.flag("help")) {
        std::cout << kExportHelp;
        return kExitOk;
    }
    std::string error;
    if (!args.allowOnly({"function", "arg", "grid", "device", "device-file", "bench-method", "jobs", "seed", "cache",
                         "top", "configs", "format", "output", "from-autotune-json"},
                        {"force", "lattice"}, &error))
        return fail(error);
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
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(*workload);
    if (!analysed.analysis || !analysed.analysis->kernel) {
        printDiagnostics(analysed.diagnostics);
        return kExitUsage;
    }
    const analysis::KernelAnalysis& a = *analysed.analysis;
    exporter::ConfigListOptions listOptions;
    listOptions.key = keyOf(a);

    if (auto file = args.value("from-autotune-json")) {
        if (format != "python" || args.value("configs"))
            return fail("--from-autotune-json writes Python only (with --top K)");
        exporter::TritonJsonResult read = exporter::readTritonAutotuneJsonFile(*file);
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

    const std::filesystem::path cachePath = cachePathFor(args, *workload);
    // A lattice tuning is never cached (see core/batch/cached_tuning.h).
    std::unique_ptr<cache::ConfigCache> cache = options->lattice ? nullptr : openCache(cachePath, "export");
    batch::CachedTuningOptions cachedOptions;
    cachedOptions.tuning = *options;
    cachedOptions.force = args.flag("force");
    if (cache) {
        const cache::TuningKey key = pipeline::tuningKeyFor(a, lookup.profile->soc, options->method);
        const cache::LookupResult found = cache->lookup(key, key.sourceHash);
        if (found.freshness != cache::Freshness::Fresh || cachedOptions.force)
            std::cerr << "tilescope export: "
                      << (cachedOptions.force ? std::string("--force: ")
                          : found.freshness == cache::Freshness::Stale
                              ? "cache entry #" + std::to_string(found.record->id) + " is stale (the kernel changed): "
                              : "no tuning of " + key.describe() + " in " + cachePath.string() + ": ")
                      << "tuning it first\n";
    } else {
        std::cerr << "tilescope export: tuning without the cache\n";
    }
    batch::CachedTuning tuned = batch::tuneCached(a, *lookup.profile, cache.get(), cachedOptions);
    if (tuned.cacheError)
        std::cerr << "tilescope export: cache: " << *tuned.cacheError << "\n";
    if (!tuned.record)
        return fail("the tuning of " + tuned.key.describe() + " found no config: " + tuned.error.value_or("stopped"),
                    kExitKernelError);
    const cache::TuningRecord& record = *tuned.record;
    if (tuned.fromCache)
        std::cerr << "tilescope export: from cache #" << record.id << ", tuned " << record.createdAt << "\n";

    if (format == "json")
        return writeOut(args, exporter::tuningReportJson(record));
    if (format == "csv")
        return writeOut(args, exporter::tuningReportCsv(record));
    if (format == "autotune-json") {
        std::string why;
        std::string text = exporter::writeTritonAutotuneJson(exporter::tritonCacheFromTuning(record), &why);
        if (text.empty())
            return fail(why, kExitKernelError);
        if (!args.value("output"))
            std::cerr << "tilescope export: Triton names this file " << exporter::tritonAutotuneFileName(a.kernel->name)
                      << "\n";
        return writeOut(args, text);
    }

    std::vector<exporter::HandwrittenConfig> configs;
    if (auto list = args.value("configs")) {
        std::stringstream ss(*list);
        std::string item;
        while (std::getline(ss, item, ',')) {
            long long index = -1;
            if (!parseCount(item, &index) || index < 0 || static_cast<std::size_t>(index) >= record.candidates.size())
                return fail("--configs: '" + item + "' is not a candidate index of cache entry #" +
                            std::to_string(record.id) + " (0.." + std::to_string(record.candidates.size() - 1) +
                            "; see `tilescope cache show " + std::to_string(record.id) + "`)");
            const cache::CandidateRecord& c = record.candidates[static_cast<std::size_t>(index)];
            if (!cache::wasBenchmarked(c.status))
                std::cerr << "tilescope export: candidate " << index << " was not benchmarked ("
                          << cache::candidateStatusName(c.status) << ")\n";
            configs.push_back(exporter::handwrittenConfig(c));
        }
        if (configs.empty())
            return fail("--configs: no index given");
    } else {
        configs = exporter::configsFromTuning(record, static_cast<std::size_t>(top));
    }
    exporter::ConfigListResult text = exporter::writeAutotuneDecorator(configs, listOptions);
    if (!text.ok())
        return fail(text.error, kExitKernelError);
    return writeOut(args, text.text);
}

} // namespace ts::cli
