// Shape sweeps: range parsing, the shape grid, shapes applied to a launch, the covering config
// set (checked against brute force), and a real sweep of the vector add.

#include "core/analysis/kernel_analysis.h"
#include "core/kernel/workload.h"
#include "core/pipeline/space_pipeline.h"
#include "core/npu/device_profile.h"
#include "core/sweep/shape_sweep.h"
#include "backend_versions.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <bit>
#include <random>

using namespace ts;

namespace {

std::vector<std::int64_t> valuesOf(const std::string& text)
{
    ts::msg::Message error;
    auto r = sweep::parseRange(text, &error);
    EXPECT_TRUE(r) << text << ": " << error;
    return r ? r->values : std::vector<std::int64_t>{};
}

std::string errorOf(const std::string& text)
{
    ts::msg::Message error;
    auto r = sweep::parseRange(text, &error);
    EXPECT_FALSE(r) << text << " parsed";
    return error.english();
}

sweep::CoverConfig config(const std::string& name)
{
    sweep::CoverConfig c;
    c.params = {{"BLOCK", name}};
    c.id = name;
    return c;
}

using Times = std::vector<std::vector<std::optional<double>>>;

// Smallest subset size (by enumeration) such that every measured shape has a member within
// tolerance of its best.
std::size_t bruteForceMinimum(const Times& times, std::size_t configs, double tolerance)
{
    std::size_t best = configs + 1;
    for (std::uint32_t mask = 1; mask < (1u << configs); ++mask) {
        bool ok = true;
        for (const auto& row : times) {
            double shapeBest = 1e300, listBest = 1e300;
            for (std::size_t c = 0; c < configs; ++c)
                if (row[c]) {
                    shapeBest = std::min(shapeBest, *row[c]);
                    if (mask & (1u << c))
                        listBest = std::min(listBest, *row[c]);
                }
            if (shapeBest < 1e300 && listBest > shapeBest * (1 + tolerance) * (1 + 1e-12))
                ok = false;
        }
        if (ok)
            best = std::min<std::size_t>(best, static_cast<std::size_t>(std::popcount(mask)));
    }
    return best;
}

} // namespace

TEST(SweepRange, ParsesTheThreeForms)
{
    EXPECT_EQ(valuesOf("n=1024..8192:x2"), (std::vector<std::int64_t>{1024, 2048, 4096, 8192}));
    EXPECT_EQ(valuesOf("n=1024..10000:x4"), (std::vector<std::int64_t>{1024, 4096}));
    EXPECT_EQ(valuesOf("n=100..400"), (std::vector<std::int64_t>{100, 200, 400}));  // :x2 by default
    EXPECT_EQ(valuesOf("M=64..256:+64"), (std::vector<std::int64_t>{64, 128, 192, 256}));
    EXPECT_EQ(valuesOf("M=5..5:+1"), (std::vector<std::int64_t>{5}));
    EXPECT_EQ(valuesOf("n=3000, 1000,3000,2000"), (std::vector<std::int64_t>{3000, 1000, 2000}));
    EXPECT_EQ(valuesOf("n=1024..16777216:x2").size(), 15u);
    ts::msg::Message error;
    EXPECT_EQ(sweep::parseRange("n_elements=1..4:x2", &error)->name, "n_elements");
}

TEST(SweepRange, BadRangesSayWhatIsWrong)
{
    EXPECT_NE(errorOf("n").find("NAME=START..END"), std::string::npos);
    EXPECT_NE(errorOf("n=").find("'n='"), std::string::npos);
    EXPECT_NE(errorOf("n=8..4:x2").find("smaller than START"), std::string::npos);
    EXPECT_NE(errorOf("n=1..8:x1").find("factor of at least 2"), std::string::npos);
    EXPECT_NE(errorOf("n=0..8:x2").find("positive START"), std::string::npos);
    EXPECT_NE(errorOf("n=1..8:y2").find("'y2'"), std::string::npos);
    EXPECT_NE(errorOf("n=1..8:+0").find("positive"), std::string::npos);
    EXPECT_NE(errorOf("1n=1..8").find("not an argument name"), std::string::npos);
    EXPECT_NE(errorOf("n=4,x,8").find("'x' is not an integer"), std::string::npos);
    EXPECT_NE(errorOf("n=1..a").find("integers"), std::string::npos);
    EXPECT_NE(errorOf("n=1..100000:+1").find("more than"), std::string::npos);
}

TEST(SweepGrid, CartesianProductFirstRangeSlowest)
{
    ts::msg::Message error;
    auto m = *sweep::parseRange("M=1,2", &error);
    auto n = *sweep::parseRange("N=10,20,30", &error);
    auto grid = sweep::shapeGrid({m, n}, &error);
    ASSERT_EQ(grid.size(), 6u) << error;
    EXPECT_EQ(grid[0].describe(), "M=1, N=10");
    EXPECT_EQ(grid[2].describe(), "M=1, N=30");
    EXPECT_EQ(grid[3].describe(), "M=2, N=10");
    error = {};
    EXPECT_TRUE(sweep::shapeGrid({m, m}, &error).empty());
    EXPECT_NE(error.english().find("two ranges"), std::string::npos);
}

TEST(SweepShape, TensorDimensionsFollowTheSweptArgument)
{
    auto loaded = test::loadWorkload2604((test::examplesDir() / "add.json").string());
    ASSERT_TRUE(loaded.workload);
    sweep::Shape shape;
    shape.values = {{"n_elements", 4096}};
    std::vector<ts::msg::Message> notes;
    ts::msg::Message error;
    auto w = sweep::workloadForShape(*loaded.workload, shape, {"n_elements"}, &notes, &error);
    ASSERT_TRUE(w) << error;
    EXPECT_EQ(w->arg("n_elements")->intValue, 4096);
    for (const char* tensor : {"x_ptr", "y_ptr", "out_ptr"})
        EXPECT_EQ(w->arg(tensor)->shape, (std::vector<std::int64_t>{4096})) << tensor;
    EXPECT_TRUE(notes.empty());

    shape.values = {{"x_ptr", 4096}};
    EXPECT_FALSE(sweep::workloadForShape(*loaded.workload, shape, {"n_elements"}, &notes, &error));
    EXPECT_NE(error.english().find("'x_ptr' is not an integer argument"), std::string::npos) << error;
}

TEST(SweepShape, AmbiguousDimensionsStayAndSaySo)
{
    auto loaded = test::loadWorkload2604((test::examplesDir() / "matmul.json").string());
    ASSERT_TRUE(loaded.workload);
    sweep::Shape shape;
    shape.values = {{"M", 1024}};
    std::vector<ts::msg::Message> notes;
    ts::msg::Message error;
    auto w = sweep::workloadForShape(*loaded.workload, shape, {"M", "N", "K"}, &notes, &error);
    ASSERT_TRUE(w) << error;
    EXPECT_EQ(w->arg("M")->intValue, 1024);
    EXPECT_EQ(w->arg("a_ptr")->shape, (std::vector<std::int64_t>{4096, 4096}));
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].english().find("N, K"), std::string::npos) << notes[0];
}

TEST(SweepCover, BeatsGreedyOnAKnownInstance)
{
    // X is within tolerance at four shapes, but Y and Z together cover all six; greedy would
    // take X first and then need both Y and Z. W was benchmarked nowhere.
    const std::optional<double> none;
    //            X     Y     Z     W
    Times times = {
        {1.0, 1.0, 1.5, none},   // shape 1
        {1.0, 1.0, 1.5, none},   // 2
        {1.0, 1.5, 1.02, none},  // 3
        {1.0, 1.5, 1.02, none},  // 4
        {2.0, 1.0, 1.5, none},   // 5
        {2.0, 1.5, 1.03, none},  // 6: Z is the best here
    };
    const std::vector<sweep::CoverConfig> universe = {config("X"), config("Y"), config("Z"), config("W")};
    sweep::CoverOptions nodesOnly;  // no time limit: the answer cannot depend on the machine
    nodesOnly.searchSeconds.reset();
    auto cover = sweep::coverFromTimes(universe, times, nodesOnly);
    EXPECT_TRUE(cover.exact);
    ASSERT_EQ(cover.chosen.size(), 2u);
    std::vector<std::string> ids;
    for (std::size_t c : cover.chosen)
        ids.push_back(cover.configs[c].id);
    std::sort(ids.begin(), ids.end());
    EXPECT_EQ(ids, (std::vector<std::string>{"Y", "Z"}));
    for (std::size_t s = 0; s < times.size(); ++s) {
        const sweep::ShapeCover& sc = cover.shapes[s];
        ASSERT_TRUE(sc.measured && sc.chosen);
        EXPECT_LE(sc.lossPercent, 5.0 + 1e-9);
        EXPECT_DOUBLE_EQ(sc.bestMs, s == 5 ? 1.03 : 1.0);
    }
    EXPECT_NEAR(cover.maxLossPercent, 2.0, 1e-9);  // Z at shapes 3 and 4
    // With no tolerance shapes 3-4 need X, 5 needs Y and 6 needs Z.
    sweep::CoverOptions strict;
    strict.tolerance = 0.0;
    EXPECT_EQ(sweep::coverFromTimes(universe, times, strict).chosen.size(), 3u);
    // A budget too small for the exact search keeps the greedy answer and says so.
    sweep::CoverOptions tiny;
    tiny.searchBudget = 1;
    auto greedy = sweep::coverFromTimes(universe, times, tiny);
    EXPECT_FALSE(greedy.exact);
    EXPECT_EQ(greedy.method, "greedy");
    EXPECT_EQ(greedy.chosen.size(), 3u);
}

TEST(SweepCover, MinimalOnRandomInstancesAndWithinTolerance)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> time(1.0, 1.3);
    std::bernoulli_distribution present(0.8);
    for (int trial = 0; trial < 200; ++trial) {
        const std::size_t shapes = 3 + rng() % 8, configs = 2 + rng() % 9;
        Times times(shapes, std::vector<std::optional<double>>(configs));
        std::vector<sweep::CoverConfig> universe;
        for (std::size_t c = 0; c < configs; ++c)
            universe.push_back(config(std::to_string(c)));
        for (auto& row : times)
            for (auto& t : row)
                if (present(rng))
                    t = time(rng);
        const double tolerance = 0.02 + 0.02 * (trial % 4);
        sweep::CoverOptions options;
        options.tolerance = tolerance;
        options.searchSeconds.reset();  // the node budget alone decides
        auto cover = sweep::coverFromTimes(universe, times, options);
        ASSERT_TRUE(cover.exact);
        EXPECT_EQ(cover.chosen.size(), bruteForceMinimum(times, configs, tolerance)) << "trial " << trial;
        for (std::size_t s = 0; s < shapes; ++s) {
            const auto& sc = cover.shapes[s];
            if (!sc.measured)
                continue;
            ASSERT_TRUE(sc.chosen) << "trial " << trial << " shape " << s;
            EXPECT_LE(sc.chosenMs, sc.bestMs * (1 + tolerance) * (1 + 1e-9));
            EXPECT_EQ(*times[s][*sc.chosen], sc.chosenMs);
        }
    }
}

TEST(SweepRun, VectorAddOverShapes)
{
    auto loaded = test::loadWorkload2604((test::examplesDir() / "add.json").string());
    ASSERT_TRUE(loaded.workload);
    const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    sweep::SweepOptions options;
    ts::msg::Message error;
    options.ranges.push_back(*sweep::parseRange("n_elements=4096..1048576:x16", &error));
    options.tuning.jobs = 2;
    std::size_t progressCalls = 0;
    options.progress = [&](const sweep::SweepProgress&) { ++progressCalls; };
    const sweep::SweepResult result = sweep::runSweep(*loaded.workload, *registry.find("Ascend910B2"), options);
    ASSERT_TRUE(result.ok()) << *result.error;
    EXPECT_GT(progressCalls, 0u);
    EXPECT_EQ(result.kernelName, "add_kernel");
    EXPECT_EQ(result.key.names, (std::vector<std::string>{"n_elements"}));
    ASSERT_EQ(result.shapes.size(), 3u);  // 4096, 65536, 1048576
    ASSERT_FALSE(result.cover.chosen.empty());
    EXPECT_LE(result.cover.chosen.size(), result.shapes.size());
    for (std::size_t i = 0; i < result.shapes.size(); ++i) {
        const sweep::ShapeOutcome& s = result.shapes[i];
        ASSERT_TRUE(s.record) << s.shape.describe() << ": " << s.error.value_or(ts::msg::Message());
        // The tuning ran at this shape: the key carries the swept value.
        EXPECT_EQ(s.record->key.keyValues.at(0).second, std::to_string(s.shape.values[0].second));
        const sweep::ShapeCover& sc = result.cover.shapes[i];
        ASSERT_TRUE(sc.measured && sc.chosen);
        // The reference is at least as fast as the shape's own tuning found.
        EXPECT_LE(sc.bestMs, *s.record->best()->p50Ms);
        EXPECT_LE(sc.chosenMs, sc.bestMs * 1.05 * (1 + 1e-12));
        EXPECT_LE(sc.chosenMs, *s.record->best()->p50Ms * 1.05 * (1 + 1e-12));
    }
    // Different shapes want different splits, so one config per shape is not the rule.
    EXPECT_NE(result.shapes[0].record->best()->params, result.shapes[2].record->best()->params);
    // Configs were benchmarked at shapes where the backend did not generate them.
    EXPECT_GT(result.crossMeasurements, 0u);
    // The result keeps those times: the list for another tolerance is recomputed from them, and
    // at the sweep's own tolerance it is the sweep's list.
    EXPECT_EQ(result.crossTimes.size(), result.shapes.size());
    EXPECT_EQ(sweep::recover(result, options.cover).chosen, result.cover.chosen);
    sweep::CoverOptions loose = options.cover;
    loose.tolerance = 0.5;
    const sweep::CoverResult looser = sweep::recover(result, loose);
    EXPECT_EQ(looser.tolerance, 0.5);
    EXPECT_LE(looser.chosen.size(), result.cover.chosen.size());

    // Without cross-evaluation a config only counts where it was generated: the list's config at
    // every shape is one of that shape's own candidates, timed by that shape's tuning.
    options.crossEvaluate = false;
    const sweep::SweepResult native = sweep::runSweep(*loaded.workload, *registry.find("Ascend910B2"), options);
    ASSERT_TRUE(native.ok());
    EXPECT_EQ(native.crossMeasurements, 0u);
    EXPECT_GE(native.cover.chosen.size(), result.cover.chosen.size());
    for (std::size_t i = 0; i < native.shapes.size(); ++i) {
        const sweep::ShapeCover& sc = native.cover.shapes[i];
        ASSERT_TRUE(sc.chosen);
        EXPECT_DOUBLE_EQ(sc.bestMs, *native.shapes[i].record->best()->p50Ms);
        bool found = false;
        for (const cache::CandidateRecord& c : native.shapes[i].record->candidates)
            if (c.params == native.cover.configs[*sc.chosen].params && c.p50Ms && *c.p50Ms == sc.chosenMs)
                found = true;
        EXPECT_TRUE(found) << native.shapes[i].shape.describe();
    }

    const auto json = sweep::sweepToJson(result);
    EXPECT_EQ(json["shapes"].size(), 3u);
    EXPECT_EQ(json["configs"].size(), result.cover.chosen.size());
    EXPECT_NE(sweep::sweepToText(result).find("within 5%"), std::string::npos);
}

TEST(SweepRun, CrossEvaluatedTimeIsTheHandwrittenConfigsTime)
{
    // A config measured at a shape where the backend did not generate it must time exactly as the
    // same config written by hand in the kernel and tuned at that shape.
    const auto dir = test::scratchDir("sweep-cross");
    std::filesystem::copy_file(test::examplesDir() / "add.py", dir / "add.py");
    std::filesystem::copy_file(test::examplesDir() / "add.json", dir / "add.json");
    auto loaded = test::loadWorkload2604((dir / "add.json").string());
    ASSERT_TRUE(loaded.workload);
    const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile& device = *registry.find("Ascend910B2");
    sweep::SweepOptions options;
    ts::msg::Message error;
    options.ranges.push_back(*sweep::parseRange("n_elements=4096,1048576", &error));
    options.tuning.jobs = 2;
    const sweep::SweepResult result = sweep::runSweep(*loaded.workload, device, options);
    ASSERT_TRUE(result.ok()) << *result.error;
    ASSERT_EQ(result.shapes.size(), 2u);
    // The fastest config of the big shape, measured at the small one although not generated there.
    const std::size_t big = result.cover.shapes[1].best;
    const sweep::CoverConfig& config = result.cover.configs[big];
    for (const cache::CandidateRecord& c : result.shapes[0].record->candidates)
        ASSERT_NE(sweep::configId(c.params, c.numWarps, c.numStages), config.id) << "generated at 4096 too";
    ASSERT_TRUE(result.cover.times[0][big]) << config.id;

    std::string params;
    for (const auto& [name, value] : config.params)
        params += (params.empty() ? "" : ", ") + ("\"" + name + "\": " + value);
    std::string source = test::readText(dir / "add.py");
    const auto at = source.find("configs=[]");
    ASSERT_NE(at, std::string::npos);
    source.replace(at, 10, "configs=[triton.Config({" + params + "}, num_warps=" + std::to_string(config.numWarps) +
                               ", num_stages=" + std::to_string(config.numStages) + ")]");
    std::ofstream(dir / "add.py", std::ios::trunc) << source;
    kernel::Workload small = *loaded.workload;
    sweep::Shape shape;
    shape.values = {{"n_elements", 4096}};
    auto launch = sweep::workloadForShape(small, shape, {"n_elements"}, nullptr, &error);
    ASSERT_TRUE(launch) << error;
    auto analysed = analysis::analyzeWorkload(*launch);
    ASSERT_TRUE(analysed.analysis);
    const space::CandidateSpace space = pipeline::buildSpace(*analysed.analysis, device);
    tuning::TuningOptions tuningOptions;
    tuningOptions.jobs = 1;
    const tuning::TuningResult tuned = tuning::tune(*analysed.analysis, space, device, tuningOptions);
    ASSERT_TRUE(tuned.best) << source;
    EXPECT_DOUBLE_EQ(tuned.outcomes[*tuned.best].bench.p50Ms, *result.cover.times[0][big]);
    std::filesystem::remove_all(dir);
}

TEST(SweepRun, UnknownArgumentIsAnError)
{
    auto loaded = test::loadWorkload2604((test::examplesDir() / "add.json").string());
    ASSERT_TRUE(loaded.workload);
    const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    sweep::SweepOptions options;
    ts::msg::Message error;
    options.ranges.push_back(*sweep::parseRange("n_elementz=1,2", &error));
    const sweep::SweepResult result = sweep::runSweep(*loaded.workload, *registry.find("Ascend910B2"), options);
    EXPECT_FALSE(result.ok());
    ASSERT_TRUE(result.error);
    EXPECT_NE(result.error->english().find("n_elementz"), std::string::npos);
    EXPECT_NE(result.error->english().find("add.json"), std::string::npos) << *result.error;
}
