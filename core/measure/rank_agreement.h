#pragma once
// How well one ranking of candidates (simulated times) agrees with another (measured times):
// rank correlations, the cost of trusting the simulator's pick, and per-candidate ratios.
// Inputs are parallel vectors of finite times (any unit, the same for both), one entry per
// candidate; every function is O(n log n), so a hundred thousand candidates take milliseconds.

#include <cstddef>
#include <optional>
#include <vector>

namespace ts::measure {

// 1-based ranks, ties given the average of the ranks they span (3.5, 3.5 for a tie at 3 and 4).
std::vector<double> averageRanks(const std::vector<double>& values);

// Spearman's rho: Pearson's correlation of the average ranks. NaN with fewer than two values or
// when either side is constant.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

// Kendall's tau-b, ties in either side handled: (concordant - discordant) /
// sqrt((n0 - ties in x) (n0 - ties in y)), n0 = n(n-1)/2, by Knight's O(n log n) merge-sort
// count. NaN with fewer than two values or when either side is constant.
double kendallTauB(const std::vector<double>& x, const std::vector<double>& y);

struct RankAgreement {
    std::size_t n = 0;
    double spearman = 0;     // NaN when undefined
    double kendallTauB = 0;  // NaN when undefined
    // The simulator's pick (smallest simulated time; the first of equals) and the measured best.
    std::optional<std::size_t> simulatorPick;
    std::optional<std::size_t> measuredBest;
    // measured[simulatorPick] / measured[measuredBest]: 1 when the simulator picks the best.
    double top1Regret = 0;
    std::size_t k = 0;  // min(requested k, n)
    // Of the k fastest measured candidates, the share that are among the k fastest simulated
    // (each side ordered by time, equals by position).
    double topKRecall = 0;
    std::vector<double> ratio;  // simulated / measured, per candidate
    double geomeanRatio = 0;    // exp(mean(log ratio))
    // Candidates by |log ratio|, largest first (at most the requested count).
    std::vector<std::size_t> outliers;
};

// Empty inputs give n = 0 and nothing else. Times must be finite and positive for ratios; a
// zero time gives an infinite or NaN ratio, which then sorts first among outliers.
RankAgreement rankAgreement(const std::vector<double>& simulated, const std::vector<double>& measured,
                            std::size_t k, std::size_t maxOutliers);

} // namespace ts::measure
