// The 2026-08 v2 axis parse (vv_param_parser_v2.py's parse_vv_axis_semantic_v2): the site walk,
// the choice of the best site and of each axis' extent, split, tiling and fixed tiling.
#include "core/analysis/ast_match.h"
#include "core/backends/v2608/vv_parser_impl.h"
#include "core/util/message.h"

#include <algorithm>
#include <array>
#include <tuple>

namespace ts::analysis {
namespace vv {
namespace {

using py::Kind;
using py::Node;

constexpr std::array<std::string_view, 6> kAxisNames = {"x", "y", "z", "w", "v", "t"};
constexpr std::array<std::string_view, 6> kReductions = {"sum", "xor_sum", "max", "min", "argmax", "argmin"};

struct SubscriptAxis {
    int index = 0;
    std::string symbol;
    int ndim = 0;
};

// _extract_subscript_axis_info with the subscript's rank.
std::optional<SubscriptAxis> subscriptAxis(const Node* subscript)
{
    const auto info = cube::subscriptAxisInfo(subscript);
    if (!info)
        return std::nullopt;
    return SubscriptAxis{info->first, info->second, int(subscript->child("slice")->list("elts").size())};
}

bool hasAxisPrimitive(const Node* expr, const PidVars& pids)
{
    return py::walkUntil(expr, [&](const Node* n) {
        return isTlCall(n, "arange") || (n->is(Kind::Name) && pids.count(n->id())) || programIdDim(n).has_value();
    });
}

// _collect_ptr_axis_symbols, with its provenance cache shared over one top-level call.
class PtrWalk {
public:
    PtrWalk(const AssignMap& map, const PidVars& pids, const std::set<std::string>& candidates)
        : m_map(map), m_pids(pids), m_candidates(candidates)
    {
        for (const auto& [name, exprs] : map.items)
            for (const Node* e : exprs)
                m_owners[e] = name;
    }

    PtrAxes run(const Node* ptr);

private:
    std::string resolve(const std::string& symbol, int index);
    std::vector<std::string> offsetSymbols(const Node* ptr) const;

    const AssignMap& m_map;
    const PidVars& m_pids;
    const std::set<std::string>& m_candidates;
    std::map<const Node*, std::string> m_owners;
    std::map<std::string, std::map<int, std::string>> m_provenance;
    std::set<std::pair<std::string, int>> m_visiting;
};

std::string PtrWalk::resolve(const std::string& symbol, int index)
{
    if (m_candidates.count(symbol))
        return symbol;
    if (auto it = m_provenance.find(symbol); it != m_provenance.end())
        if (auto at = it->second.find(index); at != it->second.end())
            return at->second;
    if (!m_visiting.emplace(symbol, index).second)
        return symbol;
    std::string result = symbol;
    if (const auto* exprs = m_map.find(symbol))
        for (const Node* e : *exprs) {
            const Node* base = e;
            if (e->is(Kind::Call))
                if (const Node* pointer = memoryPointer(e))
                    base = pointer;
            const PtrAxes inner = run(base);
            if (std::find(inner.indices.begin(), inner.indices.end(), index) == inner.indices.end())
                continue;
            auto found = inner.symbols.find(index);
            result = found != inner.symbols.end() ? found->second : symbol;
            m_provenance[symbol][index] = result;
            break;
        }
    m_visiting.erase({symbol, index});
    return result;
}

// _collect_offset_symbols_from_expr: names (one level deep) assigned from an arange or a
// program id.
std::vector<std::string> PtrWalk::offsetSymbols(const Node* ptr) const
{
    std::vector<std::string> symbols;
    std::set<std::string> seen;
    std::deque<std::pair<std::string, int>> queue;
    std::vector<const Node*> nodes;
    cube::preorder(ptr, nodes);
    for (const Node* n : nodes)
        if (n->is(Kind::Name) && seen.insert(n->id()).second)
            queue.emplace_back(n->id(), 0);
    while (!queue.empty()) {
        const auto [name, depth] = queue.front();
        queue.pop_front();
        const auto* exprs = m_map.find(name);
        if (!exprs || exprs->empty())
            continue;
        if (std::any_of(exprs->begin(), exprs->end(), [&](const Node* e) { return hasAxisPrimitive(e, m_pids); })) {
            symbols.push_back(name);
            continue;
        }
        if (depth >= 1)
            continue;
        for (const Node* e : *exprs) {
            std::vector<const Node*> sub;
            cube::preorder(e, sub);
            for (const Node* n : sub)
                if (n->is(Kind::Name) && seen.insert(n->id()).second)
                    queue.emplace_back(n->id(), depth + 1);
        }
    }
    return symbols;
}

PtrAxes PtrWalk::run(const Node* ptr)
{
    PtrAxes out;
    const std::string root = ptr->is(Kind::Name) ? ptr->id() : std::string();
    for (const Node* current : exprClosure(ptr, m_map)) {
        const auto owner = m_owners.find(current);
        const std::string* ownerName = owner != m_owners.end() ? &owner->second : nullptr;
        std::vector<const Node*> nodes;
        cube::preorder(current, nodes);
        for (const Node* node : nodes) {
            if (!node->is(Kind::Subscript))
                continue;
            auto info = subscriptAxis(node);
            if (!info || out.symbols.count(info->index))
                continue;
            std::string symbol = resolve(info->symbol, info->index);
            // `row = ... + tl.arange(0, B)[:, None]`: the assignment's variable, not B.
            if (isTlCall(node->child("value"), "arange") && ownerName && *ownerName != root)
                symbol = *ownerName;
            else if (ownerName && *ownerName != root && !m_candidates.empty() && m_candidates.count(*ownerName) &&
                     !m_candidates.count(symbol))
                symbol = *ownerName;
            out.symbols[info->index] = symbol;
            out.lowDim[info->index] = info->index == info->ndim - 1;
        }
    }
    if (!out.symbols.empty()) {
        for (const auto& [index, symbol] : out.symbols)
            out.indices.push_back(index);
        return out;
    }
    std::vector<std::string> fallback = offsetSymbols(ptr);
    if (fallback.empty())
        return out;
    if (!m_candidates.empty()) {
        std::vector<std::string> preferred;
        for (const std::string& s : fallback)
            if (m_candidates.count(s))
                preferred.push_back(s);
        if (!preferred.empty())
            fallback = std::move(preferred);
    }
    for (std::size_t i = 0; i < fallback.size(); ++i) {
        out.indices.push_back(int(i));
        out.symbols[int(i)] = fallback[i];
        out.lowDim[int(i)] = i + 1 == fallback.size();
    }
    return out;
}

struct Evidence {
    int index = 0;
    std::optional<std::string> symbol;
    std::vector<ExtentCandidate> extents;
    std::vector<SplitCandidate> splits;
    std::vector<TilingCandidate> tilings;
    std::vector<FixedCandidate> fixeds;
    bool lowDim = false;
};

// One load / store / block pointer: its dimensions in the order first met, and where it is.
struct Site {
    std::vector<Evidence> dims;
    const Node* at = nullptr;

    Evidence& ensure(int index)
    {
        for (Evidence& e : dims)
            if (e.index == index)
                return e;
        dims.push_back(Evidence{index});
        return dims.back();
    }
    void extent(int index, const std::string& expr, const std::string& source, double confidence)
    {
        if (expr.empty())
            return;
        Evidence& e = ensure(index);
        for (const ExtentCandidate& c : e.extents)
            if (c.expr == expr && c.source == source)
                return;
        e.extents.push_back({expr, source, confidence});
    }
    void split(int index, const SplitCandidate& s)
    {
        Evidence& e = ensure(index);
        for (const SplitCandidate& c : e.splits)
            if (c.param == s.param && c.pidDim == s.pidDim && c.source == s.source)
                return;
        e.splits.push_back(s);
    }
    void tiling(int index, const TilingCandidate& t)
    {
        Evidence& e = ensure(index);
        for (const TilingCandidate& c : e.tilings)
            if (c.param == t.param && c.loopVar == t.loopVar && c.source == t.source)
                return;
        e.tilings.push_back(t);
    }
    void fixed(int index, const FixedCandidate& f)
    {
        if (f.expr.empty())
            return;
        Evidence& e = ensure(index);
        for (const FixedCandidate& c : e.fixeds)
            if (c.expr == f.expr && c.source == f.source)
                return;
        e.fixeds.push_back(f);
    }
};

struct BlockPtrSpec {
    std::vector<std::string> shape;
    std::vector<const Node*> blockShape;
    std::vector<const Node*> offsets;
};

const Node* callArg(const Node* call, std::string_view keyword, std::size_t position)
{
    for (const Node* kw : call->list("keywords"))
        if (kw->str("arg") == keyword)
            return kw->child("value");
    const auto& args = call->list("args");
    return args.size() > position ? args[position] : nullptr;
}

std::vector<const Node*> tupleItems(const Node* node)
{
    if (!node || !(node->is(Kind::Tuple) || node->is(Kind::List)))
        return {};
    return node->list("elts");
}

std::optional<BlockPtrSpec> blockPtrSpec(const Node* call)
{
    const auto shape = tupleItems(callArg(call, "shape", 1));
    if (shape.empty())
        return std::nullopt;
    BlockPtrSpec spec;
    for (const Node* item : shape)
        spec.shape.push_back(cube::exprText(item));
    spec.blockShape = tupleItems(callArg(call, "block_shape", 4));
    spec.offsets = tupleItems(callArg(call, "offsets", 3));
    return spec;
}

struct Context {
    const Node* function = nullptr;
    std::vector<const Node*> nodes; // ast.walk order
    Signature sig;
    std::set<std::string> loadDerived;
    AssignMap map;
    UserMap users;
    std::map<std::string, std::string> lengths;
    PidVars pids;
    std::map<std::string, std::string> steps;
    std::set<std::string> candidates;
    std::map<std::string, std::string> totals;
    std::map<std::string, BlockPtrSpec> specs;

    // What each offset symbol says, computed once (it depends on the symbol alone).
    struct SymbolEvidence {
        std::vector<ExtentCandidate> extents;
        std::vector<SplitCandidate> splits;
        std::vector<TilingCandidate> tilings;
        std::vector<FixedCandidate> fixeds;
    };
    mutable std::map<std::string, SymbolEvidence> bySymbol;
    const SymbolEvidence& evidenceOf(const std::string& symbol) const;
};

const Context::SymbolEvidence& Context::evidenceOf(const std::string& symbol) const
{
    if (auto it = bySymbol.find(symbol); it != bySymbol.end())
        return it->second;
    SymbolEvidence e;
    if (auto total = totals.find(symbol); total != totals.end() && !total->second.empty())
        e.extents.push_back({total->second, "infer_total", 0.85});
    for (const ExtentCandidate& c : maskExtents(symbol, nodes, map, loadDerived))
        e.extents.push_back(c);
    for (const ExtentCandidate& c : loopStopExtents(symbol, nodes, map))
        e.extents.push_back(c);
    if (auto length = lengths.find(symbol); length != lengths.end())
        e.extents.push_back({length->second, "load", 0.4});
    e.splits = splitCandidates(symbol, map, pids, sig.tunables, users);
    e.tilings = tilingCandidates(symbol, map, sig.tunables, steps);
    e.fixeds = fixedTilingCandidates(symbol, map, sig);
    return bySymbol.emplace(symbol, std::move(e)).first->second;
}

void addSpec(const Context& cx, Site& site, const BlockPtrSpec& spec)
{
    for (std::size_t i = 0; i < spec.shape.size(); ++i)
        site.extent(int(i), spec.shape[i], "make_block_ptr", 0.6);
    for (std::size_t i = 0; i < spec.offsets.size(); ++i)
        for (const SplitCandidate& s : splitCandidatesIn(spec.offsets[i], cx.pids, cx.sig.tunables))
            site.split(int(i), s);
    for (std::size_t i = 0; i < spec.blockShape.size(); ++i) {
        const std::string text = cube::exprText(spec.blockShape[i]);
        if (cube::isIdentifier(text) && cx.sig.tunables.count(text)) {
            site.tiling(int(i), {text, "", "make_block_ptr", 0.85});
            continue;
        }
        if (!text.empty() && classifyLength(text, cx.sig) == "fixed_compile_time")
            site.fixed(int(i), {text, "make_block_ptr", 0.8, spec.blockShape[i]});
    }
}

void addPointerSite(const Context& cx, Site& site, const Node* ptr)
{
    PtrWalk walk(cx.map, cx.pids, cx.candidates);
    const PtrAxes axes = walk.run(ptr);
    if (axes.indices.empty()) {
        std::vector<std::string> stops;
        for (const Node* e : exprClosure(ptr, cx.map))
            for (const cube::BlockSymbol& b : cube::arangeStops(e))
                if (std::find(stops.begin(), stops.end(), b.text) == stops.end())
                    stops.push_back(b.text);
        for (std::size_t i = 0; i < stops.size(); ++i)
            site.extent(int(i), stops[i], "load", 0.5);
        return;
    }
    for (int index : axes.indices) {
        Evidence& e = site.ensure(index);
        const std::string& symbol = axes.symbols.at(index);
        if (!e.symbol)
            e.symbol = symbol;
        e.lowDim = e.lowDim || axes.lowDim.at(index);
        if (symbol.empty())
            continue;
        const Context::SymbolEvidence& found = cx.evidenceOf(symbol);
        for (const ExtentCandidate& c : found.extents)
            site.extent(index, c.expr, c.source, c.confidence);
        for (const SplitCandidate& s : found.splits)
            site.split(index, s);
        for (const TilingCandidate& t : found.tilings)
            site.tiling(index, t);
        for (const FixedCandidate& f : found.fixeds)
            site.fixed(index, f);
    }
}

std::vector<Site> collectSites(const Context& cx)
{
    std::vector<Site> sites;
    std::vector<const Node*> nodes;
    cube::preorder(cx.function, nodes);
    for (const Node* node : nodes) {
        Site site;
        site.at = node;
        if (isTlCall(node, "make_block_ptr")) {
            if (const auto spec = blockPtrSpec(node))
                addSpec(cx, site, *spec);
        } else if (isTlCall(node, "load") || isTlCall(node, "store")) {
            const Node* ptr = memoryPointer(node);
            if (!ptr)
                continue;
            if (ptr->is(Kind::Name) && cx.specs.count(ptr->id())) {
                addSpec(cx, site, cx.specs.at(ptr->id()));
            } else if (isTlCall(ptr, "make_block_ptr")) {
                if (const auto spec = blockPtrSpec(ptr))
                    addSpec(cx, site, *spec);
            } else {
                addPointerSite(cx, site, ptr);
            }
        } else {
            continue;
        }
        if (!site.dims.empty())
            sites.push_back(std::move(site));
    }
    return sites;
}

// _choose_best_site_evidence. Its source scores name "mask", which no candidate carries (they
// are "mask_direct" / "mask_indirect"), so a mask counts only through its confidence.
const Site* bestSite(const std::vector<Site>& sites)
{
    auto quality = [](const Evidence& e) {
        std::pair<int, double> best{0, 0.0};
        for (const ExtentCandidate& c : e.extents) {
            const int score = c.source == "infer_total" ? 4 : c.source == "loop" ? 3 : c.source == "make_block_ptr" ? 2
                              : c.source == "load"                                ? 1
                                                                                  : 0;
            if (std::pair{score, c.confidence} > best)
                best = {score, c.confidence};
        }
        return best;
    };
    auto score = [&](const Site& site) {
        int resolved = 0, sources = 0;
        double confidence = 0.0;
        for (const Evidence& e : site.dims) {
            resolved += e.extents.empty() ? 0 : 1;
            sources += quality(e).first;
        }
        for (const Evidence& e : site.dims)
            confidence += quality(e).second;
        return std::tuple{resolved, sources, confidence, int(site.dims.size())};
    };
    const Site* best = nullptr;
    std::tuple<int, int, double, int> bestScore{};
    for (const Site& site : sites) {
        const auto s = score(site);
        if (!best || s > bestScore) {
            best = &site;
            bestScore = s;
        }
    }
    return best;
}

// _collect_reduction_axis_indices: the literal axis argument of tl.sum / max / ... calls.
std::vector<int> reductionIndices(const Node* function, int axisCount)
{
    std::vector<int> out;
    if (axisCount <= 0)
        return out;
    auto literal = [](const Node* n) -> std::optional<std::int64_t> {
        const py::ConstantValue* c = n && n->is(Kind::Constant) ? n->constant() : nullptr;
        if (c && c->isInt())
            return c->integer;
        if (c && c->type == py::ConstantValue::Type::Bool)
            return c->boolean ? 1 : 0;
        return std::nullopt;
    };
    for (const Node* node : py::walk(function)) {
        const std::string_view name = tlCallName(node);
        if (name.empty() || std::find(kReductions.begin(), kReductions.end(), name) == kReductions.end())
            continue;
        const Node* axis = nullptr;
        if (node->list("args").size() >= 2)
            axis = node->list("args")[1];
        else
            for (const Node* kw : node->list("keywords"))
                if (kw->str("arg") == "axis") {
                    axis = kw->child("value");
                    break;
                }
        if (!axis)
            continue;
        std::optional<std::int64_t> index = literal(axis);
        if (!index && axis->is(Kind::UnaryOp) && axis->op() == Kind::USub)
            if (const auto v = literal(axis->child("operand")))
                index = -*v;
        if (!index)
            continue;
        if (*index < 0)
            *index += axisCount;
        if (*index < 0 || *index >= axisCount)
            continue;
        if (std::find(out.begin(), out.end(), int(*index)) == out.end())
            out.push_back(int(*index));
    }
    return out;
}

Context buildContext(const VvInput2608& input)
{
    Context cx;
    cx.function = input.function;
    cx.nodes = py::walk(input.function);
    cx.sig.constexprs = {input.constexprNames.begin(), input.constexprNames.end()};
    for (const LaunchArgument& a : input.provided)
        cx.sig.provided.insert(a.name);
    cx.sig.known = cube::knownScalars(input.provided);
    for (const std::string& name : input.constexprNames)
        if (!cx.sig.provided.count(name))
            cx.sig.tunables.insert(name);
    cx.sig.tunables.insert(input.explicitTunable.begin(), input.explicitTunable.end());
    cx.loadDerived = cube::loadDerivedSymbols(input.function, nullptr, input.function->str("name"), cx.sig.known);
    std::vector<const Node*> nodes;
    cube::preorder(input.function, nodes);
    for (const Node* n : nodes) {
        const Node* target = n->is(Kind::Assign) ? cube::singleNameTarget(n) : nullptr;
        if (target && isTlCall(n->child("value"), "make_block_ptr"))
            if (auto spec = blockPtrSpec(n->child("value")))
                cx.specs[target->id()] = std::move(*spec);
    }
    cx.map = cube::assignmentMap(input.function, cx.sig.known);
    cx.users = symbolUsers(cx.map);
    cx.lengths = symbolLengths(input.function);
    cx.pids = programIdVars(input.function);
    cx.steps = loopSteps(input.function);
    const std::set<std::string> params = cube::paramNames(input.function);
    cx.candidates = cube::axisCandidates(input.function, &params);
    cx.totals = cube::axisTotalSymbols(input.function, cx.map);
    return cx;
}

// vector_axes.py's _evaluate_static_expr_node: ints (bools excluded) and + - * // % over launch
// values, Python's floor semantics; then only a positive result counts.
std::optional<std::int64_t> staticInt(const Node* node, const cube::Known& known)
{
    if (!node)
        return std::nullopt;
    if (node->is(Kind::Constant))
        return node->constant()->isInt() ? std::optional<std::int64_t>(node->constant()->integer) : std::nullopt;
    if (node->is(Kind::Name)) {
        const auto it = known.find(node->id());
        return it != known.end() && it->second.type == cube::Scalar::Type::Int ? std::optional(it->second.i)
                                                                                : std::nullopt;
    }
    if (node->is(Kind::UnaryOp)) {
        const auto v = staticInt(node->child("operand"), known);
        if (!v)
            return std::nullopt;
        return node->op() == Kind::UAdd ? v : node->op() == Kind::USub ? std::optional(-*v) : std::nullopt;
    }
    if (!node->is(Kind::BinOp))
        return std::nullopt;
    const auto l = staticInt(node->child("left"), known);
    const auto r = staticInt(node->child("right"), known);
    if (!l || !r)
        return std::nullopt;
    switch (node->op()) {
    case Kind::Add: return *l + *r;
    case Kind::Sub: return *l - *r;
    case Kind::Mult: return *l * *r;
    case Kind::FloorDiv:
    case Kind::Mod: {
        if (*r == 0)
            return std::nullopt;
        std::int64_t q = *l / *r, m = *l % *r;
        if (m != 0 && ((m < 0) != (*r < 0))) {
            --q;
            m += *r;
        }
        return node->op() == Kind::FloorDiv ? q : m;
    }
    default: return std::nullopt;
    }
}

std::optional<std::int64_t> staticPositiveInt(const Node* node, const cube::Known& known)
{
    const auto v = staticInt(node, known);
    return v && *v > 0 ? v : std::nullopt;
}

// The choices for one axis (_select_best_split / _tiling / _fixed_tiling_expr / _extent).
void chooseAxis(const Context& cx, const Evidence& e, VvAxis2608& axis, std::vector<std::string>& diags)
{
    std::vector<SplitCandidate> splits = e.splits;
    std::stable_sort(splits.begin(), splits.end(), [](const SplitCandidate& a, const SplitCandidate& b) {
        return std::tuple{-a.confidence, a.param, a.pidDim} < std::tuple{-b.confidence, b.param, b.pidDim};
    });
    if (!splits.empty()) {
        axis.splitParam = splits[0].param;
        axis.splitPidDim = splits[0].pidDim;
        if (std::any_of(splits.begin(), splits.end(), [&](const SplitCandidate& c) {
                return c.param != splits[0].param || c.pidDim != splits[0].pidDim;
            }))
            diags.push_back("multiple split candidates resolved, selected " + axis.splitParam);
    }
    std::vector<TilingCandidate> tilings = e.tilings;
    std::stable_sort(tilings.begin(), tilings.end(), [](const TilingCandidate& a, const TilingCandidate& b) {
        return std::tuple{-a.confidence, a.param} < std::tuple{-b.confidence, b.param};
    });
    if (!tilings.empty()) {
        auto it = std::find_if(tilings.begin(), tilings.end(),
                               [&](const TilingCandidate& c) { return c.param != axis.splitParam; });
        if (it == tilings.end()) {
            diags.push_back("tiling candidate " + tilings[0].param + " equals split candidate, use single-parameter mode");
        } else {
            axis.tilingParam = it->param;
            if (std::any_of(tilings.begin(), tilings.end(),
                            [&](const TilingCandidate& c) { return c.param != tilings[0].param; }))
                diags.push_back("multiple tiling candidates resolved, selected " + axis.tilingParam);
        }
    }
    std::vector<FixedCandidate> fixeds = e.fixeds;
    std::stable_sort(fixeds.begin(), fixeds.end(), [](const FixedCandidate& a, const FixedCandidate& b) {
        return std::tuple{-a.confidence, a.expr} < std::tuple{-b.confidence, b.expr};
    });
    if (!fixeds.empty()) {
        axis.fixedTilingExpr = fixeds[0].expr;
        axis.fixedTilingValue = staticPositiveInt(fixeds[0].node, cx.sig.known);
        if (std::any_of(fixeds.begin(), fixeds.end(), [&](const FixedCandidate& c) { return c.expr != fixeds[0].expr; }))
            diags.push_back("multiple fixed tiling candidates resolved, selected " + axis.fixedTilingExpr);
    }
    if (e.extents.empty()) {
        diags.push_back("no extent candidate found");
    } else {
        // Deduplicated by expression (the most confident kept, in first-seen place), then ordered
        // by source priority: direct mask, indirect mask, inferred total, loop, block pointer.
        std::vector<ExtentCandidate> dedup;
        for (const ExtentCandidate& c : e.extents) {
            auto it = std::find_if(dedup.begin(), dedup.end(), [&](const ExtentCandidate& d) { return d.expr == c.expr; });
            if (it == dedup.end())
                dedup.push_back(c);
            else if (c.confidence > it->confidence)
                *it = c;
        }
        auto priority = [](const std::string& source) {
            return source == "mask_direct" ? 1 : source == "mask_indirect" ? 2 : source == "infer_total" ? 3
                                             : source == "loop"            ? 4
                                                                           : 5;
        };
        std::stable_sort(dedup.begin(), dedup.end(), [&](const ExtentCandidate& a, const ExtentCandidate& b) {
            return std::tuple{priority(a.source), -a.confidence, a.expr} <
                   std::tuple{priority(b.source), -b.confidence, b.expr};
        });
        auto it = std::find_if(dedup.begin(), dedup.end(), [&](const ExtentCandidate& c) {
            return c.expr != axis.splitParam && c.expr != axis.tilingParam;
        });
        if (it == dedup.end()) {
            it = dedup.begin();
            diags.push_back("extent fallback to tile parameter " + it->expr + " because no better candidate");
        }
        axis.lengthExpr = it->expr;
        axis.extentSource = it->source;
        axis.state = classifyLength(it->expr, cx.sig);
    }
    axis.pidDim = axis.splitPidDim;
    if (!axis.pidDim && e.symbol)
        axis.pidDim = inferPidDim(*e.symbol, cx.nodes, cx.map, cx.pids);
    axis.axisSymbol = e.symbol.value_or("");
    axis.lowDim = e.lowDim;
}

} // namespace
} // namespace vv

bool VvResult2608::hasResolvedAxes() const
{
    if (!axisLengthExprs.empty() || !splitParams.empty() || !tilingParams.empty() || !fixedTilingExprs.empty() ||
        !axisPidDims.empty())
        return true;
    return std::any_of(axes.begin(), axes.end(), [](const VvAxis2608& a) {
        return !a.lengthExpr.empty() || !a.splitParam.empty() || !a.tilingParam.empty() || !a.fixedTilingExpr.empty();
    });
}

namespace {

// Upstream quirks worth telling the user about, as TileScope reproduces them.
void addQuirkNotes(const vv::Context& cx, const py::Node* siteNode, VvResult2608& out)
{
    const int line = siteNode ? siteNode->line : 0;
    const int column = siteNode ? siteNode->col + 1 : 0;
    for (std::size_t i = 0; i < out.axes.size(); ++i)
        for (std::size_t j = i + 1; j < out.axes.size(); ++j) {
            const VvAxis2608& a = out.axes[i];
            const VvAxis2608& b = out.axes[j];
            if (!a.splitParam.empty() && a.splitParam == b.splitParam)
                out.notes.push_back(
                    {msg::Message(msg::Id::V2SameSplitParameter, {a.name, b.name, a.splitParam}), line,
                     column});
        }
    // Program-id dimensions the kernel reads, against those the axes end up on.
    std::set<int> read;
    for (const auto& [name, dim] : cx.pids)
        read.insert(dim);
    std::map<int, std::vector<std::string>> byDim;
    for (const VvAxis2608& a : out.axes)
        if (a.pidDim)
            byDim[*a.pidDim].push_back(a.name);
    for (const auto& [dim, axes] : byDim) {
        if (axes.size() < 2 || read.size() < 2)
            continue;
        std::string names;
        for (const std::string& n : axes)
            names += (names.empty() ? "'" : ", '") + n + "'";
        out.notes.push_back(
            {msg::Message(msg::Id::V2AxesOnOneProgramId, {names, dim, read.size()}), line, column});
    }
}

} // namespace

VvResult2608 parseVv2608(const VvInput2608& input)
{
    VvResult2608 out;
    if (!input.function)
        return out;
    try {
        const vv::Context cx = vv::buildContext(input);
        const std::vector<vv::Site> sites = vv::collectSites(cx);
        const vv::Site* best = vv::bestSite(sites);
        if (!best) {
            out.diagnostics.push_back("no axis information resolved from tl.load/tl.store/make_block_ptr");
            return out;
        }
        std::vector<const vv::Evidence*> dims;
        for (const vv::Evidence& e : best->dims)
            dims.push_back(&e);
        std::sort(dims.begin(), dims.end(), [](const auto* a, const auto* b) { return a->index < b->index; });
        const std::vector<int> reductions = vv::reductionIndices(cx.function, int(dims.size()));
        std::vector<std::string> axisDiags;
        for (std::size_t order = 0; order < dims.size(); ++order) {
            VvAxis2608 axis;
            axis.name = order < vv::kAxisNames.size() ? std::string(vv::kAxisNames[order]) : "x" + std::to_string(order);
            axis.state = "unknown";
            std::vector<std::string> diags;
            vv::chooseAxis(cx, *dims[order], axis, diags);
            axis.reduction = std::find(reductions.begin(), reductions.end(), int(order)) != reductions.end();
            for (const std::string& d : diags)
                axisDiags.push_back(axis.name + ": " + d);
            if (!axis.lengthExpr.empty())
                out.axisLengthExprs.emplace_back(axis.name, axis.lengthExpr);
            if (axis.pidDim)
                out.axisPidDims.emplace_back(axis.name, *axis.pidDim);
            if (!axis.splitParam.empty())
                out.splitParams.emplace_back(axis.name, axis.splitParam);
            if (!axis.tilingParam.empty())
                out.tilingParams.emplace_back(axis.name, axis.tilingParam);
            if (!axis.fixedTilingExpr.empty())
                out.fixedTilingExprs.emplace_back(axis.name, axis.fixedTilingExpr);
            if (axis.lowDim)
                out.lowDimAxes.push_back(axis.name);
            if (axis.reduction)
                out.reductionAxes.push_back(axis.name);
            out.axes.push_back(std::move(axis));
        }
        out.diagnostics.insert(out.diagnostics.end(), axisDiags.begin(), axisDiags.end());
        const bool unsized = std::any_of(out.axes.begin(), out.axes.end(), [](const VvAxis2608& a) { return a.lengthExpr.empty(); });
        out.status = out.axes.empty() ? "failed" : !out.diagnostics.empty() || unsized ? "partial" : "ok";
        addQuirkNotes(cx, best->at, out);
    } catch (const vv::VvRaise& raised) {
        out = VvResult2608{};
        out.status = "raised";
        out.diagnostics.push_back(raised.message);
        out.notes.push_back(
            {msg::Message(msg::Id::V2ParserRaises, {raised.message}), raised.line, raised.column});
    }
    return out;
}

} // namespace ts::analysis
