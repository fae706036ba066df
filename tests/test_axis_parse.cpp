// The backend's axis parse, reproduced: split / tiling / low-dim / reduction axes, fixed grids,
// hint checks and the backend's own exceptions. Expected values are what Triton-Ascend (commit
// a84b1eb) concludes for the same kernel and launch.

#include "backend_versions.h"
#include "core/analysis/axis_parse.h"
#include "core/analysis/beyond_backend.h"
#include "core/analysis/kernel_analysis.h"
#include "core/analysis/pyrepr.h"
#include "core/kernel/workload.h"
#include "core/python/parser.h"

#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>

using namespace ts::analysis;
using ts::py::Kind;
using ts::py::Node;

namespace {

// ---- kernels ----

struct Kernel {
    const Node* function = nullptr;
    std::vector<std::string> argNames;
};

const ts::py::Module& loadModule(const std::string& fileName)
{
    static std::map<std::string, std::unique_ptr<ts::py::Module>> cache;
    auto& slot = cache[fileName];
    if (!slot) {
        auto parsed = ts::py::parseFile((ts::test::dataDir() / "analysis" / fileName).string());
        if (!parsed.ok())
            throw std::runtime_error(parsed.error->format());
        slot = std::move(parsed.module);
    }
    return *slot;
}

Kernel kernelIn(const Node* moduleRoot, const std::string& name)
{
    Kernel k;
    for (const Node* stmt : moduleRoot->list("body")) {
        if (!stmt->is(Kind::FunctionDef) || stmt->str("name") != name)
            continue;
        k.function = stmt;
        const Node* args = stmt->child("args");
        for (const char* field : {"posonlyargs", "args", "kwonlyargs"})
            for (const Node* a : args->list(field))
                k.argNames.push_back(a->str("arg"));
    }
    if (!k.function)
        throw std::runtime_error("no function " + name);
    return k;
}

Kernel kernel(const std::string& fileName, const std::string& name)
{
    return kernelIn(loadModule(fileName).root(), name);
}

// Inline sources are kept alive for the whole test run.
Kernel inlineKernel(const std::string& source, const std::string& name)
{
    static std::vector<std::unique_ptr<ts::py::Module>> keep;
    auto parsed = ts::py::parseSource(source, "<inline>");
    if (!parsed.ok())
        throw std::runtime_error(parsed.error->format());
    keep.push_back(std::move(parsed.module));
    return kernelIn(keep.back()->root(), name);
}

// ---- launches ----

LaunchArgument tensor(const std::string& name, std::vector<std::int64_t> shape, std::string dtype = "float16")
{
    LaunchArgument a;
    a.name = name;
    a.kind = LaunchArgument::Kind::Tensor;
    a.dtype = std::move(dtype);
    a.shape = std::move(shape);
    return a;
}

LaunchArgument integer(const std::string& name, std::int64_t v)
{
    LaunchArgument a;
    a.name = name;
    a.kind = LaunchArgument::Kind::Int;
    a.intValue = v;
    return a;
}

LaunchArgument real(const std::string& name, double v)
{
    LaunchArgument a;
    a.name = name;
    a.kind = LaunchArgument::Kind::Float;
    a.floatValue = v;
    return a;
}

LaunchArgument none(const std::string& name)
{
    LaunchArgument a;
    a.name = name;
    a.kind = LaunchArgument::Kind::None;
    return a;
}

std::int64_t cdiv(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

GridSpec staticGrid(std::vector<std::int64_t> dims)
{
    GridSpec g;
    g.kind = GridSpec::Kind::Static;
    g.staticGrid.valid = true;
    for (auto d : dims)
        g.staticGrid.dims.push_back(d);
    return g;
}

// A grid lambda: `meta` is the launch arguments overridden by the probe; a missing name raises.
using Meta = std::function<std::int64_t(const std::string&)>;
GridSpec callableGrid(const std::vector<LaunchArgument>& args,
                      std::function<std::optional<GridValue>(const Meta&)> body)
{
    GridSpec g;
    g.kind = GridSpec::Kind::Callable;
    g.function = [args, body](const std::map<std::string, std::int64_t>& overrides) -> std::optional<GridValue> {
        struct KeyError {};
        Meta meta = [&](const std::string& name) -> std::int64_t {
            if (auto it = overrides.find(name); it != overrides.end())
                return it->second;
            for (const LaunchArgument& a : args)
                if (a.name == name && a.kind == LaunchArgument::Kind::Int)
                    return a.intValue;
            throw KeyError{};
        };
        try {
            return body(meta);
        } catch (const KeyError&) {
            return std::nullopt;
        }
    };
    return g;
}

GridValue dims(std::vector<std::int64_t> values)
{
    GridValue g;
    g.valid = true;
    for (auto v : values)
        g.dims.push_back(v);
    return g;
}

ParseInput makeInput(const Kernel& k, std::vector<std::string> keys, std::vector<LaunchArgument> args,
                     GridSpec grid = {})
{
    ParseInput in;
    in.backend = ts::test::backend2604();  // the parse these tests expect is 2026-04's
    in.function = k.function;
    in.argNames = k.argNames;
    in.keyList = std::move(keys);
    in.args = std::move(args);
    in.grid = std::move(grid);
    return in;
}

std::vector<LaunchArgument> vec1d(std::int64_t n = 4096)
{
    return {tensor("src", {n}), tensor("dst", {n}), integer("numel", n)};
}

GridSpec blockGrid(const std::vector<LaunchArgument>& args, const char* block = "BLOCK")
{
    return callableGrid(args, [block](const Meta& m) { return dims({cdiv(m("numel"), m(block))}); });
}

std::vector<LaunchArgument> mat2d(std::int64_t rows = 512, std::int64_t cols = 768)
{
    return {tensor("src", {rows, cols}), tensor("dst", {rows, cols}), integer("rows", rows), integer("cols", cols)};
}

std::vector<LaunchArgument> rowsCols(std::int64_t rows, std::int64_t cols)
{
    return {tensor("inp", {rows, cols}), tensor("out", {rows}), integer("n_rows", rows), integer("n_cols", cols)};
}

using PidDims = std::vector<std::pair<std::string, int>>;
using Strings = std::vector<std::string>;

std::string missingMessage(const Strings& names)
{
    return "Missing required arguments: " + pyListRepr(names) +
           ". These arguments must be explicitly provided and cannot be automatically tuned. Please ensure "
           "that these arguments are passed when calling the function.";
}

} // namespace

// ---- split axes ----

TEST(AxisParse, SplitThroughProgramIdVariable)
{
    auto args = vec1d();
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "scale_pid_var"), {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(p.error) << *p.error;
    EXPECT_TRUE(p.completed);
    EXPECT_EQ(p.keys, (AxisMap{{"x", "numel"}}));
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_EQ(p.allSplitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_TRUE(p.tilingParams.empty());
    EXPECT_EQ(p.lowDimAxes, Strings{"x"});
    EXPECT_TRUE(p.reductionAxes.empty());
    EXPECT_EQ(p.numBuffers, 2);
    EXPECT_EQ(p.axisPidDims, (PidDims{{"x", 0}}));
    EXPECT_EQ(p.splitAxisPidDims, (PidDims{{"x", 0}}));
    EXPECT_TRUE(p.fixedGridDims.empty());
    EXPECT_EQ(p.missingParams, Strings{"BLOCK"});
    EXPECT_EQ(p.constexprParams, Strings{"BLOCK"});
}

TEST(AxisParse, SplitThroughDirectProgramIdCallEitherOperandOrder)
{
    for (const char* fn : {"scale_pid_direct", "scale_fused"}) {
        auto args = vec1d();
        const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", fn), {"numel"}, args, blockGrid(args)));
        EXPECT_FALSE(p.error) << fn;
        EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}})) << fn;
        EXPECT_EQ(p.lowDimAxes, Strings{"x"}) << fn;
        EXPECT_EQ(p.axisPidDims, (PidDims{{"x", 0}})) << fn;
    }
}

TEST(AxisParse, SplitOnProgramIdDimTwo)
{
    auto args = vec1d();
    auto grid = callableGrid(args, [](const Meta& m) { return dims({1, 1, cdiv(m("numel"), m("BLOCK"))}); });
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "scale_pid_dim2"), {"numel"}, args, grid));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_EQ(p.axisPidDims, (PidDims{{"x", 2}}));
    EXPECT_EQ(p.splitAxisPidDims, (PidDims{{"x", 2}}));
    // Dims 0 and 1 never change with BLOCK: fixed, but no axis lives on them.
    EXPECT_EQ(p.fixedGridDims, (std::map<int, std::int64_t>{{0, 1}, {1, 1}}));
    EXPECT_TRUE(p.fixedSplitParams.empty());
}

TEST(AxisParse, SplitWithoutMaskIsNotFound)
{
    auto args = vec1d();
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "scale_unmasked"), {"numel"}, args, blockGrid(args)));
    EXPECT_TRUE(p.splitParams.empty());
    EXPECT_TRUE(p.lowDimAxes.empty());
    EXPECT_TRUE(p.completed);
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, missingMessage({"BLOCK"}));
    EXPECT_EQ(p.errorType, "ValueError");
    EXPECT_EQ(p.errorStage, "missing-args");
}

TEST(AxisParse, TwoDimensionalTilesUseProgramIdDimsZeroAndOne)
{
    auto args = mat2d();
    auto grid = callableGrid(args, [](const Meta& m) {
        return dims({cdiv(m("rows"), m("RB")), cdiv(m("cols"), m("CB"))});
    });
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "copy_tiles_2d"), {"rows", "cols"}, args, grid));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.keys, (AxisMap{{"x", "rows"}, {"y", "cols"}}));
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "RB"}, {"y", "CB"}}));
    EXPECT_EQ(p.axisPidDims, (PidDims{{"x", 0}, {"y", 1}}));
    // `[None, :]` makes a low dim; `[:, None]` does not.
    EXPECT_EQ(p.lowDimAxes, Strings{"y"});
    EXPECT_TRUE(p.fixedGridDims.empty());
}

TEST(AxisParse, PassedConstexprIsSplitButNotTuned)
{
    auto args = vec1d();
    args.push_back(integer("BLOCK", 1024));
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "scale_pid_var"), {"numel"}, args, staticGrid({4})));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.allSplitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_TRUE(p.splitParams.empty());
    EXPECT_EQ(p.fixedGridDims, (std::map<int, std::int64_t>{{0, 4}}));
    EXPECT_EQ(p.fixedSplitParams, (std::vector<std::pair<std::string, std::int64_t>>{{"x", 1024}}));
    EXPECT_TRUE(p.missingParams.empty());
}

TEST(AxisParse, MethodCallTimesValueRaisesAttributeError)
{
    // `tl.load(...).to(...) * 0.5`: the split parser reads `.func.value.id` of a Call.
    auto args = vec1d();
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "scale_cast_product"), {"numel"}, args, blockGrid(args)));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, "'Call' object has no attribute 'id'");
    EXPECT_EQ(p.errorType, "AttributeError");
    EXPECT_EQ(p.errorStage, "split");
    EXPECT_FALSE(p.completed);
    EXPECT_EQ(p.lowDimAxes, Strings{"x"});  // parsed before the split parser raised
}

// ---- fixed grids ----

TEST(AxisParse, StaticGridFixesTheSplit)
{
    const auto args = vec1d(1000);
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "scale_pid_var"), {"numel"}, args, staticGrid({8})));
    EXPECT_EQ(p.allSplitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_TRUE(p.splitParams.empty());
    EXPECT_EQ(p.fixedGridDims, (std::map<int, std::int64_t>{{0, 8}}));
    EXPECT_EQ(p.fixedSplitParams, (std::vector<std::pair<std::string, std::int64_t>>{{"x", 125}}));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, missingMessage({"BLOCK"}));

    const AxisParse q = parseAxes(makeInput(kernel("split_kernels.py", "copy_tiles_2d"), {"rows", "cols"}, mat2d(),
                                            staticGrid({16, 4})));
    EXPECT_TRUE(q.splitParams.empty());
    EXPECT_EQ(q.fixedSplitParams, (std::vector<std::pair<std::string, std::int64_t>>{{"x", 32}, {"y", 192}}));
    ASSERT_TRUE(q.error);
    EXPECT_EQ(*q.error, missingMessage({"RB", "CB"}));
}

TEST(AxisParse, CallableGridProbeFindsFixedAndDynamicDims)
{
    const auto args = mat2d();
    const Kernel k = kernel("split_kernels.py", "copy_tiles_2d");
    int calls = 0;
    std::vector<std::map<std::string, std::int64_t>> seen;
    GridSpec grid = callableGrid(args, [&](const Meta& m) {
        ++calls;
        seen.push_back({{"RB", m("RB")}, {"CB", m("CB")}});
        return dims({cdiv(m("rows"), m("RB")), 4});
    });
    const AxisParse p = parseAxes(makeInput(k, {"rows", "cols"}, args, grid));
    // Base call, then 9 probes (1..512 without 128) for each of RB and CB.
    EXPECT_EQ(calls, 1 + 9 * 2);
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.front(), (std::map<std::string, std::int64_t>{{"RB", 128}, {"CB", 128}}));
    EXPECT_EQ(seen[1], (std::map<std::string, std::int64_t>{{"RB", 1}, {"CB", 128}}));
    EXPECT_EQ(p.fixedGridDims, (std::map<int, std::int64_t>{{1, 4}}));
    EXPECT_EQ(p.allSplitParams, (AxisMap{{"x", "RB"}, {"y", "CB"}}));
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "RB"}}));
    EXPECT_EQ(p.fixedSplitParams, (std::vector<std::pair<std::string, std::int64_t>>{{"y", 192}}));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, missingMessage({"CB"}));
}

TEST(AxisParse, CallableGridProbeEdgeCases)
{
    const auto args = mat2d();
    const Kernel k = kernel("split_kernels.py", "copy_tiles_2d");
    // A probe that changes the grid's length makes every shared dim dynamic.
    auto varies = callableGrid(args, [](const Meta& m) {
        if (m("CB") >= 128)
            return dims({cdiv(m("rows"), m("RB")), 4});
        return dims({cdiv(m("rows"), m("RB")), 4, 1});
    });
    AxisParse p = parseAxes(makeInput(k, {"rows", "cols"}, args, varies));
    EXPECT_TRUE(p.fixedGridDims.empty());
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "RB"}, {"y", "CB"}}));

    // A probe that raises is skipped.
    struct Raise {};
    auto skips = callableGrid(args, [](const Meta& m) -> std::optional<GridValue> {
        if (m("CB") == 64)
            return std::nullopt;
        return dims({cdiv(m("rows"), m("RB")), 4});
    });
    p = parseAxes(makeInput(k, {"rows", "cols"}, args, skips));
    EXPECT_EQ(p.fixedGridDims, (std::map<int, std::int64_t>{{1, 4}}));

    // A base call that raises, or returns no tuple, fixes nothing.
    auto raises = callableGrid(args, [](const Meta& m) { return dims({m("NOPE"), 4}); });
    p = parseAxes(makeInput(k, {"rows", "cols"}, args, raises));
    EXPECT_TRUE(p.fixedGridDims.empty());
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "RB"}, {"y", "CB"}}));
    auto notTuple = callableGrid(args, [](const Meta&) { return GridValue{}; });
    p = parseAxes(makeInput(k, {"rows", "cols"}, args, notTuple));
    EXPECT_TRUE(p.fixedGridDims.empty());
    EXPECT_FALSE(p.error);
}

// ---- grid-stride loops ----

TEST(AxisParse, GridStrideLoopMakesBlocksTilingOnly)
{
    const std::vector<LaunchArgument> args = {tensor("table", {1000, 256}), tensor("index", {300}, "int32"),
                                              tensor("out", {300, 256}), integer("n_idx", 300), integer("n_cols", 256)};
    const Kernel k = kernel("grid_stride.py", "gather_rows");
    AxisParse p = parseAxes(makeInput(k, {"n_idx", "n_cols"}, args, staticGrid({2, 3})));
    EXPECT_FALSE(p.error);
    EXPECT_TRUE(p.splitParams.empty());
    EXPECT_TRUE(p.allSplitParams.empty());
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "BM"}, {"y", "BN"}}));
    EXPECT_EQ(p.axisPidDims, (PidDims{{"x", 0}, {"y", 1}}));
    EXPECT_TRUE(p.splitAxisPidDims.empty());
    EXPECT_EQ(p.fixedSplitParams, (std::vector<std::pair<std::string, std::int64_t>>{{"x", 150}, {"y", 86}}));
    EXPECT_EQ(p.lowDimAxes, Strings{"y"});
    EXPECT_EQ(p.numBuffers, 3);

    auto grid = callableGrid(args, [](const Meta& m) {
        return dims({cdiv(m("n_idx"), m("BM")), cdiv(m("n_cols"), m("BN"))});
    });
    p = parseAxes(makeInput(k, {"n_idx", "n_cols"}, args, grid));
    EXPECT_FALSE(p.error);
    EXPECT_TRUE(p.splitParams.empty());
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "BM"}, {"y", "BN"}}));
    EXPECT_TRUE(p.fixedSplitParams.empty());
}

TEST(AxisParse, GridStrideNeedsTheProductInTheRangeStart)
{
    auto args = vec1d();
    AxisParse p = parseAxes(makeInput(kernel("grid_stride.py", "stride_inline"), {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(p.error);
    EXPECT_TRUE(p.splitParams.empty());
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_EQ(p.axisPidDims, (PidDims{{"x", 0}}));

    // `begin = pid * BLOCK` bound before the loop: the start is a plain name, BLOCK splits.
    p = parseAxes(makeInput(kernel("grid_stride.py", "stride_prebound"), {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_TRUE(p.tilingParams.empty());
}

// ---- tiling axes ----

TEST(AxisParse, TilingThroughFloorDivLoopCount)
{
    auto args = vec1d();
    const AxisParse p = parseAxes(makeInput(kernel("tiling_kernels.py", "sub_tiled_floordiv"), {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "SUB"}}));
    EXPECT_EQ(p.lowDimAxes, Strings{"x"});
}

TEST(AxisParse, TilingThroughLoopStep)
{
    auto args = vec1d();
    const AxisParse p = parseAxes(makeInput(kernel("tiling_kernels.py", "sub_tiled_step"), {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "SUB"}}));
}

TEST(AxisParse, HoistedArangeBeforeSteppedLoopIsMissed)
{
    auto args = vec1d();
    const AxisParse p = parseAxes(makeInput(kernel("tiling_kernels.py", "sub_tiled_hoisted"), {"numel"}, args, blockGrid(args)));
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_TRUE(p.tilingParams.empty());
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, missingMessage({"SUB"}));
    EXPECT_TRUE(p.completed);
}

TEST(AxisParse, TilingWithTlRangeOnTwoDimensions)
{
    auto args = mat2d();
    args.push_back(integer("CB", 1024));
    auto grid = callableGrid(args, [](const Meta& m) { return dims({cdiv(m("rows"), m("RB"))}); });
    const AxisParse p = parseAxes(makeInput(kernel("tiling_kernels.py", "rows_tiled_2d"), {"rows", "cols"}, args, grid));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "RB"}}));
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "RB_SUB"}}));
    EXPECT_EQ(p.lowDimAxes, Strings{"y"});
}

// ---- reduction axes and persistent reduction ----

TEST(AxisParse, InnerReductionAxisKeywordRenamesKeyAndIsPersistentUpTo1024)
{
    const Kernel k = kernel("reduction_kernels.py", "row_sum_kw");
    for (const auto& [cols, persistent] : {std::pair{1024, true}, std::pair{1025, false}}) {
        const auto args = rowsCols(64, cols);
        auto grid = callableGrid(args, [](const Meta& m) { return dims({cdiv(m("n_rows"), m("RB"))}); });
        const AxisParse p = parseAxes(makeInput(k, {"n_rows", "n_cols"}, args, grid));
        EXPECT_FALSE(p.error);
        EXPECT_EQ(p.keys, (AxisMap{{"x", "n_rows"}, {"ry", "n_cols"}}));
        EXPECT_EQ(p.reductionAxes, Strings{"ry"});
        EXPECT_EQ(p.lowDimAxes, Strings{"ry"});
        EXPECT_EQ(p.splitParams, (AxisMap{{"x", "RB"}}));
        EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "RB_SUB"}, {"ry", "CB_SUB"}}));
        EXPECT_FALSE(p.dualReduction);
        EXPECT_EQ(p.persistentReduction, persistent) << cols;
    }
}

TEST(AxisParse, ReductionAxisPositionalAndNegative)
{
    for (const char* fn : {"row_max_positional", "row_max_last"}) {
        const auto args = rowsCols(64, 4000);
        const AxisParse p = parseAxes(makeInput(kernel("reduction_kernels.py", fn), {"n_rows", "n_cols"}, args));
        EXPECT_FALSE(p.error) << fn;
        EXPECT_EQ(p.keys, (AxisMap{{"x", "n_rows"}, {"ry", "n_cols"}})) << fn;
        EXPECT_EQ(p.reductionAxes, Strings{"ry"}) << fn;
        EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "RB_SUB"}, {"ry", "CB_SUB"}})) << fn;
        EXPECT_FALSE(p.persistentReduction) << fn;
    }
}

TEST(AxisParse, OuterReductionAxisMovesLastAndIsPersistentUpTo64)
{
    const Kernel k = kernel("reduction_kernels.py", "col_sum");
    for (const auto& [rows, persistent] : {std::pair{64, true}, std::pair{65, false}}) {
        const auto args = rowsCols(rows, 4000);
        const AxisParse p = parseAxes(makeInput(k, {"n_rows", "n_cols"}, args));
        EXPECT_FALSE(p.error);
        EXPECT_EQ(p.keys, (AxisMap{{"y", "n_cols"}, {"rx", "n_rows"}}));
        EXPECT_EQ(p.reductionAxes, Strings{"rx"});
        EXPECT_EQ(p.lowDimAxes, Strings{"y"});
        EXPECT_EQ(p.splitParams, (AxisMap{{"y", "CB"}}));
        EXPECT_EQ(p.tilingParams, (AxisMap{{"rx", "RB_SUB"}}));
        EXPECT_EQ(p.persistentReduction, persistent) << rows;
    }
}

TEST(AxisParse, PersistentComparisonFollowsPythonTypes)
{
    const Kernel k = kernel("reduction_kernels.py", "col_sum");
    auto args = rowsCols(65, 4000);
    args[2] = real("n_rows", 64.0);
    AxisParse p = parseAxes(makeInput(k, {"n_rows", "n_cols"}, args));
    EXPECT_FALSE(p.error);
    EXPECT_TRUE(p.persistentReduction);

    args[2] = none("n_rows");
    p = parseAxes(makeInput(k, {"n_rows", "n_cols"}, args));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, "'<=' not supported between instances of 'NoneType' and 'int'");
    EXPECT_EQ(p.errorType, "TypeError");
    EXPECT_EQ(p.errorStage, "persistent");
    EXPECT_FALSE(p.completed);
    EXPECT_EQ(p.reductionAxes, Strings{"rx"});

    // Not passed at all: float("inf") is never below the threshold.
    args.erase(args.begin() + 2);
    p = parseAxes(makeInput(k, {"n_rows", "n_cols"}, args));
    EXPECT_FALSE(p.persistentReduction);
}

TEST(AxisParse, ReductionInsideAnotherTlCallIsNotSeen)
{
    const auto args = rowsCols(64, 4000);
    const AxisParse p = parseAxes(makeInput(kernel("reduction_kernels.py", "col_sum_in_store"), {"n_rows", "n_cols"}, args));
    EXPECT_FALSE(p.error);
    EXPECT_TRUE(p.reductionAxes.empty());
    EXPECT_EQ(p.keys, (AxisMap{{"x", "n_rows"}, {"y", "n_cols"}}));
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "RB_SUB"}}));
}

TEST(AxisParse, DualReductionRenamesInFoundOrder)
{
    const std::vector<LaunchArgument> args = {tensor("inp", {32, 32}), tensor("out_max", {32}), tensor("out_sum", {1}),
                                              integer("n_rows", 32), integer("n_cols", 32), integer("RB", 32),
                                              integer("CB", 32)};
    const AxisParse p = parseAxes(makeInput(kernel("reduction_kernels.py", "tile_max_then_sum"), {"n_rows", "n_cols"}, args,
                                            staticGrid({1})));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.keys, (AxisMap{{"ry", "n_cols"}, {"rx", "n_rows"}}));
    EXPECT_EQ(p.reductionAxes, (Strings{"ry", "rx"}));
    EXPECT_TRUE(p.dualReduction);
    EXPECT_FALSE(p.persistentReduction);
    EXPECT_EQ(p.lowDimAxes, Strings{"ry"});
    EXPECT_EQ(p.numBuffers, 3);
    EXPECT_EQ(p.fixedGridDims, (std::map<int, std::int64_t>{{0, 1}}));
}

// ---- the backend's own exceptions ----

TEST(AxisParse, ReductionParserExceptions)
{
    struct Row {
        const char* function;
        const char* type;
        const char* message;
    };
    const Row rows[] = {
        {"reduce_named_axis", "ValueError", "Reduction function axis error, got: Name(id='AXIS', ctx=Load())"},
        {"reduce_three_args", "ValueError", "Reduction funtions args error"},
        {"reduce_float_axis", "ValueError", "Reduction function axis must be an integer, got float: 0.0"},
        {"reduce_negated_name", "UnboundLocalError",
         "cannot access local variable 'axis_dim' where it is not associated with a value"},
        {"reduce_out_of_range", "IndexError", "list index out of range"},
    };
    const std::vector<LaunchArgument> args = {tensor("inp", {100}), tensor("out", {1}), integer("n", 100)};
    for (const Row& row : rows) {
        const AxisParse p = parseAxes(makeInput(kernel("error_kernels.py", row.function), {"n"}, args, staticGrid({1})));
        ASSERT_TRUE(p.error) << row.function;
        EXPECT_EQ(*p.error, row.message) << row.function;
        EXPECT_EQ(p.errorType, row.type) << row.function;
        EXPECT_EQ(p.errorStage, "reduction") << row.function;
        EXPECT_FALSE(p.completed);
        EXPECT_EQ(p.keys, (AxisMap{{"x", "n"}}));
        EXPECT_EQ(p.numBuffers, 2);
    }
}

TEST(AxisParse, DictUnpackingBreaksTheTreeSearch)
{
    const std::vector<LaunchArgument> args = {tensor("inp", {100}), tensor("out", {1}), integer("n", 100)};
    const AxisParse p =
        parseAxes(makeInput(kernel("error_kernels.py", "dict_literal_in_mask_chain"), {"n"}, args, staticGrid({1})));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, "'NoneType' object has no attribute '_fields'");
    EXPECT_EQ(p.errorType, "AttributeError");
}

// ---- low dims and masks ----

TEST(AxisParse, NoArangeMeansNoLowDimsWithoutFailing)
{
    auto args = vec1d();
    const AxisParse p = parseAxes(makeInput(kernel("misc_kernels.py", "strided_no_arange"), {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(p.error);
    EXPECT_TRUE(p.lowDimAxes.empty());
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_TRUE(p.backendWarnings.empty());  // printed only with TRITON_PRINT_AUTOTUNING=1
}

TEST(AxisParse, MasksOnSubscriptedArangeResults)
{
    const std::vector<LaunchArgument> args = {tensor("a_ptr", {256, 128}), tensor("b_ptr", {128, 512}),
                                              tensor("c_ptr", {256, 512}, "float32"), integer("M", 256),
                                              integer("N", 512), integer("K", 128)};
    auto grid = callableGrid(args, [](const Meta& m) { return dims({cdiv(m("M"), m("BM")), cdiv(m("N"), m("BN"))}); });
    const AxisParse p = parseAxes(makeInput(kernel("misc_kernels.py", "mm_blocked"), {"M", "N", "K"}, args, grid));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.keys, (AxisMap{{"x", "M"}, {"y", "N"}, {"z", "K"}}));
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BM"}, {"y", "BN"}}));
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "BM_SUB"}, {"y", "BN_SUB"}, {"z", "BK"}}));
    EXPECT_EQ(p.lowDimAxes, (Strings{"y", "z"}));
    EXPECT_TRUE(p.reductionAxes.empty());
    EXPECT_EQ(p.numBuffers, 3);
}

TEST(AxisParse, DecoratorsAreNotParsed)
{
    auto args = vec1d();
    const Kernel k = kernel("misc_kernels.py", "decorated_twice");
    ASSERT_EQ(k.function->list("decorator_list").size(), 3u);
    const AxisParse p = parseAxes(makeInput(k, {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(p.error) << *p.error;
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
}

TEST(AxisParse, MissingRuntimeArgument)
{
    const std::vector<LaunchArgument> args = {tensor("src", {4096}), tensor("dst", {4096})};
    // The grid reads numel, which is not passed: the probe raises and nothing is fixed.
    const AxisParse p = parseAxes(makeInput(kernel("split_kernels.py", "scale_pid_var"), {"numel"}, args, blockGrid(args)));
    EXPECT_TRUE(p.completed);
    EXPECT_EQ(p.missingParams, (Strings{"numel", "BLOCK"}));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, missingMessage({"numel"}));
}

// ---- keys and hints ----

namespace {

ParseInput hintedInput(const Kernel& k, AxisMap keyDict, AxisHints hints)
{
    auto args = vec1d();
    ParseInput in = makeInput(k, {}, args, blockGrid(args));
    in.keyDict = std::move(keyDict);
    in.hints = std::move(hints);
    return in;
}

AxisHints fullHints(AxisMap split, AxisMap tiling, Strings low, Strings reduction)
{
    AxisHints h;
    h.splitParams = std::move(split);
    h.tilingParams = std::move(tiling);
    h.lowDimAxes = std::move(low);
    h.reductionAxes = std::move(reduction);
    return h;
}

} // namespace

TEST(AxisParse, HintsOverrideTheParse)
{
    const Kernel k = kernel("misc_kernels.py", "hinted_copy");
    AxisParse p = parseAxes(hintedInput(k, {{"x", "numel"}}, fullHints({{"x", "BLOCK"}}, {{"x", "SUB"}}, {"x"}, {})));
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "SUB"}}));
    EXPECT_EQ(p.lowDimAxes, Strings{"x"});
    EXPECT_TRUE(p.allSplitParams.empty());
    EXPECT_TRUE(p.axisPidDims.empty());  // parsed independently; no mask, so nothing found

    // Without hints the same kernel cannot be parsed: no mask ties BLOCK or SUB to numel.
    auto args = vec1d();
    p = parseAxes(makeInput(k, {"numel"}, args, blockGrid(args)));
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, missingMessage({"BLOCK", "SUB"}));

    // Empty hints are parsed as if absent.
    p = parseAxes(hintedInput(k, {{"x", "numel"}}, fullHints({{"x", "BLOCK"}}, {}, {}, {})));
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_TRUE(p.tilingParams.empty());
    ASSERT_TRUE(p.error);
    EXPECT_EQ(*p.error, missingMessage({"SUB"}));
}

TEST(AxisParse, KeyAndHintValidation)
{
    const Kernel k = kernel("split_kernels.py", "scale_pid_var");
    struct Row {
        std::string name;
        ParseInput input;
        std::string message;
    };
    std::vector<Row> rows;
    rows.push_back({"dict key without hints", hintedInput(k, {{"x", "numel"}}, {}),
                    "split_params must be a dict, got: <class 'NoneType'>"});
    rows.push_back({"invalid axis name", hintedInput(k, {{"x0", "numel"}}, {}),
                    "All keys in 'key' must be valid axis names. Got unexpected keys."});
    rows.push_back({"hint axis not in key", hintedInput(k, {{"x", "numel"}}, fullHints({{"y", "BLOCK"}}, {}, {}, {})),
                    "The following axes are used but not present in the 'key': {'y'}"});
    {
        AxisHints h = fullHints({}, {}, {}, {});
        h.lowDimAxes.reset();
        h.invalid["low_dim_axes"] = {"str", true};
        rows.push_back({"low_dim_axes of wrong type", hintedInput(k, {{"x", "numel"}}, h),
                        "low_dim_axes must be a list, got: <class 'str'>"});
    }
    {
        AxisHints h = fullHints({{"x", "BLOCK"}}, {}, {}, {});
        h.reductionAxes.reset();
        rows.push_back({"reduction_axes missing", hintedInput(k, {{"x", "numel"}}, h),
                        "reduction_axes must be a list, got: <class 'NoneType'>"});
    }
    {
        ParseInput in = makeInput(k, {"numel"}, vec1d());
        in.hints.splitParams = AxisMap{{"x", "BLOCK"}};
        rows.push_back({"list key with hints", in,
                        "If any axis-related parameters (split_params, tiling_params, low_dim_axes, "
                        "reduction_axes) are provided, 'key' must be a dict, not a list."});
    }
    rows.push_back({"too many keys", makeInput(k, {"a", "b", "c", "d", "e", "f", "g"}, vec1d()),
                    "Number of parameters exceeds the number of available axes."});
    for (const Row& row : rows) {
        const AxisParse p = parseAxes(row.input);
        ASSERT_TRUE(p.error) << row.name;
        EXPECT_EQ(*p.error, row.message) << row.name;
        EXPECT_EQ(p.errorType, "ValueError") << row.name;
        EXPECT_EQ(p.errorStage, "init") << row.name;
        EXPECT_FALSE(p.completed) << row.name;
    }
}

TEST(AxisParse, FalsyHintsWithListKeyAreIgnored)
{
    const Kernel k = kernel("split_kernels.py", "scale_pid_var");
    auto args = vec1d();
    ParseInput in = makeInput(k, {"numel"}, args, blockGrid(args));
    in.hints.splitParams = AxisMap{};
    in.hints.reductionAxes = Strings{};
    in.hints.invalid["tiling_params"] = {"list", false};
    const AxisParse p = parseAxes(in);
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
}

TEST(AxisParse, KeyDictKeepsItsOrder)
{
    const Kernel k = kernel("reduction_kernels.py", "row_sum_kw");
    ParseInput in = makeInput(k, {}, rowsCols(64, 4000));
    in.keyDict = AxisMap{{"y", "n_cols"}, {"x", "n_rows"}};
    in.hints = fullHints({}, {}, {}, {});
    const AxisParse p = parseAxes(in);
    EXPECT_FALSE(p.error);
    // n_cols is axis y here; its reduction moves it last as ry.
    EXPECT_EQ(p.keys, (AxisMap{{"x", "n_rows"}, {"ry", "n_cols"}}));
    EXPECT_EQ(p.reductionAxes, Strings{"ry"});
}

// ---- what the backend prints ----

TEST(AxisParse, PrintAutotuningLog)
{
    const Kernel k = kernel("reduction_kernels.py", "row_sum_kw");
    const auto args = rowsCols(64, 1024);
    ParseInput in = makeInput(k, {"n_rows", "n_cols"}, args);
    in.printAutotuning = true;
    AxisParse p = parseAxes(in);
    EXPECT_EQ(p.backendLog,
              (Strings{"Ascend autotuning parse pointer params: ['inp', 'out'], pointer nums: 2",
                       "Ascend autotuning parse keys: {'x': 'n_rows', 'ry': 'n_cols'} ",
                       "Ascend autotuning parse reduction axes: ['ry']",
                       "Ascend autotuning parse low dimensional axes: ['ry']",
                       "Ascend autotuning parse split axes: {'x': 'RB'}, split axis pid dims: {'x': 0}, axis pid dims: "
                       "{'x': 0}",
                       "Ascend autotuning parse tiling axes: {'x': 'RB_SUB', 'ry': 'CB_SUB'}"}));

    auto vargs = vec1d();
    in = makeInput(kernel("misc_kernels.py", "strided_no_arange"), {"numel"}, vargs, blockGrid(vargs));
    in.printAutotuning = true;
    p = parseAxes(in);
    EXPECT_EQ(p.backendWarnings,
              Strings{"[WARNING] Failed to parse low-dimensional axes, fallback to empty low_dim_axes."});
    ASSERT_EQ(p.backendLog.size(), 6u);
    EXPECT_EQ(p.backendLog[3], p.backendWarnings[0]);

    in = hintedInput(kernel("misc_kernels.py", "hinted_copy"), {{"x", "numel"}},
                     fullHints({{"x", "BLOCK"}}, {{"x", "SUB"}}, {"x"}, {}));
    in.printAutotuning = true;
    p = parseAxes(in);
    ASSERT_EQ(p.backendLog.size(), 4u);
    EXPECT_EQ(p.backendLog[3], "Ascend autotuning parse axis pid dims (independent): {}");
}

// ---- Python renderings ----

TEST(PyRepr, MatchesPython)
{
    EXPECT_EQ(pyStrRepr("abc"), "'abc'");
    EXPECT_EQ(pyStrRepr("a'b"), "\"a'b\"");
    EXPECT_EQ(pyStrRepr("a'b\"\n"), "'a\\'b\"\\n'");
    EXPECT_EQ(pyFloatRepr(0.0), "0.0");
    EXPECT_EQ(pyFloatRepr(1e16), "1e+16");
    EXPECT_EQ(pyFloatRepr(1.5e-5), "1.5e-05");
    EXPECT_EQ(pyFloatRepr(123456789012345678.0), "1.2345678901234568e+17");
    EXPECT_EQ(pyFloatRepr(0.0001), "0.0001");
    EXPECT_EQ(pyFloatRepr(-0.0), "-0.0");
    EXPECT_EQ(pyFloatRepr(2.5), "2.5");
    EXPECT_EQ(pyFloatRepr(1e22), "1e+22");
    EXPECT_EQ(pyListRepr({}), "[]");
    EXPECT_EQ(pyDictRepr(std::vector<std::pair<std::string, int>>{{"x", 0}, {"y", 1}}), "{'x': 0, 'y': 1}");

    const Kernel k = inlineKernel("def f(a):\n    b = {**a, 1: 2.5j}\n    c = x[1:2, None]\n", "f");
    const auto& body = k.function->list("body");
    EXPECT_EQ(astDump(body[0]->child("value")),
              "Dict(keys=[None, Constant(value=1)], values=[Name(id='a', ctx=Load()), Constant(value=2.5j)])");
    EXPECT_EQ(astDump(body[1]->child("value")),
              "Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Slice(lower=Constant(value=1), "
              "upper=Constant(value=2)), Constant(value=None)], ctx=Load()), ctx=Load())");
}

// ---- robustness and speed ----

TEST(AxisParse, NoFunctionIsAnErrorNotACrash)
{
    ParseInput in;
    in.backend = ts::test::backend2604();
    in.keyList = {"n"};
    const AxisParse p = parseAxes(in);
    ASSERT_TRUE(p.error);
    EXPECT_FALSE(p.completed);
}

TEST(AxisParse, LargeKernelIsParsed)
{
    // A 2,000-line kernel: many independent sub-tiled loops, each with its own masks.
    std::string src = "def big(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):\n"
                      "    base = tl.program_id(0) * BLOCK\n";
    for (int i = 0; src.size() < 2000 * 40; ++i) {
        const std::string s = std::to_string(i);
        src += "    for off" + s + " in range(0, BLOCK, SUB):\n"
               "        idx" + s + " = base + off" + s + " + tl.arange(0, SUB)\n"
               "        ok" + s + " = idx" + s + " < numel\n"
               "        v" + s + " = tl.load(src + idx" + s + ", mask=ok" + s + ")\n"
               "        w" + s + " = tl.where(v" + s + " > 0, v" + s + " * 2, v" + s + ")\n"
               "        tl.store(dst + idx" + s + ", w" + s + ", mask=ok" + s + ")\n";
    }
    const Kernel k = inlineKernel(src, "big");
    auto args = vec1d();
    const ParseInput in = makeInput(k, {"numel"}, args, blockGrid(args));
    // Its speed is a benchmark (bench_analysis BM_AnalyzeLongKernel), not a test.
    const AxisParse p = parseAxes(in);
    EXPECT_FALSE(p.error);
    EXPECT_EQ(p.splitParams, (AxisMap{{"x", "BLOCK"}}));
    EXPECT_EQ(p.tilingParams, (AxisMap{{"x", "SUB"}}));
}

// ---- beyond the backend ----

namespace {

struct Looked {
    AxisParse parse;
    ts::Diagnostics notes;
};

Looked lookAt(const ParseInput& in)
{
    Looked l;
    l.parse = parseAxes(in);
    l.notes = lookBeyondBackend(in, l.parse, "kernels.py");
    return l;
}

std::vector<std::string> codes(const ts::Diagnostics& ds)
{
    std::vector<std::string> out;
    for (const auto& d : ds)
        out.push_back(d.code);
    return out;
}

const ts::Diagnostic* withCode(const ts::Diagnostics& ds, const std::string& code)
{
    for (const auto& d : ds)
        if (d.code == code)
            return &d;
    return nullptr;
}

} // namespace

TEST(BeyondBackend, CleanKernelsGetNoNotes)
{
    auto args = vec1d();
    for (const auto& [file, fn] : {std::pair{"split_kernels.py", "scale_pid_var"},
                                   std::pair{"tiling_kernels.py", "sub_tiled_step"},
                                   std::pair{"tiling_kernels.py", "sub_tiled_floordiv"}}) {
        const Looked l = lookAt(makeInput(kernel(file, fn), {"numel"}, args, blockGrid(args)));
        EXPECT_FALSE(l.parse.error) << fn;
        EXPECT_TRUE(l.notes.empty()) << fn << ": " << l.notes.front().format();
    }
    const auto rc = rowsCols(64, 4000);
    const Looked l = lookAt(makeInput(kernel("reduction_kernels.py", "row_sum_kw"), {"n_rows", "n_cols"}, rc));
    EXPECT_TRUE(l.notes.empty()) << l.notes.front().format();
}

TEST(BeyondBackend, HoistedArangeMissesTheTilingAxis)
{
    auto args = vec1d();
    const Looked l = lookAt(makeInput(kernel("tiling_kernels.py", "sub_tiled_hoisted"), {"numel"}, args, blockGrid(args)));
    ASSERT_TRUE(l.parse.error);  // the backend itself only says "Missing required arguments: ['SUB']"
    ASSERT_EQ(codes(l.notes), Strings{"backend-misses-tiling-axis"});
    const ts::Diagnostic& d = l.notes[0];
    EXPECT_EQ(d.severity, ts::Severity::Note);
    EXPECT_EQ(d.file, "kernels.py");
    EXPECT_EQ(d.line, 32);    // lanes = tl.arange(0, SUB)
    EXPECT_EQ(d.column, 13);  // the tl.arange call
    EXPECT_NE(d.message.find("the backend will miss the tiling axis SUB because tl.arange is outside the loop"),
              std::string::npos)
        << d.message;
    EXPECT_NE(d.message.find("(line 33)"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("or pass the tiling_params hint for axis x (the generation-fix note gives one "
                             "checked by generating)"),
              std::string::npos)
        << d.message;

    // The suggested hints make the backend accept the kernel.
    ParseInput fixed = makeInput(kernel("tiling_kernels.py", "sub_tiled_hoisted"), {}, args, blockGrid(args));
    fixed.keyDict = AxisMap{{"x", "numel"}};
    fixed.hints = fullHints({{"x", "BLOCK"}}, {{"x", "SUB"}}, {"x"}, {});
    EXPECT_FALSE(parseAxes(fixed).error);
}

TEST(BeyondBackend, UnassignedAndUnmaskedArangesMissTheTilingAxis)
{
    auto args = vec1d();
    Looked l = lookAt(makeInput(kernel("blind_spots.py", "arange_not_assigned"), {"numel"}, args, blockGrid(args)));
    ASSERT_EQ(codes(l.notes), Strings{"backend-misses-tiling-axis"});
    EXPECT_EQ(l.notes[0].line, 20);
    EXPECT_NE(l.notes[0].message.find("without being assigned to a variable"), std::string::npos);

    l = lookAt(makeInput(kernel("blind_spots.py", "sub_block_without_mask"), {"numel"}, args, blockGrid(args)));
    ASSERT_EQ(codes(l.notes), Strings{"backend-misses-tiling-axis"});
    EXPECT_EQ(l.notes[0].line, 29);
    EXPECT_NE(l.notes[0].message.find("no mask compares `lanes`"), std::string::npos) << l.notes[0].message;
}

TEST(BeyondBackend, SplitWithoutMaskAndKeyNeverCompared)
{
    auto args = vec1d();
    const Looked l = lookAt(makeInput(kernel("split_kernels.py", "scale_unmasked"), {"numel"}, args, blockGrid(args)));
    EXPECT_EQ(codes(l.notes), (Strings{"backend-misses-split-axis", "key-never-compared"}));
    const ts::Diagnostic* split = withCode(l.notes, "backend-misses-split-axis");
    ASSERT_TRUE(split);
    EXPECT_EQ(split->line, 49);  // idx = pid * BLOCK + ...
    EXPECT_EQ(split->column, 11);
    EXPECT_EQ(split->message.rfind("BLOCK is multiplied by the program id", 0), 0u) << split->message;
    const ts::Diagnostic* key = withCode(l.notes, "key-never-compared");
    ASSERT_TRUE(key);
    EXPECT_EQ(key->line, 47);  // the `numel` parameter
    EXPECT_EQ(key->column, 30);
    EXPECT_NE(key->message.find("'numel' (axis x)"), std::string::npos);
}

TEST(BeyondBackend, ReversedComparisonIsNotFollowed)
{
    auto args = vec1d();
    const Looked l = lookAt(makeInput(kernel("blind_spots.py", "reversed_mask"), {"numel"}, args, blockGrid(args)));
    EXPECT_TRUE(l.parse.splitParams.empty());
    EXPECT_EQ(codes(l.notes), (Strings{"backend-misses-split-axis", "key-compare-unrecognised"}));
    const ts::Diagnostic* key = withCode(l.notes, "key-compare-unrecognised");
    ASSERT_TRUE(key);
    EXPECT_EQ(key->line, 10);
    EXPECT_NE(key->message.find("`name < numel`"), std::string::npos);
}

TEST(BeyondBackend, ReductionHiddenInsideAnotherCall)
{
    const auto rc = rowsCols(64, 4000);
    const Looked l = lookAt(makeInput(kernel("reduction_kernels.py", "col_sum_in_store"), {"n_rows", "n_cols"}, rc));
    ASSERT_EQ(codes(l.notes), Strings{"backend-misses-reduction"});
    EXPECT_EQ(l.notes[0].line, 92);
    EXPECT_NE(l.notes[0].message.find("tl.sum"), std::string::npos);

    // Assigned first, the same reduction is seen: no note.
    const Looked seen = lookAt(makeInput(kernel("reduction_kernels.py", "col_sum"), {"n_rows", "n_cols"}, rc));
    EXPECT_TRUE(seen.notes.empty());
}

TEST(BeyondBackend, FixedGridDimExplainsTheUntunedSplit)
{
    const auto args = vec1d(1000);
    const Looked l = lookAt(makeInput(kernel("split_kernels.py", "scale_pid_var"), {"numel"}, args, staticGrid({8})));
    ASSERT_EQ(codes(l.notes), Strings{"split-fixed-by-grid"});
    EXPECT_EQ(l.notes[0].line, 11);
    EXPECT_NE(l.notes[0].message.find("grid dim 0 is 8 whatever BLOCK is"), std::string::npos) << l.notes[0].message;
    EXPECT_NE(l.notes[0].message.find("each program gets 125 elements"), std::string::npos);
}

TEST(BeyondBackend, TunedParameterThatIsNotConstexpr)
{
    auto args = vec1d();
    const Looked l = lookAt(makeInput(kernel("blind_spots.py", "runtime_sub_block"), {"numel"}, args, blockGrid(args)));
    EXPECT_FALSE(l.parse.error);
    EXPECT_EQ(l.parse.tilingParams, (AxisMap{{"x", "SUB"}}));
    ASSERT_EQ(codes(l.notes), Strings{"tunable-not-constexpr"});
    EXPECT_EQ(l.notes[0].severity, ts::Severity::Warning);
    EXPECT_EQ(l.notes[0].line, 35);
}

TEST(BeyondBackend, NothingWhenTheBackendRaisedEarly)
{
    auto args = vec1d();
    const Looked l = lookAt(makeInput(kernel("split_kernels.py", "scale_cast_product"), {"numel"}, args, blockGrid(args)));
    ASSERT_TRUE(l.parse.error);
    for (const auto& d : l.notes)
        EXPECT_NE(d.code, "backend-misses-split-axis");
}

// ---- the golden cases: Triton-Ascend's own code run on tests/data/golden/<case>/workload.json ----

namespace {

using nlohmann::json;

// [[axis, value], ...] as upstream's harness writes it, optionally sorted by axis.
template <typename V>
json pairsJson(const std::vector<std::pair<std::string, V>>& pairs, bool sorted)
{
    auto copy = pairs;
    if (sorted)
        std::sort(copy.begin(), copy.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    json out = json::array();
    for (const auto& [k, v] : copy)
        out.push_back(json::array({k, v}));
    return out;
}

} // namespace

TEST(AxisParseGolden, MatchesUpstreamOnEveryCase)
{
    const auto root = ts::test::dataDir() / "golden";
    if (!std::filesystem::exists(root))
        GTEST_SKIP() << "no golden cases";
    int compared = 0;
    for (const auto& entry : std::filesystem::directory_iterator(root)) {
        const auto expectedPath = entry.path() / "expected.json";
        const auto workloadPath = entry.path() / "workload.json";
        if (!std::filesystem::exists(expectedPath) || !std::filesystem::exists(workloadPath))
            continue;
        const std::string name = entry.path().filename().string();
        const json expected = json::parse(ts::test::readText(expectedPath));
        const json& e = expected.at("analysis");
        const json stage = e.value("error_stage", json());
        // The parse never ran (configs given, or the launch failed before it): nothing to compare.
        if (e.at("num_buffers") == -1 && stage != "init")
            continue;

        const auto loaded = ts::kernel::loadWorkload(workloadPath.string());
        ASSERT_TRUE(loaded.workload) << name;
        const AnalysisResult result = analyzeWorkload(*loaded.workload);
        ASSERT_TRUE(result.analysis) << name;
        const AxisParse& p = result.analysis->parse;
        ++compared;

        // By design (the user's guide), a tl.constexpr with a default, or one a hint dimension
        // gives values for, is passed even when the launch leaves it out; upstream's code counts
        // it as missing. Take those names out of upstream's conclusions; the rest must match.
        std::vector<std::string> defaulted;
        for (const LaunchArgument& arg : result.analysis->launchArgs)
            if (!loaded.workload->arg(arg.name) && result.analysis->kernel->param(arg.name))
                defaulted.push_back(arg.name);
        // Passed, such a parameter is not probed in a callable grid either.
        const bool probeDiffers = !defaulted.empty() && expected.at("launch").at("grid") == "callable";
        const bool parseRaised = stage == "init" || stage == "autoparse";  // later stages are not ours
        std::string expectedError = parseRaised ? e.at("error").get<std::string>() : std::string();
        const std::string missingPrefix = "Missing required arguments: [";
        if (!defaulted.empty() && expectedError.rfind(missingPrefix, 0) == 0) {
            const auto close = expectedError.find("]. ");
            std::vector<std::string> names;
            std::string list = expectedError.substr(missingPrefix.size(), close - missingPrefix.size());
            for (std::size_t at = list.find('\''); at != std::string::npos; at = list.find('\'', at)) {
                const auto end = list.find('\'', at + 1);
                const std::string item = list.substr(at + 1, end - at - 1);
                if (std::find(defaulted.begin(), defaulted.end(), item) == defaulted.end())
                    names.push_back(item);
                at = end + 1;
            }
            expectedError = names.empty() ? std::string()
                                          : missingPrefix.substr(0, missingPrefix.size() - 1) + pyListRepr(names) +
                                                expectedError.substr(close + 1);
        }
        auto withoutDefaulted = [&](json pairs) {
            if (!pairs.is_array())
                return pairs;
            json out = json::array();
            for (const auto& kv : pairs)
                if (std::find(defaulted.begin(), defaulted.end(), kv[1].get<std::string>()) == defaulted.end())
                    out.push_back(kv);
            return out;
        };

        if (!expectedError.empty()) {
            ASSERT_TRUE(p.error) << name;
            EXPECT_EQ(*p.error, expectedError) << name;
            EXPECT_EQ(p.errorType, e.at("error_type").get<std::string>()) << name;
            EXPECT_EQ(p.errorStage == "init", stage == "init") << name;
            if (stage == "init")
                continue;
        } else {
            EXPECT_FALSE(p.error) << name << ": " << p.error.value_or("");
        }
        EXPECT_EQ(pairsJson(p.keys, false), e.at("keys")) << name;
        // Fields the backend had not reached when it raised are null.
        auto check = [&](const char* field, const json& actual) {
            const std::string f = field;
            if (probeDiffers && (f == "fixed_grid_dims" || f == "fixed_split_params"))
                return;
            if (!e.at(field).is_null()) {
                EXPECT_EQ(actual, e.at(field)) << name << ": " << field;
            }
        };
        if (!e.at("split_params").is_null()) {
            EXPECT_EQ(pairsJson(p.splitParams, true), withoutDefaulted(e.at("split_params"))) << name;
        }
        if (!e.at("tiling_params").is_null()) {
            EXPECT_EQ(pairsJson(p.tilingParams, true), withoutDefaulted(e.at("tiling_params"))) << name;
        }
        check("all_split_params", pairsJson(p.allSplitParams, true));
        check("tiling_params", pairsJson(p.tilingParams, true));
        check("fixed_split_params", pairsJson(p.fixedSplitParams, true));
        check("low_dim_axes", json(p.lowDimAxes));
        check("reduction_axes", json(p.reductionAxes));
        check("persistent_reduction", json(p.persistentReduction));
        check("dual_reduction", json(p.dualReduction));
        check("num_buffers", json(p.numBuffers));
        check("axis_pid_dims", pairsJson(p.axisPidDims, true));
        check("split_axis_pid_dims", pairsJson(p.splitAxisPidDims, true));
        json fixedDims = json::array();
        for (const auto& [dim, value] : p.fixedGridDims)
            fixedDims.push_back(json::array({dim, value}));
        check("fixed_grid_dims", fixedDims);
    }
    EXPECT_GT(compared, 0);
    RecordProperty("golden_cases_compared", compared);
}
