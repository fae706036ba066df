#pragma once
// What a backend version decides, behind one interface. Triton-Ascend's autotune changes from
// release to release; TileScope models several releases at once. Every stage (the analysis, the
// candidate space, the tuning, the logs and files it writes, the front ends) asks the policy of
// the launch's version (backend_registry.h) instead of naming a version, as LLVM's code
// generation asks a TargetMachine. A version is a folder beside this file (v2604/, v2608/) that
// implements these hooks and is registered once, in backend_registry.cpp; a test may register
// one of its own. A hook with a body is what most versions share: a version overrides what its
// release changed.
//
// The stages' types appear here by declaration only (besides the values and diagnostics every
// stage uses), so that any stage may include this header.

#include "core/kernel/backend_version.h"
#include "core/python/value.h"
#include "core/util/diagnostic.h"
#include "core/util/message_value.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts {
namespace analysis {
struct ParseInput;
struct AxisParse;
struct KernelAnalysis;
} // namespace analysis
namespace space {
struct LaunchSpec;
struct BackendConfigs;
struct BackendOptions;
struct GeneratorDevice;
class CandidateSpace;
} // namespace space
namespace tuning {
struct TuningOptions;
struct TuningResult;
} // namespace tuning
} // namespace ts

namespace ts::backends {

// How the candidate space lays out a version's list (core/space/candidate_space.h).
enum class SpaceRows : std::uint8_t {
    // The tile generator's tilings crossed with the hint dimensions and a multibuffer or
    // num_warps variant, and on request the lattice around them.
    CrossedTilings,
    // The backend's own list, config for config, with its options as the version couples them
    // (and a tl.dot kernel's pruned cube candidates after it).
    BackendList,
};

// The compile workers of a tuning (Autotuner._batch_bench): min(cores * numerator / denominator,
// configs), at least one.
struct CompileWorkerRule {
    int numerator = 1;
    int denominator = 2;
    int workers(int hostCores, std::size_t configs) const;
    std::string text() const; // "cores / 2", "cores * 3 / 4"
};

// How a version's autotune keeps timings between runs (export/triton_cache_json.h).
enum class AutotuneCacheFile : std::uint8_t {
    // Only upstream Triton's cache_results file, written from every config's timings.
    TritonCacheResults,
    // A disk cache that check_disk_cache reads back: measured configs only, keyed by the
    // tuning key, and never with the UB tuner on.
    DiskCache,
};

// What a defaulted or launch-fixed tunable needs in this version to be tuned.
enum class TunableSource : std::uint8_t { Default, Launch };

// The launch options one config of a vector kernel's tiling carries (the candidate space's
// option points, core/space/candidate_space.h).
struct TilingOptions {
    std::optional<bool> multibuffer; // the multibuffer keyword; nullopt: not set
    int numStages = 1;
    // Boolean compile options the config sets ("enable_ubuf_saving"), in order.
    std::vector<std::pair<std::string, bool>> compileOptions;
    friend bool operator==(const TilingOptions&, const TilingOptions&) = default;
};

// Why a version never lists a setting of a tiling it generates.
enum class OptionReason : std::uint8_t {
    NumStagesTied,   // num_stages apart from what the version couples it to
    MaxAutotuneOnly, // a compile option only max_autotune (or an explicit hint) adds
};

// A setting of a generated tiling the version never lists, though the config compiles: the
// reason, and the version's words for it (which of its functions decides it).
struct OptionVariant {
    TilingOptions options;
    OptionReason reason = OptionReason::NumStagesTied;
    msg::Message why;
};

// max_autotune / get_max_configs of the runtime module (a version that has them).
struct MaxAutotuneExpansion {
    std::vector<py::ConfigValue> configs;
    std::vector<std::string> printed;  // the "[WARNING] ..." line upstream prints, if any
    std::optional<std::string> error;  // the ValueError the decorator raises
};

class BackendPolicy {
public:
    virtual ~BackendPolicy();

    // ---- identity ----
    virtual const kernel::BackendVersionInfo& info() const = 0;

    // ---- reading the kernel and the launch ----

    // The autotuner's parse of the kernel for this launch.
    virtual analysis::AxisParse parseAxes(const analysis::ParseInput& input) const = 0;
    // A hints key the version keeps for itself (not a search dimension).
    virtual bool reservesHintKey(std::string_view key) const;
    // A hints key the version takes as a launch or compile option rather than passing it to every
    // config as a stray keyword (the guide rule hint-unknown warns of any other).
    virtual bool knowsHintOption(std::string_view key) const;
    // Right after the parse: what else the version prints before it tunes (lines importing its
    // runtime printed).
    virtual void afterParse(analysis::KernelAnalysis& analysis) const;
    // The exception the version raises for this kernel and launch outside its parse, where in
    // the file it points; nullopt when it raises nothing more.
    virtual std::optional<Diagnostic> launchRaises(const analysis::KernelAnalysis& analysis) const;
    // Notes on the version's own parse (conclusions that look like upstream bugs).
    virtual std::vector<Diagnostic> parseNotes(const analysis::KernelAnalysis& analysis) const;
    // Whether every handwritten config is expanded with the hints' values.
    virtual bool expandsHandwrittenConfigsWithHints() const;
    // Whether the autotuner reads extra hint dimensions (GROUP_SIZE_M: [1, 2]) at all.
    virtual bool readsHintDimensions() const;
    // The launch the version would tune `param` in, where it now keeps it at its default or at
    // the value the launch passes: the guide's fix, as this version takes it.
    virtual analysis::ParseInput withTunable(const analysis::ParseInput& input, const std::string& param,
                                             TunableSource source) const;
    // The advice that goes with withTunable: "remove the default to let Triton-Ascend generate
    // it", in this version's facts.
    virtual msg::Message tunableAdvice(const std::string& param, TunableSource source) const;

    // ---- candidates ----

    // The ordered list the backend benchmarks for one launch.
    virtual space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                                  const space::GeneratorDevice& device,
                                                  const space::BackendOptions& options) const = 0;
    virtual SpaceRows spaceRows() const;
    // Why the space has no lattice under this version, when it has none; empty when it has one.
    virtual msg::Message latticeUnavailable() const;
    // The note on hint dimensions crossed with the generated tiling (CrossedTilings rows).
    virtual msg::Message crossedHintsNote() const;
    // What building the fallback config does in this version, after `error` (empty: nothing).
    virtual msg::Message fallbackNote(const std::string& error) const;
    // Around one setting the version lists for a generated tiling of a vector kernel, the
    // settings of the same tiling it never lists though a user may write them (the lattice's
    // option points); empty when the version has none.
    virtual std::vector<OptionVariant> optionVariants(const TilingOptions& listed) const;
    // Why a value outside a hint dimension's list `values` ("[1, 2]") is never benchmarked, in
    // the version's words; empty when the version has no such points for `name` (it does not
    // read hint dimensions, or `name` is a compile option with a checked domain).
    virtual msg::Message outsideHintNote(const std::string& name, const std::string& values) const;

    // ---- tuning ----

    virtual CompileWorkerRule compileWorkerRule() const;
    // TRITON_ENABLE_UBTUNER: whether the version has the UB tuner.
    virtual bool hasUbTuner() const;
    // Whether a tuning of this parse's generated configs is cut by the time-limit prune
    // (tuning/time_limit_prune.h) before benchmarking.
    virtual bool prunesByTimeLimit(const analysis::AxisParse& parse) const;
    // The lines the version prints with TRITON_PRINT_AUTOTUNING=1 for this session.
    virtual std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis,
                                                   const space::CandidateSpace& space,
                                                   const tuning::TuningResult& result,
                                                   const tuning::TuningOptions& options) const = 0;

    // ---- files ----

    virtual AutotuneCacheFile autotuneCacheFile() const;
    // Whether reading a .autotune.json rebuilds Config(**fields) (and so rejects unknown fields).
    virtual bool rebuildsConfigsFromAutotuneJson() const;

    // ---- the runtime module (`triton.backends.ascend.runtime`) ----

    // max_autotune / get_max_configs over every base config, in order; nullopt when the
    // version's runtime has no such function. `kernelType` is "cube", "vector" or anything else
    // (treated as "mixcv"); `tuning` holds the decorator's extra keywords in order.
    virtual std::optional<MaxAutotuneExpansion>
    expandMaxAutotune(const std::vector<py::ConfigValue>& bases, const std::string& kernelType,
                      const std::vector<std::pair<std::string, py::Value>>& tuning) const;
};

} // namespace ts::backends
