// Hostile and careless input, end to end through the real binary: every case the attack on the
// readers found (tests/data/hostile/ holds the files; what cannot be a file in git, such as a
// FIFO, a symlink loop, /dev/zero or 100,000 levels of nesting, is made in a scratch folder).
// Each case must end with a clear error (exit 2 or 1) that names the file and what is wrong:
// never a signal, a hang, an exception's text, SQLite's "not an error", or a raw control
// character on the terminal. Then the cases that need more than one command: the cache's stray
// write-ahead log, a read-only cache, damaged rows, and names that try to inject code into the
// runner script.

#include "cli_run.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

namespace ts::test {
namespace {

namespace fs = std::filesystem;

// What no output may ever contain.
void expectNothingRaw(const CliRun& run, const std::string& what)
{
    for (const std::string* text : {&run.out, &run.err}) {
        EXPECT_EQ(text->find("not an error"), std::string::npos) << what << ": " << *text;
        EXPECT_EQ(text->find("terminate called"), std::string::npos) << what << ": " << *text;
        EXPECT_EQ(text->find("internal error"), std::string::npos) << what << ": " << *text;
        EXPECT_EQ(text->find("json.exception"), std::string::npos) << what << ": " << *text;
        EXPECT_EQ(text->find('\x1b'), std::string::npos) << what << ": an escape character reached the terminal";
    }
}

// The scratch folder every case may use: a FIFO, a symlink loop, a link to /dev/zero, a path
// longer than the system allows, 100,000 levels of nesting in a workload.
struct Scratch {
    fs::path dir = scratchDir("hostile-cases");
    Scratch()
    {
        ::mkfifo((dir / "fifo.json").c_str(), 0600);
        ::mkfifo((dir / "fifo.py").c_str(), 0600);
        fs::create_symlink(dir / "loop-b.json", dir / "loop-a.json");
        fs::create_symlink(dir / "loop-a.json", dir / "loop-b.json");
        fs::create_symlink("/dev/zero", dir / "zero.json");
        fs::create_symlink("/dev/zero", dir / "zero.py");
        fs::create_directories(dir / "folder.json");
        const std::string add = readText(dataDir() / "hostile" / "add.json");
        std::string deep = add;
        deep.replace(deep.find("98432\n"), 5, std::string(100000, '[') + std::string(100000, ']'));
        std::ofstream(dir / "deep.json") << deep;
        std::string deepArg = add;
        deepArg.replace(deepArg.find("\"n_elements\": 98432") + 14, 5, std::string(40, '[') + "1" + std::string(40, ']'));
        std::ofstream(dir / "deep_arg.json") << deepArg;
        // A broken bundled profile among good ones.
        fs::create_directories(dir / "resources" / "devices");
        for (const auto& entry : fs::directory_iterator(sourceDir() / "resources" / "devices"))
            fs::copy_file(entry.path(), dir / "resources" / "devices" / entry.path().filename());
        fs::copy_file(dataDir() / "hostile" / "devices" / "number_1e400" / "Ascend910B2.json",
                      dir / "resources" / "devices" / "Ascend910B2.json", fs::copy_options::overwrite_existing);
    }
    std::string longPath() const { return (dir / (std::string(300, 'a') + "/" + std::string(5000, 'b') + ".json")).string(); }
};

const Scratch& scratch()
{
    static const Scratch s;
    return s;
}

struct Case {
    const char* name;
    std::string arguments;  // {data}: tests/data/hostile, {scratch}: the scratch folder
    int exitCode;
    std::vector<std::string> says;  // on stderr (or stdout with a leading "out:")
    std::string environment = "";   // NAME=VALUE for the command
};

std::string expand(std::string text)
{
    for (const auto& [key, value] : {std::pair<std::string, fs::path>{"{data}", dataDir() / "hostile"},
                                     std::pair<std::string, fs::path>{"{scratch}", scratch().dir},
                                     std::pair<std::string, fs::path>{"{examples}", examplesDir()}})
        for (std::size_t at; (at = text.find(key)) != std::string::npos;)
            text.replace(at, key.size(), value.string());
    return text;
}

class Hostile : public ::testing::TestWithParam<Case> {};

TEST_P(Hostile, GivesAClearErrorNamingTheFile)
{
    const Case& c = GetParam();
    const CliRun run = c.environment.empty()
                           ? tilescope(expand(c.arguments))
                           : runCommand("env " + expand(c.environment) + " " + binaryPath() + " " + expand(c.arguments));
    EXPECT_EQ(run.exitCode, c.exitCode) << run.err << run.out;
    for (const std::string& phrase : c.says) {
        const bool onStdout = phrase.rfind("out:", 0) == 0;
        const std::string wanted = expand(onStdout ? phrase.substr(4) : phrase);
        EXPECT_NE((onStdout ? run.out : run.err).find(wanted), std::string::npos)
            << "expected \"" << wanted << "\" in\n" << (onStdout ? run.out : run.err);
    }
    expectNothingRaw(run, c.name);
}

// clang-format off
INSTANTIATE_TEST_SUITE_P(Files, Hostile, ::testing::Values(
    // JSON numbers beyond a double, everywhere a JSON file is read.
    Case{"workload_number", "analyze {data}/workload_number_1e400.json", 2,
         {"{data}/workload_number_1e400.json:23:17: error: not valid JSON: the number 1e400 is out of range"}},
    Case{"runner_number", "measure import {data}/runner_p50_1e400.json --cache {scratch}/m1.sqlite", 2,
         {"{data}/runner_p50_1e400.json:", "the number 1e400 is out of range"}},
    Case{"autotune_number", "measure import {data}/add_kernel_1e400.autotune.json --workload {data}/add.json --cache {scratch}/m2.sqlite", 2,
         {"{data}/add_kernel_1e400.autotune.json:", "the number 1e400 is out of range"}},
    Case{"candidates_number", "runner export {data}/add.json --candidates {data}/candidates_1e400.json -o {scratch}/r1.py", 1,
         {"{data}/candidates_1e400.json:", "the number 1e400 is out of range"}},
    Case{"device_file_number", "analyze {data}/add.json --device-file {data}/devices/number_1e400/Ascend910B2.json", 2,
         {"{data}/devices/number_1e400/Ascend910B2.json:", "the number 1e400 is out of range"}},
    Case{"bundled_profile_number", "devices", 0,
         {"left out a bundled profile: {scratch}/resources/devices/Ascend910B2.json:213:13: error: not valid JSON: the number 1e400 is out of range",
          "out:Ascend910B4"}, "TILESCOPE_RESOURCE_DIR={scratch}/resources"},
    Case{"cache_import_number", "cache import {data}/cache_export_1e400.json --cache {scratch}/c1.sqlite", 2,
         {"{data}/cache_export_1e400.json:", "the number 1e400 is out of range"}},
    // Nesting deep enough to overflow a recursive reader's stack.
    Case{"workload_deep", "analyze {scratch}/deep.json", 2, {"{scratch}/deep.json:", "nested deeper than 64 levels"}},
    Case{"workload_deep_value", "analyze {scratch}/deep_arg.json", 2, {"{scratch}/deep_arg.json", "args.n_elements: unsupported value a list of 1 items"}},
    // Paths that are not regular files.
    Case{"folder_as_workload", "analyze {scratch}/folder.json", 2, {"{scratch}/folder.json", "is a directory, not a file"}},
    Case{"device_as_workload", "analyze {scratch}/zero.json", 2, {"{scratch}/zero.json", "is a device, not a regular file"}},
    Case{"device_as_kernel", "analyze {scratch}/zero.py --arg n=1", 2, {"{scratch}/zero.py", "is a device, not a regular file"}},
    Case{"fifo_as_workload", "analyze {scratch}/fifo.json", 2, {"{scratch}/fifo.json", "is a named pipe (FIFO)"}},
    Case{"fifo_as_measurements", "measure import {scratch}/fifo.json --cache {scratch}/m3.sqlite", 2, {"{scratch}/fifo.json", "is a named pipe (FIFO)"}},
    Case{"device_as_measurements", "measure import {scratch}/zero.json --cache {scratch}/m4.sqlite", 2, {"{scratch}/zero.json", "is a device"}},
    Case{"symlink_loop_workload", "analyze {scratch}/loop-a.json", 2, {"{scratch}/loop-a.json", "too many levels of symbolic links"}},
    Case{"long_path_workload", "analyze " + scratch().longPath(), 2, {"the path is too long"}},
    Case{"symlink_loop_cache", "cache list --cache {scratch}/loop-a.json", 2, {"{scratch}/loop-a.json", "too many levels of symbolic links"}},
    Case{"long_path_cache", "cache list --cache " + scratch().longPath(), 2, {"the path is too long"}},
    Case{"fifo_cache", "cache list --cache {scratch}/fifo.json", 2, {"{scratch}/fifo.json", "is a named pipe (FIFO)"}},
    Case{"folder_cache", "cache show 1 --cache {scratch}/folder.json", 2, {"{scratch}/folder.json", "is a directory"}},
    Case{"symlink_loop_candidates", "runner export {data}/add.json --candidates {scratch}/loop-a.json", 2, {"{scratch}/loop-a.json", "too many levels of symbolic links"}},
    Case{"fifo_runner_output", "runner export {data}/add.json -o {scratch}/fifo.py", 2, {"{scratch}/fifo.py", "is a named pipe (FIFO)"}},
    Case{"fifo_export_output", "export {data}/add.json --no-cache --output {scratch}/fifo.py", 2, {"{scratch}/fifo.py", "is a named pipe (FIFO)"}},
    Case{"device_export_output", "export {data}/add.json --no-cache --output /dev/null", 2, {"/dev/null: is a device"}},
    Case{"fifo_batch_report", "batch {data}/add.json --no-cache --report {scratch}/fifo.json", 2, {"{scratch}/fifo.json", "is a named pipe (FIFO)"}},
    // Numbers that wrapped.
    Case{"runner_kwarg_2p63", "measure import {data}/runner_kwarg_2p63.json --cache {scratch}/m5.sqlite", 2,
         {"{data}/runner_kwarg_2p63.json:", "candidates[0].config.kwargs.XBLOCK: 9223372036854775808 does not fit a 64-bit integer"}},
    Case{"runner_num_warps_2p32", "measure import {data}/runner_num_warps_2p32.json --cache {scratch}/m6.sqlite", 2,
         {"{data}/runner_num_warps_2p32.json:", "candidates[0].config.num_warps: expected a whole number from 0 to 2^20, found 4294967297"}},
    Case{"autotune_num_warps_2p32", "measure import {data}/add_kernel_num_warps_2p32.autotune.json --workload {data}/add.json --cache {scratch}/m7.sqlite", 2,
         {"{data}/add_kernel_num_warps_2p32.autotune.json:", "must be whole numbers from 0 to 2^20"}},
    Case{"candidates_num_warps_2p31", "runner export {data}/add.json --candidates {data}/candidates_num_warps_2p31.json -o {scratch}/r2.py", 1,
         {"{data}/candidates_num_warps_2p31.json: config 0: \"num_warps\" must be a whole number from 1 to 2^20, found 2147483648"}},
    Case{"candidates_kwarg_2p63", "runner export {data}/add.json --candidates {data}/candidates_kwarg_2p63.json -o {scratch}/r3.py", 1,
         {"{data}/candidates_kwarg_2p63.json: config 0: \"kwargs\".XBLOCK: 9223372036854775808 does not fit a 64-bit integer"}},
    Case{"workload_shape_2p63", "analyze {data}/workload_shape_2p63.json", 2,
         {"{data}/workload_shape_2p63.json", "args.x_ptr.shape: sizes must be whole numbers from 0 to 2^48, found 9223372036854775808"}},
    Case{"workload_static_grid_2p32", "analyze {data}/workload_static_grid_2p32.json", 2,
         {"{data}/workload_static_grid_2p32.json", "a static grid is a list of program counts from 0 to 2^31-1, found 4294967296"}},
    Case{"device_cores_1e300", "analyze {data}/add.json --device-file {data}/devices/cores_1e300/Ascend910B2.json", 2,
         {"{data}/devices/cores_1e300/Ascend910B2.json", "figure 'vector_cores': value 1e+300 is out of range (at most 65536)"}},
    Case{"device_ub_huge", "analyze {data}/add.json --device-file {data}/devices/ub_huge/Ascend910B2.json", 2,
         {"{data}/devices/ub_huge/Ascend910B2.json", "figure 'ub_kib': value 9.0072e+15 is out of range (at most 1073741824)"}},
    Case{"device_arch_2p63", "analyze {data}/add.json --device-file {data}/devices/arch_2p63/Ascend910B2.json", 2,
         {"{data}/devices/arch_2p63/Ascend910B2.json", "'npu_arch' must be a whole number from 0 to 2^20, got 9223372036854775808"}},
    Case{"cache_import_version", "cache import {data}/cache_export_version_2p32.json --cache {scratch}/c2.sqlite", 2,
         {"{data}/cache_export_version_2p32.json", "unsupported export version"}},
    Case{"batch_baseline_schema_number", "batch {data}/add.json --no-cache --baseline {data}/baseline_schema_number.json", 2,
         {"{data}/baseline_schema_number.json: not a tilescope batch report"}},
    // Grids of no or too many dimensions.
    Case{"static_grid_4d", "analyze {data}/workload_static_grid_4d.json", 2, {"{data}/workload_static_grid_4d.json", "a static grid has 1 to 3 dimensions"}},
    Case{"lambda_grid_empty", "tune {data}/workload_grid_empty.json --no-cache", 1, {"out:the grid has 0 dimensions; a launch takes 1 to 3"}},
    Case{"lambda_grid_4d", "analyze {data}/workload_grid_4d.json", 1, {"out:{data}/workload_grid_4d.json: error: the grid has 4 dimensions; a launch takes 1 to 3"}},
    Case{"lambda_grid_4d_tuned", "tune {data}/workload_grid_4d.json --backend 2026-08 --no-cache", 1, {"the grid has 4 dimensions; a launch takes 1 to 3"}},
    Case{"expression_grid_empty", "analyze {data}/add.json --grid \"()\"", 1, {"out:{data}/add.json: error: the grid has 0 dimensions; a launch takes 1 to 3"}},
    // INT64_MIN // -1 and % -1 in the trace compiler, from a kernel's arithmetic on an argument.
    Case{"floordiv_int64_min", "tune {data}/int_min_floordiv.json --no-cache", 1,
         {"out:integer overflow: -9223372036854775808 // -1 is beyond the 64-bit integers a kernel computes with"}},
    Case{"grid_floordiv_int64_min", "analyze {data}/add.json --arg n_elements=-9223372036854775808 --grid \"(n_elements // -1,)\"", 1,
         {"out:{data}/add.json: error: the grid cannot be evaluated: integer too large (beyond 64 bits)"}},
    // Times that are not times; files of another kernel.
    Case{"runner_p50_zero", "measure import {data}/runner_p50_zero.json --cache {scratch}/m8.sqlite", 2,
         {"{data}/runner_p50_zero.json:", "candidates[0].p50_ms: expected a time in ms (a number greater than 0) or null"}},
    Case{"calibrate_p50_zero", "calibrate {data}/runner_p50_zero.json --device Ascend910B2 -o {scratch}/Ascend910B2.json", 2,
         {"{data}/runner_p50_zero.json:", "a number greater than 0"}},
    Case{"calibrate_other_function", "calibrate {data}/runner_other_function.json --device Ascend910B2 -o {scratch}/Ascend910B2.json", 2,
         {"{data}/runner_other_function.json:7: measured kernel other_kernel, but its workload", "runs add_kernel"}}),
    [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });
// clang-format on

TEST(Hostile, Int64MinModuloMinusOneIsZeroAndTheKernelCompiles)
{
    const CliRun run = tilescope("tune " + shellWord(dataDir() / "hostile" / "int_min_mod.json") + " --no-cache");
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    expectNothingRaw(run, "int_min_mod");
}

TEST(Hostile, CalibrateWritesNoProfileFromARefusedFile)
{
    const fs::path dir = scratchDir("hostile-calibrate");
    const CliRun run = tilescope("calibrate " + shellWord(dataDir() / "hostile" / "runner_p50_zero.json") +
                                 " --device Ascend910B2 -o " + shellWord(dir));
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_FALSE(fs::exists(dir / "Ascend910B2.json"));
}

TEST(Hostile, EscapeSequencesFromInputsReachTheTerminalVisibly)
{
    const fs::path dir = scratchDir("hostile-terminal");
    const std::string cache = shellWord(dir / "m.sqlite");
    const CliRun stored = tilescope("measure import " + shellWord(dataDir() / "hostile" / "runner_device_escape.json") +
                                    " --cache " + cache);
    ASSERT_EQ(stored.exitCode, 0) << stored.err;
    const CliRun listed = tilescope("measure list --cache " + cache);
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_NE(listed.out.find("on GPU \\u001b]0;owned\\u0007\\u001b[2J\\u000d"), std::string::npos) << listed.out;
    expectNothingRaw(listed, "measure list");
    EXPECT_EQ(listed.out.find('\r'), std::string::npos);
    // JSON output stays valid JSON with the same name in it.
    const CliRun json = tilescope("measure list --json --cache " + cache);
    ASSERT_EQ(json.exitCode, 0) << json.err;
    expectNothingRaw(json, "measure list --json");
    const auto parsed = nlohmann::json::parse(json.out, nullptr, false);
    ASSERT_FALSE(parsed.is_discarded()) << json.out;
    EXPECT_EQ(parsed["measurements"][0]["device"], "GPU \x1b]0;owned\x07\x1b[2J\r");
}

TEST(Hostile, AHugeNameIsRefusedBeforeItIsStoredOverAndOver)
{
    const fs::path dir = scratchDir("hostile-huge-name");
    std::string text = readText(dataDir() / "hostile" / "runner.json");
    text.replace(text.find("Synthetic GPU"), 13, std::string(10 << 20, 'x'));
    std::ofstream(dir / "runner.json") << text;
    fs::copy_file(dataDir() / "hostile" / "add.json", dir / "add.json");
    const CliRun run = tilescope("measure import " + shellWord(dir / "runner.json") + " --cache " + shellWord(dir / "m.sqlite"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("runner.json:"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(dir / "m.sqlite") && fs::file_size(dir / "m.sqlite") > (1 << 20));
}

} // namespace
} // namespace ts::test
