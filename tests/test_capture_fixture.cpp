// Capture folders checked in (tests/data/capture/fixtures, see its README): each one a program's
// launches as `tilescope capture` wrote them (the test program over the stand-ins; the GPU
// reference programs captured with upstream Triton once they are brought back). Each is listed,
// every workload is accepted unchanged by analyze, space and tune, and the folder batch-runs.

#include "cli_run.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

std::vector<fs::path> fixtures()
{
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dataDir() / "capture" / "fixtures"))
        if (fs::exists(entry.path() / "capture.json"))
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

class CaptureFixture : public ::testing::TestWithParam<fs::path> {};

TEST_P(CaptureFixture, ListsItsLaunches)
{
    const fs::path dir = GetParam();
    const CliRun run = tilescope("capture list " + quote(dir) + " --json");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json index = json::parse(run.out);
    ASSERT_FALSE(index["workloads"].empty());
    for (const json& w : index["workloads"]) {
        EXPECT_GE(w["launches"].get<int>(), 1) << w.dump();
        EXPECT_TRUE(fs::exists(dir / w["file"].get<std::string>())) << w["file"];
        EXPECT_TRUE(fs::exists(dir / w["kernel"].get<std::string>())) << w["kernel"];
    }
    EXPECT_TRUE(index["skipped"].empty()) << index["skipped"].dump(2);
}

TEST_P(CaptureFixture, EveryWorkloadIsAnalysedSpacedAndTunedUnchanged)
{
    const fs::path dir = GetParam();
    const fs::path cache = scratchDir("capture-fixture-tune-" + dir.filename().string()) / "cache.sqlite";
    std::ifstream in(dir / "capture.json");
    const json index = json::parse(in);
    for (const json& w : index["workloads"]) {
        if (w["kind"] != "autotune")
            continue;
        const fs::path file = dir / w["file"].get<std::string>();
        // The default backend tunes it; under 2026-04 a tl.dot kernel gets no config (exit 1), but
        // the workload is read and analysed all the same (never 2, bad input).
        for (const char* command : {"analyze", "space", "tune"}) {
            const std::string extra = std::string(command) == "tune" ? " --cache " + quote(cache) : "";
            const CliRun run = tilescope(std::string(command) + " " + quote(file) + extra);
            EXPECT_EQ(run.exitCode, 0) << command << " " << file << "\n" << run.out << run.err;
            const CliRun old = tilescope(std::string(command) + " " + quote(file) + extra + " --backend 2026-04");
            EXPECT_NE(old.exitCode, 2) << command << " --backend 2026-04 " << file << "\n" << old.out << old.err;
        }
    }
}

TEST_P(CaptureFixture, BatchRunsTheFolder)
{
    const fs::path dir = GetParam();
    const fs::path scratch = scratchDir("capture-fixture-batch-" + dir.filename().string());
    const CliRun run = tilescope("batch " + quote(dir) + " --cache " + quote(scratch / "cache.sqlite") + " --report " +
                                 quote(scratch / "report.json") + " --junit " + quote(scratch / "report.xml"));
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    std::ifstream in(scratch / "report.json");
    const json report = json::parse(in);
    std::ifstream indexFile(dir / "capture.json");
    const json index = json::parse(indexFile);
    std::size_t autotuned = 0;
    for (const json& w : index["workloads"])
        autotuned += w["kind"] == "autotune";
    EXPECT_EQ(report["cases"].size(), autotuned);
    for (const json& c : report["cases"])
        EXPECT_EQ(c["status"], "passed") << c.dump();
}

// The GPU captures keep the .autotune.json files upstream Triton wrote itself (autotune-json/,
// TRITON_CACHE_AUTOTUNING=1): each is Triton's own format, keyed by the launch it timed. Every one
// imports with exactly one of the captured workloads (the one whose launch key it carries), and
// `calibrate --cache` fits the device profile from what was imported, naming the files.
TEST(CaptureFixtureMeasured, TritonsOwnAutotuneFilesImportWithTheirWorkloadAndCalibrate)
{
    std::size_t imported = 0;
    for (const char* name : {"gpu-matmul", "gpu-softmax"}) {
        const fs::path dir = dataDir() / "capture" / "fixtures" / name;
        const fs::path cache = scratchDir(std::string("capture-fixture-calibrate-") + name) / "cache.sqlite";
        std::ifstream in(dir / "capture.json");
        const json index = json::parse(in);
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir / "autotune-json"))
            files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        ASSERT_FALSE(files.empty()) << dir;
        std::size_t samples = 0;
        for (const fs::path& file : files) {
            int accepted = 0;
            for (const json& w : index["workloads"]) {
                const CliRun run = tilescope("measure import --json --measured-on 'NVIDIA H200' --workload " +
                                             quote(dir / w["file"].get<std::string>()) + " " + quote(file) +
                                             " --cache " + quote(cache));
                if (run.exitCode != 0) {  // another launch's file: refused for its key, nothing else
                    EXPECT_NE(run.out.find("is not the launch key"), std::string::npos) << run.out << run.err;
                    continue;
                }
                {
                    ++accepted;
                    samples += json::parse(run.out)["files"][0]["read"].get<std::size_t>();
                }
            }
            EXPECT_EQ(accepted, 1) << file;
        }
        imported += samples;
        const CliRun fit = tilescope("calibrate --cache " + quote(cache) + " --device Ascend910B2 --max-iterations 8 --json");
        ASSERT_EQ(fit.exitCode, 0) << fit.err;
        const json report = json::parse(fit.out);
        // Every imported timing is read; those whose config does not compile on the simulated
        // device (softmax's 8- and 16-row tiles of 4,096 columns overflow the UB) are left out.
        EXPECT_EQ(report["measured"].get<std::size_t>(), samples) << name;
        EXPECT_GT(report["samples_used"].get<std::size_t>(), 0u) << name;
        EXPECT_LE(report["samples_used"].get<std::size_t>(), samples) << name;
        EXPECT_EQ(report["fitted_kernels"].size() + report["held_out_kernels"].size(), files.size()) << name;
        ASSERT_EQ(report["sources"].size(), 1u);
        EXPECT_NE(report["sources"][0].get<std::string>().find("autotune.json"), std::string::npos)
            << report["sources"][0];
    }
    EXPECT_GT(imported, 0u);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, CaptureFixture, ::testing::ValuesIn(fixtures()),
                         [](const ::testing::TestParamInfo<fs::path>& info) {
                             std::string name = info.param.filename().string();
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch)))
                                     ch = '_';
                             return name;
                         });

} // namespace
} // namespace ts::test
