// What 2026-08 prints during a tuning (TRITON_PRINT_AUTOTUNING=1) and what it keeps on disk
// (<fn>.autotune.json through check_disk_cache), beside 2026-04's.

#include "backend_versions.h"
#include "core/analysis/kernel_analysis.h"
#include "core/backends/v2608/policy.h"
#include "core/cache/sha256.h"
#include "core/export/triton_cache_json.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/tuning/tuning_session.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sys/wait.h>

using namespace ts;
namespace fs = std::filesystem;

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

const char* kSource = R"PY(import triton
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
const char* kWorkload = R"JSON({"kernel": "add2.py", "args": {"x_ptr": {"tensor": "float32", "shape": [16777216]},
    "y_ptr": {"tensor": "float32", "shape": [16777216]}, "z_ptr": {"tensor": "float32", "shape": [16777216]},
    "n": 16777216}, "grid": "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)"})JSON";

std::optional<Prepared> prepare(kernel::BackendVersion backend)
{
    const auto dir = test::scratchDir("tuning-log-2608");
    std::ofstream(dir / "add2.py") << kSource;
    std::ofstream(dir / "add2.json") << kWorkload;
    auto loaded = kernel::loadWorkload((dir / "add2.json").string());
    if (!loaded.workload)
        return std::nullopt;
    auto analysed = analysis::analyzeWorkload(*loaded.workload);
    if (!analysed.analysis)
        return std::nullopt;
    analysed.analysis->parse.backend = backend;
    space::CandidateSpace s = pipeline::buildSpace(*analysed.analysis, *registry().find("Ascend910B2"));
    return Prepared{std::move(*analysed.analysis), std::move(s)};
}

bool contains(const std::vector<std::string>& lines, std::string_view part)
{
    for (const std::string& line : lines)
        if (line.find(part) != std::string::npos)
            return true;
    return false;
}

std::string readAll(const fs::path& path) { return test::readText(path); }

// Runs /usr/bin/python3 on a script; stdout (and stderr) captured.
std::string runPython(const fs::path& dir, const std::string& script, const std::string& args, int* exitCode)
{
    std::ofstream(dir / "check.py") << script;
    std::string out;
    FILE* pipe = ::popen(("/usr/bin/python3 '" + (dir / "check.py").string() + "' " + args + " 2>&1").c_str(), "r");
    if (!pipe)
        return out;
    char buf[1024];
    while (std::fgets(buf, sizeof buf, pipe))
        out += buf;
    const int status = ::pclose(pipe);
    *exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

cache::CandidateRecord measured(std::string block, std::string sub, bool mb, double p50, double p20, double p80,
                                cache::CandidateStatus status = cache::CandidateStatus::Benchmarked)
{
    cache::CandidateRecord c;
    c.params = {{"XBLOCK", std::move(block)}, {"SUB", std::move(sub)}, {"multibuffer", mb ? "True" : "False"}};
    c.numWarps = 4;
    c.numStages = 3;
    c.status = status;
    c.p50Ms = p50;
    c.p20Ms = p20;
    c.p80Ms = p80;
    return c;
}

cache::TuningRecord sampleRecord(const std::string& benchMethod)
{
    cache::TuningRecord record;
    record.key.kernelName = "add2";
    record.key.keyValues = {{"n", "16777216"}};
    record.key.dtypes = {"float32"};
    record.key.benchMethod = benchMethod;
    record.candidates.push_back(measured("65536", "8192", true, 0.5, 0.25, 0.75));
    record.candidates.push_back(measured("65536", "16384", true, 0.125, 0.0625, 0.1875, cache::CandidateStatus::Best));
    cache::CandidateRecord failed = measured("262144", "65536", false, 0, 0, 0, cache::CandidateStatus::CompileFailed);
    failed.p50Ms.reset();
    failed.p20Ms.reset();
    failed.p80Ms.reset();
    record.candidates.push_back(failed);
    return record;
}

} // namespace

// ---- print-autotuning ----

TEST(AutotuningLog2608, UpstreamLinesOnlyNoLinePerConfig)
{
    auto p = prepare(test::backend2608());
    ASSERT_TRUE(p);
    tuning::TuningOptions options;
    options.jobs = 1;
    const auto r = tuning::tune(p->analysis, p->space, *registry().find("Ascend910B2"), options);
    ASSERT_TRUE(r.best);
    const auto log = tuning::autotuningLog(p->analysis, p->space, r, options);
    // AutoTilingTuner prints nothing per config: no p50 lines, no [selected], no compile_failed.
    EXPECT_FALSE(contains(log, "[selected]"));
    EXPECT_FALSE(contains(log, "compile_failed"));
    EXPECT_FALSE(contains(log, "[UBTuner]"));
    ASSERT_FALSE(log.empty());
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f", r.modelled.totalSeconds);
    EXPECT_EQ(log.back(), "Triton autotuning for function add2 finished after " + std::string(seconds) +
                              "s; best config selected: XBLOCK: 65536, SUB: 8192, multibuffer: True, num_warps: 4, "
                              "num_ctas: 1, num_stages: 3, maxnreg: None;");
    EXPECT_EQ(log, backends::v2608::autotuningLog(p->analysis, p->space, r, options));

    // The same session under 2026-04 keeps its own lines.
    auto q = prepare(test::backend2604());
    ASSERT_TRUE(q);
    const auto r04 = tuning::tune(q->analysis, q->space, *registry().find("Ascend910B2"), options);
    EXPECT_TRUE(contains(tuning::autotuningLog(q->analysis, q->space, r04, options), "[selected]"));
}

TEST(AutotuningLog2608, UbTunerLinesInConfigOrderThenTheBest)
{
    auto p = prepare(test::backend2608());
    ASSERT_TRUE(p);
    tuning::TuningOptions options;
    options.jobs = 2;
    options.ubTuner = tuning::UbTunerMode::Compile;
    const auto r = tuning::tune(p->analysis, p->space, *registry().find("Ascend910B2"), options);
    ASSERT_TRUE(r.best);
    const auto log = tuning::autotuningLog(p->analysis, p->space, r, options);
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < log.size(); ++i)
        if (log[i].rfind("[UBTuner] compile_opts ", 0) == 0)
            starts.push_back(i);
    ASSERT_EQ(starts.size(), 2u);  // SUB=16384 then SUB=65536, as _batch_bench meets them
    EXPECT_NE(log[starts[0]].find("'SUB': 16384"), std::string::npos);
    EXPECT_NE(log[starts[1]].find("'SUB': 65536"), std::string::npos);
    EXPECT_TRUE(contains(log, "ub_cfg {'storage_align': True, 'multibuffer': False, 'vf_fusion_mode': 'max-parallel'}"));
    EXPECT_EQ(log.back().rfind("Triton autotuning for function add2 finished after ", 0), 0u);
    EXPECT_FALSE(contains(log, "RuntimeWarning"));  // no cache_results

    options.cacheResults = true;
    const auto cached = tuning::autotuningLog(p->analysis, p->space, r, options);
    EXPECT_TRUE(contains(cached, std::string("RuntimeWarning: ") + backends::v2608::kUbTunerDiskCacheWarning));
    EXPECT_NE(std::string(backends::v2608::kUbTunerDiskCacheWarning)
                  .find("Autotune disk cache is disabled because UB-tuner is enabled (TRITON_ENABLE_UBTUNER is set)."),
              std::string::npos);
}

// ---- .autotune.json ----

TEST(TritonCacheJson2608, BenchmarkedConfigsOnly)
{
    const cache::TuningRecord record = sampleRecord("default");
    exporter::TritonCacheOptions options;
    options.backend = test::backend2608();
    const auto out = exporter::tritonCacheForVersion(record, options);
    ASSERT_TRUE(out.cache) << out.refusal;
    EXPECT_EQ(out.cache->key, (std::vector<std::string>{"16777216", "'torch.float32'"}));
    ASSERT_EQ(out.cache->configsTimings.size(), 2u);  // the failed config is not in _batch_bench's timings
    EXPECT_EQ(out.cache->configsTimings[1].timingsMs, (std::vector<double>{0.125, 0.0625, 0.1875}));
    EXPECT_EQ(out.cache->bestIndex(), std::optional<std::size_t>(1));
    // Laid out as json.dumps lays it out (checked against Python below).
    EXPECT_EQ(exporter::writeTritonAutotuneJson(*out.cache),
              R"({"key": [16777216, "torch.float32"], "configs_timings": [[{"kwargs": {"XBLOCK": 65536, "SUB": 8192, )"
              R"("multibuffer": true}, "num_warps": 4, "num_ctas": 1, "num_stages": 3, "maxnreg": null, "pre_hook": null, )"
              R"("ir_override": null}, [0.5, 0.25, 0.75]], [{"kwargs": {"XBLOCK": 65536, "SUB": 16384, "multibuffer": )"
              R"(true}, "num_warps": 4, "num_ctas": 1, "num_stages": 3, "maxnreg": null, "pre_hook": null, )"
              R"("ir_override": null}, [0.125, 0.0625, 0.1875]]]})");

    // 2026-04 keeps the older rule (a failed config with Infinity).
    options.backend = test::backend2604();
    EXPECT_EQ(exporter::tritonCacheForVersion(record, options).cache->configsTimings.size(), 3u);
}

TEST(TritonCacheJson2608, NpuMethodKeepsOneNumberPerConfig)
{
    exporter::TritonCacheOptions options;
    options.backend = test::backend2608();
    const auto out = exporter::tritonCacheForVersion(sampleRecord("npu"), options);
    ASSERT_TRUE(out.cache);
    ASSERT_EQ(out.cache->configsTimings.size(), 2u);
    EXPECT_TRUE(out.cache->configsTimings[0].bareNumber);
    EXPECT_EQ(out.cache->configsTimings[0].timingsMs, std::vector<double>{0.5});
    const std::string text = exporter::writeTritonAutotuneJson(*out.cache);
    EXPECT_NE(text.find("\"ir_override\": null}, 0.5]"), std::string::npos) << text;
    const auto back = exporter::readTritonAutotuneJson(text, "add2.autotune.json", test::backend2608());
    ASSERT_TRUE(back.ok()) << back.error;
    EXPECT_EQ(*back.cache, *out.cache);

    // One benchmarked config: do_bench's quantiles, even under npu.
    cache::TuningRecord one = sampleRecord("npu");
    one.candidates.erase(one.candidates.begin());
    const auto single = exporter::tritonCacheForVersion(one, options);
    ASSERT_TRUE(single.cache);
    EXPECT_FALSE(single.cache->configsTimings[0].bareNumber);
    EXPECT_EQ(single.cache->configsTimings[0].timingsMs.size(), 3u);
}

TEST(TritonCacheJson2608, RefusedWithTheUbTunerOrNoKey)
{
    exporter::TritonCacheOptions options;
    options.backend = test::backend2608();
    options.ubTuner = true;
    const auto withTuner = exporter::tritonCacheForVersion(sampleRecord("default"), options);
    EXPECT_FALSE(withTuner.cache);
    EXPECT_NE(withTuner.refusal.find("UB tuner"), std::string::npos);

    options.ubTuner = false;
    cache::TuningRecord keyless = sampleRecord("default");
    keyless.key.keyValues.clear();
    keyless.key.dtypes.clear();
    const auto noKey = exporter::tritonCacheForVersion(keyless, options);
    EXPECT_FALSE(noKey.cache);
    EXPECT_NE(noKey.refusal.find("key is empty"), std::string::npos);
}

TEST(TritonCacheJson2608, ReadsWhatPythonsJsonDumpsWrote)
{
    // Written by json.dumps from check_disk_cache's dict (npu method: one number per config).
    const std::string upstream =
        R"({"key": [16777216, "torch.float32"], "configs_timings": [[{"kwargs": {"XBLOCK": 8192, "multibuffer": true}, )"
        R"("num_warps": 4, "num_ctas": 1, "num_stages": 3, "maxnreg": null, "pre_hook": null, "ir_override": null}, 0.5], )"
        R"([{"kwargs": {"XBLOCK": 16384, "multibuffer": false}, "num_warps": 4, "num_ctas": 1, "num_stages": 3, )"
        R"("maxnreg": null, "pre_hook": null, "ir_override": null}, 0.375]]})";
    const auto read = exporter::readTritonAutotuneJson(upstream, "add2.autotune.json", test::backend2608());
    ASSERT_TRUE(read.ok()) << read.error;
    EXPECT_EQ(read.cache->key, (std::vector<std::string>{"16777216", "'torch.float32'"}));
    ASSERT_EQ(read.cache->configsTimings.size(), 2u);
    EXPECT_EQ(read.cache->configsTimings[1].kwargs,
              (cache::TextPairs{{"XBLOCK", "16384"}, {"multibuffer", "False"}}));
    EXPECT_TRUE(read.cache->configsTimings[1].bareNumber);
    EXPECT_EQ(read.cache->bestIndex(), std::optional<std::size_t>(1));
    EXPECT_EQ(exporter::writeTritonAutotuneJson(*read.cache), upstream);

    // And Python's own json.dumps writes exactly that text.
    const auto dir = test::scratchDir("triton-json-2608");
    int exitCode = -1;
    const std::string out = runPython(dir, R"(import json, sys
cfg = lambda kw: {"kwargs": kw, "num_warps": 4, "num_ctas": 1, "num_stages": 3, "maxnreg": None, "pre_hook": None,
                  "ir_override": None}
timings = {0: (cfg({"XBLOCK": 8192, "multibuffer": True}), 0.5), 1: (cfg({"XBLOCK": 16384, "multibuffer": False}), 0.375)}
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"key": (16777216, "torch.float32"), "configs_timings": [timings[0], timings[1]]}))
)",
                                       (dir / "add2.autotune.json").string(), &exitCode);
    ASSERT_EQ(exitCode, 0) << out;
    EXPECT_EQ(readAll(dir / "add2.autotune.json"), upstream);
}

TEST(TritonCacheJson2608, AConfigFieldTritonsConfigRejects)
{
    const std::string text =
        R"({"key": [4096], "configs_timings": [[{"kwargs": {"XBLOCK": 64}, "num_warps": 4, "num_ctas": 1, )"
        R"("num_stages": 3, "maxnreg": null, "pre_hook": null, "ir_override": null, "ubtune_cfg": {"multibuffer": false}}, )"
        R"([1.0, 0.9, 1.1]]]})";
    const auto v08 = exporter::readTritonAutotuneJson(text, "k.autotune.json", test::backend2608());
    EXPECT_FALSE(v08.ok());
    EXPECT_EQ(v08.error,
              "k.autotune.json: configs_timings[0]: Config.__init__() got an unexpected keyword argument 'ubtune_cfg'");
    EXPECT_TRUE(exporter::readTritonAutotuneJson(text, "k.autotune.json", test::backend2604()).ok());
    const auto noKwargs = exporter::readTritonAutotuneJson(R"({"key": [1], "configs_timings": [[{"num_warps": 4}, 1.0]]})",
                                                           "m.json", test::backend2608());
    EXPECT_NE(noKwargs.error.find("missing 1 required positional argument: 'kwargs'"), std::string::npos);
}

TEST(TritonCacheJson2608, KeyRecipeAndPath)
{
    exporter::TritonCacheKeyParts parts;
    parts.tritonKey = "tk";
    parts.backendHash = "bh";
    parts.fnCacheKey = "fk";
    parts.envVars = {{"B", "2"}, {"A", "1"}};
    cache::CandidateRecord c = measured("8192", "1024", true, 1, 1, 1);
    c.params = {{"XBLOCK", "8192"}, {"multibuffer", "True"}};
    const std::string config = exporter::tritonConfigString(c);
    EXPECT_EQ(config, "XBLOCK: 8192, multibuffer: True, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None");
    const std::vector<std::string> key = {"16777216", "'torch.float32'"};
    // As Python joins it: str(sorted(env.items())), str(tuple), str(Config).
    EXPECT_EQ(exporter::tritonAutotuneCacheKeyText(parts, key, {config}),
              "tk-bh-fk-[('A', '1'), ('B', '2')]-(16777216, 'torch.float32')-XBLOCK: 8192, multibuffer: True, "
              "num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None");
    // hashlib.sha256(that.encode("utf-8")).hexdigest()
    EXPECT_EQ(exporter::tritonAutotuneCachePath(parts, key, {config}, "add2"),
              "29d8ea6661a81a6bc2747801255bee9e683630deb32fc25dc5d0f9ae9f01eb36/add2.autotune.json");
    EXPECT_NE(exporter::tritonAutotuneCacheKeyText(parts, {"4096"}, {}).find("-(4096,)"), std::string::npos);
    // A str kwarg prints bare in str(Config).
    c.params = {{"MODE", "'fast'"}};
    EXPECT_EQ(exporter::tritonConfigString(c).rfind("MODE: fast, ", 0), 0u);
}

// ---- the time-limit prune of cube / mix tunings ----

TEST(TimeLimitPrune2608, AsPruneByTimeLimitDecides)
{
    // Lines printed by autotuner.py's _prune_by_time_limit for these rough times (config "cI" = index I).
    const std::vector<double> rough = {25000, 200000, 15000, 15000, 400000, 37500, 12500,
                                       60000, 300000, 45000, 500000, 750000, 150000, 0.0123456};
    std::vector<std::pair<std::size_t, double>> compiled;
    for (std::size_t i = 0; i < rough.size(); ++i)
        compiled.emplace_back(i, rough[i]);
    const tuning::TimeLimitPrune prune = tuning::pruneByTimeLimit(compiled);
    const auto log = tuning::timeLimitPruneLog(prune, [](std::size_t i) { return "c" + std::to_string(i); });
    const std::vector<std::string> expected = {
        "Triton autotuning: estimate n_warmup=2025, n_repeat=8100, cumulative=8707500.1250s/200s, valid=10/14",
        "Triton autotuning compile debug: [valid] config=c13, rough_time=0.0123ms",
        "Triton autotuning compile debug: [valid] config=c6, rough_time=12500.0000ms",
        "Triton autotuning compile debug: [valid] config=c2, rough_time=15000.0000ms",
        "Triton autotuning compile debug: [valid] config=c3, rough_time=15000.0000ms",
        "Triton autotuning compile debug: [valid] config=c0, rough_time=25000.0000ms",
        "Triton autotuning compile debug: [valid] config=c5, rough_time=37500.0000ms",
        "Triton autotuning compile debug: [valid] config=c9, rough_time=45000.0000ms",
        "Triton autotuning compile debug: [valid] config=c7, rough_time=60000.0000ms",
        "Triton autotuning compile debug: [valid] config=c12, rough_time=150000.0000ms",
        "Triton autotuning compile debug: [valid] config=c1, rough_time=200000.0000ms",
        "Triton autotuning compile debug: [pruned] config=c8, rough_time=300000.0000ms",
        "Triton autotuning compile debug: [pruned] config=c4, rough_time=400000.0000ms",
        "Triton autotuning compile debug: [pruned] config=c10, rough_time=500000.0000ms",
        "Triton autotuning compile debug: [pruned] config=c11, rough_time=750000.0000ms",
    };
    EXPECT_EQ(log, expected);
    EXPECT_EQ(prune.validCount, 10u);

    const auto small = tuning::pruneByTimeLimit({{0, 8.0}, {1, 2.0}, {2, 4.0}});
    EXPECT_EQ(tuning::timeLimitSummaryLine(small),
              "Triton autotuning: estimate n_warmup=12, n_repeat=50, cumulative=0.8680s/200s, valid=3/3");
    EXPECT_TRUE(tuning::pruneByTimeLimit({{0, 1.0}}).entries.empty());  // one config: no prune
}

TEST(TimeLimitPrune2608, OnlyCubeOrMixWithGeneratedConfigs)
{
    auto loaded = kernel::loadWorkload((test::examplesDir() / "add.json").string());
    ASSERT_TRUE(loaded.workload);
    auto analysed = analysis::analyzeWorkload(*loaded.workload);
    ASSERT_TRUE(analysed.analysis);
    analysis::KernelAnalysis a = std::move(*analysed.analysis);
    a.parse.backend = test::backend2608();
    const npu::DeviceProfile& device = *registry().find(a.workload.device);
    const space::CandidateSpace s = pipeline::buildSpace(a, device);
    ASSERT_GT(s.backend().generatedCount(), 1u);
    tuning::TuningOptions options;
    options.jobs = 1;
    const auto vector = tuning::tune(a, s, device, options);
    EXPECT_FALSE(vector.timeLimitPrune);
    a.parse.kernelType = "mix";
    const auto mix = tuning::tune(a, s, device, options);
    ASSERT_TRUE(mix.timeLimitPrune);
    EXPECT_EQ(mix.best, vector.best);  // a fast kernel: every config stays
    EXPECT_EQ(mix.timeLimitPrune->validCount, mix.timeLimitPrune->entries.size());
    const auto log = tuning::autotuningLog(a, s, mix, options);
    EXPECT_TRUE(contains(log, "Triton autotuning: estimate n_warmup="));
    EXPECT_TRUE(contains(log, "Triton autotuning compile debug: [valid] config="));
    a.parse.backend = test::backend2604();
    EXPECT_FALSE(tuning::tune(a, s, device, options).timeLimitPrune);
}
