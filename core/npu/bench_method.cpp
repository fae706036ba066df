#include "core/npu/bench_method.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace ts::npu {

std::string_view benchMethodName(BenchMethod method)
{
    return method == BenchMethod::Npu ? "npu" : "default";
}

std::optional<BenchMethod> parseBenchMethod(std::string_view name)
{
    if (name == "default")
        return BenchMethod::Default;
    if (name == "npu")
        return BenchMethod::Npu;
    return std::nullopt;
}

namespace {

std::uint64_t splitmix(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Rng {
public:
    explicit Rng(std::uint64_t seed) : m_state(seed) {}
    double uniform() { return double(splitmix(m_state) >> 11) * 0x1.0p-53; }
    double normal()
    {
        // Box-Muller; one value per call keeps the stream simple.
        const double u1 = std::max(uniform(), 1e-300), u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    double exponential(double mean) { return -mean * std::log(std::max(uniform(), 1e-300)); }

private:
    std::uint64_t m_state;
};

// torch.quantile's linear interpolation (what do_bench reports): the two order statistics around
// q·(n−1), found in linear time (no sort); `samples` is reordered.
double quantile(std::vector<double>& samples, double q)
{
    if (samples.empty())
        return 0;
    const double pos = q * double(samples.size() - 1);
    const std::size_t i = std::size_t(pos);
    const double frac = pos - double(i);
    std::nth_element(samples.begin(), samples.begin() + std::ptrdiff_t(i), samples.end());
    const double low = samples[i];
    if (i + 1 >= samples.size())
        return low;
    const double high = *std::min_element(samples.begin() + std::ptrdiff_t(i) + 1, samples.end());
    return low + frac * (high - low);
}

// Noise model (estimates, mark G):
// - default: each do_bench call sees a host-side overhead level of its own (CPU frequency,
//   scheduling, driver state): the host launch time scaled by 1.0..1.6 for the whole call (the
//   profile's host_launch_us is the optimised path's measured cost: a call never launches faster);
//   every run adds jitter (2% of the device time, 0.6 us of host time) and, 2% of the time,
//   an interruption of ~25 us.
// - npu: on-chip time only: 0.3% per call, 0.2% and 0.05 us per run.
constexpr double kHostLevelMin = 1.0, kHostLevelMax = 1.6;
constexpr double kDeviceJitter = 0.02, kHostJitterUs = 0.6, kHiccupRate = 0.02, kHiccupUs = 25.0;
constexpr double kNpuCallJitter = 0.003, kNpuRunJitter = 0.002, kNpuRunJitterUs = 0.05;
// Profiler costs (estimates, mark G): a synchronize after every run, the profiler's start and
// stop per session, and exporting + parsing every recorded launch.
constexpr double kSyncUs = 15.0;
constexpr double kProfilerSessionSeconds = 3.0;
constexpr double kProfilerPerLaunchSeconds = 0.025;
// do_bench's own Python overhead per call (events, lists, quantiles): estimate.
constexpr double kDoBenchOverheadSeconds = 0.002;

// do_bench's p50/p20/p80 (ms) of runs drawn one by one (microseconds; reordered).
void setQuantiles(BenchResult& b, std::vector<double>& samplesUs)
{
    b.p50Ms = quantile(samplesUs, 0.5) / 1000.0;
    b.p20Ms = quantile(samplesUs, 0.2) / 1000.0;
    b.p80Ms = quantile(samplesUs, 0.8) / 1000.0;
}

// Up to this many timed runs every run is drawn; beyond it the statistics are drawn directly.
constexpr int kDirectRunsMax = 100;

double meanOf(const std::vector<double>& samples)
{
    double sum = 0;
    for (double s : samples)
        sum += s;
    return samples.empty() ? 0 : sum / double(samples.size());
}

double normalCdf(double z) { return 0.5 * std::erfc(-z * 0.7071067811865476); }
double normalPdf(double z) { return 0.3989422804014327 * std::exp(-0.5 * z * z); }

// A starting point for Newton's method, not an answer: the standard normal's p-quantile to about
// 1% (Tukey's lambda distribution with lambda = 0.14).
double approxNormalQuantile(double p)
{
    return 4.91 * (std::pow(p, 0.14) - std::pow(1.0 - p, 0.14));
}

// One timed run of a do_bench call: max(floor, N(mu, sigma) + B·Exp(hiccupMean)), B a Bernoulli
// of probability hiccupRate: the run() of benchmark() below, as a distribution.
struct RunDistribution {
    double mu, sigma, hiccupRate, hiccupMeanUs, floorUs;

    // exp(λ(μ−x) + λ²σ²/2)·Φ(z − λσ), the exponentially modified normal's tail term (its
    // density over λ). Written as φ(z)·Φ(b)/φ(b) where Φ(b) would underflow.
    double hiccupTerm(double x) const
    {
        const double lambda = 1.0 / hiccupMeanUs;
        const double z = (x - mu) / sigma, b = z - lambda * sigma;
        if (b > -8.0)
            return std::exp(lambda * (mu - x) + 0.5 * lambda * lambda * sigma * sigma) * normalCdf(b);
        const double inv = 1.0 / (b * b);
        return normalPdf(z) / -b * (1.0 - inv + 3.0 * inv * inv);  // Mills' ratio
    }
    // The distribution function and the density at x (above the floor).
    std::pair<double, double> cdfAndPdf(double x) const
    {
        const double z = (x - mu) / sigma;
        const double hiccup = hiccupTerm(x);
        return {normalCdf(z) - hiccupRate * hiccup,
                (1.0 - hiccupRate) * normalPdf(z) / sigma + hiccupRate / hiccupMeanUs * hiccup};
    }
    // The p-quantile: Newton's method from the normal part's quantile (the interruptions move it
    // little), kept inside the bracket it narrows.
    double inverse(double p) const
    {
        double lo = floorUs, hi = std::numeric_limits<double>::infinity();
        double x = std::max(floorUs, mu + sigma * approxNormalQuantile(p));
        for (int i = 0; i < 100; ++i) {
            const auto [cdf, pdf] = cdfAndPdf(x);
            if (x <= floorUs && cdf >= p)
                return floorUs;  // the runs clipped at the floor hold the quantile
            const double err = cdf - p;
            (err < 0 ? lo : hi) = x;
            double next = pdf > 0 ? x - err / pdf : lo;
            if (!(next > lo && next < hi))
                next = std::isinf(hi) ? x + 8.0 * sigma + hiccupMeanUs : 0.5 * (lo + hi);
            if (std::abs(next - x) <= 1e-10 * std::max(1.0, std::abs(x)))
                return next;
            x = next;
        }
        return x;
    }
    double mean() const { return mu + hiccupRate * hiccupMeanUs; }
    double variance() const
    {
        return sigma * sigma + hiccupRate * hiccupMeanUs * hiccupMeanUs * (2.0 - hiccupRate);
    }
};

struct Quantiles {
    double p20 = 0, p50 = 0, p80 = 0, mean = 0;
};

// The quantiles and mean of n runs, drawn from their joint sampling distribution: the empirical
// quantile at q sits at F⁻¹(q + B(q)/√n), B a Brownian bridge (drawn at 0.2, 0.5, 0.8 through a
// Wiener process), and the mean at the distribution's mean plus its standard error.
Quantiles sampleQuantiles(const RunDistribution& runs, int n, Rng& rng)
{
    const double w20 = std::sqrt(0.2) * rng.normal();
    const double w50 = w20 + std::sqrt(0.3) * rng.normal();
    const double w80 = w50 + std::sqrt(0.3) * rng.normal();
    const double w100 = w80 + std::sqrt(0.2) * rng.normal();
    const double root = std::sqrt(double(n));
    const double edge = 0.5 / double(n);
    auto at = [&](double q, double w) {
        return runs.inverse(std::clamp(q + (w - q * w100) / root, edge, 1.0 - edge));
    };
    Quantiles out;
    out.p20 = at(0.2, w20);
    out.p50 = at(0.5, w50);
    out.p80 = at(0.8, w80);
    out.mean = runs.mean() + std::sqrt(runs.variance() / double(n)) * rng.normal();
    return out;
}

} // namespace

SimOptions simOptionsFor(BenchMethod method)
{
    SimOptions options;
    options.l2Warm = method == BenchMethod::Npu;
    options.onChipOnly = method == BenchMethod::Npu;
    return options;
}

std::uint64_t candidateKey(const CompiledKernel& kernel)
{
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&](std::uint64_t v) {
        h ^= v;
        h *= 1099511628211ull;
    };
    for (const auto& [name, value] : kernel.constexprs) {
        for (char c : name)
            mix(std::uint64_t(static_cast<unsigned char>(c)));
        mix(std::uint64_t(value));
    }
    mix(kernel.multibuffer ? 0x55 : 0xAA);
    return h;
}

BenchResult benchmark(const CompiledKernel& kernel, const DeviceModel& m, const BenchOptions& options)
{
    BenchResult b;
    b.method = options.method;
    b.sim = simulate(kernel, m, simOptionsFor(options.method));
    if (!b.sim.ok)
        return b;
    b.ok = true;
    std::uint64_t seed = options.seed ^ (candidateKey(kernel) * 0x9E3779B97F4A7C15ull) ^
                         (options.method == BenchMethod::Npu ? 0xC0FFEEull : 0x5EEDull);
    Rng rng(seed);
    const double deviceUs = b.sim.deviceUs;
    std::vector<double> samples;

    if (options.method == BenchMethod::Default) {
        // The cache clear: zeroing the flush buffer on the device, plus its own launch.
        const double clearUs = m.l2FlushBytes / (m.hbmBytesPerUs * m.hbmSustainedFraction) + m.deviceLaunchUs;
        const double hostLevel = kHostLevelMin + (kHostLevelMax - kHostLevelMin) * rng.uniform();
        auto run = [&]() {
            double us = deviceUs * (1.0 + kDeviceJitter * rng.normal()) + m.hostLaunchUs * hostLevel +
                        kHostJitterUs * rng.normal();
            if (rng.uniform() < kHiccupRate)
                us += rng.exponential(kHiccupUs);
            return std::max(us, 0.5 * deviceUs);
        };
        // do_bench: estimate from five (clear + run), then warm-up and repeat counts.
        double estimateUs = 0;
        for (int i = 0; i < 5; ++i)
            estimateUs += clearUs + run();
        estimateUs /= 5.0;
        const double estimateMs = estimateUs / 1000.0;
        b.warmupRuns = std::max(1, int(25.0 / estimateMs));
        b.timedRuns = std::max(1, int(100.0 / estimateMs));
        const double firstCallUs = m.hostLaunchUs + deviceUs;
        const double warmupUs = double(b.warmupRuns) * std::max(m.hostLaunchUs, deviceUs);
        double meanUs = 0;
        if (b.timedRuns <= kDirectRunsMax || options.drawEveryRun) {
            // Few runs (a slow kernel): every run drawn, as do_bench times them.
            samples.reserve(std::size_t(b.timedRuns));
            for (int i = 0; i < b.timedRuns; ++i)
                samples.push_back(run());
            meanUs = meanOf(samples);
            setQuantiles(b, samples);
        } else {
            // Many runs: the statistics drawn from their sampling distribution instead of from
            // thousands of runs (the same figures in distribution, at the cost of a few draws).
            const RunDistribution runs{deviceUs + m.hostLaunchUs * hostLevel,
                                       std::hypot(kDeviceJitter * deviceUs, kHostJitterUs), kHiccupRate, kHiccupUs,
                                       0.5 * deviceUs};
            const Quantiles q = sampleQuantiles(runs, b.timedRuns, rng);
            b.p50Ms = q.p50 / 1000.0;
            b.p20Ms = q.p20 / 1000.0;
            b.p80Ms = q.p80 / 1000.0;
            meanUs = q.mean;
        }
        const double timedUs = double(b.timedRuns) * (clearUs + meanUs);
        b.benchSeconds = (firstCallUs + 5 * estimateUs + warmupUs + timedUs) / 1e6 + kDoBenchOverheadSeconds;
        b.meanMs = meanUs / 1000.0;
    } else {
        const double callLevel = 1.0 + kNpuCallJitter * rng.normal();
        b.warmupRuns = 1 + 5;  // the first call outside the profiler, then the profiler's warm-up
        b.timedRuns = 30;
        samples.reserve(30);
        for (int i = 0; i < 30; ++i)
            samples.push_back(std::max(0.5 * deviceUs, deviceUs * callLevel * (1.0 + kNpuRunJitter * rng.normal()) +
                                                           kNpuRunJitterUs * rng.normal()));
        const double perRunUs = m.hostLaunchUs + deviceUs + kSyncUs;
        b.benchSeconds = 36.0 * perRunUs / 1e6 + 35.0 * kProfilerPerLaunchSeconds;
        b.sessionSeconds = kProfilerSessionSeconds;
        b.meanMs = meanOf(samples) / 1000.0;
        setQuantiles(b, samples);
    }
    b.rankMs = options.method == BenchMethod::Npu ? b.meanMs : b.p50Ms;
    return b;
}

double expectedP50Us(const SimResult& sim, const DeviceModel& m, BenchMethod method)
{
    // The noise above has a median of about zero apart from the host level, uniform over its range.
    if (method == BenchMethod::Npu)
        return sim.deviceUs;
    return sim.deviceUs + m.hostLaunchUs * 0.5 * (kHostLevelMin + kHostLevelMax);
}

} // namespace ts::npu
