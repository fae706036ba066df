#include "core/measure/rank_agreement.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

namespace ts::measure {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<std::size_t> orderBy(const std::vector<double>& values)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    return order;
}

// Pairs tied in a sorted sequence: the sum over runs of equal values of t(t-1)/2.
template <typename Equal>
std::uint64_t tiedPairs(std::size_t n, Equal&& equal)
{
    std::uint64_t ties = 0, run = 1;
    for (std::size_t i = 1; i < n; ++i) {
        if (equal(i - 1, i)) {
            ++run;
        } else {
            ties += run * (run - 1) / 2;
            run = 1;
        }
    }
    return ties + run * (run - 1) / 2;
}

// Sorts `v` ascending, returning the number of inversions (pairs out of order; equal values are
// not inversions).
std::uint64_t mergeSortInversions(std::vector<double>& v, std::vector<double>& scratch, std::size_t lo,
                                  std::size_t hi)
{
    if (hi - lo < 2)
        return 0;
    const std::size_t mid = lo + (hi - lo) / 2;
    std::uint64_t swaps = mergeSortInversions(v, scratch, lo, mid) + mergeSortInversions(v, scratch, mid, hi);
    std::size_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (v[j] < v[i]) {
            swaps += mid - i;
            scratch[k++] = v[j++];
        } else {
            scratch[k++] = v[i++];
        }
    }
    while (i < mid)
        scratch[k++] = v[i++];
    while (j < hi)
        scratch[k++] = v[j++];
    std::copy(scratch.begin() + std::ptrdiff_t(lo), scratch.begin() + std::ptrdiff_t(hi), v.begin() + std::ptrdiff_t(lo));
    return swaps;
}

} // namespace

std::vector<double> averageRanks(const std::vector<double>& values)
{
    const std::vector<std::size_t> order = orderBy(values);
    std::vector<double> ranks(values.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i + 1;
        while (j < order.size() && values[order[j]] == values[order[i]])
            ++j;
        const double rank = double(i + 1 + j) / 2.0;  // mean of i+1 .. j
        for (std::size_t t = i; t < j; ++t)
            ranks[order[t]] = rank;
        i = j;
    }
    return ranks;
}

double spearman(const std::vector<double>& x, const std::vector<double>& y)
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2)
        return kNaN;
    const std::vector<double> rx = averageRanks(std::vector<double>(x.begin(), x.begin() + std::ptrdiff_t(n)));
    const std::vector<double> ry = averageRanks(std::vector<double>(y.begin(), y.begin() + std::ptrdiff_t(n)));
    const double mean = double(n + 1) / 2.0;  // average ranks always average (n+1)/2
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double dx = rx[i] - mean, dy = ry[i] - mean;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if (sxx == 0 || syy == 0)
        return kNaN;
    return sxy / std::sqrt(sxx * syy);
}

double kendallTauB(const std::vector<double>& x, const std::vector<double>& y)
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2)
        return kNaN;
    // Sort by (x, y); count ties in x and joint ties there.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return x[a] < x[b] || (x[a] == x[b] && y[a] < y[b]);
    });
    const std::uint64_t tiesX = tiedPairs(n, [&](std::size_t a, std::size_t b) { return x[order[a]] == x[order[b]]; });
    const std::uint64_t tiesXY = tiedPairs(n, [&](std::size_t a, std::size_t b) {
        return x[order[a]] == x[order[b]] && y[order[a]] == y[order[b]];
    });
    // The y sequence in that order: its inversions are the discordant pairs (pairs tied in x
    // are in ascending y, so they add none).
    std::vector<double> ys(n), scratch(n);
    for (std::size_t i = 0; i < n; ++i)
        ys[i] = y[order[i]];
    const std::uint64_t swaps = mergeSortInversions(ys, scratch, 0, n);
    const std::uint64_t tiesY = tiedPairs(n, [&](std::size_t a, std::size_t b) { return ys[a] == ys[b]; });
    const double n0 = double(n) * double(n - 1) / 2.0;
    const double denominator = std::sqrt((n0 - double(tiesX)) * (n0 - double(tiesY)));
    if (denominator == 0)
        return kNaN;
    // concordant - discordant = n0 - tiesX - tiesY + tiesXY - 2 * discordant
    const double difference = n0 - double(tiesX) - double(tiesY) + double(tiesXY) - 2.0 * double(swaps);
    return difference / denominator;
}

RankAgreement rankAgreement(const std::vector<double>& simulated, const std::vector<double>& measured, std::size_t k,
                            std::size_t maxOutliers)
{
    RankAgreement out;
    out.n = std::min(simulated.size(), measured.size());
    if (out.n == 0)
        return out;
    const std::vector<double> sim(simulated.begin(), simulated.begin() + std::ptrdiff_t(out.n));
    const std::vector<double> meas(measured.begin(), measured.begin() + std::ptrdiff_t(out.n));
    out.spearman = spearman(sim, meas);
    out.kendallTauB = kendallTauB(sim, meas);

    const std::vector<std::size_t> bySim = orderBy(sim), byMeas = orderBy(meas);
    out.simulatorPick = bySim.front();
    out.measuredBest = byMeas.front();
    out.top1Regret = meas[*out.simulatorPick] / meas[*out.measuredBest];

    out.k = std::min(std::max<std::size_t>(k, 1), out.n);
    std::vector<char> inSimTop(out.n, 0);
    for (std::size_t i = 0; i < out.k; ++i)
        inSimTop[bySim[i]] = 1;
    std::size_t hits = 0;
    for (std::size_t i = 0; i < out.k; ++i)
        hits += inSimTop[byMeas[i]];
    out.topKRecall = double(hits) / double(out.k);

    out.ratio.resize(out.n);
    std::vector<double> logRatio(out.n);
    double sumLog = 0;
    for (std::size_t i = 0; i < out.n; ++i) {
        out.ratio[i] = sim[i] / meas[i];
        logRatio[i] = std::log(out.ratio[i]);
        sumLog += logRatio[i];
    }
    out.geomeanRatio = std::exp(sumLog / double(out.n));

    // Largest |log ratio| first (NaN first of all: a ratio that cannot be trusted).
    auto size = [&](std::size_t i) {
        const double v = std::fabs(logRatio[i]);
        return std::isnan(v) ? std::numeric_limits<double>::infinity() : v;
    };
    std::vector<std::size_t> order(out.n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    const std::size_t keep = std::min(maxOutliers, out.n);
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(keep), order.end(), [&](std::size_t a, std::size_t b) {
        const double sa = size(a), sb = size(b);
        return sa > sb || (sa == sb && a < b);
    });
    out.outliers.assign(order.begin(), order.begin() + std::ptrdiff_t(keep));
    return out;
}

} // namespace ts::measure
