#pragma once
// A thin RAII layer over the SQLite C API for the config cache: one connection, prepared
// statements, and a retry loop for the moments another process holds the write lock.
// Internal to core/cache (the public headers do not expose SQLite).

#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ts::cache {

class SqliteStatement {
public:
    SqliteStatement() = default;
    SqliteStatement(sqlite3_stmt* stmt) : m_stmt(stmt) {}
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;
    SqliteStatement(SqliteStatement&& o) noexcept : m_stmt(o.m_stmt) { o.m_stmt = nullptr; }
    SqliteStatement& operator=(SqliteStatement&& o) noexcept;
    ~SqliteStatement();

    explicit operator bool() const { return m_stmt != nullptr; }
    sqlite3_stmt* get() const { return m_stmt; }

    // Binding (1-based indexes), chained.
    SqliteStatement& bind(int index, std::string_view text);
    SqliteStatement& bind(int index, std::int64_t value);
    SqliteStatement& bind(int index, double value);
    SqliteStatement& bind(int index, std::optional<double> value);
    SqliteStatement& bindNull(int index);

    int step();   // SQLITE_ROW, SQLITE_DONE or an error code
    void reset(); // ready to run again; bindings are cleared

    std::string text(int column) const;
    std::string_view textView(int column) const;  // valid until the next step/reset
    std::int64_t integer(int column) const;
    double real(int column) const;
    bool isNull(int column) const;
    std::optional<double> optionalReal(int column) const;

private:
    sqlite3_stmt* m_stmt = nullptr;
};

class SqliteDatabase {
public:
    SqliteDatabase() = default;
    SqliteDatabase(const SqliteDatabase&) = delete;
    SqliteDatabase& operator=(const SqliteDatabase&) = delete;
    SqliteDatabase(SqliteDatabase&& o) noexcept : m_db(o.m_db) { o.m_db = nullptr; }
    SqliteDatabase& operator=(SqliteDatabase&& o) noexcept;
    ~SqliteDatabase();

    // Opens `path` with SQLite open flags; on failure returns the SQLite code and sets *message.
    int open(const std::string& path, int flags, std::string* message);
    void close();
    sqlite3* get() const { return m_db; }
    explicit operator bool() const { return m_db != nullptr; }

    int exec(const char* sql);
    // nullptr statement on failure (see errorMessage()).
    SqliteStatement prepare(std::string_view sql, bool persistent = false);
    std::string errorMessage() const;
    int extendedErrorCode() const;
    std::int64_t lastInsertId() const;
    int changes() const;

    // Runs a one-value query (PRAGMA user_version, SELECT count(*) ...).
    std::optional<std::int64_t> queryInt(const char* sql, int* rc = nullptr);
    std::optional<std::string> queryText(const char* sql, int* rc = nullptr);

private:
    sqlite3* m_db = nullptr;
};

bool isBusy(int rc);        // SQLITE_BUSY / SQLITE_LOCKED (any extended variant)
bool isCorruption(int rc);  // SQLITE_CORRUPT / SQLITE_NOTADB (any extended variant)

// Runs `attempt` until it returns something other than a busy code or `patience` has passed,
// sleeping a little longer between tries. The busy timeout already waits inside SQLite; this
// covers the cases it does not (a snapshot that went stale, recovery by another process).
int retryWhileBusy(const std::function<int()>& attempt, std::chrono::milliseconds patience);

} // namespace ts::cache
