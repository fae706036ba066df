// The launch model: one program count per candidate from the launch's grid (static grids, grids
// over tiling parameters, min() grids, grid-stride loops, 2-D grids), the same in the space, the
// tuning and its record; and coverage — a candidate that leaves data unprocessed or reaches past
// the end without a mask is incorrect, in numbers, never the best, left out of exports; what the
// model cannot follow is unknown, never correct.

#include "backend_versions.h"
#include "testutil.h"

#include "core/analysis/launch_model.h"
#include "core/analysis/launch_model_shape.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/workflow.h"
#include "core/space/launch_index.h"
#include "core/space/space_report.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <random>

using namespace ts;

namespace {

const char* kHeader = "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n";

const npu::DeviceRegistry& devices()
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    return registry;
}

struct Launch {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::shared_ptr<const space::CandidateSpace> space;
};

class LaunchModelTest : public ::testing::Test {
protected:
    std::filesystem::path dir = test::scratchDir("launch-model");

    // A workload of `source` with these arguments and this grid (a Python expression or list).
    kernel::Workload workload(const std::string& name, const std::string& source, const std::string& args,
                              const std::string& grid, kernel::BackendVersion backend = test::backend2608())
    {
        std::ofstream(dir / (name + ".py")) << kHeader << source;
        std::ofstream(dir / (name + ".json")) << "{\"kernel\": \"" << name << ".py\", \"args\": {" << args
                                              << "}, \"grid\": " << grid << ", \"device\": \"Ascend910B2\"}";
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload((dir / (name + ".json")).string());
        EXPECT_TRUE(loaded.workload) << (loaded.diagnostics.empty() ? "" : loaded.diagnostics[0].format());
        kernel::Workload w = loaded.workload ? *loaded.workload : kernel::Workload{};
        w.backend = backend;
        return w;
    }

    static Launch open(const kernel::Workload& w, bool lattice = false)
    {
        Launch out;
        const pipeline::AnalyzeResult analysed = pipeline::analyze({w});
        EXPECT_TRUE(analysed.ok()) << (analysed.diagnostics.empty() ? "" : analysed.diagnostics[0].format());
        if (!analysed.ok())
            return out;
        out.analysis = analysed.analysis;
        const auto device = devices().find(w.device);
        EXPECT_TRUE(device);
        pipeline::SpaceRequest request{analysed.analysis, *device, {}};
        request.options.lattice = lattice;
        out.space = pipeline::buildSpace(request).space;
        EXPECT_TRUE(out.space);
        return out;
    }

    static pipeline::TuneResult tune(const Launch& l)
    {
        pipeline::TuneRequest request;
        request.analysis = l.analysis;
        request.device = *devices().find(l.analysis->workload.device);
        request.options.jobs = 1;
        request.space = l.space;
        return pipeline::tune(request);
    }

    static const Diagnostic* find(const analysis::KernelAnalysis& a, const std::string& code)
    {
        for (const Diagnostic& d : a.diagnostics)
            if (d.code == code)
                return &d;
        return nullptr;
    }

    // Every candidate of the space has `programs`, and the tuning's record says the same for
    // every candidate it tuned.
    static void expectOneProgramCount(const Launch& l, std::int64_t programs)
    {
        for (std::size_t i = 0; i < l.space->size(); ++i)
            ASSERT_EQ(l.space->metrics(i).programs, programs) << "candidate " << i;
        const nlohmann::json space = space::spaceToJson(*l.space);
        for (const auto& c : space["candidates"])
            EXPECT_EQ(c["metrics"]["programs"], programs);
        const pipeline::TuneResult t = tune(l);
        ASSERT_TRUE(t.record) << t.error.value_or(ts::msg::Message());
        const nlohmann::json doc = nlohmann::json::parse(exporter::tuningReportJson(*t.record));
        std::size_t counted = 0;
        for (const auto& c : doc["candidates"])
            if (!c["programs"].is_null()) {
                EXPECT_EQ(c["programs"], programs) << c.dump();
                ++counted;
            }
        EXPECT_GT(counted, 0u);
    }
};

} // namespace

// The bundled guide_violations: a static grid (cdiv(n_rows, 64), cdiv(n_cols, 1024)) = (128, 4)
// over XBLOCK x tl.program_id. Every view counts 512 programs (the explorer showed 4,096, the
// tuning 512 and the space 128 to 8,192 before); the candidates whose XBLOCK leaves rows
// unprocessed are incorrect and never the best; the grid gets grid-not-lambda under every version.
TEST_F(LaunchModelTest, GuideViolationsHasOneProgramCountAndNoIncorrectBest)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "guide_violations.json").string());
    ASSERT_TRUE(loaded.workload);
    const Launch l = open(*loaded.workload);
    ASSERT_TRUE(l.space);
    EXPECT_TRUE(find(*l.analysis, "grid-not-lambda"));
    expectOneProgramCount(l, 512);
    std::size_t incorrect = 0;
    for (std::size_t i = 0; i < l.space->size(); ++i) {
        const std::int64_t xblock = l.space->params(i).empty() ? 0 : l.space->params(i)[0].second.value;
        if (l.space->status(i) != space::CandidateStatus::Incorrect)
            continue;
        ++incorrect;
        // 128 programs x XBLOCK (each program's loop reaches XBLOCK_SUB = 16 rows at least).
        EXPECT_LT(xblock, 64) << l.space->describe(i);
        EXPECT_NE(l.space->describe(i).find("of 8,192 rows: grid dim 0 is 128 programs × XBLOCK"), std::string::npos)
            << l.space->describe(i);
    }
    EXPECT_GT(incorrect, 0u);
    const pipeline::TuneResult t = tune(l);
    ASSERT_TRUE(t.result);
    if (t.result->best) {
        EXPECT_NE(l.space->status(*t.result->best), space::CandidateStatus::Incorrect);
    }
    // Not exported unless asked for.
    if (t.record) {
        pipeline::ExportRequest request;
        request.record = std::make_shared<const cache::TuningRecord>(*t.record);
        request.top = 1000;
        const pipeline::ExportResult exported = pipeline::exportTuning(request);
        for (const cache::CandidateRecord& c : t.record->candidates)
            if (c.status == cache::CandidateStatus::Incorrect) {
                EXPECT_EQ(exported.text.find(c.reasonMessage), std::string::npos);
            }
    }
}

// A grid written as a list: [64, 32] is 2,048 programs for every candidate (1 before).
TEST_F(LaunchModelTest, StaticTwoDimensionalGridCountsEveryProgram)
{
    const kernel::Workload w = workload("grid2d", R"(@triton.autotune(configs=[], key=['B', 'T'])
@triton.jit
def kda(q_ptr, o_ptr, B, T, BT: tl.constexpr):
    i_t = tl.program_id(0)
    i_b = tl.program_id(1)
    offs = i_t * BT + tl.arange(0, BT)
    mask = offs < T
    q = tl.load(q_ptr + i_b * T + offs, mask=mask, other=0.0)
    tl.store(o_ptr + i_b * T + offs, q * 2, mask=mask)
)", R"("q_ptr": {"tensor": "float16", "shape": [32, 4096]}, "o_ptr": {"tensor": "float16", "shape": [32, 4096]},
       "B": 32, "T": 4096)", "[64, 32]");
    const Launch l = open(w);
    ASSERT_TRUE(l.space);
    expectOneProgramCount(l, 64 * 32);
}

// min(cdiv(M, BLOCK_M), 4096) over a grid-stride loop: programs follow the min (342, not 1).
TEST_F(LaunchModelTest, MinGridFollowsTheCandidate)
{
    const kernel::Workload w = workload("mingrid", R"(@triton.autotune(configs=[], key=['M'])
@triton.jit
def scale(x_ptr, y_ptr, M, BLOCK_M: tl.constexpr):
    pid = tl.program_id(0)
    for start in range(pid * BLOCK_M, M, tl.num_programs(0) * BLOCK_M):
        offs = start + tl.arange(0, BLOCK_M)
        mask = offs < M
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
)", R"("x_ptr": {"tensor": "float32", "shape": [349184]}, "y_ptr": {"tensor": "float32", "shape": [349184]},
       "M": 349184)", "\"lambda meta: (min(triton.cdiv(M, meta['BLOCK_M']), 4096),)\"");
    const Launch l = open(w);
    ASSERT_TRUE(l.space);
    ASSERT_GT(l.space->size(), 0u);
    for (std::size_t i = 0; i < l.space->size(); ++i) {
        const auto params = l.space->params(i);
        ASSERT_FALSE(params.empty());
        const std::int64_t block = params[0].second.value;
        EXPECT_EQ(l.space->metrics(i).programs, std::min<std::int64_t>((349184 + block - 1) / block, 4096));
        EXPECT_EQ(l.space->coverage(i), analysis::Coverage::Correct) << l.space->coverageNote(i);
    }
    const pipeline::TuneResult t = tune(l);
    ASSERT_TRUE(t.record);
    const nlohmann::json doc = nlohmann::json::parse(exporter::tuningReportJson(*t.record));
    for (const auto& c : doc["candidates"])
        if (!c["programs"].is_null()) {
            EXPECT_EQ(c["programs"], std::min<std::int64_t>((349184 + c["params"]["BLOCK_M"].get<std::int64_t>() - 1) /
                                                                c["params"]["BLOCK_M"].get<std::int64_t>(),
                                                            4096));
        }
}

// The bundled grid_stride: a static grid [48] over a grid-stride loop is 48 programs (1 before),
// and correct for every XBLOCK (the loop strides by num_programs).
TEST_F(LaunchModelTest, GridStrideLoopOverAStaticGrid)
{
    for (const kernel::BackendVersion version : {test::backend2604(), test::backend2608()}) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "grid_stride.json").string());
        ASSERT_TRUE(loaded.workload);
        loaded.workload->backend = version;
        const Launch l = open(*loaded.workload);
        ASSERT_TRUE(l.space);
        for (std::size_t i = 0; i < l.space->size(); ++i)
            EXPECT_EQ(l.space->coverage(i), analysis::Coverage::Correct) << l.space->coverageNote(i);
        EXPECT_FALSE(find(*l.analysis, "grid-not-lambda")) << kernel::backendName(version);
        expectOneProgramCount(l, 48);
    }
}

// A loop that strides by a fixed 48 programs needs exactly 48: fewer leave blocks unprocessed,
// more repeat them. The grid must stay static, and no lambda is proposed.
TEST_F(LaunchModelTest, FixedStrideLoopNeedsItsGrid)
{
    const std::string source = R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def silu(x_ptr, y_ptr, n, XBLOCK: tl.constexpr):
    pid = tl.program_id(0)
    for start in range(pid * XBLOCK, n, 48 * XBLOCK):
        offs = start + tl.arange(0, XBLOCK)
        mask = offs < n
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)
)";
    const std::string args = R"("x_ptr": {"tensor": "float16", "shape": [1048576]},
       "y_ptr": {"tensor": "float16", "shape": [1048576]}, "n": 1048576)";
    const Launch right = open(workload("stride48", source, args, "[48]"));
    ASSERT_TRUE(right.space);
    for (std::size_t i = 0; i < right.space->size(); ++i)
        EXPECT_EQ(right.space->coverage(i), analysis::Coverage::Correct) << right.space->coverageNote(i);
    const Launch fewer = open(workload("stride32", source, args, "[32]"));
    ASSERT_TRUE(fewer.space);
    ASSERT_GT(fewer.space->size(), 0u);
    for (std::size_t i = 0; i < fewer.space->size(); ++i) {
        EXPECT_EQ(fewer.space->status(i), space::CandidateStatus::Incorrect);
        EXPECT_NE(fewer.space->coverageNote(i).find("strides by 48 programs but grid dim 0 has 32"), std::string::npos)
            << fewer.space->coverageNote(i);
    }
    const Launch more = open(workload("stride64", source, args, "[64]"));
    ASSERT_TRUE(more.space);
    for (std::size_t i = 0; i < more.space->size(); ++i)
        EXPECT_EQ(more.space->status(i), space::CandidateStatus::Incorrect) << more.space->coverageNote(i);
}

// Softmax's row is persistent: BLOCK_N must cover n_cols. Passed as n_cols it is correct; a
// smaller block leaves columns unprocessed, with the numbers; advice to tune it is given only
// where the configs the backend would generate still cover the row.
TEST_F(LaunchModelTest, PersistentRowNeedsItsWholeBlock)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "softmax.json").string());
    ASSERT_TRUE(loaded.workload);
    const Launch l = open(*loaded.workload);
    ASSERT_TRUE(l.space && l.analysis->launch);
    for (std::size_t i = 0; i < l.space->size(); ++i)
        EXPECT_EQ(l.space->coverage(i), analysis::Coverage::Correct) << l.space->coverageNote(i);
    const analysis::LaunchModel& model = *l.analysis->launch;
    const analysis::LaunchFigures half = model.evaluate({{"BLOCK_N", 512}, {"XBLOCK", 8}, {"XBLOCK_SUB", 8}});
    EXPECT_EQ(half.coverage, analysis::Coverage::Incorrect);
    EXPECT_EQ(half.covered, 512);
    EXPECT_EQ(half.extent, 1024);
    EXPECT_NE(model.describe(half).find("covers 512 of 1,024 cols"), std::string::npos) << model.describe(half);
    // The advice to leave BLOCK_N out of the launch: 2026-08 then generates BLOCK_N = 1,024 only
    // (a persistent row), which covers, so the advice stands. With rows of 8,192 columns it
    // would generate blocks of 4,096 that leave half of each row: the advice is not given, and
    // the note says why BLOCK_N must stay.
    {
        kernel::Workload w = *loaded.workload;
        w.backend = test::backend2608();
        const Launch v = open(w);
        ASSERT_TRUE(v.analysis);
        EXPECT_TRUE(find(*v.analysis, "tunable-fixed-at-launch"));
        EXPECT_FALSE(find(*v.analysis, "tunable-must-stay"));
    }
    kernel::Workload wide = *loaded.workload;
    wide.backend = test::backend2608();
    wide.setArg("n_cols", kernel::ArgValue::integer(8192));
    wide.setArg("BLOCK_N", kernel::ArgValue::integer(8192));
    wide.setArg("in_row_stride", kernel::ArgValue::integer(8192));
    wide.setArg("out_row_stride", kernel::ArgValue::integer(8192));
    wide.setArg("in_ptr", kernel::ArgValue::tensor("float16", {4096, 8192}));
    wide.setArg("out_ptr", kernel::ArgValue::tensor("float16", {4096, 8192}));
    const Launch v = open(wide);
    ASSERT_TRUE(v.analysis);
    EXPECT_FALSE(find(*v.analysis, "tunable-fixed-at-launch"));
    const Diagnostic* stay = find(*v.analysis, "tunable-must-stay");
    ASSERT_TRUE(stay);
    EXPECT_NE(stay->message.find("BLOCK_N=4096 covers 4,096 of 8,192 cols"), std::string::npos) << stay->message;
}

// Without a mask, a block that runs past the end of the tensor reads and writes beyond it.
TEST_F(LaunchModelTest, UnmaskedOverrunIsIncorrect)
{
    const kernel::Workload w = workload("nomask", R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def copy(x_ptr, y_ptr, n, XBLOCK: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))
)", R"("x_ptr": {"tensor": "float16", "shape": [1000]}, "y_ptr": {"tensor": "float16", "shape": [1000]}, "n": 1000)",
                                        "\"lambda meta: (triton.cdiv(n, meta['XBLOCK']),)\"");
    const Launch l = open(w);
    ASSERT_TRUE(l.analysis && l.analysis->launch);
    const analysis::LaunchModel& model = *l.analysis->launch;
    const analysis::LaunchFigures f = model.evaluate({{"XBLOCK", 64}});
    EXPECT_EQ(f.programs, 16);
    EXPECT_EQ(f.coverage, analysis::Coverage::Incorrect);
    EXPECT_EQ(f.issue, analysis::CoverageIssue::Overrun);
    EXPECT_NE(model.describe(f).find("up to index 1,023 of 1,000"), std::string::npos) << model.describe(f);
    // A block that divides the length never overruns.
    EXPECT_EQ(model.evaluate({{"XBLOCK", 8}}).coverage, analysis::Coverage::Correct);
}

// A reach past INT64_MAX is past the end, not a short one: the sums of how far the programs
// reach are held at the limit instead of wrapping, which read an unmasked overrun as correct
// (two programs of 2^62 elements) or as leaving elements out (a loop whose last step ends
// past 2^63).
TEST_F(LaunchModelTest, AReachBeyondInt64IsAnOverrun)
{
    const std::string tensor = R"({"tensor": "float16", "shape": [1000]})";
    const std::string args = "\"x_ptr\": " + tensor + ", \"y_ptr\": " + tensor + ", \"n\": 1000";
    const kernel::Workload block = workload("huge_block", R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def copy(x_ptr, y_ptr, n, XBLOCK: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))
)", args, "[2]");
    const kernel::Workload loop = workload("huge_loop", R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def copy(x_ptr, y_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        offs = tl.program_id(0) * XBLOCK + sub + tl.arange(0, XBLOCK_SUB)
        tl.store(y_ptr + offs, tl.load(x_ptr + offs))
)", args, "[1]");
    const std::int64_t big = std::int64_t(1) << 62;
    const std::vector<std::pair<kernel::Workload, std::vector<std::pair<std::string, std::int64_t>>>> cases = {
        {block, {{"XBLOCK", big}}},                               // 2^62 + 2^62
        {loop, {{"XBLOCK", INT64_MAX - 1}, {"XBLOCK_SUB", big}}}, // a last step from 2^62 to 2^63
    };
    for (const auto& [w, config] : cases) {
        SCOPED_TRACE(w.kernelPath);
        const Launch l = open(w);
        ASSERT_TRUE(l.analysis && l.analysis->launch);
        const analysis::LaunchModel& model = *l.analysis->launch;
        const analysis::LaunchFigures f = model.evaluate(config);
        EXPECT_EQ(f.coverage, analysis::Coverage::Incorrect) << model.describe(f);
        EXPECT_EQ(f.issue, analysis::CoverageIssue::Overrun) << model.describe(f);
        EXPECT_EQ(f.covered, INT64_MAX);
        // The closed form takes values this large to the same arithmetic.
        std::optional<analysis::LaunchShape> shape = analysis::LaunchShape::of(model);
        ASSERT_TRUE(shape);
        std::vector<std::int64_t> values = model.slotDefaults();
        for (const auto& [name, value] : config)
            values[std::size_t(model.slotOf(name))] = value;
        EXPECT_TRUE(shape->evaluate(values.data()) == f);
    }
}

// A row stride passed as a constexpr is the tensor's layout, not a tuning: any other value reads
// every row but the first from the wrong place.
TEST_F(LaunchModelTest, ARowStrideMustStayTheTensors)
{
    const kernel::Workload w = workload("stride", R"(@triton.autotune(configs=[], key=['n_rows'])
@triton.jit
def rows(x_ptr, y_ptr, n_rows, ROW_STRIDE: tl.constexpr, XBLOCK: tl.constexpr):
    rows = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    cols = tl.arange(0, 1024)[None, :]
    mask = rows < n_rows
    tl.store(y_ptr + rows * ROW_STRIDE + cols, tl.load(x_ptr + rows * ROW_STRIDE + cols, mask=mask), mask=mask)
)", R"("x_ptr": {"tensor": "float16", "shape": [64, 1024]}, "y_ptr": {"tensor": "float16", "shape": [64, 1024]},
       "n_rows": 64, "ROW_STRIDE": 1024)", "\"lambda meta: (triton.cdiv(n_rows, meta['XBLOCK']),)\"");
    const Launch l = open(w);
    ASSERT_TRUE(l.analysis && l.analysis->launch);
    const analysis::LaunchModel& model = *l.analysis->launch;
    EXPECT_EQ(model.evaluate({{"XBLOCK", 8}}).coverage, analysis::Coverage::Correct);
    const analysis::LaunchFigures wrong = model.evaluate({{"XBLOCK", 8}, {"ROW_STRIDE", 64}});
    EXPECT_EQ(wrong.coverage, analysis::Coverage::Incorrect);
    EXPECT_EQ(wrong.issue, analysis::CoverageIssue::WrongStride);
    EXPECT_NE(model.describe(wrong).find("ROW_STRIDE = 64 elements, but x_ptr's layout has 1,024"), std::string::npos)
        << model.describe(wrong);
}

// An index computed from loaded data (a gather) is not followed: unknown, never correct.
TEST_F(LaunchModelTest, GatherIsUnknown)
{
    const kernel::Workload w = workload("gather", R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def gather(idx_ptr, x_ptr, y_ptr, n, XBLOCK: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = offs < n
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    tl.store(y_ptr + offs, tl.load(x_ptr + idx, mask=mask), mask=mask)
)", R"("idx_ptr": {"tensor": "int32", "shape": [4096]}, "x_ptr": {"tensor": "float32", "shape": [4096]},
       "y_ptr": {"tensor": "float32", "shape": [4096]}, "n": 4096)", "\"lambda meta: (triton.cdiv(n, meta['XBLOCK']),)\"");
    const Launch l = open(w);
    ASSERT_TRUE(l.space);
    ASSERT_GT(l.space->size(), 0u);
    for (std::size_t i = 0; i < l.space->size(); ++i) {
        EXPECT_EQ(l.space->coverage(i), analysis::Coverage::Unknown);
        EXPECT_NE(l.space->coverageNote(i).find("loaded data"), std::string::npos) << l.space->coverageNote(i);
    }
}

// A tl.dot kernel with grouped ordering (tl.swizzle2d): correct for every cube candidate, and its
// programs run on the cube cores.
TEST_F(LaunchModelTest, MatmulIsCoveredAndRunsOnTheCubeCores)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "matmul.json").string());
    ASSERT_TRUE(loaded.workload);
    const Launch l = open(*loaded.workload);
    ASSERT_TRUE(l.space && l.analysis->launch);
    EXPECT_TRUE(l.analysis->launch->usesCube());
    std::size_t judged = 0;
    for (std::size_t i = 0; i < l.space->size() && judged < 200; ++i) {
        if (l.space->status(i) == space::CandidateStatus::Pruned)
            continue;
        ++judged;
        EXPECT_EQ(l.space->coverage(i), analysis::Coverage::Correct) << l.space->coverageNote(i);
        const space::CandidateMetrics m = l.space->metrics(i);
        EXPECT_EQ(m.programs, m.grid[0] * m.grid[1]);
        EXPECT_EQ(m.waves, (m.programs + 23) / 24); // 24 cube cores on a 910B2
    }
    EXPECT_GT(judged, 0u);
}

// The lattice of the guide's vector add under 2026-04: every point judged, all correct (the grid
// follows XBLOCK), the figures stored once per distinct launch.
TEST_F(LaunchModelTest, LatticePointsAreJudgedCompactly)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / "add.json").string());
    ASSERT_TRUE(loaded.workload);
    loaded.workload->backend = test::backend2604();
    const Launch l = open(*loaded.workload, true);
    ASSERT_TRUE(l.space && l.space->hasLattice());
    for (std::size_t i = 0; i < l.space->size(); ++i)
        ASSERT_EQ(l.space->coverage(i), analysis::Coverage::Correct) << i << " " << l.space->coverageNote(i);
    EXPECT_LT(l.space->distinctLaunches(), l.space->size());
}

// A lattice keys its launches by the positions of its rows' values (space/launch_index.h), not
// by the values: every row's figures must still be the model's own for that row, on vector and
// tl.dot kernels, correct and incorrect rows alike.
TEST_F(LaunchModelTest, LatticeFiguresAreTheModelsOwnForEveryRow)
{
    std::vector<std::pair<std::string, kernel::Workload>> launches;
    for (const char* name : {"add.json", "softmax.json", "guide_violations.json", "matmul.json"}) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / name).string());
        ASSERT_TRUE(loaded.workload);
        loaded.workload->backend = test::backend2604();
        launches.emplace_back(name, *loaded.workload);
    }
    // A store without the loads' mask: every XBLOCK that does not divide n_elements writes past
    // the end.
    launches.emplace_back("unmasked", workload("unmasked", R"(@triton.autotune(configs=[], key=['n_elements'])
@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    block_start = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        offsets = block_start + sub + tl.arange(0, XBLOCK_SUB)
        mask = offsets < n_elements
        tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask))
)", R"("x_ptr": {"tensor": "float16", "shape": [98432]}, "y_ptr": {"tensor": "float16", "shape": [98432]},
        "out_ptr": {"tensor": "float16", "shape": [98432]}, "n_elements": 98432)",
                                                   "\"lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)\"",
                                                   test::backend2604()));
    std::size_t lattices = 0, rows = 0, incorrect = 0;
    for (const auto& [name, w] : launches) {
        SCOPED_TRACE(name);
        const Launch l = open(w, true);
        ASSERT_TRUE(l.space && l.analysis && l.analysis->launch);
        if (!l.space->hasLattice())
            continue;
        ++lattices;
        const std::size_t step = std::max<std::size_t>(1, l.space->size() / 20000);
        for (std::size_t i = 0; i < l.space->size(); i += step) {
            std::vector<std::pair<std::string, std::int64_t>> config;
            for (const auto& [param, value] : l.space->params(i))
                config.emplace_back(param, value.value);
            const analysis::LaunchFigures expected = l.analysis->launch->evaluate(config);
            ASSERT_TRUE(l.space->launch(i) == expected)
                << name << " row " << i << ": " << l.space->coverageNote(i) << " / "
                << l.analysis->launch->describe(expected);
            ++rows;
            incorrect += expected.coverage == analysis::Coverage::Incorrect ? 1 : 0;
        }
    }
    EXPECT_GE(lattices, 2u);
    EXPECT_GT(rows, 1000u);
    EXPECT_GT(incorrect, 0u);
}

// The kernels whose lattices the closed form is checked on: one of each index shape it knows,
// 1-D and 2-D grids (lambdas and static), and an unmasked store it leaves to the arithmetic.
struct ShapeCase {
    std::string name;
    kernel::Workload workload;
    std::vector<analysis::LaunchShape::Kind> kinds;
};

static std::vector<ShapeCase> shapeCases(const std::function<kernel::Workload(const std::string&, const std::string&,
                                                                         const std::string&, const std::string&)>& make)
{
    using K = analysis::LaunchShape::Kind;
    std::vector<ShapeCase> cases;
    auto example = [&](const char* file, std::vector<K> kinds) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / file).string());
        EXPECT_TRUE(loaded.workload) << file;
        if (loaded.workload)
            cases.push_back({file, *loaded.workload, std::move(kinds)});
    };
    example("add.json", {K::TiledBlock});
    example("softmax.json", {K::TiledBlock, K::Whole});
    example("guide_violations.json", {K::TiledBlock, K::Block}); // static 2-D grid, incorrect rows
    example("bias_gelu_2d.json", {K::Block, K::TiledBlock});     // a 2-D lambda grid
    example("grid_stride.json", {K::GridStride});
    example("column_sum.json", {K::AxisLoop, K::Block});
    // A kernel reading x_ptr and writing y_ptr, two float16 tensors of n elements.
    auto copying = [&](const char* name, const std::string& body, std::int64_t n, const std::string& moreArgs,
                       const std::string& grid, std::vector<K> kinds) {
        const std::string tensor = "{\"tensor\": \"float16\", \"shape\": [" + std::to_string(n) + "]}";
        cases.push_back({name,
                         make(name, "@triton.autotune(configs=[], key=['n'])\n@triton.jit\n" + body,
                              "\"x_ptr\": " + tensor + ", \"y_ptr\": " + tensor + ", \"n\": " + std::to_string(n) + moreArgs,
                              grid),
                         std::move(kinds)});
    };
    const std::string cdivGrid = "\"lambda meta: (triton.cdiv(n, meta['XBLOCK']),)\"";
    // A store without the load's mask: every XBLOCK that does not divide n writes past the end.
    copying("unmasked", R"(def add_kernel(x_ptr, y_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    block_start = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        offsets = block_start + sub + tl.arange(0, XBLOCK_SUB)
        tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=offsets < n))
)",
            98432, "", cdivGrid, {K::TiledBlock, K::Other}); // the masked load, then the store
    // Each program's arange shorter than its block: elements between them are never processed.
    copying("gaps", R"(def head_kernel(x_ptr, y_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK_SUB)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)
)",
            98432, "", cdivGrid, {K::Block});
    // A loop over the axis whose bound is a parameter of its own, not the mask's.
    copying("loop_bound", R"(def copy_kernel(x_ptr, y_ptr, n, COLS: tl.constexpr, RBLOCK: tl.constexpr):
    for c in range(0, COLS, RBLOCK):
        cols = c + tl.arange(0, RBLOCK)
        mask = cols < n
        tl.store(y_ptr + cols, tl.load(x_ptr + cols, mask=mask), mask=mask)
)",
            4096, ", \"COLS\": 4096", "[1]", {K::AxisLoop});
    // A grid-stride loop whose arange may be shorter than the block it strides by.
    copying("stride_head", R"(def silu_kernel(x_ptr, y_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    for start in range(tl.program_id(0) * XBLOCK, n, tl.num_programs(0) * XBLOCK):
        offs = start + tl.arange(0, XBLOCK_SUB)
        mask = offs < n
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)
)",
            98432, "", "[48]", {K::GridStride});
    // A loop within the block that may stop short of it: left to the arithmetic.
    copying("short_loop", R"(def add_kernel(x_ptr, y_ptr, n, XBLOCK: tl.constexpr, SPAN: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    for sub in range(0, SPAN, XBLOCK_SUB):
        offs = tl.program_id(0) * XBLOCK + sub + tl.arange(0, XBLOCK_SUB)
        mask = offs < n
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)
)",
            98432, ", \"SPAN\": 1024", cdivGrid, {K::Other});
    return cases;
}

// Each shape case analysed, with the values its slots take: `edges`, and the values around
// each axis's extent and its halves.
struct AnalysedShape {
    std::string name;
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::vector<std::int64_t> pool;
};

static std::vector<AnalysedShape> analysedShapes(const std::vector<ShapeCase>& cases, const std::vector<std::int64_t>& edges)
{
    std::vector<AnalysedShape> out;
    for (const ShapeCase& c : cases) {
        const pipeline::AnalyzeResult analysed = pipeline::analyze({c.workload});
        EXPECT_TRUE(analysed.ok() && analysed.analysis->launch) << c.name;
        if (!analysed.ok() || !analysed.analysis->launch)
            continue;
        AnalysedShape& a = out.emplace_back(AnalysedShape{c.name, analysed.analysis, edges});
        for (const analysis::CoverageCheck& check : a.analysis->launch->checks())
            if (const auto extent = check.extent.constantValue())
                for (std::int64_t v : {*extent / 2, *extent - 1, *extent, *extent + 1})
                    a.pool.push_back(v);
    }
    return out;
}

// The closed form of the launch (analysis/launch_model_shape.h) against the general judgement,
// on every row of real kernels' lattices under both backend versions: each distinct tiling's
// figures are the model's own, and every row shows them. The shapes' compares must both answer
// (correct rows) and pass to the arithmetic (incorrect rows), or the test proves nothing.
TEST_F(LaunchModelTest, ClosedFormIsTheModelsJudgementOnEveryLatticeRow)
{
    std::size_t quick = 0, judged = 0, incorrect = 0, lattices = 0;
    for (const kernel::BackendVersion& backend : {test::backend2604(), test::backend2608()}) {
        const auto make = [&](const std::string& name, const std::string& source, const std::string& args,
                              const std::string& grid) { return workload(name, source, args, grid, backend); };
        for (ShapeCase& c : shapeCases(make)) {
            SCOPED_TRACE(c.name + " under " + std::string(kernel::backendName(backend)));
            c.workload.backend = backend;
            const Launch l = open(c.workload, true);
            ASSERT_TRUE(l.space && l.analysis && l.analysis->launch);
            const analysis::LaunchModel& model = *l.analysis->launch;
            std::optional<analysis::LaunchShape> shape = analysis::LaunchShape::of(model);
            ASSERT_TRUE(shape);
            EXPECT_EQ(shape->kinds(), c.kinds);
            if (!l.space->hasLattice())
                continue;
            ++lattices;
            // Each slot's dimension in a row, as the space binds them.
            const auto& dims = l.space->dimensions();
            std::vector<int> dimOf(model.slots().size(), -1);
            for (std::size_t s = 0; s < dimOf.size(); ++s)
                for (std::size_t j = 0; j < dims.size(); ++j)
                    if (dims[j].name == model.slots()[s] && dims[j].choices.empty() &&
                        dims[j].kind != space::SpaceDimension::Kind::NumWarps)
                        dimOf[s] = int(j);
            std::vector<std::int64_t> values(dimOf.size()), last;
            analysis::LaunchFigures figures;
            for (std::size_t i = 0; i < l.space->size(); ++i) {
                const space::ValueRow row = l.space->values(i);
                for (std::size_t s = 0; s < dimOf.size(); ++s) {
                    const std::int64_t v = dimOf[s] >= 0 ? row[dimOf[s]] : analysis::kUnknownSlot;
                    values[s] = v == analysis::kUnknownSlot ? model.slotDefaults()[s] : v;
                }
                if (values != last) {
                    last = values;
                    figures = shape->evaluate(values.data());
                    quick += shape->lastCorrectByShape() ? 1 : 0;
                    const analysis::LaunchFigures expected = model.evaluate(values.data());
                    ASSERT_TRUE(figures == expected) << "row " << i << ": " << model.describe(figures) << " / "
                                                     << model.describe(expected);
                    ++judged;
                    incorrect += expected.coverage == analysis::Coverage::Incorrect ? 1 : 0;
                }
                ASSERT_TRUE(l.space->launch(i) == figures) << "row " << i << ": " << l.space->coverageNote(i);
            }
        }
    }
    EXPECT_GE(lattices, 10u);
    EXPECT_GT(quick, 10000u);
    EXPECT_GT(judged - quick, 1000u);
    EXPECT_GT(incorrect, 1000u);
}

// The same agreement away from the lattices' values: every slot the model reads takes values at
// the edges of each shape's compares (unset, negative, zero, one, beyond the quick range, near
// overflow), crossed at random with a fixed seed.
TEST_F(LaunchModelTest, ClosedFormIsTheModelsJudgementAtTheEdges)
{
    const std::vector<std::int64_t> edges = {analysis::kUnknownSlot, -7, -1, 0, 1, 2, 3, 7, 16, 48, 63, 64, 100,
                                             1000, 1024, std::int64_t(1) << 31, (std::int64_t(1) << 31) + 1,
                                             std::int64_t(1) << 40,
                                             INT64_MAX / 4, INT64_MAX / 2 + 1, INT64_MAX - 1, INT64_MAX};
    std::mt19937_64 random(26);
    std::size_t compared = 0;
    const auto make = [&](const std::string& name, const std::string& source, const std::string& args,
                          const std::string& grid) { return workload(name, source, args, grid); };
    for (const AnalysedShape& c : analysedShapes(shapeCases(make), edges)) {
        SCOPED_TRACE(c.name);
        const analysis::LaunchModel& model = *c.analysis->launch;
        std::optional<analysis::LaunchShape> shape = analysis::LaunchShape::of(model);
        ASSERT_TRUE(shape);
        const std::vector<std::int64_t>& pool = c.pool;
        std::vector<std::int64_t> values = model.slotDefaults();
        for (int n = 0; n < 20000; ++n) {
            for (std::size_t s = 0; s < values.size(); ++s)
                if (model.reads(int(s)))
                    values[s] = pool[random() % pool.size()];
            const analysis::LaunchFigures expected = model.evaluate(values.data());
            ASSERT_TRUE(shape->evaluate(values.data()) == expected) << model.describe(expected);
            ++compared;
        }
    }
    EXPECT_EQ(compared, 11u * 20000u);
}

// A lattice's rows share the last row's figures while they keep its grid's values and hold
// the range-checked values in range (space/launch_index.h): walked in lattice order over the
// edges of each compare, the innermost slots moving fastest (out of range, unset, at the
// extent), every row still gets the model's own figures.
TEST_F(LaunchModelTest, RowsShareTheLastFiguresOnlyWhileTheyKeepThem)
{
    // Values out of the quick range follow values in it, so that a row must leave a run.
    const std::vector<std::int64_t> edges = {1, 2, 0, 7, -1, 64, analysis::kUnknownSlot, 1024,
                                             (std::int64_t(1) << 31) + 1, std::int64_t(1) << 31};
    std::size_t rows = 0, incorrect = 0;
    const auto make = [&](const std::string& name, const std::string& source, const std::string& args,
                          const std::string& grid) { return workload(name, source, args, grid); };
    for (const AnalysedShape& c : analysedShapes(shapeCases(make), edges)) {
        SCOPED_TRACE(c.name);
        const analysis::LaunchModel& model = *c.analysis->launch;
        const std::vector<std::int64_t>& pool = c.pool;
        // A row is the slots' values in slot order; the slots the model reads walk the pool.
        const std::size_t slots = model.slots().size();
        std::vector<int> slotDims(slots);
        std::vector<std::size_t> read;
        for (std::size_t s = 0; s < slots; ++s) {
            slotDims[s] = int(s);
            if (model.reads(int(s)))
                read.push_back(s);
        }
        ASSERT_LE(read.size(), 3u);
        std::vector<analysis::LaunchFigures> figures;
        space::LaunchIndex index(model, slotDims, space::LaunchIndex::DimValues(slots, nullptr), figures);
        std::vector<std::int64_t> row = model.slotDefaults(), values(slots);
        std::size_t combinations = 1;
        for (std::size_t k = 0; k < read.size(); ++k)
            combinations *= pool.size();
        for (std::size_t n = 0; n < combinations; ++n) {
            std::size_t rest = n;
            for (std::size_t k = read.size(); k-- > 0;) {
                row[read[k]] = pool[rest % pool.size()];
                rest /= pool.size();
            }
            for (std::size_t s = 0; s < slots; ++s)
                values[s] = row[s] == analysis::kUnknownSlot ? model.slotDefaults()[s] : row[s];
            const analysis::LaunchFigures expected = model.evaluate(values.data());
            const std::uint32_t at = index.of(row.data());
            ASSERT_LT(at, figures.size());
            ASSERT_TRUE(figures[at] == expected) << "row " << n << ": " << model.describe(figures[at]) << " / "
                                                 << model.describe(expected);
            ++rows;
            incorrect += expected.coverage == analysis::Coverage::Incorrect ? 1 : 0;
        }
    }
    EXPECT_GT(rows, 10000u);
    EXPECT_GT(incorrect, 1000u);
}

// The grid expression language: constants fold, Python's floor division and modulo, cdiv.
TEST(LaunchExpr, EvaluatesLikePython)
{
    using analysis::LaunchExpr;
    using Op = LaunchExpr::Op;
    const LaunchExpr n = LaunchExpr::constant(1000);
    const LaunchExpr block = LaunchExpr::slot(0);
    const LaunchExpr grid = LaunchExpr::binary(Op::Min, LaunchExpr::binary(Op::CeilDiv, n, block), LaunchExpr::constant(8));
    std::int64_t slots[] = {64};
    EXPECT_EQ(grid.eval(slots), 8);
    slots[0] = 256;
    EXPECT_EQ(grid.eval(slots), 4);
    slots[0] = 0;
    EXPECT_FALSE(grid.eval(slots)); // a division by zero has no value
    EXPECT_EQ(LaunchExpr::binary(Op::FloorDiv, LaunchExpr::constant(-7), LaunchExpr::constant(2)).constantValue(), -4);
    EXPECT_EQ(LaunchExpr::binary(Op::Mod, LaunchExpr::constant(-7), LaunchExpr::constant(2)).constantValue(), 1);
    EXPECT_EQ(grid.text({"XBLOCK"}), "min(cdiv(1000, XBLOCK), 8)");
    EXPECT_EQ(analysis::groupedNumber(8192), "8,192");
    EXPECT_EQ(analysis::groupedNumber(-1234567), "-1,234,567");
}
