// Backend versions on the command line: `tilescope backends`, --backend on every command that
// takes a launch (winning over the workload's "backend"), the version in every output, the
// cache keeping one entry per version, and `space --bench`.

#include "cli_run.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using ts::test::CliRun;
using ts::test::quote;
using ts::test::scratchDir;
using ts::test::tilescope;
using ts::test::writeAddWorkload;

nlohmann::json parsed(const CliRun& run)
{
    return nlohmann::json::parse(run.out, nullptr, false);
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

} // namespace

TEST(CliBackend, BackendsListsEveryVersionWithItsSource)
{
    CliRun table = tilescope("backends");
    ASSERT_EQ(table.exitCode, 0) << table.err;
    const std::vector<std::string> rows = lines(table.out);
    ASSERT_EQ(rows.size(), 3u) << table.out;  // the header and one line per version
    EXPECT_NE(rows[1].find("2026-04"), std::string::npos);
    EXPECT_NE(rows[1].find("triton-lang/triton-ascend"), std::string::npos);
    EXPECT_NE(rows[1].find("a84b1eb"), std::string::npos);
    EXPECT_NE(rows[2].find("2026-08"), std::string::npos);
    EXPECT_NE(rows[2].find("Geofeng12138/triton-ascend"), std::string::npos);
    EXPECT_NE(rows[2].find("189dd87"), std::string::npos);
    EXPECT_NE(rows[2].find("2026-08-18"), std::string::npos);
    EXPECT_NE(rows[2].find("(default)"), std::string::npos);

    CliRun json = tilescope("backends --json");
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const nlohmann::json doc = parsed(json);
    ASSERT_FALSE(doc.is_discarded()) << json.out;
    EXPECT_EQ(doc["schema"], "tilescope.backends/1");
    EXPECT_EQ(doc["default"], "2026-08");
    ASSERT_EQ(doc["backends"].size(), 2u);
    EXPECT_EQ(doc["backends"][0]["name"], "2026-04");
    EXPECT_EQ(doc["backends"][0]["commit"], "a84b1eb52b6215e2c171632f2df0892f1003cfc8");
    EXPECT_EQ(doc["backends"][1]["repository"], "Geofeng12138/triton-ascend");
    EXPECT_EQ(doc["backends"][1]["commit"], "189dd87904997ed0d9704ef16ddbabfc082bef0b");
    EXPECT_EQ(doc["backends"][1]["default"], true);

    EXPECT_EQ(tilescope("backends extra").exitCode, 2);
}

TEST(CliBackend, TheOptionWinsOverTheWorkloadAndEveryOutputNamesIt)
{
    const fs::path dir = scratchDir("cli-backend-override");
    writeAddWorkload(dir, "add.json", 4096);  // "backend": "2026-04"
    const std::string w = quote(dir / "add.json");
    const std::string cache = " --cache " + quote(dir / "c.sqlite");

    EXPECT_EQ(parsed(tilescope("analyze --json " + w))["backend"], "2026-04");
    EXPECT_EQ(parsed(tilescope("analyze --json --backend 2026-08 " + w))["backend"], "2026-08");
    EXPECT_EQ(parsed(tilescope("space --json --backend 2026-08 " + w))["backend"], "2026-08");
    EXPECT_EQ(parsed(tilescope("tune --json --jobs 2 --backend 2026-08 " + w + cache))["backend"], "2026-08");
    EXPECT_EQ(parsed(tilescope("export --format json --backend 2026-08 " + w + cache))["backend"], "2026-08");
    const nlohmann::json sweep =
        parsed(tilescope("sweep --json --jobs 2 --range n_elements=1024,2048 --backend 2026-08 " + w + cache));
    EXPECT_EQ(sweep["backend"], "2026-08");
    EXPECT_EQ(sweep["python"].get<std::string>().rfind("# Tuned by TileScope for Triton-Ascend backend 2026-08", 0),
              0u)
        << sweep["python"];

    // The readable outputs say it in their header line.
    const std::string label = "backend 2026-08 (Geofeng12138/triton-ascend 189dd87)";
    EXPECT_NE(lines(tilescope("analyze --backend 2026-08 " + w).out).at(0).find(label), std::string::npos);
    EXPECT_NE(lines(tilescope("space --backend 2026-08 " + w).out).at(0).find(label), std::string::npos);
    EXPECT_NE(tilescope("tune --backend 2026-08 " + w + cache).out.find(label), std::string::npos);
    EXPECT_NE(tilescope("analyze " + w).out.find("backend 2026-04 (triton-lang/triton-ascend a84b1eb)"),
              std::string::npos);

    // The exported list carries a comment line naming the version.
    CliRun python = tilescope("export --backend 2026-08 " + w + cache);
    ASSERT_EQ(python.exitCode, 0) << python.err;
    EXPECT_EQ(python.out.rfind("# Tuned by TileScope for Triton-Ascend " + label + "\n@triton.autotune(", 0), 0u)
        << python.out;

    // Batch: --backend for every workload, else each workload's own.
    const fs::path report = dir / "batch.json";
    CliRun batch = tilescope("batch --jobs 2 --backend 2026-08 " + w + cache + " --report " + quote(report));
    ASSERT_EQ(batch.exitCode, 0) << batch.err;
    std::ifstream in(report);
    EXPECT_EQ(nlohmann::json::parse(in)["cases"][0]["backend"], "2026-08");
}

TEST(CliBackend, ABadVersionIsAUsageErrorListingTheValidOnes)
{
    const fs::path dir = scratchDir("cli-backend-bad");
    writeAddWorkload(dir, "add.json", 4096);
    for (const char* command : {"analyze", "space", "tune", "export", "sweep", "batch"}) {
        CliRun run = tilescope(std::string(command) + " " + quote(dir / "add.json") + " --backend 2026-13");
        EXPECT_EQ(run.exitCode, 2) << command;
        EXPECT_NE(run.err.find("--backend must be 2026-04 or 2026-08, got '2026-13'"), std::string::npos)
            << command << ": " << run.err;
    }
    // A bad "backend" in the workload names the file and the valid versions.
    std::ofstream(dir / "bad.json") << "{\"kernel\": \"add.py\",\n \"args\": {},\n \"backend\": \"2027-01\"}\n";
    CliRun bad = tilescope("analyze " + quote(dir / "bad.json"));
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("bad.json:3"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find("2026-04, 2026-08"), std::string::npos) << bad.err;
}

TEST(CliBackend, OneLaunchTunedUnderBothVersionsIsTwoCacheEntries)
{
    const fs::path dir = scratchDir("cli-backend-cache");
    writeAddWorkload(dir, "add.json", 4096);
    const std::string w = quote(dir / "add.json");
    const std::string cache = " --cache " + quote(dir / "c.sqlite");
    for (const char* version : {"2026-04", "2026-08"})
        ASSERT_EQ(tilescope("tune --jobs 2 --backend " + std::string(version) + " " + w + cache).exitCode, 0);
    // A second tuning under each is a cache hit of its own entry.
    EXPECT_NE(tilescope("tune --backend 2026-08 " + w + cache).out.find("from cache #2"), std::string::npos);
    EXPECT_NE(tilescope("tune --backend 2026-04 " + w + cache).out.find("from cache #1"), std::string::npos);

    const nlohmann::json list = parsed(tilescope("cache list --json" + cache));
    ASSERT_EQ(list["tunings"].size(), 2u) << list.dump();
    EXPECT_EQ(list["tunings"][0]["backend"], "2026-04");
    EXPECT_EQ(list["tunings"][1]["backend"], "2026-08");
    const nlohmann::json only = parsed(tilescope("cache list --json --backend 2026-08" + cache));
    ASSERT_EQ(only["tunings"].size(), 1u);
    EXPECT_EQ(only["tunings"][0]["id"], 2);
    EXPECT_NE(tilescope("cache list" + cache).out.find("backend 2026-08"), std::string::npos);
    EXPECT_EQ(parsed(tilescope("cache show 2 --json" + cache))["backend"], "2026-08");
    EXPECT_NE(tilescope("cache show 1" + cache).out.find("backend 2026-04 (triton-lang/triton-ascend a84b1eb)"),
              std::string::npos);
}

TEST(CliBackend, SpaceBenchPrintsOneLinePerWorkload)
{
    // Only the shape of the output: timings are never compared.
    const fs::path dir = scratchDir("cli-space-bench");
    writeAddWorkload(dir, "a.json", 4096);
    writeAddWorkload(dir, "b.json", 65536);
    CliRun run = tilescope("space --bench --reps 2 " + quote(dir / "a.json") + " " + quote(dir / "b.json"));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::vector<std::string> rows = lines(run.out);
    ASSERT_EQ(rows.size(), 3u) << run.out;
    EXPECT_NE(rows[0].find("a.json"), std::string::npos);
    EXPECT_NE(rows[0].find("median"), std::string::npos);
    EXPECT_NE(rows[0].find(" us"), std::string::npos);
    EXPECT_NE(rows[1].find("b.json"), std::string::npos);
    EXPECT_EQ(rows[2].rfind("geometric mean", 0), 0u) << rows[2];

    CliRun json = tilescope("space --bench --reps 1 --json " + quote(dir / "a.json"));
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const nlohmann::json doc = parsed(json);
    EXPECT_EQ(doc["schema"], "tilescope.space-bench/1");
    ASSERT_EQ(doc["workloads"].size(), 1u);
    EXPECT_EQ(doc["workloads"][0]["backend"], "2026-04");
    EXPECT_GT(doc["workloads"][0]["candidates"].get<int>(), 0);

    EXPECT_EQ(tilescope("space --bench --reps 0 " + quote(dir / "a.json")).exitCode, 2);
    EXPECT_EQ(tilescope("space --reps 3 " + quote(dir / "a.json")).exitCode, 2);
    EXPECT_EQ(tilescope("space --bench " + quote(dir / "missing.json")).exitCode, 2);
}

// `space --compare`: the bundled add kernel lists the same tilings under both versions, 2026-08
// coupling num_stages to multibuffer; the matmul raises under 2026-04 and generates under 2026-08.
TEST(CliBackend, SpaceCompareSaysWhatChangesBetweenVersions)
{
    const std::string add = quote((ts::test::examplesDir() / "add.json").string());
    CliRun text = tilescope("space " + add + " --compare 2026-04");
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("31 same, 31 with changed options, 0 reordered"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("num_stages 1 -> 2; multibuffer (unset) -> True"), std::string::npos) << text.out;

    CliRun json = tilescope("space " + add + " --compare 2026-04 --json");
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const nlohmann::json doc = parsed(json);
    ASSERT_FALSE(doc.is_discarded()) << json.out;
    EXPECT_EQ(doc["schema"], "tilescope.backend-compare/1");
    EXPECT_EQ(doc["base"]["backend"], "2026-04");
    EXPECT_EQ(doc["other"]["backend"], "2026-08");
    EXPECT_EQ(doc["summary"]["options"], 31);
    EXPECT_EQ(doc["configs"].size(), 62u);

    const std::string matmul = quote((ts::test::examplesDir() / "matmul.json").string());
    CliRun cube = tilescope("space " + matmul + " --compare 2026-04 --json");
    ASSERT_EQ(cube.exitCode, 0) << cube.err;
    const nlohmann::json c = parsed(cube);
    EXPECT_TRUE(c["base"]["error"].get<std::string>().starts_with("TypeError")) << cube.out;
    EXPECT_EQ(c["other"]["configs"], 6352);
    EXPECT_EQ(c["summary"]["onlyOther"], 6352);

    CliRun bad = tilescope("space " + add + " --compare 2025-01");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("2025-01"), std::string::npos) << bad.err;
}

// --ub-tuner on tune: 2026-08's UB tuner fixes the candidate that overflows the UB, the JSON
// says what it searched, and the cache keeps it (a cached read prints the same search).
TEST(CliBackend, UbTunerOptionTurnsTheTunerOnAndTheCacheKeepsItsSearch)
{
    const fs::path dir = scratchDir("cli-ub-tuner");
    std::ofstream(dir / "add2.py") << R"PY(import triton
import triton.language as tl

@triton.autotune(configs=[
    triton.Config({"XBLOCK": 65536, "SUB": 8192, "multibuffer": True}),
    triton.Config({"XBLOCK": 65536, "SUB": 16384, "multibuffer": True}),
], key=["n"])
@triton.jit
def add2(x_ptr, y_ptr, z_ptr, n, XBLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    for start in range(0, XBLOCK, SUB):
        offs = base + start + tl.arange(0, SUB)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(z_ptr + offs, x + y, mask=mask)
)PY";
    std::ofstream(dir / "add2.json") << R"JSON({"kernel": "add2.py", "backend": "2026-08", "device": "Ascend910B2",
    "args": {"x_ptr": {"tensor": "float32", "shape": [16777216]}, "y_ptr": {"tensor": "float32", "shape": [16777216]},
             "z_ptr": {"tensor": "float32", "shape": [16777216]}, "n": 16777216},
    "grid": "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)"})JSON";
    const std::string workload = quote(dir / "add2.json");
    const std::string cache = " --cache " + quote(dir / "cache.sqlite");

    auto ubTunes = [](const nlohmann::json& doc) {
        std::vector<nlohmann::json> out;
        for (const auto& c : doc["candidates"])
            if (!c["ubTune"].is_null())
                out.push_back(c["ubTune"]);
        return out;
    };
    const CliRun off = tilescope("tune " + workload + cache + " --json --jobs 1");
    ASSERT_EQ(off.exitCode, 0) << off.err;
    EXPECT_TRUE(ubTunes(parsed(off)).empty());

    const CliRun on = tilescope("tune " + workload + cache + " --json --jobs 1 --ub-tuner compile");
    ASSERT_EQ(on.exitCode, 0) << on.err;
    const nlohmann::json doc = parsed(on);
    EXPECT_FALSE(doc["cache"]["hit"].get<bool>());  // the entry was made without the tuner
    const auto searches = ubTunes(doc);
    ASSERT_EQ(searches.size(), 1u) << on.out;
    EXPECT_EQ(searches[0]["mode"], "compile");
    EXPECT_TRUE(searches[0]["finalOk"].get<bool>());
    EXPECT_EQ(searches[0]["ubtuneCfg"]["multibuffer"], "False");

    const CliRun again = tilescope("tune " + workload + cache + " --json --jobs 1 --ub-tuner compile");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_TRUE(parsed(again)["cache"]["hit"].get<bool>());
    EXPECT_EQ(ubTunes(parsed(again)), searches);
    const CliRun text = tilescope("tune " + workload + cache + " --jobs 1 --ub-tuner compile");
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("from cache #"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("UB tuner (compile): 1 of 1 UB overflow fixed by a ubtune_cfg"), std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("ubtune_cfg.multibuffer=False"), std::string::npos) << text.out;

    const CliRun bad = tilescope("tune " + workload + " --no-cache --ub-tuner greedy");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--ub-tuner"), std::string::npos) << bad.err;
    EXPECT_EQ(bad.out, "");
}

TEST(CliBackend, AutotuneJsonExportFollowsTheRecordsBackendVersion)
{
    const fs::path dir = scratchDir("cli-autotune-json-versions");
    writeAddWorkload(dir, "add.json", 98432);  // backend 2026-04 in the file; --backend chooses below
    const std::string base = "export " + quote(dir / "add.json") + " --format autotune-json --bench-method npu --no-cache";
    auto timings = [](const CliRun& run) {
        std::vector<nlohmann::json> out;
        const nlohmann::json doc = parsed(run);
        for (const auto& entry : doc["configs_timings"])
            out.push_back(entry[1]);
        return out;
    };
    // 2026-04 caches [p50, p20, p80] per config; 2026-08 under the NPU profiler a bare mean.
    const CliRun old = tilescope(base + " --backend 2026-04");
    ASSERT_EQ(old.exitCode, 0) << old.err;
    const auto oldTimings = timings(old);
    ASSERT_GT(oldTimings.size(), 1u) << old.out;
    for (const auto& t : oldTimings)
        EXPECT_TRUE(t.is_array() && t.size() == 3) << t;

    const CliRun now = tilescope(base + " --backend 2026-08");
    ASSERT_EQ(now.exitCode, 0) << now.err;
    const auto newTimings = timings(now);
    ASSERT_GT(newTimings.size(), 1u) << now.out;
    for (const auto& t : newTimings)
        EXPECT_TRUE(t.is_number()) << t;

    // 2026-08 writes no disk cache while the UB tuner is on.
    const CliRun tuner = tilescope(base + " --backend 2026-08 --ub-tuner compile");
    EXPECT_NE(tuner.exitCode, 0);
    EXPECT_EQ(tuner.out, "");
    EXPECT_NE(tuner.err.find("UB tuner"), std::string::npos) << tuner.err;
}

// `space --summary` counts every candidate judged, the counts adding up: for the 4096^3 matmul
// under 2026-08 every one of the cube generator's 130^3 block tilings, the pruned ones by the
// buffer they overflow (each a row of the space); for a vector kernel the rows.
TEST(CliBackend, SpaceSummaryCountsEveryPrunedCubeCandidate)
{
    const std::string matmul = quote((ts::test::examplesDir() / "matmul.json").string());
    const CliRun run = tilescope("space " + matmul + " --summary --json");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json doc = parsed(run);
    ASSERT_FALSE(doc.is_discarded()) << run.out;
    EXPECT_EQ(doc["schema"], "tilescope.space-summary/1");
    std::uint64_t sum = 0;
    std::uint64_t pruned = 0;
    std::map<std::string, std::uint64_t> byReason;
    for (const nlohmann::json& c : doc["counts"]) {
        sum += c["count"].get<std::uint64_t>();
        if (c["status"] == "pruned") {
            pruned += c["count"].get<std::uint64_t>();
            byReason[c["reason"].get<std::string>()] += c["count"].get<std::uint64_t>();
        }
    }
    EXPECT_EQ(sum, doc["judged"].get<std::uint64_t>());
    EXPECT_EQ(doc["cube"]["tilings"], 2197000);
    EXPECT_EQ(doc["cube"]["kept"], 794);
    EXPECT_EQ(doc["cube"]["pruned"], 2196206);
    EXPECT_EQ(doc["cube"]["generatedConfigs"], 6352);
    EXPECT_EQ(pruned, 2196206u);
    EXPECT_EQ(byReason.size(), 4u);
    for (const char* reason : {"cube-l1-capacity", "cube-l0a-capacity", "cube-l0b-capacity", "cube-l0c-capacity"})
        EXPECT_GT(byReason[reason], 0u) << reason;

    const CliRun text = tilescope("space " + matmul + " --summary");
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("Cube tilings: 2,197,000 judged = 794 kept + 2,196,206 pruned"),
              std::string::npos)
        << text.out;
    EXPECT_NE(text.out.find("cube-l0c-capacity"), std::string::npos) << text.out;

    // A vector kernel's lattice: its rows, counted by status and reason, add up to them all.
    const std::string add = quote((ts::test::examplesDir() / "add.json").string());
    const nlohmann::json lattice = parsed(tilescope("space " + add + " --backend 2026-04 --lattice --summary --json"));
    ASSERT_FALSE(lattice.is_discarded());
    std::uint64_t rows = 0;
    for (const nlohmann::json& c : lattice["counts"])
        rows += c["count"].get<std::uint64_t>();
    EXPECT_EQ(rows, lattice["judged"].get<std::uint64_t>());
    EXPECT_TRUE(lattice["cube"].is_null());
    EXPECT_EQ(tilescope("space " + add + " --summary --csv").exitCode, 2);
}

// `space --filter` keeps the candidates of one reason: listed (every one, with its numbers and the
// hints it leaves unset) or counted, under 2026-08 and 2026-04 alike; a term it does not
// understand is refused with the term named.
TEST(CliBackend, SpaceFilterKeepsOneReason)
{
    const std::string matmul = quote((ts::test::examplesDir() / "matmul.json").string());
    const CliRun counted = tilescope("space " + matmul + " --filter cube-l0c-capacity --summary --json");
    ASSERT_EQ(counted.exitCode, 0) << counted.err;
    const nlohmann::json summary = parsed(counted);
    ASSERT_FALSE(summary.is_discarded()) << counted.out;
    EXPECT_EQ(summary["judged"], 1146);
    EXPECT_EQ(summary["filter"], "cube-l0c-capacity");
    ASSERT_EQ(summary["counts"].size(), 1u);
    EXPECT_EQ(summary["counts"][0]["status"], "pruned");
    EXPECT_EQ(summary["counts"][0]["reason"], "cube-l0c-capacity");

    const CliRun listed = tilescope("space " + matmul + " --filter 'pruned l0c BLOCK_K=16' --json");
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    const nlohmann::json doc = parsed(listed);
    ASSERT_FALSE(doc.is_discarded());
    const nlohmann::json& rows = doc["candidates"];
    ASSERT_FALSE(rows.empty());
    for (const nlohmann::json& row : rows) {
        EXPECT_EQ(row["status"], "pruned");
        EXPECT_EQ(row["reason"]["code"], "cube-l0c-capacity");
        const std::int64_t m = row["params"]["BLOCK_M"], n = row["params"]["BLOCK_N"];
        EXPECT_EQ(row["params"]["BLOCK_K"], 16);
        EXPECT_FALSE(row["params"].contains("GROUP_SIZE_M")) << row.dump();
        EXPECT_GT(m * n * 4, 128 * 1024);
        EXPECT_NE(row["reason"]["message"].get<std::string>().find("L0C"), std::string::npos) << row.dump();
    }
    // The document's own counts are the whole space's.
    EXPECT_EQ(doc["summary"]["pruned"], 2196206);
    EXPECT_EQ(doc["summary"]["reasons"]["cube-l0c-capacity"], 1146);

    const CliRun text = tilescope("space " + matmul + " --filter cube-l0c-capacity");
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("2,196,206 pruned"), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("are listed"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("... 1,086 more"), std::string::npos) << text.out;  // 60 rows shown of 1146

    const CliRun bad = tilescope("space " + matmul + " --filter 'BLOCK_Q>16'");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("BLOCK_Q"), std::string::npos) << bad.err;

    // 2026-04 raises on the kernel: nothing is cube-pruned, and the filter finds nothing.
    const nlohmann::json old = parsed(tilescope("space " + matmul + " --backend 2026-04 --filter l0c --summary --json"));
    ASSERT_FALSE(old.is_discarded());
    EXPECT_EQ(old["judged"], 0);
    EXPECT_TRUE(old["cube"].is_null());
}

// A kernel whose constexpr is a string (ACTIVATION, as in the upstream tutorial's matmul) tunes
// end to end under every version: no candidate misses a constexpr, and one is best.
TEST(CliBackend, StringConstexprKernelTunesUnderEveryVersion)
{
    const fs::path dir = scratchDir("cli-string-constexpr");
    fs::copy_file(ts::test::examplesDir() / "linear_act.py", dir / "linear_act.py");
    nlohmann::json workload =
        nlohmann::json::parse(ts::test::readText(ts::test::examplesDir() / "linear_act.json"));
    // A small launch, so that the whole list tunes quickly.
    workload["args"]["M"] = 64;
    workload["args"]["N"] = 96;
    workload["args"]["K"] = 64;
    workload["args"]["a_ptr"]["shape"] = {64, 64};
    workload["args"]["w_ptr"]["shape"] = {64, 96};
    workload["args"]["bias_ptr"]["shape"] = {96};
    workload["args"]["c_ptr"]["shape"] = {64, 96};
    std::ofstream(dir / "linear_act.json") << workload.dump(1);
    const std::string w = quote((dir / "linear_act.json").string());
    for (const std::string& version : {std::string("2026-08"), std::string("2026-04")}) {
        // 2026-04 generates nothing for a tl.dot kernel: its lattice is tuned instead.
        const std::string extra = version == "2026-04" ? " --lattice --limit 8" : "";
        const CliRun run = tilescope("tune " + w + " --backend " + version + extra + " --jobs 2 --json --cache " +
                                     quote((dir / ("cache-" + version + ".sqlite")).string()));
        ASSERT_EQ(run.exitCode, 0) << version << "\n" << run.err;
        const nlohmann::json doc = parsed(run);
        ASSERT_FALSE(doc.is_discarded()) << run.out;
        EXPECT_EQ(run.out.find("missing-constexpr"), std::string::npos) << version;
        EXPECT_FALSE(doc["best"].is_null()) << version << "\n" << run.out.substr(0, 2000);
    }
}
