#pragma once
// Triton-Ascend 2026-08's candidate list for cube / mix kernels, reproduced
// (Geofeng12138/triton-ascend 189dd87, third_party/ascend/backend/runtime/cv_autotune/:
// generators/cv_tile_generator.py, hardware_consts.py, pruning/heuristic_pruner.py,
// normalization/param_normalizer.py; autotuner.py's _gen_tile_configs_cv and
// _prune_by_time_limit).
//
// Each tunable block parameter of the dot sites gets the values 16, 32, 48, 64, then every 32
// up to the axis length, plus the length itself (256 when the length is unresolved). The full
// cross product, in parameter order, is checked site by site against the L1 / L0A / L0B / L0C
// capacities divided by their stage counts; what passes becomes
// triton.Config(kwargs, num_warps=1, num_stages=1). Before benchmarking, the configs are
// ordered by one rough run each and cut once their estimated benchmark time passes 200 s.

#include "core/analysis/axis_parse.h"
#include "core/analysis/cube_parse.h"
#include "core/space/candidate_space.h"
#include "core/space/space_types.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace ts::space {

// Buffer capacities the cube pruner reads. Upstream keeps one table for every SoC (the A2 / A3
// figures) and raises L0C to 256 KiB when the arch name starts with Ascend910_95 or Ascend950.
struct CubeHardware {
    std::string soc;
    std::int64_t l1Bytes = 512 * 1024;
    std::int64_t l0aBytes = 64 * 1024;
    std::int64_t l0bBytes = 64 * 1024;
    std::int64_t l0cBytes = 128 * 1024;
    // The pruner divides each capacity by its stage count (double-buffered L1 / L0A / L0B).
    int l1Stages = 2;
    int l0aStages = 2;
    int l0bStages = 2;
    int l0cStages = 1;

    static CubeHardware forSoc(const std::string& soc);
    std::int64_t l1Limit() const { return l1Bytes / l1Stages; }
    std::int64_t l0aLimit() const { return l0aBytes / l0aStages; }
    std::int64_t l0bLimit() const { return l0bBytes / l0bStages; }
    std::int64_t l0cLimit() const { return l0cBytes / l0cStages; }
};

// One tunable parameter of the search space, in upstream's order.
struct CubeParamSpace {
    std::string name;
    std::string role;               // "M", "N" or "K": the role of its first occurrence
    std::int64_t maxValue = 0;      // the largest axis length among the sites using it
    bool lengthResolved = false;    // false: maxValue is the 256 default
    std::vector<std::int64_t> values;
};

// One candidate the pruner drops: the first dot site and buffer that overflow.
struct CubePruned {
    std::uint64_t index = 0; // position in the cross product (last parameter fastest)
    int site = 0;            // dot site id
    ReasonCode code = ReasonCode::None;
    std::int64_t blockM = 0; // the tile the pruner checked at that site
    std::int64_t blockN = 0;
    std::int64_t blockK = 0;
    std::int64_t bytes = 0;    // needed in the buffer
    std::int64_t capacity = 0; // the buffer's capacity divided by its stages
};

// Where one dot site's BLOCK_M / BLOCK_N / BLOCK_K come from (a parameter of the search space or
// a constant, as the pruner reads them) and the site's global M and N (for the program count).
struct CubeSiteTiling {
    int siteId = 0;
    std::array<int, 3> param{-1, -1, -1};   // M, N, K: index into CubeGeneration::params, -1: constant
    std::array<std::int64_t, 3> constant{}; // the block when param is -1
    std::optional<std::int64_t> mLength;    // the site's M and N lengths, when resolved
    std::optional<std::int64_t> nLength;
};

// What a candidate's tiles take: the pruner's byte counts at every site (the fullest site per
// buffer) and the output tiles of the first site.
struct CubeTileUse {
    std::int64_t blockM = 0, blockN = 0, blockK = 0; // at the first site
    // cdiv(M, BLOCK_M) x cdiv(N, BLOCK_N) at the first site; 0 when M or N is unresolved.
    std::int64_t programs = 0;
    std::array<std::int64_t, 4> bytes{};  // L1, L0A, L0B, L0C: the most any site needs
    std::array<std::int64_t, 4> limits{}; // each capacity divided by its stages
};

struct CubeGenOptions {
    std::string dtype = "float16"; // the widest tensor dtype of the launch
    // Dropped candidates kept in `pruned` (the counts are always complete). The default holds
    // every drop of a 4096^3 matmul (2.2 million, about 120 MB).
    std::size_t maxPrunedRecords = 4'000'000;
    // Upstream builds the whole cross product as a Python list of dicts first (gigabytes and
    // minutes at ten million); beyond this many candidates we report an error instead of
    // walking it.
    std::uint64_t maxCombinations = 20'000'000;
    // Check every candidate on its own rather than finding where each check starts failing
    // along the last parameter (same result, slower; the tests compare the two).
    bool checkEachCandidate = false;
};

struct CubeGeneration {
    // The exception upstream raises instead of a list ("IndexError: list index out of range"
    // when an axis length is below 16), or our refusal of a cross product over maxCombinations.
    std::optional<std::string> error;
    std::vector<CubeParamSpace> params;
    int dtypeBytes = 2;
    CubeHardware hardware;
    std::uint64_t totalCombinations = 0;
    std::vector<TritonConfig> configs;    // kept, in generation order
    std::vector<std::uint64_t> keptIndex; // their positions in the cross product
    std::vector<CubePruned> pruned;       // in generation order, up to maxPrunedRecords
    // Every cross-product position's verdict, one byte each (the tiling grid is `params`, so a
    // position's values are valuesAt), complete whatever maxPrunedRecords keeps: 0 kept, else
    // the buffer that overflows (1 L1, 2 L0A, 3 L0B, 4 L0C) in the low 3 bits and the index of
    // the dot site that overflows first (in `sites`, 31 and past share 31) in the high 5.
    std::vector<std::uint8_t> verdicts;
    std::uint64_t prunedCount = 0;
    std::array<std::uint64_t, 4> prunedBy{}; // L1, L0A, L0B, L0C
    std::vector<CubeSiteTiling> sites;       // one per dot site, in site order

    // The parameter values of cross-product position `index`.
    std::vector<std::int64_t> valuesAt(std::uint64_t index) const;
    // The reason position `index` is dropped for (None: kept), from `verdicts`.
    ReasonCode reasonAt(std::uint64_t index) const;
    // The record of a dropped position, bytes and capacity recomputed from its values; nullopt
    // for a kept one.
    std::optional<CubePruned> prunedAt(std::uint64_t index) const;
    // The tiles of a candidate given its parameter values (one per `params`, in order); nullopt
    // without dot sites or when a value is missing (kUnset) or not positive.
    std::optional<CubeTileUse> tileUse(const std::int64_t* values) const;
};

// The list of _gen_tile_configs_cv: empty without dot sites. `args` are the launch arguments
// (axis lengths are read from them).
CubeGeneration generateCubeConfigs(const analysis::CubeParse& parse,
                                       const std::vector<analysis::LaunchArgument>& args,
                                       const CubeHardware& hardware, const CubeGenOptions& options = {});
// The same with the lengths the parse resolved from its launch (CubeAxis::resolvedLength).
CubeGeneration generateCubeConfigs(const analysis::CubeParse& parse, const CubeHardware& hardware,
                                       const CubeGenOptions& options = {});

// Upstream's own reason text, "Memory limit: L1: 589824 > 262144" (it labels the L0B and L0C
// checks "L0a" as well).
std::string upstreamPruneReason(const CubePruned& pruned);
// Ours, with the numbers: "L0A: 48 KiB needed (BLOCK_M x BLOCK_K x 2 B) > 32 KiB (64 KiB / 2
// buffers)"; `bytes` needed and `capacity` after the stage division.
msg::Message cubeCapacityMessage(ReasonCode code, std::int64_t bytes, std::int64_t capacity);
std::string describeCubeCapacity(ReasonCode code, std::int64_t bytes, std::int64_t capacity);
std::string describeCubePrune(const CubePruned& pruned, const CubeHardware& hardware, int dtypeBytes);

// What generate_key_and_configs does next with the generated list (shared with the vector path
// at 2026-08: _normalize_config_hints + _expand_configs_with_hints): hints={"multibuffer":
// [False, True]} becomes num_stages [1, 2] (unless num_stages is hinted too, then multibuffer is
// dropped), and every config is crossed with the hinted values, the last hint fastest; a hinted
// name sets that keyword, num_stages sets the config's num_stages. The hint names are not checked
// against the kernel's tl.constexpr parameters here. `error` gets upstream's ValueError text for
// an empty value list or a non-boolean multibuffer value.
std::vector<TritonConfig> expandConfigsWithHints(const std::vector<TritonConfig>& configs, const HintList& hints,
                                                     std::string* error);

// autotuner.py's _prune_by_time_limit on rough single-run times (milliseconds, one per
// config in benchmark order).
struct CubeTimeCut {
    bool applied = false; // false with one config or none: nothing is measured or cut
    std::optional<std::string> error; // "ZeroDivisionError: float division by zero", ...
    double fastestMs = 0.0;
    int warmup = 5;  // benchmark runs per config (upstream's 5 / 30 when not applied)
    int repeat = 30;
    std::vector<std::size_t> order;     // configs sorted by rough time (stable)
    std::vector<double> estimateSeconds; // per config: rough time x (warmup + repeat)
    std::vector<std::size_t> kept;      // in `order`, the order they are then benchmarked in
    std::vector<std::size_t> cut;       // in `order`
    double keptSeconds = 0.0;           // the estimate of the kept configs together
    double cumulativeAtCut = 0.0;       // the running total that crossed the budget
    int minKept = 0;
    static constexpr double kBudgetSeconds = 200.0;
};
CubeTimeCut cutByTimeBudget(const std::vector<double>& roughMs);
// "cut by the 200 s budget: 1.2 ms x (21 + 83) runs = 0.12 s, cumulative 200.05 s > 200 s"
std::string describeTimeCut(const CubeTimeCut& cut, std::size_t config);

} // namespace ts::space
