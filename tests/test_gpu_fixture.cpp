// The runner's results measured on a real GPU (tests/data/runner/gpu-h200, see its README) through
// `measure import` and `measure compare`: the import stores every finished candidate once, and the
// comparison's statistics are those of the pairs it lists. (The GPU is not the simulated NPU: no
// assertion here is about how well the two agree.)

#include "cli_run.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <vector>

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::vector<std::string> kKernels = {"add_16m", "bias_gelu_2d", "column_sum", "grid_stride",
                                           "layer_norm", "matmul",  "rms_norm",   "softmax"};

fs::path fixture(const std::string& kernel) { return dataDir() / "runner" / "gpu-h200" / (kernel + ".measurements.json"); }

json readJson(const fs::path& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

// Average ranks (ties share the mean of their positions), as Spearman's rho is defined on.
std::vector<double> ranks(const std::vector<double>& v)
{
    std::vector<std::size_t> order(v.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]])
            ++j;
        for (std::size_t k = i; k <= j; ++k)
            r[order[k]] = (static_cast<double>(i + j) / 2.0) + 1.0;
        i = j + 1;
    }
    return r;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y)
{
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= static_cast<double>(x.size());
    my /= static_cast<double>(y.size());
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxy / std::sqrt(sxx * syy);
}

TEST(GpuFixture, ImportStoresEveryFinishedCandidateOnce)
{
    const fs::path dir = scratchDir("gpu-fixture-import");
    std::string files;
    std::size_t finished = 0, notRun = 0, total = 0;
    for (const std::string& k : kKernels) {
        files += " " + quote(fixture(k));
        const json results = readJson(fixture(k));
        for (const json& c : results["candidates"]) {
            ++total;
            (c["status"] == "not_run" ? notRun : finished) += 1;
        }
    }
    const std::string cache = " --cache " + quote(dir / "cache.sqlite");
    const CliRun first = tilescope("measure import" + files + cache + " --json");
    ASSERT_EQ(first.exitCode, 0) << first.err;
    const json a = json::parse(first.out);
    EXPECT_EQ(a["read"].get<std::size_t>(), total);
    EXPECT_EQ(a["added"].get<std::size_t>(), finished);
    EXPECT_EQ(a["skipped"].get<std::size_t>(), notRun);
    EXPECT_EQ(a["files"].size(), kKernels.size());

    const CliRun again = tilescope("measure import" + files + cache + " --json");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const json b = json::parse(again.out);
    EXPECT_EQ(b["added"].get<std::size_t>(), 0u);
    EXPECT_EQ(b["duplicates"].get<std::size_t>(), finished);
}

TEST(GpuFixture, CompareReportsTheRankCorrelationOfThePairsItLists)
{
    const fs::path dir = scratchDir("gpu-fixture-compare");
    const std::string cache = " --cache " + quote(dir / "cache.sqlite");
    ASSERT_EQ(tilescope("measure import " + quote(fixture("grid_stride")) + cache).exitCode, 0);
    const CliRun run =
        tilescope("measure compare " + quote(examplesDir() / "grid_stride.json") + cache + " --jobs 2 --json");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["measuredDevice"], "NVIDIA H200");

    std::size_t measuredOk = 0;
    const json results = readJson(fixture("grid_stride"));
    for (const json& c : results["candidates"])
        measuredOk += c["status"] == "ok";
    std::vector<double> simulated, measured;
    for (const json& c : doc["candidates"])
        if (c["simulatedMs"].is_number() && c["measuredMs"].is_number()) {
            simulated.push_back(c["simulatedMs"].get<double>());
            measured.push_back(c["measuredMs"].get<double>());
        }
    ASSERT_GE(simulated.size(), 10u);
    EXPECT_LE(simulated.size(), measuredOk);
    EXPECT_EQ(doc["compared"].get<std::size_t>(), simulated.size());
    EXPECT_NEAR(doc["spearman"].get<double>(), pearson(ranks(simulated), ranks(measured)), 1e-9);
    // Top-1 regret: the measured time of the simulator's pick over the measured best.
    const auto pick = std::min_element(simulated.begin(), simulated.end()) - simulated.begin();
    EXPECT_NEAR(doc["top1Regret"].get<double>(), measured[pick] / *std::min_element(measured.begin(), measured.end()),
                1e-9);
}

TEST(GpuFixture, AResultsFileWhoseWorkloadIsNowhereSaysWhatToPass)
{
    const fs::path dir = scratchDir("gpu-fixture-lost");
    json results = readJson(fixture("grid_stride"));
    results["workload_file"] = "resources/examples/no_such.json";
    std::ofstream(dir / "lost.json", std::ios::trunc) << results.dump(1);
    // Named without a folder, from inside its own folder.
    const CliRun run = runCommand("cd " + quote(dir) + " && " + binaryPath() +
                                  " measure import lost.json --cache c.sqlite");
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find("lost.json"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("'resources/examples/no_such.json' is not found"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("--workload W.json"), std::string::npos) << run.err;
}

// The same GPU measurements reached through Triton's own format: each fixture's timed candidates
// written as the <fn>.autotune.json upstream Triton writes, imported with their workload, then
// `calibrate --cache` fits from the cache. It reads one sample per launch and config and names
// each kernel after its workload file, so it fits exactly what calibrating the runner files does.
TEST(GpuFixture, CalibrateFromTheCacheFitsImportedAutotuneJsonAsTheRunnerFilesDo)
{
    const fs::path dir = scratchDir("gpu-fixture-calibrate-cache");
    const std::vector<std::string> kernels = {"add_16m", "column_sum", "rms_norm", "softmax"};
    const std::string cache = " --cache " + quote(dir / "cache.sqlite");
    std::string runnerFiles;
    for (const std::string& k : kernels) {
        const json results = readJson(fixture(k));
        json timings = json::array();
        for (const json& c : results["candidates"])
            if (c["status"] == "ok")
                timings.push_back(json::array({json{{"kwargs", c["config"]["kwargs"]},
                                                    {"num_warps", c["config"]["num_warps"]},
                                                    {"num_ctas", 1},
                                                    {"num_stages", c["config"]["num_stages"]},
                                                    {"maxnreg", nullptr},
                                                    {"pre_hook", nullptr}},
                                               json::array({c["p50_ms"], c["p20_ms"], c["p80_ms"]})}));
        // Triton's key of the launch (its key arguments' values, then the tensors' dtypes), as the
        // runner file's own import stores it.
        const fs::path probe = dir / (k + "-probe.sqlite");
        ASSERT_EQ(tilescope("measure import " + quote(fixture(k)) + " --cache " + quote(probe)).exitCode, 0);
        const CliRun listed = tilescope("measure list --json --cache " + quote(probe));
        ASSERT_EQ(listed.exitCode, 0) << listed.err;
        const auto launch = nlohmann::ordered_json::parse(listed.out)["measurements"][0]["launch"];
        std::vector<std::string> key;  // in key order
        for (const auto& [name, value] : launch["keyValues"].items())
            key.push_back(value.get<std::string>());
        for (const auto& dtype : launch["dtypes"])
            key.push_back(dtype.get<std::string>());
        const fs::path file = dir / (k + ".autotune.json");
        std::ofstream(file) << json{{"key", key}, {"configs_timings", timings}}.dump();
        const CliRun imported = tilescope("measure import --workload " +
                                          quote(sourceDir() / results["workload_file"].get<std::string>()) + " " +
                                          quote(file) + " --measured-on 'NVIDIA H200'" + cache);
        ASSERT_EQ(imported.exitCode, 0) << imported.out << imported.err;
        runnerFiles += " " + quote(fixture(k));
    }
    const std::string options = " --device Ascend910B2 --max-iterations 8 --json";
    const CliRun fromRunner = tilescope("calibrate" + runnerFiles + options);
    ASSERT_EQ(fromRunner.exitCode, 0) << fromRunner.err;
    const CliRun fromCache = tilescope("calibrate" + cache + options);
    ASSERT_EQ(fromCache.exitCode, 0) << fromCache.err;
    const json a = json::parse(fromRunner.out), b = json::parse(fromCache.out);
    EXPECT_EQ(b["fitted_kernels"], a["fitted_kernels"]);
    EXPECT_EQ(b["held_out_kernels"], a["held_out_kernels"]);
    EXPECT_EQ(b["samples_used"], a["samples_used"]);
    ASSERT_EQ(b["figures"].size(), a["figures"].size());
    for (std::size_t i = 0; i < a["figures"].size(); ++i) {
        EXPECT_EQ(b["figures"][i]["name"], a["figures"][i]["name"]);
        EXPECT_NEAR(b["figures"][i]["after"].get<double>(), a["figures"][i]["after"].get<double>(),
                    1e-9 * std::abs(a["figures"][i]["after"].get<double>()))
            << a["figures"][i]["name"];
    }
    // The report names the cache, the measured device and the files its measurements came from.
    ASSERT_EQ(b["sources"].size(), 1u);
    const std::string source = b["sources"][0].get<std::string>();
    EXPECT_NE(source.find("cache.sqlite"), std::string::npos) << source;
    EXPECT_NE(source.find("launches on NVIDIA H200, imported from add_16m.autotune.json"), std::string::npos) << source;

    // A cache with measurements of two devices needs --measured-on.
    ASSERT_EQ(tilescope("measure import --workload " + quote(examplesDir() / "add_16m.json") + " " +
                        quote(dir / "add_16m.autotune.json") + " --measured-on 'Other GPU'" + cache)
                  .exitCode,
              0);
    const CliRun ambiguous = tilescope("calibrate" + cache + options);
    EXPECT_EQ(ambiguous.exitCode, 2);
    EXPECT_NE(ambiguous.err.find("several devices"), std::string::npos) << ambiguous.err;
    EXPECT_NE(ambiguous.err.find("--measured-on"), std::string::npos) << ambiguous.err;
    const CliRun chosen = tilescope("calibrate" + cache + " --measured-on 'NVIDIA H200'" + options);
    ASSERT_EQ(chosen.exitCode, 0) << chosen.err;
    EXPECT_EQ(json::parse(chosen.out)["samples_used"], a["samples_used"]);
}

} // namespace
} // namespace ts::test
