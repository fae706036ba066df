// The lines Triton-Ascend 2026-08 (autotuner.py at 189dd87) prints during a tuning with
// TRITON_PRINT_AUTOTUNING=1. Its AutoTilingTuner prints no line per benchmarked or failed config:
// what it prints is the generator's conclusions, the UB tuner's search for each config that
// overflowed the UB (ubtuner.py and _try_ubtuner), the disk-cache warning when cache_results meets
// the UB tuner, the time-limit prune of cube / mix tunings (a "compile debug" line per compiled
// config), and one closing line with the best config once it has benchmarked.

#include "core/backends/v2604/policy.h"
#include "core/backends/v2608/policy.h"

#include "core/tuning/tuning_session.h"

#include <cstdio>

namespace ts::backends::v2608 {

using namespace tuning;

const char* const kUbTunerDiskCacheWarning =
    "Autotune disk cache is disabled because UB-tuner is enabled (TRITON_ENABLE_UBTUNER is set). UB-tuner may "
    "dynamically add compile-time fixes to configs that cannot be safely cached to disk. To enable disk caching, "
    "unset TRITON_ENABLE_UBTUNER.";

std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       const tuning::TuningResult& result, const tuning::TuningOptions& options)
{
    std::vector<std::string> lines;
    // What importing the kernel file printed (max_autotune's, get_max_configs' warnings) comes first.
    if (analysis.file)
        lines = analysis.file->importPrinted;
    for (const std::string& line : space.backend().log)
        lines.push_back(line);

    const bool ubTuner = result.ubTuner != UbTunerMode::Off;
    // run() benchmarks when the UB tuner is on or more than one config is left.
    const bool benchmarks = ubTuner || result.tuned.size() > 1;
    if (benchmarks && options.cacheResults && ubTuner)
        lines.push_back(std::string("RuntimeWarning: ") + kUbTunerDiskCacheWarning);
    for (std::size_t index : result.tuned)
        if (const auto& tuned = result.outcomes[index].ubTune)
            for (std::string& line : ubTunerLog(*tuned))
                lines.push_back(std::move(line));
    if (result.timeLimitPrune)
        for (std::string& line : timeLimitPruneLog(*result.timeLimitPrune,
                                                   [&](std::size_t index) { return configString(space, index); }))
            lines.push_back(std::move(line));
    // The backend's own pick, even one TileScope finds incorrect; bench_time spans _batch_bench:
    // the compiles, the UB tuner and the benchmarks.
    if (benchmarks && result.backendBest)
        lines.push_back(v2604::bestConfigLine(analysis, space, *result.backendBest, result.modelled.totalSeconds));
    return lines;
}

} // namespace ts::backends::v2608
