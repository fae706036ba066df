// Triton-Ascend 2026-08's vector parse (Geofeng12138/triton-ascend 189dd87,
// autotuner.py _autoparse_axis_params_vector): the v2 axis parser (vv_parser.h) first,
// its result applied where the tuner accepts it, then the legacy parsers (autoparser.py, the
// 2026-04 ones: autoparseAxes) filling every field v2 left empty, on the axes v2 sized.
//
// The legacy conclusions are translated: reduction axes keep their base name, split parameters
// are only filtered by the missing tunable parameters (a fixed grid dimension no longer drops
// its axis' split), and leftover tunable parameters go to the axis whose name they resemble.
#include "core/analysis/axis_parse.h"
#include "core/backends/v2608/axis_parse_checks.h"
#include "core/backends/v2608/pprint.h"
#include "core/analysis/pyrepr.h"
#include "core/backends/v2608/vector_parse.h"
#include "core/backends/v2608/vv_parser.h"

#include <algorithm>
#include <array>
#include <limits>
#include <set>

namespace ts::analysis {
namespace {

constexpr std::array<std::string_view, 6> kAxisNames = {"x", "y", "z", "w", "v", "t"};

bool contains(const std::vector<std::string>& list, const std::string& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

bool mapHasValue(const AxisMap& map, const std::string& value)
{
    return findAxisOfParam(map, value) != nullptr;
}

// A 2026-04 axis name ("ry") as its 2026-08 base name ("y").
std::string baseAxis(const std::string& name)
{
    return name.size() == 2 && name[0] == 'r' ? name.substr(1) : name;
}

AxisMap baseAxisMap(const AxisMap& map)
{
    AxisMap out;
    for (const auto& [axis, param] : map)
        out.emplace_back(baseAxis(axis), param);
    return out;
}

const LaunchArgument* argumentNamed(const ParseInput& input, const std::string& name)
{
    for (const LaunchArgument& a : input.args)
        if (a.name == name)
            return &a;
    return nullptr;
}

// _infer_hints_axes_from_key: axis letters follow the key's positions; with intOnly a key
// argument that is not a Python int (bools excluded) is skipped, its letter unused.
AxisMap inferAxesFromKey(const ParseInput& input, bool intOnly)
{
    AxisMap out;
    for (std::size_t i = 0; i < input.keyList.size() && i < kAxisNames.size(); ++i) {
        const std::string& arg = input.keyList[i];
        if (arg.empty())
            continue;
        if (intOnly) {
            const LaunchArgument* a = argumentNamed(input, arg);
            if (!a || a->kind != LaunchArgument::Kind::Int)
                continue;
        }
        out.emplace_back(std::string(kAxisNames[i]), arg);
    }
    return out;
}

// The tuner's name-affinity fallback (_fallback_unresolved_tunable_params_to_split_tiling):
// a tunable parameter no parser claimed becomes the tiling parameter of an axis without one,
// else the split parameter of an axis that has only a tiling one. Scores are compared as
// (axis letter prefix, likeness to the axis' other parameter, earlier axis first).
int axisNameScore(const std::string& param, const std::string& axis)
{
    std::string p = param, a = axis;
    std::transform(p.begin(), p.end(), p.begin(), ::toupper);
    std::transform(a.begin(), a.end(), a.begin(), ::toupper);
    if (p.empty() || a.empty())
        return 0;
    if (p.starts_with(a))
        return 100;
    if (("_" + p + "_").find("_" + a + "_") != std::string::npos)
        return 80;
    return 0;
}

int anchorScore(const std::string& param, const std::string* anchor)
{
    if (!anchor || param.empty() || anchor->empty())
        return 0;
    std::string p = param, a = *anchor;
    std::transform(p.begin(), p.end(), p.begin(), ::toupper);
    std::transform(a.begin(), a.end(), a.begin(), ::toupper);
    if (p == a)
        return 100;
    if (p.starts_with(a) || a.starts_with(p))
        return 90;
    auto withoutSub = [](std::string s) {
        for (std::size_t pos; (pos = s.find("_SUB")) != std::string::npos;)
            s.erase(pos, 4);
        return s;
    };
    if (withoutSub(p) == a || withoutSub(a) == p)
        return 88;
    std::size_t common = 0;
    while (common < p.size() && common < a.size() && p[common] == a[common])
        ++common;
    if (common == 0)
        return 0;
    return int(common * 100 / std::max(p.size(), a.size()));
}

void assignLeftoverTunables(const std::vector<std::string>& axesInOrder, const std::vector<std::string>& unresolved,
                            AxisMap& split, AxisMap& tiling)
{
    std::vector<std::string> empty, splitOnly, tilingOnly;
    for (const std::string& axis : axesInOrder) {
        const bool s = findAxis(split, axis) != nullptr, t = findAxis(tiling, axis) != nullptr;
        if (!s && !t)
            empty.push_back(axis);
        else if (s && !t)
            splitOnly.push_back(axis);
        else if (t && !s)
            tilingOnly.push_back(axis);
    }
    struct Phase {
        std::vector<std::string>* candidates;
        const AxisMap* anchors;
        bool toTiling;
    };
    const AxisMap splitAnchors = split, tilingAnchors = tiling, none;
    const std::array<Phase, 3> phases = {{{&empty, &none, true},
                                          {&splitOnly, &splitAnchors, true},
                                          {&tilingOnly, &tilingAnchors, false}}};
    std::vector<std::string> pending = unresolved;
    for (const Phase& phase : phases) {
        if (pending.empty())
            break;
        if (phase.candidates->empty())
            continue;
        std::vector<std::string> next;
        for (const std::string& param : pending) {
            if (phase.candidates->empty()) {
                next.push_back(param);
                continue;
            }
            const std::string* best = nullptr;
            std::array<int, 3> bestScore{};
            for (const std::string& axis : *phase.candidates) {
                const int order = -int(std::find(axesInOrder.begin(), axesInOrder.end(), axis) - axesInOrder.begin());
                const std::array<int, 3> score = {axisNameScore(param, axis),
                                                  anchorScore(param, findAxis(*phase.anchors, axis)), order};
                if (!best || score > bestScore) {
                    best = &axis;
                    bestScore = score;
                }
            }
            AxisMap& target = phase.toTiling ? tiling : split;
            if (findAxis(target, *best)) {
                next.push_back(param);
                continue;
            }
            const std::string axis = *best;
            target.emplace_back(axis, param);
            phase.candidates->erase(std::find(phase.candidates->begin(), phase.candidates->end(), axis));
        }
        pending = std::move(next);
    }
}


bool isIdentifierLength(const std::string& text)
{
    return !text.empty() && isPythonIdentifier(text);
}

// VectorAxes as upstream keeps it: an ordered table whose order follows the calls that
// created each axis (ensure_axis appends).
struct AxisTable {
    std::vector<VectorAxis2608> axes;

    VectorAxis2608& ensure(const std::string& name)
    {
        for (VectorAxis2608& a : axes)
            if (a.name == name)
                return a;
        axes.push_back(VectorAxis2608{name});
        return axes.back();
    }
    const VectorAxis2608* find(const std::string& name) const
    {
        for (const VectorAxis2608& a : axes)
            if (a.name == name)
                return &a;
        return nullptr;
    }
    // _get_parser_axis_arg_names: axes whose length is a launch argument name, in table order.
    AxisMap argNames() const
    {
        AxisMap out;
        for (const VectorAxis2608& a : axes)
            if (isIdentifierLength(a.lengthExpr))
                out.emplace_back(a.name, a.lengthExpr);
        return out;
    }
};

class VectorParseRun {
public:
    VectorParseRun(const ParseInput& input, const InitChecks2608& init, AxisParse& out, VectorParse2608& vp)
        : m_in(input), m_init(init), m_out(out), m_vp(vp)
    {
    }

    void run();

private:
    void log(const std::string& line)
    {
        if (m_in.printAutotuning)
            m_out.backendLog.push_back(line);
    }
    void runV2();
    bool v2Usable() const;
    void applyV2();
    void filterInjected(const AxisMap& injectedSplit, const AxisMap& injectedTiling);
    AxisParse runLegacy();
    void translate(const AxisParse& legacy);
    void persistentReduction();
    void fixedGridSemantics();
    void buildTable();
    void logParse(const AxisParse& legacy);
    std::vector<std::string> missingNames() const;

    const ParseInput& m_in;
    const InitChecks2608& m_init;
    AxisParse& m_out;
    VectorParse2608& m_vp;
    AxisMap m_hintsAxes;
    std::optional<VvResult2608> m_v2;
    bool m_adapter = false;        // the v2 result reached the axis table
    AxisTable m_v2Table;           // the table right after the v2 parse
    bool m_splitParsed = false;    // the split gap fill ran
    bool m_tilingParsed = false;   // likewise the tiling gap fill
    bool m_reductionParsed = false;
    bool m_lowDimParsed = false;
};

// Parameters the launch leaves out (upstream's required_missing_params): a constexpr with a
// default is among them, as upstream's all_args does not hold defaults.
std::vector<std::string> VectorParseRun::missingNames() const
{
    std::vector<std::string> missing;
    for (const std::string& name : m_in.argNames)
        if (!argumentNamed(m_in, name) || contains(m_init.defaultedParams, name))
            missing.push_back(name);
    return missing;
}

void VectorParseRun::runV2()
{
    if (m_vp.parserMode == "off")
        return;
    VvInput2608 input;
    input.function = m_in.function;
    for (const LaunchArgument& a : m_in.args)
        if (!contains(m_init.defaultedParams, a.name))
            input.provided.push_back(a);
    input.constexprNames = m_init.constexprNames;
    input.explicitTunable = m_init.explicitTunable;
    m_v2 = parseVv2608(input);
    if (m_v2->status == "raised") {
        log("Ascend autotuning vector v2 parse failed: " + m_v2->diagnostics.front());
        for (const VvNote2608& note : m_v2->notes)
            m_vp.v2Notes.push_back({note.message, note.line, note.column});
        m_v2.reset();
        return;
    }
    const VvResult2608& v = *m_v2;
    const bool anyField = !v.splitParams.empty() || !v.tilingParams.empty() || !v.lowDimAxes.empty() ||
                          !v.reductionAxes.empty() || !v.axisLengthExprs.empty() || !v.fixedTilingExprs.empty() ||
                          !v.axisPidDims.empty();
    m_adapter = v.status != "failed" && (anyField || (!v.axes.empty() && v.status != "ok"));
    for (const auto& [axis, arg] : m_init.hintsAxes)
        m_v2Table.ensure(axis).lengthExpr = arg;
    if (!m_adapter)
        return;
    for (const auto& [axis, param] : v.splitParams)
        m_v2Table.ensure(axis);
    for (const auto& [axis, param] : v.tilingParams)
        m_v2Table.ensure(axis);
    for (const auto& [axis, dim] : v.axisPidDims)
        m_v2Table.ensure(axis);
    for (const auto& [axis, expr] : v.axisLengthExprs)
        m_v2Table.ensure(axis).lengthExpr = expr;
    for (const VvAxis2608& a : v.axes)
        if (!a.fixedTilingExpr.empty()) {
            VectorAxis2608& entry = m_v2Table.ensure(a.name);
            entry.fixedTilingExpr = a.fixedTilingExpr;
            entry.fixedTilingValue = a.fixedTilingValue;
        }
    for (const VvNote2608& note : v.notes)
        m_vp.v2Notes.push_back({note.message, note.line, note.column});
}

// _is_vv_semantic_usable
bool VectorParseRun::v2Usable() const
{
    if (!m_v2 || !m_adapter)
        return false;
    std::set<std::string> mapped;
    for (const auto& [axis, param] : m_v2->splitParams)
        mapped.insert(param);
    for (const auto& [axis, param] : m_v2->tilingParams)
        mapped.insert(param);
    if (mapped.empty())
        return false;
    std::vector<std::string> missingConstexpr;
    for (const std::string& name : missingNames())
        if (contains(m_init.constexprNames, name))
            missingConstexpr.push_back(name);
    if (missingConstexpr.empty())
        return true;
    for (const std::string& name : missingConstexpr)
        if (mapped.count(name))
            return true;
    return findAxis(m_v2->splitParams, "x") || findAxis(m_v2->tilingParams, "x");
}

// _apply_vv_axis_semantic_result: each v2 field replaces the current one when either is set.
void VectorParseRun::applyV2()
{
    const VvResult2608& v = *m_v2;
    if (!v.reductionAxes.empty() || !m_vp.reductionAxes.empty())
        m_vp.reductionAxes = v.reductionAxes;
    if (!v.lowDimAxes.empty() || !m_vp.lowDimAxes.empty())
        m_vp.lowDimAxes = v.lowDimAxes;
    if (!v.splitParams.empty() || !m_out.splitParams.empty())
        m_out.splitParams = v.splitParams;
    if (!v.tilingParams.empty() || !m_out.tilingParams.empty())
        m_out.tilingParams = v.tilingParams;
    if (!v.axisPidDims.empty() || !m_out.axisPidDims.empty())
        m_out.axisPidDims = v.axisPidDims;
}

// _filter_vv_semantic_tunable_params_by_cv_policy: a parameter v2 placed must be one the launch
// leaves out, without a default unless hints.tunable_parameter names it.
void VectorParseRun::filterInjected(const AxisMap& injectedSplit, const AxisMap& injectedTiling)
{
    const std::vector<std::string> missing = missingNames();
    auto candidate = [&](const std::string& name) {
        return contains(missing, name) && contains(m_init.constexprNames, name) &&
               (!contains(m_init.defaultedParams, name) || contains(m_init.explicitTunable, name));
    };
    auto drop = [&](AxisMap& map, const AxisMap& injected) {
        std::erase_if(map, [&](const auto& entry) {
            return findAxis(injected, entry.first) && !candidate(entry.second);
        });
    };
    drop(m_out.splitParams, injectedSplit);
    drop(m_out.tilingParams, injectedTiling);
}

void VectorParseRun::run()
{
    m_hintsAxes = m_init.hintsAxes;
    if (m_init.metadataGiven) {
        m_out.splitParams = m_in.hints.splitParams.value_or(AxisMap{});
        m_out.tilingParams = m_in.hints.tilingParams.value_or(AxisMap{});
        m_vp.lowDimAxes = m_in.hints.lowDimAxes.value_or(std::vector<std::string>{});
        m_vp.reductionAxes = m_in.hints.reductionAxes.value_or(std::vector<std::string>{});
    }
    runV2();
    const std::string& mode = m_vp.parserMode;
    const bool resolved = m_v2 && m_v2->hasResolvedAxes();
    // _apply_assist_legacy_hints_axes_fallback: without v2 axes, the key's int arguments.
    if (mode == "assist" && m_hintsAxes.empty() && !resolved) {
        m_hintsAxes = inferAxesFromKey(m_in, true);
        if (!m_hintsAxes.empty())
            m_vp.modelNotes.push_back("the v2 axis parser resolved no axis: axes come from the key");
    }
    const bool fallbackAll = mode == "off" || mode == "observe" || !m_v2 || m_v2->status == "failed" ||
                             (mode == "assist" && !resolved);
    if (!fallbackAll && v2Usable()) {
        const AxisMap splitBefore = m_out.splitParams, tilingBefore = m_out.tilingParams;
        applyV2();
        AxisMap injectedSplit, injectedTiling;
        for (const auto& entry : m_out.splitParams)
            if (!findAxis(splitBefore, entry.first))
                injectedSplit.push_back(entry);
        for (const auto& entry : m_out.tilingParams)
            if (!findAxis(tilingBefore, entry.first))
                injectedTiling.push_back(entry);
        filterInjected(injectedSplit, injectedTiling);
    }
    const bool gapFill = mode != "authoritative";
    m_reductionParsed = gapFill && m_vp.reductionAxes.empty();
    m_lowDimParsed = gapFill && m_vp.lowDimAxes.empty();
    m_splitParsed = gapFill && m_out.splitParams.empty();
    m_tilingParsed = gapFill && m_out.tilingParams.empty();
    const AxisParse legacy = gapFill ? runLegacy() : AxisParse{};
    translate(legacy);
    buildTable();
    logParse(legacy);
}

// The legacy parsers on the axes sized so far, told what is already known (a given field is
// not parsed again: the same as upstream's gap fill).
AxisParse VectorParseRun::runLegacy()
{
    AxisTable table;
    for (const auto& [axis, arg] : m_hintsAxes)
        table.ensure(axis).lengthExpr = arg;
    for (const VectorAxis2608& a : m_v2Table.axes)
        if (!a.lengthExpr.empty())
            table.ensure(a.name).lengthExpr = a.lengthExpr;
    const AxisMap keys = table.argNames();
    if (keys.empty())
        return AxisParse{};
    ParseInput legacy = m_in;
    legacy.keyList.clear();
    legacy.keyDict = keys;
    legacy.hints = AxisHints{};
    auto inKeys = [&](const std::string& axis) { return findAxis(keys, axis) != nullptr; };
    auto keptMap = [&](const AxisMap& map) {
        AxisMap out;
        for (const auto& entry : map)
            if (inKeys(entry.first))
                out.push_back(entry);
        return out;
    };
    auto keptList = [&](const std::vector<std::string>& list) {
        std::vector<std::string> out;
        for (const std::string& axis : list)
            if (inKeys(axis))
                out.push_back(axis);
        return out;
    };
    legacy.hints.splitParams = keptMap(m_out.splitParams);
    legacy.hints.tilingParams = keptMap(m_out.tilingParams);
    legacy.hints.lowDimAxes = keptList(m_vp.lowDimAxes);
    legacy.hints.reductionAxes = keptList(m_vp.reductionAxes);
    legacy.printAutotuning = m_in.printAutotuning;
    return autoparseAxes(legacy);
}

void VectorParseRun::translate(const AxisParse& legacy)
{
    m_out.constexprParams = m_init.constexprNames;
    std::vector<std::string> missing;
    for (const std::string& name : m_in.argNames)
        if (!argumentNamed(m_in, name))
            missing.push_back(name);
    m_out.missingParams = missing;

    // Tunable: missing constexpr parameters without a default, plus hints.tunable_parameter.
    std::vector<std::string> tunable;
    for (const std::string& name : m_init.constexprNames)
        if (contains(missing, name) && !contains(m_init.defaultedParams, name) && !contains(tunable, name))
            tunable.push_back(name);
    for (const std::string& name : m_init.explicitTunable)
        if (!argumentNamed(m_in, name) && !contains(tunable, name))
            tunable.push_back(name);

    std::vector<std::string> ptrParams;
    for (const LaunchArgument& a : m_in.args)
        if (a.kind == LaunchArgument::Kind::Tensor)
            ptrParams.push_back(a.name);
    m_out.numBuffers = int(ptrParams.size());
    log("Ascend autotuning parse pointer params: " + pyListRepr(ptrParams) +
        ", pointer nums: " + std::to_string(ptrParams.size()));

    // A legacy parser that raised is caught upstream: its result falls back to empty.
    static const std::vector<std::pair<std::string, std::string>> kStageNames = {
        {"reduction", "reduction_axes"}, {"low-dim", "low_dim_axes"}, {"split", "split_params"},
        {"axis-pid", "axis_pid_dims"},   {"tiling", "tiling_params"}};
    if (legacy.error && legacy.errorStage != "missing-args" && legacy.errorStage != "init") {
        for (const auto& [stage, name] : kStageNames) {
            if (stage != legacy.errorStage)
                continue;
            const std::string fallback = name.ends_with("axes") ? "[]" : "{}";
            log("[WARNING] Failed to parse " + name + ", fallback to " + fallback + ".");
            m_vp.modelNotes.push_back("the legacy " + name + " parser raised (" + *legacy.error +
                                      "); upstream falls back and continues, TileScope leaves the later "
                                      "stages empty");
        }
    }

    if (m_reductionParsed)
        for (const std::string& axis : legacy.reductionAxes)
            m_vp.reductionAxes.push_back(baseAxis(axis));
    m_out.reductionAxes = m_vp.reductionAxes;
    m_out.dualReduction = m_vp.reductionAxes.size() >= 2;
    if (m_lowDimParsed)
        for (const std::string& axis : legacy.lowDimAxes)
            m_vp.lowDimAxes.push_back(baseAxis(axis));
    m_out.lowDimAxes = m_vp.lowDimAxes;

    if (m_splitParsed) {
        for (const auto& [axis, param] : baseAxisMap(legacy.allSplitParams))
            if (contains(tunable, param))
                m_out.splitParams.emplace_back(axis, param);
        m_out.allSplitParams = baseAxisMap(legacy.allSplitParams);
        m_out.axisPidDims.clear();
        for (const auto& [axis, dim] : legacy.axisPidDims)
            m_out.axisPidDims.emplace_back(baseAxis(axis), dim);
        for (const auto& [axis, dim] : legacy.splitAxisPidDims)
            m_out.splitAxisPidDims.emplace_back(baseAxis(axis), dim);
    } else if (m_out.axisPidDims.empty() && m_vp.parserMode != "authoritative") {
        // Split axes known: the program-id mapping is parsed on its own.
        for (const auto& [axis, dim] : legacy.axisPidDims)
            m_out.axisPidDims.emplace_back(baseAxis(axis), dim);
        for (const auto& [axis, dim] : legacy.splitAxisPidDims)
            m_out.splitAxisPidDims.emplace_back(baseAxis(axis), dim);
    }
    if (m_tilingParsed)
        m_out.tilingParams = baseAxisMap(legacy.tilingParams);
    persistentReduction();
    fixedGridSemantics();

    std::vector<std::string> unresolved;
    for (const std::string& name : tunable)
        if (!mapHasValue(m_out.splitParams, name) && !mapHasValue(m_out.tilingParams, name))
            unresolved.push_back(name);
    if (m_vp.parserMode == "assist" || m_vp.parserMode == "authoritative") {
        std::vector<std::string> axesInOrder;
        for (const auto& [axis, param] : legacy.keys)
            axesInOrder.push_back(baseAxis(axis));
        assignLeftoverTunables(axesInOrder, unresolved, m_out.splitParams, m_out.tilingParams);
    }
    m_out.completed = true;

    std::vector<std::string> stillMissing;
    for (const std::string& name : missing)
        if (!mapHasValue(m_out.splitParams, name) && !mapHasValue(m_out.tilingParams, name) &&
            !contains(m_init.defaultedParams, name))
            stillMissing.push_back(name);
    if (!stillMissing.empty()) {
        m_out.error = "Missing required arguments: " + pyListRepr(stillMissing) +
                      ". These arguments must be explicitly provided and cannot be automatically tuned. "
                      "Please ensure that these arguments are passed when calling the function.";
        m_out.errorType = "ValueError";
        m_out.errorStage = "missing-args";
    }
}

// The length argument of an axis (_resolve_axis_length_arg_name): its table length when that
// is an argument name.
std::string lengthArgOf(const AxisTable& table, const std::string& axis)
{
    const VectorAxis2608* a = table.find(axis);
    return a && isIdentifierLength(a->lengthExpr) ? a->lengthExpr : std::string();
}

AxisTable lengthTable(const AxisMap& hintsAxes, const AxisTable& v2Table)
{
    AxisTable table;
    for (const auto& [axis, arg] : hintsAxes)
        table.ensure(axis).lengthExpr = arg;
    for (const VectorAxis2608& a : v2Table.axes)
        if (!a.lengthExpr.empty())
            table.ensure(a.name).lengthExpr = a.lengthExpr;
    return table;
}

// One reduction axis whose length (a launch value) is at most 1024 for the innermost axis,
// 64 otherwise, is reduced in one block.
void VectorParseRun::persistentReduction()
{
    m_out.persistentReduction = false;
    if (m_vp.reductionAxes.size() != 1)
        return;
    const std::string& axis = m_vp.reductionAxes[0];
    const std::string arg = lengthArgOf(lengthTable(m_hintsAxes, m_v2Table), axis);
    const LaunchArgument* length = arg.empty() ? nullptr : argumentNamed(m_in, arg);
    const std::int64_t threshold = !m_vp.lowDimAxes.empty() && m_vp.lowDimAxes[0] == axis ? 1024 : 64;
    if (length && (length->kind == LaunchArgument::Kind::Int || length->kind == LaunchArgument::Kind::Bool))
        m_out.persistentReduction = length->intValue <= threshold;
    else if (length && length->kind == LaunchArgument::Kind::Float)
        m_out.persistentReduction = length->floatValue <= double(threshold);
}

// _apply_fixed_grid_semantics: a grid dimension that does not depend on the tunables fixes the
// split size of the axes on it. all_args holds what the launch passes, without defaults, so a
// grid that reads a defaulted constexpr (meta['BLOCK']) is probed on it and is not fixed.
void VectorParseRun::fixedGridSemantics()
{
    m_out.fixedSplitParams.clear();
    m_out.fixedGridDims = fixedGridDimValues(m_in, m_init.constexprNames, /*probeDefaults=*/true);
    if (m_out.fixedGridDims.empty())
        return;
    const AxisTable table = lengthTable(m_hintsAxes, m_v2Table);
    for (const auto& [axis, dim] : m_out.axisPidDims) {
        const auto fixed = m_out.fixedGridDims.find(dim);
        if (fixed == m_out.fixedGridDims.end() || fixed->second <= 0)
            continue;
        const std::string arg = lengthArgOf(table, axis);
        const LaunchArgument* length = arg.empty() ? nullptr : argumentNamed(m_in, arg);
        if (!length || length->kind != LaunchArgument::Kind::Int || length->intValue <= 0)
            continue;
        m_out.fixedSplitParams.emplace_back(axis, (length->intValue + fixed->second - 1) / fixed->second);
    }
}

void VectorParseRun::buildTable()
{
    // The table as the generator reads it: hints.axes, the axes sized so far (in the order the
    // v2 result listed them), fixed tiling axes, then split, tiling and program-id axes.
    AxisTable table = lengthTable(m_hintsAxes, m_v2Table);
    for (const VectorAxis2608& a : m_v2Table.axes)
        if (!a.fixedTilingExpr.empty()) {
            VectorAxis2608& entry = table.ensure(a.name);
            entry.fixedTilingExpr = a.fixedTilingExpr;
            entry.fixedTilingValue = a.fixedTilingValue;
        }
    for (const auto& [axis, param] : m_out.splitParams)
        table.ensure(axis).splitParam = param;
    for (const auto& [axis, param] : m_out.tilingParams)
        table.ensure(axis).tilingParam = param;
    for (const auto& [axis, dim] : m_out.axisPidDims)
        table.ensure(axis).pidDim = dim;
    for (VectorAxis2608& a : table.axes) {
        a.lowDim = contains(m_vp.lowDimAxes, a.name);
        a.reduction = contains(m_vp.reductionAxes, a.name);
    }
    m_vp.axes = std::move(table.axes);
    // Split, tiling and fixed split parameters in table order, as the generator receives them.
    auto tableOrder = [&](auto map) {
        decltype(map) out;
        for (const VectorAxis2608& a : m_vp.axes)
            for (const auto& entry : map)
                if (entry.first == a.name)
                    out.push_back(entry);
        return out;
    };
    m_out.splitParams = tableOrder(m_out.splitParams);
    m_out.tilingParams = tableOrder(m_out.tilingParams);
    m_out.fixedSplitParams = tableOrder(m_out.fixedSplitParams);
    // keys: the axes the launch sizes directly, in table order (upstream's axis_arg_names).
    m_out.keys.clear();
    for (const VectorAxis2608& a : m_vp.axes)
        if (isIdentifierLength(a.lengthExpr))
            m_out.keys.emplace_back(a.name, a.lengthExpr);
    resolveAxisSizes(m_in, m_vp);
}

void VectorParseRun::logParse(const AxisParse& legacy)
{
    if (!m_in.printAutotuning)
        return;
    // Without a split or tiling parameter the v2 result is not used: every legacy stage runs.
    if (m_splitParsed && m_tilingParsed) {
        for (std::string line : legacy.backendLog) {
            if (line.starts_with("Ascend autotuning parse pointer params: "))
                continue;
            const std::string keysPrefix = "Ascend autotuning parse keys: ";
            if (line.starts_with(keysPrefix))
                line = "Ascend autotuning parse axis arg names: " + line.substr(keysPrefix.size());
            for (std::string_view axis : kAxisNames)
                for (std::size_t at; (at = line.find("'r" + std::string(axis) + "'")) != std::string::npos;)
                    line.replace(at, 4, "'" + std::string(axis) + "'");
            log(line);
        }
    } else if (m_vp.reductionAxes.empty()) {
        log("Ascend autotuning parse axis arg names: " + pyDictRepr(m_out.keys) + " ");
        log("Ascend autotuning parse reduction axes: []");
    }
    if (!m_splitParsed || !m_tilingParsed) {
        if (m_vp.lowDimAxes.empty())
            log("[WARNING] Failed to parse low-dimensional axes, fallback to empty low_dim_axes.");
        if (m_splitParsed)
            log("Ascend autotuning parse split axes: " + pyDictRepr(m_out.allSplitParams) +
                ", split axis pid dims: " + pyDictRepr(m_out.splitAxisPidDims) +
                ", axis pid dims: " + pyDictRepr(m_out.axisPidDims));
        else if (m_out.axisPidDims.empty())
            log("Ascend autotuning parse axis pid dims (independent): {}");
        if (m_tilingParsed)
            log("Ascend autotuning parse tiling axes: {}");
    }

    auto optionalStr = [](const std::string& text) { return text.empty() ? PyTree::none() : PyTree::of(text); };
    std::vector<std::pair<std::string, PyTree>> axes;
    for (const VectorAxis2608& a : m_vp.axes)
        axes.emplace_back(a.name, PyTree::map({{"dynamic_source", PyTree::of(std::string("none"))},
                                               {"fixed_tiling_expr", optionalStr(a.fixedTilingExpr)},
                                               {"is_low_dim", PyTree::of(a.lowDim)},
                                               {"is_reduction", PyTree::of(a.reduction)},
                                               {"length_expr", optionalStr(a.lengthExpr)},
                                               {"name", PyTree::of(a.name)},
                                               {"pid_dim", a.pidDim ? PyTree::of(std::int64_t(*a.pidDim)) : PyTree::none()},
                                               {"split_param", optionalStr(a.splitParam)},
                                               {"tiling_param", optionalStr(a.tilingParam)}}));
    auto names = [](const std::vector<std::string>& list) {
        std::vector<PyTree> out;
        for (const std::string& n : list)
            out.push_back(PyTree::of(n));
        return PyTree::list(std::move(out));
    };
    const PyTree table = PyTree::map({{"_low_dim_axis_names", names(m_vp.lowDimAxes)},
                                      {"_reduction_axis_names", names(m_vp.reductionAxes)},
                                      {"axes", PyTree::map(std::move(axes))}});
    const std::string text =
        "Ascend autotuning vector final parse result: " + pformat(PyTree::map({{"vector_axes", table}}));
    for (std::size_t start = 0;;) {
        const std::size_t end = text.find('\n', start);
        log(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
}


} // namespace

void runVectorParse2608(const ParseInput& input, const InitChecks2608& init, AxisParse& out, VectorParse2608& vp)
{
    VectorParseRun run(input, init, out, vp);
    run.run();
    out.lowDimAxes = vp.lowDimAxes;
    out.reductionAxes = vp.reductionAxes;
}

const VectorParse2608* vectorParse2608(const AxisParse& parse)
{
    return dynamic_cast<const VectorParse2608*>(parse.detail.get());
}

} // namespace ts::analysis
