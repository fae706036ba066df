// The 2026-08 v2 axis parser (dsl_analysis/vv_param_parser_v2.py at 189dd87) on small kernels:
// axes by tensor dimension, the extent priority, reductions from the calls' axis argument, fixed
// tiling expressions, and the upstream quirks TileScope reproduces and reports. The golden cases
// (test_golden_2608, tests/data/golden-2026-08/v2_*) check the same parser against upstream's
// runtime end to end.

#include "core/backends/v2608/vv_parser.h"
#include "core/python/parser.h"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

using namespace ts::analysis;
using ts::py::Kind;
using ts::py::Node;

namespace {

LaunchArgument intArg(const std::string& name, std::int64_t v)
{
    LaunchArgument a;
    a.name = name;
    a.intValue = v;
    return a;
}

LaunchArgument tensorArg(const std::string& name)
{
    LaunchArgument a;
    a.name = name;
    a.kind = LaunchArgument::Kind::Tensor;
    a.dtype = "float16";
    return a;
}

// Parses `source`, runs the v2 parser on its first function with `tensors` and `ints` passed;
// every tl.constexpr parameter not among `ints` is left to tune.
VvResult2608 parse(const std::string& source, const std::vector<std::string>& tensors,
                   const std::vector<std::pair<std::string, std::int64_t>>& ints)
{
    static std::vector<std::unique_ptr<ts::py::Module>> keep;
    auto parsed = ts::py::parseSource(source, "<kernel>");
    if (!parsed.ok())
        throw std::runtime_error(parsed.error->format());
    keep.push_back(std::move(parsed.module));
    VvInput2608 input;
    for (const Node* stmt : keep.back()->root()->list("body"))
        if (stmt->is(Kind::FunctionDef)) {
            input.function = stmt;
            break;
        }
    for (const Node* a : input.function->child("args")->list("args")) {
        const Node* ann = a->child("annotation");
        if (ann && ann->is(Kind::Attribute) && ann->str("attr") == "constexpr")
            input.constexprNames.push_back(a->str("arg"));
    }
    for (const auto& t : tensors)
        input.provided.push_back(tensorArg(t));
    for (const auto& [n, v] : ints)
        input.provided.push_back(intArg(n, v));
    return parseVv2608(input);
}

const VvAxis2608& axis(const VvResult2608& r, const std::string& name)
{
    for (const VvAxis2608& a : r.axes)
        if (a.name == name)
            return a;
    throw std::runtime_error("no axis " + name);
}

} // namespace

TEST(VvParser2608, AxesFollowTheTensorDimensionAndReductionsTheAxisArgument)
{
    const VvResult2608 r = parse(R"(
def row_sum(x_ptr, out_ptr, rows, cols, RBLOCK: tl.constexpr, CBLOCK: tl.constexpr):
    r = tl.program_id(0) * RBLOCK + tl.arange(0, RBLOCK)[:, None]
    c = tl.arange(0, CBLOCK)[None, :]
    keep = (r < rows) & (c < cols)
    x = tl.load(x_ptr + r * cols + c, mask=keep)
    tl.store(out_ptr + r, tl.sum(x, axis=1))
)",
                                 {"x_ptr", "out_ptr"}, {{"rows", 64}, {"cols", 128}});
    ASSERT_EQ(r.axes.size(), 2u);
    EXPECT_EQ(r.axes[0].name, "x");
    EXPECT_EQ(r.axes[0].lengthExpr, "rows");
    EXPECT_EQ(r.axes[0].splitParam, "RBLOCK");
    EXPECT_EQ(r.axes[0].pidDim, 0);
    EXPECT_EQ(r.axes[1].name, "y");
    EXPECT_EQ(r.axes[1].lengthExpr, "cols");
    EXPECT_EQ(r.axes[1].tilingParam, "CBLOCK");
    EXPECT_EQ(r.reductionAxes, std::vector<std::string>{"y"});
    EXPECT_EQ(r.lowDimAxes, std::vector<std::string>{"y"});
    // RBLOCK is both the split and the arange length of x: upstream notes it and reports "partial".
    EXPECT_EQ(r.status, "partial");
    EXPECT_EQ(r.diagnostics,
              std::vector<std::string>{"x: tiling candidate RBLOCK equals split candidate, use single-parameter mode"});
}

TEST(VvParser2608, ExtentPriorityDirectMaskThenIndirectMaskThenInferredTotal)
{
    // A direct mask wins over the modulo's total.
    const VvResult2608 direct = parse(R"(
def k(src, dst, n, m, BLOCK: tl.constexpr):
    offs = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)) % m
    keep = offs < n
    tl.store(dst + offs, tl.load(src + offs, mask=keep), mask=keep)
)",
                                      {"src", "dst"}, {{"n", 1000}, {"m", 1024}});
    EXPECT_EQ(axis(direct, "x").lengthExpr, "n");
    EXPECT_EQ(axis(direct, "x").extentSource, "mask_direct");

    // A mask on a variable derived from the offsets still wins over the total.
    const VvResult2608 indirect = parse(R"(
def k(src, dst, n, m, BLOCK: tl.constexpr):
    offs = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)) % m
    limit = offs + 0
    keep = limit < n
    tl.store(dst + offs, tl.load(src + offs, mask=keep), mask=keep)
)",
                                        {"src", "dst"}, {{"n", 1000}, {"m", 1024}});
    EXPECT_EQ(axis(indirect, "x").lengthExpr, "n");
    EXPECT_EQ(axis(indirect, "x").extentSource, "mask_indirect");

    // Without a mask, the modulo's total.
    const VvResult2608 total = parse(R"(
def k(src, dst, m, BLOCK: tl.constexpr):
    offs = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)) % m
    tl.store(dst + offs, tl.load(src + offs))
)",
                                     {"src", "dst"}, {{"m", 1024}});
    EXPECT_EQ(axis(total, "x").lengthExpr, "m");
    EXPECT_EQ(axis(total, "x").extentSource, "infer_total");

    // Nothing but the block pointer's shape.
    const VvResult2608 blockPtr = parse(R"(
def k(src, dst, rows, cols, s0, s1, XB: tl.constexpr, YB: tl.constexpr):
    p = tl.make_block_ptr(src, (rows, cols), (s0, s1), (tl.program_id(0) * XB, tl.program_id(1) * YB), (XB, YB), (1, 0))
    q = tl.make_block_ptr(dst, (rows, cols), (s0, s1), (tl.program_id(0) * XB, tl.program_id(1) * YB), (XB, YB), (1, 0))
    tl.store(q, tl.load(p))
)",
                                        {"src", "dst"}, {{"rows", 64}, {"cols", 64}, {"s0", 64}, {"s1", 1}});
    EXPECT_EQ(axis(blockPtr, "x").lengthExpr, "rows");
    EXPECT_EQ(axis(blockPtr, "y").lengthExpr, "cols");
    EXPECT_EQ(axis(blockPtr, "x").splitParam, "XB");
    EXPECT_EQ(axis(blockPtr, "y").splitParam, "YB");
    EXPECT_EQ(axis(blockPtr, "y").pidDim, 1);
    EXPECT_TRUE(blockPtr.notes.empty());
}

TEST(VvParser2608, ArangeOfAPassedConstexprIsAFixedTiling)
{
    const VvResult2608 r = parse(R"(
def k(src, dst, rows, cols, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK_N)
    keep = c < cols
    tl.store(dst + row * cols + c, tl.load(src + row * cols + c, mask=keep), mask=keep)
)",
                                 {"src", "dst"}, {{"rows", 64}, {"cols", 100}, {"BLOCK_N", 128}});
    EXPECT_EQ(axis(r, "x").fixedTilingExpr, "BLOCK_N");
    EXPECT_TRUE(axis(r, "x").splitParam.empty());
    EXPECT_TRUE(axis(r, "x").tilingParam.empty());
}

TEST(VvParser2608, OffsetsMetInOneSubscriptShareASplitAndProgramIdZeroWithANote)
{
    const VvResult2608 r = parse(R"(
def k(src, dst, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs = rm[:, None] * stride + rn[None, :]
    keep = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(dst + offs, tl.load(src + offs, mask=keep), mask=keep)
)",
                                 {"src", "dst"}, {{"M", 256}, {"N", 256}, {"stride", 256}});
    EXPECT_EQ(axis(r, "x").splitParam, "BLOCK_M");
    EXPECT_EQ(axis(r, "y").splitParam, "BLOCK_M");
    EXPECT_EQ(axis(r, "x").pidDim, 0);
    EXPECT_EQ(axis(r, "y").pidDim, 0);
    ASSERT_EQ(r.notes.size(), 2u);
    EXPECT_NE(r.notes[0].message.english().find("same split parameter BLOCK_M"), std::string::npos);
    EXPECT_NE(r.notes[1].message.english().find("on program id 0"), std::string::npos);
    EXPECT_EQ(r.notes[1].line, 9); // the store the parse took its axes from
    EXPECT_EQ(r.notes[1].column, 5);
}

TEST(VvParser2608, OneArgumentRangeUnderAnAxisWithoutSplitRaises)
{
    const VvResult2608 r = parse(R"(
def k(src, dst, n, BLOCK: tl.constexpr):
    base = tl.program_id(0) * 4096
    for i in range(4):
        offs = base + i * BLOCK + tl.arange(0, BLOCK)
        keep = offs < n
        tl.store(dst + offs, tl.load(src + offs, mask=keep), mask=keep)
)",
                                 {"src", "dst"}, {{"n", 1 << 20}});
    EXPECT_EQ(r.status, "raised");
    EXPECT_TRUE(r.axes.empty());
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_EQ(r.notes[0].line, 4);
    EXPECT_EQ(r.notes[0].column, 5);
}

TEST(VvParser2608, NoLoadOrStoreResolvesNothing)
{
    const VvResult2608 r = parse("def k(a, n):\n    x = n + 1\n", {"a"}, {{"n", 4}});
    EXPECT_EQ(r.status, "failed");
    EXPECT_FALSE(r.hasResolvedAxes());
}

TEST(VvParser2608, FixedTilingExpressionIsEvaluatedWithTheLaunch)
{
    const VvResult2608 r = parse(R"(
def k(src, dst, cols, HALF: tl.constexpr):
    c = tl.arange(0, HALF * 2)
    keep = c < cols
    tl.store(dst + c, tl.load(src + c, mask=keep), mask=keep)
)",
                                 {"src", "dst"}, {{"cols", 100}, {"HALF", 64}});
    EXPECT_EQ(axis(r, "x").fixedTilingExpr, "HALF * 2");
    EXPECT_EQ(axis(r, "x").fixedTilingValue, 128);
}
