// Space stage timings: one backend tile generation per launch (target: under 20 us for the
// examples; the Python backend takes milliseconds) and lattice throughput in candidates/s
// (target: a 1,000,000-point lattice with reasons in under a second).

#include "core/space/backend_configs.h"
#include "core/space/candidate_space.h"
#include "core/space/tile_generator.h"

#include <benchmark/benchmark.h>

using namespace ts::space;
using ts::analysis::AxisParse;

namespace {

// The lattice is walked under 2026-04's rows (tilings crossed with hints and multibuffer).
ts::kernel::BackendVersion latticeVersion()
{
    return *ts::kernel::parseBackendVersion("2026-04");
}

struct Workload {
    const char* name;
    AxisParse parse;
    LaunchSpec launch;
    GeneratorDevice device;
};

Workload vectorAdd()
{
    // add_1d: 98,432 fp16 elements, one split parameter, on a 910B2.
    Workload w{"vector_add", {}, {}, GeneratorDevice::forSoc("Ascend910B2", 24)};
    w.launch.backend = latticeVersion();
    w.parse.splitParams = {{"x", "BLOCK"}};
    w.parse.lowDimAxes = {"x"};
    w.parse.numBuffers = 3;
    w.launch.keyValues = {{"x", 98432}};
    w.launch.tensorDtypes = {"float16", "float16", "float16"};
    return w;
}

Workload axpyTiled()
{
    // 1-D split + tiling, 1M fp32 elements.
    Workload w{"axpy_split_tiling", {}, {}, GeneratorDevice::forSoc("Ascend910B2", 24)};
    w.launch.backend = latticeVersion();
    w.parse.splitParams = {{"x", "XBLOCK"}};
    w.parse.tilingParams = {{"x", "XBLOCK_SUB"}};
    w.parse.lowDimAxes = {"x"};
    w.parse.numBuffers = 2;
    w.launch.keyValues = {{"x", 1 << 20}};
    w.launch.tensorDtypes = {"float32", "float32"};
    return w;
}

Workload softmaxRows()
{
    // Rows split across programs, a persistent inner reduction tiled in UB.
    Workload w{"softmax_rows", {}, {}, GeneratorDevice::forSoc("Ascend910B4", 20)};
    w.launch.backend = latticeVersion();
    w.parse.splitParams = {{"x", "XBLOCK"}};
    w.parse.tilingParams = {{"x", "XBLOCK_SUB"}, {"ry", "RBLOCK"}};
    w.parse.lowDimAxes = {"ry"};
    w.parse.reductionAxes = {"ry"};
    w.parse.persistentReduction = true;
    w.parse.numBuffers = 2;
    w.launch.keyValues = {{"x", 8192}, {"ry", 1024}};
    w.launch.tensorDtypes = {"float16", "float16"};
    return w;
}

Workload biasAct3d()
{
    // 3-D elementwise: two split axes, three tiling axes.
    Workload w{"bias_act_3d", {}, {}, GeneratorDevice::forSoc("Ascend910B3", 20)};
    w.launch.backend = latticeVersion();
    w.parse.splitParams = {{"x", "XBLOCK"}, {"y", "YBLOCK"}};
    w.parse.tilingParams = {{"x", "XBLOCK_SUB"}, {"y", "YBLOCK_SUB"}, {"z", "ZBLOCK_SUB"}};
    w.parse.lowDimAxes = {"z"};
    w.parse.numBuffers = 3;
    w.launch.keyValues = {{"x", 16}, {"y", 512}, {"z", 768}};
    w.launch.tensorDtypes = {"float16", "float16", "float16"};
    return w;
}

const std::vector<Workload>& workloads()
{
    static const std::vector<Workload> all = {vectorAdd(), axpyTiled(), softmaxRows(), biasAct3d()};
    return all;
}

TileProblem problemOf(const Workload& w)
{
    const int bytes = dtypeBytes(w.launch.tensorDtypes.front());
    return makeTileProblem(kernelMetaFor(w.parse, w.launch, bytes), w.device).problem;
}

// The walk alone, with its output buffers reused between runs.
void BM_TileWalk(benchmark::State& state)
{
    const Workload& w = workloads()[std::size_t(state.range(0))];
    const TileProblem problem = problemOf(w);
    TileGeneration out;
    TileGeneratorOptions options;
    options.recordTrail = state.range(1) != 0;
    for (auto _ : state) {
        generateTiles(problem, out, options);
        benchmark::DoNotOptimize(out.values.data());
    }
    state.SetLabel(std::string(w.name) + (options.recordTrail ? " +trail" : "") + ", " +
                   std::to_string(out.count()) + " tilings, " + std::to_string(out.trail.size()) +
                   " refused");
}
BENCHMARK(BM_TileWalk)->ArgsProduct({{0, 1, 2, 3}, {0, 1}})->Unit(benchmark::kMicrosecond);

// What the backend does per launch: dtype, key, KernelMeta, walk, expansion, final list.
void BM_BackendConfigs(benchmark::State& state)
{
    const Workload& w = workloads()[std::size_t(state.range(0))];
    std::size_t configs = 0;
    for (auto _ : state) {
        BackendConfigs out = generateBackendConfigs(w.parse, w.launch, w.device);
        configs = out.configs.size();
        benchmark::DoNotOptimize(out.configs.data());
    }
    state.SetLabel(std::string(w.name) + ", " + std::to_string(configs) + " configs");
}
BENCHMARK(BM_BackendConfigs)->DenseRange(0, 3)->Unit(benchmark::kMicrosecond);

// The full lattice of the 1-D split + tiling kernel with a 4-value hint and multibuffer:
// about 1.2 million candidates, every one with a status and reason.
void BM_Lattice(benchmark::State& state)
{
    Workload w = axpyTiled();
    w.launch.keyValues = {{"x", 6144}};
    w.launch.tensorDtypes = {"float16", "float16"};
    const HintList hints = {
        {"GROUP_SIZE_M",
         {ParamValue::integer(1), ParamValue::integer(2), ParamValue::integer(4), ParamValue::integer(8)}}};
    SpaceOptions options;
    options.lattice = true;
    std::size_t candidates = 0;
    for (auto _ : state) {
        CandidateSpace space = CandidateSpace::build(w.parse, w.launch, hints, w.device, options);
        candidates = space.size();
        benchmark::DoNotOptimize(candidates);
    }
    state.SetItemsProcessed(std::int64_t(candidates) * state.iterations());
    state.SetLabel(std::to_string(candidates) + " candidates");
}
BENCHMARK(BM_Lattice)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace
