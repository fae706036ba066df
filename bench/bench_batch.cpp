// Batch wall time over every bundled example workload on every bundled device: once with a
// fresh cache (every case tuned) and once more on the filled cache (every case a hit).

#include "core/batch/batch_run.h"
#include "core/cache/config_cache.h"
#include "core/npu/device_profile.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <thread>

using namespace ts;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> exampleWorkloads()
{
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(fs::path(TILESCOPE_SOURCE_DIR) / "resources" / "examples"))
        if (e.path().extension() == ".json")
            out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

const fs::path& cacheFile()
{
    static const fs::path file = [] {
        const fs::path dir = fs::temp_directory_path() / "tilescope-bench-batch";
        fs::remove_all(dir);
        fs::create_directories(dir);
        return dir / "cache.sqlite";
    }();
    return file;
}

void runOnce(benchmark::State& state, bool warm)
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    batch::BatchOptions options;
    options.workloads = exampleWorkloads();
    options.devices = registry.socNames();
    options.registry = &registry;
    options.tuning.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    batch::BatchReport report;
    for (auto _ : state) {
        state.PauseTiming();
        if (!warm)
            fs::remove(cacheFile());
        auto opened = cache::ConfigCache::open(cacheFile());
        options.cache = opened.cache.get();
        state.ResumeTiming();
        report = batch::runBatch(options);
    }
    if (!report.inputErrors.empty())
        state.SkipWithError(report.inputErrors.front().c_str());
    std::size_t hits = 0;
    for (const auto& c : report.cases)
        hits += c.fromCache;
    state.counters["workloads"] = static_cast<double>(options.workloads.size());
    state.counters["devices"] = static_cast<double>(options.devices.size());
    state.counters["cases"] = static_cast<double>(report.cases.size());
    state.counters["failed"] = static_cast<double>(report.count(ts::batch::BatchStatus::Failed));
    state.counters["cache_hits"] = static_cast<double>(hits);
    state.counters["wall_s"] = report.wallSeconds;
}

void BM_BatchAllExamplesAllDevicesCold(benchmark::State& state) { runOnce(state, false); }
void BM_BatchAllExamplesAllDevicesWarm(benchmark::State& state) { runOnce(state, true); }

// Cold first: it fills the cache the warm run reads.
BENCHMARK(BM_BatchAllExamplesAllDevicesCold)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();
BENCHMARK(BM_BatchAllExamplesAllDevicesWarm)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
