#include "core/analysis/beyond_backend.h"

#include "core/analysis/ast_match.h"
#include "core/analysis/pyrepr.h"
#include "core/kernel/backend_version.h"
#include "core/util/message.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

namespace ts::analysis {
namespace {

using py::Kind;
using py::Node;

bool before(const Node* a, const Node* b)
{
    return a->line != b->line ? a->line < b->line : a->col < b->col;
}

template <typename T>
bool contains(const std::vector<T>& list, const T& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

// The backend's stages in order; a stage ran if the parse raised in a later one (or never).
bool stageRan(const AxisParse& parse, std::string_view stage)
{
    static constexpr std::array<std::string_view, 8> order = {"init",  "reduction", "low-dim", "persistent",
                                                              "split", "axis-pid",  "tiling",  "missing-args"};
    if (!parse.error)
        return true;
    auto index = [&](std::string_view s) { return std::find(order.begin(), order.end(), s) - order.begin(); };
    return index(parse.errorStage) > index(stage);
}

// "rx" -> "x": a key dict names bare axes; hinted reduction axes are not renamed.
std::string bareAxis(const std::string& axis)
{
    return axis.size() == 2 && axis[0] == 'r' ? axis.substr(1) : axis;
}

class BlindSpotFinder {
public:
    BlindSpotFinder(const ParseInput& input, const AxisParse& parse, const std::string& fileName)
        : m_in(input)
        , m_parse(parse)
        , m_file(fileName)
        , m_function(*input.function)
    {
        // Decorators are not the kernel's code (the backend does not see them either).
        for (py::Field& f : m_function.fields)
            if (f.name == "decorator_list")
                f.nodes.clear();
        m_nodes = py::walk(&m_function);
        std::stable_sort(m_nodes.begin(), m_nodes.end(), [](const Node* a, const Node* b) {
            return a->line != b->line ? a->line < b->line : a->col < b->col;
        });
        for (const Node* n : m_nodes)
            if (n->is(Kind::Assign) && isTlCall(n->child("value"), "program_id")) {
                const auto& targets = n->list("targets");
                if (targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name))
                    m_pidVars.push_back(targets[0]->id());
            }
    }

    std::vector<BlindSpot> run()
    {
        const bool tilingHinted = m_in.hints.tilingParams && !m_in.hints.tilingParams->empty();
        const bool splitHinted = m_in.hints.splitParams && !m_in.hints.splitParams->empty();
        const bool reductionHinted = m_in.hints.reductionAxes && !m_in.hints.reductionAxes->empty();
        if (!tilingHinted && stageRan(m_parse, "tiling"))
            tilingAxes();
        if (!splitHinted && stageRan(m_parse, "split")) {
            splitAxes();
            fixedByGrid();
        }
        if (!reductionHinted && stageRan(m_parse, "init"))
            hiddenReductions();
        if (stageRan(m_parse, "init"))
            keyComparisons();
        if (stageRan(m_parse, "tiling"))
            tunableNotConstexpr();
        return std::move(m_out);
    }

private:
    void add(const char* code, const Node* at, const msg::Message& message, Severity severity = Severity::Note,
             std::string param = {}, std::string axis = {})
    {
        BlindSpot spot;
        spot.param = std::move(param);
        spot.axis = std::move(axis);
        Diagnostic& d = spot.diagnostic;
        d.code = code;
        d.severity = severity;
        d.file = m_file;
        const Node* where = at && at->line > 0 ? at : m_in.function;
        d.line = where ? where->line : 0;
        d.column = where && where->line > 0 ? where->col + 1 : 0;
        d.say(message);
        m_out.push_back(std::move(spot));
    }

    const Node* parameterNode(const std::string& name) const
    {
        const Node* args = m_in.function->child("args");
        if (!args)
            return nullptr;
        for (const char* field : {"posonlyargs", "args", "kwonlyargs"})
            for (const Node* a : args->list(field))
                if (a && a->str("arg") == name)
                    return a;
        return nullptr;
    }

    // ---- tiling ----

    struct Arange {
        const Node* call = nullptr;
        const Node* assign = nullptr;  // the single-name assignment holding it, if any
    };

    // Two-argument tl.arange calls whose size mentions `param`, with their assignment.
    void collectAranges(const Node* node, const Node* assign, const std::string& param, std::vector<Arange>& out) const
    {
        if (!node)
            return;
        if (node->is(Kind::Assign)) {
            const auto& targets = node->list("targets");
            if (targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name))
                assign = node;
        }
        if (isTlCall(node, "arange")) {
            const auto& args = node->list("args");
            if (args.size() == 2 && mentions(args[1], param))
                out.push_back({node, assign});
        }
        for (const Node* child : py::iterChildNodes(node))
            collectAranges(child, node->is(Kind::FunctionDef) ? nullptr : assign, param, out);
    }

    void tilingAxes()
    {
        std::vector<std::string> candidates;
        for (const std::string& name : m_parse.missingParams)
            if (!findAxisOfParam(m_parse.splitParams, name))
                candidates.push_back(name);
        std::set<std::string> reported;
        for (const Node* loop : m_nodes) {
            if (!loop->is(Kind::For))
                continue;
            const Node* iter = loop->child("iter");
            const Node* fn = iter && iter->is(Kind::Call) ? iter->child("func") : nullptr;
            if (!fn || !(isName(fn, "range") || (fn->is(Kind::Attribute) && isName(fn->child("value"), "tl") &&
                                                 fn->str("attr") == "range")))
                continue;
            const auto& args = iter->list("args");
            if (args.size() != 3)
                continue;
            std::vector<std::string> inStep;
            for (const std::string& c : candidates)
                if (mentions(args[2], c))
                    inStep.push_back(c);
            if (inStep.size() != 1)
                continue;
            const std::string& param = inStep[0];
            if (findAxisOfParam(m_parse.tilingParams, param) || reported.count(param))
                continue;
            reported.insert(param);

            std::vector<Arange> aranges;
            collectAranges(&m_function, nullptr, param, aranges);
            if (aranges.empty())
                continue;
            const Arange* assigned = nullptr;
            const Arange* assignedAfter = nullptr;
            for (const Arange& a : aranges)
                if (a.assign) {
                    if (!assigned)
                        assigned = &a;
                    if (!assignedAfter && before(loop, a.assign))
                        assignedAfter = &a;
                }
            if (!assigned) {
                add("backend-misses-tiling-axis", aranges.front().call,
msg::Message(msg::Id::BeyondArangeNotAssigned, {param}),
                    Severity::Note, param);
                continue;
            }
            const Arange& used = assignedAfter ? *assignedAfter : *assigned;
            const std::string var = used.assign->list("targets")[0]->id();
            const std::string axis = maskAxisOf(m_in.function, m_parse.keys, var);
            if (!assignedAfter && !axis.empty()) {
                // A hint is proposed only where it was checked by generating (generation-fix).
                add("backend-misses-tiling-axis", used.call,
msg::Message(msg::Id::BeyondArangeOutsideLoop, {param, loop->line, bareAxis(axis)}),
                    Severity::Note, param, axis);
            } else if (axis.empty()) {
                add("backend-misses-tiling-axis", used.call,
msg::Message(msg::Id::BeyondTilingNoMask, {param, var}),
                    Severity::Note, param);
            }
        }
    }

    // ---- split ----

    bool isProgramId(const Node* n) const
    {
        return (n->is(Kind::Name) && contains(m_pidVars, n->id())) || isTlCall(n, "program_id");
    }

    void splitAxes()
    {
        std::set<std::string> reported;
        for (const Node* n : m_nodes) {
            if (!n->is(Kind::BinOp) || n->op() != Kind::Mult)
                continue;
            const Node* left = n->child("left");
            const Node* right = n->child("right");
            const Node* other = isProgramId(left) ? right : isProgramId(right) ? left : nullptr;
            if (!other || !other->is(Kind::Name))
                continue;
            const std::string& param = other->id();
            if (!contains(m_parse.constexprParams, param) || !contains(m_parse.missingParams, param) ||
                findAxisOfParam(m_parse.allSplitParams, param) || findAxisOfParam(m_parse.splitParams, param) ||
                findAxisOfParam(m_parse.tilingParams, param) || reported.count(param))
                continue;
            reported.insert(param);
            if (!maskAxisOf(m_in.function, m_parse.keys, param).empty())
                continue;
            add("backend-misses-split-axis", n,
msg::Message(msg::Id::BeyondSplitNoMask, {param}),
                Severity::Note, param);
        }
    }

    // A grid dimension the split's parameter does not change. A version that leaves the split
    // untuned says so (the kernel runs with the grid's share); a version that tunes it from the
    // grid's share (the fixed split) also generates smaller values, which the fixed programs
    // cannot cover: both get the rule, each in what the version does.
    void fixedByGrid()
    {
        // Every split the parse found: a version may tune one its split-axis search does not
        // list (a parse that reads the kernel's axes as a table, not by the legacy search).
        AxisMap splits = m_parse.allSplitParams;
        for (const auto& [axis, param] : m_parse.splitParams)
            if (!findAxis(splits, axis))
                splits.emplace_back(axis, param);
        for (const auto& [axis, param] : splits) {
            if (!contains(m_parse.missingParams, param))
                continue;
            const bool tuned = findAxis(m_parse.splitParams, axis) != nullptr;
            int pidDim = -1;
            for (const auto& [a, d] : m_parse.axisPidDims)
                if (a == axis)
                    pidDim = d;
            const auto fixed = m_parse.fixedGridDims.find(pidDim);
            if (fixed == m_parse.fixedGridDims.end())
                continue;
            std::int64_t share = 0;
            for (const auto& [a, s] : m_parse.fixedSplitParams)
                if (a == axis)
                    share = s;
            if (tuned && share <= 0)
                continue; // the version tunes it with nothing fixed: the grid rule's matter
            const Node* at = nullptr;
            for (const Node* n : m_nodes)
                if (isName(n, param)) {
                    at = n;
                    break;
                }
            const msg::Message lambda(msg::Id::GridLambdaAdvice, {param});
            std::int64_t length = 0;
            if (const std::string* key = findAxis(m_parse.keys, axis))
                for (const LaunchArgument& a : m_in.args)
                    if (a.name == *key && a.kind == LaunchArgument::Kind::Int)
                        length = a.intValue;
            const msg::Message dim = fixedGridDim(m_in, m_parse, param, pidDim, fixed->second, length);
            if (tuned) {
                const std::string version(kernel::backendName(m_in.backend));
                add("split-fixed-by-grid", at,
                    msg::Message(msg::Id::SplitFixedStillTuned, {dim, version, param, share, axis, "", share, lambda}),
                    Severity::Note, param, axis);
                continue;
            }
            add("split-fixed-by-grid", at,
                share > 0 ? msg::Message(msg::Id::SplitFixedUntunedShare, {dim, param, share, axis, lambda})
                          : msg::Message(msg::Id::SplitFixedUntuned, {dim, param, lambda}),
                Severity::Note, param, axis);
        }
    }

    // ---- reductions ----

    // The backend's reduction visitor stops at a call of a plain name and at any tl.* call.
    void hiddenReductionsBelow(const Node* node, bool hidden)
    {
        static const std::vector<std::string> reductions = {"sum", "xor_sum", "max", "min", "argmax", "argmin"};
        if (node->is(Kind::Call)) {
            const Node* func = node->child("func");
            const bool tlCall = func && func->is(Kind::Attribute) && isName(func->child("value"), "tl");
            if (hidden && tlCall && contains(reductions, func->str("attr")))
                add("backend-misses-reduction", node,
msg::Message(msg::Id::BeyondHiddenReduction, {func->str("attr")}));
            if (!func || !func->is(Kind::Attribute) || tlCall)
                hidden = true;
        }
        for (const Node* child : py::iterChildNodes(node))
            hiddenReductionsBelow(child, hidden);
    }

    void hiddenReductions() { hiddenReductionsBelow(&m_function, false); }

    // ---- keys ----

    static bool recognisedCompare(const Node* cmp, const std::string& param)
    {
        const auto& ops = cmp->list("ops");
        const auto& comparators = cmp->list("comparators");
        if (ops.size() != 1 || !ops[0]->is(Kind::Lt) || comparators.size() != 1)
            return false;
        const Node* left = cmp->child("left");
        const Node* c = comparators[0];
        if (!left || !left->is(Kind::Name))
            return false;
        const bool minCall = c->is(Kind::Call) && isName(c->child("func"), "min");
        return (c->is(Kind::Name) || minCall) && mentions(c, param);
    }

    void keyComparisons()
    {
        for (const auto& [axis, param] : m_parse.keys) {
            if (!contains(m_in.argNames, param))
                continue;
            const Node* firstCompare = nullptr;
            bool recognised = false;
            for (const Node* n : m_nodes) {
                if (!n->is(Kind::Compare) || !mentions(n, param))
                    continue;
                if (!firstCompare)
                    firstCompare = n;
                recognised = recognised || recognisedCompare(n, param);
            }
            if (!firstCompare) {
                add("key-never-compared", parameterNode(param),
msg::Message(msg::Id::BeyondKeyNeverCompared, {param, axis}));
            } else if (!recognised) {
                add("key-compare-unrecognised", firstCompare,
msg::Message(msg::Id::BeyondKeyCompareUnrecognised, {param, axis}));
            }
        }
    }

    // ---- constexpr ----

    void tunableNotConstexpr()
    {
        std::set<std::string> seen;
        for (const AxisMap* map : {&m_parse.splitParams, &m_parse.tilingParams})
            for (const auto& [axis, param] : *map) {
                if (contains(m_parse.constexprParams, param) || !contains(m_in.argNames, param) ||
                    !seen.insert(param).second)
                    continue;
                add("tunable-not-constexpr", parameterNode(param),
msg::Message(msg::Id::BeyondTunableNotConstexpr, {param, axis}),
                    Severity::Warning);
            }
    }

    const ParseInput& m_in;
    const AxisParse& m_parse;
    std::string m_file;
    Node m_function;                   // the FunctionDef without its decorators
    std::vector<const Node*> m_nodes;  // its nodes in source order
    std::vector<std::string> m_pidVars;
    std::vector<BlindSpot> m_out;
};

} // namespace

std::vector<BlindSpot> findBlindSpots(const ParseInput& input, const AxisParse& parse, const std::string& fileName)
{
    if (!input.function)
        return {};
    return BlindSpotFinder(input, parse, fileName).run();
}

msg::Message fixedGridDim(const ParseInput& input, const AxisParse& parse, const std::string& param, int dim,
                             std::int64_t value, std::int64_t axisLength)
{
    // The parse probes `param` up to 512; the grid as the launch evaluates it at a larger value
    // (the tunables it does not pass at the parse's baseline, 128) says whether "whatever" holds.
    auto dimAt = [&](std::int64_t v) -> std::optional<std::int64_t> {
        std::map<std::string, std::int64_t> meta;
        for (const std::string& name : parse.constexprParams)
            if (std::none_of(input.args.begin(), input.args.end(),
                             [&](const LaunchArgument& a) { return a.name == name && !a.fromDefault; }))
                meta[name] = 128;
        meta[param] = v;
        const auto grid = input.grid.kind == GridSpec::Kind::Callable && input.grid.function
                              ? input.grid.function(meta)
                              : std::nullopt;
        if (!grid || !grid->valid || dim < 0 || std::size_t(dim) >= grid->dims.size())
            return std::nullopt;
        return grid->dims[std::size_t(dim)];
    };
    const std::int64_t limit = axisLength > 512 ? axisLength : std::int64_t(1) << 24;
    const auto atLimit = dimAt(limit);
    if (!atLimit || *atLimit == value)
        return msg::Message(msg::Id::GridDimFixed, {dim, value, param});
    // The largest value that keeps the dim (the parse saw it keep it at 512).
    std::int64_t low = 512, high = limit;
    while (high - low > 1) {
        const std::int64_t mid = low + (high - low) / 2;
        const auto at = dimAt(mid);
        (at && *at == value ? low : high) = mid;
    }
    return msg::Message(msg::Id::GridDimFixedUpTo, {dim, value, param, low});
}

Diagnostics lookBeyondBackend(const ParseInput& input, const AxisParse& parse, const std::string& fileName)
{
    Diagnostics out;
    for (BlindSpot& spot : findBlindSpots(input, parse, fileName))
        out.push_back(std::move(spot.diagnostic));
    return out;
}

} // namespace ts::analysis
