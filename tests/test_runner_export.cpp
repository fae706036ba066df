// `tilescope runner export`: the script it writes, run for real with /usr/bin/python3 over the
// stand-in torch and triton of tests/data/runner/stubs (their rules are in that folder's README):
// what it records per candidate, what it leaves out for a non-Ascend backend, and how it resumes,
// honours its time budget and survives a crash or a hang.

#include "cli_run.h"
#include "core/util/format.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A 2026-08 vector add of 4096 fp16 elements in `dir`.
void writeWorkload(const fs::path& dir, const std::string& backend = "2026-08")
{
    fs::copy_file(examplesDir() / "add.py", dir / "add.py", fs::copy_options::overwrite_existing);
    const std::string t = "{\"tensor\": \"float16\", \"shape\": [4096]}";
    std::ofstream(dir / "add.json", std::ios::trunc)
        << "{\"kernel\": \"add.py\", \"function\": \"add_kernel\",\n"
        << " \"args\": {\"x_ptr\": " << t << ", \"y_ptr\": " << t << ", \"out_ptr\": " << t
        << ", \"n_elements\": 4096},\n"
        << " \"grid\": \"lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)\",\n"
        << " \"device\": \"Ascend910B2\", \"backend\": \"" << backend << "\"}\n";
}

// Runs the script with the stubs first on the path; `env` is "NAME=value ..." for the stubs.
CliRun runScript(const fs::path& script, const std::string& arguments, const std::string& env = "")
{
    return runCommand("env PYTHONPATH=" + quote(dataDir() / "runner" / "stubs") + " " + env + " /usr/bin/python3 " +
                      quote(script) + " " + arguments);
}

// The same with the stand-in torch_npu too: an Ascend NPU, timed by the profiler path.
CliRun runScriptOnNpu(const fs::path& script, const std::string& arguments, const std::string& env = "")
{
    return runCommand("env PYTHONPATH=" + quote(dataDir() / "runner" / "npu-stubs") + ":" +
                      quote(dataDir() / "runner" / "stubs") + " " + env + " /usr/bin/python3 " + quote(script) + " " +
                      arguments);
}

json readJson(const fs::path& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

std::map<std::string, int> statusCounts(const json& results)
{
    std::map<std::string, int> counts;
    for (const json& c : results["candidates"])
        ++counts[c["status"].get<std::string>()];
    return counts;
}

std::size_t lineCount(const std::string& text)
{
    std::size_t n = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        n += !line.empty();
    return n;
}

// A candidate list of `n` configs every stub compiles: XBLOCK = XBLOCK_SUB = 2^(6+i).
fs::path writeCandidates(const fs::path& dir, int n)
{
    json list = json::array();
    for (int i = 0; i < n; ++i) {
        const int block = 1 << (6 + i);
        list.push_back({{"kwargs", {{"XBLOCK", block}, {"XBLOCK_SUB", block}, {"multibuffer", true}}},
                        {"num_warps", 1},
                        {"num_stages", 2}});
    }
    std::ofstream(dir / "candidates.json", std::ios::trunc) << list.dump(1);
    return dir / "candidates.json";
}

TEST(RunnerExport, ScriptMeasuresEveryGeneratedCandidateAndDropsAscendOptions)
{
    const fs::path dir = scratchDir("runner-generated");
    writeWorkload(dir);
    const CliRun exported = tilescope("runner export " + quote(dir / "add.json") + " -o " + quote(dir / "run.py"));
    ASSERT_EQ(exported.exitCode, 0) << exported.err;
    EXPECT_NE(exported.err.find("generated candidates of add_kernel"), std::string::npos) << exported.err;

    // The space's own count of generated configs is what the script holds.
    const CliRun space = tilescope("space " + quote(dir / "add.json") + " --json");
    ASSERT_EQ(space.exitCode, 0) << space.err;
    const std::size_t generated = json::parse(space.out)["summary"]["generated"].get<std::size_t>();
    const CliRun listed = runScript(dir / "run.py", "--list");
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_EQ(lineCount(listed.out), generated);

    const CliRun ran = runScript(dir / "run.py", "-o " + quote(dir / "out.json"));
    ASSERT_EQ(ran.exitCode, 0) << ran.err;
    const json results = readJson(dir / "out.json");
    EXPECT_EQ(results["format"], "tilescope.measurements/1");
    EXPECT_EQ(results["backend"], "2026-08");
    EXPECT_EQ(results["device"]["name"], "Stub GPU");
    EXPECT_EQ(results["software"]["triton"], "3.0.0+stub");
    EXPECT_EQ(results["software"]["torch"], "2.0.0");
    EXPECT_EQ(results["bench"]["method"], "do_bench");
    EXPECT_TRUE(results["complete"].get<bool>());
    ASSERT_EQ(results["candidates"].size(), generated);

    // The stub compiles only power-of-two tiles; each candidate is timed or says why not.
    int ok = 0, failed = 0;
    for (const json& c : results["candidates"]) {
        const json& kw = c["config"]["kwargs"];
        const auto pow2 = [](const json& v) { const long long x = v.get<long long>(); return x > 0 && (x & (x - 1)) == 0; };
        const bool compiles = pow2(kw["XBLOCK"]) && pow2(kw["XBLOCK_SUB"]);
        if (compiles) {
            ++ok;
            EXPECT_EQ(c["status"], "ok");
            EXPECT_LE(c["p20_ms"].get<double>(), c["p50_ms"].get<double>());
            EXPECT_LE(c["p50_ms"].get<double>(), c["p80_ms"].get<double>());
        } else {
            ++failed;
            EXPECT_EQ(c["status"], "compile_failed");
            EXPECT_NE(c["error"].get<std::string>().find("CompilationError: arange's range must be a power of 2"),
                      std::string::npos);
            EXPECT_TRUE(c["p50_ms"].is_null());
        }
    }
    EXPECT_GT(failed, 0);
    // multibuffer is no option of the stand-in backend: named once, and never passed (the stub
    // refuses unknown launch options, so a candidate passing it would have failed).
    ASSERT_EQ(results["dropped_options"].size(), 1u);
    EXPECT_EQ(results["dropped_options"][0]["option"], "multibuffer");
    EXPECT_NE(ran.err.find("left out 'multibuffer'"), std::string::npos) << ran.err;
    EXPECT_NE(ran.err.find("1/" + std::to_string(generated) + "]"), std::string::npos) << "progress lines";
}

TEST(RunnerExport, OnAnNpuTheProfilerTimesEveryCandidateAndAscendOptionsStay)
{
    const fs::path dir = scratchDir("runner-npu");
    writeWorkload(dir);
    const fs::path candidates = writeCandidates(dir, 3);
    const CliRun exported = tilescope("runner export " + quote(dir / "add.json") + " --candidates " +
                                      quote(candidates) + " -o " + quote(dir / "run.py"));
    ASSERT_EQ(exported.exitCode, 0) << exported.err;
    const fs::path log = dir / "bench.log";
    const CliRun ran = runScriptOnNpu(dir / "run.py", "-o " + quote(dir / "out.json"), "STUB_LOG=" + quote(log));
    ASSERT_EQ(ran.exitCode, 0) << ran.err;
    const json results = readJson(dir / "out.json");
    EXPECT_EQ(results["device"]["kind"], "npu");
    EXPECT_EQ(results["device"]["name"], "Stub Ascend910B2");
    EXPECT_EQ(results["software"]["torch_npu"], "2.1.0+stub");
    EXPECT_EQ(results["bench"]["method"], "npu_profiler");
    // Ascend's own options are passed on an NPU: nothing is left out (the stub would refuse it
    // without torch_npu).
    EXPECT_TRUE(results["dropped_options"].empty()) << results["dropped_options"].dump();
    ASSERT_EQ(results["candidates"].size(), 3u);
    for (const json& c : results["candidates"]) {
        ASSERT_EQ(c["status"], "ok") << c.dump();
        // One mean per candidate: p50, p20 and p80 are that mean.
        EXPECT_EQ(c["p20_ms"], c["p50_ms"]);
        EXPECT_EQ(c["p80_ms"], c["p50_ms"]);
    }
    // Every candidate was timed by the profiler, none by do_bench directly.
    std::ifstream in(log);
    int profiled = 0;
    for (std::string line; std::getline(in, line);)
        profiled += line.find("\"method\": \"do_bench_npu\"") != std::string::npos;
    EXPECT_EQ(profiled, 3);
    // The same script on a GPU machine leaves the option out and uses do_bench.
    const CliRun gpu = runScript(dir / "run.py", "-o " + quote(dir / "gpu.json"));
    ASSERT_EQ(gpu.exitCode, 0) << gpu.err;
    const json onGpu = readJson(dir / "gpu.json");
    EXPECT_EQ(onGpu["bench"]["method"], "do_bench");
    ASSERT_EQ(onGpu["dropped_options"].size(), 1u);
}

TEST(RunnerExport, TimeBudgetStopsAndASecondRunResumesWithoutRepeating)
{
    const fs::path dir = scratchDir("runner-budget");
    writeWorkload(dir);
    const fs::path candidates = writeCandidates(dir, 6);
    ASSERT_EQ(tilescope("runner export " + quote(dir / "add.json") + " --candidates " + quote(candidates) + " -o " +
                        quote(dir / "run.py"))
                  .exitCode,
              0);
    // Each timing advances the stub's clock by 10 s: a 25 s budget starts candidates at 0, 10, 20.
    const std::string log = (dir / "timed.log").string();
    const CliRun first = runScript(dir / "run.py", "-o " + quote(dir / "out.json") + " --time-budget 25",
                                   "STUB_CLOCK_STEP=10 STUB_LOG=" + quote(log));
    EXPECT_EQ(first.exitCode, 3) << first.err;
    EXPECT_NE(first.err.find("3 candidates not run"), std::string::npos) << first.err;
    json results = readJson(dir / "out.json");
    EXPECT_FALSE(results["complete"].get<bool>());
    EXPECT_EQ(statusCounts(results), (std::map<std::string, int>{{"ok", 3}, {"not_run", 3}}));
    EXPECT_EQ(lineCount(readText(log)), 3u);

    const CliRun second = runScript(dir / "run.py", "-o " + quote(dir / "out.json"), "STUB_LOG=" + quote(log));
    ASSERT_EQ(second.exitCode, 0) << second.err;
    EXPECT_NE(second.err.find("resuming"), std::string::npos) << second.err;
    results = readJson(dir / "out.json");
    EXPECT_TRUE(results["complete"].get<bool>());
    EXPECT_EQ(statusCounts(results), (std::map<std::string, int>{{"ok", 6}}));
    EXPECT_EQ(lineCount(readText(log)), 6u) << "the first three are not timed again";

    // Another export's results are never taken over.
    writeCandidates(dir, 2);
    ASSERT_EQ(tilescope("runner export " + quote(dir / "add.json") + " --candidates " + quote(candidates) + " -o " +
                        quote(dir / "run2.py"))
                  .exitCode,
              0);
    const CliRun other = runScript(dir / "run2.py", "-o " + quote(dir / "out.json"));
    EXPECT_NE(other.exitCode, 0);
    EXPECT_NE(other.err.find("holds results of another export"), std::string::npos) << other.err;
    EXPECT_EQ(statusCounts(readJson(dir / "out.json")), (std::map<std::string, int>{{"ok", 6}})) << "kept as it was";
}

TEST(RunnerExport, ACrashOrAHangCostsOnlyThatCandidate)
{
    const fs::path dir = scratchDir("runner-crash");
    writeWorkload(dir);
    const fs::path candidates = writeCandidates(dir, 4);
    ASSERT_EQ(tilescope("runner export " + quote(dir / "add.json") + " --candidates " + quote(candidates) + " -o " +
                        quote(dir / "run.py"))
                  .exitCode,
              0);
    // Candidate 1 ends its process; candidate 2 never returns and is stopped by the 2 s limit
    // (the limit is what is tested: the stub waits forever, whatever the machine's speed).
    const CliRun ran = runScript(dir / "run.py", "-o " + quote(dir / "out.json") + " --timeout 2",
                                 "STUB_CRASH_CONFIG=XBLOCK=128,XBLOCK_SUB=128 STUB_HANG_CONFIG=XBLOCK=256,XBLOCK_SUB=256");
    ASSERT_EQ(ran.exitCode, 0) << ran.err;
    const json results = readJson(dir / "out.json");
    ASSERT_EQ(results["candidates"].size(), 4u);
    EXPECT_EQ(results["candidates"][0]["status"], "ok");
    EXPECT_EQ(results["candidates"][1]["status"], "run_failed");
    EXPECT_NE(results["candidates"][1]["error"].get<std::string>().find("process ended while this candidate ran (exit code 9)"),
              std::string::npos);
    EXPECT_EQ(results["candidates"][2]["status"], "timeout");
    EXPECT_EQ(results["candidates"][3]["status"], "ok");
    EXPECT_TRUE(results["complete"].get<bool>());
}

TEST(RunnerExport, CandidatesFromAPythonListOrJsonAndClearErrors)
{
    const fs::path dir = scratchDir("runner-file");
    writeWorkload(dir);
    std::ofstream(dir / "configs.py", std::ios::trunc)
        << "import triton\n\n"
        << "@triton.autotune(\n    configs=[\n"
        << "        triton.Config({'XBLOCK': 1024, 'XBLOCK_SUB': 256}, num_warps=8),\n"
        << "        triton.Config({'XBLOCK': 2048, 'XBLOCK_SUB': 512, 'multibuffer': False}, num_stages=1),\n"
        << "    ],\n    key=['n_elements'],\n)\ndef f():\n    pass\n";
    const CliRun exported = tilescope("runner export " + quote(dir / "add.json") + " --candidates " +
                                      quote(dir / "configs.py") + " -o " + quote(dir / "run.py"));
    ASSERT_EQ(exported.exitCode, 0) << exported.err;
    const CliRun listed = runScript(dir / "run.py", "--list");
    EXPECT_EQ(listed.out, "     0  XBLOCK=1024, XBLOCK_SUB=256, num_warps=8, num_stages=3\n"
                          "     1  XBLOCK=2048, XBLOCK_SUB=512, multibuffer=False, num_warps=4, num_stages=1\n");

    std::ofstream(dir / "bad.json", std::ios::trunc) << "[\n {\"kwargs\": {\"XBLOCK\": 1024}},\n {\"kwargs\": }\n]\n";
    const CliRun bad = tilescope("runner export " + quote(dir / "add.json") + " --candidates " + quote(dir / "bad.json"));
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.err.find("bad.json:3:13: not valid JSON"), std::string::npos) << bad.err;

    std::ofstream(dir / "wrong.json", std::ios::trunc) << "[{\"kwargs\": {\"XBLOCK\": 1024}, \"num_warps\": 0}]\n";
    const CliRun wrong = tilescope("runner export " + quote(dir / "add.json") + " --candidates " + quote(dir / "wrong.json"));
    EXPECT_NE(wrong.err.find("config 0: \"num_warps\" must be a whole number from 1 to 2^20, found 0"), std::string::npos)
        << wrong.err;

    const CliRun none = tilescope("runner export " + quote(dir / "add.json") + " --candidates handwritten");
    EXPECT_NE(none.exitCode, 0);
    EXPECT_NE(none.err.find("gives no handwritten configs"), std::string::npos) << none.err;

    const CliRun missing = tilescope("runner export " + quote(dir / "add.json") + " --candidates nosuch.json");
    EXPECT_NE(missing.err.find("'nosuch.json' is neither generated, handwritten nor lattice, and no such file"),
              std::string::npos)
        << missing.err;
}

TEST(RunnerExport, LatticeSampleIsSpreadOverTheList)
{
    const fs::path dir = scratchDir("runner-lattice");
    writeWorkload(dir, "2026-04");
    const CliRun all = tilescope("runner export " + quote(dir / "add.json") + " --candidates lattice -o " +
                                 quote(dir / "all.py"));
    ASSERT_EQ(all.exitCode, 0) << all.err;
    const CliRun some = tilescope("runner export " + quote(dir / "add.json") + " --candidates lattice --limit 5 -o " +
                                  quote(dir / "some.py"));
    ASSERT_EQ(some.exitCode, 0) << some.err;
    const std::string allList = runScript(dir / "all.py", "--list").out;
    const std::string someList = runScript(dir / "some.py", "--list").out;
    std::vector<std::string> allLines, someLines;
    for (auto [text, lines] : {std::pair{&allList, &allLines}, std::pair{&someList, &someLines}}) {
        std::istringstream in(*text);
        for (std::string line; std::getline(in, line);)
            lines->push_back(line.substr(8));  // without the index
    }
    ASSERT_GT(allLines.size(), 5u);
    ASSERT_EQ(someLines.size(), 5u);
    // The count grouped, as every count the CLI prints ("kept 5 of 67,942 candidates").
    EXPECT_NE(some.err.find("kept 5 of " + ts::formatInteger(std::int64_t(allLines.size())) + " candidates"),
              std::string::npos)
        << some.err;
    EXPECT_EQ(someLines.front(), allLines.front());
    EXPECT_EQ(someLines.back(), allLines.back());
    EXPECT_EQ(someLines[2], allLines[2 * (allLines.size() - 1) / 4]);
}

} // namespace
} // namespace ts::test
