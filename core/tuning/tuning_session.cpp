#include "core/tuning/tuning_session.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"

#include "core/space/candidate_query.h"

#include "core/npu/device_model.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <queue>
#include <thread>
#include <variant>

namespace ts::tuning {

// The launch's grid of a candidate, when the space knows it.
std::optional<std::array<std::int64_t, 3>> launchGrid(const space::CandidateSpace& space, std::size_t index)
{
    const analysis::LaunchFigures& f = space.launch(index);
    if (f.programs <= 0)
        return std::nullopt;
    return f.grid;
}

npu::CandidateValues candidateValues(const space::CandidateSpace& space, std::size_t index)
{
    npu::CandidateValues values;
    values.grid = launchGrid(space, index);
    values.multibuffer = space.device().defaultMultibuffer;
    for (const auto& [name, value] : space.params(index)) {
        if (value.isString)
            continue; // a str compile option ('no-l0c'): the simulated compiler does not model it
        if (name == "multibuffer")
            values.multibuffer = value.value != 0;
        else
            values.constexprs.emplace_back(name, value.value);
    }
    return values;
}

namespace {

using Clock = std::chrono::steady_clock;

void fail(TuningResult& result, msg::Message why)
{
    result.error = std::move(why);
}

// Diagnostic::format() as an argument whose message part the explorer translates.
msg::Arg formatted(const Diagnostic& d)
{
    const std::string all = d.format();
    if (d.text.empty())
        return all;
    const std::size_t suffix = d.code.empty() ? 0 : d.code.size() + 3; // " [code]"
    const std::size_t prefix = all.size() - suffix - d.message.size();
    msg::Arg out(all.substr(0, prefix));
    out += d.text;
    out += msg::Arg(all.substr(all.size() - suffix));
    return out;
}

// Why a candidate failed to compile, by id when the compiler gave one.
msg::Arg failureArg(const CandidateOutcome& outcome)
{
    return msg::Arg(outcome.failureMessage);
}

// 2026-08 prunes cube / mix tunings of generated configs by a time limit before benchmarking
// (time_limit_prune.h): the configs it drops are cut by the time budget (compiled, never
// benchmarked), and the best and the count of benchmarked configs are taken again from the rest.
void applyTimeLimitPrune(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                         TuningResult& result, std::size_t& valid)
{
    if (!backends::policy(analysis.parse.backend).prunesByTimeLimit(analysis.parse) ||
        space.backend().generatedCount() == 0 || valid <= 1 || result.stopped)
        return;
    std::vector<std::pair<std::size_t, double>> compiled;
    for (std::size_t index : result.tuned)
        if (result.outcomes[index].status == OutcomeStatus::Benchmarked)
            compiled.emplace_back(index, result.outcomes[index].bench.sim.deviceUs / 1000.0);
    TimeLimitPrune prune = pruneByTimeLimit(compiled);
    for (const TimeLimitPrune::Entry& entry : prune.entries)
        if (!entry.valid) {
            result.outcomes[entry.index].status = OutcomeStatus::TimeBudgetCut;
            result.outcomes[entry.index].bench = {};
        }
    result.best.reset();
    result.backendBest.reset();
    valid = 0;
    for (std::size_t k = 0; k < result.tuned.size(); ++k) {
        const CandidateOutcome& o = result.outcomes[result.tuned[k]];
        if (o.status != OutcomeStatus::Benchmarked)
            continue;
        ++valid;
        if (!result.backendBest || betterThan(o.bench, result.outcomes[*result.backendBest].bench))
            result.backendBest = result.tuned[k];
        if (space.status(result.tuned[k]) != space::CandidateStatus::Incorrect &&
            (!result.best || betterThan(o.bench, result.outcomes[*result.best].bench)))
            result.best = result.tuned[k];
    }
    result.timeLimitPrune = std::move(prune);
}

// The UB tuner runs under a version that has one, when the options turn it on.
bool ubTunerActive(const analysis::KernelAnalysis& analysis, const TuningOptions& options)
{
    return backends::policy(analysis.parse.backend).hasUbTuner() && options.ubTuner != UbTunerMode::Off;
}

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// candidateValues() for one worker, without allocating per candidate: the names are laid out once
// and only the numbers change, unless a row sets a different set of dimensions. A Kwargs per
// candidate costs more than compiling a small kernel.
class ValueBinder {
public:
    ValueBinder(const space::CandidateSpace& space, bool multibufferFallback) : m_space(space)
    {
        m_values.multibufferFallback = multibufferFallback;
        for (const space::SpaceDimension& dim : space.dimensions())
            m_role.push_back(dim.kind == space::SpaceDimension::Kind::NumWarps ||
                                     dim.kind == space::SpaceDimension::Kind::NumStages || !dim.choices.empty()
                                 ? Role::Skip
                            : dim.name == "multibuffer"                       ? Role::Multibuffer
                                                                              : Role::Constexpr);
        m_set.assign(m_role.size(), false);
    }

    const npu::CandidateValues& bind(std::size_t index)
    {
        if (m_space.origin(index) == space::CandidateStatus::User) {
            // Handwritten configs carry their own keywords.
            const bool fallback = m_values.multibufferFallback;
            m_values = candidateValues(m_space, index);
            m_values.multibufferFallback = fallback;
            m_laidOut = false;
            return m_values;
        }
        const auto row = m_space.values(index);
        bool same = m_laidOut;
        for (std::size_t j = 0; j < m_role.size() && same; ++j)
            same = (row[j] != space::kUnset) == m_set[j];
        if (!same) {
            m_values.constexprs.clear();
            for (std::size_t j = 0; j < m_role.size(); ++j) {
                m_set[j] = row[j] != space::kUnset;
                if (m_set[j] && m_role[j] == Role::Constexpr)
                    m_values.constexprs.emplace_back(m_space.dimensions()[j].name, 0);
            }
            m_laidOut = true;
        }
        m_values.multibuffer = m_space.device().defaultMultibuffer;
        m_values.grid = launchGrid(m_space, index);
        std::size_t c = 0;
        for (std::size_t j = 0; j < m_role.size(); ++j) {
            if (!m_set[j])
                continue;
            if (m_role[j] == Role::Multibuffer)
                m_values.multibuffer = row[j] != 0;
            else if (m_role[j] == Role::Constexpr)
                m_values.constexprs[c++].second = m_space.dimensions()[j].boolean ? (row[j] != 0) : row[j];
        }
        return m_values;
    }

    // Whether candidate `b` is candidate `a` with multibuffer flipped, so that one trace compiles
    // both (npu::compileWithMultibufferSibling). The backend generates its tilings in such pairs.
    bool multibufferSiblings(std::size_t a, std::size_t b) const
    {
        if (m_space.origin(a) == space::CandidateStatus::User || m_space.origin(b) == space::CandidateStatus::User ||
            m_space.launch(a) != m_space.launch(b))
            return false;
        const auto ra = m_space.values(a);
        const auto rb = m_space.values(b);
        bool flipped = false;
        for (std::size_t j = 0; j < m_role.size(); ++j) {
            if (m_role[j] == Role::Multibuffer) {
                const bool fallback = m_space.device().defaultMultibuffer;
                flipped = (ra[j] == space::kUnset ? fallback : ra[j] != 0) != (rb[j] == space::kUnset ? fallback : rb[j] != 0);
            } else if (m_role[j] == Role::Constexpr && ra[j] != rb[j]) {
                return false;
            }
        }
        return flipped;
    }

private:
    enum class Role : std::uint8_t { Skip, Multibuffer, Constexpr };
    const space::CandidateSpace& m_space;
    std::vector<Role> m_role;
    std::vector<bool> m_set;
    bool m_laidOut = false;
    npu::CandidateValues m_values;
};

// Sizes the outcome table, one per space candidate. A lattice's table takes hundreds of MB, and
// faulting in its fresh pages is the largest serial step of a session: the pool's threads touch
// the pages first, in parallel, and the table is then built in memory that is already there.
void sizeOutcomes(std::vector<CandidateOutcome>& outcomes, std::size_t n, int threads)
{
    constexpr std::size_t kParallelBytes = std::size_t(64) << 20;
    const std::size_t bytes = n * sizeof(CandidateOutcome);
    if (threads > 1 && bytes >= kParallelBytes) {
        outcomes.reserve(n);
        unsigned char* raw = reinterpret_cast<unsigned char*>(outcomes.data());
        const std::size_t share = bytes / static_cast<std::size_t>(threads);
        std::vector<std::jthread> touch;
        for (int t = 0; t < threads; ++t) {
            const std::size_t begin = share * static_cast<std::size_t>(t);
            const std::size_t end = t + 1 == threads ? bytes : begin + share;
            touch.emplace_back([=] { std::memset(raw + begin, 0, end - begin); });
        }
    }
    outcomes.resize(n);
}


} // namespace

std::string_view outcomeStatusName(OutcomeStatus status)
{
    switch (status) {
    case OutcomeStatus::NotTuned: return "not-tuned";
    case OutcomeStatus::CompileFailed: return "compile-failed";
    case OutcomeStatus::Benchmarked: return "benchmarked";
    case OutcomeStatus::Best: return "best";
    case OutcomeStatus::TimeBudgetCut: return "time-budget-cut";
    }
    return "not-tuned";
}

std::optional<OutcomeStatus> parseOutcomeStatus(std::string_view name)
{
    for (OutcomeStatus status : {OutcomeStatus::NotTuned, OutcomeStatus::CompileFailed, OutcomeStatus::Benchmarked,
                                 OutcomeStatus::Best, OutcomeStatus::TimeBudgetCut})
        if (outcomeStatusName(status) == name)
            return status;
    return std::nullopt;
}

std::string_view progressStageName(ProgressStage stage)
{
    switch (stage) {
    case ProgressStage::Tracing: return "tracing";
    case ProgressStage::Compiling: return "compiling and benchmarking";
    case ProgressStage::Done: return "done";
    }
    return "done";
}

std::optional<ProgressStage> parseProgressStage(std::string_view name)
{
    for (ProgressStage stage : {ProgressStage::Tracing, ProgressStage::Compiling, ProgressStage::Done})
        if (progressStageName(stage) == name)
            return stage;
    return std::nullopt;
}

TuningOptions optionsFromEnvironment(TuningOptions base)
{
    if (const char* method = std::getenv("TRITON_BENCH_METHOD")) {
        std::string m = method;
        std::transform(m.begin(), m.end(), m.begin(), [](unsigned char c) { return std::tolower(c); });
        if (npu::parseBenchMethod(m) == npu::BenchMethod::Npu)
            base.method = npu::BenchMethod::Npu;
    }
    if (const char* parallel = std::getenv("TRITON_AUTOTUNE_PARALLEL_COMPILE"))
        base.parallelCompile = std::string(parallel) == "1";
    if (const char* ub = std::getenv("TRITON_ENABLE_UBTUNER")) {
        const UbTunerMode mode = ubTunerModeFrom(std::string_view(ub), false);
        if (mode != UbTunerMode::Off) {
            base.ubTuner = mode;
            base.ubTunerModeDefaulted = false;
        }
    }
    return base;
}

std::string configKwargsRepr(const space::CandidateSpace& space, std::size_t index)
{
    std::string out = "{";
    for (const auto& [name, value] : space.params(index))
        out += "'" + name + "': " + value.toPython() + ", ";
    out += "'num_warps': " + std::to_string(space.numWarps(index));
    out += ", 'num_ctas': 1";
    out += ", 'num_stages': " + std::to_string(space.numStages(index)) + "}";
    return out;
}

std::string configString(const space::CandidateSpace& space, std::size_t index)
{
    std::string out;
    for (const auto& [name, value] : space.params(index))
        out += name + ": " + value.toPython() + ", ";
    out += "num_warps: " + std::to_string(space.numWarps(index));
    out += ", num_ctas: 1";
    out += ", num_stages: " + std::to_string(space.numStages(index));
    out += ", maxnreg: None";
    return out;
}

std::string paramsString(const space::CandidateSpace& space, std::size_t index)
{
    std::string out;
    for (const auto& [name, value] : space.params(index))
        out += (out.empty() ? "" : ", ") + name + "=" + value.toPython();
    if (space.rowsAreBackendList())  // a version's list may hold configs that differ only in num_stages
        out += (out.empty() ? "" : ", ") + std::string("num_stages=") + std::to_string(space.numStages(index));
    return out;
}

std::optional<msg::Message> backendListProblem(const space::CandidateSpace& space)
{
    if (space.error())
        return msg::Message::asWritten(*space.error()); // the backend's own exception
    if (space.countOrigin(space::CandidateStatus::Generated) + space.countOrigin(space::CandidateStatus::User) == 0)
        return msg::Message(msg::Id::TuningNoValidConfigs, {msg::Message(msg::Id::TuningNothingGenerated)});
    return std::nullopt;
}

msg::Message latticeBackendNote(const std::string& backendError)
{
    return msg::Message(msg::Id::LatticeBackendRaises, {msg::Message::asWritten(backendError)});
}

namespace {

// The subset's filter read against `space`, or why it cannot be.
std::variant<space::CandidateQuery, msg::Message> subsetQuery(const space::CandidateSpace& space,
                                                              const LatticeSubset& subset)
{
    space::CandidateQuery query;
    if (subset.filter.empty())
        return query;
    query = space::CandidateQuery::parse(subset.filter);
    query.bind(&space);
    if (std::string why = query.error(); !why.empty())
        return msg::Message(msg::Id::LatticeFilterNotUnderstood, {subset.filter, why});
    return query;
}

} // namespace

std::optional<msg::Message> latticeSubsetError(const space::CandidateSpace& space,
                                               const LatticeSubset& subset)
{
    auto query = subsetQuery(space, subset);
    if (auto* why = std::get_if<msg::Message>(&query))
        return std::move(*why);
    return std::nullopt;
}

LatticeCandidates latticeCandidates(const space::CandidateSpace& space, const LatticeSubset& subset)
{
    LatticeCandidates out;
    auto read = subsetQuery(space, subset);
    if (auto* why = std::get_if<msg::Message>(&read)) {
        out.error = std::move(*why);
        return out;
    }
    const space::CandidateQuery& query = std::get<space::CandidateQuery>(read);
    std::vector<bool> selected;
    if (!subset.selection.empty()) {
        selected.assign(space.size(), false);
        for (std::size_t i : subset.selection)
            if (i < space.size())
                selected[i] = true;
    }
    std::vector<std::size_t> matched;
    for (std::size_t i = 0; i < space.size(); ++i) {
        // A pruned point cannot run; an incorrect one would compute a wrong result.
        if (space.origin(i) == space::CandidateStatus::Pruned || space.status(i) == space::CandidateStatus::Incorrect)
            continue;
        ++out.valid;
        if ((selected.empty() || selected[i]) && (query.empty() || query.matches(space, i)))
            matched.push_back(i);
    }
    out.matched = matched.size();
    if (subset.limit == 0 || subset.limit >= matched.size()) {
        out.indices = std::move(matched);
        return out;
    }
    for (std::size_t k : space::spreadEvenly(matched.size(), subset.limit))
        out.indices.push_back(matched[k]);
    return out;
}

RankBasis rankBasis(npu::BenchMethod method, const std::string& device)
{
    return RankBasis{"simulated", method == npu::BenchMethod::Npu ? "mean" : "p50", device, kSimulatorVersion};
}

std::string describeRankBasis(const RankBasis& basis)
{
    return "ranked by the " + basis.time + " " + basis.statistic + " on " + basis.device + " (simulator " +
           basis.simulator + "), then p20, p80";
}

bool rankedBefore(const RankTimes& a, const RankTimes& b)
{
    if (a.rank != b.rank)
        return a.rank < b.rank;
    if (a.p20 != b.p20)
        return a.p20 < b.p20;
    return a.p80 < b.p80;
}

bool betterThan(const npu::BenchResult& a, const npu::BenchResult& b)
{
    return rankedBefore({a.rankMs, a.p20Ms, a.p80Ms}, {b.rankMs, b.p20Ms, b.p80Ms});
}

int modelledHostCores(const TuningOptions& options, const npu::DeviceProfile& profile)
{
    return options.hostPhysicalCores > 0 ? options.hostPhysicalCores : std::max(1, profile.hostPhysicalCores());
}

int compileWorkerRule(kernel::BackendVersion backend, int hostCores, std::size_t configs)
{
    return backends::policy(backend).compileWorkerRule().workers(hostCores, configs);
}

int modelledCompileWorkers(const TuningOptions& options, std::size_t configs, kernel::BackendVersion backend,
                           int hostCores)
{
    if (!options.parallelCompile)
        return 1;
    return compileWorkerRule(backend, hostCores, configs);
}

ModelledStep modelledStep(const CandidateOutcome& o)
{
    ModelledStep step;
    // A config the time-limit prune dropped was compiled but is back to not tuned.
    step.compiled = o.status != OutcomeStatus::NotTuned || o.compileSeconds > 0; // a cut one compiled
    step.compileSeconds = o.compileSeconds;
    if (o.status == OutcomeStatus::Benchmarked || o.status == OutcomeStatus::Best) {
        step.benchSeconds = o.bench.benchSeconds;
        step.sessionSeconds = o.bench.sessionSeconds;
    }
    return step;
}

bool benchmarksList(kernel::BackendVersion backend, const TuningOptions& options, std::size_t configs)
{
    return configs > 1 || (backends::policy(backend).hasUbTuner() && options.ubTuner != UbTunerMode::Off);
}

// The catalogue's English, a literal's characters: terminated.
const char* const kSingleConfigDoBenchNote = msg::entry(msg::Id::TuningSingleConfigDoBench).english.data();

// A tuning session: trace once, compile and simulate in a pool of workers (chunked, per-worker
// tallies), pick the best by the backend's rule, then model the real toolchain's time. It is long
// because the pool's shared state (chunk counter, stop, per-worker scratch, progress) lives in
// this frame and every worker lambda reads it; the rules it applies are the named functions
// above (rankedBefore, modelledCompileWorkers, scheduleLongestFirst).
TuningResult tune(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                  const npu::DeviceProfile& profile, const TuningOptions& options,
                  const TuningCallbacks& callbacks, std::stop_token stop)
{
    const auto start = Clock::now();
    TuningResult result;
    int threads = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (!options.parallelCompile)
        threads = 1;
    // A cube-pruned tiling (the last rows of the space, millions for a large matmul) is never
    // tuned: the table stops before them.
    sizeOutcomes(result.outcomes, space.size() - space.cubePrunedRows(), threads);
    result.modelled.hostCores = modelledHostCores(options, profile);

    auto report = [&](ProgressStage stage, std::size_t done, std::size_t total) {
        if (!callbacks.progress)
            return;
        Progress p;
        p.stage = stage;
        p.done = done;
        p.total = total;
        p.elapsedSeconds = secondsSince(start);
        if (done > 0 && total > done)
            p.etaSeconds = p.elapsedSeconds / static_cast<double>(done) * static_cast<double>(total - done);
        else if (done == total)
            p.etaSeconds = 0;
        callbacks.progress(p);
    };

    if (options.lattice) {
        // The user's own list: tuned whatever the backend does with its own.
        LatticeCandidates chosen = latticeCandidates(space, options.subset);
        result.latticeValid = chosen.valid;
        if (space.error())
            result.backendError = *space.error();
        if (chosen.error) {
            result.error = std::move(chosen.error);
            result.badSubset = true;
            return result;
        }
        result.tuned = std::move(chosen.indices);
        if (result.tuned.empty()) {
            fail(result, chosen.valid == 0 ? msg::Message(msg::Id::TuningLatticeNoValidPoint)
                                           : msg::Message(msg::Id::TuningSubsetNoValidPoint,
                                                          {msg::count(std::int64_t(chosen.valid))}));
            return result;
        }
    } else {
        if (space.error()) {
            // The backend's own exception, as it words it: no catalogue entry makes it.
            result.error = msg::Message::asWritten(*space.error());
            return result;
        }
        if (backendListProblem(space)) {
            fail(result, msg::Message(msg::Id::TuningNoValidConfigs,
                                      {msg::Message(msg::Id::TuningNothingGenerated)}));
            return result;
        }
        // The backend's own list, incorrect configs included: the backend benchmarks them.
        for (std::size_t i = 0; i < space.size(); ++i) {
            const space::CandidateStatus s = space.origin(i);
            if (s == space::CandidateStatus::Generated || s == space::CandidateStatus::User)
                result.tuned.push_back(i);
        }
    }

    report(ProgressStage::Tracing, 0, result.tuned.size());
    npu::TraceResult trace = npu::KernelTrace::build(*analysis.file, *analysis.kernel,
                                                     npu::KernelLaunch::fromWorkload(analysis.workload));
    result.diagnostics = trace.diagnostics;
    if (!trace.trace) {
        msg::Arg why = msg::Message(msg::Id::TuningCannotTrace);
        for (const Diagnostic& d : trace.diagnostics)
            if (d.severity == Severity::Error) {
                why = formatted(d);
                break;
            }
        fail(result, msg::Message(msg::Id::TuningNoValidConfigs, {why}));
        return result;
    }
    const npu::DeviceModel device = npu::DeviceModel::fromProfile(profile);
    const npu::KernelTrace& kernelTrace = *trace.trace;

    const std::size_t total = result.tuned.size();
    threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), total));
    result.threads = threads;

    // Candidates are handed out in chunks: with 1-D kernels a candidate takes a few
    // microseconds, so one shared counter and one lock per candidate would cost more than the
    // work. Each worker keeps its own tallies (on its own cache line) and scratch.
    constexpr std::size_t kChunk = 32;
    struct alignas(64) Tally {
        std::size_t valid = 0;                   // benchmarked
        std::size_t best = SIZE_MAX;             // space index: the backend's pick
        std::size_t correctBest = SIZE_MAX;      // space index: the best that is not incorrect
    };
    std::vector<Tally> tallies(static_cast<std::size_t>(threads));

    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> doneCount{0};
    std::mutex finishedMutex;
    std::vector<std::size_t> finishedQueue;
    std::condition_variable allDone;
    npu::BenchOptions bench;
    bench.method = options.method;
    bench.seed = options.seed;
    // 2026-08's UB tuner: per position in `tuned`, its modelled seconds (NaN when it did not run),
    // summed in order afterwards like the benchmarks.
    const bool ubTunerOn = ubTunerActive(analysis, options);
    result.ubTuner = ubTunerOn ? options.ubTuner : UbTunerMode::Off;
    std::vector<double> ubSecondsAt(ubTunerOn ? total : 0, std::numeric_limits<double>::quiet_NaN());
    const bool vfFusionApplies = profile.is910_95Class();

    auto work = [&](std::stop_token, Tally& tally) {
        ValueBinder binder(space, !ubTunerOn);
        std::size_t finishedChunk[kChunk];
        for (;;) {
            const std::size_t begin = next.fetch_add(kChunk, std::memory_order_relaxed);
            if (begin >= total)
                break;
            const std::size_t end = std::min(total, begin + kChunk);
            std::size_t finished = 0;
            auto record = [&](std::size_t k, const npu::CompiledKernel& initial) {
                const std::size_t index = result.tuned[k];
                CandidateOutcome& outcome = result.outcomes[index];
                npu::CompiledKernel tunedKernel;
                if (ubTunerOn && !initial.ok() && isUbOverflowError(initial.message)) {
                    UbTuneRequest request;
                    request.trace = &kernelTrace;
                    request.device = &device;
                    request.vfFusionApplies = vfFusionApplies;
                    request.mode = options.ubTuner;
                    request.modeDefaulted = options.ubTunerModeDefaulted;
                    request.values = binder.bind(index);
                    request.compileOpts = configKwargsRepr(space, index);
                    request.trigger = initial.message;
                    request.bench = bench;
                    auto tuned = std::make_shared<UbTuneResult>(runUbTuner(request));
                    ubSecondsAt[k] = tuned->compileSeconds + tuned->benchSeconds;
                    if (tuned->attached()) {
                        // Benchmarked with the config's options and the ubtune_cfg on top.
                        tunedKernel = compileWithUbOptions(kernelTrace, device, request.values, tuned->chosen,
                                                           vfFusionApplies);
                        ubSecondsAt[k] += tunedKernel.compileSeconds;
                    }
                    outcome.ubTune = std::move(tuned);
                }
                const npu::CompiledKernel& compiled = outcome.ubTune && outcome.ubTune->attached() ? tunedKernel : initial;
                outcome.compileSeconds = initial.compileSeconds;
                outcome.ubPeakBytes = compiled.footprint.ubPeakBytes;
                outcome.ubCapacityBytes = compiled.footprint.ubCapacityBytes;
                outcome.programs = compiled.programs;
                if (!compiled.ok()) {
                    outcome.status = OutcomeStatus::CompileFailed;
                    outcome.failure = compiled.failure;
                    outcome.failureMessage =
                        compiled.text.empty() ? msg::Message::asWritten(compiled.message) : compiled.text;
                } else {
                    outcome.bench = npu::benchmark(compiled, device, bench);
                    if (outcome.bench.ok) {
                        outcome.status = OutcomeStatus::Benchmarked;
                        ++tally.valid;
                        // Ties keep the earlier candidate, as one ordered pass would.
                        auto keep = [&](std::size_t& best) {
                            if (best == SIZE_MAX || betterThan(outcome.bench, result.outcomes[best].bench) ||
                                (!betterThan(result.outcomes[best].bench, outcome.bench) && index < best))
                                best = index;
                        };
                        keep(tally.best);
                        if (space.status(index) != space::CandidateStatus::Incorrect)
                            keep(tally.correctBest);
                    } else {
                        outcome.status = OutcomeStatus::CompileFailed;
                        outcome.failure = npu::CompileFailure::InvalidGrid;
                        outcome.failureMessage = outcome.bench.sim.error;
                    }
                }
                finishedChunk[finished++] = index;
            };
            for (std::size_t k = begin; k < end && !stop.stop_requested(); ++k) {
                const std::size_t index = result.tuned[k];
                if (k + 1 < end && binder.multibufferSiblings(index, result.tuned[k + 1])) {
                    const auto [first, second] = npu::compileWithMultibufferSibling(kernelTrace, device, binder.bind(index));
                    record(k, first);
                    record(++k, second);
                } else {
                    record(k, npu::compileCandidate(kernelTrace, device, binder.bind(index)));
                }
            }
            std::size_t doneNow = 0;
            {
                std::lock_guard lock(finishedMutex); // under the lock: the waiter cannot miss the last one
                if (callbacks.candidate)
                    finishedQueue.insert(finishedQueue.end(), finishedChunk, finishedChunk + finished);
                doneNow = doneCount.fetch_add(finished, std::memory_order_release) + finished;
                if (doneNow == total)
                    allDone.notify_all();
            }
            if (finished < end - begin)
                break; // stopped
            if (callbacks.workerStep)
                callbacks.workerStep(doneNow);
        }
    };

    const auto poolStart = Clock::now();
    {
        // Workers compile and benchmark; the calling thread reports progress and hands finished
        // candidates to the caller, so callbacks never run on a worker.
        std::vector<std::jthread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back(work, std::ref(tallies[static_cast<std::size_t>(t)]));
        auto drain = [&] {
            std::vector<std::size_t> batch;
            {
                std::lock_guard lock(finishedMutex);
                batch.swap(finishedQueue);
            }
            if (callbacks.candidate)
                for (std::size_t index : batch)
                    callbacks.candidate(index, result.outcomes[index]);
        };
        // Wakes at least every 100 ms to report progress, at once when the last candidate is done.
        std::stop_callback wakeOnStop(stop, [&] { allDone.notify_all(); });
        while (doneCount.load(std::memory_order_acquire) < total && !stop.stop_requested()) {
            {
                std::unique_lock lock(finishedMutex);
                allDone.wait_for(lock, std::chrono::milliseconds(100), [&] {
                    return doneCount.load(std::memory_order_acquire) >= total || stop.stop_requested();
                });
            }
            drain();
            report(ProgressStage::Compiling, doneCount.load(), total);
        }
        for (auto& t : pool)
            t.join();
        drain();
    }
    result.poolSeconds = secondsSince(poolStart);
    result.finished = doneCount.load();
    result.stopped = stop.stop_requested() && result.finished < total;

    // Best by the backend's comparison, among what finished; ties keep the earlier candidate.
    std::size_t valid = 0;
    auto merge = [&](std::optional<std::size_t>& best, std::size_t candidate) {
        if (candidate == SIZE_MAX)
            return;
        const npu::BenchResult& b = result.outcomes[candidate].bench;
        if (!best || betterThan(b, result.outcomes[*best].bench) ||
            (!betterThan(result.outcomes[*best].bench, b) && candidate < *best))
            best = candidate;
    };
    for (Tally& tally : tallies) {
        valid += tally.valid;
        merge(result.backendBest, tally.best);
        merge(result.best, tally.correctBest);
    }
    applyTimeLimitPrune(analysis, space, result, valid);
    // With a single compiled config the backend skips the profiler and times it with do_bench
    // (autotuner.py: "we ignore expensive profiling method when only single config is left"). The
    // times shown stay the method's own, so that a config reads the same alone and in a list; only
    // the modelled tuning time counts the do_bench run the backend makes instead.
    if (valid == 1 && options.method == npu::BenchMethod::Npu && result.backendBest) {
        CandidateOutcome& only = result.outcomes[*result.backendBest];
        ValueBinder binder(space, !ubTunerOn);
        const npu::CompiledKernel compiled =
            only.ubTune && only.ubTune->attached()
                ? compileWithUbOptions(kernelTrace, device, binder.bind(*result.backendBest), only.ubTune->chosen,
                                       vfFusionApplies)
                : npu::compileCandidate(kernelTrace, device, binder.bind(*result.backendBest));
        npu::BenchOptions doBench;
        doBench.method = npu::BenchMethod::Default;
        doBench.seed = options.seed;
        only.bench.benchSeconds = npu::benchmark(compiled, device, doBench).benchSeconds;
        only.bench.sessionSeconds = 0;
        Diagnostic note;
        note.code = "single-config-do-bench";
        note.severity = Severity::Note;
        note.say(msg::Message(msg::Id::TuningSingleConfigDoBench));
        result.diagnostics.push_back(std::move(note));
    }
    if (result.best) {
        result.outcomes[*result.best].status = OutcomeStatus::Best;
    } else if (result.backendBest && !result.stopped) {
        // Every config that ran computes a wrong result: TileScope recommends none of them.
        fail(result, msg::Message(msg::Id::TuningNoCorrectConfig,
                                  {*result.backendBest, space.coverageMessage(*result.backendBest)}));
    } else if (!result.stopped) {
        msg::Arg why = msg::Message(msg::Id::TuningEveryCompileFailed);
        for (std::size_t index : result.tuned)
            if (result.outcomes[index].status == OutcomeStatus::CompileFailed) {
                why =
                    msg::Message(msg::Id::ValuesWhy, {npu::compileFailureName(result.outcomes[index].failure),
                                                      failureArg(result.outcomes[index])});
                break;
            }
        fail(result, msg::Message(msg::Id::TuningNoValidConfigs, {why}));
    }

    // The real toolchain on the NPU's host: the backend's compile workers, then benchmarks.
    std::vector<ModelledStep> steps(total);
    std::size_t compiled = 0;
    for (std::size_t k = 0; k < total; ++k) {
        const CandidateOutcome& o = result.outcomes[result.tuned[k]];
        steps[k] = modelledStep(o);
        compiled += steps[k].compiled ? 1 : 0;
    }
    const int hostCores = modelledHostCores(options, profile);
    const int workers = modelledCompileWorkers(options, compiled, analysis.parse.backend, hostCores);
    ModelledTime& m = result.modelled;
    m = modelTuningTime(steps, workers, benchmarksList(analysis.parse.backend, options, total));
    m.hostCores = hostCores;
    for (double seconds : ubSecondsAt)
        if (!std::isnan(seconds))
            m.ubTunerSeconds += seconds;
    m.totalSeconds += m.ubTunerSeconds;
    result.confidence = assessConfidence(result, profile, [&](std::size_t i) { return paramsString(space, i); });
    result.hostSeconds = secondsSince(start);
    report(ProgressStage::Done, result.finished, total);
    return result;
}

std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       const TuningResult& result, const TuningOptions& options)
{
    return backends::policy(analysis.parse.backend).autotuningLog(analysis, space, result, options);
}

} // namespace ts::tuning
