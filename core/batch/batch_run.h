#pragma once
// Batch tuning for CI: every workload on every device, through the config cache, with a JSON
// report, a JUnit XML file CI servers read, a baseline to catch regressions, and deterministic
// sharding so N jobs (a CI matrix, a Slurm array) share the work.
//
// Sharding: the workload paths are sorted and de-duplicated; shard I/N (1 <= I <= N) takes the
// paths whose position p (from 0) has p % N == I - 1. Every job must be given the same list.
//
// Baseline: a previous batch report. A case (workload path, device) regresses when its best
// median time grew by more than the allowed percentage over the baseline's.
//
// JSON report:
//   {"schema": "tilescope.batch/1", "createdAt": "...", "shard": "1/2",
//    "wallSeconds": 1.5,
//    "summary": {"cases": n, "passed": n, "failed": n, "regressions": n, "fromCache": n},
//    "cases": [{"workload": "examples/add.json", "device": "Ascend910B2", "kernel": "add_kernel",
//               "key": "<TuningKey::describe()>", "status": "passed" | "failed" | "regression",
//               "reason": "", "fromCache": true, "cacheId": 3 | null,
//               "best": {"params": {"XBLOCK": 1024}, "numWarps": 4, "numStages": 3} | null,
//               "bestP50Ms": 0.01 | null, "baselineP50Ms": ... | null, "changePercent": ... | null,
//               "seconds": 0.2}],
//    "notes": ["<cache problems>"], "inputErrors": [], "stopped": false}

#include "core/cache/config_cache.h"
#include "core/kernel/backend_version.h"
#include "core/npu/device_profile.h"
#include "core/tuning/tuning_session.h"

#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace ts::batch {

inline constexpr const char* kBatchSchema = "tilescope.batch/1";  // docs/schema/batch.schema.json

struct Shard {
    int index = 1;  // 1-based
    int count = 1;
    std::string describe() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// "I/N" with 1 <= I <= N.
std::optional<Shard> parseShard(std::string_view text, std::string* error);

// The workloads of one shard, sorted (see the file comment).
std::vector<std::string> shardWorkloads(std::vector<std::string> paths, const Shard& shard);

// How a case of a batch ended; batchStatusName gives the report's text.
enum class BatchStatus : std::uint8_t { Passed, Failed, Regression };
std::string_view batchStatusName(BatchStatus status);  // "passed" | "failed" | "regression"
std::optional<BatchStatus> parseBatchStatus(std::string_view name);

struct BatchCase {
    std::string workload;
    std::string device;
    std::string backend;  // the backend version tuned ("2026-08")
    std::string kernel;
    std::string key;
    BatchStatus status = BatchStatus::Failed;
    std::string reason;  // why it failed or regressed
    bool fromCache = false;
    std::optional<std::int64_t> cacheId;
    bool hasBest = false;
    cache::TextPairs bestParams;
    int numWarps = 4, numStages = 3;
    std::optional<double> bestP50Ms;
    std::optional<double> baselineP50Ms;
    std::optional<double> changePercent;
    double seconds = 0;
};

struct BatchReport {
    std::string createdAt;
    Shard shard;
    double wallSeconds = 0;
    std::vector<BatchCase> cases;
    std::vector<std::string> notes;        // cache problems and the like (never fatal)
    std::vector<std::string> inputErrors;  // unreadable workloads, unknown devices: nothing ran
    bool stopped = false;

    std::size_t count(BatchStatus status) const;
    bool allPassed() const;
};

// What a batch runs and how it is judged, as the user chose it: the workflow's request
// (pipeline::BatchRequest) passes it on as it is, with the caches it opened.
struct BatchPlan {
    std::vector<std::string> workloads;   // all of them; the shard is applied by runBatch
    std::vector<std::string> devices;     // empty: each workload's own device
    // Set: every workload is tuned under this backend version; else each under its own.
    std::optional<kernel::BackendVersion> backend;
    Shard shard;
    tuning::TuningOptions tuning;
    // When false, a workload's own "benchMethod" / "seed" fields win over `tuning`'s.
    bool methodFixed = false;
    bool seedFixed = false;
    const npu::DeviceRegistry* registry = nullptr;  // null: the bundled profiles
    std::optional<BatchReport> baseline;
    double maxRegressionPercent = 5.0;
};

struct BatchOptions : BatchPlan {
    bool force = false;
    cache::ConfigCache* cache = nullptr;  // may be null
    // When set (and `cache` is null), the cache of each workload (e.g. one beside each file);
    // may return null.
    std::function<cache::ConfigCache*(const std::string& workload)> cacheFor;
    // One line per event ("[2/6] add.json on Ascend910B2: tuned, best XBLOCK=1024 p50 ...").
    std::function<void(const std::string&)> log;
};

BatchReport runBatch(const BatchOptions& options, std::stop_token stop = {});

std::string reportToJson(const BatchReport& report);
// Reads a report written by reportToJson (for --baseline); errors name the file.
std::optional<BatchReport> readReportFile(const std::string& path, std::string* error);

// JUnit XML: one <testcase> per workload and device; a failure or regression is a <failure>
// with the reason.
std::string reportToJUnit(const BatchReport& report);

// Text escaped for XML attributes and character data; characters XML 1.0 cannot hold are dropped.
std::string xmlEscape(std::string_view text);

} // namespace ts::batch
