// `space` and the backend's time-limit prune: where a version cuts a cube kernel's candidates by
// its time budget while tuning, `space` reads the launch's cached tuning (the one `tune` stored)
// and says which it cut, with totals that add up to what `tune` printed; with none cached, it says
// how large the budget is and which command finds out. A version or a kernel that cuts nothing
// prints the same with a cache as without.

#include "cli_run.h"
#include "testutil.h"

#include "core/util/format.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <regex>
#include <sstream>

using namespace ts;

namespace {

struct TuneCounts {
    long total = 0, benchmarked = 0, failed = 0, cut = 0;
};

// `tune`'s own line: "tuned N candidates: B benchmarked, F failed to compile, C cut by the time budget".
TuneCounts tuneInto(const std::string& workload, const std::filesystem::path& cache, const std::string& extra = {})
{
    const test::CliRun run = test::tilescope("tune " + workload + extra + " --jobs 2 --cache " + test::quote(cache));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    TuneCounts counts;
    const std::regex line(R"(tuned ([\d,]+) candidates: ([\d,]+) benchmarked, ([\d,]+) failed to compile(, ([\d,]+) cut by the time budget)?)");
    std::smatch m;
    EXPECT_TRUE(std::regex_search(run.out, m, line)) << run.out;
    if (!m.empty()) {
        // Counts in text are grouped by threes ("6,352").
        const auto number = [](std::string digits) {
            std::erase(digits, ',');
            return std::stol(digits);
        };
        counts.total = number(m[1]);
        counts.benchmarked = number(m[2]);
        counts.failed = number(m[3]);
        counts.cut = m[5].matched ? number(m[5]) : 0;
    }
    return counts;
}

nlohmann::json jsonOf(const test::CliRun& run)
{
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return nlohmann::json::parse(run.out, nullptr, /*allow_exceptions=*/false);
}

std::size_t countLines(const std::string& text, const std::string& part)
{
    std::size_t n = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        n += line.find(part) != std::string::npos;
    return n;
}

} // namespace

TEST(SpaceTimeBudget, MatmulSaysWhichCandidatesTheCachedTuningCut)
{
    const std::string matmul = test::quote(test::examplesDir() / "matmul.json");
    const std::filesystem::path dir = test::scratchDir("space-time-budget");
    const std::filesystem::path cache = dir / "cache.sqlite";
    const std::string withCache = " --cache " + test::quote(cache);

    // Nothing cached yet: the budget, and the command that finds which candidates it cuts.
    const test::CliRun before = test::tilescope("space " + matmul + withCache + " --summary");
    EXPECT_EQ(before.exitCode, 0) << before.err;
    EXPECT_NE(before.out.find("note: the backend benchmarks only the fastest configs"), std::string::npos) << before.out;
    EXPECT_NE(before.out.find("200 s budget"), std::string::npos) << before.out;
    EXPECT_NE(before.out.find("`tilescope tune " + (test::examplesDir() / "matmul.json").string() + "` finds which it cuts"),
              std::string::npos)
        << before.out;
    EXPECT_FALSE(std::filesystem::exists(cache)) << "space only reads the cache";
    const nlohmann::json beforeJson = jsonOf(test::tilescope("space " + matmul + withCache + " --summary --json"));
    ASSERT_TRUE(beforeJson.contains("timeBudget")) << beforeJson.dump().substr(0, 400);
    EXPECT_EQ(beforeJson["timeBudget"]["seconds"], 200);
    EXPECT_TRUE(beforeJson["timeBudget"]["tuning"].is_null());
    EXPECT_TRUE(beforeJson["timeBudget"]["note"].is_string());

    const TuneCounts tuned = tuneInto(matmul, cache);
    ASSERT_GT(tuned.cut, 0);
    ASSERT_EQ(tuned.benchmarked + tuned.failed + tuned.cut, tuned.total);
    const std::string totals = formatInteger(tuned.total) + " = " + formatInteger(tuned.benchmarked) +
                               " benchmarked + " + formatInteger(tuned.failed) + " failed + " +
                               formatInteger(tuned.cut) + " cut by the time budget";

    // The text table: the totals with where they come from, and the cut rows with their reason.
    const test::CliRun text = test::tilescope("space " + matmul + withCache + " --filter 'generated BLOCK_M>=64'");
    EXPECT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("Tuning: " + totals + ", from the tuning cached on "), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("note: the backend benchmarks only"), std::string::npos) << text.out;
    EXPECT_GT(countLines(text.out, "time-budget-cut  cube-time-budget: compiled, then cut before benchmarking"), 0u)
        << text.out;

    // --summary, as text and JSON: the same totals.
    const test::CliRun summary = test::tilescope("space " + matmul + withCache + " --summary");
    EXPECT_NE(summary.out.find("Tuning: " + totals), std::string::npos) << summary.out;
    const nlohmann::json summaryJson = jsonOf(test::tilescope("space " + matmul + withCache + " --summary --json"));
    const nlohmann::json& t = summaryJson["timeBudget"]["tuning"];
    ASSERT_TRUE(t.is_object()) << summaryJson.dump().substr(0, 400);
    EXPECT_EQ(t["tuned"], tuned.total);
    EXPECT_EQ(t["benchmarked"], tuned.benchmarked);
    EXPECT_EQ(t["failed"], tuned.failed);
    EXPECT_EQ(t["cut"], tuned.cut);
    EXPECT_EQ(t["unmatched"], 0);
    EXPECT_EQ(t["source"], "cache");
    EXPECT_TRUE(summaryJson["timeBudget"]["note"].is_null());

    // --json: every candidate the tuning reached carries its outcome; each cut one its reason.
    const nlohmann::json doc = jsonOf(test::tilescope("space " + matmul + withCache + " --json --filter generated"));
    ASSERT_TRUE(doc.is_object());
    EXPECT_EQ(doc["timeBudget"]["tuning"]["cut"], tuned.cut);
    long cut = 0, benchmarked = 0, failed = 0, reached = 0;
    for (const nlohmann::json& c : doc["candidates"]) {
        if (!c.contains("tuning"))
            continue;
        ++reached;
        const std::string outcome = c["tuning"]["outcome"];
        if (outcome == "time-budget-cut") {
            ++cut;
            EXPECT_EQ(c["tuning"]["reason"]["code"], "cube-time-budget");
            EXPECT_NE(c["tuning"]["reason"]["message"].get<std::string>().find("200 s budget"), std::string::npos);
        } else {
            EXPECT_TRUE(c["tuning"]["reason"].is_null()) << c.dump();
        }
        benchmarked += outcome == "benchmarked" || outcome == "best";
        failed += outcome == "compile-failed";
    }
    EXPECT_EQ(reached, tuned.total);
    EXPECT_EQ(cut, tuned.cut);
    EXPECT_EQ(benchmarked, tuned.benchmarked);
    EXPECT_EQ(failed, tuned.failed);

    // --csv: the tuning's columns, the cut rows with their reason.
    const test::CliRun csv = test::tilescope("space " + matmul + withCache + " --csv --filter generated");
    EXPECT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_NE(csv.out.find(",tuning_outcome,tuning_reason_code,tuning_reason_message\n"), std::string::npos);
    EXPECT_EQ(countLines(csv.out, ",time-budget-cut,cube-time-budget,"), std::size_t(tuned.cut));

    // --no-cache reads nothing: the note again.
    const test::CliRun none = test::tilescope("space " + matmul + " --no-cache --summary");
    EXPECT_EQ(none.exitCode, 0) << none.err;
    EXPECT_NE(none.out.find("note: the backend benchmarks only the fastest configs"), std::string::npos) << none.out;
    EXPECT_EQ(none.out.find("Tuning: "), std::string::npos) << none.out;
    EXPECT_EQ(test::tilescope("space " + matmul + " --no-cache" + withCache).exitCode, 2);
}

// A version without a time budget (2026-04), and a vector kernel under the default version: the
// cached tuning changes nothing, and nothing speaks of a budget.
TEST(SpaceTimeBudget, NothingChangesWhereNothingIsCut)
{
    const std::filesystem::path dir = test::scratchDir("space-no-time-budget");
    const std::filesystem::path cache = dir / "cache.sqlite";
    const std::string withCache = " --cache " + test::quote(cache);
    for (const auto& [example, backend] : {std::pair{"matmul.json", " --backend 2026-04"},
                                           std::pair{"add.json", " --backend 2026-04"},
                                           std::pair{"add.json", ""}, std::pair{"softmax.json", ""}}) {
        SCOPED_TRACE(std::string(example) + backend);
        const std::string workload = test::quote(test::examplesDir() / example) + backend;
        // 2026-04 generates nothing for the matmul (its walk finds no tile within the UB): no
        // tuning is cached, and its space is the same with the cache as without.
        const bool tunes = std::string(example) != "matmul.json";
        if (tunes) {
            EXPECT_EQ(tuneInto(workload, cache).cut, 0);
        }
        for (const char* format : {"", " --summary", " --json --filter generated", " --csv --filter generated",
                                   " --summary --json"}) {
            SCOPED_TRACE(format);
            const test::CliRun cached = test::tilescope("space " + workload + withCache + format);
            const test::CliRun bare = test::tilescope("space " + workload + " --no-cache" + format);
            EXPECT_EQ(cached.exitCode, tunes ? 0 : 1) << cached.err;
            EXPECT_EQ(cached.exitCode, bare.exitCode);
            EXPECT_EQ(cached.out, bare.out);
            EXPECT_EQ(cached.out.find("time budget"), std::string::npos);
            EXPECT_EQ(cached.out.find("timeBudget"), std::string::npos);
            EXPECT_EQ(cached.out.find("tuning_outcome"), std::string::npos);
        }
    }
}
