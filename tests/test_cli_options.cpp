// The command table end to end: every command's options are parsed from its own table, help,
// README's CLI reference, the man page and the shell completion all come from it, and options
// shared by several commands (--device-file, --no-cache, ...) have their effect on each.

#include "cli_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

namespace {

using ts::test::CliRun;
using ts::test::quote;
using ts::test::tilescope;

namespace fs = std::filesystem;

std::string example(const std::string& name)
{
    return (ts::test::examplesDir() / name).string();
}

const nlohmann::json& table()
{
    static const nlohmann::json parsed = [] {
        CliRun run = tilescope("help --json");
        EXPECT_EQ(run.exitCode, 0) << run.err;
        return nlohmann::json::parse(run.out);
    }();
    return parsed;
}

// Every command and subcommand of the table: "tune", "cache prune", with its spec.
std::vector<std::pair<std::string, nlohmann::json>> everyCommand()
{
    std::vector<std::pair<std::string, nlohmann::json>> out;
    for (const auto& c : table()["commands"]) {
        if (c["subcommands"].empty())
            out.emplace_back(c["name"].get<std::string>(), c);
        for (const auto& s : c["subcommands"])
            out.emplace_back(c["name"].get<std::string>() + " " + s["name"].get<std::string>(), s);
    }
    return out;
}

std::set<std::string> optionNames(const nlohmann::json& spec)
{
    std::set<std::string> out;
    for (const auto& o : spec["options"])
        out.insert("--" + o["name"].get<std::string>());
    return out;
}

std::string sampleValue(const nlohmann::json& option)
{
    if (!option["values"].empty())
        return option["values"][0]["name"];
    return "x";
}

// The section of README.md between the cli-reference markers.
std::string readmeReference()
{
    const std::string readme = ts::test::readText(ts::test::sourceDir() / "README.md");
    const std::string begin = "<!-- cli-reference:begin -->\n", end = "<!-- cli-reference:end -->";
    const auto from = readme.find(begin);
    const auto to = readme.find(end);
    if (from == std::string::npos || to == std::string::npos || to < from)
        return "(no cli-reference markers in README.md)";
    return readme.substr(from + begin.size(), to - from - begin.size());
}

// A copy of a bundled device profile under another SoC name, which only --device-file knows.
fs::path customDevice(const fs::path& dir)
{
    std::string text = ts::test::readText(ts::test::sourceDir() / "resources" / "devices" / "Ascend910B2.json");
    const std::string from = "\"soc\": \"Ascend910B2\"";
    text.replace(text.find(from), from.size(), "\"soc\": \"TestChip910\"");
    std::ofstream(dir / "TestChip910.json") << text;
    return dir / "TestChip910.json";
}

// Runs the completion function of `tilescope completion bash` on these words (the last is the
// one being completed) and returns what it offers.
std::set<std::string> complete(const fs::path& dir, const std::vector<std::string>& words)
{
    const fs::path script = dir / "tilescope.bash";
    if (!fs::exists(script)) {
        CliRun run = tilescope("completion bash");
        EXPECT_EQ(run.exitCode, 0) << run.err;
        std::ofstream(script) << run.out;
    }
    std::string line = "COMP_WORDS=(" + quote(ts::test::binaryPath());
    for (const std::string& w : words)
        line += " " + quote(w);
    line += ")";
    std::ofstream(dir / "drive.sh", std::ios::trunc)
        << "source " << quote(script) << "\n"
        << line << "\nCOMP_CWORD=" << words.size() << "\nCOMPREPLY=()\n_tilescope\n"
        << "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    CliRun run = ts::test::runCommand("cd " + quote(dir) + " && bash drive.sh");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    std::set<std::string> out;
    std::istringstream lines(run.out);
    for (std::string l; std::getline(lines, l);)
        if (!l.empty())
            out.insert(l);
    return out;
}

} // namespace

TEST(CliOptions, TheTableListsEveryCommand)
{
    std::set<std::string> names;
    for (const auto& c : table()["commands"])
        names.insert(c["name"]);
    for (const char* name : {"analyze", "space", "tune", "export", "sweep", "compare-devices", "batch", "cache",
                             "devices", "backends", "help", "completion"})
        EXPECT_EQ(names.count(name), 1u) << name;
    std::set<std::string> subs;
    for (const auto& c : table()["commands"])
        if (c["name"] == "cache")
            for (const auto& s : c["subcommands"])
                subs.insert(s["name"]);
    EXPECT_EQ(subs, (std::set<std::string>{"list", "show", "export", "import", "merge", "prune"}));
}

TEST(CliOptions, EveryOptionInTheTableIsAcceptedAndInTheHelp)
{
    // All of a command's options at once, then --help: parsing must accept every one (no
    // "unknown option"), and the help must list every one.
    for (const auto& [name, spec] : everyCommand()) {
        std::string line = name;
        for (const auto& o : spec["options"]) {
            line += " --" + o["name"].get<std::string>();
            if (!o["value"].is_null())
                line += " " + quote(sampleValue(o));
        }
        CliRun run = tilescope(line + " --help");
        EXPECT_EQ(run.exitCode, 0) << line << "\n" << run.err;
        EXPECT_EQ(run.err.find("unknown option"), std::string::npos) << line << "\n" << run.err;
        EXPECT_EQ(run.out.rfind("Usage: tilescope " + name, 0), 0u) << run.out;
        for (const std::string& option : optionNames(spec))
            EXPECT_NE(run.out.find(option), std::string::npos) << name << " --help lacks " << option;
        EXPECT_NE(run.out.find("--help"), std::string::npos) << name;
        // `tilescope help CMD [SUB]` prints the same.
        EXPECT_EQ(tilescope("help " + name).out, tilescope(name + " --help").out) << name;
    }
}

TEST(CliOptions, OneByOneEveryOptionParsesWithItsCommand)
{
    // And each option alone (with its value, or as --name=value), so no option depends on
    // another to be accepted.
    for (const auto& [name, spec] : everyCommand())
        for (const auto& o : spec["options"]) {
            const std::string option = "--" + o["name"].get<std::string>();
            const std::string line = name + " " + option + (o["value"].is_null() ? "" : "=" + quote(sampleValue(o)));
            CliRun run = tilescope(line + " --help");
            EXPECT_EQ(run.exitCode, 0) << line << "\n" << run.err;
        }
}

TEST(CliOptions, UnknownOptionsSuggestFromTheCommandsOwnTable)
{
    struct Row {
        std::string line, message;
    };
    const std::string w = example("add.json");
    for (const Row& row : std::vector<Row>{
             {"tune " + w + " --bench-methd npu", "tilescope tune: unknown option --bench-methd (did you mean --bench-method?)"},
             {"space " + w + " --latice", "tilescope space: unknown option --latice (did you mean --lattice?)"},
             {"cache prune --dry-rn", "tilescope cache prune: unknown option --dry-rn (did you mean --dry-run?)"},
             {"cache list --jsn", "tilescope cache list: unknown option --jsn (did you mean --json?)"},
             {"devices --name", "tilescope devices: unknown option --name (did you mean --names?)"},
             // --top is export's; tune does not know it, nor suggests it from another command
             {"tune " + w + " --top 3", "tilescope tune: unknown option --top"},
             // batch reads workload files, each its own launch
             {"batch " + w + " --arg n=1", "tilescope batch: unknown option --arg"},
         }) {
        CliRun run = tilescope(row.line);
        EXPECT_EQ(run.exitCode, 2) << row.line;
        EXPECT_NE(run.err.find(row.message), std::string::npos) << row.line << "\n" << run.err;
    }
    CliRun far = tilescope("tune --backend 2026-04 " + w + " --top 3");
    EXPECT_EQ(far.err.find("did you mean"), std::string::npos) << far.err;
}

TEST(CliOptions, EnumValuesMissingValuesAndFlagsWithValues)
{
    const std::string w = example("add.json");
    struct Row {
        std::string line, message;
    };
    for (const Row& row : std::vector<Row>{
             {"tune " + w + " --bench-method gpu", "tilescope tune: --bench-method must be default or npu, got 'gpu'"},
             {"batch " + w + " --bench-method=fast", "tilescope batch: --bench-method must be default or npu, got 'fast'"},
             {"export " + w + " --format yaml",
              "tilescope export: --format must be python, json, csv or autotune-json, got 'yaml'"},
             {"completion fish", "tilescope completion: no completion for 'fish' (bash or zsh)"},
             {"tune " + w + " --device", "tilescope tune: option --device needs a value (--device NAME)"},
             {"tune " + w + " --jobs --json", "tilescope tune: option --jobs needs a value (--jobs N)"},
             {"tune " + w + " --bench-method", "tilescope tune: option --bench-method needs a value (--bench-method default|npu)"},
             {"space " + w + " --json=yes", "tilescope space: option --json takes no value"},
             {"sweep " + w, "tilescope sweep: give at least one --range NAME=START..END[:xF|:+S], or a capture folder"},
             {"cache frobnicate", "tilescope cache: unknown subcommand 'frobnicate' (list, show, export, import, merge, prune)"},
             {"cache prun", "did you mean prune?"},
             {"tnue " + w, "tilescope: unknown command 'tnue' (did you mean tune?)"},
         }) {
        CliRun run = tilescope(row.line);
        EXPECT_EQ(run.exitCode, 2) << row.line;
        EXPECT_NE(run.err.find(row.message), std::string::npos) << row.line << "\n" << run.err;
    }
    // An option's value may start with a single dash; "--" ends the options.
    CliRun analyzed = tilescope("analyze --backend 2026-04 --json -- " + w);
    EXPECT_EQ(analyzed.exitCode, 0) << analyzed.err;
}

TEST(CliOptions, OverviewListsEveryCommandAndWrapsAtAHundredColumns)
{
    CliRun help = tilescope("--help");
    ASSERT_EQ(help.exitCode, 0);
    EXPECT_EQ(tilescope("help").out, help.out);
    for (const auto& c : table()["commands"])
        EXPECT_NE(help.out.find("  " + c["name"].get<std::string>()), std::string::npos) << c["name"];
    std::vector<std::string> texts = {help.out, tilescope("help --markdown").out};
    for (const auto& [name, spec] : everyCommand())
        texts.push_back(tilescope(name + " --help").out);
    texts.push_back(tilescope("cache --help").out);
    for (const std::string& text : texts) {
        std::istringstream lines(text);
        for (std::string l; std::getline(lines, l);)
            if (l.rfind("| ", 0) != 0) {  // Markdown table rows are one line each
                EXPECT_LE(l.size(), 100u) << l;
            }
    }
    // Bare `cache` prints its help as usage error; `cache --help` as help.
    CliRun bare = tilescope("cache");
    EXPECT_EQ(bare.exitCode, 2);
    EXPECT_NE(bare.err.find("tilescope cache prune"), std::string::npos) << bare.err;
    EXPECT_EQ(tilescope("cache --help").exitCode, 0);
}

TEST(CliOptions, ReadmeReferenceMatchesTheTable)
{
    CliRun generated = tilescope("help --markdown");
    ASSERT_EQ(generated.exitCode, 0) << generated.err;
    EXPECT_TRUE(readmeReference() == generated.out)
        << "README.md's CLI reference (between <!-- cli-reference:begin --> and <!-- cli-reference:end -->) "
           "differs from the command table (app/cli_table.cpp). Regenerate it with:\n"
           "    scripts/update-cli-reference.sh [build-dir]\n"
           "(it writes `tilescope help --markdown` between the markers).";
    for (const auto& [name, spec] : everyCommand()) {
        EXPECT_NE(generated.out.find("tilescope " + name), std::string::npos) << name;
        for (const std::string& option : optionNames(spec))
            EXPECT_NE(generated.out.find("`" + option), std::string::npos) << name << " " << option;
    }
}

TEST(CliOptions, ManPageHasEveryCommandAndOption)
{
    CliRun man = tilescope("help --man");
    ASSERT_EQ(man.exitCode, 0) << man.err;
    EXPECT_EQ(man.out.find(".TH TILESCOPE 1"), man.out.find(".TH"));
    EXPECT_NE(man.out.find(".TH TILESCOPE 1"), std::string::npos);
    for (const char* section : {".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS", ".SH EXIT STATUS"})
        EXPECT_NE(man.out.find(section), std::string::npos) << section;
    auto roff = [](std::string text) {
        std::string out;
        for (char ch : text)
            out += ch == '-' ? std::string("\\-") : std::string(1, ch);
        return out;
    };
    for (const auto& [name, spec] : everyCommand()) {
        EXPECT_NE(man.out.find(".SS \"tilescope " + roff(name) + "\""), std::string::npos) << name;
        for (const std::string& option : optionNames(spec))
            EXPECT_NE(man.out.find(".B " + roff(option)), std::string::npos) << name << " " << option;
    }
    // No line may start with a dot that roff would read as a request it does not know.
    std::istringstream lines(man.out);
    for (std::string l; std::getline(lines, l);)
        if (!l.empty() && l[0] == '.') {
            const std::string request = l.substr(1, l.find(' ') == std::string::npos ? std::string::npos : l.find(' ') - 1);
            static const std::set<std::string> known = {"\\\"", "TH", "SH", "SS", "TP", "PP", "RS", "RE", "B", "nh", "ad",
                                                        "I",    "RI", "br", "nf", "fi"};
            EXPECT_EQ(known.count(request), 1u) << l;
        }
    // Plain ASCII (other characters as \[uXXXX]): groff reads it without preconv, and warns of nothing.
    const auto nonAscii = std::count_if(man.out.begin(), man.out.end(),
                                        [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; });
    EXPECT_EQ(nonAscii, 0);
    const fs::path dir = ts::test::scratchDir("cli-man");
    std::ofstream(dir / "tilescope.1") << man.out;
    if (ts::test::runCommand("command -v groff >/dev/null").exitCode == 0) {
        CliRun checked = ts::test::runCommand("groff -man -Tutf8 -ww -z " + quote(dir / "tilescope.1"));
        EXPECT_EQ(checked.exitCode, 0);
        EXPECT_EQ(checked.out + checked.err, "");
    }
    if (ts::test::runCommand("command -v man >/dev/null").exitCode == 0) {
        CliRun rendered = ts::test::runCommand("MANWIDTH=100 man -l " + quote(dir / "tilescope.1") + " | col -b");
        EXPECT_NE(rendered.out.find("--bench-method"), std::string::npos) << rendered.err;
    }
}

TEST(CliOptions, BashCompletionFollowsTheTable)
{
    const fs::path dir = ts::test::scratchDir("cli-completion");
    std::ofstream(dir / "a.json") << "{}";
    std::ofstream(dir / "k.py") << "";
    std::ofstream(dir / "notes.txt") << "";
    std::ofstream(dir / "old.sqlite") << "";

    EXPECT_EQ(complete(dir, {"tu"}), (std::set<std::string>{"tune"}));
    EXPECT_EQ(complete(dir, {"tune", "--bench-method", ""}), (std::set<std::string>{"default", "npu"}));
    EXPECT_EQ(complete(dir, {"tune", "--bench-method", "=", ""}), (std::set<std::string>{"default", "npu"}));
    EXPECT_EQ(complete(dir, {"tune", "--bench-method", "n"}), (std::set<std::string>{"npu"}));
    EXPECT_EQ(complete(dir, {"export", "a.json", "--format", ""}),
              (std::set<std::string>{"python", "json", "csv", "autotune-json"}));
    EXPECT_EQ(complete(dir, {"tune", ""}), (std::set<std::string>{"a.json", "k.py"}));
    EXPECT_EQ(complete(dir, {"tune", "a.json", "--cache", ""}), (std::set<std::string>{"old.sqlite"}));
    EXPECT_EQ(complete(dir, {"cache", ""}),
              (std::set<std::string>{"list", "show", "export", "import", "merge", "prune"}));
    EXPECT_EQ(complete(dir, {"cache", "--cache", "old.sqlite", "pr"}), (std::set<std::string>{"prune"}));
    EXPECT_EQ(complete(dir, {"cache", "merge", ""}), (std::set<std::string>{"old.sqlite"}));
    EXPECT_EQ(complete(dir, {"completion", ""}), (std::set<std::string>{"bash", "zsh"}));
    EXPECT_EQ(complete(dir, {"tune", "a.json", "--backend", ""}), (std::set<std::string>{"2026-04", "2026-08"}));
    EXPECT_EQ(complete(dir, {"batch", "--backend", "2026-0"}), (std::set<std::string>{"2026-04", "2026-08"}));
    EXPECT_EQ(complete(dir, {"backen"}), (std::set<std::string>{"backends"}));
    EXPECT_EQ(complete(dir, {"help", "sp"}), (std::set<std::string>{"space"}));
    EXPECT_TRUE(complete(dir, {"tune", "a.json", "--jobs", ""}).empty());

    // Device names come from `tilescope devices --names`, with the --device-file profiles given.
    const std::set<std::string> devices = complete(dir, {"tune", "a.json", "--device", ""});
    EXPECT_EQ(devices.count("Ascend910B2"), 1u);
    EXPECT_EQ(devices.count("Ascend310P3"), 1u);
    EXPECT_EQ(devices.count("all"), 0u);
    EXPECT_EQ(complete(dir, {"batch", "--device", "al"}), (std::set<std::string>{"all"}));
    const fs::path chip = customDevice(dir);
    EXPECT_EQ(complete(dir, {"space", "--device-file", chip.string(), "a.json", "--device", "Test"}),
              (std::set<std::string>{"TestChip910"}));

    // `--<TAB>` offers exactly the command's options from the table, and --help.
    for (const auto& [name, spec] : everyCommand()) {
        std::vector<std::string> words;
        std::istringstream split(name);
        for (std::string w; split >> w;)
            words.push_back(w);
        words.push_back("--");
        std::set<std::string> expected = optionNames(spec);
        expected.insert("--help");
        EXPECT_EQ(complete(dir, words), expected) << name;
    }
    // Every command is offered at the start.
    std::set<std::string> commands;
    for (const auto& c : table()["commands"])
        commands.insert(c["name"]);
    EXPECT_EQ(complete(dir, {""}), commands);

    CliRun zsh = tilescope("completion zsh");
    EXPECT_EQ(zsh.exitCode, 0);
    EXPECT_EQ(zsh.out.rfind("#compdef tilescope", 0), 0u);
    EXPECT_NE(zsh.out.find("bashcompinit"), std::string::npos);
    EXPECT_NE(zsh.out.find("complete -F _tilescope tilescope"), std::string::npos);
}

TEST(CliOptions, DevicesNamesListsTheProfilesWithDeviceFiles)
{
    const fs::path dir = ts::test::scratchDir("cli-devices-names");
    CliRun names = tilescope("devices --names --device-file " + quote(customDevice(dir)));
    ASSERT_EQ(names.exitCode, 0) << names.err;
    EXPECT_NE(names.out.find("Ascend910B2\n"), std::string::npos);
    EXPECT_NE(names.out.find("TestChip910\n"), std::string::npos);
    EXPECT_EQ(tilescope("devices --names --json").exitCode, 2);
}

// --device-file wherever a device is chosen: a profile only the file knows can be picked.
TEST(CliOptions, DeviceFileWorksWhereverADeviceIsChosen)
{
    const fs::path dir = ts::test::scratchDir("cli-device-file");
    ts::test::writeAddWorkload(dir, "a.json", 4096);
    const std::string w = quote(dir / "a.json");
    const std::string chip = " --device TestChip910 --device-file " + quote(customDevice(dir));

    CliRun analyzed = tilescope("analyze --backend 2026-04 " + w + chip + " --json");
    ASSERT_EQ(analyzed.exitCode, 0) << analyzed.err;
    EXPECT_EQ(nlohmann::json::parse(analyzed.out)["device"], "TestChip910");

    CliRun space = tilescope("space --backend 2026-04 " + w + chip);
    ASSERT_EQ(space.exitCode, 0) << space.err;
    EXPECT_NE(space.out.find("on TestChip910"), std::string::npos) << space.out;
    // Without the file the SoC is unknown.
    EXPECT_EQ(tilescope("space --backend 2026-04 " + w + " --device TestChip910").exitCode, 2);

    CliRun tuned = tilescope("tune --backend 2026-04 " + w + chip + " --no-cache --json");
    ASSERT_EQ(tuned.exitCode, 0) << tuned.err;
    EXPECT_NE(tuned.out.find("TestChip910"), std::string::npos);

    CliRun exported = tilescope("export --backend 2026-04 " + w + chip + " --cache " + quote(dir / "c.sqlite") + " --top 1");
    ASSERT_EQ(exported.exitCode, 0) << exported.err;
    EXPECT_NE(exported.out.find("@triton.autotune"), std::string::npos);
    CliRun listed = tilescope("cache list --json --cache " + quote(dir / "c.sqlite"));
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_EQ(nlohmann::json::parse(listed.out)["tunings"][0]["device"], "TestChip910");

    CliRun swept = tilescope("sweep --backend 2026-04 " + w + chip + " --range n_elements=1024,2048 --no-cache --json");
    ASSERT_EQ(swept.exitCode, 0) << swept.err;
    EXPECT_NE(swept.out.find("TestChip910"), std::string::npos);

    CliRun batch = tilescope("batch --backend 2026-04 " + w + chip + " --no-cache --report " + quote(dir / "r.json"));
    ASSERT_EQ(batch.exitCode, 0) << batch.err;
    EXPECT_EQ(nlohmann::json::parse(ts::test::readText(dir / "r.json"))["cases"][0]["device"], "TestChip910");

    CliRun devices = tilescope("devices --json --device-file " + quote(dir / "TestChip910.json"));
    ASSERT_EQ(devices.exitCode, 0) << devices.err;
    EXPECT_NE(devices.out.find("TestChip910"), std::string::npos);
}

// --function, --arg and --grid wherever a launch is read from one workload or kernel file.
TEST(CliOptions, LaunchOptionsWorkWhereverAWorkloadIsRead)
{
    const fs::path dir = ts::test::scratchDir("cli-launch-options");
    ts::test::writeAddWorkload(dir, "a.json", 4096);
    const std::string w = quote(dir / "a.json");
    const std::string launch =
        " --function add_kernel --arg n_elements=2048 --grid \"lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']) + 1,)\"";

    CliRun analyzed = tilescope("analyze --backend 2026-04 " + w + launch + " --json");
    ASSERT_EQ(analyzed.exitCode, 0) << analyzed.err;
    EXPECT_NE(analyzed.out.find("2048"), std::string::npos);
    // An unknown function is an error, so --function is read.
    struct Row {
        std::string line;
    };
    for (const Row& row : std::vector<Row>{{"analyze " + w}, {"space " + w}, {"tune " + w + " --no-cache"},
                                           {"export " + w + " --no-cache"},
                                           {"sweep " + w + " --range n_elements=1024 --no-cache"}}) {
        CliRun wrong = tilescope(row.line + " --function no_such_kernel");
        EXPECT_NE(wrong.exitCode, 0) << row.line;
        EXPECT_NE(wrong.err.find("no_such_kernel"), std::string::npos) << row.line << "\n" << wrong.err;
    }
    // A static grid fixes the split: the analysis says so.
    CliRun fixed = tilescope("analyze --backend 2026-04 " + w + " --grid \"lambda meta: (7,)\" --json");
    EXPECT_NE(fixed.out.find("split-fixed-by-grid"), std::string::npos) << fixed.out;
    EXPECT_EQ(tilescope("analyze --backend 2026-04 " + w + " --json").out.find("split-fixed-by-grid"), std::string::npos);
    // --arg and --grid change the launch that is tuned.
    CliRun tuned = tilescope("tune --backend 2026-04 " + w + launch + " --no-cache --json");
    ASSERT_EQ(tuned.exitCode, 0) << tuned.err;
    EXPECT_NE(tuned.out.find("2048"), std::string::npos);
}

TEST(CliOptions, ExportNoCacheTunesWithoutTheCache)
{
    const fs::path dir = ts::test::scratchDir("cli-export-no-cache");
    ts::test::writeAddWorkload(dir, "a.json", 4096);
    CliRun run = tilescope("export --backend 2026-04 " + quote(dir / "a.json") + " --no-cache --top 1");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("@triton.autotune"), std::string::npos);
    EXPECT_NE(run.err.find("tuning without the cache"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(dir / ".tilescope" / "cache.sqlite"));
    EXPECT_EQ(tilescope("export --backend 2026-04 " + quote(dir / "a.json") + " --no-cache --cache " + quote(dir / "x.sqlite")).exitCode,
              2);
}
