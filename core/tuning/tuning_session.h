#pragma once
// A tuning session: compile every candidate the backend would benchmark (or the whole lattice)
// on the simulated NPU in a pool of worker threads, benchmark the ones that compiled, pick the
// best as Triton-Ascend does, and model how long the same tuning takes on the real toolchain.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/bench_method.h"
#include "core/npu/cost_program.h"
#include "core/npu/device_profile.h"
#include "core/npu/kernel_compiler.h"
#include "core/space/candidate_space.h"
#include "core/tuning/time_limit_prune.h"
#include "core/tuning/tuning_confidence.h"
#include "core/tuning/ub_tuner.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <queue>
#include <utility>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace ts::tuning {

// Bumped whenever simulated figures change for the same input: cache entries keep it, and an
// entry of another version is never reused.
//   sim-1  the first model
//   sim-2  checked against published 910B2 figures (tests/test_published_figures.cpp): reads that
//          miss L2 at its fill rate, L2 reuse by reuse distance, the L2-bypass alias, reads and
//          writes adding on a core's GM slice, the cube fed from L1 across the K loop, do_bench's
//          host launch never below the profile's
//   sim-3  do_bench past 100 timed runs: quantiles and mean drawn from their sampling
//          distribution instead of from every run (the same figures in distribution; other draws)
//   sim-4  checked per family against per-config measurements (tests/test_fidelity.cpp): DMA
//          rows, instructions and alignment from asc-devkit's data_copy, the profiler's task time
//          without the launch's head, the compiler's UB plan (reuse, multibuffer doubling and its
//          fallback, reduction temporaries), the calls once skipped (docs/SIMULATOR_MODEL.md)
//   sim-5  tl.flip held as Triton lowers it (a 64 x 64 flip of the innermost axis overflows the
//          UB), libdevice.tan costed, no per-row cap on DMAs into L1
inline constexpr const char* kSimulatorVersion = "sim-5";
inline constexpr const char* kPreviousSimulatorVersion = "sim-4";

// Which points a lattice tuning (TuningOptions::lattice) tunes: the valid lattice points (every
// candidate of the space but those pruned by a hard constraint), narrowed by a filter and a
// selection, and at most `limit` of them. Whatever the backend generates or raises: the
// lattice is the user's own list.
struct LatticeSubset {
    std::string filter;                  // a candidate query (space/candidate_query.h); "": no filter
    std::vector<std::size_t> selection;  // space indices chosen by hand; empty: no selection
    // Keep at most this many, spread evenly over the subset in space order (the first, the
    // last and equal steps between); 0: all of them.
    std::size_t limit = 0;
    bool all() const { return filter.empty() && selection.empty() && limit == 0; }
    friend bool operator==(const LatticeSubset&, const LatticeSubset&) = default;
};

struct LatticeCandidates {
    std::vector<std::size_t> indices;  // space indices to tune, in space order
    std::size_t valid = 0;             // the valid lattice points before the filter, selection and limit
    std::size_t matched = 0;           // of them, those the filter and selection kept (before the limit)
    std::optional<msg::Message> error; // the filter names something the space does not have
};

// The candidates a lattice tuning of `space` tunes (see LatticeSubset).
LatticeCandidates latticeCandidates(const space::CandidateSpace& space, const LatticeSubset& subset);
// Why the subset cannot be read against `space` (its filter names something the space does not
// have), without walking the space: latticeCandidates' error, at the cost of parsing the filter.
std::optional<msg::Message> latticeSubsetError(const space::CandidateSpace& space,
                                               const LatticeSubset& subset);

// Why the backend's own list gives a tuning nothing to tune: what the backend raises, or that
// it generates no config; nullopt when it has a list. The next step is a lattice tuning.
std::optional<msg::Message> backendListProblem(const space::CandidateSpace& space);

// What a lattice tuning says when the backend raises for its own list: a note, never the
// tuning's failure ("the backend raises for its own list (...); the lattice is tuned regardless").
msg::Message latticeBackendNote(const std::string& backendError);

struct TuningOptions {
    npu::BenchMethod method = npu::BenchMethod::Default;
    int jobs = 0;                  // worker threads here; 0 = one per hardware thread
    bool parallelCompile = true;   // TRITON_AUTOTUNE_PARALLEL_COMPILE (false = sequential)
    std::uint64_t seed = 0;
    bool lattice = false;          // tune the valid lattice points (of `subset`), not the backend's list
    LatticeSubset subset;          // lattice only
    int hostPhysicalCores = 0;     // the modelled tuning host's physical cores; 0 = the device profile's host
    // A version with a UB tuner only: TRITON_ENABLE_UBTUNER, off by default. With it on,
    // a candidate that overflows the UB is searched for compile options that fit (ub_tuner.h),
    // and even a single candidate is benchmarked.
    UbTunerMode ubTuner = UbTunerMode::Off;
    bool ubTunerModeDefaulted = false;  // on through @ubtuner, no mode named: 'run', and a log line says so
    // @triton.autotune(cache_results=True): a version with a disk cache keeps the timings in
    // <fn>.autotune.json, except with the UB tuner on, when it warns and benchmarks without it.
    bool cacheResults = false;
};

// Reads TRITON_BENCH_METHOD, TRITON_AUTOTUNE_PARALLEL_COMPILE and TRITON_ENABLE_UBTUNER as
// Triton-Ascend does.
TuningOptions optionsFromEnvironment(TuningOptions base = {});

// What the compiler is given for one candidate of the space: its constexpr values and
// multibuffer (the device's default when the candidate does not set it).
npu::CandidateValues candidateValues(const space::CandidateSpace& space, std::size_t index);

// TimeBudgetCut: compiled, then cut by the time-limit prune (time_limit_prune.h) before
// benchmarking: the backend never benchmarks it.
enum class OutcomeStatus : std::uint8_t { NotTuned, CompileFailed, Benchmarked, Best, TimeBudgetCut };
// "not-tuned", "compile-failed", "benchmarked", "best", "time-budget-cut"
std::string_view outcomeStatusName(OutcomeStatus status);
std::optional<OutcomeStatus> parseOutcomeStatus(std::string_view name);

struct CandidateOutcome {
    OutcomeStatus status = OutcomeStatus::NotTuned;
    npu::CompileFailure failure = npu::CompileFailure::None;
    // Why it failed, by catalogue id (as written when it came from a cache file); english() is
    // what the CLI prints and the cache stores.
    msg::Message failureMessage;
    double compileSeconds = 0;     // modelled real-toolchain compile time
    std::int64_t ubPeakBytes = 0;
    std::int64_t ubCapacityBytes = 0;
    std::int64_t programs = 0;
    npu::BenchResult bench;        // valid when Benchmarked / Best
    // 2026-08 with the UB tuner on, for a candidate that overflowed the UB: the search, the
    // variants it compiled and the ubtune_cfg it attached. When one is attached the candidate was
    // benchmarked with it (status, figures and bench are those of the tuned compile).
    std::shared_ptr<const UbTuneResult> ubTune;
};

struct ModelledTime {
    int hostCores = 0;             // physical cores of the modelled host (modelledHostCores)
    int compileWorkers = 1;        // compileWorkerRule for the backend, or 1 when sequential
    double compileSeconds = 0;     // wall time of the parallel compile
    double benchSeconds = 0;       // benchmarking, one candidate after the other on the device
    double ubTunerSeconds = 0;     // the UB tuner's compiles and measurements, one after the other
    double totalSeconds = 0;
};

struct TuningResult {
    std::vector<std::size_t> tuned;         // space indices, in the order they were tuned
    std::vector<CandidateOutcome> outcomes; // one per space candidate
    // Space index: the fastest candidate that is not incorrect (coverage), TileScope's pick.
    std::optional<std::size_t> best;
    // Space index: the fastest that ran, incorrect or not: what Triton-Ascend itself selects
    // (its logs and its cache name this one).
    std::optional<std::size_t> backendBest;
    // As the backend raises ("No valid triton configs. ..."), by catalogue id; the backend's own
    // Python exception ("KeyError: 'x'") is a Message::asWritten, shown as the backend words it.
    std::optional<msg::Message> error;
    // A lattice tuning: what the backend raises for its own list (the lattice is tuned
    // regardless), and the subset's filter when it could not be read (then `error` says why).
    std::optional<std::string> backendError;
    bool badSubset = false;
    std::size_t latticeValid = 0;           // a lattice tuning: the valid lattice points
    bool stopped = false;                   // a stop was requested; finished candidates are kept
    std::size_t finished = 0;
    ModelledTime modelled;
    double hostSeconds = 0;                 // measured wall time of this session here
    double poolSeconds = 0;                 // of it, the worker pool compiling and benchmarking
    int threads = 1;                        // worker threads used here
    UbTunerMode ubTuner = UbTunerMode::Off; // the UB tuner the session ran with (off for a version without one)
    // The time-limit prune before benchmarking (a version that prunes cube / mix tunings of
    // generated configs). A config it pruned is TimeBudgetCut (compiled, never benchmarked).
    std::optional<TimeLimitPrune> timeLimitPrune;
    Diagnostics diagnostics;                // trace warnings (unsupported constructs, approximations)
    std::optional<TuningConfidence> confidence;  // how far the pick can be trusted (when one was made)
};

// Where a running session stands; progressStageName gives its text.
enum class ProgressStage : std::uint8_t { Tracing, Compiling, Done };
std::string_view progressStageName(ProgressStage stage);  // "tracing", "compiling and benchmarking", "done"
std::optional<ProgressStage> parseProgressStage(std::string_view name);

struct Progress {
    ProgressStage stage = ProgressStage::Tracing;
    std::size_t done = 0;
    std::size_t total = 0;
    double elapsedSeconds = 0;
    double etaSeconds = -1;  // -1 until there is a rate to extrapolate
};

struct TuningCallbacks {
    // Called on the calling thread, at most every ~100 ms and once at the end.
    std::function<void(const Progress&)> progress;
    // Called on the calling thread for each finished candidate (space index), as they arrive.
    std::function<void(std::size_t, const CandidateOutcome&)> candidate;
    // A seam for tests, unset in the product: called on each worker thread after each chunk of
    // candidates it finished, with the number finished so far. It may block (a pause point):
    // that worker then waits there, so a test can stop a session that cannot have finished.
    std::function<void(std::size_t finished)> workerStep;
};

// ---- The rules of a tuning, for every front end (the GUI follows a running session with them) ----

// How Triton-Ascend ranks two benchmarked candidates: [rank, p20, p80] compared as lists, where
// rank is p50 under the default bench method and the mean under `npu`. Any unit, the same for
// both. Ties keep the candidate met first.
struct RankTimes {
    double rank = 0;
    double p20 = 0;
    double p80 = 0;
};
bool rankedBefore(const RankTimes& a, const RankTimes& b);

// Which time a tuning ranked its candidates by. A tuning always ranks by times simulated on the
// device profile, as the autotuner ranks measured ones (p50 under the default bench method, the
// mean under `npu`); measured timings are compared with that ranking, never ranked by
// (`tilescope measure compare`).
struct RankBasis {
    std::string time = "simulated";  // the only kind a tuning ranks by
    std::string statistic;           // "p50" or "mean"
    std::string device;              // the simulated device's SoC
    std::string simulator;           // kSimulatorVersion
};
RankBasis rankBasis(npu::BenchMethod method, const std::string& device);
// "ranked by the simulated p50 on Ascend910B2 (simulator sim-2), then p20, p80"
std::string describeRankBasis(const RankBasis& basis);
bool betterThan(const npu::BenchResult& a, const npu::BenchResult& b);

// The physical cores of the host the modelled tuning runs on: options.hostPhysicalCores, or the
// device profile's host (npu::DeviceProfile::hostPhysicalCores) when that is 0. Never this
// machine's: the modelled time is the NPU host's.
int modelledHostCores(const TuningOptions& options, const npu::DeviceProfile& profile);

// The compile workers of the real toolchain's tuning (Autotuner._batch_bench) for `configs`
// candidates on a host of `hostCores` physical cores, by the version's rule
// (backends::CompileWorkerRule); at least one, or one when compiling is sequential.
int compileWorkerRule(kernel::BackendVersion backend, int hostCores, std::size_t configs);
int modelledCompileWorkers(const TuningOptions& options, std::size_t configs, kernel::BackendVersion backend,
                           int hostCores);

// Longest-processing-time-first over `workers`, as a ThreadPoolExecutor compiles: each job, in
// the order given (longest first), goes to the least loaded worker, the lowest-numbered among
// equals. place(job, worker, start, end) is called per job, in order; returns the makespan.
template <typename Place>
double scheduleLongestFirst(const std::vector<double>& jobs, int workers, Place&& place)
{
    using Load = std::pair<double, int>;  // (busy until, worker)
    std::priority_queue<Load, std::vector<Load>, std::greater<>> loads;
    for (int w = 0; w < std::max(1, workers); ++w)
        loads.push({0.0, w});
    double makespan = 0;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        const auto [at, w] = loads.top();
        loads.pop();
        const double end = at + jobs[j];
        place(j, w, at, end);
        makespan = std::max(makespan, end);
        loads.push({end, w});
    }
    return makespan;
}

// One tuned candidate as the modelled tuning time counts it, in the order the backend tunes.
struct ModelledStep {
    bool compiled = false;               // it finished compiling (a stopped tuning leaves some out)
    double compileSeconds = 0;
    std::optional<double> benchSeconds;  // set when it was benchmarked
    double sessionSeconds = 0;           // the profiler's session, paid once before the first run
};
ModelledStep modelledStep(const CandidateOutcome& outcome);

// Whether the backend benchmarks a list of `configs` configs: more than one (a single config is
// launched as it is), or any under 2026-08 with the UB tuner on.
bool benchmarksList(kernel::BackendVersion backend, const TuningOptions& options, std::size_t configs);

// The modelled wall time of `steps` on the real toolchain, and where each part of it falls: the
// compiled steps longest first onto `workers` (placeCompile(step, worker, start, end) per step,
// in placement order), then, with `benchmarks`, the benchmark runs one after the other in step
// order (placeBench(step, start, end)), the profiler's session before the first when more than one
// is benchmarked. The tuning's own figures and the explorer's tuning-time chart both come from
// here. hostCores and ubTunerSeconds are the caller's to fill.
template <typename PlaceCompile, typename PlaceBench>
ModelledTime modelTuningTime(const std::vector<ModelledStep>& steps, int workers, bool benchmarks,
                             PlaceCompile&& placeCompile, PlaceBench&& placeBench)
{
    ModelledTime m;
    m.compileWorkers = std::max(1, workers);
    std::vector<std::size_t> order;
    std::size_t runs = 0;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        if (steps[k].compiled)
            order.push_back(k);
        runs += steps[k].benchSeconds ? 1 : 0;
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return steps[a].compileSeconds > steps[b].compileSeconds; });
    std::vector<double> jobs(order.size());
    for (std::size_t j = 0; j < order.size(); ++j)
        jobs[j] = steps[order[j]].compileSeconds;
    m.compileSeconds = scheduleLongestFirst(
        jobs, m.compileWorkers, [&](std::size_t j, int worker, double start, double end) { placeCompile(order[j], worker, start, end); });
    if (benchmarks) {
        bool first = true;
        for (std::size_t k = 0; k < steps.size(); ++k) {
            if (!steps[k].benchSeconds)
                continue;
            if (first && runs > 1)
                m.benchSeconds += steps[k].sessionSeconds;
            first = false;
            const double start = m.compileSeconds + m.benchSeconds;
            m.benchSeconds += *steps[k].benchSeconds;
            placeBench(k, start, m.compileSeconds + m.benchSeconds);
        }
    }
    m.totalSeconds = m.compileSeconds + m.benchSeconds;
    return m;
}
inline ModelledTime modelTuningTime(const std::vector<ModelledStep>& steps, int workers, bool benchmarks)
{
    return modelTuningTime(steps, workers, benchmarks, [](std::size_t, int, double, double) {}, [](std::size_t, double, double) {});
}

// The note a tuning with the profiler (`npu`) carries when a single config compiled: the backend
// times it with do_bench instead (code "single-config-do-bench").
extern const char* const kSingleConfigDoBenchNote;

TuningResult tune(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                  const npu::DeviceProfile& device, const TuningOptions& options,
                  const TuningCallbacks& callbacks = {}, std::stop_token stop = {});

// The lines Triton-Ascend prints with TRITON_PRINT_AUTOTUNING=1, for this session, as the
// analysis' backend version prints them (its policy's autotuningLog). `options` are those the
// session ran with (a version may warn about a combination of them).
std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis,
                                       const space::CandidateSpace& space, const TuningResult& result,
                                       const TuningOptions& options = {});

// config.all_kwargs() as Python prints the dict: {'XBLOCK': 1024, 'multibuffer': True,
// 'num_warps': 4, 'num_ctas': 1, 'num_stages': 3} (maxnreg and ir_override are None, left out).
std::string configKwargsRepr(const space::CandidateSpace& space, std::size_t index);

// triton.Config.__str__: "XBLOCK: 1024, multibuffer: True, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None"
std::string configString(const space::CandidateSpace& space, std::size_t index);
// The report's short form: "XBLOCK=1024, multibuffer=True" (with num_stages where the backend's
// list holds configs that differ only in it).
std::string paramsString(const space::CandidateSpace& space, std::size_t index);

} // namespace ts::tuning
