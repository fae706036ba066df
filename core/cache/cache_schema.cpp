#include "core/cache/cache_schema.h"

#include "core/cache/record_codec.h"
#include "core/cache/tuning_record.h"

#include <cstdio>
#include <map>
#include <vector>

namespace ts::cache::schema {

namespace {

// The current layout. key_digest, candidates and best, then details, then backend, then
// tilescope_version, then candidate_set come last, exactly as the v1 -> v2, v2 -> v3, v3 -> v4,
// v5 -> v6 and v6 -> v7 ALTER TABLEs add them, so that a migrated file and a new one have the
// same table definition.
constexpr const char* kCreateSql = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE tunings (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    kernel_name         TEXT NOT NULL,
    key_values          TEXT NOT NULL,
    dtypes              TEXT NOT NULL,
    device              TEXT NOT NULL,
    bench_method        TEXT NOT NULL,
    simulator_version   TEXT NOT NULL,
    source_hash         TEXT NOT NULL,
    workload_path       TEXT NOT NULL,
    created_at          TEXT NOT NULL,
    best_index          INTEGER,
    tuning_wall_seconds REAL NOT NULL,
    notes               TEXT NOT NULL,
    candidate_count     INTEGER NOT NULL,
    key_digest          TEXT NOT NULL DEFAULT '',
    candidates          TEXT NOT NULL DEFAULT '[]',
    best                TEXT,
    details             TEXT,
    backend             TEXT NOT NULL DEFAULT '2026-04',
    tilescope_version   TEXT NOT NULL DEFAULT '',
    candidate_set       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tunings_by_kernel ON tunings(kernel_name, device, bench_method, simulator_version);
CREATE UNIQUE INDEX tunings_by_digest ON tunings(key_digest);
)sql";

// Layout 5's measured timings (measurement_record.h): one row per measured config, identified
// by what was measured (identity, UNIQUE: importing twice adds nothing), found by the launch.
// The same text creates them in a new file and in a migrated one.
constexpr const char* kMeasurementsSql = R"sql(
CREATE TABLE measurements (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    identity      TEXT NOT NULL,
    launch_digest TEXT NOT NULL,
    kernel_name   TEXT NOT NULL,
    key_values    TEXT NOT NULL,
    dtypes        TEXT NOT NULL,
    backend       TEXT NOT NULL,
    source_hash   TEXT NOT NULL,
    params        TEXT NOT NULL,
    num_warps     INTEGER NOT NULL,
    num_stages    INTEGER NOT NULL,
    status        TEXT NOT NULL,
    error         TEXT NOT NULL,
    p50_ms        REAL,
    p20_ms        REAL,
    p80_ms        REAL,
    device        TEXT NOT NULL,
    device_kind   TEXT NOT NULL,
    python        TEXT NOT NULL,
    triton        TEXT NOT NULL,
    torch         TEXT NOT NULL,
    torch_npu     TEXT NOT NULL,
    bench_method  TEXT NOT NULL,
    source_format TEXT NOT NULL,
    source_file   TEXT NOT NULL,
    source_line   INTEGER NOT NULL,
    imported_at   TEXT NOT NULL
);
CREATE UNIQUE INDEX measurements_by_identity ON measurements(identity);
CREATE INDEX measurements_by_launch ON measurements(launch_digest, device);
)sql";

// Layout 8's workloads of measured launches: one row per launch, the newest import's. (IF NOT
// EXISTS: a file that a test or a tool took down to an older layout may still have it.)
constexpr const char* kLaunchWorkloadsSql = R"sql(
CREATE TABLE IF NOT EXISTS launch_workloads (
    launch_digest TEXT PRIMARY KEY NOT NULL,
    workload      TEXT NOT NULL,
    workload_path TEXT NOT NULL,
    stored_at     TEXT NOT NULL
) WITHOUT ROWID;
)sql";

std::string hex32(std::int64_t v)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08x", unsigned(std::uint32_t(v)));
    return buf;
}

// The key columns a migration selects after the row id (kernel_name, key_values, dtypes,
// device, bench_method, simulator_version); false, with why, when they do not decode.
bool readStoredKey(SqliteStatement& select, TuningKey& key, std::string* message)
{
    key.kernelName = select.text(1);
    auto values = decodePairs(select.textView(2));
    auto dtypes = decodeStrings(select.textView(3));
    if (!values || !dtypes) {
        *message = "tuning " + std::to_string(select.integer(0)) + " has unreadable key values or dtypes";
        return false;
    }
    key.keyValues = std::move(*values);
    key.dtypes = std::move(*dtypes);
    key.device = select.text(4);
    key.benchMethod = select.text(5);
    key.simulatorVersion = select.text(6);
    return true;
}

// How a statement's run of rows ended: SQLITE_OK when every row was read, else the error with
// SQLite's message.
int finished(SqliteDatabase& db, int rc, std::string* message)
{
    if (rc == SQLITE_DONE)
        return SQLITE_OK;
    *message = db.errorMessage();
    return rc;
}

// Runs a bound statement that returns no rows and makes it ready for the next binding.
int runOnce(SqliteDatabase& db, SqliteStatement& statement, std::string* message)
{
    if (const int rc = finished(db, statement.step(), message); rc != SQLITE_OK)
        return rc;
    statement.reset();
    return SQLITE_OK;
}

// The migrations that change what a key's digest covers visit every stored tuning: `select`
// reads the id and the key columns (readStoredKey) first, then what `visit` reads itself.
// `visit(select, key)` returns SQLITE_OK to go on; anything else stops the walk and is returned.
template <typename Visit>
int forEachStoredKey(SqliteDatabase& db, const char* select, std::string* message, Visit visit)
{
    SqliteStatement rows = db.prepare(select);
    if (!rows) {
        *message = db.errorMessage();
        return db.extendedErrorCode();
    }
    int rc = SQLITE_OK;
    while ((rc = rows.step()) == SQLITE_ROW) {
        TuningKey key;
        if (!readStoredKey(rows, key, message))
            return SQLITE_CORRUPT;
        if (const int visited = visit(rows, key); visited != SQLITE_OK)
            return visited;
    }
    return finished(db, rc, message);
}

int migrateV1ToV2(SqliteDatabase& db, std::string* message)
{
    int rc = db.exec("ALTER TABLE tunings ADD COLUMN key_digest TEXT NOT NULL DEFAULT '';"
                     "ALTER TABLE tunings ADD COLUMN candidates TEXT NOT NULL DEFAULT '[]';"
                     "ALTER TABLE tunings ADD COLUMN best TEXT;");
    if (rc != SQLITE_OK) {
        *message = "cannot add the new columns: " + db.errorMessage();
        return rc;
    }

    struct Row {
        std::int64_t id;
        std::string createdAt;
    };
    std::map<std::string, std::vector<Row>> byDigest;
    {
        SqliteStatement candidates = db.prepare(
            "SELECT idx, params, num_warps, num_stages, status, reason_code, reason_message, p50_ms, p20_ms, p80_ms, "
            "breakdown FROM candidates WHERE tuning_id = ?1 ORDER BY idx");
        SqliteStatement update =
            db.prepare("UPDATE tunings SET key_digest = ?1, candidates = ?2, best = ?3 WHERE id = ?4");
        if (!candidates || !update) {
            *message = db.errorMessage();
            return db.extendedErrorCode();
        }
        auto repack = [&](SqliteStatement& select, const TuningKey& key) {
            const std::int64_t id = select.integer(0);
            std::string packed = "[", best;
            std::int64_t count = 0;
            const std::int64_t bestIndex = select.isNull(9) ? -1 : select.integer(9);
            candidates.bind(1, id);
            int row = SQLITE_OK;
            while ((row = candidates.step()) == SQLITE_ROW) {
                CandidateRecord c;
                auto params = decodePairs(candidates.textView(1));
                const auto status = parseCandidateStatus(candidates.textView(4));
                if (!params || !status || candidates.integer(0) != count) {
                    *message = "tuning " + std::to_string(id) + " has an unreadable candidate";
                    return SQLITE_CORRUPT;
                }
                c.params = std::move(*params);
                c.numWarps = int(candidates.integer(2));
                c.numStages = int(candidates.integer(3));
                c.status = *status;
                c.reasonCode = candidates.text(5);
                c.reasonMessage = candidates.text(6);
                c.p50Ms = candidates.optionalReal(7);
                c.p20Ms = candidates.optionalReal(8);
                c.p80Ms = candidates.optionalReal(9);
                c.breakdownJson = candidates.text(10);
                if (count == bestIndex)
                    appendCandidate(best, c);
                if (count++)
                    packed += ',';
                appendCandidate(packed, c);
            }
            candidates.reset();
            if (const int read = finished(db, row, message); read != SQLITE_OK)
                return read;
            packed += ']';
            if (count != select.integer(8)) {
                *message = "tuning " + std::to_string(id) + " is missing candidates";
                return SQLITE_CORRUPT;
            }

            const std::string digest = key.digest();
            update.bind(1, digest).bind(2, packed).bind(4, id);
            if (best.empty())
                update.bindNull(3);
            else
                update.bind(3, best);
            if (const int updated = runOnce(db, update, message); updated != SQLITE_OK)
                return updated;
            byDigest[digest].push_back(Row{id, select.text(7)});
            return SQLITE_OK;
        };
        rc = forEachStoredKey(db,
                              "SELECT id, kernel_name, key_values, dtypes, device, bench_method, simulator_version, "
                              "created_at, candidate_count, best_index FROM tunings ORDER BY id",
                              message, repack);
        if (rc != SQLITE_OK)
            return rc;
    }

    // Version 1 allowed duplicates of a key; keep the newest (ties: the later row).
    SqliteStatement drop = db.prepare("DELETE FROM tunings WHERE id = ?1");
    for (auto& [digest, rows] : byDigest) {
        if (rows.size() < 2)
            continue;
        std::size_t keep = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const auto ti = parseIsoUtc(rows[i].createdAt), tk = parseIsoUtc(rows[keep].createdAt);
            const bool newer = (ti && tk) ? *ti >= *tk : rows[i].createdAt >= rows[keep].createdAt;
            if (newer)
                keep = i;
        }
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (i == keep)
                continue;
            drop.bind(1, rows[i].id);
            if ((rc = runOnce(db, drop, message)) != SQLITE_OK)
                return rc;
        }
    }

    rc = db.exec("DROP TABLE candidates;"
                 "CREATE UNIQUE INDEX tunings_by_digest ON tunings(key_digest);");
    if (rc != SQLITE_OK) {
        *message = "cannot finish the new layout: " + db.errorMessage();
        return rc;
    }
    return SQLITE_OK;
}

// One statement of a migration; what it was for, with SQLite's message, when it fails.
int step(SqliteDatabase& db, const char* sql, const char* what, std::string* message)
{
    const int rc = db.exec(sql);
    if (rc != SQLITE_OK)
        *message = std::string(what) + ": " + db.errorMessage();
    return rc;
}

int migrateV2ToV3(SqliteDatabase& db, std::string* message)
{
    return step(db, "ALTER TABLE tunings ADD COLUMN details TEXT;", "cannot add the details column", message);
}

int migrateV3ToV4(SqliteDatabase& db, std::string* message)
{
    int rc = db.exec("ALTER TABLE tunings ADD COLUMN backend TEXT NOT NULL DEFAULT '2026-04';");
    if (rc != SQLITE_OK) {
        *message = "cannot add the backend column: " + db.errorMessage();
        return rc;
    }
    // The backend is part of the key, so every stored digest changes.
    SqliteStatement update = db.prepare("UPDATE tunings SET key_digest = ?1 WHERE id = ?2");
    if (!update) {
        *message = db.errorMessage();
        return db.extendedErrorCode();
    }
    return forEachStoredKey(
        db, "SELECT id, kernel_name, key_values, dtypes, device, bench_method, simulator_version, backend FROM tunings",
        message, [&](SqliteStatement& select, TuningKey& key) {
            key.backend = select.text(7);
            update.bind(1, key.digest()).bind(2, select.integer(0));
            return runOnce(db, update, message);
        });
}

int migrateV4ToV5(SqliteDatabase& db, std::string* message)
{
    return step(db, kMeasurementsSql, "cannot add the measurements table", message);
}

int migrateV5ToV6(SqliteDatabase& db, std::string* message)
{
    return step(db, "ALTER TABLE tunings ADD COLUMN tilescope_version TEXT NOT NULL DEFAULT '';",
                "cannot add the tilescope_version column", message);
}

int migrateV6ToV7(SqliteDatabase& db, std::string* message)
{
    // The digests stay: a key's canonical text names its candidate set only when it has one.
    return step(db, "ALTER TABLE tunings ADD COLUMN candidate_set TEXT NOT NULL DEFAULT '';",
                "cannot add the candidate_set column", message);
}

int migrateV7ToV8(SqliteDatabase& db, std::string* message)
{
    return step(db, kLaunchWorkloadsSql, "cannot add the launch_workloads table", message);
}

} // namespace

Inspection inspect(SqliteDatabase& db)
{
    Inspection result;
    int rc = SQLITE_OK;
    const auto tables = db.queryInt("SELECT count(*) FROM sqlite_master", &rc);
    auto failure = [&](int code) {
        Inspection failed;
        failed.state = isCorruption(code) ? FileState::Corrupt : isBusy(code) ? FileState::Busy : FileState::Error;
        failed.reason = db.errorMessage();
        return failed;
    };
    if (!tables)
        return failure(rc);
    const auto appId = db.queryInt("PRAGMA application_id", &rc);
    if (!appId)
        return failure(rc);
    const auto version = db.queryInt("PRAGMA user_version", &rc);
    if (!version)
        return failure(rc);
    result.version = int(*version);

    if (*tables == 0 && *appId == 0 && *version == 0) {
        result.state = FileState::Empty;
        return result;
    }
    if (*appId != kApplicationId) {
        result.state = FileState::Foreign;
        result.reason = "its SQLite application id is " + hex32(*appId) + ", not TileScope's " + hex32(kApplicationId);
        return result;
    }
    const auto app = db.queryText("SELECT value FROM meta WHERE key = 'application'", &rc);
    if (!app) {
        if (isCorruption(rc) || isBusy(rc))
            return failure(rc);
        result.state = FileState::Foreign;
        result.reason = "it has no TileScope meta record";
        return result;
    }
    if (*app != kApplicationName) {
        result.state = FileState::Foreign;
        result.reason = "its meta record names the application '" + *app + "'";
        return result;
    }
    if (*version > kCurrentVersion) {
        result.state = FileState::Newer;
    } else if (*version < 1) {
        result.state = FileState::Corrupt;
        result.reason = "its layout version " + std::to_string(*version) + " is invalid";
    } else {
        result.state = *version < kCurrentVersion ? FileState::Old : FileState::Current;
    }
    return result;
}

int create(SqliteDatabase& db, const std::string& createdBy, std::string* message)
{
    int rc = db.exec(kCreateSql);
    if (rc == SQLITE_OK)
        rc = db.exec(kMeasurementsSql);
    if (rc == SQLITE_OK)
        rc = db.exec(kLaunchWorkloadsSql);
    if (rc == SQLITE_OK) {
        SqliteStatement meta = db.prepare("INSERT INTO meta(key, value) VALUES (?1, ?2)");
        for (const auto& [k, v] : {std::pair<std::string, std::string>{"application", kApplicationName},
                                   {"created-by", createdBy},
                                   {"created-at", nowIsoUtc()}}) {
            meta.bind(1, k).bind(2, v);
            if ((rc = meta.step()) != SQLITE_DONE)
                break;
            rc = SQLITE_OK;
            meta.reset();
        }
    }
    if (rc == SQLITE_OK)
        rc = db.exec(("PRAGMA application_id = " + std::to_string(kApplicationId) + ";" +
                      "PRAGMA user_version = " + std::to_string(kCurrentVersion) + ";")
                         .c_str());
    if (rc != SQLITE_OK && message)
        *message = db.errorMessage();
    return rc;
}

int migrate(SqliteDatabase& db, int fromVersion, std::string* message)
{
    std::string local;
    std::string& msg = message ? *message : local;
    for (int v = fromVersion; v < kCurrentVersion; ++v) {
        int rc = SQLITE_OK;
        switch (v) {
        case 1: rc = migrateV1ToV2(db, &msg); break;
        case 2: rc = migrateV2ToV3(db, &msg); break;
        case 3: rc = migrateV3ToV4(db, &msg); break;
        case 4: rc = migrateV4ToV5(db, &msg); break;
        case 5: rc = migrateV5ToV6(db, &msg); break;
        case 6: rc = migrateV6ToV7(db, &msg); break;
        case 7: rc = migrateV7ToV8(db, &msg); break;
        default:
            msg = "no migration from layout version " + std::to_string(v);
            return SQLITE_ERROR;
        }
        if (rc != SQLITE_OK) {
            msg = "migrating from layout version " + std::to_string(v) + " to " + std::to_string(v + 1) +
                  " failed: " + msg;
            return rc;
        }
        rc = db.exec(("PRAGMA user_version = " + std::to_string(v + 1)).c_str());
        if (rc != SQLITE_OK) {
            msg = db.errorMessage();
            return rc;
        }
    }
    return SQLITE_OK;
}

} // namespace ts::cache::schema
