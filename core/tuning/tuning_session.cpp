#include "core/tuning/tuning_session.h"

#include "core/npu/device_model.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <queue>
#include <thread>

namespace ts::tuning {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Longest-processing-time-first makespan of `jobs` over `workers`: the wall time of a
// ThreadPoolExecutor compiling them.
double makespan(std::vector<double> jobs, int workers)
{
    if (jobs.empty())
        return 0;
    workers = std::max(1, workers);
    std::sort(jobs.begin(), jobs.end(), std::greater<>());
    std::priority_queue<double, std::vector<double>, std::greater<>> loads;
    for (int i = 0; i < workers; ++i)
        loads.push(0.0);
    for (double job : jobs) {
        double least = loads.top();
        loads.pop();
        loads.push(least + job);
    }
    double longest = 0;
    while (!loads.empty()) {
        longest = loads.top();
        loads.pop();
    }
    return longest;
}

npu::CandidateValues valuesOf(const space::CandidateSpace& space, std::size_t index)
{
    npu::CandidateValues values;
    values.multibuffer = space.device().defaultMultibuffer;
    for (const auto& [name, value] : space.params(index)) {
        if (name == "multibuffer")
            values.multibuffer = value.value != 0;
        else
            values.constexprs.emplace_back(name, value.value);
    }
    return values;
}

// Upstream compares [p50, p20, p80] lists (default) or the mean (npu); ties keep the first.
bool betterThan(const npu::BenchResult& a, const npu::BenchResult& b)
{
    if (a.rankMs != b.rankMs)
        return a.rankMs < b.rankMs;
    if (a.p20Ms != b.p20Ms)
        return a.p20Ms < b.p20Ms;
    return a.p80Ms < b.p80Ms;
}

std::string formatMs(double ms)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", ms);
    return buffer;
}

} // namespace

std::string_view outcomeStatusName(OutcomeStatus status)
{
    switch (status) {
    case OutcomeStatus::NotTuned: return "not-tuned";
    case OutcomeStatus::CompileFailed: return "compile-failed";
    case OutcomeStatus::Benchmarked: return "benchmarked";
    case OutcomeStatus::Best: return "best";
    }
    return "not-tuned";
}

TuningOptions optionsFromEnvironment(TuningOptions base)
{
    if (const char* method = std::getenv("TRITON_BENCH_METHOD")) {
        std::string m = method;
        std::transform(m.begin(), m.end(), m.begin(), [](unsigned char c) { return std::tolower(c); });
        if (m == "npu")
            base.method = npu::BenchMethod::Npu;
    }
    if (const char* parallel = std::getenv("TRITON_AUTOTUNE_PARALLEL_COMPILE"))
        base.parallelCompile = std::string(parallel) == "1";
    return base;
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

TuningResult tune(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                  const npu::DeviceProfile& profile, const TuningOptions& options,
                  const TuningCallbacks& callbacks, std::stop_token stop)
{
    const auto start = Clock::now();
    TuningResult result;
    result.outcomes.resize(space.size());

    auto report = [&](const std::string& stage, std::size_t done, std::size_t total) {
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

    if (space.error()) {
        result.error = *space.error();
        return result;
    }
    for (std::size_t i = 0; i < space.size(); ++i) {
        const space::CandidateStatus s = space.status(i);
        const bool backendList = s == space::CandidateStatus::Generated || s == space::CandidateStatus::User;
        if (backendList || options.lattice)
            result.tuned.push_back(i);
    }
    if (result.tuned.empty()) {
        result.error = "No valid triton configs. Nothing to tune: the backend produced no candidate config.";
        return result;
    }

    report("tracing", 0, result.tuned.size());
    npu::TraceResult trace = npu::KernelTrace::build(*analysis.file, *analysis.kernel,
                                                     npu::KernelLaunch::fromWorkload(analysis.workload));
    result.diagnostics = trace.diagnostics;
    if (!trace.trace) {
        std::string why = "the kernel cannot be traced";
        for (const Diagnostic& d : trace.diagnostics)
            if (d.severity == Severity::Error) {
                why = d.format();
                break;
            }
        result.error = "No valid triton configs. " + why;
        return result;
    }
    const npu::DeviceModel device = npu::DeviceModel::fromProfile(profile);
    const npu::KernelTrace& kernelTrace = *trace.trace;

    const std::size_t total = result.tuned.size();
    int threads = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (!options.parallelCompile)
        threads = 1;
    threads = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), total));
    result.threads = threads;

    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> doneCount{0};
    std::mutex finishedMutex;
    std::vector<std::size_t> finishedQueue;
    std::condition_variable allDone;

    auto work = [&](std::stop_token) {
        for (;;) {
            if (stop.stop_requested())
                return;
            const std::size_t k = next.fetch_add(1, std::memory_order_relaxed);
            if (k >= total)
                return;
            const std::size_t index = result.tuned[k];
            CandidateOutcome& outcome = result.outcomes[index];
            const npu::CompiledKernel compiled = npu::compileCandidate(kernelTrace, device, valuesOf(space, index));
            outcome.compileSeconds = compiled.compileSeconds;
            outcome.ubPeakBytes = compiled.footprint.ubPeakBytes;
            outcome.ubCapacityBytes = compiled.footprint.ubCapacityBytes;
            outcome.programs = compiled.programs;
            if (!compiled.ok()) {
                outcome.status = OutcomeStatus::CompileFailed;
                outcome.failure = compiled.failure;
                outcome.failureMessage = compiled.message;
            } else {
                npu::BenchOptions bench;
                bench.method = options.method;
                bench.seed = options.seed;
                outcome.bench = npu::benchmark(compiled, device, bench);
                if (outcome.bench.ok) {
                    outcome.status = OutcomeStatus::Benchmarked;
                } else {
                    outcome.status = OutcomeStatus::CompileFailed;
                    outcome.failure = npu::CompileFailure::InvalidGrid;
                    outcome.failureMessage = outcome.bench.sim.error;
                }
            }
            std::lock_guard lock(finishedMutex);  // under the lock: the waiter cannot miss the last one
            finishedQueue.push_back(index);
            if (doneCount.fetch_add(1, std::memory_order_release) + 1 == total)
                allDone.notify_all();
        }
    };

    {
        // Workers compile and benchmark; the calling thread reports progress and hands finished
        // candidates to the caller, so callbacks never run on a worker.
        std::vector<std::jthread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back(work);
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
            report("compiling and benchmarking", doneCount.load(), total);
        }
        for (auto& t : pool)
            t.join();
        drain();
    }
    result.finished = doneCount.load();
    result.stopped = stop.stop_requested() && result.finished < total;

    // Best by the backend's comparison, among what finished.
    std::vector<double> compileJobs;
    std::size_t valid = 0;
    for (std::size_t index : result.tuned) {
        const CandidateOutcome& o = result.outcomes[index];
        if (o.status == OutcomeStatus::NotTuned)
            continue;
        compileJobs.push_back(o.compileSeconds);
        if (o.status != OutcomeStatus::Benchmarked)
            continue;
        ++valid;
        if (!result.best || betterThan(o.bench, result.outcomes[*result.best].bench))
            result.best = index;
    }
    // With a single compiled config the backend skips the profiler and uses do_bench.
    if (valid == 1 && options.method == npu::BenchMethod::Npu && result.best) {
        CandidateOutcome& only = result.outcomes[*result.best];
        const npu::CompiledKernel compiled = npu::compileCandidate(kernelTrace, device, valuesOf(space, *result.best));
        npu::BenchOptions bench;
        bench.method = npu::BenchMethod::Default;
        bench.seed = options.seed;
        only.bench = npu::benchmark(compiled, device, bench);
    }
    if (result.best)
        result.outcomes[*result.best].status = OutcomeStatus::Best;
    else if (!result.stopped) {
        std::string why = "every candidate failed to compile";
        for (std::size_t index : result.tuned)
            if (result.outcomes[index].status == OutcomeStatus::CompileFailed) {
                why = std::string(npu::compileFailureName(result.outcomes[index].failure)) + ": " +
                      result.outcomes[index].failureMessage;
                break;
            }
        result.error = "No valid triton configs. " + why;
    }

    // The real toolchain: compile workers = min(physical cores / 2, configs), then benchmarks.
    const int hostCores = options.hostPhysicalCores > 0
                              ? options.hostPhysicalCores
                              : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    ModelledTime& m = result.modelled;
    m.compileWorkers = options.parallelCompile
                           ? std::max(1, std::min(hostCores / 2, static_cast<int>(compileJobs.size())))
                           : 1;
    m.compileSeconds = makespan(compileJobs, m.compileWorkers);
    // One config: Triton-Ascend launches it without benchmarking.
    if (result.tuned.size() > 1) {
        bool sessionCounted = false;
        for (std::size_t index : result.tuned) {
            const CandidateOutcome& o = result.outcomes[index];
            if (o.status != OutcomeStatus::Benchmarked && o.status != OutcomeStatus::Best)
                continue;
            m.benchSeconds += o.bench.benchSeconds;
            if (!sessionCounted && valid > 1) {
                m.benchSeconds += o.bench.sessionSeconds;
                sessionCounted = true;
            }
        }
    }
    m.totalSeconds = m.compileSeconds + m.benchSeconds;
    result.hostSeconds = secondsSince(start);
    report("done", result.finished, total);
    return result;
}

std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                       const TuningResult& result)
{
    std::vector<std::string> lines;
    for (const std::string& w : space.backend().warnings)
        lines.push_back(w);
    lines.push_back("Generated configs number: " + std::to_string(space.backend().generatedCount()));
    for (std::size_t index : result.tuned) {
        const CandidateOutcome& o = result.outcomes[index];
        const std::string config = configString(space, index);
        switch (o.status) {
        case OutcomeStatus::NotTuned:
            break;
        case OutcomeStatus::CompileFailed:
            lines.push_back("Triton autotuning: config " + config + ": compile_failed; reason=" +
                            std::string(npu::compileFailureName(o.failure)) + ": " + o.failureMessage);
            break;
        case OutcomeStatus::Benchmarked:
        case OutcomeStatus::Best:
            lines.push_back("Triton autotuning: config " + config + ": p50 " + formatMs(o.bench.p50Ms) + " ms, p20 " +
                            formatMs(o.bench.p20Ms) + " ms, p80 " + formatMs(o.bench.p80Ms) + " ms" +
                            (o.status == OutcomeStatus::Best ? " [selected]" : ""));
            break;
        }
    }
    if (result.best) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.2f", result.modelled.benchSeconds);
        lines.push_back("Triton autotuning for function " + analysis.kernel->name + " finished after " + seconds +
                        "s; best config selected: " + configString(space, *result.best) + ";");
    }
    return lines;
}

} // namespace ts::tuning
