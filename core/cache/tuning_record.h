#pragma once
// The value types the config cache stores: one tuning (a key, the candidates it measured and the
// one it chose), independent of the tuner that produced it.
//
// JSON form of one tuning (used by the cache's export/import and by the reports):
//
//   {"kernel": "matmul_kernel",
//    "sourceHash": "<hex SHA-256 of the kernel function source>",
//    "keyValues": {"M": "4096", "N": "1024"},         // key arg -> value text; order is part of the key
//    "dtypes": ["torch.float16", "torch.float16"],
//    "device": "Ascend910B2", "benchMethod": "default", "simulatorVersion": "sim-1",
//    "backend": "2026-08",                          // absent in older files: 2026-04
//    "workload": "examples/matmul.json", "createdAt": "2025-03-01T12:00:00.000Z",
//    "tilescopeVersion": "0.9.0",                  // absent when unknown (stored before layout 6)
//    "tuningWallSeconds": 12.5, "bestIndex": 3 | null, "notes": "",
//    "details": {"kernelFile": "examples/add.py", "seed": 0, "compileWorkers": 8,
//                "compileSeconds": 9.5, "benchSeconds": 3.0, "threads": 16, "hostSeconds": 0.2,
//                "tuned": 12, "finished": 12, "stopped": false, "error": "",
//                "diagnostics": [{"code": ..., "severity": ..., "line": ..., "message": ...}],
//                "confidence": {"level": ..., ...}} | null,   // "confidence" absent before sim-4
//    "candidates": [
//      {"params": {"BLOCK_M": "128", "multibuffer": "True"},  // name -> Python literal text
//       "numWarps": 4, "numStages": 2, "status": "benchmarked",
//       "reasonCode": "", "reasonMessage": "",
//       "p50Ms": 0.125 | null, "p20Ms": ..., "p80Ms": ...,
//       "breakdown": {...} | "<text>" | null,
//       "ubTune": {...}}]}                            // only where the UB tuner ran for it
//
// "breakdown" is embedded as JSON when the stored text is compact JSON, else kept as a string.
// "ubTune" (2026-08, TRITON_ENABLE_UBTUNER) is the UB tuner's search for a candidate that
// overflowed the UB: {"mode", "trigger", "startOk", "startError", "trials": [{"option", "value",
// "ok", "error", "ubPeakBytes"}], "finalOk", "finalError", "ubtuneCfg": {name: Python text}};
// "details" then holds "ubTuner": "compile" | "run" (absent when the tuner was off).

#include "core/util/message_value.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace ts::cache {

using TextPairs = std::vector<std::pair<std::string, std::string>>;

// The backend version of tunings that name none (cache layout 3 and older, older exports).
inline constexpr std::string_view kLegacyBackend = "2026-04";

// What became of a stored candidate: the space's verdict for one that was not tuned (generated,
// user = handwritten, pruned, skipped), else the tuning's (compile-failed, benchmarked, best).
// Incorrect: its launch leaves data unprocessed or reaches past the end without a mask, whatever
// the tuning did (its times are kept; it is never the best nor exported). The text is what the
// cache stores and every report prints (candidateStatusName).
// TimeBudgetCut: compiled, then cut by the backend's time-limit prune before benchmarking.
enum class CandidateStatus : std::uint8_t {
    Generated,
    User,
    Pruned,
    Skipped,
    CompileFailed,
    Benchmarked,
    Best,
    Incorrect,
    TimeBudgetCut
};
inline constexpr int kCandidateStatusCount = 9;
std::string_view candidateStatusName(CandidateStatus status);  // "generated", ..., "compile-failed"; "" if invalid
std::optional<CandidateStatus> parseCandidateStatus(std::string_view name);
// Benchmarked or Best: the candidate has measured times.
inline bool wasBenchmarked(CandidateStatus status)
{
    return status == CandidateStatus::Benchmarked || status == CandidateStatus::Best;
}

struct CandidateRecord {
    TextPairs params;  // constexpr name -> Python literal text: "128", "True", "'fast'"
    int numWarps = 4;
    int numStages = 2;
    CandidateStatus status = CandidateStatus::Generated;
    std::string reasonCode;
    std::string reasonMessage;
    std::optional<double> p50Ms, p20Ms, p80Ms;
    std::string breakdownJson;
    std::string ubTuneJson;  // the UB tuner's search for this candidate, compact JSON; "" when none

    friend bool operator==(const CandidateRecord&, const CandidateRecord&) = default;
};

// Benchmarked (or best) with a finite median: a candidate that can be ranked by its time.
bool isMeasured(const CandidateRecord& candidate);

// What selects a tuning, as Triton-Ascend keys its in-memory cache (the key args' values, then
// the dtypes of the tensor args) plus what makes our measurements comparable: device, benchmark
// method, simulator version and the backend version whose configs were tuned. `sourceHash` is stored with the tuning but is not part of the
// key: a tuning whose kernel source changed is stale, not a different entry.
struct TuningKey {
    std::string kernelName;
    std::string sourceHash;  // hex SHA-256 of the kernel function source (see sourceHashOf)
    TextPairs keyValues;     // key arg -> value text, in key order
    std::vector<std::string> dtypes;
    std::string device;
    std::string benchMethod;
    std::string simulatorVersion;
    // The backend version's name ("2026-04", "2026-08"). Tunings stored before the cache knew
    // of versions were all produced by 2026-04, so that is what a key without one means.
    std::string backend = std::string(kLegacyBackend);
    // Which candidates were tuned: "" for the backend's own list (every key before layout 6),
    // else a lattice tuning's subset ("lattice", "lattice filter=XBLOCK>=1024 limit=8", ...).
    // A lattice tuning and the backend's own tuning of one launch are two entries.
    std::string candidateSet;

    // Canonical text of the identifying fields (everything but sourceHash) and its SHA-256.
    std::string canonicalText() const;
    std::string digest() const;
    bool sameKey(const TuningKey& other) const;
    // "matmul_kernel[M=4096, N=1024; torch.float16] on Ascend910B2 (default, sim sim-1, backend 2026-04)"
    std::string describe() const;
    // The same as a message, for an error that names the tuning (its joining words translated).
    msg::Message describeMessage() const;

    friend bool operator==(const TuningKey&, const TuningKey&) = default;
};

// How a tuning ran, beyond its candidates: everything the tune report shows, so that a tuning
// read back from the cache prints exactly as it did when it ran. Tunings stored before layout
// version 3 have none.
struct TuningDetails {
    std::string kernelFile;       // the kernel's source file, as the launch named it
    std::uint64_t seed = 0;
    int compileWorkers = 1;       // modelled compile workers of the real toolchain
    int hostCores = 0;            // physical cores of the modelled NPU host (0: not recorded)
    double compileSeconds = 0;    // modelled wall time of the parallel compile
    double benchSeconds = 0;      // modelled benchmarking time
    int threads = 1;              // worker threads that simulated the tuning
    double hostSeconds = 0;       // the simulation's wall time
    std::uint64_t tuned = 0;      // candidates tuned (the record may keep fewer)
    std::uint64_t finished = 0;
    bool stopped = false;
    std::string error;            // as the backend raises it; "" when none
    std::string diagnosticsJson = "[]";  // compact JSON array: {code, severity, line, message}
    std::string ubTuner = "off";  // the UB tuner's mode (2026-08): "off", "compile", "run"
    // How far the pick can be trusted (core/tuning/tuning_confidence.h), compact JSON; "" when the
    // tuning picked nothing or was stored before sim-4.
    std::string confidenceJson;

    friend bool operator==(const TuningDetails&, const TuningDetails&) = default;
};

struct TuningRecord {
    std::int64_t id = 0;  // assigned by the cache; 0 before storing
    TuningKey key;
    std::string workloadPath;
    std::string createdAt;  // ISO 8601 UTC; store() fills it when empty
    // The TileScope release that made the tuning ("0.9.0"); "" when unknown (tunings stored
    // before cache layout 6, or imported from an export that names none).
    std::string tilescopeVersion;
    std::optional<std::size_t> bestIndex;
    std::vector<CandidateRecord> candidates;
    double tuningWallSeconds = 0.0;
    std::string notes;
    std::optional<TuningDetails> details;

    const CandidateRecord* best() const;
    friend bool operator==(const TuningRecord&, const TuningRecord&) = default;
};

// Whether a stored tuning matches the kernel as it is now.
enum class Freshness { Fresh, Stale, Miss };
std::string_view freshnessName(Freshness freshness);  // "fresh" | "stale" | "miss"

// Every candidate status, in the order reports list them.
const std::vector<CandidateStatus>& candidateStatuses();

// SHA-256 of a kernel function's source text, as stored in TuningKey::sourceHash.
std::string sourceHashOf(std::string_view functionSource);

// Checks a record before it is stored or imported; returns an error message or "".
std::string validateRecord(const TuningRecord& record);

// ---- time ----
std::string formatIsoUtc(std::chrono::system_clock::time_point time);  // 2025-03-01T12:00:00.123Z
std::string nowIsoUtc();
// Accepts YYYY-MM-DDTHH:MM:SS[.fraction](Z|+00:00); nullopt for anything else.
std::optional<std::chrono::system_clock::time_point> parseIsoUtc(std::string_view text);

// Orders two tunings of the same key for merging: true when `a` should replace `b`. Newer
// createdAt wins; equal times fall back to comparing the records' JSON text, so the outcome does
// not depend on the order the sources are visited.
bool supersedes(const TuningRecord& a, const TuningRecord& b);

// ---- JSON (see the file comment) ----
nlohmann::ordered_json toJson(const TuningDetails& details);
std::optional<TuningDetails> detailsFromJson(const nlohmann::ordered_json& json, const std::string& where,
                                             std::string* error);
nlohmann::ordered_json toJson(const TuningRecord& record);
nlohmann::ordered_json toJson(const CandidateRecord& candidate);
// `where` prefixes error messages ("tunings[3]"); returns nullopt and sets *error on failure.
std::optional<TuningRecord> tuningFromJson(const nlohmann::ordered_json& json, const std::string& where,
                                           std::string* error);

} // namespace ts::cache
