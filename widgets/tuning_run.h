#pragma once
// A tuning as the views see it: the candidates that finished, in the order they finished, with
// what the table and the charts need (timings, outcome, failure, per-pipe times, modelled
// compile and benchmark time). Filled batch by batch on the GUI thread while the tuning runs,
// replaced by the final figures when it ends. Never shared with a worker.

#include "core/space/candidate_space.h"
#include "core/tuning/tuning_session.h"
#include "widgets/candidate_table_model.h"

#include <cstdint>
#include <QString>

class QLabel;
class QWidget;

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ts::gui {

// One finished candidate, flattened from tuning::CandidateOutcome (times in µs unless named).
struct TunedCandidate {
    std::size_t candidate = 0;  // index in the space
    tuning::OutcomeStatus status = tuning::OutcomeStatus::NotTuned;
    npu::CompileFailure failure = npu::CompileFailure::None;
    msg::Message failureMessage;
    double p50Us = 0, p20Us = 0, p80Us = 0;
    double rankUs = 0;          // what the autotuner compares (p50, or the mean with the profiler)
    double compileSeconds = 0;  // modelled, real toolchain
    double benchSeconds = 0;    // modelled
    double sessionSeconds = 0;  // profiler session, paid once per tuning
    double deviceUs = 0;
    npu::PipeTimes breakdown;   // deviceUs attributed to the pipes along the critical path
    npu::PipeTimes busy;        // how long each pipe of the slowest core works (0: not known)
    double rooflineUs = 0;
    std::string limiter;        // "memory", "vector" or "cube"
    std::int64_t ubPeakBytes = 0, ubCapacityBytes = 0, programs = 0;

    bool measured() const
    {
        return status == tuning::OutcomeStatus::Benchmarked || status == tuning::OutcomeStatus::Best;
    }
};

TunedCandidate tunedCandidate(std::size_t index, const tuning::CandidateOutcome& outcome);
// Why the candidate failed to compile, in the reader's language (empty when it did not).
QString failureReason(const TunedCandidate& candidate);
// Triton-Ascend's comparison: rank, then p20, then p80.
bool fasterThan(const TunedCandidate& a, const TunedCandidate& b);

// The finished candidates as immutable chunks (one per batch): a snapshot is a few pointers,
// and a worker thread may read it while the GUI thread appends more.
using TunedChunk = std::shared_ptr<const std::vector<TunedCandidate>>;

struct TuningSnapshot {
    std::vector<TunedChunk> chunks;
    std::vector<std::size_t> chunkStart;  // entry index of each chunk's first candidate
    std::size_t count = 0;
    std::size_t total = 0;                // candidates to tune
    std::optional<std::size_t> bestCandidate;
    int workers = 1;                      // modelled compile workers
    bool benchmarks = true;               // tuning::benchmarksList: a single config is not benchmarked
    double ubTunerSeconds = 0;            // the finished tuning's UB tuner time (tuning::ModelledTime)
    bool finished = false;
    // The candidates' statuses: an incorrect config (a wrong result) runs, but is never the best.
    std::shared_ptr<const space::CandidateSpace> space;

    const TunedCandidate& at(std::size_t entry) const;
    bool incorrect(const TunedCandidate& t) const
    {
        return space && space->status(t.candidate) == space::CandidateStatus::Incorrect;
    }
    template <typename F>
    void forEach(F&& f) const
    {
        std::size_t e = 0;
        for (const TunedChunk& chunk : chunks)
            for (const TunedCandidate& t : *chunk)
                f(e++, t);
    }
};

// The modelled wall time of the tuning on the real toolchain (tuning::modelTuningTime): the compile
// workers, each with the candidates it compiled (longest first onto the least loaded worker),
// then the benchmark runs one after the other on the device, then the UB tuner's time.
struct TimelineSpan {
    double start = 0;
    double end = 0;
    std::uint32_t entry = 0;  // into the snapshot
};

struct BestStep {
    double seconds = 0;  // when the run that set it ended
    double bestUs = 0;   // the best p50 so far
    std::uint32_t entry = 0;
};

struct TuningTimeline {
    int workers = 1;
    std::vector<std::vector<TimelineSpan>> compileLanes;  // one per worker, by start
    std::vector<TimelineSpan> benchRuns;                  // in benchmark order
    double compileSeconds = 0;                            // the slowest worker
    double sessionSeconds = 0;                            // before the first benchmark run
    double ubTunerSeconds = 0;                            // after the benchmark runs
    double totalSeconds = 0;
    std::vector<BestStep> bestSoFar;                      // one step per improvement
};

// Pure: safe on any thread.
TuningTimeline buildTimeline(const TuningSnapshot& snapshot);

// Where a tuning shown came from when it did not run here: the config cache, with the date and
// the versions that made it.
struct CachedOrigin {
    std::string cachePath;
    std::int64_t id = 0;
    std::string createdAt;         // ISO 8601 UTC
    std::string tilescopeVersion;  // "" when the entry predates the field
    std::string backend;           // the backend version's name
    std::string simulatorVersion;
};

// "Cached tuning of 2026-11-20 10:12 UTC · TileScope 0.9.0 · backend 2026-08 · simulator sim-2"
QString cachedOriginText(const CachedOrigin& origin);
// "low", "medium", "high", translated.
QString confidenceLevelText(tuning::ConfidenceLevel level);
// How far a finished tuning's pick can be trusted, for the best's detail pane: the level and one
// line per reason, translated, as HTML.
QString confidenceHtml(const tuning::TuningConfidence& confidence);

class TuningRun;
// The label the result views put above a tuning read from the cache (object name
// "cachedOrigin"), and how it follows the run shown: the origin's text, hidden for a run made here.
QLabel* cachedOriginLabel(QWidget* parent);
void showCachedOrigin(QLabel* label, const TuningRun* run);

class TuningRun {
public:
    // What one batch changed, for incremental view updates.
    struct Update {
        std::size_t firstEntry = 0;
        std::size_t count = 0;
        std::size_t minCandidate = 0;  // the candidates touched span [min, max]
        std::size_t maxCandidate = 0;
        bool bestChanged = false;
        std::optional<std::size_t> previousBest;  // candidate
        bool finished = false;
    };

    // Everything a batch or the end of the tuning changes.
    struct State {
        std::vector<TunedChunk> chunks;
        std::vector<std::size_t> chunkStart;
        std::size_t count = 0;
        std::unordered_map<std::size_t, std::uint32_t> entryOf;  // candidate -> entry, for those finished
        std::optional<std::uint32_t> best;  // entry
        std::size_t measured = 0;
        std::size_t failed = 0;
        std::size_t cut = 0; // cut by the time budget before benchmarking
        std::shared_ptr<CandidateTimings> timings;
    };
    // The final state of a finished tuning, built where the result is (off the GUI thread).
    static State finalState(std::size_t spaceSize, const tuning::TuningResult& result);

    // `backend` and `hostCores` (tuning::modelledHostCores) decide the modelled compile workers.
    TuningRun(std::shared_ptr<const space::CandidateSpace> space, tuning::TuningOptions options,
              std::string device, std::size_t total, kernel::BackendVersion backend, int hostCores);

    const std::shared_ptr<const space::CandidateSpace>& space() const { return m_space; }
    const tuning::TuningOptions& options() const { return m_options; }
    const std::string& device() const { return m_device; }
    std::size_t total() const { return m_total; }  // candidates to tune
    std::size_t entryCount() const { return m_state.count; }
    const TunedCandidate& entry(std::size_t e) const;
    std::size_t measuredCount() const { return m_state.measured; }
    std::size_t failedCount() const { return m_state.failed; }
    std::size_t cutCount() const { return m_state.cut; }
    const TunedCandidate* entryFor(std::size_t candidate) const;
    // The chosen candidate once finished, the fastest so far before.
    std::optional<std::size_t> bestCandidate() const;
    const TunedCandidate* bestEntry() const;
    // The timings and outcomes of the candidates tuned, for the table; updated in place by append().
    std::shared_ptr<const CandidateTimings> timings() const { return m_state.timings; }
    // Compile workers of the modelled NPU host (tuning::compileWorkerRule for the backend: 2026-04
    // half the cores, 2026-08 three quarters, at most one per candidate; one when sequential).
    int modelledWorkers() const;
    int hostCores() const { return m_hostCores; }
    TuningSnapshot snapshot() const;

    bool isFinished() const { return m_result != nullptr; }
    // Set for a tuning read back from the config cache rather than run here.
    const std::optional<CachedOrigin>& cachedOrigin() const { return m_origin; }
    void setCachedOrigin(CachedOrigin origin) { m_origin = std::move(origin); }
    // When the tuning was made (ISO 8601 UTC), as its cache entry says: a cached run's origin, a
    // finished run's record; empty while it runs.
    std::string tunedAt() const { return m_origin ? m_origin->createdAt : m_tunedAt; }
    void setTunedAt(std::string isoUtc) { m_tunedAt = std::move(isoUtc); }
    const std::shared_ptr<const tuning::TuningResult>& result() const { return m_result; }

    Update append(std::vector<TunedCandidate>&& batch);
    Update finish(std::shared_ptr<const tuning::TuningResult> result, State&& state);

private:
    std::shared_ptr<const space::CandidateSpace> m_space;
    tuning::TuningOptions m_options;
    std::string m_device;
    std::size_t m_total = 0;
    kernel::BackendVersion m_backend = kernel::defaultBackend();
    int m_hostCores = 1;
    State m_state;
    std::shared_ptr<const tuning::TuningResult> m_result;
    std::optional<CachedOrigin> m_origin;
    std::string m_tunedAt;
};

} // namespace ts::gui
