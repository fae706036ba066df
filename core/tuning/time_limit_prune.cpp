#include "core/tuning/time_limit_prune.h"

#include "core/util/message.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace ts::tuning {

namespace {

// Python's max(1, int(x)): int() truncates toward zero; inf and nan never reach it here.
int atLeastOne(double x)
{
    if (!std::isfinite(x))
        return x > 0 ? std::numeric_limits<int>::max() : 1;
    const double truncated = std::trunc(x);
    if (truncated >= double(std::numeric_limits<int>::max()))
        return std::numeric_limits<int>::max();
    return std::max(1, static_cast<int>(truncated));
}

} // namespace

TimeLimitPrune pruneByTimeLimit(const std::vector<std::pair<std::size_t, double>>& compiled)
{
    TimeLimitPrune prune;
    if (compiled.size() <= 1)
        return prune;
    for (const auto& [index, roughMs] : compiled)
        prune.entries.push_back({index, roughMs, false});
    std::stable_sort(prune.entries.begin(), prune.entries.end(),
                     [](const auto& a, const auto& b) { return a.roughMs < b.roughMs; });
    const double fastest = prune.entries.front().roughMs;
    prune.nWarmup = atLeastOne(25 / fastest);
    prune.nRepeat = atLeastOne(100 / fastest);
    const std::size_t minValid = std::min<std::size_t>(10, prune.entries.size());
    for (TimeLimitPrune::Entry& entry : prune.entries) {
        prune.cumulativeSeconds += entry.roughMs / 1000.0 * (double(prune.nWarmup) + double(prune.nRepeat));
        if (prune.validCount >= minValid && prune.cumulativeSeconds > kTimeLimitSeconds)
            break;
        entry.valid = true;
        ++prune.validCount;
    }
    return prune;
}

std::string timeBudgetCutText()
{
    return msg::text(msg::Id::TimeBudgetCut, {int(kTimeLimitSeconds)});
}

std::string timeLimitSummaryLine(const TimeLimitPrune& prune)
{
    char cumulative[64];
    std::snprintf(cumulative, sizeof cumulative, "%.4f", prune.cumulativeSeconds);
    return "Triton autotuning: estimate n_warmup=" + std::to_string(prune.nWarmup) +
           ", n_repeat=" + std::to_string(prune.nRepeat) + ", cumulative=" + cumulative + "s/" +
           std::to_string(int(kTimeLimitSeconds)) + "s, valid=" + std::to_string(prune.validCount) + "/" +
           std::to_string(prune.entries.size());
}

std::string timeLimitEntryLine(const TimeLimitPrune::Entry& entry, const std::string& config)
{
    char rough[64];
    std::snprintf(rough, sizeof rough, "%.4f", entry.roughMs);
    return std::string("Triton autotuning compile debug: [") + (entry.valid ? "valid" : "pruned") + "] config=" +
           config + ", rough_time=" + rough + "ms";
}

} // namespace ts::tuning
