// Every diagnostic core makes carries its message by catalogue id (Diagnostic::text) beside the
// English the CLI prints (Diagnostic::message), so that the explorer writes it in the reader's
// language instead of guessing the entry back from the English. Over the hostile inputs, the bad
// workloads, kernels, device profiles and capture folders the other suites load, and the bundled
// examples, each diagnostic has its id and renders exactly the English it carries.

#include "core/analysis/kernel_analysis.h"
#include "core/capture/capture_index.h"
#include "core/capture/capture_raw.h"
#include "core/kernel/kernel_model.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/util/message.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include <sys/stat.h>

namespace ts::test {
namespace {

namespace fs = std::filesystem;

// The number of diagnostics checked, so that a test that reads no bad input cannot pass.
int expectCarriedByIds(const Diagnostics& diagnostics, const std::string& input)
{
    for (const Diagnostic& d : diagnostics) {
        EXPECT_FALSE(d.text.empty()) << input << ": no message id for " << d.format();
        EXPECT_EQ(d.text.english(), d.message) << input << ": [" << d.code << "]";
    }
    return int(diagnostics.size());
}

// A workload read, then analysed where it could be read: what `tilescope analyze` reports.
int checkWorkload(const kernel::WorkloadLoadResult& loaded, const std::string& input)
{
    int checked = expectCarriedByIds(loaded.diagnostics, input);
    if (!loaded.workload)
        return checked;
    const analysis::AnalysisResult analysed = analysis::analyzeWorkload(*loaded.workload);
    checked += expectCarriedByIds(analysed.diagnostics, input);
    if (analysed.analysis)
        checked += expectCarriedByIds(analysed.analysis->diagnostics, input);
    return checked;
}

std::vector<fs::path> filesIn(const fs::path& dir, const std::string& extension)
{
    std::vector<fs::path> out;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().extension() == extension)
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(DiagnosticIds, HostileAndBadWorkloadFilesAndTheExamples)
{
    int checked = 0;
    for (const fs::path& dir : {dataDir() / "hostile", dataDir() / "bad-2026-08", examplesDir()})
        for (const fs::path& file : filesIn(dir, ".json"))
            checked += checkWorkload(kernel::loadWorkload(file.string()), file.string());
    // What cannot be a file in git: a folder, a device, a FIFO, a symlink loop, a missing file.
    const fs::path scratch = scratchDir("diagnostic-ids");
    fs::create_directories(scratch / "folder.json");
    fs::create_symlink("/dev/zero", scratch / "zero.json");
    ::mkfifo((scratch / "fifo.json").c_str(), 0600);
    fs::create_symlink(scratch / "loop-b.json", scratch / "loop-a.json");
    fs::create_symlink(scratch / "loop-a.json", scratch / "loop-b.json");
    for (const char* name : {"folder.json", "zero.json", "fifo.json", "loop-a.json", "missing.json"})
        checked += checkWorkload(kernel::loadWorkload((scratch / name).string()), name);
    EXPECT_GT(checked, 20);
}

TEST(DiagnosticIds, EveryProblemOfAWorkloadText)
{
    const std::string add = (examplesDir() / "add.py").string();
    const std::string head = R"({"kernel": ")" + add + R"(", )";
    const std::vector<std::string> texts = {
        "{\n  \"kernel\": \"a.py\",\n  \"args\": {,}\n}",
        "[1, 2]",
        R"({"args": {}})",
        R"({"kernel": "a.py", "function": 5, "args": [1]})",
        R"({"kernel": "a.py", "args": {"x": {"a": 1}, "y": {"tensor": 5}, "z": {"tensor": "float17"}}})",
        R"({"kernel": "a.py", "args": {"x": {"tensor": "float16", "shape": 4}, "y": {"tensor": "float16", "shape": [-1]}}})",
        R"({"kernel": "a.py", "args": {"x": {"tensor": "float16", "shape": [16777216, 16777216, 16777216]}}})",
        R"({"kernel": "a.py", "args": {"x": 18446744073709551615, "y": [1]}})",
        R"({"kernel": "a.py", "args": {}, "grid": 4294967296})",
        R"({"kernel": "a.py", "args": {}, "grid": [1.5]})",
        R"({"kernel": "a.py", "args": {}, "grid": [1, 1, 1, 1]})",
        R"({"kernel": "a.py", "args": {}, "grid": {"a": 1}})",
        R"({"kernel": "a.py", "args": {}, "device": 5, "bench_method": "fast", "seed": -1})",
        "{\"kernel\": \"a.py\",\n \"args\": {},\n \"backend\": \"2026-13\"}",
        // Read, then analysed: the kernel's function, the arguments and the grid.
        head + R"j("function": "nope", "args": {}, "grid": [1]})j",
        head + R"j("args": {"n_elements": 8, "extra": 1}, "grid": "("})j",
        head + R"j("args": {"n_elements": 8}, "grid": "undefined_name"})j",
        head + R"j("args": {"n_elements": 8}, "grid": "'text'"})j",
        head + R"j("args": {"n_elements": 8}, "grid": "(1, 1, 1, 1)"})j",
        head + R"j("args": {"n_elements": 8}, "grid": "lambda meta: (1, 1, 1, 1)"})j",
    };
    int checked = 0;
    for (const std::string& text : texts)
        checked += checkWorkload(kernel::parseWorkload(text, "bad.json"), text);
    EXPECT_GT(checked, int(texts.size()));
}

TEST(DiagnosticIds, KernelSourcesThatCannotBeRead)
{
    const std::string jit = "import triton\n@triton.jit\ndef k(x):\n    pass\n";
    const std::vector<std::string> sources = {
        "def f(:\n",
        "def f():\nreturn 1\n",
        "x = 1\n\xff\xfe\n",
        "import triton\n@triton.autotune(configs=make_configs(), key=f(), hints=g())\n@triton.jit\ndef "
        "k(x):\n    pass\n",
        "import triton\n@triton.autotune(configs=[1], key=3, hints=[1])\n@triton.jit\ndef k(x):\n    pass\n",
        jit + jit,
        "x = 1\n",
    };
    int checked = 0;
    for (const std::string& source : sources) {
        const kernel::KernelLoadResult loaded = kernel::loadKernelSource(source, "k.py");
        checked += expectCarriedByIds(loaded.diagnostics, source);
        if (loaded.file)
            checked += expectCarriedByIds(loaded.file->diagnostics, source);
    }
    checked += expectCarriedByIds(kernel::loadKernelFile("/nonexistent/k.py").diagnostics, "missing kernel");
    EXPECT_GE(checked, 6);
}

TEST(DiagnosticIds, DeviceProfilesThatCannotBeLoaded)
{
    const fs::path resources = sourceDir() / "resources";
    int checked = 0;
    // The hostile profiles, a profile with many problems at once, and one of every kind.
    const fs::path scratch = scratchDir("diagnostic-ids-devices");
    std::ofstream(scratch / "Chip.json")
        << R"({"soc": "Other", "schema": "x", "npu_arch": -1, "triton_ascend": 1,
        "notes": [1], "figures": {"ub_kib": 5, "l1_kib": {"value": "a"}, "x": {"value": -1, "unit": 1, "mark": "Q"}},
        "host": {"physical_cores": 1, "other": 2}, "extra": true})";
    std::ofstream(scratch / "Empty.json") << "{}";
    std::ofstream(scratch / "Broken.json") << "{\n  \"soc\": \"Broken\"\n  \"family\": 1\n}";
    std::vector<fs::path> files = filesIn(dataDir() / "hostile" / "devices", ".json");
    for (const char* name : {"Chip.json", "Empty.json", "Broken.json", "Missing.json"})
        files.push_back(scratch / name);
    files.push_back(resources / "devices" / "Ascend910B2.json"); // replaces the bundled one: a note
    for (const fs::path& file : files) {
        npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled(resources);
        registry.addFile(file);
        checked += expectCarriedByIds(registry.diagnostics(), file.string());
    }
    checked += expectCarriedByIds(npu::DeviceRegistry::loadBundled(scratch / "nowhere").diagnostics(),
                                  "no profiles");
    EXPECT_GE(checked, int(files.size()) + 1);
}

TEST(DiagnosticIds, CaptureFoldersThatCannotBeRead)
{
    int checked = 0;
    const fs::path scratch = scratchDir("diagnostic-ids-capture");
    fs::create_directories(scratch / "raw");
    std::ofstream(scratch / "raw" / "launches-1.jsonl")
        << "{\"record\": \"launch\"}\n{not json\n{\"record\": \"process\", \"pid\": 1, \"format\": \"x\"}\n";
    std::ofstream(scratch / "raw" / "launches-2.jsonl")
        << "{\"record\": \"process\", \"pid\": 2, \"format\": \"" << capture::kRawFormat << "\"}\n"
        << "{\"record\": \"launch\", \"group\": 0}\n{\"record\": \"other\"}\n{\"record\": \"exit\", "
           "\"counts\": []}\n";
    fs::create_directories(scratch / "index");
    std::ofstream(scratch / "index" / "capture.json")
        << R"({"schema": ")" << capture::kIndexSchema
        << R"(", "workloads": [{"file": "a.txt", "kernel": "k.py"},
            {"file": "w.json", "kernel": "../k.py", "kind": "jit", "function": "k", "launches": 1}]})";
    fs::create_directories(scratch / "schema");
    std::ofstream(scratch / "schema" / "capture.json") << R"({"schema": "other"})";
    for (const fs::path& dir :
         {scratch / "raw", scratch / "missing", dataDir() / "capture" / "fixtures" / "stub-program"})
        checked += expectCarriedByIds(capture::readRawCapture(dir).problems, dir.string());
    for (const fs::path& dir : {scratch / "index", scratch / "schema", scratch / "raw", scratch / "missing"})
        checked += expectCarriedByIds(capture::readCaptureIndex(dir).problems, dir.string());
    EXPECT_GE(checked, 8);
}

} // namespace
} // namespace ts::test
