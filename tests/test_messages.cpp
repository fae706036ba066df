// Core's message catalogue (core/util/message.h): one English text per id, the arguments
// filled in once, the CLI's words unchanged.

#include "core/util/format.h"
#include "core/util/message.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

using namespace ts;

TEST(Messages, EveryEntryIsNamedOnceAndNumbersItsArguments)
{
    std::set<std::string_view> names, texts;
    static const std::regex placeholder("%([1-9])");
    for (const msg::Entry& e : msg::catalogue()) {
        EXPECT_EQ(&msg::entry(e.id), &e) << e.name;
        EXPECT_TRUE(names.insert(e.name).second) << "two entries named " << e.name;
        EXPECT_TRUE(texts.insert(e.english).second) << "two entries say " << e.english;
        // %1..%N each at least once: a gap would leave an argument unshown.
        std::set<int> used;
        const std::string english(e.english);
        for (auto it = std::sregex_iterator(english.begin(), english.end(), placeholder);
             it != std::sregex_iterator(); ++it)
            used.insert(std::stoi((*it)[1].str()));
        for (int n = 1; n <= int(used.size()); ++n)
            EXPECT_TRUE(used.count(n)) << e.name << " skips %" << n;
        // Two arguments side by side could not be told apart when the explorer reads them back.
        EXPECT_FALSE(std::regex_search(english, std::regex("%[1-9]%[1-9]"))) << e.name;
    }
    EXPECT_GT(msg::catalogue().size(), 5u);
}

TEST(Messages, ArgumentsAreFilledOnce)
{
    EXPECT_EQ(msg::text(msg::Id::CubePruningDrops,
                        {std::int64_t(6352), 6000, 300, std::size_t(50), 2}),
              "The cube pruning drops 6352 candidates (L1 6000, L0A 300, L0B 50, L0C 2); each is listed with its reason.");
    // An argument that reads like a placeholder stays as written.
    EXPECT_EQ(msg::text(msg::Id::UbOverflowWithOptions, {200, 12, "%2 %1", 192}),
              "UB overflow: 200 KiB live at line 12 with %2 %1, the UB holds 192 KiB");
    const std::string args[] = {"a"};
    EXPECT_EQ(msg::fill("%1 and %2", args), "a and %2");
}

TEST(Messages, AMessageCarriesItsIdAndRendersTheCliEnglish)
{
    // A message inside a message, and an argument made of text and a message, render to the
    // English msg::text writes, byte for byte.
    const msg::Message tile(msg::Id::LiveTileAtLine, {msg::Message(msg::Id::TemporaryTile), 39});
    msg::Arg tiles = "\n  x: float32[32, 1024] 128 KiB";
    tiles += "\n  ";
    tiles += tile;
    const msg::Message overflow(msg::Id::UbOverflowLive, {257, 39, 192, tiles});
    EXPECT_EQ(overflow.english(),
              "UB overflow: 257 KiB live at line 39, the UB holds 192 KiB; live tiles:\n  x: float32[32, 1024] 128 KiB"
              "\n  temporary (broadcast / materialised index) @ line 39");
    EXPECT_EQ(overflow.english(),
              msg::text(msg::Id::UbOverflowLive,
                        {257, 39, 192, "\n  x: float32[32, 1024] 128 KiB\n  " + tile.english()}));
    // The id and the arguments stay readable: the front end writes the message from them.
    EXPECT_EQ(overflow.id(), msg::Id::UbOverflowLive);
    ASSERT_EQ(overflow.args().size(), 4u);
    const auto& pieces = overflow.args()[3].pieces();
    ASSERT_EQ(pieces.size(), 3u);
    EXPECT_EQ(pieces[0].message, nullptr);
    ASSERT_NE(pieces[2].message, nullptr);
    EXPECT_EQ(pieces[2].message->id(), msg::Id::LiveTileAtLine);
    EXPECT_EQ(pieces[2].message->args()[0].pieces()[0].message->id(), msg::Id::TemporaryTile);
    // No message: nothing to say.
    EXPECT_TRUE(msg::Message().empty());
    EXPECT_EQ(msg::Message().english(), "");
    EXPECT_TRUE(msg::Arg().empty());
    EXPECT_FALSE(msg::Arg(msg::Message(msg::Id::CoverageUnknown)).empty());
}

// A count of things is grouped as every other count the product prints; a plain number (a line,
// a config's value) is written as it is. The count keeps its value for the explorer's locale.
TEST(Messages, ACountIsGroupedAndAPlainNumberIsNot)
{
    const msg::Message grouped(msg::Id::CoverageCovers, {msg::count(4096), msg::count(8192), "rows"});
    EXPECT_EQ(grouped.english(), "covers 4,096 of 8,192 rows");
    EXPECT_EQ(msg::Message(msg::Id::CoverageCovers, {4096, 8192, "rows"}).english(),
              "covers 4096 of 8192 rows");
    EXPECT_EQ(msg::count(-1234567).text(), "-1,234,567");
    ASSERT_EQ(grouped.args()[0].pieces().size(), 1u);
    EXPECT_EQ(grouped.args()[0].pieces()[0].count, std::optional<std::int64_t>(4096));
    EXPECT_FALSE(msg::Arg(4096).pieces()[0].count);
    // Two messages are equal when their ids and arguments are, a count differing from its text.
    EXPECT_EQ(grouped, msg::Message(msg::Id::CoverageCovers, {msg::count(4096), msg::count(8192), "rows"}));
    EXPECT_FALSE(grouped == msg::Message(msg::Id::CoverageCovers, {"4,096", "8,192", "rows"}));
}

// The figures a message or a report carries are written one way: a time's whole part grouped
// like a count, a use beyond its budget as the size needed against the budget.
TEST(Format, ATimeIsGroupedAndAnOverflowNamesBothSizes)
{
    EXPECT_EQ(formatUs(17.684), "17.68");
    EXPECT_EQ(formatUs(9999.994), "9,999.99");
    EXPECT_EQ(formatUs(9999.996), "10,000.00"); // rounding carries into a new group
    EXPECT_EQ(formatUs(18763.19), "18,763.19");
    EXPECT_EQ(formatUs(-1234567.5), "-1,234,567.50");
    EXPECT_EQ(formatUsUnit(123.0), "123.00 us");
    EXPECT_DOUBLE_EQ(formattedUs(18763.187), 18763.19);
    EXPECT_EQ(formatInteger(0), "0");
    EXPECT_EQ(formatInteger(-999), "-999");
    EXPECT_EQ(formatInteger(1000), "1,000");
    EXPECT_EQ(formatUsage(96 * 1024, 192 * 1024), "50.0%");
    EXPECT_EQ(formatUsage(768 * 1024, 192 * 1024), "768 KiB > 192 KiB");
    EXPECT_EQ(formatUsage(1024, 0), "1 KiB > 0 B");
}
