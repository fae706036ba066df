// `tilescope capture`: a small program (tests/data/capture/program) run for real by /usr/bin/python3
// over the stand-in torch and triton of tests/data/runner/stubs and the stand-in Triton-Ascend tuner
// of tests/data/capture/ascend-stubs. What it writes is read back as any workload is, and every
// workload is accepted unchanged by analyze, space and tune under both backend versions. The raw
// records' checks are tested on hand-written records.

#include "cli_run.h"
#include "testutil.h"

#include "core/cache/sha256.h"
#include "core/capture/capture_raw.h"
#include "core/capture/capture_writer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

fs::path programDir() { return dataDir() / "capture" / "program"; }

// The stand-ins first on the path; `extra` folders after them.
std::string stubPath(const std::string& extra = "")
{
    return quote(dataDir() / "capture" / "ascend-stubs") + ":" + quote(dataDir() / "runner" / "stubs") +
           (extra.empty() ? "" : ":" + extra);
}

std::string program(const std::string& arguments = "")
{
    return "/usr/bin/python3 " + quote(programDir() / "program.py") + (arguments.empty() ? "" : " " + arguments);
}

CliRun capture(const fs::path& out, const std::string& options, const std::string& command,
               const std::string& extraPath = "")
{
    return runCommand("env -u DISPLAY -u WAYLAND_DISPLAY PYTHONPATH=" + stubPath(extraPath) + " " +
                      binaryPath() + " capture -o " + quote(out) + " " + options + " -- " + command);
}

json readJson(const fs::path& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

// describe -> the index entry, e.g. "add_kernel[n_elements=4096]".
std::map<std::string, json> byLaunch(const json& index)
{
    std::map<std::string, json> out;
    for (const json& w : index["workloads"]) {
        std::string name = w["function"].get<std::string>() + "[";
        bool first = true;
        for (const auto& [key, value] : w["key"].items()) {
            name += (first ? "" : ", ") + key + "=" + value.dump();
            first = false;
        }
        out[name + "]"] = w;
    }
    return out;
}

// One capture of the program, shared by the tests that only read it.
const fs::path& capturedProgram()
{
    static const fs::path out = [] {
        const fs::path dir = scratchDir("capture-program") / "caps";
        const CliRun run = capture(dir, "", program());
        EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
        return dir;
    }();
    return out;
}

TEST(Capture, OneWorkloadPerKernelAndKeyValueWithItsLaunchCount)
{
    const json index = readJson(capturedProgram() / "capture.json");
    EXPECT_EQ(index["schema"], "tilescope.capture/1");
    const auto launches = byLaunch(index);
    const std::map<std::string, int> expected = {
        {"add_kernel[n_elements=4096]", 40},        {"add_kernel[n_elements=8192]", 1},
        {"add_kernel[n_elements=98432]", 1},        {"softmax_kernel[n_rows=128, n_cols=256]", 2},
        {"softmax_kernel[n_rows=4096, n_cols=1024]", 1}, {"scale_kernel[n_elements=16384]", 2},
        {"scale_kernel[n_elements=65536]", 1}};
    ASSERT_EQ(launches.size(), expected.size()) << index.dump(2);
    for (const auto& [name, count] : expected) {
        ASSERT_TRUE(launches.count(name)) << name << "\n" << index.dump(2);
        const json& w = launches.at(name);
        EXPECT_EQ(w["launches"], count) << name;
        EXPECT_TRUE(w["launchesExact"].get<bool>()) << name;
        EXPECT_EQ(w["kind"], "autotune") << name;
        EXPECT_TRUE(fs::exists(capturedProgram() / w["file"].get<std::string>())) << name;
    }
    // Both tuner classes: Triton-Ascend's subclass and upstream's Autotuner.
    EXPECT_EQ(launches.at("add_kernel[n_elements=4096]")["tuner"],
              "triton.backends.ascend.runtime.autotuner.AutoTilingTuner");
    EXPECT_EQ(launches.at("scale_kernel[n_elements=16384]")["tuner"], "triton.runtime.autotuner.Autotuner");
    EXPECT_EQ(index["software"]["triton"], "3.0.0+stub");
    EXPECT_EQ(index["software"]["torch"], "2.0.0+stub");
    EXPECT_EQ(index["device"]["name"], "Stub GPU");
}

TEST(Capture, WorkloadsHoldTheLaunchAsTheProgramMadeIt)
{
    const fs::path dir = capturedProgram();
    const auto launches = byLaunch(readJson(dir / "capture.json"));
    const json add = readJson(dir / launches.at("add_kernel[n_elements=4096]")["file"].get<std::string>());
    EXPECT_EQ(add["function"], "add_kernel");
    EXPECT_EQ(add["args"]["n_elements"], 4096);
    EXPECT_EQ(add["args"]["x_ptr"], (json{{"tensor", "float16"}, {"shape", {4096}}, {"strides", {1}}}));
    EXPECT_FALSE(add["args"].contains("XBLOCK")) << "a constexpr the tuner chooses is a tuning candidate";
    EXPECT_EQ(add["grid"], "lambda meta: (triton.cdiv(n_elements, meta[\"XBLOCK\"]),)");
    // The kernel's source beside it, as it ran.
    EXPECT_EQ(readText(dir / add["kernel"].get<std::string>()), readText(programDir() / "kernels_ascend.py"));

    // A constexpr passed at launch is an argument; the row stride a scalar.
    const json softmax = readJson(dir / launches.at("softmax_kernel[n_rows=4096, n_cols=1024]")["file"].get<std::string>());
    EXPECT_EQ(softmax["args"]["BLOCK_N"], 1024);
    EXPECT_EQ(softmax["args"]["in_row_stride"], 1024);
    EXPECT_EQ(softmax["args"]["in_ptr"]["strides"], json({1024, 1}));

    // scale's grid reads the program's local `n`, not an argument: written in as its value.
    const json& scaleEntry = launches.at("scale_kernel[n_elements=65536]");
    const json scale = readJson(dir / scaleEntry["file"].get<std::string>());
    EXPECT_EQ(scale["grid"], "lambda meta: (triton.cdiv(65536, meta['BLOCK_SIZE']),)");
    EXPECT_NE(scaleEntry["notes"].dump().find("reads the program's own variables (n = 65536"), std::string::npos)
        << scaleEntry.dump(2);
    EXPECT_EQ(scale["args"]["alpha"], 0.5);
    // The decorator as written, and what the tuner chose.
    EXPECT_EQ(scaleEntry["decorator"]["configs"].size(), 3u);
    EXPECT_EQ(scaleEntry["decorator"]["key"], json({"n_elements"}));
    EXPECT_EQ(scaleEntry["best"]["kwargs"], (json{{"BLOCK_SIZE", 4096}, {"BLOCK_SIZE_SUB", 1024}}));
}

TEST(Capture, EveryWorkloadIsAcceptedUnchangedUnderEveryBackend)
{
    const fs::path dir = capturedProgram();
    const fs::path cacheFile = scratchDir("capture-tune") / "cache.sqlite";
    const json index = readJson(dir / "capture.json");
    ASSERT_EQ(index["workloads"].size(), 7u);
    for (const json& w : index["workloads"]) {
        const fs::path file = dir / w["file"].get<std::string>();
        for (const std::string backend : {"", " --backend 2026-04"}) {
            const CliRun analyzed = tilescope("analyze " + quote(file) + backend);
            EXPECT_EQ(analyzed.exitCode, 0) << file << backend << "\n" << analyzed.out << analyzed.err;
            const CliRun space = tilescope("space " + quote(file) + backend);
            EXPECT_EQ(space.exitCode, 0) << file << backend << "\n" << space.out << space.err;
            const CliRun tuned = tilescope("tune " + quote(file) + backend + " --cache " + quote(cacheFile));
            EXPECT_EQ(tuned.exitCode, 0) << file << backend << "\n" << tuned.out << tuned.err;
            EXPECT_NE(tuned.out.find("best"), std::string::npos) << tuned.out;
        }
    }
}

TEST(Capture, TheProgramRunsAsItDoesWithoutTheHook)
{
    const fs::path dir = scratchDir("capture-unchanged");
    const CliRun plain = runCommand("env PYTHONPATH=" + stubPath() + " " + program());
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    const CliRun captured = capture(dir / "caps", "", program());
    ASSERT_EQ(captured.exitCode, 0) << captured.err;
    // The program's own output (its tuners' choices and launch counts) comes first, unchanged.
    EXPECT_EQ(captured.out.substr(0, plain.out.size()), plain.out);
    // The hook said nothing: it never failed to record a launch, and never read a tensor's
    // contents (the stand-in tensors raise when that happens).
    EXPECT_EQ(captured.err.find("tilescope capture: cannot"), std::string::npos) << captured.err;
    EXPECT_EQ(captured.err.find("contents"), std::string::npos) << captured.err;
}

TEST(Capture, TheTunersOwnTimingsImportAsMeasurements)
{
    const fs::path dir = capturedProgram();
    const json scale = byLaunch(readJson(dir / "capture.json")).at("scale_kernel[n_elements=16384]");
    ASSERT_TRUE(scale["measurements"].is_string()) << scale.dump(2);
    const fs::path timings = dir / scale["measurements"].get<std::string>();
    const json doc = readJson(timings);
    EXPECT_EQ(doc["configs_timings"].size(), 3u);
    const fs::path cacheFile = scratchDir("capture-measured") / "cache.sqlite";
    const CliRun imported = tilescope("measure import --workload " + quote(dir / scale["file"].get<std::string>()) + " " +
                                      quote(timings) + " --measured-on 'Stub GPU' --cache " + quote(cacheFile) + " --json");
    ASSERT_EQ(imported.exitCode, 0) << imported.out << imported.err;
    EXPECT_EQ(json::parse(imported.out)["added"], 3) << imported.out;
}

TEST(Capture, AllJitRecordsPlainJitLaunchesToo)
{
    const fs::path dir = scratchDir("capture-all-jit") / "caps";
    const CliRun run = capture(dir, "--all-jit", program());
    ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
    const json index = readJson(dir / "capture.json");
    EXPECT_TRUE(index["allJit"].get<bool>());
    const json* fill = nullptr;
    for (const json& w : index["workloads"])
        if (w["function"] == "fill_kernel")
            fill = &w;
    ASSERT_NE(fill, nullptr) << index.dump(2);
    EXPECT_EQ((*fill)["kind"], "jit");
    EXPECT_EQ((*fill)["launches"], 2);
    EXPECT_EQ((*fill)["varying"], json({"value"})) << "the two launches filled different values";
    const json workload = readJson(dir / (*fill)["file"].get<std::string>());
    EXPECT_EQ(workload["grid"], json({4}));
    EXPECT_EQ(workload["args"]["BLOCK"], 1024);
    EXPECT_EQ(workload["args"]["value"], 1.0);
    const CliRun analyzed = tilescope("analyze " + quote(dir / (*fill)["file"].get<std::string>()));
    EXPECT_NE(analyzed.exitCode, 2) << analyzed.out << analyzed.err;
    // Still one workload per autotune key value: the jit launches inside the tuners are not counted.
    EXPECT_EQ(index["workloads"].size(), 8u);
}

TEST(Capture, PassesOnTheExitStatusAndSaysWhenItSawNothing)
{
    const fs::path dir = scratchDir("capture-status");
    const CliRun failing = capture(dir / "a", "", program("--exit 3"));
    EXPECT_EQ(failing.exitCode, 3) << failing.err;
    EXPECT_NE(failing.err.find("exited with status 3"), std::string::npos) << failing.err;
    EXPECT_EQ(readJson(dir / "a" / "capture.json")["exitStatus"], 3);
    EXPECT_EQ(readJson(dir / "a" / "capture.json")["workloads"].size(), 7u);

    const CliRun idle = capture(dir / "b", "", program("--no-launch"));
    EXPECT_EQ(idle.exitCode, 0) << idle.err;
    EXPECT_NE(idle.err.find("saw no autotuned Triton launch"), std::string::npos) << idle.err;
    EXPECT_NE(idle.err.find("1 Python process loaded the hook"), std::string::npos) << idle.err;

    const CliRun noPython = capture(dir / "c", "", "/bin/true");
    EXPECT_EQ(noPython.exitCode, 0);
    EXPECT_NE(noPython.err.find("no Python process loaded the hook"), std::string::npos) << noPython.err;

    const CliRun missing = capture(dir / "d", "", "/no/such/program");
    EXPECT_EQ(missing.exitCode, 127) << missing.err;
    EXPECT_NE(missing.err.find("cannot run /no/such/program"), std::string::npos) << missing.err;
}

TEST(Capture, AForkedChildIsRecordedAndItsCountIsALowerBound)
{
    const fs::path dir = scratchDir("capture-fork") / "caps";
    const CliRun run = capture(dir, "", program("--fork"));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const json index = readJson(dir / "capture.json");
    const auto launches = byLaunch(index);
    ASSERT_TRUE(launches.count("add_kernel[n_elements=16384]")) << index.dump(2);
    EXPECT_FALSE(launches.at("add_kernel[n_elements=16384]")["launchesExact"].get<bool>());
    EXPECT_EQ(index["processes"].size(), 2u);
    EXPECT_NE(index["notes"].dump().find("lower bounds"), std::string::npos) << index["notes"].dump();
    EXPECT_NE(run.out.find("1+ launches"), std::string::npos) << run.out;
}

TEST(Capture, TheProgramsOwnSitecustomizeStillRuns)
{
    const fs::path dir = scratchDir("capture-site") / "caps";
    const CliRun run = capture(dir, "", program(), quote(dataDir() / "capture" / "other-site"));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.err.find("the user's own sitecustomize ran"), std::string::npos) << run.err;
    EXPECT_EQ(readJson(dir / "capture.json")["workloads"].size(), 7u);
}

TEST(Capture, NeverWritesOverAFolder)
{
    const fs::path dir = scratchDir("capture-occupied");
    std::ofstream(dir / "mine.txt") << "keep me";
    const CliRun run = capture(dir, "", program());
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("is not empty"), std::string::npos) << run.err;
    EXPECT_EQ(readText(dir / "mine.txt"), "keep me");
    EXPECT_FALSE(fs::exists(dir / "capture.json"));
    const CliRun noDashes = tilescope("capture -o " + quote(dir / "x") + " python3 prog.py");
    EXPECT_EQ(noDashes.exitCode, 2);
    EXPECT_NE(noDashes.err.find("put -- before the program"), std::string::npos) << noDashes.err;
}

TEST(Capture, ListBatchAndSweepTakeTheFolder)
{
    const fs::path dir = capturedProgram();
    const CliRun listed = tilescope("capture list " + quote(dir));
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_NE(listed.out.find("7 workloads of 3 kernels (48 launches)"), std::string::npos) << listed.out;
    EXPECT_NE(listed.out.find("add_kernel[n_elements=4096]"), std::string::npos) << listed.out;
    const CliRun listedJson = tilescope("capture list " + quote(dir) + " --json");
    ASSERT_EQ(listedJson.exitCode, 0) << listedJson.err;
    EXPECT_EQ(json::parse(listedJson.out)["workloads"].size(), 7u);

    const fs::path scratch = scratchDir("capture-batch");
    const CliRun batch = tilescope("batch " + quote(dir) + " --cache " + quote(scratch / "cache.sqlite") +
                                   " --report " + quote(scratch / "report.json"));
    ASSERT_EQ(batch.exitCode, 0) << batch.out << batch.err;
    EXPECT_EQ(readJson(scratch / "report.json")["cases"].size(), 7u);

    const CliRun swept = tilescope("sweep " + quote(dir) + " --function add_kernel --cache " +
                                   quote(scratch / "cache.sqlite") + " --json");
    ASSERT_EQ(swept.exitCode, 0) << swept.out << swept.err;
    const json sweep = json::parse(swept.out);
    ASSERT_EQ(sweep["shapes"].size(), 3u);
    EXPECT_EQ(sweep["shapes"][0]["shape"], (json{{"n_elements", 4096}}));
    EXPECT_EQ(sweep["shapes"][2]["shape"], (json{{"n_elements", 98432}}));
    const CliRun ambiguous = tilescope("sweep " + quote(dir) + " --no-cache");
    EXPECT_EQ(ambiguous.exitCode, 2);
    EXPECT_NE(ambiguous.err.find("choose one with --function"), std::string::npos) << ambiguous.err;
}

TEST(Capture, TheHookAloneThenFromRawWritesTheSameFolder)
{
    const fs::path dir = scratchDir("capture-standalone");
    const CliRun hook = runCommand("env PYTHONPATH=" + stubPath() + " /usr/bin/python3 " +
                                   quote(sourceDir() / "resources" / "capture" / "tilescope_capture.py") + " -o " +
                                   quote(dir / "raw") + " -- " + program("--exit 5"));
    ASSERT_EQ(hook.exitCode, 5) << hook.err;
    const CliRun converted = tilescope("capture --from-raw " + quote(dir / "raw") + " -o " + quote(dir / "caps"));
    ASSERT_EQ(converted.exitCode, 0) << converted.out << converted.err;
    const auto fromRaw = byLaunch(readJson(dir / "caps" / "capture.json"));
    const auto direct = byLaunch(readJson(capturedProgram() / "capture.json"));
    ASSERT_EQ(fromRaw.size(), direct.size());
    for (const auto& [name, w] : direct) {
        ASSERT_TRUE(fromRaw.count(name)) << name;
        EXPECT_EQ(fromRaw.at(name)["launches"], w["launches"]) << name;
        EXPECT_EQ(readText(dir / "caps" / fromRaw.at(name)["file"].get<std::string>()),
                  readText(capturedProgram() / w["file"].get<std::string>()))
            << name;
    }
}

// ---- the raw records' checks ----

struct RawCase {
    const char* name;
    std::string line;       // the third line of the file, after a process record and a valid launch
    const char* problem;    // a part of the message
};

std::string processLine() { return R"({"record":"process","format":"tilescope.capture-raw/1","pid":7,"argv":["p.py"]})"; }

// A valid launch record, with `patch` merged over it.
std::string launchLine(const json& patch = json::object())
{
    json l = {{"record", "launch"},
              {"kind", "autotune"},
              {"group", 0},
              {"kernel", {{"file", "/k.py"}, {"function", "k"}, {"line", 3}, {"source", nullptr}, {"sha256", nullptr}}},
              {"params", {{{"name", "x"}, {"constexpr", false}}, {{"name", "n"}, {"constexpr", false}}}},
              {"args", {{"x", {{"tensor", "torch.float16"}, {"shape", {8}}}}, {"n", 8}}},
              {"key", {"n"}},
              {"grid", {{"static", {1}}}}};
    l.merge_patch(patch);
    return l.dump();
}

class RawRecords : public ::testing::TestWithParam<RawCase> {};

TEST_P(RawRecords, AProblemNamesTheFileLineAndField)
{
    const RawCase& c = GetParam();
    const fs::path dir = scratchDir(std::string("capture-raw-") + c.name);
    std::ofstream(dir / "launches-7.jsonl") << processLine() << "\n" << launchLine({{"group", 5}}) << "\n" << c.line << "\n";
    const capture::RawCapture raw = capture::readRawCapture(dir);
    ASSERT_EQ(raw.problems.size(), 1u) << (raw.problems.empty() ? "" : raw.problems[1].format());
    const Diagnostic& d = raw.problems.front();
    EXPECT_EQ(fs::path(d.file).filename(), "launches-7.jsonl");
    EXPECT_EQ(d.line, 3);
    EXPECT_NE(d.message.find(c.problem), std::string::npos) << d.format();
    // The other records are read.
    EXPECT_EQ(raw.launches.size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(
    Capture, RawRecords,
    ::testing::Values(
        RawCase{"syntax", "{\"record\": \"launch\",", "not valid JSON"},
        RawCase{"kind", launchLine({{"kind", "eager"}}), "\"kind\": expected autotune or jit"},
        RawCase{"function", launchLine({{"kernel", {{"function", "1st"}}}}), "\"kernel.function\": '1st' is not a Python name"},
        RawCase{"shape", launchLine({{"args", {{"x", {{"shape", {8, -1}}}}}}}), "\"args.x.shape[1]\": -1 is out of range"},
        RawCase{"argument", launchLine({{"args", {{"y", 1}}}}), "\"args.y\": not a parameter of k"},
        RawCase{"source", launchLine({{"kernel", {{"source", "sources/../../etc/passwd"}, {"sha256", "ab"}}}}),
                "\"kernel.source\": expected sources/<the sha256>.py"},
        RawCase{"grid", launchLine({{"grid", {{"static", {1, 2, 3, 4}}}}}), "\"grid.static\": more than 3 items"},
        RawCase{"timings", launchLine({{"timings", {{{{"kwargs", json::object()}}, {-1.0}}}}}),
                "\"timings[0][1]\": times are non-negative"},
        RawCase{"value", launchLine({{"args", {{"n", {{"pointer", 1}}}}}}), "\"args.n\": expected a tensor"},
        RawCase{"record", R"({"record":"heartbeat"})", "unknown record \"heartbeat\""},
        RawCase{"duplicate", launchLine({{"group", 5}}), "\"group\": 5 was recorded before"}),
    [](const ::testing::TestParamInfo<RawCase>& info) { return std::string(info.param.name); });

TEST(CaptureRaw, ARecordBeforeTheProcessRecordStopsTheFile)
{
    const fs::path dir = scratchDir("capture-raw-order");
    std::ofstream(dir / "launches-9.jsonl") << launchLine() << "\n" << processLine() << "\n";
    const capture::RawCapture raw = capture::readRawCapture(dir);
    ASSERT_FALSE(raw.problems.empty());
    EXPECT_EQ(raw.problems.front().line, 1);
    EXPECT_NE(raw.problems.front().message.find("before the file's \"process\" record"), std::string::npos);
    EXPECT_TRUE(raw.launches.empty());
}

// The writer: what a workload cannot hold is skipped with the reason; a grid it cannot read falls
// back on the one the launch evaluated.
TEST(CaptureRaw, WhatAWorkloadCannotHoldIsSkippedWithTheReason)
{
    const fs::path dir = scratchDir("capture-raw-write");
    fs::create_directories(dir / "raw" / "sources");
    const std::string source = readText(programDir() / "kernels_ascend.py");
    const std::string sha = cache::sha256Hex(source);
    std::ofstream(dir / "raw" / "sources" / (sha + ".py"), std::ios::binary) << source;
    auto add = [&](json patch) {
        json l = json::parse(launchLine());
        l["kernel"] = {{"file", "/elsewhere/kernels_ascend.py"}, {"function", "add_kernel"}, {"line", 7},
                       {"source", "sources/" + sha + ".py"}, {"sha256", sha}};
        l["params"] = json::array();
        for (const char* p : {"x_ptr", "y_ptr", "out_ptr", "n_elements"})
            l["params"].push_back({{"name", p}, {"constexpr", false}});
        for (const char* p : {"XBLOCK", "XBLOCK_SUB"})
            l["params"].push_back({{"name", p}, {"constexpr", true}});
        const json t = {{"tensor", "torch.float16"}, {"shape", {64}}};
        l["args"] = {{"x_ptr", t}, {"y_ptr", t}, {"out_ptr", t}, {"n_elements", 64}};
        l["key"] = {"n_elements"};
        l.merge_patch(patch);
        return l.dump();
    };
    std::ofstream(dir / "raw" / "launches-1.jsonl")
        << processLine() << "\n"
        << add({{"group", 0}, {"grid", {{"lambda", "lambda m: (cdiv(n_elements, m['XBLOCK']),)"},
                                        {"free", {{"cdiv", {{"unresolved", true}}}}}}},
                {"evaluatedGrid", {4}}})
        << "\n"
        << add({{"group", 1}, {"args", {{"n_elements", 128}, {"x_ptr", {{"tensor", "torch.float4_e2m1fn_x2"}, {"shape", {128}}}}}}})
        << "\n"
        << add({{"group", 2}, {"args", {{"n_elements", 256}}}, {"kernel", {{"sha256", std::string(64, 'a')},
                                                                           {"source", "sources/" + std::string(64, 'a') + ".py"}}}})
        << "\n"
        << add({{"group", 3}, {"args", {{"n_elements", 512}}}, {"grid", {{"lambda", "lambda m: (n_elements,"}, {"free", json::object()}}}})
        << "\n";
    const capture::RawCapture raw = capture::readRawCapture(dir / "raw");
    ASSERT_TRUE(raw.problems.empty()) << raw.problems.front().format();
    capture::WriteOptions options;
    options.folder = dir / "caps";
    const capture::WriteResult written = capture::writeCapture(raw, options);
    ASSERT_TRUE(written.index) << written.error.value_or("");
    const capture::CaptureIndex& index = *written.index;
    ASSERT_EQ(index.workloads.size(), 1u) << capture::toJson(index).dump(2);
    EXPECT_EQ(index.workloads[0].grid, "static");
    EXPECT_NE(index.workloads[0].notes.front().find("reads cdiv"), std::string::npos) << index.workloads[0].notes.front();
    EXPECT_EQ(readJson(dir / "caps" / index.workloads[0].file)["grid"], json({4}));
    ASSERT_EQ(index.skipped.size(), 3u);
    EXPECT_NE(index.skipped[0].reason.find("float4_e2m1fn_x2, which TileScope does not model"), std::string::npos)
        << index.skipped[0].reason;
    EXPECT_NE(index.skipped[1].reason.find("is missing"), std::string::npos) << index.skipped[1].reason;
    EXPECT_NE(index.skipped[2].reason.find("cannot be read"), std::string::npos) << index.skipped[2].reason;
    EXPECT_NE(index.skipped[2].reason.find("was not recorded"), std::string::npos) << index.skipped[2].reason;
}

} // namespace
} // namespace ts::test
