// 2026-08 cube / mix timings on resources/examples/matmul.py at 4096 x 4096 x 4096 fp16 (the
// launch of matmul.json) on a 910B2: the parse, and the full generation with pruning of the
// 130^3 = 2,197,000 candidates down to 794 configs (target: under 10 ms), with every dropped
// candidate recorded and with the verdict grid alone (every dropped candidate's reason in one
// byte: bytes_per_pruned, target <= 16); and the whole candidate space of matmul.json as the CLI
// and the explorer build it, every pruned tiling a row (target: under 1 s on one core; the heap
// the space holds per pruned candidate, target <= 16 bytes).

#include "core/analysis/cube_parse.h"
#include "core/pipeline/workflow.h"
#include "core/python/parser.h"
#include "core/space/cube_generator.h"

#include <benchmark/benchmark.h>

#include <malloc.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

using namespace ts::analysis;
using namespace ts::space;

namespace {

struct Matmul {
    std::unique_ptr<ts::py::Module> module;
    ParseInput input;
    CubeParseOptions options;
};

const Matmul& matmul()
{
    static const Matmul m = [] {
        Matmul out;
        std::ifstream in(std::string(TILESCOPE_SOURCE_DIR) + "/resources/examples/matmul.py");
        std::stringstream ss;
        ss << in.rdbuf();
        auto parsed = ts::py::parseSource(ss.str(), "matmul.py");
        if (!parsed.ok())
            throw std::runtime_error(parsed.error->format());
        out.module = std::move(parsed.module);
        for (const ts::py::Node* stmt : out.module->root()->list("body"))
            if (stmt->is(ts::py::Kind::FunctionDef) && stmt->str("name") == "matmul_kernel")
                out.input.function = stmt;
        for (const ts::py::Node* a : out.input.function->child("args")->list("args"))
            out.input.argNames.push_back(a->str("arg"));
        for (const char* t : {"a_ptr", "b_ptr", "c_ptr"}) {
            LaunchArgument a;
            a.name = t;
            a.kind = LaunchArgument::Kind::Tensor;
            a.dtype = "float16";
            a.shape = {4096, 4096};
            out.input.args.push_back(a);
        }
        for (const auto& [n, v] : std::vector<std::pair<const char*, std::int64_t>>{
                 {"M", 4096}, {"N", 4096}, {"K", 4096}, {"stride_am", 4096}, {"stride_ak", 1},
                 {"stride_bk", 4096}, {"stride_bn", 1}, {"stride_cm", 4096}, {"stride_cn", 1}}) {
            LaunchArgument a;
            a.name = n;
            a.intValue = v;
            out.input.args.push_back(a);
        }
        out.options.module = out.module->root();
        return out;
    }();
    return m;
}

void BM_CubeParseMatmul(benchmark::State& state)
{
    const Matmul& m = matmul();
    for (auto _ : state) {
        CubeParse p = parseCube(m.input, m.options);
        benchmark::DoNotOptimize(p);
    }
}
BENCHMARK(BM_CubeParseMatmul)->Unit(benchmark::kMicrosecond);

void BM_CubeGenerateMatmul4096(benchmark::State& state)
{
    const Matmul& m = matmul();
    const CubeParse parse = parseCube(m.input, m.options);
    const CubeHardware hw = CubeHardware::forSoc("Ascend910B2");
    CubeGenOptions options;
    options.maxPrunedRecords = state.range(0) ? std::numeric_limits<std::size_t>::max() : 0;
    std::size_t kept = 0;
    double bytesPerPruned = 0;
    for (auto _ : state) {
        CubeGeneration g = generateCubeConfigs(parse, m.input.args, hw, options);
        kept = g.configs.size();
        // What holds every dropped candidate with its reason: the verdict grid (one byte per
        // position, the grid itself is the parameters' value lists), plus the records if kept.
        bytesPerPruned = double(g.verdicts.capacity() + g.pruned.capacity() * sizeof(CubePruned)) /
                         double(std::max<std::uint64_t>(g.prunedCount, 1));
        benchmark::DoNotOptimize(g);
    }
    state.counters["configs"] = double(kept);
    state.counters["candidates"] = 130.0 * 130 * 130;
    state.counters["bytes_per_pruned"] = bytesPerPruned;
}
BENCHMARK(BM_CubeGenerateMatmul4096)->Arg(0)->Arg(1)->ArgName("record_pruned")->Unit(benchmark::kMillisecond);

// Bytes malloc has handed out and not had back: small blocks and the large ones it maps apart.
std::size_t heapInUse()
{
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

// matmul.json from file to candidate space (the analysis once, outside the timing): generation,
// pruning, the kept configs crossed with the hints and every pruned tiling as a row with its
// launch figures. bytes_per_pruned is the heap the finished space holds (malloc's bytes in use,
// mapped blocks included, before and after), all of it, divided by its pruned candidates.
void BM_CubeSpaceMatmul4096(benchmark::State& state)
{
    const auto loaded = ts::kernel::loadWorkload(std::string(TILESCOPE_SOURCE_DIR) + "/resources/examples/matmul.json");
    if (!loaded.workload) {
        state.SkipWithError("matmul.json does not load");
        return;
    }
    const ts::pipeline::AnalyzeResult analysed = ts::pipeline::analyze({*loaded.workload});
    static const ts::npu::DeviceRegistry registry = ts::npu::DeviceRegistry::loadBundled();
    const ts::npu::DeviceProfile* device = registry.find(loaded.workload->device);
    if (!analysed.ok() || device == nullptr) {
        state.SkipWithError("matmul.json does not analyse");
        return;
    }
    std::size_t rows = 0, pruned = 0;
    double bytesPerPruned = 0;
    for (auto _ : state) {
        const std::size_t before = heapInUse();
        ts::pipeline::SpaceResult built = ts::pipeline::buildSpace({analysed.analysis, *device, {}});
        const std::size_t after = heapInUse();
        if (!built.space) {
            state.SkipWithError(built.problem.english().c_str());
            return;
        }
        rows = built.space->size();
        pruned = built.space->count(CandidateStatus::Pruned);
        bytesPerPruned = double(after > before ? after - before : 0) / double(std::max<std::size_t>(pruned, 1));
        benchmark::DoNotOptimize(built);
    }
    state.counters["rows"] = double(rows);
    state.counters["pruned"] = double(pruned);
    state.counters["bytes_per_pruned"] = bytesPerPruned;
}
BENCHMARK(BM_CubeSpaceMatmul4096)->Unit(benchmark::kMillisecond);

} // namespace
