#pragma once
// Shape sweeps: tune one kernel over a grid of shapes, report the best config of every shape,
// and propose the smallest handwritten config list that serves every shape within a tolerance
// of that shape's own best (the covering config set).
//
// Ranges (`--range`):
//   n=1024..16777216:x2   geometric: 1024, 2048, ... up to and including the end when reached
//   n=64..512:+64         arithmetic: 64, 128, ..., 512
//   n=1024..8192          the same as :x2
//   n=1000,3000,5000      an explicit list
// Several ranges form their cartesian product (the first range varies slowest).
//
// Which launch values follow a swept argument A (original value v):
//   - A itself takes each value of the range (it must be an integer argument of the launch);
//   - every tensor dimension equal to v follows A, unless v is also the original value of
//     another integer argument of the kernel's key: such a dimension is ambiguous and is left
//     as it is (a note says so; give the shapes explicitly with --arg instead);
//   - other arguments (strides, ...) keep their values.
//
// The covering set: the universe is every config benchmarked at some shape, identified by its
// parameter text plus num_warps and num_stages. Config c covers shape s when its median time at
// s is at most (1 + tolerance) x the best median at s. Its time at s comes from the tuning of s
// when the backend generated c there; otherwise (cross-evaluation, on by default) c is
// benchmarked at s as a handwritten config, as Triton benchmarks a handwritten list at every
// shape. A config that fails at s, or was not measured there, cannot cover s. The smallest such
// list is found exactly (branch and bound, ties broken by the smaller total loss) within a
// search budget; beyond it the best list found so far (at worst the greedy one) is kept and the
// result says so.

#include "core/cache/config_cache.h"
#include "core/cache/tuning_record.h"
#include "core/export/config_list.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/tuning/tuning_session.h"
#include "core/util/message_value.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace ts::sweep {

struct SweepRange {
    std::string name;
    std::vector<std::int64_t> values;  // in range order, no duplicates
};

// Parses one --range. On error returns nullopt and sets *error to a message that quotes the text.
std::optional<SweepRange> parseRange(std::string_view text, msg::Message* error);

inline constexpr std::size_t kMaxRangeValues = 4096;
inline constexpr std::size_t kMaxShapes = 4096;

struct Shape {
    std::vector<std::pair<std::string, std::int64_t>> values;  // range order
    std::string describe() const;                               // "M=128, N=4096"
};

// The cartesian product; an error when it exceeds kMaxShapes or a name repeats.
std::vector<Shape> shapeGrid(const std::vector<SweepRange>& ranges, msg::Message* error);

// The base workload with `shape` applied (rule in the file comment). `keyArguments` are the
// kernel's key argument names (for the ambiguity rule). Returns nullopt with *error when a swept
// name is not an integer argument of the launch. Notes (ambiguous dimensions) are appended.
std::optional<kernel::Workload> workloadForShape(const kernel::Workload& base, const Shape& shape,
                                                 const std::vector<std::string>& keyArguments,
                                                 std::vector<msg::Message>* notes, msg::Message* error);

// ---- the covering config set ----

struct CoverConfig {
    cache::TextPairs params;
    int numWarps = 4;
    int numStages = 3;
    std::string id;  // "BLOCK=128, multibuffer=True; num_warps=4, num_stages=3"
};

struct ShapeCover {
    bool measured = false;             // false: the shape has no benchmarked config (excluded)
    // The fastest config measured at the shape: its own tuning's best, or a config of another
    // shape that beat it there (cross-evaluation). Losses are relative to it.
    std::size_t best = 0;              // config index (into CoverResult::configs)
    double bestMs = 0;
    std::optional<std::size_t> chosen; // the list's fastest config at this shape
    double chosenMs = 0;
    double lossPercent = 0;            // (chosenMs / bestMs - 1) x 100
};

struct CoverResult {
    std::vector<CoverConfig> configs;  // the universe
    std::vector<std::size_t> chosen;   // the proposed list, most-used first
    std::vector<ShapeCover> shapes;    // one per input shape
    // times[s][c]: median ms of config c at shape s (nullopt: not measured there, or it failed).
    std::vector<std::vector<std::optional<double>>> times;
    double tolerance = 0.05;
    bool exact = true;                 // false: the search budget ran out
    std::string method;                // "exact" | "greedy" (the greedy list kept) | "partial" (better
                                       // than greedy, not proven smallest)
    double maxLossPercent = 0;
};

struct CoverOptions {
    double tolerance = 0.05;
    // Branch-and-bound nodes and seconds before the best list found so far (at worst the greedy
    // one) is kept and marked not exact. No seconds: the node budget alone decides, so the
    // answer is the same on any machine (tests).
    std::size_t searchBudget = 2'000'000;
    std::optional<double> searchSeconds = 5.0;
    // Configs whose launch is incorrect at a shape (they leave data unprocessed or reach past
    // the end without a mask) are left out of the cover there, unless asked for.
    bool includeIncorrect = false;
};

// `times[s][c]`: median ms of config c at shape s, nullopt when c was not benchmarked there.
CoverResult coverFromTimes(std::vector<CoverConfig> configs, const std::vector<std::vector<std::optional<double>>>& times,
                           const CoverOptions& options = {});

// Median times measured outside the shapes' own tunings: per shape, config id -> ms.
using ExtraTimes = std::vector<std::map<std::string, double>>;

// The config id CoverConfig::id holds.
std::string configId(const cache::TextPairs& params, int numWarps, int numStages);

// From tunings (one per shape; null = the shape failed and is excluded), plus `extra` times.
CoverResult coverFromRecords(const std::vector<const cache::TuningRecord*>& perShape, const CoverOptions& options = {},
                             const ExtraTimes* extra = nullptr);

// The chosen list as handwritten configs (for exporter::writeAutotuneDecorator).
std::vector<exporter::HandwrittenConfig> handwrittenConfigs(const CoverResult& cover);

// ---- running a sweep ----

struct SweepProgress {
    std::size_t shapesDone = 0;
    std::size_t shapesTotal = 0;
    std::string shape;        // the shape being tuned
    msg::Message step;        // what runs for the shape, when more than its tuning (shape is its English)
    double shapeFraction = 0; // of the current shape's tuning, 0..1
};

struct SweepOptions {
    std::vector<SweepRange> ranges;
    // Instead of ranges: the launches to sweep over, each its own shape (a captured program's
    // launches of one kernel, `sweep DIR`). Their shape is their key arguments' integer values.
    std::vector<kernel::Workload> launches;
    CoverOptions cover;
    tuning::TuningOptions tuning;
    cache::ConfigCache* cache = nullptr;  // reuse fresh entries, store new tunings (may be null)
    bool force = false;                   // tune even when the cache has a fresh entry
    // Benchmark every config at the shapes where the backend did not generate it (see above).
    bool crossEvaluate = true;
    // Beyond this many configs, only those within tolerance at one of their own shapes are
    // cross-evaluated (a note says so).
    std::size_t maxCrossConfigs = 2048;
    // Called on the calling thread between shapes and while a shape tunes.
    std::function<void(const SweepProgress&)> progress;
};

struct ShapeOutcome {
    Shape shape;
    std::optional<cache::TuningRecord> record;  // absent when the shape failed
    bool fromCache = false;
    std::optional<msg::Message> error; // why the shape failed
};

struct SweepResult {
    std::string kernelName;
    std::string device;
    std::string backend;                // the backend version's name ("2026-08")
    exporter::AutotuneKey key;          // the kernel's own key, for the exported list
    std::vector<ShapeOutcome> shapes;
    CoverResult cover;                  // over the shapes that were tuned
    std::vector<msg::Message> notes;    // ambiguous dimensions, cache problems
    std::size_t crossMeasurements = 0;  // config x shape times added by cross-evaluation
    ExtraTimes crossTimes;              // those times, per shape: a new tolerance needs them
    std::optional<msg::Message> error;  // the sweep could not run at all (bad range, bad kernel)
    bool stopped = false;               // cut short: shapes not reached are absent
    bool ok() const { return !error.has_value(); }
};

SweepResult runSweep(const kernel::Workload& base, const npu::DeviceProfile& device, const SweepOptions& options,
                     std::stop_token stop = {});

// The covering list of a finished sweep under other options (another tolerance), from the
// times the sweep measured, cross-evaluation included: what runSweep would have chosen.
CoverResult recover(const SweepResult& result, const CoverOptions& options);

// {"kernel", "device", "tolerance", "method", "exact", "shapes": [{"shape": {...}, "best": {...},
//  "bestMs", "chosen": {...}, "chosenMs", "lossPercent", "fromCache", "error"}], "configs": [...]}
nlohmann::ordered_json sweepToJson(const SweepResult& result);

// The per-shape table and the list, for people.
std::string sweepToText(const SweepResult& result);

} // namespace ts::sweep
