#pragma once
// The candidate space of one launch: the backend's own list (generated tiling, handwritten
// configs) and, on request, the whole lattice around it — every value a user could write for
// each tunable parameter, crossed with the hints and the multibuffer / num_warps variants.
// Each candidate has a status (generated / pruned / skipped / user) and a reason with numbers.
//
// Storage is columnar: dimension values in one flat array, status and reason as small enums,
// a reference index and a parameter index for the message. Messages are formatted on demand.

#include "core/analysis/axis_parse.h"
#include "core/space/backend_configs.h"
#include "core/space/generator_device.h"
#include "core/space/space_types.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace ts::space {

enum class CandidateStatus : std::uint8_t { Generated, Pruned, Skipped, User };
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
};
inline constexpr int kReasonCodeCount = 14;
std::string_view reasonCodeName(ReasonCode code); // kebab-case; "" for None
bool isHardConstraint(ReasonCode code);

struct SpaceDimension {
    enum class Kind : std::uint8_t { Tunable, Hint, Multibuffer, NumWarps };
    std::string name;
    Kind kind = Kind::Tunable;
    bool boolean = false;
    std::vector<std::int64_t> values; // the lattice's values (tunables ascending)
    // Tunables: the axes using the parameter and how.
    std::vector<int> splitAxes;
    std::vector<int> tilingAxes;
    std::int64_t step = 0; // aligned multiples kept every `step` elements
};

struct CandidateMetrics {
    std::int64_t tileElements = 0;
    std::int64_t ubBytes = 0;
    double ubShare = 0.0; // of the budget
    std::int64_t ubBudgetBytes = 0;
    std::int64_t programs = 0;
    std::int64_t waves = 0;           // over the vector cores
    double lastWaveUtilisation = 0.0; // share of the vector cores busy in the last wave
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

class CandidateSpace {
public:
    // `hints` are the decorator's evaluated hints: search dimensions (GROUP_SIZE_M,
    // multibuffer); axis hints are ignored here (the parse used them) and a truthy
    // auto_gen_config (given as a one-value list) turns generation on beside handwritten configs.
    static CandidateSpace build(const analysis::AxisParse& parse, const LaunchSpec& launch,
                                const HintList& hints, const GeneratorDevice& device,
                                const SpaceOptions& options = {});

    const BackendConfigs& backend() const { return backend_; }
    const GeneratorDevice& device() const { return device_; }
    const std::vector<SpaceDimension>& dimensions() const { return dims_; }
    const std::optional<std::string>& error() const { return backend_.error; }
    const std::vector<std::string>& notes() const { return notes_; }
    bool hasLattice() const { return latticeBuilt_; }
    // The build was stopped before it finished: the candidates are only a prefix.
    bool stopped() const { return stopped_; }
    std::size_t latticePoints() const { return latticePoints_; }

    std::size_t size() const { return status_.size(); }
    std::size_t count(CandidateStatus status) const;
    std::size_t count(ReasonCode code) const;

    CandidateStatus status(std::size_t i) const { return status_[i]; }
    ReasonCode reason(std::size_t i) const { return reason_[i]; }
    // Every hard constraint the candidate breaks, one bit per ReasonCode.
    std::uint32_t violations(std::size_t i) const { return violations_[i]; }
    // Position in the backend's list for generated and handwritten candidates, else -1.
    std::int32_t backendIndex(std::size_t i) const;
    // The nearest generated candidate of a skipped one, else -1.
    std::int32_t neighbour(std::size_t i) const;

    // Dimension values (dimensions() order); kUnset where the candidate sets nothing.
    const std::int64_t* values(std::size_t i) const { return values_.data() + i * dims_.size(); }
    Kwargs params(std::size_t i) const;
    int numWarps(std::size_t i) const;
    int numStages(std::size_t i) const;
    CandidateMetrics metrics(std::size_t i) const;
    // "tile 12288 elements x 4 B x 3 buffers = 144 KiB > 128 KiB UB budget"; empty for a
    // generated candidate without remarks.
    std::string describe(std::size_t i) const;

private:
    void buildDimensions(const HintList& hints, const LaunchSpec& launch);
    void addBackendList();
    void buildLattice(const SpaceOptions& options);
    std::uint32_t checkHard(const std::int64_t* values, std::int64_t tile, std::int64_t programs,
                            int* param) const;
    std::int64_t tileOf(const std::int64_t* values) const;
    std::int64_t programsOf(const std::int64_t* values) const;
    std::size_t push(CandidateStatus status, ReasonCode reason, std::int32_t ref, std::int8_t param,
                     std::uint32_t violations, std::int64_t tile, std::int64_t programs);
    std::string describeValues(const std::int64_t* values) const;

    BackendConfigs backend_;
    GeneratorDevice device_;
    std::vector<SpaceDimension> dims_;
    int tunableCount_ = 0;
    int hintBegin_ = 0;
    int hintCount_ = 0;
    int variantDim_ = -1; // the multibuffer / num_warps dimension, -1 if none
    std::vector<std::string> notes_;
    std::vector<TritonConfig> userConfigs_;
    std::int64_t minGeneratedTile_ = 0;
    std::int64_t maxGeneratedPrograms_ = 0;
    std::size_t generatedCount_ = 0; // candidates [0, generatedCount_) are generated
    std::size_t comboCount_ = 1;     // hint combinations x variants per generated tiling
    bool latticeBuilt_ = false;
    bool stopped_ = false;
    std::size_t latticePoints_ = 0;

    // Columns.
    std::vector<std::int64_t> values_;
    std::vector<CandidateStatus> status_;
    std::vector<ReasonCode> reason_;
    std::vector<std::uint32_t> violations_;
    std::vector<std::int32_t> ref_;  // backend index, neighbour, or user config index
    std::vector<std::int8_t> param_; // the dimension a message is about, -1 if none
    std::vector<std::int64_t> tile_;
    std::vector<std::int64_t> programs_;
};

} // namespace ts::space
