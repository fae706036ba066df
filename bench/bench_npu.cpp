// Throughput of the simulated NPU: candidates compiled and simulated per second on the example
// workloads (target: 100,000 per second per core). Each example is traced once; each benchmark
// then compiles and simulates one candidate list round-robin on one thread, so items_per_second
// is candidates per second per core. A candidate followed by its multibuffer sibling is compiled
// from one trace, as a tuning session does. The lists per example:
//   BM_CompileSimulateBackend/<ex>   the configs the backend generates: what `tilescope tune`
//                                    compiles by default (all in multibuffer pairs);
//   BM_CompileSimulateBackendSingly/<ex>  the same list, every candidate compiled on its own;
//   BM_CompileSimulateLattice/<ex>   512 positions spread evenly over the --lattice space, each
//                                    with its multibuffer sibling (the wider space a lattice
//                                    tuning compiles, in its order, failures included);
//   BM_CompileSimulate/<ex>          a synthetic stress list: every tunable constexpr over the
//                                    powers of two 16..65536 regardless of the tensor shapes
//                                    (blocks far past the data give masked loop edges to find),
//                                    failures included; BM_CompileSimulateValid/<ex> keeps the
//                                    ones that compile.
// The pool's scaling over the cores is in bench_tuning (BM_PoolSpeedup).

#include "core/analysis/kernel_analysis.h"
#include "core/kernel/kernel_model.h"
#include "core/kernel/workload.h"
#include "core/npu/bench_method.h"
#include "core/npu/device_model.h"
#include "core/npu/device_profile.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"
#include "core/npu/simulator.h"
#include "core/pipeline/space_pipeline.h"
#include "core/tuning/tuning_session.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace ts;
using namespace ts::npu;

struct Example {
    std::string name;
    std::unique_ptr<kernel::KernelFile> file;
    kernel::Workload workload;
    std::shared_ptr<const KernelTrace> trace;
    DeviceModel device;
    std::vector<CandidateValues> candidates;
    std::vector<CandidateValues> valid;       // the candidates that compile
    std::vector<CandidateValues> backend;     // the backend's generated (and handwritten) configs
    std::vector<CandidateValues> latticeSample;  // evenly spread over the --lattice space
};

// The example's candidate space as a --lattice tuning sees it: the backend's list, and up to
// 1024 points spread over the whole lattice.
void spaceLists(Example& ex, const DeviceProfile& profile)
{
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(ex.workload);
    if (!analysed.analysis)
        return;
    space::SpaceOptions options;
    options.lattice = true;
    const space::CandidateSpace space = pipeline::buildSpace(*analysed.analysis, profile, options);
    if (space.error())
        return;
    for (std::size_t i = 0; i < space.size(); ++i) {
        const space::CandidateStatus s = space.status(i);
        if (s == space::CandidateStatus::Generated || s == space::CandidateStatus::User)
            ex.backend.push_back(tuning::candidateValues(space, i));
    }
    // 512 evenly spread positions, each with its multibuffer sibling (or the next candidate): a
    // session compiles the lattice in order, a candidate next to its sibling.
    const std::size_t n = space.size(), positions = std::min<std::size_t>(n, 512);
    auto siblings = [](const CandidateValues& a, const CandidateValues& b) {
        return a.constexprs == b.constexprs && a.multibuffer != b.multibuffer;
    };
    std::size_t taken = 0;  // candidates before this index are in the sample already
    for (std::size_t k = 0; k < positions; ++k) {
        std::size_t i = std::max(taken, k * n / positions);
        if (i >= n)
            break;
        CandidateValues at = tuning::candidateValues(space, i);
        if (i > taken) {
            CandidateValues before = tuning::candidateValues(space, i - 1);
            if (siblings(before, at)) {
                ex.latticeSample.push_back(std::move(before));
                ex.latticeSample.push_back(std::move(at));
                taken = i + 1;
                continue;
            }
        }
        ex.latticeSample.push_back(std::move(at));
        if (i + 1 < n)
            ex.latticeSample.push_back(tuning::candidateValues(space, i + 1));
        taken = i + 2;
    }
}

// Every tunable constexpr over powers of two from 16 to 65536, both multibuffer values, at most
// 1024 candidates.
std::vector<CandidateValues> lattice(const KernelTrace& trace)
{
    std::vector<std::string> tunables;
    for (const auto& c : trace.constexprs())
        if (!c.fixed && !c.fixedNonInteger)
            tunables.push_back(c.name);
    std::vector<std::int64_t> values;
    for (std::int64_t v = 16; v <= 65536; v *= 2)
        values.push_back(v);
    std::vector<CandidateValues> out;
    std::vector<std::size_t> idx(tunables.size(), 0);
    while (out.size() < 1024) {
        for (bool mb : {true, false}) {
            CandidateValues c;
            c.multibuffer = mb;
            for (std::size_t i = 0; i < tunables.size(); ++i)
                c.constexprs.emplace_back(tunables[i], values[idx[i]]);
            out.push_back(std::move(c));
        }
        std::size_t d = 0;
        while (d < idx.size() && ++idx[d] == values.size())
            idx[d++] = 0;
        if (d == idx.size())
            break;
    }
    return out;
}

std::vector<std::unique_ptr<Example>>& examples()
{
    static std::vector<std::unique_ptr<Example>> all = [] {
        std::vector<std::unique_ptr<Example>> out;
        const std::filesystem::path dir = std::filesystem::path(TILESCOPE_SOURCE_DIR) / "resources";
        const DeviceRegistry registry = DeviceRegistry::loadBundled(dir);
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(dir / "examples"))
            if (entry.path().extension() == ".json")
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto& path : files) {
            auto ex = std::make_unique<Example>();
            ex->name = path.stem().string();
            kernel::WorkloadLoadResult wl = kernel::loadWorkload(path.string());
            if (!wl.workload)
                {
                std::fprintf(stderr, "bench_npu: skipping %s\n", path.string().c_str());
                continue;
            }
            ex->workload = *wl.workload;
            kernel::KernelLoadResult loaded = kernel::loadKernelFile(ex->workload.kernelPath);
            if (!loaded.file)
                {
                std::fprintf(stderr, "bench_npu: skipping %s\n", path.string().c_str());
                continue;
            }
            ex->file = std::move(loaded.file);
            const kernel::KernelDef* k = ex->workload.function.empty() ? ex->file->defaultKernel()
                                                                       : ex->file->kernel(ex->workload.function);
            const DeviceProfile* profile = registry.find(ex->workload.device);
            if (!k || !profile)
                {
                std::fprintf(stderr, "bench_npu: skipping %s\n", path.string().c_str());
                continue;
            }
            ex->device = DeviceModel::fromProfile(*profile);
            ex->trace = KernelTrace::build(*ex->file, *k, KernelLaunch::fromWorkload(ex->workload)).trace;
            if (!ex->trace)
                {
                std::fprintf(stderr, "bench_npu: skipping %s\n", path.string().c_str());
                continue;
            }
            ex->candidates = lattice(*ex->trace);
            spaceLists(*ex, *profile);
            for (const CandidateValues& c : ex->candidates)
                if (compileCandidate(*ex->trace, ex->device, c).ok())
                    ex->valid.push_back(c);
            out.push_back(std::move(ex));
        }
        return out;
    }();
    return all;
}

// One list round-robin, failures included. With `share`, a candidate followed by its multibuffer
// sibling is compiled from one trace, as a tuning session does; items count candidates either way.
void compileAndSimulateList(benchmark::State& state, const std::vector<CandidateValues>* list, const Example* ex,
                            bool share)
{
    struct Unit {
        std::size_t first;
        bool pair;
    };
    std::vector<Unit> units;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const bool pair = share && i + 1 < list->size() && (*list)[i].constexprs == (*list)[i + 1].constexprs &&
                          (*list)[i].multibuffer != (*list)[i + 1].multibuffer;
        units.push_back({i, pair});
        i += pair ? 1 : 0;
    }
    std::size_t u = 0, items = 0, ok = 0, paired = 0;
    auto simulated = [&](const CompiledKernel& k) {
        ++items;
        if (k.ok()) {
            const SimResult s = simulate(k, ex->device);
            benchmark::DoNotOptimize(s.deviceUs);
            ++ok;
        }
        benchmark::DoNotOptimize(k.failure);
    };
    for (auto _ : state) {
        const Unit& unit = units[u++ % units.size()];
        const CandidateValues& c = (*list)[unit.first];
        if (unit.pair) {
            const auto [first, second] = compileWithMultibufferSibling(*ex->trace, ex->device, c);
            simulated(first);
            simulated(second);
            paired += 2;
        } else {
            simulated(compileCandidate(*ex->trace, ex->device, c));
        }
    }
    state.SetItemsProcessed(std::int64_t(items));
    state.counters["compiled_ok"] = benchmark::Counter(double(ok) / double(std::max<std::size_t>(1, items)));
    state.counters["list"] = double(list->size());
    state.counters["paired"] = benchmark::Counter(double(paired) / double(std::max<std::size_t>(1, items)));
}

void compileSimulateBenchmark(benchmark::State& state, const Example* ex)
{
    // The full measurement path of the default method: compile, simulate, do_bench noise model.
    std::size_t i = 0;
    for (auto _ : state) {
        const CandidateValues& c = ex->candidates[i++ % ex->candidates.size()];
        const CompiledKernel k = compileCandidate(*ex->trace, ex->device, c);
        if (k.ok()) {
            const BenchResult b = ts::npu::benchmark(k, ex->device, {BenchMethod::Default, 1});
            benchmark::DoNotOptimize(b.p50Ms);
        }
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
}

void traceOnce(benchmark::State& state, const Example* ex)
{
    const kernel::KernelDef* k = ex->workload.function.empty() ? ex->file->defaultKernel()
                                                               : ex->file->kernel(ex->workload.function);
    const KernelLaunch launch = KernelLaunch::fromWorkload(ex->workload);
    for (auto _ : state) {
        TraceResult r = KernelTrace::build(*ex->file, *k, launch);
        benchmark::DoNotOptimize(r.trace);
    }
}

} // namespace

// Our own main: the examples are parsed by the embedded interpreter, which must not start
// during static initialisation.
int main(int argc, char** argv)
{
    if (examples().empty())
        std::fprintf(stderr, "bench_npu: no example workload could be loaded from %s/resources/examples\n",
                     TILESCOPE_SOURCE_DIR);
    // TILESCOPE_BENCH_ITERATIONS=N runs the compile benchmarks exactly N times (e.g. one pass over
    // the lattice), so that instruction counts under valgrind compare like for like.
    const char* fixed = std::getenv("TILESCOPE_BENCH_ITERATIONS");
    const long iterations = fixed ? std::strtol(fixed, nullptr, 10) : 0;
    auto withIterations = [&](benchmark::internal::Benchmark* b) {
        if (iterations > 0)
            b->Iterations(iterations);
    };
    for (const auto& ex : examples()) {
        auto list = [&](const std::string& name, const std::vector<CandidateValues>& candidates, bool share) {
            if (!candidates.empty())
                withIterations(benchmark::RegisterBenchmark((name + "/" + ex->name).c_str(), compileAndSimulateList,
                                                            &candidates, ex.get(), share));
        };
        list("BM_CompileSimulateBackend", ex->backend, true);
        list("BM_CompileSimulateBackendSingly", ex->backend, false);
        list("BM_CompileSimulateLattice", ex->latticeSample, true);
        list("BM_CompileSimulate", ex->candidates, true);
        list("BM_CompileSimulateValid", ex->valid, true);
        benchmark::RegisterBenchmark(("BM_CompileSimulateDoBench/" + ex->name).c_str(), compileSimulateBenchmark,
                                     ex.get());
        benchmark::RegisterBenchmark(("BM_Trace/" + ex->name).c_str(), traceOnce, ex.get());
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
