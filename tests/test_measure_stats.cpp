// Rank agreement between simulated and measured times (core/measure/rank_agreement.h), checked
// against values worked out by hand and against the O(n^2) definitions on random data with ties.

#include "core/measure/rank_agreement.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace ts::measure;

namespace {

// Kendall's tau-b by its definition, pair by pair.
double tauBByPairs(const std::vector<double>& x, const std::vector<double>& y)
{
    double concordant = 0, discordant = 0, tiesX = 0, tiesY = 0;
    const std::size_t n = x.size();
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
            const double dx = x[i] - x[j], dy = y[i] - y[j];
            if (dx == 0)
                ++tiesX;
            if (dy == 0)
                ++tiesY;
            if (dx * dy > 0)
                ++concordant;
            else if (dx * dy < 0)
                ++discordant;
        }
    const double n0 = double(n) * double(n - 1) / 2;
    return (concordant - discordant) / std::sqrt((n0 - tiesX) * (n0 - tiesY));
}

} // namespace

TEST(RankAgreement, AverageRanksShareTheRanksOfATie)
{
    EXPECT_EQ(averageRanks({10, 30, 20, 30}), (std::vector<double>{1, 3.5, 2, 3.5}));
    EXPECT_EQ(averageRanks({5, 5, 5}), (std::vector<double>{2, 2, 2}));
    EXPECT_TRUE(averageRanks({}).empty());
}

TEST(RankAgreement, WithoutTies)
{
    // Ranks differ by one at four places: sum d^2 = 4, rho = 1 - 6*4 / (5*24) = 0.8. Two of the
    // ten pairs are discordant: tau = (8 - 2) / 10 = 0.6.
    const std::vector<double> x{1, 2, 3, 4, 5}, y{2, 1, 4, 3, 5};
    EXPECT_NEAR(spearman(x, y), 0.8, 1e-12);
    EXPECT_NEAR(kendallTauB(x, y), 0.6, 1e-12);
    const std::vector<double> reversed{5, 4, 3, 2, 1};
    EXPECT_NEAR(spearman(x, reversed), -1.0, 1e-12);
    EXPECT_NEAR(kendallTauB(x, reversed), -1.0, 1e-12);
    EXPECT_NEAR(spearman(x, x), 1.0, 1e-12);
    EXPECT_NEAR(kendallTauB(x, x), 1.0, 1e-12);
}

TEST(RankAgreement, WithTiesOnBothSides)
{
    // Pairs: 3 concordant, 1 discordant, one tied in x, one tied in y, n0 = 6:
    // tau-b = (3 - 1) / sqrt((6 - 1)(6 - 1)) = 0.4. Average ranks x (1, 2.5, 2.5, 4),
    // y (1, 4, 2.5, 2.5): deviations from 2.5 give sxy = 2.25, sxx = syy = 4.5, rho = 0.5.
    const std::vector<double> x{1, 2, 2, 3}, y{1, 3, 2, 2};
    EXPECT_NEAR(kendallTauB(x, y), 0.4, 1e-12);
    EXPECT_NEAR(spearman(x, y), 0.5, 1e-12);
    // Ties in x only: (1,1,2) against (1,2,3): C = 2, D = 0, one x tie:
    // tau-b = 2 / sqrt((3 - 1) * 3) = 0.8165.
    EXPECT_NEAR(kendallTauB({1, 1, 2}, {1, 2, 3}), 2.0 / std::sqrt(6.0), 1e-12);
}

TEST(RankAgreement, UndefinedForConstantOrTinyInputs)
{
    EXPECT_TRUE(std::isnan(spearman({1, 1, 1}, {1, 2, 3})));
    EXPECT_TRUE(std::isnan(kendallTauB({1, 2, 3}, {4, 4, 4})));
    EXPECT_TRUE(std::isnan(spearman({1}, {2})));
    EXPECT_TRUE(std::isnan(kendallTauB({}, {})));
}

TEST(RankAgreement, FastKendallMatchesThePairDefinitionOnRandomTies)
{
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> small(0, 5);
    for (int round = 0; round < 20; ++round) {
        const std::size_t n = 2 + std::size_t(rng() % 60);
        std::vector<double> x(n), y(n);
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = small(rng);
            y[i] = small(rng) + 0.5 * x[i];
        }
        if (std::isnan(tauBByPairs(x, y)))
            continue;
        EXPECT_NEAR(kendallTauB(x, y), tauBByPairs(x, y), 1e-12) << "round " << round;
    }
}

TEST(RankAgreement, RegretRecallRatiosAndOutliers)
{
    // The simulator picks candidate 0 (1 ms simulated), which measured 3 ms; the measured best is
    // candidate 1 at 1 ms: regret 3. Top-2: simulated {0, 1}, measured {1, 2}: recall 1/2.
    // Ratios 1/3, 2, 1.5; their product is 1, so the geometric mean is 1; |log| orders 0, 1, 2.
    const RankAgreement a = rankAgreement({1, 2, 3}, {3, 1, 2}, 2, 5);
    EXPECT_EQ(a.n, 3u);
    ASSERT_TRUE(a.simulatorPick && a.measuredBest);
    EXPECT_EQ(*a.simulatorPick, 0u);
    EXPECT_EQ(*a.measuredBest, 1u);
    EXPECT_DOUBLE_EQ(a.top1Regret, 3.0);
    EXPECT_EQ(a.k, 2u);
    EXPECT_DOUBLE_EQ(a.topKRecall, 0.5);
    ASSERT_EQ(a.ratio.size(), 3u);
    EXPECT_DOUBLE_EQ(a.ratio[0], 1.0 / 3.0);
    EXPECT_DOUBLE_EQ(a.ratio[1], 2.0);
    EXPECT_DOUBLE_EQ(a.ratio[2], 1.5);
    EXPECT_NEAR(a.geomeanRatio, 1.0, 1e-12);
    EXPECT_EQ(a.outliers, (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_EQ(rankAgreement({1, 2, 3}, {3, 1, 2}, 2, 1).outliers, (std::vector<std::size_t>{0}));
}

TEST(RankAgreement, TiesInThePickGoToTheFirstAndKIsCapped)
{
    // Simulated times tie for the best: the first is the pick. k larger than n is n.
    const RankAgreement a = rankAgreement({1, 1, 2}, {2, 1, 4}, 10, 0);
    EXPECT_EQ(*a.simulatorPick, 0u);
    EXPECT_DOUBLE_EQ(a.top1Regret, 2.0);
    EXPECT_EQ(a.k, 3u);
    EXPECT_DOUBLE_EQ(a.topKRecall, 1.0);
    EXPECT_TRUE(a.outliers.empty());
    EXPECT_EQ(rankAgreement({}, {}, 3, 3).n, 0u);
}
