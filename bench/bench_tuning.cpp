// Tuning-session throughput: candidates compiled + simulated + benchmarked per second, and the
// speed-up of the worker pool (compare the jobs:1 and jobs:2 rows; target within 15% of linear).

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/tuning/tuning_session.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

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

BENCHMARK_CAPTURE(BM_TuneLattice, add_16m, "add_16m.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TuneLattice, softmax, "softmax.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TuneLattice, layer_norm, "layer_norm.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TuneLattice, matmul, "matmul.json")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace
