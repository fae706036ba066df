// The 2026-08 cube / mix candidate list: search space, memory pruning per device and the 200 s
// time budget. Expected lists, counts and digests were produced by upstream 189dd87's own
// cv_autotune/ code (CVTileGenerator, HeuristicPruner, autotuner.py's _prune_by_time_limit) on
// the same kernels, launches and rough times; a digest is FNV-1a 64 of the configs written
// "BLOCK_M=16,BLOCK_N=16,BLOCK_K=16;..." or of upstream's reason strings joined by newlines.

#include "core/analysis/cube_parse.h"
#include "core/python/parser.h"
#include "core/space/cube_generator.h"

#include "test_cube_kernels.inc"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <stdexcept>
#include <tuple>

using namespace ts::analysis;
using namespace ts::space;
using ts::py::Kind;
using ts::py::Node;

namespace {

std::string fnv(const std::string& text)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string configDigest(const CubeGeneration& g)
{
    std::string text;
    for (std::size_t i = 0; i < g.configs.size(); ++i) {
        text += i ? ";" : "";
        bool first = true;
        for (const auto& [k, v] : g.configs[i].kwargs) {
            text += (first ? "" : ",") + k + "=" + v.toPython();
            first = false;
        }
    }
    return fnv(text);
}

std::string reasonDigest(const CubeGeneration& g)
{
    std::string text;
    for (std::size_t i = 0; i < g.pruned.size(); ++i)
        text += (i ? "\n" : "") + upstreamPruneReason(g.pruned[i]);
    return fnv(text);
}

struct Launch {
    const Node* module = nullptr;
    ParseInput input;
};

Launch launch(const std::string& source, const std::string& name, const std::vector<std::string>& tensors,
              const std::vector<std::pair<std::string, std::int64_t>>& ints)
{
    static std::vector<std::unique_ptr<ts::py::Module>> keep;
    auto parsed = ts::py::parseSource(source, "<kernel>");
    if (!parsed.ok())
        throw std::runtime_error(parsed.error->format());
    keep.push_back(std::move(parsed.module));
    Launch l;
    l.module = keep.back()->root();
    for (const Node* stmt : l.module->list("body"))
        if (stmt->is(Kind::FunctionDef) && stmt->str("name") == name)
            l.input.function = stmt;
    for (const Node* a : l.input.function->child("args")->list("args"))
        l.input.argNames.push_back(a->str("arg"));
    for (const auto& t : tensors) {
        LaunchArgument a;
        a.name = t;
        a.kind = LaunchArgument::Kind::Tensor;
        a.dtype = "float16";
        l.input.args.push_back(a);
    }
    for (const auto& [n, v] : ints) {
        LaunchArgument a;
        a.name = n;
        a.intValue = v;
        l.input.args.push_back(a);
    }
    return l;
}

Launch matmul(std::int64_t m, std::int64_t n, std::int64_t k)
{
    return launch(ts::test::readText(ts::test::examplesDir() / "matmul.py"), "matmul_kernel",
                  {"a_ptr", "b_ptr", "c_ptr"},
                  {{"M", m}, {"N", n}, {"K", k}, {"stride_am", k}, {"stride_ak", 1}, {"stride_bk", n},
                   {"stride_bn", 1}, {"stride_cm", n}, {"stride_cn", 1}});
}

CubeGeneration generate(const Launch& l, const std::string& soc, const std::string& dtype = "float16",
                        bool checkEach = false)
{
    CubeParseOptions o;
    o.module = l.module;
    const CubeParse parse = parseCube(l.input, o);
    EXPECT_FALSE(parse.error) << parse.error.value_or("");
    CubeGenOptions g;
    g.dtype = dtype;
    g.checkEachCandidate = checkEach;
    return generateCubeConfigs(parse, l.input.args, CubeHardware::forSoc(soc), g);
}

struct Expected {
    std::size_t configs;
    std::uint64_t pruned;
    const char* configDigest;
    const char* reasonDigest;
};

// The verdict grid (one byte per position) says what the records say, position for position:
// `grid` may be a generation whose records were capped, `full` one that kept them all.
void expectVerdictsMatchRecords(const CubeGeneration& grid, const CubeGeneration& full)
{
    ASSERT_EQ(grid.verdicts.size(), grid.totalCombinations);
    const auto dropped = std::count_if(grid.verdicts.begin(), grid.verdicts.end(), [](std::uint8_t v) { return v != 0; });
    EXPECT_EQ(std::uint64_t(dropped), grid.prunedCount);
    for (std::uint64_t index : grid.keptIndex)
        EXPECT_EQ(grid.reasonAt(index), ReasonCode::None) << index;
    for (const CubePruned& p : full.pruned) {
        const std::optional<CubePruned> q = grid.prunedAt(p.index);
        ASSERT_TRUE(q) << p.index;
        EXPECT_EQ(grid.reasonAt(p.index), p.code);
        EXPECT_EQ(std::tie(q->site, q->code, q->blockM, q->blockN, q->blockK, q->bytes, q->capacity),
                  std::tie(p.site, p.code, p.blockM, p.blockN, p.blockK, p.bytes, p.capacity))
            << p.index;
    }
}

void expectList(const CubeGeneration& g, const Expected& e)
{
    EXPECT_FALSE(g.error) << g.error.value_or("");
    EXPECT_EQ(g.configs.size(), e.configs);
    EXPECT_EQ(g.prunedCount, e.pruned);
    EXPECT_EQ(g.pruned.size(), e.pruned);
    EXPECT_EQ(g.configs.size() + g.prunedCount, g.totalCombinations);
    EXPECT_EQ(configDigest(g), e.configDigest);
    EXPECT_EQ(reasonDigest(g), e.reasonDigest);
    expectVerdictsMatchRecords(g, g);
    for (const TritonConfig& c : g.configs) {
        EXPECT_EQ(c.numWarps, 1);
        EXPECT_EQ(c.numStages, 1);
    }
}

constexpr const char* kNoReasons = "cbf29ce484222325"; // FNV-1a of ""

} // namespace

TEST(CubeGenerator, HardwarePerSoc)
{
    const CubeHardware b2 = CubeHardware::forSoc("Ascend910B2");
    EXPECT_EQ(b2.l1Bytes, 512 * 1024);
    EXPECT_EQ(b2.l0aBytes, 64 * 1024);
    EXPECT_EQ(b2.l0bBytes, 64 * 1024);
    EXPECT_EQ(b2.l0cBytes, 128 * 1024);
    EXPECT_EQ(b2.l1Limit(), 256 * 1024);
    EXPECT_EQ(b2.l0aLimit(), 32 * 1024);
    EXPECT_EQ(b2.l0cLimit(), 128 * 1024);
    EXPECT_EQ(CubeHardware::forSoc("Ascend910_9392").l0cBytes, 128 * 1024);
    EXPECT_EQ(CubeHardware::forSoc("Ascend910_9589").l0cBytes, 256 * 1024);
    EXPECT_EQ(CubeHardware::forSoc("Ascend950PR").l0cBytes, 256 * 1024);
    // Upstream has no table for the 310P3 (1 MiB L1, 256 KiB L0C): the A2 figures apply.
    EXPECT_EQ(CubeHardware::forSoc("Ascend310P3").l1Bytes, 512 * 1024);
}

TEST(CubeGenerator, HardwareAgreesWithTheDeviceProfilesBut310P3)
{
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(ts::test::sourceDir() / "resources" / "devices")) {
        const auto doc = nlohmann::json::parse(ts::test::readText(entry.path()));
        const std::string soc = doc.at("soc");
        const auto& f = doc.at("figures");
        const CubeHardware hw = CubeHardware::forSoc(soc);
        const bool same = hw.l1Bytes == f.at("l1_kib").at("value").get<std::int64_t>() * 1024 &&
                          hw.l0aBytes == f.at("l0a_kib").at("value").get<std::int64_t>() * 1024 &&
                          hw.l0bBytes == f.at("l0b_kib").at("value").get<std::int64_t>() * 1024 &&
                          hw.l0cBytes == f.at("l0c_kib").at("value").get<std::int64_t>() * 1024;
        EXPECT_EQ(same, soc != "Ascend310P3") << soc;
        ++checked;
    }
    EXPECT_GE(checked, 8);
}

TEST(CubeGenerator, ValueSteps)
{
    const CubeGeneration g = generate(matmul(200, 72, 40), "Ascend910B2");
    ASSERT_EQ(g.params.size(), 3u);
    EXPECT_EQ(g.params[0].name, "BLOCK_M");
    EXPECT_EQ(g.params[0].values, (std::vector<std::int64_t>{16, 32, 48, 64, 96, 128, 160, 192, 200}));
    EXPECT_EQ(g.params[1].values, (std::vector<std::int64_t>{16, 32, 48, 64, 72}));
    EXPECT_EQ(g.params[2].name, "BLOCK_K");
    EXPECT_EQ(g.params[2].role, "K");
    EXPECT_EQ(g.params[2].values, (std::vector<std::int64_t>{16, 32, 40}));
    EXPECT_TRUE(g.params[0].lengthResolved);
    expectList(g, {135, 0, "1020a0ec0c1fad28", kNoReasons});
    EXPECT_EQ(g.configs.back().toPython(),
              "triton.Config({'BLOCK_M': 200, 'BLOCK_N': 72, 'BLOCK_K': 40}, num_warps=1, num_stages=1)");
}

TEST(CubeGenerator, Matmul4096PerDevice)
{
    const Launch l = matmul(4096, 4096, 4096);
    const CubeGeneration b2 = generate(l, "Ascend910B2");
    ASSERT_EQ(b2.params.size(), 3u);
    EXPECT_EQ(b2.params[0].values.size(), 130u); // 16, 32, 48, 64, then every 32 up to 4096
    EXPECT_EQ(b2.totalCombinations, 130ull * 130 * 130);
    expectList(b2, {794, 2196206, "a91f4fae3a183ec0", "ae0ea2731967c566"});
    EXPECT_EQ(b2.prunedBy[0], 2160914u); // upstream's "L1" reasons
    EXPECT_EQ(b2.prunedBy[1] + b2.prunedBy[2] + b2.prunedBy[3], 35292u); // all labelled "L0a" upstream
    EXPECT_EQ(upstreamPruneReason(b2.pruned[0]), "Memory limit: L0a: 33792 > 32768");

    const CubeGeneration a5 = generate(l, "Ascend910_9589"); // 256 KiB L0C
    expectList(a5, {1008, 2195992, "1760f28d7297f89c", "fa9b176b6f370994"});

    // From the lengths the parse resolved: the same list.
    CubeParseOptions po;
    po.module = l.module;
    expectList(generateCubeConfigs(parseCube(l.input, po), CubeHardware::forSoc("Ascend910B2")),
               {794, 2196206, "a91f4fae3a183ec0", "ae0ea2731967c566"});

    // Every candidate checked on its own gives the same list.
    const CubeGeneration each = generate(l, "Ascend910B2", "float16", true);
    expectList(each, {794, 2196206, "a91f4fae3a183ec0", "ae0ea2731967c566"});
    EXPECT_EQ(each.prunedBy, b2.prunedBy);
}

TEST(CubeGenerator, PruneRecordsCarryTheNumbers)
{
    const CubeGeneration g = generate(matmul(4096, 4096, 4096), "Ascend910B2");
    ASSERT_FALSE(g.pruned.empty());
    const CubePruned& p = g.pruned[0]; // BLOCK_M=16, BLOCK_N=16, BLOCK_K=1056
    EXPECT_EQ(g.valuesAt(p.index), (std::vector<std::int64_t>{16, 16, 1056}));
    EXPECT_EQ(p.code, ReasonCode::CubeL0aCapacity);
    EXPECT_EQ(p.bytes, 16 * 1056 * 2);
    EXPECT_EQ(p.capacity, 32768);
    EXPECT_EQ(describeCubePrune(p, g.hardware, g.dtypeBytes),
              "dot site 0: L0A: 16 x 1056 x 2 B = 33 KiB > 32 KiB (64 KiB L0A / 2 buffers)");
    EXPECT_EQ(describeCubeCapacity(p.code, p.bytes, p.capacity), "L0A: M x K tile needs 33 KiB > 32 KiB (L0A / 2 buffers)");
    bool sawL0c = false, sawL1 = false;
    for (const CubePruned& q : g.pruned) {
        if (q.code == ReasonCode::CubeL0cCapacity && !sawL0c) {
            sawL0c = true;
            EXPECT_EQ(q.bytes, q.blockM * q.blockN * 4);
            EXPECT_GT(q.bytes, 128 * 1024);
            EXPECT_EQ(upstreamPruneReason(q).rfind("Memory limit: L0a: ", 0), 0u); // upstream's label
        }
        if (q.code == ReasonCode::CubeL1Capacity && !sawL1) {
            sawL1 = true;
            EXPECT_EQ(q.bytes, (q.blockM * q.blockK + q.blockK * q.blockN) * 2);
        }
    }
    EXPECT_TRUE(sawL0c);
    EXPECT_TRUE(sawL1);
    // The records can be capped; the counts stay complete.
    CubeParseOptions o;
    const Launch l = matmul(4096, 4096, 4096);
    o.module = l.module;
    CubeGenOptions capped;
    capped.maxPrunedRecords = 100;
    const CubeGeneration c = generateCubeConfigs(parseCube(l.input, o), l.input.args,
                                                     CubeHardware::forSoc("Ascend910B2"), capped);
    EXPECT_EQ(c.pruned.size(), 100u);
    EXPECT_EQ(c.prunedCount, g.prunedCount);
    // The verdict grid is complete all the same: every dropped candidate, with its reason.
    expectVerdictsMatchRecords(c, g);
    EXPECT_EQ(c.configs.size(), g.configs.size());
}

TEST(CubeGenerator, Fp32WithFixedK)
{
    Launch l = matmul(512, 300, 512);
    LaunchArgument k;
    k.name = "BLOCK_K";
    k.intValue = 128;
    l.input.args.push_back(k);
    const CubeGeneration g = generate(l, "Ascend910B2", "float32");
    EXPECT_EQ(g.dtypeBytes, 4);
    ASSERT_EQ(g.params.size(), 2u);
    expectList(g, {16, 200, "6299dcb2c62336ec", "2decb0fc0bbd12db"});
}

TEST(CubeGenerator, EpilogueHelperAttentionUnresolvedAndLoadedRows)
{
    const auto epilogue = launch(cube_kernels::kEpilogue, "mm_bias_relu", {"a_ptr", "b_ptr", "bias_ptr", "c_ptr"},
                                 {{"M", 1000}, {"N", 384}, {"K", 256}, {"stride_am", 256}, {"stride_ak", 1},
                                  {"stride_bk", 384}, {"stride_bn", 1}, {"stride_cm", 384}, {"stride_cn", 1}});
    expectList(generate(epilogue, "Ascend910B2"), {667, 4093, "c71b90c4f2bdb169", "70d67478cdd87841"});
    expectList(generate(epilogue, "Ascend910_9589"), {833, 3927, "64264868706250a4", "838f232eb3ce8223"});
    expectList(generate(epilogue, "Ascend910_9589", "float16", true),
               {833, 3927, "64264868706250a4", "838f232eb3ce8223"});

    const auto helper = launch(cube_kernels::kHelper, "mm_helper", {"a_ptr", "b_ptr", "c_ptr"},
                               {{"M", 128}, {"N", 160}, {"K", 96}});
    expectList(generate(helper, "Ascend910B2"), {210, 0, "0ede113b0d20e784", kNoReasons});

    const auto attention = launch(cube_kernels::kAttention, "attn_fwd", {"Q", "Kt", "V", "Out"},
                                  {{"seq_len", 1024}, {"HEAD_DIM", 64}});
    expectList(generate(attention, "Ascend910B2"), {70, 1086, "bf1696817ab48142", "b18be744e8f5a218"});
    expectList(generate(attention, "Ascend910_9589"), {70, 1086, "bf1696817ab48142", "81a492e829b7e03b"});
    expectList(generate(attention, "Ascend910B2", "float16", true),
               {70, 1086, "bf1696817ab48142", "b18be744e8f5a218"});

    const auto unresolved = launch(cube_kernels::kUnresolved, "mm_unmasked", {"a_ptr", "b_ptr", "c_ptr"},
                                   {{"stride_a", 64}, {"stride_b", 64}});
    const CubeGeneration u = generate(unresolved, "Ascend910B2");
    ASSERT_EQ(u.params.size(), 3u);
    EXPECT_EQ(u.params[2].maxValue, 256); // unresolved: 256, K included
    EXPECT_FALSE(u.params[2].lengthResolved);
    expectList(u, {506, 494, "91485ea8cdb4186a", "d44fa2180091bc16"});
    expectList(generate(unresolved, "Ascend910_9589"), {558, 442, "170368eb41dc8014", "cbdc89cc717c175e"});

    const auto rows = launch(cube_kernels::kDynamicRows, "grouped_mm", {"a_ptr", "b_ptr", "c_ptr", "sizes_ptr"},
                             {{"N", 96}, {"K", 64}});
    expectList(generate(rows, "Ascend910B2"), {338, 162, "e5688b603dfbcb6c", "c42e79ad27a4f667"});
}

TEST(CubeGenerator, AxisBelowSixteenRaisesIndexError)
{
    const CubeGeneration g = generate(matmul(8, 64, 64), "Ascend910B2");
    ASSERT_TRUE(g.error);
    EXPECT_EQ(*g.error, "IndexError: list index out of range");
    EXPECT_TRUE(g.configs.empty());
}

TEST(CubeGenerator, HugeCrossProductIsRefused)
{
    const CubeGeneration g = generate(matmul(1 << 20, 1 << 20, 1 << 20), "Ascend910B2");
    ASSERT_TRUE(g.error);
    EXPECT_EQ(g.error->rfind("too many candidates: ", 0), 0u) << *g.error;
    EXPECT_TRUE(g.configs.empty());
}

TEST(CubeGenerator, NoDotSitesGivesNothing)
{
    CubeParse parse;
    const CubeGeneration g = generateCubeConfigs(parse, {}, CubeHardware::forSoc("Ascend910B2"));
    EXPECT_FALSE(g.error);
    EXPECT_TRUE(g.params.empty());
    EXPECT_TRUE(g.configs.empty());
}

namespace {

CubeAxis axis(std::optional<std::string> symbol, std::optional<std::string> length, std::string state,
              std::optional<std::string> param = std::nullopt, std::optional<std::int64_t> value = std::nullopt)
{
    CubeAxis a;
    a.axisSymbol = std::move(symbol);
    a.lengthExpr = std::move(length);
    a.state = std::move(state);
    a.tunableParam = std::move(param);
    a.constValue = value;
    return a;
}

} // namespace

TEST(CubeGenerator, TunableParamsWithoutDotSiteParameters)
{
    // No site axis is tunable: every tunable parameter gets 256 values (128 for a BLOCK_K name),
    // and the pruner checks the site's fixed 64 x 128 x 64 tile for all of them.
    CubeParse parse;
    CubeDotSite site;
    site.m = axis("BM", std::nullopt, "fixed_compile_time", std::nullopt, 64);
    site.n = axis("n", "N", "runtime_non_tunable");
    site.k = axis("k", std::nullopt, "unknown");
    parse.dotSites.push_back(site);
    parse.tunableParams = {{"BLOCK_SIZE_M", "OTHER", "signature"}, {"BLOCK_K", "K", "signature"}};
    const CubeGeneration g = generateCubeConfigs(parse, {}, CubeHardware::forSoc("Ascend910B2"));
    ASSERT_EQ(g.params.size(), 2u);
    EXPECT_EQ(g.params[0].values, (std::vector<std::int64_t>{16, 32, 48, 64, 96, 128, 160, 192, 224, 256}));
    EXPECT_EQ(g.params[1].values, (std::vector<std::int64_t>{16, 32, 48, 64, 96, 128}));
    EXPECT_EQ(g.configs.size(), 60u);
    EXPECT_EQ(g.prunedCount, 0u);
}

TEST(CubeGenerator, CoupledParametersAcrossSites)
{
    // BLOCK_M bounds two sites (M = 100 and M2 = 500.7, truncated); BLOCK_N is read from the
    // axis symbol at one site and bounded by the literal " 3_00 " at the other; fp32.
    CubeParse parse;
    CubeDotSite s1;
    s1.siteId = 0;
    s1.m = axis("offs_m", "M", "tunable", "BLOCK_M");
    s1.n = axis("BLOCK_N|BLOCK_N", std::nullopt, "tunable");
    s1.k = axis("offs_k", "K", "tunable", "BLOCK_K");
    CubeDotSite s2;
    s2.siteId = 1;
    s2.m = axis("offs_m", "M2", "tunable", "BLOCK_M");
    s2.n = axis("D", "D", "fixed_compile_time", std::nullopt, 96);
    s2.k = axis("BLOCK_N", " 3_00 ", "tunable", "BLOCK_N");
    parse.dotSites = {s1, s2};
    std::vector<LaunchArgument> args(3);
    args[0].name = "M";
    args[0].intValue = 100;
    args[1].name = "M2";
    args[1].kind = LaunchArgument::Kind::Float;
    args[1].floatValue = 500.7;
    args[2].name = "K";
    args[2].intValue = 40;
    CubeGenOptions o;
    o.dtype = "float32";
    const CubeGeneration g = generateCubeConfigs(parse, args, CubeHardware::forSoc("Ascend910B2"), o);
    ASSERT_EQ(g.params.size(), 3u);
    EXPECT_EQ(g.params[0].values.back(), 500);
    EXPECT_EQ(g.params[1].values.back(), 300);
    EXPECT_EQ(g.params[2].values, (std::vector<std::int64_t>{16, 32, 40}));
    expectList(g, {95, 553, "8fe5174f0071da8d", "dbe870ca02483b49"});
}

TEST(CubeGenerator, TimeBudgetCut)
{
    // Rough times in ms; kept lists as upstream's _prune_by_time_limit returns them.
    std::vector<double> ramp;
    for (int i = 0; i < 40; ++i)
        ramp.push_back(500.0 * (i + 1));
    CubeTimeCut c = cutByTimeBudget(ramp);
    EXPECT_TRUE(c.applied);
    EXPECT_EQ(c.warmup, 1);
    EXPECT_EQ(c.repeat, 1);
    EXPECT_EQ(c.kept.size(), 19u); // 1 + 2 + ... + 19 = 190 s; the 20th makes 210 s > 200 s
    EXPECT_EQ(c.cut.size(), 21u);
    EXPECT_DOUBLE_EQ(c.keptSeconds, 190.0);
    EXPECT_DOUBLE_EQ(c.cumulativeAtCut, 210.0);
    EXPECT_NE(describeTimeCut(c, 19).find("cut by the 200 s budget"), std::string::npos);
    EXPECT_NE(describeTimeCut(c, 19).find("210.0 s > 200 s"), std::string::npos);
    EXPECT_NE(describeTimeCut(c, 0).find("kept"), std::string::npos);

    c = cutByTimeBudget(std::vector<double>(15, 50000.0)); // 100 s each: at least 10 kept
    EXPECT_EQ(c.kept, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    EXPECT_EQ(c.minKept, 10);

    c = cutByTimeBudget({3.0, 1.0, 2.0, 1.0, 0.5, 8.0, 0.5, 4.0, 2.5, 7.0, 6.0, 9.0});
    EXPECT_EQ(c.warmup, 50);
    EXPECT_EQ(c.repeat, 200);
    EXPECT_EQ(c.kept, (std::vector<std::size_t>{4, 6, 1, 3, 2, 8, 0, 7, 10, 9, 5, 11})); // stable by time
    EXPECT_TRUE(c.cut.empty());

    std::vector<double> withInf = {2000.0, std::numeric_limits<double>::infinity(), 1500.0};
    withInf.insert(withInf.end(), 12, 30000.0);
    c = cutByTimeBudget(withInf);
    EXPECT_EQ(c.kept, (std::vector<std::size_t>{2, 0, 3, 4, 5, 6, 7, 8, 9, 10}));

    std::vector<double> mixed;
    for (int i = 0; i < 300; ++i)
        mixed.push_back(0.04 * (1 + (i * 7919) % 97));
    c = cutByTimeBudget(mixed);
    EXPECT_EQ(c.warmup, 625);
    EXPECT_EQ(c.repeat, 2500);
    EXPECT_EQ(c.kept, (std::vector<std::size_t>{
                          0,   97,  194, 291, 36,  133, 230, 72,  169, 266, 11,  108, 205, 47,  144, 241, 83,  180, 277,
                          22,  119, 216, 58,  155, 252, 94,  191, 288, 33,  130, 227, 69,  166, 263, 8,   105, 202, 299,
                          44,  141, 238, 80,  177, 274, 19,  116, 213, 55,  152, 249, 91,  188, 285, 30,  127, 224, 66,
                          163, 260, 5,   102, 199, 296, 41,  138, 235, 77,  174, 271, 16,  113, 210, 52,  149, 246, 88,
                          185, 282, 27,  124, 221, 63,  160, 257, 2,   99,  196, 293, 38,  135, 232, 74,  171, 268, 13,
                          110, 207, 49}));
    EXPECT_EQ(c.kept.size() + c.cut.size(), 300u);

    c = cutByTimeBudget({0.0, 1.0});
    ASSERT_TRUE(c.error);
    EXPECT_EQ(*c.error, "ZeroDivisionError: float division by zero");

    c = cutByTimeBudget({4.0}); // a single config is benchmarked as is
    EXPECT_FALSE(c.applied);
    EXPECT_EQ(c.kept, (std::vector<std::size_t>{0}));
    EXPECT_EQ(c.warmup, 5);
    EXPECT_EQ(c.repeat, 30);
}

TEST(CubeGenerator, HintExpansion)
{
    // As upstream's _normalize_config_hints + _expand_configs_with_hints expand two configs.
    std::vector<TritonConfig> base(2);
    base[0].kwargs = {{"BLOCK_M", ParamValue::integer(16)}, {"BLOCK_N", ParamValue::integer(32)}};
    base[1].kwargs = {{"BLOCK_M", ParamValue::integer(32)}, {"BLOCK_N", ParamValue::integer(32)}};
    for (auto& c : base)
        c.numWarps = c.numStages = 1;
    const auto ints = [](std::vector<std::int64_t> v) {
        std::vector<ParamValue> out;
        for (auto x : v)
            out.push_back(ParamValue::integer(x));
        return out;
    };
    std::string error;
    HintList hints = {{"GROUP_SIZE_M", ints({1, 2, 4, 8})},
                      {"multibuffer", {ParamValue::boolean(false), ParamValue::boolean(true)}}};
    auto out = expandConfigsWithHints(base, hints, &error);
    ASSERT_EQ(out.size(), 16u);
    EXPECT_EQ(out[0].toPython(),
              "triton.Config({'BLOCK_M': 16, 'BLOCK_N': 32, 'GROUP_SIZE_M': 1}, num_warps=1, num_stages=1)");
    EXPECT_EQ(out[1].toPython(),
              "triton.Config({'BLOCK_M': 16, 'BLOCK_N': 32, 'GROUP_SIZE_M': 1}, num_warps=1, num_stages=2)");
    EXPECT_EQ(out[2].toPython(),
              "triton.Config({'BLOCK_M': 16, 'BLOCK_N': 32, 'GROUP_SIZE_M': 2}, num_warps=1, num_stages=1)");
    EXPECT_EQ(out[8].toPython(),
              "triton.Config({'BLOCK_M': 32, 'BLOCK_N': 32, 'GROUP_SIZE_M': 1}, num_warps=1, num_stages=1)");

    hints = {{"num_stages", ints({3})}, {"multibuffer", {ParamValue::boolean(false), ParamValue::boolean(true)}},
             {"GROUP_SIZE_M", ints({1})}};
    out = expandConfigsWithHints(base, hints, &error);
    ASSERT_EQ(out.size(), 2u); // an explicit num_stages drops multibuffer
    EXPECT_EQ(out[1].toPython(),
              "triton.Config({'BLOCK_M': 32, 'BLOCK_N': 32, 'GROUP_SIZE_M': 1}, num_warps=1, num_stages=3)");

    hints = {{"multibuffer", ints({1})}};
    EXPECT_TRUE(expandConfigsWithHints(base, hints, &error).empty());
    EXPECT_EQ(error, "hints['multibuffer'] must contain only boolean values.");
    hints = {{"GROUP_SIZE_M", {}}};
    EXPECT_TRUE(expandConfigsWithHints(base, hints, &error).empty());
    EXPECT_EQ(error, "hints['GROUP_SIZE_M'] must be a non-empty list/tuple when used for config expansion.");
    EXPECT_EQ(expandConfigsWithHints(base, {}, &error).size(), 2u);
}

TEST(CubeGenerator, ReasonCodesRoundTrip)
{
    for (ReasonCode code : {ReasonCode::CubeL1Capacity, ReasonCode::CubeL0aCapacity, ReasonCode::CubeL0bCapacity,
                            ReasonCode::CubeL0cCapacity, ReasonCode::CubeTimeBudget}) {
        EXPECT_TRUE(isCubeReason(code));
        EXPECT_EQ(parseReasonCode(reasonCodeName(code)), code);
    }
    EXPECT_EQ(reasonCodeName(ReasonCode::CubeL0aCapacity), "cube-l0a-capacity");
    EXPECT_TRUE(isHardConstraint(ReasonCode::CubeL0cCapacity));
    EXPECT_FALSE(isHardConstraint(ReasonCode::CubeTimeBudget));
    EXPECT_FALSE(isCubeReason(ReasonCode::UbCapacity));
    EXPECT_EQ(describeCubeCapacity(ReasonCode::CubeL0cCapacity, 262144, 131072),
              "L0C: M x N fp32 accumulator needs 256 KiB > 128 KiB");
}
