// The simulated NPU's compiler: tracing kernels, specialising candidates, compile failures.

#include "backend_versions.h"
#include "testutil.h"

#include "core/kernel/kernel_model.h"
#include "core/kernel/workload.h"
#include "core/npu/device_model.h"
#include "core/npu/device_profile.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"
#include "core/npu/simulator.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <thread>

using namespace ts;
using namespace ts::npu;

namespace {

const DeviceRegistry& registry()
{
    static const DeviceRegistry r = DeviceRegistry::loadBundled(test::sourceDir() / "resources");
    return r;
}

DeviceModel device(const std::string& soc = "Ascend910B2")
{
    const DeviceProfile* p = registry().find(soc);
    EXPECT_NE(p, nullptr) << soc;
    return DeviceModel::fromProfile(*p);
}

// A traced kernel together with the file it came from (the trace does not need the file, but
// keeping it shows that nothing dangles).
struct Traced {
    std::unique_ptr<kernel::KernelFile> file;
    TraceResult result;
    const KernelTrace& trace() const { return *result.trace; }
};

Traced traceSource(const std::string& source, const std::string& function,
                   std::vector<std::pair<std::string, kernel::ArgValue>> args, kernel::GridArg grid)
{
    Traced t;
    kernel::KernelLoadResult loaded = kernel::loadKernelSource(source, "test_kernel.py");
    EXPECT_TRUE(loaded.file) << (loaded.diagnostics.empty() ? "" : loaded.diagnostics[0].format());
    if (!loaded.file)
        return t;
    t.file = std::move(loaded.file);
    const kernel::KernelDef* k = t.file->kernel(function);
    EXPECT_NE(k, nullptr) << function;
    KernelLaunch launch;
    launch.args = std::move(args);
    launch.grid = std::move(grid);
    t.result = KernelTrace::build(*t.file, *k, launch);
    EXPECT_TRUE(t.result.trace);
    return t;
}

Traced traceWorkload(const std::filesystem::path& path)
{
    Traced t;
    kernel::WorkloadLoadResult wl = test::loadWorkload2604(path.string());
    EXPECT_TRUE(wl.workload) << path;
    if (!wl.workload)
        return t;
    kernel::KernelLoadResult loaded = kernel::loadKernelFile(wl.workload->kernelPath);
    EXPECT_TRUE(loaded.file) << wl.workload->kernelPath;
    if (!loaded.file)
        return t;
    t.file = std::move(loaded.file);
    const kernel::KernelDef* k = wl.workload->function.empty() ? t.file->defaultKernel()
                                                               : t.file->kernel(wl.workload->function);
    EXPECT_NE(k, nullptr);
    t.result = KernelTrace::build(*t.file, *k, KernelLaunch::fromWorkload(*wl.workload));
    return t;
}

kernel::GridArg gridExpr(const std::string& expr)
{
    kernel::GridArg g;
    g.kind = kernel::GridArg::Kind::Expression;
    g.expression = expr;
    return g;
}

kernel::GridArg gridStatic(std::vector<std::int64_t> dims)
{
    kernel::GridArg g;
    g.kind = kernel::GridArg::Kind::Static;
    g.dims = std::move(dims);
    return g;
}

kernel::ArgValue tensor(const std::string& dtype, std::vector<std::int64_t> shape)
{
    return kernel::ArgValue::tensor(dtype, std::move(shape));
}

kernel::ArgValue integer(std::int64_t v) { return kernel::ArgValue::integer(v); }

CandidateValues cand(std::vector<std::pair<std::string, std::int64_t>> values, bool multibuffer = true)
{
    return CandidateValues{std::move(values), multibuffer};
}

double totalTensorRead(const CompiledKernel& k, const std::string& name)
{
    for (const TensorTraffic& t : k.tensors)
        if (t.name == name)
            return t.readBytes;
    return -1;
}

double totalTensorWrite(const CompiledKernel& k, const std::string& name)
{
    for (const TensorTraffic& t : k.tensors)
        if (t.name == name)
            return t.writeBytes;
    return -1;
}

bool hasWarningAt(const Diagnostics& ds, int line)
{
    for (const Diagnostic& d : ds)
        if (d.severity == Severity::Warning && d.line == line)
            return true;
    return false;
}

const char* kVecAdd = R"PY(
import triton
import triton.language as tl

@triton.jit
def vec_add(x_ptr, y_ptr, out_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        offs = base + sub + tl.arange(0, XBLOCK_SUB)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, x + y, mask=mask)
)PY";

Traced vecAdd(std::int64_t n, const std::string& dtype = "float32")
{
    return traceSource(kVecAdd, "vec_add",
                       {{"x_ptr", tensor(dtype, {n})}, {"y_ptr", tensor(dtype, {n})}, {"out_ptr", tensor(dtype, {n})},
                        {"n", integer(n)}},
                       gridExpr("lambda meta: (triton.cdiv(n, meta['XBLOCK']),)"));
}

} // namespace

// ---- the examples ------------------------------------------------------------------------

TEST(NpuCompile, EveryExampleTracesAndSomeCandidateCompiles)
{
    int examples = 0;
    for (const auto& entry : std::filesystem::directory_iterator(test::examplesDir())) {
        if (entry.path().extension() != ".json")
            continue;
        SCOPED_TRACE(entry.path().filename().string());
        Traced t = traceWorkload(entry.path());
        ASSERT_TRUE(t.result.trace);
        EXPECT_FALSE(hasErrors(t.result.diagnostics));
        // The shipped examples use only modelled constructs.
        for (const Diagnostic& d : t.result.diagnostics)
            ADD_FAILURE() << d.format();
        const KernelTrace& trace = t.trace();
        std::vector<std::string> tunables;
        for (const auto& c : trace.constexprs())
            if (!c.fixed && !c.fixedNonInteger)
                tunables.push_back(c.name);
        ASSERT_FALSE(tunables.empty());
        // A small lattice: every tunable from 16 to 1024; some candidate must compile.
        const DeviceModel dev = device();
        int ok = 0, tried = 0;
        const std::vector<std::int64_t> values = {16, 64, 256, 1024};
        std::vector<std::size_t> idx(tunables.size(), 0);
        while (true) {
            CandidateValues c;
            for (std::size_t i = 0; i < tunables.size(); ++i)
                c.constexprs.emplace_back(tunables[i], values[idx[i]]);
            const CompiledKernel k = compileCandidate(trace, dev, c);
            ++tried;
            if (k.ok()) {
                ++ok;
                EXPECT_GT(k.programs, 0);
                EXPECT_FALSE(k.variants.empty());
                EXPECT_GT(k.compileSeconds, 0.5);
                EXPECT_LE(k.footprint.ubPeakBytes, k.footprint.ubCapacityBytes);
            } else {
                EXPECT_FALSE(k.message.empty());
            }
            std::size_t d = 0;
            while (d < idx.size() && ++idx[d] == values.size())
                idx[d++] = 0;
            if (d == idx.size())
                break;
        }
        EXPECT_GT(ok, 0) << "of " << tried;
        ++examples;
    }
    EXPECT_GE(examples, 5);
}

TEST(NpuCompile, EveryGoldenWorkloadTracesCompilesOrFailsWithAReason)
{
    // The analysis stage's golden kernels: many shapes of kernels and launches. None may crash
    // the compiler; every failure carries a message; every success simulates within its roofline.
    int workloads = 0, compiled = 0;
    for (const auto& entry : std::filesystem::directory_iterator(test::dataDir() / "golden")) {
        const std::filesystem::path path = entry.path() / "workload.json";
        if (!std::filesystem::exists(path))
            continue;
        SCOPED_TRACE(entry.path().filename().string());
        kernel::WorkloadLoadResult wl = test::loadWorkload2604(path.string());
        if (!wl.workload)
            continue;
        Traced t = traceWorkload(path);
        if (!t.file)
            continue;
        ASSERT_TRUE(t.result.trace);
        EXPECT_FALSE(hasErrors(t.result.diagnostics));
        const DeviceProfile* profile = registry().find(wl.workload->device);
        const DeviceModel dev = DeviceModel::fromProfile(profile ? *profile : *registry().find("Ascend910B2"));
        std::vector<std::string> tunables;
        for (const auto& c : t.trace().constexprs())
            if (!c.fixed && !c.fixedNonInteger)
                tunables.push_back(c.name);
        for (std::int64_t v : {16, 256, 4096})
            for (bool mb : {false, true}) {
                CandidateValues c;
                c.multibuffer = mb;
                for (const std::string& name : tunables)
                    c.constexprs.emplace_back(name, v);
                const CompiledKernel k = compileCandidate(t.trace(), dev, c);
                if (!k.ok()) {
                    EXPECT_FALSE(k.message.empty());
                    continue;
                }
                const SimResult s = simulate(k, dev);
                ASSERT_TRUE(s.ok) << s.error;
                EXPECT_GE(s.deviceUs, s.roofline.boundUs);
                ++compiled;
            }
        ++workloads;
    }
    EXPECT_GT(workloads, 20);
    EXPECT_GT(compiled, workloads);
}

TEST(NpuCompile, MatmulExampleIsACubeKernelWithL1Operands)
{
    Traced t = traceWorkload(test::examplesDir() / "matmul.json");
    ASSERT_TRUE(t.result.trace);
    EXPECT_TRUE(t.trace().usesCube());
    const CompiledKernel k = compileCandidate(
        t.trace(), device(), cand({{"BLOCK_M", 128}, {"BLOCK_N", 128}, {"BLOCK_K", 128}, {"GROUP_SIZE_M", 4}}));
    ASSERT_TRUE(k.ok()) << k.message;
    EXPECT_EQ(k.grid[0], 32);
    EXPECT_EQ(k.grid[1], 32);
    // A and B tiles (128x128 fp16 = 32 KiB each) live in L1, doubled by multibuffer; the
    // accumulator in L0C (128x128 fp32 = 64 KiB); nothing of the GEMM sits in the UB.
    EXPECT_EQ(k.footprint.l1PeakBytes, 4 * 32 * 1024);
    EXPECT_EQ(k.footprint.l0cPeakBytes, 64 * 1024);
    EXPECT_EQ(k.footprint.ubPeakBytes, 0);
    // 2*M*N*K flops over the grid.
    double flops = 0;
    for (const auto& v : k.variants)
        flops += v.count * v.total.cubeFlops;
    EXPECT_DOUBLE_EQ(flops, 2.0 * 4096.0 * 4096.0 * 4096.0);
}

TEST(NpuCompile, DotOverflowsAreCompileFailures)
{
    Traced t = traceWorkload(test::examplesDir() / "matmul.json");
    ASSERT_TRUE(t.result.trace);
    const DeviceModel dev = device();
    // 256 x 256 fp32 accumulator = 256 KiB > 128 KiB of L0C on A2.
    CompiledKernel k =
        compileCandidate(t.trace(), dev, cand({{"BLOCK_M", 256}, {"BLOCK_N", 256}, {"BLOCK_K", 64}, {"GROUP_SIZE_M", 1}}));
    EXPECT_EQ(k.failure, CompileFailure::L0Overflow);
    EXPECT_NE(k.message.find("L0C"), std::string::npos) << k.message;
    // The 950 part has 256 KiB of L0C: the same tile fits there.
    k = compileCandidate(t.trace(), device("Ascend910_9589"),
                         cand({{"BLOCK_M", 256}, {"BLOCK_N", 256}, {"BLOCK_K", 64}, {"GROUP_SIZE_M", 1}}));
    EXPECT_TRUE(k.ok()) << k.message;
    // Operand tiles of 128x1024 and 1024x128 fp16, doubled: 1 MiB > 512 KiB of L1. The compiler
    // then builds the kernel single-buffered, where it fits exactly.
    k = compileCandidate(t.trace(), dev, cand({{"BLOCK_M", 128}, {"BLOCK_N", 128}, {"BLOCK_K", 1024}, {"GROUP_SIZE_M", 1}}));
    ASSERT_TRUE(k.ok()) << k.message;
    EXPECT_TRUE(k.multibufferFellBack);
    EXPECT_EQ(k.footprint.l1PeakBytes, 512 * 1024);
    k = compileCandidate(t.trace(), dev,
                         cand({{"BLOCK_M", 128}, {"BLOCK_N", 128}, {"BLOCK_K", 1024}, {"GROUP_SIZE_M", 1}}, false));
    EXPECT_TRUE(k.ok()) << k.message;  // single-buffered it fits exactly
    EXPECT_FALSE(k.multibufferFellBack);
    // 128x2048 and 2048x128 fp16 need 1 MiB even single-buffered: no fallback helps.
    k = compileCandidate(t.trace(), dev, cand({{"BLOCK_M", 128}, {"BLOCK_N", 128}, {"BLOCK_K", 2048}, {"GROUP_SIZE_M", 1}}));
    EXPECT_EQ(k.failure, CompileFailure::L1Overflow) << k.message;
}

// ---- UB footprint ----------------------------------------------------------------------

TEST(NpuCompile, UbOverflowListsTheLiveTilesWithSizes)
{
    Traced t = vecAdd(1 << 20);
    const DeviceModel dev = device();
    // 65536 fp32 elements per tile: x and y are 256 KiB each.
    const CompiledKernel k = compileCandidate(t.trace(), dev, cand({{"XBLOCK", 65536}, {"XBLOCK_SUB", 65536}}, false));
    ASSERT_EQ(k.failure, CompileFailure::UbOverflow);
    EXPECT_EQ(k.failureLine, 12);  // x + y: both inputs live
    ASSERT_GE(k.footprint.ubPeakTiles.size(), 2u);
    std::map<std::string, std::int64_t> sizes;
    for (const LiveTile& tile : k.footprint.ubPeakTiles)
        sizes[tile.name] = tile.bytes;
    EXPECT_EQ(sizes["x"], 256 * 1024);
    EXPECT_EQ(sizes["y"], 256 * 1024);
    EXPECT_NE(k.message.find("x: float32[65536] 256 KiB"), std::string::npos) << k.message;
    EXPECT_NE(k.message.find("y: float32[65536] 256 KiB"), std::string::npos) << k.message;
    EXPECT_GT(k.footprint.ubPeakBytes, k.footprint.ubCapacityBytes);
}

TEST(NpuCompile, MultibufferDoublesTransferBuffers)
{
    Traced t = vecAdd(1 << 20);
    const DeviceModel dev = device();
    // x and y of 16384 fp32 are 64 KiB each: 128 KiB fits the 192 KiB UB single-buffered,
    // 256 KiB under multibuffer does not.
    const auto values = std::vector<std::pair<std::string, std::int64_t>>{{"XBLOCK", 65536}, {"XBLOCK_SUB", 16384}};
    const CompiledKernel single = compileCandidate(t.trace(), dev, cand(values, false));
    const CompiledKernel doubled = compileCandidate(t.trace(), dev, cand(values, true));
    ASSERT_TRUE(single.ok()) << single.message;
    EXPECT_EQ(single.footprint.ubPeakBytes, 128 * 1024);
    EXPECT_TRUE(single.overlapsTransfers() == false && !single.multibufferFellBack);
    // The compiler retries without multi-buffering: the kernel builds single-buffered, and says
    // why its loads no longer overlap its vector work.
    ASSERT_TRUE(doubled.ok()) << doubled.message;
    EXPECT_TRUE(doubled.multibuffer);
    EXPECT_TRUE(doubled.multibufferFellBack);
    EXPECT_FALSE(doubled.overlapsTransfers());
    EXPECT_EQ(doubled.footprint.ubPeakBytes, 128 * 1024);
    ASSERT_EQ(doubled.diagnostics.size(), 1u);
    EXPECT_EQ(doubled.diagnostics[0].code, "npu-multibuffer-fallback");
    // Doubled, x, y and the stored sum (which may not take over a loaded buffer) need 384 KiB.
    EXPECT_NE(doubled.diagnostics[0].message.find("need 384 KiB of UB"), std::string::npos)
        << doubled.diagnostics[0].message;
    // Half the sub-block fits doubled (3 x 2 x 32 KiB): no fallback.
    const CompiledKernel half = compileCandidate(t.trace(), dev, cand({{"XBLOCK", 65536}, {"XBLOCK_SUB", 8192}}, true));
    ASSERT_TRUE(half.ok()) << half.message;
    EXPECT_TRUE(half.overlapsTransfers());
    EXPECT_EQ(half.footprint.ubPeakBytes, 192 * 1024);
}

namespace {

// Field by field, doubles compared exactly: a sibling compile must give the same bits.
void expectSameWork(const Work& a, const Work& b, const std::string& where)
{
    const std::pair<double Work::*, const char*> fields[] = {
        {&Work::inBytes, "inBytes"},           {&Work::inEffBytes, "inEffBytes"},
        {&Work::inTransfers, "inTransfers"},   {&Work::outBytes, "outBytes"},
        {&Work::outEffBytes, "outEffBytes"},   {&Work::outTransfers, "outTransfers"},
        {&Work::vectorCycles, "vectorCycles"}, {&Work::vectorIdealCycles, "vectorIdealCycles"},
        {&Work::cubeCycles, "cubeCycles"},     {&Work::cubeFlops, "cubeFlops"},
        {&Work::scalarCycles, "scalarCycles"}, {&Work::inBursts, "inBursts"},
        {&Work::outBursts, "outBursts"},       {&Work::inUnawaited, "inUnawaited"},
        {&Work::tailFills, "tailFills"},
    };
    for (const auto& [field, name] : fields)
        EXPECT_EQ(a.*field, b.*field) << where << " " << name;
    EXPECT_EQ(a.tensorIn, b.tensorIn) << where;
    EXPECT_EQ(a.tensorOut, b.tensorOut) << where;
}

void expectSameIter(const IterCost& a, const IterCost& b, const std::string& where)
{
    expectSameWork(a.direct, b.direct, where);
    ASSERT_EQ(a.loops.size(), b.loops.size()) << where;
    for (std::size_t l = 0; l < a.loops.size(); ++l) {
        const LoopCost& la = a.loops[l];
        const LoopCost& lb = b.loops[l];
        const std::string at = where + " loop@" + std::to_string(la.line);
        EXPECT_EQ(la.line, lb.line) << at;
        EXPECT_EQ(la.trips, lb.trips) << at;
        EXPECT_EQ(la.isStatic, lb.isStatic) << at;
        ASSERT_EQ(la.groups.size(), lb.groups.size()) << at;
        for (std::size_t g = 0; g < la.groups.size(); ++g) {
            EXPECT_EQ(la.groups[g].count, lb.groups[g].count) << at;
            expectSameIter(la.groups[g].iter, lb.groups[g].iter, at + " group " + std::to_string(g));
        }
    }
}

void expectSameKernel(const CompiledKernel& a, const CompiledKernel& b)
{
    EXPECT_EQ(a.failure, b.failure);
    EXPECT_EQ(a.message, b.message);
    EXPECT_EQ(a.failureLine, b.failureLine);
    EXPECT_EQ(a.constexprs, b.constexprs);
    EXPECT_EQ(a.multibuffer, b.multibuffer);
    EXPECT_EQ(a.multibufferFellBack, b.multibufferFellBack);
    EXPECT_EQ(a.grid, b.grid);
    EXPECT_EQ(a.programs, b.programs);
    EXPECT_EQ(a.usesCube, b.usesCube);
    EXPECT_EQ(a.compileSeconds, b.compileSeconds);
    EXPECT_EQ(a.compiledOps, b.compiledOps);
    ASSERT_EQ(a.variants.size(), b.variants.size());
    for (std::size_t v = 0; v < a.variants.size(); ++v) {
        const ProgramVariant& x = a.variants[v];
        const ProgramVariant& y = b.variants[v];
        EXPECT_EQ(x.count, y.count);
        EXPECT_EQ(x.pid, y.pid);
        EXPECT_EQ(x.positions, y.positions);
        for (int d = 0; d < 3; ++d)
            EXPECT_EQ(x.lastAlong[d], y.lastAlong[d]);
        expectSameIter(x.cost, y.cost, "variant " + std::to_string(v));
        expectSameWork(x.total, y.total, "variant total " + std::to_string(v));
    }
    const Footprint& f = a.footprint;
    const Footprint& g = b.footprint;
    EXPECT_EQ(f.ubPeakBytes, g.ubPeakBytes);
    EXPECT_EQ(f.ubCapacityBytes, g.ubCapacityBytes);
    EXPECT_EQ(f.ubPeakLine, g.ubPeakLine);
    EXPECT_EQ(f.l1PeakBytes, g.l1PeakBytes);
    EXPECT_EQ(f.l0aPeakBytes, g.l0aPeakBytes);
    EXPECT_EQ(f.l0bPeakBytes, g.l0bPeakBytes);
    EXPECT_EQ(f.l0cPeakBytes, g.l0cPeakBytes);
    ASSERT_EQ(f.ubPeakTiles.size(), g.ubPeakTiles.size());
    for (std::size_t i = 0; i < f.ubPeakTiles.size(); ++i)
        EXPECT_EQ(f.ubPeakTiles[i].describe(), g.ubPeakTiles[i].describe());
    ASSERT_EQ(a.tensors.size(), b.tensors.size());
    for (std::size_t i = 0; i < a.tensors.size(); ++i) {
        EXPECT_EQ(a.tensors[i].name, b.tensors[i].name);
        EXPECT_EQ(a.tensors[i].readBytes, b.tensors[i].readBytes);
        EXPECT_EQ(a.tensors[i].writeBytes, b.tensors[i].writeBytes);
    }
    ASSERT_EQ(a.diagnostics.size(), b.diagnostics.size());
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i)
        EXPECT_EQ(a.diagnostics[i].format(), b.diagnostics[i].format());
}

} // namespace

TEST(NpuCompile, MultibufferSiblingsCompiledTogetherEqualTwoCompiles)
{
    // One trace for a candidate and its multibuffer sibling must give, bit for bit, what two
    // compiles give: also when only the multibuffered one overflows the UB and stops early.
    int pairs = 0, split = 0;
    for (const auto& entry : std::filesystem::directory_iterator(test::examplesDir())) {
        if (entry.path().extension() != ".json")
            continue;
        SCOPED_TRACE(entry.path().filename().string());
        Traced t = traceWorkload(entry.path());
        ASSERT_TRUE(t.result.trace);
        std::vector<std::string> tunables;
        for (const auto& c : t.trace().constexprs())
            if (!c.fixed && !c.fixedNonInteger)
                tunables.push_back(c.name);
        for (const char* soc : {"Ascend910B2", "Ascend310P3"}) {
            const DeviceModel dev = device(soc);
            const std::vector<std::int64_t> values = {16, 128, 1024, 8192, 32768};
            std::vector<std::size_t> idx(tunables.size(), 0);
            for (;;) {
                CandidateValues c;
                for (std::size_t i = 0; i < tunables.size(); ++i)
                    c.constexprs.emplace_back(tunables[i], values[(idx[i] + i) % values.size()]);
                for (bool mb : {true, false}) {
                    c.multibuffer = mb;
                    SCOPED_TRACE(std::string(soc) + (mb ? " multibuffer first" : " single first"));
                    const auto [first, second] = compileWithMultibufferSibling(t.trace(), dev, c);
                    const CompiledKernel alone = compileCandidate(t.trace(), dev, c);
                    CandidateValues flipped = c;
                    flipped.multibuffer = !mb;
                    const CompiledKernel flippedAlone = compileCandidate(t.trace(), dev, flipped);
                    expectSameKernel(first, alone);
                    expectSameKernel(second, flippedAlone);
                    ++pairs;
                    split += alone.multibufferFellBack || flippedAlone.multibufferFellBack ? 1 : 0;
                }
                std::size_t d = 0;
                while (d < idx.size() && ++idx[d] == values.size())
                    idx[d++] = 0;
                if (d == idx.size() || d >= 2)
                    break;
            }
        }
    }
    EXPECT_GT(pairs, 100);
    EXPECT_GT(split, 4);  // pairs where the multibuffer sibling falls back were among them
}

TEST(NpuCompile, FootprintAlignsRowsTo32Bytes)
{
    // A [16, 10] fp16 tile: rows of 20 B padded to 32 B.
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr):
    r = tl.arange(0, R)[:, None]
    c = tl.arange(0, C)[None, :]
    x = tl.load(x_ptr + r * C + c)
    tl.store(out_ptr + r * C + c, x)
)PY";
    Traced t = traceSource(src, "k", {{"x_ptr", tensor("float16", {160})}, {"out_ptr", tensor("float16", {160})}},
                           gridStatic({1}));
    const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"R", 16}, {"C", 10}}));
    ASSERT_TRUE(k.ok()) << k.message;
    EXPECT_EQ(k.footprint.ubPeakBytes, 16 * 32);
}

// ---- masks, tails, loops ---------------------------------------------------------------

TEST(NpuCompile, MaskedTailsMoveExactlyTheTensor)
{
    // n is not a multiple of the tile: the last program and its last iteration are masked.
    for (std::int64_t n : {98432LL, 100000LL, 1LL << 20, 12345LL}) {
        SCOPED_TRACE(n);
        Traced t = vecAdd(n, "float16");
        const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"XBLOCK", 4096}, {"XBLOCK_SUB", 1024}}));
        ASSERT_TRUE(k.ok()) << k.message;
        EXPECT_EQ(k.programs, (n + 4095) / 4096);
        EXPECT_DOUBLE_EQ(totalTensorRead(k, "x_ptr"), 2.0 * double(n));
        EXPECT_DOUBLE_EQ(totalTensorRead(k, "y_ptr"), 2.0 * double(n));
        EXPECT_DOUBLE_EQ(totalTensorWrite(k, "out_ptr"), 2.0 * double(n));
    }
}

TEST(NpuCompile, LastProgramLoopSplitsIntoFullPartialAndEmptyIterations)
{
    // 3 full programs of 4096 and a last one with 3000 elements, walked 256 at a time: the last
    // program's 16 iterations are 11 full, 1 partial (184 elements) and 4 empty.
    const std::int64_t n = 3 * 4096 + 3000;
    Traced t = vecAdd(n, "float16");
    const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"XBLOCK", 4096}, {"XBLOCK_SUB", 256}}));
    ASSERT_TRUE(k.ok()) << k.message;
    ASSERT_EQ(k.variants.size(), 2u);
    for (const ProgramVariant& v : k.variants) {
        ASSERT_EQ(v.cost.loops.size(), 1u);
        const LoopCost& loop = v.cost.loops[0];
        EXPECT_EQ(loop.trips, 16);
        std::vector<double> counts, bytes;
        for (const LoopGroup& g : loop.groups) {
            counts.push_back(g.count);
            bytes.push_back(g.iter.direct.tensorIn[0]);
        }
        if (v.lastAlong[0]) {
            EXPECT_EQ(counts, (std::vector<double>{11, 1, 4}));
            EXPECT_EQ(bytes, (std::vector<double>{512, 368, 0}));
        } else {
            EXPECT_EQ(counts, (std::vector<double>{16}));
        }
    }
    EXPECT_DOUBLE_EQ(totalTensorRead(k, "x_ptr"), 2.0 * double(n));
}

TEST(NpuCompile, GridStrideLoopCoversTheTensorOnce)
{
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def relu(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    for start in range(tl.program_id(0) * BLOCK, n, tl.num_programs(0) * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m, other=0.0)
        tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=m)
)PY";
    const std::int64_t n = 1000003;
    Traced t = traceSource(src, "relu", {{"x_ptr", tensor("float32", {n})}, {"out_ptr", tensor("float32", {n})}, {"n", integer(n)}},
                           gridStatic({40}));
    ASSERT_TRUE(t.result.trace);
    EXPECT_TRUE(t.result.diagnostics.empty());
    const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"BLOCK", 2048}}));
    ASSERT_TRUE(k.ok()) << k.message;
    EXPECT_EQ(k.programs, 40);
    // Programs 0..38 are modelled by program 1, the last by itself: the strided loop's trip
    // counts differ by at most one, so the total is within one tile per program of n.
    const double read = totalTensorRead(k, "x_ptr");
    EXPECT_GE(read, 4.0 * double(n) - 40 * 2048 * 4);
    EXPECT_LE(read, 4.0 * double(n) + 40 * 2048 * 4);
}

TEST(NpuCompile, BillionTripLoopIsSummarisedNotIterated)
{
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def stream(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(0, n, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + tl.arange(0, BLOCK), acc)
)PY";
    const std::int64_t n = 1000000000LL * 64 + 17;
    Traced t = traceSource(src, "stream", {{"x_ptr", tensor("float32", {n})}, {"out_ptr", tensor("float32", {64})}, {"n", integer(n)}},
                           gridStatic({1}));
    // A billion iterations one by one would not end within the test's timeout; the summary is
    // what the loop's groups below show.
    const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"BLOCK", 64}}));
    ASSERT_TRUE(k.ok()) << k.message;
    ASSERT_EQ(k.variants.size(), 1u);
    ASSERT_EQ(k.variants[0].cost.loops.size(), 1u);
    const LoopCost& loop = k.variants[0].cost.loops[0];
    EXPECT_DOUBLE_EQ(loop.trips, 1000000001.0);
    EXPECT_LE(loop.groups.size(), 3u);
    EXPECT_DOUBLE_EQ(totalTensorRead(k, "x_ptr"), 4.0 * double(n));
}

TEST(NpuCompile, StaticRangeUnrollsIntoCompileTime)
{
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, out_ptr, STEPS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    for i in tl.static_range(STEPS):
        x = x * 2.0 + 1.0
    tl.store(out_ptr + offs, x)
)PY";
    Traced t = traceSource(src, "k", {{"x_ptr", tensor("float32", {256})}, {"out_ptr", tensor("float32", {256})}},
                           gridStatic({1}));
    const DeviceModel dev = device();
    const CompiledKernel few = compileCandidate(t.trace(), dev, cand({{"STEPS", 2}, {"BLOCK", 256}}));
    const CompiledKernel many = compileCandidate(t.trace(), dev, cand({{"STEPS", 64}, {"BLOCK", 256}}));
    ASSERT_TRUE(few.ok() && many.ok());
    EXPECT_GT(many.compiledOps, few.compiledOps + 60);
    EXPECT_GT(many.compileSeconds, few.compileSeconds);
    // The vector work grows with the steps as well.
    EXPECT_GT(many.variants[0].total.vectorCycles, 10 * few.variants[0].total.vectorCycles);
}

TEST(NpuCompile, CompileTimeModelGrowsWithKernelSize)
{
    const double small = modelCompileSeconds(20, 0, 1024, false);
    EXPECT_GT(small, 1.0);
    EXPECT_GT(modelCompileSeconds(200, 0, 1024, false), small);
    EXPECT_GT(modelCompileSeconds(20, 1, 1024, false), small);
    EXPECT_GT(modelCompileSeconds(20, 0, 65536, false), small);
    EXPECT_GT(modelCompileSeconds(20, 0, 1024, true), small);
}

// ---- language coverage -----------------------------------------------------------------

TEST(NpuCompile, CoversTheTritonLanguageWithoutWarnings)
{
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def helper(v, s):
    return tl.sigmoid(v) * s

@triton.jit
def kitchen_sink(x_ptr, w_ptr, idx_ptr, out_ptr, sum_ptr, M, N, scale,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, FLAG: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    rmask = rows < M
    cmask = cols < N
    mask = rmask[:, None] & cmask[None, :]
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=0.0).to(tl.float32)
    x = tl.where(mask, x, tl.full((BLOCK_M, BLOCK_N), 0.0, dtype=tl.float32))
    y = tl.exp(x) + tl.log(tl.abs(x) + 1.0) + tl.sqrt(tl.abs(x)) * tl.rsqrt(tl.abs(x) + 1.0)
    y = tl.maximum(y, 0.0) + tl.minimum(y, 1.0)
    y = helper(y, scale)
    s = tl.sum(y, axis=1)
    mx = tl.max(y, axis=1)
    mn = tl.min(y, axis=0)
    am = tl.argmax(y, axis=1)
    cs = tl.cumsum(y, axis=1)
    t = tl.trans(cs)
    r = tl.reshape(t, (BLOCK_N * BLOCK_M,))
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for i in tl.range(0, 4):
        acc += s * i
    for j in tl.static_range(2):
        acc = acc + mx
    if FLAG:
        acc = acc * 2.0
    else:
        acc = acc - 1.0
    if pid == nprog - 1:
        acc = acc + 1.0
    bp = tl.make_block_ptr(base=w_ptr, shape=(M, N), strides=(N, 1), offsets=(pid * BLOCK_M, 0),
                           block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    w = tl.load(bp, boundary_check=(0, 1))
    bp = tl.advance(bp, (0, BLOCK_N))
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], (y + w.to(tl.float32)).to(tl.float16), mask=mask)
    tl.atomic_add(sum_ptr + rows, acc, mask=rmask)
    tl.store(out_ptr + cols, mn.to(tl.float16), mask=cmask)
    tl.store(idx_ptr + rows, am, mask=rmask)
    tl.store(out_ptr + tl.arange(0, BLOCK_M * BLOCK_N), r.to(tl.float16))
)PY";
    const std::int64_t M = 1000, N = 100;
    Traced t = traceSource(src, "kitchen_sink",
                           {{"x_ptr", tensor("float16", {M, N})}, {"w_ptr", tensor("float16", {M, N})},
                            {"idx_ptr", tensor("int32", {M})}, {"out_ptr", tensor("float16", {M, N})},
                            {"sum_ptr", tensor("float32", {M})}, {"M", integer(M)}, {"N", integer(N)},
                            {"scale", kernel::ArgValue{kernel::ArgValue::Kind::Float, 0, 0.5}}},
                           gridExpr("lambda meta: (triton.cdiv(M, meta['BLOCK_M']),)"));
    ASSERT_TRUE(t.result.trace);
    for (const Diagnostic& d : t.result.diagnostics)
        ADD_FAILURE() << d.format();
    const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"BLOCK_M", 16}, {"BLOCK_N", 128}, {"FLAG", 1}}));
    ASSERT_TRUE(k.ok()) << k.message;
    EXPECT_EQ(k.programs, 63);
    const Work& w = k.variants[0].total;
    EXPECT_GT(w.vectorCycles, 0);
    EXPECT_GT(w.outBytes, 0);
    // x, w, plus nothing else read: both [16, 100] fp16 for a full program.
    EXPECT_DOUBLE_EQ(k.variants[0].total.tensorIn[0], 16 * 100 * 2);
    EXPECT_DOUBLE_EQ(k.variants[0].total.tensorIn[1], 16 * 100 * 2);
    // The last program has 1000 - 62*16 = 8 rows.
    ASSERT_EQ(k.variants.size(), 2u);
    EXPECT_DOUBLE_EQ(k.variants[1].total.tensorIn[0], 8 * 100 * 2);
    EXPECT_DOUBLE_EQ(k.variants[1].total.tensorIn[1], 8 * 100 * 2);
}

TEST(NpuCompile, UnknownConstructsWarnWithTheirLineAndStillCompile)
{
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def odd(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    y = tl.some_future_op(x)
    z = x.shape[0]
    k = tl.load(x_ptr)
    while k > 0:
        k = k - 1
    s = x.sort()
    tl.store(out_ptr + offs, x, mask=offs < n)
)PY";
    Traced t = traceSource(src, "odd", {{"x_ptr", tensor("float32", {4096})}, {"out_ptr", tensor("float32", {4096})}, {"n", integer(4096)}},
                           gridExpr("lambda meta: (triton.cdiv(n, meta['BLOCK']),)"));
    ASSERT_TRUE(t.result.trace);
    EXPECT_FALSE(hasErrors(t.result.diagnostics));
    EXPECT_TRUE(hasWarningAt(t.result.diagnostics, 9));   // tl.some_future_op
    EXPECT_TRUE(hasWarningAt(t.result.diagnostics, 10));  // x.shape[0]
    EXPECT_TRUE(hasWarningAt(t.result.diagnostics, 14));  // x.sort()
    for (const Diagnostic& d : t.result.diagnostics)
        EXPECT_NE(d.message.find("approximation"), std::string::npos) << d.format();
    const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"BLOCK", 1024}}));
    ASSERT_TRUE(k.ok()) << k.message;
    // The data-dependent while loop is noted for this candidate.
    EXPECT_TRUE(hasWarningAt(k.diagnostics, 12));
    EXPECT_DOUBLE_EQ(totalTensorWrite(k, "out_ptr"), 4096 * 4);
}

TEST(NpuCompile, InvalidShapesFailAsTheToolchainWould)
{
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def k(x_ptr, START: tl.constexpr, END: tl.constexpr):
    offs = tl.arange(START, END)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
)PY";
    Traced t = traceSource(src, "k", {{"x_ptr", tensor("float32", {1 << 22})}}, gridStatic({1}));
    const DeviceModel dev = device();
    CompiledKernel k = compileCandidate(t.trace(), dev, cand({{"START", 64}, {"END", 64}}));
    EXPECT_EQ(k.failure, CompileFailure::InvalidShape);
    EXPECT_NE(k.message.find("greater than the start"), std::string::npos) << k.message;
    EXPECT_EQ(k.failureLine, 7);
    k = compileCandidate(t.trace(), dev, cand({{"START", 0}, {"END", 2 * 1048576}}));
    EXPECT_EQ(k.failure, CompileFailure::InvalidShape);
    EXPECT_NE(k.message.find("1048576"), std::string::npos) << k.message;
    // Triton-Ascend dropped upstream's power-of-two rule for SIMD kernels: 100 elements is fine.
    k = compileCandidate(t.trace(), dev, cand({{"START", 0}, {"END", 100}}));
    EXPECT_TRUE(k.ok()) << k.message;
}

TEST(NpuCompile, GridAndConstexprProblemsAreResults)
{
    Traced t = vecAdd(1 << 24);
    const DeviceModel dev = device();
    // 2^24 / 128 = 131,072 programs > 65,535 (counts grouped).
    CompiledKernel k = compileCandidate(t.trace(), dev, cand({{"XBLOCK", 128}, {"XBLOCK_SUB", 128}}));
    EXPECT_EQ(k.failure, CompileFailure::InvalidGrid);
    EXPECT_NE(k.message.find("65,535"), std::string::npos) << k.message;
    k = compileCandidate(t.trace(), dev, cand({{"XBLOCK", 1024}}));
    EXPECT_EQ(k.failure, CompileFailure::MissingConstexpr);
    EXPECT_NE(k.message.find("XBLOCK_SUB"), std::string::npos);
}

TEST(NpuCompile, ConstexprPassedAtLaunchConflictsWithTheConfig)
{
    Traced t = traceWorkload(test::examplesDir() / "softmax.json");  // BLOCK_N given at launch
    ASSERT_TRUE(t.result.trace);
    const auto* blockN = t.trace().findConstexpr("BLOCK_N");
    ASSERT_NE(blockN, nullptr);
    EXPECT_TRUE(blockN->fromLaunch);
    EXPECT_EQ(blockN->fixed.value_or(0), 1024);
    const CompiledKernel k =
        compileCandidate(t.trace(), device(), cand({{"BLOCK_N", 512}, {"XBLOCK", 64}, {"XBLOCK_SUB", 4}}));
    EXPECT_EQ(k.failure, CompileFailure::ConflictingConstexpr);
}

TEST(NpuCompile, ColumnAccessIsStridedAndCostsMore)
{
    // Reading a column of a row-major matrix: runs of one element.
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def rows_or_cols(x_ptr, out_ptr, N, BLOCK: tl.constexpr, BY_COLUMN: tl.constexpr):
    i = tl.arange(0, BLOCK)
    if BY_COLUMN:
        x = tl.load(x_ptr + i * N)
    else:
        x = tl.load(x_ptr + i)
    tl.store(out_ptr + i, x)
)PY";
    Traced t = traceSource(src, "rows_or_cols", {{"x_ptr", tensor("float32", {4096, 4096})}, {"out_ptr", tensor("float32", {4096})}, {"N", integer(4096)}},
                           gridStatic({1}));
    const DeviceModel dev = device();
    const CompiledKernel row = compileCandidate(t.trace(), dev, cand({{"BLOCK", 4096}, {"BY_COLUMN", 0}}));
    const CompiledKernel col = compileCandidate(t.trace(), dev, cand({{"BLOCK", 4096}, {"BY_COLUMN", 1}}));
    ASSERT_TRUE(row.ok() && col.ok());
    EXPECT_DOUBLE_EQ(row.variants[0].total.inBytes, col.variants[0].total.inBytes);
    EXPECT_GT(col.variants[0].total.inEffBytes, 8 * row.variants[0].total.inEffBytes);
}

TEST(NpuCompile, RowsAddressedByLoadedIndicesStayContiguous)
{
    // An embedding lookup: the row start comes from data, the row itself is contiguous.
    const char* src = R"PY(
import triton
import triton.language as tl

@triton.jit
def embed(idx_ptr, table_ptr, out_ptr, D: tl.constexpr):
    pid = tl.program_id(0)
    row = tl.load(idx_ptr + pid)
    cols = tl.arange(0, D)
    v = tl.load(table_ptr + row * D + cols)
    tl.store(out_ptr + pid * D + cols, v)
)PY";
    Traced t = traceSource(src, "embed", {{"idx_ptr", tensor("int32", {512})}, {"table_ptr", tensor("float16", {50000, 256})},
                                          {"out_ptr", tensor("float16", {512, 256})}},
                           gridStatic({512}));
    ASSERT_TRUE(t.result.trace);
    EXPECT_TRUE(t.result.diagnostics.empty());
    const CompiledKernel k = compileCandidate(t.trace(), device(), cand({{"D", 256}}));
    ASSERT_TRUE(k.ok()) << k.message;
    EXPECT_TRUE(k.diagnostics.empty()) << k.diagnostics[0].format();
    EXPECT_DOUBLE_EQ(totalTensorRead(k, "table_ptr"), 512.0 * 256 * 2);
    const Work& w = k.variants[0].total;
    EXPECT_EQ(w.inTransfers, 1);  // one contiguous row per program (the index is a scalar read)
}

TEST(NpuCompile, TracesAreSharedAcrossThreads)
{
    Traced t = traceWorkload(test::examplesDir() / "layer_norm.json");
    ASSERT_TRUE(t.result.trace);
    const std::shared_ptr<const KernelTrace> trace = t.result.trace;
    t.file.reset();  // the trace needs nothing of the parsed file
    const DeviceModel dev = device();
    std::vector<CompiledKernel> results(4);
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&, i] {
            for (int rep = 0; rep < 50; ++rep)
                results[std::size_t(i)] = compileCandidate(*trace, dev, cand({{"XBLOCK", 8}, {"RBLOCK", 512}}));
        });
    for (auto& th : threads)
        th.join();
    for (const CompiledKernel& r : results) {
        ASSERT_TRUE(r.ok()) << r.message;
        EXPECT_TRUE(r.variants[0].total.sameAs(results[0].variants[0].total));
        EXPECT_EQ(r.footprint.ubPeakBytes, results[0].footprint.ubPeakBytes);
    }
}

// A string constexpr selects code (`if ACTIVATION == "relu":` in a helper): each value compiles
// its own epilogue, the default string applies when the launch passes none, and a value no
// branch names runs none of them. No candidate fails for want of a number.
TEST(NpuCompile, StringConstexprSelectsTheBranchItNames)
{
    kernel::WorkloadLoadResult wl = test::loadWorkload2604((test::examplesDir() / "linear_act.json").string());
    ASSERT_TRUE(wl.workload);
    kernel::KernelLoadResult loaded = kernel::loadKernelFile(wl.workload->kernelPath);
    ASSERT_TRUE(loaded.file);
    const kernel::KernelDef* k = loaded.file->kernel(wl.workload->function);
    ASSERT_NE(k, nullptr);
    auto vectorCycles = [&](const std::optional<std::string>& activation) {
        KernelLaunch launch = KernelLaunch::fromWorkload(*wl.workload);
        std::erase_if(launch.args, [](const auto& arg) { return arg.first == "ACTIVATION"; });
        if (activation) {
            kernel::ArgValue v;
            v.kind = kernel::ArgValue::Kind::Str;
            v.text = *activation;
            launch.args.emplace_back("ACTIVATION", v);
        }
        const TraceResult traced = KernelTrace::build(*loaded.file, *k, launch);
        EXPECT_TRUE(traced.trace);
        if (!traced.trace)
            return -1.0;
        const CompiledKernel c =
            compileCandidate(*traced.trace, device(), cand({{"BLOCK_M", 128}, {"BLOCK_N", 128}, {"BLOCK_K", 64}}));
        EXPECT_TRUE(c.ok()) << activation.value_or("(default)") << ": " << c.message;
        double cycles = 0;
        for (const auto& v : c.variants)
            cycles += v.count * v.total.vectorCycles;
        return cycles;
    };
    const double none = vectorCycles(std::nullopt); // the default, "none"
    const double relu = vectorCycles("relu");
    const double leaky = vectorCycles("leaky_relu");
    const double silu = vectorCycles("silu");
    EXPECT_GT(relu, none);
    EXPECT_GT(leaky, relu);
    EXPECT_GT(silu, none);
    EXPECT_NE(silu, leaky);
    EXPECT_DOUBLE_EQ(vectorCycles("gelu"), none);
    EXPECT_DOUBLE_EQ(vectorCycles("none"), none);
}
