// Measured timings end to end: importing a runner file through the workflow (counts, duplicates,
// all or nothing), comparing it with the simulated NPU, and the same through the CLI.

#include "cli_run.h"
#include "core/measure/rank_agreement.h"
#include "core/pipeline/workflow.h"
#include "core/util/format.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

namespace fs = std::filesystem;
using namespace ts;

namespace {

fs::path measureData() { return test::dataDir() / "measure"; }

kernel::Workload addWorkload()
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((measureData() / "add.json").string());
    EXPECT_TRUE(loaded.workload);
    return *loaded.workload;
}

npu::DeviceProfile device910B2()
{
    const auto registry = npu::DeviceRegistry::loadBundled();
    return *registry.lookup("Ascend910B2").profile;
}

} // namespace

TEST(MeasureCompare, ImportsARunnerFileOnceAndComparesItWithTheSimulator)
{
    const fs::path dir = test::scratchDir("measure-compare-e2e");
    pipeline::MeasureImportRequest request;
    request.files = {(measureData() / "add_runner.json").string()};
    request.cachePath = dir / "cache.sqlite";
    pipeline::MeasureImportResult imported = pipeline::importMeasurements(request);
    ASSERT_TRUE(imported.ok()) << *imported.error;
    ASSERT_EQ(imported.files.size(), 1u);
    EXPECT_EQ(imported.files[0].format, "runner");
    EXPECT_EQ(imported.read, 10u);
    EXPECT_EQ(imported.added, 9u);  // 8 timed, 1 failed to compile
    EXPECT_EQ(imported.skipped, 1u);  // not run
    EXPECT_EQ(imported.files[0].launch,
              "add_kernel[n_elements=98432; torch.float16, torch.float16, torch.float16] (backend 2026-04)");
    EXPECT_TRUE(imported.files[0].warnings.empty() == false);  // the runner did not finish
    for (const std::string& w : imported.files[0].warnings)
        EXPECT_EQ(w.find("kernel_sha256"), std::string::npos) << w;  // the kernel measured is the one here
    imported = pipeline::importMeasurements(request);
    ASSERT_TRUE(imported.ok());
    EXPECT_EQ(imported.added, 0u);
    EXPECT_EQ(imported.duplicates, 9u);

    const pipeline::AnalyzeResult analysed = pipeline::analyze({addWorkload()});
    ASSERT_TRUE(analysed.ok());
    pipeline::CompareMeasuredRequest compare;
    compare.analysis = analysed.analysis;
    compare.device = device910B2();
    compare.options.jobs = 1;
    compare.cachePath = dir / "cache.sqlite";
    compare.topK = 3;
    const pipeline::CompareMeasuredResult result = pipeline::compareMeasured(compare);
    ASSERT_TRUE(result.ok()) << *result.error;
    EXPECT_EQ(result.measuredDevice, "Synthetic GPU");
    ASSERT_EQ(result.candidates.size(), 9u);
    // The runner's times, config for config, in its order.
    const double measured[] = {0.0150, 0.0190, 0.0140, 0.0230, 0.0180, 0.0480, 0.0260, 0.0250};
    for (std::size_t i = 0; i < 8; ++i) {
        ASSERT_TRUE(result.candidates[i].measuredMs) << i;
        EXPECT_DOUBLE_EQ(*result.candidates[i].measuredMs, measured[i]);
        EXPECT_EQ(result.candidates[i].simulatedStatus, "benchmarked") << i;
        ASSERT_TRUE(result.candidates[i].simulatedMs);
        EXPECT_GT(*result.candidates[i].simulatedMs, 0.0);
        EXPECT_DOUBLE_EQ(*result.candidates[i].ratio, *result.candidates[i].simulatedMs / measured[i]);
    }
    EXPECT_EQ(result.candidates[0].config.kwargs.size(), 2u);
    EXPECT_EQ(result.candidates[8].measuredStatus, "compile_failed");
    EXPECT_FALSE(result.candidates[8].ratio);
    EXPECT_EQ(result.compared.size(), 8u);
    // The statistics are those of the two columns.
    std::vector<double> sim, meas;
    for (std::size_t i : result.compared) {
        sim.push_back(*result.candidates[i].simulatedMs);
        meas.push_back(*result.candidates[i].measuredMs);
    }
    EXPECT_DOUBLE_EQ(result.agreement.spearman, measure::spearman(sim, meas));
    EXPECT_DOUBLE_EQ(result.agreement.kendallTauB, measure::kendallTauB(sim, meas));
    ASSERT_TRUE(result.measuredBest());
    EXPECT_EQ(*result.measuredBest(), 2u);  // 0.0140 ms
    ASSERT_TRUE(result.simulatorPick());
    EXPECT_DOUBLE_EQ(result.agreement.top1Regret, measured[*result.simulatorPick()] / 0.0140);
    EXPECT_EQ(result.agreement.k, 3u);
}

TEST(MeasureCompare, AFileWithAnErrorStoresNothingFromAnyFile)
{
    const fs::path dir = test::scratchDir("measure-compare-all-or-nothing");
    std::ofstream(dir / "good.autotune.json")
        << "{\"key\": [98432, \"torch.float16\", \"torch.float16\", \"torch.float16\"], \"configs_timings\": [\n"
           "[{\"kwargs\": {\"XBLOCK\": 12304, \"XBLOCK_SUB\": 12304}, \"num_warps\": 1, \"num_stages\": 1}, "
           "[0.02, 0.019, 0.021]]]}\n";
    std::ofstream(dir / "bad.json") << "{\"key\": [1], \"configs_timings\": [\n[{\"kwargs\": {}}, \"slow\"]]}\n";
    pipeline::MeasureImportRequest request;
    request.files = {(measureData() / "add_runner.json").string(), (dir / "good.autotune.json").string()};
    request.cachePath = dir / "cache.sqlite";
    // No workload named: the autotune file cannot be tied to a launch, and nothing is stored.
    pipeline::MeasureImportResult imported = pipeline::importMeasurements(request);
    ASSERT_FALSE(imported.ok());
    EXPECT_FALSE(imported.files[0].error);
    ASSERT_TRUE(imported.files[1].error);
    EXPECT_NE(imported.files[1].error->find("--workload"), std::string::npos) << *imported.files[1].error;
    EXPECT_FALSE(fs::exists(dir / "cache.sqlite"));

    request.workload = addWorkload();
    request.files.push_back((dir / "bad.json").string());
    imported = pipeline::importMeasurements(request);
    ASSERT_FALSE(imported.ok());
    EXPECT_FALSE(imported.files[1].error);
    ASSERT_TRUE(imported.files[2].error);
    EXPECT_EQ(imported.files[2].error->rfind((dir / "bad.json").string() + ":2:", 0), 0u) << *imported.files[2].error;
    EXPECT_FALSE(fs::exists(dir / "cache.sqlite"));

    // Without the bad file both are stored: the runner's 9 and the autotune file's 1.
    request.files.pop_back();
    imported = pipeline::importMeasurements(request);
    ASSERT_TRUE(imported.ok()) << *imported.error;
    EXPECT_EQ(imported.added, 10u);
    EXPECT_EQ(imported.files[1].added, 1u);
}

// A .autotune.json without a workload: no version is assumed to read it (the default's reader
// would reject a field upstream Triton writes), the one problem is the missing launch.
TEST(MeasureCompare, AnAutotuneFileWithoutAWorkloadAssumesNoVersion)
{
    const fs::path dir = test::scratchDir("measure-no-workload");
    std::ofstream(dir / "k.autotune.json") << "{\"key\": [1], \"configs_timings\": [\n"
                                              "[{\"kwargs\": {}, \"ubtune_cfg\": {}}, [1, 1, 1]]]}";
    const test::CliRun run = test::tilescope("measure import " + test::quote(dir / "k.autotune.json") +
                                             " --cache " + test::quote(dir / "cache.sqlite"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("--workload"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("ubtune_cfg"), std::string::npos) << run.err;
}

TEST(MeasureCompare, TheCliImportsAnAutotuningLogAndComparesIt)
{
    const fs::path dir = test::scratchDir("measure-compare-cli");
    const std::string workload = test::quote(measureData() / "add.json");
    const std::string cache = " --cache " + test::quote(dir / "cache.sqlite");
    // The simulator's own log as the "measurement": the comparison must then agree with itself.
    const test::CliRun tuned = test::tilescope("tune " + workload + " --no-cache --jobs 1 --print-autotuning");
    ASSERT_EQ(tuned.exitCode, 0) << tuned.err;
    std::ofstream(dir / "tune.log") << tuned.out;

    test::CliRun run = test::tilescope("measure import " + test::quote(dir / "tune.log") + cache);
    EXPECT_EQ(run.exitCode, 2);  // a log names no workload
    EXPECT_NE(run.err.find("--workload"), std::string::npos) << run.err;

    run = test::tilescope("measure import " + test::quote(dir / "tune.log") + " --workload " + workload +
                          " --measured-on Ascend910B2-sim --json" + cache);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto imported = nlohmann::json::parse(run.out);
    EXPECT_EQ(imported["schema"], "tilescope.measure-import/1");
    const std::size_t added = imported["added"];
    EXPECT_GT(added, 10u);
    run = test::tilescope("measure import " + test::quote(dir / "tune.log") + " --workload " + workload +
                          " --measured-on Ascend910B2-sim" + cache);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("0 new, " + std::to_string(added) + " duplicate"), std::string::npos) << run.out;

    run = test::tilescope("measure compare " + workload + " --jobs 1 --json" + cache);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto compared = nlohmann::json::parse(run.out);
    EXPECT_EQ(compared["schema"], "tilescope.measure-compare/1");
    EXPECT_EQ(compared["measuredDevice"], "Ascend910B2-sim");
    EXPECT_GE(compared["compared"].get<int>(), 10);
    // The same simulator measured and simulated: the rankings agree (the log rounds to 0.1 us).
    EXPECT_GT(compared["spearman"].get<double>(), 0.95);
    for (const auto& c : compared["candidates"]) {
        if (!c["ratio"].is_null()) {
            EXPECT_NEAR(c["ratio"].get<double>(), 1.0, 0.05) << c.dump();
        }
    }
    bool autotunerPick = false;
    for (const auto& c : compared["candidates"])
        autotunerPick = autotunerPick || c["autotunerPick"].get<bool>();
    EXPECT_TRUE(autotunerPick);

    // In text, every time in µs as the rest of the CLI writes kernel times (JSON keeps ms): the
    // table's columns, the regret line, each row's figures.
    run = test::tilescope("measure compare " + workload + " --jobs 1" + cache);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("  #  measured us  simulated us   ratio  config"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find(" ms"), std::string::npos) << run.out;
    const auto& pick = compared["candidates"][compared["simulatorPick"].get<std::size_t>()];
    const auto& fastest = compared["candidates"][compared["measuredBest"].get<std::size_t>()];
    EXPECT_NE(run.out.find("(the simulator's pick measured " +
                           formatKernelTime(pick["measuredMs"].get<double>()) + ", the best " +
                           formatKernelTime(fastest["measuredMs"].get<double>()) + ")"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("  " + formatUs(pick["measuredMs"].get<double>() * 1000.0) + "  "),
              std::string::npos)
        << run.out;

    run = test::tilescope("measure list " + workload + cache);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find(std::to_string(added) + " measurements in"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find(" ms"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(" us  on "), std::string::npos) << run.out;
}
