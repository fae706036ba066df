// The 2026-08 cube / mix parse and kernel type resolution. Expected values were produced by the
// backend's own Python code (Geofeng12138/triton-ascend 189dd87, dsl_analysis/ and autotuner.py's
// _resolve_kernel_type / _autoparse_axis_params_cube_mix) on the same kernels and launches.

#include "backend_versions.h"
#include "core/analysis/cube_parse.h"
#include "core/python/parser.h"

#include "test_cube_kernels.inc"
#include "testutil.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <vector>

using namespace ts::analysis;
using ts::py::Kind;
using ts::py::Node;

namespace {

struct Kernel {
    const Node* module = nullptr;
    ParseInput input;
};

const Node* functionIn(const Node* module, const std::string& name)
{
    for (const Node* stmt : module->list("body"))
        if (stmt->is(Kind::FunctionDef) && stmt->str("name") == name)
            return stmt;
    throw std::runtime_error("no function " + name);
}

LaunchArgument intArg(const std::string& name, std::int64_t v)
{
    LaunchArgument a;
    a.name = name;
    a.intValue = v;
    return a;
}

LaunchArgument tensorArg(const std::string& name, const std::string& dtype = "float16")
{
    LaunchArgument a;
    a.name = name;
    a.kind = LaunchArgument::Kind::Tensor;
    a.dtype = dtype;
    return a;
}

// `args`: tensors by name (ending in _ptr or a capital single-letter tensor list), then ints.
Kernel kernel(const std::string& source, const std::string& name, const std::vector<std::string>& tensors,
              const std::vector<std::pair<std::string, std::int64_t>>& ints)
{
    static std::vector<std::unique_ptr<ts::py::Module>> keep;
    auto parsed = ts::py::parseSource(source, "<kernel>");
    if (!parsed.ok())
        throw std::runtime_error(parsed.error->format());
    keep.push_back(std::move(parsed.module));
    Kernel k;
    k.module = keep.back()->root();
    k.input.function = functionIn(k.module, name);
    for (const char* field : {"posonlyargs", "args", "kwonlyargs"})
        for (const Node* a : k.input.function->child("args")->list(field))
            k.input.argNames.push_back(a->str("arg"));
    for (const auto& t : tensors)
        k.input.args.push_back(tensorArg(t));
    for (const auto& [n, v] : ints)
        k.input.args.push_back(intArg(n, v));
    k.input.backend = ts::test::backend2608();
    return k;
}

Kernel matmul(std::int64_t m, std::int64_t n, std::int64_t k)
{
    return kernel(ts::test::readText(ts::test::examplesDir() / "matmul.py"), "matmul_kernel",
                  {"a_ptr", "b_ptr", "c_ptr"},
                  {{"M", m}, {"N", n}, {"K", k}, {"stride_am", k}, {"stride_ak", 1}, {"stride_bk", n},
                   {"stride_bn", 1}, {"stride_cm", n}, {"stride_cn", 1}});
}

CubeParseOptions withModule(const Kernel& k)
{
    CubeParseOptions o;
    o.module = k.module;
    return o;
}

using Opt = std::optional<std::string>;

void expectAxis(const CubeAxis& a, Opt symbol, Opt length, const std::string& state, Opt param,
                std::optional<std::int64_t> value = std::nullopt, const std::string& dynamic = "none")
{
    EXPECT_EQ(a.axisSymbol, symbol);
    EXPECT_EQ(a.lengthExpr, length);
    EXPECT_EQ(a.state, state);
    EXPECT_EQ(a.tunableParam, param);
    EXPECT_EQ(a.constValue, value);
    EXPECT_EQ(a.dynamicSource, dynamic);
}

std::vector<std::string> tunableSummary(const CubeParse& p)
{
    std::vector<std::string> out;
    for (const auto& t : p.tunableParams)
        out.push_back(t.name + ":" + t.role + ":" + t.source);
    return out;
}

} // namespace

TEST(CubeParse, MatmulAxesResolveFromTheLaunch)
{
    const Kernel k = matmul(4096, 4096, 4096);
    std::string error;
    EXPECT_EQ(resolveKernelType(k.input, withModule(k), &error), "mix");
    EXPECT_TRUE(error.empty());

    const CubeParse p = parseCube(k.input, withModule(k));
    EXPECT_FALSE(p.error) << *p.error;
    EXPECT_EQ(p.status, "ok");
    EXPECT_EQ(p.mode, "mix");
    EXPECT_EQ(p.version, "cv-parse-v1");
    EXPECT_EQ(p.signatureParams.size(), 16u);
    EXPECT_EQ(p.missingTunableParams, (std::vector<std::string>{"BLOCK_M", "BLOCK_N", "BLOCK_K", "GROUP_SIZE_M"}));
    EXPECT_EQ(tunableSummary(p), (std::vector<std::string>{"BLOCK_M:M:signature", "BLOCK_N:N:signature",
                                                           "BLOCK_K:K:signature", "GROUP_SIZE_M:OTHER:signature"}));
    ASSERT_EQ(p.dotSites.size(), 1u);
    const CubeDotSite& s = p.dotSites[0];
    EXPECT_EQ(s.lhs, Opt("a"));
    EXPECT_EQ(s.rhs, Opt("b"));
    expectAxis(s.m, "offs_m", "M", "tunable", "BLOCK_M");
    expectAxis(s.n, "offs_n", "N", "tunable", "BLOCK_N");
    expectAxis(s.k, "offs_k", "K", "tunable", "BLOCK_K");
    EXPECT_EQ(s.m.resolvedLength, 4096);
    EXPECT_EQ(s.k.resolvedLength, 4096);
    // Where the tl.dot call is.
    EXPECT_EQ(s.function, "matmul_kernel");
    EXPECT_EQ(s.line, 64);
    EXPECT_EQ(s.col, 14);
}

TEST(CubeParse, ConstexprPassedAtLaunchIsFixed)
{
    Kernel k = matmul(512, 300, 512);
    k.input.args.push_back(intArg("BLOCK_K", 128));
    const CubeParse p = parseCube(k.input, withModule(k));
    EXPECT_EQ(p.missingTunableParams, (std::vector<std::string>{"BLOCK_M", "BLOCK_N", "GROUP_SIZE_M"}));
    ASSERT_EQ(p.dotSites.size(), 1u);
    expectAxis(p.dotSites[0].n, "offs_n", "N", "tunable", "BLOCK_N");
    expectAxis(p.dotSites[0].k, "offs_k", "K", "fixed_compile_time", std::nullopt, 128);
    EXPECT_EQ(p.dotSites[0].n.resolvedLength, 300);
}

TEST(CubeParse, UnresolvedLengthsKeepTheBlockSymbol)
{
    const Kernel k = kernel(cube_kernels::kUnresolved, "mm_unmasked", {"a_ptr", "b_ptr", "c_ptr"},
                            {{"stride_a", 64}, {"stride_b", 64}});
    const CubeParse p = parseCube(k.input, withModule(k));
    EXPECT_EQ(p.status, "ok");
    ASSERT_EQ(p.dotSites.size(), 1u);
    expectAxis(p.dotSites[0].m, "rm", "BLOCK_M", "tunable", "BLOCK_M");
    expectAxis(p.dotSites[0].n, "rn", "BLOCK_N", "tunable", "BLOCK_N");
    expectAxis(p.dotSites[0].k, "rk", "BLOCK_K", "tunable", "BLOCK_K");
    EXPECT_FALSE(p.dotSites[0].m.resolvedLength);
}

TEST(CubeParse, MixKernelWithVectorEpilogue)
{
    const Kernel k = kernel(cube_kernels::kEpilogue, "mm_bias_relu", {"a_ptr", "b_ptr", "bias_ptr", "c_ptr"},
                            {{"M", 1000}, {"N", 384}, {"K", 256}, {"stride_am", 256}, {"stride_ak", 1},
                             {"stride_bk", 384}, {"stride_bn", 1}, {"stride_cm", 384}, {"stride_cn", 1}});
    std::string error;
    EXPECT_EQ(resolveKernelType(k.input, &error), "mix");
    const CubeParse p = parseCube(k.input, withModule(k));
    EXPECT_EQ(p.status, "ok");
    ASSERT_EQ(p.dotSites.size(), 1u);
    expectAxis(p.dotSites[0].m, "offs_m", "M", "tunable", "BLOCK_M");
    expectAxis(p.dotSites[0].n, "offs_n", "N", "tunable", "BLOCK_N");
    expectAxis(p.dotSites[0].k, "offs_k", "K", "tunable", "BLOCK_K");
    EXPECT_EQ(p.dotSites[0].line, 20);
    EXPECT_EQ(p.dotSites[0].col, 15);
}

TEST(CubeParse, HelperFunctionCalledFromTheKernel)
{
    const Kernel k = kernel(cube_kernels::kHelper, "mm_helper", {"a_ptr", "b_ptr", "c_ptr"},
                            {{"M", 128}, {"N", 160}, {"K", 96}});
    // The kernel itself has no tl.dot: the helper's makes it mix, once the module is known.
    std::string error;
    EXPECT_EQ(resolveKernelType(k.input, &error), "vector");
    EXPECT_EQ(resolveKernelType(k.input, withModule(k), &error), "mix");
    const CubeParse p = parseCube(k.input, withModule(k));
    EXPECT_EQ(p.status, "ok");
    ASSERT_EQ(p.dotSites.size(), 1u);
    const CubeDotSite& s = p.dotSites[0];
    EXPECT_EQ(s.lhs, Opt("a")); // the helper's x / y, named as the kernel passes them
    EXPECT_EQ(s.rhs, Opt("b"));
    expectAxis(s.m, "offs_m", "M", "tunable", "BLOCK_M");
    expectAxis(s.n, "offs_n", "N", "tunable", "BLOCK_N");
    expectAxis(s.k, "offs_k", "K", "tunable", "BLOCK_K");
    EXPECT_EQ(s.function, "_tile_dot");
    EXPECT_EQ(s.line, 7);
    EXPECT_EQ(s.col, 17);
}

TEST(CubeParse, BlockPointersAndTranspose)
{
    const Kernel k = kernel(cube_kernels::kAttention, "attn_fwd", {"Q", "Kt", "V", "Out"},
                            {{"seq_len", 1024}, {"HEAD_DIM", 64}});
    const CubeParse p = parseCube(k.input, withModule(k));
    EXPECT_EQ(p.status, "ok");
    EXPECT_EQ(tunableSummary(p), (std::vector<std::string>{"BLOCK_M:M:signature", "BLOCK_N:N:signature"}));
    ASSERT_EQ(p.dotSites.size(), 2u);
    EXPECT_EQ(p.dotSites[0].lhs, Opt("q"));
    EXPECT_EQ(p.dotSites[0].rhs, Opt("k"));
    expectAxis(p.dotSites[0].m, "BLOCK_M", "seq_len", "tunable", "BLOCK_M");
    expectAxis(p.dotSites[0].n, "BLOCK_N", "seq_len", "tunable", "BLOCK_N");
    expectAxis(p.dotSites[0].k, "HEAD_DIM", "HEAD_DIM", "fixed_compile_time", std::nullopt, 64);
    EXPECT_EQ(p.dotSites[1].lhs, Opt("p"));
    EXPECT_EQ(p.dotSites[1].rhs, Opt("v"));
    expectAxis(p.dotSites[1].m, "BLOCK_M", "seq_len", "tunable", "BLOCK_M");
    expectAxis(p.dotSites[1].n, "HEAD_DIM", "HEAD_DIM", "fixed_compile_time", std::nullopt, 64);
    expectAxis(p.dotSites[1].k, "BLOCK_N", "seq_len", "tunable", "BLOCK_N");
    EXPECT_EQ(p.dotSites[0].line, 18);
    EXPECT_EQ(p.dotSites[1].line, 21);
}

TEST(CubeParse, MaskAgainstALoadedValueNamesItsPointer)
{
    // The backend's blind spot: the mask bound `rows` comes from tl.load, and the global length
    // it picks is the pointer parameter behind it.
    const Kernel k = kernel(cube_kernels::kDynamicRows, "grouped_mm", {"a_ptr", "b_ptr", "c_ptr", "sizes_ptr"},
                            {{"N", 96}, {"K", 64}});
    const CubeParse p = parseCube(k.input, withModule(k));
    ASSERT_EQ(p.dotSites.size(), 1u);
    expectAxis(p.dotSites[0].m, "offs_m", "sizes_ptr", "tunable", "BLOCK_M");
    expectAxis(p.dotSites[0].n, "offs_n", "N", "tunable", "BLOCK_N");
    expectAxis(p.dotSites[0].k, "offs_k", "BLOCK_K", "tunable", "BLOCK_K");
}

TEST(CubeParse, KernelTypeHints)
{
    const Kernel k = kernel(cube_kernels::kVectorOnly, "add_kernel", {"x_ptr", "y_ptr", "out_ptr"},
                            {{"n_elements", 4096}});
    std::string error;
    EXPECT_EQ(resolveKernelType(k.input, withModule(k), &error), "vector");

    CubeParseOptions o = withModule(k);
    o.kernelType = {true, true, " CUBE "};
    EXPECT_EQ(resolveKernelType(k.input, o, &error), "cube");
    EXPECT_TRUE(error.empty());

    o.kernelType = {true, true, "simt"};
    EXPECT_EQ(resolveKernelType(k.input, o, &error), "");
    EXPECT_EQ(error, "Unsupported kernel_type 'simt', expected one of: ['auto', 'cube', 'mix', 'vector']");

    o.kernelType = {true, false, "None"}; // kernel_type=None
    error.clear();
    EXPECT_EQ(resolveKernelType(k.input, o, &error), "");
    EXPECT_EQ(error, "Unsupported kernel_type 'None', expected one of: ['auto', 'cube', 'mix', 'vector']");

    o.kernelType = {true, true, "auto"};
    error.clear();
    EXPECT_EQ(resolveKernelType(k.input, o, &error), "vector");
    EXPECT_TRUE(error.empty());
}

TEST(CubeParse, CubeHintOnAKernelWithoutDotRaises)
{
    const Kernel k = kernel(cube_kernels::kVectorOnly, "add_kernel", {"x_ptr", "y_ptr", "out_ptr"},
                            {{"n_elements", 4096}});
    CubeParseOptions o = withModule(k);
    o.mode = "cube";
    const CubeParse p = parseCube(k.input, o);
    EXPECT_EQ(p.mode, "cube");
    EXPECT_EQ(p.status, "partial");
    EXPECT_TRUE(p.dotSites.empty());
    EXPECT_EQ(p.diagnostics, (std::vector<std::string>{"no tl.dot/tl.conv site resolved in cube/mix parser."}));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, "cv parser status partial: no tl.dot/tl.conv site resolved in cube/mix parser.");
    EXPECT_EQ(p.errorType, "RuntimeError");
}

TEST(CubeParse, ExplicitTunableParameters)
{
    const Kernel k = matmul(64, 64, 64);
    CubeParseOptions o = withModule(k);
    o.explicitTunableParams = {"BLOCK_Q"};
    CubeParse p = parseCube(k.input, o);
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, "hints.tunable_parameter contains unknown parameters: ['BLOCK_Q']");
    EXPECT_EQ(p.errorType, "ValueError");

    o.explicitTunableParams = {"M"};
    p = parseCube(k.input, o);
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, "hints.tunable_parameter must reference constexpr parameters only: ['M']");
}

TEST(CubeParse, WithoutTheModuleTheKernelAloneIsRead)
{
    const Kernel k = matmul(256, 256, 256);
    const CubeParse p = parseCube(k.input);
    EXPECT_EQ(p.status, "ok");
    ASSERT_EQ(p.dotSites.size(), 1u);
    expectAxis(p.dotSites[0].m, "offs_m", "M", "tunable", "BLOCK_M");
}

TEST(CubeParse, NullFunctionIsAnErrorNotACrash)
{
    ParseInput input;
    const CubeParse p = parseCube(input);
    EXPECT_EQ(p.status, "failed");
    ASSERT_TRUE(p.error);
    std::string error;
    EXPECT_EQ(resolveKernelType(input, &error), "vector");
}
