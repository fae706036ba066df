#include "core/backends/backend_policy.h"

#include "core/analysis/axis_parse.h"
#include "core/util/message.h"

#include <algorithm>
#include <iterator>

namespace ts::backends {

BackendPolicy::~BackendPolicy() = default;

int CompileWorkerRule::workers(int hostCores, std::size_t configs) const
{
    const int cores = std::max(1, hostCores);
    // psutil.cpu_count(logical=False) * numerator // denominator; Python raises for zero
    // workers (one core): one.
    const int rule = cores * numerator / std::max(1, denominator);
    return std::max(1, static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(0, rule)), configs)));
}

std::string CompileWorkerRule::text() const
{
    if (numerator == 1)
        return "cores / " + std::to_string(denominator);
    return "cores * " + std::to_string(numerator) + " / " + std::to_string(denominator);
}

bool BackendPolicy::reservesHintKey(std::string_view) const
{
    return false;
}

bool BackendPolicy::knowsHintOption(std::string_view key) const
{
    static constexpr std::string_view kKnown[] = {
        "multibuffer", "num_warps", "num_stages", "num_ctas", "enable_linearize", "sync_solver",
        "enable_auto_bind_sub_block", "limit_auto_multi_buffer_only_for_local_buffer", "unit_flag",
        "enable_hivm_auto_cv_balance", "tile_mix_vector_loop", "tile_mix_cube_loop",
    };
    return std::find(std::begin(kKnown), std::end(kKnown), key) != std::end(kKnown);
}

void BackendPolicy::afterParse(analysis::KernelAnalysis&) const {}

std::optional<Diagnostic> BackendPolicy::launchRaises(const analysis::KernelAnalysis&) const
{
    return std::nullopt;
}

std::vector<Diagnostic> BackendPolicy::parseNotes(const analysis::KernelAnalysis&) const
{
    return {};
}

bool BackendPolicy::expandsHandwrittenConfigsWithHints() const
{
    return false;
}

bool BackendPolicy::readsHintDimensions() const
{
    return true;
}

analysis::ParseInput BackendPolicy::withTunable(const analysis::ParseInput& input, const std::string& param,
                                                TunableSource) const
{
    // The guide's rule: a tunable is neither passed at launch nor given a default. The analysis
    // passes a default as if the launch did; taking it out is the fix for both.
    analysis::ParseInput out = input;
    std::erase_if(out.args, [&](const analysis::LaunchArgument& arg) { return arg.name == param; });
    return out;
}

msg::Message BackendPolicy::tunableAdvice(const std::string&, TunableSource source) const
{
    return msg::Message(source == TunableSource::Default ? msg::Id::AdviceRemoveDefault
                                                         : msg::Id::AdviceLeaveOutOfLaunch);
}

SpaceRows BackendPolicy::spaceRows() const
{
    return SpaceRows::CrossedTilings;
}

msg::Message BackendPolicy::latticeUnavailable() const
{
    return {};
}

msg::Message BackendPolicy::crossedHintsNote() const
{
    return {};
}

msg::Message BackendPolicy::fallbackNote(const std::string& error) const
{
    return error.empty() ? msg::Message() : msg::Message(msg::Id::FallbackRaises, {error});
}

std::vector<OptionVariant> BackendPolicy::optionVariants(const TilingOptions&) const
{
    return {};
}

msg::Message BackendPolicy::outsideHintNote(const std::string&, const std::string&) const
{
    return {};
}

CompileWorkerRule BackendPolicy::compileWorkerRule() const
{
    return {1, 2};
}

bool BackendPolicy::hasUbTuner() const
{
    return false;
}

bool BackendPolicy::prunesByTimeLimit(const analysis::AxisParse&) const
{
    return false;
}

AutotuneCacheFile BackendPolicy::autotuneCacheFile() const
{
    return AutotuneCacheFile::TritonCacheResults;
}

bool BackendPolicy::rebuildsConfigsFromAutotuneJson() const
{
    return false;
}

std::optional<MaxAutotuneExpansion> BackendPolicy::expandMaxAutotune(const std::vector<py::ConfigValue>&,
                                                                     const std::string&,
                                                                     const std::vector<std::pair<std::string, py::Value>>&) const
{
    return std::nullopt;
}

} // namespace ts::backends
