// The analysis stage end to end: a kernel file plus a launch in, the backend's conclusions, the
// parameter roles and every guide rule as a diagnostic out.

#include "backend_versions.h"
#include "core/analysis/analysis_report.h"
#include "core/analysis/kernel_analysis.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

using namespace ts;
using namespace ts::analysis;
using kernel::ArgValue;

namespace {

const char* kHeader = "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n";

// The guide's vector add: split XBLOCK, tiling XBLOCK_SUB.
const char* kAddBody = R"(@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    pid = tl.program_id(0)
    block_start = pid * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        offsets = block_start + sub + tl.arange(0, XBLOCK_SUB)
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x + y, mask=mask)
)";

class AnalysisTest : public ::testing::Test {
protected:
    std::filesystem::path dir = test::scratchDir("analysis");

    kernel::Workload workloadFor(const std::string& source, const std::string& name = "k.py")
    {
        std::ofstream(dir / name) << source;
        kernel::Workload w;
        w.kernelPath = (dir / name).string();
        w.backend = test::backend2604();  // the parse these tests expect is 2026-04's
        return w;
    }

    static void addVectorArgs(kernel::Workload& w, std::int64_t n = 98432)
    {
        for (const char* t : {"x_ptr", "y_ptr", "out_ptr"})
            w.setArg(t, ArgValue::tensor("float16", {n}));
        w.setArg("n_elements", ArgValue::integer(n));
        w.grid.kind = kernel::GridArg::Kind::Expression;
        w.grid.expression = "lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)";
    }

    static KernelAnalysis run(const kernel::Workload& w)
    {
        AnalysisResult r = analyzeWorkload(w);
        if (!r.analysis) {
            ADD_FAILURE() << (r.diagnostics.empty() ? std::string("no analysis") : r.diagnostics[0].format());
            return {};
        }
        return std::move(*r.analysis);
    }

    static const Diagnostic* find(const KernelAnalysis& a, const std::string& code)
    {
        auto it = std::find_if(a.diagnostics.begin(), a.diagnostics.end(),
                               [&](const Diagnostic& d) { return d.code == code; });
        return it == a.diagnostics.end() ? nullptr : &*it;
    }

    static std::string codes(const KernelAnalysis& a)
    {
        std::string out;
        for (const Diagnostic& d : a.diagnostics)
            out += d.code + " ";
        return out;
    }
};

} // namespace

TEST_F(AnalysisTest, GuideVectorAddIsCleanAndTunesBothBlocks)
{
    auto w = workloadFor(std::string(kHeader) + "@triton.autotune(configs=[], key=['n_elements'])\n" + kAddBody);
    addVectorArgs(w);
    KernelAnalysis a = run(w);
    EXPECT_FALSE(a.inError()) << codes(a);
    EXPECT_TRUE(a.diagnostics.empty()) << codes(a);
    EXPECT_EQ(a.parse.keys, (AxisMap{{"x", "n_elements"}}));
    EXPECT_EQ(a.parse.splitParams, (AxisMap{{"x", "XBLOCK"}}));
    EXPECT_EQ(a.parse.tilingParams, (AxisMap{{"x", "XBLOCK_SUB"}}));
    EXPECT_EQ(a.parse.lowDimAxes, (std::vector<std::string>{"x"}));
    EXPECT_EQ(a.parse.numBuffers, 3);
    EXPECT_EQ(a.dtypeBytes, 2);
    ASSERT_EQ(a.params.size(), 6u);
    EXPECT_EQ(a.params[0].role, ParamRole::Runtime);
    EXPECT_EQ(a.params[4].role, ParamRole::Tunable);
    EXPECT_EQ(a.params[4].splitAxis, "x");
    EXPECT_EQ(a.params[5].tilingAxis, "x");

    const auto json = analysisToJson(a);
    for (const char* field : {"keys", "splitParams", "tilingParams", "lowDimAxes", "reductionAxes",
                              "persistentReduction", "params", "diagnostics", "error"})
        EXPECT_TRUE(json.contains(field)) << field;
    EXPECT_TRUE(json["error"].is_null());
    EXPECT_EQ(json["params"][4]["role"], "tunable");
}

TEST_F(AnalysisTest, MissingAscendRuntimeImport)
{
    auto w = workloadFor(std::string("import triton\nimport triton.language as tl\n\n") +
                         "@triton.autotune(configs=[], key=['n_elements'])\n" + kAddBody);
    addVectorArgs(w);
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "missing-ascend-runtime-import");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_EQ(d->severity, Severity::Error);
    EXPECT_EQ(d->line, 4);
    EXPECT_TRUE(a.inError());
}

TEST_F(AnalysisTest, AutotuneNotDirectlyOverJit)
{
    auto w = workloadFor(std::string(kHeader) + "import functools\n" +
                         "@triton.autotune(configs=[], key=['n_elements'])\n@functools.wraps(print)\n" + kAddBody);
    addVectorArgs(w);
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "autotune-not-directly-over-jit");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_EQ(d->line, 6);
}

TEST_F(AnalysisTest, TunableWithDefaultKeepsItAndIsReported)
{
    std::string body = kAddBody;
    body.replace(body.find("XBLOCK_SUB: tl.constexpr"), 24, "XBLOCK_SUB: tl.constexpr = 1024");
    auto w = workloadFor(std::string(kHeader) + "@triton.autotune(configs=[], key=['n_elements'])\n" + body);
    addVectorArgs(w);
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "tunable-has-default");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_EQ(d->line, 7);  // the parameter, on the def line
    EXPECT_NE(d->message.find("XBLOCK_SUB"), std::string::npos);
    EXPECT_NE(d->message.find("1024"), std::string::npos);
    // The guide: it keeps its default and is not tuned.
    EXPECT_TRUE(a.parse.tilingParams.empty());
    EXPECT_EQ(a.params[5].role, ParamRole::Fixed);
}

TEST_F(AnalysisTest, TunableFixedAtLaunch)
{
    auto w = workloadFor(std::string(kHeader) + "@triton.autotune(configs=[], key=['n_elements'])\n" + kAddBody);
    addVectorArgs(w);
    w.setArg("XBLOCK_SUB", ArgValue::integer(512));
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "tunable-fixed-at-launch");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_NE(d->message.find("XBLOCK_SUB=512"), std::string::npos) << d->message;
    EXPECT_EQ(a.parse.tilingParams, AxisMap{});
}

TEST_F(AnalysisTest, GridNotLambda)
{
    auto w = workloadFor(std::string(kHeader) + "@triton.autotune(configs=[], key=['n_elements'])\n" + kAddBody);
    addVectorArgs(w);
    w.grid.kind = kernel::GridArg::Kind::Static;
    w.grid.expression.clear();
    w.grid.dims = {48};
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "grid-not-lambda");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_NE(d->message.find("XBLOCK"), std::string::npos);
    // The backend treats the static grid as a fixed split instead.
    ASSERT_EQ(a.parse.fixedSplitParams.size(), 1u);
    EXPECT_EQ(a.parse.fixedSplitParams[0].second, (98432 + 47) / 48);
}

TEST_F(AnalysisTest, KeyUnknownArg)
{
    auto w = workloadFor(std::string(kHeader) + "@triton.autotune(configs=[], key=['n_elements', 'M'])\n" + kAddBody);
    addVectorArgs(w);
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "key-unknown-arg");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_EQ(d->line, 5);
    EXPECT_NE(d->message.find("'M'"), std::string::npos);
}

TEST_F(AnalysisTest, SideEffectsWithoutHooks)
{
    const std::string atomicKernel = std::string(kHeader) + R"(@triton.autotune(configs=[], key=['n_elements'])
@triton.jit
def count_kernel(x_ptr, out_ptr, n_elements, XBLOCK: tl.constexpr):
    offsets = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.atomic_add(out_ptr, tl.sum(x, axis=0))
)";
    auto w = workloadFor(atomicKernel);
    w.setArg("x_ptr", ArgValue::tensor("float32", {4096}));
    w.setArg("out_ptr", ArgValue::tensor("float32", {1}));
    w.setArg("n_elements", ArgValue::integer(4096));
    w.grid.kind = kernel::GridArg::Kind::Expression;
    w.grid.expression = "lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)";
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "side-effects-without-hooks");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_EQ(d->line, 11);

    // With reset_to_zero the rule is satisfied.
    std::string hooked = atomicKernel;
    hooked.replace(hooked.find("key=['n_elements'])"), 19, "key=['n_elements'], reset_to_zero=['out_ptr'])");
    auto w2 = workloadFor(hooked, "k2.py");
    w2.args = w.args;
    w2.grid = w.grid;
    EXPECT_FALSE(find(run(w2), "side-effects-without-hooks"));
}

TEST_F(AnalysisTest, InPlaceUpdateWithoutHooks)
{
    auto w = workloadFor(std::string(kHeader) + R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def scale_(x_ptr, n, XBLOCK: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(x_ptr + offs, x * 2, mask=mask)
)");
    w.setArg("x_ptr", ArgValue::tensor("float16", {8192}));
    w.setArg("n", ArgValue::integer(8192));
    w.grid.kind = kernel::GridArg::Kind::Expression;
    w.grid.expression = "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)";
    KernelAnalysis a = run(w);
    const Diagnostic* d = find(a, "side-effects-without-hooks");
    ASSERT_TRUE(d) << codes(a);
    EXPECT_NE(d->message.find("x_ptr"), std::string::npos);
}

TEST_F(AnalysisTest, NoTunableParams)
{
    auto w = workloadFor(std::string(kHeader) + R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def copy(x_ptr, y_ptr, n):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
)");
    w.setArg("x_ptr", ArgValue::tensor("float16", {8192}));
    w.setArg("y_ptr", ArgValue::tensor("float16", {8192}));
    w.setArg("n", ArgValue::integer(8192));
    KernelAnalysis a = run(w);
    ASSERT_TRUE(find(a, "no-tunable-params")) << codes(a);
}

TEST_F(AnalysisTest, UserPruneFunctionAndUnknownHint)
{
    auto w = workloadFor(std::string(kHeader) + R"(def prune(configs, nargs, **kw):
    return configs

@triton.autotune(configs=[], key=['n_elements'], prune_configs_by={'early_config_prune': prune},
                 hints={'FANCY': [1, 2], 'multibuffer': [False, True]})
)" + kAddBody);
    addVectorArgs(w);
    KernelAnalysis a = run(w);
    const Diagnostic* prune = find(a, "user-prune-function");
    ASSERT_TRUE(prune) << codes(a);
    EXPECT_EQ(prune->line, 8);
    const Diagnostic* hint = find(a, "hint-unknown");
    ASSERT_TRUE(hint) << codes(a);
    EXPECT_NE(hint->message.find("FANCY"), std::string::npos);
    // multibuffer is a known compile option: not reported.
    EXPECT_EQ(std::count_if(a.diagnostics.begin(), a.diagnostics.end(),
                            [](const Diagnostic& d) { return d.code == "hint-unknown"; }),
              1);
}

// The compile options a hint may expand are the version's: 2026-08's _ALL_PARAMS has
// enable_ubuf_saving and set_workspace_multibuffer, 2026-04's list has neither.
TEST_F(AnalysisTest, AHintOfACompileOptionIsKnownWhereTheVersionTakesIt)
{
    auto w = workloadFor(std::string(kHeader) + R"(@triton.autotune(configs=[], key=['n_elements'],
                 hints={'enable_ubuf_saving': [True, False], 'set_workspace_multibuffer': [2, 4]})
)" + kAddBody);
    addVectorArgs(w);
    auto unknown = [](const KernelAnalysis& a) {
        std::vector<std::string> names;
        for (const Diagnostic& d : a.diagnostics)
            if (d.code == "hint-unknown")
                names.push_back(d.message.substr(d.message.find('\'') + 1, d.message.find('\'', d.message.find('\'') + 1) - d.message.find('\'') - 1));
        return names;
    };
    EXPECT_EQ(unknown(run(w)), (std::vector<std::string>{"enable_ubuf_saving", "set_workspace_multibuffer"}));
    w.backend = test::backend2608();
    const KernelAnalysis a = run(w);
    EXPECT_TRUE(unknown(a).empty()) << codes(a);
}

TEST_F(AnalysisTest, MissingRequiredArgumentsIsTheBackendsError)
{
    auto w = workloadFor(std::string(kHeader) + R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def k(x_ptr, n, XBLOCK: tl.constexpr, SCALE: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * SCALE, mask=mask)
)");
    w.setArg("x_ptr", ArgValue::tensor("float32", {4096}));
    w.setArg("n", ArgValue::integer(4096));
    w.grid.kind = kernel::GridArg::Kind::Expression;
    w.grid.expression = "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)";
    KernelAnalysis a = run(w);
    ASSERT_TRUE(a.parse.error);
    EXPECT_EQ(a.parse.error->rfind("Missing required arguments: ['SCALE'].", 0), 0u) << *a.parse.error;
    EXPECT_TRUE(a.inError());
    // The completed parse is still there beside the error.
    EXPECT_EQ(a.parse.splitParams, (AxisMap{{"x", "XBLOCK"}}));
    const auto json = analysisToJson(a);
    EXPECT_TRUE(json["error"].is_string());
    EXPECT_EQ(json["splitParams"]["x"], "XBLOCK");
}

TEST_F(AnalysisTest, HintDimensionsSupplyTheirParameter)
{
    auto w = workloadFor(std::string(kHeader) + R"(@triton.autotune(configs=[], key=['n'], hints={'UNROLL': [1, 2, 4]})
@triton.jit
def k(x_ptr, n, XBLOCK: tl.constexpr, UNROLL: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * UNROLL, mask=mask)
)");
    w.setArg("x_ptr", ArgValue::tensor("float32", {4096}));
    w.setArg("n", ArgValue::integer(4096));
    w.grid.kind = kernel::GridArg::Kind::Expression;
    w.grid.expression = "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)";
    KernelAnalysis a = run(w);
    EXPECT_FALSE(a.parse.error) << *a.parse.error;
    ASSERT_EQ(a.hintDimensions.size(), 1u);
    EXPECT_EQ(a.hintDimensions[0].second.size(), 3u);
    EXPECT_TRUE(find(a, "hint-needs-newer-backend")) << codes(a);
    EXPECT_EQ(a.params[3].role, ParamRole::Fixed);
}

TEST_F(AnalysisTest, BadInputs)
{
    kernel::Workload missing;
    missing.kernelPath = (dir / "nope.py").string();
    AnalysisResult r = analyzeWorkload(missing);
    EXPECT_FALSE(r.analysis);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_NE(r.diagnostics[0].format().find("nope.py"), std::string::npos);

    auto syntax = workloadFor("import triton\n@triton.jit\ndef k(:\n", "syntax.py");
    r = analyzeWorkload(syntax);
    EXPECT_FALSE(r.analysis);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].code, "syntax-error");
    EXPECT_EQ(r.diagnostics[0].line, 3);

    auto unknown = workloadFor(std::string(kHeader) + "@triton.autotune(configs=[], key=['n_elements'])\n" + kAddBody,
                               "u.py");
    unknown.function = "nope";
    r = analyzeWorkload(unknown);
    EXPECT_FALSE(r.analysis);
    EXPECT_NE(r.diagnostics[0].message.find("add_kernel"), std::string::npos);

    auto badGrid = workloadFor(std::string(kHeader) + "@triton.autotune(configs=[], key=['n_elements'])\n" + kAddBody,
                               "g.py");
    addVectorArgs(badGrid);
    badGrid.grid.expression = "lambda meta: (";
    KernelAnalysis a = run(badGrid);
    EXPECT_TRUE(find(a, "bad-grid")) << codes(a);
}

// ---- 2026-08 bad input: upstream's exception text, at the place in the file it is about ----

namespace {

struct Located {
    const Diagnostic* diagnostic = nullptr;
    std::string sourceLine;  // the kernel file's line it points at
};

// The first error diagnostic of `code` for tests/data/bad-2026-08/<name>.json.
Located badInput2608(const std::string& name, const std::string& code, AnalysisResult& keep)
{
    const auto dir = test::dataDir() / "bad-2026-08";
    auto loaded = kernel::loadWorkload((dir / (name + ".json")).string());
    EXPECT_TRUE(loaded.workload) << name;
    if (!loaded.workload)
        return {};
    keep = analyzeWorkload(*loaded.workload);
    EXPECT_TRUE(keep.analysis) << name;
    if (!keep.analysis)
        return {};
    Located out;
    for (const Diagnostic& d : keep.analysis->diagnostics)
        if (d.code == code && d.severity == Severity::Error) {
            out.diagnostic = &d;
            break;
        }
    if (out.diagnostic && out.diagnostic->line > 0) {
        std::ifstream in(dir / "bad_kernels.py");
        for (int n = 1; std::getline(in, out.sourceLine) && n < out.diagnostic->line; ++n) {
        }
    }
    return out;
}

} // namespace

TEST(BadInput2608, DecoratorChecksPointAtTheArgumentTheyReject)
{
    struct Case {
        std::string name;
        std::string message;  // upstream's exception, as TileScope prints it
        int line;
        std::string at;       // the text the column points at
    };
    const std::vector<Case> cases = {
        {"key_is_str", "2026-08 raises ValueError: key must be a list, got: <class 'str'>", 9, "\"numel\")"},
        {"axes_not_dict", "2026-08 raises ValueError: hints.axes must be a dict, got: <class 'list'>", 17,
         "{\"axes\": [\"x\"]}"},
        {"kernel_type_unknown",
         "2026-08 raises ValueError: Unsupported kernel_type 'simd', expected one of: ['auto', 'cube', 'mix', 'vector']",
         24, "{\"kernel_type\": \"simd\"}"},
    };
    for (const Case& c : cases) {
        AnalysisResult keep;
        const Located found = badInput2608(c.name, "backend-raises", keep);
        ASSERT_TRUE(found.diagnostic) << c.name;
        const Diagnostic& d = *found.diagnostic;
        EXPECT_EQ(d.message, c.message) << c.name;
        EXPECT_NE(d.file.find("bad_kernels.py"), std::string::npos) << c.name;
        EXPECT_EQ(d.line, c.line) << c.name;
        ASSERT_GT(d.column, 0) << c.name;
        EXPECT_EQ(found.sourceLine.substr(std::size_t(d.column - 1), c.at.size()), c.at) << c.name << ": " << d.format();
        EXPECT_TRUE(keep.analysis->inError()) << c.name;
    }
}

TEST(BadInput2608, MaxAutotuneAndGetMaxConfigsValueChecks)
{
    AnalysisResult keep;
    const Located decorator = badInput2608("max_autotune_not_bools", "max-autotune-error", keep);
    ASSERT_TRUE(decorator.diagnostic);
    EXPECT_EQ(decorator.diagnostic->line, 31);
    EXPECT_EQ(decorator.sourceLine.substr(std::size_t(decorator.diagnostic->column - 1), 13), "max_autotune(");
    EXPECT_NE(decorator.diagnostic->message.find("ValueError: Invalid value for 'enable_ubuf_saving': [1, 0]. "
                                                 "Expected: must be non-empty list/tuple of boolean values"),
              std::string::npos)
        << decorator.diagnostic->message;

    // get_max_configs raises while the module runs: the config list that uses it cannot be read,
    // and the message names upstream's exception and the line of the call.
    AnalysisResult keep2;
    const Located module = badInput2608("get_max_configs_bad_value", "configs-not-literal", keep2);
    ASSERT_TRUE(module.diagnostic);
    EXPECT_EQ(module.diagnostic->line, 43);
    EXPECT_GT(module.diagnostic->column, 0);
    EXPECT_NE(module.diagnostic->message.find("ValueError: Invalid value for 'limit_auto_multi_buffer_of_local_buffer': "
                                              "['no-l1']. Expected: must be one or more of: ['no-limit', 'no-l0c']"),
              std::string::npos)
        << module.diagnostic->message;
    EXPECT_NE(module.diagnostic->message.find("line 39"), std::string::npos) << module.diagnostic->message;
}

TEST(BadInput2608, AnUnknownBackendPointsAtTheValue)
{
    const auto path = test::dataDir() / "bad-2026-08" / "bad_backend.json";
    const auto loaded = kernel::loadWorkload(path.string());
    EXPECT_FALSE(loaded.workload);
    ASSERT_EQ(loaded.diagnostics.size(), 1u);
    const Diagnostic& d = loaded.diagnostics.front();
    EXPECT_EQ(d.code, "bad-workload");
    EXPECT_EQ(d.line, 6);
    EXPECT_EQ(d.column, 14);  // "2026-09"
    EXPECT_EQ(d.message, "\"backend\": unknown backend version \"2026-09\" (valid: 2026-04, 2026-08)");
}

TEST(BadInput2608, FirstLaunchChecksPointAtTheHintsOrTheKernel)
{
    struct Case {
        std::string workload;  // under tests/data/golden-2026-08
        std::string message;
        std::string kernelFile;
        int line;
    };
    const std::vector<Case> cases = {
        {"hints_bad_num_stages_910b2",
         "2026-08 raises ValueError: Invalid value for 'num_stages': [3]. Expected: must be one or more of: [1, 2]",
         "hints_ok.py", 76},
        {"launch_no_tensor_910b2",
         "2026-08 raises NotImplementedError: Not support for non-Tensor inputs (the launch passes no tensor to copy_1d)",
         "vec_basic.py", 9},
    };
    for (const Case& c : cases) {
        auto loaded = kernel::loadWorkload((test::dataDir() / "golden-2026-08" / c.workload / "workload.json").string());
        ASSERT_TRUE(loaded.workload) << c.workload;
        const AnalysisResult r = analyzeWorkload(*loaded.workload);
        ASSERT_TRUE(r.analysis) << c.workload;
        const auto& ds = r.analysis->diagnostics;
        const auto d = std::find_if(ds.begin(), ds.end(), [](const Diagnostic& x) { return x.code == "backend-raises"; });
        ASSERT_NE(d, ds.end()) << c.workload;
        EXPECT_EQ(d->message, c.message);
        EXPECT_NE(d->file.find(c.kernelFile), std::string::npos) << d->file;
        EXPECT_EQ(d->line, c.line) << c.workload;
        EXPECT_GT(d->column, 0) << c.workload;
    }
}

// A tl.dot kernel is analysed as upstream's classifier and cv parser read it, under every version:
// its kind, the dot site's M / N / K with the block tiling each, the accumulator, the buffer
// footprints as formulas, the tensors passed and the hint dimension as swept.
TEST(CubeAnalysis, MatmulGivesItsDotSiteUnderEveryVersion)
{
    for (const kernel::BackendVersion version : {test::backend2604(), test::backend2608()}) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "matmul.json").string());
        ASSERT_TRUE(loaded.workload);
        loaded.workload->backend = version;
        AnalysisResult r = analyzeWorkload(*loaded.workload);
        ASSERT_TRUE(r.analysis);
        const KernelAnalysis& a = *r.analysis;
        const bool own = version == test::backend2608();
        SCOPED_TRACE(kernel::backendName(version));
        EXPECT_EQ(a.kernelKind, "mix");
        const auto json = analysisToJson(a);
        EXPECT_EQ(json["kernelKind"], "mix");
        ASSERT_EQ(json["tensors"].size(), 3u) << json["tensors"].dump();
        EXPECT_EQ(json["tensors"][2]["name"], "c_ptr");
        EXPECT_EQ(json["tensors"][2]["shape"], nlohmann::json::array({4096, 4096}));
        const auto& cube = json["cube"];
        ASSERT_TRUE(cube.is_object()) << json.dump(1);
        EXPECT_EQ(cube["byBackend"], own);
        EXPECT_EQ(cube["parserMode"], "mix");
        ASSERT_EQ(cube["dotSites"].size(), 1u);
        const auto& site = cube["dotSites"][0];
        EXPECT_EQ(site["m"]["block"], "BLOCK_M");
        EXPECT_EQ(site["n"]["block"], "BLOCK_N");
        EXPECT_EQ(site["k"]["block"], "BLOCK_K");
        EXPECT_EQ(site["m"]["lengthExpr"], "M");
        EXPECT_EQ(site["k"]["resolvedLength"], 4096);
        EXPECT_EQ(site["line"], 64);
        EXPECT_EQ(site["accumulator"], "acc");
        EXPECT_EQ(site["accumulatorDtype"], "float32");
        EXPECT_EQ(site["accumulatorSource"], "tl.zeros at line 50");
        EXPECT_EQ(site["footprint"]["L1"], "(BLOCK_M + BLOCK_N) x BLOCK_K x 2 B");
        EXPECT_EQ(site["footprint"]["L0A"], "BLOCK_M x BLOCK_K x 2 B");
        EXPECT_EQ(site["footprint"]["L0B"], "BLOCK_K x BLOCK_N x 2 B");
        EXPECT_EQ(site["footprint"]["L0C"], "BLOCK_M x BLOCK_N x 4 B");
        std::vector<std::string> tunables;
        for (const auto& t : cube["tunableParams"])
            tunables.push_back(t["name"].get<std::string>() + ":" + t["role"].get<std::string>());
        // GROUP_SIZE_M is left out at launch only where the version reads it as a hint (2026-04's
        // launch gets the hint's first value, as the guide says).
        std::vector<std::string> expected{"BLOCK_M:M", "BLOCK_N:N", "BLOCK_K:K"};
        if (own)
            expected.push_back("GROUP_SIZE_M:OTHER");
        EXPECT_EQ(tunables, expected);

        const std::string text = analysisToText(a);
        EXPECT_NE(text.find("kernel kind         mix"), std::string::npos) << text;
        EXPECT_NE(text.find("tensors             3"), std::string::npos) << text;
        EXPECT_NE(text.find("K  K = 4096, tiled by BLOCK_K (tunable)"), std::string::npos) << text;
        EXPECT_NE(text.find("L0C  BLOCK_M x BLOCK_N x 4 B"), std::string::npos) << text;
    }
    // The version that reads hints sweeps GROUP_SIZE_M; its BLOCK parameters tile the dot site.
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "matmul.json").string());
    ASSERT_TRUE(loaded.workload);
    loaded.workload->backend = test::backend2608();
    const KernelAnalysis a = *analyzeWorkload(*loaded.workload).analysis;
    for (const ParamInfo& p : a.params) {
        if (p.name == "GROUP_SIZE_M") {
            EXPECT_EQ(p.role, ParamRole::Swept);
        }
        if (p.name == "BLOCK_K") {
            EXPECT_EQ(p.role, ParamRole::Tunable);
            EXPECT_EQ(p.cubeAxis, "K");
        }
    }
}

// A vector kernel has no dot site: its kind is vector and the report has no cube object.
TEST(CubeAnalysis, VectorKernelHasNoCubeParse)
{
    for (const kernel::BackendVersion version : {test::backend2604(), test::backend2608()}) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "softmax.json").string());
        ASSERT_TRUE(loaded.workload);
        loaded.workload->backend = version;
        AnalysisResult r = analyzeWorkload(*loaded.workload);
        ASSERT_TRUE(r.analysis);
        const auto json = analysisToJson(*r.analysis);
        EXPECT_EQ(json["kernelKind"], "vector");
        EXPECT_TRUE(json["cube"].is_null());
        EXPECT_EQ(json["tensors"].size(), 2u);
    }
}
