// The figures the explorer colours candidates by (workflow.h, "candidate metrics"): times of the
// tuning shown, against its best, measured on hardware, against another tuning of the launch,
// and what each candidate's tiles take of the UB, L1 and L0 and of the cores.
#include "core/analysis/cube_parse.h"
#include "core/pipeline/cache_problem.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/pipeline/workflow.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace ts::pipeline {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One text per config, the same for a space candidate and a stored one: the keywords as Python
// literals in the config's order, then num_warps and num_stages.
std::string configKey(const std::vector<std::pair<std::string, std::string>>& params, int numWarps, int numStages)
{
    std::string key;
    for (const auto& [name, value] : params) {
        key += name;
        key += '=';
        key += value;
        key += ',';
    }
    key += "w=" + std::to_string(numWarps) + ",s=" + std::to_string(numStages);
    return key;
}

std::string spaceConfigKey(const space::CandidateSpace& space, std::size_t i)
{
    std::vector<std::pair<std::string, std::string>> params;
    for (const auto& [name, value] : space.params(i))
        params.emplace_back(name, value.toPython());
    return configKey(params, space.numWarps(i), space.numStages(i));
}

double at(const std::shared_ptr<const std::vector<double>>& column, std::size_t i)
{
    return column && i < column->size() ? (*column)[i] : kNaN;
}

double at(const std::shared_ptr<const TunedTimes>& times, std::size_t i)
{
    return times ? tunedTime(*times, i) : kNaN;
}

// Each metric's name (the CLI's and the settings' word), the unit and scale its legend shows,
// and what a candidate without a figure lacks.
struct MetricInfo {
    CandidateMetric metric;
    std::string_view name;
    std::string_view unit;
    MetricScale scale;
    std::string_view absent;
};

constexpr MetricInfo kMetricInfo[] = {
    {CandidateMetric::SimulatedP50, "p50", "µs", MetricScale::Log, "not tuned"},
    {CandidateMetric::RatioToBest, "ratio-to-best", "× best", MetricScale::Log, "not tuned"},
    {CandidateMetric::Measured, "measured", "µs", MetricScale::Log, "not measured"},
    {CandidateMetric::UbUse, "ub-use", "% of UB budget", MetricScale::Linear, "no UB figure"},
    {CandidateMetric::L1Use, "l1-use", "% of L1 limit", MetricScale::Linear, "not a cube candidate"},
    {CandidateMetric::L0Use, "l0-use", "% of L0 limit", MetricScale::Linear, "not a cube candidate"},
    {CandidateMetric::Waves, "waves", "waves", MetricScale::Log, "no program count"},  // one wave to thousands
    {CandidateMetric::TuningDiff, "tuning-diff", "× other", MetricScale::Diverging, "not in both tunings"},
};

const MetricInfo& metricInfo(CandidateMetric metric)
{
    static constexpr MetricInfo kNone{CandidateMetric::SimulatedP50, "", "", MetricScale::Linear, ""};  // none such
    for (const MetricInfo& info : kMetricInfo)
        if (info.metric == metric)
            return info;
    return kNone;
}

} // namespace

double tunedTime(const TunedTimes& sorted, std::size_t candidate)
{
    const auto it = std::lower_bound(sorted.begin(), sorted.end(), candidate,
                                     [](const std::pair<std::size_t, double>& e, std::size_t c) { return e.first < c; });
    return it != sorted.end() && it->first == candidate ? it->second : kNaN;
}

std::string_view candidateMetricName(CandidateMetric metric)
{
    return metricInfo(metric).name;
}

CandidateMetricValues candidateMetrics(const CandidateMetricsRequest& request)
{
    CandidateMetricValues out;
    out.metric = request.metric;
    if (!request.space)
        return out;
    const space::CandidateSpace& space = *request.space;
    const bool all = request.candidates.empty();
    const std::size_t n = all ? space.size() : request.candidates.size();
    auto candidate = [&](std::size_t k) { return all ? k : request.candidates[k]; };
    out.values.assign(n, kNaN);

    // The best's p50, for the ratio: the tuning's best, else the fastest p50.
    double bestP50 = kNaN;
    if (request.metric == CandidateMetric::RatioToBest && request.p50Ms) {
        if (request.best)
            bestP50 = at(request.p50Ms, *request.best);
        if (!(bestP50 > 0))
            for (const auto& [candidate, v] : *request.p50Ms)
                if (v > 0 && !(v >= bestP50))
                    bestP50 = v;
    }
    // The other tuning's p50 by config.
    std::unordered_map<std::string, double> other;
    if (request.metric == CandidateMetric::TuningDiff && request.other)
        for (const cache::CandidateRecord& c : request.other->candidates)
            if (cache::isMeasured(c))
                other.emplace(configKey(c.params, c.numWarps, c.numStages), *c.p50Ms);

    const MetricInfo& info = metricInfo(request.metric);
    out.unit = info.unit;
    out.scale = info.scale;
    out.absent = info.absent;

    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = candidate(k);
        if (i >= space.size())
            continue;
        double v = kNaN;
        switch (request.metric) {
        case CandidateMetric::SimulatedP50: {
            const double ms = at(request.p50Ms, i);
            v = ms > 0 ? ms * 1000.0 : kNaN;
            break;
        }
        case CandidateMetric::RatioToBest: {
            const double ms = at(request.p50Ms, i);
            v = ms > 0 && bestP50 > 0 ? ms / bestP50 : kNaN;
            break;
        }
        case CandidateMetric::Measured: {
            const double ms = at(request.measuredMs, i);
            v = ms > 0 ? ms * 1000.0 : kNaN;
            break;
        }
        case CandidateMetric::UbUse: {
            const space::CandidateMetrics m = space.metrics(i);
            v = !m.cube && m.ubBudgetBytes > 0 && m.ubBytes > 0 ? 100.0 * m.ubShare : kNaN;
            break;
        }
        case CandidateMetric::L1Use: {
            const space::CandidateMetrics m = space.metrics(i);
            v = m.cube ? 100.0 * m.l1Share : kNaN;
            break;
        }
        case CandidateMetric::L0Use: {
            const space::CandidateMetrics m = space.metrics(i);
            v = m.cube ? 100.0 * m.l0Share : kNaN;
            break;
        }
        case CandidateMetric::Waves: {
            const space::CandidateMetrics m = space.metrics(i);
            v = m.programs > 0 ? double(m.waves) : kNaN;
            break;
        }
        case CandidateMetric::TuningDiff: {
            const double ms = at(request.p50Ms, i);
            if (ms > 0 && !other.empty())
                if (const auto it = other.find(spaceConfigKey(space, i)); it != other.end() && it->second > 0)
                    v = ms / it->second;
            break;
        }
        }
        out.values[k] = v;
        if (std::isfinite(v)) {
            if (out.present == 0)
                out.low = out.high = v;
            out.low = std::min(out.low, v);
            out.high = std::max(out.high, v);
            ++out.present;
            if ((request.metric == CandidateMetric::UbUse || request.metric == CandidateMetric::L1Use ||
                 request.metric == CandidateMetric::L0Use) && v > 100.0)
                ++out.overflow;
        }
    }
    return out;
}

ComparableTuningsResult comparableTunings(const ComparableTuningsRequest& request)
{
    ComparableTuningsResult out;
    if (!request.analysis || !request.analysis->kernel)
        return out;
    const cache::TuningKey current = tuningKeyFor(*request.analysis, request.device, request.method);
    const std::filesystem::path path =
        request.cachePath.empty() ? defaultCachePath(request.analysis->workload) : request.cachePath;
    std::error_code ec;
    if (path.empty() || !std::filesystem::exists(path, ec))
        return out;
    cache::OpenOptions options;
    options.readOnly = true;
    options.quickCheck = false;
    cache::OpenResult opened = cache::ConfigCache::open(path, options);
    if (!opened.ok()) {
        out.error = cacheOpenProblem(opened, path);
        return out;
    }
    cache::ListFilter filter;
    filter.kernelName = current.kernelName;
    auto listed = opened.cache->list(filter);
    if (!listed.ok()) {
        out.error = listed.error->text;
        return out;
    }
    std::vector<cache::TuningSummary> summaries = *listed.value;
    std::sort(summaries.begin(), summaries.end(),
              [](const cache::TuningSummary& a, const cache::TuningSummary& b) { return a.createdAt > b.createdAt; });
    for (const cache::TuningSummary& s : summaries) {
        const cache::TuningKey& k = s.key;
        if (k.keyValues != current.keyValues || k.dtypes != current.dtypes || k.sourceHash != current.sourceHash)
            continue;
        if (k.device == current.device && k.backend == current.backend && k.benchMethod == current.benchMethod)
            continue;  // the tuning itself
        auto shown = opened.cache->show(s.id);
        if (shown.ok())
            out.tunings.push_back(std::make_shared<const cache::TuningRecord>(std::move(*shown.value)));
    }
    return out;
}

kernel::SourceLocation dimensionSource(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       std::size_t dimension)
{
    if (dimension >= space.dimensions().size() || !analysis.kernel)
        return {};
    const space::SpaceDimension& dim = space.dimensions()[dimension];
    const kernel::KernelDef& k = *analysis.kernel;
    switch (dim.kind) {
    case space::SpaceDimension::Kind::Tunable:
        // A cube parameter: the first tl.dot that reads it as its M, N or K block.
        if (analysis.parse.cube)
            for (const analysis::CubeDotSite& site : analysis.parse.cube->dotSites)
                for (const analysis::CubeAxis* axis : {&site.m, &site.n, &site.k})
                    if (axis->tunableParam == dim.name && site.line > 0 && site.function == k.name)
                        return {site.line, site.col + 1};
        if (const kernel::Parameter* p = k.param(dim.name))
            return p->location;
        break;
    case space::SpaceDimension::Kind::Hint:
        if (k.autotune && k.autotune->hintsLocation.line > 0)
            return k.autotune->hintsLocation;
        if (const kernel::Parameter* p = k.param(dim.name))
            return p->location;
        break;
    case space::SpaceDimension::Kind::Multibuffer:
    case space::SpaceDimension::Kind::NumWarps:
    case space::SpaceDimension::Kind::NumStages:
        if (k.autotune && k.autotune->hintsLocation.line > 0)
            return k.autotune->hintsLocation;
        break;
    }
    if (k.autotune && k.autotune->decorator)
        return k.autotune->decorator->location;
    return k.location;
}

} // namespace ts::pipeline
