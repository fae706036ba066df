// The lattice's option points: each generated tiling with a launch setting its version never
// lists (num_stages untied from multibuffer, a compile option only max_autotune adds, a value
// outside a hint's list), with the reason in that version's words; counted in --summary,
// tuned and exported as any other lattice point.

#include "core/pipeline/workflow.h"
#include "backend_versions.h"
#include "cli_run.h"
#include "lattice_test_support.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <vector>

using namespace ts;
using space::ReasonCode;

namespace {

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return *r.find(soc);
}

std::shared_ptr<const analysis::KernelAnalysis> analyse(const std::filesystem::path& workload, const char* backend)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(workload.string());
    EXPECT_TRUE(loaded.workload) << workload;
    if (!loaded.workload)
        return nullptr;
    if (backend != nullptr)
        loaded.workload->backend = test::backendNamed(backend);
    pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    EXPECT_TRUE(analysed.ok());
    return analysed.analysis;
}

using test::dimension;
using test::lattice;

bool isOptionReason(ReasonCode code)
{
    return code == ReasonCode::NumStagesTied || code == ReasonCode::MaxAutotuneOnly || code == ReasonCode::OutsideHint;
}

// Every option point is a skipped row whose twin is a generated row of the same tiling, and it
// differs from the twin in its options only.
void expectTwins(const space::CandidateSpace& s)
{
    const int tunables = int(std::count_if(s.dimensions().begin(), s.dimensions().end(), [](const auto& d) {
        return d.kind == space::SpaceDimension::Kind::Tunable;
    }));
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!isOptionReason(s.reason(i)))
            continue;
        ASSERT_EQ(s.origin(i), space::CandidateStatus::Skipped) << i;
        const std::int32_t twin = s.neighbour(i);
        ASSERT_GE(twin, 0) << i;
        ASSERT_EQ(s.origin(std::size_t(twin)), space::CandidateStatus::Generated) << i;
        const auto v = s.values(i);
        const auto t = s.values(std::size_t(twin));
        EXPECT_TRUE(std::equal(v.begin(), v.begin() + tunables, t.begin())) << i;
        EXPECT_FALSE(std::equal(v.begin(), v.end(), t.begin())) << i;
        EXPECT_EQ(s.numWarps(i), s.numWarps(std::size_t(twin))) << i;
        EXPECT_EQ(s.metrics(i).programs, s.metrics(std::size_t(twin)).programs) << i;
        const std::string why = s.describe(i);
        EXPECT_NE(why.find("otherwise generated candidate #" + std::to_string(twin)), std::string::npos) << why;
    }
}

} // namespace

// softmax and add under both versions: the option points beside the other reasons, whose counts
// stay what the walk gives them.
struct OptionCase {
    const char* example;
    const char* backend;
    std::size_t generated;
    std::size_t tied, maxAutotune;
    std::size_t ubCapacity, offWalk; // the walk's own reasons, unchanged
};

class LatticeOptions : public ::testing::TestWithParam<OptionCase> {};

TEST_P(LatticeOptions, EachGeneratedTilingHasTheSettingsItsVersionNeverLists)
{
    const OptionCase& c = GetParam();
    const auto a = analyse(test::examplesDir() / c.example, c.backend);
    ASSERT_TRUE(a);
    const auto s = lattice(a);
    ASSERT_TRUE(s && s->hasLattice());
    const auto counts = s->reasonCounts();
    EXPECT_EQ(s->count(space::CandidateStatus::Generated), c.generated);
    EXPECT_EQ(counts[std::size_t(ReasonCode::NumStagesTied)], c.tied);
    EXPECT_EQ(counts[std::size_t(ReasonCode::MaxAutotuneOnly)], c.maxAutotune);
    EXPECT_EQ(counts[std::size_t(ReasonCode::OutsideHint)], 0u); // no hints
    EXPECT_EQ(counts[std::size_t(ReasonCode::UbCapacity)], c.ubCapacity);
    EXPECT_EQ(counts[std::size_t(ReasonCode::OffWalk)], c.offWalk);
    expectTwins(*s);

    const int stages = dimension(*s, "num_stages");
    ASSERT_GE(stages, 0);
    const int mb = dimension(*s, "multibuffer");
    const bool v2608 = std::string(c.backend) == "2026-08";
    for (std::size_t i = 0; i < s->size(); ++i) {
        EXPECT_EQ(s->values(i)[stages], s->numStages(i)) << i;
        const space::Kwargs params = s->params(i);
        EXPECT_EQ(space::findKwarg(params, "num_stages"), nullptr) << i; // a launch option, not a kwarg
        if (s->reason(i) == ReasonCode::NumStagesTied) {
            const std::string why = s->describe(i);
            if (v2608) {
                // 189dd87 couples them: True 2, False 1; the point is the other pairing.
                ASSERT_GE(mb, 0);
                EXPECT_EQ(s->numStages(i), s->values(i)[mb] != 0 ? 1 : 2) << i;
                EXPECT_NE(why.find("sets num_stages from multibuffer"), std::string::npos) << why;
            } else {
                // a84b1eb lists num_stages=1 only.
                EXPECT_EQ(s->numStages(i), 2) << i;
                EXPECT_NE(why.find("num_stages=1 (TileGenerator"), std::string::npos) << why;
            }
        } else if (s->reason(i) == ReasonCode::MaxAutotuneOnly) {
            const space::ParamValue* saving = space::findKwarg(params, "enable_ubuf_saving");
            ASSERT_NE(saving, nullptr) << i;
            EXPECT_TRUE(saving->isBool);
            EXPECT_NE(s->describe(i).find("get_max_configs"), std::string::npos);
        } else {
            EXPECT_EQ(space::findKwarg(params, "enable_ubuf_saving"), nullptr) << i;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Examples, LatticeOptions,
    ::testing::Values(OptionCase{"softmax.json", "2026-08", 102, 102, 204, 132066, 8970},
                      OptionCase{"softmax.json", "2026-04", 102, 102, 0, 132066, 8970},
                      OptionCase{"add.json", "2026-08", 62, 62, 124, 801306, 331288},
                      OptionCase{"add.json", "2026-04", 62, 62, 0, 801306, 331288}),
    [](const auto& info) {
        std::string name = std::string(info.param.example).substr(0, std::string(info.param.example).find('.')) +
                           "_" + info.param.backend;
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    });

// Without --lattice the space is the backend's list alone: no option point, no num_stages column.
TEST(LatticeOptionsList, TheBackendsListAloneHasNoOptionPoints)
{
    for (const char* backend : {"2026-04", "2026-08"}) {
        const auto a = analyse(test::examplesDir() / "softmax.json", backend);
        ASSERT_TRUE(a);
        const auto s = pipeline::buildSpace({a, device(a->workload.device), {}}).space;
        ASSERT_TRUE(s);
        EXPECT_EQ(dimension(*s, "num_stages"), -1) << backend;
        for (std::size_t i = 0; i < s->size(); ++i)
            EXPECT_FALSE(isOptionReason(s->reason(i))) << backend << " " << i;
    }
}

// hints={"UNROLL": [1, 2], "enable_ubuf_saving": [True, False]}: the list crosses
// enable_ubuf_saving itself (no max-autotune-only point), and num_stages stays tied. (UNROLL is
// a tiling parameter of this kernel for 2026-08's parse, not a hint dimension.)
TEST(LatticeOptionsHints, AnOptionTheListCrossesIsNoMaxAutotunePoint)
{
    const auto a = analyse(test::dataDir() / "golden-2026-08" / "hints_extra_keys_generated_910b2" / "workload.json",
                           nullptr);
    ASSERT_TRUE(a);
    const auto s = lattice(a);
    ASSERT_TRUE(s && s->hasLattice());
    const std::size_t generated = s->count(space::CandidateStatus::Generated);
    ASSERT_GT(generated, 0u);
    ASSERT_GE(dimension(*s, "enable_ubuf_saving"), 0);
    EXPECT_EQ(s->count(ReasonCode::MaxAutotuneOnly), 0u);
    EXPECT_EQ(s->count(ReasonCode::NumStagesTied), generated);
    EXPECT_EQ(s->count(ReasonCode::OutsideHint), 0u);
    expectTwins(*s);
}

// hints={"GROUP_M": [2, 4]} over a kernel without a block parameter: the generated configs are
// the hint's values with both multibuffer settings, and each gets its option points. (The list
// lays GROUP_M out as its own parameter, so no value of it is outside a hint dimension.)
TEST(LatticeOptionsHints, AHintCrossedWithTheGenerationGetsItsOptionPoints)
{
    const auto a = analyse(test::dataDir() / "golden-2026-08" / "ut_config_hints_without_block_910b2" / "workload.json",
                           nullptr);
    ASSERT_TRUE(a);
    const auto s = lattice(a);
    ASSERT_TRUE(s && s->hasLattice());
    EXPECT_EQ(s->count(space::CandidateStatus::Generated), 4u);
    EXPECT_EQ(s->count(ReasonCode::NumStagesTied), 4u);
    EXPECT_EQ(s->count(ReasonCode::MaxAutotuneOnly), 8u);
    EXPECT_EQ(s->count(ReasonCode::OutsideHint), 0u);
    EXPECT_EQ(s->size(), 16u);
    EXPECT_EQ(s->latticePoints(), 16u);
    const int group = dimension(*s, "GROUP_M");
    ASSERT_GE(group, 0);
    for (std::size_t i = 4; i < s->size(); ++i) {
        const std::int64_t g = s->values(i)[group];
        EXPECT_TRUE(g == 2 || g == 4) << i;
    }
    expectTwins(*s);
}

// @triton.max_autotune hands the autotuner handwritten configs: nothing is generated, so there is
// no generated tiling to set apart.
TEST(LatticeOptionsHints, MaxAutotuneConfigsAreHandwritten)
{
    const auto a = analyse(test::dataDir() / "golden-2026-08" / "max_autotune_vector_950" / "workload.json", nullptr);
    ASSERT_TRUE(a);
    const auto s = lattice(a);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->count(space::CandidateStatus::Generated), 0u);
    EXPECT_GT(s->count(space::CandidateStatus::User), 0u);
    for (ReasonCode code : {ReasonCode::NumStagesTied, ReasonCode::MaxAutotuneOnly, ReasonCode::OutsideHint})
        EXPECT_EQ(s->count(code), 0u);
}

// Tuned as the other lattice points: the simulator models multibuffer, not num_stages nor
// enable_ubuf_saving, so a point that differs from its twin only there times exactly as it.
TEST(LatticeOptionsTuning, OptionPointsTuneAsTheirTwinWhereTheSimulatorDoesNotModelThem)
{
    const auto a = analyse(test::examplesDir() / "softmax.json", "2026-08");
    ASSERT_TRUE(a);
    const auto s = lattice(a);
    ASSERT_TRUE(s);
    // Two points of each new reason, and their generated twins.
    std::vector<std::size_t> points;
    for (ReasonCode code : {ReasonCode::NumStagesTied, ReasonCode::MaxAutotuneOnly}) {
        std::vector<std::size_t> all;
        for (std::size_t i = 0; i < s->size(); ++i)
            if (s->reason(i) == code)
                all.push_back(i);
        ASSERT_GE(all.size(), 2u);
        points.push_back(all.front()); // the first and the last generated tiling's
        points.push_back(all.back());
    }
    ASSERT_EQ(points.size(), 4u);
    pipeline::TuneRequest tune;
    tune.analysis = a;
    tune.device = device(a->workload.device);
    tune.space = s;
    tune.options.jobs = 2;
    tune.options.lattice = true;
    for (std::size_t i : points) {
        tune.options.subset.selection.push_back(i);
        tune.options.subset.selection.push_back(std::size_t(s->neighbour(i)));
    }
    tune.cache.path = test::scratchDir("lattice-options") / "cache.sqlite";
    const pipeline::TuneResult tuned = pipeline::tune(tune);
    ASSERT_TRUE(tuned.result);
    std::size_t timed = 0;
    for (std::size_t i : points) {
        EXPECT_NE(std::find(tuned.result->tuned.begin(), tuned.result->tuned.end(), i), tuned.result->tuned.end()) << i;
        const std::size_t twin = std::size_t(s->neighbour(i));
        const tuning::CandidateOutcome& own = tuned.result->outcomes[i];
        const tuning::CandidateOutcome& other = tuned.result->outcomes[twin];
        // The same compile (a failure fails both) and, when it runs, the same time.
        EXPECT_EQ(own.bench.ok, other.bench.ok) << i << ": " << own.failureMessage.english() << " / " << other.failureMessage.english();
        EXPECT_EQ(own.failure, other.failure) << i;
        if (own.bench.ok && other.bench.ok) {
            EXPECT_EQ(own.bench.p50Ms, other.bench.p50Ms) << i;
            ++timed;
        }
    }
    EXPECT_GT(timed, 0u);
    ASSERT_TRUE(tuned.record);
    const auto point = std::find_if(tuned.record->candidates.begin(), tuned.record->candidates.end(),
                                    [](const auto& c) { return c.reasonCode == "num-stages-tied"; });
    ASSERT_NE(point, tuned.record->candidates.end());
}

// --summary: one row per new reason with its count, the others as before.
TEST(LatticeOptionsCli, SummaryCountsTheNewReasons)
{
    const std::string softmax = test::quote(test::examplesDir() / "softmax.json");
    const test::CliRun v2608 = test::tilescope("space " + softmax + " --lattice --summary");
    ASSERT_EQ(v2608.exitCode, 0) << v2608.err;
    EXPECT_NE(v2608.out.find("Candidates judged: 141,768\n"), std::string::npos) << v2608.out;
    EXPECT_NE(v2608.out.find("  skipped    num-stages-tied       102\n"), std::string::npos) << v2608.out;
    EXPECT_NE(v2608.out.find("  skipped    max-autotune-only     204\n"), std::string::npos) << v2608.out;
    EXPECT_NE(v2608.out.find("  pruned     ub-capacity           132,066\n"), std::string::npos) << v2608.out;
    EXPECT_NE(v2608.out.find("  skipped    off-walk              8,970\n"), std::string::npos) << v2608.out;

    const test::CliRun v2604 = test::tilescope("space " + softmax + " --lattice --summary --backend 2026-04");
    ASSERT_EQ(v2604.exitCode, 0) << v2604.err;
    EXPECT_NE(v2604.out.find("Candidates judged: 141,564\n"), std::string::npos) << v2604.out;
    EXPECT_NE(v2604.out.find("  skipped    num-stages-tied       102\n"), std::string::npos) << v2604.out;
    EXPECT_EQ(v2604.out.find("max-autotune-only"), std::string::npos) << v2604.out;

    // The JSON names the code and the version's words.
    const test::CliRun json = test::tilescope("space " + softmax + " --lattice --json --filter max-autotune-only");
    ASSERT_EQ(json.exitCode, 0) << json.err;
    EXPECT_NE(json.out.find("\"max-autotune-only\""), std::string::npos) << json.out.substr(0, 3000);
    EXPECT_NE(json.out.find("(get_max_configs)"), std::string::npos) << json.out.substr(0, 3000);
    EXPECT_NE(json.out.find("\"enable_ubuf_saving\""), std::string::npos) << json.out.substr(0, 3000);
}

// An option point's num_stages is one value, shown once: in the table, the "stages" column where
// the rows list the backend's options (no num_stages dimension beside it) or the num_stages
// dimension where they do not; in the CSV, the num_stages cell; under both versions.
TEST(LatticeOptionsCli, NumStagesIsOneColumn)
{
    const std::string softmax = test::quote(test::examplesDir() / "softmax.json");
    for (const char* backend : {"", " --backend 2026-04"}) {
        SCOPED_TRACE(backend);
        const test::CliRun table =
            test::tilescope("space " + softmax + " --lattice --filter num-stages-tied" + std::string(backend));
        ASSERT_EQ(table.exitCode, 0) << table.err;
        const std::size_t header = table.out.find("\n#  ");
        ASSERT_NE(header, std::string::npos) << table.out;
        const std::string headerLine = table.out.substr(header + 1, table.out.find('\n', header + 1) - header - 1);
        std::istringstream words(headerLine);
        std::size_t stageColumns = 0;
        for (std::string word; words >> word;)
            stageColumns += word == "stages" || word == "num_stages";
        EXPECT_EQ(stageColumns, 1u) << headerLine;

        const test::CliRun csv =
            test::tilescope("space " + softmax + " --lattice --csv --filter num-stages-tied" + std::string(backend));
        ASSERT_EQ(csv.exitCode, 0) << csv.err;
        std::istringstream lines(csv.out);
        std::string line;
        std::getline(lines, line);
        std::vector<std::string> columns;
        for (std::size_t start = 0, comma = 0; comma != std::string::npos; start = comma + 1) {
            comma = line.find(',', start);
            columns.push_back(line.substr(start, comma == std::string::npos ? comma : comma - start));
        }
        EXPECT_EQ(std::count(columns.begin(), columns.end(), "num_stages"), 1);
        const auto stages = std::size_t(std::find(columns.begin(), columns.end(), "num_stages") - columns.begin());
        std::size_t rows = 0;
        while (std::getline(lines, line)) {
            // The cells before the reason's quoted message hold no comma.
            std::vector<std::string> cells;
            std::size_t start = 0;
            for (std::size_t k = 0; k <= stages; ++k) {
                const std::size_t comma = line.find(',', start);
                cells.push_back(line.substr(start, comma - start));
                start = comma + 1;
            }
            EXPECT_TRUE(cells[stages] == "1" || cells[stages] == "2") << line;
            ++rows;
        }
        EXPECT_EQ(rows, 102u);
    }
}
