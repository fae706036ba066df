// `tune --rank-by simulated|measured|auto`: a tuning ranked by the times the config cache holds for
// its candidates, measured on real hardware (imported as Triton .autotune.json files here). Under
// auto the measured time ranks only when every candidate the tuning ran is measured, and the
// result says which time ranked it, in text and JSON; under both backend versions.

#include "cli_run.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

struct Tuned {
    fs::path workload;
    fs::path cache;
    json document;  // tune --json
};

// The vector add tuned under `backend` in a scratch folder with its own cache.
Tuned tuneAdd(const std::string& name, const std::string& backend)
{
    Tuned t;
    const fs::path dir = scratchDir(name);
    writeAddWorkload(dir, "add.json", 98432);
    t.workload = dir / "add.json";
    t.cache = dir / "cache.sqlite";
    const CliRun run = tilescope("tune " + quote(t.workload) + " --backend " + backend + " --cache " + quote(t.cache) +
                                 " --json");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    t.document = json::parse(run.out);
    return t;
}

std::vector<std::size_t> ranIndices(const json& document)
{
    std::vector<std::size_t> out;
    for (const json& c : document["candidates"])
        if (c["status"] == "benchmarked" || c["status"] == "best" || c["status"] == "compile-failed")
            out.push_back(c["index"].get<std::size_t>());
    return out;
}

// Triton's .autotune.json of the given candidates, each "measured" at `ms(index)`, imported for
// the launch on "Test NPU".
void importMeasured(const Tuned& t, const std::vector<std::size_t>& candidates, double (*ms)(std::size_t),
                    const std::string& backend)
{
    json timings = json::array();
    for (std::size_t i : candidates) {
        const json& c = t.document["candidates"][i];
        const double p50 = ms(i);
        timings.push_back(json::array({json{{"kwargs", c["params"]},
                                            {"num_warps", c["numWarps"]},
                                            {"num_ctas", 1},
                                            {"num_stages", c["numStages"]},
                                            {"maxnreg", nullptr},
                                            {"pre_hook", nullptr}},
                                       json::array({p50, p50 * 0.98, p50 * 1.02})}));
    }
    // Triton's key: the key arguments' values, then the tensors' dtypes (the importer checks it).
    json key = json::array();
    for (const auto& [name, value] : t.document["keyValues"].items())
        key.push_back(value.is_string() ? value.get<std::string>() : value.dump());
    for (const json& dtype : t.document["dtypes"])
        key.push_back(dtype);
    const fs::path file = t.cache.parent_path() / "add_kernel.autotune.json";
    std::ofstream(file, std::ios::trunc) << json{{"key", key}, {"configs_timings", timings}}.dump();
    const CliRun run = tilescope("measure import --workload " + quote(t.workload) + " --backend " + backend + " " +
                                 quote(file) + " --measured-on 'Test NPU' --cache " + quote(t.cache));
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
}

// Later candidates measure faster: the measured order is the reverse of the index order.
double reversed(std::size_t index) { return 1.0 / double(index + 1); }

class RankByMeasured : public ::testing::TestWithParam<std::string> {};

TEST_P(RankByMeasured, AutoRanksByMeasuredTimesWhenEveryCandidateIsMeasured)
{
    const std::string backend = GetParam();
    const Tuned t = tuneAdd("rank-complete-" + backend, backend);
    const std::vector<std::size_t> ran = ranIndices(t.document);
    ASSERT_GE(ran.size(), 3u);
    importMeasured(t, ran, reversed, backend);
    const std::size_t measuredBest = ran.back();
    const std::size_t simulatedBest = t.document["bestIndex"].get<std::size_t>();
    ASSERT_NE(measuredBest, simulatedBest) << "the test needs a measured best that is not the simulated one";

    const CliRun run = tilescope("tune " + quote(t.workload) + " --backend " + backend + " --cache " + quote(t.cache) +
                                 " --rank-by auto --json");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json doc = json::parse(run.out);
    EXPECT_EQ(doc["rankedBy"]["time"], "measured");
    EXPECT_EQ(doc["rankedBy"]["requested"], "auto");
    EXPECT_EQ(doc["rankedBy"]["device"], "Test NPU");
    EXPECT_EQ(doc["rankedBy"]["measured"], ran.size());
    EXPECT_EQ(doc["rankedBy"]["ran"], ran.size());
    EXPECT_EQ(doc["bestIndex"], measuredBest);
    EXPECT_EQ(doc["rankedBy"]["simulatedBestIndex"], simulatedBest);
    // The order is the measured one, and every candidate carries its measured time.
    std::vector<std::size_t> expected(ran.rbegin(), ran.rend());
    EXPECT_EQ(doc["rankedBy"]["order"].get<std::vector<std::size_t>>(), expected);
    EXPECT_DOUBLE_EQ(doc["candidates"][measuredBest]["measuredMs"].get<double>(), reversed(measuredBest));

    const CliRun text = tilescope("tune " + quote(t.workload) + " --backend " + backend + " --cache " + quote(t.cache) +
                                  " --rank-by auto");
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("ranked by the measured p50 on Test NPU (" + std::to_string(ran.size()) + " of " +
                            std::to_string(ran.size()) + " candidates measured); --rank-by auto"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("the simulated pick: "), std::string::npos) << text.out;
}

TEST_P(RankByMeasured, AutoStaysSimulatedWhenACandidateIsNotMeasuredAndSaysWhy)
{
    const std::string backend = GetParam();
    const Tuned t = tuneAdd("rank-partial-" + backend, backend);
    std::vector<std::size_t> ran = ranIndices(t.document);
    const std::size_t total = ran.size();
    ran.pop_back();  // one candidate without a measurement
    importMeasured(t, ran, reversed, backend);

    const CliRun autoRun = tilescope("tune " + quote(t.workload) + " --backend " + backend + " --cache " +
                                     quote(t.cache) + " --rank-by auto --json");
    ASSERT_EQ(autoRun.exitCode, 0) << autoRun.err;
    const json doc = json::parse(autoRun.out);
    EXPECT_EQ(doc["rankedBy"]["time"], "simulated");
    EXPECT_EQ(doc["bestIndex"], t.document["bestIndex"]);
    EXPECT_EQ(doc["rankedBy"]["measured"], total - 1);
    EXPECT_NE(doc["rankedBy"]["why"].get<std::string>().find("not every candidate is measured: " +
                                                               std::to_string(total - 1) + " of " +
                                                               std::to_string(total) + " candidates measured"),
              std::string::npos)
        << doc["rankedBy"].dump();

    // --rank-by measured ranks the measured ones first, the other after them.
    const CliRun measured = tilescope("tune " + quote(t.workload) + " --backend " + backend + " --cache " +
                                      quote(t.cache) + " --rank-by measured --json");
    ASSERT_EQ(measured.exitCode, 0) << measured.err;
    const json m = json::parse(measured.out);
    EXPECT_EQ(m["rankedBy"]["time"], "measured");
    EXPECT_EQ(m["bestIndex"], ran.back());
    EXPECT_EQ(m["rankedBy"]["order"].back(), ranIndices(t.document).back());
    EXPECT_TRUE(m["candidates"][ranIndices(t.document).back()]["measuredMs"].is_null());
}

INSTANTIATE_TEST_SUITE_P(Backends, RankByMeasured, ::testing::Values("2026-04", "2026-08"));

TEST(RankByMeasured, MeasuredWithoutMeasurementsIsAnErrorAndSimulatedIsTheDefault)
{
    const Tuned t = tuneAdd("rank-none", "2026-04");
    const CliRun measured = tilescope("tune " + quote(t.workload) + " --cache " + quote(t.cache) + " --rank-by measured");
    EXPECT_EQ(measured.exitCode, 2);
    EXPECT_NE(measured.err.find("has a measured time"), std::string::npos) << measured.err;
    const CliRun plain = tilescope("tune " + quote(t.workload) + " --cache " + quote(t.cache) + " --json");
    ASSERT_EQ(plain.exitCode, 0);
    const json doc = json::parse(plain.out);
    EXPECT_EQ(doc["rankedBy"]["time"], "simulated");
    EXPECT_FALSE(doc["rankedBy"].contains("order"));
    const CliRun noCache = tilescope("tune " + quote(t.workload) + " --no-cache --rank-by auto");
    EXPECT_EQ(noCache.exitCode, 2);
    EXPECT_NE(noCache.err.find("--no-cache"), std::string::npos) << noCache.err;
}

} // namespace
} // namespace ts::test
