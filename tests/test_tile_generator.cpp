// The backend's tile generation: identical to Triton-Ascend a84b1eb on every golden case
// (same configs, same order), the trail's reasons and numbers, and hand-checked walks.

#include "backend_versions.h"
#include "core/space/backend_configs.h"
#include "core/space/tile_generator.h"
#include "core/util/format.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <set>

using namespace ts::space;
using ts::analysis::AxisParse;
using Json = nlohmann::ordered_json;

namespace {

std::vector<std::int64_t> column(const TileGeneration& g, std::size_t paramCount, std::size_t k)
{
    std::vector<std::int64_t> out;
    for (std::size_t i = 0; i < g.count(); ++i)
        out.push_back(g.config(i, paramCount)[k]);
    return out;
}

// Checks the invariants every trail entry must satisfy and returns how often each code occurs.
std::map<TrailCode, int> checkTrail(const TileProblem& p, const TileGeneration& g)
{
    std::map<TrailCode, int> seen;
    const std::size_t k = p.params.size();
    for (std::size_t i = 0; i < g.trail.size(); ++i) {
        const TrailEntry& e = g.trail[i];
        ++seen[e.code];
        SCOPED_TRACE(std::string(trailCodeName(e.code)) + ": " + g.trail.describe(i, p));
        EXPECT_FALSE(g.trail.describe(i, p).empty());
        switch (e.code) {
        case TrailCode::UbCapacity:
            EXPECT_EQ(e.n[1], g.limits.maxTileElements);
            EXPECT_GT(e.n[0], e.n[1]);
            // The message carries the backend's formula: elements x bytes x buffers.
            EXPECT_NE(g.trail.describe(i, p).find(ts::formatInteger(e.n[0]) + " elements x " +
                                                  std::to_string(p.dtypeBytes) + " B x " +
                                                  std::to_string(p.numBuffers)),
                      std::string::npos);
            break;
        case TrailCode::BelowMinTile:
            EXPECT_FALSE(g.limits.smallKernel);
            EXPECT_GE(e.n[2], 10);
            EXPECT_EQ(e.n[1], g.limits.stopNumel + 100);
            EXPECT_LT(e.n[0], e.n[1]);
            break;
        case TrailCode::LowProgramFloor:
            EXPECT_TRUE(g.limits.smallKernel);
            EXPECT_LT(e.n[0], e.n[1]);
            EXPECT_LE(e.n[2], e.n[3]);
            break;
        case TrailCode::Duplicate: {
            const std::int64_t* v = g.trail.values(i);
            const bool valid = e.n[0] >= 0 && std::size_t(e.n[0]) < g.count() && e.values >= 0;
            EXPECT_TRUE(valid);
            if (valid && k > 0) {
                EXPECT_TRUE(std::equal(v, v + k, g.config(std::size_t(e.n[0]), k)));
            }
            break;
        }
        case TrailCode::ProgramLimit:
            EXPECT_GT(e.n[0], e.n[1]);
            EXPECT_TRUE(e.n[1] == p.vectorCores || e.n[1] == kMaxPrograms);
            break;
        case TrailCode::LowProgramCap:
            EXPECT_TRUE(g.limits.tinyKernel);
            EXPECT_GE(e.n[1], 1);
            break;
        case TrailCode::PersistentReduction:
            EXPECT_TRUE(p.persistentReduction);
            EXPECT_TRUE(e.axis >= 0 && p.axes[std::size_t(e.axis)].reduction);
            break;
        }
    }
    return seen;
}

TileProblem problemFor(const KernelMetaInput& meta, const GeneratorDevice& device)
{
    TileProblemResult r = makeTileProblem(meta, device);
    EXPECT_FALSE(r.error) << *r.error;
    return r.problem;
}

// ---- golden corpus -------------------------------------------------------------------------

struct GoldenCase {
    std::string name;
    Json workload;
    Json expected;
};

std::vector<GoldenCase> goldenCases()
{
    std::vector<GoldenCase> cases;
    const auto dir = ts::test::dataDir() / "golden";
    if (!std::filesystem::exists(dir))
        return cases;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const auto expected = entry.path() / "expected.json";
        const auto workload = entry.path() / "workload.json";
        if (!std::filesystem::exists(expected) || !std::filesystem::exists(workload))
            continue;
        cases.push_back({entry.path().filename().string(), Json::parse(ts::test::readText(workload)),
                         Json::parse(ts::test::readText(expected))});
    }
    std::sort(cases.begin(), cases.end(),
              [](const GoldenCase& a, const GoldenCase& b) { return a.name < b.name; });
    return cases;
}

template <typename T> T valueOr(const Json& j, T fallback)
{
    return j.is_null() ? fallback : j.get<T>();
}

ts::analysis::AxisMap axisMap(const Json& pairs)
{
    ts::analysis::AxisMap out;
    for (const auto& p : pairs)
        out.emplace_back(p[0].get<std::string>(), p[1].get<std::string>());
    return out;
}

TritonConfig configFromJson(const Json& j)
{
    TritonConfig cfg;
    for (const auto& [name, value] : j["kwargs"].items())
        cfg.kwargs.emplace_back(name, value.is_boolean() ? ParamValue::boolean(value.get<bool>())
                                                         : ParamValue::integer(value.get<std::int64_t>()));
    cfg.numWarps = j.value("num_warps", 4);
    cfg.numStages = j.value("num_stages", 3);
    return cfg;
}

// Everything the backend needs from a golden case: the parsed axes as upstream concluded
// (so this test does not depend on the analysis port), the launch and the device.
struct GoldenInput {
    AxisParse parse;
    LaunchSpec launch;
    GeneratorDevice device;
};

GoldenInput goldenInput(const GoldenCase& c)
{
    GoldenInput in;
    in.launch.backend = ts::test::backend2604();  // the golden corpus of 2026-04
    const Json& a = c.expected["analysis"];
    // Errors raised before generation are the parse's; later ones are the generator's own.
    const std::string stage = valueOr(a["error_stage"], std::string());
    if (!a["error"].is_null() && (stage == "init" || stage == "autoparse" || stage == "key"))
        in.parse.error = a["error_type"].get<std::string>() + ": " + a["error"].get<std::string>();
    auto orEmpty = [](const Json& j) { return j.is_null() ? Json::array() : j; };
    in.parse.keys = axisMap(orEmpty(a["keys"]));
    in.parse.splitParams = axisMap(orEmpty(a["split_params"]));
    in.parse.tilingParams = axisMap(orEmpty(a["tiling_params"]));
    for (const auto& p : orEmpty(a["fixed_split_params"]))
        in.parse.fixedSplitParams.emplace_back(p[0].get<std::string>(), p[1].get<std::int64_t>());
    for (const auto& axis : orEmpty(a["low_dim_axes"]))
        in.parse.lowDimAxes.push_back(axis.get<std::string>());
    for (const auto& axis : orEmpty(a["reduction_axes"]))
        in.parse.reductionAxes.push_back(axis.get<std::string>());
    in.parse.persistentReduction = valueOr(a["persistent_reduction"], false);
    in.parse.dualReduction = valueOr(a["dual_reduction"], false);
    in.parse.numBuffers = valueOr(a["num_buffers"], 0);

    const Json& args = c.workload["args"];
    for (const auto& [axis, param] : in.parse.keys) {
        if (args.contains(param) && args[param].is_number_integer())
            in.launch.keyValues.emplace_back(axis, args[param].get<std::int64_t>());
    }
    for (const auto& [name, value] : args.items())
        if (value.is_object() && value.contains("tensor"))
            in.launch.tensorDtypes.push_back(value["tensor"].get<std::string>());

    const Json& l = c.expected["launch"];
    in.launch.forceSimtOnly = valueOr(l["simt"], false);
    if (!l["user_specified_warps"].is_null())
        in.launch.numWarps = l["user_specified_warps"].get<int>();
    if (!l["user_specified_multibuffer"].is_null())
        in.launch.multibuffer = l["user_specified_multibuffer"].get<bool>();
    // Handwritten configs come from the decorator; upstream lists them after the generated ones.
    const int userCount = valueOr(l["user_configs"], 0);
    if (userCount > 0 && c.expected["configs"].is_array()) {
        const auto& cfgs = c.expected["configs"];
        const std::size_t generated = c.expected["generated_count"].get<std::size_t>();
        for (std::size_t i = generated; i < cfgs.size(); ++i)
            in.launch.userConfigs.push_back(configFromJson(cfgs[i]));
    } else {
        for (int i = 0; i < userCount; ++i)
            in.launch.userConfigs.push_back(TritonConfig{});
    }
    in.launch.autoGenConfigHint = valueOr(l["auto_gen_config"], false);

    const Json& d = c.expected["device"];
    in.device = GeneratorDevice::forSoc(d["soc"].get<std::string>(), d["num_aicore"].get<int>());
    return in;
}

} // namespace

TEST(TileGeneratorGolden, CorpusIsPresent)
{
    EXPECT_GE(goldenCases().size(), 40u) << "tests/data/golden is missing or incomplete";
}

TEST(TileGeneratorGolden, DeviceNumbersMatchTheBackend)
{
    for (const GoldenCase& c : goldenCases()) {
        SCOPED_TRACE(c.name);
        const GoldenInput in = goldenInput(c);
        const Json& d = c.expected["device"];
        EXPECT_EQ(in.device.numVectorCores, d["num_vector_core"].get<int>());
        EXPECT_EQ(in.device.ubBudgetKib, d["ub_size_kb"].get<int>());
        EXPECT_EQ(in.device.rfBudgetKib, d["rf_size_kb"].is_null() ? 0 : d["rf_size_kb"].get<int>());
        const Json& defaultMultibuffer = c.expected["launch"]["default_multibuffer"];
        if (!defaultMultibuffer.is_null()) {
            EXPECT_EQ(in.device.defaultMultibuffer, defaultMultibuffer.get<bool>());
        }
    }
}

TEST(TileGeneratorGolden, SameConfigsInTheSameOrder)
{
    int compared = 0;
    for (const GoldenCase& c : goldenCases()) {
        SCOPED_TRACE(c.name);
        const GoldenInput in = goldenInput(c);
        const BackendConfigs out = generateBackendConfigs(in.parse, in.launch, in.device);
        const Json& e = c.expected;

        if (!e["dtype_bytes"].is_null()) {
            EXPECT_EQ(out.dtypeBytes, e["dtype_bytes"].get<int>());
            EXPECT_EQ(out.dtype, e["dtype"].get<std::string>());
        }
        if (e["cache_key"].is_array()) {
            std::vector<std::string> key;
            for (const auto& item : e["cache_key"])
                key.push_back(item.is_string() ? item.get<std::string>() : item.dump());
            std::vector<std::string> mine = out.key;
            // The backend builds its key in the decorator's key order, before the reduction
            // rename moves reduced axes last; kv_dict alone cannot restore that order.
            if (!in.parse.reductionAxes.empty()) {
                std::sort(key.begin(), key.end());
                std::sort(mine.begin(), mine.end());
            }
            EXPECT_EQ(mine, key);
        }

        const Json& tg = e["tile_generator"];
        if (tg.is_object() && out.generationRan && out.problemBuilt) {
            const WalkLimits& l = out.tiles.limits;
            EXPECT_EQ(out.problem.numBuffers, tg["num_buffers"].get<int>());
            EXPECT_EQ(l.maxTileElements, tg["max_numel_threshold"].get<std::int64_t>());
            EXPECT_EQ(l.maxTotalNumel, tg["max_total_numel"].get<std::int64_t>());
            EXPECT_EQ(l.smallKernel, tg["small_kernel"].get<bool>());
            EXPECT_EQ(l.tinyKernel, tg["tiny_kernel"].get<bool>());
            EXPECT_EQ(l.stopNumel, tg["stop_numel"].get<std::int64_t>());
            EXPECT_EQ(l.tinyProgramThreshold, tg["tiny_program_threshold"].get<int>());
            if (!tg["tile_configs"].is_null() && !out.tiles.error) {
                EXPECT_EQ(out.tiles.count(), tg["tile_configs"].get<std::size_t>());
            }
            ASSERT_EQ(out.problem.axes.size(), tg["axes"].size());
            for (std::size_t i = 0; i < out.problem.axes.size(); ++i) {
                const TileAxis& a = out.problem.axes[i];
                const Json& ea = tg["axes"][i];
                EXPECT_EQ(a.name, ea["name"].get<std::string>());
                EXPECT_EQ(a.length, ea["length"].get<std::int64_t>());
                EXPECT_EQ(a.split, ea["is_split_axis"].get<bool>());
                EXPECT_EQ(a.tunableSplit, ea["is_tunable_split_axis"].get<bool>());
                EXPECT_EQ(a.tiling, ea["is_tiling_axis"].get<bool>());
                EXPECT_EQ(a.lowDim, ea["is_low_dim"].get<bool>());
                EXPECT_EQ(a.fixedSplit, ea["fixed_split_size"].get<std::int64_t>());
            }
            checkTrail(out.problem, out.tiles);
        }

        const std::string stage = e["analysis"]["error_stage"].is_null()
                                      ? std::string()
                                      : e["analysis"]["error_stage"].get<std::string>();
        if (!e["configs"].is_array()) {
            // Upstream raised; the error must be the same exception.
            ASSERT_TRUE(out.error.has_value());
            const std::string expected = e["analysis"]["error_type"].get<std::string>() + ": " +
                                         e["analysis"]["error"].get<std::string>();
            EXPECT_EQ(*out.error, expected);
            if (stage == "fallback_config") {
                // Nothing generated: the explanation points to handwritten configs.
                EXPECT_EQ(out.generatedCount(), 0u);
                EXPECT_NE(out.emptyExplanation.english().find("handwritten triton.Config"),
                          std::string::npos);
                ASSERT_EQ(out.configs.size(), 1u);
                EXPECT_EQ(out.origins[0], BackendConfigs::Origin::Fallback);
                EXPECT_EQ(out.warnings.size(), 1u);
            }
            continue;
        }
        ASSERT_FALSE(out.error.has_value()) << *out.error;
        const std::size_t generated = e["generated_count"].get<std::size_t>();
        EXPECT_EQ(out.generatedCount(), generated);
        ASSERT_EQ(out.configs.size(), e["configs"].size());
        for (std::size_t i = 0; i < generated; ++i) {
            SCOPED_TRACE("config " + std::to_string(i));
            EXPECT_EQ(out.configs[i], configFromJson(e["configs"][i]))
                << out.configs[i].toPython() << " vs " << e["configs"][i].dump();
        }
        std::vector<std::string> stdoutLines;
        for (const auto& line : e["stdout"])
            stdoutLines.push_back(line.get<std::string>());
        EXPECT_EQ(out.warnings, stdoutLines);
        ++compared;
    }
    EXPECT_GE(compared, 30);
}

// ---- hand-checked walks --------------------------------------------------------------------

TEST(TileGenerator, VectorAddWalkWorkedOutByHand)
{
    // 4096 fp32 elements on 40 vector cores: a tiny kernel (stop tile 4096 / 80 = 51).
    // The split descent keeps one config per low program count (4096, 2048), refuses 1024
    // (under half of the first low-program tile), then halves while programs <= 40 and
    // switches to quarter steps past 20 programs: 128 -> 96 gives 43 programs > 40, so the
    // block restarts at ceil(4096 / 40) = 103, aligned to 104 elements.
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 4096}};
    meta.splitParams = {{"x", "BLOCK"}};
    meta.lowDimAxes = {"x"};
    meta.dtypeBytes = 4;
    meta.numBuffers = 3;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910B4", 20));
    const TileGeneration g = generateTiles(p);
    ASSERT_FALSE(g.error);
    EXPECT_EQ(g.limits.stopNumel, 51);
    EXPECT_EQ(g.limits.maxTileElements, 192 * 1024 / 4 / 3);
    EXPECT_EQ(column(g, 1, 0), (std::vector<std::int64_t>{4096, 2048, 512, 256, 128, 104}));

    const auto seen = checkTrail(p, g);
    EXPECT_GT(seen.count(TrailCode::LowProgramFloor), 0u);
    EXPECT_GT(seen.count(TrailCode::Duplicate), 0u);
    ASSERT_GT(seen.count(TrailCode::ProgramLimit), 0u);
    for (std::size_t i = 0; i < g.trail.size(); ++i) {
        if (g.trail[i].code != TrailCode::ProgramLimit)
            continue;
        EXPECT_EQ(g.trail[i].n[0], 43); // ceil(4096 / 96)
        EXPECT_EQ(g.trail[i].n[1], 40);
        EXPECT_EQ(g.trail[i].n[3], 103); // the restart block
        EXPECT_EQ(g.trail.describeValues(i, p), "BLOCK=96");
    }
}

TEST(TileGenerator, FullBlocksAreAlignedTo32BytesButTiledSplitsAreNot)
{
    // fp16 aligns to 16 elements. A split axis without tiling reports the aligned block; a split
    // axis with a tiling parameter keeps the raw block and clamps its inner tile to it.
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 1000}};
    meta.splitParams = {{"x", "XBLOCK"}};
    meta.dtypeBytes = 2;
    const auto device = GeneratorDevice::forSoc("Ascend910B2", 24);
    const TileProblem plain = problemFor(meta, device);
    EXPECT_EQ(plain.alignedNumel(1000), 1008);
    EXPECT_EQ(plain.alignedNumel(15), 15);
    const TileGeneration g1 = generateTiles(plain);
    for (std::int64_t v : column(g1, 1, 0))
        EXPECT_TRUE(v % 16 == 0 || v <= 16) << v;

    meta.tilingParams = {{"x", "XBLOCK_SUB"}};
    const TileProblem tiled = problemFor(meta, device);
    ASSERT_EQ(tiled.params, (std::vector<std::string>{"XBLOCK", "XBLOCK_SUB"}));
    const TileGeneration g2 = generateTiles(tiled);
    bool sawUnalignedBlock = false;
    for (std::size_t i = 0; i < g2.count(); ++i) {
        const std::int64_t block = g2.config(i, 2)[0];
        const std::int64_t sub = g2.config(i, 2)[1];
        EXPECT_LE(sub, block);
        EXPECT_TRUE(sub % 16 == 0 || sub == block || sub <= 16) << block << "/" << sub;
        sawUnalignedBlock = sawUnalignedBlock || block % 16 != 0;
    }
    EXPECT_TRUE(sawUnalignedBlock); // e.g. 1000 / 48 cores -> 21
}

TEST(TileGenerator, WholeAxesOverTheBudgetLeaveNothing)
{
    // y has no parameter, so every tile holds all 65536 of its elements: 65536 x 4 B x 3
    // buffers = 768 KiB > 192 KiB. The walk tries, refuses everything, and explains why.
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 4096}, {"y", 65536}};
    meta.splitParams = {{"x", "XBLOCK"}};
    meta.lowDimAxes = {"y"};
    meta.dtypeBytes = 4;
    meta.numBuffers = 5;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    EXPECT_EQ(p.numBuffers, 3); // capped
    const TileGeneration g = generateTiles(p);
    EXPECT_EQ(g.count(), 0u);
    const auto seen = checkTrail(p, g);
    ASSERT_GT(seen.count(TrailCode::UbCapacity), 0u);
    const std::string why = explainEmptyGeneration(p, g).english();
    EXPECT_NE(why.find("exceed the budget"), std::string::npos) << why;
    EXPECT_NE(why.find("y (65536)"), std::string::npos) << why;
    EXPECT_NE(why.find("65,536 elements x 4 B x 3 buffers = 768 KiB > 192 KiB UB budget"), std::string::npos)
        << why;
    EXPECT_NE(why.find("handwritten triton.Config"), std::string::npos);
}

TEST(TileGenerator, NothingToDescendIsExplained)
{
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 1 << 20}};
    meta.dtypeBytes = 2;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    const TileGeneration g = generateTiles(p);
    EXPECT_EQ(g.count(), 0u);
    EXPECT_TRUE(g.trail.empty());
    EXPECT_NE(explainEmptyGeneration(p, g).english().find("nothing to descend"), std::string::npos);

    // A kernel already at the stop tile ends the walk before any attempt.
    meta.axisSizes = {{"x", 64}};
    meta.lowDimAxes = {};
    meta.tilingParams = {};
    const TileProblem small = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    EXPECT_EQ(generateTiles(small).count(), 0u);
    // With a tiling parameter on the same tiny axis, the walk does add the whole block.
    meta.tilingParams = {{"x", "XS"}};
    const TileProblem tiled = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    const TileGeneration t = generateTiles(tiled);
    ASSERT_GE(t.count(), 1u);
    EXPECT_EQ(t.config(0, 1)[0], 64);
}

TEST(TileGenerator, StricterMinimumAfterTenConfigsInLargeKernels)
{
    // A 2-D kernel of 1M elements is not small: once ten configs exist, tiles under the stop
    // tile + 100 are refused.
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 1024}, {"y", 1024}};
    meta.splitParams = {{"x", "XBLOCK"}};
    meta.tilingParams = {{"x", "XBLOCK_SUB"}, {"y", "YBLOCK_SUB"}};
    meta.lowDimAxes = {"y"};
    meta.dtypeBytes = 4;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    const TileGeneration g = generateTiles(p);
    EXPECT_FALSE(g.limits.smallKernel);
    EXPECT_GT(g.count(), 10u);
    const auto seen = checkTrail(p, g);
    EXPECT_GT(seen.count(TrailCode::BelowMinTile), 0u);
    EXPECT_GT(seen.count(TrailCode::UbCapacity), 0u);
}

TEST(TileGenerator, TinyKernelsProbeSmallProgramCounts)
{
    // In a tiny kernel (<= 32K elements) the split descent keeps one config for each program
    // count up to vector cores / 8 (6 here), before the normal threshold of half the cores.
    // (The backend also caps repeats of a count; its walk never revisits one, so that guard
    // stays silent.)
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 8}, {"y", 512}};
    meta.splitParams = {{"x", "XBLOCK"}, {"y", "YBLOCK"}};
    meta.lowDimAxes = {"y"};
    meta.dtypeBytes = 4;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    const TileGeneration g = generateTiles(p);
    EXPECT_TRUE(g.limits.tinyKernel);
    EXPECT_EQ(g.limits.tinyProgramThreshold, 6);
    std::set<std::int64_t> counts;
    for (std::size_t i = 0; i < g.count(); ++i) {
        if (g.phases[i] != WalkPhase::LowProgramProbe)
            continue;
        const std::int64_t programs = p.programsOf(g.config(i, 2));
        EXPECT_LE(programs, 6);
        EXPECT_TRUE(counts.insert(programs).second) << "program count " << programs << " twice";
    }
    // x = 8 and 4 are kept; x = 2 (4 programs, 1024 elements) falls under half of the first
    // low-program tile (8 x 512 / 2 = 2048) and is refused with those numbers.
    EXPECT_EQ(counts, (std::set<std::int64_t>{1, 2}));
    bool floorSeen = false;
    for (std::size_t i = 0; i < g.trail.size(); ++i) {
        const TrailEntry& e = g.trail[i];
        if (e.code == TrailCode::LowProgramFloor && e.phase == WalkPhase::LowProgramProbe) {
            floorSeen = true;
            EXPECT_EQ(e.n[0], 1024);
            EXPECT_EQ(e.n[1], 2048);
            EXPECT_EQ(e.n[2], 4);
        }
    }
    EXPECT_TRUE(floorSeen);
    EXPECT_EQ(checkTrail(p, g).count(TrailCode::LowProgramCap), 0u);
}

TEST(TileGenerator, PersistentReductionAxisIsNeverSplit)
{
    // x is split first; the walk then reaches the persistent reduction axis and stops.
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 64}, {"rx", 512}};
    meta.splitParams = {{"x", "XBLOCK"}, {"rx", "RBLOCK"}};
    meta.tilingParams = {{"rx", "RBLOCK_SUB"}};
    meta.lowDimAxes = {"rx"};
    meta.persistentReduction = true;
    meta.dtypeBytes = 4;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    const TileGeneration g = generateTiles(p);
    const auto seen = checkTrail(p, g);
    EXPECT_EQ(seen.count(TrailCode::PersistentReduction), 1u);
    ASSERT_EQ(p.params, (std::vector<std::string>{"XBLOCK", "RBLOCK", "RBLOCK_SUB"}));
    ASSERT_GT(g.count(), 0u);
    for (std::int64_t block : column(g, 3, 1))
        EXPECT_EQ(block, 512);
}

TEST(TileGenerator, KernelMetaErrorsMatchTheBackend)
{
    const auto device = GeneratorDevice::forSoc("Ascend910B2", 24);
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 128}, {"ry", 64}};
    meta.splitParams = {{"q", "QBLOCK"}};
    TileProblemResult r = makeTileProblem(meta, device);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(*r.error, "KeyError: \"split axis 'q' not found in known axes: dict_keys(['x', 'ry'])\"");

    // "y" is accepted because "ry" exists, though no axis is named "y".
    meta.splitParams = {};
    meta.lowDimAxes = {"y"};
    EXPECT_FALSE(makeTileProblem(meta, device).error);

    meta.axisSizes = {{"r", 8}};
    meta.lowDimAxes = {};
    r = makeTileProblem(meta, device);
    ASSERT_TRUE(r.error);
    EXPECT_EQ(*r.error, "ValueError: The name of a reduction axis is empty!");

    // SIMT generation needs the register file only 910_95 / 950 define.
    meta.axisSizes = {{"x", 128}};
    meta.simtMode = true;
    r = makeTileProblem(meta, device);
    ASSERT_TRUE(r.error);
    EXPECT_NE(r.error->find("TypeError"), std::string::npos);
    EXPECT_FALSE(makeTileProblem(meta, GeneratorDevice::forSoc("Ascend910_9589", 32)).error);

    meta.simtMode = false;
    meta.axisSizes = {{"x", -1}};
    EXPECT_TRUE(makeTileProblem(meta, device).error);
}

TEST(TileGenerator, ZeroLengthAxisLikeTheBackend)
{
    // An empty axis has a zero tile: the walk adds the whole (empty) block and stops.
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 0}};
    meta.splitParams = {{"x", "XBLOCK"}};
    meta.dtypeBytes = 4;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910B2", 24));
    const TileGeneration g = generateTiles(p);
    EXPECT_FALSE(g.error);
    ASSERT_EQ(g.count(), 1u);
    EXPECT_EQ(g.config(0, 1)[0], 0);
}

TEST(TileGenerator, HugeShapesDoNotOverflow)
{
    // Five axes whose product exceeds 2^63: the walk's comparisons stay exact.
    KernelMetaInput meta;
    meta.axisSizes = {{"x", 30635715}, {"z", 13977061}, {"w", 257283}, {"v", 27534}, {"y", 31622584}};
    meta.splitParams = {{"z", "ZBLOCK"}, {"v", "VBLOCK"}};
    meta.tilingParams = {{"x", "XS"}, {"z", "ZS"}, {"w", "WS"}, {"v", "VS"}, {"y", "YS"}};
    meta.lowDimAxes = {"z", "w", "v", "y"};
    meta.dtypeBytes = 2;
    const TileProblem p = problemFor(meta, GeneratorDevice::forSoc("Ascend910_9589", 28));
    const TileGeneration g = generateTiles(p);
    ASSERT_FALSE(g.error);
    ASSERT_GT(g.count(), 0u);
    // Upstream's first config (checked with its own code): the low dims shrink together to 8.
    const std::int64_t* first = g.config(0, p.params.size());
    EXPECT_EQ(std::vector<std::int64_t>(first, first + 7),
              (std::vector<std::int64_t>{1, 327588, 8, 8, 27534, 8, 8}));
}

TEST(BackendConfigs, MultibufferAndNumWarpsExpansion)
{
    AxisParse parse;
    parse.splitParams = {{"x", "BLOCK"}};
    parse.lowDimAxes = {"x"};
    parse.numBuffers = 3;
    LaunchSpec launch;
    launch.backend = ts::test::backend2604();
    launch.keyValues = {{"x", 4096}};
    launch.tensorDtypes = {"float16", "float32", "torch.int8"};

    const auto b2 = GeneratorDevice::forSoc("Ascend910B2", 24);
    BackendConfigs out = generateBackendConfigs(parse, launch, b2);
    ASSERT_FALSE(out.error);
    EXPECT_EQ(out.dtype, "torch.float32");
    EXPECT_EQ(out.dtypeBytes, 4);
    EXPECT_EQ(out.key, (std::vector<std::string>{"4096", "torch.float16", "torch.float32", "torch.int8"}));
    const std::size_t bases = out.tiles.count();
    ASSERT_GT(bases, 0u);
    ASSERT_EQ(out.configs.size(), 2 * bases);
    for (std::size_t i = 0; i < bases; ++i) {
        EXPECT_EQ(findKwarg(out.configs[2 * i].kwargs, "multibuffer"), nullptr);
        const ParamValue* mb = findKwarg(out.configs[2 * i + 1].kwargs, "multibuffer");
        ASSERT_NE(mb, nullptr);
        EXPECT_EQ(*mb, ParamValue::boolean(false)); // the opposite of the default (on)
        EXPECT_EQ(out.configs[2 * i].numWarps, 1);
        EXPECT_EQ(out.configs[2 * i].numStages, 1);
    }

    // 910_95 defaults to multibuffer off, so the copy turns it on.
    out = generateBackendConfigs(parse, launch, GeneratorDevice::forSoc("Ascend910_9589", 32));
    EXPECT_EQ(*findKwarg(out.configs[1].kwargs, "multibuffer"), ParamValue::boolean(true));

    // A launch that fixes multibuffer gets no copies.
    launch.multibuffer = false;
    out = generateBackendConfigs(parse, launch, b2);
    EXPECT_EQ(out.configs.size(), out.tiles.count());

    // SIMT: num_warps 8/16/32/64 per tiling, or the launch's own.
    launch.multibuffer.reset();
    launch.forceSimtOnly = true;
    out = generateBackendConfigs(parse, launch, GeneratorDevice::forSoc("Ascend910_9589", 32));
    ASSERT_FALSE(out.error);
    ASSERT_EQ(out.configs.size(), 4 * out.tiles.count());
    EXPECT_EQ(out.configs[0].numWarps, 8);
    EXPECT_EQ(out.configs[3].numWarps, 64);
    EXPECT_EQ(out.configs[0].kwargs, out.configs[3].kwargs);
    launch.numWarps = 16;
    out = generateBackendConfigs(parse, launch, GeneratorDevice::forSoc("Ascend910_9589", 32));
    EXPECT_EQ(out.configs.size(), out.tiles.count());
    EXPECT_EQ(out.configs[0].numWarps, 16);
}

TEST(BackendConfigs, UserConfigsFollowGeneratedOnesOrReplaceThem)
{
    AxisParse parse;
    parse.splitParams = {{"x", "BLOCK"}};
    parse.numBuffers = 2;
    LaunchSpec launch;
    launch.backend = ts::test::backend2604();
    launch.keyValues = {{"x", 1 << 16}};
    launch.tensorDtypes = {"bfloat16"};
    TritonConfig mine;
    mine.kwargs = {{"BLOCK", ParamValue::integer(1024)}};
    launch.userConfigs = {mine};
    const auto device = GeneratorDevice::forSoc("Ascend910B3", 20);

    BackendConfigs out = generateBackendConfigs(parse, launch, device);
    EXPECT_FALSE(out.generationRan);
    ASSERT_EQ(out.configs.size(), 1u);
    EXPECT_EQ(out.origins[0], BackendConfigs::Origin::User);

    launch.autoGenConfigHint = true;
    out = generateBackendConfigs(parse, launch, device);
    ASSERT_GT(out.configs.size(), 1u);
    EXPECT_EQ(out.configs.back(), mine);
    EXPECT_EQ(out.origins.back(), BackendConfigs::Origin::User);
    EXPECT_EQ(out.generatedCount(), out.configs.size() - 1);

    launch.tensorDtypes.clear();
    out = generateBackendConfigs(parse, launch, device);
    ASSERT_TRUE(out.error);
    EXPECT_EQ(*out.error, "NotImplementedError: Not support for non-Tensor inputs");

    launch.tensorDtypes = {"float17"};
    out = generateBackendConfigs(parse, launch, device);
    ASSERT_TRUE(out.error);
    EXPECT_NE(out.error->find("KeyError"), std::string::npos);
}

TEST(BackendConfigs, DtypeTable)
{
    EXPECT_EQ(dtypeBytes("float16"), 2);
    EXPECT_EQ(dtypeBytes("torch.bfloat16"), 2);
    EXPECT_EQ(dtypeBytes("half"), 2);
    EXPECT_EQ(dtypeBytes("int64"), 8);
    EXPECT_EQ(dtypeBytes("bool"), 1);
    EXPECT_EQ(dtypeBytes("float8_e4m3fn"), 1);
    EXPECT_EQ(dtypeBytes("complex128"), 16);
    EXPECT_EQ(dtypeBytes("nope"), 0);
    EXPECT_EQ(canonicalDtype("float"), "torch.float32");
    EXPECT_TRUE(isValidAxisName("rx"));
    EXPECT_TRUE(isValidAxisName("t"));
    EXPECT_FALSE(isValidAxisName("r"));
    EXPECT_FALSE(isValidAxisName("q"));
}

TEST(BackendConfigs, NextPowerOf2LikeTheBackend)
{
    EXPECT_EQ(nextPowerOf2(0), 0);
    EXPECT_EQ(nextPowerOf2(1), 1);
    EXPECT_EQ(nextPowerOf2(3), 4);
    EXPECT_EQ(nextPowerOf2(1024), 1024);
    EXPECT_EQ(nextPowerOf2(1025), 2048);
    EXPECT_EQ(nextPowerOf2(-7), 0);
}
