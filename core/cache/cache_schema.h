#pragma once
// The on-disk layout of the config cache, how a file is recognised as one, and the migrations
// between layout versions.
//
// A cache is recognised by three marks: SQLite's application_id header field, a `meta` row
// application = "tilescope-config-cache", and PRAGMA user_version = the layout version.
//
// Version history:
//   1  meta; tunings (one row per tuning, key columns in clear, candidate_count);
//      candidates (one row per candidate, keyed by tuning id and index); a lookup index on
//      (kernel_name, device, bench_method, simulator_version). Nothing stopped two writers from
//      storing the same key twice, and a lookup read one row per candidate.
//   2  tunings.key_digest (SHA-256 of the canonical key text) with a UNIQUE index: one indexed
//      probe per lookup and at most one tuning per key; tunings.candidates holds the candidate
//      list packed as JSON (record_codec.h), so a lookup reads a single row; tunings.best holds
//      a copy of the chosen candidate for the cheapest question ("which config?") and listings.
//      The candidates table is gone. Migrating from 1 fills the new columns, keeps only the
//      newest tuning of a key and drops the old table.
//   3  tunings.details: how the tuning ran (kernel file, seed, modelled compile workers and
//      compile/bench split, host threads and time, counts, error, trace diagnostics) as compact
//      JSON (record_codec.h), so a cached tuning reports everything a fresh one does. NULL for
//      tunings stored before; migrating from 2 only adds the column.
//   4  tunings.backend: the backend version whose configs were tuned ("2026-04", "2026-08"),
//      part of the key (and so of key_digest). Migrating from 3 marks every existing tuning
//      2026-04, the only version TileScope modelled before, and recomputes each key_digest.
//   5  measurements: timings measured on real hardware (measurement_record.h), one row per
//      measured config with its launch, device and software, UNIQUE on what was measured.
//      Migrating from 4 only adds the table; the tunings are untouched.
//   6  tunings.tilescope_version: the TileScope release that made the tuning, so that a tuning
//      read back says which TileScope, backend and simulator versions produced it. Migrating
//      from 5 only adds the column; tunings stored before have '' (unknown).
//   7  tunings.candidate_set: which candidates were tuned, part of the key ("" the backend's own
//      list; a lattice tuning names its subset), so a lattice tuning never takes the place of
//      the backend's pick. Migrating from 6 adds the column ('' for every tuning); the digests
//      stay, as the key's canonical text names a candidate set only when there is one.
//   8  launch_workloads: the workload of each measured launch (measurement_record.h,
//      LaunchWorkload), stored when its measurements are imported, so the measurements can be
//      simulated again later (calibration from the cache). Migrating from 7 only adds the table;
//      measurements imported before have no workload until they are imported again.

#include "core/cache/sqlite_db.h"

#include <cstdint>
#include <string>

namespace ts::cache::schema {

inline constexpr int kCurrentVersion = 8;
inline constexpr std::int32_t kApplicationId = 0x54534343;  // "TSCC"
inline constexpr const char* kApplicationName = "tilescope-config-cache";

enum class FileState {
    Empty,    // no tables and no marks: a new file, initialise it
    Current,  // a cache of this layout version
    Old,      // a cache of an older layout: migrate it
    Newer,    // a cache written by a newer TileScope: leave it alone
    Foreign,  // a SQLite file of another application
    Corrupt,  // not a database, or SQLite reports corruption
    Busy,     // locked by another process for longer than the busy timeout
    Error,    // any other SQLite failure (I/O, permissions)
};

struct Inspection {
    FileState state = FileState::Error;
    int version = 0;
    std::string reason;  // why Foreign/Corrupt/Error, in words
};

Inspection inspect(SqliteDatabase& db);

// Creates the current layout in an empty database (call inside a write transaction).
int create(SqliteDatabase& db, const std::string& createdBy, std::string* message);

// Migrates from `fromVersion` to the current layout (call inside a write transaction).
// Returns SQLITE_OK, or an error code with *message saying what failed.
int migrate(SqliteDatabase& db, int fromVersion, std::string* message);

} // namespace ts::cache::schema
