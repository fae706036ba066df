#pragma once
// The config cache: one SQLite file of tunings (default `.tilescope/cache.sqlite` beside the
// workload), shared safely by several processes.
//
// - WAL journal, a busy timeout and retries: concurrent writers queue instead of failing, and
//   every store is one IMMEDIATE transaction, so a killed process leaves a consistent file.
// - A file that is not a TileScope cache, or is corrupt, is moved aside to
//   `<path>.corrupt-<UTC timestamp>` and a fresh cache is started; the open result says so.
//   A cache written by a newer TileScope is never touched: opening it is an error.
// - A tuning is keyed by TuningKey (kernel, key values, dtypes, device, benchmark method,
//   simulator version). The kernel's source hash is stored with it: when it differs from the
//   kernel's current hash the entry is stale, and lookup says so instead of reusing it.
// - Errors are values; every message names the file.
//
// Export/import format (JSON):
//   {"format": "tilescope-config-cache", "version": 1, "exportedAt": "<ISO 8601 UTC>",
//    "tunings": [<tuning>, ...],                  // <tuning> as documented in tuning_record.h
//    "measurements": [<measurement>, ...],        // measurement_record.h (toJson); may be absent
//    "launchWorkloads": [<launch workload>, ...]} // the measured launches' workloads; may be absent
// Import merges: per key the newest tuning wins (see supersedes()); a measurement already stored
// (the same identity) is not added again; per launch the newest workload wins.
//
// A ConfigCache may be shared between threads (calls are serialised).

#include "core/cache/measurement_record.h"
#include "core/cache/tuning_record.h"
#include "core/util/message_value.h"

#include <chrono>
#include <functional>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::cache {

struct CacheError {
    // cache-open | cache-busy | cache-corrupt | cache-newer | cache-io | cache-invalid-record |
    // cache-not-found | cache-json | cache-damaged-row
    std::string code;
    std::string message;  // names the file: text's English, as the CLI prints it
    msg::Message text;    // the same by catalogue id, for the explorer (details from elsewhere as written)
};

template <typename T>
struct CacheResult {
    std::optional<T> value;
    std::optional<CacheError> error;
    // Rows left out of a listing because they do not decode ("tuning #12: ..."): one damaged row
    // costs only itself.
    std::vector<std::string> skipped;
    bool ok() const { return !error.has_value(); }
};

struct CacheStatus {
    std::optional<CacheError> error;
    std::vector<std::string> skipped;  // as CacheResult's
    bool ok() const { return !error.has_value(); }
};

struct OpenOptions {
    bool readOnly = false;  // never writes: no migration on disk, no moving aside, no WAL switch
    std::chrono::milliseconds busyTimeout{10'000};
    bool quickCheck = true;  // run PRAGMA quick_check on open (finds truncated/corrupt files)
    // The time a stored tuning without one is stamped with, and an export's time (tests inject a
    // fixed clock; unset: the system clock).
    std::function<std::chrono::system_clock::time_point()> clock;
};

class ConfigCache;

struct OpenResult {
    std::unique_ptr<ConfigCache> cache;  // null on error
    std::optional<CacheError> error;
    // Things the user should hear about: the file was moved aside, migrated, created.
    std::vector<std::string> notices;
    std::filesystem::path movedAsideTo;  // set when a foreign or corrupt file was moved aside
    int migratedFromVersion = 0;          // 0 unless an older layout was migrated
    bool created = false;                 // a new cache was initialised
    bool ok() const { return cache != nullptr; }
};

struct LookupResult {
    Freshness freshness = Freshness::Miss;
    std::optional<TuningRecord> record;  // set for Fresh and Stale
    std::optional<CacheError> error;
    bool ok() const { return !error.has_value(); }
};

// What a tuner asks before launching: is there a usable config for this key? Only the chosen
// candidate is read (one indexed row), so this is the cheapest question the cache answers.
struct BestLookupResult {
    Freshness freshness = Freshness::Miss;
    std::int64_t id = 0;  // of the tuning found
    std::string sourceHash;
    std::string createdAt;
    std::optional<std::size_t> bestIndex;
    std::optional<CandidateRecord> best;  // nullopt on a miss, or when the tuning chose none
    std::optional<CacheError> error;
    bool ok() const { return !error.has_value(); }
};

// One row of `list`.
struct TuningSummary {
    std::int64_t id = 0;
    TuningKey key;
    std::string workloadPath;
    std::string createdAt;
    std::size_t candidateCount = 0;
    std::optional<std::size_t> bestIndex;
    TextPairs bestParams;
    std::optional<int> bestNumWarps, bestNumStages;
    std::optional<double> bestP50Ms;
    double tuningWallSeconds = 0.0;
    // Known only when the caller gave the kernel's current source hash; otherwise nullopt.
    std::optional<Freshness> freshness;
};

struct ListFilter {
    std::string kernelName;  // empty: any
    std::string device;      // empty: any
    std::string backend;     // empty: any; else a backend version's name ("2026-04")
    // kernel name -> its current source hash; rows of these kernels get a freshness.
    std::map<std::string, std::string, std::less<>> currentSourceHashes;
};

// "#12  matmul_kernel[M=4096, N=1024; torch.float16] on Ascend910B2 (default, sim sim-1, backend 2026-04)
//  best BLOCK_M=128 BLOCK_N=64 p50 0.1234 ms  2025-03-01T12:00:00.000Z  [stale]"
std::string formatSummary(const TuningSummary& summary);

// What prune removes; the criteria combine with OR. With no criterion set, nothing is removed.
struct PruneOptions {
    // Stale: entries of these kernels whose source hash differs from the given current hash.
    std::map<std::string, std::string, std::less<>> currentSourceHashes;
    // Superseded: entries whose source hash differs from the newest entry of the same kernel
    // (stale without needing the kernel's source at hand, e.g. in CI).
    bool superseded = false;
    // Entries created more than this many days before `now`.
    std::optional<double> olderThanDays;
    // Entries whose simulator version is not in this list (when given).
    std::optional<std::vector<std::string>> knownSimulatorVersions;
    // Only entries of this backend version ("2026-04"); empty: of every version.
    std::string backend;
    bool dryRun = false;  // report what would go, remove nothing
    std::optional<std::chrono::system_clock::time_point> now;  // defaults to the clock
};

struct PrunedEntry {
    TuningSummary summary;
    msg::Message reason;  // "stale: the kernel source changed", "older than 30 days", ...
};

struct MergeReport {
    std::size_t added = 0;      // keys new to this cache
    std::size_t replaced = 0;   // keys whose entry was replaced by a newer one
    std::size_t kept = 0;       // keys whose entry here was newer (or identical)
    std::size_t sources = 0;
    std::size_t measurementsAdded = 0;      // measured timings new to this cache
    std::size_t measurementDuplicates = 0;  // already here (the same identity)
    std::size_t launchWorkloads = 0;        // workloads of measured launches stored (new or newer)
};

class ConfigCache {
public:
    ~ConfigCache();
    ConfigCache(const ConfigCache&) = delete;
    ConfigCache& operator=(const ConfigCache&) = delete;

    static OpenResult open(const std::filesystem::path& path, const OpenOptions& options = {});

    const std::filesystem::path& path() const;
    bool readOnly() const;

    // The tuning stored for `key` (key.sourceHash is ignored), Fresh when its source hash equals
    // `currentSourceHash`, else Stale; Miss when nothing is stored for the key.
    LookupResult lookup(const TuningKey& key, std::string_view currentSourceHash);
    // Same, comparing with key.sourceHash.
    LookupResult lookup(const TuningKey& key);

    // The best candidate only (see BestLookupResult); freshness as for lookup().
    BestLookupResult lookupBest(const TuningKey& key, std::string_view currentSourceHash);

    // Stores a tuning in one transaction, replacing the entry of the same key. Fills createdAt
    // when empty. Returns the new id.
    CacheResult<std::int64_t> store(const TuningRecord& record);

    CacheResult<std::vector<TuningSummary>> list(const ListFilter& filter = {});
    CacheResult<TuningRecord> show(std::int64_t id);
    CacheStatus remove(std::int64_t id);
    CacheResult<std::vector<TuningRecord>> records();  // every tuning, by id
    CacheResult<std::size_t> count();

    CacheStatus exportJson(const std::filesystem::path& file);
    // All or nothing: an invalid file or entry changes nothing.
    CacheResult<MergeReport> importJson(const std::filesystem::path& file);
    // Joins other caches into this one (e.g. written by sharded CI jobs), newest wins per key,
    // their measurements and launch workloads with them; the result does not depend on the order
    // of `sources`. Sources are opened read-only.
    CacheResult<MergeReport> merge(const std::vector<std::filesystem::path>& sources);
    // Merges records from anywhere (one transaction), newest wins per key; measurements and
    // launch workloads join in the same transaction.
    CacheResult<MergeReport> mergeRecords(const std::vector<TuningRecord>& incoming,
                                          const std::vector<MeasurementRecord>& measurements = {},
                                          const std::vector<LaunchWorkload>& workloads = {});

    CacheResult<std::vector<PrunedEntry>> prune(const PruneOptions& options);

    // Measured timings (measurement_record.h). Stores in one transaction, all or nothing: an
    // invalid record stores none. A record whose identity is already stored is counted as a
    // duplicate and left as it is; records without importedAt get the time of the call.
    // `workloads` are the measured launches' workloads, stored in the same transaction.
    CacheResult<MeasurementStoreReport> storeMeasurements(const std::vector<MeasurementRecord>& records,
                                                          const std::vector<LaunchWorkload>& workloads = {});
    CacheResult<std::vector<MeasurementRecord>> measurements(const MeasurementFilter& filter = {});
    // The stored workloads of measured launches (every one, or only `launchDigest`'s).
    CacheResult<std::vector<LaunchWorkload>> launchWorkloads(const std::string& launchDigest = {});

    // PRAGMA integrity_check: "ok" or SQLite's findings.
    CacheResult<std::string> integrityCheck();

private:
    class Impl;
    explicit ConfigCache(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

// `<workload folder>/.tilescope/cache.sqlite`
std::filesystem::path defaultCachePath(const std::filesystem::path& workloadPath);

} // namespace ts::cache
