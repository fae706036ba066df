// Triton-Ascend 2026-08's vector path (Geofeng12138/triton-ascend 189dd87): the decorator checks,
// the parse of the bundled examples, the SIMD expansion with num_stages coupled to multibuffer,
// launch-fixed options, hints that expand configs, the fallback config, max_autotune.
//
// Expected values were produced by running upstream 189dd87's own autotuner.py
// (generate_key_and_configs, with stand-ins for torch and the NPU driver) on the same kernels
// and launches; messages are upstream's text.

#include "backend_versions.h"
#include "core/analysis/axis_parse.h"
#include "core/analysis/kernel_analysis.h"
#include "core/backends/v2608/vector_parse.h"
#include "core/kernel/kernel_model.h"
#include "core/backends/v2608/max_autotune.h"
#include "core/kernel/workload.h"
#include "core/pipeline/space_pipeline.h"
#include "core/space/backend_configs.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace ts;
using analysis::AxisMap;
using analysis::AxisParse;
using space::BackendConfigs;

namespace {

struct Run2608 {
    std::optional<analysis::KernelAnalysis> analysis;
    AxisParse parse;
    BackendConfigs configs;
};

AxisMap strMap(const py::Value& v)
{
    AxisMap out;
    if (v.type() == py::Value::Type::Dict)
        for (const auto& [k, x] : v.entries())
            if (k.isStr() && x.isStr())
                out.emplace_back(k.asStr(), x.asStr());
    return out;
}

std::vector<std::string> strList(const py::Value& v)
{
    std::vector<std::string> out;
    if (v.type() == py::Value::Type::List)
        for (const py::Value& x : v.items())
            if (x.isStr())
                out.push_back(x.asStr());
    return out;
}

// The analysis of `example` (optionally with its decorator text replaced and extra launch
// arguments), then the 2026-08 parse and generation on the same launch.
Run2608 run2608(const std::string& example, const std::string& decorator = {},
                const std::vector<std::pair<std::string, kernel::ArgValue>>& extra = {},
                const std::string& device = {})
{
    Run2608 out;
    const bool isPath = example.find('/') != std::string::npos;
    auto loaded = kernel::loadWorkload(isPath ? example : (test::examplesDir() / (example + ".json")).string());
    EXPECT_TRUE(loaded.workload);
    kernel::Workload w = *loaded.workload;
    if (!decorator.empty()) {
        std::string source = test::readText(w.kernelPath);
        const auto at = source.find("@triton.autotune(");
        const auto end = source.find("\n)\n", at);
        source = source.substr(0, at) + decorator + source.substr(end + 2);
        const auto dir = test::scratchDir("vector-2608-" + example + std::to_string(decorator.size()));
        w.kernelPath = (dir / (example + ".py")).string();
        std::ofstream(w.kernelPath) << source;
    }
    for (const auto& [name, value] : extra)
        w.setArg(name, value);
    if (!device.empty())
        w.device = device;
    analysis::AnalysisResult r = analysis::analyzeWorkload(w);
    EXPECT_TRUE(r.analysis);
    if (!r.analysis)
        return out;
    out.analysis = std::move(r.analysis);
    analysis::KernelAnalysis& a = *out.analysis;

    analysis::ParseInput in;
    in.backend = test::backend2608();
    in.function = a.kernel->function;
    for (const kernel::Parameter& p : a.kernel->params)
        in.argNames.push_back(p.name);
    const kernel::AutotuneSpec& spec = *a.kernel->autotune;
    in.keyList = spec.keyList;
    in.keyDict = spec.keyDict;
    in.rawHints = spec.hints;
    in.decoratorError = spec.maxAutotuneError;
    if (const kernel::DecoratorArgument* key = spec.decorator->argument("key");
        key && key->value && key->value->type() == py::Value::Type::Str)
        in.keyTypeName = "str";
    if (spec.hints) {
        if (const py::Value* v = spec.hints->get("split_params"))
            in.hints.splitParams = strMap(*v);
        if (const py::Value* v = spec.hints->get("tiling_params"))
            in.hints.tilingParams = strMap(*v);
        if (const py::Value* v = spec.hints->get("low_dim_axes"))
            in.hints.lowDimAxes = strList(*v);
        if (const py::Value* v = spec.hints->get("reduction_axes"))
            in.hints.reductionAxes = strList(*v);
    }
    in.args = a.launchArgs;
    in.printAutotuning = true;
    // The examples' grids depend on the block parameters: upstream finds no fixed grid dim.
    in.grid.kind = analysis::GridSpec::Kind::None;
    out.parse = analysis::parseAxes(in);
    a.parse = out.parse;
    space::LaunchSpec launch = pipeline::launchSpecFor(a);
    launch.backend = test::backend2608();
    const auto profile = nlohmann::json::parse(
        test::readText(test::sourceDir() / "resources" / "devices" / (w.device + ".json")));
    const int aicore = profile.at("figures").at("cube_cores").at("value").get<int>();
    out.configs = space::generateBackendConfigs(out.parse, launch, space::GeneratorDevice::forSoc(w.device, aicore));
    return out;
}

std::string configText(const space::TritonConfig& c)
{
    std::string out = "{";
    for (std::size_t i = 0; i < c.kwargs.size(); ++i)
        out += (i ? ", '" : "'") + c.kwargs[i].first + "': " + c.kwargs[i].second.toPython();
    return out + "} w" + std::to_string(c.numWarps) + " s" + std::to_string(c.numStages);
}

std::vector<std::string> configTexts(const BackendConfigs& b)
{
    std::vector<std::string> out;
    for (const space::TritonConfig& c : b.configs)
        out.push_back(configText(c));
    return out;
}

bool hasLine(const std::vector<std::string>& lines, const std::string& line)
{
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

kernel::ArgValue boolArg(bool v)
{
    kernel::ArgValue a;
    a.kind = kernel::ArgValue::Kind::Bool;
    a.boolValue = v;
    return a;
}

const char* kAddDecorator = "@triton.autotune(\n    configs=[],\n    key=[\"n_elements\"],\n";

std::string addWithHints(const std::string& hints)
{
    return std::string(kAddDecorator) + "    hints=" + hints + ",\n)\n";
}

} // namespace

// add.py, 98432 fp16 on a 910B2: 31 tilings, each listed with multibuffer True (num_stages 2)
// then False (num_stages 1).
TEST(Vector2608, AddExampleCouplesMultibufferAndNumStages)
{
    const Run2608 r = run2608("add");
    ASSERT_FALSE(r.parse.error) << *r.parse.error;
    EXPECT_EQ(r.parse.kernelType, "vector");
    EXPECT_EQ(r.parse.splitParams, (AxisMap{{"x", "XBLOCK"}}));
    EXPECT_EQ(r.parse.tilingParams, (AxisMap{{"x", "XBLOCK_SUB"}}));
    EXPECT_EQ(r.parse.lowDimAxes, std::vector<std::string>{"x"});
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    const auto texts = configTexts(r.configs);
    ASSERT_EQ(texts.size(), 62u);
    EXPECT_EQ(texts[0], "{'XBLOCK': 12304, 'XBLOCK_SUB': 12304, 'multibuffer': True} w1 s2");
    EXPECT_EQ(texts[1], "{'XBLOCK': 12304, 'XBLOCK_SUB': 12304, 'multibuffer': False} w1 s1");
    EXPECT_EQ(texts[2], "{'XBLOCK': 12304, 'XBLOCK_SUB': 6160, 'multibuffer': True} w1 s2");
    EXPECT_EQ(texts[4], "{'XBLOCK': 12304, 'XBLOCK_SUB': 4096, 'multibuffer': True} w1 s2");
    EXPECT_EQ(texts[61], "{'XBLOCK': 2051, 'XBLOCK_SUB': 512, 'multibuffer': False} w1 s1");
    EXPECT_TRUE(hasLine(r.configs.log, "Triton autotuning: Expanded to 62 SIMD configs (toggle multibuffer=False)"));
    EXPECT_TRUE(hasLine(r.configs.log, "Generated configs number: 62"));
    EXPECT_TRUE(hasLine(r.configs.log,
                        "Ascend autotuning vector tile inputs: axis_sizes={'x': 98432}, split_params={'x': 'XBLOCK'}, "
                        "fixed_split_params={}, tiling_params={'x': 'XBLOCK_SUB'}, low_dim_axes=['x'], "
                        "reduction_axes=[], persistent_reduction=False, dual_reduction=False, num_buffers=3"));
    EXPECT_TRUE(hasLine(r.parse.backendLog,
                        "Ascend autotuning parse pointer params: ['x_ptr', 'y_ptr', 'out_ptr'], pointer nums: 3"));
}

// On a 910_95 class device the default multibuffer is False: it comes first, and the UB budget
// is 256 KB.
TEST(Vector2608, AddOn950ListsDefaultMultibufferFirst)
{
    const Run2608 r = run2608("add", {}, {}, "Ascend910_9589");
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    const auto texts = configTexts(r.configs);
    ASSERT_EQ(texts.size(), 36u);
    EXPECT_EQ(texts[0], "{'XBLOCK': 6152, 'XBLOCK_SUB': 6152, 'multibuffer': False} w1 s1");
    EXPECT_EQ(texts[1], "{'XBLOCK': 6152, 'XBLOCK_SUB': 6152, 'multibuffer': True} w1 s2");
    EXPECT_EQ(texts[2], "{'XBLOCK': 6152, 'XBLOCK_SUB': 3088, 'multibuffer': False} w1 s1");
    EXPECT_EQ(texts[35], "{'XBLOCK': 3076, 'XBLOCK_SUB': 2048, 'multibuffer': True} w1 s2");
    EXPECT_TRUE(hasLine(r.configs.log, "Triton autotuning: Expanded to 36 SIMD configs (toggle multibuffer=True)"));
}

TEST(Vector2608, LaunchFixedMultibufferOrNumStagesSkipsTheExpansion)
{
    Run2608 r = run2608("add", {}, {{"multibuffer", boolArg(false)}});
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    auto texts = configTexts(r.configs);
    ASSERT_EQ(texts.size(), 31u);
    EXPECT_EQ(texts[0], "{'XBLOCK': 12304, 'XBLOCK_SUB': 12304} w1 s1");
    EXPECT_EQ(texts[30], "{'XBLOCK': 2051, 'XBLOCK_SUB': 512} w1 s1");
    EXPECT_TRUE(hasLine(r.configs.log, "Triton autotuning: Skip SIMD multibuffer expansion because user "
                                            "specified multibuffer=False, num_stages=None"));

    r = run2608("add", {}, {{"num_stages", kernel::ArgValue::integer(1)}});
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    texts = configTexts(r.configs);
    ASSERT_EQ(texts.size(), 31u);
    EXPECT_EQ(texts[0], "{'XBLOCK': 12304, 'XBLOCK_SUB': 12304, 'multibuffer': False} w1 s1");
    EXPECT_TRUE(hasLine(r.configs.log, "Triton autotuning: Skip SIMD multibuffer expansion because user "
                                            "specified multibuffer=None, num_stages=1"));
}

// hints={"multibuffer": [True, False]} becomes num_stages [2, 1] and multiplies every config.
TEST(Vector2608, MultibufferHintExpandsNumStages)
{
    const Run2608 r = run2608("add", addWithHints("{\"multibuffer\": [True, False]}"));
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    const auto texts = configTexts(r.configs);
    ASSERT_EQ(texts.size(), 124u);
    EXPECT_EQ(texts[0], "{'XBLOCK': 12304, 'XBLOCK_SUB': 12304, 'multibuffer': True} w1 s2");
    EXPECT_EQ(texts[1], "{'XBLOCK': 12304, 'XBLOCK_SUB': 12304, 'multibuffer': True} w1 s1");
    EXPECT_EQ(texts[2], "{'XBLOCK': 12304, 'XBLOCK_SUB': 12304, 'multibuffer': False} w1 s2");
    EXPECT_EQ(texts[123], "{'XBLOCK': 2051, 'XBLOCK_SUB': 512, 'multibuffer': False} w1 s1");
}

// With handwritten configs a constexpr hint expands them, num_stages [1, 2] joining.
TEST(Vector2608, ConstexprHintExpandsHandwrittenConfigs)
{
    const Run2608 r = run2608("add", "@triton.autotune(\n    configs=[triton.Config({\"XBLOCK\": 1024, "
                                     "\"XBLOCK_SUB\": 256})],\n    key=[\"n_elements\"],\n    hints={\"XBLOCK_SUB\": "
                                     "[128, 256]},\n)\n");
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    EXPECT_EQ(configTexts(r.configs),
              (std::vector<std::string>{"{'XBLOCK': 1024, 'XBLOCK_SUB': 128} w4 s1",
                                        "{'XBLOCK': 1024, 'XBLOCK_SUB': 128} w4 s2",
                                        "{'XBLOCK': 1024, 'XBLOCK_SUB': 256} w4 s1",
                                        "{'XBLOCK': 1024, 'XBLOCK_SUB': 256} w4 s2"}));
}

TEST(Vector2608, DecoratorChecksRaiseUpstreamsMessages)
{
    struct Case {
        std::string decorator;
        std::string error;
    };
    const std::vector<Case> cases = {
        {addWithHints("{\"FOO\": [1], \"BAR\": 2}"),
         "Unsupported hints keys: ['BAR', 'FOO']. Legal keys must be reserved hints, tl.constexpr kernel "
         "parameters, or supported compile options."},
        {"@triton.autotune(\n    configs=[],\n    key={\"x\": \"n_elements\"},\n)\n",
         "key must be a list, got: <class 'dict'>"},
        {addWithHints("{\"axes\": {\"x\": \"XBLOCK\"}}"),
         "All values in 'hints.axes' must reference runtime non-constexpr argument names. Got 'XBLOCK' for "
         "axis 'x'."},
        {addWithHints("{\"split_params\": {\"x\": \"XBLOCK\"}}"),
         "hints.axes must be provided when axis metadata (split_params, tiling_params, low_dim_axes, "
         "reduction_axes) is supplied."},
        {addWithHints("{\"tunable_parameter\": (\"XBLOCK\",)}"),
         "hints.tunable_parameter must be a list, got: <class 'tuple'>"},
        {addWithHints("{\"kernel_type\": \"Vec\"}"),
         "Unsupported kernel_type 'vec', expected one of: ['auto', 'cube', 'mix', 'vector']"},
        {addWithHints("{\"axes\": [\"x\"]}"), "hints.axes must be a dict, got: <class 'list'>"},
        {addWithHints("{\"axes\": {\"q\": \"n_elements\"}}"),
         "All keys in 'hints.axes' must be valid axis names. Got unexpected keys."},
        {addWithHints("{\"multibuffer\": True}"),
         "hints['multibuffer'] must be a non-empty list/tuple when used for config expansion."},
        {addWithHints("{\"multibuffer\": [1]}"), "hints['multibuffer'] must contain only boolean values."},
        {"@triton.autotune(\n    configs=[],\n    key=\"n_elements\",\n)\n", "key must be a list, got: <class 'str'>"},
        {"@triton.max_autotune(\n    configs=[triton.Config({\"XBLOCK\": 1024})],\n    key=[\"n_elements\"],\n    "
         "kernel_type=\"vector\",\n)\n",
         "Invalid value for 'num_stages': [3]. Expected: must be one or more of: [1, 2]"},
    };
    for (const Case& c : cases) {
        const Run2608 r = run2608("add", c.decorator);
        ASSERT_TRUE(r.parse.error) << c.decorator;
        EXPECT_EQ(*r.parse.error, c.error) << c.decorator;
        EXPECT_EQ(r.parse.errorType, "ValueError");
    }
}

TEST(Vector2608, HintValueCheckRaisesAtTheFirstLaunch)
{
    const Run2608 r = run2608("add", addWithHints("{\"num_stages\": [3]}"));
    ASSERT_FALSE(r.parse.error);
    ASSERT_TRUE(r.configs.error);
    EXPECT_EQ(*r.configs.error,
              "ValueError: Invalid value for 'num_stages': [3]. Expected: must be one or more of: [1, 2]");
}

TEST(Vector2608, FullAxisMetadataIsTakenAsGiven)
{
    const Run2608 r = run2608("add", addWithHints("{\"axes\": {\"x\": \"n_elements\"}, \"split_params\": {\"x\": "
                                                  "\"XBLOCK\"}, \"tiling_params\": {\"x\": \"XBLOCK_SUB\"}, "
                                                  "\"low_dim_axes\": [\"x\"], \"reduction_axes\": []}"));
    ASSERT_FALSE(r.parse.error) << *r.parse.error;
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    EXPECT_EQ(r.configs.configs.size(), 62u);
}

// A kernel_type hint of cube or mix leaves the vector path: on a kernel without tl.dot the cube
// parse finds no site and raises as upstream does.
TEST(Vector2608, CubeHintLeavesTheVectorPath)
{
    const Run2608 r = run2608("add", addWithHints("{\"kernel_type\": \" Cube \"}"));
    EXPECT_EQ(r.parse.kernelType, "cube");
    ASSERT_TRUE(r.parse.error);
    EXPECT_EQ(r.parse.errorType, "RuntimeError");
    EXPECT_TRUE(r.parse.error->starts_with("cv parser status")) << *r.parse.error;
    EXPECT_TRUE(r.parse.keys.empty());
}

// Everything passed: no parameter to tune, the axis sized by its fixed tiling (XBLOCK_SUB); the
// one empty tiling is still listed with both multibuffer values.
TEST(Vector2608, NothingToTuneStillListsBothMultibufferValues)
{
    const Run2608 r = run2608("add", {}, {{"XBLOCK", kernel::ArgValue::integer(1024)},
                                          {"XBLOCK_SUB", kernel::ArgValue::integer(256)}});
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    EXPECT_EQ(configTexts(r.configs),
              (std::vector<std::string>{"{'multibuffer': True} w1 s2", "{'multibuffer': False} w1 s1"}));
    const analysis::VectorParse2608* vp = analysis::vectorParse2608(r.parse);
    ASSERT_TRUE(vp);
    ASSERT_EQ(vp->axes.size(), 1u);
    EXPECT_EQ(vp->axes[0].fixedTilingExpr, "XBLOCK_SUB");
    EXPECT_TRUE(hasLine(r.parse.backendLog, "Ascend autotuning parse low dimensional axes: ['x']"));
    EXPECT_TRUE(hasLine(r.parse.backendLog, "Ascend autotuning parse split axes: {'x': 'XBLOCK'}, split axis pid "
                                            "dims: {'x': 0}, axis pid dims: {'x': 0}"));
    EXPECT_TRUE(hasLine(r.parse.backendLog, "Ascend autotuning parse tiling axes: {}"));
}

// Nothing generated and no handwritten config: the fallback config, which 189dd87's
// triton.Config accepts (2026-04 raised a TypeError here).
TEST(Vector2608, EmptyGenerationFallsBackWithoutRaising)
{
    analysis::AxisParse parse;
    parse.backend = test::backend2608();
    // An axis of 2,000,000 elements with nothing to tune (clamp_default.py): no tile fits.
    auto vp = std::make_shared<analysis::VectorParse2608>();
    vp->axes.push_back(analysis::VectorAxis2608{"x"});
    vp->axes[0].lengthExpr = "n";
    vp->axes[0].lowDim = true;
    vp->axes[0].materialized = true;
    vp->axes[0].size = 2000000;
    vp->axes[0].source = analysis::AxisSizeSource::LengthArg;
    vp->lowDimAxes = {"x"};
    parse.detail = vp;
    parse.keys = {{"x", "n"}};
    parse.lowDimAxes = {"x"};
    space::LaunchSpec launch;
    launch.backend = test::backend2608();
    launch.tensorDtypes = {"float32", "float32"};
    launch.keyValues = {{"x", 2000000}};
    const BackendConfigs b =
        space::generateBackendConfigs(parse, launch, space::GeneratorDevice::forSoc("Ascend910B2", 24));
    ASSERT_FALSE(b.error) << *b.error;
    ASSERT_EQ(b.configs.size(), 1u);
    EXPECT_EQ(b.origins[0], BackendConfigs::Origin::Fallback);
    EXPECT_EQ(configText(b.configs[0]), "{} w4 s2");
    EXPECT_TRUE(hasLine(b.warnings, "[WARNING] The generated candidate tiling configs are empty based on provided "
                                    "parameters!"));
}

// get_max_configs: each base config times its kernel type's parameters, in sorted order.
TEST(Vector2608, MaxAutotuneExpandsBaseConfigs)
{
    py::ConfigValue base;
    base.kwargs.emplace_back("XBLOCK", py::Value::integer(1024));
    base.numStages = 2;
    auto bools = [](std::vector<bool> v) {
        std::vector<py::Value> items;
        for (bool b : v)
            items.push_back(py::Value::boolean(b));
        return py::Value::list(items);
    };
    kernel::MaxAutotuneExpansion e = kernel::expandMaxAutotune2608(
        {base}, "vector", {{"enable_ubuf_saving", bools({true, false})}, {"unit_flag", bools({true})}});
    ASSERT_FALSE(e.error);
    ASSERT_EQ(e.configs.size(), 2u);
    EXPECT_EQ(e.configs[0].repr(), "triton.Config({'XBLOCK': 1024, 'enable_ubuf_saving': True}, num_stages=2)");
    EXPECT_EQ(e.configs[1].repr(), "triton.Config({'XBLOCK': 1024, 'enable_ubuf_saving': False}, num_stages=2)");
    EXPECT_EQ(e.printed, std::vector<std::string>{"[WARNING] The following parameters are not supported for "
                                                  "kernel_type 'vector': ['unit_flag']. They will be ignored."});

    // The default mixcv table: 2 x 2 x 2 workspace / vector / cube loops.
    e = kernel::expandMaxAutotune2608({base}, "mixcv", {});
    ASSERT_FALSE(e.error);
    EXPECT_EQ(e.configs.size(), 8u);

    // A base config without num_stages carries triton.Config's default 3, which the check
    // rejects: upstream raises for every such config.
    py::ConfigValue plain;
    plain.kwargs.emplace_back("XBLOCK", py::Value::integer(1024));
    e = kernel::expandMaxAutotune2608({plain}, "vector", {});
    ASSERT_TRUE(e.error);
    EXPECT_EQ(*e.error, "Invalid value for 'num_stages': [3]. Expected: must be one or more of: [1, 2]");

    e = kernel::expandMaxAutotune2608({}, "vector", {});
    ASSERT_TRUE(e.error);
    EXPECT_EQ(*e.error, "[max_autotune] The argument 'configs' cannot be empty. Please provide at least one base "
                        "config. ");
}

// FNV-1a of the config list, one configText per line: a compact fingerprint of the exact list.
std::uint64_t fingerprint(const std::vector<std::string>& texts)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        for (unsigned char c : (i ? "\n" : "") + texts[i]) {
            h ^= c;
            h *= 0x100000001b3ULL;
        }
    }
    return h;
}

// The bundled examples on their own devices: the parse (as upstream prints it with
// TRITON_PRINT_AUTOTUNING=1) and the exact candidate list.
TEST(Vector2608, BundledExamplesMatchUpstream)
{
    struct Expected {
        std::string example;
        std::size_t count;
        std::uint64_t fingerprint;
        std::vector<std::string> printed;
    };
    const std::vector<Expected> cases = {
    {"add", 62, 0x6f1e79b0f0015565ULL,
     {"Ascend autotuning parse pointer params: ['x_ptr', 'y_ptr', 'out_ptr'], pointer nums: 3",
      "Ascend autotuning parse axis arg names: {'x': 'n_elements'} ",
      "Ascend autotuning parse reduction axes: []",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['x'],",
      "                 '_reduction_axis_names': [],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': True,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'n_elements',",
      "                                'name': 'x',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'XBLOCK',",
      "                                'tiling_param': 'XBLOCK_SUB'}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'x': 98432}, split_params={'x': 'XBLOCK'}, fixed_split_params={}, tiling_params={'x': 'XBLOCK_SUB'}, low_dim_axes=['x'], reduction_axes=[], persistent_reduction=False, dual_reduction=False, num_buffers=3",
      "Triton autotuning: Expanded to 62 SIMD configs (toggle multibuffer=False)",
      "Generated configs number: 62"}},
    {"add_16m", 36, 0xf28c3daffe8a178dULL,
     {"Ascend autotuning parse pointer params: ['x_ptr', 'y_ptr', 'out_ptr'], pointer nums: 3",
      "Ascend autotuning parse axis arg names: {'x': 'n_elements'} ",
      "Ascend autotuning parse reduction axes: []",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['x'],",
      "                 '_reduction_axis_names': [],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': True,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'n_elements',",
      "                                'name': 'x',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'XBLOCK',",
      "                                'tiling_param': 'XBLOCK_SUB'}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'x': 16777216}, split_params={'x': 'XBLOCK'}, fixed_split_params={}, tiling_params={'x': 'XBLOCK_SUB'}, low_dim_axes=['x'], reduction_axes=[], persistent_reduction=False, dual_reduction=False, num_buffers=3",
      "Triton autotuning: Expanded to 36 SIMD configs (toggle multibuffer=False)",
      "Generated configs number: 36"}},
    {"bias_gelu_2d", 8, 0x2a69ed5865df848dULL,
     {"Ascend autotuning parse pointer params: ['x_ptr', 'bias_ptr', 'out_ptr'], pointer nums: 3",
      "Ascend autotuning parse axis arg names: {'x': 'M', 'y': 'N'} ",
      "Ascend autotuning parse reduction axes: []",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['y'],",
      "                 '_reduction_axis_names': [],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': False,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'M',",
      "                                'name': 'x',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'XBLOCK',",
      "                                'tiling_param': 'XBLOCK_SUB'},",
      "                          'y': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': True,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'N',",
      "                                'name': 'y',",
      "                                'pid_dim': 1,",
      "                                'split_param': 'YBLOCK',",
      "                                'tiling_param': None}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'x': 4096, 'y': 11008}, split_params={'x': 'XBLOCK', 'y': 'YBLOCK'}, fixed_split_params={}, tiling_params={'x': 'XBLOCK_SUB'}, low_dim_axes=['y'], reduction_axes=[], persistent_reduction=False, dual_reduction=False, num_buffers=3",
      "Triton autotuning: Expanded to 8 SIMD configs (toggle multibuffer=False)",
      "Generated configs number: 8"}},
    {"column_sum", 54, 0x77d4f46ae30af7f3ULL,
     {"Ascend autotuning parse pointer params: ['dy_ptr', 'dbias_ptr'], pointer nums: 2",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['y'],",
      "                 '_reduction_axis_names': ['x'],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': False,",
      "                                'is_reduction': True,",
      "                                'length_expr': 'M',",
      "                                'name': 'x',",
      "                                'pid_dim': None,",
      "                                'split_param': None,",
      "                                'tiling_param': 'RBLOCK'},",
      "                          'y': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': True,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'N',",
      "                                'name': 'y',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'YBLOCK',",
      "                                'tiling_param': None}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'y': 4096, 'x': 16384}, split_params={'y': 'YBLOCK'}, fixed_split_params={}, tiling_params={'x': 'RBLOCK'}, low_dim_axes=['y'], reduction_axes=['x'], persistent_reduction=False, dual_reduction=False, num_buffers=2",
      "Triton autotuning: Expanded to 54 SIMD configs (toggle multibuffer=False)",
      "Generated configs number: 54"}},
    {"layer_norm", 36, 0x32e420847b623ff3ULL,
     {"Ascend autotuning parse pointer params: ['x_ptr', 'y_ptr', 'weight_ptr', 'bias_ptr'], pointer nums: 4",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['y'],",
      "                 '_reduction_axis_names': ['y'],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': False,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'n_rows',",
      "                                'name': 'x',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'XBLOCK',",
      "                                'tiling_param': None},",
      "                          'y': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': True,",
      "                                'is_reduction': True,",
      "                                'length_expr': 'n_cols',",
      "                                'name': 'y',",
      "                                'pid_dim': None,",
      "                                'split_param': None,",
      "                                'tiling_param': 'RBLOCK'}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'x': 8192, 'y': 4096}, split_params={'x': 'XBLOCK'}, fixed_split_params={}, tiling_params={'y': 'RBLOCK'}, low_dim_axes=['y'], reduction_axes=['y'], persistent_reduction=False, dual_reduction=False, num_buffers=4",
      "Triton autotuning: Expanded to 36 SIMD configs (toggle multibuffer=False)",
      "Generated configs number: 36"}},
    {"rms_norm", 64, 0x91081e7b831ff27dULL,
     {"Ascend autotuning parse pointer params: ['x_ptr', 'weight_ptr', 'out_ptr'], pointer nums: 3",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['y'],",
      "                 '_reduction_axis_names': ['y'],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': False,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'n_rows',",
      "                                'name': 'x',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'XBLOCK',",
      "                                'tiling_param': 'XBLOCK_SUB'},",
      "                          'y': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': 'BLOCK_D',",
      "                                'is_low_dim': True,",
      "                                'is_reduction': True,",
      "                                'length_expr': 'head_dim',",
      "                                'name': 'y',",
      "                                'pid_dim': None,",
      "                                'split_param': None,",
      "                                'tiling_param': None}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'x': 262144, 'y': 128}, split_params={'x': 'XBLOCK'}, fixed_split_params={}, tiling_params={'x': 'XBLOCK_SUB'}, low_dim_axes=['y'], reduction_axes=['y'], persistent_reduction=True, dual_reduction=False, num_buffers=3",
      "Triton autotuning: Expanded to 64 SIMD configs (toggle multibuffer=False)",
      "Generated configs number: 64"}},
    {"softmax", 102, 0xd536b5588147b58fULL,
     {"Ascend autotuning parse pointer params: ['out_ptr', 'in_ptr'], pointer nums: 2",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['y'],",
      "                 '_reduction_axis_names': ['y'],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': False,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'n_rows',",
      "                                'name': 'x',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'XBLOCK',",
      "                                'tiling_param': 'XBLOCK_SUB'},",
      "                          'y': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': 'BLOCK_N',",
      "                                'is_low_dim': True,",
      "                                'is_reduction': True,",
      "                                'length_expr': 'n_cols',",
      "                                'name': 'y',",
      "                                'pid_dim': None,",
      "                                'split_param': None,",
      "                                'tiling_param': None}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'x': 4096, 'y': 1024}, split_params={'x': 'XBLOCK'}, fixed_split_params={}, tiling_params={'x': 'XBLOCK_SUB'}, low_dim_axes=['y'], reduction_axes=['y'], persistent_reduction=True, dual_reduction=False, num_buffers=2",
      "Triton autotuning: Expanded to 102 SIMD configs (toggle multibuffer=False)",
      "Generated configs number: 102"}},
    {"softmax_950", 38, 0xfa7c96ce918a3215ULL,
     {"Ascend autotuning parse pointer params: ['out_ptr', 'in_ptr'], pointer nums: 2",
      "Ascend autotuning vector final parse result: {'vector_axes': {'_low_dim_axis_names': ['y'],",
      "                 '_reduction_axis_names': ['y'],",
      "                 'axes': {'x': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': None,",
      "                                'is_low_dim': False,",
      "                                'is_reduction': False,",
      "                                'length_expr': 'n_rows',",
      "                                'name': 'x',",
      "                                'pid_dim': 0,",
      "                                'split_param': 'XBLOCK',",
      "                                'tiling_param': 'XBLOCK_SUB'},",
      "                          'y': {'dynamic_source': 'none',",
      "                                'fixed_tiling_expr': 'BLOCK_N',",
      "                                'is_low_dim': True,",
      "                                'is_reduction': True,",
      "                                'length_expr': 'n_cols',",
      "                                'name': 'y',",
      "                                'pid_dim': None,",
      "                                'split_param': None,",
      "                                'tiling_param': None}}}}",
      "Ascend autotuning vector tile inputs: axis_sizes={'x': 4096, 'y': 1024}, split_params={'x': 'XBLOCK'}, fixed_split_params={}, tiling_params={'x': 'XBLOCK_SUB'}, low_dim_axes=['y'], reduction_axes=['y'], persistent_reduction=True, dual_reduction=False, num_buffers=2",
      "Triton autotuning: Expanded to 38 SIMD configs (toggle multibuffer=True)",
      "Generated configs number: 38"}},
    };
    for (const Expected& e : cases) {
        SCOPED_TRACE(e.example);
        const Run2608 r = run2608(e.example);
        ASSERT_FALSE(r.parse.error) << *r.parse.error;
        ASSERT_FALSE(r.configs.error) << *r.configs.error;
        const auto texts = configTexts(r.configs);
        EXPECT_EQ(texts.size(), e.count);
        EXPECT_EQ(fingerprint(texts), e.fingerprint);
        std::vector<std::string> printed = r.parse.backendLog;
        printed.insert(printed.end(), r.configs.log.begin(), r.configs.log.end());
        EXPECT_EQ(printed, e.printed);
    }
}

// The kernel model reads @triton.max_autotune like @triton.autotune, with its configs expanded.
TEST(Vector2608, KernelModelReadsMaxAutotune)
{
    const std::string source = "import triton\nimport triton.language as tl\n\n"
                               "@triton.max_autotune(\n"
                               "    configs=[triton.Config({'XBLOCK': 1024}, num_stages=1)],\n"
                               "    key=['n'],\n"
                               "    kernel_type='vector',\n"
                               "    enable_ubuf_saving=[True, False],\n"
                               ")\n"
                               "@triton.jit\n"
                               "def k(x_ptr, n, XBLOCK: tl.constexpr):\n"
                               "    pass\n";
    const kernel::KernelLoadResult loaded = kernel::loadKernelSource(source, "max.py");
    ASSERT_TRUE(loaded.file);
    const kernel::KernelDef* k = loaded.file->kernel("k");
    ASSERT_TRUE(k && k->autotune);
    EXPECT_TRUE(k->autotune->maxAutotune);
    EXPECT_EQ(k->autotune->keyList, std::vector<std::string>{"n"});
    EXPECT_EQ(k->autotune->maxKernelType, "vector");
    ASSERT_EQ(k->autotune->configs.size(), 2u);
    EXPECT_EQ(k->autotune->configs[0].repr(),
              "triton.Config({'XBLOCK': 1024, 'enable_ubuf_saving': True}, num_stages=1)");
    EXPECT_EQ(k->autotune->configs[1].repr(),
              "triton.Config({'XBLOCK': 1024, 'enable_ubuf_saving': False}, num_stages=1)");
    EXPECT_FALSE(k->autotune->maxAutotuneError);
}

// A row reduction written tl.sum(acc, 1): the mask search names no reduction; the call's axis
// argument does (upstream: reduction_axes ['y'], 36 configs on a 910B2 for 4096 x 4096 fp32).
TEST(Vector2608, ReductionFromTheCallsAxisArgument)
{
    const auto dir = test::scratchDir("vector-2608-row-sum");
    std::ofstream(dir / "row_sum.py")
        << "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n"
           "@triton.autotune(configs=[], key=[\"n_rows\", \"n_cols\"])\n@triton.jit\n"
           "def row_sum(inp, out, n_rows, n_cols, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):\n"
           "    rows = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]\n"
           "    row_ok = rows < n_rows\n"
           "    acc = tl.zeros([XBLOCK, RBLOCK], tl.float32)\n"
           "    for c0 in range(0, n_cols, RBLOCK):\n"
           "        cols = c0 + tl.arange(0, RBLOCK)[None, :]\n"
           "        acc += tl.load(inp + rows * n_cols + cols, mask=row_ok & (cols < n_cols), other=0.0)\n"
           "    tl.store(out + rows, tl.sum(acc, 1)[:, None], mask=row_ok)\n";
    std::ofstream(dir / "row_sum.json")
        << R"js({"kernel": "row_sum.py", "function": "row_sum", "args": {"inp": {"tensor": "float32", "shape": [4096, 4096]},)js"
           R"js( "out": {"tensor": "float32", "shape": [4096]}, "n_rows": 4096, "n_cols": 4096},)js"
           R"js( "grid": "lambda meta: (triton.cdiv(n_rows, meta['XBLOCK']),)", "device": "Ascend910B2"})js";
    const Run2608 r = run2608((dir / "row_sum.json").string());
    ASSERT_FALSE(r.parse.error) << *r.parse.error;
    EXPECT_EQ(r.parse.reductionAxes, std::vector<std::string>{"y"});
    EXPECT_FALSE(r.parse.persistentReduction);
    ASSERT_FALSE(r.configs.error) << *r.configs.error;
    EXPECT_TRUE(hasLine(r.configs.log,
                        "Ascend autotuning vector tile inputs: axis_sizes={'x': 4096, 'y': 4096}, split_params={'x': "
                        "'XBLOCK'}, fixed_split_params={}, tiling_params={'y': 'RBLOCK'}, low_dim_axes=['y'], "
                        "reduction_axes=['y'], persistent_reduction=False, dual_reduction=False, num_buffers=2"));
}
