#include "widgets/space_request.h"

namespace ts::gui {
namespace {

std::optional<space::ParamValue> toParamValue(const py::Value& value)
{
    if (value.isBool())
        return space::ParamValue::boolean(value.asBool());
    if (value.isInt())
        return space::ParamValue::integer(value.asInt());
    return std::nullopt;
}

} // namespace

SpaceRequestResult spaceRequestFor(const analysis::KernelAnalysis& analysis,
                                   const npu::DeviceProfile* device, bool lattice)
{
    SpaceRequestResult out;
    if (device == nullptr) {
        out.error = "unknown device '" + analysis.workload.device + "'";
        return out;
    }
    if (analysis.kernel == nullptr || !analysis.kernel->isAutotuned()) {
        out.error = "the kernel has no @triton.autotune decorator: the backend tunes nothing";
        return out;
    }
    const kernel::AutotuneSpec& autotune = *analysis.kernel->autotune;

    SpaceRequest r;
    r.parse = analysis.parse;
    for (const auto& [axis, param] : analysis.parse.keys) {
        for (const analysis::LaunchArgument& arg : analysis.launchArgs) {
            if (arg.name == param && arg.kind == analysis::LaunchArgument::Kind::Int) {
                r.launch.keyValues.emplace_back(axis, arg.intValue);
                break;
            }
        }
    }
    for (const analysis::LaunchArgument& arg : analysis.launchArgs)
        if (arg.kind == analysis::LaunchArgument::Kind::Tensor)
            r.launch.tensorDtypes.push_back(arg.dtype);
    for (const py::ConfigValue& config : autotune.configs) {
        space::TritonConfig c;
        for (const auto& [name, value] : config.kwargs)
            if (auto v = toParamValue(value))
                c.kwargs.emplace_back(name, *v);
        if (config.numWarps)
            c.numWarps = int(*config.numWarps);
        if (config.numStages)
            c.numStages = int(*config.numStages);
        r.launch.userConfigs.push_back(std::move(c));
    }
    if (autotune.hints)
        if (const py::Value* v = autotune.hints->get("auto_gen_config"))
            r.launch.autoGenConfigHint = v->truthy();
    r.launch.multibuffer = analysis.options.multibuffer;
    if (analysis.options.numWarps)
        r.launch.numWarps = int(*analysis.options.numWarps);
    r.launch.forceSimtOnly = analysis.options.forceSimtOnly;

    for (const auto& [name, values] : analysis.hintDimensions) {
        std::vector<space::ParamValue> converted;
        for (const py::Value& v : values)
            if (auto p = toParamValue(v))
                converted.push_back(*p);
        r.hints.emplace_back(name, std::move(converted));
    }
    r.device = space::fromProfile(*device);
    r.options.lattice = lattice;
    out.request = std::move(r);
    return out;
}

} // namespace ts::gui
