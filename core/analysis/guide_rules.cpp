#include "core/analysis/guide_rules.h"

#include "core/analysis/advice_check.h"
#include "core/analysis/ast_match.h"
#include "core/analysis/launch_model.h"
#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/util/message.h"

#include <algorithm>
#include <set>

namespace ts::analysis {
namespace {

using kernel::SourceLocation;
using py::Kind;
using py::Node;

void add(KernelAnalysis& a, const char* code, Severity severity, SourceLocation where, msg::Message message)
{
    Diagnostic& d = a.diagnostics.emplace_back();
    d.code = code;
    d.severity = severity;
    d.file = a.file->path;
    d.line = where.line;
    d.column = where.column;
    d.say(std::move(message));
}

// The simple assignments of a function (`a = ...`, `a += ...`), in source order: the target's
// name and the names its value reads. Collected once per function, so that following chains
// for every load and store costs a pass over this list, not over the whole function.
using Assignments = std::vector<std::pair<std::string, std::vector<std::string>>>;

Assignments assignmentsOf(const Node* function)
{
    Assignments out;
    for (const Node* n : py::walk(function)) {
        if (!n->is(Kind::Assign) && !n->is(Kind::AugAssign))
            continue;
        const Node* target = n->is(Kind::Assign) ? (n->list("targets").empty() ? nullptr : n->list("targets")[0])
                                                 : n->child("target");
        if (!target || !target->is(Kind::Name))
            continue;
        std::vector<std::string> reads;
        for (const Node* m : py::walk(n->child("value")))
            if (m->is(Kind::Name))
                reads.push_back(m->id());
        out.emplace_back(target->id(), std::move(reads));
    }
    return out;
}

// Names that an expression is (transitively, through simple assignments) derived from.
std::set<std::string> derivedFrom(const Assignments& assignments, const Node* expr)
{
    std::set<std::string> names;
    for (const Node* n : py::walk(expr))
        if (n->is(Kind::Name))
            names.insert(n->id());
    // Follow `a = <expr of b>` chains backwards a few times.
    for (int round = 0; round < 4; ++round) {
        bool grew = false;
        for (const auto& [target, reads] : assignments) {
            if (!names.count(target))
                continue;
            for (const std::string& name : reads)
                if (names.insert(name).second)
                    grew = true;
        }
        if (!grew)
            break;
    }
    return names;
}

std::string pythonList(const std::vector<std::string>& names)
{
    std::string out = "[";
    for (std::size_t i = 0; i < names.size(); ++i)
        out += (i ? ", '" : "'") + names[i] + "'";
    return out + "]";
}

std::string staticGridText(const GridSpec& grid)
{
    std::string text = "[";
    for (std::size_t i = 0; i < grid.staticGrid.dims.size(); ++i)
        text += (i ? ", " : "") + (grid.staticGrid.dims[i] ? std::to_string(*grid.staticGrid.dims[i]) : std::string("?"));
    return text + "]";
}

void gridNotLambda(KernelAnalysis& a, const ParseInput& input, const kernel::KernelDef& k)
{
    const std::string grid = staticGridText(input.grid);
    auto passed = [&](const std::string& param) {
        return std::any_of(input.args.begin(), input.args.end(), [&](const LaunchArgument& arg) { return arg.name == param; });
    };
    // Blocks the kernel multiplies by the program id, in the order the model found them, then
    // the parse's split parameters it did not follow.
    std::vector<std::string> blocks;
    if (a.launch)
        for (const std::string& name : a.launch->slots())
            if (!a.launch->gridDimsOf(name).empty() && !passed(name))
                blocks.push_back(name);
    std::vector<std::pair<std::string, std::string>> parsed; // param, axis
    for (const auto& [axis, param] : a.parse.allSplitParams)
        if (!passed(param) && std::find(blocks.begin(), blocks.end(), param) == blocks.end())
            parsed.emplace_back(param, axis);
    if (blocks.empty() && parsed.empty())
        return;
    const std::string& multiplied = blocks.empty() ? parsed.front().first : blocks.front();
    if (!blocks.empty() && a.launch) {
        const std::string& param = blocks.front();
        const auto proposal = a.launch->proposeGrid(param);
        std::vector<ConfigValues> configs = generatedConfigs(a, input, a.parse);
        if (configs.empty())
            configs = powersOfTwo(*a.launch, param);
        if (proposal) {
            if (const auto why = firstIncorrect(*proposal->model, configs))
                add(a, "grid-not-lambda", Severity::Warning, k.location,
                    msg::Message(msg::Id::GuideGridIncorrectEvenLambda,
                                 {multiplied, grid, proposal->text, *why, param}));
            else
                add(a, "grid-not-lambda", Severity::Warning, k.location,
                    msg::Message(msg::Id::GuideGridLambda, {multiplied, grid, proposal->text}));
            return;
        }
    }
    // No proposal the model can write: the guide's own example, unless the grid must stay.
    for (const auto& [axis, d] : a.parse.axisPidDims)
        if (!parsed.empty() && axis == parsed.front().second && a.launch)
            if (const auto why = a.launch->gridMustStay(d)) {
                add(a, "grid-must-stay", Severity::Note, k.location,
                    msg::Message(msg::Id::GuideGridMustStay, {parsed.front().first, grid, *why}));
                return;
            }
    const std::string param = blocks.empty() ? parsed.front().first : blocks.front();
    add(a, "grid-not-lambda", Severity::Warning, k.location,
        msg::Message(msg::Id::GuideGridLambdaExample, {multiplied, grid, param}));
}

} // namespace

// One section per guide rule, each marked with its diagnostic code, in the order the guide
// states them. It is long because the rules are many and each is short; they read the same
// analysis and share the collected assignments, so they stay one walk over the kernel.
void appendGuideDiagnostics(KernelAnalysis& a, const ParseInput& input)
{
    const kernel::KernelDef& k = *a.kernel;
    const kernel::AutotuneSpec* at = k.autotune ? &*k.autotune : nullptr;
    const bool autoGen = at && at->configsGiven && at->configsEmpty && !at->configsError;

    // missing-ascend-runtime-import
    if (autoGen && !a.file->importsAscendRuntime) {
        const kernel::DecoratorArgument* configs = at->decorator->argument("configs");
        add(a, "missing-ascend-runtime-import", Severity::Error,
            configs ? configs->location : at->decorator->location,
            msg::Message(msg::Id::GuideMissingRuntimeImport));
    }

    // autotune-not-directly-over-jit
    if (at && !k.autotuneDirectlyOverJit)
        add(a, "autotune-not-directly-over-jit", Severity::Error, at->decorator->location,
            msg::Message(msg::Id::GuideAutotuneNotOverJit));

    // key-unknown-arg
    if (at) {
        std::vector<std::string> keyArgs = at->keyList;
        if (at->keyDict)
            for (const auto& [axis, arg] : *at->keyDict)
                keyArgs.push_back(arg);
        for (const std::string& arg : keyArgs)
            if (!k.param(arg))
                add(a, "key-unknown-arg", Severity::Error, at->keyLocation,
                    msg::Message(msg::Id::GuideKeyUnknownArg, {arg, k.name}));
    }

    // tunable-has-default / tunable-fixed-at-launch: would the backend tune the parameter if it
    // had no default and were not passed? Ask the version's own parse, with the version's own fix
    // (policy withTunable). And would the kernel stay correct? The configs that version would
    // then generate are judged by the launch model; a parameter they break must stay as it is.
    const backends::BackendPolicy& version = backends::policy(a.parse.backend);
    bool tunableAdvised = false;
    if (autoGen) {
        std::vector<const kernel::Parameter*> withDefault;
        std::vector<const kernel::Parameter*> fixedAtLaunch;
        std::set<std::string> keyArgs(at->keyList.begin(), at->keyList.end());
        if (at->keyDict)
            for (const auto& [axis, arg] : *at->keyDict)
                keyArgs.insert(arg);
        for (const kernel::Parameter& p : k.params) {
            if (!p.isConstexpr || keyArgs.count(p.name))
                continue;
            const bool passed = a.workload.arg(p.name) != nullptr;
            if (passed)
                fixedAtLaunch.push_back(&p);
            else if (p.hasDefault())
                withDefault.push_back(&p);
        }
        if (!withDefault.empty() || !fixedAtLaunch.empty()) {
            ParseInput probe = input;
            for (const kernel::Parameter* p : withDefault)
                probe = version.withTunable(probe, p->name, backends::TunableSource::Default);
            for (const kernel::Parameter* p : fixedAtLaunch)
                probe = version.withTunable(probe, p->name, backends::TunableSource::Launch);
            const AxisParse free = parseAxes(probe);
            auto tunedAs = [&](const std::string& name) -> msg::Message {
                if (const std::string* axis = findAxisOfParam(free.splitParams, name))
                    return msg::Message(msg::Id::GuideSplitParamOfAxis, {*axis});
                if (const std::string* axis = findAxisOfParam(free.tilingParams, name))
                    return msg::Message(msg::Id::GuideTilingParamOfAxis, {*axis});
                return {};
            };
            // The configs the version generates with `name` alone left to it, judged.
            auto breaks = [&](const std::string& name,
                              backends::TunableSource source) -> std::optional<msg::Message> {
                if (!a.launch)
                    return std::nullopt;
                const ParseInput alone = version.withTunable(input, name, source);
                std::vector<ConfigValues> configs = generatedConfigs(a, alone, parseAxes(alone));
                if (configs.empty())
                    configs = powersOfTwo(*a.launch, name);
                return breaksWhenTuned(*a.launch, configs, name);
            };
            auto rule = [&](const kernel::Parameter* p, backends::TunableSource source) {
                const msg::Message role = tunedAs(p->name);
                if (role.empty())
                    return;
                const bool launch = source == backends::TunableSource::Launch;
                const msg::Message kept =
                    launch ? msg::Message(msg::Id::GuideLaunchPasses,
                                          {p->name, a.workload.arg(p->name)->describe()})
                           : msg::Message(msg::Id::GuideHasDefault, {p->name, p->defaultText});
                if (const std::optional<msg::Message> why = breaks(p->name, source)) {
                    add(a, "tunable-must-stay", Severity::Note, p->location,
                        msg::Message(launch ? msg::Id::GuideTunableMustStayLaunch
                                            : msg::Id::GuideTunableMustStayDefault,
                                     {p->name, role, kept, *why, p->name}));
                    return;
                }
                tunableAdvised = true;
                if (launch)
                    add(a, "tunable-fixed-at-launch", Severity::Warning, p->location,
                        msg::Message(msg::Id::GuideTunableFixedAtLaunch,
                                     {p->name, role, kept, version.tunableAdvice(p->name, source)}));
                else
                    add(a, "tunable-has-default", Severity::Warning, p->location,
                        msg::Message(
                            msg::Id::GuideTunableHasDefault,
                            {p->name, role, p->defaultText, version.tunableAdvice(p->name, source)}));
            };
            for (const kernel::Parameter* p : withDefault)
                rule(p, backends::TunableSource::Default);
            for (const kernel::Parameter* p : fixedAtLaunch)
                rule(p, backends::TunableSource::Launch);
        }
    }

    // grid-not-lambda: a tuned block multiplies tl.program_id, so the number of programs the
    // kernel needs depends on it, but the grid is static. What the kernel's indices say (the
    // launch model), for every version; the parse's own split parameters where the model cannot
    // follow the kernel. The lambda proposed is checked against the configs the version
    // generates (or powers of two) before it is offered.
    if (at && input.grid.kind == GridSpec::Kind::Static)
        gridNotLambda(a, input, k);

    // side-effects-without-hooks
    if (at && !at->hasResetToZero && !at->hasRestoreValue && !at->hasPreHook) {
        const Node* fn = k.function;
        const Assignments assignments = assignmentsOf(fn);
        std::set<std::string> loaded;
        std::vector<std::pair<const Node*, std::set<std::string>>> stores;
        const Node* atomic = nullptr;
        for (const Node* n : py::walk(fn)) {
            if (!atomic && tlCallName(n).starts_with("atomic_"))
                atomic = n;
            if (isTlCall(n, "load") && !n->list("args").empty())
                for (const std::string& name : derivedFrom(assignments, n->list("args")[0]))
                    loaded.insert(name);
            if (isTlCall(n, "store") && !n->list("args").empty())
                stores.emplace_back(n, derivedFrom(assignments, n->list("args")[0]));
        }
        std::vector<std::string> pointerParams;
        for (const kernel::Parameter& p : k.params)
            if (!p.isConstexpr)
                pointerParams.push_back(p.name);
        if (atomic) {
            add(a, "side-effects-without-hooks", Severity::Warning, kernel::locationOf(atomic),
                msg::Message(msg::Id::GuideAtomicsWithoutHooks));
        } else {
            for (const auto& [store, names] : stores) {
                std::string inPlace;
                for (const std::string& p : pointerParams)
                    if (names.count(p) && loaded.count(p) && a.workload.arg(p) &&
                        a.workload.arg(p)->kind == kernel::ArgValue::Kind::Tensor) {
                        inPlace = p;
                        break;
                    }
                if (!inPlace.empty()) {
                    add(a, "side-effects-without-hooks", Severity::Warning, kernel::locationOf(store),
                        msg::Message(msg::Id::GuideInPlaceWithoutHooks, {inPlace}));
                    break;
                }
            }
        }
    }

    // no-tunable-params
    if (autoGen && !tunableAdvised && a.parse.completed && !a.parse.error && !a.parse.cube &&
        a.parse.splitParams.empty() && a.parse.tilingParams.empty())
        add(a, "no-tunable-params", Severity::Warning, at->decorator->location,
            msg::Message(msg::Id::GuideNoTunableParams));

    // user-prune-function
    if (at && at->hasPruneConfigsBy) {
        const kernel::DecoratorArgument* prune = at->decorator->argument("prune_configs_by");
        add(a, "user-prune-function", Severity::Note, prune ? prune->location : at->decorator->location,
            msg::Message(msg::Id::GuideUserPruneFunction));
    }

    // hint-unknown
    for (const auto& [name, values] : a.hintDimensions)
        if (!k.param(name) && !version.knowsHintOption(name))
            add(a, "hint-unknown", Severity::Warning, at ? at->hintsLocation : k.location,
                msg::Message(msg::Id::GuideHintUnknown, {name, k.name}));

    // Hint dimensions a version does not read (the guide documents them; the first release does
    // not read them, later ones expand configs with them).
    if (a.parse.completed && !version.readsHintDimensions()) {
        std::vector<std::string> hinted;
        for (const auto& [name, values] : a.hintDimensions) {
            const kernel::Parameter* p = k.param(name);
            if (p && p->isConstexpr && !p->hasDefault() && !a.workload.arg(name))
                hinted.push_back(name);
        }
        if (!hinted.empty())
            add(a, "hint-needs-newer-backend", Severity::Note, at->hintsLocation,
                msg::Message(msg::Id::GuideHintNeedsNewerBackend,
                             {pythonList(hinted), version.info().commit.substr(0, 7), pythonList(hinted)}));
    }
}

} // namespace ts::analysis
