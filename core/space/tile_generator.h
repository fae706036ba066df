#pragma once
// The backend's tile generation (Triton-Ascend runtime/tile_generator.py at commit a84b1eb),
// reproduced step for step: the same descent over split, tiling and low-dim axes, the same
// checks, the same order of configs — including its quirks (non-power-of-two block sizes,
// the budget check reading the walk's current blocks rather than the candidate, the stricter
// minimum after ten configs). On top of it, every refused candidate lands in a trail.
//
// Hot loops work on fixed arrays of at most kMaxAxes axes; names appear only in the problem.

#include "core/analysis/axis_parse.h"
#include "core/space/generation_trail.h"
#include "core/space/generator_device.h"
#include "core/util/message_value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::space {

inline constexpr int kMaxAxes = 8;
inline constexpr int kMaxParams = 2 * kMaxAxes;
inline constexpr std::int64_t kMaxPrograms = 65535;

// One axis as the generator sees it.
struct TileAxis {
    std::string name; // "x", "rx", ...
    std::int64_t length = 0;
    bool reduction = false;    // the name starts with 'r'
    bool tunableSplit = false; // has a split parameter to tune
    bool split = false;        // tunable, or split by a fixed grid dimension
    bool tiling = false;
    bool lowDim = false;
    std::int64_t fixedSplit = 0; // block size implied by a fixed grid dimension, 0 if none
    int splitParam = -1;         // index into TileProblem::params
    int tilingParam = -1;
};

// How a keyword of the config is filled from the walk state, in the backend's write order.
struct ParamWrite {
    enum class Source : std::uint8_t { SplitRaw, SplitAligned, Tiling };
    std::uint8_t param = 0;
    std::uint8_t axis = 0;
    Source source = Source::SplitRaw;
};

// Everything the walk reads, validated (the backend's KernelMeta plus its device globals).
struct TileProblem {
    std::vector<TileAxis> axes;
    std::vector<std::string> params; // config keys, in the order the backend's dict has them
    std::vector<ParamWrite> writes;
    int dtypeBytes = 4;
    int numBuffers = 3; // effective: tensors passed, capped at 3, 0 -> 3
    bool persistentReduction = false;
    bool dualReduction = false;
    bool simtMode = false;
    int vectorCores = 1;
    int localMemKib = 192; // UB budget, or the register file in SIMT mode

    std::int64_t maxTileElements() const;                // local memory / dtype bytes / buffers
    std::int64_t alignElements() const;                  // 32 bytes in elements
    std::int64_t alignedNumel(std::int64_t numel) const; // the backend's aligned_numel
    bool hasTilingAxis() const;
    int paramIndex(const std::string& name) const; // -1 when absent

    // Tile elements and program count of a config given its keyword values (params order):
    // what the config itself asks for, as opposed to the walk state the backend checks.
    std::int64_t blockOf(int axis, const std::int64_t* values) const;
    std::int64_t tileOf(int axis, const std::int64_t* values) const;
    std::int64_t tileElementsOf(const std::int64_t* values) const;
    std::int64_t programsOf(const std::int64_t* values) const; // 0 when a block is <= 0
};

// The backend's KernelMeta arguments.
struct KernelMetaInput {
    std::vector<std::pair<std::string, std::int64_t>> axisSizes; // key order
    analysis::AxisMap splitParams;
    std::vector<std::pair<std::string, std::int64_t>> fixedSplitParams;
    analysis::AxisMap tilingParams;
    std::vector<std::string> lowDimAxes;
    int dtypeBytes = 4;
    bool persistentReduction = false;
    bool dualReduction = false;
    int numBuffers = 0; // tensors passed at launch
    bool simtMode = false;
    // 2026-08: reduction axes named by their base axis ("y"), listed here; axis names must be
    // base names. Absent (2026-04): a reduction axis is one whose name starts with 'r'.
    std::optional<std::vector<std::string>> reductionAxes;
};

struct TileProblemResult {
    TileProblem problem;
    std::optional<std::string> error; // what the backend raises ("KeyError: ...")
};

TileProblemResult makeTileProblem(const KernelMetaInput& input, const GeneratorDevice& device);

// The generator's walk constants, kept for messages and for the candidate space.
struct WalkLimits {
    std::int64_t maxTileElements = 0; // max_numel_threshold
    std::int64_t maxTotalNumel = 0;   // product of the full blocks
    std::int64_t stopNumel = 0;       // the descent ends at or below this tile
    bool smallKernel = false;         // < 128K elements
    bool tinyKernel = false;          // <= 32K elements
    int tinyProgramThreshold = 0;     // vector cores / 8
};

// Generated configs in order: keyword values laid out flat, params().size() per config.
struct TileGeneration {
    std::vector<std::int64_t> values;
    std::vector<WalkPhase> phases; // where each config was accepted
    std::vector<std::int8_t> phaseAxes;
    GenerationTrail trail;
    WalkLimits limits;
    std::optional<std::string> error; // the backend raised during the walk

    std::size_t count() const { return phases.size(); }
    const std::int64_t* config(std::size_t i, std::size_t paramCount) const
    {
        return values.data() + i * paramCount;
    }
};

struct TileGeneratorOptions {
    bool recordTrail = true;
};

// Runs the walk. `out` is cleared first; reusing it across calls avoids reallocations.
void generateTiles(const TileProblem& problem, TileGeneration& out, const TileGeneratorOptions& options = {});
TileGeneration generateTiles(const TileProblem& problem, const TileGeneratorOptions& options = {});

// Explains an empty generation from the trail, ending with the advice to write
// handwritten triton.Config. Empty when configs were generated.
msg::Message explainEmptyGeneration(const TileProblem& problem, const TileGeneration& generation);

// "12288 elements x 4 B x 3 buffers = 144 KiB > 128 KiB UB budget"
msg::Message budgetMessage(const TileProblem& problem, std::int64_t tileElements);
std::string describeBudget(const TileProblem& problem, std::int64_t tileElements);

// Helpers with the backend's integer semantics.
std::int64_t nextPowerOf2(std::int64_t n);
std::int64_t saturatingMul(std::int64_t a, std::int64_t b);

} // namespace ts::space
