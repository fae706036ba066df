// The config cache and exports from the command line: tune reuses a fresh entry, --force and
// --no-cache, a stale entry after an edit, a corrupt file moved aside, the cache subcommands,
// export to Python read back with python3's ast, Triton's autotune.json, and sweep.

#include "cli_run.h"

#include <gtest/gtest.h>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace ts::test;
namespace fs = std::filesystem;

namespace {

// Reads an exported decorator back with Python's own parser: the configs (kwargs plus
// num_warps/num_stages when written) and the key, as JSON.
constexpr const char* kReadDecorator = R"PY(
import ast, json, sys
source = open(sys.argv[1]).read()
tree = ast.parse(source + "@triton.jit\ndef kernel():\n    pass\n")
func = tree.body[-1]
assert isinstance(func, ast.FunctionDef)
autotune = func.decorator_list[0]
assert isinstance(autotune, ast.Call) and ast.unparse(autotune.func) == "triton.autotune", ast.dump(autotune)
out = {}
for kw in autotune.keywords:
    if kw.arg == "configs":
        configs = []
        for call in kw.value.elts:
            assert ast.unparse(call.func) == "triton.Config"
            entry = {"kwargs": ast.literal_eval(call.args[0])}
            for k in call.keywords:
                entry[k.arg] = ast.literal_eval(k.value)
            configs.append(entry)
        out["configs"] = configs
    else:
        out[kw.arg] = ast.literal_eval(kw.value)
print(json.dumps(out))
)PY";

nlohmann::json readDecorator(const fs::path& dir, const std::string& text)
{
    std::ofstream(dir / "decorator.py", std::ios::trunc) << text;
    CliRun run = python(dir, kReadDecorator, quote(dir / "decorator.py"));
    EXPECT_EQ(run.exitCode, 0) << run.err << "\n" << text;
    return nlohmann::json::parse(run.out, nullptr, false);
}

} // namespace

TEST(CliCache, TuneStoresThenReusesUnlessForced)
{
    const fs::path dir = scratchDir("cli-cache-tune");
    writeAddWorkload(dir, "add.json", 98432);
    const std::string w = quote(dir / "add.json");

    CliRun first = tilescope("tune --backend 2026-04 " + w + " --jobs 2 --json");
    ASSERT_EQ(first.exitCode, 0) << first.err;
    EXPECT_TRUE(fs::exists(dir / ".tilescope" / "cache.sqlite"));  // beside the workload
    const nlohmann::json tuned = nlohmann::json::parse(first.out);
    EXPECT_EQ(tuned["cache"]["hit"], false);
    ASSERT_TRUE(tuned["cache"].is_object());
    const int id = tuned["cache"]["id"];

    CliRun hit = tilescope("tune --backend 2026-04 " + w + " --jobs 2");
    ASSERT_EQ(hit.exitCode, 0) << hit.err;
    EXPECT_NE(hit.out.find("from cache #" + std::to_string(id) + ", tuned "), std::string::npos) << hit.out;
    EXPECT_EQ(hit.err.find("compiling"), std::string::npos) << hit.err;  // nothing was tuned

    CliRun hitJson = tilescope("tune --backend 2026-04 " + w + " --json");
    ASSERT_EQ(hitJson.exitCode, 0) << hitJson.err;
    const nlohmann::json cached = nlohmann::json::parse(hitJson.out);
    EXPECT_EQ(cached["cache"]["hit"], true);
    const nlohmann::json& best = cached["best"];
    ASSERT_TRUE(best.is_object());
    EXPECT_DOUBLE_EQ(best["p50Ms"].get<double>(), tuned["best"]["p50Ms"].get<double>());

    CliRun forced = tilescope("tune --backend 2026-04 " + w + " --jobs 2 --force");
    ASSERT_EQ(forced.exitCode, 0) << forced.err;
    EXPECT_EQ(forced.out.find("from cache"), std::string::npos);
    EXPECT_NE(forced.err.find("stored as cache entry"), std::string::npos) << forced.err;

    CliRun none = tilescope("tune --backend 2026-04 " + w + " --jobs 2 --no-cache");
    ASSERT_EQ(none.exitCode, 0) << none.err;
    EXPECT_EQ(none.out.find("from cache"), std::string::npos);
    EXPECT_EQ(none.err.find("stored"), std::string::npos);
    EXPECT_EQ(tilescope("tune --backend 2026-04 " + w + " --no-cache --cache " + quote(dir / "x.sqlite")).exitCode, 2);

    // A cache that cannot be opened never costs the result: it is printed, the exit code is a
    // normal tune's, and the problem is named.
    std::ofstream(dir / "plain-file") << "x";
    CliRun unusable = tilescope("tune --backend 2026-04 " + w + " --jobs 2 --cache " + quote(dir / "plain-file" / "cache.sqlite"));
    EXPECT_EQ(unusable.exitCode, 0) << unusable.err;
    EXPECT_NE(unusable.out.find("best:"), std::string::npos) << unusable.out;
    EXPECT_NE(unusable.err.find("plain-file"), std::string::npos) << unusable.err;
    EXPECT_NE(unusable.err.find("without the cache"), std::string::npos) << unusable.err;

    // A kernel file launched from the command line keeps its cache beside the kernel.
    const fs::path kernelDir = dir / "kernels";
    fs::create_directories(kernelDir);
    fs::copy_file(dir / "add.py", kernelDir / "add.py");
    const std::string launch = "tune --backend 2026-04 " + quote(kernelDir / "add.py") +
                               " --arg x_ptr=float16[4096] --arg y_ptr=float16[4096] --arg out_ptr=float16[4096]"
                               " --arg n_elements=4096 --grid \"lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)\"";
    CliRun py = tilescope(launch + " --jobs 2");
    ASSERT_EQ(py.exitCode, 0) << py.err;
    EXPECT_TRUE(fs::exists(kernelDir / ".tilescope" / "cache.sqlite"));
    EXPECT_NE(tilescope(launch).out.find("from cache #1"), std::string::npos);

    // An explicit --cache is another file: a miss there.
    CliRun other = tilescope("tune --backend 2026-04 " + w + " --jobs 2 --cache " + quote(dir / "other.sqlite"));
    EXPECT_EQ(other.exitCode, 0) << other.err;
    EXPECT_EQ(other.out.find("from cache"), std::string::npos);
    EXPECT_TRUE(fs::exists(dir / "other.sqlite"));
    fs::remove_all(dir);
}

TEST(CliCache, EditedKernelIsStaleThenPruned)
{
    const fs::path dir = scratchDir("cli-cache-stale");
    writeAddWorkload(dir, "add.json", 98432);
    writeAddWorkload(dir, "small.json", 4096);
    ASSERT_EQ(tilescope("tune --backend 2026-04 " + quote(dir / "add.json") + " --jobs 2").exitCode, 0);
    ASSERT_EQ(tilescope("tune --backend 2026-04 " + quote(dir / "small.json") + " --jobs 2").exitCode, 0);

    std::string source = readText(dir / "add.py");
    const auto at = source.find("tl.program_id");
    ASSERT_NE(at, std::string::npos);
    source.insert(source.rfind('\n', at) + 1, "    # an edit\n");
    std::ofstream(dir / "add.py", std::ios::trunc) << source;

    CliRun stale = tilescope("tune --backend 2026-04 " + quote(dir / "add.json") + " --jobs 2");
    ASSERT_EQ(stale.exitCode, 0) << stale.err;
    EXPECT_NE(stale.err.find("cache entry #1"), std::string::npos) << stale.err;
    EXPECT_NE(stale.err.find("stale"), std::string::npos) << stale.err;
    EXPECT_EQ(stale.out.find("from cache"), std::string::npos);
    // Now fresh again.
    EXPECT_NE(tilescope("tune --backend 2026-04 " + quote(dir / "add.json")).out.find("from cache"), std::string::npos);

    // The small shape's entry still has the old source: list marks nothing without sources, prune
    // removes it as superseded (and --dry-run only says so).
    const std::string cache = " --cache " + quote(dir / ".tilescope" / "cache.sqlite");
    CliRun marked = tilescope("cache list " + quote(dir / "small.json") + cache);
    ASSERT_EQ(marked.exitCode, 0) << marked.err;
    EXPECT_NE(marked.out.find("n_elements=4096"), std::string::npos);
    EXPECT_EQ(std::count(marked.out.begin(), marked.out.end(), '\n'), 3);
    EXPECT_NE(marked.out.find("[stale]"), std::string::npos) << marked.out;
    EXPECT_EQ(marked.out.find("[stale]"), marked.out.rfind("[stale]")) << marked.out;  // only the old entry
    CliRun dry = tilescope("cache prune --dry-run" + cache);
    ASSERT_EQ(dry.exitCode, 0) << dry.err;
    EXPECT_NE(dry.out.find("would remove #2"), std::string::npos) << dry.out;
    EXPECT_NE(dry.out.find("superseded"), std::string::npos) << dry.out;
    CliRun prune = tilescope("cache prune" + cache);
    ASSERT_EQ(prune.exitCode, 0) << prune.err;
    EXPECT_NE(prune.out.find("1 entry removed"), std::string::npos) << prune.out;
    CliRun list = tilescope("cache list --json" + cache);
    ASSERT_EQ(list.exitCode, 0);
    const auto rows = nlohmann::json::parse(list.out)["tunings"];
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0]["keyValues"]["n_elements"], 98432);
    fs::remove_all(dir);
}

TEST(CliCache, CorruptCacheIsMovedAsideAndTheTuningStillPrints)
{
    const fs::path dir = scratchDir("cli-cache-corrupt");
    writeAddWorkload(dir, "add.json", 4096);
    fs::create_directories(dir / ".tilescope");
    std::ofstream(dir / ".tilescope" / "cache.sqlite") << "this is not a database, just some text\n";
    CliRun run = tilescope("tune --backend 2026-04 " + quote(dir / "add.json") + " --jobs 2");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("add_kernel"), std::string::npos);
    EXPECT_NE(run.err.find("moved it aside to"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find((dir / ".tilescope" / "cache.sqlite").string()), std::string::npos) << run.err;
    int aside = 0;
    for (const auto& e : fs::directory_iterator(dir / ".tilescope"))
        aside += e.path().filename().string().rfind("cache.sqlite.corrupt-", 0) == 0;
    EXPECT_EQ(aside, 1);
    EXPECT_NE(tilescope("tune --backend 2026-04 " + quote(dir / "add.json")).out.find("from cache"), std::string::npos);
    fs::remove_all(dir);
}

TEST(CliCache, Subcommands)
{
    const fs::path dir = scratchDir("cli-cache-sub");
    writeAddWorkload(dir, "a.json", 4096);
    writeAddWorkload(dir, "b.json", 65536);
    const std::string c1 = " --cache " + quote(dir / "one.sqlite");
    ASSERT_EQ(tilescope("tune --backend 2026-04 " + quote(dir / "a.json") + " --jobs 2" + c1).exitCode, 0);
    ASSERT_EQ(tilescope("tune --backend 2026-04 " + quote(dir / "b.json") + " --jobs 2 --cache " + quote(dir / "two.sqlite")).exitCode, 0);

    CliRun list = tilescope("cache list" + c1);
    ASSERT_EQ(list.exitCode, 0) << list.err;
    EXPECT_NE(list.out.find("#1  add_kernel[n_elements=4096"), std::string::npos) << list.out;
    EXPECT_NE(list.out.find("1 tuning in"), std::string::npos) << list.out;

    CliRun show = tilescope("cache show 1" + c1);
    ASSERT_EQ(show.exitCode, 0) << show.err;
    EXPECT_NE(show.out.find("best"), std::string::npos);
    EXPECT_NE(show.out.find("XBLOCK="), std::string::npos);
    CliRun showJson = tilescope("cache show 1 --json" + c1);
    ASSERT_EQ(showJson.exitCode, 0);
    EXPECT_EQ(nlohmann::json::parse(showJson.out)["kernel"], "add_kernel");
    CliRun missing = tilescope("cache show 42" + c1);
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("42"), std::string::npos) << missing.err;
    EXPECT_EQ(tilescope("cache show abc" + c1).exitCode, 2);
    EXPECT_EQ(tilescope("cache frobnicate" + c1).exitCode, 2);
    CliRun absent = tilescope("cache list --cache " + quote(dir / "none.sqlite"));
    EXPECT_EQ(absent.exitCode, 2);
    EXPECT_NE(absent.err.find("none.sqlite"), std::string::npos);
    EXPECT_FALSE(fs::exists(dir / "none.sqlite"));  // listing never creates a cache

    // export -> import into an empty cache -> merge the other one in.
    CliRun exported = tilescope("cache export " + quote(dir / "one.json") + c1);
    ASSERT_EQ(exported.exitCode, 0) << exported.err;
    EXPECT_EQ(nlohmann::json::parse(readText(dir / "one.json"))["format"], "tilescope-config-cache");
    const std::string c3 = " --cache " + quote(dir / "three.sqlite");
    CliRun imported = tilescope("cache import " + quote(dir / "one.json") + c3);
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_NE(imported.out.find("1 added"), std::string::npos) << imported.out;
    CliRun merged = tilescope("cache merge " + quote(dir / "two.sqlite") + " " + quote(dir / "one.sqlite") + c3);
    ASSERT_EQ(merged.exitCode, 0) << merged.err;
    EXPECT_NE(merged.out.find("1 added"), std::string::npos) << merged.out;
    EXPECT_NE(merged.out.find("1 kept"), std::string::npos) << merged.out;
    EXPECT_EQ(nlohmann::json::parse(tilescope("cache list --json" + c3).out)["tunings"].size(), 2u);

    std::ofstream(dir / "bad.json") << "{\"format\": \"something else\"}";
    CliRun bad = tilescope("cache import " + quote(dir / "bad.json") + c3);
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("bad.json"), std::string::npos) << bad.err;
    EXPECT_EQ(tilescope("cache merge " + quote(dir / "nowhere.sqlite") + c3).exitCode, 2);
    fs::remove_all(dir);
}

TEST(CliCache, FreshAndCachedTuneJsonAreTheSameDocument)
{
    // A script reading `tune --json` must not care whether the result came from the cache: the
    // two documents differ only in their "cache" block.
    const fs::path dir = scratchDir("cli-cache-same-json");
    writeAddWorkload(dir, "add.json", 98432);
    const std::string command = "tune " + quote(dir / "add.json") + " --jobs 2 --json --cache " + quote(dir / "c.sqlite");
    CliRun first = tilescope(command);
    ASSERT_EQ(first.exitCode, 0) << first.err;
    CliRun second = tilescope(command);
    ASSERT_EQ(second.exitCode, 0) << second.err;
    nlohmann::json fresh = nlohmann::json::parse(first.out, nullptr, false);
    nlohmann::json cached = nlohmann::json::parse(second.out, nullptr, false);
    ASSERT_TRUE(fresh.is_object()) << first.out;
    ASSERT_TRUE(cached.is_object()) << second.out;
    ASSERT_TRUE(fresh.contains("cache"));
    ASSERT_TRUE(cached.contains("cache"));
    EXPECT_EQ(fresh["cache"]["hit"], false);
    EXPECT_EQ(cached["cache"]["hit"], true);
    EXPECT_EQ(fresh["cache"]["id"], cached["cache"]["id"]);
    fresh.erase("cache");
    cached.erase("cache");
    EXPECT_EQ(fresh, cached) << nlohmann::json::diff(fresh, cached).dump(1);

    // Parameter values keep their JSON type in both.
    ASSERT_TRUE(cached["best"].is_object());
    for (const auto& [name, value] : cached["best"]["params"].items())
        EXPECT_FALSE(value.is_string()) << name << " = " << value.dump();
    EXPECT_TRUE(cached["keyValues"]["n_elements"].is_number_integer());
    fs::remove_all(dir);
}

TEST(CliExport, PythonReadBackByAst)
{
    const fs::path dir = scratchDir("cli-export");
    writeAddWorkload(dir, "add.json", 98432);
    const std::string w = quote(dir / "add.json");

    // No tuning yet: export tunes first and says so.
    CliRun top = tilescope("export --backend 2026-04 " + w + " --top 3 --jobs 2");
    ASSERT_EQ(top.exitCode, 0) << top.err;
    EXPECT_NE(top.err.find("tuning it first"), std::string::npos) << top.err;
    const nlohmann::json parsed = readDecorator(dir, top.out);
    EXPECT_EQ(parsed["key"], nlohmann::json::array({"n_elements"}));
    ASSERT_EQ(parsed["configs"].size(), 3u);

    // The first config is the cached tuning's best, value for value.
    const nlohmann::json record = nlohmann::json::parse(tilescope("cache show 1 --json --cache " +
                                                                  quote(dir / ".tilescope" / "cache.sqlite")).out);
    const nlohmann::json& candidates = record["candidates"];
    const nlohmann::json& best = candidates[record["bestIndex"].get<std::size_t>()];
    const nlohmann::json expected = best["params"];  // typed values, as Python reads them back
    EXPECT_EQ(parsed["configs"][0]["kwargs"], expected);

    // Second time: from the cache. --configs picks stored candidates by index.
    CliRun picked = tilescope("export --backend 2026-04 " + w + " --configs 0,2");
    ASSERT_EQ(picked.exitCode, 0) << picked.err;
    EXPECT_NE(picked.err.find("from cache #1"), std::string::npos) << picked.err;
    const nlohmann::json two = readDecorator(dir, picked.out);
    ASSERT_EQ(two["configs"].size(), 2u);
    for (int k = 0; k < 2; ++k) {
        EXPECT_EQ(two["configs"][k]["kwargs"], candidates[k * 2]["params"]);
    }
    CliRun badIndex = tilescope("export --backend 2026-04 " + w + " --configs 0,9999");
    EXPECT_EQ(badIndex.exitCode, 2);
    EXPECT_NE(badIndex.err.find("9999"), std::string::npos) << badIndex.err;
    EXPECT_EQ(tilescope("export --backend 2026-04 " + w + " --format yaml").exitCode, 2);
    EXPECT_EQ(tilescope("export --backend 2026-04 " + w + " --format csv --top 2").exitCode, 2);

    // Reports.
    CliRun csv = tilescope("export --backend 2026-04 " + w + " --format csv");
    ASSERT_EQ(csv.exitCode, 0);
    EXPECT_EQ(csv.out.rfind("index,status,", 0), 0u) << csv.out.substr(0, 80);
    CliRun json = tilescope("export --backend 2026-04 " + w + " --format json --output " + quote(dir / "report.json"));
    ASSERT_EQ(json.exitCode, 0);
    EXPECT_EQ(nlohmann::json::parse(readText(dir / "report.json"))["schema"], "tilescope.tuning/1");

    // Triton's autotune.json, written then read back into Python configs.
    CliRun triton = tilescope("export --backend 2026-04 " + w + " --format autotune-json --output " + quote(dir / "add_kernel.autotune.json"));
    ASSERT_EQ(triton.exitCode, 0) << triton.err;
    const nlohmann::json cacheFile = nlohmann::json::parse(readText(dir / "add_kernel.autotune.json"));
    EXPECT_EQ(cacheFile["key"][0], 98432);
    EXPECT_EQ(cacheFile["key"][1], "torch.float16");
    ASSERT_GT(cacheFile["configs_timings"].size(), 1u);
    CliRun back = tilescope("export --backend 2026-04 --from-autotune-json " + quote(dir / "add_kernel.autotune.json") + " " + w + " --top 2");
    ASSERT_EQ(back.exitCode, 0) << back.err;
    const nlohmann::json fromTriton = readDecorator(dir, back.out);
    ASSERT_EQ(fromTriton["configs"].size(), 2u);
    EXPECT_EQ(fromTriton["configs"][0]["kwargs"], expected);  // the fastest there is our best
    fs::remove_all(dir);
}

TEST(CliSweep, CoveringListReadBackByAst)
{
    const fs::path dir = scratchDir("cli-sweep");
    writeAddWorkload(dir, "add.json", 98432);
    const std::string w = quote(dir / "add.json");
    CliRun run = tilescope("sweep --backend 2026-04 " + w + " --range n_elements=4096..1048576:x16 --jobs 2 --json --output " +
                           quote(dir / "list.py"));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const nlohmann::json result = nlohmann::json::parse(run.out);
    ASSERT_EQ(result["shapes"].size(), 3u);
    for (const auto& s : result["shapes"])
        EXPECT_LE(s["lossPercent"].get<double>(), 5.0 + 1e-9) << s.dump();
    const nlohmann::json list = readDecorator(dir, readText(dir / "list.py"));
    EXPECT_EQ(list["key"], nlohmann::json::array({"n_elements"}));
    ASSERT_EQ(list["configs"].size(), result["configs"].size());
    for (std::size_t i = 0; i < list["configs"].size(); ++i)
        EXPECT_EQ(list["configs"][i]["kwargs"], result["configs"][i]["params"]);
    // Each shape's tuning went into the cache: a second sweep reuses them all.
    CliRun again = tilescope("sweep --backend 2026-04 " + w + " --range n_elements=4096..1048576:x16 --json");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const nlohmann::json second = nlohmann::json::parse(again.out);
    for (const auto& s : second["shapes"])
        EXPECT_TRUE(s["fromCache"].get<bool>());

    CliRun bad = tilescope("sweep --backend 2026-04 " + w + " --range n_elements=8..4");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("n_elements=8..4"), std::string::npos) << bad.err;
    CliRun unknown = tilescope("sweep --backend 2026-04 " + w + " --range rows=1,2");
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("'rows'"), std::string::npos) << unknown.err;
    EXPECT_EQ(tilescope("sweep --backend 2026-04 " + w).exitCode, 2);
    fs::remove_all(dir);
}

// `cache export`, `import` and `merge` carry the measured timings and the workloads they were
// imported with: the other cache lists them and calibrates from them; a second import adds none.
TEST(CliCache, ExportImportAndMergeCarryMeasurements)
{
    const fs::path dir = scratchDir("cli-cache-measurements");
    const fs::path data = dataDir() / "measure";
    const std::string a = " --cache " + quote(dir / "a.sqlite");
    ASSERT_EQ(tilescope("measure import " + quote(data / "add_runner.json") + a).exitCode, 0);
    ASSERT_EQ(tilescope("cache export " + quote(dir / "a.json") + a).exitCode, 0);

    const std::string b = " --cache " + quote(dir / "b.sqlite");
    CliRun imported = tilescope("cache import " + quote(dir / "a.json") + b);
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_NE(imported.out.find("measurements: 9 added, 0 already here"), std::string::npos) << imported.out;
    imported = tilescope("cache import " + quote(dir / "a.json") + b);
    EXPECT_NE(imported.out.find("measurements: 0 added, 9 already here"), std::string::npos) << imported.out;
    const CliRun listed = tilescope("measure list --json" + b);
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_EQ(nlohmann::json::parse(listed.out)["measurements"].size(), 9u);  // 8 timed, 1 compile failure

    const std::string c = " --cache " + quote(dir / "c.sqlite");
    const CliRun merged = tilescope("cache merge " + quote(dir / "a.sqlite") + c);
    ASSERT_EQ(merged.exitCode, 0) << merged.err;
    EXPECT_NE(merged.out.find("measurements: 9 added"), std::string::npos) << merged.out;
    // The merged cache knows the launch's workload: it calibrates from its measurements alone.
    const CliRun fitted = tilescope("calibrate" + c + " --device Ascend910B2 --max-iterations 2 --json");
    ASSERT_EQ(fitted.exitCode, 0) << fitted.err;
    EXPECT_GT(nlohmann::json::parse(fitted.out)["samples_used"].get<int>(), 0);
}
