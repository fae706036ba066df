// `tilescope batch` end to end: exit codes, the JSON report, JUnit XML read back by Python's
// xml.etree, cache reuse, sharding + `cache merge` against one unsharded run, and baselines.

#include "cli_run.h"
#include "core/batch/batch_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <set>

using namespace ts::test;
namespace fs = std::filesystem;

namespace {

// Prints {"tests": n, "failures": n, "cases": [{"name", "failure", "type"}]} for a JUnit file;
// fails (non-zero exit) when the file is not well-formed XML or not JUnit-shaped.
constexpr const char* kJUnitCheck = R"PY(
import json, sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
suites = root.findall("testsuite")
assert len(suites) == 1
suite = suites[0]
cases = []
for case in suite.findall("testcase"):
    failure = case.find("failure")
    cases.append({"name": case.get("name"), "classname": case.get("classname"),
                  "time": float(case.get("time")),
                  "failure": None if failure is None else failure.get("message"),
                  "type": None if failure is None else failure.get("type")})
assert int(suite.get("tests")) == len(cases)
assert int(suite.get("failures")) == sum(1 for c in cases if c["failure"] is not None)
print(json.dumps({"tests": int(root.get("tests")), "failures": int(root.get("failures")), "cases": cases}))
)PY";

nlohmann::json junit(const fs::path& dir, const fs::path& file)
{
    CliRun run = python(dir, kJUnitCheck, quote(file));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return nlohmann::json::parse(run.out, nullptr, false);
}

nlohmann::json readJson(const fs::path& file)
{
    return nlohmann::json::parse(readText(file), nullptr, false);
}

// best config per key, from `cache list --json` (timestamps and ids left out).
std::map<std::string, std::string> bestPerKey(const fs::path& cacheFile)
{
    CliRun run = tilescope("cache list --json --cache " + quote(cacheFile));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    std::map<std::string, std::string> out;
    const nlohmann::json list = nlohmann::json::parse(run.out);
    for (const auto& row : list["tunings"])
        out[row["kernel"].dump() + row["keyValues"].dump() + row["dtypes"].dump() + row["device"].dump() +
            row["benchMethod"].dump()] = row["bestParams"].dump() + " " + row["bestP50Ms"].dump();
    return out;
}

} // namespace

TEST(Batch, BadUsageAndInputExitTwo)
{
    const fs::path dir = scratchDir("batch-usage");
    writeAddWorkload(dir, "a.json", 4096);
    EXPECT_EQ(tilescope("batch").exitCode, 2);
    EXPECT_EQ(tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " --shard 3/2").exitCode, 2);
    EXPECT_EQ(tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " --shard 0/2").exitCode, 2);
    EXPECT_EQ(tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " --max-regression 5").exitCode, 2);
    EXPECT_EQ(tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " --no-such-option").exitCode, 2);
    CliRun missing = tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " " + quote(dir / "missing.json") + " --no-cache");
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("missing.json"), std::string::npos) << missing.err;
    CliRun device = tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " --device Ascend910B9 --no-cache");
    EXPECT_EQ(device.exitCode, 2);
    EXPECT_NE(device.err.find("Ascend910B9"), std::string::npos) << device.err;
    writeAddWorkload(dir, "orphan.json", 4096);
    {
        std::string text = readText(dir / "orphan.json");
        text.replace(text.find("add.py"), 6, "gone.py");
        std::ofstream(dir / "orphan.json", std::ios::trunc) << text;
    }
    CliRun orphan = tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " " + quote(dir / "orphan.json") + " --no-cache");
    EXPECT_EQ(orphan.exitCode, 2);
    EXPECT_NE(orphan.err.find("gone.py"), std::string::npos) << orphan.err;
    std::ofstream(dir / "base.json") << "{\"cases\": 3}";
    CliRun baseline = tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " --baseline " + quote(dir / "base.json"));
    EXPECT_EQ(baseline.exitCode, 2);
    EXPECT_NE(baseline.err.find("base.json"), std::string::npos) << baseline.err;
    fs::remove_all(dir);
}

TEST(Batch, ReportJUnitAndCacheReuse)
{
    const fs::path dir = scratchDir("batch-run");
    writeAddWorkload(dir, "a.json", 4096);
    writeAddWorkload(dir, "b.json", 65536);
    const std::string common = quote(dir / "a.json") + " " + quote(dir / "b.json") +
                               " --device Ascend910B2,Ascend910B4 --jobs 2 --cache " + quote(dir / "c.sqlite");
    CliRun first = tilescope("batch --backend 2026-04 " + common + " --report " + quote(dir / "r1.json") + " --junit " +
                             quote(dir / "j1.xml"));
    ASSERT_EQ(first.exitCode, 0) << first.err;
    EXPECT_NE(first.err.find("[4/4]"), std::string::npos) << first.err;  // progress on stderr
    const nlohmann::json report = readJson(dir / "r1.json");
    ASSERT_EQ(report["cases"].size(), 4u);
    EXPECT_EQ(report["summary"]["passed"], 4);
    for (const auto& c : report["cases"]) {
        EXPECT_FALSE(c["fromCache"].get<bool>());
        EXPECT_GT(c["bestP50Ms"].get<double>(), 0.0);
        EXPECT_TRUE(c["best"]["params"].contains("XBLOCK")) << c.dump();
    }
    const nlohmann::json j1 = junit(dir, dir / "j1.xml");
    EXPECT_EQ(j1["tests"], 4);
    EXPECT_EQ(j1["failures"], 0);
    std::set<std::string> names;
    for (const auto& c : j1["cases"])
        names.insert(c["name"].get<std::string>());
    EXPECT_EQ(names.size(), 4u);
    EXPECT_TRUE(names.count((dir / "b.json").string() + " on Ascend910B4"));

    // Again: every case comes from the cache, with the same best configs.
    CliRun second = tilescope("batch --backend 2026-04 " + common + " --report " + quote(dir / "r2.json"));
    ASSERT_EQ(second.exitCode, 0) << second.err;
    const nlohmann::json again = readJson(dir / "r2.json");
    EXPECT_EQ(again["summary"]["fromCache"], 4);
    for (std::size_t i = 0; i < 4; ++i)
        EXPECT_EQ(again["cases"][i]["best"], report["cases"][i]["best"]);
    fs::remove_all(dir);
}

TEST(Batch, FailedTuningIsAJUnitFailureAndExitOne)
{
    const fs::path dir = scratchDir("batch-fail");
    writeAddWorkload(dir, "a.json", 4096);
    fs::copy_file(examplesDir() / "guide_violations.py", dir / "guide_violations.py");
    fs::copy_file(examplesDir() / "guide_violations.json", dir / "guide_violations.json");
    CliRun run = tilescope("batch --backend 2026-04 " + quote(dir / "a.json") + " " + quote(dir / "guide_violations.json") +
                           " --jobs 2 --no-cache --junit " + quote(dir / "j.xml") + " --report " + quote(dir / "r.json"));
    EXPECT_EQ(run.exitCode, 1) << run.err;
    const nlohmann::json j = junit(dir, dir / "j.xml");
    EXPECT_EQ(j["tests"], 2);
    EXPECT_EQ(j["failures"], 1);
    for (const auto& c : j["cases"]) {
        const bool broken = c["name"].get<std::string>().find("guide_violations") != std::string::npos;
        EXPECT_EQ(c["failure"].is_null(), !broken) << c.dump();
        if (broken) {
            EXPECT_EQ(c["type"], "tuning-failed");
            EXPECT_FALSE(c["failure"].get<std::string>().empty());
        }
    }
    EXPECT_EQ(readJson(dir / "r.json")["summary"]["failed"], 1);
    fs::remove_all(dir);
}

TEST(Batch, ShardsPlusMergeEqualOneRun)
{
    const fs::path dir = scratchDir("batch-shard");
    std::vector<std::string> files;
    long long n = 2048;
    for (const char* name : {"w1.json", "w2.json", "w3.json", "w4.json", "w5.json"}) {
        writeAddWorkload(dir, name, n);
        files.push_back(quote(dir / name));
        n *= 4;
    }
    std::string list;
    for (auto it = files.rbegin(); it != files.rend(); ++it)  // order on the command line does not matter
        list += *it + " ";
    CliRun full = tilescope("batch --backend 2026-04 " + list + "--jobs 2 --cache " + quote(dir / "full.sqlite"));
    ASSERT_EQ(full.exitCode, 0) << full.err;
    std::set<std::string> seen;
    for (int shard = 1; shard <= 2; ++shard) {
        const std::string i = std::to_string(shard);
        CliRun part = tilescope("batch --backend 2026-04 " + list + "--jobs 2 --shard " + i + "/2 --cache " +
                                quote(dir / ("s" + i + ".sqlite")) + " --report " + quote(dir / ("r" + i + ".json")));
        ASSERT_EQ(part.exitCode, 0) << part.err;
        const nlohmann::json report = readJson(dir / ("r" + i + ".json"));
        for (const auto& c : report["cases"])
            EXPECT_TRUE(seen.insert(c["workload"].get<std::string>()).second) << "in two shards: " << c["workload"];
    }
    EXPECT_EQ(seen.size(), 5u);  // every workload in exactly one shard
    EXPECT_EQ(readJson(dir / "r1.json")["cases"].size(), 3u);
    CliRun merge = tilescope("cache merge " + quote(dir / "s1.sqlite") + " " + quote(dir / "s2.sqlite") + " --cache " +
                             quote(dir / "merged.sqlite"));
    ASSERT_EQ(merge.exitCode, 0) << merge.err;
    EXPECT_NE(merge.out.find("5 added"), std::string::npos) << merge.out;
    const auto merged = bestPerKey(dir / "merged.sqlite");
    EXPECT_EQ(merged.size(), 5u);
    EXPECT_EQ(merged, bestPerKey(dir / "full.sqlite"));
    fs::remove_all(dir);
}

TEST(Batch, TwoProcessesIntoOneCacheBothLand)
{
    const fs::path dir = scratchDir("batch-concurrent");
    std::string first, second;
    long long n = 1024;
    for (int i = 0; i < 8; ++i, n *= 2) {
        const std::string name = "w" + std::to_string(i) + ".json";
        writeAddWorkload(dir, name, n);
        (i % 2 ? second : first) += quote(dir / name) + " ";
    }
    const std::string binary = ts::test::binaryPath();
    const std::string cache = " --jobs 1 --force --cache " + quote(dir / "shared.sqlite");
    // Both at once, each storing four tunings into the same file.
    CliRun both = runCommand("(" + binary + " batch " + first + cache + " 2>/dev/null & p=$!; " + binary + " batch " +
                             second + cache + " 2>/dev/null & q=$!; wait $p; a=$?; wait $q; b=$?; echo $a $b)");
    EXPECT_EQ(both.out, "0 0\n") << both.err;
    EXPECT_EQ(bestPerKey(dir / "shared.sqlite").size(), 8u);
    CliRun check = tilescope("batch --backend 2026-04 " + first + second + "--cache " + quote(dir / "shared.sqlite") + " --report " +
                             quote(dir / "r.json"));
    ASSERT_EQ(check.exitCode, 0) << check.err;
    EXPECT_EQ(readJson(dir / "r.json")["summary"]["fromCache"], 8);
    fs::remove_all(dir);
}

TEST(Batch, RegressionPastTheBaselineFails)
{
    const fs::path dir = scratchDir("batch-baseline");
    writeAddWorkload(dir, "a.json", 4096);
    writeAddWorkload(dir, "b.json", 65536);
    const std::string common = quote(dir / "a.json") + " " + quote(dir / "b.json") + " --jobs 2 --cache " +
                               quote(dir / "c.sqlite");
    ASSERT_EQ(tilescope("batch --backend 2026-04 " + common + " --report " + quote(dir / "base.json")).exitCode, 0);
    // Unchanged: within any allowance.
    CliRun same = tilescope("batch --backend 2026-04 " + common + " --baseline " + quote(dir / "base.json") + " --max-regression 1");
    EXPECT_EQ(same.exitCode, 0) << same.err;

    // A baseline where b was 30% faster than now.
    nlohmann::json base = readJson(dir / "base.json");
    double bNow = 0;
    for (auto& c : base["cases"])
        if (c["workload"].get<std::string>().find("b.json") != std::string::npos) {
            bNow = c["bestP50Ms"].get<double>();
            c["bestP50Ms"] = bNow / 1.3;
        }
    ASSERT_GT(bNow, 0.0);
    std::ofstream(dir / "faster.json") << base.dump(2);
    CliRun slower = tilescope("batch --backend 2026-04 " + common + " --baseline " + quote(dir / "faster.json") +
                              " --max-regression 10 --junit " + quote(dir / "j.xml") + " --report " + quote(dir / "r.json"));
    EXPECT_EQ(slower.exitCode, 1) << slower.err;
    const nlohmann::json j = junit(dir, dir / "j.xml");
    EXPECT_EQ(j["failures"], 1);
    for (const auto& c : j["cases"])
        if (c["name"].get<std::string>().find("b.json") != std::string::npos) {
            EXPECT_EQ(c["type"], "regression");
            EXPECT_NE(c["failure"].get<std::string>().find("30.0% slower than the baseline"), std::string::npos)
                << c["failure"];
        } else {
            EXPECT_TRUE(c["failure"].is_null());
        }
    const nlohmann::json r = readJson(dir / "r.json");
    EXPECT_EQ(r["summary"]["regressions"], 1);
    // A larger allowance lets it through.
    EXPECT_EQ(tilescope("batch --backend 2026-04 " + common + " --baseline " + quote(dir / "faster.json") + " --max-regression 40").exitCode,
              0);
    fs::remove_all(dir);
}

TEST(Batch, ShardSelectionAndXmlEscaping)
{
    std::string error;
    EXPECT_FALSE(ts::batch::parseShard("2", &error));
    EXPECT_FALSE(ts::batch::parseShard("0/3", &error));
    EXPECT_FALSE(ts::batch::parseShard("4/3", &error));
    EXPECT_FALSE(ts::batch::parseShard("1/x", &error));
    auto shard = ts::batch::parseShard("2/3", &error);
    ASSERT_TRUE(shard);
    EXPECT_EQ(ts::batch::shardWorkloads({"e", "a", "d", "b", "c", "a"}, *shard),
              (std::vector<std::string>{"b", "e"}));
    EXPECT_EQ(ts::batch::xmlEscape("a<b & \"c\" 'd'>\x01"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
}
