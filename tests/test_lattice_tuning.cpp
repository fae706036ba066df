// Tuning the lattice: the user's own list, tuned whatever the backend generates or raises; a
// subset chosen by a query (the explorer's table filter), by hand, and by a limit; cached under
// its own key beside the backend's own tuning; its winners exported with their rank and time.

#include "backend_versions.h"
#include "cli_run.h"
#include "core/cache/config_cache.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/pipeline/workflow.h"
#include "core/space/candidate_query.h"
#include "core/util/format.h"
#include "core/util/message.h"
#include "lattice_test_support.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

using namespace ts;

namespace {

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return *r.find(soc);
}

std::shared_ptr<const analysis::KernelAnalysis> analyseLoaded(const kernel::WorkloadLoadResult& loaded)
{
    EXPECT_TRUE(loaded.workload);
    pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    EXPECT_TRUE(analysed.ok());
    return analysed.analysis;
}

// An example under 2026-04.
std::shared_ptr<const analysis::KernelAnalysis> analyse(const char* example)
{
    return analyseLoaded(test::loadWorkload2604((test::examplesDir() / example).string()));
}

// An example under the default backend.
std::shared_ptr<const analysis::KernelAnalysis> analyseDefault(const char* example)
{
    return analyseLoaded(kernel::loadWorkload((test::examplesDir() / example).string()));
}

// A count as the CLI's text writes it, its digits grouped ("6,352").
long countIn(const std::string& grouped)
{
    std::string digits = grouped;
    std::erase(digits, ',');
    return std::stol(digits);
}

using test::dimension;
using test::lattice;

} // namespace

TEST(LatticeTuning, MatmulUnder2604TunesTheLatticeThoughTheBackendTunesNothing)
{
    const auto a = analyse("matmul.json");
    const auto s = lattice(a);
    ASSERT_TRUE(s);
    // The backend's own tuning has nothing: it raises, or generates no config.
    ASSERT_TRUE(tuning::backendListProblem(*s));
    const tuning::LatticeCandidates all = tuning::latticeCandidates(*s, {});
    EXPECT_GT(all.valid, 0u);
    EXPECT_EQ(all.indices.size(), all.valid);
    for (std::size_t i : all.indices)
        EXPECT_NE(s->status(i), space::CandidateStatus::Pruned);

    pipeline::TuneRequest request;
    request.analysis = a;
    request.device = device(a->workload.device);
    request.space = s;
    request.options.jobs = 2;
    request.options.lattice = true;
    request.options.subset.limit = 12;
    const pipeline::TuneResult tuned = pipeline::tune(request);
    ASSERT_TRUE(tuned.result);
    EXPECT_EQ(tuned.result->tuned.size(), 12u);
    EXPECT_EQ(tuned.result->finished, 12u);
    EXPECT_EQ(tuned.result->latticeValid, all.valid);
    EXPECT_FALSE(tuned.result->error) << *tuned.result->error;
    EXPECT_TRUE(tuned.result->best);
    ASSERT_TRUE(tuned.record);
    EXPECT_EQ(tuned.record->key.candidateSet, "lattice limit=12");
    if (s->error()) {  // what the backend raises is a note, never the tuning's failure
        ASSERT_TRUE(tuned.result->backendError);
        EXPECT_EQ(*tuned.result->backendError, *s->error());
        EXPECT_NE(tuned.record->notes.find("the lattice is tuned regardless"), std::string::npos) << tuned.record->notes;
    }
    // The backend's own tuning of the same launch still says why it has nothing.
    request.options.lattice = false;
    const pipeline::TuneResult own = pipeline::tune(request);
    EXPECT_FALSE(own.record);
    EXPECT_TRUE(own.error);
}

TEST(LatticeTuning, FilterAndLimitChooseTheSubset)
{
    const auto a = analyse("add.json");
    const auto s = lattice(a);
    ASSERT_TRUE(s);
    const int xb = dimension(*s, "XBLOCK");
    ASSERT_GE(xb, 0);

    tuning::LatticeSubset subset;
    subset.filter = "XBLOCK>=1024  off-walk";
    const tuning::LatticeCandidates filtered = tuning::latticeCandidates(*s, subset);
    ASSERT_FALSE(filtered.error) << *filtered.error;
    std::size_t expected = 0;
    for (std::size_t i = 0; i < s->size(); ++i) {
        const bool match = s->status(i) != space::CandidateStatus::Pruned && s->values(i)[xb] >= 1024 &&
                           s->reason(i) == space::ReasonCode::OffWalk;
        expected += match;
    }
    ASSERT_GT(expected, 10u);
    EXPECT_EQ(filtered.indices.size(), expected);
    EXPECT_EQ(filtered.matched, expected);
    for (std::size_t i : filtered.indices) {
        EXPECT_GE(s->values(i)[xb], 1024);
        EXPECT_EQ(s->reason(i), space::ReasonCode::OffWalk);
    }

    // --limit: spread evenly over the matching points in lattice order, the first and last kept.
    subset.limit = 5;
    const tuning::LatticeCandidates limited = tuning::latticeCandidates(*s, subset);
    ASSERT_EQ(limited.indices.size(), 5u);
    EXPECT_EQ(limited.matched, expected);
    EXPECT_EQ(limited.indices.front(), filtered.indices.front());
    EXPECT_EQ(limited.indices.back(), filtered.indices.back());
    EXPECT_TRUE(std::is_sorted(limited.indices.begin(), limited.indices.end()));
    EXPECT_EQ(space::spreadEvenly(10, 4), (std::vector<std::size_t>{0, 3, 6, 9}));
    EXPECT_EQ(space::spreadEvenly(3, 0).size(), 3u);

    // A selection by hand: only its valid rows.
    tuning::LatticeSubset chosen;
    std::size_t pruned = SIZE_MAX;
    for (std::size_t i = 0; i < s->size() && pruned == SIZE_MAX; ++i)
        if (s->status(i) == space::CandidateStatus::Pruned)
            pruned = i;
    ASSERT_NE(pruned, SIZE_MAX);
    chosen.selection = {filtered.indices[3], pruned, filtered.indices[1]};
    const tuning::LatticeCandidates picked = tuning::latticeCandidates(*s, chosen);
    EXPECT_EQ(picked.indices, (std::vector<std::size_t>{filtered.indices[1], filtered.indices[3]}));
}

TEST(LatticeTuning, ABadFilterNamesTheTerm)
{
    const auto a = analyse("add.json");
    const auto s = lattice(a);
    ASSERT_TRUE(s);
    tuning::LatticeSubset subset;
    subset.filter = "XBLOK>=1024";
    const tuning::LatticeCandidates bad = tuning::latticeCandidates(*s, subset);
    ASSERT_TRUE(bad.error);
    EXPECT_EQ(bad.error->id(), msg::Id::LatticeFilterNotUnderstood);
    EXPECT_NE(bad.error->english().find("'XBLOK>=1024'"), std::string::npos) << *bad.error;
    EXPECT_NE(bad.error->english().find("XBLOCK"), std::string::npos) << *bad.error; // what it has
    // The same reason without walking the space (the explorer checks it before it starts).
    EXPECT_EQ(tuning::latticeSubsetError(*s, subset), bad.error);
    EXPECT_EQ(tuning::latticeSubsetError(*s, {"XBLOCK>=1024", {}, 0}), std::nullopt);
    EXPECT_EQ(tuning::latticeSubsetError(*s, {}), std::nullopt);
    // A filter that reads but keeps nothing is not an error of the subset: the tuning says so.
    const tuning::LatticeSubset nothing{"XBLOCK>1000000000", {}, 0};
    EXPECT_EQ(tuning::latticeSubsetError(*s, nothing), std::nullopt);
    EXPECT_TRUE(tuning::latticeCandidates(*s, nothing).indices.empty());

    const space::CandidateQuery word = space::CandidateQuery::parse("XBLOCK>=1024 banana");
    EXPECT_EQ(word.problems(), std::vector<std::string>{"banana"});
    EXPECT_NE(word.error().find("'banana'"), std::string::npos) << word.error();

    pipeline::TuneRequest request;
    request.analysis = a;
    request.device = device(a->workload.device);
    request.space = s;
    request.options.lattice = true;
    request.options.subset = subset;
    const pipeline::TuneResult tuned = pipeline::tune(request);
    ASSERT_TRUE(tuned.result);
    EXPECT_TRUE(tuned.result->badSubset);
    EXPECT_FALSE(tuned.record);

    const std::filesystem::path dir = test::scratchDir("lattice-bad-filter");
    const test::CliRun run = test::tilescope("tune " + test::quote(test::examplesDir() / "add.json") +
                                             " --backend 2026-04 --no-cache --lattice --filter 'XBLOK>=1024'");
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find("XBLOK>=1024"), std::string::npos) << run.err;
    const test::CliRun word2 = test::tilescope("tune " + test::quote(test::examplesDir() / "add.json") +
                                               " --backend 2026-04 --no-cache --lattice --filter banana");
    EXPECT_EQ(word2.exitCode, 2) << word2.err;
    EXPECT_NE(word2.err.find("'banana'"), std::string::npos) << word2.err;
    const test::CliRun noLattice = test::tilescope("tune " + test::quote(test::examplesDir() / "add.json") +
                                                   " --no-cache --filter off-walk");
    EXPECT_EQ(noLattice.exitCode, 2);
    EXPECT_NE(noLattice.err.find("--lattice"), std::string::npos) << noLattice.err;
}

TEST(LatticeTuning, BackendAndLatticeTuningsAreCachedApart)
{
    const std::filesystem::path dir = test::scratchDir("lattice-cache");
    const auto a = analyse("add.json");
    pipeline::TuneRequest request;
    request.analysis = a;
    request.device = device(a->workload.device);
    request.options.jobs = 2;
    request.cache.path = dir / "cache.sqlite";

    const pipeline::TuneResult own = pipeline::tune(request);
    ASSERT_TRUE(own.storedId);
    EXPECT_TRUE(own.key.candidateSet.empty());

    pipeline::TuneRequest latticeRequest = request;
    latticeRequest.options.lattice = true;
    latticeRequest.options.subset.filter = "XBLOCK>=2048";
    latticeRequest.options.subset.limit = 20;
    const pipeline::TuneResult first = pipeline::tune(latticeRequest);
    ASSERT_TRUE(first.storedId) << first.notStoredReason.value_or(ts::msg::Message()) << first.cacheError.value_or(ts::msg::Message());
    EXPECT_NE(*first.storedId, *own.storedId);
    EXPECT_EQ(first.key.candidateSet, "lattice filter=XBLOCK>=2048 limit=20");
    EXPECT_FALSE(first.key.sameKey(own.key));
    EXPECT_NE(first.key.digest(), own.key.digest());

    // Each is found under its own key; the backend's entry still holds the backend's pick.
    const pipeline::TuneResult again = pipeline::tune(latticeRequest);
    EXPECT_TRUE(again.fromCache);
    ASSERT_TRUE(again.record);
    EXPECT_EQ(again.record->id, *first.storedId);
    const pipeline::TuneResult ownAgain = pipeline::tune(request);
    EXPECT_TRUE(ownAgain.fromCache);
    ASSERT_TRUE(ownAgain.record && own.record);
    EXPECT_EQ(ownAgain.record->id, *own.storedId);
    EXPECT_EQ(ownAgain.record->best()->params, own.record->best()->params);
    EXPECT_TRUE(ownAgain.record->key.candidateSet.empty());

    // Another subset is another entry; lookupCached finds each by its candidate set.
    pipeline::TuneRequest other = latticeRequest;
    other.options.subset.limit = 10;
    const pipeline::TuneResult second = pipeline::tune(other);
    ASSERT_TRUE(second.storedId);
    EXPECT_NE(*second.storedId, *first.storedId);
    pipeline::CacheLookupRequest lookup{a, a->workload.device, npu::BenchMethod::Default, dir / "cache.sqlite"};
    EXPECT_EQ(pipeline::lookupCached(lookup).id, *own.storedId);
    lookup.candidateSet = pipeline::candidateSetText(latticeRequest.options);
    EXPECT_EQ(pipeline::lookupCached(lookup).id, *first.storedId);
    auto opened = cache::ConfigCache::open(dir / "cache.sqlite");
    ASSERT_TRUE(opened.ok());
    EXPECT_EQ(*opened.cache->count().value, 3u);
    const cache::TuningRecord stored = *opened.cache->lookup(first.key).record;
    EXPECT_EQ(stored.key.candidateSet, first.key.candidateSet);

    // A selection is keyed by its rows, whatever order they were chosen in.
    tuning::TuningOptions a1, a2;
    a1.lattice = a2.lattice = true;
    a1.subset.selection = {7, 3, 5};
    a2.subset.selection = {3, 5, 7};
    EXPECT_EQ(pipeline::candidateSetText(a1), pipeline::candidateSetText(a2));
    EXPECT_NE(pipeline::candidateSetText(a1).find("selection=3:"), std::string::npos);
    a2.subset.selection = {3, 5};
    EXPECT_NE(pipeline::candidateSetText(a1), pipeline::candidateSetText(a2));
    EXPECT_EQ(pipeline::candidateSetText(tuning::TuningOptions{}), "");
}

TEST(LatticeTuning, ExportedWinnersSayTheirRankAndTime)
{
    const std::filesystem::path dir = test::scratchDir("lattice-export");
    const auto a = analyse("add.json");
    pipeline::TuneRequest request;
    request.analysis = a;
    request.device = device(a->workload.device);
    request.options.jobs = 2;
    request.options.lattice = true;
    request.options.subset.limit = 30;
    const pipeline::TuneResult tuned = pipeline::tune(request);
    ASSERT_TRUE(tuned.record);
    std::size_t benchmarked = 0;
    for (const cache::CandidateRecord& c : tuned.record->candidates)
        benchmarked += cache::isMeasured(c);
    ASSERT_GT(benchmarked, 3u);

    pipeline::ExportRequest exportRequest;
    exportRequest.record = std::make_shared<const cache::TuningRecord>(*tuned.record);
    exportRequest.top = 3;
    const pipeline::ExportResult written = pipeline::exportTuning(exportRequest);
    ASSERT_TRUE(written.ok()) << *written.error;
    EXPECT_EQ(written.configCount, 3u);
    const std::string of = " of " + formatInteger(std::int64_t(benchmarked)) + ", simulated p50 ";
    for (int rank = 1; rank <= 3; ++rank)
        EXPECT_NE(written.text.find("# rank " + std::to_string(rank) + of), std::string::npos) << written.text;
    EXPECT_TRUE(std::regex_search(written.text,
                                  std::regex("# rank 1 of [0-9,]+, simulated p50 [0-9]+\\.[0-9]{2} us")))
        << written.text;
    EXPECT_NE(written.text.find("triton.Config("), std::string::npos);
    // The best's time is the one in its comment.
    const cache::CandidateRecord& best = *tuned.record->best();
    ASSERT_TRUE(best.p50Ms);

    // The backend's own tuning keeps its plain p50 comments.
    request.options.lattice = false;
    request.options.subset = {};
    const pipeline::TuneResult own = pipeline::tune(request);
    ASSERT_TRUE(own.record);
    exportRequest.record = std::make_shared<const cache::TuningRecord>(*own.record);
    const pipeline::ExportResult plain = pipeline::exportTuning(exportRequest);
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(plain.text.find("# rank"), std::string::npos) << plain.text;

    // The CLI: `tilescope export --lattice --limit N` writes the same comments.
    const test::CliRun run = test::tilescope("export " + test::quote(test::examplesDir() / "add.json") +
                                             " --backend 2026-04 --lattice --limit 30 --top 2 --cache " +
                                             test::quote(dir / "cache.sqlite"));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("# rank 1 of "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("# rank 2 of "), std::string::npos) << run.out;
}

TEST(LatticeTuning, CliTunesTheMatmulLatticeUnder2604)
{
    const std::filesystem::path dir = test::scratchDir("lattice-cli");
    const test::CliRun run = test::tilescope("tune " + test::quote(test::examplesDir() / "matmul.json") +
                                             " --backend 2026-04 --lattice --limit 8 --jobs 2 --cache " +
                                             test::quote(dir / "cache.sqlite"));
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_NE(run.out.find("tuned 8 candidates"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("lattice: 8 of "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("best: "), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("stored as cache entry"), std::string::npos) << run.err;
    // Again: from the cache, under the lattice's key.
    const test::CliRun again = test::tilescope("tune " + test::quote(test::examplesDir() / "matmul.json") +
                                               " --backend 2026-04 --lattice --limit 8 --jobs 2 --cache " +
                                               test::quote(dir / "cache.sqlite"));
    EXPECT_EQ(again.exitCode, 0) << again.err;
    EXPECT_NE(again.out.find("from cache #"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("[lattice limit=8]"), std::string::npos) << again.out;
}

// Under 2026-08 a vector kernel's lattice is its tiling around the backend's own list: the list
// first and unchanged, then every other tiling with the options the list gives each one, pruned
// by the tile problem's hard constraints or valid but off the backend's walk.
TEST(LatticeTuning, SoftmaxUnder2608HasTheLatticeAroundTheBackendsList)
{
    const auto a = analyseDefault("softmax.json");
    ASSERT_EQ(a->parse.backend, test::backend2608());
    pipeline::SpaceRequest request{a, device(a->workload.device), {}};
    const auto list = pipeline::buildSpace(request).space;
    ASSERT_TRUE(list);
    request.options.lattice = true;
    const auto s = pipeline::buildSpace(request).space;
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->hasLattice());
    ASSERT_TRUE(s->rowsAreBackendList());

    // The backend's list comes first, config for config.
    const std::size_t n = list->size();
    ASSERT_GT(n, 0u);
    ASSERT_GT(s->size(), n);
    for (std::size_t i = 0; i < n; ++i) {
        EXPECT_EQ(s->origin(i), list->origin(i)) << i;
        EXPECT_EQ(s->params(i), list->params(i)) << i;
        EXPECT_EQ(s->numStages(i), list->numStages(i)) << i;
    }
    // Each lattice tiling is listed with both multibuffer values, num_stages coupled as the
    // backend couples them (True: 2, False: 1).
    const int mb = dimension(*s, "multibuffer");
    ASSERT_GE(mb, 0);
    std::size_t pruned = 0, skipped = 0;
    for (std::size_t i = n; i < s->size(); ++i) {
        const space::CandidateStatus origin = s->origin(i);
        ASSERT_TRUE(origin == space::CandidateStatus::Pruned || origin == space::CandidateStatus::Skipped) << i;
        ASSERT_NE(s->reason(i), space::ReasonCode::None) << i;
        const std::int64_t v = s->values(i)[mb];
        ASSERT_NE(v, space::kUnset) << i;
        // An option point unties them on purpose (tests/test_lattice_options.cpp).
        if (s->reason(i) != space::ReasonCode::NumStagesTied) {
            EXPECT_EQ(s->numStages(i), v != 0 ? 2 : 1) << i;
        }
        // Pruned: a hard constraint broken, its reason; skipped: none broken, off the walk.
        if (origin == space::CandidateStatus::Pruned) {
            ++pruned;
            ASSERT_NE(s->violations(i), 0u) << i;
            EXPECT_TRUE(space::isHardConstraint(s->reason(i))) << i;
        } else {
            ++skipped;
            ASSERT_EQ(s->violations(i), 0u) << i;
        }
    }
    EXPECT_GT(pruned, 0u);
    EXPECT_GT(skipped, 0u);
    EXPECT_GT(s->count(space::ReasonCode::UbCapacity), 0u);

    // Tuned: the valid points, the backend's list among them.
    const tuning::LatticeCandidates valid = tuning::latticeCandidates(*s, {});
    EXPECT_GT(valid.valid, n);
    pipeline::TuneRequest tune;
    tune.analysis = a;
    tune.device = device(a->workload.device);
    tune.space = s;
    tune.options.jobs = 2;
    tune.options.lattice = true;
    tune.options.subset.filter = "skipped";
    tune.options.subset.limit = 6;
    tune.cache.path = test::scratchDir("lattice-2608") / "cache.sqlite";
    const pipeline::TuneResult tuned = pipeline::tune(tune);
    ASSERT_TRUE(tuned.result);
    ASSERT_EQ(tuned.result->tuned.size(), 6u);
    for (std::size_t i : tuned.result->tuned)
        EXPECT_EQ(s->origin(i), space::CandidateStatus::Skipped);
    ASSERT_TRUE(tuned.result->best);
    ASSERT_TRUE(tuned.record);
    EXPECT_EQ(tuned.record->candidates.size(), 6u + n); // the backend's list is always kept
}

TEST(LatticeTuning, CliListsAndTunesTheSoftmaxLatticeUnder2608)
{
    const std::string softmax = test::quote(test::examplesDir() / "softmax.json");
    const test::CliRun space = test::tilescope("space " + softmax + " --lattice");
    EXPECT_EQ(space.exitCode, 0) << space.err;
    const std::string head = space.out.substr(0, 4000);
    EXPECT_NE(head.find("backend 2026-08"), std::string::npos) << head;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(
        head, m,
        std::regex(
            R"(Candidates: ([\d,]+) generated, 0 user, ([\d,]+) pruned, ([\d,]+) skipped \(lattice of ([\d,]+) points\))")))
        << head;
    EXPECT_GT(countIn(m[2]), 0);
    EXPECT_GT(countIn(m[3]), 0);
    EXPECT_EQ(countIn(m[1]) + countIn(m[2]) + countIn(m[3]), countIn(m[4]));

    const std::filesystem::path dir = test::scratchDir("lattice-2608-cli");
    const test::CliRun run = test::tilescope("tune " + softmax + " --lattice --filter skipped --limit 5 "
                                             "--jobs 2 --cache " + test::quote(dir / "cache.sqlite"));
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_NE(run.out.find("tuned 5 candidates"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("lattice: 5 of "), std::string::npos) << run.out;
}

// 2026-08 cuts a cube tuning by its time budget: each candidate it cut says so, and the counts
// add up, fresh and read back from the cache alike.
TEST(LatticeTuning, TheTimeBudgetCutIsACandidateStatusFreshAndCached)
{
    const auto a = analyseDefault("matmul.json");
    pipeline::TuneRequest request;
    request.analysis = a;
    request.device = device(a->workload.device);
    request.options.jobs = 2;
    request.cache.path = test::scratchDir("time-budget") / "cache.sqlite";
    const pipeline::TuneResult fresh = pipeline::tune(request);
    ASSERT_TRUE(fresh.result && fresh.record && fresh.space);
    const tuning::TuningResult& r = *fresh.result;
    ASSERT_TRUE(r.timeLimitPrune);
    std::size_t benchmarked = 0, failed = 0, cut = 0;
    for (std::size_t i : r.tuned) {
        const tuning::OutcomeStatus o = r.outcomes[i].status;
        benchmarked += o == tuning::OutcomeStatus::Benchmarked || o == tuning::OutcomeStatus::Best;
        failed += o == tuning::OutcomeStatus::CompileFailed;
        cut += o == tuning::OutcomeStatus::TimeBudgetCut;
    }
    EXPECT_GT(cut, 0u);
    EXPECT_EQ(benchmarked + failed + cut, r.tuned.size());
    EXPECT_EQ(benchmarked, r.timeLimitPrune->validCount);

    // The record keeps the cut with its status and reason.
    std::size_t storedCut = 0;
    for (const cache::CandidateRecord& c : fresh.record->candidates)
        if (c.status == cache::CandidateStatus::TimeBudgetCut) {
            ++storedCut;
            EXPECT_EQ(c.reasonCode, "cube-time-budget");
        }
    EXPECT_EQ(storedCut, cut);

    // Read back from the cache and laid on the space: the same counts.
    pipeline::CacheLookupRequest lookup{a, a->workload.device, npu::BenchMethod::Default, request.cache.path};
    lookup.space = fresh.space;
    const pipeline::CacheLookupResult cached = pipeline::lookupCached(lookup);
    ASSERT_TRUE(cached.tuning) << (cached.error ? cached.error->english() : std::string());
    const tuning::TuningResult& back = *cached.tuning;
    std::size_t backCut = 0, backBenchmarked = 0, backFailed = 0;
    for (std::size_t i : back.tuned) {
        const tuning::OutcomeStatus o = back.outcomes[i].status;
        backBenchmarked += o == tuning::OutcomeStatus::Benchmarked || o == tuning::OutcomeStatus::Best;
        backFailed += o == tuning::OutcomeStatus::CompileFailed;
        backCut += o == tuning::OutcomeStatus::TimeBudgetCut;
    }
    EXPECT_EQ(back.tuned.size(), r.tuned.size());
    EXPECT_EQ(backCut, cut);
    EXPECT_EQ(backBenchmarked, benchmarked);
    EXPECT_EQ(backFailed, failed);
}

TEST(LatticeTuning, CliSaysWhereEveryCandidateOfACutTuningWent)
{
    const std::string matmul = test::quote(test::examplesDir() / "matmul.json");
    const std::filesystem::path dir = test::scratchDir("time-budget-cli");
    const std::string cache = " --jobs 2 --cache " + test::quote(dir / "cache.sqlite");
    const test::CliRun fresh = test::tilescope("tune " + matmul + cache);
    EXPECT_EQ(fresh.exitCode, 0) << fresh.err;
    const std::regex counts(
        R"(tuned ([\d,]+) candidates: ([\d,]+) benchmarked, ([\d,]+) failed to compile, ([\d,]+) cut by the time budget)");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(fresh.out, m, counts)) << fresh.out;
    const long total = countIn(m[1]), benchmarked = countIn(m[2]), failed = countIn(m[3]),
               cut = countIn(m[4]);
    EXPECT_GT(cut, 0);
    EXPECT_EQ(benchmarked + failed + cut, total);

    const test::CliRun again = test::tilescope("tune " + matmul + cache);
    EXPECT_EQ(again.exitCode, 0) << again.err;
    EXPECT_NE(again.out.find("from cache #"), std::string::npos) << again.out;
    const std::string stored = formatInteger(benchmarked) + " benchmarked, " + formatInteger(failed) +
                               " failed to compile, " + formatInteger(cut) + " cut by the time budget, " +
                               formatInteger(total) + " candidates stored";
    EXPECT_NE(again.out.find(stored), std::string::npos) << again.out;

    const test::CliRun json = test::tilescope("tune " + matmul + cache + " --json");
    EXPECT_EQ(json.exitCode, 0) << json.err;
    EXPECT_NE(json.out.find("\"time-budget-cut\": " + std::to_string(cut)), std::string::npos)
        << json.out.substr(0, 2000);
}
