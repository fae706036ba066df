// A tl.dot kernel's candidate space: every block tiling 2026-08's cube pruning drops is a row of
// the space, read from the generator's verdict grid (not stored as a record), with its reason and
// numbers and the hints it never reaches unset; the rows, the counts and the filter by reason
// agree, for the 4096^3 matmul and a small one, and under 2026-04 (which raises on the kernel)
// the space has no such rows.
#include "backend_versions.h"
#include "core/pipeline/workflow.h"
#include "core/space/candidate_query.h"
#include "core/space/cube_generator.h"
#include "core/space/space_summary.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

using namespace ts;
using space::CandidateStatus;
using space::ReasonCode;

namespace {

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return *r.find(soc);
}

// matmul.json under `backend`, with M, N, K replaced when given.
std::shared_ptr<const space::CandidateSpace> matmulSpace(kernel::BackendVersion backend, std::int64_t m = 0,
                                                         std::int64_t n = 0, std::int64_t k = 0)
{
    auto loaded = kernel::loadWorkload((test::examplesDir() / "matmul.json").string());
    EXPECT_TRUE(loaded.workload);
    kernel::Workload w = *loaded.workload;
    w.backend = backend;
    if (m > 0) {
        std::string error;
        auto arg = [&](const std::string& text) { return *kernel::parseArgValue(text, &error); };
        const std::string mk = "[" + std::to_string(m) + "," + std::to_string(k) + "]";
        const std::string kn = "[" + std::to_string(k) + "," + std::to_string(n) + "]";
        const std::string mn = "[" + std::to_string(m) + "," + std::to_string(n) + "]";
        w.setArg("a_ptr", arg("float16" + mk));
        w.setArg("b_ptr", arg("float16" + kn));
        w.setArg("c_ptr", arg("float16" + mn));
        w.setArg("M", arg(std::to_string(m)));
        w.setArg("N", arg(std::to_string(n)));
        w.setArg("K", arg(std::to_string(k)));
        w.setArg("stride_am", arg(std::to_string(k)));
        w.setArg("stride_bk", arg(std::to_string(n)));
        w.setArg("stride_cm", arg(std::to_string(n)));
    }
    pipeline::AnalyzeResult analysed = pipeline::analyze({w});
    EXPECT_TRUE(analysed.ok());
    pipeline::SpaceRequest request{analysed.analysis, device(w.device), {}};
    return pipeline::buildSpace(request).space;
}

// The candidates a --filter EXPR keeps.
std::vector<std::size_t> matching(const space::CandidateSpace& s, const std::string& text)
{
    space::CandidateQuery query = space::CandidateQuery::parse(text);
    query.bind(&s);
    EXPECT_EQ(query.error(), "") << text;
    return space::matchingCandidates(s, query);
}

int dimension(const space::CandidateSpace& s, const std::string& name)
{
    for (std::size_t j = 0; j < s.dimensions().size(); ++j)
        if (s.dimensions()[j].name == name)
            return int(j);
    return -1;
}

// The pruner's verdict on an fp16 matmul tiling, written out from heuristic_pruner.py's four
// checks in its order: L1 (both operand tiles) over 512 KiB / 2, L0A over 64 KiB / 2, L0B over
// 64 KiB / 2, the fp32 accumulator over 128 KiB; and the bytes of the check that fails.
std::pair<ReasonCode, std::int64_t> verdict(std::int64_t m, std::int64_t n, std::int64_t k)
{
    if (const std::int64_t l1 = (m * k + k * n) * 2; l1 > 256 * 1024)
        return {ReasonCode::CubeL1Capacity, l1};
    if (const std::int64_t l0a = m * k * 2; l0a > 32 * 1024)
        return {ReasonCode::CubeL0aCapacity, l0a};
    if (const std::int64_t l0b = k * n * 2; l0b > 32 * 1024)
        return {ReasonCode::CubeL0bCapacity, l0b};
    if (const std::int64_t l0c = m * n * 4; l0c > 128 * 1024)
        return {ReasonCode::CubeL0cCapacity, l0c};
    return {ReasonCode::None, 0};
}

std::int64_t capacityOf(ReasonCode code)
{
    return code == ReasonCode::CubeL0cCapacity ? 128 * 1024 : code == ReasonCode::CubeL1Capacity ? 256 * 1024 : 32 * 1024;
}

// Every row of a matmul space against the pruner's checks written out above: the generated rows
// pass them, each pruned row fails with its reason and its bytes; the kept tilings and the pruned
// rows together are the whole grid of block values, each tiling once.
void expectEveryTilingOnce(const space::CandidateSpace& s)
{
    const int bm = dimension(s, "BLOCK_M"), bn = dimension(s, "BLOCK_N"), bk = dimension(s, "BLOCK_K");
    ASSERT_GE(bm, 0);
    ASSERT_GE(bn, 0);
    ASSERT_GE(bk, 0);
    std::set<std::tuple<std::int64_t, std::int64_t, std::int64_t>> seen;
    std::size_t grid = 1;
    for (int j : {bm, bn, bk})
        grid *= s.dimensions()[std::size_t(j)].values.size();
    for (std::size_t i = 0; i < s.size(); ++i) {
        const std::int64_t m = s.value(i, std::size_t(bm)), n = s.value(i, std::size_t(bn)), k = s.value(i, std::size_t(bk));
        const auto [code, bytes] = verdict(m, n, k);
        if (s.status(i) == CandidateStatus::Generated) {
            EXPECT_EQ(code, ReasonCode::None) << i;
            seen.emplace(m, n, k);  // once per hint combination: the set keeps one
            continue;
        }
        ASSERT_EQ(s.status(i), CandidateStatus::Pruned) << i;
        EXPECT_EQ(s.reason(i), code) << i << ": " << m << " " << n << " " << k;
        EXPECT_EQ(s.describe(i), space::describeCubeCapacity(code, bytes, capacityOf(code))) << i;
        EXPECT_TRUE(seen.emplace(m, n, k).second) << "tiling listed twice: row " << i;
        // The hints are crossed with kept tilings only: a pruned one leaves them unset.
        const space::ValueRow row = s.values(i);
        for (std::size_t j = 0; j < s.dimensions().size(); ++j)
            if (int(j) != bm && int(j) != bn && int(j) != bk) {
                EXPECT_EQ(row[j], space::kUnset) << i << " " << s.dimensions()[j].name;
            }
    }
    EXPECT_EQ(seen.size(), grid);
}

}  // namespace

TEST(CubeSpace, EveryPrunedTilingOfTheLargeMatmulIsARow)
{
    const auto s = matmulSpace(test::backend2608());
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->backend().cube);
    EXPECT_EQ(s->size(), 6352u + 2196206u);
    EXPECT_EQ(s->cubePrunedRows(), 2196206u);
    EXPECT_EQ(s->count(CandidateStatus::Generated), 6352u);
    EXPECT_EQ(s->count(CandidateStatus::Pruned), 2196206u);
    EXPECT_EQ(s->countOrigin(CandidateStatus::Pruned), 2196206u);
    const auto counts = s->reasonCounts();
    EXPECT_EQ(counts[std::size_t(ReasonCode::CubeL1Capacity)], 2160914u);
    EXPECT_EQ(counts[std::size_t(ReasonCode::CubeL0aCapacity)], 26708u);
    EXPECT_EQ(counts[std::size_t(ReasonCode::CubeL0bCapacity)], 7438u);
    EXPECT_EQ(counts[std::size_t(ReasonCode::CubeL0cCapacity)], 1146u);
    EXPECT_EQ(s->count(ReasonCode::CubeL0cCapacity), 1146u);
    for (const std::string& note : s->notes())
        EXPECT_EQ(note.find("are listed"), std::string::npos) << note;

    const int bm = dimension(*s, "BLOCK_M"), bn = dimension(*s, "BLOCK_N"), bk = dimension(*s, "BLOCK_K");
    const int group = dimension(*s, "GROUP_SIZE_M");
    ASSERT_GE(group, 0);
    auto tiling = [&](std::size_t i) {
        return std::vector<std::int64_t>{s->value(i, std::size_t(bm)), s->value(i, std::size_t(bn)),
                                         s->value(i, std::size_t(bk))};
    };
    // The first pruned row: BLOCK_K is the fastest value, and 16 x 1056 x 2 B overflows L0A first.
    const std::size_t first = 6352;
    EXPECT_EQ(s->status(first), CandidateStatus::Pruned);
    EXPECT_EQ(tiling(first), (std::vector<std::int64_t>{16, 16, 1056}));
    EXPECT_EQ(s->reason(first), ReasonCode::CubeL0aCapacity);
    EXPECT_EQ(s->describe(first), space::describeCubeCapacity(ReasonCode::CubeL0aCapacity, 33792, 32768));
    EXPECT_EQ(s->value(first, std::size_t(group)), space::kUnset);
    EXPECT_EQ(s->numWarps(first), 1);
    EXPECT_EQ(s->numStages(first), 1);
    // The last: the whole 4096^3 problem in one tile.
    const std::size_t last = s->size() - 1;
    EXPECT_EQ(tiling(last), (std::vector<std::int64_t>{4096, 4096, 4096}));
    EXPECT_EQ(s->reason(last), ReasonCode::CubeL1Capacity);
    EXPECT_EQ(s->metrics(last).programs, 1);
    // An accumulator over L0C, with its numbers: found through the query the CLI and the explorer use.
    const std::vector<std::size_t> l0c =
        matching(*s, "pruned cube-l0c-capacity");
    ASSERT_EQ(l0c.size(), 1146u);
    const std::size_t r = l0c.front();
    const std::vector<std::int64_t> t = tiling(r);
    EXPECT_GT(t[0] * t[1] * 4, 128 * 1024);
    EXPECT_EQ(verdict(t[0], t[1], t[2]).first, ReasonCode::CubeL0cCapacity);
    EXPECT_EQ(s->describe(r), space::describeCubeCapacity(ReasonCode::CubeL0cCapacity, t[0] * t[1] * 4, 128 * 1024));
    const space::CandidateMetrics m = s->metrics(r);
    EXPECT_TRUE(m.cube);
    EXPECT_EQ(m.l0cBytes, t[0] * t[1] * 4);
    EXPECT_EQ(m.programs, ((4096 + t[0] - 1) / t[0]) * ((4096 + t[1] - 1) / t[1]));
    EXPECT_EQ(s->params(r).size(), 3u);  // GROUP_SIZE_M left unset
    // A part of a reason's name is enough, as for every other reason.
    EXPECT_EQ(matching(*s, "l0b").size(), 7438u);
    std::size_t l0a16 = 0;
    for (std::size_t i = 0; i < s->size(); ++i)
        l0a16 += s->value(i, std::size_t(bm)) == 16 && s->reason(i) == ReasonCode::CubeL0aCapacity ? 1 : 0;
    EXPECT_GT(l0a16, 0u);
    EXPECT_EQ(matching(*s, "BLOCK_M=16 cube-l0a-capacity").size(), l0a16);

    // The summary counts the rows: they add up to the candidates judged.
    const space::SpaceSummary summary = space::summarizeSpace(*s);
    EXPECT_EQ(summary.judged, s->size());
    std::map<ReasonCode, std::uint64_t> pruned;
    for (const auto& c : summary.counts)
        if (c.status == CandidateStatus::Pruned)
            pruned[c.reason] += c.count;
    EXPECT_EQ(pruned[ReasonCode::CubeL0cCapacity], 1146u);
    EXPECT_EQ(pruned[ReasonCode::CubeL1Capacity], 2160914u);
    const space::CandidateQuery query = space::CandidateQuery::parse("cube-l0c-capacity");
    const space::SpaceSummary filtered =
        space::summarizeSpace(*s, [&](std::size_t i) { return query.matches(*s, i); }, "cube-l0c-capacity");
    EXPECT_EQ(filtered.judged, 1146u);
    ASSERT_EQ(filtered.counts.size(), 1u);
    EXPECT_EQ(filtered.counts[0].reason, ReasonCode::CubeL0cCapacity);
}

TEST(CubeSpace, EveryRowOfASmallMatmulMatchesThePrunersChecks)
{
    // 512 x 300 x 512: BLOCK_N's values end at 300 itself; every buffer prunes some tiling.
    const auto s = matmulSpace(test::backend2608(), 512, 300, 512);
    ASSERT_TRUE(s);
    ASSERT_TRUE(s->backend().cube);
    EXPECT_EQ(s->cubePrunedRows(), s->backend().cube->prunedCount);
    EXPECT_GT(s->count(ReasonCode::CubeL0cCapacity), 0u);
    EXPECT_GT(s->count(ReasonCode::CubeL0aCapacity), 0u);
    expectEveryTilingOnce(*s);
    EXPECT_EQ(space::summarizeSpace(*s).judged, s->size());
}

TEST(CubeSpace, TheLargeMatmulUnder2604HasNoCubeRows)
{
    // 2026-04's generator raises on the kernel (no cube path): nothing is pruned by the cube
    // pruning, and the counts still add up to the rows.
    for (const auto& s : {matmulSpace(test::backend2604()), matmulSpace(test::backend2604(), 512, 300, 512)}) {
        ASSERT_TRUE(s);
        EXPECT_FALSE(s->backend().cube);
        EXPECT_EQ(s->cubePrunedRows(), 0u);
        EXPECT_EQ(s->count(ReasonCode::CubeL1Capacity), 0u);
        const space::SpaceSummary summary = space::summarizeSpace(*s);
        EXPECT_EQ(summary.judged, s->size());
        EXPECT_FALSE(summary.cube);
    }
}
