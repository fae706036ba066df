// The policy of Triton-Ascend 2026-08 (Geofeng12138/triton-ascend 189dd87).
#include "core/backends/v2608/policy.h"

#include "core/analysis/cube_parse.h"
#include "core/analysis/kernel_analysis.h"
#include "core/backends/v2608/axis_parse_checks.h"
#include "core/backends/v2608/max_autotune.h"
#include "core/backends/v2608/vector_parse.h"
#include "core/space/backend_configs.h"
#include "core/util/diagnostic_make.h"
#include "core/util/message.h"

#include <algorithm>

namespace ts::backends::v2608 {
namespace {

const kernel::BackendVersionInfo kInfo = {"2026-08", "Geofeng12138/triton-ascend",
                                          "189dd87904997ed0d9704ef16ddbabfc082bef0b", "2026-08-18",
                                          msg::entry(msg::Id::SummaryAxisParserV2).english};

// 2026-08 raises while the decorator is built (its key and hints checks), at the first launch
// (kernel_type) or in the cube parse: upstream's exception, where in the file it points. The
// key's checks point at key=, the hints' at hints=, the others at the decorator; the cube
// parse's at the kernel. Empty (no code) when the parse did not raise there.
Diagnostic raisedAt(const analysis::KernelAnalysis& a)
{
    const analysis::AxisParse& p = a.parse;
    const kernel::AutotuneSpec* autotune = a.kernel && a.kernel->autotune ? &*a.kernel->autotune : nullptr;
    if (!a.kernel)
        return {};
    const std::string file = a.file ? a.file->path : std::string();
    if (!p.error && autotune) {
        // Raised at the first launch: no tensor argument at all (the cache key needs one), or a
        // config hint whose values fail upstream's checks (before any config is expanded).
        const bool anyTensor = std::any_of(a.launchArgs.begin(), a.launchArgs.end(), [&](const analysis::LaunchArgument& arg) {
            return arg.kind == analysis::LaunchArgument::Kind::Tensor && a.kernel->param(arg.name);
        });
        if (!anyTensor)
            return makeDiagnostic("backend-raises", Severity::Error, file, a.kernel->location.line,
                                  a.kernel->location.column,
                                  msg::Message(msg::Id::Backend2608RaisesNoTensor, {a.kernel->name}));
        if (const analysis::VectorParse2608* vp = analysis::vectorParse2608(p);
            vp && vp->configHintError && !vp->configHints.empty()) {
            const kernel::SourceLocation at =
                autotune && autotune->hintsLocation.line > 0 ? autotune->hintsLocation : a.kernel->location;
            return makeDiagnostic(
                "backend-raises", Severity::Error, file, at.line, at.column,
                msg::Message(msg::Id::Backend2608Raises, {"ValueError", *vp->configHintError}));
        }
        return {};
    }
    if (!p.error || (p.errorStage != "init" && p.errorStage != "kernel-type" && p.errorStage != "cube-parse"))
        return {};
    const std::string& message = *p.error;
    kernel::SourceLocation at = a.kernel->location;
    if (autotune && autotune->decorator && p.errorStage != "cube-parse") {
        at = autotune->decorator->location;
        const bool aboutKey = message.rfind("key ", 0) == 0;
        const bool aboutHints = message.find("hints") != std::string::npos ||
                                std::any_of(analysis::kReservedHintKeys2608.begin(), analysis::kReservedHintKeys2608.end(),
                                            [&](std::string_view k) { return message.rfind(k, 0) == 0; }) ||
                                message.find("axes") != std::string::npos || p.errorStage == "kernel-type";
        if (aboutKey && autotune->keyLocation.line > 0)
            at = autotune->keyLocation;
        else if (aboutHints && autotune->hintsLocation.line > 0)
            at = autotune->hintsLocation;
    }
    const std::string type = p.errorType.empty() ? std::string("ValueError") : p.errorType;
    return makeDiagnostic("backend-raises", Severity::Error, file, at.line, at.column,
                          msg::Message(msg::Id::Backend2608Raises, {type, message}));
}


// hints={"tunable_parameter": [..., param]}: the hints dict with `param` listed as tunable.
py::Value withTunableParameter(const std::optional<py::Value>& hints, const std::string& param)
{
    std::vector<std::pair<py::Value, py::Value>> entries;
    if (hints && hints->type() == py::Value::Type::Dict)
        entries = hints->entries();
    for (auto& [key, value] : entries)
        if (key.isStr() && key.asStr() == "tunable_parameter") {
            std::vector<py::Value> items;
            if (value.type() == py::Value::Type::List)
                items = value.items();
            items.push_back(py::Value::string(param));
            value = py::Value::list(std::move(items));
            return py::Value::dict(std::move(entries));
        }
    entries.emplace_back(py::Value::string("tunable_parameter"), py::Value::list({py::Value::string(param)}));
    return py::Value::dict(std::move(entries));
}

class Policy final : public BackendPolicy {
public:
    const kernel::BackendVersionInfo& info() const override { return kInfo; }

    analysis::AxisParse parseAxes(const analysis::ParseInput& input) const override
    {
        return analysis::parseAxes2608(input);
    }

    bool reservesHintKey(std::string_view key) const override
    {
        return std::find(analysis::kReservedHintKeys2608.begin(), analysis::kReservedHintKeys2608.end(), key) !=
               analysis::kReservedHintKeys2608.end();
    }
    // Its _ALL_PARAMS (enable_ubuf_saving, set_workspace_multibuffer, ...) expand configs too.
    bool knowsHintOption(std::string_view key) const override
    {
        return std::find(analysis::kCompileOptionHints2608.begin(), analysis::kCompileOptionHints2608.end(), key) !=
                   analysis::kCompileOptionHints2608.end() ||
               BackendPolicy::knowsHintOption(key);
    }

    // Importing the file prints get_max_configs' and max_autotune's warnings, before the tuner
    // prints anything.
    void afterParse(analysis::KernelAnalysis& a) const override
    {
        if (!a.file || a.file->importPrinted.empty())
            return;
        const std::vector<std::string>& printed = a.file->importPrinted;
        a.parse.backendWarnings.insert(a.parse.backendWarnings.begin(), printed.begin(), printed.end());
        a.parse.backendLog.insert(a.parse.backendLog.begin(), printed.begin(), printed.end());
    }

    std::optional<Diagnostic> launchRaises(const analysis::KernelAnalysis& a) const override
    {
        Diagnostic d = raisedAt(a);
        if (d.code.empty())
            return std::nullopt;
        return d;
    }

    // Conclusions of the v2 axis parser that look like upstream bugs.
    std::vector<Diagnostic> parseNotes(const analysis::KernelAnalysis& a) const override
    {
        std::vector<Diagnostic> out;
        if (const analysis::VectorParse2608* vp = analysis::vectorParse2608(a.parse))
            for (const analysis::VectorParse2608::SourceNote& note : vp->v2Notes)
                out.push_back(makeDiagnostic("backend-v2-axis-quirk", Severity::Note, "", note.line,
                                             note.column, note.message));
        return out;
    }

    // Every handwritten config is expanded with the config hints.
    bool expandsHandwrittenConfigsWithHints() const override { return true; }

    // _resolve_vv_tunable_candidates_by_cv_policy: a parameter with a default stays untuned
    // unless hints["tunable_parameter"] lists it.
    analysis::ParseInput withTunable(const analysis::ParseInput& input, const std::string& param,
                                     TunableSource source) const override
    {
        analysis::ParseInput out = BackendPolicy::withTunable(input, param, source);
        if (source == TunableSource::Default)
            out.rawHints = withTunableParameter(input.rawHints, param);
        return out;
    }

    msg::Message tunableAdvice(const std::string& param, TunableSource source) const override
    {
        if (source == TunableSource::Launch)
            return BackendPolicy::tunableAdvice(param, source);
        return msg::Message(msg::Id::AdviceTunableParameterHint, {"2026-08", param});
    }

    space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                          const space::GeneratorDevice& device,
                                          const space::BackendOptions& options) const override
    {
        return v2608::generateConfigs(parse, launch, device, options);
    }

    SpaceRows spaceRows() const override { return SpaceRows::BackendList; }

    // Config({}, num_warps=4, num_stages=2) is accepted by 189dd87's triton.Config.
    msg::Message fallbackNote(const std::string&) const override { return {}; }

    // The settings of a generated tiling 189dd87 never lists. num_stages follows multibuffer:
    // _expand_simd_multibuffer_configs sets it from _multibuffer_to_num_stages (True: 2, False: 1),
    // and only hints={'num_stages': [...]} or hints={'multibuffer': [...]} (_normalize_config_hints,
    // crossed by _expand_configs_with_hints) unties it, in which case the list already holds the
    // other value. enable_ubuf_saving is never set by the generation: get_max_configs crosses it
    // for a vector kernel (_VECTOR_PARAMS: num_stages, enable_ubuf_saving), as does a hint of it.
    std::vector<OptionVariant> optionVariants(const TilingOptions& listed) const override
    {
        std::vector<OptionVariant> out;
        if (!listed.compileOptions.empty() || (listed.numStages != 1 && listed.numStages != 2))
            return out;
        TilingOptions untied = listed;
        untied.numStages = 3 - listed.numStages;
        out.push_back({untied, OptionReason::NumStagesTied, msg::Message(msg::Id::OptionStagesTiedToMultibuffer)});
        for (const bool saving : {true, false}) {
            TilingOptions withOption = listed;
            withOption.compileOptions = {{"enable_ubuf_saving", saving}};
            out.push_back({withOption, OptionReason::MaxAutotuneOnly,
                           msg::Message(msg::Id::OptionMaxAutotuneOnly, {"enable_ubuf_saving"})});
        }
        return out;
    }

    // _expand_configs_with_hints crosses every generated config with the hint's values and no
    // other; a compile option's other values are checked by _VALIDATION_RULES instead.
    msg::Message outsideHintNote(const std::string& name, const std::string& values) const override
    {
        if (kernel::isCompileOptionParam2608(name))
            return {};
        return msg::Message(msg::Id::OptionOutsideHint, {name, values});
    }

    // _batch_bench: psutil.cpu_count(logical=False) * 3 // 4.
    CompileWorkerRule compileWorkerRule() const override { return {3, 4}; }

    bool hasUbTuner() const override { return true; }

    // _prune_by_time_limit: cube and mix kernels.
    bool prunesByTimeLimit(const analysis::AxisParse& parse) const override
    {
        return parse.kernelType == "cube" || parse.kernelType == "mix";
    }

    std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace& space,
                                           const tuning::TuningResult& result,
                                           const tuning::TuningOptions& options) const override
    {
        return v2608::autotuningLog(analysis, space, result, options);
    }

    AutotuneCacheFile autotuneCacheFile() const override { return AutotuneCacheFile::DiskCache; }

    // check_disk_cache rebuilds Config(**fields).
    bool rebuildsConfigsFromAutotuneJson() const override { return true; }

    std::optional<MaxAutotuneExpansion>
    expandMaxAutotune(const std::vector<py::ConfigValue>& bases, const std::string& kernelType,
                      const std::vector<std::pair<std::string, py::Value>>& tuning) const override
    {
        return kernel::expandMaxAutotune2608(bases, kernelType, tuning);
    }
};

} // namespace

std::unique_ptr<BackendPolicy> makePolicy()
{
    return std::make_unique<Policy>();
}

} // namespace ts::backends::v2608
