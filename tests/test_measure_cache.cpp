// Measured timings in the config cache: stored beside the tunings (layout 5), keyed by the
// launch, never duplicated, all or nothing, and a layout-4 file migrated without losing a tuning.

#include "core/cache/cache_schema.h"
#include "core/cache/config_cache.h"
#include "core/measure/measurement.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sqlite3.h>

using namespace ts::cache;
namespace fs = std::filesystem;

namespace {

class Raw {
public:
    explicit Raw(const fs::path& path) { sqlite3_open(path.c_str(), &m_db); }
    ~Raw() { sqlite3_close(m_db); }
    void exec(const std::string& sql)
    {
        char* error = nullptr;
        ASSERT_EQ(sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    }
    std::vector<std::string> rows(const std::string& sql)
    {
        std::vector<std::string> out;
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(m_db, sql.c_str(), -1, &s, nullptr);
        while (s && sqlite3_step(s) == SQLITE_ROW) {
            std::string row;
            for (int c = 0; c < sqlite3_column_count(s); ++c) {
                const auto* t = sqlite3_column_text(s, c);
                row += (c ? "|" : "") + std::string(t ? reinterpret_cast<const char*>(t) : "NULL");
            }
            out.push_back(row);
        }
        sqlite3_finalize(s);
        return out;
    }

private:
    sqlite3* m_db = nullptr;
};

MeasurementRecord measured(std::int64_t xblock, double p50, const std::string& device = "NVIDIA H100")
{
    MeasurementRecord m;
    m.kernelName = "add_kernel";
    m.sourceHash = std::string(64, 'a');
    m.keyValues = {{"n_elements", "98432"}};
    m.dtypes = {"torch.float16"};
    m.backend = "2026-04";
    m.params = {{"XBLOCK", std::to_string(xblock)}, {"multibuffer", "True"}};
    m.numWarps = 4;
    m.numStages = 2;
    m.status = "ok";
    m.p50Ms = p50;
    m.p20Ms = p50 * 0.9;
    m.p80Ms = p50 * 1.1;
    m.device = device;
    m.deviceKind = "cuda";
    m.triton = "3.6.0";
    m.benchMethod = "do_bench";
    m.sourceFormat = "runner";
    m.sourceFile = "run.json";
    m.sourceLine = 13;
    return m;
}

std::unique_ptr<ConfigCache> open(const fs::path& path)
{
    OpenOptions options;
    options.clock = [] { return *parseIsoUtc("2026-11-25T12:00:00Z"); };
    OpenResult opened = ConfigCache::open(path, options);
    EXPECT_TRUE(opened.ok()) << (opened.error ? opened.error->message : "");
    return std::move(opened.cache);
}

} // namespace

TEST(MeasureCache, StoresAndReadsBackEveryField)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-roundtrip");
    auto cache = open(dir / "cache.sqlite");
    MeasurementRecord failed = measured(64, 0);
    failed.status = "compile_failed";
    failed.p50Ms = failed.p20Ms = failed.p80Ms = std::nullopt;
    failed.error = "OutOfResources: shared memory";
    const auto stored = cache->storeMeasurements({measured(1024, 0.0123), failed});
    ASSERT_TRUE(stored.ok()) << stored.error->message;
    EXPECT_EQ(stored.value->added, 2u);
    EXPECT_EQ(stored.value->isNew, (std::vector<bool>{true, true}));

    const auto back = cache->measurements();
    ASSERT_TRUE(back.ok());
    ASSERT_EQ(back.value->size(), 2u);
    MeasurementRecord expected = measured(1024, 0.0123);
    expected.id = (*back.value)[0].id;
    expected.importedAt = "2026-11-25T12:00:00.000Z";
    EXPECT_EQ((*back.value)[0], expected);
    EXPECT_EQ((*back.value)[1].status, "compile_failed");
    EXPECT_EQ((*back.value)[1].error, "OutOfResources: shared memory");
    EXPECT_FALSE((*back.value)[1].p50Ms);

    // The Measurement value type converts both ways.
    const auto m = ts::measure::fromRecord((*back.value)[0]);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->config.kwargs.size(), 2u);
    EXPECT_TRUE(m->config.kwargs[1].second.isBool);
    EXPECT_EQ(ts::measure::toRecord(*m), (*back.value)[0]);
}

TEST(MeasureCache, TheSameMeasurementTwiceIsStoredOnce)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-dedup");
    auto cache = open(dir / "cache.sqlite");
    ASSERT_TRUE(cache->storeMeasurements({measured(1024, 0.0123), measured(2048, 0.02)}).ok());
    // The same file again, under another name and line: only the new measurement is added.
    MeasurementRecord copy = measured(1024, 0.0123);
    copy.sourceFile = "elsewhere/run-copy.json";
    copy.sourceLine = 99;
    const auto again = cache->storeMeasurements({copy, measured(2048, 0.02), measured(4096, 0.03), measured(4096, 0.03)});
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.value->added, 1u);
    EXPECT_EQ(again.value->duplicates, 3u);
    EXPECT_EQ(again.value->isNew, (std::vector<bool>{false, false, true, false}));
    // A rerun with another time, or on another device, is another measurement.
    const auto rerun = cache->storeMeasurements({measured(1024, 0.0125), measured(1024, 0.0123, "NVIDIA A100")});
    EXPECT_EQ(rerun.value->added, 2u);
    EXPECT_EQ(cache->measurements().value->size(), 5u);
}

TEST(MeasureCache, AnInvalidRecordStoresNothingAndKeepsWhatWasThere)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-invalid");
    auto cache = open(dir / "cache.sqlite");
    ASSERT_TRUE(cache->storeMeasurements({measured(1024, 0.0123)}).ok());
    MeasurementRecord bad = measured(2048, 0.02);
    bad.p50Ms.reset();  // ok without a time
    const auto stored = cache->storeMeasurements({measured(4096, 0.03), bad});
    ASSERT_FALSE(stored.ok());
    EXPECT_EQ(stored.error->code, "cache-invalid-record");
    EXPECT_NE(stored.error->message.find("run.json:13"), std::string::npos) << stored.error->message;
    const auto back = cache->measurements();
    ASSERT_EQ(back.value->size(), 1u);
    EXPECT_EQ((*back.value)[0].params[0].second, "1024");
}

TEST(MeasureCache, FiltersByLaunchAndDevice)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-filter");
    auto cache = open(dir / "cache.sqlite");
    MeasurementRecord otherLaunch = measured(1024, 0.5);
    otherLaunch.keyValues = {{"n_elements", "4096"}};
    ASSERT_TRUE(cache->storeMeasurements({measured(1024, 0.1), measured(2048, 0.2, "NVIDIA A100"), otherLaunch}).ok());
    MeasurementFilter filter;
    filter.launchDigest = measured(1, 1).launchDigest();
    EXPECT_EQ(cache->measurements(filter).value->size(), 2u);
    filter.device = "NVIDIA A100";
    EXPECT_EQ(cache->measurements(filter).value->size(), 1u);
    // The launch digest is the tuning key's launch part: the simulated device and method do not matter.
    TuningKey key = launchKeyOf(measured(1, 1));
    key.device = "Ascend910B2";
    key.benchMethod = "npu";
    EXPECT_EQ(launchDigestOf(key), filter.launchDigest);
    key.backend = "2026-08";
    EXPECT_NE(launchDigestOf(key), filter.launchDigest);
}

// A launch's measurements come back in the order stored, whichever device each ran on (the
// launch index lists them by device), and a timings-only read gives the same timings.
TEST(MeasureCache, ALaunchReadsInTheOrderStoredAndTimingsOnlyKeepsTheTimings)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-order");
    auto cache = open(dir / "cache.sqlite");
    std::vector<MeasurementRecord> records;
    for (int i = 0; i < 6; ++i)
        records.push_back(measured(1024 << i, 0.1 * (i + 1), i % 2 ? "NVIDIA H100" : "NVIDIA A100"));
    ASSERT_TRUE(cache->storeMeasurements(records).ok());
    MeasurementFilter filter;
    filter.launchDigest = measured(1, 1).launchDigest();
    const auto all = cache->measurements(filter);
    ASSERT_TRUE(all.ok());
    ASSERT_EQ(all.value->size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_EQ((*all.value)[i].params[0].second, std::to_string(1024 << i));
        if (i > 0) {
            EXPECT_LT((*all.value)[i - 1].id, (*all.value)[i].id);
        }
    }
    filter.timingsOnly = true;
    const auto timings = cache->measurements(filter);
    ASSERT_TRUE(timings.ok());
    ASSERT_EQ(timings.value->size(), 6u);
    for (std::size_t i = 0; i < 6; ++i) {
        const MeasurementRecord& full = (*all.value)[i];
        const MeasurementRecord& lean = (*timings.value)[i];
        EXPECT_EQ(lean.id, full.id);
        EXPECT_EQ(lean.device, full.device);
        EXPECT_EQ(lean.sourceHash, full.sourceHash);
        EXPECT_EQ(lean.params, full.params);
        EXPECT_EQ(lean.numWarps, full.numWarps);
        EXPECT_EQ(lean.status, full.status);
        EXPECT_EQ(lean.p50Ms, full.p50Ms);
        EXPECT_EQ(lean.p20Ms, full.p20Ms);
        EXPECT_EQ(lean.p80Ms, full.p80Ms);
        EXPECT_TRUE(lean.kernelName.empty());
        EXPECT_TRUE(lean.sourceFile.empty());
        // The config's text from the stored params is the parsed config's text.
        EXPECT_EQ(ts::measure::configText(lean), ts::measure::configText(*ts::measure::configOf(lean)));
    }
}

TEST(MeasureCache, MigratesALayout4FileKeepingItsTunings)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-migrate-v4");
    {
        Raw raw(dir / "v4.sqlite");
        raw.exec(R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO meta VALUES ('application', 'tilescope-config-cache'), ('created-by', 'TileScope 0.8.0');
CREATE TABLE tunings (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kernel_name TEXT NOT NULL, key_values TEXT NOT NULL,
    dtypes TEXT NOT NULL, device TEXT NOT NULL, bench_method TEXT NOT NULL,
    simulator_version TEXT NOT NULL, source_hash TEXT NOT NULL, workload_path TEXT NOT NULL,
    created_at TEXT NOT NULL, best_index INTEGER, tuning_wall_seconds REAL NOT NULL,
    notes TEXT NOT NULL, candidate_count INTEGER NOT NULL, key_digest TEXT NOT NULL DEFAULT '',
    candidates TEXT NOT NULL DEFAULT '[]', best TEXT, details TEXT,
    backend TEXT NOT NULL DEFAULT '2026-04');
CREATE INDEX tunings_by_kernel ON tunings(kernel_name, device, bench_method, simulator_version);
CREATE UNIQUE INDEX tunings_by_digest ON tunings(key_digest);
PRAGMA application_id = 1414742851;
PRAGMA user_version = 4;
)sql");
    }
    // The tuning stored through the key's own digest, as layout 4 kept it.
    TuningKey key;
    key.kernelName = "softmax";
    key.keyValues = {{"M", "64"}};
    key.dtypes = {"torch.float32"};
    key.device = "Ascend910B2";
    key.benchMethod = "default";
    key.simulatorVersion = "sim-1";
    key.backend = "2026-08";
    {
        Raw raw(dir / "v4.sqlite");
        raw.exec("INSERT INTO tunings(kernel_name, key_values, dtypes, device, bench_method, simulator_version, "
                 "source_hash, workload_path, created_at, best_index, tuning_wall_seconds, notes, candidate_count, "
                 "key_digest, candidates, best, details, backend) VALUES ('softmax', '[[\"M\",\"64\"]]', "
                 "'[\"torch.float32\"]', 'Ascend910B2', 'default', 'sim-1', 'h4', 'w.json', "
                 "'2026-01-02T00:00:00.000Z', 0, 3.5, 'v4', 1, '" + key.digest() +
                 "', '[[[[\"XBLOCK\",\"64\"]],1,1,\"best\",\"\",\"\",0.45,0.4,0.5,\"\"]]', NULL, NULL, '2026-08')");
    }
    OpenResult opened = ConfigCache::open(dir / "v4.sqlite");
    ASSERT_TRUE(opened.ok()) << opened.error->message;
    EXPECT_EQ(opened.migratedFromVersion, 4);
    ASSERT_EQ(opened.notices.size(), 1u);
    EXPECT_NE(opened.notices[0].find("from layout version 4 to " + std::to_string(ts::cache::schema::kCurrentVersion)), std::string::npos) << opened.notices[0];
    LookupResult hit = opened.cache->lookup(key, "h4");
    ASSERT_EQ(hit.freshness, Freshness::Fresh);
    EXPECT_EQ(hit.record->notes, "v4");
    ASSERT_EQ(hit.record->candidates.size(), 1u);
    EXPECT_DOUBLE_EQ(*hit.record->candidates[0].p50Ms, 0.45);
    EXPECT_TRUE(opened.cache->storeMeasurements({measured(1024, 0.1)}).ok());
    EXPECT_EQ(opened.cache->measurements().value->size(), 1u);
    opened.cache.reset();

    auto fresh = open(dir / "fresh.sqlite");
    fresh.reset();
    Raw migrated(dir / "v4.sqlite"), created(dir / "fresh.sqlite");
    EXPECT_EQ(migrated.rows("PRAGMA user_version"), (std::vector<std::string>{std::to_string(ts::cache::schema::kCurrentVersion)}));
    EXPECT_EQ(migrated.rows("SELECT candidate_set FROM tunings"), (std::vector<std::string>{""}));
    for (const char* q : {"PRAGMA table_info(measurements)", "PRAGMA table_info(tunings)",
                          "SELECT type, name, sql FROM sqlite_master WHERE name LIKE 'measurements%' ORDER BY name"})
        EXPECT_EQ(migrated.rows(q), created.rows(q)) << q;
}

// The workload of each measured launch is kept with its measurements (layout 8); a later import
// of the same launch replaces it, an older one does not.
TEST(MeasureCache, KeepsTheWorkloadOfEachMeasuredLaunch)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-workloads");
    auto cache = open(dir / "cache.sqlite");
    const std::string digest = measured(64, 0.1).launchDigest();
    const LaunchWorkload first{digest, R"({"kernel": "/k/add.py", "args": {}})", "/k/add.json", ""};
    const auto stored = cache->storeMeasurements({measured(64, 0.1)}, {first});
    ASSERT_TRUE(stored.ok()) << stored.error->message;
    EXPECT_EQ(stored.value->workloads, 1u);
    auto back = cache->launchWorkloads();
    ASSERT_TRUE(back.ok());
    ASSERT_EQ(back.value->size(), 1u);
    EXPECT_EQ((*back.value)[0].workload, first.workload);
    EXPECT_EQ((*back.value)[0].storedAt, "2026-11-25T12:00:00.000Z");

    LaunchWorkload older = first;
    older.workload = R"({"kernel": "/old/add.py", "args": {}})";
    older.storedAt = "2020-01-01T00:00:00.000Z";
    ASSERT_TRUE(cache->storeMeasurements({}, {older}).ok());
    EXPECT_EQ((*cache->launchWorkloads(digest).value)[0].workload, first.workload);
    LaunchWorkload newer = older;
    newer.storedAt = "2030-01-01T00:00:00.000Z";
    ASSERT_TRUE(cache->storeMeasurements({}, {newer}).ok());
    EXPECT_EQ((*cache->launchWorkloads(digest).value)[0].workload, newer.workload);
    EXPECT_TRUE(cache->launchWorkloads(std::string(64, '0')).value->empty());
}

// `cache export` writes the measurements and launch workloads; `cache import` and `cache merge`
// bring them into another cache, once: a second import adds nothing.
TEST(MeasureCache, ExportImportAndMergeCarryMeasurements)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-carry");
    auto source = open(dir / "a.sqlite");
    const std::string digest = measured(64, 0.1).launchDigest();
    ASSERT_TRUE(source->storeMeasurements({measured(64, 0.1), measured(128, 0.2, "Ascend910B2")},
                                          {{digest, R"({"kernel": "/k/add.py", "args": {"n": 1}})", "w.json", ""}})
                    .ok());
    ASSERT_TRUE(source->exportJson(dir / "export.json").ok());

    auto imported = open(dir / "b.sqlite");
    auto report = imported->importJson(dir / "export.json");
    ASSERT_TRUE(report.ok()) << report.error->message;
    EXPECT_EQ(report.value->measurementsAdded, 2u);
    EXPECT_EQ(report.value->launchWorkloads, 1u);
    auto again = imported->importJson(dir / "export.json");
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.value->measurementsAdded, 0u);
    EXPECT_EQ(again.value->measurementDuplicates, 2u);
    const auto a = source->measurements(), b = imported->measurements();
    ASSERT_EQ(b.value->size(), 2u);
    for (std::size_t i = 0; i < 2; ++i)
        EXPECT_EQ((*b.value)[i].identity(), (*a.value)[i].identity()) << i;
    EXPECT_EQ(nlohmann::json::parse((*imported->launchWorkloads().value)[0].workload),
              nlohmann::json::parse((*source->launchWorkloads().value)[0].workload));
    source.reset();

    auto merged = open(dir / "c.sqlite");
    auto mergeReport = merged->merge({dir / "a.sqlite", dir / "b.sqlite"});
    ASSERT_TRUE(mergeReport.ok()) << mergeReport.error->message;
    EXPECT_EQ(mergeReport.value->measurementsAdded, 2u);
    EXPECT_EQ(mergeReport.value->measurementDuplicates, 2u);
    EXPECT_EQ(merged->measurements().value->size(), 2u);
    EXPECT_EQ(merged->launchWorkloads().value->size(), 1u);
}

// A measurement of the export that does not read is named with its field; nothing is imported.
TEST(MeasureCache, ABadMeasurementInAnExportImportsNothing)
{
    const fs::path dir = ts::test::scratchDir("measure-cache-bad-export");
    auto source = open(dir / "a.sqlite");
    ASSERT_TRUE(source->storeMeasurements({measured(64, 0.1)}).ok());
    ASSERT_TRUE(source->exportJson(dir / "export.json").ok());
    std::string text = ts::test::readText(dir / "export.json");
    text.replace(text.find("\"numWarps\": 4"), 13, "\"numWarps\": \"4\"");
    std::ofstream(dir / "export.json", std::ios::trunc) << text;
    auto target = open(dir / "b.sqlite");
    auto report = target->importJson(dir / "export.json");
    ASSERT_FALSE(report.ok());
    EXPECT_NE(report.error->message.find("measurements[0].numWarps: expected an integer"), std::string::npos)
        << report.error->message;
    EXPECT_TRUE(target->measurements().value->empty());
}
