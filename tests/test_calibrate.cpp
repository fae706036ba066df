// Calibration: a synthetic ground truth (times simulated with known figures plus seeded noise)
// from which the figures are recovered; the runner results reader; and the loop end to end on
// the GPU fixture, whose numbers say nothing about the NPU model (only that the loop holds).

#include "core/analysis/kernel_analysis.h"
#include "core/calibrate/calibration.h"
#include "core/calibrate/calibration_report.h"
#include "core/calibrate/calibration_sample.h"
#include "core/npu/bench_method.h"
#include "core/npu/device_model.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"
#include "core/npu/simulator.h"
#include "core/pipeline/workflow.h"
#include "cli_run.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace ts {
namespace {

namespace fs = std::filesystem;

const npu::DeviceProfile& profile910B2()
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* p = registry.find("Ascend910B2");
    EXPECT_NE(p, nullptr);
    return *p;
}

std::vector<fs::path> fixtureFiles()
{
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(test::dataDir() / "runner" / "gpu-h200"))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// The value the simulator uses for a figure: the profile's, or its fallback.
double modelFigure(const npu::DeviceProfile& profile, const std::string& name)
{
    if (const npu::Figure* f = profile.findFigure(name))
        return f->value;
    for (const npu::ModelAssumption& a : npu::DeviceModel::fromProfile(profile).assumptions)
        if (a.figure == name)
            return a.value;
    ADD_FAILURE() << "no figure " << name;
    return 0;
}

std::uint64_t splitmix(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The fixture's configs with times simulated on `truth` (profiler method, on-chip time) times
// a seeded uniform noise of +-noise. Candidates that do not compile there are left out.
std::vector<calibrate::CalibrationSample> synthetic(const npu::DeviceProfile& truth, double noise,
                                                    const std::vector<std::string>& kernels)
{
    calibrate::SampleSet set = calibrate::readRunnerMeasurements(fixtureFiles());
    EXPECT_TRUE(set.ok()) << set.error;
    const npu::DeviceModel model = npu::DeviceModel::fromProfile(truth);
    std::map<std::string, std::shared_ptr<const npu::KernelTrace>> traces;
    std::vector<calibrate::CalibrationSample> out;
    std::uint64_t rng = 20261126;
    for (calibrate::CalibrationSample& s : set.samples) {
        if (std::find(kernels.begin(), kernels.end(), s.group) == kernels.end())
            continue;
        auto& trace = traces[s.group];
        if (!trace) {
            kernel::Workload w = *s.workload;
            w.device = truth.soc;
            analysis::AnalysisResult a = analysis::analyzeWorkload(w);
            EXPECT_TRUE(a.analysis && a.analysis->kernel) << s.group;
            trace = npu::KernelTrace::build(*a.analysis->file, *a.analysis->kernel,
                                            npu::KernelLaunch::fromWorkload(a.analysis->workload))
                        .trace;
            EXPECT_NE(trace, nullptr) << s.group;
        }
        npu::CandidateValues values;
        values.multibuffer = truth.defaultMultibuffer();
        for (const auto& [name, v] : s.config.kwargs)
            if (name == "multibuffer")
                values.multibuffer = v.value != 0;
            else
                values.constexprs.emplace_back(name, v.value);
        const npu::CompiledKernel compiled = npu::compileCandidate(*trace, model, values);
        if (!compiled.ok())
            continue;
        const npu::SimResult sim = npu::simulate(compiled, model, npu::simOptionsFor(npu::BenchMethod::Npu));
        if (!sim.ok)
            continue;
        const double u = double(splitmix(rng) >> 11) * 0x1.0p-53;
        s.method = npu::BenchMethod::Npu;
        s.file.clear();  // the fitted figures' source names "synthetic"
        s.measuredMs = npu::expectedP50Us(sim, model, s.method) / 1000.0 * (1.0 + noise * (2.0 * u - 1.0));
        out.push_back(std::move(s));
    }
    return out;
}

TEST(Calibrate, DefaultSelectionIsByMarkNameAndUnit)
{
    EXPECT_TRUE(calibrate::fittableByDefault("vector_issue_cycles", "G", "cycles"));
    EXPECT_TRUE(calibrate::fittableByDefault("anything_new", "F", "x"));
    EXPECT_TRUE(calibrate::fittableByDefault("device_launch_us", "S", "us"));
    EXPECT_TRUE(calibrate::fittableByDefault("l2_fill_gbps", "D", "GB/s"));
    EXPECT_TRUE(calibrate::fittableByDefault("hbm_sustained_fraction", "D", "fraction"));
    EXPECT_FALSE(calibrate::fittableByDefault("vector_bytes_per_cycle", "S", "B/cycle"));  // first-party ISA fact
    EXPECT_FALSE(calibrate::fittableByDefault("ub_kib", "G", "KiB"));                    // sizes never
    EXPECT_FALSE(calibrate::fittableByDefault("clock_mhz", "S3", "MHz"));
    EXPECT_FALSE(calibrate::fittableByDefault("ub_align_bytes", "S", "B"));
    EXPECT_FALSE(calibrate::fittableByDefault("hbm_gbps_measured", "S3", "GB/s"));
}

// Ground truth: three figures changed by known factors; 3 % noise. The fit starts from the
// bundled profile, sees four kernels and is judged on three others.
TEST(Calibrate, RecoversKnownFiguresFromSyntheticTimes)
{
    const npu::DeviceProfile& base = profile910B2();
    struct Change {
        std::string figure;
        double factor;
    };
    const std::vector<Change> changes = {
        {"profiled_launch_us", 1.6}, {"hbm_sustained_fraction", 0.75}, {"core_gm_bytes_per_cycle", 0.5}};
    npu::DeviceProfile truth = base;
    for (const Change& c : changes) {
        npu::Figure& f = truth.figures[c.figure];
        f.value = modelFigure(base, c.figure) * c.factor;
        if (f.mark.empty()) {
            f.mark = "G";
            f.unit = "x";
            f.source = "test";
        }
    }
    const std::vector<std::string> kernels = {"add_16m", "bias_gelu_2d", "column_sum", "grid_stride",
                                              "layer_norm",  "rms_norm",    "softmax"};
    const std::vector<calibrate::CalibrationSample> samples = synthetic(truth, 0.03, kernels);
    ASSERT_GT(samples.size(), 200u);

    calibrate::CalibrationOptions options;
    // The profiler's time holds the cores' start-up (profiled_launch_us), not the launch's head.
    options.figures = {"profiled_launch_us", "hbm_sustained_fraction", "core_gm_bytes_per_cycle", "host_launch_us"};
    const calibrate::CalibrationResult r = calibrate::calibrate(samples, base, options, {"synthetic"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.trainKernels.size(), 4u);
    EXPECT_EQ(r.heldOutKernels.size(), 3u);

    // host_launch_us does not enter the profiler's on-chip time: held, not fitted.
    ASSERT_EQ(r.held.size(), 1u);
    EXPECT_EQ(r.held[0].name, "host_launch_us");
    ASSERT_EQ(r.fitted.size(), 3u);
    for (const Change& c : changes) {
        auto it = std::find_if(r.fitted.begin(), r.fitted.end(), [&](const auto& f) { return f.name == c.figure; });
        ASSERT_NE(it, r.fitted.end()) << c.figure;
        const double want = modelFigure(base, c.figure) * c.factor;
        // Recovered within 5 % of the truth (the noise is +-3 % per sample, hundreds of samples).
        EXPECT_NEAR(it->after / want, 1.0, 0.05) << c.figure << ": fitted " << it->after << ", truth " << want;
        EXPECT_TRUE(it->changed);
        const npu::Figure* written = r.profile.findFigure(c.figure);
        ASSERT_NE(written, nullptr);
        EXPECT_EQ(written->mark, "F");
        EXPECT_NE(written->source.find("fitted by tilescope calibrate to"), std::string::npos);
        EXPECT_NE(written->source.find("synthetic"), std::string::npos);
    }
    // Held-out error falls to about the noise (uniform +-3 %: RMS 1.7 %).
    EXPECT_GT(r.before.heldOut.rmsLog, 0.05);
    EXPECT_LT(r.after.heldOut.rmsLog, 0.03);
    EXPECT_LT(r.after.heldOut.rmsLog, r.before.heldOut.rmsLog / 3);
    EXPECT_LT(r.after.train.rmsLog, 0.03);
    EXPECT_NEAR(r.after.heldOut.geomeanRatio, 1.0, 0.02);
    EXPECT_GE(r.after.heldOut.spearman, r.before.heldOut.spearman - 1e-9);
    EXPECT_LT(r.costAfter, r.costBefore);

    // Deterministic: the same input gives the same figures.
    const calibrate::CalibrationResult again = calibrate::calibrate(samples, base, options, {"synthetic"});
    for (std::size_t i = 0; i < r.fitted.size(); ++i)
        EXPECT_EQ(r.fitted[i].after, again.fitted[i].after);
}

// A figure the trace compiler reads (the start-up cost of a vector instruction) is held by the
// fast path and recovered with recompile.
TEST(Calibrate, RecompileFitsFiguresTheCompilerReads)
{
    const npu::DeviceProfile& base = profile910B2();
    npu::DeviceProfile truth = base;
    truth.figures["vector_issue_cycles"] = {modelFigure(base, "vector_issue_cycles") * 2.0, "cycles", "G", "test"};
    truth.figures["profiled_launch_us"].value *= 1.3;
    const std::vector<calibrate::CalibrationSample> samples =
        synthetic(truth, 0.03, {"add_16m", "column_sum", "layer_norm", "rms_norm", "softmax"});
    ASSERT_GT(samples.size(), 150u);

    calibrate::CalibrationOptions options;
    options.figures = {"vector_issue_cycles", "profiled_launch_us"};
    calibrate::CalibrationResult fast = calibrate::calibrate(samples, base, options, {"synthetic"});
    ASSERT_TRUE(fast.ok()) << fast.error;
    ASSERT_EQ(fast.held.size(), 1u);
    EXPECT_EQ(fast.held[0].name, "vector_issue_cycles");
    EXPECT_NE(fast.held[0].why.find("the compiler reads it"), std::string::npos);

    options.recompile = true;
    const calibrate::CalibrationResult r = calibrate::calibrate(samples, base, options, {"synthetic"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_TRUE(r.held.empty());
    ASSERT_EQ(r.fitted.size(), 2u);
    for (const calibrate::FittedFigure& f : r.fitted) {
        const double want = modelFigure(truth, f.name);
        EXPECT_NEAR(f.after / want, 1.0, 0.1) << f.name << ": fitted " << f.after << ", truth " << want;
    }
    EXPECT_LT(r.after.heldOut.rmsLog, 0.03);
    EXPECT_LT(r.after.heldOut.rmsLog, fast.after.heldOut.rmsLog);
}

TEST(Calibrate, NamesUnknownFiguresAndKernels)
{
    const npu::DeviceProfile& base = profile910B2();
    const std::vector<calibrate::CalibrationSample> samples = synthetic(base, 0.0, {"add_16m", "softmax"});
    calibrate::CalibrationOptions options;
    options.figures = {"devise_launch_us"};
    calibrate::CalibrationResult r = calibrate::calibrate(samples, base, options, {"x"});
    EXPECT_NE(r.error.find("figure 'devise_launch_us'"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("device_launch_us"), std::string::npos) << r.error;  // the suggestion

    options.figures.clear();
    options.holdout = {"softmaxx"};
    r = calibrate::calibrate(samples, base, options, {"x"});
    EXPECT_NE(r.error.find("held-out kernel 'softmaxx'"), std::string::npos) << r.error;

    options.holdout = {"add_16m", "softmax"};
    r = calibrate::calibrate(samples, base, options, {"x"});
    EXPECT_NE(r.error.find("every kernel is held out"), std::string::npos) << r.error;
}

TEST(Calibrate, ReaderTakesOkCandidatesAndNamesBadInput)
{
    const calibrate::SampleSet set = calibrate::readRunnerMeasurements(fixtureFiles());
    ASSERT_TRUE(set.ok()) << set.error;
    EXPECT_EQ(set.files.size(), 8u);
    // The fixture's README counts: 439 ok, the rest not.
    EXPECT_EQ(set.samples.size(), 64u + 32 + 60 + 64 + 42 + 64 + 64 + 49);
    EXPECT_EQ(set.skipped, 4u + 4 + 18 + 3 + 1 + 11);
    for (const auto& s : set.samples) {
        EXPECT_GT(s.measuredMs, 0);
        EXPECT_FALSE(s.group.empty());
        EXPECT_EQ(s.method, npu::BenchMethod::Default);
    }

    const fs::path dir = test::scratchDir("calibrate-reader");
    std::string text = test::readText(test::dataDir() / "runner" / "gpu-h200" / "grid_stride.measurements.json");
    // Copied elsewhere, the file names its workload by an absolute path.
    const std::string relative = "\"resources/examples/grid_stride.json\"";
    const std::size_t wf = text.find(relative);
    ASSERT_NE(wf, std::string::npos);
    std::string missing = text;
    missing.replace(wf, relative.size(), "\"resources/examples/no_such.json\"");
    text.replace(wf, relative.size(), "\"" + (test::examplesDir() / "grid_stride.json").string() + "\"");
    {
        std::ofstream(dir / "missing.json") << missing;
    }
    calibrate::SampleSet bad = calibrate::readRunnerMeasurements({dir / "missing.json"});
    EXPECT_NE(bad.error.find("missing.json:"), std::string::npos) << bad.error;
    EXPECT_NE(bad.error.find("workload_file 'resources/examples/no_such.json' not found"), std::string::npos) << bad.error;
    // A missing p50 on an ok candidate: named by file, line and candidate.
    const std::size_t at = text.find("\"p50_ms\"");
    ASSERT_NE(at, std::string::npos);
    std::string broken = text;
    broken.replace(at, 8, "\"p51_ms\"");
    {
        std::ofstream(dir / "grid_stride.measurements.json") << broken;
    }
    bad = calibrate::readRunnerMeasurements({dir / "grid_stride.measurements.json"});
    EXPECT_NE(bad.error.find("grid_stride.measurements.json:"), std::string::npos) << bad.error;
    EXPECT_NE(bad.error.find("candidates[0].p50_ms: a candidate with status ok needs its p50"), std::string::npos)
        << bad.error;
    const std::size_t line = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find('{', text.find("\"candidates\""))), '\n') + 1;
    EXPECT_NE(bad.error.find(":" + std::to_string(line) + ": candidates[0]"), std::string::npos) << bad.error;

    {
        std::ofstream(dir / "cut.json") << text.substr(0, 300);
    }
    bad = calibrate::readRunnerMeasurements({dir / "cut.json"});
    EXPECT_NE(bad.error.find("cut.json:"), std::string::npos);
    EXPECT_NE(bad.error.find("not valid JSON"), std::string::npos) << bad.error;

    {
        std::ofstream(dir / "other.json") << R"({"format": "something/1"})";
    }
    bad = calibrate::readRunnerMeasurements({dir / "other.json"});
    EXPECT_NE(bad.error.find("other.json:1: not a runner results file"), std::string::npos) << bad.error;
}

// The GPU fixture end to end through the workflow: fit half the kernels, predict the other half.
// The GPU is not an NPU: only the loop's facts are asserted, not how well it fits.
TEST(Calibrate, GpuFixtureEndToEndWritesALoadableProfile)
{
    pipeline::CalibrateRequest request;
    request.measurements = fixtureFiles();
    request.device = profile910B2();
    std::vector<double> fractions;
    pipeline::RunControl control;
    control.progress = [&](const pipeline::RunProgress& p) { fractions.push_back(p.fraction); };
    const pipeline::CalibrateResult result = pipeline::calibrate(request, control);
    ASSERT_TRUE(result.ok()) << result.error;
    const calibrate::CalibrationResult& r = result.calibration;
    EXPECT_EQ(r.trainKernels, (std::vector<std::string>{"add_16m", "column_sum", "layer_norm", "rms_norm"}));
    EXPECT_EQ(r.heldOutKernels, (std::vector<std::string>{"bias_gelu_2d", "grid_stride", "matmul", "softmax"}));
    EXPECT_GT(r.samplesUsed, 0u);
    EXPECT_FALSE(r.fitted.empty());
    for (const calibrate::SplitMetrics* m : {&r.before.train, &r.after.train, &r.before.heldOut, &r.after.heldOut}) {
        EXPECT_GT(m->kernels, 0u);
        EXPECT_FALSE(std::isnan(m->rmsLog));
        EXPECT_GE(m->top1Regret, 1.0);
    }
    EXPECT_LE(r.costAfter, r.costBefore);  // the fit never ends worse on what it fitted
    ASSERT_FALSE(fractions.empty());
    EXPECT_EQ(fractions.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));

    // The profile loads as a --device-file and carries the fitted values, marked.
    const fs::path dir = test::scratchDir("calibrate-gpu");
    {
        std::ofstream(dir / "Ascend910B2.json") << result.profileText;
    }
    npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    ASSERT_TRUE(registry.addFile(dir / "Ascend910B2.json"));
    const npu::DeviceProfile* loaded = registry.find("Ascend910B2");
    ASSERT_NE(loaded, nullptr);
    int changed = 0;
    for (const calibrate::FittedFigure& f : r.fitted) {
        const npu::Figure* fig = loaded->findFigure(f.name);
        if (!f.changed) {
            EXPECT_TRUE(fig == nullptr || fig->mark != "F") << f.name;
            continue;
        }
        ++changed;
        ASSERT_NE(fig, nullptr) << f.name;
        EXPECT_EQ(fig->mark, "F");
        EXPECT_DOUBLE_EQ(fig->value, f.after);
        EXPECT_NE(fig->source.find(std::to_string(r.samplesUsed - r.after.heldOut.samples) + " measurements from"),
                  std::string::npos)
            << fig->source;
        // Named: the fitted kernels' files, not the held-out ones.
        EXPECT_NE(fig->source.find("add_16m.measurements.json"), std::string::npos);
        EXPECT_EQ(fig->source.find("softmax.measurements.json"), std::string::npos);
    }
    EXPECT_GT(changed, 0);

    // The report's JSON carries both splits before and after.
    calibrate::CalibrationInputs inputs{result.files, result.measuredCandidates, result.skippedCandidates, "Ascend910B2", ""};
    const nlohmann::ordered_json doc = calibrate::calibrationJson(r, inputs);
    EXPECT_EQ(doc.begin().key(), "schema");
    EXPECT_EQ(doc["held_out_kernels"].size(), 4u);
    EXPECT_TRUE(doc["agreement"]["after"]["held_out"]["rms_log"].is_number());
    const std::string text = calibrate::formatCalibration(r, inputs);
    EXPECT_NE(text.find("held out, after"), std::string::npos);
}

// The per-kernel table keeps its columns in line when a kernel's name is longer than the column
// the short names take (a FlagGems or vllm kernel's full name).
TEST(Calibrate, PerKernelTableAlignsLongNames)
{
    calibrate::CalibrationResult r;
    for (const std::string& name :
         {std::string("add"), std::string("chunk_kda_fwd_kernel_intra_sub_chunk_long"),
          std::string("rms_norm")}) {
        calibrate::KernelReport k;
        k.name = name;
        k.heldOut = name == "rms_norm";
        r.kernels.push_back(k);
    }
    const std::string text = calibrate::formatCalibration(r, calibrate::CalibrationInputs{});
    const std::size_t table = text.find("Per kernel");
    ASSERT_NE(table, std::string::npos) << text;
    std::vector<std::size_t> split, arrow, regret;
    std::istringstream lines(text.substr(table));
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line) && !line.empty()) {
        split.push_back(line.find("fitted") != std::string::npos ? line.find("fitted")
                                                                 : line.find("held out"));
        arrow.push_back(line.find("->"));
        regret.push_back(line.find("regret"));
    }
    ASSERT_EQ(split.size(), 3u) << text;
    for (std::size_t i = 1; i < split.size(); ++i) {
        EXPECT_EQ(split[i], split[0]) << text;
        EXPECT_EQ(arrow[i], arrow[0]) << text;
        EXPECT_EQ(regret[i], regret[0]) << text;
    }
    EXPECT_GT(split[0], std::string("  chunk_kda_fwd_kernel_intra_sub_chunk_long").size()) << text;
}

// The command: -o must give the SoC's file name (else --device-file would refuse it), a folder gets
// <SoC>.json, and the written profile is taken by --device-file.
TEST(Calibrate, CommandWritesAProfileThatDeviceFileLoads)
{
    const fs::path dir = test::scratchDir("calibrate-cli");
    const fs::path gpu = test::dataDir() / "runner" / "gpu-h200";
    const std::string files = test::quote(gpu / "add_16m.measurements.json") + " " +
                              test::quote(gpu / "softmax.measurements.json") + " " +
                              test::quote(gpu / "rms_norm.measurements.json");
    test::CliRun run = test::tilescope("calibrate " + files + " --device Ascend910B2 -o " + test::quote(dir / "fitted.json"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("must be named after its SoC: Ascend910B2.json"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(dir / "fitted.json"));

    run = test::tilescope("calibrate " + files + " --device Ascend910B2 --holdout softmax -o " + test::quote(dir));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("held out:   softmax\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("held out, after"), std::string::npos);
    ASSERT_TRUE(fs::exists(dir / "Ascend910B2.json"));

    run = test::tilescope("devices --json --device-file " + test::quote(dir / "Ascend910B2.json"));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("fitted by tilescope calibrate to"), std::string::npos);
    run = test::tilescope("tune " + test::quote(test::examplesDir() / "add_16m.json") + " --no-cache --jobs 1 --device-file " +
                          test::quote(dir / "Ascend910B2.json"));
    EXPECT_EQ(run.exitCode, 0) << run.err;

    run = test::tilescope("calibrate " + files + " --device Ascend910B2 --figures nonsense_us");
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("figure 'nonsense_us'"), std::string::npos) << run.err;
}

} // namespace
} // namespace ts
