// Measured timings: importing a runner file of 100,000 candidates through the workflow (parse,
// tie to the launch, store in a fresh cache, all in one transaction; and again into a cache that
// already holds them: every one a duplicate), and the statistics of `measure compare` over
// 100,000 candidates (rank correlations with ties, regret, recall, ratios, outliers).
// And `measure compare` whole (pipeline::compareMeasured: read the 100,000 measurements of the
// launch back from the cache, simulate every measured config on the device, rank both, the
// statistics), on every hardware thread and on one (--jobs 1).
// Targets: import under 2 s, compare under 1 s.

#include "core/measure/rank_agreement.h"
#include "core/pipeline/workflow.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace ts;

namespace {

constexpr int kCandidates = 100'000;

fs::path scratch()
{
    static const fs::path dir = [] {
        fs::path d = fs::temp_directory_path() / ("tilescope-bench-measure-" + std::to_string(::getpid()));
        fs::create_directories(d);
        return d;
    }();
    return dir;
}

// The runner's file for the bundled vector add, 100,000 distinct configs with times.
const fs::path& runnerFile()
{
    static const fs::path file = [] {
        const fs::path source = fs::path(TILESCOPE_SOURCE_DIR) / "tests" / "data" / "measure";
        const fs::path path = scratch() / "runner-100k.json";
        std::ofstream out(path);
        out << "{\"format\": \"tilescope.measurements/1\", \"backend\": \"2026-04\",\n"
            << " \"workload\": {\"function\": \"add_kernel\"}, \"workload_file\": \""
            << (source / "add.json").string() << "\",\n"
            << " \"device\": {\"name\": \"NVIDIA H100 80GB HBM3\", \"kind\": \"cuda\", \"count\": 1},\n"
            << " \"software\": {\"python\": \"3.12.3\", \"triton\": \"3.6.0\", \"torch\": \"2.11.0\", \"torch_npu\": null},\n"
            << " \"bench\": {\"method\": \"do_bench\"}, \"complete\": true,\n \"candidates\": [\n";
        std::mt19937 rng(1);
        std::uniform_real_distribution<double> time(0.01, 0.5);
        for (int i = 0; i < kCandidates; ++i) {
            const double p50 = time(rng);
            out << "  {\"index\": " << i << ", \"config\": {\"kwargs\": {\"XBLOCK\": " << 64 * (1 + i % 512)
                << ", \"XBLOCK_SUB\": " << 16 * (1 + i / 512) << ", \"multibuffer\": " << (i % 2 ? "true" : "false")
                << "}, \"num_warps\": 1, \"num_stages\": 1}, \"status\": \"ok\", \"p50_ms\": " << p50
                << ", \"p20_ms\": " << p50 * 0.97 << ", \"p80_ms\": " << p50 * 1.04 << ", \"error\": null, \"wall_s\": 1.2}"
                << (i + 1 < kCandidates ? ",\n" : "\n");
        }
        out << " ]}\n";
        return path;
    }();
    return file;
}

void BM_ImportRunner100k(benchmark::State& state)
{
    const fs::path file = runnerFile();
    int round = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const fs::path cache = scratch() / ("fresh-" + std::to_string(round++) + ".sqlite");
        fs::remove(cache);
        state.ResumeTiming();
        pipeline::MeasureImportRequest request;
        request.files = {file.string()};
        request.cachePath = cache;
        const pipeline::MeasureImportResult result = pipeline::importMeasurements(request);
        if (!result.ok() || result.added != std::size_t(kCandidates))
            state.SkipWithError(result.error.value_or("not every measurement was added").c_str());
    }
    state.SetItemsProcessed(state.iterations() * kCandidates);
}
BENCHMARK(BM_ImportRunner100k)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

// The parse alone (JSON, checks, one line number per candidate), for the split of the import.
void BM_ParseRunner100k(benchmark::State& state)
{
    const fs::path file = runnerFile();
    for (auto _ : state) {
        const measure::ParseOutcome parsed = measure::parseMeasurementFile(file.string());
        if (!parsed.ok() || parsed.file->entries.size() != std::size_t(kCandidates))
            state.SkipWithError(parsed.error.c_str());
    }
    state.SetItemsProcessed(state.iterations() * kCandidates);
}
BENCHMARK(BM_ParseRunner100k)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_ImportRunner100kAgain(benchmark::State& state)
{
    const fs::path file = runnerFile();
    const fs::path cache = scratch() / "again.sqlite";
    pipeline::MeasureImportRequest request;
    request.files = {file.string()};
    request.cachePath = cache;
    pipeline::importMeasurements(request);
    for (auto _ : state) {
        const pipeline::MeasureImportResult result = pipeline::importMeasurements(request);
        if (!result.ok() || result.duplicates != std::size_t(kCandidates))
            state.SkipWithError("not every measurement was a duplicate");
    }
    state.SetItemsProcessed(state.iterations() * kCandidates);
}
BENCHMARK(BM_ImportRunner100kAgain)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

void BM_CompareStatistics100k(benchmark::State& state)
{
    std::mt19937 rng(2);
    std::uniform_int_distribution<int> coarse(1, 2000);  // ties on both sides
    std::vector<double> simulated(kCandidates), measured(kCandidates);
    for (int i = 0; i < kCandidates; ++i) {
        measured[i] = 0.001 * coarse(rng);
        simulated[i] = measured[i] * (0.5 + 0.001 * coarse(rng));
    }
    for (auto _ : state) {
        const measure::RankAgreement a = measure::rankAgreement(simulated, measured, 10, 20);
        benchmark::DoNotOptimize(a.kendallTauB);
    }
    state.SetItemsProcessed(state.iterations() * kCandidates);
}
BENCHMARK(BM_CompareStatistics100k)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

// The whole compare: the measurements read back from the cache, every one of the 100,000
// measured configs simulated (compile + benchmark on the simulated NPU), then the statistics.
void BM_CompareMeasured100k(benchmark::State& state)
{
    const fs::path cache = scratch() / "compare.sqlite";
    static const bool imported = [&] {
        pipeline::MeasureImportRequest request;
        request.files = {runnerFile().string()};
        request.cachePath = cache;
        return pipeline::importMeasurements(request).ok();
    }();
    kernel::WorkloadLoadResult loaded =
        kernel::loadWorkload((fs::path(TILESCOPE_SOURCE_DIR) / "tests" / "data" / "measure" / "add.json").string());
    if (!imported || !loaded.workload) {
        state.SkipWithError("the 100,000 measurements could not be set up");
        return;
    }
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* device = analysed.ok() ? registry.find(analysed.analysis->workload.device) : nullptr;
    if (!device) {
        state.SkipWithError("the workload does not analyse");
        return;
    }
    std::size_t compared = 0;
    for (auto _ : state) {
        pipeline::CompareMeasuredRequest request;
        request.analysis = analysed.analysis;
        request.device = *device;
        request.options.jobs = int(state.range(0));
        request.cachePath = cache;
        const pipeline::CompareMeasuredResult result = pipeline::compareMeasured(request);
        if (!result.ok()) {
            state.SkipWithError(result.error->english().c_str());
            return;
        }
        compared = result.compared.size();
    }
    state.counters["compared"] = double(compared);
    state.SetItemsProcessed(state.iterations() * kCandidates);
}
BENCHMARK(BM_CompareMeasured100k)->Arg(0)->Arg(1)->ArgName("jobs")->Unit(benchmark::kMillisecond)->Iterations(2)->UseRealTime();
