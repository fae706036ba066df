// The 2026-08 backend's tensor roles and dot sites (dsl_analysis/role_engine.py,
// dot_role_annotator.py, shape_inference.py, call_graph.py): which axis symbol is the row and
// which the column of each tensor, and M / N / K of every tl.dot / tl.conv.
#include "core/analysis/cube_internal.h"

#include <algorithm>
#include <functional>
#include <tuple>

namespace ts::analysis::cube {

using py::Kind;
using py::Node;

namespace {

struct State {
    enum class Type { Tensor, Scalar, Unknown };
    Type type = Type::Unknown;
    std::optional<Role> role;
    bool operator==(const State&) const = default;
    bool isTensor() const { return type == Type::Tensor && role.has_value(); }
};

State tensor(std::optional<Role> role)
{
    return {State::Type::Tensor, std::move(role)};
}
const State kUnknown{};
const State kScalar{State::Type::Scalar, std::nullopt};

using Env = std::vector<std::pair<std::string, State>>; // a dict: insertion order kept

const State* lookup(const Env& env, const std::string& name)
{
    for (const auto& [k, v] : env)
        if (k == name)
            return &v;
    return nullptr;
}

void store(Env& env, const std::string& name, State state)
{
    for (auto& [k, v] : env)
        if (k == name) {
            v = std::move(state);
            return;
        }
    env.emplace_back(name, std::move(state));
}

std::optional<Role> mergeRoles(const std::optional<Role>& a, const std::optional<Role>& b)
{
    if (a && b) {
        if (*a == *b)
            return a;
        return Role{a->row ? a->row : b->row, a->col ? a->col : b->col, a->totalRow ? a->totalRow : b->totalRow,
                    a->totalCol ? a->totalCol : b->totalCol};
    }
    return a ? a : b;
}

std::optional<Role> swapRole(const std::optional<Role>& r)
{
    if (!r)
        return std::nullopt;
    return Role{r->col, r->row, r->totalCol, r->totalRow};
}

State binaryElementwise(const State& a, const State& b)
{
    const auto role = mergeRoles(a.isTensor() ? a.role : std::nullopt, b.isTensor() ? b.role : std::nullopt);
    return role ? tensor(role) : kUnknown;
}

// _to_op_key: "tl.<last attribute>" for calls rooted at tl, "method.<attr>", "call.<name>".
std::string opKey(const Node* call)
{
    const Node* fn = call->child("func");
    if (fn && fn->is(Kind::Attribute)) {
        const Node* cur = fn;
        while (cur->is(Kind::Attribute))
            cur = cur->child("value");
        if (cur && cur->is(Kind::Name) && cur->id() == "tl")
            return "tl." + fn->str("attr");
        return "method." + fn->str("attr");
    }
    if (fn && fn->is(Kind::Name))
        return "call." + fn->id();
    return "unknown";
}

bool rootedAtTl(const Node* fn)
{
    bool sawAttr = false;
    while (fn && fn->is(Kind::Attribute)) {
        sawAttr = true;
        fn = fn->child("value");
    }
    return sawAttr && fn && fn->is(Kind::Name) && fn->id() == "tl";
}

const Node* keywordValue(const Node* call, const char* name)
{
    for (const Node* kw : call->list("keywords"))
        if (kw->str("arg") == name)
            return kw->child("value");
    return nullptr;
}

std::optional<Role> blockPtrRole(const Node* call)
{
    const Node* shape = keywordValue(call, "shape");
    const Node* block = keywordValue(call, "block_shape");
    const auto& args = call->list("args");
    if (!shape && args.size() >= 2)
        shape = args[1];
    if (!block && args.size() >= 5)
        block = args[4];
    if (!shape || !shape->is(Kind::Tuple) || shape->list("elts").size() != 2 || !block ||
        !block->is(Kind::Tuple) || block->list("elts").size() != 2)
        return std::nullopt;
    return Role{exprText(block->list("elts")[0]), exprText(block->list("elts")[1]), exprText(shape->list("elts")[0]),
                exprText(shape->list("elts")[1])};
}

std::optional<Role> shapeConstructorRole(const Node* call)
{
    const Node* shape = keywordValue(call, "shape");
    if (!shape && !call->list("args").empty())
        shape = call->list("args")[0];
    if (!shape || !(shape->is(Kind::Tuple) || shape->is(Kind::List)) || shape->list("elts").size() != 2)
        return std::nullopt;
    return Role{exprText(shape->list("elts")[0]), exprText(shape->list("elts")[1]), std::nullopt, std::nullopt};
}

// The registered transfer rules; nullopt when no rule applies.
std::optional<State> applyRule(const std::string& key, const Node* call, const std::vector<State>& args)
{
    if (key == "tl.make_block_ptr")
        return tensor(blockPtrRole(call));
    if (key == "tl.full" || key == "tl.zeros") {
        const auto role = shapeConstructorRole(call);
        return role ? tensor(role) : kUnknown;
    }
    if (key == "tl.zeros_like" || key == "method.to" || key == "tl.load")
        return !args.empty() && args[0].isTensor() ? args[0] : kUnknown;
    if (key == "tl.trans" || key == "tl.transpose")
        return !args.empty() && args[0].isTensor() ? tensor(swapRole(args[0].role)) : kUnknown;
    if (key == "tl.where") {
        if (args.size() < 3)
            return kUnknown;
        const auto role = mergeRoles(args[1].isTensor() ? args[1].role : std::nullopt,
                                     args[2].isTensor() ? args[2].role : std::nullopt);
        return role ? tensor(role) : kUnknown;
    }
    if (key == "tl.dot" || key == "tl.conv") {
        if (args.size() < 2 || !args[0].isTensor() || !args[1].isTensor())
            return kUnknown;
        const Role& l = *args[0].role;
        const Role& r = *args[1].role;
        return tensor(Role{l.row, r.col, l.totalRow ? l.totalRow : l.row, r.totalCol ? r.totalCol : r.col});
    }
    return std::nullopt;
}

struct Inference {
    const std::map<std::string, std::string>& totals;

    std::string totalOf(const std::string& symbol) const
    {
        const auto it = totals.find(symbol);
        return it == totals.end() ? symbol : it->second;
    }

    // _infer_role_from_subscript_expr: the first row / column broadcast found.
    std::optional<Role> subscriptRole(const Node* expr) const
    {
        Role role;
        for (const Node* n : py::walk(expr)) {
            if (!n->is(Kind::Subscript))
                continue;
            const auto axes = subscriptAxes2d(n);
            if (!axes)
                continue;
            if (axes->second == 0 && !role.row) {
                role.row = axes->first;
                role.totalRow = totalOf(axes->first);
            }
            if (axes->second == 1 && !role.col) {
                role.col = axes->first;
                role.totalCol = totalOf(axes->first);
            }
        }
        if (role.empty())
            return std::nullopt;
        return role;
    }

    // _infer_axis_alias_role_for_assign.
    std::optional<Role> aliasRole(const std::string& target, const Node* expr) const
    {
        Role role;
        for (const Node* n : py::walk(expr)) {
            if (!n->is(Kind::Subscript))
                continue;
            const Node* slice = n->child("slice");
            if (!slice || !slice->is(Kind::Tuple) || slice->list("elts").size() != 2)
                continue;
            const Node* a = slice->list("elts")[0];
            const Node* b = slice->list("elts")[1];
            const int kind = isSliceAll(a) && isNoneConstant(b) ? 0 : isNoneConstant(a) && isSliceAll(b) ? 1 : -1;
            if (kind == 0 && !role.row) {
                role.row = target;
                role.totalRow = totalOf(target);
            }
            if (kind == 1 && !role.col) {
                role.col = target;
                role.totalCol = totalOf(target);
            }
        }
        if (role.empty())
            return std::nullopt;
        return role;
    }

    State infer(const Node* expr, const Env& env) const
    {
        if (!expr)
            return kUnknown;
        switch (expr->kind) {
        case Kind::Name: {
            const State* s = lookup(env, expr->id());
            return s ? *s : kUnknown;
        }
        case Kind::Constant:
            return kScalar;
        case Kind::Subscript: {
            const Node* value = expr->child("value");
            if (value && value->is(Kind::Name))
                if (const State* base = lookup(env, value->id()); base && base->isTensor())
                    return *base;
            const auto role = subscriptRole(expr);
            return role ? tensor(role) : kUnknown;
        }
        case Kind::UnaryOp: {
            State operand = infer(expr->child("operand"), env);
            return operand.isTensor() ? operand : kUnknown;
        }
        case Kind::BinOp:
            return binaryElementwise(infer(expr->child("left"), env), infer(expr->child("right"), env));
        case Kind::IfExp:
            return binaryElementwise(infer(expr->child("body"), env), infer(expr->child("orelse"), env));
        case Kind::Attribute: {
            const State base = infer(expr->child("value"), env);
            if (expr->str("attr") == "T" && base.isTensor())
                return tensor(swapRole(base.role));
            if (expr->str("attr") == "dtype")
                return kScalar;
            return kUnknown;
        }
        case Kind::Call:
            return inferCall(expr, env);
        default:
            return kUnknown;
        }
    }

    State inferCall(const Node* call, const Env& env) const
    {
        static const std::set<std::string> kUnary = {"abs", "exp", "exp2", "log", "sqrt", "cos", "sin", "sigmoid"};
        static const std::set<std::string> kBinary = {"maximum", "minimum"};
        const std::string key = opKey(call);
        std::vector<State> args;
        const Node* fn = call->child("func");
        if (fn && fn->is(Kind::Attribute) && !rootedAtTl(fn))
            args.push_back(infer(fn->child("value"), env));
        for (const Node* a : call->list("args"))
            args.push_back(infer(a, env));
        if (const auto s = applyRule(key, call, args); s && s->type != State::Type::Unknown)
            return *s;
        if (key.rfind("tl.", 0) == 0) {
            const std::string op = key.substr(3);
            if (kUnary.count(op))
                return !args.empty() && args[0].isTensor() ? args[0] : kUnknown;
            if (kBinary.count(op))
                return args.size() < 2 ? kUnknown : binaryElementwise(args[0], args[1]);
        }
        if (!args.empty() && args[0].isTensor())
            return args[0];
        return kUnknown;
    }

    static bool singleAxis(const std::optional<Role>& r)
    {
        return r && (r->row.has_value() != r->col.has_value());
    }

    void visit(const Node* stmt, Env& env) const
    {
        auto visitBody = [&](const char* field, Env& e) {
            for (const Node* s : stmt->list(field))
                visit(s, e);
        };
        switch (stmt->kind) {
        case Kind::Assign: {
            State state = infer(stmt->child("value"), env);
            const auto& targets = stmt->list("targets");
            if (targets.size() == 1 && targets[0]->is(Kind::Name)) {
                const auto alias = aliasRole(targets[0]->id(), stmt->child("value"));
                if (alias && (!state.isTensor() || (singleAxis(alias) && singleAxis(state.role))))
                    state = tensor(alias);
            }
            for (const Node* t : targets)
                if (t->is(Kind::Name))
                    store(env, t->id(), state);
            return;
        }
        case Kind::AnnAssign:
            if (stmt->child("value") && stmt->child("target")->is(Kind::Name))
                store(env, stmt->child("target")->id(), infer(stmt->child("value"), env));
            return;
        case Kind::AugAssign: {
            const State target = infer(stmt->child("target"), env);
            const State value = infer(stmt->child("value"), env);
            State state = binaryElementwise(target, value);
            if (state.type == State::Type::Unknown)
                state = target.type != State::Type::Unknown ? target : value;
            if (stmt->child("target")->is(Kind::Name))
                store(env, stmt->child("target")->id(), state);
            return;
        }
        case Kind::For: {
            Env inner = env;
            visitBody("body", inner);
            merge(env, inner);
            Env orelse = env;
            visitBody("orelse", orelse);
            merge(env, orelse);
            return;
        }
        case Kind::While:
        case Kind::With: {
            Env inner = env;
            visitBody("body", inner);
            merge(env, inner);
            return;
        }
        case Kind::If: {
            Env body = env, orelse = env;
            visitBody("body", body);
            visitBody("orelse", orelse);
            merge(env, body);
            merge(env, orelse);
            return;
        }
        default:
            return;
        }
    }

    static void merge(Env& dst, const Env& src)
    {
        for (const auto& [name, state] : src) {
            const State* cur = lookup(dst, name);
            if (!cur) {
                store(dst, name, state);
                continue;
            }
            if (*cur == state)
                continue;
            if (cur->isTensor() && state.isTensor()) {
                store(dst, name, tensor(mergeRoles(cur->role, state.role)));
                continue;
            }
            if (cur->isTensor())
                continue;
            if (state.isTensor())
                store(dst, name, state);
        }
    }
};

// annotate_tensor_roles.
Roles annotateRoles(const Node* function, const Roles& inherited)
{
    const auto totals = axisTotalSymbols(function);
    const Inference inference{totals};
    Env env;
    for (const auto& [name, role] : inherited)
        env.emplace_back(name, tensor(role));
    if (function->is(Kind::FunctionDef) || function->is(Kind::AsyncFunctionDef)) {
        for (const Node* stmt : function->list("body"))
            inference.visit(stmt, env);
    }
    Roles roles;
    for (const auto& [name, state] : env)
        if (state.type == State::Type::Tensor && state.role && !state.role->empty())
            roles[name] = *state.role;
    // The explicit-subscript fallback for names the rules left without a role.
    for (const Node* n : py::walk(function)) {
        if (!n->is(Kind::Assign) || n->list("targets").size() != 1 || !n->list("targets")[0]->is(Kind::Name))
            continue;
        const std::string& target = n->list("targets")[0]->id();
        if (roles.count(target))
            continue;
        Role role;
        for (const Node* sub : py::walk(n->child("value"))) {
            if (!sub->is(Kind::Subscript))
                continue;
            const auto axes = subscriptAxes2d(sub);
            if (!axes)
                continue;
            if (axes->second == 0 && !role.row)
                role.row = role.totalRow = axes->first;
            if (axes->second == 1 && !role.col)
                role.col = role.totalCol = axes->first;
        }
        if (role.row && role.col)
            roles[target] = role;
    }
    return roles;
}

bool isTransposeCall(const Node* n)
{
    return isTlCallOf(n, "trans") || isTlCallOf(n, "transpose");
}

std::optional<std::string> onlyOne(const std::optional<std::string>& a, const std::optional<std::string>& b)
{
    if (a && b)
        return *a == *b ? a : std::nullopt;
    return a ? a : b;
}

// shape_inference._extract_tensor_name_from_expr.
std::optional<std::string> tensorName(const Node* expr)
{
    if (!expr)
        return std::nullopt;
    switch (expr->kind) {
    case Kind::Name:
        return expr->id();
    case Kind::Subscript: {
        const Node* v = expr->child("value");
        return v && v->is(Kind::Name) ? std::optional<std::string>(v->id()) : tensorName(v);
    }
    case Kind::Call: {
        const Node* fn = expr->child("func");
        if (fn && fn->is(Kind::Attribute)) {
            const Node* recv = fn->child("value");
            if (recv && recv->is(Kind::Name)) {
                if (recv->id() != "tl")
                    return recv->id();
            } else if (auto base = tensorName(recv)) {
                return base;
            }
        }
        if (!expr->list("args").empty())
            return tensorName(expr->list("args")[0]);
        return std::nullopt;
    }
    case Kind::UnaryOp:
        return tensorName(expr->child("operand"));
    case Kind::BinOp:
        return onlyOne(tensorName(expr->child("left")), tensorName(expr->child("right")));
    case Kind::IfExp:
        return onlyOne(tensorName(expr->child("body")), tensorName(expr->child("orelse")));
    case Kind::Attribute:
        if (expr->child("value") && expr->child("value")->is(Kind::Name))
            return expr->child("value")->id();
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

using Named = std::pair<std::optional<std::string>, std::optional<Role>>;

Named nameAndRole(const Node* expr, const Roles& roles)
{
    auto pick = [](const Named& a, const Named& b) -> Named {
        if (a.second && !b.second)
            return a;
        if (b.second && !a.second)
            return b;
        if (a.second && b.second && a.first == b.first)
            return a;
        return {std::nullopt, std::nullopt};
    };
    if (expr->is(Kind::BinOp))
        return pick(nameAndRole(expr->child("left"), roles), nameAndRole(expr->child("right"), roles));
    if (expr->is(Kind::UnaryOp))
        return nameAndRole(expr->child("operand"), roles);
    if (expr->is(Kind::IfExp))
        return pick(nameAndRole(expr->child("body"), roles), nameAndRole(expr->child("orelse"), roles));
    const auto name = tensorName(expr);
    if (!name)
        return {std::nullopt, std::nullopt};
    const auto it = roles.find(*name);
    return {name, it == roles.end() ? std::nullopt : std::optional<Role>(it->second)};
}

Named operand(const Node* expr, const Roles& roles)
{
    const bool transposed = isTransposeCall(expr);
    const Node* base = transposed && !expr->list("args").empty() ? expr->list("args")[0] : expr;
    Named named = nameAndRole(base, roles);
    if (transposed)
        named.second = swapRole(named.second);
    return named;
}

std::optional<std::string> joinK(const std::optional<std::string>& l, const std::optional<std::string>& r)
{
    if (!l)
        return r;
    if (r && *l != *r)
        return *l + "|" + *r;
    return l;
}

void collectSites(const Node* node, const Roles& roles, const std::string& function, std::vector<DotSiteRaw>& out)
{
    if (isTlCallOf(node, "dot") || isTlCallOf(node, "conv")) {
        DotSiteRaw site;
        std::optional<Role> l, r;
        if (node->list("args").size() >= 2) {
            std::tie(site.lhs, l) = operand(node->list("args")[0], roles);
            std::tie(site.rhs, r) = operand(node->list("args")[1], roles);
        }
        site.m = l ? l->row : std::nullopt;
        site.n = r ? r->col : std::nullopt;
        site.k = joinK(l ? l->col : std::nullopt, r ? r->row : std::nullopt);
        site.mTotal = l ? l->totalRow : std::nullopt;
        site.nTotal = r ? r->totalCol : std::nullopt;
        site.kTotal = joinK(l ? l->totalCol : std::nullopt, r ? r->totalRow : std::nullopt);
        site.siteId = int(out.size());
        site.function = function;
        site.line = node->line;
        site.col = node->col;
        out.push_back(std::move(site));
    }
    for (const Node* c : py::iterChildNodes(node))
        collectSites(c, roles, function, out);
}

std::vector<DotSiteRaw> dedupe(std::vector<DotSiteRaw> sites)
{
    std::vector<DotSiteRaw> out;
    auto key = [](const DotSiteRaw& s) { return std::tie(s.lhs, s.rhs, s.m, s.n, s.k, s.mTotal, s.nTotal, s.kTotal); };
    for (auto& s : sites) {
        if (std::any_of(out.begin(), out.end(), [&](const DotSiteRaw& o) { return key(o) == key(s); }))
            continue;
        s.siteId = int(out.size());
        out.push_back(std::move(s));
    }
    return out;
}

bool hasDotSites(const Node* function)
{
    return py::walkUntil(function, [](const Node* n) { return isTlCallOf(n, "dot") || isTlCallOf(n, "conv"); });
}

std::vector<DotSiteRaw> sitesWithRoles(const Node* function, const Roles& roles)
{
    std::vector<DotSiteRaw> sites;
    const std::string name = function->str("name");
    collectSites(function, roles, name, sites);
    return dedupe(std::move(sites));
}

// The roles only matter at tl.dot / tl.conv sites: a function without one has none to report.
std::vector<DotSiteRaw> sitesOf(const Node* function, const Roles& inherited)
{
    if (!hasDotSites(function))
        return {};
    return sitesWithRoles(function, annotateRoles(function, inherited));
}

struct FunctionMeta {
    std::string name;
    const Node* node = nullptr;
    std::vector<std::string> params;
};

struct CallSite {
    std::string caller, callee;
    std::vector<const Node*> args;
    int line = 0;
};

std::string mapped(const std::map<std::string, std::string>& m, const std::string& s)
{
    const auto it = m.find(s);
    return it == m.end() ? s : it->second;
}

std::optional<std::string> mapped(const std::map<std::string, std::string>& m, const std::optional<std::string>& s)
{
    return s ? std::optional<std::string>(mapped(m, *s)) : std::nullopt;
}

std::string argText(const Node* arg, const std::map<std::string, std::string>& symbols)
{
    if (isTransposeCall(arg) && !arg->list("args").empty())
        return "tl.trans(" + argText(arg->list("args")[0], symbols) + ")";
    if (arg->is(Kind::Name))
        return mapped(symbols, arg->id());
    return mapped(symbols, unparse(arg));
}

} // namespace

std::vector<DotSiteRaw> inferDotSites(const Node* function, const Node* module, const std::string& entryName)
{
    if (!module || entryName.empty())
        return function ? sitesOf(function, {}) : std::vector<DotSiteRaw>{};

    std::vector<FunctionMeta> functions;
    auto find = [&](const std::string& name) -> const FunctionMeta* {
        for (const auto& f : functions)
            if (f.name == name)
                return &f;
        return nullptr;
    };
    for (const Node* n : py::walk(module)) {
        if (!(n->is(Kind::FunctionDef) || n->is(Kind::AsyncFunctionDef)) || find(n->str("name")))
            continue;
        FunctionMeta meta{n->str("name"), n, {}};
        for (const char* field : {"posonlyargs", "args", "kwonlyargs"})
            for (const Node* a : n->child("args")->list(field))
                meta.params.push_back(a->str("arg"));
        functions.push_back(std::move(meta));
    }
    if (!find(entryName))
        return {};

    std::vector<CallSite> calls;
    for (const auto& caller : functions)
        for (const Node* n : py::walk(caller.node)) {
            if (!n->is(Kind::Call) || !n->child("func")->is(Kind::Name))
                continue;
            const FunctionMeta* callee = find(n->child("func")->id());
            if (!callee)
                continue;
            CallSite site{caller.name, callee->name, std::vector<const Node*>(callee->params.size(), nullptr), n->line};
            for (std::size_t i = 0; i < n->list("args").size() && i < site.args.size(); ++i)
                site.args[i] = n->list("args")[i];
            for (std::size_t i = 0; i < callee->params.size(); ++i)
                if (!site.args[i])
                    if (const Node* v = keywordValue(n, callee->params[i].c_str()))
                        site.args[i] = v;
            calls.push_back(std::move(site));
        }
    std::stable_sort(calls.begin(), calls.end(), [](const CallSite& a, const CallSite& b) {
        return std::tie(a.caller, a.line, a.callee) < std::tie(b.caller, b.line, b.callee);
    });

    std::vector<DotSiteRaw> emitted;
    std::set<std::string> active;
    std::function<void(const std::string&, const std::map<std::string, std::string>&, const Roles&)> walk =
        [&](const std::string& name, const std::map<std::string, std::string>& symbols, const Roles& paramRoles) {
            if (active.count(name))
                return;
            const FunctionMeta* meta = find(name);
            if (!meta)
                return;
            active.insert(name);
            const bool dots = hasDotSites(meta->node);
            const bool calling = std::any_of(calls.begin(), calls.end(), [&](const CallSite& c) { return c.caller == name; });
            const Roles localRoles = dots || calling ? annotateRoles(meta->node, paramRoles) : Roles{};
            for (DotSiteRaw site : dots ? sitesWithRoles(meta->node, localRoles) : std::vector<DotSiteRaw>{}) {
                site.siteId = int(emitted.size());
                for (auto* field : {&site.m, &site.n, &site.k, &site.lhs, &site.rhs, &site.mTotal, &site.nTotal,
                                    &site.kTotal})
                    *field = mapped(symbols, *field);
                emitted.push_back(std::move(site));
            }
            for (const CallSite& call : calls) {
                if (call.caller != name)
                    continue;
                const FunctionMeta* callee = find(call.callee);
                std::map<std::string, std::string> calleeSymbols;
                Roles calleeRoles;
                for (std::size_t i = 0; i < callee->params.size() && i < call.args.size(); ++i) {
                    const Node* arg = call.args[i];
                    if (!arg)
                        continue;
                    calleeSymbols[callee->params[i]] = argText(arg, symbols);
                    const bool transposed = isTransposeCall(arg);
                    const Node* base = transposed && !arg->list("args").empty() ? arg->list("args")[0] : arg;
                    const auto tname = tensorName(base);
                    if (!tname)
                        continue;
                    const auto it = localRoles.find(*tname);
                    if (it == localRoles.end())
                        continue;
                    Role role = transposed ? *swapRole(it->second) : it->second;
                    for (auto* field : {&role.row, &role.col, &role.totalRow, &role.totalCol})
                        *field = mapped(symbols, *field);
                    calleeRoles[callee->params[i]] = role;
                }
                walk(call.callee, calleeSymbols, calleeRoles);
            }
            active.erase(name);
        };
    walk(entryName, {}, {});
    return dedupe(std::move(emitted));
}

} // namespace ts::analysis::cube
