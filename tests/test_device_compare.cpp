// One launch compared over devices (pipeline::compareDevices): each device's best is its own
// tuning's, the regret matrix is read back from the simulated times, and the covering list is
// within tolerance on every device, recomputed here from the times.

#include "core/pipeline/workflow.h"
#include "core/sweep/device_compare.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <stop_token>

using namespace ts;

namespace {

std::shared_ptr<const analysis::KernelAnalysis> analyse(const std::string& example)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / example).string());
    EXPECT_TRUE(loaded.workload);
    if (!loaded.workload)
        return nullptr;
    pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    EXPECT_TRUE(analysed.ok());
    return analysed.analysis;
}

std::vector<npu::DeviceProfile> profiles(const std::vector<std::string>& names)
{
    const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    std::vector<npu::DeviceProfile> out;
    for (const std::string& name : names) {
        const npu::DeviceProfile* p = registry.find(name);
        EXPECT_TRUE(p) << name;
        if (p)
            out.push_back(*p);
    }
    return out;
}

pipeline::CompareDevicesRequest requestFor(const std::string& example,
                                           const std::vector<std::string>& devices,
                                           const std::filesystem::path& cache)
{
    pipeline::CompareDevicesRequest request;
    request.analysis = analyse(example);
    request.devices = profiles(devices);
    request.options.jobs = 2;
    request.cache.path = cache;
    request.cover.searchSeconds.reset(); // the node budget alone: the same answer on any machine
    return request;
}

// On every device, the list's fastest config is within tolerance of that device's own best
// (and of the fastest config known there), recomputed from the times.
void expectListWithinTolerance(const sweep::DeviceComparison& c, double tolerance)
{
    ASSERT_TRUE(c.listExists) << c.noList;
    ASSERT_FALSE(c.cover.chosen.empty());
    EXPECT_LE(c.cover.chosen.size(), c.devices.size());
    for (std::size_t j = 0; j < c.devices.size(); ++j) {
        const sweep::DeviceEntry& d = c.devices[j];
        ASSERT_TRUE(d.best) << d.device;
        double listBest = INFINITY, known = d.bestMs;
        for (std::size_t k : c.cover.chosen)
            if (c.times[j][k].p50Ms)
                listBest = std::min(listBest, *c.times[j][k].p50Ms);
        for (const sweep::DeviceTime& t : c.times[j])
            if (t.p50Ms)
                known = std::min(known, *t.p50Ms);
        EXPECT_LE(listBest, d.bestMs * (1 + tolerance) * (1 + 1e-12)) << d.device;
        EXPECT_LE(listBest, known * (1 + tolerance) * (1 + 1e-12)) << d.device;
        ASSERT_TRUE(c.cover.shapes[j].chosen);
        EXPECT_DOUBLE_EQ(c.cover.shapes[j].chosenMs, listBest);
    }
}

} // namespace

TEST(CompareDevices, EachDeviceKeepsItsOwnBestAndTheRegretComesFromTheTimes)
{
    const auto dir = test::scratchDir("device-compare-add");
    const std::vector<std::string> names = {"Ascend910B2", "Ascend910B4", "Ascend310P3"};
    pipeline::CompareDevicesRequest request = requestFor("add.json", names, dir / "cache.sqlite");
    const pipeline::CompareDevicesResult result = pipeline::compareDevices(request);
    ASSERT_TRUE(result.ok()) << *result.error;
    EXPECT_FALSE(result.stopped);
    const sweep::DeviceComparison& c = result.comparison;
    ASSERT_EQ(c.devices.size(), 3u);
    EXPECT_EQ(c.kernelName, "add_kernel");
    EXPECT_GT(result.crossMeasurements, 0u);

    // Each device's best is the one its own tuning picks.
    for (std::size_t j = 0; j < names.size(); ++j) {
        const sweep::DeviceEntry& d = c.devices[j];
        EXPECT_EQ(d.device, names[j]);
        EXPECT_FALSE(d.fromCache);
        pipeline::TuneRequest tune;
        tune.analysis = request.analysis;
        tune.device = request.devices[j];
        tune.options.jobs = 2;
        const pipeline::TuneResult own = pipeline::tune(tune);
        ASSERT_TRUE(own.record);
        const cache::CandidateRecord* best = own.record->best();
        ASSERT_TRUE(best);
        ASSERT_TRUE(d.best) << d.device;
        EXPECT_EQ(c.configs[*d.best].id, sweep::configId(best->params, best->numWarps, best->numStages))
            << d.device;
        EXPECT_EQ(d.bestMs, *best->p50Ms) << d.device;
        EXPECT_TRUE(c.times[j][*d.best].tuned);
        EXPECT_EQ(*c.times[j][*d.best].p50Ms, d.bestMs);
    }

    // The regret matrix: 1 on the diagonal, else the time of the row's best on the column device
    // over that device's own best.
    ASSERT_EQ(c.regret.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j) {
            const auto& r = c.regret[i][j];
            if (i == j) {
                ASSERT_TRUE(r);
                EXPECT_EQ(*r, 1.0);
                continue;
            }
            const sweep::DeviceTime& t = c.times[j][*c.devices[i].best];
            ASSERT_EQ(r.has_value(), t.p50Ms.has_value()) << i << " on " << j;
            // For the vector add every best runs everywhere, and no device's best beats another's
            // own pick there.
            ASSERT_TRUE(r) << i << " on " << j;
            EXPECT_DOUBLE_EQ(*r, *t.p50Ms / c.devices[j].bestMs);
            EXPECT_GE(*r, 1.0) << names[i] << " on " << names[j];
        }

    expectListWithinTolerance(c, 0.05);
    // 910B2 and 910B4 pick the same config; 310P3 another, 39% slower on the 910s' own
    // pick: two configs within 5%.
    EXPECT_EQ(c.devices[0].best, c.devices[1].best);
    EXPECT_NE(c.devices[0].best, c.devices[2].best);
    EXPECT_EQ(c.cover.chosen.size(), 2u);
    const std::string text = sweep::deviceComparisonToText(c);
    EXPECT_NE(text.find("best of \\ on"), std::string::npos) << text;
    EXPECT_NE(text.find("2 configs serve every device within 5%"), std::string::npos) << text;

    // The exported list: one triton.Config per chosen config, each naming the devices it serves.
    const std::vector<exporter::HandwrittenConfig> list = sweep::deviceListConfigs(c);
    ASSERT_EQ(list.size(), c.cover.chosen.size());
    EXPECT_EQ(list[0].note.rfind("covers Ascend910B2 own best", 0), 0u) << list[0].note;
    EXPECT_NE(list[0].note.find("Ascend910B4 own best"), std::string::npos) << list[0].note;
    EXPECT_EQ(list[1].note.rfind("covers Ascend310P3 own best", 0), 0u) << list[1].note;
    pipeline::ExportRequest exported;
    exported.configs = list;
    exported.top = list.size();
    exported.list.key = c.key;
    exported.list.p50Comments = false;
    const pipeline::ExportResult python = pipeline::exportTuning(exported);
    ASSERT_TRUE(python.ok()) << *python.error;
    EXPECT_EQ(python.configCount, 2u);
    EXPECT_NE(python.text.find("# covers Ascend310P3 own best, p50 "), std::string::npos) << python.text;
    EXPECT_NE(python.text.find("key=[\"n_elements\"]"), std::string::npos) << python.text;

    // Again: every tuning comes from the cache, and nothing changes.
    const pipeline::CompareDevicesResult again = pipeline::compareDevices(request);
    ASSERT_TRUE(again.ok());
    for (std::size_t j = 0; j < 3; ++j) {
        EXPECT_TRUE(again.comparison.devices[j].fromCache);
        EXPECT_EQ(again.comparison.devices[j].best, c.devices[j].best);
        EXPECT_EQ(again.comparison.devices[j].bestMs, c.devices[j].bestMs);
    }
    EXPECT_EQ(again.comparison.regret, c.regret);
    EXPECT_EQ(again.comparison.cover.chosen, c.cover.chosen);
}

TEST(CompareDevices, ABestThatDoesNotFitAnotherDevicesUbIsAnInfiniteRegret)
{
    // layer_norm: 310P3's own pick (XBLOCK=1024, RBLOCK=16) overflows the UB of the 910s; the
    // 910B2's pick runs on 310P3 faster than 310P3's own (a regret below 1: its backend does not
    // generate it).
    const auto dir = test::scratchDir("device-compare-layer-norm");
    pipeline::CompareDevicesRequest request =
        requestFor("layer_norm.json", {"Ascend910B2", "Ascend910B4", "Ascend310P3"}, dir / "cache.sqlite");
    const pipeline::CompareDevicesResult result = pipeline::compareDevices(request);
    ASSERT_TRUE(result.ok()) << *result.error;
    const sweep::DeviceComparison& c = result.comparison;
    ASSERT_TRUE(c.devices[2].best);
    for (std::size_t j : {0u, 1u}) {
        EXPECT_FALSE(c.regret[2][j]) << j;
        const sweep::DeviceTime& t = c.times[j][*c.devices[2].best];
        EXPECT_FALSE(t.p50Ms);
        EXPECT_FALSE(t.tuned);
        EXPECT_EQ(t.failure.rfind("ub-overflow: UB overflow", 0), 0u) << t.failure;
    }
    ASSERT_TRUE(c.regret[0][2]);
    EXPECT_LT(*c.regret[0][2], 1.0);
    ASSERT_TRUE(c.devices[2].fastest);
    EXPECT_LT(c.devices[2].fastestMs, c.devices[2].bestMs);
    const std::string text = sweep::deviceComparisonToText(c);
    EXPECT_NE(text.find("does not run"), std::string::npos) << text;
    EXPECT_NE(text.find("Ascend310P3's best on Ascend910B2: ub-overflow: UB overflow"), std::string::npos)
        << text;
    const nlohmann::ordered_json j = sweep::deviceComparisonToJson(c);
    EXPECT_TRUE(j["regret"][2][0].is_null());
    EXPECT_EQ(j["regret"][1][1], 1.0);

    // A best that runs nowhere else still covers its own device: a list exists.
    expectListWithinTolerance(c, 0.05);
    // Tolerance 0 (the same times): one config per distinct fastest config, no loss anywhere.
    const pipeline::CompareDevicesResult zero =
        pipeline::recoverDevices(result, {0.0, 2'000'000, std::nullopt});
    expectListWithinTolerance(zero.comparison, 0.0);
    std::set<std::size_t> fastest;
    for (const sweep::ShapeCover& s : zero.comparison.cover.shapes)
        fastest.insert(s.best);
    EXPECT_EQ(zero.comparison.cover.chosen.size(), fastest.size());
    EXPECT_GT(zero.comparison.cover.chosen.size(), c.cover.chosen.size());
    EXPECT_EQ(zero.comparison.cover.maxLossPercent, 0.0);
    EXPECT_EQ(zero.comparison.regret, c.regret); // nothing simulated again
}

TEST(CompareDevices, NoListWhenNothingRunsOnADevice)
{
    // Two devices, one whose tuning found no config: no list can serve it, and the reason names it.
    sweep::DeviceComparison c;
    c.configs = {sweep::CoverConfig{{{"BLOCK", "128"}}, 4, 3, "BLOCK=128; num_warps=4, num_stages=3"}};
    c.devices.resize(2);
    c.devices[0].device = "A";
    c.devices[0].best = 0;
    c.devices[0].bestMs = 1.0;
    c.devices[1].device = "B";
    c.devices[1].error = ts::msg::Message::asWritten("No valid triton configs. ub-overflow: ...");
    c.times = {{sweep::DeviceTime{1.0, true, {}}},
               {sweep::DeviceTime{std::nullopt, false, "ub-overflow: too big"}}};
    sweep::computeRegret(c);
    EXPECT_EQ(c.regret[0][0], 1.0);
    EXPECT_FALSE(c.regret[0][1]);
    EXPECT_FALSE(c.regret[1][0]);
    sweep::chooseDeviceList(c, {});
    EXPECT_FALSE(c.listExists);
    EXPECT_EQ(c.noList.english(), "no config runs on B (No valid triton configs. ub-overflow: ...)");
    EXPECT_TRUE(c.cover.chosen.empty());
    EXPECT_TRUE(sweep::deviceListConfigs(c).empty());
    EXPECT_NE(
        sweep::deviceComparisonToText(c).find("No config list is within 5% of the best on every device: no "
                                              "config runs on B"),
        std::string::npos);
}

TEST(CompareDevices, BadRequests)
{
    pipeline::CompareDevicesRequest request;
    EXPECT_EQ(pipeline::compareDevices(request).error.value_or(ts::msg::Message()).english(),
              "no analysed kernel to compare");
    request.analysis = analyse("add.json");
    request.devices = profiles({"Ascend910B2"});
    EXPECT_EQ(pipeline::compareDevices(request).error.value_or(ts::msg::Message()).english(),
              "compare two or more devices");
    request.devices = profiles({"Ascend910B2", "Ascend910B2"});
    EXPECT_EQ(pipeline::compareDevices(request).error.value_or(ts::msg::Message()).english(),
              "the device Ascend910B2 is named twice");
}

TEST(CompareDevices, StopKeepsWhatFinished)
{
    // Stopped when the second device's tuning starts: the first keeps its best, the others say why.
    pipeline::CompareDevicesRequest request = requestFor("add.json", {"Ascend910B2", "Ascend310P3"}, {});
    std::stop_source stop;
    pipeline::RunControl control;
    control.stop = stop.get_token();
    control.progress = [&stop](const pipeline::RunProgress& p) {
        if (p.item == 1)
            stop.request_stop();
    };
    const pipeline::CompareDevicesResult result = pipeline::compareDevices(request, control);
    ASSERT_TRUE(result.ok());
    EXPECT_TRUE(result.stopped);
    EXPECT_TRUE(result.comparison.devices[0].best);
    EXPECT_FALSE(result.comparison.devices[1].best);
    EXPECT_TRUE(result.comparison.devices[1].error);
    EXPECT_FALSE(result.comparison.listExists);
}

TEST(CompareDevices, BeyondTheLimitOnlyConfigsNearABestGoElsewhere)
{
    // With at most 5 configs simulated elsewhere, each device's best and the configs within
    // tolerance of it still are (the regret matrix is whole), the others are not, and a note says so.
    pipeline::CompareDevicesRequest request = requestFor("add.json", {"Ascend910B2", "Ascend310P3"}, {});
    request.maxCrossConfigs = 5;
    const pipeline::CompareDevicesResult result = pipeline::compareDevices(request);
    ASSERT_TRUE(result.ok());
    EXPECT_TRUE(result.crossLimited);
    const sweep::DeviceComparison& c = result.comparison;
    ASSERT_FALSE(c.notes.empty());
    EXPECT_NE(c.notes.back().english().find("within tolerance of a device's best were simulated"),
              std::string::npos)
        << c.notes.back();
    for (std::size_t i = 0; i < 2; ++i)
        for (std::size_t j = 0; j < 2; ++j)
            EXPECT_TRUE(c.regret[i][j]) << i << " on " << j;
    std::size_t untried = 0;
    for (const auto& row : c.times)
        for (const sweep::DeviceTime& t : row)
            untried += !t.p50Ms && t.failure.empty();
    EXPECT_GT(untried, 0u);
    expectListWithinTolerance(c, 0.05);
}
