// The policy of Triton-Ascend 2026-04 (triton-lang/triton-ascend a84b1eb).
#include "core/backends/v2604/policy.h"

#include "core/analysis/axis_parse.h"
#include "core/space/backend_configs.h"
#include "core/util/message.h"

namespace ts::backends::v2604 {
namespace {

const kernel::BackendVersionInfo kInfo = {"2026-04", "triton-lang/triton-ascend",
                                          "a84b1eb52b6215e2c171632f2df0892f1003cfc8", "2026-04-27",
                                          msg::entry(msg::Id::SummaryAutoparser).english};

class Policy final : public BackendPolicy {
public:
    const kernel::BackendVersionInfo& info() const override { return kInfo; }

    analysis::AxisParse parseAxes(const analysis::ParseInput& input) const override
    {
        return analysis::autoparseAxes(input);
    }

    // a84b1eb reads only the axis hints and auto_gen_config: an extra hint dimension is missing at
    // launch ("Missing required arguments").
    bool readsHintDimensions() const override { return false; }

    space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                          const space::GeneratorDevice& device,
                                          const space::BackendOptions& options) const override
    {
        return v2604::generateConfigs(parse, launch, device, options);
    }

    msg::Message crossedHintsNote() const override
    {
        return msg::Message(msg::Id::HintsCrossedAsGuide);
    }

    msg::Message fallbackNote(const std::string& error) const override
    {
        return error.empty() ? msg::Message() : msg::Message(msg::Id::FallbackRaisesAtA84b1eb, {error});
    }

    // Every generated config has num_stages=1: TileGenerator builds Config(..., num_warps=1,
    // num_stages=1) and _expand_simd_multibuffer_configs deep-copies it for the other
    // multibuffer value. a84b1eb has no max_autotune and reads no hint dimension, so num_stages=2
    // is the only setting of a generated tiling it never lists.
    std::vector<OptionVariant> optionVariants(const TilingOptions& listed) const override
    {
        if (listed.numStages != 1 || !listed.compileOptions.empty())
            return {};
        TilingOptions other = listed;
        other.numStages = 2;
        return {{other, OptionReason::NumStagesTied, msg::Message(msg::Id::OptionStagesFixedAtOne)}};
    }

    // autotuner.py: psutil.cpu_count(logical=False) // 2.
    CompileWorkerRule compileWorkerRule() const override { return {1, 2}; }

    std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                           const tuning::TuningResult& result,
                                           const tuning::TuningOptions&) const override
    {
        return v2604::autotuningLog(analysis, space, result);
    }
};

} // namespace

std::unique_ptr<BackendPolicy> makePolicy()
{
    return std::make_unique<Policy>();
}

} // namespace ts::backends::v2604
