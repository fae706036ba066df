// Comparing two backend versions' candidate lists: matching by tiling, option changes,
// reordering as the fewest moves, and configs only one version has.
#include "core/space/backend_compare.h"

#include <gtest/gtest.h>

using namespace ts::space;

namespace {

TritonConfig config(std::int64_t block, std::optional<bool> multibuffer = {}, int stages = 1, int warps = 1)
{
    TritonConfig c;
    c.kwargs.emplace_back("BLOCK", ParamValue::integer(block));
    if (multibuffer)
        c.kwargs.emplace_back("multibuffer", ParamValue::boolean(*multibuffer));
    c.numStages = stages;
    c.numWarps = warps;
    return c;
}

} // namespace

TEST(BackendCompare, IdenticalListsAreSame)
{
    const std::vector<TritonConfig> list = {config(1024), config(2048), config(4096)};
    const BackendComparison cmp = compareConfigLists(list, list);
    EXPECT_TRUE(cmp.identical());
    EXPECT_EQ(cmp.same, 3u);
    ASSERT_EQ(cmp.configs.size(), 3u);
    EXPECT_EQ(cmp.configs[2].otherIndex, 2);
}

TEST(BackendCompare, OnlyOneSideAndOptionChanges)
{
    // 2026-04 style: multibuffer kwarg expansion with num_stages 1; 2026-08 style: num_stages coupled.
    const std::vector<TritonConfig> base = {config(1024, true, 1), config(1024, false, 1), config(512)};
    const std::vector<TritonConfig> other = {config(1024, true, 2), config(1024, false, 1), config(8192)};
    const BackendComparison cmp = compareConfigLists(base, other);
    EXPECT_EQ(cmp.optionsChanged, 1u);
    EXPECT_EQ(cmp.same, 1u);
    EXPECT_EQ(cmp.onlyBase, 1u);
    EXPECT_EQ(cmp.onlyOther, 1u);
    ASSERT_EQ(cmp.configs.size(), 4u);
    EXPECT_EQ(cmp.configs[0].change, ComparedConfig::Change::Options);
    ASSERT_EQ(cmp.configs[0].changedOptions.size(), 1u);
    EXPECT_EQ(cmp.configs[0].changedOptions[0], "num_stages 1 -> 2");
    EXPECT_EQ(cmp.configs[2].change, ComparedConfig::Change::OnlyBase);
    EXPECT_EQ(cmp.configs[3].change, ComparedConfig::Change::OnlyOther);
    EXPECT_EQ(cmp.configs[3].otherIndex, 2);
}

TEST(BackendCompare, OptionSetOnOneSideOnly)
{
    const BackendComparison cmp = compareConfigLists({config(64, true)}, {config(64)});
    ASSERT_EQ(cmp.configs.size(), 1u);
    ASSERT_EQ(cmp.configs[0].changedOptions.size(), 1u);
    EXPECT_EQ(cmp.configs[0].changedOptions[0], "multibuffer True -> (unset)");
}

TEST(BackendCompare, ReorderIsTheFewestMoves)
{
    // Moving 4096 from the end to the front explains the new order: one move, not three.
    const std::vector<TritonConfig> base = {config(1024), config(2048), config(3072), config(4096)};
    const std::vector<TritonConfig> other = {config(4096), config(1024), config(2048), config(3072)};
    const BackendComparison cmp = compareConfigLists(base, other);
    EXPECT_EQ(cmp.reordered, 1u);
    EXPECT_EQ(cmp.same, 3u);
    EXPECT_EQ(cmp.configs[3].change, ComparedConfig::Change::Reordered);
    EXPECT_EQ(cmp.configs[3].otherIndex, 0);
    EXPECT_FALSE(cmp.identical());
}

TEST(BackendCompare, KeywordOrderDoesNotMatter)
{
    TritonConfig a;
    a.kwargs = {{"XBLOCK", ParamValue::integer(4)}, {"RBLOCK", ParamValue::integer(64)}};
    TritonConfig b;
    b.kwargs = {{"RBLOCK", ParamValue::integer(64)}, {"XBLOCK", ParamValue::integer(4)}};
    EXPECT_TRUE(compareConfigLists({a}, {b}).identical());
}

TEST(BackendCompare, RepeatedTilingsMatchOccurrenceByOccurrence)
{
    const std::vector<TritonConfig> base = {config(256, {}, 1), config(256, {}, 2)};
    const std::vector<TritonConfig> other = {config(256, {}, 1), config(256, {}, 2), config(256, {}, 2)};
    const BackendComparison cmp = compareConfigLists(base, other);
    EXPECT_EQ(cmp.same, 2u);
    EXPECT_EQ(cmp.onlyOther, 1u);
}
