// Tuning-session throughput: candidates compiled + simulated + benchmarked per second, and the
// speed-up of the worker pool. BM_TuneLattice/<example>/<jobs> times whole sessions;
// BM_PoolSpeedup/<example> runs the same session on one thread and on every core of this
// machine and prints the pool's speed-up and its share of linear (target: within 15%, i.e.
// >= 0.85), and the whole session's speed-up.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/tuning/tuning_session.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <thread>

namespace {

struct Session {
    ts::analysis::KernelAnalysis analysis;
    std::unique_ptr<ts::space::CandidateSpace> space;
    const ts::npu::DeviceProfile* device = nullptr;
};

const ts::npu::DeviceRegistry& registry()
{
    static const auto r = ts::npu::DeviceRegistry::loadBundled();
    return r;
}

// The example's whole lattice: thousands of candidates, the load a --lattice tuning carries.
Session& session(const std::string& example)
{
    static std::map<std::string, Session> sessions;
    auto it = sessions.find(example);
    if (it != sessions.end())
        return it->second;
    Session s;
    auto loaded = ts::kernel::loadWorkload(std::string(TILESCOPE_SOURCE_DIR) + "/resources/examples/" + example);
    auto analysed = ts::analysis::analyzeWorkload(*loaded.workload);
    s.analysis = std::move(*analysed.analysis);
    s.device = registry().find(s.analysis.workload.device);
    ts::space::SpaceOptions options;
    options.lattice = true;
    s.space = std::make_unique<ts::space::CandidateSpace>(ts::pipeline::buildSpace(s.analysis, *s.device, options));
    return sessions.emplace(example, std::move(s)).first->second;
}

void BM_TuneLattice(benchmark::State& state, const char* example)
{
    Session& s = session(example);
    ts::tuning::TuningOptions options;
    options.lattice = true;
    options.jobs = static_cast<int>(state.range(0));
    std::size_t candidates = 0;
    for (auto _ : state) {
        auto r = ts::tuning::tune(s.analysis, *s.space, *s.device, options);
        candidates += r.finished;
        benchmark::DoNotOptimize(r.best);
    }
    state.counters["candidates"] = static_cast<double>(s.space->size());
    state.counters["candidates/s"] = benchmark::Counter(static_cast<double>(candidates), benchmark::Counter::kIsRate);
}

struct Timed {
    double session = 0;  // the whole tune() call, the result freed
    double pool = 0;     // its worker pool: compiling and benchmarking the candidates
};

Timed sessionSeconds(Session& s, int jobs)
{
    ts::tuning::TuningOptions options;
    options.lattice = true;
    options.jobs = jobs;
    Timed t;
    const auto start = std::chrono::steady_clock::now();
    {
        auto r = ts::tuning::tune(s.analysis, *s.space, *s.device, options);
        benchmark::DoNotOptimize(r.best);
        t.pool = r.poolSeconds;
    } // the result is freed inside the timing: a session's caller pays for that too
    t.session = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return t;
}

// One session on one thread, then on every core. `speedup` is the pool's: the wall time of its
// compiling and benchmarking. `session_speedup` is the whole call's, which also sizes the
// outcome table (hundreds of MB for the add_16m and column_sum lattices: page faults that scale
// poorly) and frees it.
void BM_PoolSpeedup(benchmark::State& state, const char* example)
{
    Session& s = session(example);
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    Timed one, all;
    for (auto _ : state) {
        const Timed t1 = sessionSeconds(s, 1);
        const Timed tn = sessionSeconds(s, cores);
        one.session += t1.session;
        one.pool += t1.pool;
        all.session += tn.session;
        all.pool += tn.pool;
        state.SetIterationTime(t1.session + tn.session);
    }
    const double n = static_cast<double>(state.iterations());
    const double candidates = static_cast<double>(s.space->size());
    state.counters["cores"] = cores;
    state.counters["cand/s/core_1thr"] = candidates * n / one.pool;
    state.counters["cand/s/core_all"] = candidates * n / all.pool / cores;
    state.counters["speedup"] = one.pool / all.pool;
    state.counters["of_linear"] = one.pool / all.pool / cores;
    state.counters["session_speedup"] = one.session / all.session;
}

BENCHMARK_CAPTURE(BM_PoolSpeedup, add_16m, "add_16m.json")->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoolSpeedup, softmax, "softmax.json")->UseManualTime()->Iterations(2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoolSpeedup, layer_norm, "layer_norm.json")->UseManualTime()->Iterations(2)->Unit(benchmark::kMillisecond);
// (matmul is left out: its backend raises before benchmarking, so its session has no pool work.)
BENCHMARK_CAPTURE(BM_PoolSpeedup, column_sum, "column_sum.json")->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(BM_TuneLattice, add_16m, "add_16m.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TuneLattice, softmax, "softmax.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TuneLattice, layer_norm, "layer_norm.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TuneLattice, matmul, "matmul.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace
