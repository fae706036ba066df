// Hostile files around the config cache and names that try to inject code, end to end: a stray
// write-ahead log or journal of another database beside a good cache (it was applied, the cache
// looked corrupt and was moved aside damaged), a damaged cache moved aside whole and unchanged,
// a read-only cache read by read-only commands, one damaged row among good ones, and the runner
// script exported for names holding newlines, quotes, backslashes and bytes that are not UTF-8.

#include "cli_run.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

namespace ts::test {
namespace {

namespace fs = std::filesystem;

// Runs a Python script with python3's own sqlite3 (the system's SQLite, as TileScope's).
CliRun pythonSql(const fs::path& dir, const std::string& script, const std::string& arguments)
{
    return python(dir, "import sqlite3, sys, os, shutil, subprocess\n" + script, arguments);
}

// A cache with one tuning of the vector add, in `dir`.
fs::path tunedCache(const fs::path& dir)
{
    fs::copy_file(dataDir() / "hostile" / "add.json", dir / "add.json", fs::copy_options::overwrite_existing);
    std::string workload = readText(dir / "add.json");
    workload.replace(workload.find("../../../resources/examples/add.py"), 34, (examplesDir() / "add.py").string());
    std::ofstream(dir / "add.json", std::ios::trunc) << workload;
    const fs::path cache = dir / "cache.sqlite";
    const CliRun run = tilescope("tune " + shellWord(dir / "add.json") + " --cache " + shellWord(cache));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return cache;
}

// The measurements of the vector add (tests/data/hostile/runner.json) stored in `cache`.
void importMeasurements(const fs::path& cache)
{
    const CliRun imported = tilescope("measure import " + shellWord(dataDir() / "hostile" / "runner.json") +
                                      " --cache " + shellWord(cache));
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
}

// A write-ahead log of another database, left as a killed process leaves it.
fs::path foreignWal(const fs::path& dir)
{
    const CliRun made = pythonSql(dir, R"PY(
path = sys.argv[1]
code = (
    "import sqlite3, os\n"
    "db = sqlite3.connect(%r)\n"
    "db.execute('pragma journal_mode=wal'); db.execute('pragma wal_autocheckpoint=0')\n"
    "db.execute('create table other(x)')\n"
    "for i in range(300): db.execute('insert into other values (?)', ('x' * 200,))\n"
    "db.commit(); os._exit(0)\n" % path)
subprocess.run([sys.executable, "-c", code], check=True)
)PY",
                                    shellWord(dir / "other.sqlite"));
    EXPECT_EQ(made.exitCode, 0) << made.err;
    EXPECT_GT(fs::file_size(dir / "other.sqlite-wal"), 0u);
    return dir / "other.sqlite-wal";
}

std::vector<fs::path> filesStartingWith(const fs::path& dir, const std::string& prefix)
{
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().filename().string().rfind(prefix, 0) == 0)
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(HostileCache, AStrayWriteAheadLogIsMovedAsideAndTheCacheKept)
{
    const fs::path dir = scratchDir("hostile-stray-wal");
    const fs::path cache = tunedCache(dir);
    const std::string before = readText(cache);
    const std::string wal = readText(foreignWal(dir));
    fs::copy_file(dir / "other.sqlite-wal", cache.string() + "-wal");

    // A command that writes: the check happens before anything touches the file.
    const CliRun tuned = tilescope("tune " + shellWord(dir / "add.json") + " --cache " + shellWord(cache));
    EXPECT_EQ(tuned.exitCode, 0) << tuned.err;
    EXPECT_NE(tuned.err.find("the write-ahead log or journal beside it belongs to another database"), std::string::npos)
        << tuned.err;
    EXPECT_NE(tuned.err.find("the cache itself is intact"), std::string::npos) << tuned.err;
    EXPECT_NE(tuned.out.find("from cache #1"), std::string::npos) << tuned.out;  // the tuning is still there
    const std::vector<fs::path> stray = filesStartingWith(dir, "cache.sqlite-wal.stray-");
    ASSERT_EQ(stray.size(), 1u);
    EXPECT_EQ(readText(stray[0]), wal);  // the log itself, byte for byte
    EXPECT_TRUE(filesStartingWith(dir, "cache.sqlite.corrupt-").empty());
    (void)before;
}

TEST(HostileCache, ReadOnlyCommandsReadTheCacheWithoutTheStrayLog)
{
    const fs::path dir = scratchDir("hostile-stray-wal-read");
    const fs::path cache = tunedCache(dir);
    foreignWal(dir);
    fs::copy_file(dir / "other.sqlite-wal", cache.string() + "-wal");
    const std::string main = readText(cache), wal = readText(cache.string() + "-wal");

    const CliRun listed = tilescope("cache list --cache " + shellWord(cache));
    EXPECT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_NE(listed.out.find("#1  add_kernel"), std::string::npos) << listed.out;
    EXPECT_NE(listed.err.find("without the log or journal beside it"), std::string::npos)
        << listed.err;
    EXPECT_EQ(readText(cache), main);  // nothing written
    EXPECT_EQ(readText(cache.string() + "-wal"), wal);
}

TEST(HostileCache, ADamagedCacheMovesAsideWithItsLogUnchanged)
{
    const fs::path dir = scratchDir("hostile-damaged");
    const fs::path cache = tunedCache(dir);
    // Half the file, with a log beside it: neither view is a cache.
    std::string text = readText(cache);
    text.resize(text.size() / 2);
    std::ofstream(cache, std::ios::trunc | std::ios::binary) << text;
    const std::string wal = readText(foreignWal(dir));
    fs::copy_file(dir / "other.sqlite-wal", cache.string() + "-wal");

    const CliRun tuned = tilescope("tune " + shellWord(dir / "add.json") + " --cache " + shellWord(cache));
    EXPECT_EQ(tuned.exitCode, 0) << tuned.err;
    EXPECT_NE(tuned.err.find("unchanged, and started a fresh cache"), std::string::npos) << tuned.err;
    // The file and its log together (with the shared-memory file SQLite keeps beside them).
    const std::vector<fs::path> aside = filesStartingWith(dir, "cache.sqlite.corrupt-");
    ASSERT_GE(aside.size(), 2u) << tuned.err;
    EXPECT_EQ(readText(aside[0]), text);
    EXPECT_TRUE(std::find(aside.begin(), aside.end(), aside[0].string() + "-wal") != aside.end()) << tuned.err;
    EXPECT_EQ(readText(aside[0].string() + "-wal"), wal);
    EXPECT_NE(tuned.err.find(aside[0].string()), std::string::npos) << "the notice says where";
}

// Runs a command as an unprivileged user when the tests run as root (root may write anywhere).
CliRun asUser(const std::string& arguments)
{
    if (::geteuid() != 0)
        return tilescope(arguments);
    return runCommand("setpriv --reuid=65534 --regid=65534 --clear-groups env -u DISPLAY -u WAYLAND_DISPLAY "
                      "QT_QPA_PLATFORM= " + binaryPath() + " " + arguments);
}

TEST(HostileCache, ReadOnlyCommandsWorkOnAReadOnlyCache)
{
    const fs::path dir = scratchDir("hostile-read-only");
    const fs::path cache = tunedCache(dir);
    importMeasurements(cache);
    fs::permissions(cache, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                             fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    fs::permissions(dir.parent_path(), fs::perms::others_exec, fs::perm_options::add);
    std::vector<fs::path> listing;
    for (const auto& entry : fs::directory_iterator(dir))
        listing.push_back(entry.path());
    const std::string c = " --cache " + shellWord(cache);
    for (const std::string& command : {"cache list" + c, "cache show 1" + c, "measure list" + c,
                                       "measure compare " + shellWord(dir / "add.json") + c}) {
        const CliRun run = asUser(command);
        EXPECT_EQ(run.exitCode, 0) << command << "\n" << run.err;
        EXPECT_EQ(run.err.find("readonly"), std::string::npos) << command << "\n" << run.err;
    }
    std::vector<fs::path> after;
    for (const auto& entry : fs::directory_iterator(dir))
        after.push_back(entry.path());
    std::sort(listing.begin(), listing.end());
    std::sort(after.begin(), after.end());
    EXPECT_EQ(after, listing);  // nothing created beside it
    fs::permissions(dir, fs::perms::owner_all);
}

TEST(HostileCache, OneDamagedRowIsNamedAndSkippedNotFatal)
{
    const fs::path dir = scratchDir("hostile-bad-row");
    const fs::path cache = tunedCache(dir);
    importMeasurements(cache);
    // A second tuning (another device), then the first one's columns and one measurement broken.
    const CliRun second = tilescope("tune " + shellWord(dir / "add.json") + " --device Ascend910B4 --cache " + shellWord(cache));
    ASSERT_EQ(second.exitCode, 0) << second.err;
    const CliRun broken = pythonSql(dir, R"PY(
db = sqlite3.connect(sys.argv[1])
db.execute("update tunings set candidates = '[[broken', best = '{' where id = 1")
db.execute("update measurements set params = '{not json' where id = (select min(id) from measurements)")
db.commit()
)PY",
                                    shellWord(cache));
    ASSERT_EQ(broken.exitCode, 0) << broken.err;

    const CliRun listed = tilescope("cache list --cache " + shellWord(cache));
    EXPECT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_NE(listed.out.find("#2  add_kernel"), std::string::npos) << listed.out;
    EXPECT_NE(listed.err.find("tuning #1 is damaged (its stored columns do not decode) and was left out"), std::string::npos)
        << listed.err;
    const CliRun measured = tilescope("measure list --cache " + shellWord(cache));
    EXPECT_EQ(measured.exitCode, 0) << measured.err;
    EXPECT_NE(measured.err.find("is damaged (its stored columns do not decode) and was left out"), std::string::npos)
        << measured.err;
    EXPECT_NE(measured.out.find("2 measurements in"), std::string::npos) << measured.out;
    for (const CliRun* run : {&listed, &measured})
        EXPECT_EQ(run->err.find("not an error"), std::string::npos) << run->err;

    // Tuning the launch whose row is damaged says so and replaces it; the file stays in use.
    const CliRun again = tilescope("tune " + shellWord(dir / "add.json") + " --cache " + shellWord(cache));
    EXPECT_EQ(again.exitCode, 0) << again.err;
    EXPECT_NE(again.err.find("tilescope tune: cache: cannot look up"), std::string::npos) << again.err;
    EXPECT_NE(again.err.find("tuning #1 is damaged (its stored columns do not decode)"), std::string::npos) << again.err;
    EXPECT_EQ(again.err.find("the file is damaged"), std::string::npos) << again.err;
    const CliRun relisted = tilescope("cache list --cache " + shellWord(cache));
    EXPECT_EQ(relisted.err.find("damaged"), std::string::npos) << relisted.err;
    EXPECT_NE(relisted.out.find("2 tunings in"), std::string::npos) << relisted.out;
}

// The names an attacker (or a careless user) gives the workload and the candidates file.
const std::vector<std::string>& hostileNames()
{
    static const std::vector<std::string> names = {
        "evil\nimport os; open('INJECTED', 'w').write('workload')\n#",
        "quote'\"\\\nopen(\"INJECTED\", \"w\")#",
        "cr\rimport os; open('INJECTED', 'w')\r#",
        "bytes\xff\xfe not utf-8",
    };
    return names;
}

TEST(HostileCache, RunnerScriptEmbedsNoNameAsCode)
{
    for (std::size_t i = 0; i < hostileNames().size(); ++i) {
        const fs::path dir = scratchDir("hostile-runner-" + std::to_string(i));
        const std::string name = hostileNames()[i];
        fs::copy_file(examplesDir() / "add.py", dir / "add.py");
        std::string workload = readText(dataDir() / "hostile" / "add.json");
        workload.replace(workload.find("../../../resources/examples/add.py"), 34, "add.py");
        std::ofstream(dir / (name + ".json")) << workload;
        std::ofstream(dir / (name + ".candidates.json"))
            << R"([{"kwargs": {"XBLOCK": 1024, "XBLOCK_SUB": 1024}, "num_warps": 1, "num_stages": 1}])";
        const fs::path script = dir / "run.py";
        const CliRun exported = tilescope("runner export " + shellWord(dir / (name + ".json")) + " --candidates " +
                                          shellWord(dir / (name + ".candidates.json")) + " -o " + shellWord(script));
        ASSERT_EQ(exported.exitCode, 0) << exported.err;
        // The script parses as Python, its header is comments only, and running it (its --help
        // first, as a user would) creates nothing a name asked for.
        const CliRun checked = python(dir, R"PY(
import ast, sys, tokenize
source = open(sys.argv[1], encoding="utf-8").read()
ast.parse(source)
head = source.split("DATA_JSON")[0]
for line in head.splitlines():
    assert line == "" or line.startswith("#"), repr(line)
print("ok")
)PY",
                                      shellWord(script));
        EXPECT_EQ(checked.exitCode, 0) << checked.err << readText(script).substr(0, 800);
        const std::string stubs = shellWord(dataDir() / "runner" / "stubs");
        for (const std::string& arguments : {std::string("--help"), std::string("-o ") + shellWord(dir / "out.json")}) {
            const CliRun ran = runCommand("cd " + shellWord(dir) + " && env PYTHONPATH=" + stubs + " /usr/bin/python3 " +
                                          shellWord(script) + " " + arguments);
            EXPECT_EQ(ran.exitCode, 0) << arguments << "\n" << ran.err;
        }
        EXPECT_FALSE(fs::exists(dir / "INJECTED")) << "name " << i << " ran as code";
        EXPECT_TRUE(fs::exists(dir / "out.json"));
    }
}

// A string constexpr is launch data: the runner script carries it in its JSON, never as code,
// whatever quotes and backslashes it holds.
TEST(HostileCache, RunnerScriptCarriesAStringConstexprAsData)
{
    const fs::path dir = scratchDir("hostile-runner-string-constexpr");
    fs::copy_file(examplesDir() / "linear_act.py", dir / "linear_act.py");
    const std::string value = R"(relu''' + __import__("os").system("touch INJECTED") + r'''\)";
    nlohmann::json workload = nlohmann::json::parse(readText(examplesDir() / "linear_act.json"));
    workload["args"]["ACTIVATION"] = value;
    std::ofstream(dir / "w.json") << workload.dump(1);
    std::ofstream(dir / "c.json")
        << R"([{"kwargs": {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, "num_warps": 1, "num_stages": 1}])";
    const fs::path script = dir / "run.py";
    const CliRun exported = tilescope("runner export " + shellWord(dir / "w.json") + " --candidates " +
                                      shellWord(dir / "c.json") + " -o " + shellWord(script));
    ASSERT_EQ(exported.exitCode, 0) << exported.err;
    std::ofstream(dir / "value.txt") << value;
    const CliRun checked = python(dir, R"PY(
import ast, json, sys
tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
data = next(n.value.value for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "DATA_JSON")
args = json.loads(data)["workload"]["args"]
assert args["ACTIVATION"] == open(sys.argv[2], encoding="utf-8").read(), args["ACTIVATION"]
print("ok")
)PY",
                                  shellWord(script) + " " + shellWord(dir / "value.txt"));
    EXPECT_EQ(checked.exitCode, 0) << checked.err << readText(script).substr(0, 1200);
    EXPECT_FALSE(fs::exists(dir / "INJECTED"));
}

} // namespace
} // namespace ts::test
