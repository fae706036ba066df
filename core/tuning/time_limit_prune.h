#pragma once
// 2026-08's time-limit prune of cube and mix tunings (autotuner.py _prune_by_time_limit): when
// the configs were generated for a cube or mix kernel and more than one compiled, each is timed
// once (one launch), and only the fastest are benchmarked: at least min(10, compiled), then more
// while the estimated benchmarking time (rough time x (n_warmup + n_repeat), summed fastest
// first) stays within 200 s. n_warmup = max(1, int(25 / fastest ms)), n_repeat =
// max(1, int(100 / fastest ms)). The others are not benchmarked at all.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace ts::tuning {

inline constexpr double kTimeLimitSeconds = 200;

struct TimeLimitPrune {
    struct Entry {
        std::size_t index = 0;  // space index
        double roughMs = 0;     // the one-launch time
        bool valid = false;     // kept for benchmarking
    };
    std::vector<Entry> entries;    // fastest first (ties in config order)
    int nWarmup = 1;
    int nRepeat = 1;
    double cumulativeSeconds = 0;  // as printed: includes the config that crossed the limit
    std::size_t validCount = 0;
};

// The prune over the compiled configs, given in config order as (space index, rough ms).
// Fewer than two configs: nothing to prune (empty entries).
TimeLimitPrune pruneByTimeLimit(const std::vector<std::pair<std::size_t, double>>& compiled);

// Its lines with TRITON_PRINT_AUTOTUNING=1; `configText(index)` is str(triton.Config).
template <typename ConfigText>
std::vector<std::string> timeLimitPruneLog(const TimeLimitPrune& prune, ConfigText&& configText);

std::string timeLimitSummaryLine(const TimeLimitPrune& prune);
// Why a candidate the prune cut was never benchmarked, in words.
std::string timeBudgetCutText();
std::string timeLimitEntryLine(const TimeLimitPrune::Entry& entry, const std::string& config);

template <typename ConfigText>
std::vector<std::string> timeLimitPruneLog(const TimeLimitPrune& prune, ConfigText&& configText)
{
    std::vector<std::string> lines;
    if (prune.entries.empty())
        return lines;
    lines.push_back(timeLimitSummaryLine(prune));
    for (const TimeLimitPrune::Entry& entry : prune.entries)
        lines.push_back(timeLimitEntryLine(entry, configText(entry.index)));
    return lines;
}

} // namespace ts::tuning
