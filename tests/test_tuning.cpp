// Tuning sessions end to end: every example on every device, determinism, the thread pool,
// stop, benchmark methods, and the backend's "No valid triton configs" error.

#include "core/analysis/kernel_analysis.h"
#include "core/export/tuning_report.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/tuning/tuning_report.h"
#include "core/tuning/tuning_session.h"
#include "backend_versions.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <fstream>
#include <limits>

using namespace ts;

namespace {

struct Prepared {
    analysis::KernelAnalysis analysis;
    space::CandidateSpace space;
};

const npu::DeviceRegistry& registry()
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return r;
}

std::optional<Prepared> prepare(const std::string& workloadPath, const std::string& device = {})
{
    auto loaded = test::loadWorkload2604(workloadPath);
    if (!loaded.workload)
        return std::nullopt;
    if (!device.empty())
        loaded.workload->device = device;
    auto analysed = analysis::analyzeWorkload(*loaded.workload);
    if (!analysed.analysis)
        return std::nullopt;
    const npu::DeviceProfile* profile = registry().find(loaded.workload->device);
    if (!profile)
        return std::nullopt;
    space::CandidateSpace s = pipeline::buildSpace(*analysed.analysis, *profile);
    return Prepared{std::move(*analysed.analysis), std::move(s)};
}

std::string example(const std::string& name)
{
    return (test::examplesDir() / name).string();
}

// A 1-D kernel `name`(x_ptr, y_ptr, n, XBLOCK) over n elements of `dtype` with a handwritten
// config list, written with its launch to a scratch folder and prepared. Its body starts on line 7.
std::optional<Prepared> prepareOneD(const std::string& name, const std::string& configs, const std::string& body,
                                    const std::string& dtype, std::int64_t n)
{
    const auto dir = test::scratchDir("tuning-" + name);
    std::ofstream(dir / (name + ".py")) << "import triton\nimport triton.language as tl\n\n@triton.autotune(configs="
                                        << configs << ", key=[\"n\"])\n@triton.jit\ndef " << name
                                        << "(x_ptr, y_ptr, n, XBLOCK: tl.constexpr):\n" << body;
    const std::string tensor = R"({"tensor": ")" + dtype + R"(", "shape": [)" + std::to_string(n) + "]}";
    std::ofstream(dir / (name + ".json")) << R"({"kernel": ")" << name << R"(.py", "args": {"x_ptr": )" << tensor
                                          << R"(, "y_ptr": )" << tensor << R"(, "n": )" << n
                                          << R"J(}, "grid": "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)", "backend": "2026-04"})J";
    return prepare((dir / (name + ".json")).string());
}

// The add example's valid lattice, at most `points` points.
std::optional<Prepared> latticeOfAdd(std::size_t points)
{
    auto loaded = test::loadWorkload2604(example("add.json"));
    if (!loaded.workload)
        return std::nullopt;
    auto analysed = analysis::analyzeWorkload(*loaded.workload);
    if (!analysed.analysis)
        return std::nullopt;
    space::SpaceOptions spaceOptions;
    spaceOptions.lattice = true;
    spaceOptions.maxLatticePoints = points;
    space::CandidateSpace s = pipeline::buildSpace(*analysed.analysis, *registry().find(loaded.workload->device), spaceOptions);
    return Prepared{std::move(*analysed.analysis), std::move(s)};
}

} // namespace

TEST(Tuning, EveryExampleTunesOnEveryDevice)
{
    int sessions = 0;
    for (const auto& entry : std::filesystem::directory_iterator(test::examplesDir())) {
        if (entry.path().extension() != ".json" || entry.path().filename().string().find("guide_violations") == 0)
            continue;
        for (const std::string& soc : registry().socNames()) {
            const npu::DeviceProfile* profile = registry().find(soc);
            if (!profile->tritonAscendSupported)
                continue;
            auto p = prepare(entry.path().string(), soc);
            ASSERT_TRUE(p) << entry.path();
            const std::string what = entry.path().filename().string() + " on " + soc;
            if (p->space.error()) {
                // The backend itself raises for this shape on this device: said, not hidden.
                EXPECT_FALSE(p->space.error()->empty()) << what;
                continue;
            }
            tuning::TuningResult r = tuning::tune(p->analysis, p->space, *profile, {});
            ASSERT_FALSE(r.error) << what << ": " << *r.error;
            ASSERT_TRUE(r.best) << what;
            const auto& best = r.outcomes[*r.best];
            EXPECT_EQ(best.status, tuning::OutcomeStatus::Best);
            EXPECT_GT(best.bench.p50Ms, 0) << what;
            EXPECT_LE(best.bench.p20Ms, best.bench.p50Ms) << what;
            EXPECT_LE(best.bench.p50Ms, best.bench.p80Ms) << what;
            // Nothing is faster than its roofline.
            EXPECT_GE(best.bench.sim.deviceUs + 1e-9, best.bench.sim.roofline.boundUs) << what;
            for (std::size_t index : r.tuned) {
                const auto& o = r.outcomes[index];
                if (o.status == tuning::OutcomeStatus::Benchmarked) {
                    EXPECT_GE(o.bench.rankMs, best.bench.rankMs) << what;
                }
                if (o.status == tuning::OutcomeStatus::CompileFailed) {
                    EXPECT_FALSE(o.failureMessage.empty()) << what;
                }
            }
            EXPECT_GT(r.modelled.totalSeconds, 0) << what;
            ++sessions;
        }
    }
    EXPECT_GE(sessions, 40);
}

TEST(Tuning, SameSeedSameNumbersAndParallelEqualsSequential)
{
    auto p = prepare(example("add_16m.json"));
    ASSERT_TRUE(p);
    const npu::DeviceProfile& device = *registry().find(p->analysis.workload.device);
    tuning::TuningOptions parallel;
    parallel.jobs = 4;
    parallel.seed = 11;
    tuning::TuningOptions sequential = parallel;
    sequential.parallelCompile = false;
    const auto a = tuning::tune(p->analysis, p->space, device, parallel);
    const auto b = tuning::tune(p->analysis, p->space, device, sequential);
    ASSERT_TRUE(a.best && b.best);
    EXPECT_EQ(a.threads, 4);
    EXPECT_EQ(b.threads, 1);
    EXPECT_EQ(*a.best, *b.best);
    ASSERT_EQ(a.tuned, b.tuned);
    for (std::size_t index : a.tuned) {
        EXPECT_EQ(a.outcomes[index].bench.p50Ms, b.outcomes[index].bench.p50Ms);
        EXPECT_EQ(a.outcomes[index].bench.p80Ms, b.outcomes[index].bench.p80Ms);
    }
    // Sequential compile is modelled as one worker; parallel as min(cores/2, configs).
    EXPECT_EQ(b.modelled.compileWorkers, 1);
    tuning::TuningOptions bigHost = parallel;
    bigHost.hostPhysicalCores = 64;
    const auto c = tuning::tune(p->analysis, p->space, device, bigHost);
    EXPECT_EQ(c.modelled.compileWorkers, std::min<int>(32, static_cast<int>(c.tuned.size())));
    EXPECT_LT(c.modelled.compileSeconds, b.modelled.compileSeconds);

    tuning::TuningOptions otherSeed = parallel;
    otherSeed.seed = 12;
    const auto d = tuning::tune(p->analysis, p->space, device, otherSeed);
    bool differs = false;
    for (std::size_t index : a.tuned)
        differs = differs || a.outcomes[index].bench.p50Ms != d.outcomes[index].bench.p50Ms;
    EXPECT_TRUE(differs) << "the seed must drive the benchmark noise";
}

TEST(Tuning, LatticeSessionIsTheSameOnAnyNumberOfWorkers)
{
    // Thousands of candidates: workers take them in chunks and keep their own tallies; the
    // best, the modelled times and every outcome must not depend on how the work was split.
    // Softmax keeps a whole row in the UB, so its lattice reaches configs that overflow even
    // without multibuffer (the compiler's fallback saves the add kernel's largest tiles).
    auto loaded = test::loadWorkload2604(example("softmax.json"));
    ASSERT_TRUE(loaded.workload);
    auto analysed = analysis::analyzeWorkload(*loaded.workload);
    ASSERT_TRUE(analysed.analysis);
    const npu::DeviceProfile& device = *registry().find(loaded.workload->device);
    space::SpaceOptions spaceOptions;
    spaceOptions.lattice = true;
    spaceOptions.maxLatticePoints = 3000;
    const space::CandidateSpace space = pipeline::buildSpace(*analysed.analysis, device, spaceOptions);
    ASSERT_GT(space.size(), 1000u);
    for (auto method : {npu::BenchMethod::Default, npu::BenchMethod::Npu}) {
        tuning::TuningOptions many;
        many.lattice = true;
        many.jobs = 3;
        many.method = method;
        many.hostPhysicalCores = 2; // one modelled compile worker, like the sequential session
        tuning::TuningOptions one = many;
        one.parallelCompile = false;
        const auto a = tuning::tune(*analysed.analysis, space, device, many);
        const auto b = tuning::tune(*analysed.analysis, space, device, one);
        EXPECT_EQ(a.threads, 3);
        EXPECT_EQ(b.threads, 1);
        ASSERT_TRUE(a.best && b.best);
        EXPECT_EQ(*a.best, *b.best);
        // Every valid lattice point (the pruned ones break a hard constraint and are not tuned).
        EXPECT_EQ(a.finished, space.size() - space.count(space::CandidateStatus::Pruned));
        EXPECT_EQ(a.modelled.benchSeconds, b.modelled.benchSeconds);
        EXPECT_EQ(a.modelled.compileWorkers, 1);
        EXPECT_EQ(a.modelled.compileSeconds, b.modelled.compileSeconds);
        std::size_t failed = 0;
        for (std::size_t i = 0; i < space.size(); ++i) {
            EXPECT_EQ(a.outcomes[i].status, b.outcomes[i].status) << i;
            EXPECT_EQ(a.outcomes[i].failureMessage.english(), b.outcomes[i].failureMessage.english()) << i;
            EXPECT_EQ(a.outcomes[i].bench.p50Ms, b.outcomes[i].bench.p50Ms) << i;
            failed += a.outcomes[i].status == tuning::OutcomeStatus::CompileFailed;
        }
        EXPECT_GT(failed, 0u); // the lattice reaches past the UB, so both kinds are compared
    }
}

TEST(Tuning, NpuMethodIsSteadierAndCostlierToTune)
{
    auto p = prepare(example("add.json"));
    ASSERT_TRUE(p);
    const npu::DeviceProfile& device = *registry().find(p->analysis.workload.device);
    tuning::TuningOptions def;
    tuning::TuningOptions npuMethod;
    npuMethod.method = npu::BenchMethod::Npu;
    const auto a = tuning::tune(p->analysis, p->space, device, def);
    const auto b = tuning::tune(p->analysis, p->space, device, npuMethod);
    ASSERT_TRUE(a.best && b.best);
    double spreadDefault = 0, spreadNpu = 0;
    for (std::size_t index : a.tuned) {
        const auto& x = a.outcomes[index].bench;
        const auto& y = b.outcomes[index].bench;
        spreadDefault += (x.p80Ms - x.p20Ms) / x.p50Ms;
        spreadNpu += (y.p80Ms - y.p20Ms) / y.p50Ms;
    }
    EXPECT_LT(spreadNpu, spreadDefault);
    EXPECT_GT(b.modelled.benchSeconds, a.modelled.benchSeconds);
}

TEST(Tuning, StopKeepsWhatFinished)
{
    auto p = prepare(example("add_16m.json"));
    ASSERT_TRUE(p);
    const npu::DeviceProfile& device = *registry().find(p->analysis.workload.device);
    std::stop_source stop;
    stop.request_stop();  // stopped before any candidate: nothing runs, nothing is invented
    const auto r = tuning::tune(p->analysis, p->space, device, {}, {}, stop.get_token());
    EXPECT_TRUE(r.stopped);
    EXPECT_EQ(r.finished, 0u);
    EXPECT_FALSE(r.best);

    // Stop from the progress callback after the first candidates arrive.
    std::stop_source midway;
    std::size_t seen = 0;
    tuning::TuningCallbacks callbacks;
    callbacks.candidate = [&](std::size_t, const tuning::CandidateOutcome& o) {
        EXPECT_NE(o.status, tuning::OutcomeStatus::NotTuned);
        if (++seen >= 1)
            midway.request_stop();
    };
    tuning::TuningOptions one;
    one.jobs = 1;
    const auto s = tuning::tune(p->analysis, p->space, device, one, callbacks, midway.get_token());
    EXPECT_GE(s.finished, 1u);
    EXPECT_LE(s.finished, s.tuned.size());
    std::size_t withTimes = 0;
    for (std::size_t index : s.tuned)
        if (s.outcomes[index].status != tuning::OutcomeStatus::NotTuned)
            ++withTimes;
    EXPECT_EQ(withTimes, s.finished);

    // A pause point on the worker: the stop lands after its first chunk, before it can take the
    // next, so the session cannot have finished, however fast the machine is.
    std::stop_source paused;
    tuning::TuningCallbacks step;
    std::vector<std::size_t> steps;
    step.workerStep = [&](std::size_t done) {
        steps.push_back(done);
        paused.request_stop();
    };
    const auto t = tuning::tune(p->analysis, p->space, device, one, step, paused.get_token());
    ASSERT_GT(t.tuned.size(), 32u);
    EXPECT_TRUE(t.stopped);
    EXPECT_EQ(steps, std::vector<std::size_t>{t.finished});
    EXPECT_EQ(t.finished, 32u);  // one chunk
    EXPECT_FALSE(t.error);
}

TEST(Tuning, NoValidConfigIsTheBackendsError)
{
    // Every handwritten config overflows the UB: nothing compiles.
    auto p = prepareOneD("big", R"([triton.Config({"XBLOCK": 1048576}), triton.Config({"XBLOCK": 2097152})])",
                         "    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)\n"
                         "    mask = offs < n\n"
                         "    tl.store(y_ptr + offs, tl.exp(tl.load(x_ptr + offs, mask=mask)), mask=mask)\n",
                         "float32", 16777216);
    ASSERT_TRUE(p);
    const auto r = tuning::tune(p->analysis, p->space, *registry().find("Ascend910B2"), {});
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->english().rfind("No valid triton configs.", 0), 0u) << *r.error;
    EXPECT_FALSE(r.best);
    for (std::size_t index : r.tuned)
        EXPECT_EQ(r.outcomes[index].status, tuning::OutcomeStatus::CompileFailed);
}

TEST(Tuning, ReportAndAutotuningLog)
{
    auto p = prepare(example("add.json"));
    ASSERT_TRUE(p);
    const npu::DeviceProfile& device = *registry().find(p->analysis.workload.device);
    tuning::TuningOptions options;
    const auto r = tuning::tune(p->analysis, p->space, device, options);
    ASSERT_TRUE(r.best);
    const auto json = exporter::tuningDocument(
        pipeline::recordFromTuning(p->analysis, p->space, r, options, std::numeric_limits<std::size_t>::max()));
    ASSERT_TRUE(json["best"].is_object());
    EXPECT_EQ(json["best"]["status"], "best");
    EXPECT_TRUE(json["best"].contains("p50Ms"));
    EXPECT_TRUE(json["best"]["sim"].contains("pipesUs"));  // the per-pipe breakdown
    EXPECT_TRUE(json["best"]["footprint"].is_object());
    EXPECT_EQ(json["candidates"].size(), p->space.size());
    const auto log = tuning::autotuningLog(p->analysis, p->space, r);
    int selected = 0;
    for (const std::string& line : log)
        selected += line.find("[selected]") != std::string::npos;
    EXPECT_EQ(selected, 1);
    EXPECT_NE(log.back().find("best config selected: "), std::string::npos);
}

// The modelled tuning runs on the NPU's host: its cores come from the device profile's "host"
// section or the session's setting, never from the machine running TileScope, and each backend
// starts its own number of compile workers there (a84b1eb: cores // 2; 189dd87: cores * 3 // 4).
TEST(Tuning, CompileWorkersFollowTheNpuHostAndTheBackendsRule)
{
    using kernel::BackendVersion;
    EXPECT_EQ(tuning::compileWorkerRule(test::backend2604(), 192, 1000), 96);
    EXPECT_EQ(tuning::compileWorkerRule(test::backend2608(), 192, 1000), 144);
    EXPECT_EQ(tuning::compileWorkerRule(test::backend2604(), 5, 1000), 2);
    EXPECT_EQ(tuning::compileWorkerRule(test::backend2608(), 5, 1000), 3);  // 15 // 4
    EXPECT_EQ(tuning::compileWorkerRule(test::backend2608(), 192, 7), 7);   // one per config at most
    EXPECT_EQ(tuning::compileWorkerRule(test::backend2608(), 1, 10), 1);    // never none
    EXPECT_EQ(tuning::compileWorkerRule(test::backend2604(), 1, 10), 1);

    const npu::DeviceProfile& b2 = *registry().find("Ascend910B2");
    ASSERT_TRUE(b2.host);
    EXPECT_EQ(b2.hostPhysicalCores(), 192);
    tuning::TuningOptions options;
    EXPECT_EQ(tuning::modelledHostCores(options, b2), 192);
    options.hostPhysicalCores = 24;
    EXPECT_EQ(tuning::modelledHostCores(options, b2), 24);
    npu::DeviceProfile bare = b2;
    bare.host.reset();
    EXPECT_EQ(tuning::modelledHostCores({}, bare), npu::kFallbackHostPhysicalCores);

    // A whole session under each backend, on the profile's host and on a session setting.
    for (BackendVersion backend : {test::backend2604(), test::backend2608()}) {
        auto loaded = kernel::loadWorkload(example("softmax.json"));
        ASSERT_TRUE(loaded.workload);
        loaded.workload->backend = backend;
        auto analysed = analysis::analyzeWorkload(*loaded.workload);
        ASSERT_TRUE(analysed.analysis);
        const npu::DeviceProfile& device = *registry().find(loaded.workload->device);
        const space::CandidateSpace s = pipeline::buildSpace(*analysed.analysis, device);
        tuning::TuningOptions fromProfile;
        fromProfile.jobs = 2;
        const auto a = tuning::tune(*analysed.analysis, s, device, fromProfile);
        ASSERT_GT(a.tuned.size(), 1u);
        EXPECT_EQ(a.modelled.hostCores, device.hostPhysicalCores());
        EXPECT_EQ(a.modelled.compileWorkers,
                  tuning::compileWorkerRule(backend, device.hostPhysicalCores(), a.tuned.size()));
        tuning::TuningOptions small = fromProfile;
        small.hostPhysicalCores = 4;
        const auto b = tuning::tune(*analysed.analysis, s, device, small);
        EXPECT_EQ(b.modelled.hostCores, 4);
        EXPECT_EQ(b.modelled.compileWorkers, backend == test::backend2608() ? 3 : 2);
        EXPECT_GT(b.modelled.compileSeconds, a.modelled.compileSeconds);
        // The simulated timings do not depend on the host.
        for (std::size_t index : a.tuned)
            EXPECT_EQ(a.outcomes[index].bench.p50Ms, b.outcomes[index].bench.p50Ms);
    }
}

// A tuning states how far its pick can be trusted: the rules on a made-up result (a runner-up
// inside or outside the model's spread, approximated and unmodelled constructs, guessed figures
// behind the best's limiting pipe), and through a real tuning, its JSON document and the cache.
TEST(Tuning, ConfidenceSaysWhatTheRankingRestsOn)
{
    const npu::DeviceProfile& device = *registry().find("Ascend910B2");
    tuning::TuningResult r;
    r.outcomes.resize(3);
    r.tuned = {0, 1, 2};
    r.best = 0;
    r.outcomes[0].status = tuning::OutcomeStatus::Best;
    r.outcomes[0].bench.rankMs = 1.0;
    r.outcomes[0].bench.sim.breakdown.mte2 = 8.0;
    r.outcomes[0].bench.sim.breakdown.vector = 2.0;
    r.outcomes[1].status = tuning::OutcomeStatus::Benchmarked;
    r.outcomes[1].bench.rankMs = 1.5;
    r.outcomes[2].status = tuning::OutcomeStatus::CompileFailed;
    const auto config = [](std::size_t i) { return "X=" + std::to_string(i); };

    const auto clear = tuning::assessConfidence(r, device, config);
    ASSERT_TRUE(clear);
    EXPECT_EQ(clear->limitingPipe, "mte2");
    EXPECT_DOUBLE_EQ(clear->limitingShare, 0.8);
    for (const std::string& figure : clear->guessedFigures) {
        const npu::Figure* f = device.findFigure(figure);
        EXPECT_TRUE(!f || f->mark == "G") << figure;
    }
    const bool guesses = !clear->guessedFigures.empty();
    EXPECT_EQ(clear->runnerUp, std::optional<std::size_t>(1));
    EXPECT_EQ(clear->runnerUpConfig, "X=1");
    EXPECT_DOUBLE_EQ(clear->runnerUpRatio, 1.5);
    EXPECT_FALSE(clear->closeRunnerUp());
    EXPECT_EQ(clear->level, guesses ? tuning::ConfidenceLevel::Medium : tuning::ConfidenceLevel::High);

    r.outcomes[1].bench.rankMs = 1.05;  // inside the 10 % spread
    const auto close = tuning::assessConfidence(r, device, config);
    ASSERT_TRUE(close);
    EXPECT_TRUE(close->closeRunnerUp());
    EXPECT_EQ(close->level, guesses ? tuning::ConfidenceLevel::Low : tuning::ConfidenceLevel::Medium);
    const std::vector<std::string> reasons = tuning::describeConfidence(*close);
    ASSERT_FALSE(reasons.empty());
    EXPECT_NE(reasons.back().find("X=1 is within 5.0%"), std::string::npos) << reasons.back();

    r.outcomes[1].bench.rankMs = 3.0;
    r.diagnostics.push_back({"npu-approximate-call", Severity::Warning, "k.py", 7, 0, "approximated"});
    const auto approximated = tuning::assessConfidence(r, device, config);
    EXPECT_EQ(approximated->approximatedLines, std::vector<int>{7});
    EXPECT_EQ(approximated->level, tuning::ConfidenceLevel::Medium);
    r.diagnostics.push_back({"npu-unsupported-call", Severity::Warning, "k.py", 9, 0, "left out"});
    r.diagnostics.push_back({"npu-unsupported-call", Severity::Warning, "k.py", 9, 0, "left out again"});
    const auto unmodelled = tuning::assessConfidence(r, device, config);
    EXPECT_EQ(unmodelled->unmodelledLines, std::vector<int>{9});
    EXPECT_EQ(unmodelled->level, tuning::ConfidenceLevel::Low);

    // Its JSON form reads back as it was.
    const auto back = tuning::confidenceFromJson(nlohmann::json::parse(tuning::confidenceJson(*close).dump()));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->level, close->level);
    EXPECT_EQ(back->guessedFigures, close->guessedFigures);
    EXPECT_EQ(back->runnerUpConfig, "X=1");
    EXPECT_DOUBLE_EQ(back->runnerUpRatio, 1.05);
    EXPECT_EQ(tuning::describeConfidence(*back), reasons);
    r.best.reset();
    EXPECT_FALSE(tuning::assessConfidence(r, device, config));

    // A kernel with a call the simulator leaves out: low, naming its line, in the text, the JSON
    // document and the tuning read back from its record.
    auto p = prepareOneD("hist", R"([triton.Config({"XBLOCK": 4096}), triton.Config({"XBLOCK": 8192})])",
                         "    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)\n"
                         "    x = tl.load(x_ptr + offs, mask=offs < n, other=0)\n"
                         "    tl.store(y_ptr + offs, tl.histogram(x, 16) + x, mask=offs < n)\n",
                         "int32", 1048576);
    ASSERT_TRUE(p);
    const auto t = tuning::tune(p->analysis, p->space, device, {});
    ASSERT_TRUE(t.best && t.confidence);
    EXPECT_EQ(t.confidence->level, tuning::ConfidenceLevel::Low);
    EXPECT_EQ(t.confidence->unmodelledLines, std::vector<int>{9});
    const std::string text = tuning::tuningToText(p->analysis, p->space, t, {});
    EXPECT_NE(text.find("confidence low:"), std::string::npos) << text;
    EXPECT_NE(text.find("(line 9)"), std::string::npos) << text;
    const cache::TuningRecord record =
        pipeline::recordFromTuning(p->analysis, p->space, t, {}, std::numeric_limits<std::size_t>::max());
    const auto json = exporter::tuningDocument(record);
    ASSERT_TRUE(json["confidence"].is_object());
    EXPECT_EQ(json["confidence"]["level"], "low");
    EXPECT_EQ(json["confidence"]["unmodelledLines"].dump(), "[9]");
    const pipeline::RecordOnSpace read = pipeline::tuningFromRecord(record, p->space);
    ASSERT_TRUE(read.result && read.result->confidence);
    EXPECT_EQ(read.result->confidence->level, tuning::ConfidenceLevel::Low);
    EXPECT_EQ(read.result->confidence->unmodelledLines, std::vector<int>{9});
}

// A config reads the same time whether it is tuned alone, in a pair or in a long list, under
// either benchmark method: a single compiled config is timed by do_bench on the real backend,
// which only the modelled tuning time counts (and a note says so).
TEST(Tuning, OneConfigReadsTheSameAloneAndInAList)
{
    const auto lattice = latticeOfAdd(400);
    ASSERT_TRUE(lattice);
    const analysis::KernelAnalysis* analysed = &lattice->analysis;
    const space::CandidateSpace& space = lattice->space;
    const npu::DeviceProfile& device = *registry().find(analysed->workload.device);
    std::vector<std::size_t> valid;
    for (std::size_t i = 0; i < space.size(); ++i)
        if (space.status(i) != space::CandidateStatus::Pruned)
            valid.push_back(i);
    ASSERT_GT(valid.size(), 20u);
    // A config that compiles (a lattice reaches past the UB): the one the full list finds best.
    tuning::TuningOptions all;
    all.lattice = true;
    all.method = npu::BenchMethod::Npu;
    const auto whole = tuning::tune(*analysed, space, device, all);
    ASSERT_TRUE(whole.best);
    const std::size_t chosen = *whole.best;
    const std::size_t other = chosen == valid.front() ? valid.back() : valid.front();
    for (auto method : {npu::BenchMethod::Default, npu::BenchMethod::Npu}) {
        SCOPED_TRACE(method == npu::BenchMethod::Npu ? "npu" : "default");
        std::vector<double> p50;
        std::vector<tuning::TuningResult> results;
        for (const std::vector<std::size_t>& selection :
             {std::vector<std::size_t>{chosen}, std::vector<std::size_t>{chosen, other}, valid}) {
            tuning::TuningOptions options;
            options.lattice = true;
            options.method = method;
            options.subset.selection = selection;
            results.push_back(tuning::tune(*analysed, space, device, options));
            const tuning::CandidateOutcome& o = results.back().outcomes[chosen];
            ASSERT_TRUE(o.bench.ok) << selection.size();
            p50.push_back(o.bench.p50Ms);
        }
        EXPECT_EQ(p50[0], p50[1]);
        EXPECT_EQ(p50[0], p50[2]);
        EXPECT_EQ(results[0].outcomes[chosen].bench.p20Ms, results[2].outcomes[chosen].bench.p20Ms);
        // Alone it is launched as it is: nothing benchmarked in the modelled tuning time.
        EXPECT_EQ(results[0].modelled.benchSeconds, 0.0);
        EXPECT_GT(results[1].modelled.benchSeconds, 0.0);
        bool note = false;
        for (const Diagnostic& d : results[0].diagnostics)
            note = note || d.code == "single-config-do-bench";
        EXPECT_EQ(note, method == npu::BenchMethod::Npu);
    }
}
