#pragma once
// Looking at a cache file before anything writes to it. A read-write SQLite connection applies
// a write-ahead log or rolls back a journal it finds beside the file, and its checkpoint on
// close writes the result into the main file for good: a log or journal of another database
// left beside a good cache would damage it before TileScope could tell (and the damaged file
// was then moved aside, with the tunings gone). So a file is first inspected through a
// read-only connection, which never writes the main file; when that view is bad and a log or
// journal is beside it, the main file alone is inspected as an immutable file, and when it is a
// healthy cache only the files beside it are moved aside. Internal to core/cache.

#include "core/cache/cache_schema.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ts::cache {

struct FileCheck {
    schema::Inspection inspection;
    int openCode = 0;           // SQLite's code when the file could not even be opened
    bool quickChecked = false;  // quick_check ran and found nothing
};

// SQLite's URI for opening `path` read-only; `immutable` reads the main file alone, without
// locks, write-ahead log or journal.
std::string readOnlyUri(const std::filesystem::path& path, bool immutable);

class SqliteDatabase;

// Inspects an open connection in one read transaction (retried while busy); runs quick_check on a
// file that looks like a cache when `quickCheck`.
FileCheck inspectConnection(SqliteDatabase& db, bool quickCheck, std::chrono::milliseconds busyTimeout);

// Inspects the file without writing to it; runs quick_check on a file that looks like a cache
// when `quickCheck`.
FileCheck inspectFile(const std::filesystem::path& path, bool immutable, bool quickCheck,
                      std::chrono::milliseconds busyTimeout);

// Whether a view of the file is one a cache can be opened on (a cache of this or an older
// layout, or a file to initialise).
bool usable(const schema::Inspection& inspection);

// The files SQLite keeps beside a database ("-wal", "-journal", "-shm") that exist now.
std::vector<std::filesystem::path> sideFiles(const std::filesystem::path& path);
// Whether a non-empty write-ahead log or rollback journal is beside the database.
bool hasLogOrJournal(const std::filesystem::path& path);

// Renames each side file to "<its name>.stray-<stamp>" (bytes untouched): the new paths, or
// nullopt with *error when one could not be moved (those already moved stay moved).
std::optional<std::vector<std::filesystem::path>> moveSideFilesAside(const std::filesystem::path& path,
                                                                     const std::string& stamp, std::string* error);

} // namespace ts::cache
