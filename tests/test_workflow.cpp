// The workflow API (core/pipeline/workflow.h): each run as a request and a result, with the
// cache rules, stops and export problems reported in the result, never decided by a caller.

#include "core/cache/config_cache.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/workflow.h"
#include "backend_versions.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>

using namespace ts;

namespace {

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return *r.find(soc);
}

std::shared_ptr<const analysis::KernelAnalysis> analyse(const char* example)
{
    auto loaded = test::loadWorkload2604((test::examplesDir() / example).string());
    EXPECT_TRUE(loaded.workload);
    pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    EXPECT_TRUE(analysed.ok());
    return analysed.analysis;
}

pipeline::TuneRequest tuneRequest(const std::shared_ptr<const analysis::KernelAnalysis>& a,
                                  const std::filesystem::path& cache)
{
    pipeline::TuneRequest r;
    r.analysis = a;
    r.device = device(a->workload.device);
    r.options.jobs = 2;
    r.cache.path = cache;
    return r;
}

} // namespace

TEST(Workflow, AnalyzeSaysWhenTheKernelDoesNotParse)
{
    const std::filesystem::path dir = test::scratchDir("workflow-syntax");
    std::ofstream(dir / "bad.py") << "import triton\n\n@triton.jit\ndef k(x:\n    pass\n";
    kernel::Workload w;
    w.kernelPath = (dir / "bad.py").string();
    const pipeline::AnalyzeResult result = pipeline::analyze({w});
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(result.kernelSyntaxError);
    ASSERT_FALSE(result.diagnostics.empty());
    EXPECT_EQ(result.diagnostics.front().code, "syntax-error");
}

TEST(Workflow, TuneStoresThenReadsBackTheSameRecord)
{
    const std::filesystem::path dir = test::scratchDir("workflow-tune");
    const auto a = analyse("softmax.json");
    const pipeline::TuneRequest request = tuneRequest(a, dir / "cache.sqlite");

    std::atomic<std::size_t> candidates{0};
    pipeline::RunControl control;
    control.candidate = [&](std::size_t, const tuning::CandidateOutcome&) { ++candidates; };
    const pipeline::TuneResult fresh = pipeline::tune(request, control);
    ASSERT_TRUE(fresh.record);
    ASSERT_TRUE(fresh.result && fresh.space);
    EXPECT_FALSE(fresh.fromCache);
    ASSERT_TRUE(fresh.storedId);
    EXPECT_FALSE(fresh.cacheError);
    EXPECT_EQ(candidates.load(), fresh.result->tuned.size());

    const pipeline::TuneResult cached = pipeline::tune(request);
    EXPECT_TRUE(cached.fromCache);
    EXPECT_FALSE(cached.result);  // nothing ran
    ASSERT_TRUE(cached.record);
    EXPECT_EQ(cached.record->id, *fresh.storedId);
    EXPECT_EQ(cached.record->candidates, fresh.record->candidates);
    EXPECT_EQ(cached.record->bestIndex, fresh.record->bestIndex);

    // The same entry through a lookup: whole, and only its best.
    pipeline::CacheLookupRequest lookup{a, a->workload.device, request.options.method, request.cache.path};
    const pipeline::CacheLookupResult whole = pipeline::lookupCached(lookup);
    EXPECT_EQ(whole.freshness, cache::Freshness::Fresh);
    ASSERT_TRUE(whole.record && whole.best);
    lookup.bestOnly = true;
    const pipeline::CacheLookupResult best = pipeline::lookupCached(lookup);
    EXPECT_EQ(best.freshness, cache::Freshness::Fresh);
    EXPECT_FALSE(best.record);
    ASSERT_TRUE(best.best);
    EXPECT_EQ(best.best->params, whole.best->params);
    EXPECT_EQ(best.id, whole.id);

    // Forced: tuned again and stored anew.
    pipeline::TuneRequest forced = request;
    forced.cache.force = true;
    const pipeline::TuneResult again = pipeline::tune(forced);
    EXPECT_FALSE(again.fromCache);
    EXPECT_TRUE(again.storedId);
}

TEST(Workflow, LookupOfAMissingCacheIsAMissAndCreatesNothing)
{
    const std::filesystem::path dir = test::scratchDir("workflow-miss");
    const auto a = analyse("add.json");
    const pipeline::CacheLookupResult found =
        pipeline::lookupCached({a, a->workload.device, npu::BenchMethod::Default, dir / "none.sqlite"});
    EXPECT_EQ(found.freshness, cache::Freshness::Miss);
    EXPECT_FALSE(found.error);
    EXPECT_FALSE(std::filesystem::exists(dir / "none.sqlite"));
}

TEST(Workflow, ALatticeTuningIsStoredUnderItsOwnKey)
{
    // Never in the place of the backend's own pick: its key names the candidates it tuned.
    const std::filesystem::path dir = test::scratchDir("workflow-lattice");
    const auto a = analyse("softmax.json");
    pipeline::TuneRequest request = tuneRequest(a, dir / "cache.sqlite");
    request.options.lattice = true;
    request.options.subset.limit = 40;
    const pipeline::TuneResult tuned = pipeline::tune(request);
    ASSERT_TRUE(tuned.result);
    EXPECT_TRUE(tuned.space->hasLattice());
    ASSERT_TRUE(tuned.storedId);
    EXPECT_FALSE(tuned.notStoredReason);
    EXPECT_EQ(tuned.key.candidateSet, "lattice limit=40");
    const pipeline::CacheLookupResult own =
        pipeline::lookupCached({a, a->workload.device, request.options.method, request.cache.path});
    EXPECT_EQ(own.freshness, cache::Freshness::Miss);
}

TEST(Workflow, AStoppedTuningKeepsWhatFinishedAndIsNotStored)
{
    const std::filesystem::path dir = test::scratchDir("workflow-stop");
    const auto a = analyse("softmax.json");
    pipeline::TuneRequest request = tuneRequest(a, dir / "cache.sqlite");
    request.options.jobs = 1;
    std::stop_source stop;
    pipeline::RunControl control;
    control.stop = stop.get_token();
    // The worker asks for the stop after its first chunk: a stop that cannot come too late.
    control.workerStep = [&](std::size_t) { stop.request_stop(); };
    const pipeline::TuneResult tuned = pipeline::tune(request, control);
    ASSERT_TRUE(tuned.result);
    EXPECT_TRUE(tuned.stopped);
    EXPECT_GT(tuned.result->finished, 0u);
    EXPECT_LT(tuned.result->finished, tuned.result->tuned.size());
    EXPECT_FALSE(tuned.storedId);
    const pipeline::CacheLookupResult found =
        pipeline::lookupCached({a, a->workload.device, request.options.method, request.cache.path});
    EXPECT_EQ(found.freshness, cache::Freshness::Miss);
}

TEST(Workflow, ACacheThatCannotBeOpenedCostsNoResult)
{
    const std::filesystem::path dir = test::scratchDir("workflow-unusable");
    std::ofstream(dir / "plain-file") << "x";
    const auto a = analyse("add.json");
    const pipeline::TuneResult tuned = pipeline::tune(tuneRequest(a, dir / "plain-file" / "cache.sqlite"));
    ASSERT_TRUE(tuned.record);
    EXPECT_TRUE(tuned.result && tuned.result->best);
    ASSERT_TRUE(tuned.cacheError);
    EXPECT_NE(tuned.cacheError->english().find("plain-file"), std::string::npos) << *tuned.cacheError;
    EXPECT_FALSE(tuned.storedId);
    EXPECT_TRUE(tuned.notStoredReason);
}

TEST(Workflow, SpaceSaysWhyThereIsNone)
{
    const std::filesystem::path dir = test::scratchDir("workflow-plain-jit");
    std::ofstream(dir / "k.py") << "import triton\nimport triton.language as tl\n\n@triton.jit\n"
                                   "def k(x_ptr, n, XBLOCK: tl.constexpr):\n"
                                   "    offs = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)\n"
                                   "    tl.store(x_ptr + offs, 1.0, mask=offs < n)\n";
    kernel::Workload w;
    w.kernelPath = (dir / "k.py").string();
    w.device = "Ascend910B2";
    const pipeline::AnalyzeResult analysed = pipeline::analyze({w});
    ASSERT_TRUE(analysed.ok());
    const pipeline::SpaceResult built = pipeline::buildSpace({analysed.analysis, device("Ascend910B2"), {}});
    EXPECT_FALSE(built.space);
    EXPECT_NE(built.problem.english().find("@triton.autotune"), std::string::npos) << built.problem;
    pipeline::TuneRequest request;
    request.analysis = analysed.analysis;
    request.device = device("Ascend910B2");
    const pipeline::TuneResult tuned = pipeline::tune(request);
    EXPECT_FALSE(tuned.result);
    ASSERT_TRUE(tuned.error);
    EXPECT_EQ(*tuned.error, built.problem);
}

TEST(Workflow, SpaceBuildReportsProgressAndStops)
{
    const auto a = analyse("softmax.json");
    pipeline::SpaceRequest request{a, device(a->workload.device), {}};
    request.options.lattice = true;
    std::vector<double> fractions;
    pipeline::RunControl control;
    control.progress = [&](const pipeline::RunProgress& p) { fractions.push_back(p.fraction); };
    const pipeline::SpaceResult built = pipeline::buildSpace(request, control);
    ASSERT_TRUE(built.space);
    ASSERT_FALSE(fractions.empty());
    EXPECT_EQ(fractions.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));

    std::stop_source stop;
    control.stop = stop.get_token();
    control.progress = [&](const pipeline::RunProgress&) { stop.request_stop(); };
    const pipeline::SpaceResult stopped = pipeline::buildSpace(request, control);
    EXPECT_TRUE(stopped.stopped);
    EXPECT_FALSE(stopped.space);
}

TEST(Workflow, ExportNamesEachProblem)
{
    const std::filesystem::path dir = test::scratchDir("workflow-export");
    const auto a = analyse("add.json");
    const pipeline::TuneResult tuned = pipeline::tune(tuneRequest(a, dir / "cache.sqlite"));
    ASSERT_TRUE(tuned.record);
    auto record = std::make_shared<const cache::TuningRecord>(*tuned.record);

    pipeline::ExportRequest request;
    EXPECT_EQ(pipeline::exportTuning(request).problem, pipeline::ExportProblem::NoTuning);

    request.record = record;
    request.top = 3;
    pipeline::ExportResult python = pipeline::exportTuning(request);
    ASSERT_TRUE(python.ok()) << *python.error;
    EXPECT_EQ(python.configCount, 3u);
    EXPECT_EQ(python.fileName, "add_kernel_configs.py");
    EXPECT_NE(python.text.find("@triton.autotune("), std::string::npos);

    request.indices = {record->candidates.size()};
    const pipeline::ExportResult bad = pipeline::exportTuning(request);
    EXPECT_EQ(bad.problem, pipeline::ExportProblem::BadIndex);
    EXPECT_TRUE(bad.text.empty());

    request.indices.clear();
    request.format = pipeline::ExportFormat::TritonAutotuneJson;
    const pipeline::ExportResult triton = pipeline::exportTuning(request);
    ASSERT_TRUE(triton.ok());
    EXPECT_EQ(triton.fileName, "add_kernel.autotune.json");

    request.configs = std::vector<exporter::HandwrittenConfig>{};
    EXPECT_EQ(pipeline::exportTuning(request).problem, pipeline::ExportProblem::ListIsPythonOnly);
    request.format = pipeline::ExportFormat::Python;
    EXPECT_EQ(pipeline::exportTuning(request).problem, pipeline::ExportProblem::NothingMeasured);
}

TEST(Workflow, TheVersionFlowsFromTheWorkloadToTheKeyAndTheExport)
{
    const std::filesystem::path dir = test::scratchDir("workflow-backend");
    auto loaded = kernel::loadWorkload((test::examplesDir() / "add.json").string());
    ASSERT_TRUE(loaded.workload);
    EXPECT_EQ(loaded.workload->backend, test::backend2608());  // the examples name none
    std::vector<std::int64_t> ids;
    for (kernel::BackendVersion version : {test::backend2604(), test::backend2608()}) {
        kernel::Workload w = *loaded.workload;
        w.backend = version;
        const pipeline::AnalyzeResult analysed = pipeline::analyze({w});
        ASSERT_TRUE(analysed.ok());
        EXPECT_EQ(analysed.analysis->parse.backend, version);
        EXPECT_EQ(pipeline::launchSpecFor(*analysed.analysis).backend, version);
        const pipeline::TuneResult tuned = pipeline::tune(tuneRequest(analysed.analysis, dir / "cache.sqlite"));
        ASSERT_TRUE(tuned.record);
        EXPECT_FALSE(tuned.fromCache);  // the other version's entry is not this one's
        EXPECT_EQ(tuned.key.backend, kernel::backendName(version));
        ASSERT_TRUE(tuned.storedId);
        ids.push_back(*tuned.storedId);

        pipeline::ExportRequest request;
        request.record = std::make_shared<const cache::TuningRecord>(*tuned.record);
        const pipeline::ExportResult python = pipeline::exportTuning(request);
        ASSERT_TRUE(python.ok());
        EXPECT_EQ(python.text.rfind("# Tuned by TileScope for Triton-Ascend backend " + kernel::backendLabel(version) +
                                        "\n@triton.autotune(",
                                    0),
                  0u)
            << python.text;
        const pipeline::CacheLookupResult found =
            pipeline::lookupCached({analysed.analysis, w.device, npu::BenchMethod::Default, dir / "cache.sqlite"});
        EXPECT_EQ(found.freshness, cache::Freshness::Fresh);
        EXPECT_EQ(found.id, *tuned.storedId);
    }
    EXPECT_NE(ids[0], ids[1]);

    // A config list made elsewhere names the version it is given, and none without one.
    pipeline::ExportRequest list;
    list.configs = std::vector<exporter::HandwrittenConfig>{exporter::handwrittenConfig({{"XBLOCK", "1024"}}, 4, 3)};
    EXPECT_EQ(pipeline::exportTuning(list).text.rfind("@triton.autotune(", 0), 0u);
    list.backend = test::backend2608();
    EXPECT_EQ(pipeline::exportTuning(list).text.rfind(
                  "# Tuned by TileScope for Triton-Ascend backend 2026-08 (Geofeng12138/triton-ascend 189dd87)\n", 0),
              0u);
}

TEST(Workflow, SweepReportsEachShapeAndTheCacheItCouldNotOpen)
{
    const std::filesystem::path dir = test::scratchDir("workflow-sweep");
    std::ofstream(dir / "plain-file") << "x";
    const auto a = analyse("add.json");
    pipeline::SweepRequest request;
    request.base = a->workload;
    request.device = device(a->workload.device);
    msg::Message error;
    request.ranges.push_back(*sweep::parseRange("n_elements=4096..8192:x2", &error));
    request.tuning.jobs = 2;
    request.cache.path = dir / "plain-file" / "cache.sqlite";
    std::vector<std::size_t> items;
    pipeline::RunControl control;
    control.progress = [&](const pipeline::RunProgress& p) {
        EXPECT_EQ(p.items, 2u);
        if (items.empty() || items.back() != p.item)
            items.push_back(p.item);
    };
    const sweep::SweepResult result = pipeline::sweep(request, control);
    ASSERT_TRUE(result.ok()) << *result.error;
    EXPECT_EQ(result.shapes.size(), 2u);
    // Shape by shape (then again while configs are measured at the other shapes).
    ASSERT_GE(items.size(), 3u);
    EXPECT_EQ(std::vector<std::size_t>(items.begin(), items.begin() + 3), (std::vector<std::size_t>{0, 1, 2}));
    EXPECT_LE(*std::max_element(items.begin(), items.end()), 2u);
    ASSERT_FALSE(result.notes.empty());
    EXPECT_NE(result.notes.front().english().find("without the cache"), std::string::npos)
        << result.notes.front();

    // A new tolerance: the covering list again, without tuning.
    pipeline::RecoverRequest recover{std::make_shared<const sweep::SweepResult>(result), {}};
    recover.cover.tolerance = 0.5;
    const sweep::SweepResult again = pipeline::recover(recover);
    EXPECT_EQ(again.cover.tolerance, 0.5);
    EXPECT_LE(again.cover.chosen.size(), result.cover.chosen.size());
    EXPECT_EQ(again.shapes.size(), result.shapes.size());
}

// 2026-08's max_autotune writes str compile options ('no-l0c'): they stay strings through the
// space, the tuning (the simulated compiler leaves them alone), the cache and every export.
TEST(Workflow, StringConfigValuesGoThroughEveryStage)
{
    const std::filesystem::path dir = test::scratchDir("workflow-string-values");
    auto loaded = kernel::loadWorkload(
        (test::dataDir() / "golden-2026-08" / "max_autotune_cube_unsupported_warning_910b2" / "workload.json").string());
    ASSERT_TRUE(loaded.workload);
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    ASSERT_TRUE(analysed.ok());
    const auto a = analysed.analysis;
    // Importing the file prints max_autotune's warning; the analysis keeps it.
    ASSERT_EQ(a->parse.backendWarnings.size(), 1u);
    EXPECT_NE(a->parse.backendWarnings[0].find("['set_workspace_multibuffer']"), std::string::npos);

    const pipeline::TuneResult tuned = pipeline::tune(tuneRequest(a, dir / "cache.sqlite"));
    ASSERT_TRUE(tuned.record && tuned.space && tuned.result) << tuned.error.value_or(msg::Message());
    const space::CandidateSpace& s = *tuned.space;
    ASSERT_EQ(s.size(), 2u);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const space::Kwargs params = s.params(i);  // findKwarg points into it
        const space::ParamValue* v = space::findKwarg(params, "limit_auto_multi_buffer_of_local_buffer");
        ASSERT_TRUE(v);
        EXPECT_EQ(*v, space::ParamValue::string("no-l0c"));
        EXPECT_EQ(v->toPython(), "'no-l0c'");
    }
    const auto dim = std::find_if(s.dimensions().begin(), s.dimensions().end(), [](const space::SpaceDimension& d) {
        return d.name == "limit_auto_multi_buffer_of_local_buffer";
    });
    ASSERT_NE(dim, s.dimensions().end());
    EXPECT_EQ(dim->text(s.values(0)[dim - s.dimensions().begin()]), "'no-l0c'");
    EXPECT_TRUE(tuned.result->best);  // compiled and benchmarked with the option it does not model
    // --print-autotuning starts with what importing the file printed.
    const std::vector<std::string> log = tuning::autotuningLog(*a, s, *tuned.result, tuneRequest(a, {}).options);
    ASSERT_FALSE(log.empty());
    EXPECT_EQ(log.front(), a->parse.backendWarnings[0]);

    // The cache keeps the Python text; a read back gives the same record.
    for (const cache::CandidateRecord& c : tuned.record->candidates) {
        const auto it = std::find_if(c.params.begin(), c.params.end(),
                                     [](const auto& p) { return p.first == "limit_auto_multi_buffer_of_local_buffer"; });
        ASSERT_NE(it, c.params.end());
        EXPECT_EQ(it->second, "'no-l0c'");
    }
    const pipeline::TuneResult cached = pipeline::tune(tuneRequest(a, dir / "cache.sqlite"));
    ASSERT_TRUE(cached.fromCache);
    EXPECT_EQ(cached.record->candidates, tuned.record->candidates);

    pipeline::ExportRequest python;
    python.record = std::make_shared<const cache::TuningRecord>(*tuned.record);
    const pipeline::ExportResult py = pipeline::exportTuning(python);
    ASSERT_TRUE(py.ok()) << py.error.value_or(msg::Message());
    EXPECT_NE(py.text.find("\"limit_auto_multi_buffer_of_local_buffer\": 'no-l0c'"), std::string::npos) << py.text;
    pipeline::ExportRequest json = python;
    json.format = pipeline::ExportFormat::JsonReport;
    const pipeline::ExportResult report = pipeline::exportTuning(json);
    ASSERT_TRUE(report.ok()) << report.error.value_or(msg::Message());
    EXPECT_NE(report.text.find("\"limit_auto_multi_buffer_of_local_buffer\": \"no-l0c\""), std::string::npos)
        << report.text;
    pipeline::ExportRequest triton = python;
    triton.format = pipeline::ExportFormat::TritonAutotuneJson;
    const pipeline::ExportResult autotuneJson = pipeline::exportTuning(triton);
    ASSERT_TRUE(autotuneJson.ok()) << autotuneJson.error.value_or(msg::Message());
    EXPECT_NE(autotuneJson.text.find("\"limit_auto_multi_buffer_of_local_buffer\": \"no-l0c\""), std::string::npos)
            << autotuneJson.text;
}

TEST(Workflow, StringValuesReadBackFromTheirPythonText)
{
    for (const space::ParamValue& v : {space::ParamValue::string("no-l0c"), space::ParamValue::string("a'b"),
                                       space::ParamValue::string("tab\there"), space::ParamValue::integer(-128),
                                       space::ParamValue::boolean(true)}) {
        const auto back = space::paramFromPython(v.toPython());
        ASSERT_TRUE(back) << v.toPython();
        EXPECT_EQ(*back, v) << v.toPython();
    }
    EXPECT_EQ(space::ParamValue::string("a'b").toPython(), "\"a'b\"");
    EXPECT_FALSE(space::paramFromPython("'unterminated"));
    EXPECT_FALSE(space::paramFromPython("1.5"));
    EXPECT_FALSE(space::paramFromPython("None"));
}

// Two configs that differ only in launch options the simulator does not model time the same: an
// export of the top configs names them, keeps both by default and leaves the slower one's
// repeat out when asked (the next fastest config takes its place).
TEST(Workflow, ExportReportsConfigsTheSimulatorCannotTellApart)
{
    auto candidate = [](std::string block, int stages, double p50, cache::CandidateStatus status) {
        cache::CandidateRecord c;
        c.params = {{"XBLOCK", block}};
        c.numWarps = 1;
        c.numStages = stages;
        c.status = status;
        c.p50Ms = p50;
        c.p20Ms = p50 * 0.99;
        c.p80Ms = p50 * 1.01;
        return c;
    };
    auto record = std::make_shared<cache::TuningRecord>();
    record->key.kernelName = "add_kernel";
    record->candidates = {candidate("1024", 1, 0.010, cache::CandidateStatus::Best),
                          candidate("1024", 2, 0.010, cache::CandidateStatus::Benchmarked),
                          candidate("2048", 1, 0.011, cache::CandidateStatus::Benchmarked)};
    pipeline::ExportRequest request;
    request.record = record;
    request.top = 2;
    const pipeline::ExportResult kept = pipeline::exportTuning(request);
    ASSERT_TRUE(kept.ok()) << *kept.error;
    EXPECT_EQ(kept.configCount, 2u);
    ASSERT_EQ(kept.equivalent.size(), 1u);
    EXPECT_NE(kept.equivalent[0].english().find("candidate 1 is candidate 0 with num_stages=2"),
              std::string::npos)
        << kept.equivalent[0].english();
    EXPECT_NE(kept.equivalent[0].english().find("kept"), std::string::npos);
    EXPECT_EQ(kept.text.find("2048"), std::string::npos);

    request.dropEquivalent = true;
    const pipeline::ExportResult dropped = pipeline::exportTuning(request);
    ASSERT_TRUE(dropped.ok()) << *dropped.error;
    EXPECT_EQ(dropped.configCount, 2u);
    ASSERT_EQ(dropped.equivalent.size(), 1u);
    EXPECT_NE(dropped.equivalent[0].english().find("left out"), std::string::npos);
    EXPECT_NE(dropped.text.find("2048"), std::string::npos);
    EXPECT_EQ(dropped.text.find("num_stages=2"), std::string::npos);

    // Another time is another config, whatever the options.
    record->candidates[1].p50Ms = 0.0105;
    const pipeline::ExportResult distinct = pipeline::exportTuning(request);
    EXPECT_TRUE(distinct.equivalent.empty());
}
