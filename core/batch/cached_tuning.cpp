#include "core/batch/cached_tuning.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"

#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/util/message.h"

namespace ts::batch {

namespace {

// Tunes `space` into `out` and stores the record when the rules allow.
void tuneInto(CachedTuning& out, const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
              const npu::DeviceProfile& device, cache::ConfigCache* cache, const CachedTuningOptions& options,
              const tuning::TuningCallbacks& callbacks, std::stop_token stop)
{
    out.result.emplace(tuning::tune(analysis, space, device, options.tuning, callbacks, stop));
    const tuning::TuningResult& result = *out.result;
    out.stopped = result.stopped;
    if (result.error)
        out.error = result.error;
    else if (!result.best && !result.stopped)
        out.error = msg::Message(msg::Id::TuningNothingBenchmarked);
    if (result.stopped || !result.best)
        return;  // a partial or failed tuning is not worth keeping

    out.record = pipeline::recordFromTuning(analysis, space, result, options.tuning);
    if (out.record->createdAt.empty())
        out.record->createdAt = cache::nowIsoUtc();
    if (cache && options.store) {
        // Also after a failed lookup: a busy file may have freed up.
        cache::CacheResult<std::int64_t> stored = cache->store(*out.record);
        if (stored.ok()) {
            out.storedId = *stored.value;
            out.record->id = *stored.value;
        } else if (!out.cacheError) {
            out.cacheError = stored.error->text;
        }
    }
}

// Whether a stored tuning ran with the UB tuner mode this one would (only a version with a UB
// tuner runs one): the key leaves it out, so a tuning with another mode is tuned again and
// replaces the entry.
bool sameUbTuner(const cache::TuningRecord& record, const analysis::KernelAnalysis& analysis,
                 const tuning::TuningOptions& options)
{
    const tuning::UbTunerMode wanted =
        backends::policy(analysis.parse.backend).hasUbTuner() ? options.ubTuner : tuning::UbTunerMode::Off;
    const std::string stored = record.details ? record.details->ubTuner : std::string("off");
    return stored == tuning::ubTunerModeName(wanted);
}

} // namespace

CachedTuning tuneCached(const analysis::KernelAnalysis& analysis, const npu::DeviceProfile& device,
                        cache::ConfigCache* cache, const CachedTuningOptions& options,
                        const tuning::TuningCallbacks& callbacks, std::stop_token stop)
{
    CachedTuning out;
    out.key = pipeline::tuningKeyFor(analysis, device.soc, options.tuning);
    if (cache) {
        cache::LookupResult found = cache->lookup(out.key, out.key.sourceHash);
        if (!found.ok()) {
            out.cacheError = found.error->text;
        } else if (found.freshness == cache::Freshness::Fresh && found.record && !options.force &&
                   sameUbTuner(*found.record, analysis, options.tuning)) {
            out.record = std::move(found.record);
            out.fromCache = true;
            return out;
        } else if (found.freshness == cache::Freshness::Stale && found.record) {
            out.staleId = found.record->id;
            out.staleCreatedAt = found.record->createdAt;
        }
    }

    space::SpaceOptions spaceOptions = options.space;
    spaceOptions.lattice = options.tuning.lattice;
    out.space.emplace(pipeline::buildSpace(analysis, device, spaceOptions));
    tuneInto(out, analysis, *out.space, device, cache, options, callbacks, stop);
    return out;
}

CachedTuning tuneSpace(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                       const npu::DeviceProfile& device, cache::ConfigCache* cache, const CachedTuningOptions& options,
                       const tuning::TuningCallbacks& callbacks, std::stop_token stop)
{
    CachedTuning out;
    out.key = pipeline::tuningKeyFor(analysis, device.soc, options.tuning);
    tuneInto(out, analysis, space, device, cache, options, callbacks, stop);
    return out;
}

} // namespace ts::batch
