#include "core/pipeline/workflow.h"

#include "core/batch/cached_tuning.h"
#include "core/export/triton_cache_json.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/cache_problem.h"
#include "core/pipeline/run_progress.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <map>

namespace ts::pipeline {
namespace {

// A cache opened for one run: the notices it gave, or why it could not be opened.
struct OpenedCache {
    std::unique_ptr<cache::ConfigCache> cache;
    std::vector<std::string> notices;
    std::optional<msg::Message> error;
};

OpenedCache openCache(const std::filesystem::path& path, bool readOnly)
{
    OpenedCache out;
    if (path.empty())
        return out;
    cache::OpenOptions options;
    options.readOnly = readOnly;
    cache::OpenResult opened = cache::ConfigCache::open(path, options);
    out.notices = std::move(opened.notices);
    if (opened.ok())
        out.cache = std::move(opened.cache);
    else
        out.error = cacheOpenProblem(opened, path);
    return out;
}

tuning::TuningCallbacks tuningCallbacks(const RunControl& control)
{
    tuning::TuningCallbacks callbacks;
    callbacks.progress = tuningProgress(control);
    callbacks.candidate = control.candidate;
    callbacks.workerStep = control.workerStep;
    return callbacks;
}

// Why a request gets no space: no analysis (`task`: to do what), or a kernel without @autotune;
// "" when it gets one.
msg::Message spaceProblem(const analysis::KernelAnalysis* analysis, msg::Id noAnalysis)
{
    if (!analysis)
        return msg::Message(noAnalysis);
    if (analysis->kernel == nullptr || !analysis->kernel->isAutotuned())
        return msg::Message(msg::Id::NoAutotuneDecorator);
    return {};
}

} // namespace

std::function<void(const tuning::Progress&)> tuningProgress(const RunControl& control)
{
    if (!control.progress)
        return {};
    return [&control](const tuning::Progress& p) {
        RunProgress report;
        report.tuning = p;
        if (p.total > 0)
            report.fraction = double(p.done) / double(p.total);
        control.progress(report);
    };
}

std::function<void(double)> fractionProgress(const RunControl& control)
{
    if (!control.progress)
        return {};
    return [&control](double fraction) {
        RunProgress report;
        report.fraction = fraction;
        control.progress(report);
    };
}

std::filesystem::path defaultCachePath(const kernel::Workload& workload)
{
    const std::string& base = workload.path.empty() ? workload.kernelPath : workload.path;
    if (base.empty())
        return {};
    return cache::defaultCachePath(base);
}

AnalyzeResult analyze(const AnalyzeRequest& request)
{
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(request.workload);
    AnalyzeResult out;
    out.diagnostics = std::move(analysed.diagnostics);
    if (analysed.analysis)
        out.analysis = std::make_shared<const analysis::KernelAnalysis>(std::move(*analysed.analysis));
    else
        out.kernelSyntaxError = !out.diagnostics.empty() && out.diagnostics.front().code == "syntax-error";
    return out;
}

SpaceResult buildSpace(const SpaceRequest& request, const RunControl& control)
{
    SpaceResult out;
    out.problem = spaceProblem(request.analysis.get(), msg::Id::NoAnalysisToBuildSpace);
    if (!out.problem.empty())
        return out;
    space::SpaceOptions options = request.options;
    options.stop = control.stop;
    options.progress = fractionProgress(control);
    auto built = std::make_shared<space::CandidateSpace>(pipeline::buildSpace(*request.analysis, request.device, options));
    if (built->stopped()) {
        out.stopped = true;
        return out;
    }
    out.space = std::move(built);
    return out;
}

TuneResult tune(const TuneRequest& request, const RunControl& control)
{
    TuneResult out;
    // A lattice tunes a kernel without @autotune too.
    if (msg::Message problem = spaceProblem(request.analysis.get(), msg::Id::NoAnalysisToTune);
        !problem.empty() && !(request.analysis && request.options.lattice)) {
        out.error = std::move(problem);
        return out;
    }
    const analysis::KernelAnalysis& a = *request.analysis;
    // A lattice tuning is cached under its own key (its candidate set), beside the backend's own.
    OpenedCache opened;
    if (!request.cache.path.empty()) {
        opened = openCache(request.cache.path, request.cache.readOnly);
        out.cachePath = request.cache.path;
        out.cacheNotices = opened.notices;
        out.cacheError = opened.error;
    }
    batch::CachedTuningOptions options;
    options.tuning = request.options;
    options.space.lattice = request.options.lattice;
    options.force = request.cache.force;
    options.store = request.cache.store && !request.cache.readOnly;
    const tuning::TuningCallbacks callbacks = tuningCallbacks(control);

    batch::CachedTuning tuned;
    if (request.space) {
        // The caller's space: no lookup (the caller chose to tune), the same storing rules.
        tuned = batch::tuneSpace(a, *request.space, request.device, opened.cache.get(), options, callbacks,
                                 control.stop);
        out.space = request.space;
    } else {
        tuned = batch::tuneCached(a, request.device, opened.cache.get(), options, callbacks, control.stop);
        if (tuned.space)
            out.space = std::make_shared<const space::CandidateSpace>(std::move(*tuned.space));
    }
    out.key = std::move(tuned.key);
    out.record = std::move(tuned.record);
    out.fromCache = tuned.fromCache;
    if (tuned.result)
        out.result = std::make_shared<const tuning::TuningResult>(std::move(*tuned.result));
    out.error = std::move(tuned.error);
    out.stopped = tuned.stopped;
    out.staleId = tuned.staleId;
    out.staleCreatedAt = std::move(tuned.staleCreatedAt);
    out.storedId = tuned.storedId;
    if (tuned.cacheError)
        out.cacheError = std::move(tuned.cacheError);

    if (out.record && !out.fromCache && !out.storedId && !out.stopped) {
        if (out.cacheError)
            out.notStoredReason = *out.cacheError;
    }
    return out;
}

CacheLookupResult lookupCached(const CacheLookupRequest& request)
{
    CacheLookupResult out;
    if (!request.analysis) {
        out.error = msg::Message(msg::Id::CacheLookupNoAnalysis);
        return out;
    }
    out.key = tuningKeyFor(*request.analysis, request.device, request.method);
    out.key.candidateSet = request.candidateSet;
    out.cachePath = request.cachePath.empty() ? defaultCachePath(request.analysis->workload) : request.cachePath;
    std::error_code ec;
    if (out.cachePath.empty() || !std::filesystem::exists(out.cachePath, ec))
        return out;  // nothing tuned here yet
    cache::OpenOptions options;
    options.readOnly = true;
    options.quickCheck = !request.bestOnly;  // a status line need not scan the whole file
    cache::OpenResult opened = cache::ConfigCache::open(out.cachePath, options);
    if (!opened.ok()) {
        out.error = cacheOpenProblem(opened, out.cachePath);
        return out;
    }
    if (request.bestOnly) {
        cache::BestLookupResult found = opened.cache->lookupBest(out.key, out.key.sourceHash);
        if (!found.ok()) {
            out.error = found.error->text;
            return out;
        }
        out.freshness = found.freshness;
        out.id = found.id;
        out.createdAt = std::move(found.createdAt);
        out.best = std::move(found.best);
        return out;
    }
    cache::LookupResult found = opened.cache->lookup(out.key);
    if (!found.ok()) {
        out.error = found.error->text;
        return out;
    }
    out.freshness = found.freshness;
    out.record = std::move(found.record);
    if (out.record) {
        out.id = out.record->id;
        out.createdAt = out.record->createdAt;
        if (const cache::CandidateRecord* best = out.record->best())
            out.best = *best;
        if (request.space) {
            RecordOnSpace laid = tuningFromRecord(*out.record, *request.space);
            out.tuning = std::move(laid.result);
            out.unmatched = laid.unmatched;
        }
    }
    return out;
}

sweep::SweepResult sweep(const SweepRequest& request, const RunControl& control)
{
    OpenedCache opened = openCache(request.cache.path, request.cache.readOnly);
    sweep::SweepOptions options;
    options.ranges = request.ranges;
    options.launches = request.launches;
    options.cover = request.cover;
    options.tuning = request.tuning;
    options.cache = opened.cache.get();
    options.force = request.cache.force;
    options.crossEvaluate = request.crossEvaluate;
    if (control.progress)
        options.progress = [&control](const sweep::SweepProgress& p) {
            RunProgress report;
            report.item = p.shapesDone;
            report.items = p.shapesTotal;
            report.itemName = p.shape;
            report.itemMessage = p.step;
            report.tuning.done = p.shapesDone;
            report.tuning.total = p.shapesTotal;
            const double total = double(std::max<std::size_t>(p.shapesTotal, 1));
            report.fraction = (double(p.shapesDone) + std::clamp(p.shapeFraction, 0.0, 1.0)) / total;
            control.progress(report);
        };
    sweep::SweepResult result = sweep::runSweep(request.base, request.device, options, control.stop);
    std::vector<msg::Message> notes;
    for (const std::string& notice : opened.notices) // the cache's own words (created, migrated)
        notes.push_back(msg::Message::asWritten(notice));
    if (opened.error)
        notes.emplace_back(msg::Id::SweepWithoutCache, std::initializer_list<msg::Arg>{*opened.error});
    result.notes.insert(result.notes.begin(), notes.begin(), notes.end());
    return result;
}

sweep::SweepResult recover(const RecoverRequest& request)
{
    if (!request.sweep)
        return {};
    sweep::SweepResult copy = *request.sweep;
    copy.cover = sweep::recover(copy, request.cover);
    return copy;
}

BatchResult batch(const BatchRequest& request, const RunControl& control)
{
    BatchResult out;
    batch::BatchOptions options;
    static_cast<batch::BatchPlan&>(options) = request;
    options.force = request.cache.force;

    auto note = [&out](const OpenedCache& c) {
        out.cacheNotices.insert(out.cacheNotices.end(), c.notices.begin(), c.notices.end());
        if (c.error)
            out.cacheErrors.push_back(c.error->english());
    };
    OpenedCache shared;
    std::map<std::filesystem::path, OpenedCache> perFolder;
    if (!request.cache.path.empty()) {
        shared = openCache(request.cache.path, request.cache.readOnly);
        note(shared);
        options.cache = shared.cache.get();
    } else if (request.perWorkloadCache) {
        options.cacheFor = [&](const std::string& workload) -> cache::ConfigCache* {
            const std::filesystem::path path = cache::defaultCachePath(workload);
            auto it = perFolder.find(path);
            if (it == perFolder.end()) {
                it = perFolder.emplace(path, openCache(path, request.cache.readOnly)).first;
                note(it->second);
            }
            return it->second.cache.get();
        };
    }
    // The batch counts its cases in its log lines ("[2/6] ..."): progress follows them.
    std::size_t done = 0;
    const std::size_t perWorkload = std::max<std::size_t>(request.devices.size(), 1);
    options.log = [&](const std::string& line) {
        if (control.log)
            control.log(line);
        if (control.progress && line.rfind('[', 0) == 0) {
            RunProgress report;
            report.item = ++done;
            report.items = request.workloads.size() * perWorkload;
            report.itemName = line;
            report.fraction = report.items ? std::min(1.0, double(report.item) / double(report.items)) : -1.0;
            control.progress(report);
        }
    };
    out.report = batch::runBatch(options, control.stop);
    return out;
}

namespace {

void fail(ExportResult& out, ExportProblem problem, msg::Message message)
{
    out.problem = problem;
    out.error = std::move(message);
    out.text.clear();
}

// Whether the simulator tells two candidates apart: the same kernel arguments and the same simulated
// times, differing only in launch options it does not model (num_warps, num_stages), are one.
bool sameForTheSimulator(const cache::CandidateRecord& a, const cache::CandidateRecord& b)
{
    return a.params == b.params && a.p50Ms == b.p50Ms && a.p20Ms == b.p20Ms && a.p80Ms == b.p80Ms;
}

// The `top` fastest benchmarked candidates of a tuning, each that repeats a faster one for the
// simulator reported and, with dropEquivalent, left out (the next one takes its place).
std::vector<exporter::HandwrittenConfig> topConfigs(const cache::TuningRecord& record, const ExportRequest& request,
                                                    ExportResult& out)
{
    const std::vector<std::size_t> ranked = exporter::rankedCandidates(record);
    std::vector<exporter::HandwrittenConfig> configs;
    std::vector<std::size_t> kept;
    for (std::size_t k = 0; k < ranked.size() && kept.size() < request.top; ++k) {
        const cache::CandidateRecord& c = record.candidates[ranked[k]];
        const auto twin = std::find_if(kept.begin(), kept.end(), [&](std::size_t i) {
            return sameForTheSimulator(record.candidates[i], c);
        });
        if (twin != kept.end()) {
            const cache::CandidateRecord& first = record.candidates[*twin];
            std::string options;
            if (c.numWarps != first.numWarps)
                options += "num_warps=" + std::to_string(c.numWarps);
            if (c.numStages != first.numStages)
                options += (options.empty() ? "" : ", ") + std::string("num_stages=") + std::to_string(c.numStages);
            out.equivalent.push_back(msg::Message(
                request.dropEquivalent ? msg::Id::ExportEquivalentLeftOut : msg::Id::ExportEquivalentKept,
                {ranked[k], *twin,
                 options.empty() ? msg::Arg(msg::Message(msg::Id::ExportSameOptions)) : msg::Arg(options),
                 formatUsUnit(c.p50Ms.value_or(0) * 1000.0)}));
            if (request.dropEquivalent)
                continue;
        }
        kept.push_back(ranked[k]);
        configs.push_back(exporter::handwrittenConfig(c));
        configs.back().rank = k + 1;
        configs.back().rankOf = ranked.size();
    }
    return configs;
}

void writePython(const ExportRequest& request, ExportResult& out)
{
    std::vector<exporter::HandwrittenConfig> configs;
    if (request.configs) {
        configs = *request.configs;
        if (configs.size() > request.top)
            configs.resize(request.top);
    } else if (!request.indices.empty()) {
        const cache::TuningRecord& record = *request.record;
        const std::vector<std::size_t> ranked = exporter::rankedCandidates(record);
        for (std::size_t index : request.indices) {
            if (index >= record.candidates.size())
                return fail(out, ExportProblem::BadIndex,
                            msg::Message(
                                msg::Id::ExportBadIndex,
                                {index, record.id,
                                 record.candidates.empty() ? std::size_t(0) : record.candidates.size() - 1}));
            const cache::CandidateRecord& c = record.candidates[index];
            if (c.status == cache::CandidateStatus::Incorrect)
                out.warnings.push_back("candidate " + std::to_string(index) + " is incorrect: " + c.reasonMessage);
            else if (!cache::wasBenchmarked(c.status))
                out.warnings.push_back("candidate " + std::to_string(index) + " was not benchmarked (" +
                                       std::string(cache::candidateStatusName(c.status)) + ")");
            configs.push_back(exporter::handwrittenConfig(c));
            if (auto at = std::find(ranked.begin(), ranked.end(), index); at != ranked.end()) {
                configs.back().rank = std::size_t(at - ranked.begin()) + 1;
                configs.back().rankOf = ranked.size();
            }
        }
    } else if (request.includeIncorrect) {
        // Asked for: incorrect configs that ran are ranked with the others.
        cache::TuningRecord shown = *request.record;
        for (cache::CandidateRecord& c : shown.candidates)
            if (c.status == cache::CandidateStatus::Incorrect && c.p50Ms)
                c.status = cache::CandidateStatus::Benchmarked;
        configs = topConfigs(shown, request, out);
    } else {
        configs = topConfigs(*request.record, request, out);
    }
    if (configs.empty())
        return fail(out, ExportProblem::NothingMeasured, msg::Message(msg::Id::ExportNothingMeasured));
    exporter::ConfigListOptions list = request.list;
    // A lattice tuning's winners are the user's own picks: each says where it ranked.
    if (request.record && !request.record->key.candidateSet.empty())
        list.rankComments = true;
    // The comment line naming the version: a list made elsewhere names its own, else the record's.
    if (request.configs && request.backend)
        list.backend = kernel::backendLabel(*request.backend);
    else if (request.record)
        list.backend = kernel::backendLabel(request.record->key.backend);
    else if (request.backend)
        list.backend = kernel::backendLabel(*request.backend);
    exporter::ConfigListResult written = exporter::writeAutotuneDecorator(configs, list);
    if (!written.ok())
        return fail(out, ExportProblem::WriteFailed, msg::Message::asWritten(written.error));
    out.text = std::move(written.text);
    out.configCount = configs.size();
}

} // namespace

ExportResult exportTuning(const ExportRequest& request)
{
    ExportResult out;
    if (!request.record && !request.configs) {
        fail(out, ExportProblem::NoTuning, msg::Message(msg::Id::ExportNoTuning));
        return out;
    }
    const std::string kernel = request.record ? request.record->key.kernelName : std::string();
    const std::string stem = kernel.empty() ? std::string("kernel") : kernel;
    if (request.configs && request.format != ExportFormat::Python) {
        fail(out, ExportProblem::ListIsPythonOnly, msg::Message(msg::Id::ExportListIsPythonOnly));
        return out;
    }
    switch (request.format) {
    case ExportFormat::Python:
        out.fileName = stem + "_configs.py";
        writePython(request, out);
        break;
    case ExportFormat::JsonReport:
        out.fileName = stem + "_tuning.json";
        out.text = exporter::tuningReportJson(*request.record);
        break;
    case ExportFormat::CsvReport:
        out.fileName = stem + "_tuning.csv";
        out.text = exporter::tuningReportCsv(*request.record);
        break;
    case ExportFormat::TritonAutotuneJson: {
        out.fileName = exporter::tritonAutotuneFileName(stem);
        // What the record's own backend version would have cached: 2026-08 keeps only the
        // benchmarked configs and writes nothing while the UB tuner was on.
        // A record of a version this build does not model (a cache written by a newer TileScope)
        // is refused: another version's cache rules would write a file that version never does.
        const std::optional<kernel::BackendVersion> recorded =
            kernel::parseBackendVersion(request.record->key.backend);
        if (!recorded) {
            fail(out, ExportProblem::WriteFailed,
                 msg::Message(msg::Id::ExportBackendNotModelled,
                              {request.record->key.backend, kernel::backendNames()}));
            break;
        }
        exporter::TritonCacheOptions version;
        version.backend = *recorded;
        version.ubTuner = request.record->details && request.record->details->ubTuner != "off";
        const exporter::TritonCacheExport cached = exporter::tritonCacheForVersion(*request.record, version);
        if (!cached.cache) {
            fail(out, ExportProblem::WriteFailed, msg::Message::asWritten(cached.refusal));
            break;
        }
        std::string why;
        out.text = exporter::writeTritonAutotuneJson(*cached.cache, &why);
        if (out.text.empty())
            fail(out, ExportProblem::WriteFailed, msg::Message::asWritten(why));
        break;
    }
    }
    return out;
}

} // namespace ts::pipeline

// ---- compareBackends ----

namespace ts::pipeline {

namespace {

BackendSide sideOf(kernel::Workload workload, kernel::BackendVersion version, const npu::DeviceProfile& device,
                   const RunControl& control, Diagnostics& diagnostics)
{
    BackendSide side;
    side.version = version;
    workload.backend = version;
    AnalyzeResult analysed = analyze({std::move(workload)});
    if (!analysed.ok()) {
        diagnostics = std::move(analysed.diagnostics);
        return side;
    }
    side.analysis = analysed.analysis;
    SpaceResult built = buildSpace({side.analysis, device, {}}, control);
    side.problem = built.problem;
    side.space = built.space;
    if (side.space) {
        side.error = side.space->backend().error;
        if (!side.error)
            side.configs = side.space->backend().configs;
    }
    return side;
}

} // namespace

CompareBackendsResult compareBackends(const CompareBackendsRequest& request, const RunControl& control)
{
    CompareBackendsResult out;
    out.base = sideOf(request.workload, request.base, request.device, control, out.diagnostics);
    if (!out.base.analysis)
        return out;
    out.other = sideOf(request.workload, request.other, request.device, control, out.diagnostics);
    out.comparison = space::compareConfigLists(out.base.configs, out.other.configs);
    return out;
}

} // namespace ts::pipeline
