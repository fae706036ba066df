#pragma once
// Tuning through the config cache, as every headless command does it: look the launch up, reuse
// a fresh entry, tune on a miss (or a stale entry, or when forced) and store the new tuning.
// The cache never costs a result: when it fails, the tuning is still returned with the error.

#include "core/analysis/kernel_analysis.h"
#include "core/cache/config_cache.h"
#include "core/npu/device_profile.h"
#include "core/space/candidate_space.h"
#include "core/tuning/tuning_session.h"

#include <optional>
#include <stop_token>
#include <string>

namespace ts::batch {

struct CachedTuningOptions {
    tuning::TuningOptions tuning;
    space::SpaceOptions space;     // lattice follows tuning.lattice
    bool force = false;            // tune even when a fresh entry exists
    bool store = true;             // store a finished tuning (never a stopped one)
};

struct CachedTuning {
    cache::TuningKey key;
    // The tuning: from the cache on a hit, else the one just run. Absent when the tuning found
    // no config (see error) or was stopped.
    std::optional<cache::TuningRecord> record;
    bool fromCache = false;
    // A stale entry of the same key that was found (and replaced when the new tuning was stored).
    std::optional<std::int64_t> staleId;
    std::string staleCreatedAt;
    std::optional<std::int64_t> storedId;  // the id the new tuning was stored under
    std::optional<msg::Message> cacheError; // lookup or store failed; the tuning itself is kept
    std::optional<msg::Message> error;     // the tuning failed as the backend would raise
    bool stopped = false;
    // Set when the tuning ran here (not on a hit), for callers that print the full session.
    std::optional<space::CandidateSpace> space;
    std::optional<tuning::TuningResult> result;
};

// `cache` may be null (no caching). A lattice tuning is cached under its own key (the key's
// candidate set names the subset), never in the place of the backend's own pick.
CachedTuning tuneCached(const analysis::KernelAnalysis& analysis, const npu::DeviceProfile& device,
                        cache::ConfigCache* cache, const CachedTuningOptions& options,
                        const tuning::TuningCallbacks& callbacks = {}, std::stop_token stop = {});

// The tuning half of tuneCached, for a front end that built the space itself (the explorer shows
// it before tuning): tunes `space` and stores the record by the same rules (a finished tuning
// with a best; never a stopped one). No lookup; the result's `space` is left
// empty, the caller has it.
CachedTuning tuneSpace(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                       const npu::DeviceProfile& device, cache::ConfigCache* cache, const CachedTuningOptions& options,
                       const tuning::TuningCallbacks& callbacks = {}, std::stop_token stop = {});

} // namespace ts::batch
