// Core's message catalogue (core/util/message.h): one English text per id, the arguments
// filled in once, the CLI's words unchanged.

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
