#pragma once
// The one way into TileScope's work, for the CLI and the explorer alike. Every run is a request
// value in and a result value out; progress and cancellation go through one `RunControl`. The
// front ends only say what the user asked for and show what comes back: which candidate is
// best, how many compile workers the toolchain runs, the modelled tuning time and what the
// config cache keeps are all decided below this line (see docs/LAYOUT.md).
//
//   analyze      workload            -> the kernel's analysis and its diagnostics
//   buildSpace   analysis + device   -> the candidate space (the backend's list, or the lattice)
//   candidateMetrics space + times   -> one figure per candidate (the heat map's colours)
//   tune         analysis + device   -> a tuning, from the cache or run and stored there
//   lookupCached analysis + device   -> what the cache holds for the launch, without tuning
//   sweep        workload + ranges   -> every shape tuned and the covering config list
//   recover      sweep + tolerance   -> the covering list again for another tolerance
//   batch        workloads x devices -> the CI report
//   exportTuning record + format     -> the text of a config list or report
//   compareDevices analysis + devices  -> each device's best, the regret matrix, one shared list
//   importMeasurements files (+ workload) -> measured timings stored in the cache
//   compareMeasured analysis + device     -> simulated vs measured for the launch's measurements
//   listMeasurements cache (+ launch)      -> the measurements stored
//   calibrate    measurements + device -> the device profile fitted to measured times
//   capture      a program's command   -> a workload per kernel and key value it launched
//   readCapture  capture folder        -> its index (the captured workloads)
//
// Every call runs on the calling thread (the explorer calls them from a worker) and never
// throws for bad input: problems come back in the result.

#include "core/analysis/kernel_analysis.h"
#include "core/backends/backend_registry.h"
#include "core/batch/batch_run.h"
#include "core/capture/capture_index.h"
#include "core/calibrate/calibration.h"
#include "core/cache/config_cache.h"
#include "core/cache/tuning_record.h"
#include "core/export/config_list.h"
#include "core/kernel/workload.h"
#include "core/measure/measurement.h"
#include "core/measure/measurement_import.h"
#include "core/measure/rank_agreement.h"
#include "core/npu/device_profile.h"
#include "core/space/backend_compare.h"
#include "core/space/candidate_space.h"
#include "core/sweep/device_compare.h"
#include "core/sweep/shape_sweep.h"
#include "core/tuning/tuning_session.h"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::pipeline {

// ---- Progress and cancellation: the same for every run ----

struct RunProgress {
    // Of the whole run, in [0, 1]; negative until there is a first figure.
    double fraction = -1.0;
    // The tuning under way (candidates done of total, time left), when the run tunes.
    tuning::Progress tuning;
    // Runs over several items (a sweep's shapes, a batch's workload x device pairs): how many
    // are done, of how many, and the one under way. `items` is 0 for a run of one.
    std::size_t item = 0;
    std::size_t items = 0;
    std::string itemName;
    // The item's name as a message where core words it ("tuning on Ascend910B2"), for the
    // explorer to render in the reader's language; empty where the name is the user's (a shape).
    msg::Message itemMessage;
};

struct RunControl {
    // Called on the thread that runs the call (a tuning: at most every ~100 ms and at the end).
    std::function<void(const RunProgress&)> progress;
    // A tuning's finished candidates as they arrive (space index, outcome), on the calling thread.
    std::function<void(std::size_t, const tuning::CandidateOutcome&)> candidate;
    // One line per event of a run over many items ("[2/6] add.json on Ascend910B2: tuned ...").
    std::function<void(const std::string&)> log;
    // A seam for tests, unset in the product: called on each compile worker after each chunk
    // of candidates, with the count finished so far; it may block (a pause point).
    std::function<void(std::size_t)> workerStep;
    // Stops the run: a tuning keeps what finished (and is not cached), a space build is dropped.
    std::stop_token stop;
};

// Where tunings are looked up and stored. An empty path: no cache at all.
struct CacheChoice {
    std::filesystem::path path;
    bool force = false;  // tune even when a fresh entry exists (the new tuning replaces it)
    bool store = true;   // store a finished tuning
    bool readOnly = false;
};

// The cache file TileScope uses for a workload (or a kernel opened alone) when none is named:
// `.tilescope/cache.sqlite` beside it.
std::filesystem::path defaultCachePath(const kernel::Workload& workload);

// ---- analyze ----

struct AnalyzeRequest {
    kernel::Workload workload;
};

struct AnalyzeResult {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;  // null when the input could not be read
    Diagnostics diagnostics;                                    // why, when null
    // The kernel file does not parse (as opposed to a bad workload): the CLI's exit status.
    bool kernelSyntaxError = false;
    bool ok() const { return analysis != nullptr; }
};

AnalyzeResult analyze(const AnalyzeRequest& request);

// ---- buildSpace ----

struct SpaceRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    npu::DeviceProfile device;
    // lattice, maxLatticePoints, recordTrail; the stop and progress come from the RunControl.
    space::SpaceOptions options;
};

struct SpaceResult {
    std::shared_ptr<const space::CandidateSpace> space;  // null: see problem, or stopped
    msg::Message problem; // why the launch has no space (no autotune decorator, ...); empty: none
    bool stopped = false;
};

// Progress: RunProgress::fraction of the build (the lattice reports every whole percent).
SpaceResult buildSpace(const SpaceRequest& request, const RunControl& control = {});

// ---- candidate metrics ----

// A figure per candidate for the explorer's views (the heat map colours by it, its tooltip lists
// them all), computed here so that every view reads the same numbers. NaN where a candidate has
// none; `absent` says why.
enum class CandidateMetric { SimulatedP50, RatioToBest, Measured, UbUse, L1Use, L0Use, Waves, TuningDiff };
inline constexpr int kCandidateMetricCount = 8;
std::string_view candidateMetricName(CandidateMetric metric);  // "p50", "ratio-to-best", ...
// Log: a time or a ratio >= 1, coloured on a log axis. Diverging: a ratio around 1 on a log axis.
enum class MetricScale { Linear, Log, Diverging };

// A tuning's p50 in ms for the candidates it timed, as (space index, ms) sorted by index: a
// tuning reaches a few thousand of the millions of rows a space may hold (a cube kernel's pruned
// tilings), so its times are not laid out per row.
using TunedTimes = std::vector<std::pair<std::size_t, double>>;
// The candidate's p50 in ms; NaN when the tuning has none for it.
double tunedTime(const TunedTimes& sorted, std::size_t candidate);

struct CandidateMetricsRequest {
    std::shared_ptr<const space::CandidateSpace> space;
    CandidateMetric metric = CandidateMetric::SimulatedP50;
    std::vector<std::size_t> candidates;  // the candidates wanted, in this order (empty: every one)
    // The tuning shown: its times and its best (a space index; the fastest p50 when absent).
    // Null: not tuned.
    std::shared_ptr<const TunedTimes> p50Ms;
    std::optional<std::size_t> best;
    std::shared_ptr<const std::vector<double>> measuredMs;  // measuredForSpace's p50Ms
    std::shared_ptr<const cache::TuningRecord> other;        // TuningDiff: the tuning compared with
};

struct CandidateMetricValues {
    CandidateMetric metric = CandidateMetric::SimulatedP50;
    std::vector<double> values;  // one per requested candidate
    std::string unit;            // "µs", "× best", "% of UB budget", "waves", "× other"
    MetricScale scale = MetricScale::Linear;
    double low = 0, high = 0;    // the range of the finite values (0, 0 when none)
    std::size_t present = 0;     // finite values
    std::size_t overflow = 0;    // UB / L1 / L0 use: values over 100 % (over capacity)
    std::string absent;          // what NaN means: "not tuned", "not measured", ...
};

CandidateMetricValues candidateMetrics(const CandidateMetricsRequest& request);

// Tunings of the same launch (kernel, key values, dtypes) stored for another device, backend
// version or bench method than `device` / the analysis' backend / `method`: what a tuning can be
// compared with. Read only; a missing cache file gives none.
struct ComparableTuningsRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::string device;
    npu::BenchMethod method = npu::BenchMethod::Default;
    std::filesystem::path cachePath;  // empty: defaultCachePath of the analysis' workload
};

struct ComparableTuningsResult {
    std::vector<std::shared_ptr<const cache::TuningRecord>> tunings;  // newest first
    std::optional<msg::Message> error;  // the cache could not be read (its own words, as written)
};

ComparableTuningsResult comparableTunings(const ComparableTuningsRequest& request);

// Where the source fixes a dimension of the space: the tl.dot site of a cube parameter, the
// kernel parameter, the hint. Line 0 when unknown.
kernel::SourceLocation dimensionSource(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       std::size_t dimension);

// ---- tune ----

struct TuneRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    npu::DeviceProfile device;
    // options.lattice: tune the valid lattice points of options.subset instead of the backend's
    // list, whatever the backend generates or raises (TuningResult::backendError then says what
    // it raised); cached under its own key (candidateSetText in tuning_pipeline.h).
    tuning::TuningOptions options;
    // The space to tune when the caller already built it (the explorer shows it first); else
    // it is built here. It must be the space of `analysis` on `device`.
    std::shared_ptr<const space::CandidateSpace> space;
    CacheChoice cache;
};

struct TuneResult {
    cache::TuningKey key;
    // The tuning as the cache keeps it: read back on a hit, else the one just run. Absent when
    // the tuning found no config (see error) or was stopped.
    std::optional<cache::TuningRecord> record;
    bool fromCache = false;
    // Set when the tuning ran here: the space it tuned and the full session.
    std::shared_ptr<const space::CandidateSpace> space;
    std::shared_ptr<const tuning::TuningResult> result;
    std::optional<msg::Message> error; // the tuning failed as the backend would raise (see TuningResult)
    bool stopped = false;

    // The cache side. A cache problem never costs a result: the tuning is returned with it.
    std::filesystem::path cachePath;            // empty: no cache was used
    std::vector<std::string> cacheNotices;      // the file was created, migrated, moved aside
    std::optional<std::int64_t> staleId;        // an entry of the same key whose kernel changed
    std::string staleCreatedAt;
    std::optional<std::int64_t> storedId;       // where the new tuning was stored
    std::optional<msg::Message> cacheError;      // opening, lookup or store failed
    std::optional<msg::Message> notStoredReason; // a finished tuning that is not cached, and why
};

TuneResult tune(const TuneRequest& request, const RunControl& control = {});

// ---- lookupCached ----

struct CacheLookupRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::string device;               // the device's soc name
    npu::BenchMethod method = npu::BenchMethod::Default;
    std::filesystem::path cachePath;  // empty: defaultCachePath of the analysis' workload
    // The key's candidate set: "" for the backend's own list, else candidateSetText of a lattice
    // tuning's options (tuning_pipeline.h).
    std::string candidateSet;
    // Only the best candidate and the entry's date (a quick look for a status line); else the
    // whole record.
    bool bestOnly = false;
    // The launch's space (as buildSpace made it): the record is also laid onto it as a finished
    // tuning (tuningFromRecord), for views that show a tuning whether it ran or was cached.
    std::shared_ptr<const space::CandidateSpace> space;
};

struct CacheLookupResult {
    cache::TuningKey key;
    std::filesystem::path cachePath;
    cache::Freshness freshness = cache::Freshness::Miss;
    std::optional<cache::TuningRecord> record;  // Fresh or Stale, unless bestOnly
    // Fresh or Stale: the entry's id and date, and its best candidate when it chose one.
    std::int64_t id = 0;
    std::string createdAt;
    std::optional<cache::CandidateRecord> best;
    // With a space and a record: the record as a finished tuning of that space, and how many of
    // its stored candidates the space does not have.
    std::shared_ptr<const tuning::TuningResult> tuning;
    std::size_t unmatched = 0;
    std::optional<msg::Message> error;          // the file could not be opened or read
};

// Read only: a missing cache file is a miss, not created.
CacheLookupResult lookupCached(const CacheLookupRequest& request);

// ---- sweep and recover ----

struct SweepRequest {
    kernel::Workload base;
    npu::DeviceProfile device;
    std::vector<sweep::SweepRange> ranges;
    // Instead of ranges: launches of `base`'s kernel, each a shape (a capture folder's workloads).
    std::vector<kernel::Workload> launches;
    sweep::CoverOptions cover;
    tuning::TuningOptions tuning;
    CacheChoice cache;
    bool crossEvaluate = true;
};

// Progress: item = shapes done, items = shapes, itemName = the shape under way.
// The result's notes start with what the cache said (opened, migrated, could not be opened).
sweep::SweepResult sweep(const SweepRequest& request, const RunControl& control = {});

struct RecoverRequest {
    std::shared_ptr<const sweep::SweepResult> sweep;
    sweep::CoverOptions cover;
};

// The sweep again with its covering list chosen for another tolerance (no shape tuned again).
sweep::SweepResult recover(const RecoverRequest& request);

// ---- batch ----

// batch::BatchPlan: the workloads, devices, backend (--backend), shard, tuning options, baseline
// and regression limit.
struct BatchRequest : batch::BatchPlan {
    // One cache for every workload (cache.path), or, with perWorkloadCache, the default cache
    // beside each workload file. No path and no perWorkloadCache: no cache.
    CacheChoice cache;
    bool perWorkloadCache = false;
};

struct BatchResult {
    batch::BatchReport report;
    std::vector<std::string> cacheNotices;  // what each cache opened said
    std::vector<std::string> cacheErrors;   // caches that could not be opened (those workloads ran without)
};

// Progress: item = workload x device pairs done (from the log), items = their number.
BatchResult batch(const BatchRequest& request, const RunControl& control = {});

// ---- export ----

enum class ExportFormat { Python, JsonReport, CsvReport, TritonAutotuneJson };

struct ExportRequest {
    // The tuning to export ...
    std::shared_ptr<const cache::TuningRecord> record;
    // ... or a config list made elsewhere (a sweep's covering set, ordered most useful first):
    // Python only, `top` keeps its head.
    std::optional<std::vector<exporter::HandwrittenConfig>> configs;
    ExportFormat format = ExportFormat::Python;
    // Python from a tuning: the `top` fastest benchmarked candidates, or exactly these
    // candidate indices (in this order).
    std::size_t top = 8;
    std::vector<std::size_t> indices;
    // Python from a tuning's `top`: leave out a config the simulator cannot tell from a faster
    // one (the same arguments and times, other num_warps / num_stages); kept and reported when false.
    bool dropEquivalent = false;
    // Candidates whose launch is incorrect (they leave data unprocessed or reach past the end
    // without a mask) are left out of the `top`, unless asked for; an index names one anyway,
    // with a warning.
    bool includeIncorrect = false;
    exporter::ConfigListOptions list;  // the decorator's key and layout
    // The backend version of a config list made elsewhere (a record names its own); written as
    // a comment line above the decorator.
    std::optional<kernel::BackendVersion> backend;
};

enum class ExportProblem {
    None,
    NoTuning,          // neither a record nor a config list
    NothingMeasured,   // every candidate failed or was not run
    ListIsPythonOnly,  // a config list asked for in a report format
    BadIndex,          // an index past the tuning's candidates
    WriteFailed,       // the writer refused (see error)
};

struct ExportResult {
    std::string text;
    std::string fileName;               // the file Triton (or TileScope) gives this output
    std::size_t configCount = 0;        // configs written (Python)
    std::vector<std::string> warnings;  // e.g. a chosen candidate that was not benchmarked
    // Python from a tuning's `top`: each config that only repeats a faster one for the simulator
    // ("candidate 4511 is candidate 4510 with num_stages=2: ..."), kept or left out as asked.
    std::vector<msg::Message> equivalent;
    ExportProblem problem = ExportProblem::None;
    // Why nothing was written; the writer's own refusal as written (Message::asWritten).
    std::optional<msg::Message> error;
    bool ok() const { return !error.has_value(); }
};

ExportResult exportTuning(const ExportRequest& request);

// ---- compareBackends ----

// One launch under two backend versions: what a user upgrading Triton-Ascend wants to know
// before upgrading (which configs each generates, those only one has, reordered ones, changed
// options).
struct CompareBackendsRequest {
    kernel::Workload workload; // its own "backend" is ignored
    npu::DeviceProfile device;
    kernel::BackendVersion base = backends::firstVersion();
    kernel::BackendVersion other = kernel::defaultBackend();
};

struct BackendSide {
    kernel::BackendVersion version;
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::shared_ptr<const space::CandidateSpace> space;
    msg::Message problem;                     // why there is no list at all (no autotune, ...)
    std::optional<std::string> error;         // the exception this version raises
    std::vector<space::TritonConfig> configs; // the list it benchmarks (empty when it raises)
};

struct CompareBackendsResult {
    BackendSide base;
    BackendSide other;
    space::BackendComparison comparison;
    Diagnostics diagnostics; // why, when the workload cannot be analysed
    bool ok() const { return base.analysis && other.analysis; }
};

CompareBackendsResult compareBackends(const CompareBackendsRequest& request, const RunControl& control = {});

// ---- compareDevices ----

// One launch on several devices (core/sweep/device_compare.h): each device tunes the backend's
// list as `tune` does (cached), then every config benchmarked on some device is simulated on the
// devices whose tuning did not measure it, written by hand; from those times come each device's
// best, the regret of one device's best on another and the smallest config list within
// `cover.tolerance` of the best on every device.
struct CompareDevicesRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::vector<npu::DeviceProfile> devices;  // two or more, each once
    tuning::TuningOptions options;            // lattice is ignored: each device tunes the backend's list
    CacheChoice cache;                        // for the devices' own tunings
    sweep::CoverOptions cover;
    // Beyond this many configs in all, only each device's configs within tolerance of its best
    // are simulated on the other devices (a note says so).
    std::size_t maxCrossConfigs = 2048;
};

struct CompareDevicesResult {
    sweep::DeviceComparison comparison;
    std::size_t crossMeasurements = 0;       // config x device times simulated by hand
    bool crossLimited = false;               // maxCrossConfigs cut the configs simulated elsewhere
    std::filesystem::path cachePath;         // empty: no cache
    std::vector<std::string> cacheNotices;
    std::optional<msg::Message> error;       // nothing could be compared (no analysis, < 2 devices)
    bool stopped = false;                    // cut short: what was not reached is missing
    bool ok() const { return !error.has_value(); }
};

// Progress: item = step of 2 x devices (each device's tuning, then each device's hand-written
// configs), itemName = what runs; tuning = the running tuning's progress.
CompareDevicesResult compareDevices(const CompareDevicesRequest& request, const RunControl& control = {});

// The comparison again with its list chosen for another tolerance (nothing simulated again).
CompareDevicesResult recoverDevices(const CompareDevicesResult& result, const sweep::CoverOptions& cover);

// ---- exportRunner ----

// A runner script (core/export/runner_script.h) for one launch: the candidates to measure on
// real hardware, chosen from the backend's list, the handwritten configs, the lattice or a file.
enum class RunnerCandidates { Generated, Handwritten, Lattice, File };

struct RunnerExportRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    npu::DeviceProfile device;
    RunnerCandidates candidates = RunnerCandidates::Generated;
    // File: a Python file whose triton.Config(...) calls are read (an exported config list, a
    // kernel), a runner results file, or a JSON list of {"kwargs", "num_warps", "num_stages"}.
    std::filesystem::path candidatesFile;
    std::filesystem::path scriptPath;  // where the script will be written
    // Keep at most this many, spread evenly over the list (first, last and equal steps between),
    // so a sample of a long list still covers it.
    std::optional<std::size_t> limit;
    double timeBudgetSeconds = 0;      // the script's default budget for the whole run (0: none)
    double timeoutSeconds = 120;       // its default limit per candidate
};

struct RunnerExportResult {
    std::string text;                  // the script
    std::string defaultOutput;         // the results file it writes beside itself
    std::size_t candidateCount = 0;    // in the script
    std::size_t availableCount = 0;    // before --limit
    std::vector<std::string> notes;    // e.g. what was left out of a file, and why
    std::optional<std::string> error;  // nothing to run, or the file could not be read
    bool ok() const { return !error.has_value(); }
};

RunnerExportResult exportRunner(const RunnerExportRequest& request, const RunControl& control = {});

// ---- measured timings (core/measure, docs/MEASUREMENTS.md) ----

struct MeasureImportRequest {
    std::vector<std::string> files;  // runner JSON, Triton .autotune.json, TRITON_PRINT_AUTOTUNING logs
    // The launch the files were measured for (--workload). The runner's JSON names its own
    // workload; autotune files and logs name none and need this one.
    std::optional<kernel::Workload> workload;
    std::string measuredOn;           // the device of files that name none (autotune files, logs)
    std::filesystem::path cachePath;  // empty: the default cache beside the (first) workload
};

struct MeasureFileReport {
    std::string file;
    std::string format;  // measure::sourceFormatName
    std::string launch;  // the launch it was tied to (TuningKey::describe)
    std::size_t read = 0;        // entries in the file
    std::size_t added = 0;       // stored, new to the cache
    std::size_t duplicates = 0;  // already in the cache
    std::vector<measure::SkippedEntry> skipped;  // entries left out, with the reason
    std::vector<std::string> warnings;
    std::optional<std::string> error;  // "FILE:LINE: ..." : the file is unusable
};

struct MeasureImportResult {
    std::vector<MeasureFileReport> files;
    std::size_t read = 0, added = 0, duplicates = 0, skipped = 0;
    std::filesystem::path cachePath;
    std::vector<std::string> cacheNotices;
    // Set when nothing was stored: a file has an error (all files are checked before anything
    // is written), or the cache could not be opened or written.
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

// Every file is read and tied to its launch first; only when all of them are usable are their
// measurements stored, in one transaction (a measurement already stored is counted as a duplicate).
MeasureImportResult importMeasurements(const MeasureImportRequest& request);

struct CompareMeasuredRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    npu::DeviceProfile device;       // the simulated device
    tuning::TuningOptions options;   // bench method, jobs, seed of the simulation
    std::filesystem::path cachePath; // empty: defaultCachePath of the analysis' workload
    std::string measuredDevice;      // empty: the device with the most timed measurements
    std::size_t topK = 5;
    std::size_t maxOutliers = 5;
};

// One config of the launch that was measured, with its simulated time.
struct MeasuredCandidate {
    space::TritonConfig config;
    std::size_t timedRuns = 0;         // measurements of it with a time
    std::optional<double> measuredMs;  // median p50 of those
    std::optional<double> measuredP20Ms, measuredP80Ms;  // medians, when given
    std::string measuredStatus;        // ok, or how its last measurement ended (compile_failed, selected, ...)
    std::string measuredError;
    std::optional<double> simulatedMs; // p50 on the simulated device
    std::string simulatedStatus;       // benchmarked | compile-failed | not-tuned
    std::string simulatedError;
    std::optional<double> ratio;       // simulated / measured
    bool autotunerPick = false;        // a log's "best config selected"
};

struct CompareMeasuredResult {
    cache::TuningKey key;  // the launch on the simulated device
    std::filesystem::path cachePath;
    std::string measuredDevice;
    std::vector<std::pair<std::string, std::size_t>> measuredDevices;  // every device with measurements of the launch
    std::vector<MeasuredCandidate> candidates;  // in the order first measured
    // Candidates with both times, in candidates' order; the agreement's indices point into this.
    std::vector<std::size_t> compared;
    measure::RankAgreement agreement;
    std::vector<msg::Message> notes;
    // Nothing to compare: no cache, no measurements of the launch (on the device asked for), or
    // the cache's own words when it cannot be read (Message::asWritten).
    std::optional<msg::Message> error;
    bool stopped = false;
    bool ok() const { return !error.has_value(); }
    // Indices into candidates (through compared), when there is an agreement.
    std::optional<std::size_t> simulatorPick() const;
    std::optional<std::size_t> measuredBest() const;
};

// Simulates exactly the measured configs of the launch (a tuning of them as a handwritten list,
// never cached) and compares the two rankings. Progress and stop as for tune.
CompareMeasuredResult compareMeasured(const CompareMeasuredRequest& request, const RunControl& control = {});

struct MeasurementListRequest {
    std::filesystem::path cachePath;
    // Only this launch's measurements (null: every launch), of this measured device ("" : any).
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::string measuredDevice;
};

struct MeasurementListResult {
    std::filesystem::path cachePath;
    std::vector<measure::Measurement> measurements;
    std::vector<std::string> notes;  // damaged rows left out, with their ids
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

// Read only: a missing cache file is an error.
MeasurementListResult listMeasurements(const MeasurementListRequest& request);

// The measured time of every candidate of a space (the explorer's "measured" column): the median
// p50 of the timed measurements of the same config of the launch, on one measured device.
struct MeasuredForSpaceRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::shared_ptr<const space::CandidateSpace> space;
    std::filesystem::path cachePath;  // empty: defaultCachePath of the analysis' workload
    std::string measuredDevice;       // empty: the device with the most timed measurements
};

struct MeasuredForSpaceResult {
    std::vector<double> p50Ms;  // one per space candidate; NaN where the config was not measured
    std::string measuredDevice;
    std::size_t matched = 0;    // candidates with a measured time
    std::optional<std::string> error;  // the cache could not be read (a missing file is no error)
};

MeasuredForSpaceResult measuredForSpace(const MeasuredForSpaceRequest& request);

// ---- ranking a tuning by measured time ----

// Which time ranks a tuning's candidates: the simulated one (the tuning's own pick), the one
// measured on real hardware (the config cache's measurements of the launch), or `Auto`: measured
// when every candidate the tuning ran has a measurement on the measured device, else simulated.
enum class RankBy { Simulated, Measured, Auto };
std::string_view rankByName(RankBy rankBy);  // "simulated", "measured", "auto"
std::optional<RankBy> parseRankBy(std::string_view name);

struct RankRequest {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::shared_ptr<const cache::TuningRecord> record;  // the tuning to rank (fresh or cached)
    RankBy rankBy = RankBy::Auto;
    std::filesystem::path cachePath;  // where the measurements are; empty: defaultCachePath
    std::string measuredDevice;       // empty: the device with the most timed measurements of the launch
};

struct TuningRanking {
    RankBy requested = RankBy::Simulated;
    bool byMeasured = false;           // what ranked the list
    std::string measuredDevice;        // whose measurements were read ("" when none were)
    std::vector<double> measuredMs;    // per record candidate: the median measured p50, NaN when none
    std::size_t ran = 0;               // candidates the tuning ran (benchmarked or failed to compile)
    std::size_t measured = 0;          // of those, measured on measuredDevice
    std::vector<std::size_t> order;    // record candidates, first ranked first (unmeasured ones after)
    std::optional<std::size_t> best;   // the first of order; under simulated, the record's own best
    std::string text;                  // "ranked by the measured p50 on NVIDIA H200 (64 of 64 candidates measured)"
    std::string why;                   // auto: why this time ranked the list
    std::optional<std::string> error;  // `Measured` asked for and nothing measured, or the cache unreadable
    bool ok() const { return !error.has_value(); }
};

// Read only: the cache is opened read-only; a missing cache has no measurements.
TuningRanking rankTuning(const RankRequest& request);

// The same decision over times the caller holds (the explorer: a tuning's times per space
// candidate and measuredForSpace's): which time ranks, the best, the counts, and with `withOrder`
// the order. Texts and the measured device are left to the caller. O(n) without the order.
struct RankInputs {
    std::vector<tuning::RankTimes> simulated;  // per candidate; +inf where it has no simulated time
    std::vector<double> measuredMs;            // per candidate; NaN where not measured (may be empty)
    std::vector<bool> ran;                     // the tuning ran it (benchmarked or failed to compile)
    std::optional<std::size_t> simulatedBest;  // the tuning's own pick
};
TuningRanking rankCandidates(const RankInputs& inputs, RankBy rankBy, bool withOrder = true);

// The measurement key of an analysed launch (tuningKeyFor without the simulated device, bench
// method and simulator version).
cache::TuningKey launchKeyFor(const analysis::KernelAnalysis& analysis);
// ---- calibrate ----

// Fits the device profile's uncertain figures to measured times (core/calibrate/calibration.h)
// from runner results files (docs/MEASUREMENTS.md) and from a config cache's measurements, whatever
// file they were imported from (runner JSON, Triton .autotune.json files, TRITON_PRINT_AUTOTUNING
// logs): each measured launch is simulated with the workload its measurements were imported with.
struct CalibrateRequest {
    std::vector<std::filesystem::path> measurements;
    std::filesystem::path cache;        // a config cache whose measurements are samples too ("": none)
    std::string measuredOn;             // the cache's measured device; "" when it has one only
    npu::DeviceProfile device;
    calibrate::CalibrationOptions options;  // progress and stop come from the RunControl
};

struct CalibrateResult {
    calibrate::CalibrationResult calibration;
    std::size_t measuredCandidates = 0;    // ok candidates read (a cache: configs of timed measurements)
    std::size_t skippedCandidates = 0;     // not ok (failed, timed out, not run), or not usable from the cache
    std::vector<std::string> files;        // as named in the fitted figures' source
    // Where the samples came from, for people: each file, and the cache with its measured device,
    // launches and the files its measurements were imported from.
    std::vector<std::string> sources;
    std::string profileText;               // the fitted profile as a device file (JSON)
    std::string error;                     // a file does not read, or nothing to fit
    bool ok() const { return error.empty(); }
};

CalibrateResult calibrate(const CalibrateRequest& request, const RunControl& control = {});

// ---- capture ----

// Runs the user's program under the capture hook (resources/capture: a sitecustomize put first on
// the program's PYTHONPATH) and writes the capture folder (core/capture): one workload per kernel
// and autotune key value it launched, its kernel's source beside it, and capture.json. Or writes
// the folder from a raw capture made elsewhere by the hook alone (tilescope_capture.py).
struct CaptureRequest {
    std::vector<std::string> command;   // the program to run (empty: read rawFolder instead)
    std::filesystem::path rawFolder;    // the hook's records of a run elsewhere
    std::filesystem::path folder;       // the capture folder to write: absent, or an empty folder
    bool allJit = false;                // every @triton.jit launch too, not only autotuned ones
    std::optional<kernel::BackendVersion> backend;  // written into every workload when given
    std::filesystem::path hookFolder;   // empty: the capture/ folder of the bundled resources
};

struct CaptureResult {
    bool ran = false;                             // the program was started
    std::optional<int> exitStatus;                // the program's; 127 when it could not be started
    std::optional<capture::CaptureIndex> index;   // the folder written
    Diagnostics problems;                         // records or files that could not be used
    std::optional<std::string> error;             // nothing written: no hook, a folder in the way, ...
    bool ok() const { return !error.has_value(); }
};

CaptureResult capture(const CaptureRequest& request);

// The index of a capture folder, every field checked (capture::readCaptureIndex).
capture::IndexReadResult readCapture(const std::filesystem::path& folder);

// Where the capture hook is: the first resource folder with capture/sitecustomize.py; empty when
// none has it.
std::filesystem::path captureHookFolder();

} // namespace ts::pipeline
