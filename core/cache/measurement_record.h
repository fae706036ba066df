#pragma once
// What the config cache keeps of a measured timing: one config of one launch, run on real
// hardware, with the device and the software it ran on. Measurements live beside the simulated
// tunings (table `measurements`, cache layout 5) and are keyed like them: the launch is a
// TuningKey's kernel, key values, dtypes and backend version (launchDigestOf), without the
// simulated device, benchmark method and simulator version, which only a simulated time has.
//
// A measurement is identified by what was measured, not by where it was read from: the launch,
// the config, the status, the times, the device, the software and the bench method (identity()).
// Importing the same file twice, or a copy of it under another name, adds nothing.

#include "core/cache/tuning_record.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ts::cache {

struct MeasurementRecord {
    std::int64_t id = 0;  // assigned by the cache; 0 before storing

    // The launch (as TuningKey: kernel, key values, dtypes, backend) and the kernel's source.
    std::string kernelName;
    std::string sourceHash;  // hex SHA-256 of the kernel function source (sourceHashOf)
    TextPairs keyValues;
    std::vector<std::string> dtypes;
    std::string backend = std::string(kLegacyBackend);

    // The config: name -> Python literal text, num_warps, num_stages.
    TextPairs params;
    int numWarps = 4;
    int numStages = 3;

    // ok | compile_failed | run_failed | timeout | selected (an autotuner's pick, no time)
    std::string status;
    std::string error;  // the exception text of a failed run
    std::optional<double> p50Ms, p20Ms, p80Ms;

    std::string device;      // the measured device's name, as the runner read it
    std::string deviceKind;  // cuda | npu | "" when unknown
    std::string python, triton, torch, torchNpu;  // versions; "" when unknown
    std::string benchMethod;  // do_bench | npu_profiler | autotuner | ...

    std::string sourceFormat;  // runner | triton-autotune-json | autotuning-log
    std::string sourceFile;
    std::int64_t sourceLine = 0;  // 0 when the format has no line per entry
    std::string importedAt;       // ISO 8601 UTC

    // The digest of the launch's key (launchDigestOf) and the natural key of the measurement.
    std::string launchDigest() const;
    std::string identity() const;
    // The same, given this record's launchDigest() (an import of many records of one launch
    // computes it once).
    std::string identity(const std::string& launchDigest) const;

    friend bool operator==(const MeasurementRecord&, const MeasurementRecord&) = default;
};

// SHA-256 of the key's kernel, key values, dtypes and backend: the launch whatever the device,
// bench method and simulator version.
std::string launchDigestOf(const TuningKey& key);
TuningKey launchKeyOf(const MeasurementRecord& measurement);

// Checks a measurement before it is stored; returns an error message or "".
std::string validateMeasurement(const MeasurementRecord& measurement);

// The workload a measured launch was measured with (kernel file, arguments, grid), stored with its
// measurements so they can be simulated again later: the workload's JSON text as TileScope writes
// it (kernel::workloadText, the kernel's path absolute) and the file it was read from.
struct LaunchWorkload {
    std::string launchDigest;  // launchDigestOf the launch's key
    std::string workload;      // JSON text, compact
    std::string workloadPath;  // the workload file at import ("" when the launch came from the command line)
    std::string storedAt;      // ISO 8601 UTC; stamped when stored

    friend bool operator==(const LaunchWorkload&, const LaunchWorkload&) = default;
};

// JSON of a stored measurement (the cache's export), and back; `where` prefixes error messages
// ("measurements[3]"): a field of the wrong type is an error naming it.
nlohmann::ordered_json toJson(const MeasurementRecord& measurement);
std::optional<MeasurementRecord> measurementFromJson(const nlohmann::ordered_json& json, const std::string& where,
                                                     std::string* error);
// {"launchDigest", "workload": {...}, "workloadPath", "storedAt"}
nlohmann::ordered_json toJson(const LaunchWorkload& launch);
std::optional<LaunchWorkload> launchWorkloadFromJson(const nlohmann::ordered_json& json, const std::string& where,
                                                     std::string* error);

struct MeasurementStoreReport {
    std::size_t added = 0;       // new to this cache
    std::size_t duplicates = 0;  // already there (same identity)
    std::vector<bool> isNew;     // per record given, in order
    std::size_t workloads = 0;   // launch workloads stored (new or replaced)
};

struct MeasurementFilter {
    std::string launchDigest;  // empty: any launch
    std::string kernelName;    // empty: any
    std::string device;        // empty: any measured device
    std::string backend;       // empty: any
    // Read only what times a config (id, device, source hash, params, num_warps, num_stages,
    // status, error, p50/p20/p80); the launch, software and provenance fields stay empty.
    bool timingsOnly = false;
};

} // namespace ts::cache
