#include "core/cache/measurement_store.h"

#include "core/cache/record_codec.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <thread>
#include <type_traits>
#include <variant>

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

// A measurement's stored columns, each with the field it holds: the INSERT's columns and values and
// the SELECT's columns and reads all come from this one list, so that they cannot disagree. The
// columns a timing needs come first: MeasurementFilter::timingsOnly reads only those.
using Field = std::variant<std::string MeasurementRecord::*, int MeasurementRecord::*,
                           std::int64_t MeasurementRecord::*, std::optional<double> MeasurementRecord::*,
                           TextPairs MeasurementRecord::*, std::vector<std::string> MeasurementRecord::*>;
struct Column {
    const char* name;
    Field field;
};
using M = MeasurementRecord;
constexpr Column kColumns[] = {
    {"source_hash", &M::sourceHash},
    {"params", &M::params},
    {"num_warps", &M::numWarps},
    {"num_stages", &M::numStages},
    {"status", &M::status},
    {"error", &M::error},
    {"p50_ms", &M::p50Ms},
    {"p20_ms", &M::p20Ms},
    {"p80_ms", &M::p80Ms},
    {"device", &M::device},
    {"kernel_name", &M::kernelName},
    {"key_values", &M::keyValues},
    {"dtypes", &M::dtypes},
    {"backend", &M::backend},
    {"device_kind", &M::deviceKind},
    {"python", &M::python},
    {"triton", &M::triton},
    {"torch", &M::torch},
    {"torch_npu", &M::torchNpu},
    {"bench_method", &M::benchMethod},
    {"source_format", &M::sourceFormat},
    {"source_file", &M::sourceFile},
    {"source_line", &M::sourceLine},
    {"imported_at", &M::importedAt},
};

constexpr std::size_t columnIndex(std::string_view name)
{
    std::size_t i = 0;
    while (i < std::size(kColumns) && kColumns[i].name != name)
        ++i;
    return i;
}
constexpr std::size_t kTimingColumns = columnIndex("device") + 1;
// The INSERT's parameters ?1 and ?2 are the identity and the launch digest; the columns follow.
constexpr int kFirstColumnParameter = 3;

std::string columnNames(std::size_t count)
{
    std::string names;
    for (std::size_t i = 0; i < count; ++i)
        names += std::string(i ? ", " : "") + kColumns[i].name;
    return names;
}

template <class T> void bindValue(SqliteStatement& s, int index, const T& v)
{
    if constexpr (std::is_same_v<T, TextPairs>)
        s.bind(index, encodePairs(v));
    else if constexpr (std::is_same_v<T, std::vector<std::string>>)
        s.bind(index, encodeStrings(v));
    else if constexpr (std::is_integral_v<T>)
        s.bind(index, std::int64_t(v));
    else
        s.bind(index, v);
}

// False when the stored text does not decode.
template <class T> bool readValue(const SqliteStatement& s, int column, T& v)
{
    if constexpr (std::is_same_v<T, std::string>)
        v = s.text(column);
    else if constexpr (std::is_same_v<T, std::optional<double>>)
        v = s.optionalReal(column);
    else if constexpr (std::is_integral_v<T>)
        v = T(s.integer(column));
    else {
        std::optional<T> decoded;
        if constexpr (std::is_same_v<T, TextPairs>)
            decoded = decodePairs(s.textView(column));
        else
            decoded = decodeStrings(s.textView(column));
        if (!decoded)
            return false;
        v = std::move(*decoded);
    }
    return true;
}

} // namespace

int insertMeasurements(SqliteDatabase& db, const std::vector<MeasurementRecord>& records,
                       const std::string& importedAt, MeasurementStoreReport* report, std::string* problem)
{
    *report = {};
    report->isNew.reserve(records.size());
    std::string placeholders = "?1, ?2";
    for (std::size_t c = 0; c < std::size(kColumns); ++c)
        placeholders += ", ?" + std::to_string(kFirstColumnParameter + c);
    SqliteStatement insert = db.prepare("INSERT OR IGNORE INTO measurements(identity, launch_digest, " +
                                        columnNames(std::size(kColumns)) + ") VALUES (" + placeholders + ")");
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
        insert.bind(1, identities[i]).bind(2, launches[launchOf[i]]);
        for (std::size_t c = 0; c < std::size(kColumns); ++c)
            std::visit([&](auto field) { bindValue(insert, kFirstColumnParameter + int(c), m.*field); },
                       kColumns[c].field);
        // A record without a time takes the import's.
        if (m.importedAt.empty())
            insert.bind(kFirstColumnParameter + int(columnIndex("imported_at")), importedAt);
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
    const std::size_t columns = filter.timingsOnly ? kTimingColumns : std::size(kColumns);
    std::string sql = "SELECT id, " + columnNames(columns);
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
        bool decoded = true;
        for (std::size_t c = 0; c < columns && decoded; ++c)
            decoded =
                std::visit([&](auto field) { return readValue(s, int(c + 1), m.*field); }, kColumns[c].field);
        if (!decoded) {
            skipped->push_back("measurement #" + std::to_string(m.id) +
                               " is damaged (its stored columns do not decode) and was left out");
            out->pop_back();
        }
    }
    auto byId = [](const MeasurementRecord& a, const MeasurementRecord& b) { return a.id < b.id; };
    if (!std::is_sorted(out->begin(), out->end(), byId))
        std::sort(out->begin(), out->end(), byId);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

} // namespace ts::cache
