// Exports: the handwritten config list (read back by CPython's ast and by our own evaluator),
// JSON/CSV reports of a tuning, and Triton's <fn>.autotune.json (checked against Python's json
// module and a stand-in with triton.Config's constructor signature).

#include "core/export/config_list.h"
#include "core/export/python_literal.h"
#include "core/export/triton_cache_json.h"
#include "core/export/tuning_report.h"
#include "core/python/evaluator.h"
#include "core/python/parser.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

using namespace ts::exporter;
using ts::cache::CandidateRecord;
using ts::cache::TextPairs;
using ts::cache::TuningRecord;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

struct PythonRun {
    int exitCode = -1;
    std::string out;
};

// Runs /usr/bin/python3 on a script file with arguments; stdout is captured, stderr joins it.
PythonRun runPython(const fs::path& dir, const std::string& script, const std::string& args)
{
    const fs::path file = dir / "check.py";
    writeFile(file, script);
    PythonRun run;
    FILE* pipe = ::popen(("/usr/bin/python3 '" + file.string() + "' " + args + " 2>&1").c_str(), "r");
    if (!pipe)
        return run;
    char buf[1024];
    while (std::fgets(buf, sizeof buf, pipe))
        run.out += buf;
    const int status = ::pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// Configs whose values are already in Python's repr() form, so a reader's repr must equal them.
std::vector<HandwrittenConfig> sampleConfigs()
{
    std::vector<HandwrittenConfig> configs(4);
    configs[0].kwargs = {{"BLOCK_M", "128"}, {"BLOCK_N", "128"}, {"multibuffer", "True"}};
    configs[0].p50Ms = 0.12345;
    // A different order and a missing parameter: written in the first config's order.
    configs[1].kwargs = {{"multibuffer", "False"}, {"BLOCK_M", "64"}};
    configs[1].numWarps = 8;
    configs[1].p50Ms = 0.5;
    configs[2].kwargs = {{"BLOCK_N", "-3"}, {"SCALE", "1.5"}, {"MODE", "'fast'"}, {"SHAPE", "(1, 2)"},
                         {"EMPTY", "None"}};
    configs[2].numStages = 2;
    // Too long for one line.
    for (int i = 0; i < 12; ++i)
        configs[3].kwargs.emplace_back("A_RATHER_LONG_PARAMETER_NAME_" + std::to_string(i), std::to_string(1 << i));
    configs[3].numWarps = 1;
    configs[3].numStages = 1;
    configs[3].p50Ms = 2.0;
    return configs;
}

ConfigListOptions sampleOptions()
{
    ConfigListOptions options;
    options.key.names = {"M", "N"};
    options.maxLineWidth = 120;
    // As cut out of the kernel file, with that file's indentation.
    options.keepArguments = {{"hints", "{\n        \"GROUP_SIZE_M\": [1, 2, 4, 8],\n        \"multibuffer\": [False, True],\n    }"},
                             {"reset_to_zero", "[\"c_ptr\"]"}};
    return options;
}

const char* kKernelTail = R"(@triton.jit
def kernel(x_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pass
)";

// The config lists a reader found, each as "name=repr;..|num_warps|num_stages".
std::vector<std::string> expectedReading(const std::vector<HandwrittenConfig>& configs)
{
    // Parameters in first-appearance order across configs.
    std::vector<std::string> order;
    for (const auto& c : configs)
        for (const auto& [name, value] : c.kwargs)
            if (std::find(order.begin(), order.end(), name) == order.end())
                order.push_back(name);
    std::vector<std::string> out;
    for (const auto& c : configs) {
        std::string text;
        for (const auto& name : order)
            for (const auto& [n, v] : c.kwargs)
                if (n == name)
                    text += n + "=" + v + ";";
        text += "|" + (c.numWarps ? std::to_string(*c.numWarps) : std::string("-"));
        text += "|" + (c.numStages ? std::to_string(*c.numStages) : std::string("-"));
        out.push_back(text);
    }
    return out;
}

TuningRecord sampleTuning()
{
    TuningRecord r;
    r.id = 7;
    r.key.kernelName = "matmul_kernel";
    r.key.sourceHash = std::string(64, 'c');
    r.key.keyValues = {{"M", "4096"}, {"N", "1024"}};
    r.key.dtypes = {"float16", "torch.float32"};
    r.key.device = "Ascend910B2";
    r.key.benchMethod = "default";
    r.key.simulatorVersion = "0.1.0";
    r.createdAt = "2025-03-01T12:00:00.000Z";
    r.tuningWallSeconds = 3.25;
    auto candidate = [](TextPairs params, const char* status, std::optional<double> p50, int warps = 1,
                        int stages = 1) {
        CandidateRecord c;
        c.params = std::move(params);
        c.status = ts::cache::parseCandidateStatus(status).value();
        c.numWarps = warps;
        c.numStages = stages;
        c.p50Ms = p50;
        if (p50) {
            c.p20Ms = *p50 * 0.9;
            c.p80Ms = *p50 * 1.2;
        }
        return c;
    };
    r.candidates.push_back(candidate({{"BLOCK_M", "128"}, {"multibuffer", "True"}}, "benchmarked", 0.30));
    r.candidates.push_back(candidate({{"BLOCK_M", "256"}, {"multibuffer", "True"}}, "best", 0.125, 4, 3));
    r.candidates.push_back(candidate({{"BLOCK_M", "512"}, {"multibuffer", "False"}}, "pruned", std::nullopt));
    r.candidates.back().reasonCode = "ub-overflow";
    r.candidates.back().reasonMessage = "needs 300 KiB, \"UB\" has 192 KiB";
    r.candidates.push_back(candidate({{"BLOCK_M", "1024"}, {"multibuffer", "False"}}, "compile-failed", std::nullopt));
    r.candidates.push_back(candidate({{"BLOCK_M", "64"}, {"multibuffer", "False"}, {"GROUP", "2"}}, "benchmarked", 0.20));
    r.candidates.push_back(candidate({{"BLOCK_M", "32"}, {"multibuffer", "False"}}, "skipped", std::nullopt));
    r.bestIndex = 1;
    return r;
}

} // namespace

// ---- literals ----

TEST(PythonLiteral, RecognisesTheConfigSubset)
{
    for (const char* ok : {"128", "-3", "+4", "0", "1.5", "1e-05", ".5", "True", "False", "None", "'a'", "\"b\"",
                           "'it\\'s'", "(1, 2)", "(1,)", "[1, 'x', None]", "()", "(7)"})
        EXPECT_TRUE(isPythonLiteral(ok)) << ok;
    for (const char* bad : {"", "abc", "1 +", "007", "os.system('x')", "'unterminated", "True2", "[1, 2",
                            "lambda: 1", "1.5.2", "f'x'", "'a\nb'"})
        EXPECT_FALSE(isPythonLiteral(bad)) << bad;
    EXPECT_EQ(literalToJson("(7)")->dump(), "7");
    EXPECT_EQ(literalToJson("(7,)")->dump(), "[7]");
    EXPECT_EQ(literalToJson("'\\u4e2d'")->get<std::string>(), "\xe4\xb8\xad");
    EXPECT_EQ(jsonToLiteral(nlohmann::ordered_json::parse(R"([1, 2.0, true, null, "it's", {"a": 1e-05}])")),
              R"([1, 2.0, True, None, "it's", {'a': 1e-05}])");
}

TEST(PythonLiteral, JsonDumpsMatchesPythonByteForByte)
{
    const fs::path dir = ts::test::scratchDir("export-dumps");
    const auto value = nlohmann::ordered_json::parse(
        R"({"a": [1, -2.5, 1e+16, 1.5e-07, 0.1, 100.0, true, false, null], "s": "q\"\\\n\t\u0001\u007f\u00e9\u4e2d\ud83d\ude00", "e": {}, "l": []})");
    const std::string ours = pythonJsonDumps(value);
    writeFile(dir / "ours.json", ours);
    const PythonRun run = runPython(dir, R"(import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
print("same" if json.dumps(json.loads(text)) == text else "differs: " + json.dumps(json.loads(text)))
)",
                                    (dir / "ours.json").string());
    EXPECT_EQ(run.out, "same\n") << ours;
}

// ---- the handwritten config list ----

TEST(ConfigList, LooksLikeWhatAPersonWouldWrite)
{
    ConfigListOptions options;
    options.key.names = {"M", "N"};
    std::vector<HandwrittenConfig> configs(2);
    configs[0].kwargs = {{"BLOCK_M", "128"}, {"BLOCK_N", "128"}, {"multibuffer", "True"}};
    configs[0].p50Ms = 0.1234;
    configs[1].kwargs = {{"BLOCK_N", "256"}, {"BLOCK_M", "64"}};
    configs[1].numWarps = 8;
    const ConfigListResult result = writeAutotuneDecorator(configs, options);
    ASSERT_TRUE(result.ok()) << result.error;
    EXPECT_EQ(result.text, R"(@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "multibuffer": True}),  # p50 123.40 us
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 256}, num_warps=8),
    ],
    key=["M", "N"],
)
)");
}

TEST(ConfigList, CPythonAstReadsBackTheSameConfigs)
{
    const fs::path dir = ts::test::scratchDir("export-ast");
    const auto configs = sampleConfigs();
    const ConfigListResult result = writeAutotuneDecorator(configs, sampleOptions());
    ASSERT_TRUE(result.ok()) << result.error;
    writeFile(dir / "kernel.py", "import triton\nimport triton.language as tl\n\n\n" + result.text + kKernelTail);

    // One config per line unless too long; the long one is spread out with its comment above.
    int oneLiners = 0;
    for (const auto& line : lines(result.text))
        if (line.find("triton.Config({") != std::string::npos)
            ++oneLiners;
    EXPECT_EQ(oneLiners, 3);
    EXPECT_NE(result.text.find("        # p50 2,000.00 us\n        triton.Config(\n            {\n"),
              std::string::npos)
        << result.text;
    EXPECT_NE(result.text.find("    hints={\n        \"GROUP_SIZE_M\": [1, 2, 4, 8],\n"), std::string::npos)
        << result.text;
    EXPECT_NE(result.text.find("\n    },\n    reset_to_zero=[\"c_ptr\"],\n)"), std::string::npos) << result.text;

    const PythonRun run = runPython(dir, R"(import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
fn = [n for n in tree.body if isinstance(n, ast.FunctionDef)][0]
deco = fn.decorator_list[0]
assert ast.unparse(deco.func) == "triton.autotune", ast.unparse(deco.func)
kw = {k.arg: k.value for k in deco.keywords}
print("key", ast.literal_eval(kw["key"]))
print("hints", ast.literal_eval(kw["hints"]))
print("args", [k.arg for k in deco.keywords])
for call in kw["configs"].elts:
    assert ast.unparse(call.func) == "triton.Config"
    d = call.args[0]
    text = "".join(ast.literal_eval(k) + "=" + repr(ast.literal_eval(v)) + ";" for k, v in zip(d.keys, d.values))
    opts = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    print("config " + text + "|" + str(opts.get("num_warps", "-")) + "|" + str(opts.get("num_stages", "-")))
)",
                                    (dir / "kernel.py").string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    std::vector<std::string> got;
    for (const auto& line : lines(run.out))
        if (line.rfind("config ", 0) == 0)
            got.push_back(line.substr(7));
    EXPECT_EQ(got, expectedReading(configs));
    EXPECT_NE(run.out.find("key ['M', 'N']\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("hints {'GROUP_SIZE_M': [1, 2, 4, 8], 'multibuffer': [False, True]}\n"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("args ['configs', 'key', 'hints', 'reset_to_zero']\n"), std::string::npos) << run.out;
}

TEST(ConfigList, OurParserAndEvaluatorReadBackTheSameConfigs)
{
    const auto configs = sampleConfigs();
    ConfigListOptions options = sampleOptions();
    options.key.names.clear();
    options.key.axes = {{"x", "M"}, {"y", "N"}};  // Triton-Ascend's dict form
    const ConfigListResult result = writeAutotuneDecorator(configs, options);
    ASSERT_TRUE(result.ok()) << result.error;
    const std::string source = "import triton\nimport triton.language as tl\n\n\n" + result.text + kKernelTail;
    auto parsed = ts::py::parseSource(source, "exported.py");
    ASSERT_TRUE(parsed.ok()) << parsed.error->format();

    const ts::py::Node* fn = nullptr;
    for (const ts::py::Node* stmt : parsed.module->root()->list("body"))
        if (stmt->is(ts::py::Kind::FunctionDef))
            fn = stmt;
    ASSERT_NE(fn, nullptr);
    const ts::py::Node* deco = fn->list("decorator_list").at(0);
    ts::py::Evaluator evaluator(parsed.module.get());
    std::optional<ts::py::Value> configList, key;
    for (const ts::py::Node* kw : deco->list("keywords")) {
        auto value = evaluator.eval(kw->child("value"));
        ASSERT_TRUE(value.ok()) << kw->str("arg") << ": " << value.error->message;
        if (kw->str("arg") == "configs")
            configList = value.value;
        if (kw->str("arg") == "key")
            key = value.value;
    }
    ASSERT_TRUE(configList && key);
    EXPECT_EQ(key->repr(), "{'x': 'M', 'y': 'N'}");
    ASSERT_TRUE(configList->isList());
    std::vector<std::string> got;
    for (const ts::py::Value& v : configList->items()) {
        ASSERT_TRUE(v.isConfig()) << v.repr();
        const ts::py::ConfigValue& c = v.config();
        std::string text;
        for (const auto& [name, value] : c.kwargs)
            text += name + "=" + value.repr() + ";";
        text += "|" + (c.numWarps ? std::to_string(*c.numWarps) : std::string("-"));
        text += "|" + (c.numStages ? std::to_string(*c.numStages) : std::string("-"));
        got.push_back(text);
    }
    EXPECT_EQ(got, expectedReading(configs));
}

TEST(ConfigList, RefusesWhatWouldNotBeValidPython)
{
    struct Case {
        const char* what;
        TextPairs kwargs;
        const char* expected;
    };
    const Case cases[] = {
        {"code", {{"B", "__import__('os').system('x')"}}, "not a Python literal"},
        {"newline", {{"B", "1\n2"}}, "not a Python literal"},
        {"twice", {{"B", "1"}, {"B", "2"}}, "gives B twice"},
        {"nameless", {{"", "1"}}, "without a name"},
    };
    for (const Case& c : cases) {
        HandwrittenConfig h;
        h.kwargs = c.kwargs;
        ConfigListOptions options;
        options.key.names = {"M"};
        auto result = writeAutotuneDecorator({h}, options);
        EXPECT_FALSE(result.ok()) << c.what;
        EXPECT_TRUE(result.text.empty());
        EXPECT_NE(result.error.find(c.expected), std::string::npos) << c.what << ": " << result.error;
    }
    ConfigListOptions badKey;
    badKey.key.names = {"M N"};
    EXPECT_FALSE(writeAutotuneDecorator({}, badKey).ok());
    ConfigListOptions badKeep;
    badKeep.keepArguments = {{"configs", "[]"}};
    EXPECT_FALSE(writeAutotuneDecorator({}, badKeep).ok());
    // No configs is Triton-Ascend's "generate them for me".
    ConfigListOptions plain;
    plain.key.names = {"n_elements"};
    EXPECT_EQ(writeAutotuneDecorator({}, plain).text, "@triton.autotune(\n    configs=[],\n    key=[\"n_elements\"],\n)\n");
}

TEST(ConfigList, FromATuningBestFirstThenFastest)
{
    const TuningRecord tuning = sampleTuning();
    const auto configs = configsFromTuning(tuning, 10);
    ASSERT_EQ(configs.size(), 3u);  // best + two other benchmarked; pruned/failed/skipped left out
    EXPECT_EQ(configs[0].kwargs, tuning.candidates[1].params);
    EXPECT_FALSE(configs[0].numWarps);   // 4 and 3 are triton.Config's defaults
    EXPECT_FALSE(configs[0].numStages);
    EXPECT_EQ(configs[1].kwargs, tuning.candidates[4].params);  // 0.20 before 0.30
    EXPECT_EQ(configs[1].numWarps, 1);
    EXPECT_EQ(configs[1].numStages, 1);
    EXPECT_EQ(configs[2].kwargs, tuning.candidates[0].params);
    EXPECT_EQ(configsFromTuning(tuning, 1).size(), 1u);
}

// ---- reports ----

TEST(TuningReport, JsonSummarisesTheTuning)
{
    const TuningRecord tuning = sampleTuning();
    const auto doc = nlohmann::json::parse(tuningReportJson(tuning));
    EXPECT_EQ(doc["schema"], "tilescope.tuning/1");
    EXPECT_EQ(doc["kernel"], "matmul_kernel");
    EXPECT_EQ(doc["candidates"].size(), 6u);
    const auto& s = doc["summary"];
    EXPECT_EQ(s["candidates"], 6);
    EXPECT_EQ(s["byStatus"]["benchmarked"], 2);
    EXPECT_EQ(s["byStatus"]["pruned"], 1);
    EXPECT_FALSE(s["byStatus"].contains("user"));
    EXPECT_EQ(doc["bestIndex"], 1);
    EXPECT_EQ(doc["best"]["index"], 1);
    EXPECT_EQ(doc["best"]["params"]["BLOCK_M"], 256);  // the value keeps its type
    EXPECT_EQ(doc["best"]["params"]["multibuffer"], true);
    EXPECT_DOUBLE_EQ(s["fastestP50Ms"].get<double>(), 0.125);
    EXPECT_DOUBLE_EQ(s["slowestP50Ms"].get<double>(), 0.30);
    EXPECT_DOUBLE_EQ(s["medianP50Ms"].get<double>(), 0.20);
    EXPECT_DOUBLE_EQ(s["bestSpeedupOverMedian"].get<double>(), 0.20 / 0.125);
}

TEST(TuningReport, CsvReadsBackWithPythonsCsvModule)
{
    const fs::path dir = ts::test::scratchDir("export-csv");
    const TuningRecord tuning = sampleTuning();
    writeFile(dir / "report.csv", tuningReportCsv(tuning));
    const PythonRun run = runPython(dir, R"(import csv, json, sys
with open(sys.argv[1], newline="") as f:
    rows = list(csv.DictReader(f))
print(json.dumps(rows))
)",
                                    (dir / "report.csv").string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const auto rows = nlohmann::ordered_json::parse(run.out);
    ASSERT_EQ(rows.size(), tuning.candidates.size());
    std::vector<std::string> columns;
    for (auto it = rows[0].begin(); it != rows[0].end(); ++it)
        columns.push_back(it.key());
    EXPECT_EQ(columns, (std::vector<std::string>{"index", "status", "BLOCK_M", "multibuffer", "GROUP", "num_warps",
                                                 "num_stages", "p50_ms", "p20_ms", "p80_ms", "best", "reason_code",
                                                 "reason_message"}));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const CandidateRecord& c = tuning.candidates[i];
        const auto& row = rows[i];
        EXPECT_EQ(row["index"], std::to_string(i));
        EXPECT_EQ(row["status"], ts::cache::candidateStatusName(c.status));
        EXPECT_EQ(row["BLOCK_M"], c.params[0].second);
        EXPECT_EQ(row["GROUP"], c.params.size() > 2 ? c.params[2].second : "");
        EXPECT_EQ(row["best"], i == 1 ? "1" : "0");
        EXPECT_EQ(row["reason_message"], c.reasonMessage);
        if (c.p50Ms)
            EXPECT_EQ(std::stod(row["p20_ms"].get<std::string>()), *c.p20Ms);  // exact round trip
        else
            EXPECT_EQ(row["p50_ms"], "");
    }
}

// ---- Triton's autotune.json ----

TEST(TritonCacheJson, WritesWhatTritonsAutotunerReads)
{
    const fs::path dir = ts::test::scratchDir("export-triton");
    const TuningRecord tuning = sampleTuning();
    const TritonAutotuneCache cache = tritonCacheFromTuning(tuning);
    EXPECT_EQ(cache.key, (std::vector<std::string>{"4096", "1024", "'torch.float16'", "'torch.float32'"}));
    ASSERT_EQ(cache.configsTimings.size(), 4u);  // 3 benchmarked + 1 compile-failed
    EXPECT_TRUE(std::isinf(cache.configsTimings[2].timingsMs[0]));
    ASSERT_EQ(cache.bestIndex(), std::optional<std::size_t>(1));

    std::string error;
    const std::string text = writeTritonAutotuneJson(cache, &error);
    ASSERT_FALSE(text.empty()) << error;
    const std::string fileName = tritonAutotuneFileName(tuning.key.kernelName);
    EXPECT_EQ(fileName, "matmul_kernel.autotune.json");
    writeFile(dir / fileName, text);

    // A stand-in with triton.Config's constructor signature reads every entry the way the
    // autotuner's check_disk_cache does, and picks the smallest timings.
    const PythonRun run = runPython(dir, R"(import json, sys
class Config:
    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None, pre_hook=None, ir_override=None):
        self.kwargs = kwargs
        self.num_warps = num_warps
        self.num_stages = num_stages
text = open(sys.argv[1]).read()
data = json.loads(text)
assert json.dumps(data) == text, "layout differs from json.dumps"
print("key", data["key"])
print("fields", list(data["configs_timings"][0][0].keys()))
timings = [(Config(**config), timing) for config, timing in data["configs_timings"]]
best = min(timings, key=lambda ct: ct[1])[0]
print("best", best.kwargs, best.num_warps, best.num_stages)
print("failed", [t for _, t in timings if t[0] == float("inf")])
)",
                                    (dir / fileName).string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("key [4096, 1024, 'torch.float16', 'torch.float32']\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("fields ['kwargs', 'num_warps', 'num_ctas', 'num_stages', 'maxnreg', 'pre_hook', "
                           "'ir_override']\n"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("best {'BLOCK_M': 256, 'multibuffer': True} 4 3\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("failed [[inf, inf, inf]]\n"), std::string::npos) << run.out;

    // And it reads back to the same thing.
    const TritonJsonResult back = readTritonAutotuneJsonFile((dir / fileName).string());
    ASSERT_TRUE(back.ok()) << back.error;
    EXPECT_EQ(*back.cache, cache);
}

TEST(TritonCacheJson, ReadsAFileWrittenByPython)
{
    const fs::path dir = ts::test::scratchDir("export-triton-read");
    const PythonRun run = runPython(dir, R"(import json, sys
configs = [
    ({"kwargs": {"XBLOCK": 1024, "name": "caf\u00e9", "ratio": 0.5}, "num_warps": 1, "num_ctas": 1,
      "num_stages": 1, "maxnreg": 64, "pre_hook": None, "ir_override": "k.ttgir"}, [0.25, 0.2, 0.3]),
    ({"kwargs": {"XBLOCK": 4096}, "num_warps": 4, "num_ctas": 1, "num_stages": 3, "maxnreg": None,
      "pre_hook": None, "ir_override": None}, [float("inf"), float("inf"), float("inf")]),
]
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"key": [98432, "torch.float16"], "configs_timings": configs}))
)",
                                    (dir / "add_kernel.autotune.json").string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    const TritonJsonResult read = readTritonAutotuneJsonFile((dir / "add_kernel.autotune.json").string());
    ASSERT_TRUE(read.ok()) << read.error;
    const TritonAutotuneCache& cache = *read.cache;
    EXPECT_EQ(cache.key, (std::vector<std::string>{"98432", "'torch.float16'"}));
    ASSERT_EQ(cache.configsTimings.size(), 2u);
    const auto& first = cache.configsTimings[0];
    EXPECT_EQ(first.kwargs, (TextPairs{{"XBLOCK", "1024"}, {"name", "'caf\xc3\xa9'"}, {"ratio", "0.5"}}));
    EXPECT_EQ(first.numWarps, 1);
    EXPECT_EQ(first.numStages, 1);
    EXPECT_EQ(first.maxnreg, 64);
    EXPECT_EQ(first.irOverride, "k.ttgir");
    EXPECT_EQ(first.timingsMs, (std::vector<double>{0.25, 0.2, 0.3}));
    EXPECT_TRUE(std::isinf(cache.configsTimings[1].timingsMs[2]));
    EXPECT_FALSE(cache.configsTimings[1].maxnreg);
    EXPECT_EQ(cache.bestIndex(), std::optional<std::size_t>(0));
    // Written again, it is the same text Python wrote.
    EXPECT_EQ(writeTritonAutotuneJson(cache), ts::test::readText(dir / "add_kernel.autotune.json"));
}

TEST(TritonCacheJson, ErrorsNameTheFile)
{
    EXPECT_NE(readTritonAutotuneJson("{\"key\": [1]", "x.autotune.json").error.find("x.autotune.json:1:12: not valid JSON"),
              std::string::npos);
    EXPECT_NE(readTritonAutotuneJson("{\"key\": [1]}", "y.json").error.find("y.json: not a Triton autotune cache"),
              std::string::npos);
    const auto bad = readTritonAutotuneJson(R"({"configs_timings": [[{"kwargs": {}, "num_warps": "4"}, [1.0]]]})", "z.json");
    EXPECT_NE(bad.error.find("z.json: configs_timings[0]"), std::string::npos) << bad.error;
    EXPECT_NE(readTritonAutotuneJsonFile("/nonexistent/a.autotune.json").error.find("/nonexistent/a.autotune.json"),
              std::string::npos);
    // A value JSON cannot hold is refused on writing.
    TritonAutotuneCache cache;
    cache.configsTimings.resize(1);
    cache.configsTimings[0].kwargs = {{"F", "lambda: 1"}};
    std::string error;
    EXPECT_EQ(writeTritonAutotuneJson(cache, &error), "");
    EXPECT_NE(error.find("F"), std::string::npos);
    EXPECT_EQ(tritonAutotuneFileName(std::string(200, 'k')), std::string(150, 'k') + ".autotune.json");
}
