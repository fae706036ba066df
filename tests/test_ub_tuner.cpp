// The UB tuner of 2026-08 (ubtuner.py via autotuner.py's _try_ubtuner): its search on the
// simulated NPU, what it attaches to a candidate, the tuning session with it on and off, and the
// lines it prints.

#include "backend_versions.h"
#include "core/analysis/kernel_analysis.h"
#include "core/batch/cached_tuning.h"
#include "core/cache/config_cache.h"
#include "core/cache/record_codec.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/tuning/tuning_report.h"
#include "core/tuning/tuning_session.h"
#include "core/tuning/ub_tuner.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

using namespace ts;

namespace {

struct Prepared {
    analysis::KernelAnalysis analysis;
    space::CandidateSpace space;
};

const npu::DeviceRegistry& registry()
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return r;
}

// A kernel with handwritten configs, under `backend`.
std::optional<Prepared> prepareKernel(const std::string& name, const std::string& source, const std::string& workload,
                                      kernel::BackendVersion backend, const std::string& device = "Ascend910B2")
{
    const auto dir = test::scratchDir("ub-tuner-" + name);
    std::ofstream(dir / (name + ".py")) << source;
    std::ofstream(dir / (name + ".json")) << workload;
    auto loaded = kernel::loadWorkload((dir / (name + ".json")).string());
    if (!loaded.workload)
        return std::nullopt;
    loaded.workload->device = device;
    auto analysed = analysis::analyzeWorkload(*loaded.workload);
    if (!analysed.analysis)
        return std::nullopt;
    analysed.analysis->parse.backend = backend;
    const npu::DeviceProfile* profile = registry().find(device);
    if (!profile)
        return std::nullopt;
    space::CandidateSpace s = pipeline::buildSpace(*analysed.analysis, *profile);
    return Prepared{std::move(*analysed.analysis), std::move(s)};
}

// Two fp32 loads and a store per sub-tile, in a loop: multibuffer doubles the loads' buffers.
const char* kAddSource = R"PY(import triton
import triton.language as tl

@triton.autotune(configs=[
    triton.Config({"XBLOCK": 65536, "SUB": 8192, "multibuffer": True}),
    triton.Config({"XBLOCK": 65536, "SUB": 16384, "multibuffer": True}),
    triton.Config({"XBLOCK": 262144, "SUB": 65536, "multibuffer": False}),
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
const char* kAddWorkload = R"JSON({"kernel": "add2.py", "args": {"x_ptr": {"tensor": "float32", "shape": [16777216]},
    "y_ptr": {"tensor": "float32", "shape": [16777216]}, "z_ptr": {"tensor": "float32", "shape": [16777216]},
    "n": 16777216}, "grid": "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)"})JSON";

// Rows of four fp16 values (8 B): the compiler pads each row to 32 B unless storage_align=False.
const char* kNarrowSource = R"PY(import triton
import triton.language as tl

@triton.autotune(configs=[
    triton.Config({"RBLOCK": 1024, "multibuffer": False}),
    triton.Config({"RBLOCK": 4096, "multibuffer": False}),
    triton.Config({"RBLOCK": 8192, "multibuffer": False}),
], key=["rows"])
@triton.jit
def narrow(x_ptr, y_ptr, rows, RBLOCK: tl.constexpr):
    r = tl.program_id(0) * RBLOCK + tl.arange(0, RBLOCK)[:, None]
    c = tl.arange(0, 4)[None, :]
    mask = r < rows
    x = tl.load(x_ptr + r * 4 + c, mask=mask)
    tl.store(y_ptr + r * 4 + c, x * 2.0, mask=mask)
)PY";
const char* kNarrowWorkload = R"JSON({"kernel": "narrow.py", "args": {"x_ptr": {"tensor": "float16", "shape": [1048576]},
    "y_ptr": {"tensor": "float16", "shape": [1048576]}, "rows": 262144},
    "grid": "lambda meta: (triton.cdiv(rows, meta['RBLOCK']),)"})JSON";

const npu::DeviceProfile& device(const std::string& soc) { return *registry().find(soc); }

tuning::TuningOptions withUbTuner(tuning::UbTunerMode mode, int jobs = 1)
{
    tuning::TuningOptions options;
    options.ubTuner = mode;
    options.jobs = jobs;
    return options;
}

} // namespace

TEST(UbTuner, ModeAsUpstreamReadsIt)
{
    using tuning::UbTunerMode;
    EXPECT_EQ(tuning::ubTunerModeFrom(std::nullopt, false), UbTunerMode::Off);
    EXPECT_EQ(tuning::ubTunerModeFrom("compile", false), UbTunerMode::Compile);
    EXPECT_EQ(tuning::ubTunerModeFrom("RUN", false), UbTunerMode::Run);
    EXPECT_EQ(tuning::ubTunerModeFrom("1", false), UbTunerMode::Off);       // only the two modes turn it on
    EXPECT_EQ(tuning::ubTunerModeFrom(std::nullopt, true), UbTunerMode::Run);  // @ubtuner: 'run' by default
    EXPECT_EQ(tuning::ubTunerModeFrom("compile", true), UbTunerMode::Compile);
    EXPECT_EQ(tuning::parseUbTunerMode("compile"), UbTunerMode::Compile);
    EXPECT_EQ(tuning::ubTunerModeName(UbTunerMode::Off), "off");
    EXPECT_FALSE(tuning::parseUbTunerMode("greedy"));
    EXPECT_EQ(tuning::TuningOptions{}.ubTuner, UbTunerMode::Off);  // off unless asked, like the variable
    EXPECT_TRUE(tuning::isUbOverflowError("UB overflow: 256 KiB live"));
    EXPECT_TRUE(tuning::isUbOverflowError("error: ub overflow, requires 300000 bits"));
    EXPECT_FALSE(tuning::isUbOverflowError("L1 overflow: the tl.dot operand tiles need"));
}

TEST(UbTuner, OffByDefaultAndAbsentUnder2604)
{
    for (const auto backend : {test::backend2608(), test::backend2604()}) {
        auto p = prepareKernel("add2", kAddSource, kAddWorkload, backend);
        ASSERT_TRUE(p);
        const auto mode = backend == test::backend2608() ? tuning::UbTunerMode::Off
                                                                      : tuning::UbTunerMode::Compile;
        const auto r = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(mode));
        ASSERT_EQ(r.tuned.size(), 3u);
        EXPECT_EQ(r.outcomes[1].status, tuning::OutcomeStatus::CompileFailed);
        EXPECT_EQ(r.outcomes[2].status, tuning::OutcomeStatus::CompileFailed);
        for (std::size_t index : r.tuned)
            EXPECT_FALSE(r.outcomes[index].ubTune);
        EXPECT_EQ(r.modelled.ubTunerSeconds, 0);
    }
}

TEST(UbTuner, CompileModeAttachesWhatTheGreedySearchKeeps)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto r = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Compile));
    ASSERT_FALSE(r.error);

    // SUB=16384 with multibuffer overflows; without it, it fits and is benchmarked with the fix.
    const auto& fixed = r.outcomes[1];
    ASSERT_TRUE(fixed.ubTune);
    const tuning::UbTuneResult& u = *fixed.ubTune;
    EXPECT_EQ(fixed.status, tuning::OutcomeStatus::Benchmarked);
    EXPECT_TRUE(fixed.bench.ok);
    EXPECT_LE(fixed.ubPeakBytes, fixed.ubCapacityBytes);
    EXPECT_TRUE(tuning::isUbOverflowError(u.trigger));
    EXPECT_EQ(u.compileOpts, "{'XBLOCK': 65536, 'SUB': 16384, 'multibuffer': True, 'num_warps': 4, 'num_ctas': 1, "
                             "'num_stages': 3}");
    EXPECT_EQ(u.start, (tuning::UbCompileOptions{false, false, std::string("ub-aware-op")}));
    EXPECT_TRUE(u.startOk);
    EXPECT_TRUE(u.measured.empty());  // 'compile' rates by the fixed table
    std::vector<std::string> order;
    for (const auto& o : u.order)
        order.push_back(o.key);
    EXPECT_EQ(order, (std::vector<std::string>{"vf_fusion_mode#max-parallel", "vf_fusion_mode#ub-aware-op",
                                               "enable_storage_align", "auto_multi_buffer"}));
    // A vf mode that compiles ends the string option; ub-aware-op is never tried.
    ASSERT_EQ(u.trials.size(), 3u);
    EXPECT_EQ(u.trials[0].option, "vf_fusion_mode");
    EXPECT_EQ(u.trials[0].value, "'max-parallel'");
    EXPECT_TRUE(u.trials[0].ok);
    EXPECT_EQ(u.trials[1].option, "enable_storage_align");
    EXPECT_TRUE(u.trials[1].ok);
    EXPECT_EQ(u.trials[2].option, "auto_multi_buffer");
    EXPECT_FALSE(u.trials[2].ok);
    EXPECT_TRUE(tuning::isUbOverflowError(u.trials[2].error));
    EXPECT_EQ(u.greedyConfig, (std::vector<std::pair<std::string, std::string>>{
                                  {"vf_fusion_mode", "'max-parallel'"},
                                  {"enable_storage_align", "True"},
                                  {"auto_multi_buffer", "False"}}));
    EXPECT_TRUE(u.finalOk);
    EXPECT_TRUE(u.attached());
    EXPECT_EQ(u.ubtuneCfg(), (std::vector<std::pair<std::string, std::string>>{
                                 {"storage_align", "True"}, {"multibuffer", "False"}, {"vf_fusion_mode", "'max-parallel'"}}));
    EXPECT_GT(u.compileSeconds, 0);
    EXPECT_GT(r.modelled.ubTunerSeconds, u.compileSeconds);  // plus the tuned candidate's own compile
    EXPECT_DOUBLE_EQ(r.modelled.totalSeconds,
                     r.modelled.compileSeconds + r.modelled.benchSeconds + r.modelled.ubTunerSeconds);

    // SUB=65536 overflows even at the smallest-UB start: the tuner raises, nothing is attached.
    const auto& hopeless = r.outcomes[2];
    ASSERT_TRUE(hopeless.ubTune);
    EXPECT_EQ(hopeless.status, tuning::OutcomeStatus::CompileFailed);
    EXPECT_FALSE(hopeless.ubTune->startOk);
    EXPECT_FALSE(hopeless.ubTune->attached());
    EXPECT_TRUE(hopeless.ubTune->trials.empty());
    EXPECT_FALSE(r.outcomes[0].ubTune);  // it compiled
}

TEST(UbTuner, PrintsWhatUbtunerPyPrints)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto r = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Compile));
    ASSERT_TRUE(r.outcomes[1].ubTune);
    std::vector<std::string> log = tuning::ubTunerLog(*r.outcomes[1].ubTune);
    // The compile error is TileScope's; cut it where upstream cuts the preview (100 characters).
    const std::string err = r.outcomes[1].ubTune->trials[2].error.substr(0, 100);
    // From ubtuner.py's greedy_optimize and _try_ubtuner, run with a compile that fails for
    // multibuffer=True only.
    const std::vector<std::string> expected = {
        "[UBTuner] compile_opts {'XBLOCK': 65536, 'SUB': 16384, 'multibuffer': True, 'num_warps': 4, 'num_ctas': 1, "
        "'num_stages': 3}",
        "[UBTuner] Using cost mode: compile",
        "[UBTuner] Running greedy optimization...",
        "[UBTuner] Greedy strategy - sorted options by benefit/cost:",
        "  vf_fusion_mode#max-parallel: cost=3, benefit=2.0, ratio=0.6666666666666666",
        "  vf_fusion_mode#ub-aware-op: cost=2, benefit=1.0, ratio=0.5",
        "  enable_storage_align: cost=4, benefit=1.2, ratio=0.3",
        "  auto_multi_buffer: cost=8, benefit=1.5, ratio=0.1875",
        "[UBTuner] Greedy: trying config with vf_fusion_mode=max-parallel",
        "[UBTuner] Greedy: vf_fusion_mode=max-parallel succeeded, keeping it",
        "[UBTuner] Greedy: trying config with enable_storage_align=True",
        "[UBTuner] Greedy: enable_storage_align=True succeeded, keeping it",
        "[UBTuner] Greedy: trying config with auto_multi_buffer=True",
        "[UBTuner] Greedy: auto_multi_buffer=True failed: " + err + "..., skipping",
        "\033[1;32m[UBTuner] Greedy optimized config: {'vf_fusion_mode': 'max-parallel', 'enable_storage_align': True, "
        "'auto_multi_buffer': False}\033[0m",
        "[UBTuner] Greedy config works!",
        "ub_cfg {'storage_align': True, 'multibuffer': False, 'vf_fusion_mode': 'max-parallel'}",
    };
    EXPECT_EQ(log, expected);

    const std::vector<std::string> raised = tuning::ubTunerLog(*r.outcomes[2].ubTune);
    ASSERT_EQ(raised.size(), 3u);
    EXPECT_EQ(raised[2].rfind("[WARN] encounter exception when try ubtune, Details: UB overflow:", 0), 0u) << raised[2];

    // On through @ubtuner with no mode named: ubtuner.py says it falls back to 'run'.
    tuning::UbTuneResult defaulted = *r.outcomes[2].ubTune;
    defaulted.modeDefaulted = true;
    EXPECT_EQ(tuning::ubTunerLog(defaulted)[1], "[UBTuner] Unknown mode: none, using 'run' as default");
}

TEST(UbTuner, RunModeRatesEachOptionByARun)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto r = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Run));
    ASSERT_TRUE(r.outcomes[1].ubTune);
    const tuning::UbTuneResult& u = *r.outcomes[1].ubTune;
    ASSERT_EQ(u.measured.size(), 4u);  // storage_align, multibuffer, both vf modes, in table order
    EXPECT_EQ(u.measured[0].key, "enable_storage_align");
    EXPECT_EQ(u.measured[1].key, "auto_multi_buffer");
    // multibuffer=True cannot run: cost 0, benefit -1e100, tried last.
    EXPECT_EQ(u.measured[1].cost, 0);
    EXPECT_EQ(u.measured[1].benefit, -1e100);
    EXPECT_FALSE(u.measured[1].error.empty());
    EXPECT_EQ(u.order.back().key, "auto_multi_buffer");
    for (const auto& m : u.measured) {
        if (m.key == "auto_multi_buffer")
            continue;
        EXPECT_EQ(m.cost % 8, 0) << m.key;  // UB bits
        EXPECT_GT(m.cost, 0) << m.key;
        EXPECT_LT(m.benefit, 0) << m.key;   // -(mean ms) * 1000
        EXPECT_DOUBLE_EQ(m.ratio, m.benefit / double(m.cost)) << m.key;
    }
    EXPECT_GT(u.benchSeconds, 0);
    EXPECT_TRUE(u.attached());
    EXPECT_EQ(u.chosen.multibuffer, false);
    const auto log = tuning::ubTunerLog(u);
    EXPECT_EQ(log[2], "[UBTuner] Running in run-mode, measuring execution time...");
    EXPECT_EQ(log[3], "[UBTuner] ======== enable_storage_align ========");
    EXPECT_EQ(log[5].rfind("[UBTuner] Run-mode auto_multi_buffer failed: UB overflow", 0), 0u) << log[5];
}

TEST(UbTuner, StorageAlignFalseWhenPaddedRowsOverflow)
{
    auto p = prepareKernel("narrow", kNarrowSource, kNarrowWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto r = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Compile));
    ASSERT_EQ(r.tuned.size(), 3u);
    EXPECT_FALSE(r.outcomes[1].ubTune);
    // RBLOCK=8192: 8192 rows of 8 B padded to 32 B is 256 KiB; packed it is 64 KiB.
    const auto& o = r.outcomes[2];
    ASSERT_TRUE(o.ubTune);
    EXPECT_TRUE(o.status == tuning::OutcomeStatus::Benchmarked || o.status == tuning::OutcomeStatus::Best);
    EXPECT_EQ(o.ubTune->chosen.storageAlign, false);
    bool alignTried = false;
    for (const auto& t : o.ubTune->trials)
        if (t.option == "enable_storage_align") {
            alignTried = true;
            EXPECT_FALSE(t.ok);
            EXPECT_TRUE(tuning::isUbOverflowError(t.error)) << t.error;
        }
    EXPECT_TRUE(alignTried);
    EXPECT_EQ(o.ubPeakBytes, 8192 * 4 * 2);
}

TEST(UbTuner, VfFusionModeCountsOnThe910_95PathOnly)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const npu::DeviceModel model = npu::DeviceModel::fromProfile(device("Ascend910B2"));
    auto trace = npu::KernelTrace::build(*p->analysis.file, *p->analysis.kernel,
                                         npu::KernelLaunch::fromWorkload(p->analysis.workload));
    ASSERT_TRUE(trace.trace);
    npu::CandidateValues values;
    values.constexprs = {{"XBLOCK", 65536}, {"SUB", 8192}};
    values.multibuffer = false;
    tuning::UbCompileOptions parallel;
    parallel.vfFusionMode = "max-parallel";
    const auto plain = tuning::compileWithUbOptions(*trace.trace, model, values, {}, true);
    const auto a2 = tuning::compileWithUbOptions(*trace.trace, model, values, parallel, false);
    const auto c95 = tuning::compileWithUbOptions(*trace.trace, model, values, parallel, true);
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(a2.footprint.ubPeakBytes, plain.footprint.ubPeakBytes);
    EXPECT_GT(c95.footprint.ubPeakBytes, plain.footprint.ubPeakBytes);
    // multibuffer in the options replaces the candidate's.
    tuning::UbCompileOptions mb;
    mb.multibuffer = true;
    EXPECT_TRUE(tuning::compileWithUbOptions(*trace.trace, model, values, mb, false).multibuffer);
}

TEST(UbTuner, SameResultWithAnyNumberOfWorkers)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto one = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Run, 1));
    const auto three = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Run, 3));
    EXPECT_EQ(one.best, three.best);
    EXPECT_EQ(one.modelled.ubTunerSeconds, three.modelled.ubTunerSeconds);
    EXPECT_EQ(one.modelled.totalSeconds, three.modelled.totalSeconds);
    for (std::size_t index : one.tuned) {
        ASSERT_EQ(bool(one.outcomes[index].ubTune), bool(three.outcomes[index].ubTune));
        if (one.outcomes[index].ubTune) {
            EXPECT_EQ(tuning::ubTunerLog(*one.outcomes[index].ubTune), tuning::ubTunerLog(*three.outcomes[index].ubTune));
        }
        EXPECT_EQ(one.outcomes[index].bench.p50Ms, three.outcomes[index].bench.p50Ms);
    }
}

TEST(UbTuner, ASingleConfigIsBenchmarkedWithTheTunerOn)
{
    const std::string source = R"PY(import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({"XBLOCK": 65536, "SUB": 16384, "multibuffer": True})], key=["n"])
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
    auto p = prepareKernel("add2", source.c_str(), kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto off = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Off));
    EXPECT_TRUE(off.error);  // the only config overflows
    const auto on = tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Compile));
    ASSERT_FALSE(on.error);
    ASSERT_TRUE(on.best);
    EXPECT_TRUE(on.outcomes[*on.best].ubTune);
    EXPECT_GT(on.modelled.benchSeconds, 0);  // run() benchmarks even one config with the tuner on
}

TEST(UbTuner, TheTextReportShowsTheFixes)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto options = withUbTuner(tuning::UbTunerMode::Compile);
    const auto r = tuning::tune(p->analysis, p->space, device("Ascend910B2"), options);
    EXPECT_EQ(r.ubTuner, tuning::UbTunerMode::Compile);
    const std::string text = tuning::tuningToText(p->analysis, p->space, r, options);
    EXPECT_NE(text.find("UB tuner (compile): 1 of 2 UB overflows fixed by a ubtune_cfg"), std::string::npos) << text;
    EXPECT_NE(text.find("SUB=16384, multibuffer=True, num_stages=3, ubtune_cfg.storage_align=True, ubtune_cfg.multibuffer=False, "
                        "ubtune_cfg.vf_fusion_mode='max-parallel'"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find(" UB tuner)"), std::string::npos) << text;
}

// The cache record keeps each candidate's search, so a tuning read back (from the cache's own
// columns or from its JSON export) still says what the tuner did.
TEST(UbTuner, TheRecordKeepsEachSearch)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto options = withUbTuner(tuning::UbTunerMode::Compile);
    const auto r = tuning::tune(p->analysis, p->space, device("Ascend910B2"), options);
    const cache::TuningRecord record = pipeline::recordFromTuning(p->analysis, p->space, r, options);
    ASSERT_TRUE(record.details);
    EXPECT_EQ(record.details->ubTuner, "compile");
    ASSERT_EQ(record.candidates.size(), 3u);
    // The stored candidate with SUB = `sub`.
    auto withSub = [&](const std::string& sub) -> const cache::CandidateRecord& {
        for (const cache::CandidateRecord& c : record.candidates)
            for (const auto& [name, value] : c.params)
                if (name == "SUB" && value == sub)
                    return c;
        return record.candidates.front();
    };
    EXPECT_TRUE(withSub("8192").ubTuneJson.empty());  // it compiled: the tuner never ran
    const auto fixed = nlohmann::json::parse(withSub("16384").ubTuneJson, nullptr, false);
    ASSERT_TRUE(fixed.is_object()) << withSub("16384").ubTuneJson;
    EXPECT_EQ(fixed["mode"], "compile");
    EXPECT_TRUE(fixed["finalOk"].get<bool>());
    EXPECT_EQ(fixed["ubtuneCfg"],
              (nlohmann::json{{"storage_align", "True"}, {"multibuffer", "False"}, {"vf_fusion_mode", "'max-parallel'"}}));
    EXPECT_EQ(fixed["trials"].size(), 3u);
    const auto hopeless = nlohmann::json::parse(withSub("65536").ubTuneJson, nullptr, false);
    ASSERT_TRUE(hopeless.is_object());
    EXPECT_FALSE(hopeless["startOk"].get<bool>());
    EXPECT_TRUE(hopeless["ubtuneCfg"].empty());

    // The cache's column codec and the JSON form both give it back unchanged.
    const auto decoded = cache::decodeCandidates(cache::encodeCandidates(record.candidates));
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, record.candidates);
    std::string error;
    const auto back = cache::tuningFromJson(cache::toJson(record), "tuning", &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->candidates, record.candidates);
    EXPECT_EQ(back->details->ubTuner, "compile");
    // A record without the tuner writes neither field (older readers see what they always did).
    const auto off = pipeline::recordFromTuning(p->analysis, p->space,
                                                tuning::tune(p->analysis, p->space, device("Ascend910B2"), withUbTuner(tuning::UbTunerMode::Off)),
                                                withUbTuner(tuning::UbTunerMode::Off));
    EXPECT_EQ(cache::toJson(off).dump().find("ubTune"), std::string::npos);
}

// The key leaves the tuner's mode out: a stored tuning made with another mode is tuned again
// (and replaced); one made with the same mode is reused, its searches included.
TEST(UbTuner, ACachedTuningIsReusedOnlyUnderTheSameMode)
{
    auto p = prepareKernel("add2", kAddSource, kAddWorkload, test::backend2608());
    ASSERT_TRUE(p);
    const auto dir = test::scratchDir("ub-tuner-cache");
    auto opened = cache::ConfigCache::open(dir / "cache.sqlite");
    ASSERT_TRUE(opened.cache);
    auto run = [&](tuning::UbTunerMode mode) {
        batch::CachedTuningOptions options;
        options.tuning = withUbTuner(mode);
        return batch::tuneCached(p->analysis, device("Ascend910B2"), opened.cache.get(), options, {}, {});
    };
    const auto first = run(tuning::UbTunerMode::Off);
    ASSERT_TRUE(first.record);
    EXPECT_FALSE(first.fromCache);
    const auto second = run(tuning::UbTunerMode::Compile);
    ASSERT_TRUE(second.record);
    EXPECT_FALSE(second.fromCache);
    const auto third = run(tuning::UbTunerMode::Compile);
    ASSERT_TRUE(third.record);
    EXPECT_TRUE(third.fromCache);
    ASSERT_EQ(third.record->candidates.size(), second.record->candidates.size());
    EXPECT_TRUE(std::any_of(third.record->candidates.begin(), third.record->candidates.end(),
                            [](const cache::CandidateRecord& c) { return !c.ubTuneJson.empty(); }));
    EXPECT_EQ(third.record->candidates, second.record->candidates);
    EXPECT_FALSE(run(tuning::UbTunerMode::Off).fromCache);
}
