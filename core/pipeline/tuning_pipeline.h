#pragma once
// From a tuning session to what the config cache keeps, and back: the glue the CLI and the GUI
// share so that both key, store and reuse tunings the same way.

#include "core/analysis/kernel_analysis.h"
#include "core/cache/tuning_record.h"
#include "core/space/candidate_space.h"
#include "core/tuning/tuning_session.h"

#include <cstddef>
#include <memory>
#include <string>

namespace ts::pipeline {

// SHA-256 of the kernel as written: its decorators' text and the function's source. Editing the
// body, the configs or the key makes the cached tunings of this kernel stale.
std::string kernelSourceHash(const analysis::KernelAnalysis& analysis);

// The cache key of a launch: the kernel's key arguments with their values, then the dtypes of
// the tensor arguments (as Triton-Ascend keys its autotune cache), plus the device, the
// benchmark method, the simulator version and the workload's backend version.
cache::TuningKey tuningKeyFor(const analysis::KernelAnalysis& analysis, const std::string& device,
                              npu::BenchMethod method);

// The candidate set of a tuning, as its cache key names it (cache::TuningKey::candidateSet): ""
// for the backend's own list; for a lattice tuning "lattice", then " filter=<the query, its
// terms separated by one space>", " selection=<count>:<SHA-256 prefix of the sorted indices>"
// and " limit=<N>" when set. Two subsets of the same launch are two cache entries.
std::string candidateSetText(const tuning::TuningOptions& options);

// tuningKeyFor with the options' method and candidate set: the key a tuning with `options` is
// stored under.
cache::TuningKey tuningKeyFor(const analysis::KernelAnalysis& analysis, const std::string& device,
                              const tuning::TuningOptions& options);

// The stored status of a space candidate: the tuning's outcome when it was tuned, else the
// space's verdict.
cache::CandidateStatus storedStatus(space::CandidateStatus spaceStatus, tuning::OutcomeStatus outcome);

// Candidates kept per tuning: a lattice tuning of a million points would make a cache entry of
// hundreds of megabytes, so beyond this the record keeps the backend's list, the best and the
// fastest of the rest, and says so in its notes.
inline constexpr std::size_t kMaxStoredCandidates = 20'000;

// The record of a finished tuning. Candidates are stored in the order they were tuned, then the
// backend-list candidates that were not tuned (pruned / skipped by the space); bestIndex points
// into that list. Each candidate's breakdown is compact JSON: device time, the per-pipe times,
// the roofline, the UB footprint and the modelled compile and bench times. The details hold the
// rest of the session (modelled tuning time, host threads and time, diagnostics): everything
// the tune report shows, which is printed from this record whether fresh or cached.
cache::TuningRecord recordFromTuning(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                     const tuning::TuningResult& result, const tuning::TuningOptions& options,
                                     std::size_t maxCandidates = kMaxStoredCandidates);

// A stored tuning laid back onto the space it was made for (the same launch, rebuilt), so that a
// cached tuning shows as a finished one: each stored candidate is matched to the space candidate
// of the same config, its outcome and figures are read back from the record (times, the per-pipe
// breakdown, the roofline, the UB footprint and the modelled compile and bench times), the best
// is the record's, and the modelled totals come from its details. What the record does not keep
// is left at its default: the mean under the NPU profiler (rank is p50), the per-tuning profiler
// session (folded into the first benchmark run), the UB tuner's search.
struct RecordOnSpace {
    std::shared_ptr<const tuning::TuningResult> result;
    std::size_t matched = 0;    // stored candidates found in the space
    std::size_t unmatched = 0;  // stored candidates the space does not have (the record is of another space)
};
RecordOnSpace tuningFromRecord(const cache::TuningRecord& record, const space::CandidateSpace& space);

} // namespace ts::pipeline
