#pragma once
// Interop with Triton's on-disk autotune results, `<fn>.autotune.json`, which its autotuner
// writes when cache_results is on and reads back instead of benchmarking again:
//
//   {"key": [4096, 1024, "torch.float16"],
//    "configs_timings": [[{"kwargs": {"BLOCK_M": 128, "multibuffer": true}, "num_warps": 4,
//                          "num_ctas": 1, "num_stages": 3, "maxnreg": null, "pre_hook": null,
//                          "ir_override": null},
//                         [0.1234, 0.1201, 0.1302]], ...]}
//
// Each config is triton.Config's attribute dict in its own order (kwargs, num_warps, num_ctas,
// num_stages, maxnreg, pre_hook, ir_override); the timings are do_bench's quantiles
// (0.5, 0.2, 0.8) in ms, Infinity for a config that failed to compile. The text is laid out as
// Python's json.dumps lays it out. Triton picks the config with the smallest timings list.
//
// Backend versions. 2026-04 (a84b1eb): Triton-Ascend's AutoTilingTuner.run never consults the
// disk cache; the layout above is that of Triton's own Autotuner (_bench gives a failed config
// Infinity). 2026-08 (189dd87): AutoTilingTuner.run calls the inherited check_disk_cache with the
// timings of its _batch_bench, so the file holds
//   - only the configs that compiled and were benchmarked (a failed config is left out);
//   - do_bench's [p50, p20, p80] per config, or one number per config (the mean) when
//     TRITON_BENCH_METHOD=npu profiled more than one config;
//   - the same key (the key args' values, then str() of each tensor arg's dtype);
// and is neither read nor written when the UB tuner is on (it warns and benchmarks), when the
// key is empty or when a config has a pre_hook. No config carries `ubtune_cfg`: the attribute is
// only set with the UB tuner on, and Config(**fields) would reject it when reading back. The file
// lives in Triton's cache folder named by sha256 of the key recipe (tritonAutotuneCacheKeyText).

#include "core/cache/tuning_record.h"
#include "core/kernel/backend_version.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::exporter {

struct TritonConfigTiming {
    cache::TextPairs kwargs;  // name -> Python literal text
    int numWarps = 4;         // triton.Config's defaults
    int numCtas = 1;
    int numStages = 3;
    std::optional<int> maxnreg;
    std::optional<std::string> irOverride;
    std::vector<double> timingsMs;  // p50, p20, p80 (Triton may also hold a single number)
    bool bareNumber = false;        // the timing is one number, not a list (2026-08, npu method)

    friend bool operator==(const TritonConfigTiming&, const TritonConfigTiming&) = default;
};

struct TritonAutotuneCache {
    std::vector<std::string> key;  // Python literal text of each key element: "4096", "'torch.float16'"
    std::vector<TritonConfigTiming> configsTimings;

    // The entry Triton would pick: the smallest timings list (compared element by element).
    std::optional<std::size_t> bestIndex() const;
    friend bool operator==(const TritonAutotuneCache&, const TritonAutotuneCache&) = default;
};

struct TritonJsonResult {
    std::optional<TritonAutotuneCache> cache;
    std::string error;  // names the file
    bool ok() const { return cache.has_value(); }
};

// "<fn>.autotune.json", the name cut to 150 characters as Triton does.
std::string tritonAutotuneFileName(std::string_view kernelName);

// Serialises as Python's json.dumps would. Returns "" and sets *error when a kwarg value is not
// a literal JSON can hold.
std::string writeTritonAutotuneJson(const TritonAutotuneCache& cache, std::string* error = nullptr);
TritonJsonResult readTritonAutotuneJson(std::string_view text, const std::string& fileName);
TritonJsonResult readTritonAutotuneJsonFile(const std::string& path);
// As the version's autotuner reads it. 2026-08 builds Config(**fields) from every entry, so a
// field Config() does not take (`ubtune_cfg`, ...) fails as Python's TypeError says.
TritonJsonResult readTritonAutotuneJson(std::string_view text, const std::string& fileName,
                                        kernel::BackendVersion backend);
TritonJsonResult readTritonAutotuneJsonFile(const std::string& path, kernel::BackendVersion backend);

// A tuning as Triton would have cached it: the key values then the dtypes (written as
// str(torch dtype): "float16" becomes "torch.float16"), and every candidate that was benchmarked
// (its quantiles) or failed to compile (Infinity). Pruned and skipped candidates were never run.
TritonAutotuneCache tritonCacheFromTuning(const cache::TuningRecord& record);

// What the version's autotuner would cache for a tuning, or why it caches nothing.
struct TritonCacheOptions {
    kernel::BackendVersion backend = kernel::defaultBackend();
    bool ubTuner = false;  // TRITON_ENABLE_UBTUNER (or @ubtuner) was on
};
struct TritonCacheExport {
    std::optional<TritonAutotuneCache> cache;
    std::string refusal;  // why there is no file, when there is none
};
// 2026-04: tritonCacheFromTuning. 2026-08: the benchmarked configs only, a bare mean per config
// when the record's bench method is npu and more than one config was benchmarked; refused with
// the UB tuner on or an empty key.
TritonCacheExport tritonCacheForVersion(const cache::TuningRecord& record, const TritonCacheOptions& options);

// What check_disk_cache hashes: triton_key(), the backend's hash, the JIT function's cache_key,
// str(sorted(cache-invalidating env vars)), str(tuning key), then str(config) of every config it
// was about to benchmark, joined with "-". TileScope cannot compute the first three (they hash
// the installed Triton and the kernel's source): the caller names them.
struct TritonCacheKeyParts {
    std::string tritonKey;
    std::string backendHash;
    std::string fnCacheKey;
    std::vector<std::pair<std::string, std::string>> envVars;  // name -> value, any order
};
// `key`: the key elements as Python literal text; `configs`: str(triton.Config) of each.
std::string tritonAutotuneCacheKeyText(const TritonCacheKeyParts& parts, const std::vector<std::string>& key,
                                       const std::vector<std::string>& configs);
// "<sha256 hex of the key text>/<fn>.autotune.json", relative to Triton's cache folder.
std::string tritonAutotuneCachePath(const TritonCacheKeyParts& parts, const std::vector<std::string>& key,
                                    const std::vector<std::string>& configs, std::string_view kernelName);
// str(triton.Config) of a stored candidate: "XBLOCK: 1024, multibuffer: True, num_warps: 4,
// num_ctas: 1, num_stages: 3, maxnreg: None".
std::string tritonConfigString(const cache::CandidateRecord& candidate);

} // namespace ts::exporter
