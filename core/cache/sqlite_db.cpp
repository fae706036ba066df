#include "core/cache/sqlite_db.h"

#include <algorithm>
#include <thread>
#include <utility>

namespace ts::cache {

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& o) noexcept
{
    if (this != &o) {
        sqlite3_finalize(m_stmt);
        m_stmt = o.m_stmt;
        o.m_stmt = nullptr;
    }
    return *this;
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(m_stmt); }

SqliteStatement& SqliteStatement::bind(int index, std::string_view text)
{
    sqlite3_bind_text(m_stmt, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, std::optional<double> value)
{
    if (value)
        sqlite3_bind_double(m_stmt, index, *value);
    else
        sqlite3_bind_null(m_stmt, index);
    return *this;
}

SqliteStatement& SqliteStatement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
    return *this;
}

int SqliteStatement::step() { return sqlite3_step(m_stmt); }

void SqliteStatement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

std::string SqliteStatement::text(int column) const { return std::string(textView(column)); }

std::string_view SqliteStatement::textView(int column) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, column));
    if (!p)
        return {};
    return std::string_view(p, std::size_t(sqlite3_column_bytes(m_stmt, column)));
}

std::int64_t SqliteStatement::integer(int column) const { return sqlite3_column_int64(m_stmt, column); }
double SqliteStatement::real(int column) const { return sqlite3_column_double(m_stmt, column); }
bool SqliteStatement::isNull(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }

std::optional<double> SqliteStatement::optionalReal(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return real(column);
}

SqliteDatabase& SqliteDatabase::operator=(SqliteDatabase&& o) noexcept
{
    if (this != &o) {
        close();
        m_db = o.m_db;
        o.m_db = nullptr;
    }
    return *this;
}

SqliteDatabase::~SqliteDatabase() { close(); }

int SqliteDatabase::open(const std::string& path, int flags, std::string* message)
{
    close();
    const int rc = sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        if (message)
            *message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        close();
    }
    return rc;
}

void SqliteDatabase::close()
{
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
}

int SqliteDatabase::exec(const char* sql) { return sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr); }

SqliteStatement SqliteDatabase::prepare(std::string_view sql, bool persistent)
{
    sqlite3_stmt* stmt = nullptr;
    const unsigned flags = persistent ? SQLITE_PREPARE_PERSISTENT : 0;
    if (sqlite3_prepare_v3(m_db, sql.data(), int(sql.size()), flags, &stmt, nullptr) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return {};
    }
    return SqliteStatement(stmt);
}

std::string SqliteDatabase::errorMessage() const
{
    if (!m_db)
        return "no database";
    // After a call that went well SQLite's message is "not an error": what failed was ours to
    // judge (a query without the row it needs).
    if (sqlite3_errcode(m_db) == SQLITE_OK)
        return "a query found no row where the layout needs one";
    return sqlite3_errmsg(m_db);
}
int SqliteDatabase::extendedErrorCode() const { return m_db ? sqlite3_extended_errcode(m_db) : SQLITE_MISUSE; }
std::int64_t SqliteDatabase::lastInsertId() const { return sqlite3_last_insert_rowid(m_db); }
int SqliteDatabase::changes() const { return sqlite3_changes(m_db); }

namespace {

// The first column of a query's first row, read by `read`; nullopt when there is no row or
// the query fails (its code in *rc).
template <typename Read>
auto queryFirst(SqliteDatabase& db, const char* sql, int* rc, Read read)
    -> std::optional<decltype(read(std::declval<SqliteStatement&>()))>
{
    SqliteStatement stmt = db.prepare(sql);
    if (!stmt) {
        if (rc)
            *rc = db.extendedErrorCode();
        return std::nullopt;
    }
    const int r = stmt.step();
    if (rc)
        *rc = (r == SQLITE_ROW || r == SQLITE_DONE) ? SQLITE_OK : r;
    if (r != SQLITE_ROW)
        return std::nullopt;
    return read(stmt);
}

} // namespace

std::optional<std::int64_t> SqliteDatabase::queryInt(const char* sql, int* rc)
{
    return queryFirst(*this, sql, rc, [](SqliteStatement& stmt) { return stmt.integer(0); });
}

std::optional<std::string> SqliteDatabase::queryText(const char* sql, int* rc)
{
    return queryFirst(*this, sql, rc, [](SqliteStatement& stmt) { return stmt.text(0); });
}

bool isBusy(int rc)
{
    const int primary = rc & 0xff;
    return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

bool isCorruption(int rc)
{
    const int primary = rc & 0xff;
    return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB;
}

int retryWhileBusy(const std::function<int()>& attempt, std::chrono::milliseconds patience)
{
    const auto deadline = std::chrono::steady_clock::now() + patience;
    auto pause = std::chrono::milliseconds(2);
    for (;;) {
        const int rc = attempt();
        if (!isBusy(rc) || std::chrono::steady_clock::now() >= deadline)
            return rc;
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::milliseconds(100));
    }
}

} // namespace ts::cache
