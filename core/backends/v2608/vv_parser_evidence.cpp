// What one offset symbol tells the 2026-08 v2 axis parse about its axis: program ids, mask and
// loop extents, split / tiling / fixed tiling candidates (vv_param_parser_v2.py's helpers).
#include "core/analysis/ast_match.h"
#include "core/backends/v2608/vv_parser_impl.h"

#include <algorithm>
#include <deque>
#include <unordered_set>

namespace ts::analysis::vv {

using py::Kind;
using py::Node;

namespace {

std::vector<const Node*> inOrder(const Node* node)
{
    std::vector<const Node*> out;
    if (node)
        cube::preorder(node, out);
    return out;
}

const std::vector<const Node*>& assigned(const AssignMap& map, const std::string& name)
{
    static const std::vector<const Node*> kNone;
    const auto* found = map.find(name);
    return found ? *found : kNone;
}

// _collect_symbol_dependency_names
std::set<std::string> dependencyNames(const std::string& symbol, const AssignMap& map)
{
    std::set<std::string> names{symbol};
    for (const Node* e : assigned(map, symbol))
        for (const std::string& n : cube::namesTransitive(e, map))
            names.insert(n);
    return names;
}

bool walkHasName(const Node* expr, const std::string& name)
{
    return py::walkUntil(expr, [&](const Node* n) { return n->is(Kind::Name) && n->id() == name; });
}

bool usesAny(const Node* expr, const std::set<std::string>& names)
{
    if (names.empty())
        return false;
    return py::walkUntil(expr, [&](const Node* n) { return n->is(Kind::Name) && names.count(n->id()); });
}

// _normalize_mask_extent_candidate_expr: `x < min(a, b)` keeps the one argument that does not
// depend on the symbol itself.
std::optional<std::string> minExtent(const Node* rhs, const std::string& symbol, const AssignMap& map)
{
    if (!rhs->is(Kind::Call) || !isName(rhs->child("func"), "min") || rhs->list("args").size() < 2)
        return std::nullopt;
    const std::set<std::string> deps = dependencyNames(symbol, map);
    const Node* preferred = nullptr;
    int count = 0;
    for (const Node* arg : rhs->list("args")) {
        const auto names = cube::namesTransitive(arg, map);
        if (std::any_of(names.begin(), names.end(), [&](const std::string& n) { return deps.count(n) > 0; }))
            continue;
        preferred = arg;
        ++count;
    }
    if (count != 1)
        return std::nullopt;
    return cube::exprText(preferred);
}

void addSplits(const Node* expr, const PidVars& pids, const std::set<std::string>& tunables,
               std::set<std::pair<std::string, int>>& seen, std::vector<SplitCandidate>& out)
{
    for (const Node* node : py::walk(expr)) {
        if (!node->is(Kind::BinOp) || node->op() != Kind::Mult)
            continue;
        const Node* left = node->child("left");
        const Node* right = node->child("right");
        for (const auto& [param, pidSide] : {std::pair{left, right}, std::pair{right, left}}) {
            if (!param || !param->is(Kind::Name) || !tunables.count(param->id()))
                continue;
            const auto dim = pidDimIn(pidSide, pids);
            if (!dim || !seen.emplace(param->id(), *dim).second)
                continue;
            out.push_back({param->id(), *dim, "program_id", 0.95});
        }
    }
}

} // namespace

std::optional<int> programIdDim(const Node* node)
{
    if (!isTlCall(node, "program_id"))
        return std::nullopt;
    auto literal = [](const Node* n) -> std::optional<int> {
        const py::ConstantValue* c = n && n->is(Kind::Constant) ? n->constant() : nullptr;
        if (c && c->isInt())
            return int(c->integer);
        if (c && c->type == py::ConstantValue::Type::Bool)
            return c->boolean ? 1 : 0;
        return std::nullopt;
    };
    int dim = 0;
    if (!node->list("args").empty()) {
        const auto d = literal(node->list("args")[0]);
        if (!d)
            return std::nullopt;
        dim = *d;
    }
    for (const Node* kw : node->list("keywords")) {
        if (kw->str("arg") != "axis")
            continue;
        const auto d = literal(kw->child("value"));
        if (!d)
            return std::nullopt;
        dim = *d;
        break;
    }
    return dim;
}

PidVars programIdVars(const Node* function)
{
    PidVars vars;
    for (const Node* n : inOrder(function)) {
        const Node* target = n->is(Kind::Assign) ? cube::singleNameTarget(n) : nullptr;
        if (!target)
            continue;
        if (const auto dim = programIdDim(n->child("value")))
            vars[target->id()] = *dim;
    }
    return vars;
}

std::optional<int> pidDimIn(const Node* expr, const PidVars& vars)
{
    // ast.walk(None) raises AttributeError upstream; callers that can pass null check first.
    if (!expr)
        throw VvRaise{"AttributeError: 'NoneType' object has no attribute '_fields'"};
    std::optional<int> dim;
    py::walkUntil(expr, [&](const Node* n) {
        if (n->is(Kind::Name)) {
            if (auto it = vars.find(n->id()); it != vars.end()) {
                dim = it->second;
                return true;
            }
        }
        dim = programIdDim(n);
        return dim.has_value();
    });
    return dim;
}

const std::vector<const Node*>& exprClosure(const Node* expr, const AssignMap& map)
{
    if (auto it = map.closureOf.find(expr); it != map.closureOf.end())
        return it->second;
    std::vector<const Node*> out;
    std::unordered_set<const Node*> seen;
    std::deque<const Node*> queue{expr};
    while (!queue.empty()) {
        const Node* current = queue.front();
        queue.pop_front();
        if (!seen.insert(current).second)
            continue;
        out.push_back(current);
        for (const Node* n : inOrder(current))
            if (n->is(Kind::Name))
                for (const Node* e : assigned(map, n->id()))
                    queue.push_back(e);
    }
    return map.closureOf.emplace(expr, std::move(out)).first->second;
}

const Node* memoryPointer(const Node* call)
{
    if (!call->list("args").empty())
        return call->list("args")[0];
    for (const Node* kw : call->list("keywords"))
        if (kw->str("arg") == "pointer" || kw->str("arg") == "ptr" || kw->str("arg") == "input")
            return kw->child("value");
    return nullptr;
}

std::string classifyLength(const std::string& text, const Signature& sig)
{
    if (cube::literalInt(text))
        return "fixed_compile_time";
    if (sig.constexprs.count(text))
        return sig.provided.count(text) ? "fixed_compile_time" : "tunable";
    const std::set<std::string> names = cube::namesInText(text);
    if (names.empty())
        return "runtime_non_tunable";
    if (std::all_of(names.begin(), names.end(), [&](const std::string& n) { return sig.constexprs.count(n) > 0; }))
        return std::all_of(names.begin(), names.end(), [&](const std::string& n) { return sig.provided.count(n) > 0; })
                   ? "fixed_compile_time"
                   : "tunable";
    return "runtime_non_tunable";
}

std::vector<ExtentCandidate> maskExtents(const std::string& symbol, const std::vector<const Node*>& nodes,
                                         const AssignMap& map, const std::set<std::string>& loadDerived)
{
    std::vector<ExtentCandidate> out;
    std::set<std::string> seen;
    for (const Node* node : nodes) {
        if (!node->is(Kind::Compare) || node->list("ops").size() != 1 || !node->list("ops")[0]->is(Kind::Lt) ||
            node->list("comparators").size() != 1)
            continue;
        const Node* left = node->child("left");
        bool hit = false;
        for (const Node* e : exprClosure(left, map))
            if ((hit = walkHasName(e, symbol)))
                break;
        if (!hit || usesAny(left, loadDerived))
            continue;
        const bool direct = walkHasName(left, symbol);
        const Node* rhs = node->list("comparators")[0];
        std::string text = minExtent(rhs, symbol, map).value_or(cube::exprText(rhs));
        if (!seen.insert(text).second)
            continue;
        out.push_back({std::move(text), direct ? "mask_direct" : "mask_indirect", direct ? 1.0 : 0.6});
    }
    return out;
}

std::vector<ExtentCandidate> loopStopExtents(const std::string& symbol, const std::vector<const Node*>& nodes,
                                             const AssignMap& map)
{
    std::vector<ExtentCandidate> out;
    std::set<std::string> seen;
    const std::set<std::string> deps = dependencyNames(symbol, map);
    for (const Node* node : nodes) {
        if (!node->is(Kind::For) || !node->child("target")->is(Kind::Name) || !deps.count(node->child("target")->id()))
            continue;
        const Node* stop = cube::rangeStopStep(node).first;
        if (!stop)
            continue;
        std::string text = cube::exprText(stop);
        if (seen.insert(text).second)
            out.push_back({std::move(text), "loop", 0.7});
    }
    return out;
}

std::map<std::string, std::string> loopSteps(const Node* function)
{
    std::map<std::string, std::string> steps;
    for (const Node* node : py::walk(function)) {
        if (!node->is(Kind::For) || !node->child("target")->is(Kind::Name))
            continue;
        if (const Node* step = cube::rangeStopStep(node).second)
            steps[node->child("target")->id()] = cube::exprText(step);
    }
    return steps;
}

UserMap symbolUsers(const AssignMap& map)
{
    UserMap users;
    for (const auto& [name, exprs] : map.items)
        for (const Node* e : exprs) {
            std::set<std::string> seen;
            for (const Node* n : py::walk(e)) {
                if (!n->is(Kind::Subscript))
                    continue;
                if (const auto info = cube::subscriptAxisInfo(n); info && seen.insert(info->second).second)
                    users[info->second].push_back(e);
            }
        }
    return users;
}

std::vector<SplitCandidate> splitCandidates(const std::string& symbol, const AssignMap& map, const PidVars& pids,
                                            const std::set<std::string>& tunables, const UserMap& users)
{
    std::vector<const Node*> exprs = assigned(map, symbol);
    if (auto it = users.find(symbol); it != users.end())
        exprs.insert(exprs.end(), it->second.begin(), it->second.end());
    std::vector<SplitCandidate> out;
    std::set<std::pair<std::string, int>> seen;
    for (const Node* e : exprs)
        for (const Node* current : exprClosure(e, map))
            addSplits(current, pids, tunables, seen, out);
    return out;
}

std::vector<SplitCandidate> splitCandidatesIn(const Node* expr, const PidVars& pids, const std::set<std::string>& tunables)
{
    std::vector<SplitCandidate> out;
    std::set<std::pair<std::string, int>> seen;
    if (expr)
        addSplits(expr, pids, tunables, seen, out);
    return out;
}

std::vector<TilingCandidate> tilingCandidates(const std::string& symbol, const AssignMap& map,
                                              const std::set<std::string>& tunables,
                                              const std::map<std::string, std::string>& steps)
{
    std::vector<TilingCandidate> out;
    std::set<std::tuple<std::string, std::string, std::string>> seen;
    auto add = [&](const std::string& param, const std::string& loopVar, const char* source, double confidence) {
        if (seen.emplace(param, loopVar, source).second)
            out.push_back({param, loopVar, source, confidence});
    };
    for (const Node* e : assigned(map, symbol))
        for (const Node* current : exprClosure(e, map)) {
            for (const cube::BlockSymbol& stop : cube::arangeStops(current))
                if (tunables.count(stop.text))
                    add(stop.text, "", "arange", 0.9);
            for (const Node* n : py::walk(current)) {
                if (!n->is(Kind::BinOp) || n->op() != Kind::Mult)
                    continue;
                const Node* l = n->child("left");
                const Node* r = n->child("right");
                if (!l->is(Kind::Name) || !r->is(Kind::Name))
                    continue;
                if (steps.count(l->id()) && tunables.count(r->id()))
                    add(r->id(), l->id(), "range", 0.75);
                if (steps.count(r->id()) && tunables.count(l->id()))
                    add(l->id(), r->id(), "range", 0.75);
            }
        }
    return out;
}

std::vector<FixedCandidate> fixedTilingCandidates(const std::string& symbol, const AssignMap& map, const Signature& sig)
{
    std::vector<FixedCandidate> out;
    std::set<std::string> seen;
    for (const Node* e : assigned(map, symbol))
        for (const Node* current : exprClosure(e, map))
            for (const cube::BlockSymbol& stop : cube::arangeStops(current))
                if (classifyLength(stop.text, sig) == "fixed_compile_time" && seen.insert(stop.text).second)
                    out.push_back({stop.text, "arange", 0.9, stop.node});
    return out;
}

std::optional<int> inferPidDim(const std::string& symbol, const std::vector<const Node*>& nodes, const AssignMap& map,
                               const PidVars& pids)
{
    std::vector<int> found;
    for (const Node* e : assigned(map, symbol))
        if (const auto dim = pidDimIn(e, pids); dim && std::find(found.begin(), found.end(), *dim) == found.end())
            found.push_back(*dim);
    const std::set<std::string> deps = dependencyNames(symbol, map);
    for (const Node* node : nodes) {
        if (!node->is(Kind::For) || !node->child("target")->is(Kind::Name) || !deps.count(node->child("target")->id()))
            continue;
        const Node* iter = node->child("iter");
        // _extract_range_start_expr: the first argument of any call with two or more; a loop
        // without one makes upstream walk None, which raises.
        const Node* start = iter && iter->is(Kind::Call) && iter->list("args").size() >= 2 ? iter->list("args")[0] : nullptr;
        if (!start)
            throw VvRaise{"AttributeError: 'NoneType' object has no attribute '_fields'", node->line, node->col + 1};
        if (const auto dim = pidDimIn(start, pids); dim && std::find(found.begin(), found.end(), *dim) == found.end())
            found.push_back(*dim);
    }
    if (found.size() == 1)
        return found[0];
    return std::nullopt;
}

std::map<std::string, std::string> symbolLengths(const Node* function)
{
    std::map<std::string, std::string> lengths;
    AssignMap last; // name -> its last assigned expression, in first-assignment order
    for (const Node* n : inOrder(function)) {
        const Node* target = n->is(Kind::Assign) ? cube::singleNameTarget(n) : nullptr;
        if (!target)
            continue;
        const Node* value = n->child("value");
        last.slot(target->id()) = {value};
        if (isTlCall(value, "arange")) {
            if (const Node* stop = cube::arangeStop(value))
                lengths[target->id()] = cube::exprText(stop);
            continue;
        }
        const auto stops = cube::arangeStops(value);
        if (stops.size() == 1)
            lengths[target->id()] = stops[0].text;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [name, exprs] : last.items) {
            if (lengths.count(name))
                continue;
            const Node* e = exprs.front();
            if (e->is(Kind::Name))
                if (auto it = lengths.find(e->id()); it != lengths.end()) {
                    lengths[name] = it->second;
                    changed = true;
                }
        }
    }
    return lengths;
}

} // namespace ts::analysis::vv
