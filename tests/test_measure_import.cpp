// Reading measurement files (core/measure/measurement_import.h): the runner's JSON, Triton's
// .autotune.json, TRITON_PRINT_AUTOTUNING logs; their errors with file and line; tying a file to
// a launch.

#include "backend_versions.h"
#include "core/measure/json_position.h"
#include "core/measure/measurement_import.h"

#include <gtest/gtest.h>

using namespace ts::measure;
using ts::space::ParamValue;

namespace {

// A runner file whose candidates start on known lines: the header takes lines 1-12, candidate i
// starts on line 13 + 2i.
std::string runnerText(const std::vector<std::string>& candidates)
{
    std::string text = R"({
  "format": "tilescope.measurements/1",
  "tilescope_version": "0.9.0",
  "backend": "2026-04",
  "workload": {"kernel": "add.py", "function": "add_kernel", "args": {"n_elements": 98432}},
  "workload_file": "add.json",
  "kernel_sha256": "abc",
  "device": {"name": "NVIDIA H100 80GB HBM3", "kind": "cuda", "count": 1},
  "software": {"python": "3.12.3", "triton": "3.6.0", "torch": "2.11.0", "torch_npu": null},
  "bench": {"method": "do_bench", "quantiles": [0.5, 0.2, 0.8]},
  "complete": false,
  "candidates": [
)";
    for (std::size_t i = 0; i < candidates.size(); ++i)
        text += "    " + candidates[i] + (i + 1 < candidates.size() ? ",\n" : "\n") + "\n";
    return text + "  ]\n}\n";
}

std::string candidate(int xblock, const std::string& status, const std::string& times)
{
    return R"({"index": 0, "config": {"kwargs": {"XBLOCK": )" + std::to_string(xblock) +
           R"(, "multibuffer": true}, "num_warps": 4, "num_stages": 2}, "status": ")" + status + "\", " + times +
           R"(, "error": null})";
}

ts::cache::TuningKey addLaunch()
{
    ts::cache::TuningKey key;
    key.kernelName = "add_kernel";
    key.sourceHash = std::string(64, 'a');
    key.keyValues = {{"n_elements", "98432"}};
    key.dtypes = {"torch.float16", "torch.float16", "torch.float16"};
    key.backend = "2026-04";
    return key;
}

} // namespace

TEST(MeasureImport, RunnerJsonGivesEveryRunCandidateAndSkipsTheOnesNotRun)
{
    const std::string text = runnerText({
        candidate(1024, "ok", R"("p50_ms": 0.0123, "p20_ms": 0.012, "p80_ms": 0.0127)"),
        candidate(2048, "compile_failed", R"("p50_ms": null, "p20_ms": null, "p80_ms": null)"),
        candidate(4096, "not_run", R"("p50_ms": null)"),
    });
    const ParseOutcome parsed = parseRunnerJson(text, "run.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    const ParsedFile& f = *parsed.file;
    EXPECT_EQ(f.format, SourceFormat::Runner);
    EXPECT_EQ(f.kernelName, "add_kernel");
    EXPECT_EQ(f.device, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(f.deviceKind, "cuda");
    EXPECT_EQ(f.software.triton, "3.6.0");
    EXPECT_EQ(f.software.torchNpu, "");
    EXPECT_EQ(f.benchMethod, "do_bench");
    ASSERT_TRUE(f.runner);
    EXPECT_FALSE(f.runner->complete);
    EXPECT_EQ(f.runner->workloadFile, "add.json");
    ASSERT_EQ(f.entries.size(), 2u);
    EXPECT_EQ(f.entries[0].line, 13);
    EXPECT_EQ(f.entries[1].line, 15);
    EXPECT_EQ(f.entries[0].config.kwargs,
              (ts::space::Kwargs{{"XBLOCK", ParamValue::integer(1024)}, {"multibuffer", ParamValue::boolean(true)}}));
    EXPECT_EQ(f.entries[0].config.numStages, 2);
    EXPECT_DOUBLE_EQ(*f.entries[0].p50Ms, 0.0123);
    EXPECT_DOUBLE_EQ(*f.entries[0].p80Ms, 0.0127);
    EXPECT_EQ(f.entries[1].status, MeasureStatus::CompileFailed);
    EXPECT_FALSE(f.entries[1].p50Ms);
    ASSERT_EQ(f.skipped.size(), 1u);
    EXPECT_EQ(f.skipped[0].line, 17);
    EXPECT_NE(f.skipped[0].reason.find("not run"), std::string::npos);
}

TEST(MeasureImport, RunnerJsonErrorsNameTheFileLineAndField)
{
    // An ok candidate without its p50, on line 15.
    std::string error = parseRunnerJson(runnerText({candidate(1024, "ok", R"("p50_ms": 0.1)"),
                                                    candidate(2048, "ok", R"("p50_ms": null)")}),
                                        "run.json")
                            .error;
    EXPECT_EQ(error.rfind("run.json:15: candidates[1].p50_ms:", 0), 0u) << error;
    // An unknown status on line 13.
    error = parseRunnerJson(runnerText({candidate(1024, "crashed", R"("p50_ms": 0.1)")}), "run.json").error;
    EXPECT_EQ(error.rfind("run.json:13: candidates[0].status: unknown status 'crashed'", 0), 0u) << error;
    // A negative time.
    error = parseRunnerJson(runnerText({candidate(1024, "ok", R"("p50_ms": -1)")}), "run.json").error;
    EXPECT_EQ(error.rfind("run.json:13: candidates[0].p50_ms:", 0), 0u) << error;
    // Not our format, on line 2.
    error = parseRunnerJson("{\n  \"format\": \"other/1\"\n}\n", "x.json").error;
    EXPECT_EQ(error.rfind("x.json:2: format:", 0), 0u) << error;
    // A syntax error: line and column.
    error = parseRunnerJson("{\n  \"format\": \"tilescope.measurements/1\",\n  \"backend\" \"2026-04\"\n}", "y.json")
                .error;
    EXPECT_EQ(error.rfind("y.json:3:", 0), 0u) << error;
    EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
    // A bad backend version.
    error = parseRunnerJson("{\"format\": \"tilescope.measurements/1\", \"backend\": \"2025-01\"}", "z.json").error;
    EXPECT_NE(error.find("unknown backend version '2025-01'"), std::string::npos) << error;
}

TEST(MeasureImport, LinesOfJsonPaths)
{
    const std::string text = "{\n \"a\": [\n  1,\n  {\"b\":\n   [5, 6]}\n ],\n \"c\": \"[x]\"\n}";
    EXPECT_EQ(lineOfJsonPath(text, "a"), 2);
    EXPECT_EQ(lineOfJsonPath(text, "a[0]"), 3);
    EXPECT_EQ(lineOfJsonPath(text, "a[1].b"), 5);
    EXPECT_EQ(lineOfJsonPath(text, "c"), 7);
    EXPECT_EQ(lineOfJsonPath(text, "a[7]"), 2);  // the deepest part found
    EXPECT_EQ(elementLines(text, "a"), (std::vector<int>{3, 4}));
}

TEST(MeasureImport, UpstreamTritonAutotuneJson)
{
    // Newer upstream Triton writes the key as strings; a config that failed has Infinity.
    const std::string text =
        "{\"key\": [\"98432\", \"torch.float16\", \"torch.float16\", \"torch.float16\"],\n"
        " \"configs_timings\": [\n"
        "  [{\"kwargs\": {\"XBLOCK\": 1024}, \"num_warps\": 4, \"num_ctas\": 1, \"num_stages\": 3, \"maxnreg\": null, "
        "\"pre_hook\": null, \"ir_override\": null}, [0.02, 0.019, 0.021]],\n"
        "  [{\"kwargs\": {\"XBLOCK\": 64}, \"num_warps\": 8, \"num_ctas\": 1, \"num_stages\": 3, \"maxnreg\": null, "
        "\"pre_hook\": null, \"ir_override\": null}, [Infinity, Infinity, Infinity]],\n"
        "  [{\"kwargs\": {\"XBLOCK\": 1.5}, \"num_warps\": 4}, [0.5, 0.5, 0.5]]\n"
        " ]}\n";
    const ParseOutcome parsed = parseAutotuneJson(text, "add_kernel.autotune.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    const ParsedFile& f = *parsed.file;
    ASSERT_EQ(f.entries.size(), 2u);
    EXPECT_EQ(f.entries[0].line, 3);
    EXPECT_DOUBLE_EQ(*f.entries[0].p20Ms, 0.019);
    EXPECT_EQ(f.entries[0].config.numStages, 3);
    EXPECT_EQ(f.entries[1].status, MeasureStatus::CompileFailed);
    EXPECT_EQ(f.entries[1].line, 4);
    EXPECT_EQ(f.entries[1].config.numWarps, 8);
    ASSERT_EQ(f.skipped.size(), 1u);
    EXPECT_EQ(f.skipped[0].line, 5);
    EXPECT_NE(f.skipped[0].reason.find("XBLOCK=1.5"), std::string::npos);

    // The key ties it to the launch (the numbers of older files, the strings of newer ones).
    TieResult tied = tieToLaunch(f, addLaunch(), {"NVIDIA A100"});
    ASSERT_TRUE(tied.ok()) << tied.error;
    ASSERT_EQ(tied.measurements.size(), 2u);
    EXPECT_EQ(tied.measurements[0].device, "NVIDIA A100");
    EXPECT_EQ(tied.measurements[0].launch.kernelName, "add_kernel");
    EXPECT_EQ(tied.measurements[0].sourceFormat, SourceFormat::TritonAutotuneJson);
    EXPECT_EQ(tied.measurements[0].sourceLine, 3);
    ts::cache::TuningKey other = addLaunch();
    other.keyValues = {{"n_elements", "4096"}};
    tied = tieToLaunch(f, other);
    EXPECT_FALSE(tied.ok());
    EXPECT_EQ(tied.error.rfind("add_kernel.autotune.json:1: the file's key (98432,", 0), 0u) << tied.error;
    EXPECT_TRUE(tied.measurements.empty());
}

TEST(MeasureImport, Ascend2608DiskCacheWithBareNumbersAndItsErrors)
{
    const std::string text = "{\"key\": [98432, \"torch.float16\", \"torch.float16\", \"torch.float16\"], "
                             "\"configs_timings\": [\n"
                             "[{\"kwargs\": {\"XBLOCK\": 2048, \"multibuffer\": false}, \"num_warps\": 1, "
                             "\"num_ctas\": 1, \"num_stages\": 1, \"maxnreg\": null, \"pre_hook\": null, "
                             "\"ir_override\": null}, 0.031]]}";
    const ParseOutcome parsed = parseAutotuneJson(text, "a.autotune.json", ts::test::backend2608());
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    ASSERT_EQ(parsed.file->entries.size(), 1u);
    EXPECT_EQ(parsed.file->entries[0].benchMethod, "npu_profiler_mean");
    EXPECT_DOUBLE_EQ(*parsed.file->entries[0].p50Ms, 0.031);
    EXPECT_FALSE(parsed.file->entries[0].p20Ms);
    EXPECT_TRUE(tieToLaunch(*parsed.file, addLaunch()).ok());

    // 2026-08 rebuilds Config(**fields): a field it does not take is an error on its line.
    const std::string withUb = "{\"key\": [1], \"configs_timings\": [\n"
                               "[{\"kwargs\": {}, \"num_warps\": 1}, [1, 1, 1]],\n"
                               "[{\"kwargs\": {}, \"ubtune_cfg\": {}}, [1, 1, 1]]]}";
    std::string error = parseAutotuneJson(withUb, "b.autotune.json", ts::test::backend2608()).error;
    EXPECT_EQ(error.rfind("b.autotune.json:3: configs_timings[1]:", 0), 0u) << error;
    EXPECT_NE(error.find("ubtune_cfg"), std::string::npos) << error;
    error = parseAutotuneJson("{\"key\": [1],\n \"configs_timings\": [[{}, [1, 2]],]}", "c.autotune.json").error;
    EXPECT_EQ(error.rfind("c.autotune.json:2:", 0), 0u) << error;
    EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
}

TEST(MeasureImport, AutotuningLogsOfBothVersionsAndUpstream)
{
    const std::string text =
        "Generated configs number: 3\n"
        "Triton autotuning: config XBLOCK: 1024, multibuffer: True, num_warps: 4, num_ctas: 1, num_stages: 2, "
        "maxnreg: None: p50 0.0123 ms, p20 0.0120 ms, p80 0.0130 ms [selected]\n"
        "Triton autotuning: config XBLOCK: 64, num_warps: 4, num_ctas: 1, num_stages: 2, maxnreg: None: "
        "compile_failed; reason=ub-overflow: needs 300 KiB\n"
        "Triton autotuning: config XBLOCK: 'big', num_warps: 4, num_ctas: 1, num_stages: 2, maxnreg: None: "
        "p50 1.0 ms, p20 1.0 ms, p80 1.0 ms\n"
        "Triton autotuning compile debug: [pruned] config=XBLOCK: 512, num_warps: 4, num_ctas: 1, num_stages: 2, "
        "maxnreg: None, rough_time=0.5000ms\n"
        "Triton autotuning for function add_kernel finished after 1.25s; best config selected: XBLOCK: 1024, "
        "multibuffer: True, num_warps: 4, num_ctas: 1, num_stages: 2, maxnreg: None;\n"
        "Triton autotuning for function add_kernel,\n"
        "with key as (98432, 'torch.float16', 'torch.float16', 'torch.float16'),\n"
        "finished after 0.50s,\n"
        "best config selected: XBLOCK: 2048, num_warps: 8, num_ctas: 1, num_stages: 3, maxnreg: None, "
        "ir_override: None;\n"
        "Triton autotuning for function other_kernel finished after 1.00s; best config selected: XBLOCK: 8, "
        "num_warps: 4, num_ctas: 1, num_stages: 2, maxnreg: None;\n";
    const ParseOutcome parsed = parseAutotuningLog(text, "tune.log");
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    const ParsedFile& f = *parsed.file;
    ASSERT_EQ(f.entries.size(), 6u);
    EXPECT_EQ(f.entries[0].line, 2);
    EXPECT_DOUBLE_EQ(*f.entries[0].p20Ms, 0.0120);
    EXPECT_EQ(f.entries[1].status, MeasureStatus::CompileFailed);
    EXPECT_EQ(f.entries[1].error, "ub-overflow: needs 300 KiB");
    EXPECT_EQ(f.entries[2].benchMethod, "time_limit_rough");
    EXPECT_DOUBLE_EQ(*f.entries[2].p50Ms, 0.5);
    EXPECT_EQ(f.entries[3].status, MeasureStatus::Selected);
    EXPECT_EQ(f.entries[3].function, "add_kernel");
    EXPECT_EQ(f.entries[4].status, MeasureStatus::Selected);
    EXPECT_EQ(f.entries[4].line, 7);
    EXPECT_EQ(f.entries[4].config.numWarps, 8);
    EXPECT_EQ(f.entries[4].keyText, "(98432, 'torch.float16', 'torch.float16', 'torch.float16')");
    ASSERT_EQ(f.skipped.size(), 1u);
    EXPECT_EQ(f.skipped[0].line, 4);

    const TieResult tied = tieToLaunch(f, addLaunch());
    ASSERT_TRUE(tied.ok()) << tied.error;
    EXPECT_EQ(tied.measurements.size(), 5u);  // other_kernel's pick is left out
    EXPECT_EQ(tied.measurements[0].device, "unknown");
    ASSERT_EQ(tied.skipped.size(), 2u);
    EXPECT_EQ(tied.skipped[1].line, 11);
    EXPECT_NE(tied.skipped[1].reason.find("other_kernel"), std::string::npos);

    // A log of another kernel only is an error; so is a file with no autotuning line.
    ts::cache::TuningKey other = addLaunch();
    other.kernelName = "softmax_kernel";
    EXPECT_FALSE(tieToLaunch(f, other).ok());
    const ParseOutcome nothing = parseAutotuningLog("hello\nworld\n", "empty.log");
    EXPECT_FALSE(nothing.ok());
    EXPECT_EQ(nothing.error.rfind("empty.log:1: no autotuning line", 0), 0u) << nothing.error;
}

TEST(MeasureImport, ConfigStrings)
{
    std::string error;
    auto config = parseConfigString("BLOCK_M: 128, multibuffer: False, num_warps: 2, num_ctas: 1, num_stages: 1, "
                                    "maxnreg: None",
                                    &error);
    ASSERT_TRUE(config) << error;
    EXPECT_EQ(config->kwargs, (ts::space::Kwargs{{"BLOCK_M", ParamValue::integer(128)},
                                                 {"multibuffer", ParamValue::boolean(false)}}));
    EXPECT_EQ(config->numWarps, 2);
    EXPECT_EQ(config->numStages, 1);
    EXPECT_FALSE(parseConfigString("BLOCK_M: 128", &error));
    EXPECT_NE(error.find("num_warps"), std::string::npos);
    EXPECT_FALSE(parseConfigString("BLOCK_M 128, num_warps: 4", &error));
}

TEST(MeasureImport, FormatsAreToldApartByContent)
{
    EXPECT_EQ(detectFormat(" {\"format\": \"tilescope.measurements/1\"}"), SourceFormat::Runner);
    EXPECT_EQ(detectFormat("{\"key\": [], \"configs_timings\": []}"), SourceFormat::TritonAutotuneJson);
    EXPECT_EQ(detectFormat("x\nTriton autotuning for function f finished"), SourceFormat::AutotuningLog);
    EXPECT_FALSE(detectFormat("{\"tunings\": []}"));
    EXPECT_FALSE(detectFormat("plain text"));
}

TEST(MeasureImport, RunnerTiedToAnotherKernelIsAnError)
{
    const ParseOutcome parsed =
        parseRunnerJson(runnerText({candidate(1024, "ok", R"("p50_ms": 0.1)")}), "run.json");
    ASSERT_TRUE(parsed.ok());
    ts::cache::TuningKey other = addLaunch();
    other.kernelName = "softmax_kernel";
    const TieResult tied = tieToLaunch(*parsed.file, other);
    EXPECT_EQ(tied.error.rfind("run.json:5: measured kernel add_kernel", 0), 0u) << tied.error;
    const TieResult good = tieToLaunch(*parsed.file, addLaunch(), {"ignored: the runner names its device"});
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(good.measurements[0].device, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(good.measurements[0].software.python, "3.12.3");
    EXPECT_EQ(good.measurements[0].benchMethod, "do_bench");
}
