// The workflow's measured-timing calls: importMeasurements, compareMeasured, listMeasurements.

#include "core/pipeline/workflow.h"

#include "core/cache/sha256.h"
#include "core/pipeline/cache_problem.h"
#include "core/pipeline/run_progress.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/util/format.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"
#include "core/util/message.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <unordered_map>
#include <sstream>

namespace ts::pipeline {
namespace {

namespace fs = std::filesystem;

std::string fileSha256(const std::string& path)
{
    const util::InputText input = util::readInputFile(path, util::kMaxSmallInputBytes);
    return input.ok() ? cache::sha256Hex(input.text) : std::string();
}

std::string diagnosticsText(const Diagnostics& diagnostics)
{
    std::string out;
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error)
            out += (out.empty() ? "" : "; ") + d.message;
    if (out.empty() && !diagnostics.empty())
        out = diagnostics.front().message;
    return out.empty() ? "it cannot be analysed" : out;
}

// The workload a runner file names: its workload_file (as given, then beside the runner file or in
// a folder above it), else the workload object it embeds, its kernel path read beside the file.
std::optional<kernel::Workload> runnerWorkload(const measure::ParsedFile& file, std::string* error)
{
    const measure::RunnerHeader& header = *file.runner;
    const fs::path folder = fs::path(file.path).parent_path();
    std::vector<fs::path> tries;
    std::error_code ec;
    if (!header.workloadFile.empty()) {
        tries.emplace_back(header.workloadFile);
        // A relative path was relative to where the runner was exported: the results file may
        // have come back into a folder below that one (a project's measurements/ folder).
        if (fs::path(header.workloadFile).is_relative())
            for (fs::path up = fs::absolute(file.path, ec).parent_path(); !ec && !up.empty(); up = up.parent_path()) {
                tries.push_back(up / header.workloadFile);
                if (up == up.parent_path())
                    break;
            }
    }
    for (const fs::path& path : tries)
        if (fs::is_regular_file(path, ec)) {
            kernel::WorkloadLoadResult loaded = kernel::loadWorkload(path.string());
            if (loaded.workload)
                return loaded.workload;
            *error = "its workload " + path.string() + " does not load: " + diagnosticsText(loaded.diagnostics);
            return std::nullopt;
        }
    kernel::WorkloadLoadResult embedded =
        kernel::parseWorkload(util::jsonText(header.workload), (folder / "measured-workload.json").string());
    if (embedded.workload) {
        std::error_code exists;
        if (fs::exists(embedded.workload->kernelPath, exists))
            return embedded.workload;
    }
    *error = "its workload file '" + header.workloadFile + "' is not found (tried as given, beside the file and in the folders above it)" +
             (embedded.workload ? ", nor the kernel " + embedded.workload->kernelPath + " of the workload it embeds"
                                : std::string()) +
             "; name the workload with --workload W.json";
    return std::nullopt;
}

struct Launch {
    cache::TuningKey key;
    std::string kernelSha256;
    fs::path workloadPath;
    std::string workloadText;  // kept with the measurements, so they can be simulated again (calibrate --cache)
    std::string error;
};

Launch launchOf(const kernel::Workload& workload)
{
    Launch out;
    out.workloadPath = workload.path;
    out.workloadText = nlohmann::ordered_json::parse(kernel::workloadText(workload)).dump();
    const AnalyzeResult analysed = analyze({workload});
    if (!analysed.ok() || !analysed.analysis->kernel) {
        out.error = "the workload " + (workload.path.empty() ? workload.kernelPath : workload.path) +
                    " cannot be analysed: " + diagnosticsText(analysed.diagnostics);
        return out;
    }
    out.key = launchKeyFor(*analysed.analysis);
    out.kernelSha256 = fileSha256(workload.kernelPath);
    return out;
}

// The measured device with the most timed measurements (the first by name among equals).
std::string busiestDevice(const std::vector<cache::MeasurementRecord>& records)
{
    std::map<std::string, std::size_t> timed;
    for (const cache::MeasurementRecord& r : records)
        timed[r.device] += r.status == "ok" ? 1 : 0;
    std::string device;
    std::size_t most = 0;
    for (const auto& [name, count] : timed)
        if (device.empty() || count > most) {
            most = count;
            device = name;
        }
    return device;
}

double median(std::vector<double>& values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

} // namespace

cache::TuningKey launchKeyFor(const analysis::KernelAnalysis& analysis)
{
    cache::TuningKey key = tuningKeyFor(analysis, std::string(), npu::BenchMethod::Default);
    key.device.clear();
    key.benchMethod.clear();
    key.simulatorVersion.clear();
    return key;
}

MeasureImportResult importMeasurements(const MeasureImportRequest& request)
{
    MeasureImportResult result;
    std::map<std::string, Launch> launches;  // by workload path + backend
    auto launchFor = [&](const kernel::Workload& workload) -> const Launch& {
        const std::string id = workload.path + "|" + workload.kernelPath + "|" +
                               std::string(kernel::backendName(workload.backend));
        auto it = launches.find(id);
        if (it == launches.end())
            it = launches.emplace(id, launchOf(workload)).first;
        return it->second;
    };

    std::vector<cache::MeasurementRecord> records;
    std::vector<std::size_t> owner;  // file index of each record
    std::map<std::string, cache::LaunchWorkload> workloads;  // by launch digest
    fs::path firstWorkload;
    std::size_t failed = 0;
    for (const std::string& path : request.files) {
        MeasureFileReport& report = result.files.emplace_back();
        report.file = path;
        // The launch's version checks the file; without a launch, no version is assumed (the
        // file is read as upstream Triton writes it, a runner file names its own).
        const std::optional<kernel::BackendVersion> backend =
            request.workload ? std::optional<kernel::BackendVersion>(request.workload->backend)
                             : std::nullopt;
        measure::ParseOutcome parsed = measure::parseMeasurementFile(path, backend);
        if (!parsed.ok()) {
            report.error = parsed.error;
            ++failed;
            continue;
        }
        const measure::ParsedFile& file = *parsed.file;
        report.format = std::string(measure::sourceFormatName(file.format));
        report.read = file.entries.size() + file.skipped.size();

        std::optional<kernel::Workload> workload = request.workload;
        if (file.format == measure::SourceFormat::Runner) {
            if (!workload) {
                std::string problem;
                workload = runnerWorkload(file, &problem);
                if (!workload) {
                    report.error = path + ":1: " + problem;
                    ++failed;
                    continue;
                }
            }
            workload->backend = *file.backend;  // the version whose candidates were run
        } else if (!workload) {
            const char* what = file.format == measure::SourceFormat::AutotuningLog
                                   ? "a TRITON_PRINT_AUTOTUNING log"
                                   : "a Triton .autotune.json file";
            report.error = path + ":1: " + what +
                           " names no workload: give the launch it was measured for with --workload W.json";
            ++failed;
            continue;
        }
        const Launch& launch = launchFor(*workload);
        if (!launch.error.empty()) {
            report.error = path + ": " + launch.error;
            ++failed;
            continue;
        }
        if (firstWorkload.empty())
            firstWorkload = launch.workloadPath.empty() ? fs::path(workload->kernelPath) : launch.workloadPath;
        report.launch = measure::launchText(launch.key);
        if (file.runner && !file.runner->kernelSha256.empty() && !launch.kernelSha256.empty() &&
            file.runner->kernelSha256 != launch.kernelSha256)
            report.warnings.push_back("the kernel file " + workload->kernelPath +
                                      " differs from the one measured (kernel_sha256): the measurements are kept "
                                      "with the kernel as it is now");
        if (file.runner && !file.runner->complete)
            report.warnings.push_back("the runner did not finish (complete: false): " +
                                      formatCount(std::int64_t(file.skipped.size()), "candidate") + " not run");

        measure::TieOptions tie;
        tie.measuredOn = request.measuredOn;
        measure::TieResult tied = measure::tieToLaunch(file, launch.key, tie);
        report.skipped = std::move(tied.skipped);
        if (!tied.ok()) {
            report.error = tied.error;
            ++failed;
            continue;
        }
        if (!tied.measurements.empty()) {
            const std::string digest = cache::launchDigestOf(launch.key);
            workloads[digest] = {digest, launch.workloadText, launch.workloadPath.string(), {}};
        }
        records.reserve(records.size() + tied.measurements.size());
        owner.reserve(records.capacity());
        for (measure::Measurement& m : tied.measurements) {
            records.push_back(measure::toRecord(std::move(m)));
            owner.push_back(result.files.size() - 1);
        }
    }
    for (const MeasureFileReport& f : result.files) {
        result.read += f.read;
        result.skipped += f.skipped.size();
    }
    if (failed > 0) {
        result.error = "nothing imported: " + std::to_string(failed) + " of " + std::to_string(request.files.size()) +
                       (request.files.size() == 1 ? " file has" : " files have") + " errors";
        return result;
    }

    result.cachePath = !request.cachePath.empty() ? request.cachePath
                       : request.workload         ? defaultCachePath(*request.workload)
                                                  : cache::defaultCachePath(firstWorkload);
    if (records.empty())
        return result;
    cache::OpenResult opened = cache::ConfigCache::open(result.cachePath);
    result.cacheNotices = std::move(opened.notices);
    if (!opened.ok()) {
        result.error = opened.error ? opened.error->message : "cannot open " + result.cachePath.string();
        return result;
    }
    std::vector<cache::LaunchWorkload> launchWorkloads;
    for (auto& [digest, w] : workloads)
        launchWorkloads.push_back(std::move(w));
    auto stored = opened.cache->storeMeasurements(records, launchWorkloads);
    if (!stored.ok()) {
        result.error = stored.error->message;
        return result;
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        MeasureFileReport& report = result.files[owner[i]];
        ++(stored.value->isNew[i] ? report.added : report.duplicates);
    }
    result.added = stored.value->added;
    result.duplicates = stored.value->duplicates;
    return result;
}

std::optional<std::size_t> CompareMeasuredResult::simulatorPick() const
{
    if (!agreement.simulatorPick || *agreement.simulatorPick >= compared.size())
        return std::nullopt;
    return compared[*agreement.simulatorPick];
}

std::optional<std::size_t> CompareMeasuredResult::measuredBest() const
{
    if (!agreement.measuredBest || *agreement.measuredBest >= compared.size())
        return std::nullopt;
    return compared[*agreement.measuredBest];
}

CompareMeasuredResult compareMeasured(const CompareMeasuredRequest& request, const RunControl& control)
{
    CompareMeasuredResult out;
    if (!request.analysis || !request.analysis->kernel) {
        out.error = msg::Message(msg::Id::DeviceCompareNoKernel);
        return out;
    }
    const analysis::KernelAnalysis& a = *request.analysis;
    out.key = tuningKeyFor(a, request.device.soc, request.options.method);
    out.cachePath = request.cachePath.empty() ? defaultCachePath(a.workload) : request.cachePath;
    std::error_code ec;
    if (!fs::exists(out.cachePath, ec)) {
        out.error = msg::Message(msg::Id::MeasureCompareNoCache, {out.cachePath.string()});
        return out;
    }
    cache::OpenOptions options;
    options.readOnly = true;
    options.quickCheck = false;  // read only; a damaged page still fails the read below
    cache::OpenResult opened = cache::ConfigCache::open(out.cachePath, options);
    if (!opened.ok()) {
        out.error = cacheOpenProblem(opened, out.cachePath);
        return out;
    }
    const cache::TuningKey launch = launchKeyFor(a);
    cache::MeasurementFilter filter;
    filter.launchDigest = cache::launchDigestOf(launch);
    filter.timingsOnly = true;
    auto stored = opened.cache->measurements(filter);
    if (!stored.ok()) {
        out.error = stored.error->text;
        return out;
    }
    for (const std::string& skipped : stored.skipped) // the cache's own words on a damaged row
        out.notes.push_back(msg::Message::asWritten(skipped));

    // Devices with measurements of the launch; the one compared.
    std::map<std::string, std::size_t> perDevice;
    std::size_t stale = 0;
    for (const cache::MeasurementRecord& r : *stored.value)
        ++perDevice[r.device];
    for (const auto& [device, count] : perDevice)
        out.measuredDevices.emplace_back(device, count);
    if (perDevice.empty()) {
        out.error = msg::Message(msg::Id::MeasureCompareNoneOfLaunch,
                                 {measure::launchText(launch), out.cachePath.string()});
        return out;
    }
    out.measuredDevice = request.measuredDevice;
    if (out.measuredDevice.empty()) {
        out.measuredDevice = busiestDevice(*stored.value);
        if (perDevice.size() > 1)
            out.notes.push_back(
                msg::Message(msg::Id::MeasureSeveralDevices,
                             {msg::count(std::int64_t(perDevice.size())), out.measuredDevice}));
    } else if (!perDevice.count(out.measuredDevice)) {
        std::string names;
        for (const auto& [device, count] : perDevice)
            names += (names.empty() ? "" : ", ") + device;
        out.error = msg::Message(msg::Id::MeasureCompareNoneOnDevice,
                                 {measure::launchText(launch), out.measuredDevice, names});
        return out;
    }

    // One candidate per config, in the order first measured; its timed runs, in one list.
    struct Timed {
        std::size_t candidate;
        double p50, p20, p80;  // NaN: not given
    };
    std::unordered_map<std::string, std::size_t> byConfig;
    std::vector<Timed> timed;
    byConfig.reserve(stored.value->size());
    timed.reserve(stored.value->size());
    out.candidates.reserve(stored.value->size());
    for (const cache::MeasurementRecord& r : *stored.value) {
        if (r.device != out.measuredDevice)
            continue;
        if (r.sourceHash != launch.sourceHash) {
            ++stale;
            continue;
        }
        const auto status = measure::parseMeasureStatus(r.status);
        if (!status) {
            out.notes.push_back(msg::Message(msg::Id::MeasureUnknownStatus, {r.id, r.status}));
            continue;
        }
        auto [it, fresh] = byConfig.try_emplace(measure::configText(r), out.candidates.size());
        if (fresh) {
            std::string problem;
            auto config = measure::configOf(r, &problem);
            if (!config) {
                byConfig.erase(it);
                out.notes.push_back(msg::Message::asWritten(problem));
                continue;
            }
            out.candidates.emplace_back().config = std::move(*config);
        }
        MeasuredCandidate& c = out.candidates[it->second];
        if (*status == measure::MeasureStatus::Selected) {
            c.autotunerPick = true;
            if (c.measuredStatus.empty())
                c.measuredStatus = "selected";
        } else if (*status == measure::MeasureStatus::Ok && r.p50Ms) {
            constexpr double none = std::numeric_limits<double>::quiet_NaN();
            timed.push_back({it->second, *r.p50Ms, r.p20Ms.value_or(none), r.p80Ms.value_or(none)});
            c.measuredStatus = "ok";
        } else if (c.measuredStatus != "ok") {
            c.measuredStatus = std::string(measure::measureStatusName(*status));
            c.measuredError = r.error;
        }
    }
    if (stale > 0)
        out.notes.push_back(msg::Message(msg::Id::MeasureStaleLeftOut, {msg::count(std::int64_t(stale))}));
    // Each candidate's medians over its timed runs.
    std::stable_sort(timed.begin(), timed.end(), [](const Timed& x, const Timed& y) { return x.candidate < y.candidate; });
    std::vector<double> values;
    for (auto first = timed.begin(); first != timed.end();) {
        const auto last = std::find_if(first, timed.end(), [&](const Timed& t) { return t.candidate != first->candidate; });
        MeasuredCandidate& c = out.candidates[first->candidate];
        c.timedRuns = std::size_t(last - first);
        auto medianOf = [&](double Timed::*field) -> std::optional<double> {
            values.clear();
            for (auto t = first; t != last; ++t)
                if (!std::isnan((*t).*field))
                    values.push_back((*t).*field);
            if (values.empty())
                return std::nullopt;
            return median(values);
        };
        c.measuredMs = medianOf(&Timed::p50);
        c.measuredP20Ms = medianOf(&Timed::p20);
        c.measuredP80Ms = medianOf(&Timed::p80);
        first = last;
    }
    if (out.candidates.empty()) {
        out.error =
            msg::Message(msg::Id::MeasureCompareAllStale, {measure::launchText(launch), out.measuredDevice});
        return out;
    }

    // Simulate exactly these configs: a handwritten list, generation off, no hint expansion.
    space::LaunchSpec spec = launchSpecFor(a);
    spec.userConfigs.clear();
    for (const MeasuredCandidate& c : out.candidates)
        spec.userConfigs.push_back(c.config);
    spec.autoGenConfigHint = false;
    spec.asWritten = true;  // its handwritten list is taken as written
    space::SpaceOptions spaceOptions;
    spaceOptions.recordTrail = false;
    spaceOptions.stop = control.stop;
    const auto space = std::make_shared<const space::CandidateSpace>(
        space::CandidateSpace::build(a.parse, spec, {}, space::fromProfile(request.device), spaceOptions));
    tuning::TuningOptions tuningOptions = request.options;
    tuningOptions.lattice = false;
    tuningOptions.cacheResults = false;
    tuning::TuningCallbacks callbacks;
    callbacks.progress = tuningProgress(control);
    const tuning::TuningResult tuned = tuning::tune(a, *space, request.device, tuningOptions, callbacks, control.stop);
    out.stopped = tuned.stopped;
    if (tuned.error)
        out.notes.push_back(msg::Message(msg::Id::MeasureTuningRaised, {*tuned.error}));
    for (std::size_t i = 0; i < space->size(); ++i) {
        const std::int32_t listIndex = space->backendIndex(i);
        if (listIndex < 0 || std::size_t(listIndex) >= out.candidates.size())
            continue;
        MeasuredCandidate& c = out.candidates[std::size_t(listIndex)];
        const tuning::CandidateOutcome& o = tuned.outcomes[i];
        c.simulatedStatus = std::string(tuning::outcomeStatusName(o.status == tuning::OutcomeStatus::Best
                                                                      ? tuning::OutcomeStatus::Benchmarked
                                                                      : o.status));
        if (o.status == tuning::OutcomeStatus::Benchmarked || o.status == tuning::OutcomeStatus::Best)
            c.simulatedMs = o.bench.p50Ms;
        else if (o.status == tuning::OutcomeStatus::CompileFailed)
            c.simulatedError = o.failureMessage.english();
    }

    std::vector<double> simulated, measured;
    for (std::size_t i = 0; i < out.candidates.size(); ++i) {
        MeasuredCandidate& c = out.candidates[i];
        if (c.simulatedStatus.empty())
            c.simulatedStatus = "not-tuned";
        if (!c.measuredMs || !c.simulatedMs || !std::isfinite(*c.simulatedMs) || *c.measuredMs <= 0 ||
            *c.simulatedMs <= 0)
            continue;
        c.ratio = *c.simulatedMs / *c.measuredMs;
        out.compared.push_back(i);
        simulated.push_back(*c.simulatedMs);
        measured.push_back(*c.measuredMs);
    }
    out.agreement = measure::rankAgreement(simulated, measured, request.topK, request.maxOutliers);
    if (out.compared.size() < 2)
        out.notes.emplace_back(msg::Id::MeasureTooFewCompared);
    return out;
}

MeasurementListResult listMeasurements(const MeasurementListRequest& request)
{
    MeasurementListResult out;
    out.cachePath = request.cachePath;
    if (out.cachePath.empty() && request.analysis)
        out.cachePath = defaultCachePath(request.analysis->workload);
    std::error_code ec;
    if (out.cachePath.empty() || !fs::exists(out.cachePath, ec)) {
        out.error = "no cache at " + out.cachePath.string();
        return out;
    }
    cache::OpenOptions options;
    options.readOnly = true;
    cache::OpenResult opened = cache::ConfigCache::open(out.cachePath, options);
    if (!opened.ok()) {
        out.error = opened.error ? opened.error->message : "cannot open " + out.cachePath.string();
        return out;
    }
    cache::MeasurementFilter filter;
    if (request.analysis && request.analysis->kernel)
        filter.launchDigest = cache::launchDigestOf(launchKeyFor(*request.analysis));
    filter.device = request.measuredDevice;
    auto stored = opened.cache->measurements(filter);
    if (!stored.ok()) {
        out.error = stored.error->message;
        return out;
    }
    out.notes = std::move(stored.skipped);
    for (const cache::MeasurementRecord& r : *stored.value) {
        std::string problem;
        if (auto m = measure::fromRecord(r, &problem))
            out.measurements.push_back(std::move(*m));
        else
            out.notes.push_back(msg::text(msg::Id::MeasureLeftOut, {r.id, problem}));
    }
    return out;
}

namespace {

// The identity of a config for matching measurements with candidates: its parameters (Python
// literal texts) in name order, num_warps and num_stages. Two lists that give the same
// parameters in another order are the same config.
std::string configKey(cache::TextPairs params, int numWarps, int numStages)
{
    std::sort(params.begin(), params.end());
    std::string out;
    for (const auto& [name, value] : params)
        out.append(name).append("=").append(value).append(" ");
    return out + "num_warps=" + std::to_string(numWarps) + " num_stages=" + std::to_string(numStages);
}

std::string configKey(const space::TritonConfig& config)
{
    cache::TextPairs params;
    for (const auto& [name, value] : config.kwargs)
        params.emplace_back(name, value.toPython());
    return configKey(std::move(params), config.numWarps, config.numStages);
}

struct MeasuredMedians {
    std::map<std::string, double> byConfig;  // configKey -> median p50
    std::string device;
    std::optional<std::string> error;
};

// The median measured p50 of each config of the launch on one device (the given one, else the
// one with the most timed measurements), of the kernel as it is now. A missing cache has none.
MeasuredMedians measuredMedians(const fs::path& path, const analysis::KernelAnalysis& analysis, const std::string& device)
{
    MeasuredMedians out;
    std::error_code ec;
    if (path.empty() || !fs::exists(path, ec))
        return out;
    cache::OpenOptions options;
    options.readOnly = true;
    cache::OpenResult opened = cache::ConfigCache::open(path, options);
    if (!opened.ok()) {
        out.error = opened.error ? opened.error->message : "cannot open " + path.string();
        return out;
    }
    const cache::TuningKey launch = launchKeyFor(analysis);
    cache::MeasurementFilter filter;
    filter.launchDigest = cache::launchDigestOf(launch);
    auto stored = opened.cache->measurements(filter);
    if (!stored.ok()) {
        out.error = stored.error->message;
        return out;
    }
    out.device = device.empty() ? busiestDevice(*stored.value) : device;
    std::map<std::string, std::vector<double>> times;
    for (const cache::MeasurementRecord& r : *stored.value)
        if (r.device == out.device && r.status == "ok" && r.p50Ms && r.sourceHash == launch.sourceHash)
            times[configKey(r.params, r.numWarps, r.numStages)].push_back(*r.p50Ms);
    for (auto& [config, values] : times)
        out.byConfig.emplace(config, median(values));
    return out;
}

} // namespace

MeasuredForSpaceResult measuredForSpace(const MeasuredForSpaceRequest& request)
{
    MeasuredForSpaceResult out;
    if (!request.analysis || !request.analysis->kernel || !request.space)
        return out;
    const space::CandidateSpace& space = *request.space;
    out.p50Ms.assign(space.size(), std::numeric_limits<double>::quiet_NaN());
    const fs::path path = request.cachePath.empty() ? defaultCachePath(request.analysis->workload) : request.cachePath;
    MeasuredMedians medians = measuredMedians(path, *request.analysis, request.measuredDevice);
    out.error = std::move(medians.error);
    out.measuredDevice = std::move(medians.device);
    if (medians.byConfig.empty())
        return out;
    for (std::size_t i = 0; i < space.size(); ++i) {
        const space::TritonConfig config{space.params(i), space.numWarps(i), space.numStages(i)};
        if (const auto it = medians.byConfig.find(configKey(config)); it != medians.byConfig.end()) {
            out.p50Ms[i] = it->second;
            ++out.matched;
        }
    }
    return out;
}

std::string_view rankByName(RankBy rankBy)
{
    switch (rankBy) {
    case RankBy::Simulated: return "simulated";
    case RankBy::Measured: return "measured";
    case RankBy::Auto: return "auto";
    }
    return "simulated";
}

std::optional<RankBy> parseRankBy(std::string_view name)
{
    for (RankBy r : {RankBy::Simulated, RankBy::Measured, RankBy::Auto})
        if (rankByName(r) == name)
            return r;
    return std::nullopt;
}

TuningRanking rankCandidates(const RankInputs& in, RankBy rankBy, bool withOrder)
{
    TuningRanking out;
    out.requested = rankBy;
    const std::size_t n = in.simulated.size();
    out.measuredMs = in.measuredMs;
    out.measuredMs.resize(n, std::numeric_limits<double>::quiet_NaN());
    auto simulatedBefore = [&](std::size_t a, std::size_t b) {
        return tuning::rankedBefore(in.simulated[a], in.simulated[b]);
    };
    std::optional<std::size_t> measuredBest;
    for (std::size_t i = 0; i < n; ++i) {
        if (i >= in.ran.size() || !in.ran[i])
            continue;
        ++out.ran;
        const double ms = out.measuredMs[i];
        if (std::isnan(ms))
            continue;
        ++out.measured;
        if (!measuredBest || ms < out.measuredMs[*measuredBest] ||
            (ms == out.measuredMs[*measuredBest] && simulatedBefore(i, *measuredBest)))
            measuredBest = i;
    }
    out.byMeasured = rankBy == RankBy::Measured ? out.measured > 0
                                                : rankBy == RankBy::Auto && out.ran > 0 && out.measured == out.ran;
    out.best = out.byMeasured ? measuredBest : in.simulatedBest;
    if (!withOrder)
        return out;
    std::vector<std::size_t> first, after;  // ranked, then (by measured) the unmeasured ones
    for (std::size_t i = 0; i < n; ++i) {
        if (i >= in.ran.size() || !in.ran[i])
            continue;
        if (out.byMeasured && !std::isnan(out.measuredMs[i]))
            first.push_back(i);
        else if (std::isfinite(in.simulated[i].rank))
            (out.byMeasured ? after : first).push_back(i);
    }
    if (out.byMeasured)
        std::stable_sort(first.begin(), first.end(), [&](std::size_t a, std::size_t b) {
            if (out.measuredMs[a] != out.measuredMs[b])
                return out.measuredMs[a] < out.measuredMs[b];
            return simulatedBefore(a, b);
        });
    else
        std::stable_sort(first.begin(), first.end(), [&](std::size_t a, std::size_t b) {
            if (in.simulatedBest && (a == *in.simulatedBest || b == *in.simulatedBest))
                return a == *in.simulatedBest && b != a;
            return simulatedBefore(a, b);
        });
    std::stable_sort(after.begin(), after.end(), simulatedBefore);
    out.order = std::move(first);
    out.order.insert(out.order.end(), after.begin(), after.end());
    return out;
}

TuningRanking rankTuning(const RankRequest& request)
{
    TuningRanking out;
    out.requested = request.rankBy;
    if (!request.record || !request.analysis || !request.analysis->kernel) {
        out.error = "no tuning to rank";
        return out;
    }
    const cache::TuningRecord& record = *request.record;
    RankInputs in;
    const double none = std::numeric_limits<double>::infinity();
    in.simulatedBest = record.bestIndex;
    in.measuredMs.assign(record.candidates.size(), std::numeric_limits<double>::quiet_NaN());
    for (const cache::CandidateRecord& c : record.candidates) {
        in.simulated.push_back({c.p50Ms.value_or(none), c.p20Ms.value_or(none), c.p80Ms.value_or(none)});
        in.ran.push_back(cache::wasBenchmarked(c.status) || c.status == cache::CandidateStatus::CompileFailed);
    }
    std::string device;
    if (request.rankBy != RankBy::Simulated) {
        const fs::path path = request.cachePath.empty() ? defaultCachePath(request.analysis->workload) : request.cachePath;
        MeasuredMedians medians = measuredMedians(path, *request.analysis, request.measuredDevice);
        if (medians.error) {
            out.error = medians.error;
            return out;
        }
        device = medians.device;
        for (std::size_t i = 0; i < record.candidates.size(); ++i) {
            const cache::CandidateRecord& c = record.candidates[i];
            if (const auto it = medians.byConfig.find(configKey(c.params, c.numWarps, c.numStages));
                it != medians.byConfig.end())
                in.measuredMs[i] = it->second;
        }
        if (request.rankBy == RankBy::Measured && medians.byConfig.empty()) {
            out.error = "no config of " + measure::launchText(launchKeyFor(*request.analysis)) + " has a measured time" +
                        (device.empty() ? " in " + path.string() + " (tilescope measure import)" : " on " + device);
            return out;
        }
    }
    out = rankCandidates(in, request.rankBy);
    out.measuredDevice = device;
    const std::string counted = formatInteger(std::int64_t(out.measured)) + " of " +
                                formatCount(std::int64_t(out.ran), "candidate") + " measured";
    const std::string on = device.empty() ? std::string() : " on " + device;
    if (out.byMeasured) {
        out.text = "ranked by the measured p50" + on + " (" + counted + ")";
        if (out.measured < out.ran)
            out.why = formatCount(std::int64_t(out.ran - out.measured), "candidate") +
                      " without a measurement ranked after the measured ones, by simulated time";
    } else {
        out.text = tuning::describeRankBasis(tuning::rankBasis(
            npu::parseBenchMethod(record.key.benchMethod).value_or(npu::BenchMethod::Default), record.key.device));
        if (request.rankBy == RankBy::Measured)
            out.error = "no candidate the tuning ran has a measured time" +
                        (device.empty() ? std::string() : " on " + device) + " (the measured configs are not among its candidates)";
        else if (request.rankBy == RankBy::Auto)
            out.why = "ranked by the simulated time, as not every candidate is measured: " + counted + on;
    }
    return out;
}

} // namespace ts::pipeline
