// Why the backend generates nothing for a launch, and the checked key/hints fix
// (core/analysis/generation_fix.h). Every proposed fix is applied here to a copy of the kernel
// file, the kernel is analysed and generated again, and the count must be the one the message
// claims.

#include "backend_versions.h"
#include "core/analysis/generation_fix.h"
#include "core/analysis/kernel_analysis.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/space/backend_configs.h"

#include "testutil.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>

using namespace ts;
using namespace ts::analysis;
using kernel::ArgValue;

namespace {

const std::filesystem::path kKernels = test::dataDir() / "analysis" / "generation_fix.py";

kernel::Workload vectorLaunch(const std::string& function, const std::filesystem::path& file = kKernels,
                              std::int64_t n = 98432)
{
    kernel::Workload w;
    w.kernelPath = file.string();
    w.function = function;
    w.setArg("src", ArgValue::tensor("float16", {n}));
    w.setArg("dst", ArgValue::tensor("float16", {n}));
    w.setArg("numel", ArgValue::integer(n));
    w.grid.kind = kernel::GridArg::Kind::Expression;
    w.grid.expression = "lambda meta: (triton.cdiv(numel, meta['BLOCK']),)";
    return w;
}

// The patterns below are those 2026-04's parse fails on (2026-08 generates for most of them):
// every launch here is analysed under 2026-04, except where a test names the version itself.
KernelAnalysis analyse(kernel::Workload w)
{
    w.backend = test::backend2604();
    AnalysisResult r = analyzeWorkload(w);
    if (!r.analysis) {
        ADD_FAILURE() << (r.diagnostics.empty() ? std::string("no analysis") : r.diagnostics[0].format());
        return {};
    }
    return std::move(*r.analysis);
}

std::vector<const Diagnostic*> fixes(const KernelAnalysis& a)
{
    std::vector<const Diagnostic*> out;
    for (const Diagnostic& d : a.diagnostics)
        if (d.code == "generation-fix")
            out.push_back(&d);
    return out;
}

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* p = registry.find(soc);
    if (!p)
        throw std::runtime_error("no device " + soc);
    return *p;
}

space::BackendConfigs generate(const KernelAnalysis& a)
{
    space::LaunchSpec launch = pipeline::launchSpecFor(a);
    launch.backend = a.parse.backend;
    return space::generateBackendConfigs(a.parse, launch, space::fromProfile(device(a.workload.device)));
}

// The `key=..., hints={...}` text and the count a message proposes.
struct Proposed {
    std::string text;
    std::size_t count = 0;
};

std::optional<Proposed> proposed(const std::string& message)
{
    static const std::regex re("checked fix: put `([^`]*)` in @triton\\.autotune; with it 2026-04 generates (\\d+) config");
    std::smatch m;
    if (!std::regex_search(message, m, re))
        return std::nullopt;
    return Proposed{m[1], std::stoul(m[2])};
}

// A copy of the kernel file whose decorator over `function` takes the proposed text.
std::filesystem::path withHint(const std::string& function, const std::string& text)
{
    std::vector<std::string> lines;
    std::ifstream in(kKernels);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    for (std::size_t i = 0; i + 2 < lines.size(); ++i)
        if (lines[i + 2].rfind("def " + function + "(", 0) == 0) {
            EXPECT_EQ(lines[i].rfind("@triton.autotune(", 0), 0u) << lines[i];
            lines[i] = "@triton.autotune(configs=[], " + text + ")";
        }
    const auto dir = test::scratchDir("generation-fix-" + function);
    const auto path = dir / "kernels.py";
    std::ofstream out(path);
    for (const std::string& line : lines)
        out << line << "\n";
    return path;
}

// Applies the fix a diagnostic proposes and checks that the backend then generates what it says.
void expectFixGenerates(const std::string& function, const Diagnostic& d,
                        const std::function<kernel::Workload(const std::filesystem::path&)>& launch)
{
    const auto p = proposed(d.message);
    ASSERT_TRUE(p) << d.message;
    const KernelAnalysis fixed = analyse(launch(withHint(function, p->text)));
    EXPECT_FALSE(fixed.parse.error) << *fixed.parse.error;
    const space::BackendConfigs configs = generate(fixed);
    EXPECT_FALSE(configs.error) << *configs.error;
    EXPECT_EQ(configs.generatedCount(), p->count);
    EXPECT_GT(p->count, 0u);
    EXPECT_TRUE(fixes(fixed).empty()) << fixes(fixed).front()->message;
}

void expectContains(const std::string& text, const std::vector<std::string>& parts)
{
    for (const std::string& part : parts)
        EXPECT_NE(text.find(part), std::string::npos) << "missing \"" << part << "\" in: " << text;
}

// One vector kernel: the diagnostic names the parameter, the axis, the pattern and a place,
// and its fix generates.
void checkVectorKernel(const std::string& function, int line, int column, const std::vector<std::string>& parts)
{
    SCOPED_TRACE(function);
    const KernelAnalysis a = analyse(vectorLaunch(function));
    ASSERT_TRUE(a.parse.error);
    EXPECT_EQ(a.parse.error->rfind("Missing required arguments: ['BLOCK']", 0), 0u) << *a.parse.error;
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    const Diagnostic& d = *found[0];
    EXPECT_EQ(d.severity, Severity::Note);
    EXPECT_EQ(d.file, kKernels.string());
    EXPECT_EQ(d.line, line);
    EXPECT_EQ(d.column, column);
    expectContains(d.message, {"2026-04 generates nothing for this launch (its parse raises ValueError: Missing "
                               "required arguments: ['BLOCK'])",
                               "it cannot tie BLOCK to "});
    expectContains(d.message, parts);
    expectFixGenerates(function, d, [&](const std::filesystem::path& file) { return vectorLaunch(function, file); });
}

} // namespace

TEST(GenerationFix, ProgramIdThroughAHelper)
{
    checkVectorKernel("scale_pid_helper", 19, 12,
                      {"split axis x (numel) [program id read through a call]", "`pid` comes from `_program_index()`",
                       "the helper `_program_index` (line 11)",
                       "put `key={'x': 'numel'}, hints={'split_params': {'x': 'BLOCK'}, 'tiling_params': {}, "
                       "'low_dim_axes': [], 'reduction_axes': []}` in @triton.autotune"});
}

TEST(GenerationFix, ProgramIdThroughAnotherModuleName)
{
    checkVectorKernel("scale_pid_alias", 28, 12,
                      {"split axis x (numel) [program id read through a call]",
                       "`pid` comes from `language.program_id(0)` (line 27): it is a method call of `language`"});
}

TEST(GenerationFix, GridStrideTaskLoop)
{
    checkVectorKernel("scale_grid_stride", 39, 5,
                      {"axis x (numel) [grid-stride task loop]", "multiplies the task index `tile`",
                       "`for tile in range(pid, n_tiles, n_programs)`"});
}

TEST(GenerationFix, MaskWrittenInline)
{
    checkVectorKernel("scale_inline_mask", 49, 66,
                      {"split axis x (numel) [mask written inline]",
                       "the mask `pid * BLOCK + tl.arange(0, BLOCK) < numel` compares an expression, not a name"});
}

TEST(GenerationFix, AssignedOffsetsMaskedInlineAreFollowed)
{
    // 2026-04 follows `mask=offs < numel` inside the call when offs is an assigned name.
    const KernelAnalysis a = analyse(vectorLaunch("scale_inline_named_mask"));
    EXPECT_FALSE(a.parse.error);
    EXPECT_TRUE(fixes(a).empty());
    EXPECT_GT(generate(a).generatedCount(), 0u);
}

TEST(GenerationFix, CleanKernelGetsNothing)
{
    const KernelAnalysis a = analyse(vectorLaunch("scale_clean"));
    EXPECT_FALSE(a.parse.error);
    EXPECT_TRUE(fixes(a).empty());
}

TEST(GenerationFix, HoistedArange)
{
    const std::string function = "scale_hoisted_arange";
    const KernelAnalysis a = analyse(vectorLaunch(function));
    ASSERT_TRUE(a.parse.error);
    EXPECT_EQ(a.parse.error->rfind("Missing required arguments: ['SUB']", 0), 0u) << *a.parse.error;
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->line, 65);  // lanes = tl.arange(0, SUB)
    EXPECT_EQ(found[0]->column, 13);
    expectContains(found[0]->message, {"it cannot tie SUB to tiling axis x (numel) [tl.arange hoisted above its loop]",
                                       "tl.arange is outside the loop", "'tiling_params': {'x': 'SUB'}"});
    expectFixGenerates(function, *found[0], [&](const std::filesystem::path& file) { return vectorLaunch(function, file); });
}

TEST(GenerationFix, AxisMissingFromKey)
{
    const std::string function = "row_scale_cols_unkeyed";
    auto launch = [&](const std::filesystem::path& file) {
        kernel::Workload w;
        w.kernelPath = file.string();
        w.function = function;
        w.setArg("src", ArgValue::tensor("float16", {256, 1000}));
        w.setArg("dst", ArgValue::tensor("float16", {256, 1000}));
        w.setArg("n_rows", ArgValue::integer(256));
        w.setArg("n_cols", ArgValue::integer(1000));
        w.grid.kind = kernel::GridArg::Kind::Expression;
        w.grid.expression = "lambda meta: (triton.cdiv(n_rows, meta['BLOCK_R']),)";
        return w;
    };
    const KernelAnalysis a = analyse(launch(kKernels));
    ASSERT_TRUE(a.parse.error);
    EXPECT_EQ(a.parse.error->rfind("Missing required arguments: ['BLOCK_C']", 0), 0u) << *a.parse.error;
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->line, 81);  // col_mask = cols < n_cols
    EXPECT_EQ(found[0]->column, 20);
    expectContains(found[0]->message,
                   {"it cannot tie BLOCK_C to tiling axis y (n_cols) [axis not in key]",
                    "the mask `cols < n_cols` ties BLOCK_C to the size n_cols, which is not in key",
                    "`key={'x': 'n_rows', 'y': 'n_cols'}, hints={'split_params': {}, 'tiling_params': {'y': 'BLOCK_C'}"});
    expectFixGenerates(function, *found[0], launch);
}

TEST(GenerationFix, TilingOnlyThroughBlockPointer)
{
    checkVectorKernel("copy_block_ptr", 91, 17,
                      {"split axis x (numel) [tiling only through tl.make_block_ptr]",
                       "BLOCK tiles dimension 0 (`numel`) of a block pointer"});
}

// Without a mask, the split_params hint makes 2026-04 generate, but BLOCK=6,160 over 98,432
// elements writes past the end: the hint is no fix, and the note says why in numbers.
TEST(GenerationFix, NoMaskAtAll)
{
    const KernelAnalysis a = analyse(vectorLaunch("scale_no_mask"));
    ASSERT_TRUE(a.parse.error);
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->line, 99);
    EXPECT_EQ(found[0]->column, 31);
    expectContains(found[0]->message,
                   {"axis x (numel) [no mask]", "no comparison mentions BLOCK or a value computed from it",
                    "no key/hints setting makes 2026-04 generate correct configs",
                    "BLOCK=6160: writes offs up to index 98,559 of 98,432 (src.shape[0]) without a mask",
                    "change the kernel instead: mask the offsets built from BLOCK"});
    EXPECT_FALSE(proposed(found[0]->message)) << found[0]->message;
}

TEST(GenerationFix, ParserExceptionNoHintHelps)
{
    const std::string function = "scale_cast_product";
    kernel::Workload w = vectorLaunch(function);
    w.setArg("scale", ArgValue{ArgValue::Kind::Float, 0, 0.5});
    const KernelAnalysis a = analyse(w);
    ASSERT_TRUE(a.parse.error);
    EXPECT_EQ(a.parse.errorType, "AttributeError");
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->line, 108);
    EXPECT_EQ(found[0]->column, 26);  // tl.load(...).to(tl.float32)
    expectContains(found[0]->message,
                   {"its parse raises AttributeError: 'Call' object has no attribute 'id'",
                    "it runs even when split_params is given", "no key/hints setting makes 2026-04 generate",
                    "change the kernel instead: assign the call to a name first (`v = tl.load(src + offs, "
                    "mask=mask).to(tl.float32)`)"});
    EXPECT_FALSE(proposed(found[0]->message));
}

TEST(GenerationFix, HintTextIsWhatTheDecoratorTakes)
{
    AxisHints h;
    h.splitParams = AxisMap{{"x", "BLOCK"}};
    h.tilingParams = AxisMap{};
    h.lowDimAxes = std::vector<std::string>{"x"};
    h.reductionAxes = std::vector<std::string>{};
    EXPECT_EQ(hintText({{"x", "numel"}}, h), "key={'x': 'numel'}, hints={'split_params': {'x': 'BLOCK'}, "
                                             "'tiling_params': {}, 'low_dim_axes': ['x'], 'reduction_axes': []}");
}

TEST(GenerationFix, SplitFixedByTheGridGetsALaunchValueNotAHint)
{
    const std::string function = "scale_fixed_grid";
    auto launch = [&](const std::filesystem::path& file) {
        kernel::Workload w = vectorLaunch(function, file, 98304);
        w.grid = {};
        w.grid.kind = kernel::GridArg::Kind::Static;
        w.grid.dims = {48};
        return w;
    };
    const KernelAnalysis a = analyse(launch(kKernels));
    ASSERT_TRUE(a.parse.error);
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->line, 129);
    EXPECT_EQ(found[0]->column, 12);  // tl.program_id(0) * BLOCK
    const std::string& m = found[0]->message;
    expectContains(m, {"it cannot tie BLOCK to split axis x (numel) [split fixed by the grid]",
                       "grid dim 0 is 48 whatever BLOCK is",
                       "checked fix: pass BLOCK=2048 at launch (the share of axis x the grid gives each program)",
                       "to tune BLOCK instead, write the grid as a lambda of meta['BLOCK']"});
    EXPECT_FALSE(proposed(m));  // no hint: it would tune a split the grid does not follow

    // The launch value really generates the count the message gives.
    static const std::regex re("with it 2026-04 generates (\\d+) config");
    std::smatch match;
    ASSERT_TRUE(std::regex_search(m, match, re)) << m;
    kernel::Workload passed = launch(kKernels);
    passed.setArg("BLOCK", ArgValue::integer(2048));
    const KernelAnalysis fixed = analyse(passed);
    EXPECT_FALSE(fixed.parse.error);
    const space::BackendConfigs configs = generate(fixed);
    EXPECT_FALSE(configs.error);
    EXPECT_EQ(configs.generatedCount(), std::stoul(match[1]));
    EXPECT_TRUE(fixes(fixed).empty());
}

TEST(GenerationFix, NothingToTuneFallsBackAndNoHintHelps)
{
    const KernelAnalysis a = analyse(vectorLaunch("copy_scalar"));
    EXPECT_FALSE(a.parse.error);
    const space::BackendConfigs configs = generate(a);
    ASSERT_TRUE(configs.error);  // the fallback config's TypeError
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->line, 121);
    EXPECT_EQ(found[0]->column, 1);
    expectContains(found[0]->message,
                   {"2026-04 generates nothing for this launch (it generates no config and raises TypeError: "
                    "Config.__init__() got an unexpected keyword argument 'num_buffers_warp_spec')",
                    "no low-dim axis", "No block parameter is left untied; no key/hints setting makes it generate"});
    EXPECT_FALSE(proposed(found[0]->message));
}

TEST(GenerationFix, ModeFlagIsNoBlockSizeAndGetsNoHint)
{
    const KernelAnalysis a = analyse(vectorLaunch("scale_mode"));
    ASSERT_TRUE(a.parse.error);
    EXPECT_EQ(a.parse.error->rfind("Missing required arguments: ['MODE']", 0), 0u) << *a.parse.error;
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0]->line, 136);  // the MODE parameter
    expectContains(found[0]->message, {"it cannot tie MODE to any axis [not a block size]",
                                       "pass MODE at launch or give it a default value"});
    EXPECT_FALSE(proposed(found[0]->message));
}

TEST(GenerationFix, ProgramIdThroughArithmetic)
{
    const std::string function = "scale_tiles_flat_grid";
    auto launch = [&](const std::filesystem::path& file) {
        kernel::Workload w;
        w.kernelPath = file.string();
        w.function = function;
        w.setArg("src", ArgValue::tensor("float16", {512, 1000}));
        w.setArg("dst", ArgValue::tensor("float16", {512, 1000}));
        w.setArg("n_rows", ArgValue::integer(512));
        w.setArg("n_cols", ArgValue::integer(1000));
        w.grid.kind = kernel::GridArg::Kind::Expression;
        w.grid.expression = "lambda meta: (triton.cdiv(n_rows, meta['BLOCK_R']) * triton.cdiv(n_cols, meta['BLOCK_C']),)";
        return w;
    };
    const KernelAnalysis a = analyse(launch(kKernels));
    ASSERT_TRUE(a.parse.error);
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0]->line, 152);  // rows = pid_r * BLOCK_R + ...
    EXPECT_EQ(found[1]->line, 153);
    expectContains(found[0]->message, {"it cannot tie BLOCK_R to", "axis x (n_rows) [program id through arithmetic]",
                                       "`pid_r` is computed from the program id (`pid_r = pid // col_blocks`, line 150)"});
    expectContains(found[1]->message, {"it cannot tie BLOCK_C to", "axis y (n_cols) [program id through arithmetic]"});
    EXPECT_EQ(proposed(found[0]->message)->text, proposed(found[1]->message)->text);
    expectFixGenerates(function, *found[0], launch);
}

TEST(GenerationFix, TheVersionOfTheParseIsTheOneChecked)
{
    // Called directly: the parse input's backend decides which parse and generation run.
    const KernelAnalysis a = analyse(vectorLaunch("scale_pid_helper"));
    for (const auto version : {test::backend2604(), test::backend2608()}) {
        ParseInput input;
        input.function = a.kernel->function;
        for (const kernel::Parameter& p : a.kernel->params)
            input.argNames.push_back(p.name);
        input.keyList = {"numel"};
        input.args = a.launchArgs;
        input.grid.kind = GridSpec::Kind::Callable;
        input.grid.function = [](const std::map<std::string, std::int64_t>& meta) -> std::optional<GridValue> {
            const auto block = meta.find("BLOCK");
            if (block == meta.end() || block->second <= 0)
                return std::nullopt;
            GridValue g;
            g.valid = true;
            g.dims.push_back((98432 + block->second - 1) / block->second);
            return g;
        };
        input.backend = version;
        const AxisParse parse = parseAxes(input);
        GenerationFixInput in;
        in.input = &input;
        in.parse = &parse;
        in.launch = pipeline::launchSpecFor(a);
        in.device = space::fromProfile(device("Ascend910B2"));
        in.module = a.file->module.get();
        in.fileName = "k.py";
        const Diagnostics ds = explainGenerationFailure(in);
        const std::string name(kernel::backendName(version));
        if (version == test::backend2604()) {
            ASSERT_EQ(ds.size(), 1u);
            expectContains(ds[0].message, {"with it 2026-04 generates ", "`pid` comes from `_program_index()`"});
        }
        // Whatever 2026-08's own parse concludes, each note speaks of that version only.
        for (const Diagnostic& d : ds) {
            EXPECT_EQ(d.message.rfind(name + " generates nothing for this launch", 0), 0u) << d.message;
            const std::string other = version == test::backend2604() ? "2026-08" : "2026-04";
            EXPECT_EQ(d.message.find(other), std::string::npos) << d.message;
        }
    }
}

TEST(GenerationFix, OtherHintsAreKeptInTheProposedHints)
{
    const std::string function = "scale_pid_helper_hinted";
    const KernelAnalysis a = analyse(vectorLaunch(function));
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    expectContains(found[0]->message, {"'reduction_axes': [], 'multibuffer': [False, True]}` in @triton.autotune"});
    expectFixGenerates(function, *found[0], [&](const std::filesystem::path& file) { return vectorLaunch(function, file); });
}

TEST(GenerationFix, EmptyKeyGetsTheAxisItsMaskNames)
{
    const std::string function = "scale_empty_key";
    const KernelAnalysis a = analyse(vectorLaunch(function));
    ASSERT_TRUE(a.parse.error);
    const auto found = fixes(a);
    ASSERT_EQ(found.size(), 1u);
    expectContains(found[0]->message, {"it cannot tie BLOCK to split axis x (numel) [axis not in key]",
                                       "`key={'x': 'numel'}, hints={'split_params': {'x': 'BLOCK'}"});
    expectFixGenerates(function, *found[0], [&](const std::filesystem::path& file) { return vectorLaunch(function, file); });
}
