#include "core/pipeline/space_pipeline.h"
#include "core/util/diagnostic_make.h"
#include "core/util/message.h"

namespace ts::pipeline {
namespace {

std::optional<space::ParamValue> toParamValue(const py::Value& v)
{
    if (v.isBool())
        return space::ParamValue::boolean(v.asBool());
    if (v.isInt())
        return space::ParamValue::integer(v.asInt());
    if (v.isStr())
        return space::ParamValue::string(v.asStr());
    return std::nullopt;
}

void note(Diagnostics* notes, const analysis::KernelAnalysis& a, msg::Message message)
{
    if (notes)
        notes->push_back(
            makeDiagnostic("value-not-integer", Severity::Warning, a.file->path, 0, 0, std::move(message)));
}

} // namespace

space::LaunchSpec launchSpecFor(const analysis::KernelAnalysis& a, Diagnostics* notes)
{
    space::LaunchSpec launch;
    launch.backend = a.workload.backend;
    launch.launchModel = a.launch;
    // kv_dict: axis -> value of its key argument, in key order (after reduction renaming).
    for (const auto& [axis, param] : a.parse.keys) {
        for (const analysis::LaunchArgument& arg : a.launchArgs) {
            if (arg.name != param || !a.kernel->param(param))
                continue;
            if (arg.kind == analysis::LaunchArgument::Kind::Int)
                launch.keyValues.emplace_back(axis, arg.intValue);
            else
                note(notes, a, {msg::Id::KeyArgumentNotInteger, {param, axis}});
        }
    }
    // The key list's arguments as passed, in the list's order (the cache key of a version that
    // keys by the list).
    if (a.kernel->autotune)
        for (const std::string& name : a.kernel->autotune->keyList)
            for (const analysis::LaunchArgument& arg : a.launchArgs)
                if (arg.name == name && arg.kind == analysis::LaunchArgument::Kind::Int)
                    launch.keyListValues.push_back(arg.intValue);
    for (const analysis::LaunchArgument& arg : a.launchArgs)
        if (arg.kind == analysis::LaunchArgument::Kind::Tensor && a.kernel->param(arg.name))
            launch.tensorDtypes.push_back(arg.dtype);
    if (a.kernel->autotune) {
        for (const py::ConfigValue& c : a.kernel->autotune->configs) {
            space::TritonConfig config;
            for (const auto& [name, value] : c.kwargs) {
                if (auto v = toParamValue(value))
                    config.kwargs.emplace_back(name, *v);
                else
                    note(notes, a, {msg::Id::ConfigValueLeftOut, {name, value.repr()}});
            }
            for (const auto& [name, value] : c.options)
                if (name == "multibuffer")
                    if (auto v = toParamValue(value))
                        config.kwargs.emplace_back(name, *v);
            if (c.numWarps)
                config.numWarps = static_cast<int>(*c.numWarps);
            if (c.numStages)
                config.numStages = static_cast<int>(*c.numStages);
            launch.userConfigs.push_back(std::move(config));
        }
        if (a.kernel->autotune->hints)
            if (const py::Value* v = a.kernel->autotune->hints->get("auto_gen_config"))
                launch.autoGenConfigHint = v->truthy();
    }
    launch.multibuffer = a.options.multibuffer;
    if (a.options.numWarps)
        launch.numWarps = static_cast<int>(*a.options.numWarps);
    launch.forceSimtOnly = a.options.forceSimtOnly;
    return launch;
}

space::HintList hintListFor(const analysis::KernelAnalysis& a, Diagnostics* notes)
{
    space::HintList hints;
    for (const auto& [name, values] : a.hintDimensions) {
        std::vector<space::ParamValue> converted;
        for (const py::Value& v : values) {
            if (auto p = toParamValue(v))
                converted.push_back(*p);
            else
                note(notes, a, {msg::Id::HintValueLeftOut, {name, v.repr()}});
        }
        if (!converted.empty())
            hints.emplace_back(name, std::move(converted));
    }
    return hints;
}

space::CandidateSpace buildSpace(const analysis::KernelAnalysis& a, const npu::DeviceProfile& device,
                                 const space::SpaceOptions& options)
{
    return space::CandidateSpace::build(a.parse, launchSpecFor(a), hintListFor(a), space::fromProfile(device),
                                        options);
}

} // namespace ts::pipeline
