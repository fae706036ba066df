// `tilescope compare-devices`: the table and the regret matrix, the JSON document, the exported
// list (valid Python over a kernel, one config per list entry, each naming the devices it serves), the cache
// reused on a second run, and bad input.

#include "cli_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>

using namespace ts::test;
namespace fs = std::filesystem;

namespace {

std::size_t count(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++n;
    return n;
}

} // namespace

TEST(CliCompareDevices, TableJsonAndExport)
{
    const fs::path dir = scratchDir("cli-compare-devices");
    writeAddWorkload(dir, "add.json", 98432);
    const std::string w = quote(dir / "add.json");

    CliRun text = tilescope("compare-devices " + w +
                            " --devices Ascend910B2,Ascend910B4,Ascend310P3 --jobs 2 --export " +
                            quote(dir / "list.py"));
    ASSERT_EQ(text.exitCode, 0) << text.err;
    EXPECT_NE(text.out.find("Each device's best"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Regret:"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("1.000x"), std::string::npos) << text.out; // the diagonal
    EXPECT_NE(text.out.find("@triton.autotune("), std::string::npos) << text.out;
    ASSERT_TRUE(fs::exists(dir / "list.py"));
    const std::string list = readText(dir / "list.py");
    EXPECT_NE(list.find("# covers Ascend"), std::string::npos) << list;
    CliRun parsed = runCommand("/usr/bin/python3 -c \"import ast,sys; ast.parse(open(sys.argv[1]).read() + "
                               "'def kernel(): pass')\" " +
                               quote(dir / "list.py"));
    EXPECT_EQ(parsed.exitCode, 0) << parsed.err << list;

    // JSON: the same comparison, every tuning now from the cache.
    CliRun json =
        tilescope("compare-devices " + w + " --devices Ascend910B2 --devices Ascend910B4,Ascend310P3 --json");
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const nlohmann::json j = nlohmann::json::parse(json.out);
    EXPECT_EQ(j["schema"], "tilescope.device-compare/1");
    ASSERT_EQ(j["devices"].size(), 3u);
    for (const auto& d : j["devices"])
        EXPECT_TRUE(d["fromCache"].get<bool>()) << d["device"];
    ASSERT_EQ(j["regret"].size(), 3u);
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_EQ(j["regret"][i][i].get<double>(), 1.0);
    ASSERT_TRUE(j["list"]["exists"].get<bool>());
    const std::size_t chosen = j["list"]["configs"].size();
    EXPECT_GE(chosen, 1u);
    EXPECT_LE(chosen, 3u);
    EXPECT_EQ(count(list, "triton.Config("), chosen) << list;
    EXPECT_EQ(j["python"].get<std::string>(), list);
    // On every device the list's pick is within 5% of the fastest config known there.
    for (const auto& d : j["devices"]) {
        ASSERT_FALSE(d["listMs"].is_null());
        EXPECT_LE(d["listLossPercent"].get<double>(), 5.0 + 1e-9);
        EXPECT_LE(d["listMs"].get<double>(), d["bestMs"].get<double>() * 1.05 * (1 + 1e-12));
    }

    // Bad input: one device, an unknown one, a device twice, a bad tolerance.
    CliRun one = tilescope("compare-devices " + w + " --devices Ascend910B2");
    EXPECT_EQ(one.exitCode, 2);
    EXPECT_NE(one.err.find("two or more"), std::string::npos) << one.err;
    CliRun unknown = tilescope("compare-devices " + w + " --devices Ascend910B2,Ascend999");
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("Ascend999"), std::string::npos) << unknown.err;
    CliRun twice = tilescope("compare-devices " + w + " --devices Ascend910B2,Ascend910B2");
    EXPECT_EQ(twice.exitCode, 2);
    EXPECT_NE(twice.err.find("twice"), std::string::npos) << twice.err;
    CliRun tolerance =
        tilescope("compare-devices " + w + " --devices Ascend910B2,Ascend310P3 --tolerance lots");
    EXPECT_EQ(tolerance.exitCode, 2);
    EXPECT_NE(tolerance.err.find("'lots'"), std::string::npos) << tolerance.err;
    EXPECT_EQ(tilescope("compare-devices " + w).exitCode, 2); // --devices is required
    fs::remove_all(dir);
}
