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

// The measurements matching `filter`, by id. A row whose stored columns do not decode is left out
// and named in *skipped.
int selectMeasurements(SqliteDatabase& db, const MeasurementFilter& filter, std::vector<MeasurementRecord>* out,
                       std::vector<std::string>* skipped);

} // namespace ts::cache
