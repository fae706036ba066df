// From a tuning session to a cache record: the key, the candidates kept, staleness after an edit.

#include "core/analysis/kernel_analysis.h"
#include "core/batch/cached_tuning.h"
#include "core/cache/config_cache.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/util/version.h"
#include "backend_versions.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

using namespace ts;

namespace {

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return *r.find(soc);
}

analysis::KernelAnalysis analyse(const std::filesystem::path& workloadPath)
{
    auto loaded = test::loadWorkload2604(workloadPath.string());
    EXPECT_TRUE(loaded.workload);
    auto analysed = analysis::analyzeWorkload(*loaded.workload);
    EXPECT_TRUE(analysed.analysis);
    return std::move(*analysed.analysis);
}

} // namespace

TEST(TuningPipeline, KeyFollowsTritonAscend)
{
    const auto a = analyse(test::examplesDir() / "add.json");
    const cache::TuningKey key = pipeline::tuningKeyFor(a, "Ascend910B2", npu::BenchMethod::Npu);
    EXPECT_EQ(key.kernelName, "add_kernel");
    ASSERT_EQ(key.keyValues.size(), 1u);
    EXPECT_EQ(key.keyValues[0], (std::pair<std::string, std::string>{"n_elements", "98432"}));
    EXPECT_EQ(key.dtypes, (std::vector<std::string>{"torch.float16", "torch.float16", "torch.float16"}));
    EXPECT_EQ(key.benchMethod, "npu");
    EXPECT_EQ(key.simulatorVersion, tuning::kSimulatorVersion);
    EXPECT_EQ(key.sourceHash.size(), 64u);
}

TEST(TuningPipeline, RecordKeepsEveryTunedCandidateAndTheBest)
{
    const auto a = analyse(test::examplesDir() / "softmax.json");
    const auto& profile = device(a.workload.device);
    const space::CandidateSpace s = pipeline::buildSpace(a, profile);
    tuning::TuningOptions options;
    options.jobs = 2;
    const tuning::TuningResult result = tuning::tune(a, s, profile, options);
    ASSERT_TRUE(result.best);
    const cache::TuningRecord record = pipeline::recordFromTuning(a, s, result, options);
    EXPECT_EQ(cache::validateRecord(record), "");
    EXPECT_GE(record.candidates.size(), result.tuned.size());
    ASSERT_TRUE(record.bestIndex);
    const cache::CandidateRecord& best = record.candidates[*record.bestIndex];
    EXPECT_EQ(best.status, cache::CandidateStatus::Best);
    ASSERT_TRUE(best.p50Ms);
    EXPECT_DOUBLE_EQ(*best.p50Ms, result.outcomes[*result.best].bench.p50Ms);
    for (const cache::CandidateRecord& c : record.candidates) {
        if (c.p50Ms) {
            EXPECT_GE(*c.p50Ms, *best.p50Ms * 0.999);  // the best is the fastest by median (default method)
        }
    }
    const auto breakdown = nlohmann::json::parse(best.breakdownJson);
    EXPECT_GT(breakdown.at("device_us").get<double>(), 0.0);
    EXPECT_GT(breakdown.at("ub_peak_bytes").get<double>(), 0.0);
    EXPECT_TRUE(record.notes.empty()) << record.notes;
}

TEST(TuningPipeline, ARecordLaidOnItsSpaceIsTheTuningAgain)
{
    // A cached tuning shown as a finished one: every stored figure back on the same candidate.
    const auto a = analyse(test::examplesDir() / "softmax.json");
    const auto& profile = device(a.workload.device);
    const space::CandidateSpace s = pipeline::buildSpace(a, profile);
    tuning::TuningOptions options;
    options.jobs = 2;
    const tuning::TuningResult result = tuning::tune(a, s, profile, options);
    ASSERT_TRUE(result.best);
    const cache::TuningRecord record = pipeline::recordFromTuning(a, s, result, options);
    EXPECT_EQ(record.tilescopeVersion, std::string(kVersion));
    const pipeline::RecordOnSpace laid = pipeline::tuningFromRecord(record, s);
    ASSERT_TRUE(laid.result);
    EXPECT_EQ(laid.unmatched, 0u);
    EXPECT_EQ(laid.matched, record.candidates.size());
    const tuning::TuningResult& back = *laid.result;
    EXPECT_EQ(back.best, result.best);
    EXPECT_EQ(back.tuned, result.tuned);
    EXPECT_EQ(back.finished, result.finished);
    EXPECT_EQ(back.modelled.compileWorkers, result.modelled.compileWorkers);
    EXPECT_DOUBLE_EQ(back.modelled.totalSeconds, result.modelled.totalSeconds);
    EXPECT_DOUBLE_EQ(back.modelled.compileSeconds, result.modelled.compileSeconds);
    double sessions = 0;
    for (std::size_t i : result.tuned) {
        const tuning::CandidateOutcome& o = result.outcomes[i];
        const tuning::CandidateOutcome& b = back.outcomes[i];
        EXPECT_EQ(b.status, o.status) << i;
        EXPECT_DOUBLE_EQ(b.compileSeconds, o.compileSeconds);
        EXPECT_EQ(b.ubPeakBytes, o.ubPeakBytes);
        if (o.status != tuning::OutcomeStatus::Benchmarked && o.status != tuning::OutcomeStatus::Best)
            continue;
        EXPECT_DOUBLE_EQ(b.bench.p50Ms, o.bench.p50Ms);
        EXPECT_DOUBLE_EQ(b.bench.p20Ms, o.bench.p20Ms);
        EXPECT_DOUBLE_EQ(b.bench.benchSeconds, o.bench.benchSeconds);
        EXPECT_DOUBLE_EQ(b.bench.sim.deviceUs, o.bench.sim.deviceUs);
        EXPECT_DOUBLE_EQ(b.bench.sim.breakdown.mte2, o.bench.sim.breakdown.mte2);
        EXPECT_DOUBLE_EQ(b.bench.sim.breakdown.vector, o.bench.sim.breakdown.vector);
        EXPECT_EQ(b.bench.sim.roofline.limiter, o.bench.sim.roofline.limiter);
        sessions += b.bench.sessionSeconds;
    }
    // The profiler session, paid once, comes back on the first benchmark run.
    double firstSession = 0;
    for (std::size_t i : result.tuned)
        if (result.outcomes[i].status == tuning::OutcomeStatus::Benchmarked ||
            result.outcomes[i].status == tuning::OutcomeStatus::Best) {
            firstSession = result.outcomes[i].bench.sessionSeconds;
            break;
        }
    EXPECT_NEAR(sessions, firstSession, 1e-9);

    // Laid onto another launch's space, nothing matches.
    const auto other = analyse(test::examplesDir() / "add.json");
    const space::CandidateSpace otherSpace = pipeline::buildSpace(other, device(other.workload.device));
    const pipeline::RecordOnSpace elsewhere = pipeline::tuningFromRecord(record, otherSpace);
    EXPECT_EQ(elsewhere.matched, 0u);
    EXPECT_EQ(elsewhere.unmatched, record.candidates.size());
    EXPECT_TRUE(elsewhere.result->tuned.empty());
    EXPECT_FALSE(elsewhere.result->best);
}

TEST(TuningPipeline, LargeLatticeTuningIsCappedAndSaysSo)
{
    const auto a = analyse(test::examplesDir() / "softmax.json");
    const auto& profile = device(a.workload.device);
    space::SpaceOptions spaceOptions;
    spaceOptions.lattice = true;
    const space::CandidateSpace s = pipeline::buildSpace(a, profile, spaceOptions);
    tuning::TuningOptions options;
    options.lattice = true;
    options.jobs = 2;
    const tuning::TuningResult result = tuning::tune(a, s, profile, options);
    ASSERT_GT(result.tuned.size(), 50u);
    const std::size_t cap = 40;
    const cache::TuningRecord record = pipeline::recordFromTuning(a, s, result, options, cap);
    EXPECT_LE(record.candidates.size(), cap + s.backend().configs.size());
    ASSERT_TRUE(record.bestIndex);
    EXPECT_EQ(record.candidates[*record.bestIndex].status, cache::CandidateStatus::Best);
    EXPECT_NE(record.notes.find("not stored"), std::string::npos) << record.notes;
}

TEST(TuningPipeline, EditedKernelMakesTheCachedTuningStale)
{
    const auto dir = test::scratchDir("tuning-pipeline-stale");
    const std::string source = test::readText(test::examplesDir() / "add.py");
    std::filesystem::copy_file(test::examplesDir() / "add.json", dir / "add.json");
    std::ofstream(dir / "add.py") << source;

    const auto before = analyse(dir / "add.json");
    const auto& profile = device(before.workload.device);
    const space::CandidateSpace s = pipeline::buildSpace(before, profile);
    tuning::TuningOptions options;
    const tuning::TuningResult result = tuning::tune(before, s, profile, options);
    auto opened = cache::ConfigCache::open(cache::defaultCachePath(dir / "add.json"));
    ASSERT_TRUE(opened.ok());
    ASSERT_TRUE(opened.cache->store(pipeline::recordFromTuning(before, s, result, options)).ok());

    const cache::TuningKey same = pipeline::tuningKeyFor(before, profile.soc, options.method);
    EXPECT_EQ(opened.cache->lookup(same).freshness, cache::Freshness::Fresh);

    // A comment in the body is an edit of the kernel's source.
    std::string edited = source;
    const auto at = edited.find("tl.program_id");
    ASSERT_NE(at, std::string::npos);
    edited.insert(edited.rfind('\n', at) + 1, "    # edited\n");
    std::ofstream(dir / "add.py", std::ios::trunc) << edited;
    const auto after = analyse(dir / "add.json");
    const cache::TuningKey changed = pipeline::tuningKeyFor(after, profile.soc, options.method);
    EXPECT_NE(changed.sourceHash, same.sourceHash);
    EXPECT_TRUE(changed.sameKey(same));
    EXPECT_EQ(opened.cache->lookup(changed).freshness, cache::Freshness::Stale);

    // Another shape is another key.
    auto otherShape = after;
    for (auto& arg : otherShape.launchArgs)
        if (arg.name == "n_elements")
            arg.intValue = 4096;
    EXPECT_EQ(opened.cache->lookup(pipeline::tuningKeyFor(otherShape, profile.soc, options.method)).freshness,
              cache::Freshness::Miss);
    opened.cache.reset();
    std::filesystem::remove_all(dir);
}

// The simulator's model changed (sim-4 -> sim-5): a tuning cached under the old version holds
// times the new model would not give, so it is never reused; the tuning runs again and its record
// replaces nothing of the old version's.
TEST(TuningPipeline, ATuningCachedUnderTheOldSimulatorIsNotReused)
{
    EXPECT_STRNE(tuning::kSimulatorVersion, tuning::kPreviousSimulatorVersion);
    const auto a = analyse(test::examplesDir() / "add.json");
    const auto& profile = device(a.workload.device);
    const std::filesystem::path dir = test::scratchDir("old-simulator");
    cache::OpenResult opened = cache::ConfigCache::open(dir / "cache.sqlite", {});
    ASSERT_TRUE(opened.ok());
    cache::ConfigCache& store = *opened.cache;

    batch::CachedTuningOptions options;
    options.tuning.jobs = 1;
    const batch::CachedTuning first = batch::tuneCached(a, profile, &store, options);
    ASSERT_TRUE(first.record);
    EXPECT_FALSE(first.fromCache);
    EXPECT_EQ(first.record->key.simulatorVersion, tuning::kSimulatorVersion);

    // The same tuning as the old model would have cached it, in a cache of its own: same key but
    // the version, and times that give it away.
    cache::OpenResult oldOpened = cache::ConfigCache::open(dir / "old.sqlite", {});
    ASSERT_TRUE(oldOpened.ok());
    cache::TuningRecord old = *first.record;
    old.id = 0;
    old.key.simulatorVersion = tuning::kPreviousSimulatorVersion;
    for (cache::CandidateRecord& c : old.candidates)
        if (c.p50Ms)
            c.p50Ms = 1234.5;
    ASSERT_TRUE(oldOpened.cache->store(old).ok());
    const cache::LookupResult oldLookup = oldOpened.cache->lookup(first.key);
    EXPECT_FALSE(oldLookup.record) << "a lookup under the new version found the old version's entry";

    const batch::CachedTuning again = batch::tuneCached(a, profile, oldOpened.cache.get(), options);
    ASSERT_TRUE(again.record);
    EXPECT_FALSE(again.fromCache);
    EXPECT_EQ(again.record->key.simulatorVersion, tuning::kSimulatorVersion);
    const cache::CandidateRecord* best = again.record->best();
    ASSERT_NE(best, nullptr);
    ASSERT_TRUE(best->p50Ms);
    EXPECT_NE(*best->p50Ms, 1234.5);
    EXPECT_DOUBLE_EQ(*best->p50Ms, *first.record->best()->p50Ms);
    // Both versions' entries are kept side by side; the new one is found from now on.
    EXPECT_EQ(*oldOpened.cache->count().value, 2u);
    const batch::CachedTuning third = batch::tuneCached(a, profile, oldOpened.cache.get(), options);
    EXPECT_TRUE(third.fromCache);
}
