// Calibration on 10,000 measurements, one thread: the runner results of the GPU fixture (eight
// kernels, 439 measured candidates) repeated with the times spread by a fixed pattern, fitted
// with the default figures and every other kernel held out, re-simulating (the default) and
// compiling again at every step (--recompile). Target: under 30 s.

#include "core/calibrate/calibration.h"
#include "core/calibrate/calibration_sample.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace {

namespace fs = std::filesystem;

std::vector<ts::calibrate::CalibrationSample> samples(std::size_t count)
{
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(TILESCOPE_SOURCE_DIR) / "tests/data/runner/gpu-h200"))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    const ts::calibrate::SampleSet set = ts::calibrate::readRunnerMeasurements(files);
    std::vector<ts::calibrate::CalibrationSample> out;
    for (std::size_t i = 0; out.size() < count && !set.samples.empty(); ++i) {
        ts::calibrate::CalibrationSample s = set.samples[i % set.samples.size()];
        s.measuredMs *= 1.0 + 0.05 * std::sin(double(i));
        out.push_back(std::move(s));
    }
    return out;
}

void run(benchmark::State& state, bool recompile)
{
    const auto all = samples(static_cast<std::size_t>(state.range(0)));
    const ts::npu::DeviceRegistry registry = ts::npu::DeviceRegistry::loadBundled();
    const ts::npu::DeviceProfile& profile = *registry.find("Ascend910B2");
    int iterations = 0;
    std::size_t fitted = 0;
    for (auto _ : state) {
        ts::calibrate::CalibrationOptions options;
        options.recompile = recompile;
        const ts::calibrate::CalibrationResult r = ts::calibrate::calibrate(all, profile, options, {"bench"});
        if (!r.ok())
            state.SkipWithError(r.error.c_str());
        iterations = r.iterations;
        fitted = r.fitted.size();
        benchmark::DoNotOptimize(r.costAfter);
    }
    state.counters["measurements"] = double(all.size());
    state.counters["lm_iterations"] = iterations;
    state.counters["figures"] = double(fitted);
}

void BM_Calibrate10k(benchmark::State& state) { run(state, false); }
// With --recompile: the figures the compiler reads too, every candidate compiled at every step.
void BM_Calibrate10kRecompile(benchmark::State& state) { run(state, true); }

BENCHMARK(BM_Calibrate10k)->Arg(10000)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_Calibrate10kRecompile)->Arg(10000)->Unit(benchmark::kSecond)->Iterations(1);

} // namespace
