#pragma once
// Reports of one tuning for people and scripts.
//
// JSON: the "tilescope.tuning/1" document (docs/schema/tuning.schema.json, docs/OUTPUT.md), the
// one `tune --json`, `export --format json` and `cache show --json` print. It is made from the
// record alone, so a tuning read back from the cache prints as it did when it ran:
//   {"schema": "tilescope.tuning/1", "kernel": "add_kernel", "kernelFile": "..." | null,
//    "workload": "...", "sourceHash": "...", "keyValues": {"n_elements": 98432},
//    "dtypes": [...], "device": "...", "benchMethod": "default", "simulatorVersion": "sim-1",
//    "seed": 0 | null,
//    "candidates": [{"index": 0, "params": {"XBLOCK": 1024, "multibuffer": true},
//                    "numWarps": 4, "numStages": 3, "status": "benchmarked",
//                    "reason": {"code": ..., "message": ...} | null,
//                    "p50Ms": t | null, "p20Ms": ..., "p80Ms": ...,
//                    "sim": {"deviceUs", "pipesUs": {...}, "roofline": {...}, "achievedGbps",
//                            "waves", "coresUsed"} | null,
//                    "footprint": {"ubPeakBytes", "ubCapacityBytes"} | null, "programs": n | null,
//                    "compileSeconds": s | null, "benchSeconds": s | null}],
//    "bestIndex": i | null, "best": <candidate> | null,
//    "summary": {"candidates": N, "byStatus": {"benchmarked": n, ...}, "fastestP50Ms": t | null,
//                "slowestP50Ms": ..., "medianP50Ms": ..., "bestSpeedupOverMedian": x | null},
//    "tuningTime": {"compileWorkers": w | null, "compileSeconds": s | null,
//                   "benchSeconds": s | null, "totalSeconds": s, "note": "..."},
//    "session": {"threads", "hostSeconds", "tuned", "finished", "stopped"} | null,
//    "diagnostics": [...], "error": "..." | null, "notes": "",
//    "confidence": {"level": "high" | "medium" | "low", "modelSpread", "unmodelledLines",
//                   "approximatedLines", "limitingPipe", "limitingShare", "guessedFigures",
//                   "runnerUp": {"config", "ratio"} | null, "reasons": [...]} | null}
// Parameter and key values keep their JSON type (an int stays an int, a bool a bool); a value
// that is not a Python literal stays its text.

// CSV (RFC 4180, one row per candidate, header first):
//   index,status,<one column per parameter, first-appearance order>,num_warps,num_stages,
//   p50_ms,p20_ms,p80_ms,best,reason_code,reason_message
// Parameter cells hold the Python literal text; a parameter a candidate lacks is empty, as is a
// time that was not measured.

#include "core/cache/tuning_record.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace ts::exporter {

inline constexpr const char* kTuningSchema = "tilescope.tuning/1";

nlohmann::ordered_json tuningDocument(const cache::TuningRecord& record);
std::string tuningReportJson(const cache::TuningRecord& record);  // tuningDocument, indented, "\n"
std::string tuningReportCsv(const cache::TuningRecord& record);

// One CSV cell, quoted when it holds a comma, quote, CR or LF (quotes doubled).
std::string csvCell(std::string_view text);

} // namespace ts::exporter
