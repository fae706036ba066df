#include "core/calibrate/calibration.h"

#include "core/analysis/kernel_analysis.h"
#include "core/npu/bench_method.h"
#include "core/npu/device_model.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"
#include "core/npu/simulator.h"
#include "core/space/backend_compare.h"
#include "core/util/message.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <optional>
#include <set>

namespace ts::calibrate {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool endsWith(const std::string& s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

std::string formatNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

double roundSignificant(double v, int digits)
{
    if (!(v > 0) || !std::isfinite(v))
        return v;
    const double scale = std::pow(10.0, digits - 1 - int(std::floor(std::log10(v))));
    return std::round(v * scale) / scale;
}

// The mark of a figure the model fell back to, from the start of its reason ("G: ...", "D: ...").
std::string fallbackMark(const std::string& why)
{
    if (why.rfind("G:", 0) == 0)
        return "G";
    if (why.rfind("D:", 0) == 0)
        return "D";
    if (why.rfind("F:", 0) == 0)
        return "F";
    return "S";
}

struct Parameter {
    std::string name;
    std::string unit;
    std::string mark;     // before
    bool inProfile = false;
    double before = 0;
    double lo = 0, hi = 0;  // bounds of the logarithm
};

struct Prepared {
    npu::CandidateValues values;
    npu::CompiledKernel kernel;
    double logMeasured = 0;
    double measuredMs = 0;
    npu::BenchMethod method = npu::BenchMethod::Default;
    std::size_t group = 0;
};

struct Group {
    std::string name;
    bool heldOut = false;
    std::shared_ptr<const npu::KernelTrace> trace;
    std::vector<std::size_t> members;  // indexes into the prepared samples
};

npu::DeviceProfile withValues(const npu::DeviceProfile& base, const std::vector<Parameter>& params,
                              const std::vector<double>& theta)
{
    npu::DeviceProfile p = base;
    for (std::size_t j = 0; j < params.size(); ++j) {
        npu::Figure& f = p.figures[params[j].name];
        f.value = std::exp(theta[j]);
        if (!params[j].inProfile) {
            f.unit = params[j].unit;
            f.mark = std::string(kFittedMark);
        }
    }
    return p;
}

double predictLog(const npu::CompiledKernel& kernel, npu::BenchMethod method, const npu::DeviceModel& model)
{
    const npu::SimResult sim = npu::simulate(kernel, model, npu::simOptionsFor(method));
    if (!sim.ok)
        return kNaN;
    return std::log(std::max(1e-9, npu::expectedP50Us(sim, model, method) / 1000.0));
}

double predictLog(const Prepared& s, const npu::DeviceModel& model) { return predictLog(s.kernel, s.method, model); }

// Average ranks (ties share the mean rank).
std::vector<double> ranks(const std::vector<double>& v)
{
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> r(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]])
            ++j;
        const double mean = 0.5 * double(i + j) + 1.0;
        for (std::size_t k = i; k <= j; ++k)
            r[order[k]] = mean;
        i = j + 1;
    }
    return r;
}

double spearman(const std::vector<double>& a, const std::vector<double>& b)
{
    if (a.size() < 2)
        return kNaN;
    const std::vector<double> ra = ranks(a), rb = ranks(b);
    const double n = double(a.size());
    const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n, mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
    double sab = 0, saa = 0, sbb = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : kNaN;
}

// Metrics over the given groups, from each prepared sample's predicted log time.
SplitMetrics metricsOf(const std::vector<Group>& groups, const std::vector<std::size_t>& which,
                       const std::vector<Prepared>& samples, const std::vector<double>& predicted)
{
    SplitMetrics m;
    double sum = 0, sumSq = 0, rhoSum = 0, regretSum = 0;
    std::size_t rhoCount = 0, regretCount = 0;
    for (std::size_t g : which) {
        std::vector<double> sim, meas;
        std::size_t pick = SIZE_MAX, best = SIZE_MAX;
        for (std::size_t i : groups[g].members) {
            if (std::isnan(predicted[i]))
                continue;
            const double r = predicted[i] - samples[i].logMeasured;
            sum += r;
            sumSq += r * r;
            ++m.samples;
            if (pick == SIZE_MAX || predicted[i] < predicted[pick])
                pick = i;
            if (best == SIZE_MAX || samples[i].logMeasured < samples[best].logMeasured)
                best = i;
            sim.push_back(predicted[i]);
            meas.push_back(samples[i].logMeasured);
        }
        if (sim.empty())
            continue;
        ++m.kernels;
        if (const double rho = spearman(sim, meas); !std::isnan(rho)) {
            rhoSum += rho;
            ++rhoCount;
        }
        regretSum += samples[pick].measuredMs / samples[best].measuredMs;
        ++regretCount;
    }
    if (m.samples > 0) {
        m.rmsLog = std::sqrt(sumSq / double(m.samples));
        m.geomeanRatio = std::exp(sum / double(m.samples));
    }
    if (rhoCount > 0)
        m.spearman = rhoSum / double(rhoCount);
    if (regretCount > 0)
        m.top1Regret = regretSum / double(regretCount);
    return m;
}

// Solves A x = b (n x n, symmetric positive definite after damping) by Gaussian elimination with
// partial pivoting; false when singular.
bool solve(std::vector<double> a, std::vector<double> b, std::size_t n, std::vector<double>& x)
{
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t p = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r * n + c]) > std::abs(a[p * n + c]))
                p = r;
        if (std::abs(a[p * n + c]) < 1e-300)
            return false;
        if (p != c) {
            for (std::size_t k = 0; k < n; ++k)
                std::swap(a[c * n + k], a[p * n + k]);
            std::swap(b[c], b[p]);
        }
        for (std::size_t r = c + 1; r < n; ++r) {
            const double f = a[r * n + c] / a[c * n + c];
            for (std::size_t k = c; k < n; ++k)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    x.assign(n, 0.0);
    for (std::size_t c = n; c-- > 0;) {
        double s = b[c];
        for (std::size_t k = c + 1; k < n; ++k)
            s -= a[c * n + k] * x[k];
        x[c] = s / a[c * n + c];
    }
    return true;
}

std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out;
}

} // namespace

bool fittableByDefault(const std::string& name, const std::string& mark, const std::string& unit)
{
    static const std::set<std::string, std::less<>> kNeverUnits = {"KiB", "MiB", "GiB", "count", "MHz", "B"};
    if (kNeverUnits.count(unit) && !(unit == "B" && contains(name, "overhead")))
        return false;
    if (contains(name, "align") || endsWith(name, "_measured"))
        return false;
    if (mark == "G" || mark == "F")
        return true;
    const bool behaviour = contains(name, "launch") || endsWith(name, "_gbps") || endsWith(name, "_per_cycle") ||
                           endsWith(name, "_cycles") || endsWith(name, "_fraction") || endsWith(name, "_factor") ||
                           endsWith(name, "_overhead_bytes") || name.rfind("l2_", 0) == 0;
    if (!behaviour)
        return false;
    // Launch overheads depend on the host and driver: fitted even when sourced.
    return mark != "S" || contains(name, "launch_us");
}

// Long because its steps fill one result in order and share the prepared samples: the hold-out,
// one compile per candidate, which figures can move, the fit, agreement before and after, and
// the fitted profile. The rules it applies are the named functions above.
CalibrationResult calibrate(const std::vector<CalibrationSample>& input, const npu::DeviceProfile& profile,
                            const CalibrationOptions& options, const std::vector<std::string>& sources)
{
    CalibrationResult result;
    result.profile = profile;
    auto progress = [&](double f) {
        if (options.progress)
            options.progress(f);
    };
    if (input.empty()) {
        result.error = "no measured candidates to calibrate to (only `ok` candidates count)";
        return result;
    }

    // ---- kernels and the hold-out ----
    std::map<std::string, std::vector<std::size_t>> byGroup;
    for (std::size_t i = 0; i < input.size(); ++i)
        byGroup[input[i].group].push_back(i);
    std::vector<Group> groups;
    for (const auto& [name, _] : byGroup)
        groups.push_back({name, false, nullptr, {}});
    if (!options.holdout.empty()) {
        for (const std::string& h : options.holdout) {
            auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.name == h; });
            if (it == groups.end()) {
                std::vector<std::string> names;
                for (const Group& g : groups)
                    names.push_back(g.name);
                result.badRequest = true;
                result.error = "held-out kernel '" + h + "' is not among the measured kernels (" + joinNames(names) + ")";
                return result;
            }
            it->heldOut = true;
        }
    } else if (!options.noHoldout && groups.size() >= 2) {
        for (std::size_t g = 1; g < groups.size(); g += 2)
            groups[g].heldOut = true;
    }
    if (std::all_of(groups.begin(), groups.end(), [](const Group& g) { return g.heldOut; })) {
        result.badRequest = true;
        result.error = "every kernel is held out; nothing is left to fit to";
        return result;
    }
    for (const Group& g : groups)
        (g.heldOut ? result.heldOutKernels : result.trainKernels).push_back(g.name);

    // ---- trace each kernel once, compile each candidate once ----
    const npu::DeviceModel baseModel = npu::DeviceModel::fromProfile(profile);
    std::vector<Prepared> samples;
    samples.reserve(input.size());
    std::vector<const CalibrationSample*> sampleInput;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (options.stop.stop_requested()) {
            result.stopped = true;
            result.error = "stopped";
            return result;
        }
        const std::vector<std::size_t>& members = byGroup[groups[g].name];
        kernel::Workload workload = *input[members.front()].workload;
        workload.device = profile.soc;
        analysis::AnalysisResult analysed = analysis::analyzeWorkload(workload);
        if (!analysed.analysis || !analysed.analysis->kernel) {
            std::string why = "kernel '" + groups[g].name + "': the workload does not analyse";
            for (const Diagnostic& d : analysed.diagnostics)
                why += "\n  " + d.format();
            result.error = why;
            return result;
        }
        const analysis::KernelAnalysis& a = *analysed.analysis;
        npu::TraceResult traced = npu::KernelTrace::build(*a.file, *a.kernel, npu::KernelLaunch::fromWorkload(a.workload));
        if (!traced.trace) {
            std::string why = "kernel '" + groups[g].name + "': the kernel cannot be traced";
            for (const Diagnostic& d : traced.diagnostics)
                if (d.severity == Severity::Error)
                    why += "\n  " + d.format();
            result.error = why;
            return result;
        }
        groups[g].trace = traced.trace;
        std::size_t leftOut = 0;
        std::string firstWhy;
        for (std::size_t i : members) {
            const CalibrationSample& s = input[i];
            npu::CandidateValues values;
            values.multibuffer = profile.defaultMultibuffer();
            for (const auto& [name, value] : s.config.kwargs) {
                if (name == "multibuffer")
                    values.multibuffer = value.value != 0;
                else if (!space::isCompileOption(name))
                    values.constexprs.emplace_back(name, value.value);
            }
            Prepared p;
            p.kernel = npu::compileCandidate(*traced.trace, baseModel, values);
            p.values = std::move(values);
            if (p.kernel.ok() && !npu::simulate(p.kernel, baseModel).ok)
                p.kernel.failure = npu::CompileFailure::InvalidGrid;
            if (!p.kernel.ok()) {
                if (leftOut++ == 0)
                    firstWhy = s.origin + ": " + std::string(npu::compileFailureName(p.kernel.failure)) +
                               (p.kernel.message.empty() ? "" : ": " + p.kernel.message.substr(0, p.kernel.message.find('\n')));
                continue;
            }
            // The fit works on log times: a time of 0, below 0 or not finite has none.
            if (!(s.measuredMs > 0) || !std::isfinite(s.measuredMs)) {
                result.badRequest = true;
                result.error = s.origin + ": the measured time " + formatNumber(s.measuredMs) +
                               " ms is not a positive finite number";
                return result;
            }
            p.measuredMs = s.measuredMs;
            p.logMeasured = std::log(s.measuredMs);
            p.method = s.method;
            p.group = g;
            groups[g].members.push_back(samples.size());
            sampleInput.push_back(&s);
            samples.push_back(std::move(p));
        }
        if (leftOut > 0)
            result.notes.push_back(
                msg::text(msg::Id::CalibrationLeftOut,
                          {groups[g].name, msg::count(std::int64_t(leftOut)),
                           msg::count(std::int64_t(members.size())), profile.soc, firstWhy}));
        progress(0.3 * double(g + 1) / double(groups.size()));
    }
    result.samplesUsed = samples.size();
    std::vector<std::size_t> trainIdx, heldIdx, trainSamples;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (groups[g].members.empty())
            continue;
        (groups[g].heldOut ? heldIdx : trainIdx).push_back(g);
        if (!groups[g].heldOut)
            trainSamples.insert(trainSamples.end(), groups[g].members.begin(), groups[g].members.end());
    }
    if (trainSamples.empty()) {
        result.error = "no training candidate compiles on the simulated " + profile.soc;
        return result;
    }

    // ---- the figures to fit ----
    std::vector<Parameter> candidates;
    auto describe = [&](const std::string& name) -> std::optional<Parameter> {
        Parameter p;
        p.name = name;
        if (const npu::Figure* f = profile.findFigure(name)) {
            p.unit = f->unit;
            p.mark = f->mark;
            p.inProfile = true;
            p.before = f->value;
            return p;
        }
        for (const npu::ModelAssumption& a : baseModel.assumptions)
            if (a.figure == name) {
                p.unit = a.unit;
                p.mark = fallbackMark(a.why);
                p.before = a.value;
                return p;
            }
        return std::nullopt;
    };
    if (!options.figures.empty()) {
        for (const std::string& name : options.figures) {
            std::optional<Parameter> p = describe(name);
            if (!p) {
                std::vector<std::string> known;
                for (const auto& [n, _] : profile.figures)
                    known.push_back(n);
                for (const npu::ModelAssumption& a : baseModel.assumptions)
                    known.push_back(a.figure);
                const std::vector<std::string> close = npu::closestNames(name, known);
                result.badRequest = true;
                result.error = "figure '" + name + "' is neither in the " + profile.soc +
                               " profile nor one the simulator reads" +
                               (close.empty() ? std::string() : "; did you mean " + joinNames(close) + "?");
                return result;
            }
            candidates.push_back(*p);
        }
    } else {
        for (const auto& [name, f] : profile.figures)
            if (fittableByDefault(name, f.mark, f.unit))
                candidates.push_back(*describe(name));
        for (const npu::ModelAssumption& a : baseModel.assumptions)
            if (!profile.hasFigure(a.figure) && fittableByDefault(a.figure, fallbackMark(a.why), a.unit))
                candidates.push_back(*describe(a.figure));
    }

    std::vector<double> baseTheta;
    for (Parameter& p : candidates) {
        if (!(p.before > 0)) {
            result.held.push_back({p.name, "its value is " + formatNumber(p.before) + "; only positive figures are fitted"});
            continue;
        }
        p.lo = std::log(p.before / options.boundFactor);
        p.hi = std::log(p.before * options.boundFactor);
        if (p.unit == "fraction")
            p.hi = std::min(p.hi, 0.0);
        p.lo = std::min(p.lo, std::log(p.before));
        p.hi = std::max(p.hi, std::log(p.before));
    }
    std::erase_if(candidates, [](const Parameter& p) { return !(p.before > 0); });

    // ---- which of them re-simulation can move ----
    // A figure the compiler reads changes the compiled candidate, which the fit does not redo:
    // such figures are held, as are figures that move none of the training candidates.
    std::vector<double> base(samples.size(), kNaN);
    for (std::size_t i : trainSamples)
        base[i] = predictLog(samples[i], baseModel);
    std::vector<Parameter> params;
    bool recompile = false;  // a fitted figure is read by the compiler: every step compiles again
    for (const Parameter& p : candidates) {
        std::vector<Parameter> one = {p};
        const npu::DeviceModel moved = npu::DeviceModel::fromProfile(withValues(profile, one, {std::log(p.before) + std::log(1.25)}));
        bool moves = false;
        for (std::size_t i : trainSamples)
            if (std::abs(predictLog(samples[i], moved) - base[i]) > 1e-9) {
                moves = true;
                break;
            }
        bool compiles = false;
        for (std::size_t g : trainIdx) {
            const std::vector<std::size_t>& m = groups[g].members;
            // The first, middle and last candidate of each training kernel.
            for (std::size_t k : {std::size_t{0}, m.size() / 2, m.size() - 1}) {
                if (compiles)
                    break;
                const Prepared& s = samples[m[k]];
                const npu::CompiledKernel again = npu::compileCandidate(*groups[g].trace, moved, s.values);
                if (!again.ok()) {
                    compiles = true;
                    break;
                }
                Prepared recompiled = s;
                recompiled.kernel = again;
                if (std::abs(predictLog(recompiled, moved) - predictLog(s, moved)) > 1e-9)
                    compiles = true;
            }
        }
        if (compiles && options.recompile) {
            params.push_back(p);
            recompile = true;
        } else if (compiles)
            result.held.push_back({p.name, "the compiler reads it (it changes the compiled candidates, which "
                                           "calibration compiles once; --recompile fits it)"});
        else if (!moves)
            result.held.push_back({p.name, "it does not change the simulated time of any training candidate"});
        else
            params.push_back(p);
    }
    progress(0.35);

    // The predicted log time of sample i under `model`: re-simulated, or compiled again first.
    auto predict = [&](std::size_t i, const npu::DeviceModel& model) {
        if (!recompile)
            return predictLog(samples[i], model);
        const npu::CompiledKernel kernel =
            npu::compileCandidate(*groups[samples[i].group].trace, model, samples[i].values);
        return kernel.ok() ? predictLog(kernel, samples[i].method, model) : kNaN;
    };

    // ---- the fit ----
    const std::size_t n = params.size();
    std::vector<double> theta0(n);
    for (std::size_t j = 0; j < n; ++j)
        theta0[j] = std::log(params[j].before);
    const double invN = 1.0 / double(trainSamples.size());
    const double sqrtPrior = std::sqrt(options.prior);
    // Residuals: per training sample r_i / sqrt(N), then per figure sqrt(prior) x log(after / before).
    auto residuals = [&](const std::vector<double>& theta, std::vector<double>& r) {
        const npu::DeviceModel model = npu::DeviceModel::fromProfile(withValues(profile, params, theta));
        r.resize(trainSamples.size() + n);
        for (std::size_t k = 0; k < trainSamples.size(); ++k) {
            const std::size_t i = trainSamples[k];
            const double p = predict(i, model);
            r[k] = (std::isnan(p) ? 10.0 : p - samples[i].logMeasured) * std::sqrt(invN);
        }
        for (std::size_t j = 0; j < n; ++j)
            r[trainSamples.size() + j] = sqrtPrior * (theta[j] - theta0[j]);
    };
    auto costOf = [](const std::vector<double>& r) {
        double c = 0;
        for (double v : r)
            c += v * v;
        return c;
    };
    auto dataCost = [&](const std::vector<double>& r) {
        double c = 0;
        for (std::size_t k = 0; k < trainSamples.size(); ++k)
            c += r[k] * r[k];
        return c;
    };

    std::vector<double> theta = theta0, r, rTry;
    residuals(theta, r);
    double cost = costOf(r);
    result.costBefore = dataCost(r);
    double lambda = 1e-2;
    const double h = 1e-4;
    std::vector<double> jac;  // m x n, column-major by figure
    const std::size_t m = r.size();
    for (int iter = 0; iter < options.maxIterations && n > 0; ++iter) {
        if (options.stop.stop_requested()) {
            result.stopped = true;
            break;
        }
        jac.assign(m * n, 0.0);
        for (std::size_t j = 0; j < n; ++j) {
            std::vector<double> t = theta;
            // Step inwards at the upper bound, so the difference stays inside the box.
            const double step = t[j] + h > params[j].hi ? -h : h;
            t[j] += step;
            residuals(t, rTry);
            for (std::size_t k = 0; k < m; ++k)
                jac[j * m + k] = (rTry[k] - r[k]) / step;
        }
        std::vector<double> jtj(n * n, 0.0), jtr(n, 0.0);
        for (std::size_t a = 0; a < n; ++a) {
            for (std::size_t k = 0; k < m; ++k)
                jtr[a] += jac[a * m + k] * r[k];
            for (std::size_t b = a; b < n; ++b) {
                double s = 0;
                for (std::size_t k = 0; k < m; ++k)
                    s += jac[a * m + k] * jac[b * m + k];
                jtj[a * n + b] = jtj[b * n + a] = s;
            }
        }
        bool improved = false;
        for (int attempt = 0; attempt < 12; ++attempt) {
            std::vector<double> damped = jtj, minusG(n), delta;
            for (std::size_t a = 0; a < n; ++a) {
                damped[a * n + a] += lambda * (jtj[a * n + a] + 1e-12);
                minusG[a] = -jtr[a];
            }
            if (!solve(damped, minusG, n, delta)) {
                lambda *= 10;
                continue;
            }
            std::vector<double> t = theta;
            for (std::size_t j = 0; j < n; ++j)
                t[j] = std::clamp(t[j] + delta[j], params[j].lo, params[j].hi);
            residuals(t, rTry);
            const double c = costOf(rTry);
            if (c < cost) {
                const double gain = cost - c;
                theta = t;
                r = rTry;
                cost = c;
                lambda = std::max(1e-9, lambda / 3);
                improved = gain > 1e-12 * std::max(1.0, cost);
                break;
            }
            lambda *= 4;
        }
        result.iterations = iter + 1;
        progress(0.35 + 0.6 * double(iter + 1) / double(options.maxIterations));
        if (!improved)
            break;
    }
    result.costAfter = dataCost(r);
    // A fit whose error is not finite fitted nothing: no profile comes out of it.
    const bool finite = std::isfinite(result.costBefore) && std::isfinite(result.costAfter) &&
                        std::all_of(theta.begin(), theta.end(), [](double t) { return std::isfinite(t); });
    if (!finite) {
        result.error = "the fit failed: its error is not a finite number (a simulated time is not positive and "
                       "finite); no profile is written";
        return result;
    }

    // ---- agreement before and after, and the fitted profile ----
    const npu::DeviceModel fittedModel = npu::DeviceModel::fromProfile(withValues(profile, params, theta));
    std::vector<double> before(samples.size()), after(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        before[i] = predictLog(samples[i], baseModel);
        after[i] = predict(i, fittedModel);
    }
    result.before = {metricsOf(groups, trainIdx, samples, before), metricsOf(groups, heldIdx, samples, before)};
    result.after = {metricsOf(groups, trainIdx, samples, after), metricsOf(groups, heldIdx, samples, after)};
    for (std::size_t g = 0; g < groups.size(); ++g)
        result.kernels.push_back({groups[g].name, groups[g].heldOut, metricsOf(groups, {g}, samples, before),
                                  metricsOf(groups, {g}, samples, after)});

    std::vector<std::string> fromFiles;
    for (std::size_t i : trainSamples) {
        const std::string& file = sampleInput[i]->file;
        const std::vector<std::string> extra = file.empty() ? sources : std::vector<std::string>{file};
        for (const std::string& f : extra)
            if (std::find(fromFiles.begin(), fromFiles.end(), f) == fromFiles.end())
                fromFiles.push_back(f);
    }
    std::string from;
    for (std::size_t i = 0; i < fromFiles.size(); ++i)
        from += (i == 0 ? "" : ", ") + fromFiles[i];
    for (std::size_t j = 0; j < n; ++j) {
        FittedFigure f;
        f.name = params[j].name;
        f.unit = params[j].unit;
        f.markBefore = params[j].inProfile ? params[j].mark : "";
        f.before = params[j].before;
        f.after = roundSignificant(std::exp(theta[j]), 6);
        f.lower = std::exp(params[j].lo);
        f.upper = std::exp(params[j].hi);
        f.atBound = theta[j] <= params[j].lo + 1e-9 || theta[j] >= params[j].hi - 1e-9;
        f.changed = std::abs(std::log(f.after / f.before)) > 1e-4;
        if (f.changed) {
            npu::Figure& fig = result.profile.figures[f.name];
            fig.value = f.after;
            fig.unit = f.unit;
            fig.mark = std::string(kFittedMark);
            fig.source = "fitted by tilescope calibrate to " + std::to_string(trainSamples.size()) +
                         " measurements from " + from + " (before: " + formatNumber(f.before) + " " + f.unit +
                         (f.markBefore.empty() ? ", the simulator's fallback" : ", mark " + f.markBefore) + ")";
        }
        result.fitted.push_back(std::move(f));
    }
    result.profile.path.clear();
    progress(1.0);
    return result;
}

} // namespace ts::calibrate
