// The candidate space: the backend's list first and unchanged, the lattice around it with a
// status and a reason for every point, hints and multibuffer crossing, metrics and reports.

#include "backend_versions.h"
#include "core/space/candidate_space.h"
#include "core/space/space_report.h"
#include "core/npu/cost_program.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stop_token>

using namespace ts::space;
using ts::analysis::AxisParse;

namespace {

// A 1-D kernel with a split and a tiling parameter on the same axis (x_ptr, y_ptr, out_ptr).
AxisParse splitTilingParse()
{
    AxisParse parse;
    parse.keys = {{"x", "n"}};
    parse.splitParams = {{"x", "XBLOCK"}};
    parse.tilingParams = {{"x", "XBLOCK_SUB"}};
    parse.lowDimAxes = {"x"};
    parse.numBuffers = 3;
    parse.completed = true;
    return parse;
}

LaunchSpec launchOf(std::int64_t n, const std::string& dtype = "float16")
{
    LaunchSpec launch;
    launch.backend = ts::test::backend2604();  // the lattice is walked under 2026-04's rows
    launch.keyValues = {{"x", n}};
    launch.tensorDtypes = {dtype, dtype, dtype};
    return launch;
}

// A lattice point that is a generated tiling with a setting its version never lists.
bool isOptionPoint(const CandidateSpace& s, std::size_t i)
{
    const ReasonCode code = s.reason(i);
    return code == ReasonCode::NumStagesTied || code == ReasonCode::MaxAutotuneOnly || code == ReasonCode::OutsideHint;
}

GeneratorDevice b2()
{
    return GeneratorDevice::forSoc("Ascend910B2", 24);
}

SpaceOptions withLattice(std::size_t maxPoints = 200000)
{
    SpaceOptions options;
    options.lattice = true;
    options.maxLatticePoints = maxPoints;
    return options;
}

std::vector<std::int64_t> tunables(const CandidateSpace& s, std::size_t i)
{
    std::vector<std::int64_t> out;
    for (std::size_t j = 0; j < s.dimensions().size(); ++j)
        if (s.dimensions()[j].kind == SpaceDimension::Kind::Tunable)
            out.push_back(s.values(i)[j]);
    return out;
}

// The hard constraints, recomputed here from the metrics and values, independently of the
// space's own bookkeeping.
bool breaksHardConstraint(const CandidateSpace& s, std::size_t i)
{
    const TileProblem& p = s.backend().problem;
    const CandidateMetrics m = s.metrics(i);
    if (m.ubBytes > std::int64_t(p.localMemKib) * 1024 || m.programs > 65535)
        return true;
    const auto v = tunables(s, i);
    const int block = p.paramIndex("XBLOCK");
    const int sub = p.paramIndex("XBLOCK_SUB");
    if (block < 0 || sub < 0)
        return false;
    const std::int64_t align = 32 / p.dtypeBytes;
    if (v[std::size_t(sub)] > v[std::size_t(block)])
        return true;
    const std::int64_t t = v[std::size_t(sub)];
    return !(t <= align || t % align == 0 || t == v[std::size_t(block)]);
}

} // namespace

TEST(CandidateSpace, BackendListComesFirstUnchanged)
{
    LaunchSpec launch = launchOf(98432);
    TritonConfig mine;
    mine.kwargs = {{"XBLOCK", ParamValue::integer(4096)}, {"XBLOCK_SUB", ParamValue::integer(1024)}};
    mine.numWarps = 2;
    launch.userConfigs = {mine};
    launch.autoGenConfigHint = true;
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launch, {}, b2(), withLattice());
    const BackendConfigs& b = s.backend();
    ASSERT_FALSE(s.error());
    ASSERT_GT(b.configs.size(), 2u);
    for (std::size_t i = 0; i < b.configs.size(); ++i) {
        SCOPED_TRACE(b.configs[i].toPython());
        EXPECT_EQ(s.params(i), b.configs[i].kwargs);
        EXPECT_EQ(s.numWarps(i), b.configs[i].numWarps);
        EXPECT_EQ(s.numStages(i), b.configs[i].numStages);
        EXPECT_EQ(s.backendIndex(i), std::int32_t(i));
        const CandidateStatus expected =
            b.origins[i] == BackendConfigs::Origin::User ? CandidateStatus::User : CandidateStatus::Generated;
        EXPECT_EQ(s.status(i), expected);
    }
    EXPECT_EQ(s.status(b.configs.size() - 1), CandidateStatus::User);
    EXPECT_EQ(s.reason(b.configs.size() - 1), ReasonCode::Handwritten);
    for (std::size_t i = b.configs.size(); i < s.size(); ++i) {
        EXPECT_NE(s.status(i), CandidateStatus::Generated);
        EXPECT_NE(s.status(i), CandidateStatus::User);
        EXPECT_EQ(s.backendIndex(i), -1);
    }
    EXPECT_EQ(s.count(CandidateStatus::Generated), b.generatedCount());
}

TEST(CandidateSpace, LatticeStatusesMakeSense)
{
    const CandidateSpace s =
        CandidateSpace::build(splitTilingParse(), launchOf(4096), {}, b2(), withLattice());
    ASSERT_TRUE(s.hasLattice());
    EXPECT_EQ(s.size(), s.latticePoints()); // no handwritten configs: every point once

    std::set<std::vector<std::int64_t>> generatedTilings;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s.status(i) == CandidateStatus::Generated)
            generatedTilings.insert(tunables(s, i));
    EXPECT_EQ(generatedTilings.size(), s.backend().tiles.count());

    std::map<CandidateStatus, std::size_t> seen;
    for (std::size_t i = 0; i < s.size(); ++i) {
        ++seen[s.status(i)];
        const std::string why = s.describe(i);
        switch (s.status(i)) {
        case CandidateStatus::Generated:
            EXPECT_EQ(generatedTilings.count(tunables(s, i)), 1u);
            break;
        case CandidateStatus::Pruned:
            EXPECT_TRUE(isHardConstraint(s.reason(i))) << i;
            EXPECT_TRUE(breaksHardConstraint(s, i)) << i << ": " << why;
            EXPECT_EQ(generatedTilings.count(tunables(s, i)), 0u);
            EXPECT_FALSE(why.empty());
            break;
        case CandidateStatus::Skipped:
            // program-limit also names the walk's vector-core threshold, a soft rule.
            EXPECT_TRUE(!isHardConstraint(s.reason(i)) || s.reason(i) == ReasonCode::ProgramLimit) << i;
            EXPECT_EQ(s.violations(i), 0u);
            EXPECT_FALSE(breaksHardConstraint(s, i)) << i << ": " << why;
            // An option point is a generated tiling with another setting (test_lattice_options).
            EXPECT_EQ(generatedTilings.count(tunables(s, i)), isOptionPoint(s, i) ? 1u : 0u);
            EXPECT_FALSE(why.empty());
            break;
        case CandidateStatus::User:
            ADD_FAILURE() << "no handwritten configs were given";
            break;
        case CandidateStatus::Incorrect:
            EXPECT_EQ(s.launch(i).coverage, ts::analysis::Coverage::Incorrect) << i;
            EXPECT_FALSE(why.empty());
            break;
        }
        if (s.status(i) != CandidateStatus::Generated) {
            EXPECT_NE(s.reason(i), ReasonCode::None) << i;
        }
    }
    EXPECT_GT(seen[CandidateStatus::Pruned], 0u);
    EXPECT_GT(seen[CandidateStatus::Skipped], 0u);

    // Lattice values: powers of two and 32-byte multiples up to the length, plus generated ones.
    const SpaceDimension& sub = s.dimensions()[1];
    ASSERT_EQ(sub.name, "XBLOCK_SUB");
    for (std::int64_t v : {1, 2, 4, 8, 16, 48, 4080, 4096})
        EXPECT_TRUE(std::binary_search(sub.values.begin(), sub.values.end(), v)) << v;
    EXPECT_FALSE(std::binary_search(sub.values.begin(), sub.values.end(), std::int64_t(24)));
}

TEST(CandidateSpace, SkippedPointsNameTheirNearestGeneratedNeighbour)
{
    const CandidateSpace s =
        CandidateSpace::build(splitTilingParse(), launchOf(98432), {}, b2(), withLattice());
    std::size_t offWalk = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.status(i) != CandidateStatus::Skipped || isOptionPoint(s, i))
            continue; // an option point names its twin (test_lattice_options)
        const std::int32_t n = s.neighbour(i);
        ASSERT_GE(n, 0);
        EXPECT_EQ(s.status(std::size_t(n)), CandidateStatus::Generated);
        // Same multibuffer setting as the skipped point.
        std::size_t mb = 0;
        while (s.dimensions()[mb].name != "multibuffer")
            ++mb;
        EXPECT_EQ(s.values(std::size_t(n))[mb], s.values(i)[mb]);
        EXPECT_NE(s.describe(i).find("nearest generated candidate #" + std::to_string(n)), std::string::npos)
            << s.describe(i);
        if (s.reason(i) == ReasonCode::OffWalk)
            ++offWalk;
    }
    EXPECT_GT(offWalk, 0u);

    // A point one aligned step from a generated tiling has that tiling (or one as close) as
    // its neighbour: check the distance is minimal in log2 space.
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.reason(i) != ReasonCode::OffWalk)
            continue;
        const auto mine = tunables(s, i);
        auto dist = [&](std::size_t j) {
            const auto other = tunables(s, j);
            double d = 0;
            for (std::size_t k = 0; k < mine.size(); ++k)
                d += std::abs(std::log2(double(mine[k])) - std::log2(double(other[k])));
            return d;
        };
        const double best = dist(std::size_t(s.neighbour(i)));
        for (std::size_t g = 0; g < s.count(CandidateStatus::Generated); ++g)
            EXPECT_LE(best, dist(g) + 1e-4);
        break; // one point is enough for the exhaustive check
    }
}

TEST(CandidateSpace, EveryReasonCodeIsReachable)
{
    std::map<ReasonCode, std::string> examples;
    auto collect = [&](const CandidateSpace& s) {
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s.status(i) != CandidateStatus::Generated) {
                EXPECT_NE(s.reason(i), ReasonCode::None);
                EXPECT_FALSE(s.describe(i).empty()) << i;
            }
            if (!examples.count(s.reason(i)))
                examples[s.reason(i)] = s.describe(i);
        }
        // The one-pass tally the explorer's reason filter lists is the count of each reason.
        const auto counts = s.reasonCounts();
        std::size_t total = 0;
        for (int c = 0; c < kReasonCodeCount; ++c) {
            EXPECT_EQ(counts[std::size_t(c)], s.count(ReasonCode(c))) << reasonCodeName(ReasonCode(c));
            total += counts[std::size_t(c)];
        }
        EXPECT_EQ(total, s.size());
    };

    // Large 1-D kernel: UB, program limit (pruned and skipped), alignment, block, walk rules.
    collect(CandidateSpace::build(splitTilingParse(), launchOf(100000), {}, b2(), withLattice()));

    // Handwritten configs: one with a zero block, one without XBLOCK_SUB; generation off.
    LaunchSpec handwritten = launchOf(4096);
    TritonConfig zero, missing, fine;
    zero.kwargs = {{"XBLOCK", ParamValue::integer(0)}, {"XBLOCK_SUB", ParamValue::integer(64)}};
    missing.kwargs = {{"XBLOCK", ParamValue::integer(256)}};
    fine.kwargs = {{"XBLOCK", ParamValue::integer(256)}, {"XBLOCK_SUB", ParamValue::integer(128)}};
    handwritten.userConfigs = {zero, missing, fine};
    const CandidateSpace h = CandidateSpace::build(splitTilingParse(), handwritten, {}, b2(), withLattice());
    EXPECT_EQ(h.reason(0), ReasonCode::InvalidValue);
    EXPECT_EQ(h.reason(1), ReasonCode::MissingParam);
    EXPECT_EQ(h.status(0), CandidateStatus::User); // kept, never dropped
    EXPECT_EQ(h.status(1), CandidateStatus::User);
    EXPECT_EQ(h.reason(2), ReasonCode::Handwritten);
    EXPECT_GT(h.count(ReasonCode::GenerationOff), 0u);
    collect(h);

    // Nothing generated: an axis without parameters over the budget (fallback config).
    AxisParse stuck;
    stuck.keys = {{"x", "m"}, {"y", "n"}};
    stuck.splitParams = {{"x", "XBLOCK"}};
    stuck.lowDimAxes = {"y"};
    stuck.numBuffers = 2;
    LaunchSpec wide;
    wide.backend = ts::test::backend2604(); // its fallback config raises at a84b1eb
    wide.keyValues = {{"x", 64}, {"y", 1 << 17}};
    wide.tensorDtypes = {"float32", "float32"};
    const CandidateSpace n = CandidateSpace::build(stuck, wide, {}, b2(), withLattice());
    ASSERT_EQ(n.reason(0), ReasonCode::Fallback);
    EXPECT_NE(n.describe(0).find("handwritten triton.Config"), std::string::npos);
    ASSERT_TRUE(n.error());
    collect(n);
    // The only split parameter sits on a persistent reduction axis: the walk stops there
    // before trying anything, though small RBLOCK_SUB tiles are valid.
    AxisParse persistent;
    persistent.keys = {{"x", "m"}, {"rx", "n"}};
    persistent.splitParams = {{"rx", "RBLOCK"}};
    persistent.tilingParams = {{"rx", "RBLOCK_SUB"}};
    persistent.lowDimAxes = {"rx"};
    persistent.reductionAxes = {"rx"};
    persistent.persistentReduction = true;
    persistent.numBuffers = 2;
    LaunchSpec rows;
    rows.backend = ts::test::backend2604();
    rows.keyValues = {{"x", 64}, {"rx", 512}};
    rows.tensorDtypes = {"float32", "float32"};
    const CandidateSpace f = CandidateSpace::build(persistent, rows, {}, b2(), withLattice());
    EXPECT_EQ(f.backend().generatedCount(), 0u);
    EXPECT_NE(f.backend().emptyExplanation.english().find("persistent reduction axis rx (512 elements)"),
              std::string::npos)
        << f.backend().emptyExplanation.english();
    EXPECT_GT(f.count(ReasonCode::NothingGenerated), 0u);
    collect(f);

    // The backend raises during the parse, but the axes are known.
    AxisParse missingArg = splitTilingParse();
    missingArg.error = "ValueError: Missing required arguments: ['GROUP_SIZE_M']. These "
                       "arguments must be explicitly provided and cannot be automatically tuned.";
    const CandidateSpace e = CandidateSpace::build(missingArg, launchOf(4096), {}, b2(), withLattice());
    ASSERT_TRUE(e.error());
    EXPECT_EQ(e.count(CandidateStatus::Generated), 0u);
    EXPECT_GT(e.count(ReasonCode::BackendError), 0u);
    collect(e);

    for (int c = 1; c < kReasonCodeCount; ++c) {
        const auto code = ReasonCode(c);
        if (isCubeReason(code))
            continue; // the cube generator's codes: tests/test_cube_generator.cpp
        if (code == ReasonCode::Uncovered || code == ReasonCode::Overrun)
            continue; // coverage needs the kernel's launch: tests/test_launch_model.cpp
        if (code == ReasonCode::NumStagesTied || code == ReasonCode::MaxAutotuneOnly || code == ReasonCode::OutsideHint)
            continue; // the option points need a version's list and hints: tests/test_lattice_options.cpp
        EXPECT_TRUE(examples.count(code)) << "never produced: " << reasonCodeName(code);
        if (examples.count(code)) {
            EXPECT_FALSE(examples[code].empty()) << reasonCodeName(code);
        }
    }
    // The messages carry the numbers.
    EXPECT_NE(examples[ReasonCode::UbCapacity].find(" x 2 B x 3 buffers = "), std::string::npos)
        << examples[ReasonCode::UbCapacity];
    EXPECT_NE(examples[ReasonCode::ProgramLimit].find("programs > "), std::string::npos);
}

TEST(CandidateSpace, HintsCrossTheGeneratedTiling)
{
    HintList hints = {
        {"GROUP_SIZE_M",
         {ParamValue::integer(1), ParamValue::integer(2), ParamValue::integer(4), ParamValue::integer(8)}},
        {"multibuffer", {ParamValue::boolean(false), ParamValue::boolean(true)}},
        {"split_params", {}}}; // an axis hint, not a search dimension
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launchOf(98432), hints, b2());
    const std::size_t bases = s.backend().tiles.count();
    ASSERT_GT(bases, 0u);
    ASSERT_EQ(s.count(CandidateStatus::Generated), bases * 4 * 2);
    ASSERT_EQ(s.dimensions().size(), 4u); // XBLOCK, XBLOCK_SUB, GROUP_SIZE_M, multibuffer
    EXPECT_EQ(s.dimensions()[2].kind, SpaceDimension::Kind::Hint);
    EXPECT_EQ(s.dimensions()[3].kind, SpaceDimension::Kind::Multibuffer);

    // Order: each generated tiling, then GROUP_SIZE_M, then the multibuffer hint's values
    // (which replace the automatic doubling: both explicit, no unset default).
    const Kwargs first = s.params(0);
    ASSERT_EQ(first.size(), 4u);
    EXPECT_EQ(first[2], (std::pair<std::string, ParamValue>{"GROUP_SIZE_M", ParamValue::integer(1)}));
    EXPECT_EQ(first[3], (std::pair<std::string, ParamValue>{"multibuffer", ParamValue::boolean(false)}));
    EXPECT_EQ(s.params(1)[3].second, ParamValue::boolean(true));
    EXPECT_EQ(s.params(2)[2].second, ParamValue::integer(2));
    EXPECT_EQ(s.params(7)[2].second, ParamValue::integer(8));
    for (std::size_t i = 0; i < 8; ++i) {
        EXPECT_EQ(tunables(s, i), tunables(s, 0));
        EXPECT_EQ(s.params(i)[0], s.backend().configs[0].kwargs[0]);
    }
    EXPECT_NE(tunables(s, 8), tunables(s, 0));
    EXPECT_FALSE(s.notes().empty());

    // Without a multibuffer hint the automatic doubling stays: unset, then the opposite.
    hints.erase(hints.begin() + 1);
    const CandidateSpace d = CandidateSpace::build(splitTilingParse(), launchOf(98432), hints, b2());
    ASSERT_EQ(d.count(CandidateStatus::Generated), bases * 4 * 2);
    EXPECT_EQ(d.params(0).size(), 3u); // no multibuffer keyword: the default
    EXPECT_EQ(d.params(1).back(),
              (std::pair<std::string, ParamValue>{"multibuffer", ParamValue::boolean(false)}));

    // A launch that fixes multibuffer drops the dimension (and ignores the hint).
    LaunchSpec fixed = launchOf(98432);
    fixed.multibuffer = true;
    hints.emplace_back("multibuffer", std::vector<ParamValue>{ParamValue::boolean(true)});
    const CandidateSpace f = CandidateSpace::build(splitTilingParse(), fixed, hints, b2());
    EXPECT_EQ(f.count(CandidateStatus::Generated), bases * 4);
    for (const SpaceDimension& dim : f.dimensions())
        EXPECT_NE(dim.kind, SpaceDimension::Kind::Multibuffer);
}

TEST(CandidateSpace, AutoGenConfigHintAddsGenerationToHandwrittenConfigs)
{
    LaunchSpec launch = launchOf(98432);
    TritonConfig mine;
    mine.kwargs = {{"XBLOCK", ParamValue::integer(4096)}, {"XBLOCK_SUB", ParamValue::integer(1024)}};
    launch.userConfigs = {mine};
    const CandidateSpace off = CandidateSpace::build(splitTilingParse(), launch, {}, b2());
    EXPECT_FALSE(off.backend().generationRan);
    EXPECT_EQ(off.size(), 1u);
    const HintList hints = {{"auto_gen_config", {ParamValue::boolean(true)}}};
    const CandidateSpace on = CandidateSpace::build(splitTilingParse(), launch, hints, b2());
    EXPECT_TRUE(on.backend().generationRan);
    EXPECT_GT(on.count(CandidateStatus::Generated), 0u);
    EXPECT_EQ(on.status(on.size() - 1), CandidateStatus::User);
    for (const SpaceDimension& dim : on.dimensions())
        EXPECT_NE(dim.name, "auto_gen_config");
}

TEST(CandidateSpace, LatticeCrossesHintsAndMultibuffer)
{
    HintList hints = {{"GROUP_SIZE_M", {ParamValue::integer(1), ParamValue::integer(8)}}};
    const CandidateSpace s =
        CandidateSpace::build(splitTilingParse(), launchOf(2048), hints, b2(), withLattice());
    std::size_t tilings = 1;
    for (int j = 0; j < 2; ++j)
        tilings *= s.dimensions()[std::size_t(j)].values.size();
    // Besides each generated tiling's option points (tests/test_lattice_options.cpp).
    const std::size_t options = s.count(ReasonCode::NumStagesTied) + s.count(ReasonCode::MaxAutotuneOnly) +
                                s.count(ReasonCode::OutsideHint);
    EXPECT_EQ(s.latticePoints(), tilings * 2 * 2 + options);
    EXPECT_EQ(s.size(), s.latticePoints());
    // Status depends on the tiling only: the hint and multibuffer copies of a point agree.
    for (std::size_t i = s.count(CandidateStatus::Generated); i + 3 < s.size(); i += 4) {
        for (std::size_t c = 1; c < 4; ++c) {
            EXPECT_EQ(tunables(s, i + c), tunables(s, i));
            EXPECT_EQ(s.status(i + c), s.status(i));
            EXPECT_EQ(s.reason(i + c), s.reason(i));
        }
    }
}

TEST(CandidateSpace, SimtExpandsNumWarps)
{
    LaunchSpec launch = launchOf(6000, "float32");
    launch.forceSimtOnly = true;
    const auto device = GeneratorDevice::forSoc("Ascend910_9589", 32);
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launch, {}, device, withLattice());
    ASSERT_FALSE(s.error());
    const std::size_t bases = s.backend().tiles.count();
    ASSERT_EQ(s.count(CandidateStatus::Generated), bases * 4);
    EXPECT_EQ(s.numWarps(0), 8);
    EXPECT_EQ(s.numWarps(3), 64);
    EXPECT_EQ(s.params(0), s.params(3)); // num_warps is not a keyword
    // SIMT tiles must be powers of two; the generator rounds XBLOCK_SUB up to 8192, past the
    // 6000-element block.
    EXPECT_EQ(s.params(0)[1].second, ParamValue::integer(8192));
    bool sawPowerRule = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.reason(i) == ReasonCode::UnalignedTile) {
            sawPowerRule = true;
            EXPECT_NE(s.describe(i).find("power of two"), std::string::npos);
            break;
        }
    }
    EXPECT_TRUE(sawPowerRule);
    // The budget is the 128 KiB register file.
    EXPECT_EQ(s.backend().problem.localMemKib, 128);
}

TEST(CandidateSpace, MetricsPerCandidate)
{
    LaunchSpec launch = launchOf(98432);
    TritonConfig mine;
    mine.kwargs = {{"XBLOCK", ParamValue::integer(1024)}, {"XBLOCK_SUB", ParamValue::integer(512)}};
    launch.userConfigs = {mine};
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launch, {}, b2());
    ASSERT_EQ(s.size(), 1u);
    const CandidateMetrics m = s.metrics(0);
    EXPECT_EQ(m.tileElements, 512);
    EXPECT_EQ(m.ubBytes, 512 * 2 * 3);
    EXPECT_DOUBLE_EQ(m.ubShare, 3072.0 / (192 * 1024));
    EXPECT_EQ(m.programs, 97);                         // ceil(98432 / 1024)
    EXPECT_EQ(m.waves, 3);                             // over 48 vector cores
    EXPECT_DOUBLE_EQ(m.lastWaveUtilisation, 1.0 / 48); // 97 - 96
}

TEST(CandidateSpace, LargeAxesAreThinnedToTheLimit)
{
    SpaceOptions options = withLattice();
    options.maxLatticePoints = 20000;
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launchOf(1 << 20), {}, b2(), options);
    ASSERT_TRUE(s.hasLattice());
    EXPECT_LE(s.latticePoints(), 20000u);
    EXPECT_GT(s.latticePoints(), 1000u);
    bool noted = false;
    for (const std::string& n : s.notes())
        noted = noted || n.find("thinned") != std::string::npos;
    EXPECT_TRUE(noted);
    // Powers of two and generated values survive the thinning.
    const auto& v = s.dimensions()[0].values;
    EXPECT_TRUE(std::binary_search(v.begin(), v.end(), std::int64_t(1) << 19));
    for (std::size_t g = 0; g < s.backend().tiles.count(); ++g)
        EXPECT_TRUE(std::binary_search(v.begin(), v.end(), s.backend().tiles.config(g, 2)[0]));
}

TEST(CandidateSpace, StopFromProgressEndsTheBuildEarly)
{
    SpaceOptions options = withLattice(300'000);
    std::stop_source source;
    options.stop = source.get_token();
    int calls = 0;
    options.progress = [&](double) {
        ++calls;
        source.request_stop();
    };
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launchOf(1 << 20), {}, b2(), options);
    EXPECT_TRUE(s.stopped());
    EXPECT_GE(calls, 1);
    ASSERT_TRUE(s.hasLattice());
    EXPECT_GT(s.latticePoints(), 20'000u);
    EXPECT_LT(s.size(), s.latticePoints());

    // A stop requested before the build: nothing beyond the backend's list.
    std::stop_source early;
    early.request_stop();
    SpaceOptions already = withLattice();
    already.stop = early.get_token();
    const CandidateSpace e = CandidateSpace::build(splitTilingParse(), launchOf(1 << 20), {}, b2(), already);
    EXPECT_TRUE(e.stopped());
    EXPECT_EQ(e.size(), e.count(CandidateStatus::Generated));
}

TEST(CandidateSpace, ProgressIsMonotonicAndReachesOne)
{
    SpaceOptions options = withLattice(300'000);
    std::vector<double> seen;
    options.progress = [&](double f) { seen.push_back(f); };
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launchOf(1 << 20), {}, b2(), options);
    EXPECT_FALSE(s.stopped());
    EXPECT_EQ(s.size(), s.latticePoints());
    ASSERT_FALSE(seen.empty());
    EXPECT_DOUBLE_EQ(seen.back(), 1.0);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1.0), 1);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    EXPECT_GE(seen.front(), 0.0);
    // Steps between the ends, at most one per percent, and the same ones on every build: a
    // count, not the clock, decides them.
    EXPECT_TRUE(std::any_of(seen.begin(), seen.end(), [](double f) { return f > 0 && f < 1; }));
    EXPECT_LE(seen.size(), 102u);
    std::vector<double> again;
    options.progress = [&](double f) { again.push_back(f); };
    (void)CandidateSpace::build(splitTilingParse(), launchOf(1 << 20), {}, b2(), options);
    EXPECT_EQ(again, seen);

    // Without a lattice the build still ends with 1.0.
    SpaceOptions plain;
    seen.clear();
    plain.progress = [&](double f) { seen.push_back(f); };
    const CandidateSpace b = CandidateSpace::build(splitTilingParse(), launchOf(1 << 20), {}, b2(), plain);
    EXPECT_FALSE(b.stopped());
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_DOUBLE_EQ(seen.front(), 1.0);
}

TEST(SpaceReport, JsonCsvAndTable)
{
    LaunchSpec launch = launchOf(512);
    TritonConfig mine;
    mine.kwargs = {{"XBLOCK", ParamValue::integer(256)},
                   {"XBLOCK_SUB", ParamValue::integer(256)},
                   {"EXTRA", ParamValue::boolean(true)}};
    launch.userConfigs = {mine};
    launch.autoGenConfigHint = true;
    const CandidateSpace s = CandidateSpace::build(splitTilingParse(), launch, {}, b2(), withLattice());

    const nlohmann::json doc = spaceToJson(s);
    EXPECT_EQ(doc["device"]["soc"], "Ascend910B2");
    EXPECT_FALSE(doc.contains("error"));
    ASSERT_EQ(doc["candidates"].size(), s.size());
    const auto& first = doc["candidates"][0];
    EXPECT_EQ(first["status"], "generated");
    EXPECT_TRUE(first["reason"].is_null());
    EXPECT_EQ(first["params"]["XBLOCK"], s.backend().configs[0].kwargs[0].second.value);
    EXPECT_TRUE(first["metrics"].contains("lastWaveUtilisation"));
    const std::size_t user = s.backend().generatedCount();
    EXPECT_EQ(doc["candidates"][user]["status"], "user");
    EXPECT_EQ(doc["candidates"][user]["params"]["EXTRA"], true);
    EXPECT_EQ(doc["candidates"][user]["reason"]["code"], "handwritten");
    // Generated first, then handwritten, then the lattice.
    for (std::size_t i = user + 1; i < doc["candidates"].size(); ++i) {
        const std::string status = doc["candidates"][i]["status"];
        ASSERT_TRUE(status == "pruned" || status == "skipped") << i;
        EXPECT_FALSE(doc["candidates"][i]["reason"]["message"].get<std::string>().empty());
    }
    EXPECT_TRUE(doc["trail"].is_array());
    EXPECT_EQ(doc["summary"]["generated"], s.count(CandidateStatus::Generated));

    // The streamed document is the same JSON.
    std::ostringstream streamed;
    writeSpaceJson(streamed, s);
    EXPECT_EQ(nlohmann::json::parse(streamed.str()), doc);
    std::ostringstream indented;
    writeSpaceJson(indented, s, {}, 2);
    EXPECT_EQ(nlohmann::json::parse(indented.str()), doc);

    SpaceReportOptions onlySkipped;
    onlySkipped.only = CandidateStatus::Skipped;
    onlySkipped.maxCandidates = 5;
    const nlohmann::json skipped = spaceToJson(s, onlySkipped);
    ASSERT_EQ(skipped["candidates"].size(), 5u);
    for (const auto& c : skipped["candidates"])
        EXPECT_EQ(c["status"], "skipped");

    std::ostringstream csv;
    writeSpaceCsv(csv, s);
    std::istringstream lines(csv.str());
    std::string header;
    std::getline(lines, header);
    EXPECT_EQ(header.rfind("index,status,XBLOCK,XBLOCK_SUB,multibuffer,other_params,", 0), 0u) << header;
    std::size_t rows = 0;
    std::string line;
    while (std::getline(lines, line))
        ++rows;
    EXPECT_EQ(rows, s.size());
    EXPECT_NE(csv.str().find("EXTRA=True"), std::string::npos);

    const std::string table = formatSpaceTable(s);
    EXPECT_NE(table.find("Device Ascend910B2: 48 vector cores"), std::string::npos) << table;
    EXPECT_NE(table.find("generated"), std::string::npos);
    EXPECT_NE(table.find("more"), std::string::npos); // truncated at 60 rows

    // A backend error is reported.
    AxisParse broken = splitTilingParse();
    broken.error = "ValueError: Missing required arguments: ['GROUP_SIZE_M']";
    const CandidateSpace e = CandidateSpace::build(broken, launchOf(4096), {}, b2());
    const nlohmann::json err = spaceToJson(e);
    ASSERT_TRUE(err.contains("error"));
    EXPECT_EQ(err["error"], *broken.error);
    EXPECT_NE(formatSpaceTable(e).find("error: the backend raises"), std::string::npos);
}

TEST(Vocabulary, ReasonsAndCompileFailuresReadBackFromTheirNames)
{
    // Every pruning reason and compile failure maps to one name and back (cache rows, JSON and
    // CSV carry the names); a name that is none of them is refused.
    std::set<std::string> names;
    for (int i = 0; i < kReasonCodeCount; ++i) {
        const auto code = ReasonCode(i);
        EXPECT_EQ(parseReasonCode(reasonCodeName(code)), code);
        EXPECT_TRUE(names.insert(std::string(reasonCodeName(code))).second);
    }
    EXPECT_EQ(parseReasonCode("ub-capacity"), ReasonCode::UbCapacity);
    EXPECT_FALSE(parseReasonCode("ub-capacityy"));
    for (int i = 0; i < ts::npu::kCompileFailureCount; ++i) {
        const auto failure = ts::npu::CompileFailure(i);
        EXPECT_EQ(ts::npu::parseCompileFailure(ts::npu::compileFailureName(failure)), failure);
        EXPECT_NE(ts::npu::compileFailureName(failure), "unknown");
    }
    EXPECT_EQ(ts::npu::parseCompileFailure("ub-overflow"), ts::npu::CompileFailure::UbOverflow);
    EXPECT_FALSE(ts::npu::parseCompileFailure("unknown"));
}
