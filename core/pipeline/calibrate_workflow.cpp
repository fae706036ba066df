// calibrate (workflow.h): runner results and a cache's measurements in, a fitted device profile out.

#include "core/pipeline/workflow.h"
#include "core/util/json_reader.h"

#include "core/pipeline/run_progress.h"
#include "core/util/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace ts::pipeline {
namespace {

namespace fs = std::filesystem;

// How a measurement was timed, for the simulated benchmark it is compared with; nullopt for times
// that are not a run of the config (2026-08's rough time-budget estimates).
std::optional<npu::BenchMethod> methodOf(const std::string& benchMethod)
{
    if (benchMethod == "do_bench" || benchMethod == "autotuner")
        return npu::BenchMethod::Default;
    if (benchMethod == "npu_profiler" || benchMethod == "npu_profiler_mean")
        return npu::BenchMethod::Npu;
    return std::nullopt;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

// A measured launch's workload, as stored with its measurements, read and analysed as the kernel
// is now (its source hash tells which measurements are of this source).
struct StoredLaunch {
    std::shared_ptr<const kernel::Workload> workload;
    std::string workloadPath;
    std::string sourceHash;
};

std::optional<StoredLaunch> storedLaunch(const std::map<std::string, cache::LaunchWorkload>& workloads,
                                         const std::string& digest, const fs::path& cachePath, std::string* why)
{
    const auto stored = workloads.find(digest);
    if (stored == workloads.end()) {
        *why = "the cache holds no workload for it (measurements imported before TileScope kept them: import them again)";
        return std::nullopt;
    }
    const cache::LaunchWorkload& w = stored->second;
    kernel::WorkloadLoadResult loaded =
        kernel::parseWorkload(w.workload, w.workloadPath.empty() ? cachePath.string() + " (workload)" : w.workloadPath);
    if (!loaded.workload) {
        *why = "its stored workload does not read: " +
               (loaded.diagnostics.empty() ? std::string("?") : loaded.diagnostics.front().message);
        return std::nullopt;
    }
    std::error_code ec;
    if (!fs::is_regular_file(loaded.workload->kernelPath, ec)) {
        *why = "its kernel " + loaded.workload->kernelPath + " is not here";
        return std::nullopt;
    }
    const AnalyzeResult analysed = analyze({*loaded.workload});
    if (!analysed.ok() || !analysed.analysis->kernel) {
        *why = "its workload does not analyse";
        return std::nullopt;
    }
    return StoredLaunch{std::make_shared<const kernel::Workload>(std::move(*loaded.workload)), w.workloadPath,
                        launchKeyFor(*analysed.analysis).sourceHash};
}

struct CacheSamples {
    calibrate::SampleSet set;
    std::string source;  // for the report
};

// The timed measurements of a cache, one sample per launch and config (the median of its p50s),
// each launch simulated with the workload stored when its measurements were imported. A launch
// without a stored workload, or whose kernel changed since, is left out with a note.
CacheSamples readCacheSamples(const fs::path& path, const std::string& measuredOn,
                              std::vector<std::string>* notes)
{
    CacheSamples out;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        out.set.error = path.string() + ": no such cache (import measurements into it with tilescope measure import)";
        return out;
    }
    cache::OpenOptions options;
    options.readOnly = true;
    cache::OpenResult opened = cache::ConfigCache::open(path, options);
    if (!opened.ok()) {
        out.set.error = opened.error ? opened.error->message : "cannot open " + path.string();
        return out;
    }
    auto measured = opened.cache->measurements();
    auto stored = opened.cache->launchWorkloads();
    if (!measured.ok() || !stored.ok()) {
        out.set.error = (measured.ok() ? stored.error : measured.error)->message;
        return out;
    }
    std::map<std::string, cache::LaunchWorkload> workloads;
    for (cache::LaunchWorkload& w : *stored.value)
        workloads.emplace(w.launchDigest, std::move(w));

    // The measured device: the one asked for, or the only one with timed measurements.
    std::map<std::string, std::size_t> timedOn;
    for (const cache::MeasurementRecord& r : *measured.value)
        if (r.status == "ok" && r.p50Ms)
            ++timedOn[r.device];
    std::string device = measuredOn;
    auto devicesText = [&] {
        std::string names;
        for (const auto& [name, n] : timedOn)
            names += (names.empty() ? "" : ", ") + (name.empty() ? std::string("(unnamed)") : name) + " (" +
                     std::to_string(n) + ")";
        return names;
    };
    if (timedOn.empty()) {
        out.set.error = path.string() + ": no timed measurements (tilescope measure import)";
        return out;
    }
    if (device.empty()) {
        if (timedOn.size() > 1) {
            out.set.error = path.string() + ": timed measurements of several devices, " + devicesText() +
                            ": choose one with --measured-on NAME";
            return out;
        }
        device = timedOn.begin()->first;
    } else if (!timedOn.count(device)) {
        out.set.error = path.string() + ": no timed measurements on '" + device + "' (measured on: " + devicesText() + ")";
        return out;
    }

    // Timed measurements of that device, by launch, in the order stored.
    std::vector<std::string> launchOrder;
    std::map<std::string, std::vector<const cache::MeasurementRecord*>> byLaunch;
    std::size_t rough = 0;
    for (const cache::MeasurementRecord& r : *measured.value) {
        if (r.device != device)
            continue;
        if (r.status != "ok" || !r.p50Ms) {
            ++out.set.skipped;
            continue;
        }
        if (!methodOf(r.benchMethod)) {
            ++rough;
            continue;
        }
        auto [it, added] = byLaunch.try_emplace(r.launchDigest());
        if (added)
            launchOrder.push_back(it->first);
        it->second.push_back(&r);
    }
    if (rough > 0)
        notes->push_back(formatCount(std::int64_t(rough), "measurement") +
                         " timed by another method than a run of the config (the cube / mix time budget's rough "
                         "estimates) are left out");
    out.set.skipped += rough;

    std::set<std::string> importedFrom;
    std::map<std::string, std::size_t> groupUses;
    std::size_t launchesUsed = 0, timed = 0;
    for (const std::string& digest : launchOrder) {
        const std::vector<const cache::MeasurementRecord*>& records = byLaunch[digest];
        const std::string launchText = measure::launchText(cache::launchKeyOf(*records.front()));
        auto leaveOut = [&](const std::string& why) {
            notes->push_back(launchText + ": " + formatCount(std::int64_t(records.size()), "measurement") +
                             " left out: " + why);
            out.set.skipped += records.size();
        };
        std::string why;
        const std::optional<StoredLaunch> launch = storedLaunch(workloads, digest, path, &why);
        if (!launch) {
            leaveOut(why);
            continue;
        }
        const std::string& current = launch->sourceHash;
        // One sample per config: the median of its timed runs of the kernel as it is now.
        std::vector<std::string> configOrder;
        std::map<std::string, std::pair<const cache::MeasurementRecord*, std::vector<double>>> byConfig;
        std::size_t stale = 0;
        for (const cache::MeasurementRecord* r : records) {
            if (r->sourceHash != current) {
                ++stale;
                continue;
            }
            auto [it, added] = byConfig.try_emplace(measure::configText(*r), r, std::vector<double>{});
            if (added)
                configOrder.push_back(it->first);
            it->second.second.push_back(*r->p50Ms);
        }
        if (stale > 0) {
            notes->push_back(launchText + ": " + formatCount(std::int64_t(stale), "measurement") +
                             " of an earlier version of the kernel's source left out");
            out.set.skipped += stale;
        }
        if (configOrder.empty())
            continue;
        // The kernel's name in the report: the workload file's, as a runner results file names it.
        std::string group = launch->workloadPath.empty() ? records.front()->kernelName
                                                         : fs::path(launch->workloadPath).stem().string();
        if (groupUses[group]++ > 0)
            group += "[" + launchText + "]";
        const std::shared_ptr<const kernel::Workload>& workload = launch->workload;
        for (const std::string& config : configOrder) {
            const auto& [first, times] = byConfig[config];
            std::string problem;
            std::optional<space::TritonConfig> parsed = measure::configOf(*first, &problem);
            if (!parsed) {
                notes->push_back(launchText + ": " + problem);
                ++out.set.skipped;
                continue;
            }
            calibrate::CalibrationSample s;
            s.workload = workload;
            s.config = std::move(*parsed);
            s.measuredMs = median(times);
            s.group = group;
            s.method = *methodOf(first->benchMethod);
            const std::string file = fs::path(first->sourceFile).filename().string();
            s.origin = path.filename().string() + ": measurement " + std::to_string(first->id) + " (" + file +
                       (first->sourceLine > 0 ? ":" + std::to_string(first->sourceLine) : std::string()) + ")";
            s.file = file;
            importedFrom.insert(file);
            timed += times.size();
            out.set.samples.push_back(std::move(s));
        }
        ++launchesUsed;
    }
    std::string from;
    for (const std::string& f : importedFrom)
        from += (from.empty() ? "" : ", ") + f;
    out.source = "cache " + path.string() + ": " + formatCount(std::int64_t(timed), "timed measurement") + " of " +
                 formatCount(std::int64_t(launchesUsed), "launch", "launches") + " on " + device +
                 (from.empty() ? std::string() : ", imported from " + from);
    out.set.files.push_back(path);
    return out;
}

} // namespace

CalibrateResult calibrate(const CalibrateRequest& request, const RunControl& control)
{
    CalibrateResult out;
    calibrate::SampleSet set;
    if (!request.measurements.empty()) {
        set = calibrate::readRunnerMeasurements(request.measurements);
        if (!set.ok()) {
            out.error = set.error;
            return out;
        }
        for (const fs::path& file : set.files) {
            out.files.push_back(file.filename().string());
            out.sources.push_back(file.string());
        }
    }
    std::vector<std::string> cacheNotes;
    if (!request.cache.empty()) {
        CacheSamples fromCache = readCacheSamples(request.cache, request.measuredOn, &cacheNotes);
        if (!fromCache.set.ok()) {
            out.error = fromCache.set.error;
            return out;
        }
        std::set<std::string> fileGroups;
        for (const calibrate::CalibrationSample& s : set.samples)
            fileGroups.insert(s.group);
        for (calibrate::CalibrationSample& s : fromCache.set.samples) {
            if (fileGroups.count(s.group)) {
                out.error = "the kernel '" + s.group + "' is measured both in a results file and in the cache " +
                            request.cache.string() + ": give one of them";
                return out;
            }
            set.samples.push_back(std::move(s));
        }
        set.skipped += fromCache.set.skipped;
        out.files.push_back(request.cache.filename().string());
        out.sources.push_back(fromCache.source);
    }
    out.measuredCandidates = set.samples.size();
    out.skippedCandidates = set.skipped;

    calibrate::CalibrationOptions options = request.options;
    options.stop = control.stop;
    options.progress = fractionProgress(control);
    out.calibration = calibrate::calibrate(set.samples, request.device, options, out.files);
    out.calibration.notes.insert(out.calibration.notes.begin(), cacheNotes.begin(), cacheNotes.end());
    if (!out.calibration.ok()) {
        out.error = out.calibration.error;
        return out;
    }
    out.profileText = util::jsonText(npu::toJson(out.calibration.profile), 2) + "\n";
    return out;
}

} // namespace ts::pipeline
