// The config cache: round trips, keys and staleness, export/import/merge/prune, schema
// migration, recovery from foreign and corrupt files, and several processes writing at once
// (children are forked from this test binary; each does its work and leaves with _exit).

#include "core/cache/cache_schema.h"
#include "core/cache/config_cache.h"
#include "core/cache/record_codec.h"
#include "core/cache/sha256.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <set>
#include <thread>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ts::cache;
namespace fs = std::filesystem;

namespace {

const std::string kHashA(64, 'a');
const std::string kHashB(64, 'b');

// A tuning whose every field depends on (kernel, m), so a reader can tell what it should hold.
TuningRecord makeRecord(const std::string& kernel, std::int64_t m, int candidates = 4,
                        const std::string& createdAt = "2025-03-01T12:00:00.000Z", const std::string& hash = kHashA)
{
    TuningRecord r;
    r.key.kernelName = kernel;
    r.key.sourceHash = hash;
    r.key.keyValues = {{"M", std::to_string(m)}, {"N", "1024"}};
    r.key.dtypes = {"torch.float16", "torch.float32"};
    r.key.device = "Ascend910B2";
    r.key.benchMethod = "default";
    r.key.simulatorVersion = "0.1.0";
    r.workloadPath = "examples/" + kernel + ".json";
    r.createdAt = createdAt;
    r.tuningWallSeconds = 1.5 + double(m % 1000);
    r.notes = "note with 'single' and \"double\" quotes, a\nnewline and \xe4\xb8\xad\xe6\x96\x87";
    for (int i = 0; i < candidates; ++i) {
        CandidateRecord c;
        c.params = {{"BLOCK_M", std::to_string(16 << (i % 4))},
                    {"BLOCK_N", std::to_string(32 + i)},
                    {"multibuffer", i % 2 ? "True" : "False"},
                    {"mode", "'fast'"}};
        c.numWarps = 1;
        c.numStages = 1 + i % 3;
        if (i % 3 == 1) {
            c.status = CandidateStatus::Pruned;
            c.reasonCode = "ub-overflow";
            c.reasonMessage = "needs " + std::to_string(200 + i) + " KiB of UB, 192 KiB available";
        } else {
            c.status = i == 0 ? CandidateStatus::Best : CandidateStatus::Benchmarked;
            c.p50Ms = 0.1 + 0.01 * i + double(m) * 1e-6;
            c.p20Ms = *c.p50Ms * 0.97;
            c.p80Ms = *c.p50Ms * 1.05;
            c.breakdownJson = i % 2 ? "not json: " + std::to_string(i) : R"({"mte2":0.05,"vector":0.02})";
        }
        r.candidates.push_back(std::move(c));
    }
    if (candidates > 0)
        r.bestIndex = 0;
    return r;
}

std::unique_ptr<ConfigCache> openOrDie(const fs::path& path, OpenOptions options = {})
{
    OpenResult opened = ConfigCache::open(path, options);
    EXPECT_TRUE(opened.ok()) << (opened.error ? opened.error->message : "");
    return std::move(opened.cache);
}

TuningRecord withId(TuningRecord r, std::int64_t id)
{
    r.id = id;
    return r;
}

std::string readBytes(const fs::path& path) { return ts::test::readText(path); }

void writeBytes(const fs::path& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
}

// Raw SQLite access for building fixtures the cache must cope with.
class RawDb {
public:
    explicit RawDb(const fs::path& path) { sqlite3_open(path.c_str(), &db_); }
    ~RawDb() { sqlite3_close(db_); }
    void exec(const std::string& sql)
    {
        char* error = nullptr;
        ASSERT_EQ(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "") << sql;
    }
    std::int64_t integer(const std::string& sql)
    {
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr);
        std::int64_t v = -1;
        if (s && sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
        return v;
    }
    std::vector<std::string> rows(const std::string& sql)
    {
        std::vector<std::string> out;
        sqlite3_stmt* s = nullptr;
        sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr);
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
    sqlite3* db_ = nullptr;
};

std::string runPython(const std::string& script)
{
    std::string out;
    FILE* pipe = ::popen(("/usr/bin/python3 -c '" + script + "'").c_str(), "r");
    if (!pipe)
        return out;
    char buf[512];
    while (std::fgets(buf, sizeof buf, pipe))
        out += buf;
    ::pclose(pipe);
    return out;
}

} // namespace

// ---- SHA-256 ----

TEST(Sha256, StandardVectors)
{
    EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256Hex(std::string(1'000'000, 'a')),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, MatchesPythonHashlibAtEveryPaddingBoundaryAndSplit)
{
    // Lengths around the 55/56/64-byte padding edges, each hashed whole and in uneven pieces.
    std::string script = "import hashlib\nfor n in range(130): print(hashlib.sha256(bytes((i * 7 + 3) % 256 for i in "
                         "range(n))).hexdigest())";
    const std::string expected = runPython(script);
    ASSERT_FALSE(expected.empty()) << "python3 did not run";
    std::istringstream lines(expected);
    for (int n = 0; n < 130; ++n) {
        std::string want;
        std::getline(lines, want);
        std::string data;
        for (int i = 0; i < n; ++i)
            data.push_back(char((i * 7 + 3) % 256));
        EXPECT_EQ(sha256Hex(data), want) << "length " << n;
        Sha256 pieces;
        for (std::size_t at = 0, step = 1; at < data.size(); at += step, step = step * 2 + 1)
            pieces.update(std::string_view(data).substr(at, step));
        EXPECT_EQ(pieces.hexDigest(), want) << "length " << n << " in pieces";
    }
}

// ---- key, records ----

TEST(TuningKey, DigestCoversEveryKeyFieldButNotTheSourceHash)
{
    const TuningKey base = makeRecord("matmul", 4096).key;
    std::set<std::string> digests{base.digest()};
    auto variant = [&](auto change) {
        TuningKey k = base;
        change(k);
        return k.digest();
    };
    EXPECT_EQ(variant([](TuningKey& k) { k.sourceHash = kHashB; }), base.digest());
    digests.insert(variant([](TuningKey& k) { k.kernelName = "matmul2"; }));
    digests.insert(variant([](TuningKey& k) { k.keyValues[0].second = "4097"; }));
    digests.insert(variant([](TuningKey& k) { std::swap(k.keyValues[0], k.keyValues[1]); }));
    digests.insert(variant([](TuningKey& k) { k.dtypes[1] = "torch.float16"; }));
    digests.insert(variant([](TuningKey& k) { k.device = "Ascend910B4"; }));
    digests.insert(variant([](TuningKey& k) { k.benchMethod = "npu"; }));
    digests.insert(variant([](TuningKey& k) { k.simulatorVersion = "0.2.0"; }));
    digests.insert(variant([](TuningKey& k) { k.backend = "2026-08"; }));
    // Field boundaries matter: "a","bc" is not "ab","c".
    digests.insert(variant([](TuningKey& k) { k.keyValues = {{"M4096", ""}, {"N", "1024"}}; }));
    EXPECT_EQ(digests.size(), 10u);
}

TEST(TuningRecord, PairsEncodingRoundTripsAnyText)
{
    const TextPairs pairs = {{"a", "'x\"y'"}, {"back\\slash", "tab\there"}, {"ctl\x01", "\xe4\xb8\xad"}, {"", ""}};
    const std::string encoded = encodePairs(pairs);
    auto decoded = decodePairs(encoded);
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, pairs);
    // It is JSON: nlohmann reads the same thing.
    auto j = nlohmann::json::parse(encoded);
    EXPECT_EQ(j[1][0], "back\\slash");
    EXPECT_FALSE(decodePairs("[[\"a\",\"b\"]"));
    EXPECT_FALSE(decodePairs("[[\"a\"]]"));
    EXPECT_EQ(*decodePairs("[ [ \"a\" , \"\\u4e2d\" ] ]"), (TextPairs{{"a", "\xe4\xb8\xad"}}));
}

TEST(TuningRecord, CandidateEncodingRoundTripsAndIsJson)
{
    std::vector<CandidateRecord> candidates = makeRecord("k", 12345, 5).candidates;
    candidates[2].p50Ms = 0.1 + 0.2;  // a double whose shortest text is long
    candidates[2].p20Ms = 1e-300;
    candidates[3].reasonMessage = "quote \" backslash \\ tab \t \x01 \xe4\xb8\xad";
    // Breakdowns that are JSON go in verbatim, brackets inside strings included; others as text.
    candidates[0].breakdownJson = R"({"note": "a ] } [ \" x", "v": [1, {"w": 2}]})";
    candidates[1].breakdownJson = "[not json";
    candidates[4].breakdownJson = "{} trailing";
    const std::string packed = encodeCandidates(candidates);
    auto back = decodeCandidates(packed);
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, candidates);
    auto j = nlohmann::json::parse(packed);  // plain JSON
    ASSERT_EQ(j.size(), 5u);
    EXPECT_EQ(j[3][5], candidates[3].reasonMessage);
    EXPECT_EQ(*decodeCandidate(j[2].dump()), candidates[2]);  // another writer's spacing and escapes

    // Non-finite times are stored as null.
    CandidateRecord inf = candidates[0];
    inf.p50Ms = std::numeric_limits<double>::infinity();
    auto stored = decodeCandidate(encodeCandidates({inf}).substr(1, encodeCandidates({inf}).size() - 2));
    ASSERT_TRUE(stored);
    EXPECT_FALSE(stored->p50Ms);
    EXPECT_FALSE(decodeCandidates(packed.substr(0, packed.size() - 1)));
    EXPECT_FALSE(decodeCandidate("[[],1,2,\"best\"]"));
}

TEST(TuningRecord, IsoTimesParseAndOrder)
{
    auto a = parseIsoUtc("2025-03-01T12:00:00Z");
    auto b = parseIsoUtc("2025-03-01T12:00:00.5Z");
    auto c = parseIsoUtc("2025-03-01T12:00:00.000+00:00");
    ASSERT_TRUE(a && b && c);
    EXPECT_LT(*a, *b);
    EXPECT_EQ(*a, *c);
    EXPECT_FALSE(parseIsoUtc("2025-02-30T12:00:00Z"));
    EXPECT_FALSE(parseIsoUtc("yesterday"));
    EXPECT_FALSE(parseIsoUtc("2025-03-01T12:00:00+01:00"));
    // A fixed time with sub-millisecond digits: the text keeps milliseconds.
    const auto when = std::chrono::sys_days{std::chrono::year{2026} / 11 / 25} + std::chrono::hours(12) +
                      std::chrono::minutes(34) + std::chrono::seconds(56) + std::chrono::microseconds(789'456);
    EXPECT_EQ(formatIsoUtc(when), "2026-11-25T12:34:56.789Z");
    auto back = parseIsoUtc(formatIsoUtc(when));
    ASSERT_TRUE(back);
    EXPECT_LT(std::chrono::abs(*back - when), std::chrono::milliseconds(1));

    // Newer wins, whatever the precision of the text.
    TuningRecord older = makeRecord("k", 1, 2, "2025-03-01T12:00:00Z");
    TuningRecord newer = makeRecord("k", 1, 2, "2025-03-01T12:00:00.5Z");
    EXPECT_TRUE(supersedes(newer, older));
    EXPECT_FALSE(supersedes(older, newer));
    // Same time: exactly one of two different records wins, and a record never beats itself.
    TuningRecord twin = older;
    twin.notes = "other";
    EXPECT_NE(supersedes(twin, older), supersedes(older, twin));
    EXPECT_FALSE(supersedes(older, older));
}

// ---- store / lookup ----

TEST(ConfigCache, StoreThenLookupIsFreshAndComplete)
{
    const fs::path dir = ts::test::scratchDir("cache-roundtrip");
    auto cache = openOrDie(dir / "nested" / "cache.sqlite");
    ASSERT_TRUE(cache);
    const TuningRecord record = makeRecord("matmul", 4096, 6);
    auto stored = cache->store(record);
    ASSERT_TRUE(stored.ok()) << stored.error->message;

    LookupResult hit = cache->lookup(record.key, kHashA);
    ASSERT_TRUE(hit.ok());
    EXPECT_EQ(hit.freshness, Freshness::Fresh);
    ASSERT_TRUE(hit.record);
    EXPECT_EQ(*hit.record, withId(record, *stored.value));
    ASSERT_NE(hit.record->best(), nullptr);
    EXPECT_EQ(hit.record->best()->params[0].second, "16");

    // The same key with another kernel source: found, but marked stale.
    LookupResult stale = cache->lookup(record.key, kHashB);
    EXPECT_EQ(stale.freshness, Freshness::Stale);
    ASSERT_TRUE(stale.record);
    EXPECT_EQ(stale.record->key.sourceHash, kHashA);

    // The tuner's question: just the chosen config.
    BestLookupResult best = cache->lookupBest(record.key, kHashA);
    ASSERT_TRUE(best.ok());
    EXPECT_EQ(best.freshness, Freshness::Fresh);
    EXPECT_EQ(best.id, *stored.value);
    EXPECT_EQ(best.bestIndex, record.bestIndex);
    ASSERT_TRUE(best.best);
    EXPECT_EQ(*best.best, *record.best());
    EXPECT_EQ(cache->lookupBest(record.key, kHashB).freshness, Freshness::Stale);

    // Each key field selects: change any one and nothing is found.
    for (int field = 0; field < 5; ++field) {
        TuningKey other = record.key;
        if (field == 0) other.keyValues[0].second = "2048";
        if (field == 1) other.dtypes = {"torch.float16", "torch.float16"};
        if (field == 2) other.device = "Ascend910B4";
        if (field == 3) other.benchMethod = "npu";
        if (field == 4) other.simulatorVersion = "0.0.9";
        LookupResult miss = cache->lookup(other, kHashA);
        EXPECT_TRUE(miss.ok());
        EXPECT_EQ(miss.freshness, Freshness::Miss) << "field " << field;
        EXPECT_FALSE(miss.record);
        BestLookupResult bestMiss = cache->lookupBest(other, kHashA);
        EXPECT_TRUE(bestMiss.ok());
        EXPECT_EQ(bestMiss.freshness, Freshness::Miss);
        EXPECT_FALSE(bestMiss.best);
    }
}

TEST(ConfigCache, StoreReplacesTheEntryOfTheSameKey)
{
    const fs::path dir = ts::test::scratchDir("cache-replace");
    auto cache = openOrDie(dir / "cache.sqlite");
    ASSERT_TRUE(cache);
    ASSERT_TRUE(cache->store(makeRecord("matmul", 1, 3)).ok());
    TuningRecord second = makeRecord("matmul", 1, 5, "2025-03-02T00:00:00.000Z", kHashB);
    auto id = cache->store(second);
    ASSERT_TRUE(id.ok());
    ASSERT_TRUE(cache->store(makeRecord("matmul", 2, 2)).ok());
    EXPECT_EQ(*cache->count().value, 2u);
    LookupResult hit = cache->lookup(second.key, kHashB);
    EXPECT_EQ(hit.freshness, Freshness::Fresh);
    EXPECT_EQ(*hit.record, withId(second, *id.value));
    // Nothing of the replaced tuning is left behind.
    RawDb raw(dir / "cache.sqlite");
    EXPECT_EQ(raw.integer("SELECT count(*) FROM tunings"), 2);
    EXPECT_EQ(raw.integer("SELECT sum(candidate_count) FROM tunings"), 5 + 2);
    EXPECT_EQ(raw.integer("SELECT sum(json_array_length(candidates)) FROM tunings"), 5 + 2);
}

TEST(ConfigCache, StoreFillsCreatedAtAndRejectsInvalidRecords)
{
    const fs::path dir = ts::test::scratchDir("cache-invalid");
    OpenOptions fixedClock;
    const auto when = std::chrono::sys_days{std::chrono::year{2026} / 11 / 25} + std::chrono::hours(9);
    fixedClock.clock = [when] { return when; };
    auto cache = openOrDie(dir / "cache.sqlite", fixedClock);
    ASSERT_TRUE(cache);
    TuningRecord r = makeRecord("k", 1);
    r.createdAt.clear();
    ASSERT_TRUE(cache->store(r).ok());
    EXPECT_EQ(cache->lookup(r.key).record->createdAt, "2026-11-25T09:00:00.000Z");

    struct Case {
        const char* what;
        void (*spoil)(TuningRecord&);
        const char* expected;
    };
    const Case cases[] = {
        {"status", [](TuningRecord& x) { x.candidates[2].status = CandidateStatus(99); }, "unknown status '99'"},
        {"best", [](TuningRecord& x) { x.bestIndex = 9; }, "best index 9 is out of range"},
        {"kernel", [](TuningRecord& x) { x.key.kernelName.clear(); }, "kernel name is empty"},
        {"time", [](TuningRecord& x) { x.createdAt = "last tuesday"; }, "not an ISO 8601"},
        {"param", [](TuningRecord& x) { x.candidates[0].params[0].second.clear(); }, "empty name or value"},
    };
    for (const Case& c : cases) {
        TuningRecord bad = makeRecord("k", 2);
        c.spoil(bad);
        auto result = cache->store(bad);
        ASSERT_FALSE(result.ok()) << c.what;
        EXPECT_EQ(result.error->code, "cache-invalid-record");
        EXPECT_NE(result.error->message.find(c.expected), std::string::npos) << result.error->message;
        EXPECT_NE(result.error->message.find((dir / "cache.sqlite").string()), std::string::npos);
    }
    EXPECT_EQ(*cache->count().value, 1u);
}

TEST(ConfigCache, ListShowRemove)
{
    const fs::path dir = ts::test::scratchDir("cache-list");
    auto cache = openOrDie(dir / "cache.sqlite");
    ASSERT_TRUE(cache);
    const auto idA = *cache->store(makeRecord("add", 1, 3, "2025-03-01T00:00:00Z", kHashA)).value;
    const auto idB = *cache->store(makeRecord("matmul", 2, 4, "2025-03-01T00:00:00Z", kHashA)).value;
    TuningRecord noBest = makeRecord("matmul", 3, 0);
    const auto idC = *cache->store(noBest).value;

    ListFilter filter;
    filter.currentSourceHashes = {{"matmul", kHashB}};
    auto rows = cache->list(filter);
    ASSERT_TRUE(rows.ok());
    ASSERT_EQ(rows.value->size(), 3u);
    EXPECT_EQ((*rows.value)[0].id, idA);  // by kernel name, then id
    EXPECT_FALSE((*rows.value)[0].freshness);
    const TuningSummary& b = (*rows.value)[1];
    EXPECT_EQ(b.id, idB);
    EXPECT_EQ(b.candidateCount, 4u);
    EXPECT_EQ(b.freshness, Freshness::Stale);
    EXPECT_EQ(b.bestParams, makeRecord("matmul", 2, 4).candidates[0].params);
    ASSERT_TRUE(b.bestP50Ms);
    EXPECT_DOUBLE_EQ(*b.bestP50Ms, 0.1 + 2e-6);
    const std::string line = formatSummary(b);
    EXPECT_NE(line.find("[stale]"), std::string::npos) << line;
    EXPECT_NE(line.find("BLOCK_M=16"), std::string::npos) << line;
    EXPECT_EQ(formatSummary((*rows.value)[0]).find("[stale]"), std::string::npos);
    EXPECT_FALSE((*rows.value)[2].bestIndex);
    EXPECT_NE(formatSummary((*rows.value)[2]).find("no best config"), std::string::npos);

    filter.kernelName = "matmul";
    EXPECT_EQ(cache->list(filter).value->size(), 2u);
    filter.device = "Ascend910B4";
    EXPECT_EQ(cache->list(filter).value->size(), 0u);

    BestLookupResult none = cache->lookupBest(noBest.key, kHashA);
    EXPECT_EQ(none.freshness, Freshness::Fresh);
    EXPECT_EQ(none.id, idC);
    EXPECT_FALSE(none.best);

    auto shown = cache->show(idC);
    ASSERT_TRUE(shown.ok());
    EXPECT_EQ(*shown.value, withId(noBest, idC));

    EXPECT_TRUE(cache->remove(idB).ok());
    EXPECT_EQ(*cache->count().value, 2u);
    auto again = cache->remove(idB);
    ASSERT_FALSE(again.ok());
    EXPECT_EQ(again.error->code, "cache-not-found");
    EXPECT_NE(again.error->message.find((dir / "cache.sqlite").string()), std::string::npos);
    EXPECT_EQ(cache->show(idB).error->code, "cache-not-found");
}

TEST(ConfigCache, DefaultPathIsBesideTheWorkload)
{
    EXPECT_EQ(defaultCachePath("/work/examples/matmul.json"), fs::path("/work/examples/.tilescope/cache.sqlite"));
    EXPECT_EQ(defaultCachePath("matmul.json"), fs::path(".tilescope/cache.sqlite"));
}

// ---- export / import / merge / prune ----

TEST(ConfigCache, ExportImportRoundTripAndMergeByAge)
{
    const fs::path dir = ts::test::scratchDir("cache-export");
    auto source = openOrDie(dir / "a.sqlite");
    ASSERT_TRUE(source);
    std::vector<TuningRecord> originals = {makeRecord("add", 1, 2), makeRecord("matmul", 2, 7),
                                           makeRecord("matmul", 3, 0)};
    originals[1].candidates[3].p20Ms.reset();
    for (const auto& r : originals)
        ASSERT_TRUE(source->store(r).ok());
    ASSERT_TRUE(source->exportJson(dir / "out" / "export.json").ok());

    // The file is documented JSON.
    auto doc = nlohmann::ordered_json::parse(readBytes(dir / "out" / "export.json"));
    EXPECT_EQ(doc["format"], "tilescope-config-cache");
    EXPECT_EQ(doc["tunings"].size(), 3u);
    EXPECT_EQ(doc["tunings"][1]["keyValues"]["M"], "2");
    EXPECT_EQ(doc["tunings"][1]["candidates"][0]["breakdown"]["mte2"], 0.05);  // embedded
    EXPECT_EQ(doc["tunings"][1]["candidates"][3]["breakdown"], "not json: 3");  // kept as text

    auto target = openOrDie(dir / "b.sqlite");
    ASSERT_TRUE(target);
    // b already has a newer tuning for "add" and an older one for matmul M=2.
    TuningRecord newerAdd = makeRecord("add", 1, 5, "2025-06-01T00:00:00Z");
    TuningRecord olderMatmul = makeRecord("matmul", 2, 1, "2024-01-01T00:00:00Z");
    ASSERT_TRUE(target->store(newerAdd).ok());
    ASSERT_TRUE(target->store(olderMatmul).ok());
    auto imported = target->importJson(dir / "out" / "export.json");
    ASSERT_TRUE(imported.ok()) << imported.error->message;
    EXPECT_EQ(imported.value->added, 1u);
    EXPECT_EQ(imported.value->replaced, 1u);
    EXPECT_EQ(imported.value->kept, 1u);
    EXPECT_EQ(target->lookup(newerAdd.key).record->candidates.size(), 5u);
    for (std::size_t i : {1u, 2u}) {
        auto got = target->lookup(originals[i].key).record;
        ASSERT_TRUE(got);
        EXPECT_EQ(withId(*got, 0), originals[i]);
    }
}

TEST(ConfigCache, ImportIsAllOrNothingAndNamesTheFaultyEntry)
{
    const fs::path dir = ts::test::scratchDir("cache-import-bad");
    auto cache = openOrDie(dir / "cache.sqlite");
    ASSERT_TRUE(cache);
    nlohmann::ordered_json doc = {{"format", "tilescope-config-cache"}, {"version", 1}};
    doc["tunings"] = {toJson(makeRecord("a", 1)), toJson(makeRecord("b", 2))};
    doc["tunings"][1]["candidates"][2]["status"] = "fabulous";
    writeBytes(dir / "bad.json", doc.dump());
    auto result = cache->importJson(dir / "bad.json");
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error->message.find((dir / "bad.json").string()), std::string::npos);
    EXPECT_NE(result.error->message.find("tunings[1]"), std::string::npos) << result.error->message;
    EXPECT_NE(result.error->message.find("fabulous"), std::string::npos) << result.error->message;
    EXPECT_EQ(*cache->count().value, 0u);

    doc["tunings"][1]["candidates"][2]["status"] = "pruned";
    doc["tunings"][0]["bestIndex"] = "zero";
    writeBytes(dir / "bad.json", doc.dump());
    result = cache->importJson(dir / "bad.json");
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error->message.find("tunings[0].bestIndex"), std::string::npos) << result.error->message;

    writeBytes(dir / "bad.json", "{\"format\": \"tilescope-config-cache\", \"version\": 1, \"tunings\": [");
    result = cache->importJson(dir / "bad.json");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->code, "cache-json");

    writeBytes(dir / "bad.json", "{\"configs_timings\": []}");
    EXPECT_NE(cache->importJson(dir / "bad.json").error->message.find("not a TileScope cache export"),
              std::string::npos);
    EXPECT_EQ(cache->importJson(dir / "missing.json").error->code, "cache-io");
    EXPECT_EQ(*cache->count().value, 0u);
}

TEST(ConfigCache, MergeOfShardsIsNewestWinsAndOrderIndependent)
{
    const fs::path dir = ts::test::scratchDir("cache-merge");
    // Three CI shards; keys 1..4 overlap between them with different ages.
    const std::vector<std::vector<TuningRecord>> shards = {
        {makeRecord("k", 1, 2, "2025-03-01T00:00:00Z"), makeRecord("k", 2, 3, "2025-03-05T00:00:00Z"),
         makeRecord("k", 10, 1, "2025-03-01T00:00:00Z")},
        {makeRecord("k", 1, 4, "2025-03-02T00:00:00Z"), makeRecord("k", 2, 1, "2025-03-04T00:00:00Z"),
         makeRecord("k", 3, 2, "2025-03-01T00:00:00Z", kHashA)},
        {makeRecord("k", 3, 5, "2025-03-01T00:00:00Z", kHashB),  // same time as shard 1's: a tie
         makeRecord("k", 11, 2, "2025-03-01T00:00:00Z")},
    };
    std::vector<fs::path> paths;
    for (std::size_t i = 0; i < shards.size(); ++i) {
        paths.push_back(dir / ("shard" + std::to_string(i) + ".sqlite"));
        auto shard = openOrDie(paths.back());
        for (const auto& r : shards[i])
            ASSERT_TRUE(shard->store(r).ok());
    }
    const std::string shard0Before = readBytes(paths[0]);

    auto mergeInto = [&](const fs::path& target, std::vector<fs::path> order) {
        auto cache = openOrDie(target);
        auto report = cache->merge(order);
        EXPECT_TRUE(report.ok()) << report.error->message;
        EXPECT_EQ(report.value->sources, order.size());
        std::vector<std::string> texts;
        const auto all = cache->records();
        for (auto r : *all.value) {
            r.id = 0;
            texts.push_back(toJson(r).dump());
        }
        std::sort(texts.begin(), texts.end());
        return texts;
    };
    const auto forward = mergeInto(dir / "forward.sqlite", paths);
    const auto backward = mergeInto(dir / "backward.sqlite", {paths[2], paths[0], paths[1]});
    EXPECT_EQ(forward, backward);
    ASSERT_EQ(forward.size(), 5u);  // keys 1, 2, 3, 10, 11

    auto merged = openOrDie(dir / "forward.sqlite");
    EXPECT_EQ(merged->lookup(shards[1][0].key).record->candidates.size(), 4u);  // newer in shard 1
    EXPECT_EQ(merged->lookup(shards[0][1].key).record->candidates.size(), 3u);  // newer in shard 0
    // The tie resolves to one of the two, the same one whichever order.
    const auto tie = merged->lookup(shards[1][2].key).record;
    ASSERT_TRUE(tie);
    EXPECT_TRUE(tie->candidates.size() == 2u || tie->candidates.size() == 5u);
    // Sources are read, never written.
    EXPECT_EQ(readBytes(paths[0]), shard0Before);

    // A damaged source stops the merge with its name and leaves the target unchanged.
    writeBytes(dir / "junk.sqlite", std::string(4096, '\x5a'));
    auto target = openOrDie(dir / "forward.sqlite");
    auto failed = target->merge({paths[0], dir / "junk.sqlite"});
    ASSERT_FALSE(failed.ok());
    EXPECT_NE(failed.error->message.find((dir / "junk.sqlite").string()), std::string::npos) << failed.error->message;
    EXPECT_TRUE(fs::exists(dir / "junk.sqlite"));  // a source is never moved aside
    EXPECT_EQ(*target->count().value, 5u);
}

TEST(ConfigCache, PruneByStalenessAgeAndSimulatorVersion)
{
    const fs::path dir = ts::test::scratchDir("cache-prune");
    auto cache = openOrDie(dir / "cache.sqlite");
    ASSERT_TRUE(cache);
    TuningRecord oldSource = makeRecord("matmul", 1, 2, "2025-01-01T00:00:00Z", kHashA);
    TuningRecord newSource = makeRecord("matmul", 2, 2, "2025-03-01T00:00:00Z", kHashB);
    TuningRecord ancient = makeRecord("add", 1, 2, "2024-01-01T00:00:00Z", kHashA);
    TuningRecord oldSim = makeRecord("add", 2, 2, "2025-03-01T00:00:00Z", kHashA);
    oldSim.key.simulatorVersion = "0.0.1";
    for (const auto* r : {&oldSource, &newSource, &ancient, &oldSim})
        ASSERT_TRUE(cache->store(*r).ok());
    const auto now = *parseIsoUtc("2025-03-10T00:00:00Z");

    auto prunedKeys = [&](PruneOptions options) {
        options.dryRun = true;
        options.now = now;
        std::set<std::string> keys;
        const auto pruned = cache->prune(options);
        for (const auto& e : *pruned.value)
            keys.insert(e.summary.key.kernelName + e.summary.key.keyValues[0].second + ": " +
                        e.reason.english());
        return keys;
    };
    EXPECT_TRUE(prunedKeys({}).empty());
    PruneOptions stale;
    stale.currentSourceHashes = {{"matmul", kHashB}};
    EXPECT_EQ(prunedKeys(stale), (std::set<std::string>{"matmul1: stale: the kernel source changed"}));
    PruneOptions superseded;
    superseded.superseded = true;
    EXPECT_EQ(prunedKeys(superseded).size(), 1u);
    EXPECT_EQ(prunedKeys(superseded).begin()->substr(0, 7), "matmul1");
    PruneOptions aged;
    aged.olderThanDays = 30;
    EXPECT_EQ(prunedKeys(aged), (std::set<std::string>{"add1: older than 30 days", "matmul1: older than 30 days"}));
    PruneOptions sims;
    sims.knownSimulatorVersions = std::vector<std::string>{"0.1.0"};
    EXPECT_EQ(prunedKeys(sims), (std::set<std::string>{"add2: unknown simulator version '0.0.1'"}));
    EXPECT_EQ(*cache->count().value, 4u);  // dry runs removed nothing

    PruneOptions all = aged;
    all.knownSimulatorVersions = sims.knownSimulatorVersions;
    all.now = now;
    auto removed = cache->prune(all);
    ASSERT_TRUE(removed.ok());
    EXPECT_EQ(removed.value->size(), 3u);
    EXPECT_EQ(*cache->count().value, 1u);
    EXPECT_EQ(cache->lookup(newSource.key).freshness, Freshness::Fresh);
}

// ---- schema ----

namespace {

// The version 1 layout, as TileScope 0.1 wrote it (no key digest; duplicates possible).
void writeVersion1Cache(const fs::path& path)
{
    RawDb raw(path);
    raw.exec(R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO meta VALUES ('application', 'tilescope-config-cache'), ('created-by', 'TileScope 0.1.0');
CREATE TABLE tunings (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kernel_name TEXT NOT NULL, key_values TEXT NOT NULL,
    dtypes TEXT NOT NULL, device TEXT NOT NULL, bench_method TEXT NOT NULL,
    simulator_version TEXT NOT NULL, source_hash TEXT NOT NULL, workload_path TEXT NOT NULL,
    created_at TEXT NOT NULL, best_index INTEGER, tuning_wall_seconds REAL NOT NULL,
    notes TEXT NOT NULL, candidate_count INTEGER NOT NULL);
CREATE INDEX tunings_by_kernel ON tunings(kernel_name, device, bench_method, simulator_version);
CREATE TABLE candidates (
    tuning_id INTEGER NOT NULL, idx INTEGER NOT NULL, params TEXT NOT NULL,
    num_warps INTEGER NOT NULL, num_stages INTEGER NOT NULL, status TEXT NOT NULL,
    reason_code TEXT NOT NULL, reason_message TEXT NOT NULL, p50_ms REAL, p20_ms REAL,
    p80_ms REAL, breakdown TEXT NOT NULL, PRIMARY KEY (tuning_id, idx)) WITHOUT ROWID;
PRAGMA application_id = 1414742851;
PRAGMA user_version = 1;
)sql");
    // Two writers once stored M=64 twice; the later tuning (2 candidates) must survive.
    const char* tunings[] = {
        R"((1, 'softmax', '[["M","64"]]', '["torch.float32"]', 'Ascend910B2', 'default', '0.1.0', 'h1', 'w.json', '2025-01-01T00:00:00.000Z', 0, 2.5, '', 1))",
        R"((2, 'softmax', '[["M","64"]]', '["torch.float32"]', 'Ascend910B2', 'default', '0.1.0', 'h2', 'w.json', '2025-01-02T00:00:00.000Z', 1, 3.5, 'newer', 2))",
        R"((3, 'softmax', '[["M","128"]]', '["torch.float32"]', 'Ascend910B2', 'default', '0.1.0', 'h2', 'w.json', '2025-01-01T00:00:00.000Z', NULL, 1.0, '', 1))",
    };
    for (const char* t : tunings)
        raw.exec(std::string("INSERT INTO tunings VALUES ") + t);
    raw.exec(R"sql(INSERT INTO candidates VALUES
        (1, 0, '[["XBLOCK","64"]]', 1, 1, 'best', '', '', 0.5, 0.4, 0.6, ''),
        (2, 0, '[["XBLOCK","32"]]', 1, 1, 'benchmarked', '', '', 0.7, 0.6, 0.8, ''),
        (2, 1, '[["XBLOCK","64"]]', 1, 1, 'best', '', '', 0.45, 0.4, 0.5, '{"vector":0.1}'),
        (3, 0, '[["XBLOCK","4096"]]', 1, 1, 'pruned', 'ub-overflow', 'too big', NULL, NULL, NULL, ''))sql");
}

TuningKey softmaxKey(const std::string& m)
{
    TuningKey k;
    k.kernelName = "softmax";
    k.keyValues = {{"M", m}};
    k.dtypes = {"torch.float32"};
    k.device = "Ascend910B2";
    k.benchMethod = "default";
    k.simulatorVersion = "0.1.0";
    return k;
}

} // namespace

TEST(ConfigCache, MigratesAVersion1File)
{
    const fs::path dir = ts::test::scratchDir("cache-migrate");
    writeVersion1Cache(dir / "v1.sqlite");
    fs::copy_file(dir / "v1.sqlite", dir / "v1-copy.sqlite");
    const std::string before = readBytes(dir / "v1-copy.sqlite");

    // Read-only: migrated in memory, the file stays as it was.
    {
        OpenOptions ro;
        ro.readOnly = true;
        OpenResult opened = ConfigCache::open(dir / "v1-copy.sqlite", ro);
        ASSERT_TRUE(opened.ok()) << opened.error->message;
        EXPECT_EQ(opened.migratedFromVersion, 1);
        EXPECT_EQ(opened.cache->lookup(softmaxKey("64"), "h2").record->notes, "newer");
        EXPECT_FALSE(opened.cache->store(makeRecord("x", 1)).ok());
    }
    EXPECT_EQ(readBytes(dir / "v1-copy.sqlite"), before);

    OpenResult opened = ConfigCache::open(dir / "v1.sqlite");
    ASSERT_TRUE(opened.ok()) << opened.error->message;
    EXPECT_EQ(opened.migratedFromVersion, 1);
    ASSERT_EQ(opened.notices.size(), 1u);
    EXPECT_NE(opened.notices[0].find("from layout version 1 to " + std::to_string(schema::kCurrentVersion)), std::string::npos);
    EXPECT_NE(opened.notices[0].find((dir / "v1.sqlite").string()), std::string::npos);
    ConfigCache& cache = *opened.cache;

    EXPECT_EQ(*cache.count().value, 2u);  // the duplicate collapsed to the newer tuning
    LookupResult hit = cache.lookup(softmaxKey("64"), "h2");
    ASSERT_EQ(hit.freshness, Freshness::Fresh);
    EXPECT_EQ(hit.record->notes, "newer");
    ASSERT_EQ(hit.record->candidates.size(), 2u);
    EXPECT_EQ(hit.record->best()->params, (TextPairs{{"XBLOCK", "64"}}));
    EXPECT_EQ(hit.record->best()->breakdownJson, R"({"vector":0.1})");
    EXPECT_EQ(cache.lookup(softmaxKey("128"), "h1").freshness, Freshness::Stale);
    EXPECT_EQ(cache.lookup(softmaxKey("128"), "h1").record->candidates[0].reasonCode, "ub-overflow");
    // New stores use the v2 uniqueness.
    TuningRecord again = makeRecord("softmax", 64, 1);
    again.key = softmaxKey("64");
    ASSERT_TRUE(cache.store(again).ok());
    EXPECT_EQ(*cache.count().value, 2u);
    opened.cache.reset();

    // The migrated file has the same columns and indexes as a new one.
    auto fresh = openOrDie(dir / "fresh.sqlite");
    fresh.reset();
    RawDb migrated(dir / "v1.sqlite"), created(dir / "fresh.sqlite");
    EXPECT_EQ(migrated.integer("PRAGMA user_version"), schema::kCurrentVersion);
    for (const char* q : {"PRAGMA table_info(tunings)", "SELECT type, name FROM sqlite_master ORDER BY name"})
        EXPECT_EQ(migrated.rows(q), created.rows(q)) << q;
    EXPECT_EQ(migrated.integer("SELECT count(*) FROM sqlite_master WHERE name = 'candidates'"), 0);

    // Opening again is quiet: nothing left to migrate.
    OpenResult reopened = ConfigCache::open(dir / "v1.sqlite");
    ASSERT_TRUE(reopened.ok());
    EXPECT_EQ(reopened.migratedFromVersion, 0);
    EXPECT_TRUE(reopened.notices.empty());
}

TEST(ConfigCache, MigratesAVersion2FileAndKeepsDetails)
{
    const fs::path dir = ts::test::scratchDir("cache-migrate-v2");
    {
        // The version 2 layout: packed candidates, no details column.
        RawDb raw(dir / "v2.sqlite");
        raw.exec(R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO meta VALUES ('application', 'tilescope-config-cache'), ('created-by', 'TileScope 0.2.0');
CREATE TABLE tunings (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kernel_name TEXT NOT NULL, key_values TEXT NOT NULL,
    dtypes TEXT NOT NULL, device TEXT NOT NULL, bench_method TEXT NOT NULL,
    simulator_version TEXT NOT NULL, source_hash TEXT NOT NULL, workload_path TEXT NOT NULL,
    created_at TEXT NOT NULL, best_index INTEGER, tuning_wall_seconds REAL NOT NULL,
    notes TEXT NOT NULL, candidate_count INTEGER NOT NULL, key_digest TEXT NOT NULL DEFAULT '',
    candidates TEXT NOT NULL DEFAULT '[]', best TEXT);
CREATE INDEX tunings_by_kernel ON tunings(kernel_name, device, bench_method, simulator_version);
CREATE UNIQUE INDEX tunings_by_digest ON tunings(key_digest);
PRAGMA application_id = 1414742851;
PRAGMA user_version = 2;
)sql");
        raw.exec("INSERT INTO tunings VALUES (1, 'softmax', '[[\"M\",\"64\"]]', '[\"torch.float32\"]', "
                 "'Ascend910B2', 'default', '0.1.0', 'h2', 'w.json', '2025-01-02T00:00:00.000Z', 0, 3.5, 'v2', 1, '" +
                 softmaxKey("64").digest() +
                 "', '[[[[\"XBLOCK\",\"64\"]],1,1,\"best\",\"\",\"\",0.45,0.4,0.5,{\"vector\":0.1}]]', NULL)");
    }
    OpenResult opened = ConfigCache::open(dir / "v2.sqlite");
    ASSERT_TRUE(opened.ok()) << opened.error->message;
    EXPECT_EQ(opened.migratedFromVersion, 2);
    ASSERT_EQ(opened.notices.size(), 1u);
    EXPECT_NE(opened.notices[0].find("from layout version 2 to " + std::to_string(schema::kCurrentVersion)), std::string::npos) << opened.notices[0];
    ConfigCache& cache = *opened.cache;
    LookupResult hit = cache.lookup(softmaxKey("64"), "h2");
    ASSERT_EQ(hit.freshness, Freshness::Fresh);
    EXPECT_EQ(hit.record->notes, "v2");
    EXPECT_FALSE(hit.record->details);  // stored before details were kept
    ASSERT_EQ(hit.record->candidates.size(), 1u);
    EXPECT_EQ(hit.record->candidates[0].status, CandidateStatus::Best);
    EXPECT_EQ(hit.record->best()->breakdownJson, R"({"vector":0.1})");

    // A new tuning keeps its details, value for value.
    TuningRecord withDetails = makeRecord("softmax", 128, 2);
    TuningDetails& d = withDetails.details.emplace();
    d.kernelFile = "kernels/softmax.py";
    d.seed = 7;
    d.compileWorkers = 8;
    d.compileSeconds = 9.25;
    d.benchSeconds = 1.0 / 3.0;
    d.threads = 2;
    d.hostSeconds = 0.125;
    d.tuned = 2;
    d.finished = 2;
    d.error = "";
    d.diagnosticsJson = R"([{"code":"approximate","line":3,"message":"m","severity":"note"}])";
    ASSERT_TRUE(cache.store(withDetails).ok());
    LookupResult again = cache.lookup(withDetails.key, withDetails.key.sourceHash);
    ASSERT_TRUE(again.record);
    ASSERT_TRUE(again.record->details);
    EXPECT_EQ(*again.record->details, d);
    opened.cache.reset();

    // The migrated file has the same columns and indexes as a new one.
    auto fresh = openOrDie(dir / "fresh.sqlite");
    fresh.reset();
    RawDb migrated(dir / "v2.sqlite"), created(dir / "fresh.sqlite");
    EXPECT_EQ(migrated.integer("PRAGMA user_version"), schema::kCurrentVersion);
    for (const char* q : {"PRAGMA table_info(tunings)", "SELECT type, name FROM sqlite_master ORDER BY name"})
        EXPECT_EQ(migrated.rows(q), created.rows(q)) << q;
}

TEST(ConfigCache, MigratesAVersion3FileMarkingItsTunings2604)
{
    // Every tuning of a version 3 file was made by the only backend TileScope modelled then,
    // 2026-04: migrated, each is that version's entry and the same launch under 2026-08 misses.
    const fs::path dir = ts::test::scratchDir("cache-migrate-v3");
    {
        RawDb raw(dir / "v3.sqlite");
        raw.exec(R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
INSERT INTO meta VALUES ('application', 'tilescope-config-cache'), ('created-by', 'TileScope 0.3.0');
CREATE TABLE tunings (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kernel_name TEXT NOT NULL, key_values TEXT NOT NULL,
    dtypes TEXT NOT NULL, device TEXT NOT NULL, bench_method TEXT NOT NULL,
    simulator_version TEXT NOT NULL, source_hash TEXT NOT NULL, workload_path TEXT NOT NULL,
    created_at TEXT NOT NULL, best_index INTEGER, tuning_wall_seconds REAL NOT NULL,
    notes TEXT NOT NULL, candidate_count INTEGER NOT NULL, key_digest TEXT NOT NULL DEFAULT '',
    candidates TEXT NOT NULL DEFAULT '[]', best TEXT, details TEXT);
CREATE INDEX tunings_by_kernel ON tunings(kernel_name, device, bench_method, simulator_version);
CREATE UNIQUE INDEX tunings_by_digest ON tunings(key_digest);
PRAGMA application_id = 1414742851;
PRAGMA user_version = 3;
)sql");
        // Digests as version 3 computed them (the key without a backend): any distinct text
        // stands in, since the migration computes them again.
        for (const char* m : {"64", "128"})
            raw.exec(std::string("INSERT INTO tunings(kernel_name, key_values, dtypes, device, bench_method, "
                                 "simulator_version, source_hash, workload_path, created_at, best_index, "
                                 "tuning_wall_seconds, notes, candidate_count, key_digest, candidates, best, details) "
                                 "VALUES ('softmax', '[[\"M\",\"") +
                     m + "\"]]', '[\"torch.float32\"]', 'Ascend910B2', 'default', '0.1.0', 'h2', 'w.json', "
                         "'2025-01-02T00:00:00.000Z', 0, 3.5, 'v3', 1, 'v3-digest-" + m +
                     "', '[[[[\"XBLOCK\",\"64\"]],1,1,\"best\",\"\",\"\",0.45,0.4,0.5,\"\"]]', NULL, NULL)");
    }
    OpenResult opened = ConfigCache::open(dir / "v3.sqlite");
    ASSERT_TRUE(opened.ok()) << opened.error->message;
    EXPECT_EQ(opened.migratedFromVersion, 3);
    ASSERT_EQ(opened.notices.size(), 1u);
    EXPECT_NE(opened.notices[0].find("from layout version 3 to " + std::to_string(schema::kCurrentVersion)), std::string::npos) << opened.notices[0];
    ConfigCache& cache = *opened.cache;

    auto rows = cache.list();
    ASSERT_TRUE(rows.ok());
    ASSERT_EQ(rows.value->size(), 2u);
    for (const TuningSummary& row : *rows.value) {
        EXPECT_EQ(row.key.backend, "2026-04");
        EXPECT_NE(formatSummary(row).find("backend 2026-04"), std::string::npos) << formatSummary(row);
    }
    TuningKey old = softmaxKey("64");
    old.backend = "2026-04";
    LookupResult hit = cache.lookup(old, "h2");
    ASSERT_EQ(hit.freshness, Freshness::Fresh);
    EXPECT_EQ(hit.record->notes, "v3");
    EXPECT_EQ(hit.record->key.backend, "2026-04");
    EXPECT_EQ(cache.lookupBest(old, "h2").freshness, Freshness::Fresh);
    TuningKey newer = old;
    newer.backend = "2026-08";
    EXPECT_EQ(cache.lookup(newer, "h2").freshness, Freshness::Miss);
    EXPECT_EQ(cache.lookupBest(newer, "h2").freshness, Freshness::Miss);
    opened.cache.reset();

    auto fresh = openOrDie(dir / "fresh.sqlite");
    fresh.reset();
    RawDb migrated(dir / "v3.sqlite"), created(dir / "fresh.sqlite");
    EXPECT_EQ(migrated.integer("PRAGMA user_version"), schema::kCurrentVersion);
    EXPECT_EQ(migrated.integer("SELECT count(*) FROM tunings WHERE key_digest LIKE 'v3-digest-%'"), 0);
    for (const char* q : {"PRAGMA table_info(tunings)", "SELECT type, name FROM sqlite_master ORDER BY name"})
        EXPECT_EQ(migrated.rows(q), created.rows(q)) << q;
}

TEST(ConfigCache, MigratesAVersion5FileAndKeepsWhichTileScopeMadeATuning)
{
    // Layout 6 keeps the TileScope release of each tuning. A version 5 file (the same tables
    // without the column) migrates with its tunings unknown (""), and new ones round-trip it.
    const fs::path dir = ts::test::scratchDir("cache-migrate-v5");
    TuningRecord old = makeRecord("softmax", 64, 2);
    {
        auto cache = openOrDie(dir / "v5.sqlite");
        ASSERT_TRUE(cache->store(old).ok());
    }
    {
        RawDb raw(dir / "v5.sqlite");
        // Layout 7's candidate set came after: a version 5 file has neither column.
        raw.exec("ALTER TABLE tunings DROP COLUMN candidate_set; ALTER TABLE tunings DROP COLUMN tilescope_version; "
                 "PRAGMA user_version = 5;");
    }
    OpenResult opened = ConfigCache::open(dir / "v5.sqlite");
    ASSERT_TRUE(opened.ok()) << opened.error->message;
    EXPECT_EQ(opened.migratedFromVersion, 5);
    ConfigCache& cache = *opened.cache;
    const auto hit = cache.lookup(old.key, old.key.sourceHash);
    ASSERT_EQ(hit.freshness, Freshness::Fresh);
    EXPECT_EQ(hit.record->tilescopeVersion, "");
    TuningRecord made = makeRecord("softmax", 128, 2);
    made.tilescopeVersion = "9.8.7";
    ASSERT_TRUE(cache.store(made).ok());
    EXPECT_EQ(cache.lookup(made.key, made.key.sourceHash).record->tilescopeVersion, "9.8.7");
    // ... and through the JSON of an export.
    std::string error;
    const auto back = tuningFromJson(toJson(*cache.lookup(made.key).record), "t", &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->tilescopeVersion, "9.8.7");
    opened.cache.reset();

    auto fresh = openOrDie(dir / "fresh.sqlite");
    fresh.reset();
    RawDb migrated(dir / "v5.sqlite"), created(dir / "fresh.sqlite");
    EXPECT_EQ(migrated.integer("PRAGMA user_version"), schema::kCurrentVersion);
    EXPECT_EQ(migrated.rows("PRAGMA table_info(tunings)"), created.rows("PRAGMA table_info(tunings)"));
}

TEST(ConfigCache, MigratesAVersion6FileAndKeepsALatticeTuningApart)
{
    // Layout 7 keys a tuning by its candidate set too. A version 6 file migrates with every
    // tuning the backend's own (""), found under the same digest as before, and a lattice tuning
    // of the same launch is then a second entry.
    const fs::path dir = ts::test::scratchDir("cache-migrate-v6");
    TuningRecord old = makeRecord("softmax", 64, 2);
    {
        auto cache = openOrDie(dir / "v6.sqlite");
        ASSERT_TRUE(cache->store(old).ok());
    }
    {
        RawDb raw(dir / "v6.sqlite");
        raw.exec("ALTER TABLE tunings DROP COLUMN candidate_set; PRAGMA user_version = 6;");
    }
    OpenResult opened = ConfigCache::open(dir / "v6.sqlite");
    ASSERT_TRUE(opened.ok()) << opened.error->message;
    EXPECT_EQ(opened.migratedFromVersion, 6);
    ConfigCache& cache = *opened.cache;
    const auto hit = cache.lookup(old.key, old.key.sourceHash);
    ASSERT_EQ(hit.freshness, Freshness::Fresh);
    EXPECT_EQ(hit.record->key.candidateSet, "");
    TuningRecord lattice = makeRecord("softmax", 64, 3);
    lattice.key.candidateSet = "lattice limit=8";
    EXPECT_FALSE(lattice.key.sameKey(old.key));
    ASSERT_TRUE(cache.store(lattice).ok());
    EXPECT_EQ(*cache.count().value, 2u);
    EXPECT_EQ(cache.lookup(old.key).record->candidates.size(), old.candidates.size());
    const auto found = cache.lookup(lattice.key);
    ASSERT_EQ(found.freshness, Freshness::Fresh);
    EXPECT_EQ(found.record->key.candidateSet, "lattice limit=8");
    EXPECT_EQ(found.record->candidates.size(), lattice.candidates.size());
    // ... and through the JSON of an export.
    std::string error;
    const auto back = tuningFromJson(toJson(*found.record), "t", &error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->key.candidateSet, "lattice limit=8");
    opened.cache.reset();

    auto fresh = openOrDie(dir / "fresh.sqlite");
    fresh.reset();
    RawDb migrated(dir / "v6.sqlite"), created(dir / "fresh.sqlite");
    EXPECT_EQ(migrated.integer("PRAGMA user_version"), schema::kCurrentVersion);
    EXPECT_EQ(migrated.rows("PRAGMA table_info(tunings)"), created.rows("PRAGMA table_info(tunings)"));
}

TEST(ConfigCache, TheSameLaunchUnderTwoBackendsIsTwoEntries)
{
    const fs::path dir = ts::test::scratchDir("cache-backends");
    auto cache = openOrDie(dir / "cache.sqlite");
    TuningRecord old = makeRecord("softmax", 64, 2);
    old.key.backend = "2026-04";
    old.notes = "old";
    TuningRecord newer = old;
    newer.key.backend = "2026-08";
    newer.notes = "new";
    ASSERT_TRUE(cache->store(old).ok());
    ASSERT_TRUE(cache->store(newer).ok());
    EXPECT_EQ(*cache->count().value, 2u);
    EXPECT_EQ(cache->lookup(old.key).record->notes, "old");
    EXPECT_EQ(cache->lookup(newer.key).record->notes, "new");
    EXPECT_EQ(cache->lookup(newer.key).record->key.backend, "2026-08");

    ListFilter only;
    only.backend = "2026-08";
    auto rows = cache->list(only);
    ASSERT_TRUE(rows.ok());
    ASSERT_EQ(rows.value->size(), 1u);
    EXPECT_EQ(rows.value->front().key.backend, "2026-08");
    PruneOptions prune;
    prune.backend = "2026-04";
    prune.olderThanDays = 1;
    prune.now = std::chrono::system_clock::now() + std::chrono::hours(48);
    prune.dryRun = true;
    auto pruned = cache->prune(prune);
    ASSERT_TRUE(pruned.ok());
    ASSERT_EQ(pruned.value->size(), 1u);
    EXPECT_EQ(pruned.value->front().summary.key.backend, "2026-04");

    // The interchange file keeps the version; a tuning without one is 2026-04's.
    ASSERT_TRUE(cache->exportJson(dir / "export.json").ok());
    auto other = openOrDie(dir / "other.sqlite");
    ASSERT_TRUE(other->importJson(dir / "export.json").ok());
    EXPECT_EQ(other->lookup(newer.key).record->notes, "new");
    nlohmann::ordered_json legacy = toJson(old);
    legacy.erase("backend");
    std::string error;
    const auto read = tuningFromJson(legacy, "t", &error);
    ASSERT_TRUE(read) << error;
    EXPECT_EQ(read->key.backend, "2026-04");
}

TEST(ConfigCache, ACacheFromANewerVersionIsLeftAlone)
{
    const fs::path dir = ts::test::scratchDir("cache-newer");
    {
        auto cache = openOrDie(dir / "cache.sqlite");
        ASSERT_TRUE(cache->store(makeRecord("k", 1)).ok());
    }
    {
        RawDb raw(dir / "cache.sqlite");
        raw.exec("PRAGMA user_version = " + std::to_string(schema::kCurrentVersion + 1));
    }
    const std::string before = readBytes(dir / "cache.sqlite");
    OpenResult opened = ConfigCache::open(dir / "cache.sqlite");
    ASSERT_FALSE(opened.ok());
    EXPECT_EQ(opened.error->code, "cache-newer");
    EXPECT_NE(opened.error->message.find((dir / "cache.sqlite").string()), std::string::npos);
    EXPECT_NE(opened.error->message.find("version " + std::to_string(schema::kCurrentVersion + 1)), std::string::npos);
    EXPECT_EQ(readBytes(dir / "cache.sqlite"), before);
    for (const auto& entry : fs::directory_iterator(dir))
        EXPECT_EQ(entry.path().filename().string().find(".corrupt-"), std::string::npos);
}

// ---- foreign and corrupt files ----

namespace {

struct DamagedCase {
    const char* name;
    void (*make)(const fs::path&);
    const char* reason;  // part of the message
};

void makeRandomBytes(const fs::path& p)
{
    std::mt19937 rng(7);
    std::string bytes(8192, '\0');
    for (auto& b : bytes)
        b = char(rng());
    writeBytes(p, bytes);
}

void makeForeignSqlite(const fs::path& p)
{
    RawDb raw(p);
    raw.exec("CREATE TABLE songs (title TEXT, artist TEXT); INSERT INTO songs VALUES ('a', 'b');");
}

void makeForeignWithOurId(const fs::path& p)
{
    RawDb raw(p);
    raw.exec("CREATE TABLE meta (key TEXT, value TEXT); INSERT INTO meta VALUES ('application', 'photo-db');"
             "PRAGMA application_id = 1414742851; PRAGMA user_version = 2;");
}

void makeTruncatedCache(const fs::path& p)
{
    {
        auto cache = ConfigCache::open(p).cache;
        for (int i = 0; i < 60; ++i)
            cache->store(makeRecord("k", i, 20));
    }
    const auto size = fs::file_size(p);
    ASSERT_GT(size, 20000u);
    fs::resize_file(p, size / 2);
}

void makeTinyHeader(const fs::path& p) { writeBytes(p, "SQLite format 3"); }

} // namespace

TEST(ConfigCache, ForeignOrCorruptFilesAreMovedAsideAndAFreshCacheStarts)
{
    const DamagedCase cases[] = {
        {"random bytes", makeRandomBytes, "is corrupt"},
        {"another application's SQLite file", makeForeignSqlite, "application id is 0x00000000"},
        {"our application id but a foreign meta record", makeForeignWithOurId, "photo-db"},
        {"a truncated cache", makeTruncatedCache, "is corrupt"},
        {"a cut-off header", makeTinyHeader, "is corrupt"},
    };
    int n = 0;
    for (const DamagedCase& c : cases) {
        SCOPED_TRACE(c.name);
        const fs::path dir = ts::test::scratchDir("cache-damaged-" + std::to_string(n++));
        const fs::path path = dir / "cache.sqlite";
        c.make(path);
        const std::string damaged = readBytes(path);

        // Read-only opening reports it and touches nothing.
        OpenOptions ro;
        ro.readOnly = true;
        OpenResult peek = ConfigCache::open(path, ro);
        ASSERT_FALSE(peek.ok());
        EXPECT_NE(peek.error->message.find(path.string()), std::string::npos);
        EXPECT_EQ(readBytes(path), damaged);

        OpenResult opened = ConfigCache::open(path);
        ASSERT_TRUE(opened.ok()) << opened.error->message;
        ASSERT_FALSE(opened.movedAsideTo.empty());
        EXPECT_EQ(opened.movedAsideTo.parent_path(), dir);
        EXPECT_EQ(opened.movedAsideTo.filename().string().rfind("cache.sqlite.corrupt-", 0), 0u);
        EXPECT_EQ(readBytes(opened.movedAsideTo), damaged);  // kept byte for byte
        ASSERT_EQ(opened.notices.size(), 1u);
        const std::string& notice = opened.notices[0];
        EXPECT_NE(notice.find("'" + path.string() + "'"), std::string::npos) << notice;
        EXPECT_NE(notice.find(opened.movedAsideTo.string()), std::string::npos) << notice;
        EXPECT_NE(notice.find(c.reason), std::string::npos) << notice;
        EXPECT_TRUE(opened.created);

        ASSERT_TRUE(opened.cache->store(makeRecord("k", 1)).ok());
        EXPECT_EQ(*opened.cache->count().value, 1u);
        EXPECT_EQ(*opened.cache->integrityCheck().value, "ok");
    }
}

TEST(ConfigCache, AnEmptyFileBecomesACache)
{
    const fs::path dir = ts::test::scratchDir("cache-empty");
    writeBytes(dir / "cache.sqlite", "");
    OpenResult opened = ConfigCache::open(dir / "cache.sqlite");
    ASSERT_TRUE(opened.ok());
    EXPECT_TRUE(opened.created);
    EXPECT_TRUE(opened.movedAsideTo.empty());
    RawDb raw(dir / "cache.sqlite");
    EXPECT_EQ(raw.integer("PRAGMA application_id"), 0x54534343);
    EXPECT_EQ(raw.rows("PRAGMA journal_mode"), std::vector<std::string>{"wal"});
}

TEST(ConfigCache, AnImpossiblePathIsAnErrorNamingTheFile)
{
    const fs::path dir = ts::test::scratchDir("cache-impossible");
    writeBytes(dir / "plain-file", "x");
    // Its folder would have to be inside a regular file.
    OpenResult opened = ConfigCache::open(dir / "plain-file" / "cache.sqlite");
    ASSERT_FALSE(opened.ok());
    EXPECT_EQ(opened.error->code, "cache-open");
    EXPECT_NE(opened.error->message.find((dir / "plain-file" / "cache.sqlite").string()), std::string::npos)
        << opened.error->message;
    // A folder where the file should be.
    fs::create_directories(dir / "folder.sqlite");
    opened = ConfigCache::open(dir / "folder.sqlite");
    ASSERT_FALSE(opened.ok());
    EXPECT_NE(opened.error->message.find((dir / "folder.sqlite").string()), std::string::npos)
        << opened.error->message;
    EXPECT_TRUE(fs::is_directory(dir / "folder.sqlite"));
}

// ---- locking ----

TEST(ConfigCache, AWriterWaitsForTheLockAndGivesUpAfterTheTimeout)
{
    const fs::path dir = ts::test::scratchDir("cache-busy");
    const fs::path path = dir / "cache.sqlite";
    openOrDie(path).reset();

    RawDb holder(path);
    holder.exec("BEGIN IMMEDIATE");
    OpenOptions impatient;
    impatient.busyTimeout = std::chrono::milliseconds(150);
    auto cache = openOrDie(path, impatient);
    ASSERT_TRUE(cache);
    const auto start = std::chrono::steady_clock::now();
    auto refused = cache->store(makeRecord("k", 1));
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error->code, "cache-busy");
    EXPECT_NE(refused.error->message.find(path.string()), std::string::npos);
    // A lower bound only: a slower machine waits longer, never shorter.
    EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(150));
    // Readers are not blocked by a writer in WAL mode.
    EXPECT_TRUE(cache->lookup(makeRecord("k", 1).key).ok());

    // A patient writer gets through once the holder commits. Its patience outlasts any machine's
    // delay (ctest's timeout ends a hang), so the outcome does not depend on when the holder
    // commits; the pause before the commit only makes the writer likely to wait first.
    OpenOptions patientOptions;
    patientOptions.busyTimeout = std::chrono::hours(1);
    auto patient = openOrDie(path, patientOptions);
    std::thread release([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        holder.exec("COMMIT");
    });
    auto stored = patient->store(makeRecord("k", 2));
    release.join();
    EXPECT_TRUE(stored.ok()) << stored.error->message;
    EXPECT_EQ(*patient->count().value, 1u);
}

// ---- several processes ----

namespace {

// Forks a child that runs `work` and leaves with its return value, never returning here.
template <typename Work>
pid_t forkChild(Work&& work)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        int code = 99;
        try {
            code = work();
        } catch (...) {
        }
        ::_exit(code);
    }
    return pid;
}

int waitExit(pid_t pid)
{
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

} // namespace

TEST(ConfigCache, TwoProcessesStoringAtOnceBothLand)
{
    const fs::path dir = ts::test::scratchDir("cache-concurrent");
    const fs::path path = dir / "cache.sqlite";
    constexpr int kPerChild = 200;
    int gate[2];
    ASSERT_EQ(::pipe(gate), 0);
    std::vector<pid_t> children;
    for (int child = 0; child < 2; ++child) {
        children.push_back(forkChild([&, child]() {
            ::close(gate[1]);
            char c;
            (void)!::read(gate[0], &c, 1);  // both start together when the parent closes the gate
            // Each child opens the file itself (the first to arrive creates it).
            OpenResult opened = ConfigCache::open(path);
            if (!opened.ok())
                return 2;
            for (int i = 0; i < kPerChild; ++i)
                if (!opened.cache->store(makeRecord("k", child * 100000 + i, 1 + i % 5)).ok())
                    return 3;
            return 0;
        }));
    }
    ::close(gate[0]);
    ::close(gate[1]);
    for (pid_t pid : children)
        EXPECT_EQ(waitExit(pid), 0);

    auto cache = openOrDie(path);
    ASSERT_TRUE(cache);
    EXPECT_EQ(*cache->integrityCheck().value, "ok");
    EXPECT_EQ(*cache->count().value, std::size_t(2 * kPerChild));
    for (int child = 0; child < 2; ++child)
        for (int i = 0; i < kPerChild; ++i) {
            const TuningRecord expected = makeRecord("k", child * 100000 + i, 1 + i % 5);
            LookupResult hit = cache->lookup(expected.key);
            ASSERT_EQ(hit.freshness, Freshness::Fresh) << child << "/" << i;
            EXPECT_EQ(withId(*hit.record, 0), expected);
        }
}

TEST(ConfigCache, AProcessKilledMidWriteLeavesAConsistentFile)
{
    const fs::path dir = ts::test::scratchDir("cache-kill");
    const fs::path path = dir / "cache.sqlite";
    std::random_device seedSource;
    const unsigned seed = seedSource();
    std::mt19937 rng(seed);
    SCOPED_TRACE("seed " + std::to_string(seed));

    int stored = 0;
    for (int round = 0; round < 6; ++round) {
        int ready[2];
        ASSERT_EQ(::pipe(ready), 0);
        const pid_t pid = forkChild([&, round]() {
            ::close(ready[0]);
            OpenResult opened = ConfigCache::open(path);
            if (!opened.ok())
                return 2;
            for (int i = 0; i < 100000; ++i) {
                // Big tunings: most of the time is spent inside a write transaction.
                if (!opened.cache->store(makeRecord("k", round * 1000000 + i, 40 + i % 7)).ok())
                    return 3;
                if (i == 0)
                    (void)!::write(ready[1], "x", 1);
            }
            return 0;
        });
        ::close(ready[1]);
        char c;
        ASSERT_EQ(::read(ready[0], &c, 1), 1) << "the writer never stored anything";
        ::close(ready[0]);
        std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 60000)(rng)));
        ::kill(pid, SIGKILL);
        EXPECT_EQ(waitExit(pid), 128 + SIGKILL);

        OpenResult opened = ConfigCache::open(path);
        ASSERT_TRUE(opened.ok()) << opened.error->message;
        EXPECT_TRUE(opened.movedAsideTo.empty()) << "a killed writer must not damage the file";
        EXPECT_EQ(*opened.cache->integrityCheck().value, "ok");
        auto records = opened.cache->records();
        ASSERT_TRUE(records.ok()) << records.error->message;
        EXPECT_GT(records.value->size(), std::size_t(stored)) << "round " << round;
        stored = int(records.value->size());
        // Every record there is whole: exactly what the writer stored for its key.
        for (const TuningRecord& r : *records.value) {
            const std::int64_t m = std::stoll(r.key.keyValues.at(0).second);
            const TuningRecord expected = makeRecord("k", m, 40 + int(m % 1000000) % 7);
            TuningRecord got = r;
            got.id = 0;
            got.createdAt = expected.createdAt;
            ASSERT_EQ(got, expected) << "M=" << m;
        }
    }
}
