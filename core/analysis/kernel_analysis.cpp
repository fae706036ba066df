#include "core/analysis/kernel_analysis.h"
#include "core/util/message.h"

#include "core/analysis/beyond_backend.h"
#include "core/analysis/cube_parse.h"
#include "core/analysis/cube_summary.h"
#include "core/analysis/generation_fix.h"
#include "core/analysis/guide_rules.h"
#include "core/analysis/launch_model.h"
#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/python/parser.h"
#include "core/util/diagnostic_make.h"

#include <algorithm>
#include <set>

namespace ts::analysis {
namespace {

using kernel::ArgValue;

// A block parameter of a tl.dot site's M, N or K: the first axis it tiles, in site order.
void cubeRole(const CubeParse& cube, ParamInfo& info)
{
    for (const CubeDotSite& site : cube.dotSites)
        for (const auto& [role, axis] : {std::pair{"M", &site.m}, std::pair{"N", &site.n}, std::pair{"K", &site.k}})
            if (axis->tunableParam && *axis->tunableParam == info.name) {
                info.cubeAxis = role;
                return;
            }
}

// Launch keywords Triton-Ascend's autotuner reads besides the kernel's parameters.
const std::set<std::string, std::less<>> kLaunchOptionNames = {
    "multibuffer", "num_warps", "num_stages", "num_ctas", "force_simt_only", "simt_stack_limit",
    "enable_linearize", "sync_solver", "enable_auto_bind_sub_block", "limit_auto_multi_buffer_only_for_local_buffer",
};

LaunchArgument toLaunchArgument(const std::string& name, const ArgValue& v)
{
    LaunchArgument a;
    a.name = name;
    switch (v.kind) {
    case ArgValue::Kind::Int: a.kind = LaunchArgument::Kind::Int; a.intValue = v.intValue; break;
    case ArgValue::Kind::Float: a.kind = LaunchArgument::Kind::Float; a.floatValue = v.floatValue; break;
    case ArgValue::Kind::Bool: a.kind = LaunchArgument::Kind::Bool; a.intValue = v.boolValue; break;
    case ArgValue::Kind::Str: a.kind = LaunchArgument::Kind::Str; a.text = v.text; break;
    case ArgValue::Kind::None: a.kind = LaunchArgument::Kind::None; break;
    case ArgValue::Kind::Tensor:
        a.kind = LaunchArgument::Kind::Tensor;
        a.dtype = v.dtype;
        a.shape = v.shape;
        break;
    }
    return a;
}

py::Value toValue(const LaunchArgument& a)
{
    switch (a.kind) {
    case LaunchArgument::Kind::Int: return py::Value::integer(a.intValue);
    case LaunchArgument::Kind::Float: return py::Value::real(a.floatValue);
    case LaunchArgument::Kind::Bool: return py::Value::boolean(a.intValue != 0);
    case LaunchArgument::Kind::Str: return py::Value::string(a.text);
    case LaunchArgument::Kind::Tensor: return py::Value::tensor(a.dtype, a.shape);
    case LaunchArgument::Kind::None:
    case LaunchArgument::Kind::Other: return py::Value::none();
    }
    return py::Value::none();
}

std::optional<LaunchArgument> launchArgumentFromValue(const std::string& name, const py::Value& v)
{
    LaunchArgument a;
    a.name = name;
    switch (v.type()) {
    case py::Value::Type::Bool: a.kind = LaunchArgument::Kind::Bool; a.intValue = v.asBool(); return a;
    case py::Value::Type::Int: a.kind = LaunchArgument::Kind::Int; a.intValue = v.asInt(); return a;
    case py::Value::Type::Float: a.kind = LaunchArgument::Kind::Float; a.floatValue = v.asFloat(); return a;
    case py::Value::Type::Str: a.kind = LaunchArgument::Kind::Str; a.text = v.asStr(); return a;
    case py::Value::Type::None: a.kind = LaunchArgument::Kind::None; return a;
    default: a.kind = LaunchArgument::Kind::Other; return a;
    }
}

// Normalises what a grid evaluated to, as Triton-Ascend's `_normalize_grid_tuple` does.
GridValue toGridValue(const py::Value& v)
{
    GridValue g;
    if (v.isInt()) {
        g.valid = true;
        g.dims.push_back(v.asInt());
    } else if (v.type() == py::Value::Type::Tuple || v.type() == py::Value::Type::List) {
        g.valid = true;
        for (const py::Value& d : v.items())
            g.dims.push_back(d.isInt() || d.isBool() ? std::optional<std::int64_t>(d.asInt()) : std::nullopt);
    }
    return g;
}

// Holds what a grid lambda needs for as long as the analysis lives.
struct GridContext {
    std::shared_ptr<const kernel::KernelFile> file;
    std::unique_ptr<py::Module> module;
    std::optional<py::Value> callable;
    py::Scope meta;
};

bool hintTruthy(const kernel::AutotuneSpec& autotune, std::string_view name)
{
    if (!autotune.hints)
        return false;
    const py::Value* v = autotune.hints->get(name);
    return v && v->truthy();
}

// A note's argument `i` replaced, its English and its message together: the CLI prints the one,
// the explorer writes the other from its id.
void replaceArgument(Diagnostic& d, std::size_t i, msg::Arg value)
{
    std::vector<msg::Arg> args = d.text.args();
    if (d.text.empty() || i >= args.size())
        return;
    args[i] = std::move(value);
    d.say(msg::Message(d.text.id(), std::move(args)));
}

} // namespace

std::string_view paramRoleName(ParamRole role)
{
    switch (role) {
    case ParamRole::Tunable: return "tunable";
    case ParamRole::Fixed: return "fixed";
    case ParamRole::Runtime: return "runtime";
    case ParamRole::Missing: return "missing";
    case ParamRole::Swept: return "swept";
    }
    return "runtime";
}

bool KernelAnalysis::inError() const
{
    return parse.error.has_value() || hasErrors(diagnostics);
}

// From a workload to everything TileScope concludes about the kernel, as a sequence of steps
// (read, decorator, hints, launch arguments, dtype, grid, the backend's parse, roles, guide
// rules), each with a comment. It stays one function because every step fills the same
// KernelAnalysis and may stop the rest with an error; splitting it would pass that half-built
// value through a dozen signatures.
AnalysisResult analyzeWorkload(const kernel::Workload& workload)
{
    AnalysisResult result;
    kernel::KernelLoadResult loaded = kernel::loadKernelFile(workload.kernelPath);
    if (!loaded.file) {
        result.diagnostics = std::move(loaded.diagnostics);
        return result;
    }
    std::shared_ptr<const kernel::KernelFile> file(std::move(loaded.file));
    const std::string& path = file->path;

    const kernel::KernelDef* kernel = nullptr;
    if (!workload.function.empty()) {
        kernel = file->kernel(workload.function);
        if (!kernel) {
            std::string known;
            for (const auto& k : file->kernels)
                known += (known.empty() ? "" : ", ") + k.name;
            result.diagnostics.push_back(makeDiagnostic(
                "unknown-function", Severity::Error, path, 0, 0,
                known.empty() ? msg::Message(msg::Id::UnknownFunctionNone, {workload.function})
                              : msg::Message(msg::Id::UnknownFunction, {workload.function, known})));
            return result;
        }
    } else {
        kernel = file->defaultKernel();
        if (!kernel) {
            std::string known;
            for (const auto& k : file->kernels)
                known += (known.empty() ? "" : ", ") + k.name;
            result.diagnostics.push_back(
                makeDiagnostic("ambiguous-function", Severity::Error, path, 0, 0,
                               file->kernels.empty() ? msg::Message(msg::Id::NoJitFunction)
                                                     : msg::Message(msg::Id::SeveralKernels, {known})));
            return result;
        }
    }

    KernelAnalysis a;
    a.file = file;
    a.kernel = kernel;
    a.workload = workload;
    a.diagnostics = file->diagnostics;
    const kernel::AutotuneSpec* autotune = kernel->autotune ? &*kernel->autotune : nullptr;
    const backends::BackendPolicy& version = backends::policy(workload.backend);

    // Hint dimensions (guide: extra search dimensions joined to the generated tiling).
    static const std::set<std::string, std::less<>> kAxisHints = {"split_params", "tiling_params", "low_dim_axes",
                                                                  "reduction_axes", "auto_gen_config"};
    AxisHints axisHints;
    if (autotune && autotune->hints) {
        for (const auto& [k, v] : autotune->hints->entries()) {
            if (!k.isStr())
                continue;
            const std::string& name = k.asStr();
            auto axisMap = [&](const py::Value& m) {
                AxisMap out;
                if (m.type() == py::Value::Type::Dict)
                    for (const auto& [ak, av] : m.entries())
                        if (ak.isStr() && av.isStr())
                            out.emplace_back(ak.asStr(), av.asStr());
                return out;
            };
            auto strings = [&](const py::Value& m) {
                std::vector<std::string> out;
                if (m.type() == py::Value::Type::List || m.type() == py::Value::Type::Tuple)
                    for (const py::Value& item : m.items())
                        if (item.isStr())
                            out.push_back(item.asStr());
                return out;
            };
            // A hint of the wrong type is kept as such: the backend's own check rejects it.
            auto invalid = [&] { axisHints.invalid[name] = {std::string(v.typeName()), v.truthy()}; };
            const bool isList = v.type() == py::Value::Type::List;
            if (name == "split_params" && !v.isNone())
                v.type() == py::Value::Type::Dict ? void(axisHints.splitParams = axisMap(v)) : invalid();
            else if (name == "tiling_params" && !v.isNone())
                v.type() == py::Value::Type::Dict ? void(axisHints.tilingParams = axisMap(v)) : invalid();
            else if (name == "low_dim_axes" && !v.isNone())
                isList ? void(axisHints.lowDimAxes = strings(v)) : invalid();
            else if (name == "reduction_axes" && !v.isNone())
                isList ? void(axisHints.reductionAxes = strings(v)) : invalid();
            else if (!kAxisHints.count(name) && !version.reservesHintKey(name)) {
                // A version may keep keys (axes, kernel_type, ...) for itself.
                std::vector<py::Value> values;
                if (v.type() == py::Value::Type::List || v.type() == py::Value::Type::Tuple)
                    values = v.items();
                else
                    values.push_back(v);
                a.hintDimensions.emplace_back(name, std::move(values));
            }
        }
    }

    // Launch arguments in the kernel's parameter order, then launch options.
    std::set<std::string, std::less<>> passed;
    for (const kernel::Parameter& p : kernel->params) {
        if (const ArgValue* v = workload.arg(p.name)) {
            a.launchArgs.push_back(toLaunchArgument(p.name, *v));
            passed.insert(p.name);
        } else if (p.isConstexpr && p.hasDefault()) {
            // The guide: a constexpr with a default keeps it and is not tuned.
            if (p.defaultValue) {
                if (auto arg = launchArgumentFromValue(p.name, *p.defaultValue)) {
                    arg->fromDefault = true;
                    a.launchArgs.push_back(*arg);
                }
            } else {
                LaunchArgument arg;
                arg.name = p.name;
                arg.kind = LaunchArgument::Kind::Other;
                arg.fromDefault = true;
                a.launchArgs.push_back(arg);
            }
        } else {
            // A hint dimension supplies values for a parameter the launch leaves out.
            for (const auto& [name, values] : a.hintDimensions)
                if (name == p.name && !values.empty())
                    if (auto arg = launchArgumentFromValue(p.name, values.front()))
                        a.launchArgs.push_back(*arg);
        }
    }
    for (const auto& [name, value] : workload.args) {
        if (kernel->param(name))
            continue;
        if (kLaunchOptionNames.count(name)) {
            a.launchArgs.push_back(toLaunchArgument(name, value));
            if (name == "multibuffer" && value.kind == ArgValue::Kind::Bool)
                a.options.multibuffer = value.boolValue;
            else if (name == "num_warps" && value.kind == ArgValue::Kind::Int)
                a.options.numWarps = value.intValue;
            else if (name == "force_simt_only" && value.kind == ArgValue::Kind::Bool)
                a.options.forceSimtOnly = value.boolValue;
        } else {
            a.diagnostics.push_back(
                makeDiagnostic("unknown-argument", Severity::Warning, workload.path, 0, 0,
                               msg::Message(msg::Id::UnknownArgument, {name, kernel->name})));
        }
    }

    // The widest tensor dtype decides the element size (Triton-Ascend's rule).
    for (const LaunchArgument& arg : a.launchArgs)
        if (arg.kind == LaunchArgument::Kind::Tensor) {
            const int bytes = kernel::dtypeBytes(arg.dtype).value_or(0);
            if (bytes >= a.dtypeBytes) {
                a.dtypeBytes = bytes;
                a.widestDtype = arg.dtype;
            }
        }

    // The grid: a static list, or an expression evaluated by the safe evaluator.
    const py::Node* gridLambda = nullptr; // kept alive by the grid's context
    ParseInput input;
    input.backend = workload.backend;
    input.function = kernel->function;
    if (file->module)
        input.module = file->module->root();
    for (const kernel::Parameter& p : kernel->params)
        input.argNames.push_back(p.name);
    if (autotune) {
        input.keyList = autotune->keyList;
        input.keyDict = autotune->keyDict;
    }
    input.hints = axisHints;
    if (autotune) {
        input.rawHints = autotune->hints;
        input.decoratorError = autotune->maxAutotuneError;
        const kernel::DecoratorArgument* key = autotune->decorator ? autotune->decorator->argument("key") : nullptr;
        if (key && key->value && !autotune->keyDict && key->value->type() != py::Value::Type::List &&
            key->value->type() != py::Value::Type::Tuple)
            input.keyTypeName = std::string(key->value->typeName());
    }
    input.args = a.launchArgs;
    if (workload.grid.kind == kernel::GridArg::Kind::Static) {
        input.grid.kind = GridSpec::Kind::Static;
        input.grid.staticGrid.valid = true;
        for (std::int64_t d : workload.grid.dims)
            input.grid.staticGrid.dims.push_back(d);
    } else if (workload.grid.kind == kernel::GridArg::Kind::Expression) {
        auto context = std::make_shared<GridContext>();
        context->file = file;
        py::ParseResult parsed = py::parseSource(workload.grid.expression, workload.path + " (grid)");
        const py::Node* expr = nullptr;
        if (parsed.ok()) {
            const auto& body = parsed.module->root()->list("body");
            if (body.size() == 1 && body[0]->is(py::Kind::Expr))
                expr = body[0]->child("value");
            context->module = std::move(parsed.module);
        }
        if (!expr) {
            a.diagnostics.push_back(makeDiagnostic(
                "bad-grid", Severity::Error, workload.path, 0, 0,
                parsed.error ? msg::Message(msg::Id::GridNotExpressionBecause, {parsed.error->text})
                             : msg::Message(msg::Id::GridNotExpression)));
        } else {
            for (const LaunchArgument& arg : a.launchArgs)
                context->meta.emplace(arg.name, toValue(arg));
            py::EvalResult value = file->evaluator->eval(expr, context->meta);
            if (!value.ok()) {
                a.diagnostics.push_back(
                    makeDiagnostic("bad-grid", Severity::Error, workload.path, 0, 0,
                                   msg::Message(msg::Id::GridNotEvaluated, {value.error->message})));
            } else if (value.value->type() == py::Value::Type::Lambda ||
                       value.value->type() == py::Value::Type::Function) {
                context->callable = *value.value;
                if (value.value->type() == py::Value::Type::Lambda)
                    gridLambda = value.value->lambdaValue().node;
                input.grid.kind = GridSpec::Kind::Callable;
                input.grid.function = [context](const std::map<std::string, std::int64_t>& overrides)
                    -> std::optional<GridValue> {
                    std::vector<std::pair<py::Value, py::Value>> entries;
                    for (const auto& [name, v] : context->meta)
                        if (!overrides.count(name))
                            entries.emplace_back(py::Value::string(name), v);
                    for (const auto& [name, v] : overrides)
                        entries.emplace_back(py::Value::string(name), py::Value::integer(v));
                    py::EvalResult r =
                        context->file->evaluator->call(*context->callable, {py::Value::dict(std::move(entries))});
                    if (!r.ok())
                        return std::nullopt;
                    return toGridValue(*r.value);
                };
                // A launch takes 1 to 3 grid dimensions; a lambda of another arity is caught at
                // the launch, here with a block size of 1 for every constexpr nobody passes.
                std::map<std::string, std::int64_t> probe;
                if (a.kernel)
                    for (const kernel::Parameter& p : a.kernel->params)
                        if (p.isConstexpr && !context->meta.count(p.name))
                            probe.emplace(p.name, 1);
                if (const std::optional<GridValue> g = input.grid.function(probe);
                    g && g->valid && (g->dims.empty() || g->dims.size() > 3))
                    a.diagnostics.push_back(
                        makeDiagnostic("bad-grid", Severity::Error, workload.path, 0, 0,
                                       msg::Message(msg::Id::CompileGridRank, {g->dims.size()})));
            } else {
                GridValue g = toGridValue(*value.value);
                if (!g.valid)
                    a.diagnostics.push_back(
                        makeDiagnostic("bad-grid", Severity::Error, workload.path, 0, 0,
                                       msg::Message(msg::Id::GridWrongType, {value.value->repr()})));
                else if (g.dims.empty() || g.dims.size() > 3)
                    a.diagnostics.push_back(
                        makeDiagnostic("bad-grid", Severity::Error, workload.path, 0, 0,
                                       msg::Message(msg::Id::CompileGridRank, {g.dims.size()})));
                input.grid.kind = GridSpec::Kind::Static;
                input.grid.staticGrid = g;
            }
        }
    }

    a.parse = parseAxes(input);
    readCubeSites(a, input);
    version.afterParse(a);

    // With handwritten configs (and no auto_gen_config hint) the backend never runs its axis
    // parse: parameters the configs supply are not missing. The parse is kept for display.
    const bool autoGenerates = autotune && !autotune->configsError &&
                               (autotune->configsEmpty || !autotune->configsGiven || hintTruthy(*autotune, "auto_gen_config"));
    if (autotune && !autoGenerates && a.parse.error && a.parse.error->rfind("Missing required arguments", 0) == 0) {
        std::vector<std::string> unresolved;
        for (const std::string& name : a.parse.missingParams)
            if (!findAxisOfParam(a.parse.splitParams, name) && !findAxisOfParam(a.parse.tilingParams, name))
                unresolved.push_back(name);
        // A version may expand every handwritten config with the config hints: a hinted parameter
        // is then in each of them.
        auto hintExpanded = [&](const std::string& name) {
            return version.expandsHandwrittenConfigsWithHints() &&
                   std::any_of(a.hintDimensions.begin(), a.hintDimensions.end(),
                               [&](const auto& h) { return h.first == name && !h.second.empty(); });
        };
        const bool supplied = !autotune->configs.empty() &&
                              std::all_of(unresolved.begin(), unresolved.end(), [&](const std::string& name) {
                                  return hintExpanded(name) ||
                                         std::all_of(autotune->configs.begin(), autotune->configs.end(), [&](const py::ConfigValue& c) {
                                      return std::any_of(c.kwargs.begin(), c.kwargs.end(),
                                                         [&](const auto& kv) { return kv.first == name; });
                                  });
                              });
        if (supplied)
            a.parse.error.reset();
    }
    if (std::optional<Diagnostic> raised = version.launchRaises(a))
        a.diagnostics.push_back(std::move(*raised));

    // Parameter roles.
    for (const kernel::Parameter& p : kernel->params) {
        ParamInfo info;
        info.name = p.name;
        info.isConstexpr = p.isConstexpr;
        info.defaultText = p.defaultText;
        info.location = p.location;
        if (const ArgValue* v = workload.arg(p.name)) {
            info.passed = true;
            info.value = v->describe();
        }
        if (const std::string* axis = findAxisOfParam(a.parse.splitParams, p.name))
            info.splitAxis = *axis;
        if (const std::string* axis = findAxisOfParam(a.parse.tilingParams, p.name))
            info.tilingAxis = *axis;
        if (const std::string* axis = findAxisOfParam(a.parse.keys, p.name))
            info.keyAxis = *axis;
        const bool hinted = std::any_of(a.hintDimensions.begin(), a.hintDimensions.end(),
                                        [&](const auto& h) { return h.first == p.name; });
        if (a.parse.cube)
            cubeRole(*a.parse.cube, info); // M / N / K block parameters of the tl.dot sites
        if (!info.splitAxis.empty() || !info.tilingAxis.empty() || !info.cubeAxis.empty())
            info.role = ParamRole::Tunable;
        else if (p.isConstexpr && hinted && !info.passed && version.readsHintDimensions())
            info.role = ParamRole::Swept;
        else if (p.isConstexpr)
            info.role = info.passed || p.hasDefault() || hinted ? ParamRole::Fixed : ParamRole::Missing;
        else
            info.role = info.passed ? ParamRole::Runtime : ParamRole::Missing;
        a.params.push_back(std::move(info));
    }

    // The launch: programs and coverage per candidate, from the grid and the kernel's indices.
    a.launch = buildLaunchModel(a, input, gridLambda, [&file](const std::string& name) -> std::optional<std::int64_t> {
        const py::Scope& module = file->evaluator->moduleScope();
        if (const auto found = module.find(name); found != module.end() && found->second.isInt())
            return found->second.asInt();
        return std::nullopt;
    });

    appendGuideDiagnostics(a, input);
    for (BlindSpot& spot : findBlindSpots(input, a.parse)) {
        // A version that tunes a split the grid fixes (from the grid's share down): the note
        // stands only where a smaller value leaves elements unprocessed (not under a loop that
        // strides by the grid), and gives the numbers.
        if (spot.diagnostic.code == "split-fixed-by-grid" && findAxis(a.parse.splitParams, spot.axis)) {
            std::int64_t share = 0;
            for (const auto& [axis, s] : a.parse.fixedSplitParams)
                if (axis == spot.axis)
                    share = s;
            // Half the share, its axis's tiling parameter (tuned too) taking the whole block.
            const std::int64_t smaller = share / 2;
            std::vector<std::pair<std::string, std::int64_t>> config = {{spot.param, smaller}};
            for (const auto& [axis, tiling] : a.parse.tilingParams)
                if (axis == spot.axis && tiling != spot.param)
                    config.emplace_back(tiling, smaller);
            const LaunchFigures f = a.launch && smaller > 0 ? a.launch->evaluate(config) : LaunchFigures{};
            if (f.coverage != Coverage::Incorrect)
                continue;
            if (spot.diagnostic.text.id() == msg::Id::SplitFixedStillTuned)
                replaceArgument(spot.diagnostic, 5,
                                msg::Message(msg::Id::SplitSmallerLeavesData,
                                             {spot.param, smaller, a.launch->coverageMessage(f)}));
        }
        // A lambda grid is proposed only where the kernel's loops do not need the static one.
        if (spot.diagnostic.code == "split-fixed-by-grid" && a.launch)
            for (const auto& [axis, dim] : a.parse.axisPidDims)
                if (axis == spot.axis)
                    if (const auto why = a.launch->gridMustStay(dim))
                        replaceArgument(spot.diagnostic, spot.diagnostic.text.args().size() - 1,
                                        msg::Message(msg::Id::GridMustStayStatic, {*why}));
        a.diagnostics.push_back(std::move(spot.diagnostic));
    }
    for (Diagnostic& d : explainGenerationFailure(a, input))
        a.diagnostics.push_back(std::move(d));
    for (Diagnostic& d : version.parseNotes(a))
        a.diagnostics.push_back(std::move(d));
    for (Diagnostic& d : a.diagnostics)
        if (d.file.empty())
            d.file = path;

    result.analysis = std::move(a);
    return result;
}

} // namespace ts::analysis
