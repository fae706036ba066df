#include "core/analysis/advice_check.h"

#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/space/backend_configs.h"
#include "core/util/message.h"

#include <algorithm>

namespace ts::analysis {

std::vector<ConfigValues> generatedConfigs(const KernelAnalysis& analysis, const ParseInput& input,
                                           const AxisParse& parse)
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* profile = registry.find(analysis.workload.device);
    if (!profile || !analysis.kernel || parse.error)
        return {};
    // The launch as this parse and these arguments make it.
    KernelAnalysis probe;
    probe.file = analysis.file;
    probe.kernel = analysis.kernel;
    probe.workload = analysis.workload;
    probe.parse = parse;
    probe.launchArgs = input.args;
    probe.hintDimensions = analysis.hintDimensions;
    probe.options = analysis.options;
    space::LaunchSpec launch = pipeline::launchSpecFor(probe);
    launch.backend = input.backend;
    const space::BackendConfigs generated = space::generateBackendConfigs(parse, launch, space::fromProfile(*profile),
                                                                          {false, 0});
    if (generated.error)
        return {};
    return generatedValues(generated);
}

std::vector<ConfigValues> generatedValues(const space::BackendConfigs& list)
{
    std::vector<ConfigValues> out;
    for (std::size_t i = 0; i < list.configs.size(); ++i) {
        if (list.origins[i] != space::BackendConfigs::Origin::Generated)
            continue;
        ConfigValues& values = out.emplace_back();
        for (const auto& [name, value] : list.configs[i].kwargs)
            if (!value.isString)
                values.emplace_back(name, value.value);
    }
    return out;
}

std::vector<ConfigValues> powersOfTwo(const LaunchModel& model, const std::string& param)
{
    std::int64_t largest = 1;
    for (const CoverageCheck& c : model.checks())
        if (c.extentKnown)
            if (const auto e = c.extent.eval(model.slotDefaults().data()))
                largest = std::max(largest, *e);
    std::vector<ConfigValues> out;
    for (std::int64_t v = 1; v <= 2 * largest && v > 0; v *= 2)
        out.push_back({{param, v}});
    return out;
}

std::optional<msg::Message>
breaksWhenTuned(const LaunchModel& model, const std::vector<ConfigValues>& configs, const std::string& param)
{
    const int slot = model.slotOf(param);
    if (slot < 0)
        return std::nullopt;
    const std::int64_t present = model.slotDefaults()[std::size_t(slot)];
    for (const ConfigValues& config : configs) {
        const LaunchFigures tuned = model.evaluate(config);
        if (tuned.coverage != Coverage::Incorrect)
            continue;
        // Incorrect whatever `param` is: not the advice's doing.
        ConfigValues kept = config;
        std::int64_t value = present;
        for (auto& [name, v] : kept)
            if (name == param)
                std::swap(v, value);
        if (present != kUnknownSlot && model.evaluate(kept).coverage == Coverage::Incorrect)
            continue;
        return msg::Message(msg::Id::ValueBreaks, {param, value, model.coverageMessage(tuned)});
    }
    return std::nullopt;
}

} // namespace ts::analysis
