#pragma once
// The candidate list the backend benchmarks for one launch (Triton-Ascend autotuner.py's
// generate_key_and_configs, _gen_tile_configs and the multibuffer / num_warps expansions): the
// widest tensor dtype, the cache key, the generated tiling, then the handwritten configs, or the
// single fallback config when both are empty. Each backend version builds its own list
// (core/backends/v*/backend_configs.cpp) from the pieces declared here, which every version
// shares.

#include "core/analysis/axis_parse.h"
#include "core/analysis/launch_model.h"
#include "core/space/generator_device.h"
#include "core/space/space_types.h"
#include "core/space/tile_generator.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::space {

// Bytes per element of a tensor dtype ("float16", "torch.bfloat16", ...); 0 when unknown.
int dtypeBytes(std::string_view dtype);
// "torch.float32" for "float32", "float" or "torch.float".
std::string canonicalDtype(std::string_view dtype);
// x, y, z, w, v, t, optionally with the reduction prefix r.
bool isValidAxisName(std::string_view name);

// What the launch contributes.
struct LaunchSpec {
    // kv_dict: axis -> value of its key argument, in the order of the parsed keys.
    std::vector<std::pair<std::string, std::int64_t>> keyValues;
    std::vector<std::string> tensorDtypes; // every tensor argument, in argument order
    std::vector<std::int64_t> keyListValues; // key=[...]'s integer arguments as passed (2026-08's key)
    std::vector<TritonConfig> userConfigs; // configs=[...] of the decorator
    bool autoGenConfigHint = false;        // hints={"auto_gen_config": True}
    std::optional<bool> multibuffer;       // fixed at launch
    std::optional<int> numWarps;           // fixed at launch
    bool forceSimtOnly = false;
    // Which backend generates (generateBackendConfigs asks its policy).
    kernel::BackendVersion backend;
    // The handwritten configs, simulated exactly as written: no generation and no hint
    // expansion, whatever the version does with a handwritten list (a measured list, another
    // device's best).
    bool asWritten = false;
    // What the launch does with each candidate (programs, coverage): the analysis' model. The
    // generator ignores it; the candidate space evaluates it for every candidate.
    std::shared_ptr<const analysis::LaunchModel> launchModel;
};

struct CubeGeneration; // cube_generator.h

struct BackendConfigs {
    enum class Origin : std::uint8_t { Generated, User, Fallback };

    std::optional<std::string> error;  // the exception the backend raises, if any
    std::vector<std::string> warnings; // lines the backend prints
    // 2026-08: every line it prints with TRITON_PRINT_AUTOTUNING=1 while generating, in order
    // (the warnings among them).
    std::vector<std::string> log;
    std::string dtype;                 // widest tensor dtype, "torch.float32"
    int dtypeBytes = 0;
    std::vector<std::string> key; // the cache key tuple, item by item as Python prints it

    bool generationRan = false; // the backend generates (configs=[] or auto_gen_config)
    bool simtMode = false;
    bool multibufferExpanded = false; // each tiling doubled with the non-default multibuffer
    bool defaultMultibuffer = true;
    std::vector<int> simtWarps; // num_warps values of the SIMT expansion
    TileProblem problem;
    bool problemBuilt = false; // the KernelMeta was accepted (the walk may still raise)
    TileGeneration tiles;
    msg::Message emptyExplanation; // why nothing was generated, when so

    // The final ordered list the backend benchmarks. When `error` is set the backend raises
    // instead; the list then holds what it was building (the fallback config at a84b1eb).
    std::vector<TritonConfig> configs;
    std::vector<Origin> origins;
    std::vector<int> baseIndex; // generated: index of its tiling in `tiles`, else -1

    // 2026-08 cube / mix kernels: the cv generator's candidates, kept and pruned with reasons.
    std::shared_ptr<const CubeGeneration> cube;

    std::size_t generatedCount() const;
};

struct BackendOptions {
    bool recordTrail = true;
    // 2026-08 cube / mix: dropped candidates kept as records (CubeGeneration::pruned). Every one
    // is counted and has its verdict in the grid whatever this keeps, and the candidate space
    // reads its rows from the grid, so none are kept by default.
    std::size_t maxCubePrunedRecords = 0;
};

// The backend's KernelMeta arguments for this parse and launch (axes filtered to valid names).
KernelMetaInput kernelMetaFor(const analysis::AxisParse& parse, const LaunchSpec& launch, int dtypeBytes);

// The dtype part of the cache key, as both versions build it: every tensor's dtype appended to
// `out.key`, and `out.dtype` / `out.dtypeBytes` the widest (a tie goes to the later tensor).
// False, with the exception in `out.error`, for an unknown dtype or a launch without tensors.
// `bytesOf` is the version's byte-size table (0 for a dtype it does not know).
bool addTensorDtypes(const LaunchSpec& launch, int (*bytesOf)(const std::string& dtype), BackendConfigs& out);

// The list of `launch.backend` (its policy's generateConfigs), or the handwritten configs as
// written when `launch.asWritten`.
BackendConfigs generateBackendConfigs(const analysis::AxisParse& parse, const LaunchSpec& launch,
                                      const GeneratorDevice& device, const BackendOptions& options = {});

// ---- What the versions' generators share ----

// The key values of `launch`, each as Python prints an int, appended to `out.key`.
void addKeyValues(const std::vector<std::int64_t>& values, BackendConfigs& out);
// Builds the tile problem of `meta` and walks it (tile_generator.h) into `out.problem` and
// `out.tiles`; false, with the exception in `out.error`, when either raises.
bool walkTilings(const KernelMetaInput& meta, const GeneratorDevice& device, const BackendOptions& options,
                 BackendConfigs& out);
// Tiling `i` of `out.tiles` as a config: its parameters, num_warps=1, num_stages=1.
TritonConfig tilingConfig(const BackendConfigs& out, std::size_t i);
// The SIMT expansion: every config once per num_warps value (the launch's, or 8, 16, 32, 64),
// into `out.simtWarps`; `base[i]` is the tiling of `configs[i]`, the result's the same.
void expandSimtWarps(const LaunchSpec& launch, std::vector<TritonConfig>& configs, std::vector<int>& base,
                     BackendConfigs& out);
// The generator produced nothing: the backend's warning and TileScope's explanation.
void noteEmptyGeneration(BackendConfigs& out);
// The backend's single default config when nothing is generated or written.
TritonConfig fallbackConfig();
// Appends `configs` to `out.configs` with their origin.
void appendConfigs(const std::vector<TritonConfig>& configs, BackendConfigs::Origin origin, BackendConfigs& out);

} // namespace ts::space
