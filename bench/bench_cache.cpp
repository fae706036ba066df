// Config cache throughput on a cache of 10,000 tunings of 12 candidates each: lookups of the
// whole tuning (hit, stale, miss) and of the chosen config only, stores (each its own
// transaction), listing, and opening the file (with and without the quick check).
// Target: at least 50,000 lookups per second.

#include "core/cache/config_cache.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <random>

using namespace ts::cache;
namespace fs = std::filesystem;

namespace {

constexpr int kEntries = 10'000;
constexpr int kCandidatesPerTuning = 12;

TuningRecord makeTuning(int m)
{
    TuningRecord r;
    r.key.kernelName = "matmul_kernel_" + std::to_string(m % 20);
    r.key.sourceHash = sourceHashOf("def kernel(): pass  # " + std::to_string(m % 20));
    r.key.keyValues = {{"M", std::to_string(128 * (m + 1))}, {"N", "4096"}, {"K", "1024"}};
    r.key.dtypes = {"torch.float16", "torch.float16", "torch.float32"};
    r.key.device = m % 2 ? "Ascend910B2" : "Ascend910B4";
    r.key.benchMethod = "default";
    r.key.simulatorVersion = "0.1.0";
    r.workloadPath = "examples/matmul.json";
    r.createdAt = "2025-03-01T12:00:00.000Z";
    r.tuningWallSeconds = 12.5;
    for (int i = 0; i < kCandidatesPerTuning; ++i) {
        CandidateRecord c;
        c.params = {{"BLOCK_M", std::to_string(16 << (i % 4))},
                    {"BLOCK_N", std::to_string(32 << (i % 3))},
                    {"BLOCK_K", "64"},
                    {"multibuffer", i % 2 ? "True" : "False"}};
        c.numWarps = 1;
        c.numStages = 1;
        c.status = i == 0 ? ts::cache::CandidateStatus::Best
                          : (i % 4 == 3 ? ts::cache::CandidateStatus::Pruned : ts::cache::CandidateStatus::Benchmarked);
        if (c.status != ts::cache::CandidateStatus::Pruned) {
            c.p50Ms = 0.1 + 0.01 * i;
            c.p20Ms = 0.095 + 0.01 * i;
            c.p80Ms = 0.11 + 0.01 * i;
            c.breakdownJson = R"({"mte2":0.04,"vector":0.01,"cube":0.03,"mte3":0.01,"scalar":0.001,"launch":0.005})";
        } else {
            c.reasonCode = "ub-overflow";
            c.reasonMessage = "needs 260 KiB of UB, 192 KiB available";
        }
        r.candidates.push_back(std::move(c));
    }
    r.bestIndex = 0;
    return r;
}

// One cache file per process, filled once with kEntries tunings in a single merge.
const fs::path& filledCache()
{
    static const fs::path path = [] {
        const fs::path dir = fs::temp_directory_path() / "tilescope-bench-cache";
        fs::remove_all(dir);
        fs::create_directories(dir);
        const fs::path file = dir / "cache.sqlite";
        auto cache = ConfigCache::open(file).cache;
        std::vector<TuningRecord> records;
        records.reserve(kEntries);
        for (int m = 0; m < kEntries; ++m)
            records.push_back(makeTuning(m));
        cache->mergeRecords(records);
        return file;
    }();
    return path;
}

void BM_LookupHit(benchmark::State& state)
{
    auto cache = ConfigCache::open(filledCache()).cache;
    std::vector<TuningRecord> probes;
    for (int m = 0; m < kEntries; m += 37)
        probes.push_back(makeTuning(m));
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const TuningRecord& probe = probes[i++ % probes.size()];
        LookupResult r = cache->lookup(probe.key, probe.key.sourceHash);
        hits += r.freshness == Freshness::Fresh;
        benchmark::DoNotOptimize(r);
    }
    if (hits != std::size_t(state.iterations()))
        state.SkipWithError("a lookup missed");
    state.SetItemsProcessed(state.iterations());
    state.counters["candidates/tuning"] = kCandidatesPerTuning;
}
BENCHMARK(BM_LookupHit);

// The tuner's hot path: only the chosen candidate is read.
void BM_LookupBestHit(benchmark::State& state)
{
    auto cache = ConfigCache::open(filledCache()).cache;
    std::vector<TuningRecord> probes;
    for (int m = 0; m < kEntries; m += 37)
        probes.push_back(makeTuning(m));
    std::size_t i = 0, hits = 0;
    for (auto _ : state) {
        const TuningRecord& probe = probes[i++ % probes.size()];
        BestLookupResult r = cache->lookupBest(probe.key, probe.key.sourceHash);
        hits += r.freshness == Freshness::Fresh && r.best;
        benchmark::DoNotOptimize(r);
    }
    if (hits != std::size_t(state.iterations()))
        state.SkipWithError("a lookup missed");
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LookupBestHit);

void BM_LookupStale(benchmark::State& state)
{
    auto cache = ConfigCache::open(filledCache()).cache;
    const TuningRecord probe = makeTuning(4242);
    const std::string edited = sourceHashOf("def kernel(): return  # edited");
    for (auto _ : state) {
        LookupResult r = cache->lookup(probe.key, edited);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LookupStale);

void BM_LookupMiss(benchmark::State& state)
{
    auto cache = ConfigCache::open(filledCache()).cache;
    TuningRecord probe = makeTuning(1);
    probe.key.keyValues[1].second = "4097";
    for (auto _ : state) {
        LookupResult r = cache->lookup(probe.key);
        benchmark::DoNotOptimize(r);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LookupMiss);

// Each store is one IMMEDIATE transaction replacing the entry of its key (WAL, synchronous=NORMAL).
void BM_StoreReplace(benchmark::State& state)
{
    auto cache = ConfigCache::open(filledCache()).cache;
    std::mt19937 rng(1);
    std::vector<TuningRecord> records;
    for (int i = 0; i < 64; ++i)
        records.push_back(makeTuning(int(rng() % kEntries)));
    std::size_t i = 0;
    for (auto _ : state) {
        auto r = cache->store(records[i++ % records.size()]);
        if (!r.ok())
            state.SkipWithError(r.error->message.c_str());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StoreReplace);

void BM_StoreNew(benchmark::State& state)
{
    const fs::path file = fs::temp_directory_path() / "tilescope-bench-cache" / "store-new.sqlite";
    fs::remove(file);
    auto cache = ConfigCache::open(file).cache;
    int m = kEntries;
    for (auto _ : state) {
        auto r = cache->store(makeTuning(m++));
        if (!r.ok())
            state.SkipWithError(r.error->message.c_str());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StoreNew);

void BM_Open(benchmark::State& state)
{
    const fs::path& file = filledCache();
    OpenOptions options;
    options.quickCheck = state.range(0) != 0;
    for (auto _ : state) {
        OpenResult r = ConfigCache::open(file, options);
        if (!r.ok())
            state.SkipWithError(r.error->message.c_str());
        benchmark::DoNotOptimize(r);
    }
    state.SetLabel(options.quickCheck ? "with quick_check" : "no check");
}
BENCHMARK(BM_Open)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_List(benchmark::State& state)
{
    auto cache = ConfigCache::open(filledCache()).cache;
    for (auto _ : state) {
        auto rows = cache->list();
        benchmark::DoNotOptimize(rows);
    }
    state.SetItemsProcessed(state.iterations() * kEntries);
}
BENCHMARK(BM_List)->Unit(benchmark::kMillisecond);

} // namespace
