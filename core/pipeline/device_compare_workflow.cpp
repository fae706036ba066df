// The workflow's device comparison: each device's own tuning (through `tune`, so cached), then
// the configs of every device simulated by hand on the others, then the regret matrix and the
// covering list (core/sweep/device_compare.h).

#include "core/pipeline/workflow.h"

#include "core/pipeline/run_progress.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <map>
#include <set>

namespace ts::pipeline {
namespace {

// A RunControl for one step of the comparison: its progress placed among the steps.
RunControl stepControl(const RunControl& control, std::size_t step, std::size_t steps,
                       const msg::Message& name)
{
    RunControl out;
    out.stop = control.stop;
    out.workerStep = control.workerStep;
    if (control.progress) {
        out.progress = [&control, step, steps, name](const RunProgress& p) {
            RunProgress report = p;
            report.item = step;
            report.items = steps;
            report.itemName = name.english();
            report.itemMessage = name;
            const double inner = p.fraction < 0 ? 0.0 : std::clamp(p.fraction, 0.0, 1.0);
            report.fraction = (double(step) + inner) / double(std::max<std::size_t>(steps, 1));
            control.progress(report);
        };
        RunProgress start;
        start.item = step;
        start.items = steps;
        start.itemName = name.english();
        start.itemMessage = name;
        start.fraction = double(step) / double(std::max<std::size_t>(steps, 1));
        control.progress(start);
    }
    return out;
}

std::optional<space::TritonConfig> tritonConfig(const sweep::CoverConfig& config)
{
    space::TritonConfig t;
    for (const auto& [name, text] : config.params) {
        auto v = space::paramFromPython(text);
        if (!v)
            return std::nullopt;
        t.kwargs.emplace_back(name, *v);
    }
    t.numWarps = config.numWarps;
    t.numStages = config.numStages;
    return t;
}

std::string failureText(const tuning::CandidateOutcome& o)
{
    if (o.status == tuning::OutcomeStatus::CompileFailed)
        return std::string(npu::compileFailureName(o.failure)) + ": " + o.failureMessage.english();
    return "not run";
}

} // namespace

CompareDevicesResult compareDevices(const CompareDevicesRequest& request, const RunControl& control)
{
    CompareDevicesResult out;
    sweep::DeviceComparison& cmp = out.comparison;
    cmp.cover.tolerance = request.cover.tolerance;
    auto fail = [&](msg::Message why) {
        out.error = std::move(why);
        return out;
    };
    if (!request.analysis || !request.analysis->kernel)
        return fail(msg::Message(msg::Id::DeviceCompareNoKernel));
    if (request.devices.size() < 2)
        return fail(msg::Message(msg::Id::DeviceCompareTooFew));
    std::set<std::string> seen;
    for (const npu::DeviceProfile& d : request.devices)
        if (!seen.insert(d.soc).second)
            return fail(msg::Message(msg::Id::DeviceCompareNamedTwice, {d.soc}));
    const analysis::KernelAnalysis& a = *request.analysis;
    cmp.kernelName = a.kernel->name;
    cmp.backend = std::string(kernel::backendName(a.workload.backend));
    cmp.benchMethod = std::string(npu::benchMethodName(request.options.method));
    if (a.kernel->autotune) {
        const kernel::AutotuneSpec& spec = *a.kernel->autotune;
        if (spec.keyDict)
            for (const auto& [axis, argument] : *spec.keyDict)
                cmp.key.axes.emplace_back(axis, argument);
        else
            cmp.key.names = spec.keyList;
    }

    tuning::TuningOptions options = request.options;
    options.lattice = false;
    const std::size_t n = request.devices.size();
    const std::size_t steps = 2 * n;
    std::map<std::string, std::size_t> index; // config id -> index into cmp.configs
    std::vector<std::optional<cache::TuningRecord>> records(n);

    // 1. Each device tunes its own list.
    for (std::size_t j = 0; j < n; ++j) {
        const npu::DeviceProfile& device = request.devices[j];
        sweep::DeviceEntry& entry = cmp.devices.emplace_back();
        entry.device = device.soc;
        if (control.stop.stop_requested()) {
            out.stopped = true;
            entry.error = msg::Message(msg::Id::DeviceStoppedBeforeTuning);
            continue;
        }
        if (control.log)
            control.log("[" + std::to_string(j + 1) + "/" + std::to_string(n) + "] tuning on " + device.soc);
        TuneRequest tune;
        tune.analysis = request.analysis;
        tune.device = device;
        tune.options = options;
        tune.cache = request.cache;
        TuneResult tuned = pipeline::tune(
            tune, stepControl(control, j, steps, msg::Message(msg::Id::DeviceStepTuningOn, {device.soc})));
        if (out.cachePath.empty() && !tuned.cachePath.empty()) {
            out.cachePath = tuned.cachePath;
            out.cacheNotices = tuned.cacheNotices;
        }
        if (tuned.cacheError)
            cmp.notes.emplace_back(msg::Id::ValuesWhy,
                                   std::initializer_list<msg::Arg>{device.soc, *tuned.cacheError});
        entry.fromCache = tuned.fromCache;
        entry.tritonAscendSupported = device.tritonAscendSupported;
        if (tuned.stopped) {
            out.stopped = true;
            entry.error = msg::Message(msg::Id::DeviceStoppedWhileTuning);
            continue;
        }
        if (!tuned.record) {
            entry.error = tuned.error.value_or(msg::Message(msg::Id::TuningFoundNoConfig));
            continue;
        }
        records[j] = std::move(tuned.record);
    }

    // The configs benchmarked somewhere, and their own times.
    cmp.times.assign(n, {});
    std::vector<std::vector<std::pair<std::size_t, sweep::DeviceTime>>> measured(n);
    for (std::size_t j = 0; j < n; ++j) {
        if (!records[j])
            continue;
        const cache::TuningRecord& record = *records[j];
        for (const cache::CandidateRecord& c : record.candidates) {
            if (c.status != cache::CandidateStatus::Pruned && c.status != cache::CandidateStatus::Skipped)
                ++cmp.devices[j].tunedCandidates;
            if (!cache::isMeasured(c))
                continue;
            const std::string id = sweep::configId(c.params, c.numWarps, c.numStages);
            auto [it, added] = index.emplace(id, cmp.configs.size());
            if (added)
                cmp.configs.push_back(sweep::CoverConfig{c.params, c.numWarps, c.numStages, id});
            measured[j].push_back({it->second, sweep::DeviceTime{c.p50Ms, true, {}}});
        }
        if (const cache::CandidateRecord* best = record.best(); best && best->p50Ms) {
            cmp.devices[j].best = index.at(sweep::configId(best->params, best->numWarps, best->numStages));
            cmp.devices[j].bestMs = *best->p50Ms;
        }
    }
    const std::size_t universe = cmp.configs.size();
    for (std::size_t j = 0; j < n; ++j) {
        cmp.times[j].assign(universe, sweep::DeviceTime{});
        for (auto& [c, t] : measured[j]) {
            sweep::DeviceTime& slot = cmp.times[j][c];
            if (!slot.p50Ms || (t.p50Ms && *t.p50Ms < *slot.p50Ms))
                slot = t;
        }
    }

    // 2. Which configs go to the other devices: all, or beyond the limit only the useful ones.
    std::vector<bool> wanted(universe, true);
    if (universe > request.maxCrossConfigs) {
        out.crossLimited = true;
        std::fill(wanted.begin(), wanted.end(), false);
        for (std::size_t j = 0; j < n; ++j) {
            const sweep::DeviceEntry& e = cmp.devices[j];
            if (!e.best)
                continue;
            wanted[*e.best] = true;
            for (std::size_t c = 0; c < universe; ++c)
                if (cmp.times[j][c].p50Ms &&
                    *cmp.times[j][c].p50Ms <= e.bestMs * (1.0 + request.cover.tolerance))
                    wanted[c] = true;
        }
        const auto kept = std::count(wanted.begin(), wanted.end(), true);
        cmp.notes.emplace_back(universe == 1 ? msg::Id::DeviceCompareOnlyWithinTolerance1
                                             : msg::Id::DeviceCompareOnlyWithinTolerance,
                               std::initializer_list<msg::Arg>{msg::count(std::int64_t(universe)),
                                                               msg::count(std::int64_t(kept))});
    }

    // 3. On each device, the configs its tuning did not measure, written by hand. Its own best
    // goes first, so that with the npu method more than one config is benchmarked (a lone config
    // is timed by do_bench instead) and the times stay comparable with its own tuning's.
    for (std::size_t j = 0; j < n; ++j) {
        const npu::DeviceProfile& device = request.devices[j];
        if (control.stop.stop_requested()) {
            out.stopped = true;
            break;
        }
        std::vector<std::size_t> missing;
        space::LaunchSpec launch = launchSpecFor(a);
        launch.userConfigs.clear();
        launch.autoGenConfigHint = false;
        launch.asWritten = true; // its handwritten list is taken as written
        if (const auto& best = cmp.devices[j].best)
            if (auto t = tritonConfig(cmp.configs[*best]))
                launch.userConfigs.push_back(std::move(*t));
        const std::size_t lead = launch.userConfigs.size();
        for (std::size_t c = 0; c < universe; ++c) {
            if (!wanted[c] || cmp.times[j][c].p50Ms)
                continue;
            auto t = tritonConfig(cmp.configs[c]);
            if (!t) {
                cmp.times[j][c].failure = "its parameters cannot be written by hand";
                continue;
            }
            launch.userConfigs.push_back(std::move(*t));
            missing.push_back(c);
        }
        if (missing.empty())
            continue;
        if (control.log)
            control.log("[" + std::to_string(j + 1) + "/" + std::to_string(n) + "] " + device.soc + ": " +
                        formatCount(std::int64_t(missing.size()), "config") + " of the other devices");
        const RunControl step =
            stepControl(control, n + j, steps, msg::Message(msg::Id::DeviceStepOtherConfigs, {device.soc}));
        space::SpaceOptions spaceOptions;
        spaceOptions.recordTrail = false;
        spaceOptions.stop = control.stop;
        const space::CandidateSpace space =
            space::CandidateSpace::build(a.parse, launch, {}, space::fromProfile(device), spaceOptions);
        tuning::TuningOptions handOptions = options;
        handOptions.cacheResults = false;
        tuning::TuningCallbacks callbacks;
        callbacks.progress = tuningProgress(step);
        callbacks.workerStep = control.workerStep;
        const tuning::TuningResult result =
            tuning::tune(a, space, device, handOptions, callbacks, control.stop);
        if (result.stopped)
            out.stopped = true;
        // The u-th handwritten candidate of the space is the u-th config given.
        std::size_t u = 0;
        for (std::size_t i = 0; i < space.size(); ++i) {
            if (space.status(i) != space::CandidateStatus::User)
                continue;
            const std::size_t k = u++;
            if (k < lead)
                continue;
            if (k - lead >= missing.size())
                break;
            sweep::DeviceTime& slot = cmp.times[j][missing[k - lead]];
            const tuning::CandidateOutcome& o = result.outcomes[i];
            if (o.status == tuning::OutcomeStatus::Benchmarked || o.status == tuning::OutcomeStatus::Best) {
                slot.p50Ms = o.bench.p50Ms;
                ++out.crossMeasurements;
            } else {
                slot.failure = failureText(o);
            }
        }
    }

    sweep::computeRegret(cmp);
    sweep::chooseDeviceList(cmp, request.cover);
    if (out.stopped)
        cmp.notes.emplace_back(msg::Id::DeviceCompareStopped);
    return out;
}

CompareDevicesResult recoverDevices(const CompareDevicesResult& result, const sweep::CoverOptions& cover)
{
    CompareDevicesResult copy = result;
    if (copy.ok())
        sweep::chooseDeviceList(copy.comparison, cover);
    return copy;
}

} // namespace ts::pipeline
