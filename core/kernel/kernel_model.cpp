#include "core/kernel/kernel_model.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/python/parser.h"
#include "core/util/diagnostic_make.h"
#include "core/util/input_file.h"
#include "core/util/message.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace ts::kernel {
namespace {

using py::Kind;
using py::Node;

// Names under which the file refers to triton's decorators.
struct TritonNames {
    std::set<std::string, std::less<>> tritonModules{"triton"};  // `import triton as tr`
    std::set<std::string, std::less<>> jit;          // `from triton import jit`
    std::set<std::string, std::less<>> autotune;
    std::set<std::string, std::less<>> heuristics;
    std::set<std::string, std::less<>> languageModules{"tl"};  // `import triton.language as tl`
};

TritonNames collectTritonNames(const Node* root, KernelFile& file)
{
    TritonNames names;
    for (const Node* stmt : py::walk(root)) {
        if (stmt->is(Kind::Import)) {
            for (const Node* alias : stmt->list("names")) {
                const std::string& name = alias->str("name");
                const std::string& asName = alias->str("asname");
                if (name == "triton" && !asName.empty())
                    names.tritonModules.insert(asName);
                if (name == "triton.language" && !asName.empty())
                    names.languageModules.insert(asName);
                if (name == "triton.backends.ascend.runtime" ||
                    name.rfind("triton.backends.ascend.runtime.", 0) == 0) {
                    file.importsAscendRuntime = true;
                    file.ascendImportLocation = locationOf(stmt);
                }
            }
        } else if (stmt->is(Kind::ImportFrom)) {
            const std::string& module = stmt->str("module");
            for (const Node* alias : stmt->list("names")) {
                const std::string& name = alias->str("name");
                const std::string local = alias->str("asname").empty() ? name : alias->str("asname");
                if (module == "triton") {
                    if (name == "jit")
                        names.jit.insert(local);
                    else if (name == "autotune")
                        names.autotune.insert(local);
                    else if (name == "heuristics")
                        names.heuristics.insert(local);
                    else if (name == "language")
                        names.languageModules.insert(local);
                }
                if ((module == "triton.backends.ascend" && name == "runtime") ||
                    module == "triton.backends.ascend.runtime" ||
                    module.rfind("triton.backends.ascend.runtime.", 0) == 0) {
                    file.importsAscendRuntime = true;
                    file.ascendImportLocation = locationOf(stmt);
                }
            }
        }
    }
    return names;
}

// `triton.<attr>` under any alias of triton, or a bare name imported from triton.
bool refersTo(const Node* expr, std::string_view attr, const std::set<std::string, std::less<>>& bareNames,
              const TritonNames& names)
{
    if (!expr)
        return false;
    if (expr->is(Kind::Name))
        return bareNames.count(expr->id()) > 0;
    if (expr->is(Kind::Attribute) && expr->str("attr") == attr) {
        const Node* base = expr->child("value");
        return base && base->is(Kind::Name) && names.tritonModules.count(base->id()) > 0;
    }
    return false;
}

// `max_autotune` (Triton-Ascend 2026-08's runtime), bare or as any module's attribute.
bool isMaxAutotuneCallee(const Node* callee)
{
    return callee && ((callee->is(Kind::Name) && callee->id() == "max_autotune") ||
                      (callee->is(Kind::Attribute) && callee->str("attr") == "max_autotune"));
}

Decorator::Kind classify(const Node* decorator, const TritonNames& names)
{
    const Node* callee = decorator->is(Kind::Call) ? decorator->child("func") : decorator;
    if (refersTo(callee, "jit", names.jit, names))
        return Decorator::Kind::Jit;
    if (refersTo(callee, "autotune", names.autotune, names) || isMaxAutotuneCallee(callee))
        return Decorator::Kind::Autotune;
    if (refersTo(callee, "heuristics", names.heuristics, names))
        return Decorator::Kind::Heuristics;
    return Decorator::Kind::Other;
}

bool isConstexprAnnotation(const Node* annotation, const TritonNames& names)
{
    if (!annotation)
        return false;
    if (annotation->is(Kind::Name))
        return annotation->id() == "constexpr";
    if (annotation->is(Kind::Attribute) && annotation->str("attr") == "constexpr") {
        const Node* base = annotation->child("value");
        if (base && base->is(Kind::Name))
            return names.languageModules.count(base->id()) > 0;
        // triton.language.constexpr
        return base && base->is(Kind::Attribute) && base->str("attr") == "language";
    }
    return false;
}

// Parameter names of triton.autotune, in positional order.
constexpr std::string_view kAutotuneParams[] = {
    "configs", "key", "prune_configs_by", "reset_to_zero", "restore_value", "pre_hook",
    "post_hook", "warmup", "rep", "use_cuda_graph", "do_bench",
};
// ... and of max_autotune.
constexpr std::string_view kMaxAutotuneParams[] = {
    "configs", "key", "kernel_type", "prune_configs_by", "reset_to_zero", "restore_value", "pre_hook",
    "post_hook", "warmup", "rep", "use_cuda_graph", "do_bench",
};

// max_autotune / get_max_configs of `triton.backends.ascend.runtime`. A file is read before a
// launch picks its backend version, so the module is the default version's; a runtime without
// them raises as Python's import would.
backends::MaxAutotuneExpansion runtimeMaxAutotune(const std::vector<py::ConfigValue>& bases, const std::string& kernelType,
                                                  const std::vector<std::pair<std::string, py::Value>>& tuning)
{
    const backends::BackendPolicy& runtime = backends::policy(backends::defaultVersion());
    if (auto expanded = runtime.expandMaxAutotune(bases, kernelType, tuning))
        return std::move(*expanded);
    backends::MaxAutotuneExpansion missing;
    missing.error = "the runtime of Triton-Ascend " + std::string(runtime.info().name) + " has no max_autotune";
    return missing;
}

// max_autotune expands each base config before handing the list to autotune.
void expandMaxAutotune(AutotuneSpec& spec, const Decorator& decorator, const std::string& path,
                       Diagnostics& diagnostics)
{
    spec.maxAutotune = true;
    if (const DecoratorArgument* t = decorator.argument("kernel_type"); t && t->value && t->value->isStr())
        spec.maxKernelType = t->value->asStr();
    for (const DecoratorArgument& a : decorator.arguments) {
        if (std::find(std::begin(kMaxAutotuneParams), std::end(kMaxAutotuneParams), a.name) !=
                std::end(kMaxAutotuneParams) ||
            a.name.starts_with("#") || a.name == "**")
            continue;
        if (a.value)
            spec.maxTuning.emplace_back(a.name, *a.value);
    }
    spec.maxBaseConfigs = spec.configs;
    if (spec.configsError)
        return;
    backends::MaxAutotuneExpansion expanded = runtimeMaxAutotune(spec.configs, spec.maxKernelType, spec.maxTuning);
    spec.maxAutotunePrinted = expanded.printed;
    if (expanded.error) {
        spec.maxAutotuneError = "ValueError: " + *expanded.error;
        diagnostics.push_back(makeDiagnostic(
            "max-autotune-error", Severity::Error, path, decorator.location.line, decorator.location.column,
            msg::Message(msg::Id::MaxAutotuneRaises, {*spec.maxAutotuneError})));
        return;
    }
    spec.configs = std::move(expanded.configs);
    spec.configsEmpty = spec.configs.empty();
}

std::vector<std::string> stringList(const py::Value& value)
{
    std::vector<std::string> out;
    if (value.type() != py::Value::Type::List && value.type() != py::Value::Type::Tuple)
        return out;
    for (const py::Value& item : value.items())
        if (item.isStr())
            out.push_back(item.asStr());
    return out;
}

void interpretAutotune(KernelDef& kernel, const Decorator& decorator, const std::string& path,
                       Diagnostics& diagnostics)
{
    AutotuneSpec spec;
    spec.decorator = &decorator;
    if (const DecoratorArgument* configs = decorator.argument("configs")) {
        spec.configsGiven = true;
        if (configs->value) {
            const py::Value& list = *configs->value;
            if (list.type() == py::Value::Type::List || list.type() == py::Value::Type::Tuple) {
                spec.configsEmpty = list.items().empty();
                for (const py::Value& item : list.items()) {
                    if (item.type() == py::Value::Type::Config) {
                        spec.configs.push_back(item.config());
                    } else {
                        py::EvalError error{"not-a-config", configs->location.line, configs->location.column,
                                            "configs must be a list of triton.Config, found " + item.repr()};
                        spec.configsError = error;
                        break;
                    }
                }
            } else {
                spec.configsError = py::EvalError{"not-a-config", configs->location.line,
                                                  configs->location.column,
                                                  "configs must be a list of triton.Config, found " + list.repr()};
            }
        } else if (configs->evalError) {
            spec.configsError = configs->evalError;
        }
        if (spec.configsError)
            diagnostics.push_back(
                makeDiagnostic("configs-not-literal", Severity::Error, path, spec.configsError->line,
                               spec.configsError->column,
                               msg::Message(msg::Id::ConfigsNotLiteral, {spec.configsError->message})));
    }
    if (const DecoratorArgument* key = decorator.argument("key")) {
        spec.keyLocation = key->location;
        if (key->value && (key->value->type() == py::Value::Type::List ||
                           key->value->type() == py::Value::Type::Tuple)) {
            spec.keyList = stringList(*key->value);
        } else if (key->value && key->value->type() == py::Value::Type::Dict) {
            std::vector<std::pair<std::string, std::string>> dict;
            for (const auto& [k, v] : key->value->entries())
                if (k.isStr() && v.isStr())
                    dict.emplace_back(k.asStr(), v.asStr());
            spec.keyDict = std::move(dict);
        } else {
            diagnostics.push_back(makeDiagnostic(
                "key-not-literal", Severity::Error, path, key->location.line, key->location.column,
                key->evalError ? msg::Message(msg::Id::KeyNotLiteralBecause, {key->evalError->message})
                               : msg::Message(msg::Id::KeyNotLiteral)));
        }
    }
    if (const DecoratorArgument* hints = decorator.argument("hints")) {
        spec.hintsLocation = hints->location;
        if (hints->value && hints->value->type() == py::Value::Type::Dict)
            spec.hints = hints->value;
        else if (!(hints->value && hints->value->isNone()))
            diagnostics.push_back(makeDiagnostic(
                "hints-not-literal", Severity::Error, path, hints->location.line, hints->location.column,
                hints->evalError ? msg::Message(msg::Id::HintsNotLiteralBecause, {hints->evalError->message})
                                 : msg::Message(msg::Id::HintsNotLiteral)));
    }
    auto given = [&](std::string_view name) {
        const DecoratorArgument* a = decorator.argument(name);
        return a && !(a->value && a->value->isNone());
    };
    spec.hasPruneConfigsBy = given("prune_configs_by");
    spec.hasResetToZero = given("reset_to_zero");
    spec.hasRestoreValue = given("restore_value");
    spec.hasPreHook = given("pre_hook");
    spec.hasPostHook = given("post_hook");
    if (const DecoratorArgument* a = decorator.argument("reset_to_zero"); a && a->value)
        spec.resetToZero = stringList(*a->value);
    if (const DecoratorArgument* a = decorator.argument("restore_value"); a && a->value)
        spec.restoreValue = stringList(*a->value);
    if (decorator.maxAutotune)
        expandMaxAutotune(spec, decorator, path, diagnostics);
    kernel.autotune = std::move(spec);
}

// Triton-Ascend 2026-08's get_max_configs(config, kernel_type="mixcv", **kwargs), as the module
// calls it: the expanded list; its warning lines go to `printed`, its ValueError is the error.
py::HostFunction getMaxConfigsFunction(std::vector<std::string>* printed)
{
    auto call = [printed](const std::vector<py::Value>& args,
                          const std::vector<std::pair<std::string, py::Value>>& kwargs) -> py::EvalResult {
        py::EvalResult result;
        auto raise = [&](std::string message) {
            result.error = py::EvalError{"eval-error", 0, 0, std::move(message)};
            return result;
        };
        if (args.size() > 2)
            return raise("TypeError: get_max_configs() takes from 1 to 2 positional arguments but " +
                         std::to_string(args.size()) + " were given");
        std::optional<py::Value> config = args.empty() ? std::nullopt : std::optional<py::Value>(args[0]);
        std::optional<py::Value> kernelType = args.size() > 1 ? std::optional<py::Value>(args[1]) : std::nullopt;
        std::vector<std::pair<std::string, py::Value>> tuning;
        for (const auto& [name, value] : kwargs) {
            std::optional<py::Value>* slot = name == "config" ? &config : name == "kernel_type" ? &kernelType : nullptr;
            if (!slot) {
                tuning.emplace_back(name, value);
                continue;
            }
            if (*slot)
                return raise("TypeError: get_max_configs() got multiple values for argument '" + name + "'");
            *slot = value;
        }
        if (!config)
            return raise("TypeError: get_max_configs() missing 1 required positional argument: 'config'");
        if (config->type() != py::Value::Type::Config)
            return raise("AttributeError: '" + std::string(config->typeName()) + "' object has no attribute 'kwargs'");
        backends::MaxAutotuneExpansion expanded =
            runtimeMaxAutotune({config->config()}, kernelType ? kernelType->str() : "mixcv", tuning);
        printed->insert(printed->end(), expanded.printed.begin(), expanded.printed.end());
        if (expanded.error)
            return raise("ValueError: " + *expanded.error);
        std::vector<py::Value> configs;
        for (py::ConfigValue& c : expanded.configs)
            configs.push_back(py::Value::config(std::move(c)));
        result.value = py::Value::list(std::move(configs));
        return result;
    };
    return {"triton.backends.ascend.runtime", "get_max_configs", std::move(call)};
}

std::string segmentText(const py::Module& module, const Node* node)
{
    return std::string(module.segment(node));
}

} // namespace

SourceLocation locationOf(const py::Node* node)
{
    if (!node)
        return {};
    return {node->line, node->col + 1};
}

const DecoratorArgument* Decorator::argument(std::string_view name) const
{
    for (const DecoratorArgument& a : arguments)
        if (a.name == name)
            return &a;
    return nullptr;
}

const Parameter* KernelDef::param(std::string_view name) const
{
    for (const Parameter& p : params)
        if (p.name == name)
            return &p;
    return nullptr;
}

const KernelDef* KernelFile::kernel(std::string_view name) const
{
    for (const KernelDef& k : kernels)
        if (k.name == name)
            return &k;
    return nullptr;
}

const KernelDef* KernelFile::defaultKernel() const
{
    const KernelDef* autotuned = nullptr;
    int autotunedCount = 0;
    for (const KernelDef& k : kernels)
        if (k.isAutotuned()) {
            autotuned = &k;
            ++autotunedCount;
        }
    if (autotunedCount == 1)
        return autotuned;
    if (autotunedCount == 0 && kernels.size() == 1)
        return &kernels.front();
    return nullptr;
}

KernelLoadResult loadKernelSource(const std::string& source, const std::string& path)
{
    KernelLoadResult result;
    py::ParseResult parsed = py::parseSource(source, path);
    if (!parsed.ok()) {
        const py::ParseError& e = *parsed.error;
        result.diagnostics.push_back(
            makeDiagnostic("syntax-error", Severity::Error, path, e.line, e.column, e.text));
        return result;
    }
    auto file = std::make_unique<KernelFile>();
    file->path = path;
    file->module = std::move(parsed.module);
    file->evaluator = std::make_unique<py::Evaluator>(file->module.get(), py::EvalLimits{},
                                                      std::vector{getMaxConfigsFunction(&file->importPrinted)});
    const py::Module& module = *file->module;
    const TritonNames names = collectTritonNames(module.root(), *file);

    for (const Node* node : py::walk(module.root())) {
        if (!node->is(Kind::FunctionDef))
            continue;
        const auto& decoratorNodes = node->list("decorator_list");
        std::vector<Decorator::Kind> kinds;
        for (const Node* d : decoratorNodes)
            kinds.push_back(classify(d, names));
        if (std::find(kinds.begin(), kinds.end(), Decorator::Kind::Jit) == kinds.end())
            continue;

        KernelDef kernel;
        kernel.name = node->str("name");
        kernel.function = node;
        kernel.location = locationOf(node);

        // Parameters: positional-only, regular, then keyword-only; defaults align to the end.
        const Node* arguments = node->child("arguments") ? node->child("arguments") : node->child("args");
        if (arguments) {
            std::vector<const Node*> positional = arguments->list("posonlyargs");
            for (const Node* a : arguments->list("args"))
                positional.push_back(a);
            const auto& defaults = arguments->list("defaults");
            const std::size_t firstDefault = positional.size() - std::min(positional.size(), defaults.size());
            auto addParam = [&](const Node* arg, const Node* defaultNode) {
                Parameter p;
                p.name = arg->str("arg");
                const Node* annotation = arg->child("annotation");
                p.annotation = annotation ? segmentText(module, annotation) : std::string();
                p.isConstexpr = isConstexprAnnotation(annotation, names);
                p.location = locationOf(arg);
                if (defaultNode) {
                    p.defaultNode = defaultNode;
                    p.defaultText = segmentText(module, defaultNode);
                    py::EvalResult v = file->evaluator->eval(defaultNode);
                    if (v.ok())
                        p.defaultValue = *v.value;
                }
                kernel.params.push_back(std::move(p));
            };
            for (std::size_t i = 0; i < positional.size(); ++i)
                addParam(positional[i], i >= firstDefault ? defaults[i - firstDefault] : nullptr);
            const auto& kwonly = arguments->list("kwonlyargs");
            const auto& kwDefaults = arguments->list("kw_defaults");
            for (std::size_t i = 0; i < kwonly.size(); ++i)
                addParam(kwonly[i], i < kwDefaults.size() ? kwDefaults[i] : nullptr);
        }

        for (std::size_t i = 0; i < decoratorNodes.size(); ++i) {
            const Node* d = decoratorNodes[i];
            Decorator decorator;
            decorator.kind = kinds[i];
            decorator.maxAutotune =
                decorator.kind == Decorator::Kind::Autotune && isMaxAutotuneCallee(d->is(Kind::Call) ? d->child("func") : d);
            decorator.text = segmentText(module, d);
            decorator.location = locationOf(d);
            if (d->is(Kind::Call)) {
                const auto& args = d->list("args");
                for (std::size_t a = 0; a < args.size(); ++a) {
                    DecoratorArgument argument;
                    if (decorator.maxAutotune && a < std::size(kMaxAutotuneParams))
                        argument.name = std::string(kMaxAutotuneParams[a]);
                    else if (decorator.kind == Decorator::Kind::Autotune && a < std::size(kAutotuneParams))
                        argument.name = std::string(kAutotuneParams[a]);
                    else
                        argument.name = "#" + std::to_string(a);
                    argument.node = args[a];
                    decorator.arguments.push_back(std::move(argument));
                }
                for (const Node* kw : d->list("keywords")) {
                    DecoratorArgument argument;
                    argument.name = kw->str("arg");  // empty for **kwargs
                    if (argument.name.empty())
                        argument.name = "**";
                    argument.node = kw->child("value");
                    decorator.arguments.push_back(std::move(argument));
                }
                for (DecoratorArgument& argument : decorator.arguments) {
                    argument.text = segmentText(module, argument.node);
                    argument.location = locationOf(argument.node);
                    py::EvalResult v = file->evaluator->eval(argument.node);
                    if (v.ok())
                        argument.value = *v.value;
                    else
                        argument.evalError = v.error;
                }
            }
            kernel.decorators.push_back(std::move(decorator));
        }

        // The autotune decorator must sit directly on top of the jit one.
        for (std::size_t i = 0; i < kinds.size(); ++i) {
            if (kinds[i] != Decorator::Kind::Autotune)
                continue;
            const bool direct = i + 1 < kinds.size() && kinds[i + 1] == Decorator::Kind::Jit;
            kernel.autotuneDirectlyOverJit = direct;
        }
        file->kernels.push_back(std::move(kernel));
    }

    // Pointers into kernel.decorators are taken only now that the vector no longer moves.
    for (KernelDef& kernel : file->kernels)
        for (const Decorator& decorator : kernel.decorators)
            if (decorator.kind == Decorator::Kind::Autotune && !kernel.autotune)
                interpretAutotune(kernel, decorator, path, file->diagnostics);
    for (const KernelDef& kernel : file->kernels)
        if (kernel.autotune)
            file->importPrinted.insert(file->importPrinted.end(), kernel.autotune->maxAutotunePrinted.begin(),
                                       kernel.autotune->maxAutotunePrinted.end());

    result.file = std::move(file);
    return result;
}

KernelLoadResult loadKernelFile(const std::string& path)
{
    util::InputText input = util::readInputFile(path, util::kMaxSmallInputBytes);
    if (!input.ok()) {
        KernelLoadResult result;
        result.diagnostics.push_back(makeDiagnostic("unreadable-file", Severity::Error, path, 0, 0,
                                                    msg::Message(msg::Id::KernelUnreadable, {input.what})));
        return result;
    }
    std::string source = std::move(input.text);
    return loadKernelSource(source, path);
}

} // namespace ts::kernel
