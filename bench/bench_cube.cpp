// 2026-08 cube / mix timings on resources/examples/matmul.py at 4096 x 4096 x 4096 fp16 (the
// launch of matmul.json) on a 910B2: the parse, and the full generation with pruning of the
// 130^3 = 2,197,000 candidates down to 794 configs (target: under 10 ms), with every dropped
// candidate recorded and with the verdict grid alone (every dropped candidate's reason in one
// byte: bytes_per_pruned, target <= 16).

#include "core/analysis/cube_parse.h"
#include "core/python/parser.h"
#include "core/space/cube_generator.h"

#include <benchmark/benchmark.h>

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

} // namespace
