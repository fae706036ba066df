// The SQLite config cache: opening (with recovery and migration), lookup, store, listing,
// pruning, import/export and merge. About 1,100 lines in one file because every operation runs
// on the same connection and transaction helpers, and opening's recovery paths are shared by
// all of them; the schema, the record codec and the SQLite wrapper are separate files.

#include "core/cache/config_cache.h"

#include "core/cache/cache_inspection.h"
#include "core/cache/cache_schema.h"
#include "core/cache/measurement_store.h"
#include "core/cache/record_codec.h"
#include "core/cache/sha256.h"
#include "core/cache/sqlite_db.h"
#include "core/util/format.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"
#include "core/util/message.h"
#include "core/util/version.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include <sys/stat.h>

namespace ts::cache {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

constexpr const char* kExportFormat = "tilescope-config-cache";
constexpr int kExportVersion = 1;
constexpr const char* kExportSchema = "tilescope.cache-export/1";  // docs/schema/cache-export.schema.json

constexpr const char* kTuningColumns =
    "id, kernel_name, key_values, dtypes, device, bench_method, simulator_version, source_hash, workload_path, "
    "created_at, best_index, tuning_wall_seconds, notes, candidate_count, candidates, details, backend, "
    "tilescope_version, candidate_set";
// The columns of `backend`, `tilescope_version` and `candidate_set` in kTuningColumns and in the
// listing's select.
constexpr int kBackendColumn = 16;
constexpr int kTilescopeVersionColumn = 17;
constexpr int kCandidateSetColumn = 18;

CacheError makeError(std::string code, msg::Message text)
{
    std::string english = text.english();
    return CacheError{std::move(code), std::move(english), std::move(text)};
}

// Words the cache passes on from elsewhere (SQLite's, the system's, a record's problem): an
// argument kept as its English, which the explorer reads back to the entry that made it, if any.
msg::Arg passedOn(std::string english) { return msg::Message::asWritten(std::move(english)); }

msg::Message lookingUp(const TuningKey& key) { return msg::Message(msg::Id::CacheDoLookUp, {key.describeMessage()}); }

// A row whose stored columns do not decode (readTuningRow's verdict), told apart from SQLite's
// own corruption codes: an extended code SQLite does not use.
constexpr int kDamagedRow = SQLITE_CORRUPT | (99 << 8);

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

std::chrono::system_clock::time_point nowFor(const OpenOptions& options)
{
    return options.clock ? options.clock() : std::chrono::system_clock::now();
}

// 20250301T120000Z: sortable and safe in file names.
std::string fileTimestamp()
{
    std::string iso = nowIsoUtc();  // 2025-03-01T12:00:00.123Z
    std::string out;
    for (std::size_t i = 0; i < 19 && i < iso.size(); ++i)
        if (iso[i] != '-' && iso[i] != ':')
            out.push_back(iso[i]);
    return out + "Z";
}

struct FileIdentity {
    unsigned long long device = 0, inode = 0;
    bool valid = false;
    bool operator==(const FileIdentity&) const = default;
};

FileIdentity identityOf(const fs::path& path)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return {};
    return FileIdentity{static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino), true};
}

// Resets a shared prepared statement when the scope ends, whatever happened in it.
class StatementUse {
public:
    explicit StatementUse(SqliteStatement& stmt) : m_stmt(stmt) { m_stmt.reset(); }
    ~StatementUse() { m_stmt.reset(); }
    SqliteStatement* operator->() { return &m_stmt; }
    SqliteStatement& operator*() { return m_stmt; }

private:
    SqliteStatement& m_stmt;
};

} // namespace

std::filesystem::path defaultCachePath(const std::filesystem::path& workloadPath)
{
    return workloadPath.parent_path() / ".tilescope" / "cache.sqlite";
}

std::string formatSummary(const TuningSummary& s)
{
    std::string out = "#" + std::to_string(s.id) + "  " + s.key.describe();
    if (s.bestIndex) {
        out += "  best";
        for (const auto& [name, value] : s.bestParams)
            out += " " + name + "=" + value;
        if (s.bestNumWarps)
            out += " num_warps=" + std::to_string(*s.bestNumWarps);
        if (s.bestNumStages)
            out += " num_stages=" + std::to_string(*s.bestNumStages);
        if (s.bestP50Ms)
            out += " p50 " + formatKernelTime(*s.bestP50Ms);
    } else {
        out += "  no best config";
    }
    out += "  " + s.createdAt;
    if (s.freshness == Freshness::Stale)
        out += "  [stale]";
    return out;
}

// ---------------------------------------------------------------------------------------------

class ConfigCache::Impl {
public:
    fs::path path;
    OpenOptions options;
    SqliteDatabase db;
    std::mutex mutex;

    SqliteStatement begin, beginImmediate, commit, rollback;
    SqliteStatement findByDigest, findBestByDigest, findIdByDigest, selectById;
    SqliteStatement insertTuning, deleteTuning;

    std::string name() const { return quoted(path); }

    CacheError sqliteError(const msg::Message& doing, int rc) const
    {
        // SQLite's message for the connection's last call, unless that call went well (SQLite then
        // says "not an error"): the code's own words.
        std::string detail = db ? db.errorMessage() : std::string();
        if (detail.empty() || db.extendedErrorCode() == SQLITE_OK)
            detail = sqlite3_errstr(rc);
        if (isBusy(rc))
            return makeError("cache-busy", msg::Message(msg::Id::CacheBusyDoing, {doing, name(), passedOn(detail)}));
        if (isCorruption(rc))
            return makeError("cache-corrupt", msg::Message(msg::Id::CacheDamagedDoing, {doing, name(), passedOn(detail)}));
        return makeError("cache-io", msg::Message(msg::Id::CacheFailedDoing, {doing, name(), passedOn(detail)}));
    }

    std::optional<CacheError> requireWritable(const msg::Message& doing) const
    {
        if (options.readOnly)
            return makeError("cache-io", msg::Message(msg::Id::CacheReadOnlyDoing, {doing, name()}));
        return std::nullopt;
    }

    bool prepareAll()
    {
        begin = db.prepare("BEGIN", true);
        beginImmediate = db.prepare("BEGIN IMMEDIATE", true);
        commit = db.prepare("COMMIT", true);
        rollback = db.prepare("ROLLBACK", true);
        findByDigest = db.prepare(std::string("SELECT ") + kTuningColumns + " FROM tunings WHERE key_digest = ?1", true);
        findBestByDigest = db.prepare(
            "SELECT id, kernel_name, key_values, dtypes, device, bench_method, simulator_version, source_hash, "
            "created_at, best_index, best, backend, candidate_set FROM tunings WHERE key_digest = ?1",
            true);
        findIdByDigest = db.prepare("SELECT id FROM tunings WHERE key_digest = ?1", true);
        selectById = db.prepare(std::string("SELECT ") + kTuningColumns + " FROM tunings WHERE id = ?1", true);
        if (!options.readOnly) {
            insertTuning = db.prepare(
                "INSERT INTO tunings(kernel_name, key_values, dtypes, device, bench_method, simulator_version, "
                "source_hash, workload_path, created_at, best_index, tuning_wall_seconds, notes, candidate_count, "
                "key_digest, candidates, best, details, backend, tilescope_version, candidate_set) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)",
                true);
            deleteTuning = db.prepare("DELETE FROM tunings WHERE id = ?1", true);
            if (!insertTuning || !deleteTuning)
                return false;
        }
        return begin && beginImmediate && commit && rollback && findByDigest && findBestByDigest && findIdByDigest &&
               selectById;
    }

    static int run(SqliteStatement& stmt)
    {
        StatementUse use(stmt);
        const int rc = use->step();
        return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
    }

    // Runs `body` in a transaction (IMMEDIATE for writers, so a writer never has to upgrade a
    // read lock and every writer queues on the busy timeout), retried as a whole while busy.
    template <typename Body>
    int transaction(bool write, Body&& body)
    {
        return retryWhileBusy(
            [&]() {
                int rc = run(write ? beginImmediate : begin);
                if (rc != SQLITE_OK)
                    return rc;
                rc = body();
                if (rc == SQLITE_OK)
                    rc = run(commit);
                if (rc != SQLITE_OK)
                    run(rollback);
                return rc;
            },
            options.busyTimeout);
    }

    // Reads the tunings row (kTuningColumns) the statement is on. With `withCandidates` false the
    // packed list is left undecoded (a summary only needs the count). SQLITE_CORRUPT when a
    // column does not decode or the list does not hold candidate_count entries.
    static int readTuningRow(SqliteStatement& s, TuningRecord& r, bool withCandidates, std::size_t* count = nullptr)
    {
        r.id = s.integer(0);
        r.key.kernelName = s.text(1);
        auto values = decodePairs(s.textView(2));
        auto dtypes = decodeStrings(s.textView(3));
        if (!values || !dtypes)
            return SQLITE_CORRUPT;
        r.key.keyValues = std::move(*values);
        r.key.dtypes = std::move(*dtypes);
        r.key.device = s.text(4);
        r.key.benchMethod = s.text(5);
        r.key.simulatorVersion = s.text(6);
        r.key.backend = s.text(kBackendColumn);
        r.key.candidateSet = s.text(kCandidateSetColumn);
        r.key.sourceHash = s.text(7);
        r.workloadPath = s.text(8);
        r.createdAt = s.text(9);
        r.tilescopeVersion = s.text(kTilescopeVersionColumn);
        r.bestIndex = s.isNull(10) ? std::nullopt : std::optional<std::size_t>(std::size_t(s.integer(10)));
        r.tuningWallSeconds = s.real(11);
        r.notes = s.text(12);
        const auto expected = std::size_t(s.integer(13));
        if (count)
            *count = expected;
        if (!withCandidates)
            return SQLITE_OK;
        auto candidates = decodeCandidates(s.textView(14), expected);
        if (!candidates || candidates->size() != expected)
            return SQLITE_CORRUPT;
        r.candidates = std::move(*candidates);
        if (!s.isNull(15)) {
            auto details = decodeDetails(s.textView(15));
            if (!details)
                return SQLITE_CORRUPT;
            r.details = std::move(*details);
        }
        return SQLITE_OK;
    }

    // Finds the tuning of a key: one indexed row, one statement (so one consistent snapshot
    // without an explicit transaction). SQLITE_OK with an empty optional when there is none.
    int loadByKey(const TuningKey& key, const std::string& digest, std::optional<TuningRecord>& out)
    {
        StatementUse s(findByDigest);
        s->bind(1, digest);
        if (const int rc = readOneTuning(*s, out); rc != SQLITE_OK)
            return rc;
        if (out && !out->key.sameKey(key)) // only a hand-edited file could get here
            out.reset();
        return SQLITE_OK;
    }

    int loadById(std::int64_t id, std::optional<TuningRecord>& out)
    {
        StatementUse s(selectById);
        s->bind(1, id);
        return readOneTuning(*s, out);
    }

    // The tuning a bound lookup finds, with its candidates: SQLITE_OK with `out` empty when
    // there is none.
    static int readOneTuning(SqliteStatement& s, std::optional<TuningRecord>& out)
    {
        out.reset();
        const int rc = s.step();
        if (rc == SQLITE_DONE)
            return SQLITE_OK;
        if (rc != SQLITE_ROW)
            return rc;
        out.emplace();
        return readTuningRow(s, *out, true) == SQLITE_OK ? SQLITE_OK : kDamagedRow;
    }

    int deleteTuningRow(std::int64_t id)
    {
        StatementUse t(deleteTuning);
        t->bind(1, id);
        const int rc = t->step();
        return rc == SQLITE_DONE ? SQLITE_OK : rc;
    }

    int insertRecord(const TuningRecord& r, const std::string& digest, std::int64_t* newId)
    {
        StatementUse s(insertTuning);
        s->bind(1, r.key.kernelName)
            .bind(2, encodePairs(r.key.keyValues))
            .bind(3, encodeStrings(r.key.dtypes))
            .bind(4, r.key.device)
            .bind(5, r.key.benchMethod)
            .bind(6, r.key.simulatorVersion)
            .bind(7, r.key.sourceHash)
            .bind(8, r.workloadPath)
            .bind(9, r.createdAt);
        if (r.bestIndex)
            s->bind(10, std::int64_t(*r.bestIndex));
        else
            s->bindNull(10);
        s->bind(11, std::isfinite(r.tuningWallSeconds) ? r.tuningWallSeconds : 0.0)
            .bind(12, r.notes)
            .bind(13, std::int64_t(r.candidates.size()))
            .bind(14, digest)
            .bind(15, encodeCandidates(r.candidates));
        if (const CandidateRecord* best = r.best()) {
            std::string text;
            appendCandidate(text, *best);
            s->bind(16, text);
        } else {
            s->bindNull(16);
        }
        if (r.details)
            s->bind(17, encodeDetails(*r.details));
        else
            s->bindNull(17);
        s->bind(18, r.key.backend);
        s->bind(19, r.tilescopeVersion);
        s->bind(20, r.key.candidateSet);
        if (int rc = s->step(); rc != SQLITE_DONE)
            return rc;
        if (newId)
            *newId = db.lastInsertId();
        return SQLITE_OK;
    }

    // Replaces whatever is stored for the record's key.
    int replaceRecord(const TuningRecord& r, const std::string& digest, std::int64_t* newId)
    {
        std::optional<std::int64_t> oldId;
        {
            StatementUse s(findIdByDigest);
            s->bind(1, digest);
            const int rc = s->step();
            if (rc == SQLITE_ROW)
                oldId = s->integer(0);
            else if (rc != SQLITE_DONE)
                return rc;
        }
        if (oldId)
            if (int rc = deleteTuningRow(*oldId); rc != SQLITE_OK)
                return rc;
        return insertRecord(r, digest, newId);
    }

    static std::string damagedRow(std::int64_t id)
    {
        return msg::text(msg::Id::CacheDamagedRowLeftOut, {id});
    }

    // The error of a lookup that found the row it wanted damaged: that row only, not the file.
    CacheError damagedRowError(const msg::Message& doing, std::int64_t id) const
    {
        return makeError("cache-damaged-row", msg::Message(msg::Id::CacheDamagedRowDoing, {doing, name(), id}));
    }

    int listRows(const ListFilter& filter, std::vector<TuningSummary>& rows, std::vector<std::string>& skipped)
    {
        rows.clear();
        SqliteStatement s = db.prepare(
            "SELECT id, kernel_name, key_values, dtypes, device, bench_method, simulator_version, source_hash, "
            "workload_path, created_at, best_index, tuning_wall_seconds, notes, candidate_count, "
            "best, NULL, backend, tilescope_version, candidate_set FROM tunings "
            "WHERE (?1 = '' OR kernel_name = ?1) AND (?2 = '' OR device = ?2) AND (?3 = '' OR backend = ?3) "
            "ORDER BY kernel_name, id");
        if (!s)
            return db.extendedErrorCode();
        s.bind(1, filter.kernelName).bind(2, filter.device).bind(3, filter.backend);
        int rc;
        while ((rc = s.step()) == SQLITE_ROW) {
            TuningRecord r;
            std::size_t count = 0;
            if (int bad = readTuningRow(s, r, false, &count); bad != SQLITE_OK) {
                skipped.push_back(damagedRow(s.integer(0)));
                continue;
            }
            TuningSummary row;
            row.id = r.id;
            row.key = std::move(r.key);
            row.workloadPath = std::move(r.workloadPath);
            row.createdAt = std::move(r.createdAt);
            row.candidateCount = count;
            row.bestIndex = r.bestIndex;
            row.tuningWallSeconds = r.tuningWallSeconds;
            if (!s.isNull(14)) {
                auto best = decodeCandidate(s.textView(14));
                if (!best) {
                    skipped.push_back(damagedRow(row.id));
                    continue;
                }
                row.bestParams = std::move(best->params);
                row.bestNumWarps = best->numWarps;
                row.bestNumStages = best->numStages;
                row.bestP50Ms = best->p50Ms;
            }
            if (auto it = filter.currentSourceHashes.find(row.key.kernelName);
                it != filter.currentSourceHashes.end())
                row.freshness = it->second == row.key.sourceHash ? Freshness::Fresh : Freshness::Stale;
            rows.push_back(std::move(row));
        }
        return rc == SQLITE_DONE ? SQLITE_OK : rc;
    }

    int allRecords(std::vector<TuningRecord>& out, std::vector<std::string>& skipped)
    {
        out.clear();
        SqliteStatement s = db.prepare(std::string("SELECT ") + kTuningColumns + " FROM tunings ORDER BY id");
        if (!s)
            return db.extendedErrorCode();
        int rc;
        while ((rc = s.step()) == SQLITE_ROW)
            if (int bad = readTuningRow(s, out.emplace_back(), true); bad != SQLITE_OK) {
                skipped.push_back(damagedRow(s.integer(0)));
                out.pop_back();
            }
        return rc == SQLITE_DONE ? SQLITE_OK : rc;
    }

    // Merges incoming tunings (already validated and reduced to one per key).
    int mergeInto(const std::vector<std::pair<std::string, const TuningRecord*>>& incoming, MergeReport& report)
    {
        report.added = report.replaced = report.kept = 0;
        for (const auto& [digest, record] : incoming) {
            std::optional<TuningRecord> existing;
            if (int rc = loadByKey(record->key, digest, existing); rc != SQLITE_OK)
                return rc;
            if (existing && !supersedes(*record, *existing)) {
                ++report.kept;
                continue;
            }
            if (int rc = replaceRecord(*record, digest, nullptr); rc != SQLITE_OK)
                return rc;
            ++(existing ? report.replaced : report.added);
        }
        return SQLITE_OK;
    }
};

// ---------------------------------------------------------------------------------------------

ConfigCache::ConfigCache(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
ConfigCache::~ConfigCache() = default;

const fs::path& ConfigCache::path() const { return m_impl->path; }
bool ConfigCache::readOnly() const { return m_impl->options.readOnly; }

namespace {

// Moves a foreign or corrupt file out of the way with the log, journal and shared-memory files
// beside it, each renamed (its bytes untouched) to the same new name plus its own suffix.
std::optional<fs::path> moveAside(const fs::path& path, const FileIdentity& inspected, std::string* error)
{
    if (identityOf(path) != inspected) {
        // Another process already moved it aside (and perhaps started a fresh cache): leave it.
        return fs::path();
    }
    const std::string stamp = fileTimestamp();
    fs::path aside = path.string() + ".corrupt-" + stamp;
    for (int n = 2; util::pathExists(aside); ++n)
        aside = path.string() + ".corrupt-" + stamp + "-" + std::to_string(n);
    const std::vector<fs::path> sides = sideFiles(path);
    std::error_code ec;
    fs::rename(path, aside, ec);
    if (ec) {
        *error = msg::text(msg::Id::CacheCannotMoveAside, {quoted(path), quoted(aside), ec.message()});
        return std::nullopt;
    }
    for (const fs::path& side : sides) {
        const fs::path target = aside.string() + side.string().substr(path.string().size());
        fs::rename(side, target, ec);
        if (ec) {
            // A fresh file must never meet the old log: no cache is started until it is gone.
            *error = msg::text(msg::Id::CacheCannotMoveSideAside, {quoted(path), quoted(aside), quoted(side), ec.message()});
            return std::nullopt;
        }
    }
    return aside;
}

// " (with its -wal and -shm beside it)", for a notice about files moved together; nothing when
// none was.
msg::Arg withSides(const fs::path& aside)
{
    std::vector<msg::Arg> sides;
    for (const fs::path& side : sideFiles(aside))
        sides.emplace_back(side.string().substr(aside.string().size()));
    switch (sides.size()) {
    case 0: return msg::Arg();
    case 1: return msg::Message(msg::Id::CacheWithOneSide, {sides[0]});
    case 2: return msg::Message(msg::Id::CacheWithTwoSides, {sides[0], sides[1]});
    default: return msg::Message(msg::Id::CacheWithThreeSides, {sides[0], sides[1], sides[2]});
    }
}

} // namespace

// Opening is where a cache file can be missing, read-only, locked, corrupt, from an older or a
// newer TileScope; each case has its own recovery (create, migrate, move aside, refuse) and its
// own notice. They are kept in one function, in the order they are checked, because each later
// step relies on what the earlier ones established about the file.
OpenResult ConfigCache::open(const fs::path& path, const OpenOptions& options)
{
    OpenResult result;
    const std::string name = quoted(path);
    auto fail = [&](std::string code, msg::Message text) {
        result.cache.reset();
        result.error = makeError(std::move(code), std::move(text));
        return std::move(result);
    };
    // A notice as its English: the explorer reads it back to its entry.
    auto notice = [&](msg::Id id, std::initializer_list<msg::Arg> args) { result.notices.push_back(msg::text(id, args)); };

    const auto foreign = [](const schema::Inspection& inspection) {
        return inspection.state == schema::FileState::Foreign;
    };
    // Moves a foreign or damaged file aside with what lies beside it, unchanged; the error when
    // it could not.
    auto setAside = [&](const schema::Inspection& inspection, const FileIdentity& identity) -> std::optional<msg::Message> {
        std::string why;
        const std::optional<fs::path> aside = moveAside(path, identity, &why);
        if (!aside)
            return msg::Message(foreign(inspection) ? msg::Id::CacheForeignNotMoved : msg::Id::CacheCorruptNotMoved,
                                {name, passedOn(inspection.reason), passedOn(why)});
        if (!aside->empty()) {
            result.movedAsideTo = *aside;
            msg::Arg where = quoted(*aside);
            where += withSides(*aside);
            notice(foreign(inspection) ? msg::Id::CacheForeignMovedAside : msg::Id::CacheCorruptMovedAside,
                   {name, inspection.reason, where});
        }
        return std::nullopt;
    };

    // SQLite would wait forever on a FIFO and fail on a folder or a symlink loop with a vague
    // message: anything but a file (or nothing, for a cache to create) is refused first.
    if (std::string problem = util::inputFileProblem(path, UINT64_MAX, true); !problem.empty())
        return fail("cache-open", msg::Message(msg::Id::CacheCannotOpenBecause, {passedOn(problem)}));
    std::error_code ec;
    if (options.readOnly) {
        if (!fs::is_regular_file(path, ec))
            return fail("cache-not-found", msg::Message(msg::Id::CacheDoesNotExist, {name}));
    } else if (!path.parent_path().empty()) {
        fs::create_directories(path.parent_path(), ec);
        if (ec)
            return fail("cache-open", msg::Message(msg::Id::CacheCannotCreateFolder,
                                                   {quoted(path.parent_path()), name, passedOn(ec.message())}));
    }

    for (int attempt = 0; attempt < 3; ++attempt) {
        using schema::FileState;
        // Before a read-write connection touches an existing file: what is it, with the log or
        // journal beside it, and without them (cache_inspection.h)?
        bool quickChecked = false;
        if (!options.readOnly && fs::file_size(path, ec) > 0 && !ec) {
            const FileIdentity before = identityOf(path);
            FileCheck check = inspectFile(path, false, options.quickCheck, options.busyTimeout);
            const bool bad = !usable(check.inspection) && check.inspection.state != FileState::Busy &&
                             check.inspection.state != FileState::Newer;
            if (bad && hasLogOrJournal(path)) {
                FileCheck alone = inspectFile(path, true, options.quickCheck, options.busyTimeout);
                if (alone.inspection.state == FileState::Current || alone.inspection.state == FileState::Old) {
                    std::string why;
                    auto moved = moveSideFilesAside(path, fileTimestamp(), &why);
                    if (!moved)
                        return fail("cache-corrupt", msg::Message(msg::Id::CacheSideFilesNotItsOwn,
                                                                  {name, passedOn(check.inspection.reason), passedOn(why)}));
                    std::string list;
                    for (const fs::path& file : *moved)
                        list += (list.empty() ? "" : ", ") + quoted(file);
                    notice(msg::Id::CacheForeignLogMovedAside, {name, check.inspection.reason, list});
                    check = alone;
                }
            }
            switch (check.inspection.state) {
            case FileState::Foreign:
            case FileState::Corrupt:
                if (std::optional<msg::Message> error = setAside(check.inspection, before))
                    return fail("cache-corrupt", *error);
                continue;  // open the path again: a fresh file now
            case FileState::Error:
                return fail("cache-io", msg::Message(msg::Id::CacheCannotRead, {name, passedOn(check.inspection.reason)}));
            default: quickChecked = check.quickChecked; break;
            }
        }

        auto impl = std::make_unique<Impl>();
        impl->path = path;
        impl->options = options;
        std::string message;
        // NOMUTEX: the Impl mutex already serialises every use of the connection.
        const int flags = SQLITE_OPEN_NOMUTEX |
                          (options.readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE));
        if (int rc = impl->db.open(path.string(), flags, &message); rc != SQLITE_OK)
            return fail("cache-open", msg::Message(msg::Id::CacheCannotOpenNamed, {name, passedOn(message)}));
        sqlite3_extended_result_codes(impl->db.get(), 1);
        sqlite3_busy_timeout(impl->db.get(), int(options.busyTimeout.count()));
        const FileIdentity identity = identityOf(path);
        schema::Inspection inspection =
            inspectConnection(impl->db, options.quickCheck && !quickChecked, options.busyTimeout).inspection;

        // Read-only, a view SQLite cannot give without writing (a journal to roll back, a
        // shared-memory file it may not create in a read-only folder) or one that a foreign log
        // spoils: the main file alone, when it is a healthy cache, is read as it is.
        if (options.readOnly && !usable(inspection) && inspection.state != FileState::Busy &&
            inspection.state != FileState::Newer) {
            FileCheck alone = inspectFile(path, true, options.quickCheck, options.busyTimeout);
            if (alone.inspection.state == FileState::Current || alone.inspection.state == FileState::Old) {
                impl->db.close();
                if (impl->db.open(readOnlyUri(path, true), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
                                  &message) != SQLITE_OK)
                    return fail("cache-open", msg::Message(msg::Id::CacheCannotOpenNamed, {name, passedOn(message)}));
                sqlite3_extended_result_codes(impl->db.get(), 1);
                // Without a log or journal beside it, the file alone is the whole cache (a
                // read-only folder, where SQLite may not create its shared-memory file).
                if (hasLogOrJournal(path))
                    notice(msg::Id::CacheReadWithoutLog, {name, inspection.reason});
                inspection = alone.inspection;
            }
        }

        switch (inspection.state) {
        case FileState::Busy:
            return fail("cache-busy", msg::Message(msg::Id::CacheLocked, {name, options.busyTimeout.count()}));
        case FileState::Error:
            return fail("cache-io", msg::Message(msg::Id::CacheCannotRead, {name, passedOn(inspection.reason)}));
        case FileState::Newer:
            return fail("cache-newer",
                        msg::Message(msg::Id::CacheNewer, {name, inspection.version, schema::kCurrentVersion}));
        case FileState::Foreign:
        case FileState::Corrupt:
            if (options.readOnly)
                return fail("cache-corrupt", msg::Message(foreign(inspection) ? msg::Id::CacheForeign : msg::Id::CacheCorrupt,
                                                          {name, passedOn(inspection.reason)}));
            // It changed since the check above (another process): closing must not checkpoint
            // what is now beside it into the file that moves aside.
            sqlite3_db_config(impl->db.get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
            impl->db.close();
            if (std::optional<msg::Message> error = setAside(inspection, identity))
                return fail("cache-corrupt", *error);
            continue;  // open the path again: a fresh file now
        case FileState::Empty:
            if (options.readOnly)
                return fail("cache-corrupt", msg::Message(msg::Id::CacheEmpty, {name}));
            break;
        case FileState::Old:
        case FileState::Current: break;
        }

        if (!options.readOnly) {
            // WAL lets readers work beside a writer; NORMAL sync is still atomic on a crash.
            std::optional<std::string> mode;
            int rc = retryWhileBusy(
                [&]() {
                    int r = SQLITE_OK;
                    mode = impl->db.queryText("PRAGMA journal_mode = WAL", &r);
                    return r;
                },
                options.busyTimeout);
            if (rc != SQLITE_OK || !mode || *mode != "wal")
                return fail(isBusy(rc) ? "cache-busy" : "cache-io",
                            msg::Message(msg::Id::CacheNoWal, {name, passedOn(impl->db.errorMessage())}));
            impl->db.exec("PRAGMA synchronous = NORMAL");

            if (inspection.state == FileState::Empty || inspection.state == FileState::Old) {
                // Another process may be doing the same right now: decide again under the lock.
                FileState found = inspection.state;
                int foundVersion = inspection.version;
                rc = retryWhileBusy(
                    [&]() {
                        int r = impl->db.exec("BEGIN IMMEDIATE");
                        if (r != SQLITE_OK)
                            return r;
                        const schema::Inspection again = schema::inspect(impl->db);
                        found = again.state;
                        foundVersion = again.version;
                        if (again.state == FileState::Empty)
                            r = schema::create(impl->db, std::string("TileScope ") + ts::kVersion, &message);
                        else if (again.state == FileState::Old)
                            r = schema::migrate(impl->db, again.version, &message);
                        else if (again.state == FileState::Busy)
                            r = SQLITE_BUSY;
                        if (r == SQLITE_OK)
                            r = impl->db.exec("COMMIT");
                        if (r != SQLITE_OK) {
                            if (message.empty())
                                message = impl->db.errorMessage();
                            impl->db.exec("ROLLBACK");
                        }
                        return r;
                    },
                    options.busyTimeout);
                if (rc != SQLITE_OK)
                    return fail(isBusy(rc) ? "cache-busy" : "cache-io",
                                msg::Message(msg::Id::CacheCannotInitialise, {name, passedOn(message)}));
                if (found == FileState::Empty) {
                    result.created = true;
                } else if (found == FileState::Old) {
                    result.migratedFromVersion = foundVersion;
                    notice(msg::Id::CacheMigrated, {name, foundVersion, schema::kCurrentVersion});
                }
            }
        } else if (inspection.state == FileState::Old) {
            // Read-only: migrate a private in-memory copy, leave the file as it is.
            SqliteDatabase memory;
            if (memory.open(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &message) != SQLITE_OK)
                return fail("cache-io", msg::Message(msg::Id::CacheCannotRead, {name, passedOn(message)}));
            sqlite3_backup* backup = sqlite3_backup_init(memory.get(), "main", impl->db.get(), "main");
            int rc = backup ? sqlite3_backup_step(backup, -1) : SQLITE_ERROR;
            sqlite3_backup_finish(backup);
            if (rc == SQLITE_DONE) {
                rc = memory.exec("BEGIN");
                if (rc == SQLITE_OK)
                    rc = schema::migrate(memory, inspection.version, &message);
                if (rc == SQLITE_OK)
                    rc = memory.exec("COMMIT");
            }
            if (rc != SQLITE_OK)
                return fail("cache-io", msg::Message(msg::Id::CacheCannotReadVersion,
                                                     {name, inspection.version,
                                                      passedOn(message.empty() ? memory.errorMessage() : message)}));
            impl->db = std::move(memory);
            result.migratedFromVersion = inspection.version;
        }

        // Lookups jump around a file of tens of MB: keep more of it in memory, and read the main
        // file through a mapping instead of a copy per page.
        impl->db.exec("PRAGMA cache_size = -16384; PRAGMA mmap_size = 268435456;");

        if (!impl->prepareAll()) {
            const std::string why = impl->db.errorMessage();
            if (options.readOnly)
                return fail("cache-corrupt", msg::Message(msg::Id::CacheUnexpectedLayout, {name, passedOn(why)}));
            // Marked as ours but its tables are not: treat like any other damaged file.
            sqlite3_db_config(impl->db.get(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
            impl.reset();
            auto aside = moveAside(path, identity, &message);
            if (!aside)
                return fail("cache-corrupt", msg::Message(msg::Id::CacheUnexpectedLayoutNotMoved,
                                                          {name, passedOn(why), passedOn(message)}));
            if (!aside->empty()) {
                result.movedAsideTo = *aside;
                notice(msg::Id::CacheUnexpectedLayoutMoved, {name, why, quoted(*aside)});
            }
            continue;
        }
        result.cache.reset(new ConfigCache(std::move(impl)));
        return result;
    }
    return fail("cache-open", msg::Message(msg::Id::CacheKeptDamaged, {name}));
}

LookupResult ConfigCache::lookup(const TuningKey& key) { return lookup(key, key.sourceHash); }

LookupResult ConfigCache::lookup(const TuningKey& key, std::string_view currentSourceHash)
{
    std::lock_guard lock(m_impl->mutex);
    LookupResult result;
    const std::string digest = key.digest();
    std::optional<TuningRecord> record;
    const int rc = retryWhileBusy([&]() { return m_impl->loadByKey(key, digest, record); },
                                  m_impl->options.busyTimeout);
    if (rc != SQLITE_OK) {
        result.error = rc == kDamagedRow && record ? m_impl->damagedRowError(lookingUp(key), record->id)
                                                   : m_impl->sqliteError(lookingUp(key), rc);
        return result;
    }
    if (record) {
        result.freshness = record->key.sourceHash == currentSourceHash ? Freshness::Fresh : Freshness::Stale;
        result.record = std::move(record);
    }
    return result;
}

BestLookupResult ConfigCache::lookupBest(const TuningKey& key, std::string_view currentSourceHash)
{
    std::lock_guard lock(m_impl->mutex);
    BestLookupResult result;
    const std::string canonical = key.canonicalText();
    const std::string digest = sha256Hex(canonical);
    const std::string keyValues = encodePairs(key.keyValues);
    const std::string dtypes = encodeStrings(key.dtypes);
    // One statement reads one consistent snapshot: no explicit transaction needed.
    const int rc = retryWhileBusy(
        [&]() {
            result = BestLookupResult{};
            StatementUse s(m_impl->findBestByDigest);
            s->bind(1, digest);
            const int r = s->step();
            if (r == SQLITE_DONE)
                return SQLITE_OK;
            if (r != SQLITE_ROW)
                return r;
            // Compare the key in its stored encoding; only a hand-edited file could differ.
            if (s->textView(1) != key.kernelName || s->textView(2) != keyValues || s->textView(3) != dtypes ||
                s->textView(4) != key.device || s->textView(5) != key.benchMethod ||
                s->textView(6) != key.simulatorVersion || s->textView(11) != key.backend ||
                s->textView(12) != key.candidateSet)
                return SQLITE_OK;
            result.id = s->integer(0);
            result.sourceHash = s->text(7);
            result.createdAt = s->text(8);
            result.freshness = result.sourceHash == currentSourceHash ? Freshness::Fresh : Freshness::Stale;
            if (!s->isNull(9))
                result.bestIndex = std::size_t(s->integer(9));
            if (!s->isNull(10)) {
                result.best = decodeCandidate(s->textView(10));
                if (!result.best)
                    return SQLITE_CORRUPT;
            }
            return SQLITE_OK;
        },
        m_impl->options.busyTimeout);
    if (rc != SQLITE_OK) {
        result = BestLookupResult{};
        result.error = m_impl->sqliteError(lookingUp(key), rc);
    }
    return result;
}

CacheResult<std::int64_t> ConfigCache::store(const TuningRecord& record)
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<std::int64_t> result;
    if (auto e = m_impl->requireWritable(msg::Message(msg::Id::CacheDoStore, {record.key.describeMessage()}))) {
        result.error = e;
        return result;
    }
    if (std::string problem = validateRecord(record); !problem.empty()) {
        result.error = makeError("cache-invalid-record", msg::Message(msg::Id::CacheCannotStoreRecord,
                                                                      {record.key.describeMessage(), m_impl->name(), passedOn(problem)}));
        return result;
    }
    TuningRecord stored = record;
    if (stored.createdAt.empty())
        stored.createdAt = formatIsoUtc(nowFor(m_impl->options));
    const std::string digest = stored.key.digest();
    std::int64_t id = 0;
    const int rc = m_impl->transaction(true, [&]() { return m_impl->replaceRecord(stored, digest, &id); });
    if (rc != SQLITE_OK) {
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoStore, {record.key.describeMessage()}), rc);
        return result;
    }
    result.value = id;
    return result;
}

CacheResult<std::vector<TuningSummary>> ConfigCache::list(const ListFilter& filter)
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<std::vector<TuningSummary>> result;
    std::vector<TuningSummary> rows;
    const int rc = m_impl->transaction(false, [&]() {
        result.skipped.clear();
        return m_impl->listRows(filter, rows, result.skipped);
    });
    if (rc != SQLITE_OK)
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoListTunings), rc);
    else
        result.value = std::move(rows);
    return result;
}

CacheResult<TuningRecord> ConfigCache::show(std::int64_t id)
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<TuningRecord> result;
    std::optional<TuningRecord> record;
    const int rc = m_impl->transaction(false, [&]() { return m_impl->loadById(id, record); });
    const msg::Message reading(msg::Id::CacheDoReadTuning, {id});
    if (rc == kDamagedRow)
        result.error = m_impl->damagedRowError(reading, id);
    else if (rc != SQLITE_OK)
        result.error = m_impl->sqliteError(reading, rc);
    else if (!record)
        result.error = makeError("cache-not-found", msg::Message(msg::Id::CacheNoTuning, {m_impl->name(), id}));
    else
        result.value = std::move(record);
    return result;
}

CacheStatus ConfigCache::remove(std::int64_t id)
{
    std::lock_guard lock(m_impl->mutex);
    CacheStatus status;
    const msg::Message doing(msg::Id::CacheDoRemoveTuning, {id});
    if (auto e = m_impl->requireWritable(doing)) {
        status.error = e;
        return status;
    }
    bool found = false;
    const int rc = m_impl->transaction(true, [&]() {
        int r = m_impl->deleteTuningRow(id);
        found = r == SQLITE_OK && m_impl->db.changes() > 0;
        return r;
    });
    if (rc != SQLITE_OK)
        status.error = m_impl->sqliteError(doing, rc);
    else if (!found)
        status.error = makeError("cache-not-found", msg::Message(msg::Id::CacheNoSuchTuningDoing, {doing, m_impl->name()}));
    return status;
}

CacheResult<std::vector<TuningRecord>> ConfigCache::records()
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<std::vector<TuningRecord>> result;
    std::vector<TuningRecord> all;
    const int rc = m_impl->transaction(false, [&]() {
        result.skipped.clear();
        return m_impl->allRecords(all, result.skipped);
    });
    if (rc != SQLITE_OK)
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoReadTunings), rc);
    else
        result.value = std::move(all);
    return result;
}

CacheResult<std::size_t> ConfigCache::count()
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<std::size_t> result;
    std::optional<std::int64_t> n;
    const int rc = m_impl->transaction(false, [&]() {
        int r = SQLITE_OK;
        n = m_impl->db.queryInt("SELECT count(*) FROM tunings", &r);
        return r;
    });
    if (rc != SQLITE_OK || !n)
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoCountTunings), rc);
    else
        result.value = std::size_t(*n);
    return result;
}

CacheStatus ConfigCache::exportJson(const fs::path& file)
{
    CacheStatus status;
    auto all = records();
    if (!all.ok()) {
        status.error = all.error;
        return status;
    }
    status.skipped = all.skipped;
    ojson doc = ojson::object();
    doc["schema"] = kExportSchema;
    doc["format"] = kExportFormat;
    doc["version"] = kExportVersion;
    doc["exportedAt"] = formatIsoUtc(nowFor(m_impl->options));
    doc["tunings"] = ojson::array();
    for (const auto& r : *all.value)
        doc["tunings"].push_back(toJson(r));
    auto measured = measurements();
    auto workloads = launchWorkloads();
    if (!measured.ok() || !workloads.ok()) {
        status.error = measured.ok() ? workloads.error : measured.error;
        return status;
    }
    doc["measurements"] = ojson::array();
    for (const MeasurementRecord& m : *measured.value)
        doc["measurements"].push_back(toJson(m));
    doc["launchWorkloads"] = ojson::array();
    for (const LaunchWorkload& w : *workloads.value)
        doc["launchWorkloads"].push_back(toJson(w));

    // Write a sibling and rename it over the target: a reader never sees half a file.
    std::error_code ec;
    if (!file.parent_path().empty())
        fs::create_directories(file.parent_path(), ec);
    if (std::string problem = util::outputFileProblem(file); !problem.empty()) {
        status.error = makeError("cache-io", msg::Message(msg::Id::CacheCannotWriteExport, {m_impl->name(), passedOn(problem)}));
        return status;
    }
    const fs::path temp = file.string() + ".tmp";
    if (std::string problem = util::writeOutputFile(temp, util::jsonText(doc, 2) + "\n"); !problem.empty()) {
        if (util::isRegularFile(temp))
            fs::remove(temp, ec);
        status.error = makeError("cache-io", msg::Message(msg::Id::CacheCannotWriteExport, {m_impl->name(), passedOn(problem)}));
        return status;
    }
    fs::rename(temp, file, ec);
    if (ec) {
        fs::remove(temp, ec);
        status.error = makeError("cache-io", msg::Message(msg::Id::CacheCannotWriteExportTo,
                                                          {m_impl->name(), quoted(file), passedOn(ec.message())}));
    }
    return status;
}

CacheResult<MergeReport> ConfigCache::importJson(const fs::path& file)
{
    CacheResult<MergeReport> result;
    const std::string fileName = quoted(file);
    const util::InputText input = util::readInputFile(file);
    if (!input.ok()) {
        result.error = makeError("cache-io", msg::Message(msg::Id::CacheCannotImport, {m_impl->name(), passedOn(input.error)}));
        return result;
    }
    const util::JsonRead<ojson> read = util::readOrderedJson(input.text, file.string());
    if (!read.ok()) {
        result.error = makeError("cache-json", msg::Message::asWritten(read.error));
        return result;
    }
    const ojson& doc = read.value;
    if (!doc.is_object() || !doc.contains("format") || doc["format"] != kExportFormat) {
        result.error = makeError("cache-json", msg::Message(msg::Id::CacheNotAnExport, {fileName, kExportFormat}));
        return result;
    }
    if (!doc.contains("version") || !util::jsonInteger(doc["version"], 1, kExportVersion)) {
        result.error = makeError("cache-json", msg::Message(msg::Id::CacheExportVersion, {fileName, kExportVersion}));
        return result;
    }
    if (!doc.contains("tunings") || !doc["tunings"].is_array()) {
        result.error = makeError("cache-json", msg::Message(msg::Id::CacheExportNoTunings, {fileName}));
        return result;
    }
    std::vector<TuningRecord> incoming;
    const ojson& tunings = doc["tunings"];
    for (std::size_t i = 0; i < tunings.size(); ++i) {
        std::string error;
        auto record = tuningFromJson(tunings[i], "tunings[" + std::to_string(i) + "]", &error);
        if (!record) {
            result.error = makeError("cache-json", msg::Message(msg::Id::ValuesWhy, {fileName, passedOn(error)}));
            return result;
        }
        if (record->createdAt.empty()) {
            result.error = makeError("cache-json", msg::Message(msg::Id::CacheExportNoCreatedAt, {fileName, i}));
            return result;
        }
        incoming.push_back(std::move(*record));
    }
    // Measurements and the workloads of measured launches (exports of layout 8 and later).
    std::vector<MeasurementRecord> measured;
    std::vector<LaunchWorkload> workloads;
    for (const auto& [field, what] : {std::pair<const char*, msg::Id>{"measurements", msg::Id::CacheMeasurementsWord},
                                      {"launchWorkloads", msg::Id::CacheLaunchWorkloadsWord}}) {
        if (!doc.contains(field))
            continue;
        if (!doc[field].is_array()) {
            result.error = makeError("cache-json", msg::Message(msg::Id::CacheExportNotAList, {fileName, field, msg::Message(what)}));
            return result;
        }
        for (std::size_t i = 0; i < doc[field].size(); ++i) {
            std::string error;
            const std::string where = std::string(field) + "[" + std::to_string(i) + "]";
            if (std::string_view(field) == "measurements") {
                auto m = measurementFromJson(doc[field][i], where, &error);
                if (m)
                    measured.push_back(std::move(*m));
            } else {
                auto w = launchWorkloadFromJson(doc[field][i], where, &error);
                if (w)
                    workloads.push_back(std::move(*w));
            }
            if (!error.empty()) {
                result.error = makeError("cache-json", msg::Message(msg::Id::ValuesWhy, {fileName, passedOn(error)}));
                return result;
            }
        }
    }
    return mergeRecords(incoming, measured, workloads);
}

CacheResult<MergeReport> ConfigCache::merge(const std::vector<fs::path>& sources)
{
    CacheResult<MergeReport> result;
    std::vector<TuningRecord> incoming;
    std::vector<MeasurementRecord> incomingMeasurements;
    std::vector<LaunchWorkload> incomingWorkloads;
    std::vector<std::string> skipped;
    for (const fs::path& source : sources) {
        OpenOptions readOptions;
        readOptions.readOnly = true;
        readOptions.busyTimeout = m_impl->options.busyTimeout;
        OpenResult opened = ConfigCache::open(source, readOptions);
        if (!opened.ok()) {
            result.error = makeError(opened.error->code,
                                     msg::Message(msg::Id::CacheCannotMergeInto, {m_impl->name(), opened.error->text}));
            return result;
        }
        auto records = opened.cache->records();
        auto measured = records.ok() ? opened.cache->measurements() : CacheResult<std::vector<MeasurementRecord>>{};
        auto workloads = measured.ok() ? opened.cache->launchWorkloads() : CacheResult<std::vector<LaunchWorkload>>{};
        if (!records.ok() || !measured.ok() || !workloads.ok()) {
            result.error = !records.ok() ? records.error : !measured.ok() ? measured.error : workloads.error;
            return result;
        }
        skipped.insert(skipped.end(), records.skipped.begin(), records.skipped.end());
        skipped.insert(skipped.end(), measured.skipped.begin(), measured.skipped.end());
        for (auto& r : *records.value)
            incoming.push_back(std::move(r));
        for (auto& m : *measured.value)
            incomingMeasurements.push_back(std::move(m));
        for (auto& w : *workloads.value)
            incomingWorkloads.push_back(std::move(w));
    }
    result = mergeRecords(incoming, incomingMeasurements, incomingWorkloads);
    result.skipped = std::move(skipped);
    if (result.value)
        result.value->sources = sources.size();
    return result;
}

CacheResult<MergeReport> ConfigCache::mergeRecords(const std::vector<TuningRecord>& incoming,
                                                   const std::vector<MeasurementRecord>& measurements,
                                                   const std::vector<LaunchWorkload>& workloads)
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<MergeReport> result;
    if (auto e = m_impl->requireWritable(msg::Message(msg::Id::CacheDoMergeTunings))) {
        result.error = e;
        return result;
    }
    // One tuning per key, the newest; visiting keys in digest order keeps the work deterministic.
    std::map<std::string, const TuningRecord*> newest;
    for (const TuningRecord& r : incoming) {
        if (std::string problem = validateRecord(r); !problem.empty()) {
            result.error = makeError("cache-invalid-record", msg::Message(msg::Id::CacheCannotMergeRecord,
                                                                          {r.key.describeMessage(), m_impl->name(), passedOn(problem)}));
            return result;
        }
        auto [it, inserted] = newest.emplace(r.key.digest(), &r);
        if (!inserted && supersedes(r, *it->second))
            it->second = &r;
    }
    std::vector<std::pair<std::string, const TuningRecord*>> ordered(newest.begin(), newest.end());
    MergeReport report;
    MeasurementStoreReport measured;
    std::string problem;
    const std::string now = formatIsoUtc(nowFor(m_impl->options));
    const int rc = m_impl->transaction(true, [&]() {
        int r = m_impl->mergeInto(ordered, report);
        if (r == SQLITE_OK && !measurements.empty())
            r = insertMeasurements(m_impl->db, measurements, now, &measured, &problem);
        if (r == SQLITE_OK)
            r = upsertLaunchWorkloads(m_impl->db, workloads, now, &report.launchWorkloads);
        return r;
    });
    if (!problem.empty()) {
        result.error = makeError("cache-invalid-record",
                                 msg::Message(msg::Id::CacheCannotMergeMeasurements, {m_impl->name(), passedOn(problem)}));
        return result;
    }
    if (rc != SQLITE_OK) {
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoMergeTunings), rc);
        return result;
    }
    report.measurementsAdded = measured.added;
    report.measurementDuplicates = measured.duplicates;
    report.sources = 1;
    result.value = report;
    return result;
}

CacheResult<std::vector<PrunedEntry>> ConfigCache::prune(const PruneOptions& options)
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<std::vector<PrunedEntry>> result;
    if (!options.dryRun)
        if (auto e = m_impl->requireWritable(msg::Message(msg::Id::CacheDoPruneTunings))) {
            result.error = e;
            return result;
        }
    const auto now = options.now.value_or(std::chrono::system_clock::now());
    std::vector<PrunedEntry> pruned;

    auto select = [&](const std::vector<TuningSummary>& rows) {
        pruned.clear();
        // The newest entry of each kernel defines its current source for `superseded`.
        std::map<std::string, const TuningSummary*> newestOfKernel;
        for (const auto& row : rows) {
            auto [it, inserted] = newestOfKernel.emplace(row.key.kernelName, &row);
            if (!inserted) {
                const auto a = parseIsoUtc(row.createdAt), b = parseIsoUtc(it->second->createdAt);
                if (a && b ? *a > *b || (*a == *b && row.id > it->second->id) : row.id > it->second->id)
                    it->second = &row;
            }
        }
        for (const auto& row : rows) {
            if (!options.backend.empty() && row.key.backend != options.backend)
                continue;
            msg::Message reason;
            if (auto it = options.currentSourceHashes.find(row.key.kernelName);
                it != options.currentSourceHashes.end() && it->second != row.key.sourceHash)
                reason = msg::Message(msg::Id::PruneStale);
            else if (options.superseded && newestOfKernel[row.key.kernelName]->key.sourceHash != row.key.sourceHash)
                reason = msg::Message(msg::Id::PruneSuperseded, {row.key.kernelName});
            else if (options.olderThanDays) {
                if (auto created = parseIsoUtc(row.createdAt)) {
                    const double ageDays = std::chrono::duration<double>(now - *created).count() / 86400.0;
                    if (ageDays > *options.olderThanDays) {
                        char buf[64];
                        std::snprintf(buf, sizeof buf, "%g", *options.olderThanDays);
                        reason = msg::Message(msg::Id::PruneOlderThan, {std::string(buf)});
                    }
                }
            }
            if (reason.empty() && options.knownSimulatorVersions) {
                const auto& known = *options.knownSimulatorVersions;
                if (std::find(known.begin(), known.end(), row.key.simulatorVersion) == known.end())
                    reason = msg::Message(msg::Id::PruneUnknownSimulator, {row.key.simulatorVersion});
            }
            if (!reason.empty())
                pruned.push_back(PrunedEntry{row, reason});
        }
    };

    std::vector<TuningSummary> rows;
    const int rc = m_impl->transaction(!options.dryRun, [&]() {
        result.skipped.clear();
        int r = m_impl->listRows(ListFilter{}, rows, result.skipped);
        if (r != SQLITE_OK)
            return r;
        select(rows);
        if (!options.dryRun)
            for (const auto& entry : pruned)
                if ((r = m_impl->deleteTuningRow(entry.summary.id)) != SQLITE_OK)
                    return r;
        return SQLITE_OK;
    });
    if (rc != SQLITE_OK)
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoPruneTunings), rc);
    else
        result.value = std::move(pruned);
    return result;
}

CacheResult<MeasurementStoreReport> ConfigCache::storeMeasurements(const std::vector<MeasurementRecord>& records,
                                                                   const std::vector<LaunchWorkload>& workloads)
{
    std::lock_guard lock(m_impl->mutex);
    if (auto e = m_impl->requireWritable(msg::Message(msg::Id::CacheDoStoreMeasurements)))
        return {std::nullopt, e};
    const std::string now = formatIsoUtc(nowFor(m_impl->options));
    MeasurementStoreReport report;
    std::string problem;
    const int rc = m_impl->transaction(true, [&] {
        const int r = insertMeasurements(m_impl->db, records, now, &report, &problem);
        std::size_t stored = 0;
        const int w = r == SQLITE_OK ? upsertLaunchWorkloads(m_impl->db, workloads, now, &stored) : r;
        report.workloads = stored;
        return w;
    });
    if (!problem.empty())
        return {std::nullopt, makeError("cache-invalid-record", msg::Message(msg::Id::CacheCannotStoreMeasurements,
                                                                             {m_impl->name(), passedOn(problem)}))};
    if (rc != SQLITE_OK)
        return {std::nullopt, m_impl->sqliteError(msg::Message(msg::Id::CacheDoStoreMeasurements), rc)};
    return {report, std::nullopt};
}

CacheResult<std::vector<MeasurementRecord>> ConfigCache::measurements(const MeasurementFilter& filter)
{
    std::lock_guard lock(m_impl->mutex);
    std::vector<MeasurementRecord> out;
    std::vector<std::string> skipped;
    const int rc = m_impl->transaction(false, [&] {
        skipped.clear();
        return selectMeasurements(m_impl->db, filter, &out, &skipped);
    });
    if (rc != SQLITE_OK)
        return {std::nullopt, m_impl->sqliteError(msg::Message(msg::Id::CacheDoReadMeasurements), rc), {}};
    return {std::move(out), std::nullopt, std::move(skipped)};
}

CacheResult<std::vector<LaunchWorkload>> ConfigCache::launchWorkloads(const std::string& launchDigest)
{
    std::lock_guard lock(m_impl->mutex);
    std::vector<LaunchWorkload> out;
    const int rc = m_impl->transaction(false, [&] { return selectLaunchWorkloads(m_impl->db, launchDigest, &out); });
    if (rc != SQLITE_OK)
        return {std::nullopt, m_impl->sqliteError(msg::Message(msg::Id::CacheDoReadLaunchWorkloads), rc)};
    return {std::move(out), std::nullopt};
}

CacheResult<std::string> ConfigCache::integrityCheck()
{
    std::lock_guard lock(m_impl->mutex);
    CacheResult<std::string> result;
    SqliteStatement s = m_impl->db.prepare("PRAGMA integrity_check");
    if (!s) {
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoCheckIntegrity), m_impl->db.extendedErrorCode());
        return result;
    }
    std::string verdict;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW)
        verdict += (verdict.empty() ? "" : "\n") + s.text(0);
    if (rc != SQLITE_DONE)
        result.error = m_impl->sqliteError(msg::Message(msg::Id::CacheDoCheckIntegrity), rc);
    else
        result.value = verdict;
    return result;
}

} // namespace ts::cache
