#pragma once
// The handwritten config list a user pastes over a kernel when automatic tiling is not what
// they want:
//
//   @triton.autotune(
//       configs=[
//           triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "multibuffer": True}),  # p50 0.1234 ms
//           triton.Config({"BLOCK_M": 64, "BLOCK_N": 256}, num_warps=8),
//       ],
//       key=["M", "N"],
//   )
//
// With a backend named, a comment line above the decorator says which Triton-Ascend version the
// configs were tuned for ("# Tuned by TileScope for Triton-Ascend backend 2026-08 (...)").
//
// One config per line, the same parameter order on every line (first appearance), a config too
// long for one line broken the way a person would, other decorator arguments kept verbatim.

#include "core/cache/tuning_record.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::exporter {

using cache::TextPairs;

struct HandwrittenConfig {
    TextPairs kwargs;                        // name -> Python literal text ("128", "True")
    std::optional<int> numWarps, numStages;  // written only when set
    std::optional<double> p50Ms;             // written as a trailing comment when set
    std::string note;                        // also written in that comment when not empty
    // Its place in the tuning's ranking (1 = the best) of `rankOf` benchmarked candidates:
    // with ConfigListOptions::rankComments, "rank 1 of 8,064, simulated p50 12.30 us".
    std::optional<std::size_t> rank;
    std::size_t rankOf = 0;
};

struct AutotuneKey {
    std::vector<std::string> names;  // key=["M", "N"]
    TextPairs axes;                  // key={"x": "M"} (Triton-Ascend's dict form) when not empty
};

struct ConfigListOptions {
    AutotuneKey key;
    // Other autotune arguments to keep, name -> Python source text as written in the kernel
    // (e.g. {"prune_configs_by", "{'early_config_prune': prune}"}); written after key.
    TextPairs keepArguments;
    bool p50Comments = true;
    // The comment also gives each config's rank (HandwrittenConfig::rank), as a lattice
    // tuning's winners are written: "# rank 1 of 8,064, simulated p50 12.30 us".
    bool rankComments = false;
    // The backend version the configs were tuned for, as a label ("2026-08 (repo commit)");
    // empty: no comment line.
    std::string backend;
    std::size_t maxLineWidth = 100;  // a config line longer than this is broken over lines
};

struct ConfigListResult {
    std::string text;   // the decorator, ending with ")\n"
    std::string error;  // why nothing could be written
    bool ok() const { return error.empty(); }
};

ConfigListResult writeAutotuneDecorator(const std::vector<HandwrittenConfig>& configs,
                                        const ConfigListOptions& options);

// A tuning's benchmarked candidates (indices into record.candidates) in rank order: the best
// first, then the others by p50.
std::vector<std::size_t> rankedCandidates(const cache::TuningRecord& record);

// The configs of a tuning worth writing by hand: the best first, then the other benchmarked
// candidates by p50, at most `maxCount`, each with its rank (of rankedCandidates). num_warps/num_stages are written when they differ from
// triton.Config's defaults (4 and 3).
std::vector<HandwrittenConfig> configsFromTuning(const cache::TuningRecord& record, std::size_t maxCount);

// The one conversion of a candidate to the config a user writes: its parameters, num_warps and
// num_stages only where they differ from triton.Config's defaults (4 and 3), and its median time
// when it has a finite one.
HandwrittenConfig handwrittenConfig(const TextPairs& params, int numWarps, int numStages,
                                    std::optional<double> p50Ms = std::nullopt);
HandwrittenConfig handwrittenConfig(const cache::CandidateRecord& candidate);

} // namespace ts::exporter
