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

#include "core/cache/tuning_record.h"

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

// A tuning as Triton would have cached it: the key values then the dtypes (written as
// str(torch dtype): "float16" becomes "torch.float16"), and every candidate that was benchmarked
// (its quantiles) or failed to compile (Infinity). Pruned and skipped candidates were never run.
TritonAutotuneCache tritonCacheFromTuning(const cache::TuningRecord& record);

} // namespace ts::exporter
