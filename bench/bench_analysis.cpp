// Analysis time for a large kernel file (2,000 lines) and for one 2,000-line kernel, after the
// interpreter is up. Target: the whole analysis (read, parse, kernel model, backend parse, guide
// rules) < 50 ms for each.

#include "core/analysis/kernel_analysis.h"
#include "core/kernel/kernel_model.h"
#include "core/kernel/workload.h"
#include "core/python/parser.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

// A file of many autotuned kernels in the shape users write, about `lines` lines long.
std::string largeKernelFile(int lines)
{
    std::ostringstream out;
    out << "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n";
    int written = 4;
    for (int i = 0; written < lines; ++i) {
        out << "@triton.autotune(configs=[], key=['n_elements'])\n"
               "@triton.jit\n"
               "def kernel_" << i << "(x_ptr, y_ptr, out_ptr, n_elements, XBLOCK: tl.constexpr,\n"
               "                XBLOCK_SUB: tl.constexpr):\n"
               "    pid = tl.program_id(0)\n"
               "    block_start = pid * XBLOCK\n"
               "    for sub in range(0, XBLOCK, XBLOCK_SUB):\n"
               "        offsets = block_start + sub + tl.arange(0, XBLOCK_SUB)\n"
               "        mask = offsets < n_elements\n"
               "        x = tl.load(x_ptr + offsets, mask=mask)\n"
               "        y = tl.load(y_ptr + offsets, mask=mask)\n"
               "        z = tl.exp(x) * y + tl.sqrt(tl.abs(x)) - y * " << (i % 7 + 1) << ".0\n"
               "        z = tl.where(z > 0, z, 0.0)\n"
               "        tl.store(out_ptr + offsets, z, mask=mask)\n"
               "\n\n";
        written += 16;
    }
    return out.str();
}

struct Fixture {
    std::filesystem::path dir;
    std::string source;
    ts::kernel::Workload workload;

    Fixture()
    {
        dir = std::filesystem::temp_directory_path() / "tilescope-bench-analysis";
        std::filesystem::create_directories(dir);
        source = largeKernelFile(2000);
        std::ofstream(dir / "large.py") << source;
        workload.kernelPath = (dir / "large.py").string();
        workload.function = "kernel_60";
        for (const char* t : {"x_ptr", "y_ptr", "out_ptr"})
            workload.setArg(t, ts::kernel::ArgValue::tensor("float16", {16777216}));
        workload.setArg("n_elements", ts::kernel::ArgValue::integer(16777216));
        workload.grid.kind = ts::kernel::GridArg::Kind::Expression;
        workload.grid.expression = "lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)";
        ts::py::startInterpreter();
    }
};

Fixture& fixture()
{
    static Fixture f;
    return f;
}

void BM_ParseLargeFile(benchmark::State& state)
{
    Fixture& f = fixture();
    for (auto _ : state) {
        auto r = ts::py::parseSource(f.source, "large.py");
        benchmark::DoNotOptimize(r.module);
    }
    state.counters["lines"] = static_cast<double>(std::count(f.source.begin(), f.source.end(), '\n'));
}
BENCHMARK(BM_ParseLargeFile)->Unit(benchmark::kMillisecond);

void BM_KernelModelLargeFile(benchmark::State& state)
{
    Fixture& f = fixture();
    std::size_t kernels = 0;
    for (auto _ : state) {
        auto r = ts::kernel::loadKernelSource(f.source, "large.py");
        kernels = r.file ? r.file->kernels.size() : 0;
        benchmark::DoNotOptimize(r.file);
    }
    state.counters["kernels"] = static_cast<double>(kernels);
}
BENCHMARK(BM_KernelModelLargeFile)->Unit(benchmark::kMillisecond);

// The whole `tilescope analyze` path for one kernel of the large file.
void BM_AnalyzeLargeFile(benchmark::State& state)
{
    Fixture& f = fixture();
    for (auto _ : state) {
        auto r = ts::analysis::analyzeWorkload(f.workload);
        if (!r.analysis)
            state.SkipWithError("analysis failed");
        benchmark::DoNotOptimize(r.analysis);
    }
}
BENCHMARK(BM_AnalyzeLargeFile)->Unit(benchmark::kMillisecond);

// One kernel of 2,000 lines: many independent sub-tiled loops, each with its own masks. The
// backend's axis parse walks every one of them (the speed target once asserted by a unit test).
void BM_AnalyzeLongKernel(benchmark::State& state)
{
    Fixture& f = fixture();
    std::string src = "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n"
                      "@triton.autotune(configs=[], key=['numel'])\n@triton.jit\n"
                      "def big(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):\n"
                      "    base = tl.program_id(0) * BLOCK\n";
    for (int i = 0; std::count(src.begin(), src.end(), '\n') < 2000; ++i) {
        const std::string n = std::to_string(i);
        src += "    for off" + n + " in range(0, BLOCK, SUB):\n"
               "        idx" + n + " = base + off" + n + " + tl.arange(0, SUB)\n"
               "        ok" + n + " = idx" + n + " < numel\n"
               "        v" + n + " = tl.load(src + idx" + n + ", mask=ok" + n + ")\n"
               "        w" + n + " = tl.where(v" + n + " > 0, v" + n + " * 2, v" + n + ")\n"
               "        tl.store(dst + idx" + n + ", w" + n + ", mask=ok" + n + ")\n";
    }
    std::ofstream(f.dir / "long.py") << src;
    ts::kernel::Workload w;
    w.kernelPath = (f.dir / "long.py").string();
    w.function = "big";
    for (const char* t : {"src", "dst"})
        w.setArg(t, ts::kernel::ArgValue::tensor("float16", {16777216}));
    w.setArg("numel", ts::kernel::ArgValue::integer(16777216));
    w.grid.kind = ts::kernel::GridArg::Kind::Expression;
    w.grid.expression = "lambda meta: (triton.cdiv(numel, meta['BLOCK']),)";
    for (auto _ : state) {
        auto r = ts::analysis::analyzeWorkload(w);
        if (!r.analysis)
            state.SkipWithError("analysis failed");
        benchmark::DoNotOptimize(r.analysis);
    }
    state.counters["lines"] = static_cast<double>(std::count(src.begin(), src.end(), '\n'));
}
BENCHMARK(BM_AnalyzeLongKernel)->Unit(benchmark::kMillisecond);

} // namespace
