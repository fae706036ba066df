#pragma once
// The candidate space of one launch: the backend's own list (generated tiling, handwritten
// configs) and, on request, the whole lattice around it — every value a user could write for
// each tunable parameter, crossed with the hints and the multibuffer / num_warps variants.
// Each candidate has a status (generated / pruned / skipped / user) and a reason with numbers.
//
// Storage is columnar: dimension values in one flat array, status and reason as small enums,
// a reference index and a parameter index for the message. Messages are formatted on demand.
// A tl.dot kernel's pruned tilings (millions for a large matmul) are not stored as rows: they
// follow the stored rows and are read from the cube generator's verdict grid, one position each.

#include "core/analysis/axis_parse.h"
#include "core/analysis/launch_model.h"
#include "core/space/backend_configs.h"
#include "core/space/generator_device.h"
#include "core/space/space_types.h"
#include "core/util/message_value.h"

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ts::space {

// Incorrect: a candidate whose launch leaves data unprocessed or reaches past the end without a
// mask (analysis/launch_model.h): whatever the backend makes of it, it is never recommended.
enum class CandidateStatus : std::uint8_t { Generated, Pruned, Skipped, User, Incorrect };
inline constexpr int kCandidateStatusCount = 5;
std::string_view statusName(CandidateStatus status);

enum class ReasonCode : std::uint8_t {
    None,
    // Hard constraints: prune lattice points; flagged on generated and handwritten configs.
    UbCapacity,       // tile x dtype bytes x buffers over the UB (or register file) budget
    UnalignedTile,    // a tile size that is neither 32-byte aligned nor the whole extent
    TileExceedsBlock, // an inner tile larger than the block its program owns
    ProgramLimit,     // more than 65,535 programs (skipped: beyond the walk's core threshold)
    InvalidValue,     // zero or negative tile size
    MissingParam,     // a tunable parameter neither in the config nor passed at launch
    // Walk rules: valid points the backend's generator never reaches.
    BelowMinTile,     // smaller than the tile at which the descent stops
    OffWalk,          // between the walk's steps; see the nearest generated neighbour
    NothingGenerated, // the walk produced nothing at all
    GenerationOff,    // handwritten configs given: the backend does not generate
    BackendError,     // the backend raises before benchmarking anything
    // Informational.
    Handwritten, // a handwritten config that passes every hard constraint
    Fallback,    // the backend's single default config
    // Cube / mix kernels at 2026-08 (cv_autotune/pruning/heuristic_pruner.py, "Memory limit"):
    // a dot site's tiles over a buffer's capacity divided by its stage count. For these codes
    // the tile column holds the bytes needed and the programs column the capacity.
    CubeL1Capacity,  // (M x K + K x N) x dtype bytes > L1 / 2
    CubeL0aCapacity, // M x K x dtype bytes > L0A / 2
    CubeL0bCapacity, // K x N x dtype bytes > L0B / 2
    CubeL0cCapacity, // M x N x 4 B > L0C / 1
    // Cut by the 200 s benchmark budget (autotuner.py _prune_by_time_limit): informational.
    CubeTimeBudget,
    // Coverage (analysis/launch_model.h): the reason of an incorrect candidate.
    Uncovered, // the programs leave elements of an axis unprocessed
    Overrun,   // an access reaches past the end of an axis without a mask
    // Option points of the lattice (skipped): a generated tiling with a setting the version never
    // lists, in its policy's words (backends::BackendPolicy::optionVariants, outsideHintNote).
    NumStagesTied,   // num_stages apart from what the version couples it to
    MaxAutotuneOnly, // a compile option only max_autotune (or a hint of it) adds
    OutsideHint,     // a value outside a hint dimension's list
};
inline constexpr int kReasonCodeCount = 24;
// The cube / mix codes, which only the 2026-08 cube generator produces.
bool isCubeReason(ReasonCode code);
std::string_view reasonCodeName(ReasonCode code); // kebab-case; "" for None
// The code a name stands for ("" is None); nullopt for a name no code has.
std::optional<ReasonCode> parseReasonCode(std::string_view name);
bool isHardConstraint(ReasonCode code);
// The violation of `mask` (one bit per ReasonCode) reported first: the most fundamental.
ReasonCode firstViolation(std::uint32_t mask);

struct CubeTileUse;

struct SpaceDimension {
    // NumStages: the lattice's option points set num_stages apart from multibuffer.
    enum class Kind : std::uint8_t { Tunable, Hint, Multibuffer, NumWarps, NumStages };
    std::string name;
    Kind kind = Kind::Tunable;
    bool boolean = false;
    std::vector<std::int64_t> values; // the lattice's values (tunables ascending)
    // Tunables: the axes using the parameter and how.
    std::vector<int> splitAxes;
    std::vector<int> tilingAxes;
    std::int64_t step = 0; // aligned multiples kept every `step` elements
    // A dimension that takes a str value (2026-08's compile options, 'no-l0c'): its lattice
    // values are indices into `choices`, every value it takes, first seen first. Empty for int
    // and bool dimensions, whose lattice values are the values themselves.
    std::vector<ParamValue> choices;

    // The lattice value of `v`: its index in a choice dimension (added when new); the int (0 / 1
    // for a bool) otherwise, or kUnset for a str in an int dimension.
    std::int64_t encode(const ParamValue& v);
    // The value a lattice value stands for (not kUnset).
    ParamValue decode(std::int64_t v) const;
    // Python text: "128", "True", "'no-l0c'"; "" for kUnset.
    std::string text(std::int64_t v) const;
};

struct CandidateMetrics {
    std::array<std::int64_t, 3> grid{0, 0, 0}; // the launch's grid (0: unknown)
    analysis::Coverage coverage = analysis::Coverage::Unknown;
    std::int64_t tileElements = 0;
    std::int64_t ubBytes = 0;
    double ubShare = 0.0; // of the budget
    std::int64_t ubBudgetBytes = 0;
    // The programs the launch's grid starts (0 when the grid cannot be evaluated), and their
    // waves over the vector cores, or the cube cores for a kernel with tl.dot.
    std::int64_t programs = 0;
    std::int64_t waves = 0;
    double lastWaveUtilisation = 0.0; // share of those cores busy in the last wave
    // A cube candidate (2026-08 tl.dot kernels): the tile is BLOCK_M x BLOCK_N of the first dot
    // site, the programs cdiv(M, BLOCK_M) x cdiv(N, BLOCK_N), the UB figures stay 0 and these
    // hold what the pruner checks (the fullest site per buffer, limits after the stage division).
    bool cube = false;
    std::int64_t blockM = 0, blockN = 0, blockK = 0;
    std::int64_t l1Bytes = 0, l0aBytes = 0, l0bBytes = 0, l0cBytes = 0;
    std::int64_t l1LimitBytes = 0, l0aLimitBytes = 0, l0bLimitBytes = 0, l0cLimitBytes = 0;
    double l1Share = 0.0; // of the L1 limit
    double l0Share = 0.0; // the fullest of L0A / L0B / L0C, of its limit
};

struct SpaceOptions {
    bool lattice = false;
    std::size_t maxLatticePoints = 2'000'000; // aligned values are thinned beyond this
    bool recordTrail = true;
    // A stop ends the build early; the space is then partial (stopped() is true): discard it.
    std::stop_token stop;
    // Share of the build done, on the building thread: at the start of the lattice walk and at
    // every whole percent of it (the same steps on any machine), monotonic, and 1.0 once at
    // the end of a build that was not stopped.
    std::function<void(double fraction)> progress;
};

// Marks a dimension the candidate does not set (multibuffer left to the default, a handwritten
// config without that keyword).
inline constexpr std::int64_t kUnset = std::numeric_limits<std::int64_t>::min();

// One candidate's dimension values (CandidateSpace::values): a view of a stored row, or the
// values of a row read from the cube verdict grid, held here.
class ValueRow {
public:
    std::int64_t operator[](std::size_t j) const { return data()[j]; }
    const std::int64_t* data() const
    {
        return m_stored ? m_stored : m_heap.empty() ? m_inline.data() : m_heap.data();
    }
    const std::int64_t* begin() const { return data(); }
    const std::int64_t* end() const { return data() + m_size; }
    std::size_t size() const { return m_size; }

private:
    friend class CandidateSpace;
    const std::int64_t* m_stored = nullptr;
    std::size_t m_size = 0;
    std::array<std::int64_t, 8> m_inline{}; // a read row's values, unless it has more dimensions
    std::vector<std::int64_t> m_heap;
};

class CandidateSpace {
public:
    // `hints` are the decorator's evaluated hints: search dimensions (GROUP_SIZE_M,
    // multibuffer); axis hints are ignored here (the parse used them) and a truthy
    // auto_gen_config (given as a one-value list) turns generation on beside handwritten configs.
    static CandidateSpace build(const analysis::AxisParse& parse, const LaunchSpec& launch,
                                const HintList& hints, const GeneratorDevice& device,
                                const SpaceOptions& options = {});

    const BackendConfigs& backend() const { return m_backend; }
    const GeneratorDevice& device() const { return m_device; }
    const std::vector<SpaceDimension>& dimensions() const { return m_dims; }
    const std::optional<std::string>& error() const { return m_backend.error; }
    std::vector<std::string> notes() const; // in English, as the CLI prints them
    const std::vector<msg::Message>& noteMessages() const { return m_notes; }
    bool hasLattice() const { return m_latticeBuilt; }
    // The generated rows are the backend's own configs (their num_warps / num_stages come from
    // it, not from a variant dimension): a version whose policy lays out the space that way.
    bool rowsAreBackendList() const { return m_rowsAreBackendList; }
    // The build was stopped before it finished: the candidates are only a prefix.
    bool stopped() const { return m_stopped; }
    std::size_t latticePoints() const { return m_latticePoints; }

    std::size_t size() const { return m_status.size() + m_cubeRows.size(); }
    std::size_t count(CandidateStatus status) const;
    std::size_t count(ReasonCode code) const;
    // The candidates of every reason, in one pass (index: ReasonCode).
    std::array<std::size_t, kReasonCodeCount> reasonCounts() const;

    // What TileScope makes of the candidate: the backend's verdict (origin), unless its launch is
    // incorrect (a pruned candidate stays pruned).
    CandidateStatus status(std::size_t i) const;
    // The backend's own verdict: generated, handwritten (user), pruned or skipped.
    CandidateStatus origin(std::size_t i) const
    {
        return i < m_status.size() ? m_status[i] : CandidateStatus::Pruned;
    }
    std::size_t countOrigin(CandidateStatus status) const;
    // An incorrect candidate's reason is its coverage issue (Uncovered, Overrun).
    ReasonCode reason(std::size_t i) const;
    // What the launch does with the candidate (analysis/launch_model.h): grid, programs,
    // coverage. Without a launch model (a space built from a parse alone) coverage is unknown.
    const analysis::LaunchFigures& launch(std::size_t i) const { return m_launches[launchIndex(i)]; }
    analysis::Coverage coverage(std::size_t i) const { return launch(i).coverage; }
    const analysis::LaunchModel* launchModel() const { return m_launchModel.get(); }
    // Why the candidate is incorrect or its coverage unknown, in numbers; "" when correct. The
    // message is what the explorer renders in the reader's language; the note is its English.
    msg::Message coverageMessage(std::size_t i) const;
    std::string coverageNote(std::size_t i) const;
    // How many distinct launches the candidates have (the figures are stored once each).
    std::size_t distinctLaunches() const { return m_launches.size(); }
    // Every hard constraint the candidate breaks, one bit per ReasonCode.
    std::uint32_t violations(std::size_t i) const;
    // Position in the backend's list for generated and handwritten candidates, else -1.
    std::int32_t backendIndex(std::size_t i) const;
    // The nearest generated candidate of a skipped one, else -1.
    std::int32_t neighbour(std::size_t i) const;

    // Dimension values (dimensions() order); kUnset where the candidate sets nothing (the hints a
    // cube-pruned tiling never reaches).
    ValueRow values(std::size_t i) const;
    // One of them, without the others (what a sort or a filter reads).
    std::int64_t value(std::size_t i, std::size_t dimension) const;
    // A tl.dot kernel's pruned tilings, rows [size() - cubePrunedRows(), size()).
    std::size_t cubePrunedRows() const { return m_cubeRows.size(); }
    Kwargs params(std::size_t i) const;
    int numWarps(std::size_t i) const;
    int numStages(std::size_t i) const;
    CandidateMetrics metrics(std::size_t i) const;
    // "tile 12288 elements x 4 B x 3 buffers = 144 KiB > 128 KiB UB budget"; empty for a
    // generated candidate without remarks. The message is what the explorer renders in the
    // reader's language; describe() is its English, as the CLI prints it.
    msg::Message reasonMessage(std::size_t i) const;
    std::string describe(std::size_t i) const;

private:
    void buildDimensions(const HintList& hints, const LaunchSpec& launch);
    msg::Message invalidDescriptionNote() const;
    void addBackendList();
    // backends::SpaceRows::BackendList (candidate_space_list.cpp): the rows are the backend's own
    // list, config for config (its options coupled as the version couples them), then a cube
    // kernel's pruned candidates.
    void addBackendListRows();
    // The lattice around a backend's own list (a vector kernel's tiling): the tiling's axes on
    // the tunable dimensions and the options every tiling of the list is crossed with, taken
    // from the list itself; false, with a note, when the list is not laid out tiling by tiling.
    bool prepareListLattice();
    void buildLattice(const SpaceOptions& options);
    // The lattice's option points (candidate_space_options.cpp): before the walk, the dimensions
    // they need (num_stages, compile options) added to the rows so far; after it, each generated
    // tiling's settings the version never lists, as skipped rows after every other row.
    void prepareOptionPoints();
    void addOptionPoints();
    bool isOptionPoint(std::size_t i) const { return i >= m_optionBegin && i < m_status.size(); }
    std::uint32_t checkHard(const std::int64_t* values, std::int64_t tile, std::int64_t programs,
                            int* param) const;
    std::int64_t tileOf(const std::int64_t* values) const;
    std::int64_t programsOf(const std::int64_t* values) const;
    std::size_t push(CandidateStatus status, ReasonCode reason, std::int32_t ref, std::int8_t param,
                     std::uint32_t violations, std::int64_t tile, std::int64_t programs, std::uint32_t launch);
    // The launch figures of a row of dimension values (analysis/launch_model.h), evaluated once
    // per distinct value of the slots the model reads.
    void bindLaunchModel(std::shared_ptr<const analysis::LaunchModel> model);
    std::uint32_t launchOf(const std::int64_t* values);
    // Whether launchOf depends only on the tunable dimensions (so a lattice tiling's hint and
    // variant combinations share one evaluation).
    bool launchIgnoresVariants() const { return m_launchIgnoresVariants; }
    std::string describeValues(const std::int64_t* values) const;
    CandidateMetrics cubeMetrics(const CubeTileUse& use) const;
    // Rows past the stored ones are cube-pruned tilings: their position in the verdict grid.
    bool isCubeRow(std::size_t i) const { return i >= m_status.size(); }
    std::uint64_t cubeCell(std::size_t i) const { return m_cubeRows[i - m_status.size()]; }
    std::int64_t cubeValue(std::uint64_t cell, std::size_t dimension) const;
    std::uint32_t launchIndex(std::size_t i) const;
    // The pruned tilings of the verdict grid as rows, with their launch figures.
    void addCubePrunedRows();
    // The tile's figures (UB or L1 / L0 use) and the backend's own program count.
    CandidateMetrics tileMetrics(std::size_t i) const;

    BackendConfigs m_backend;
    kernel::BackendVersion m_backendVersion;
    GeneratorDevice m_device;
    std::vector<SpaceDimension> m_dims;
    int m_tunableCount = 0;
    int m_hintBegin = 0;
    int m_hintCount = 0;
    int m_variantDim = -1; // the multibuffer / num_warps dimension, -1 if none
    std::vector<msg::Message> m_notes;
    std::vector<TritonConfig> m_userConfigs;
    std::int64_t m_minGeneratedTile = 0;
    std::int64_t m_maxGeneratedPrograms = 0;
    std::size_t m_generatedCount = 0; // candidates [0, m_generatedCount) are generated
    std::size_t m_comboCount = 1;     // hint combinations x variants per generated tiling
    // A lattice around a backend's own list: where its rows begin, and per combination the
    // launch options (num_warps, num_stages) of the list's rows with those dimension values.
    std::size_t m_latticeBegin = 0;
    std::vector<std::int64_t> m_listCombos; // m_comboCount x (dimensions after the tunables)
    std::vector<std::pair<int, int>> m_listComboOptions;
    // Option points: rows [m_optionBegin, m_status.size()), each with its policy's words.
    std::size_t m_optionBegin = std::numeric_limits<std::size_t>::max();
    int m_numStagesDim = -1;
    std::vector<msg::Message> m_optionNotes;
    std::vector<std::uint8_t> m_optionNote; // per option point, into m_optionNotes
    bool m_latticeBuilt = false;
    bool m_rowsAreBackendList = false; // generated rows read their config from m_backend
    bool m_stopped = false;
    std::size_t m_latticePoints = 0;

    // The launch (analysis/launch_model.h): a table of distinct figures and an index per row.
    std::shared_ptr<const analysis::LaunchModel> m_launchModel;
    std::vector<int> m_slotDims;          // per model slot: its dimension, or -1 (its default)
    std::vector<int> m_readSlots;         // the slots the model reads
    bool m_launchIgnoresVariants = true;
    std::vector<analysis::LaunchFigures> m_launches;
    std::unordered_map<std::string, std::uint32_t> m_launchByKey;
    std::vector<std::int64_t> m_slotScratch;
    std::string m_keyScratch;

    // Columns.
    std::vector<std::int64_t> m_values;
    std::vector<CandidateStatus> m_status;
    std::vector<ReasonCode> m_reason;
    std::vector<std::uint32_t> m_violations;
    std::vector<std::int32_t> m_ref;  // backend index, neighbour, or user config index
    std::vector<std::int8_t> m_param; // the dimension a message is about, -1 if none
    std::vector<std::int64_t> m_tile;
    std::vector<std::int64_t> m_programs; // the backend's count (its tile problem's splits), for its rules
    std::vector<std::uint32_t> m_launch;  // index into m_launches

    // Cube-pruned rows: grid positions in generation order; per tunable dimension the stride of
    // its digit in a position; the launch index per combination of the tunable dimensions the
    // launch model reads (m_cubeLaunchDims, the first slowest).
    std::vector<std::uint32_t> m_cubeRows;
    std::vector<std::uint64_t> m_cubeStride;
    std::vector<int> m_cubeLaunchDims;
    std::vector<std::uint32_t> m_cubeLaunch;
};

} // namespace ts::space
