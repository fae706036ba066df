#pragma once
// The measurements table's SQL (cache layout 5), on a connection the caller holds inside a
// transaction. Internal to core/cache: ConfigCache::storeMeasurements / measurements use it.

#include "core/cache/measurement_record.h"
#include "core/cache/sqlite_db.h"

#include <string>
#include <vector>

namespace ts::cache {

// Inserts each record whose identity is new; counts the others as duplicates. `importedAt`
// stamps records without a time. Returns SQLITE_OK or the failing code (*problem says why when
// a record is invalid: SQLITE_CONSTRAINT).
int insertMeasurements(SqliteDatabase& db, const std::vector<MeasurementRecord>& records,
                       const std::string& importedAt, MeasurementStoreReport* report, std::string* problem);

// Stores each launch's workload unless the cache holds a newer one for the launch (the newest
// storedAt wins, so merging caches does not depend on their order); stamps those without a time
// with `storedAt`. *stored counts the rows written.
int upsertLaunchWorkloads(SqliteDatabase& db, const std::vector<LaunchWorkload>& workloads, const std::string& storedAt,
                          std::size_t* stored);
// Every stored launch workload (or only `launchDigest`'s), by digest.
int selectLaunchWorkloads(SqliteDatabase& db, const std::string& launchDigest, std::vector<LaunchWorkload>* out);

// The measurements matching `filter`, by id. A row whose stored columns do not decode is left out
// and named in *skipped.
int selectMeasurements(SqliteDatabase& db, const MeasurementFilter& filter, std::vector<MeasurementRecord>* out,
                       std::vector<std::string>* skipped);

} // namespace ts::cache
