#pragma once
// Reports of one tuning for people and scripts.
//
// JSON: {"report": "tilescope-tuning", "version": 1,
//        "tuning": <tuning as in core/cache/tuning_record.h>,
//        "summary": {"candidates": N, "byStatus": {"benchmarked": n, ...},
//                    "best": {"index": i, "params": {...}, "numWarps": w, "numStages": s,
//                             "p50Ms": t} | null,
//                    "fastestP50Ms": t | null, "slowestP50Ms": t | null,
//                    "medianP50Ms": t | null, "bestSpeedupOverMedian": x | null}}
//
// CSV (RFC 4180, one row per candidate, header first):
//   index,status,<one column per parameter, first-appearance order>,num_warps,num_stages,
//   p50_ms,p20_ms,p80_ms,best,reason_code,reason_message
// Parameter cells hold the Python literal text; a parameter a candidate lacks is empty, as is a
// time that was not measured.

#include "core/cache/tuning_record.h"

#include <string>
#include <string_view>

namespace ts::exporter {

std::string tuningReportJson(const cache::TuningRecord& record);
std::string tuningReportCsv(const cache::TuningRecord& record);

// One CSV cell, quoted when it holds a comma, quote, CR or LF (quotes doubled).
std::string csvCell(std::string_view text);

} // namespace ts::exporter
