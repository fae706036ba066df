// Triton-Ascend 2026-08's kernel type resolution and cube / mix parse (see cube_parse.h).
#include "core/analysis/cube_parse.h"

#include "core/analysis/cube_internal.h"
#include "core/analysis/pyrepr.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace ts::analysis {

using py::Kind;
using py::Node;

namespace {

struct Param {
    std::string name;
    bool constexpr_ = false;
    bool hasDefault = false;
};

bool isTlConstexpr(const Node* annotation)
{
    return annotation && annotation->is(Kind::Attribute) && annotation->child("value") &&
           annotation->child("value")->is(Kind::Name) && annotation->child("value")->id() == "tl" &&
           annotation->str("attr") == "constexpr";
}

// signature_analyzer.extract_signature_info.
std::vector<Param> signatureOf(const Node* function)
{
    std::vector<Param> out;
    const Node* args = function ? function->child("args") : nullptr;
    if (!args)
        return out;
    const auto& posonly = args->list("posonlyargs");
    const auto& positional = args->list("args");
    const std::size_t positionalCount = posonly.size() + positional.size();
    const std::size_t defaultStart = positionalCount - std::min(positionalCount, args->list("defaults").size());
    std::size_t index = 0;
    for (const auto* list : {&posonly, &positional})
        for (const Node* a : *list) {
            out.push_back({a->str("arg"), isTlConstexpr(a->child("annotation")), index >= defaultStart});
            ++index;
        }
    const auto& kwonly = args->list("kwonlyargs");
    const py::Field* kwDefaults = args->field("kw_defaults");
    for (std::size_t i = 0; i < kwonly.size(); ++i) {
        const bool hasDefault = kwDefaults && i < kwDefaults->nodes.size() && kwDefaults->nodes[i] != nullptr;
        out.push_back({kwonly[i]->str("arg"), isTlConstexpr(kwonly[i]->child("annotation")), hasDefault});
    }
    return out;
}

const Param* findParam(const std::vector<Param>& sig, const std::string& name)
{
    for (const auto& p : sig)
        if (p.name == name)
            return &p;
    return nullptr;
}

bool isConstexpr(const std::vector<Param>& sig, const std::string& name)
{
    const Param* p = findParam(sig, name);
    return p && p->constexpr_;
}

bool provided(const ParseInput& input, const std::string& name)
{
    return std::any_of(input.args.begin(), input.args.end(), [&](const LaunchArgument& a) { return a.name == name; });
}

const LaunchArgument* lastArg(const std::vector<LaunchArgument>& args, const std::string& name)
{
    const LaunchArgument* found = nullptr;
    for (const auto& a : args)
        if (a.name == name)
            found = &a;
    return found;
}

// launch_analyzer.looks_like_cube_mix_tunable.
bool looksTunable(const std::string& name)
{
    std::string upper = name;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    if (upper == "M" || upper == "N" || upper == "K")
        return true;
    for (const char* word : {"BLOCK", "TILE", "CHUNK", "SPLIT", "GROUP", "WARP", "STAGE"})
        if (upper.find(word) != std::string::npos)
            return true;
    return false;
}

// CubeMixPolicy: constexpr parameters without default that the launch does not pass and that
// look tunable (or are read in the kernel), then the explicit ones.
std::vector<std::string> missingTunable(const ParseInput& input, const std::vector<Param>& sig,
                                        const std::vector<std::string>& explicitParams, std::string* error)
{
    std::set<std::string> loaded;
    for (const Node* n : py::walk(input.function))
        if (n->is(Kind::Name) && n->child("ctx") && n->child("ctx")->is(Kind::Load))
            loaded.insert(n->id());
    std::set<std::string> missing;
    for (const auto& name : input.argNames)
        if (!provided(input, name))
            missing.insert(name);
    std::vector<std::string> out;
    for (const auto& p : sig) {
        if (!p.constexpr_ || !missing.count(p.name) || p.hasDefault)
            continue;
        if ((looksTunable(p.name) || loaded.count(p.name)) &&
            std::find(out.begin(), out.end(), p.name) == out.end())
            out.push_back(p.name);
    }
    if (explicitParams.empty())
        return out;
    std::vector<std::string> unknown, notConstexpr;
    for (const auto& name : explicitParams) {
        if (!findParam(sig, name))
            unknown.push_back(name);
        else if (!isConstexpr(sig, name))
            notConstexpr.push_back(name);
    }
    if (!unknown.empty()) {
        *error = "hints.tunable_parameter contains unknown parameters: " + pyListRepr(unknown);
        return out;
    }
    if (!notConstexpr.empty()) {
        *error = "hints.tunable_parameter must reference constexpr parameters only: " + pyListRepr(notConstexpr);
        return out;
    }
    for (const auto& name : explicitParams)
        if (!provided(input, name) && std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(name);
    return out;
}

struct LengthState {
    std::string lengthSymbol;
    std::string state;
    std::optional<std::int64_t> value;
};

// axis_length_resolver._classify_length_symbol.
LengthState classify(const std::string& symbol, const std::vector<Param>& sig, const ParseInput& input)
{
    LengthState s{symbol, "runtime_non_tunable", std::nullopt};
    if (const auto literal = cube::literalInt(symbol)) {
        s.state = "fixed_compile_time";
        s.value = literal;
        return s;
    }
    if (isConstexpr(sig, symbol)) {
        if (const LaunchArgument* a = lastArg(input.args, symbol)) {
            s.state = "fixed_compile_time";
            if (a->kind == LaunchArgument::Kind::Int || a->kind == LaunchArgument::Kind::Bool)
                s.value = a->intValue;
            return s;
        }
        s.state = "tunable";
        return s;
    }
    const auto names = cube::namesInText(symbol);
    if (names.empty())
        return s;
    if (std::all_of(names.begin(), names.end(), [&](const std::string& n) { return isConstexpr(sig, n); }))
        s.state = std::all_of(names.begin(), names.end(), [&](const std::string& n) { return provided(input, n); })
                      ? "fixed_compile_time"
                      : "tunable";
    return s;
}

// The arange length of each axis symbol of the kernel, conditional expressions resolved with
// the launch values.
std::map<std::string, std::string> axisLengthSymbols(const Node* function, const cube::Known& known)
{
    std::map<std::string, std::string> out;
    for (const auto& [symbol, block] : cube::axisBlockSymbols(function, known)) {
        const Node* node = block.node;
        while (node && node->is(Kind::IfExp)) {
            const auto cond = cube::evaluateStatic(node->child("test"), known);
            if (!cond || cond->type != cube::Scalar::Type::Bool)
                break;
            node = node->child(cond->i ? "body" : "orelse");
        }
        out[symbol] = node ? cube::exprText(node) : block.text;
    }
    return out;
}

// cv_param_parser._normalize_tunable_param_symbol.
std::optional<std::string> tunableSymbol(const std::string& symbol)
{
    if (cube::isIdentifier(symbol))
        return symbol;
    if (symbol.find('|') == std::string::npos)
        return std::nullopt;
    std::vector<std::string> found;
    std::size_t start = 0;
    while (true) {
        const auto bar = symbol.find('|', start);
        std::string token = symbol.substr(start, bar == std::string::npos ? std::string::npos : bar - start);
        token.erase(0, token.find_first_not_of(" \t"));
        token.erase(token.find_last_not_of(" \t") + 1);
        if (cube::isIdentifier(token) && std::find(found.begin(), found.end(), token) == found.end())
            found.push_back(token);
        if (bar == std::string::npos)
            break;
        start = bar + 1;
    }
    return found.size() == 1 ? std::optional<std::string>(found[0]) : std::nullopt;
}

std::string dynamicSource(const std::optional<std::string>& axisSymbol, const std::optional<std::string>& lengthExpr,
                          const std::set<std::string>& derived)
{
    if (derived.empty())
        return "none";
    std::set<std::string> names = lengthExpr ? cube::namesInText(*lengthExpr) : std::set<std::string>{};
    if (names.empty() && axisSymbol) {
        names = cube::namesInText(*axisSymbol);
        if (names.empty() && cube::isIdentifier(*axisSymbol))
            names = {*axisSymbol};
    }
    for (const auto& n : names)
        if (derived.count(n))
            return "dynamic_from_load";
    return "none";
}

std::optional<std::int64_t> resolvedLength(const CubeAxis& axis, const std::vector<LaunchArgument>& args)
{
    if (axis.constValue)
        return axis.constValue;
    if (!axis.lengthExpr)
        return std::nullopt;
    if (auto v = launchNumber(args, *axis.lengthExpr))
        return v;
    std::string text = *axis.lengthExpr;
    text.erase(0, text.find_first_not_of(" \t\n"));
    text.erase(text.find_last_not_of(" \t\n") + 1);
    const bool negative = !text.empty() && text[0] == '-';
    if (!text.empty() && (text[0] == '-' || text[0] == '+'))
        text.erase(0, 1);
    if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '_'; }))
        return std::nullopt;
    const auto v = cube::literalInt(text);
    if (!v)
        return std::nullopt;
    return negative ? -*v : *v;
}

CubeAxis toAxis(const std::optional<std::string>& symbol, const std::map<std::string, LengthState>& states,
                const std::optional<std::string>& overrideExpr, const std::set<std::string>& derived,
                const std::vector<LaunchArgument>& args)
{
    CubeAxis axis;
    axis.axisSymbol = symbol;
    const LengthState* info = nullptr;
    if (symbol) {
        if (auto it = states.find(*symbol); it != states.end())
            info = &it->second;
        else if (symbol->find('|') != std::string::npos) {
            std::size_t start = 0;
            while (!info) {
                const auto bar = symbol->find('|', start);
                const auto part = symbol->substr(start, bar == std::string::npos ? std::string::npos : bar - start);
                if (auto p = states.find(part); p != states.end())
                    info = &p->second;
                if (bar == std::string::npos)
                    break;
                start = bar + 1;
            }
        }
    }
    if (!info) {
        axis.lengthExpr = overrideExpr;
    } else {
        axis.state = info->state;
        if (info->state == "tunable")
            axis.tunableParam = tunableSymbol(info->lengthSymbol);
        const bool effectiveOverride = overrideExpr && overrideExpr != symbol;
        const bool suppress = !effectiveOverride && symbol && axis.tunableParam && *symbol == *axis.tunableParam;
        if (effectiveOverride)
            axis.lengthExpr = overrideExpr;
        if (!axis.lengthExpr && !suppress)
            axis.lengthExpr = info->lengthSymbol;
        axis.constValue = info->value;
    }
    axis.dynamicSource = dynamicSource(axis.axisSymbol, axis.lengthExpr, derived);
    axis.resolvedLength = resolvedLength(axis, args);
    return axis;
}

const Node* entryInModule(const Node* module, const std::string& name)
{
    if (!module)
        return nullptr;
    for (const Node* n : py::walk(module))
        if ((n->is(Kind::FunctionDef) || n->is(Kind::AsyncFunctionDef)) && n->str("name") == name)
            return n;
    return nullptr;
}

} // namespace

std::optional<std::int64_t> launchNumber(const std::vector<LaunchArgument>& args, const std::string& name)
{
    const LaunchArgument* a = lastArg(args, name);
    if (!a)
        return std::nullopt;
    if (a->kind == LaunchArgument::Kind::Int || a->kind == LaunchArgument::Kind::Bool)
        return a->intValue;
    if (a->kind == LaunchArgument::Kind::Float && std::isfinite(a->floatValue) && std::abs(a->floatValue) < 9.2e18)
        return std::int64_t(a->floatValue);
    return std::nullopt;
}

std::string resolveKernelType(const ParseInput& input, std::string* error)
{
    return resolveKernelType(input, CubeParseOptions{}, error);
}

std::string resolveKernelType(const ParseInput& input, const CubeParseOptions& options, std::string* error)
{
    std::string hint = "auto";
    if (options.kernelType.present) {
        hint = options.kernelType.text;
        if (options.kernelType.isString) {
            hint.erase(0, hint.find_first_not_of(" \t\n\r\f\v"));
            hint.erase(hint.find_last_not_of(" \t\n\r\f\v") + 1);
            std::transform(hint.begin(), hint.end(), hint.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        }
        const bool known = options.kernelType.isString &&
                           (hint == "vector" || hint == "cube" || hint == "mix" || hint == "auto");
        if (!known) {
            if (error)
                *error = "Unsupported kernel_type '" + hint + "', expected one of: ['auto', 'cube', 'mix', 'vector']";
            return {};
        }
    }
    if (hint != "auto")
        return hint;
    if (!input.function)
        return "vector";
    // The kernel's own tl.dot calls (any attribute chain rooted at tl ending in .dot).
    for (const Node* n : py::walk(input.function)) {
        if (!n->is(Kind::Call) || !n->child("func")->is(Kind::Attribute) || n->child("func")->str("attr") != "dot")
            continue;
        const Node* base = n->child("func");
        while (base && base->is(Kind::Attribute))
            base = base->child("value");
        if (base && base->is(Kind::Name) && base->id() == "tl")
            return "mix";
    }
    // Sites reached through the helpers it calls.
    const std::string name = input.function->str("name");
    const Node* module = entryInModule(options.module, name) ? options.module : nullptr;
    const Node* entry = module ? entryInModule(module, name) : input.function;
    if (!cube::inferDotSites(entry, module ? module : input.function, name).empty())
        return "mix";
    return "vector";
}

CubeParse parseCube(const ParseInput& input)
{
    return parseCube(input, CubeParseOptions{});
}

CubeParse parseCube(const ParseInput& input, const CubeParseOptions& options)
{
    CubeParse parse;
    parse.mode = options.mode == "cube" ? "cube" : "mix";
    if (!input.function) {
        parse.status = "failed";
        parse.error = "cv parser status failed: no diagnostics";
        parse.errorType = "RuntimeError";
        return parse;
    }
    const std::string name = input.function->str("name");
    // Upstream reads the kernel's source file; the kernel alone when it is not found there.
    const Node* entry = entryInModule(options.module, name);
    const Node* module = entry ? options.module : nullptr;
    if (!entry)
        entry = input.function;

    const std::vector<Param> sig = signatureOf(entry);
    for (const auto& p : sig)
        parse.signatureParams.push_back(p.name);
    std::string error;
    parse.missingTunableParams = missingTunable(input, sig, options.explicitTunableParams, &error);
    if (!error.empty()) {
        parse.error = error;
        parse.errorType = "ValueError";
        return parse;
    }

    const cube::Known known = cube::knownScalars(input.args);
    const auto raw = cube::inferDotSites(entry, module ? module : entry, name);
    const auto lengthSymbols = axisLengthSymbols(entry, known);
    std::map<std::string, LengthState> states;
    for (const auto& site : raw)
        for (const auto* symbol : {&site.m, &site.n, &site.k}) {
            if (!*symbol || states.count(**symbol))
                continue;
            const auto it = lengthSymbols.find(**symbol);
            states[**symbol] = classify(it == lengthSymbols.end() ? **symbol : it->second, sig, input);
        }
    const auto derived = cube::loadDerivedSymbols(entry, module, name, known);

    for (const auto& r : raw) {
        CubeDotSite site;
        site.siteId = r.siteId;
        site.lhs = r.lhs;
        site.rhs = r.rhs;
        site.m = toAxis(r.m, states, r.mTotal, derived, input.args);
        site.n = toAxis(r.n, states, r.nTotal, derived, input.args);
        site.k = toAxis(r.k, states, r.kTotal, derived, input.args);
        site.function = r.function;
        site.line = r.line;
        site.col = r.col;
        parse.dotSites.push_back(std::move(site));
    }
    if (parse.dotSites.empty())
        parse.diagnostics.push_back("no tl.dot/tl.conv site resolved in cube/mix parser.");

    std::map<std::string, std::set<std::string>> byRole;
    for (const auto& s : parse.dotSites) {
        if (s.m.tunableParam) byRole["M"].insert(*s.m.tunableParam);
        if (s.n.tunableParam) byRole["N"].insert(*s.n.tunableParam);
        if (s.k.tunableParam) byRole["K"].insert(*s.k.tunableParam);
    }
    std::set<std::string> seen;
    for (const auto& n : parse.missingTunableParams) {
        std::string role = "OTHER";
        for (const char* r : {"M", "N", "K"})
            if (role == "OTHER" && byRole[r].count(n))
                role = r;
        parse.tunableParams.push_back({n, role, "signature"});
        seen.insert(n);
    }
    for (const char* r : {"M", "N", "K"})
        for (const auto& n : byRole[r])
            if (seen.insert(n).second)
                parse.tunableParams.push_back({n, r, "axis_length"});

    if (!parse.diagnostics.empty())
        parse.status = "partial";
    if (parse.signatureParams.empty() && parse.dotSites.empty() && parse.tunableParams.empty())
        parse.status = "failed";
    if (parse.status != "ok") {
        std::string joined;
        for (const auto& d : parse.diagnostics)
            joined += (joined.empty() ? "" : "; ") + d;
        parse.error = "cv parser status " + parse.status + ": " + (joined.empty() ? "no diagnostics" : joined);
        parse.errorType = "RuntimeError";
    }
    return parse;
}

} // namespace ts::analysis
