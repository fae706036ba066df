// The per-candidate figures the explorer colours by (workflow.h, "candidate metrics"): the
// tuning's times and their ratio to the best, UB / L1 / L0 use, waves (cube candidates
// included), the ratio to another tuning of the launch, and where the source fixes a dimension.

#include "backend_versions.h"
#include "core/pipeline/workflow.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace ts;

namespace {

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return *r.find(soc);
}

std::shared_ptr<const analysis::KernelAnalysis> analyse(const char* example, kernel::BackendVersion backend)
{
    auto loaded = kernel::loadWorkload((test::examplesDir() / example).string());
    EXPECT_TRUE(loaded.workload);
    kernel::Workload w = *loaded.workload;
    w.backend = backend;
    pipeline::AnalyzeResult analysed = pipeline::analyze({w});
    EXPECT_TRUE(analysed.ok());
    return analysed.analysis;
}

pipeline::TuneResult tuneOn(const std::shared_ptr<const analysis::KernelAnalysis>& a, const std::string& soc,
                            const std::filesystem::path& cache)
{
    pipeline::TuneRequest r;
    r.analysis = a;
    r.device = device(soc);
    r.options.jobs = 2;
    r.cache.path = cache;
    return pipeline::tune(r);
}

// The benchmarked candidates' p50, sparse and sorted by candidate, as the explorer hands them over.
std::shared_ptr<const pipeline::TunedTimes> p50Of(const tuning::TuningResult& result)
{
    auto out = std::make_shared<pipeline::TunedTimes>();
    for (std::size_t i = 0; i < result.outcomes.size(); ++i) {
        const tuning::CandidateOutcome& o = result.outcomes[i];
        if (o.status == tuning::OutcomeStatus::Benchmarked || o.status == tuning::OutcomeStatus::Best)
            out->emplace_back(i, o.bench.p50Ms);
    }
    return out;
}

} // namespace

TEST(CandidateMetrics, TimesAndTheRatioToTheBestOfATuning)
{
    const std::filesystem::path dir = test::scratchDir("metrics-tuned");
    const auto a = analyse("softmax.json", test::backend2604());
    const pipeline::TuneResult tuned = tuneOn(a, "Ascend910B2", dir / "cache.sqlite");
    ASSERT_TRUE(tuned.result && tuned.space && tuned.result->best);
    const auto p50 = p50Of(*tuned.result);

    pipeline::CandidateMetricsRequest request;
    request.space = tuned.space;
    request.p50Ms = p50;
    request.best = tuned.result->best;
    request.metric = pipeline::CandidateMetric::SimulatedP50;
    const pipeline::CandidateMetricValues times = pipeline::candidateMetrics(request);
    ASSERT_EQ(times.values.size(), tuned.space->size());
    EXPECT_EQ(times.unit, "µs");
    EXPECT_EQ(times.scale, pipeline::MetricScale::Log);
    EXPECT_EQ(times.absent, "not tuned");
    std::size_t benchmarked = 0;
    for (std::size_t i = 0; i < tuned.space->size(); ++i) {
        const double ms = pipeline::tunedTime(*p50, i);
        if (std::isnan(ms)) {
            EXPECT_TRUE(std::isnan(times.values[i])) << i;
            continue;
        }
        ++benchmarked;
        EXPECT_DOUBLE_EQ(times.values[i], ms * 1000.0) << i;
    }
    EXPECT_EQ(benchmarked, p50->size());
    ASSERT_GT(benchmarked, 1u);
    EXPECT_EQ(times.present, benchmarked);
    EXPECT_LT(times.low, times.high);

    request.metric = pipeline::CandidateMetric::RatioToBest;
    const pipeline::CandidateMetricValues ratio = pipeline::candidateMetrics(request);
    EXPECT_DOUBLE_EQ(ratio.values[*tuned.result->best], 1.0);
    EXPECT_DOUBLE_EQ(ratio.low, 1.0);  // the default bench method ranks by p50: nothing beats the best
    EXPECT_GT(ratio.high, 1.0);
    EXPECT_EQ(ratio.present, benchmarked);

    // Only some candidates, in the order asked.
    request.candidates = {*tuned.result->best, 0};
    const pipeline::CandidateMetricValues two = pipeline::candidateMetrics(request);
    ASSERT_EQ(two.values.size(), 2u);
    EXPECT_DOUBLE_EQ(two.values[0], 1.0);

    // Without a tuning every time is absent.
    request.candidates.clear();
    request.p50Ms = nullptr;
    EXPECT_EQ(pipeline::candidateMetrics(request).present, 0u);
}

TEST(CandidateMetrics, UbUseIsAShareOfTheBudgetAndOverflowIsCounted)
{
    const auto a = analyse("softmax.json", test::backend2604());
    pipeline::SpaceRequest sr;
    sr.analysis = a;
    sr.device = device("Ascend910B2");
    sr.options.lattice = true;
    const pipeline::SpaceResult built = pipeline::buildSpace(sr);
    ASSERT_TRUE(built.space);
    pipeline::CandidateMetricsRequest request;
    request.space = built.space;
    request.metric = pipeline::CandidateMetric::UbUse;
    const pipeline::CandidateMetricValues ub = pipeline::candidateMetrics(request);
    EXPECT_EQ(ub.unit, "% of UB budget");
    std::size_t over = 0;
    for (std::size_t i = 0; i < ub.values.size(); ++i) {
        const double v = ub.values[i];
        ASSERT_FALSE(std::isnan(v)) << i;
        EXPECT_GE(v, 0.0);
        const space::CandidateMetrics m = built.space->metrics(i);
        EXPECT_NEAR(v, 100.0 * double(m.ubBytes) / double(m.ubBudgetBytes), 1e-9);
        if (v > 100.0) {
            ++over;
            EXPECT_TRUE(built.space->violations(i) & (1u << unsigned(space::ReasonCode::UbCapacity))) << i;
        }
        if (built.space->status(i) == space::CandidateStatus::Generated) {
            EXPECT_LE(v, 100.0) << i;
        }
    }
    EXPECT_EQ(ub.overflow, over);
    EXPECT_GT(over, 0u);  // the lattice reaches tiles over the UB

    request.metric = pipeline::CandidateMetric::Waves;
    const pipeline::CandidateMetricValues waves = pipeline::candidateMetrics(request);
    for (std::size_t i = 0; i < waves.values.size(); ++i)
        if (built.space->status(i) == space::CandidateStatus::Generated) {
            EXPECT_GE(waves.values[i], 1.0) << i;
        }
    // A vector kernel has no L1 / L0 figure.
    request.metric = pipeline::CandidateMetric::L1Use;
    const pipeline::CandidateMetricValues l1 = pipeline::candidateMetrics(request);
    EXPECT_EQ(l1.present, 0u);
    EXPECT_EQ(l1.absent, "not a cube candidate");
}

TEST(CandidateMetrics, CubeCandidatesHaveProgramsWavesAndBufferUse)
{
    const auto a = analyse("matmul.json", test::backend2608());
    pipeline::SpaceRequest sr;
    sr.analysis = a;
    sr.device = device("Ascend910B2");
    const pipeline::SpaceResult built = pipeline::buildSpace(sr);
    ASSERT_TRUE(built.space) << built.problem;
    const space::CandidateSpace& s = *built.space;
    ASSERT_TRUE(s.backend().cube);
    const int cubeCores = s.device().numAicore;
    ASSERT_GT(cubeCores, 0);
    int bm = -1, bn = -1;
    for (std::size_t j = 0; j < s.dimensions().size(); ++j) {
        if (s.dimensions()[j].name == "BLOCK_M")
            bm = int(j);
        if (s.dimensions()[j].name == "BLOCK_N")
            bn = int(j);
    }
    ASSERT_GE(bm, 0);
    ASSERT_GE(bn, 0);
    std::size_t generated = 0, pruned = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const space::CandidateMetrics m = s.metrics(i);
        ASSERT_TRUE(m.cube) << i;
        const std::int64_t blockM = s.values(i)[bm], blockN = s.values(i)[bn];
        EXPECT_EQ(m.blockM, blockM);
        EXPECT_EQ(m.blockN, blockN);
        EXPECT_EQ(m.tileElements, blockM * blockN);
        const std::int64_t programs = ((4096 + blockM - 1) / blockM) * ((4096 + blockN - 1) / blockN);
        EXPECT_EQ(m.programs, programs) << i;
        EXPECT_EQ(m.waves, (programs + cubeCores - 1) / cubeCores) << i;
        EXPECT_GT(m.waves, 0);
        EXPECT_GT(m.l1Bytes, 0);
        EXPECT_EQ(m.l0cBytes, blockM * blockN * 4);  // fp32 accumulators
        EXPECT_EQ(m.l0cLimitBytes, 128 * 1024);
        if (s.status(i) == space::CandidateStatus::Generated) {
            ++generated;
            EXPECT_LE(m.l1Share, 1.0) << i;  // the pruner kept it
            EXPECT_LE(m.l0Share, 1.0) << i;
        } else if (s.status(i) == space::CandidateStatus::Pruned) {
            ++pruned;
            EXPECT_GT(std::max(m.l1Share, m.l0Share), 1.0) << i;  // dropped for a buffer over its limit
        }
    }
    EXPECT_GT(generated, 0u);
    EXPECT_GT(pruned, 0u);

    pipeline::CandidateMetricsRequest request;
    request.space = built.space;
    request.metric = pipeline::CandidateMetric::L0Use;
    const pipeline::CandidateMetricValues l0 = pipeline::candidateMetrics(request);
    EXPECT_EQ(l0.present, s.size());
    EXPECT_GT(l0.overflow, 0u);
    request.metric = pipeline::CandidateMetric::Waves;
    EXPECT_GE(pipeline::candidateMetrics(request).low, 1.0);
    request.metric = pipeline::CandidateMetric::UbUse;
    EXPECT_EQ(pipeline::candidateMetrics(request).present, 0u);  // the cube's buffers are L1 / L0

    // The dot site fixes BLOCK_M: its line is the tl.dot call's.
    const kernel::SourceLocation where = pipeline::dimensionSource(*a, s, std::size_t(bm));
    ASSERT_GT(where.line, 0);
    std::ifstream in(test::examplesDir() / "matmul.py");
    std::string line;
    for (int n = 0; n < where.line && std::getline(in, line); ++n) {
    }
    EXPECT_NE(line.find("tl.dot("), std::string::npos) << line;
}

TEST(CandidateMetrics, TheRatioToAnotherTuningOfTheLaunch)
{
    const std::filesystem::path dir = test::scratchDir("metrics-diff");
    const std::filesystem::path cache = dir / "cache.sqlite";
    const auto a = analyse("softmax.json", test::backend2604());
    const pipeline::TuneResult here = tuneOn(a, "Ascend910B2", cache);
    const pipeline::TuneResult there = tuneOn(a, "Ascend910B4", cache);
    ASSERT_TRUE(here.result && here.space && there.record);

    pipeline::ComparableTuningsRequest list;
    list.analysis = a;
    list.device = "Ascend910B2";
    list.cachePath = cache;
    const pipeline::ComparableTuningsResult found = pipeline::comparableTunings(list);
    ASSERT_FALSE(found.error) << *found.error;
    ASSERT_EQ(found.tunings.size(), 1u);  // the tuning itself is not listed
    EXPECT_EQ(found.tunings[0]->key.device, "Ascend910B4");

    pipeline::CandidateMetricsRequest request;
    request.space = here.space;
    request.p50Ms = p50Of(*here.result);
    request.metric = pipeline::CandidateMetric::TuningDiff;
    request.other = found.tunings[0];
    const pipeline::CandidateMetricValues diff = pipeline::candidateMetrics(request);
    EXPECT_EQ(diff.scale, pipeline::MetricScale::Diverging);
    ASSERT_GT(diff.present, 0u);
    // Each ratio is this device's p50 over the other's for the same config.
    for (std::size_t i = 0; i < diff.values.size(); ++i) {
        if (std::isnan(diff.values[i]))
            continue;
        const space::TritonConfig cfg{here.space->params(i), here.space->numWarps(i), here.space->numStages(i)};
        const cache::CandidateRecord* match = nullptr;
        for (const cache::CandidateRecord& c : found.tunings[0]->candidates) {
            bool same = c.numWarps == cfg.numWarps && c.numStages == cfg.numStages && c.params.size() == cfg.kwargs.size();
            for (std::size_t k = 0; same && k < c.params.size(); ++k)
                same = c.params[k].first == cfg.kwargs[k].first && c.params[k].second == cfg.kwargs[k].second.toPython();
            if (same)
                match = &c;
        }
        ASSERT_TRUE(match && match->p50Ms) << i;
        EXPECT_NEAR(diff.values[i], pipeline::tunedTime(*request.p50Ms, i) / *match->p50Ms, 1e-12);
    }

    // Against its own record every shared config is at 1.
    request.other = std::make_shared<const cache::TuningRecord>(*here.record);
    const pipeline::CandidateMetricValues self = pipeline::candidateMetrics(request);
    ASSERT_GT(self.present, 0u);
    EXPECT_DOUBLE_EQ(self.low, 1.0);
    EXPECT_DOUBLE_EQ(self.high, 1.0);
}
