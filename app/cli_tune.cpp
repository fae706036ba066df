#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/batch/cached_tuning.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/tuning/tuning_report.h"
#include "core/tuning/tuning_session.h"
#include "core/util/format.h"

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

std::string paramsText(const cache::CandidateRecord& c)
{
    std::string out;
    for (const auto& [name, value] : c.params)
        out += (out.empty() ? "" : " ") + name + "=" + value;
    out += (out.empty() ? "" : " ") + std::string("num_warps=") + std::to_string(c.numWarps) +
           " num_stages=" + std::to_string(c.numStages);
    return out;
}

// A tuning read back from the cache, for people.
std::string cachedTuningText(const cache::TuningRecord& r, const std::filesystem::path& cachePath)
{
    std::string out = r.key.describe() + "\n";
    out += "from cache #" + std::to_string(r.id) + ", tuned " + r.createdAt + " (" + cachePath.string() +
           "; --force tunes again)\n";
    if (const cache::CandidateRecord* best = r.best())
        out += "best: " + paramsText(*best) + "  p50 " + usText(best->p50Ms) + " us (p20 " + usText(best->p20Ms) +
               ", p80 " + usText(best->p80Ms) + ")\n";
    else
        out += "best: none\n";
    std::vector<const cache::CandidateRecord*> measured;
    std::size_t failed = 0;
    for (const cache::CandidateRecord& c : r.candidates) {
        if (c.p50Ms && std::isfinite(*c.p50Ms))
            measured.push_back(&c);
        failed += c.status == cache::CandidateStatus::CompileFailed;
    }
    std::stable_sort(measured.begin(), measured.end(),
                     [](const auto* a, const auto* b) { return *a->p50Ms < *b->p50Ms; });
    out += std::to_string(measured.size()) + " benchmarked, " + std::to_string(failed) + " failed to compile, " +
           formatCount(std::int64_t(r.candidates.size()), "candidate") + " stored\n";
    const std::size_t shown = std::min<std::size_t>(measured.size(), 10);
    for (std::size_t i = 0; i < shown; ++i)
        out += "  " + std::to_string(i + 1) + ". " + paramsText(*measured[i]) + "  p50 " + usText(measured[i]->p50Ms) +
               " us\n";
    if (!r.notes.empty())
        out += "note: " + r.notes + "\n";
    return out;
}

} // namespace

int runTune(const Args& args)
{
    if (args.flag("help")) {
        std::cout
            << "Usage: tilescope tune WORKLOAD.json | KERNEL.py [--device NAME] [--bench-method default|npu]\n"
               "                      [--jobs N] [--seed S] [--lattice] [--json] [--print-autotuning]\n"
               "                      [--function NAME] [--arg NAME=VALUE ...] [--grid EXPR] [--device-file PATH]\n\n"
               "Compiles every candidate the backend would benchmark on the simulated NPU, in a pool of worker\n"
               "threads, benchmarks the ones that compiled, and picks the best by its median time, as\n"
               "Triton-Ascend's autotune does. Prints the best config, the ranking, and the modelled tuning\n"
               "time on the real toolchain. TRITON_BENCH_METHOD=npu and TRITON_AUTOTUNE_PARALLEL_COMPILE=0 are\n"
               "honoured; --bench-method and --jobs win over them. Ctrl+C stops and keeps what finished.\n\n"
               "Tunings are kept in a config cache (default .tilescope/cache.sqlite beside the workload, or\n"
               "beside the kernel file; --cache PATH overrides). A fresh entry for the same kernel source,\n"
               "key values, dtypes, device, benchmark method and simulator is printed instead of tuning\n"
               "again (\"from cache #ID\"); --force tunes anyway, --no-cache neither reads nor writes it. An\n"
               "entry whose kernel source changed is stale: it is named on stderr and the kernel is tuned.\n"
               "With --json the tuning is printed as a \"tilescope.tuning/1\" document (docs/OUTPUT.md), the same\n"
               "whether it ran now or came from the cache: only its \"cache\" block differs ({hit, path, id,\n"
               "createdAt, staleId, error}; null with --no-cache).\n";
        return kExitOk;
    }
    std::string error;
    if (!args.allowOnly({"function", "arg", "grid", "device", "device-file", "bench-method", "jobs", "seed", "cache"},
                        {"json", "lattice", "print-autotuning", "force", "no-cache"}, &error)) {
        std::cerr << "tilescope tune: " << error << "\n";
        return kExitUsage;
    }
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
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(*workload);
    if (!analysed.analysis) {
        printDiagnostics(analysed.diagnostics);
        const bool kernelSyntax = !analysed.diagnostics.empty() && analysed.diagnostics.front().code == "syntax-error";
        return kernelSyntax ? kExitKernelError : kExitUsage;
    }
    const analysis::KernelAnalysis& a = *analysed.analysis;
    const bool json = args.flag("json");
    if (args.flag("no-cache") && args.value("cache")) {
        std::cerr << "tilescope tune: --cache and --no-cache exclude each other\n";
        return kExitUsage;
    }
    std::unique_ptr<cache::ConfigCache> cache;
    std::filesystem::path cachePath;
    if (options.lattice && !args.flag("no-cache")) {
        std::cerr << "tilescope tune: a --lattice tuning is not cached (the cache keeps the backend's own pick)\n";
    } else if (!args.flag("no-cache")) {
        cachePath = cachePathFor(args, *workload);
        cache = openCache(cachePath, "tune");  // a cache that cannot be opened never stops a tuning
        if (!cache)
            std::cerr << "tilescope tune: tuning without the cache\n";
    }

    tuning::TuningCallbacks callbacks;
    callbacks.progress = [&](const tuning::Progress& p) {
        if (p.total == 0)
            return;
        std::cerr << "\r" << tuning::progressStageName(p.stage) << ": " << p.done << "/" << p.total;
        if (p.etaSeconds > 0)
            std::cerr << ", about " << static_cast<int>(p.etaSeconds + 0.5) << " s left";
        std::cerr << "        " << (p.stage == tuning::ProgressStage::Done ? "\n" : "") << std::flush;
    };
    batch::CachedTuningOptions cachedOptions;
    cachedOptions.tuning = options;
    cachedOptions.force = args.flag("force");
    batch::CachedTuning tuned = [&] {
        const InterruptStop interrupt;
        return batch::tuneCached(a, *lookup.profile, cache.get(), cachedOptions, callbacks, interrupt.token());
    }();

    if (tuned.staleId)
        std::cerr << "tilescope tune: cache entry #" << *tuned.staleId << " (tuned " << tuned.staleCreatedAt
                  << ") is stale: the kernel source changed since; tuned again\n";

    // The "cache" block: the only part of the JSON that tells a cached result from a fresh one.
    auto cacheBlock = [&]() -> nlohmann::ordered_json {
        if (!cache)
            return nullptr;
        const bool stored = tuned.fromCache || tuned.storedId;
        return {{"hit", tuned.fromCache},
                {"path", cachePath.string()},
                {"id", stored ? nlohmann::ordered_json(tuned.record->id) : nlohmann::ordered_json(nullptr)},
                {"createdAt", stored ? nlohmann::ordered_json(tuned.record->createdAt) : nlohmann::ordered_json(nullptr)},
                {"staleId", tuned.staleId ? nlohmann::ordered_json(*tuned.staleId) : nlohmann::ordered_json(nullptr)},
                {"error", tuned.cacheError ? nlohmann::ordered_json(*tuned.cacheError) : nlohmann::ordered_json(nullptr)}};
    };

    if (tuned.fromCache) {
        const cache::TuningRecord& record = *tuned.record;
        if (json) {
            nlohmann::ordered_json j = exporter::tuningDocument(record);
            j["cache"] = cacheBlock();
            std::cout << j.dump(2) << "\n";
        } else {
            std::cout << cachedTuningText(record, cachePath);
        }
        if (args.flag("print-autotuning"))
            std::cerr << "tilescope tune: --print-autotuning prints nothing for a cached result (--force tunes "
                         "again)\n";
        printDiagnostics(a.diagnostics);
        return a.inError() ? kExitKernelError : kExitOk;
    }

    const space::CandidateSpace& candidates = *tuned.space;
    const tuning::TuningResult& result = *tuned.result;
    if (args.flag("print-autotuning"))
        for (const std::string& line : tuning::autotuningLog(a, candidates, result))
            (json ? std::cerr : std::cout) << line << "\n";
    if (json) {
        // Printed from the record the cache keeps (every candidate, no cap), so that a later
        // cached result prints the same document.
        const cache::TuningRecord record = pipeline::recordFromTuning(a, candidates, result, options, std::numeric_limits<std::size_t>::max());
        nlohmann::ordered_json j = exporter::tuningDocument(record);
        j["cache"] = cacheBlock();
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << tuning::tuningToText(a, candidates, result, options);
    }
    printDiagnostics(a.diagnostics);
    for (const Diagnostic& d : result.diagnostics)
        if (d.severity != Severity::Note)
            std::cerr << d.format() << "\n";
    if (tuned.storedId && !json)
        std::cerr << "tilescope tune: stored as cache entry #" << *tuned.storedId << " in " << cachePath.string() << "\n";
    if (tuned.cacheError)
        std::cerr << "tilescope tune: the tuning was not cached: " << *tuned.cacheError << "\n";
    return result.error || a.inError() ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
