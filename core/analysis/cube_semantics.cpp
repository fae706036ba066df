// The 2026-08 backend's assignment tracking (dsl_analysis/load_semantics.py and
// load_dependency_analyzer.py): which arange length and which global length stand behind each
// axis symbol, and which names derive from tl.load.
#include "core/analysis/cube_internal.h"

#include "core/analysis/pyrepr.h"

#include <algorithm>
#include <deque>

namespace ts::analysis::cube {

using py::Kind;
using py::Node;

void mergeInto(AssignMap& dst, const AssignMap& src)
{
    // Expressions are compared as ast.dump does; the same node is equal to itself, so a dump is
    // only made when the pointers differ (loop and branch copies share most of their nodes).
    for (const auto& [name, exprs] : src.items) {
        auto& bucket = dst.slot(name);
        std::vector<std::string> dumps;
        for (const Node* e : exprs) {
            if (std::find(bucket.begin(), bucket.end(), e) != bucket.end())
                continue;
            if (dumps.size() < bucket.size())
                for (std::size_t i = dumps.size(); i < bucket.size(); ++i)
                    dumps.push_back(astDump(bucket[i]));
            std::string dump = astDump(e);
            if (std::find(dumps.begin(), dumps.end(), dump) != dumps.end())
                continue;
            bucket.push_back(e);
            dumps.push_back(std::move(dump));
        }
    }
}

void targetNames(const Node* target, std::vector<std::string>& out)
{
    if (!target)
        return;
    if (target->is(Kind::Name))
        out.push_back(target->id());
    else if (target->is(Kind::Tuple) || target->is(Kind::List))
        for (const Node* e : target->list("elts"))
            targetNames(e, out);
}

void visitForAssignments(const Node* stmt, AssignMap& map, const Known& known)
{
    auto visitAll = [&](const std::vector<const Node*>& body, AssignMap& m) {
        for (const Node* s : body)
            visitForAssignments(s, m, known);
    };
    switch (stmt->kind) {
    case Kind::Assign: {
        std::vector<std::string> names;
        for (const Node* t : stmt->list("targets"))
            targetNames(t, names);
        for (const auto& n : names)
            map.slot(n) = {stmt->child("value")};
        return;
    }
    case Kind::AnnAssign: {
        if (!stmt->child("value"))
            return;
        std::vector<std::string> names;
        targetNames(stmt->child("target"), names);
        for (const auto& n : names)
            map.slot(n) = {stmt->child("value")};
        return;
    }
    case Kind::If: {
        const auto cond = resolveStaticBool(stmt->child("test"), known);
        if (cond) {
            visitAll(stmt->list(*cond ? "body" : "orelse"), map);
            return;
        }
        AssignMap body = map, orelse = map;
        visitAll(stmt->list("body"), body);
        visitAll(stmt->list("orelse"), orelse);
        map.items.clear();
        mergeInto(map, body);
        mergeInto(map, orelse);
        return;
    }
    case Kind::For:
    case Kind::While: {
        AssignMap loop = map;
        visitAll(stmt->list("body"), loop);
        visitAll(stmt->list("orelse"), loop);
        mergeInto(map, loop);
        return;
    }
    case Kind::With:
        visitAll(stmt->list("body"), map);
        return;
    default:
        return;
    }
}

AssignMap assignmentMap(const Node* function, const Known& known)
{
    AssignMap map;
    for (const Node* stmt : function->list("body"))
        visitForAssignments(stmt, map, known);
    return map;
}

std::set<std::string> nameIds(const Node* expr)
{
    std::set<std::string> out;
    for (const Node* n : py::walk(expr))
        if (n->is(Kind::Name))
            out.insert(n->id());
    return out;
}

namespace {

const std::set<std::string>& namesOfCached(const Node* expr, const AssignMap& map)
{
    auto it = map.namesOf.find(expr);
    if (it == map.namesOf.end())
        it = map.namesOf.emplace(expr, nameIds(expr)).first;
    return it->second;
}

} // namespace

// extract_name_depths_transitive: shortest assignment distance of every name reached.
std::map<std::string, int> nameDepths(const Node* expr, const AssignMap& map)
{
    std::map<std::string, int> depths;
    std::deque<std::string> queue;
    for (const auto& n : namesOfCached(expr, map)) {
        depths[n] = 0;
        queue.push_back(n);
    }
    while (!queue.empty()) {
        const std::string name = queue.front();
        queue.pop_front();
        const int next = depths[name] + 1;
        if (const auto* exprs = map.find(name))
            for (const Node* e : *exprs)
                for (const auto& sub : namesOfCached(e, map)) {
                    auto it = depths.find(sub);
                    if (it != depths.end() && it->second <= next)
                        continue;
                    depths[sub] = next;
                    queue.push_back(sub);
                }
    }
    return depths;
}

std::set<std::string> namesTransitive(const Node* expr, const AssignMap& map)
{
    if (auto it = map.transitiveOf.find(expr); it != map.transitiveOf.end())
        return it->second;
    std::set<std::string> out;
    for (const auto& [n, d] : nameDepths(expr, map))
        out.insert(n);
    map.transitiveOf.emplace(expr, out);
    return out;
}

std::optional<std::string> pickParam(const Node* expr, const std::set<std::string>& params,
                                     const std::set<std::string>& exclude, const AssignMap& map)
{
    const auto depths = nameDepths(expr, map);
    int best = -1;
    for (const auto& [n, d] : depths)
        if (params.count(n) && !exclude.count(n) && (best < 0 || d < best))
            best = d;
    if (best < 0)
        return std::nullopt;
    std::vector<std::string> candidates; // sorted: std::map order is byte order, as Python's
    for (const auto& [n, d] : depths)
        if (params.count(n) && !exclude.count(n) && d == best)
            candidates.push_back(n);
    for (const char* preferred : {"M", "N", "K"})
        if (std::find(candidates.begin(), candidates.end(), preferred) != candidates.end())
            return std::string(preferred);
    return candidates.front();
}

const Node* arangeStop(const Node* call)
{
    const auto& args = call->list("args");
    if (args.size() >= 2)
        return args[1];
    if (args.size() == 1)
        return args[0];
    for (const Node* kw : call->list("keywords"))
        if (kw->str("arg") == "end" || kw->str("arg") == "stop")
            return kw->child("value");
    return nullptr;
}

void preorder(const Node* node, std::vector<const Node*>& out)
{
    out.push_back(node);
    for (const Node* c : py::iterChildNodes(node))
        preorder(c, out);
}

// collect_arange_stop_texts: distinct stop texts in source order, with their first node.
std::vector<BlockSymbol> arangeStops(const Node* expr)
{
    std::vector<const Node*> nodes;
    preorder(expr, nodes);
    std::vector<BlockSymbol> out;
    for (const Node* n : nodes) {
        if (!isTlCallOf(n, "arange"))
            continue;
        const Node* stop = arangeStop(n);
        if (!stop)
            continue;
        std::string text = exprText(stop);
        if (std::none_of(out.begin(), out.end(), [&](const BlockSymbol& b) { return b.text == text; }))
            out.push_back({std::move(text), stop});
    }
    return out;
}

// extract_subscript_axis_info: (axis index, symbol) of x[:, None], x[None, :, None], ...
std::optional<std::pair<int, std::string>> subscriptAxisInfo(const Node* subscript)
{
    const auto symbol = subscriptBaseSymbol(subscript->child("value"));
    const Node* slice = subscript->child("slice");
    if (!symbol || !slice || !slice->is(Kind::Tuple))
        return std::nullopt;
    const auto& dims = slice->list("elts");
    if (dims.size() < 2 || dims.size() > 4)
        return std::nullopt;
    int axis = -1;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (isSliceAll(dims[i])) {
            if (axis >= 0)
                return std::nullopt;
            axis = int(i);
        } else if (!isNoneConstant(dims[i])) {
            return std::nullopt;
        }
    }
    if (axis < 0)
        return std::nullopt;
    return std::make_pair(axis, *symbol);
}

std::set<std::string> axisSymbolsIn(const Node* expr, const std::set<std::string>& candidates)
{
    std::set<std::string> out;
    for (const Node* n : py::walk(expr)) {
        if (n->is(Kind::Name) && candidates.count(n->id())) {
            out.insert(n->id());
            continue;
        }
        if (!n->is(Kind::Subscript))
            continue;
        if (const auto info = subscriptAxisInfo(n); info && candidates.count(info->second))
            out.insert(info->second);
    }
    return out;
}

std::set<std::string> paramNames(const Node* function)
{
    std::set<std::string> out;
    if (!function || !(function->is(Kind::FunctionDef) || function->is(Kind::AsyncFunctionDef)))
        return out;
    const Node* args = function->child("args");
    for (const char* field : {"posonlyargs", "args", "kwonlyargs"})
        for (const Node* a : args->list(field))
            out.insert(a->str("arg"));
    return out;
}

const Node* singleNameTarget(const Node* assign)
{
    if (!assign->is(Kind::Assign) || assign->list("targets").size() != 1)
        return nullptr;
    const Node* t = assign->list("targets")[0];
    return t->is(Kind::Name) ? t : nullptr;
}

std::set<std::string> axisCandidates(const Node* function, const std::set<std::string>* params)
{
    std::set<std::string> out;
    for (const Node* n : py::walk(function)) {
        const Node* target = singleNameTarget(n);
        if (!target)
            continue;
        const Node* value = n->child("value");
        if (isTlCallOf(value, "arange") || arangeStops(value).size() == 1 ||
            (value->is(Kind::BinOp) && value->op() == Kind::Mod)) {
            out.insert(target->id());
            continue;
        }
        for (const Node* sub : py::walk(value))
            if (sub->is(Kind::Subscript) && subscriptAxisInfo(sub)) {
                out.insert(target->id());
                break;
            }
    }
    if (params && !params->empty())
        for (const Node* n : py::walk(function))
            if (n->is(Kind::Subscript))
                if (const auto info = subscriptAxisInfo(n); info && params->count(info->second))
                    out.insert(info->second);
    return out;
}

std::map<std::string, BlockSymbol> blockSymbols(const Node* function, const std::set<std::string>& candidates,
                                                const AssignMap& map)
{
    std::map<std::string, BlockSymbol> blocks;
    for (const Node* n : py::walk(function)) {
        const Node* target = singleNameTarget(n);
        if (!target || !candidates.count(target->id()))
            continue;
        const auto stops = arangeStops(n->child("value"));
        if (stops.size() == 1)
            blocks[target->id()] = stops[0];
    }
    if (map.items.empty())
        return blocks;
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [symbol, exprs] : map.items) {
            if (blocks.count(symbol))
                continue;
            std::map<std::string, BlockSymbol> found;
            for (const Node* e : exprs)
                for (const auto& dep : namesTransitive(e, map))
                    if (dep != symbol)
                        if (auto it = blocks.find(dep); it != blocks.end())
                            found.emplace(it->second.text, it->second);
            if (found.size() != 1)
                continue;
            blocks[symbol] = found.begin()->second;
            changed = true;
        }
    }
    return blocks;
}

std::pair<const Node*, const Node*> rangeStopStep(const Node* loop)
{
    const Node* iter = loop->child("iter");
    if (!iter || !iter->is(Kind::Call))
        return {nullptr, nullptr};
    const Node* fn = iter->child("func");
    const bool isRange = fn && fn->is(Kind::Name) && fn->id() == "range";
    const bool isTlRange = fn && fn->is(Kind::Attribute) && fn->child("value") &&
                           fn->child("value")->is(Kind::Name) && fn->child("value")->id() == "tl" &&
                           fn->str("attr") == "range";
    if (!isRange && !isTlRange)
        return {nullptr, nullptr};
    const auto& args = iter->list("args");
    if (args.empty())
        return {nullptr, nullptr};
    if (args.size() == 1)
        return {args[0], nullptr};
    if (args.size() == 2)
        return {args[1], nullptr};
    return {args[1], args[2]};
}

bool isSliceAll(const Node* node)
{
    return node && node->is(Kind::Slice) && !node->child("lower") && !node->child("upper") && !node->child("step");
}

bool isNoneConstant(const Node* node)
{
    return node && node->is(Kind::Constant) && node->constant()->isNone();
}

bool isTlCallOf(const Node* node, const char* name)
{
    if (!node || !node->is(Kind::Call))
        return false;
    const Node* fn = node->child("func");
    return fn && fn->is(Kind::Attribute) && fn->child("value") && fn->child("value")->is(Kind::Name) &&
           fn->child("value")->id() == "tl" && fn->str("attr") == name;
}

std::optional<std::string> subscriptBaseSymbol(const Node* base)
{
    if (!base)
        return std::nullopt;
    if (base->is(Kind::Name))
        return base->id();
    if (isTlCallOf(base, "arange"))
        if (const Node* stop = arangeStop(base))
            return exprText(stop);
    const auto stops = arangeStops(base);
    if (stops.size() == 1)
        return stops[0].text;
    return std::nullopt;
}

std::optional<std::pair<std::string, int>> subscriptAxes2d(const Node* subscript)
{
    const auto symbol = subscriptBaseSymbol(subscript->child("value"));
    const Node* slice = subscript->child("slice");
    if (!symbol || !slice || !slice->is(Kind::Tuple) || slice->list("elts").size() != 2)
        return std::nullopt;
    const Node* first = slice->list("elts")[0];
    const Node* second = slice->list("elts")[1];
    if (isSliceAll(first) && isNoneConstant(second))
        return std::make_pair(*symbol, 0);
    if (isNoneConstant(first) && isSliceAll(second))
        return std::make_pair(*symbol, 1);
    return std::nullopt;
}

std::map<std::string, std::string> axisTotalSymbols(const Node* function)
{
    return axisTotalSymbols(function, Known{});
}

std::map<std::string, std::string> axisTotalSymbols(const Node* function, const Known& known)
{
    return axisTotalSymbols(function, assignmentMap(function, known));
}

std::map<std::string, std::string> axisTotalSymbols(const Node* function, const AssignMap& map)
{
    const std::set<std::string> params = paramNames(function);
    const std::set<std::string> candidates = axisCandidates(function, &params);
    const auto blocks = blockSymbols(function, candidates, map);
    std::map<std::string, std::string> totals;

    for (const Node* n : py::walk(function)) {
        const Node* target = singleNameTarget(n);
        if (!target || !candidates.count(target->id()))
            continue;
        const Node* value = n->child("value");
        if (!value->is(Kind::BinOp) || value->op() != Kind::Mod)
            continue;
        const auto picked = pickParam(value->child("right"), params, {target->id()}, map);
        totals[target->id()] = picked ? *picked : exprText(value->child("right"));
    }
    for (const Node* n : py::walk(function)) {
        if (!n->is(Kind::Compare) || n->list("ops").size() != 1 || n->list("comparators").size() != 1)
            continue;
        const Node* left = n->child("left");
        const Node* right = n->list("comparators")[0];
        const auto leftAxes = axisSymbolsIn(left, candidates);
        const auto rightAxes = axisSymbolsIn(right, candidates);
        auto assign = [&](const std::set<std::string>& only, const Node* other) {
            if (only.empty())
                return;
            if (const auto picked = pickParam(other, params, only, map))
                for (const auto& axis : only)
                    totals.emplace(axis, *picked);
        };
        std::set<std::string> leftOnly, rightOnly;
        std::set_difference(leftAxes.begin(), leftAxes.end(), rightAxes.begin(), rightAxes.end(),
                            std::inserter(leftOnly, leftOnly.end()));
        std::set_difference(rightAxes.begin(), rightAxes.end(), leftAxes.begin(), leftAxes.end(),
                            std::inserter(rightOnly, rightOnly.end()));
        assign(leftOnly, right);
        assign(rightOnly, left);
    }
    for (const Node* n : py::walk(function)) {
        if (!n->is(Kind::For))
            continue;
        const auto [stop, step] = rangeStopStep(n);
        if (!stop)
            continue;
        const auto total = pickParam(stop, params, {}, map);
        if (!total)
            continue;
        const auto stopNames = namesTransitive(stop, map);
        const auto stepNames = step ? namesTransitive(step, map) : std::set<std::string>{};
        if (stopNames.empty() && stepNames.empty())
            continue;
        for (const auto& [axis, block] : blocks) {
            if (totals.count(axis))
                continue;
            if (!stopNames.count(block.text) && !stepNames.count(block.text))
                continue;
            totals[axis] = *total;
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [symbol, exprs] : map.items) {
            if (totals.count(symbol))
                continue;
            const auto own = blocks.find(symbol);
            if (own == blocks.end())
                continue;
            std::set<std::string> found;
            for (const Node* e : exprs)
                for (const auto& dep : namesTransitive(e, map)) {
                    if (dep == symbol)
                        continue;
                    const auto total = totals.find(dep);
                    if (total == totals.end())
                        continue;
                    const auto depBlock = blocks.find(dep);
                    if (depBlock != blocks.end() && depBlock->second.text != own->second.text)
                        continue;
                    found.insert(total->second);
                }
            if (found.size() != 1)
                continue;
            totals[symbol] = *found.begin();
            changed = true;
        }
    }
    return totals;
}

std::map<std::string, BlockSymbol> axisBlockSymbols(const Node* function, const Known& known)
{
    const AssignMap map = assignmentMap(function, known);
    return blockSymbols(function, axisCandidates(function, nullptr), map);
}

namespace {

bool hasLoad(const Node* expr)
{
    for (const Node* n : py::walk(expr))
        if (isTlCallOf(n, "load"))
            return true;
    return false;
}

bool usesAny(const Node* expr, const std::set<std::string>& symbols)
{
    if (symbols.empty())
        return false;
    for (const Node* n : py::walk(expr))
        if (n->is(Kind::Name) && symbols.count(n->id()))
            return true;
    return false;
}

void visitForLoads(const Node* stmt, std::set<std::string>& derived, const Known& known)
{
    auto visitAll = [&](const std::vector<const Node*>& body, std::set<std::string>& d) {
        for (const Node* s : body)
            visitForLoads(s, d, known);
    };
    auto assign = [&](const std::vector<std::string>& names, const Node* value) {
        const bool isDerived = hasLoad(value) || usesAny(value, derived);
        for (const auto& n : names) {
            if (isDerived)
                derived.insert(n);
            else
                derived.erase(n);
        }
    };
    std::vector<std::string> names;
    switch (stmt->kind) {
    case Kind::Assign:
        for (const Node* t : stmt->list("targets"))
            targetNames(t, names);
        if (!names.empty() && stmt->child("value"))
            assign(names, stmt->child("value"));
        return;
    case Kind::AnnAssign:
        targetNames(stmt->child("target"), names);
        if (!names.empty() && stmt->child("value"))
            assign(names, stmt->child("value"));
        return;
    case Kind::AugAssign: {
        targetNames(stmt->child("target"), names);
        const bool isDerived = hasLoad(stmt->child("value")) || usesAny(stmt->child("value"), derived) ||
                               std::any_of(names.begin(), names.end(), [&](auto& n) { return derived.count(n) > 0; });
        if (isDerived)
            derived.insert(names.begin(), names.end());
        return;
    }
    case Kind::If: {
        const auto cond = resolveStaticBool(stmt->child("test"), known);
        if (cond) {
            visitAll(stmt->list(*cond ? "body" : "orelse"), derived);
            return;
        }
        auto body = derived, orelse = derived;
        visitAll(stmt->list("body"), body);
        visitAll(stmt->list("orelse"), orelse);
        derived = body;
        derived.insert(orelse.begin(), orelse.end());
        return;
    }
    case Kind::For:
    case Kind::While: {
        auto body = derived;
        visitAll(stmt->list("body"), body);
        visitAll(stmt->list("orelse"), body);
        derived.insert(body.begin(), body.end());
        return;
    }
    case Kind::With:
        visitAll(stmt->list("body"), derived);
        return;
    default:
        return;
    }
}

// _legacy_collect_load_derived_symbols over a module without the entry function.
std::set<std::string> legacyLoadDerived(const Node* tree)
{
    std::vector<std::pair<std::vector<std::string>, const Node*>> assignments;
    for (const Node* n : py::walk(tree)) {
        std::vector<std::string> names;
        if (n->is(Kind::Assign)) {
            for (const Node* t : n->list("targets"))
                targetNames(t, names);
        } else if (n->is(Kind::AnnAssign) || n->is(Kind::NamedExpr)) {
            targetNames(n->child("target"), names);
        } else {
            continue;
        }
        if (!names.empty() && n->child("value"))
            assignments.emplace_back(names, n->child("value"));
    }
    std::set<std::string> derived;
    for (const auto& [names, value] : assignments)
        if (isTlCallOf(value, "load"))
            derived.insert(names.begin(), names.end());
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [names, value] : assignments) {
            if (!usesAny(value, derived))
                continue;
            for (const auto& n : names)
                changed = derived.insert(n).second || changed;
        }
    }
    return derived;
}

} // namespace

std::set<std::string> loadDerivedSymbols(const Node* function, const Node* module, const std::string& entryName,
                                         const Known& known)
{
    const Node* entry = function;
    if (module) {
        entry = nullptr;
        for (const Node* n : py::walk(module))
            if ((n->is(Kind::FunctionDef) || n->is(Kind::AsyncFunctionDef)) && n->str("name") == entryName) {
                entry = n;
                break;
            }
        if (!entry || entryName.empty())
            return legacyLoadDerived(module);
    }
    std::set<std::string> derived;
    if (entry)
        for (const Node* stmt : entry->list("body"))
            visitForLoads(stmt, derived, known);
    return derived;
}

} // namespace ts::analysis::cube
