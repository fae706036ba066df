#include "core/cache/measurement_store.h"

#include "core/cache/record_codec.h"

#include <algorithm>
#include <cstdint>
#include <thread>

namespace ts::cache {
namespace {

// A cache of an older layout opened read-only (merge sources) is not migrated: a table it lacks
// holds nothing.
bool hasTable(SqliteDatabase& db, const char* name, int* rc)
{
    SqliteStatement s = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1");
    if (!s) {
        *rc = db.extendedErrorCode();
        return false;
    }
    s.bind(1, std::string(name));
    *rc = s.step();
    const bool found = *rc == SQLITE_ROW && s.integer(0) > 0;
    *rc = *rc == SQLITE_ROW ? SQLITE_OK : *rc;
    return found;
}

} // namespace

int insertMeasurements(SqliteDatabase& db, const std::vector<MeasurementRecord>& records,
                       const std::string& importedAt, MeasurementStoreReport* report, std::string* problem)
{
    *report = {};
    report->isNew.reserve(records.size());
    SqliteStatement insert = db.prepare(
        "INSERT OR IGNORE INTO measurements(identity, launch_digest, kernel_name, key_values, dtypes, backend, "
        "source_hash, params, num_warps, num_stages, status, error, p50_ms, p20_ms, p80_ms, device, device_kind, "
        "python, triton, torch, torch_npu, bench_method, source_format, source_file, source_line, imported_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, "
        "?23, ?24, ?25, ?26)");
    if (!insert)
        return db.extendedErrorCode();
    for (std::size_t i = 0; i < records.size(); ++i)
        if (const std::string bad = validateMeasurement(records[i]); !bad.empty()) {
            const MeasurementRecord& m = records[i];
            *problem = "measurement " + std::to_string(i) + " (" + m.sourceFile +
                       (m.sourceLine > 0 ? ":" + std::to_string(m.sourceLine) : std::string()) + "): " + bad;
            return SQLITE_CONSTRAINT;
        }
    // Records of one launch come together: its digest is computed once per run of them.
    std::vector<std::string> launches;
    std::vector<std::uint32_t> launchOf(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        const MeasurementRecord& m = records[i];
        if (i == 0 || m.kernelName != records[i - 1].kernelName || m.keyValues != records[i - 1].keyValues ||
            m.dtypes != records[i - 1].dtypes || m.backend != records[i - 1].backend)
            launches.push_back(m.launchDigest());
        launchOf[i] = std::uint32_t(launches.size() - 1);
    }
    // Each record's identity is a SHA-256 of its fields: hashed on a few threads before the
    // inserts (the same strings whichever thread computes them).
    std::vector<std::string> identities(records.size());
    {
        const std::size_t threads =
            records.size() < 4096 ? 1 : std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
        auto hash = [&](std::size_t first, std::size_t last) {
            for (std::size_t i = first; i < last; ++i)
                identities[i] = records[i].identity(launches[launchOf[i]]);
        };
        std::vector<std::thread> pool;
        const std::size_t slice = (records.size() + threads - 1) / threads;
        for (std::size_t t = 1; t < threads; ++t)
            pool.emplace_back(hash, std::min(records.size(), t * slice), std::min(records.size(), (t + 1) * slice));
        hash(0, std::min(records.size(), slice));
        for (std::thread& thread : pool)
            thread.join();
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        const MeasurementRecord& m = records[i];
        const std::string& launch = launches[launchOf[i]];
        insert.bind(1, identities[i])
            .bind(2, launch)
            .bind(3, m.kernelName)
            .bind(4, encodePairs(m.keyValues))
            .bind(5, encodeStrings(m.dtypes))
            .bind(6, m.backend)
            .bind(7, m.sourceHash)
            .bind(8, encodePairs(m.params))
            .bind(9, std::int64_t(m.numWarps))
            .bind(10, std::int64_t(m.numStages))
            .bind(11, m.status)
            .bind(12, m.error)
            .bind(13, m.p50Ms)
            .bind(14, m.p20Ms)
            .bind(15, m.p80Ms)
            .bind(16, m.device)
            .bind(17, m.deviceKind)
            .bind(18, m.python)
            .bind(19, m.triton)
            .bind(20, m.torch)
            .bind(21, m.torchNpu)
            .bind(22, m.benchMethod)
            .bind(23, m.sourceFormat)
            .bind(24, m.sourceFile)
            .bind(25, m.sourceLine)
            .bind(26, m.importedAt.empty() ? importedAt : m.importedAt);
        const int rc = insert.step();
        if (rc != SQLITE_DONE)
            return rc;
        const bool added = db.changes() > 0;
        ++(added ? report->added : report->duplicates);
        report->isNew.push_back(added);
        insert.reset();
    }
    return SQLITE_OK;
}

int upsertLaunchWorkloads(SqliteDatabase& db, const std::vector<LaunchWorkload>& workloads, const std::string& storedAt,
                          std::size_t* stored)
{
    *stored = 0;
    if (workloads.empty())
        return SQLITE_OK;
    SqliteStatement upsert = db.prepare(
        "INSERT INTO launch_workloads(launch_digest, workload, workload_path, stored_at) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT(launch_digest) DO UPDATE SET workload = excluded.workload, workload_path = excluded.workload_path, "
        "stored_at = excluded.stored_at WHERE excluded.stored_at >= launch_workloads.stored_at");
    if (!upsert)
        return db.extendedErrorCode();
    for (const LaunchWorkload& w : workloads) {
        upsert.bind(1, w.launchDigest).bind(2, w.workload).bind(3, w.workloadPath).bind(4, w.storedAt.empty() ? storedAt : w.storedAt);
        const int rc = upsert.step();
        if (rc != SQLITE_DONE)
            return rc;
        *stored += db.changes() > 0 ? 1 : 0;
        upsert.reset();
    }
    return SQLITE_OK;
}

int selectLaunchWorkloads(SqliteDatabase& db, const std::string& launchDigest, std::vector<LaunchWorkload>* out)
{
    out->clear();
    int present = SQLITE_OK;
    if (!hasTable(db, "launch_workloads", &present))
        return present;
    SqliteStatement s = db.prepare(launchDigest.empty()
                                       ? "SELECT launch_digest, workload, workload_path, stored_at FROM launch_workloads "
                                         "ORDER BY launch_digest"
                                       : "SELECT launch_digest, workload, workload_path, stored_at FROM launch_workloads "
                                         "WHERE launch_digest = ?1");
    if (!s)
        return db.extendedErrorCode();
    if (!launchDigest.empty())
        s.bind(1, launchDigest);
    int rc;
    while ((rc = s.step()) == SQLITE_ROW)
        out->push_back({s.text(0), s.text(1), s.text(2), s.text(3)});
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int selectMeasurements(SqliteDatabase& db, const MeasurementFilter& filter, std::vector<MeasurementRecord>* out,
                       std::vector<std::string>* skipped)
{
    out->clear();
    int present = SQLITE_OK;
    if (!hasTable(db, "measurements", &present))
        return present;
    // The timing columns first; the launch, software and provenance after them.
    std::string sql = "SELECT id, source_hash, params, num_warps, num_stages, status, error, p50_ms, p20_ms, p80_ms, "
                      "device";
    if (!filter.timingsOnly)
        sql += ", kernel_name, key_values, dtypes, backend, device_kind, python, triton, torch, torch_npu, "
               "bench_method, source_format, source_file, source_line, imported_at";
    sql += " FROM measurements WHERE 1";
    std::vector<const std::string*> binds;
    auto where = [&](const std::string& value, const char* clause) {
        if (!value.empty()) {
            binds.push_back(&value);
            sql += std::string(" AND ") + clause + " = ?" + std::to_string(binds.size());
        }
    };
    where(filter.launchDigest, "launch_digest");
    where(filter.kernelName, "kernel_name");
    where(filter.device, "device");
    where(filter.backend, "backend");
    // In the order stored. The launch index lists a launch's rows by device, then in that order:
    // sorting here, not in SQL, skips a temporary B-tree for the common case of one device.
    SqliteStatement s = db.prepare(sql);
    if (!s)
        return db.extendedErrorCode();
    for (std::size_t i = 0; i < binds.size(); ++i)
        s.bind(int(i + 1), *binds[i]);
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) {
        MeasurementRecord& m = out->emplace_back();
        m.id = s.integer(0);
        m.sourceHash = s.text(1);
        auto damaged = [&] {
            skipped->push_back("measurement #" + std::to_string(m.id) +
                               " is damaged (its stored columns do not decode) and was left out");
            out->pop_back();
        };
        auto params = decodePairs(s.textView(2));
        if (!params) {
            damaged();
            continue;
        }
        m.params = std::move(*params);
        m.numWarps = int(s.integer(3));
        m.numStages = int(s.integer(4));
        m.status = s.text(5);
        m.error = s.text(6);
        m.p50Ms = s.optionalReal(7);
        m.p20Ms = s.optionalReal(8);
        m.p80Ms = s.optionalReal(9);
        m.device = s.text(10);
        if (filter.timingsOnly)
            continue;
        m.kernelName = s.text(11);
        auto values = decodePairs(s.textView(12));
        auto dtypes = decodeStrings(s.textView(13));
        if (!values || !dtypes) {
            damaged();
            continue;
        }
        m.keyValues = std::move(*values);
        m.dtypes = std::move(*dtypes);
        m.backend = s.text(14);
        m.deviceKind = s.text(15);
        m.python = s.text(16);
        m.triton = s.text(17);
        m.torch = s.text(18);
        m.torchNpu = s.text(19);
        m.benchMethod = s.text(20);
        m.sourceFormat = s.text(21);
        m.sourceFile = s.text(22);
        m.sourceLine = s.integer(23);
        m.importedAt = s.text(24);
    }
    auto byId = [](const MeasurementRecord& a, const MeasurementRecord& b) { return a.id < b.id; };
    if (!std::is_sorted(out->begin(), out->end(), byId))
        std::sort(out->begin(), out->end(), byId);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

} // namespace ts::cache
