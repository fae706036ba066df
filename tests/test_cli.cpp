// The headless CLI end to end: real binary, real example files, exit codes, JSON output.

#include "cli_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <sys/wait.h>

namespace {

using ts::test::CliRun;
using ts::test::tilescope;

std::string example(const std::string& name)
{
    return (ts::test::examplesDir() / name).string();
}

} // namespace

TEST(Cli, HelpAndVersion)
{
    CliRun help = tilescope("--help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("analyze"), std::string::npos);
    CliRun version = tilescope("--version");
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_EQ(version.out.rfind("tilescope ", 0), 0u);
    CliRun analyzeHelp = tilescope("analyze --help");
    EXPECT_EQ(analyzeHelp.exitCode, 0);
    EXPECT_NE(analyzeHelp.out.find("--json"), std::string::npos);
}

TEST(Cli, HeadlessCommandsLoadNoGuiLibrary)
{
    // The loader lists every library it opens; the explorer's (Qt, QCustomPlot) must not be among
    // them for a headless command, only when the window opens.
    for (const std::string& command : {std::string("--version"), "analyze " + example("add.json")}) {
        CliRun run = ts::test::runCommand("env LD_DEBUG=files " + ts::test::binaryPath() + " " + command);
        EXPECT_EQ(run.exitCode, 0) << command;
        EXPECT_NE(run.err.find("calling init"), std::string::npos) << "LD_DEBUG=files printed nothing";
        EXPECT_EQ(run.err.find("libQt6"), std::string::npos) << command;
        EXPECT_EQ(run.err.find("QCustomPlot"), std::string::npos) << command;
    }
}

TEST(Cli, BadUsageExitsTwo)
{
    EXPECT_EQ(tilescope("frobnicate").exitCode, 2);
    EXPECT_EQ(tilescope("analyze").exitCode, 2);
    EXPECT_EQ(tilescope("analyze --backend 2026-04 " + example("add.json") + " --no-such-flag").exitCode, 2);
    CliRun missing = tilescope("analyze --backend 2026-04 /nonexistent/work.json");
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("/nonexistent/work.json"), std::string::npos);
}

TEST(Cli, UnknownOptionSuggestsTheNearestOne)
{
    CliRun typo = tilescope("analyze --backend 2026-04 " + example("add.json") + " --devce Ascend910B2");
    EXPECT_EQ(typo.exitCode, 2);
    EXPECT_NE(typo.err.find("unknown option --devce (did you mean --device?)"), std::string::npos) << typo.err;
    CliRun far = tilescope("tune --backend 2026-04 " + example("add.json") + " --frobnicate");
    EXPECT_EQ(far.exitCode, 2);
    EXPECT_NE(far.err.find("unknown option --frobnicate"), std::string::npos) << far.err;
    EXPECT_EQ(far.err.find("did you mean"), std::string::npos) << far.err;
}

TEST(Cli, AnalyzeTakesADeviceFile)
{
    const auto dir = ts::test::scratchDir("cli-analyze-device-file");
    CliRun good = tilescope("analyze --backend 2026-04 " + example("add.json") + " --device-file " +
                            (ts::test::sourceDir() / "resources" / "devices" / "Ascend910B2.json").string());
    EXPECT_EQ(good.exitCode, 0) << good.err;
    std::ofstream(dir / "broken.json") << "{\"soc\": ";
    CliRun bad = tilescope("analyze --backend 2026-04 " + example("add.json") + " --device-file " + (dir / "broken.json").string());
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("broken.json"), std::string::npos) << bad.err;
}

TEST(Cli, AnalyzeEveryExampleWorkload)
{
    int analysed = 0;
    for (const auto& entry : std::filesystem::directory_iterator(ts::test::examplesDir())) {
        if (entry.path().extension() != ".json")
            continue;
        const std::string name = entry.path().filename().string();
        CliRun run = tilescope("analyze --backend 2026-04 --json " + entry.path().string());
        ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << name << ": " << run.err;
        auto json = nlohmann::json::parse(run.out, nullptr, false);
        ASSERT_FALSE(json.is_discarded()) << name << ": " << run.out;
        for (const char* field : {"keys", "splitParams", "tilingParams", "lowDimAxes", "reductionAxes",
                                  "persistentReduction", "params", "diagnostics", "error"})
            EXPECT_TRUE(json.contains(field)) << name << " lacks " << field;
        // Only the deliberately broken example may be in error.
        if (name.find("guide_violations") == std::string::npos) {
            EXPECT_EQ(run.exitCode, 0) << name << ": " << json["error"] << " " << json["diagnostics"].dump();
            EXPECT_TRUE(json["error"].is_null()) << name;
            EXPECT_FALSE(json["splitParams"].empty() && json["tilingParams"].empty()) << name;
        }
        ++analysed;
    }
    EXPECT_GE(analysed, 8);
}

TEST(Cli, AnalyzeTextOfTheGuideExample)
{
    CliRun run = tilescope("analyze --backend 2026-04 " + example("add.json"));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("split params"), std::string::npos);
    EXPECT_NE(run.out.find("tunable"), std::string::npos);
}

TEST(Cli, KernelFileWithCommandLineLaunch)
{
    const auto dir = ts::test::scratchDir("cli");
    std::ofstream(dir / "k.py") << R"(import triton
import triton.language as tl
import triton.backends.ascend.runtime

@triton.autotune(configs=[], key=['n'])
@triton.jit
def k(x_ptr, n, XBLOCK: tl.constexpr):
    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) + 1, mask=mask)
)";
    CliRun run = tilescope("analyze --backend 2026-04 " + (dir / "k.py").string() +
                        " --arg x_ptr=float32[4096] --arg n=4096 --grid \"lambda meta: (triton.cdiv(n, meta['XBLOCK']),)\" --json");
    ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
    auto json = nlohmann::json::parse(run.out);
    EXPECT_EQ(json["splitParams"]["x"], "XBLOCK");
    EXPECT_EQ(json["numBuffers"], 1);

    // Without n the backend raises: exit code 1 and its message in "error".
    CliRun missing = tilescope("analyze --backend 2026-04 " + (dir / "k.py").string() + " --arg x_ptr=float32[4096] --json");
    EXPECT_EQ(missing.exitCode, 1) << missing.err;
    auto j2 = nlohmann::json::parse(missing.out);
    EXPECT_TRUE(j2["error"].is_string());

    // A syntax error in the kernel: exit code 1, file and line named.
    std::ofstream(dir / "bad.py") << "import triton\n\n@triton.jit\ndef k(x:\n";
    CliRun bad = tilescope("analyze --backend 2026-04 " + (dir / "bad.py").string());
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_NE(bad.err.find("bad.py:4"), std::string::npos) << bad.err;

    // Malformed workload JSON: exit code 2 with its line.
    std::ofstream(dir / "bad.json") << "{\n  \"kernel\": \"k.py\",\n  \"args\": {\n}\n,}";
    CliRun badJson = tilescope("analyze --backend 2026-04 " + (dir / "bad.json").string());
    EXPECT_EQ(badJson.exitCode, 2);
    EXPECT_NE(badJson.err.find("bad.json:5"), std::string::npos) << badJson.err;
}

TEST(Cli, DevicesListsTheBundledProfiles)
{
    CliRun run = tilescope("devices");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    for (const char* soc : {"Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910_9589", "Ascend310P3"})
        EXPECT_NE(run.out.find(soc), std::string::npos) << soc;
    CliRun json = tilescope("devices --json");
    EXPECT_EQ(json.exitCode, 0);
    EXPECT_FALSE(nlohmann::json::parse(json.out, nullptr, false).is_discarded());
}
