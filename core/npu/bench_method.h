#pragma once
// The two ways Triton-Ascend's autotune measures a candidate, modelled on the simulated NPU.
//
// default  do_bench: one timing run estimates the time, then 25 ms of warm-up and 100 ms of
//          repeats, the 192 MB L2 flush buffer cleared before every timed run, quantiles
//          0.5/0.2/0.8 of the per-run times. The times include the host-side launch, whose level
//          changes from one benchmark call to the next: short kernels rank unreliably.
// npu      the profiler (TRITON_BENCH_METHOD=npu): 1 + 5 warm-up + 30 active runs, each
//          synchronised, no L2 flush, on-chip kernel time from the profile; the mean of the 30
//          active runs ranks the candidates. Steadier, but each run synchronises and every
//          profiled launch must be exported and parsed: tuning takes longer.
//
// Noise is seeded: the same seed and candidate give the same numbers on every machine. Past 100
// timed runs, do_bench's quantiles and mean are drawn from their joint sampling distribution
// rather than from every run (BenchOptions::drawEveryRun).

#include "core/npu/cost_program.h"
#include "core/npu/device_model.h"
#include "core/npu/simulator.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace ts::npu {

enum class BenchMethod { Default, Npu };

std::string_view benchMethodName(BenchMethod method);
std::optional<BenchMethod> parseBenchMethod(std::string_view name);

struct BenchOptions {
    BenchMethod method = BenchMethod::Default;
    std::uint64_t seed = 0;
    // do_bench times thousands of runs of a short kernel; by default their quantiles and mean are
    // drawn from their sampling distribution (a few draws). This draws every run instead: slower,
    // the reference that shortcut is tested against.
    bool drawEveryRun = false;
};

struct BenchResult {
    bool ok = false;
    BenchMethod method = BenchMethod::Default;
    double p50Ms = 0, p20Ms = 0, p80Ms = 0;
    double meanMs = 0;
    double rankMs = 0;          // what the autotuner compares: p50 (default) or the mean (npu)
    int warmupRuns = 0;
    int timedRuns = 0;
    double benchSeconds = 0;    // modelled wall time of benchmarking this candidate
    double sessionSeconds = 0;  // once per tuning session (profiler start, export, parsing)
    SimResult sim;              // the simulated launch under this method's cache condition
};

// What the method measures: the profiler (npu) runs without an L2 flush and reports the task's
// time on the cores; do_bench flushes L2 and times the launch with a wall clock.
SimOptions simOptionsFor(BenchMethod method);

// Simulates the candidate under the method's L2 condition and benchmarks it.
BenchResult benchmark(const CompiledKernel& kernel, const DeviceModel& device, const BenchOptions& options);

// A stable 64-bit identity of a candidate (constexpr values and multibuffer), for seeding noise.
std::uint64_t candidateKey(const CompiledKernel& kernel);

// The median time the method reports for a simulated launch, without noise (microseconds):
// the on-chip time, plus under do_bench the host launch at its middle level. Calibration fits
// device figures to measured medians through this.
double expectedP50Us(const SimResult& sim, const DeviceModel& device, BenchMethod method);

} // namespace ts::npu
