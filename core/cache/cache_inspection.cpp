#include "core/cache/cache_inspection.h"

#include "core/cache/sqlite_db.h"

#include <system_error>

namespace ts::cache {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSideSuffixes[] = {"-wal", "-journal", "-shm"};

// Percent-encodes everything but unreserved characters and '/': a path may hold '?', '#', '%'.
std::string uriPath(const std::string& path)
{
    static const char* const hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                           c == '.' || c == '_' || c == '~' || c == '/';
        if (plain) {
            out.push_back(char(c));
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

std::uintmax_t sizeOf(const fs::path& path)
{
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    return ec ? 0 : size;
}

} // namespace

std::string readOnlyUri(const fs::path& path, bool immutable)
{
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    return "file://" + uriPath((ec ? path : absolute).string()) + "?mode=ro" + (immutable ? "&immutable=1" : "");
}

FileCheck inspectConnection(SqliteDatabase& db, bool quickCheck, std::chrono::milliseconds busyTimeout)
{
    FileCheck out;
    // One read transaction, so that the inspection sees one state of the file: read as separate
    // statements, a file another process is creating right now could show its new layout
    // version beside the old empty application id, look foreign, and be moved aside.
    retryWhileBusy(
        [&]() {
            if (int r = db.exec("BEGIN"); r != SQLITE_OK)
                return r;
            out.inspection = schema::inspect(db);
            if (db.exec("COMMIT") != SQLITE_OK)
                db.exec("ROLLBACK");
            return out.inspection.state == schema::FileState::Busy ? SQLITE_BUSY : SQLITE_OK;
        },
        busyTimeout);
    using schema::FileState;
    // A file that looks like ours must also pass SQLite's own check (truncation, torn pages).
    if (!quickCheck || (out.inspection.state != FileState::Current && out.inspection.state != FileState::Old))
        return out;
    std::optional<std::string> verdict;
    const int rc = retryWhileBusy(
        [&]() {
            int r = SQLITE_OK;
            verdict = db.queryText("PRAGMA quick_check", &r);
            return r;
        },
        busyTimeout);
    if (isCorruption(rc) || (verdict && *verdict != "ok")) {
        out.inspection.state = FileState::Corrupt;
        out.inspection.reason = verdict ? *verdict : db.errorMessage();
    } else if (rc != SQLITE_OK) {
        out.inspection.state = isBusy(rc) ? FileState::Busy : FileState::Error;
        out.inspection.reason = db.errorMessage();
    } else {
        out.quickChecked = true;
    }
    return out;
}

FileCheck inspectFile(const fs::path& path, bool immutable, bool quickCheck, std::chrono::milliseconds busyTimeout)
{
    SqliteDatabase db;
    std::string message;
    const int rc =
        db.open(readOnlyUri(path, immutable), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, &message);
    if (rc != SQLITE_OK) {
        FileCheck out;
        out.openCode = rc;
        out.inspection.state = schema::FileState::Error;
        out.inspection.reason = message;
        return out;
    }
    sqlite3_extended_result_codes(db.get(), 1);
    sqlite3_busy_timeout(db.get(), int(busyTimeout.count()));
    return inspectConnection(db, quickCheck, busyTimeout);
}

bool usable(const schema::Inspection& inspection)
{
    using schema::FileState;
    return inspection.state == FileState::Current || inspection.state == FileState::Old ||
           inspection.state == FileState::Empty;
}

std::vector<fs::path> sideFiles(const fs::path& path)
{
    std::vector<fs::path> out;
    for (const char* suffix : kSideSuffixes) {
        const fs::path side = path.string() + suffix;
        std::error_code ec;
        if (fs::exists(fs::symlink_status(side, ec)) && !ec)
            out.push_back(side);
    }
    return out;
}

bool hasLogOrJournal(const fs::path& path)
{
    return sizeOf(path.string() + "-wal") > 0 || sizeOf(path.string() + "-journal") > 0;
}

std::optional<std::vector<fs::path>> moveSideFilesAside(const fs::path& path, const std::string& stamp,
                                                        std::string* error)
{
    std::vector<fs::path> moved;
    for (const fs::path& side : sideFiles(path)) {
        const fs::path aside = side.string() + ".stray-" + stamp;
        std::error_code ec;
        fs::rename(side, aside, ec);
        if (ec) {
            *error = "cannot move " + side.string() + " aside to " + aside.string() + ": " + ec.message();
            return std::nullopt;
        }
        moved.push_back(aside);
    }
    return moved;
}

} // namespace ts::cache
