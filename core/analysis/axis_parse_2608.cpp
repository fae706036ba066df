// Triton-Ascend 2026-08's parse (Geofeng12138/triton-ascend 189dd87): the checks AutoTilingTuner
// makes when the decorator is built, the kernel type, then the vector path of
// _autoparse_axis_params_vector with its legacy gap fill.
//
// The legacy parsers (autoparser.py) are the 2026-04 ones, so the gap fill runs parseAxes2604 on
// the same axes and translates its conclusions: reduction axes keep their base name and key
// order, split parameters are only filtered by the missing tunable parameters (a fixed grid
// dimension no longer drops its axis' split), and leftover tunable parameters go to the axis
// whose name they resemble. See vector_parse_2608.h for what the generator receives.
#include "core/analysis/axis_parse.h"
#include "core/analysis/ast_match.h"
#include "core/analysis/cube_parse.h"
#include "core/analysis/axis_parse_2608_checks.h"
#include "core/analysis/pprint_2608.h"
#include "core/analysis/pyrepr.h"
#include "core/analysis/vector_parse_2608.h"

#include <algorithm>
#include <array>

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
    void translate(const AxisParse& legacy);
    void buildTable(const AxisMap& axes);
    void logParse(const AxisParse& legacy);
    void findFixedTilings();
    void reductionsFromCalls(const AxisParse& legacy);

    const ParseInput& m_in;
    const InitChecks2608& m_init;
    AxisParse& m_out;
    VectorParse2608& m_vp;
    bool m_splitParsed = false;  // the split gap fill ran (nothing came before it)
    bool m_tilingParsed = false; // likewise the tiling gap fill
};

void VectorParseRun::run()
{
    AxisMap axes = m_init.hintsAxes;
    // The v2 parser (dsl_analysis/vv_param_parser_v2.py) runs here upstream. TileScope does not
    // model it yet: the parse continues as upstream does when v2 resolves no axis, which in
    // "assist" mode means axes inferred from the key's int arguments.
    if (axes.empty() && m_vp.parserMode == "assist") {
        axes = inferAxesFromKey(m_in, true);
        m_vp.modelNotes.push_back(
            "the 2026-08 v2 axis parser (dsl_analysis/) is not modelled: axes come from the key, as upstream "
            "does when the v2 parser resolves none; where v2 names axes by tensor dimension the backend may "
            "differ");
    }
    const bool gapFill = m_vp.parserMode != "authoritative";

    ParseInput legacy = m_in;
    legacy.backend = kernel::BackendVersion::V2026_04;
    legacy.keyList.clear();
    legacy.keyDict = axes;
    legacy.hints = AxisHints{};
    if (m_init.metadataGiven) {
        legacy.hints = m_in.hints;
    } else {
        legacy.hints.splitParams = AxisMap{};
        legacy.hints.tilingParams = AxisMap{};
        legacy.hints.lowDimAxes = std::vector<std::string>{};
        legacy.hints.reductionAxes = std::vector<std::string>{};
    }
    legacy.printAutotuning = m_in.printAutotuning;
    AxisParse parsed = axes.empty() || !gapFill ? AxisParse{} : parseAxes2604(legacy);
    if (axes.empty() || !gapFill)
        parsed.completed = true;
    translate(parsed);
    buildTable(axes);
    logParse(parsed);
}

// The v2 parser takes reductions from the reduction calls themselves: the integer axis argument
// of tl.sum / max / min / argmax / argmin / xor_sum is a tensor dimension, named x, y, z, ... in
// order. Used where the legacy parser (which follows masks) finds none.
void VectorParseRun::reductionsFromCalls(const AxisParse& legacy)
{
    static const std::array<std::string_view, 6> kReductions = {"sum", "xor_sum", "max", "min", "argmax", "argmin"};
    std::vector<std::string> known;
    for (const auto& [axis, param] : legacy.keys)
        known.push_back(baseAxis(axis));
    for (const py::Node* node : py::walk(m_in.function)) {
        const std::string_view name = tlCallName(node);
        if (name.empty() || std::find(kReductions.begin(), kReductions.end(), name) == kReductions.end())
            continue;
        const py::Node* axisArg = node->list("args").size() > 1 ? node->list("args")[1] : nullptr;
        for (const py::Node* kw : node->list("keywords"))
            if (kw->str("arg") == "axis")
                axisArg = kw->child("value");
        const py::ConstantValue* c = axisArg && axisArg->is(py::Kind::Constant) ? axisArg->constant() : nullptr;
        if (!c || c->type != py::ConstantValue::Type::Int || c->bigInt || c->integer < 0 ||
            c->integer >= std::int64_t(kAxisNames.size()))
            continue;
        const std::string axis(kAxisNames[std::size_t(c->integer)]);
        if (contains(known, axis) && !contains(m_vp.reductionAxes, axis))
            m_vp.reductionAxes.push_back(axis);
    }
    if (m_vp.reductionAxes.empty())
        return;
    m_vp.modelNotes.push_back("reduction axes taken from the reduction calls' axis argument (the v2 parser's rule)");
    m_out.reductionAxes = m_vp.reductionAxes;
    m_out.dualReduction = m_vp.reductionAxes.size() >= 2;
    m_out.persistentReduction = false;
    if (m_vp.reductionAxes.size() != 1)
        return;
    const std::string& axis = m_vp.reductionAxes[0];
    const std::string* lengthArg = nullptr;
    for (const auto& [a, param] : legacy.keys)
        if (baseAxis(a) == axis)
            lengthArg = &param;
    const LaunchArgument* length = lengthArg ? argumentNamed(m_in, *lengthArg) : nullptr;
    const std::int64_t threshold = !m_vp.lowDimAxes.empty() && m_vp.lowDimAxes[0] == axis ? 1024 : 64;
    if (length && (length->kind == LaunchArgument::Kind::Int || length->kind == LaunchArgument::Kind::Bool))
        m_out.persistentReduction = length->intValue <= threshold;
    else if (length && length->kind == LaunchArgument::Kind::Float)
        m_out.persistentReduction = length->floatValue <= double(threshold);
}

// An axis without split or tiling parameter whose tl.arange extent is a constexpr the launch
// passes (softmax's BLOCK_N) is sized by it: the v2 parser's fixed tiling expression, found here
// as the first `v = ... tl.arange(0, P) ...` whose variable the mask search ties to that axis.
void VectorParseRun::findFixedTilings()
{
    AxisMap lengths;
    for (const VectorAxis2608& a : m_vp.axes)
        if (!a.lengthExpr.empty())
            lengths.emplace_back(a.name, a.lengthExpr);
    for (const py::Node* node : py::walk(m_in.function)) {
        if (!node->is(py::Kind::Assign) || node->list("targets").size() != 1)
            continue;
        const py::Node* target = node->list("targets")[0];
        if (!target || !target->is(py::Kind::Name))
            continue;
        std::string extent;
        for (const py::Node* sub : py::walk(node->child("value"))) {
            if (!isTlCall(sub, "arange") || sub->list("args").size() != 2)
                continue;
            const py::Node* arg = sub->list("args")[1];
            // A defaulted constexpr the launch leaves out is not among upstream's arguments.
            if (arg && arg->is(py::Kind::Name) && contains(m_out.constexprParams, arg->id()) &&
                argumentNamed(m_in, arg->id()) && !contains(m_init.defaultedParams, arg->id())) {
                extent = arg->id();
                break;
            }
        }
        if (extent.empty())
            continue;
        const std::string axis = maskAxisOf(m_in.function, lengths, target->id());
        for (VectorAxis2608& a : m_vp.axes)
            if (a.name == axis && a.splitParam.empty() && a.tilingParam.empty() && a.fixedTilingExpr.empty())
                a.fixedTilingExpr = extent;
    }
}

// The lines upstream prints. The legacy parsers only fill what the v2 parser left empty, so a
// stage prints when its result is empty (where v2 and the legacy parser agree, as on the
// bundled examples); then the final axis table, pretty-printed.
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

    for (const std::string& axis : legacy.reductionAxes)
        m_vp.reductionAxes.push_back(baseAxis(axis));
    m_out.reductionAxes = m_vp.reductionAxes;
    m_out.dualReduction = m_vp.reductionAxes.size() >= 2;
    for (const std::string& axis : legacy.lowDimAxes)
        m_vp.lowDimAxes.push_back(baseAxis(axis));
    m_out.lowDimAxes = m_vp.lowDimAxes;
    m_out.persistentReduction = legacy.persistentReduction;
    if (m_vp.reductionAxes.empty() && !m_init.metadataGiven)
        reductionsFromCalls(legacy);

    for (const auto& [axis, param] : baseAxisMap(legacy.allSplitParams))
        if (contains(tunable, param))
            m_out.splitParams.emplace_back(axis, param);
    // Given split / tiling hints stand; empty ones are parsed (upstream tests them for truth).
    if (m_init.metadataGiven && !m_in.hints.splitParams.value_or(AxisMap{}).empty())
        m_out.splitParams = *m_in.hints.splitParams;
    m_out.allSplitParams = baseAxisMap(legacy.allSplitParams);
    for (const auto& [axis, dim] : legacy.axisPidDims)
        m_out.axisPidDims.emplace_back(baseAxis(axis), dim);
    for (const auto& [axis, dim] : legacy.splitAxisPidDims)
        m_out.splitAxisPidDims.emplace_back(baseAxis(axis), dim);
    m_out.fixedGridDims = legacy.fixedGridDims;
    for (const auto& [axis, size] : legacy.fixedSplitParams)
        m_out.fixedSplitParams.emplace_back(baseAxis(axis), size);
    m_out.tilingParams = m_init.metadataGiven && !m_in.hints.tilingParams.value_or(AxisMap{}).empty()
                             ? *m_in.hints.tilingParams
                             : baseAxisMap(legacy.tilingParams);

    m_splitParsed = m_out.splitParams.empty();
    m_tilingParsed = m_out.tilingParams.empty();
    // all_split_params and split_axis_pid_dims are filled only by the split gap fill; when the
    // v2 parse names the split parameters they stay empty.
    if (!m_splitParsed) {
        m_out.allSplitParams.clear();
        m_out.splitAxisPidDims.clear();
    }
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

void VectorParseRun::buildTable(const AxisMap& axes)
{
    auto ensure = [&](const std::string& name) -> VectorAxis2608& {
        for (VectorAxis2608& a : m_vp.axes)
            if (a.name == name)
                return a;
        m_vp.axes.push_back(VectorAxis2608{name});
        return m_vp.axes.back();
    };
    // The table's order: hints.axes as written; then, as the v2 adapter's fields are applied,
    // split axes, tiling axes, program-id axes, and the remaining sized axes. The v2 parser lists
    // an axis by its tensor dimension, so split and tiling axes go in axis-letter order here.
    auto byLetter = [](AxisMap map) {
        std::stable_sort(map.begin(), map.end(), [](const auto& a, const auto& b) {
            return std::find(kAxisNames.begin(), kAxisNames.end(), a.first) <
                   std::find(kAxisNames.begin(), kAxisNames.end(), b.first);
        });
        return map;
    };
    if (!m_init.metadataGiven) {
        m_out.splitParams = byLetter(m_out.splitParams);
        m_out.tilingParams = byLetter(m_out.tilingParams);
    }
    for (const auto& [axis, arg] : m_init.hintsAxes)
        ensure(axis);
    for (const auto& [axis, param] : m_out.splitParams)
        ensure(axis);
    for (const auto& [axis, param] : m_out.tilingParams)
        ensure(axis);
    for (const auto& [axis, dim] : m_out.axisPidDims)
        ensure(axis);
    for (const auto& [axis, arg] : axes)
        ensure(axis).lengthExpr = arg;
    for (const auto& [axis, param] : m_out.splitParams)
        ensure(axis).splitParam = param;
    for (const auto& [axis, param] : m_out.tilingParams)
        ensure(axis).tilingParam = param;
    for (const auto& [axis, dim] : m_out.axisPidDims)
        ensure(axis).pidDim = dim;
    for (VectorAxis2608& a : m_vp.axes) {
        a.lowDim = contains(m_vp.lowDimAxes, a.name);
        a.reduction = contains(m_vp.reductionAxes, a.name);
    }
    findFixedTilings();
    // Fixed split sizes follow the program-id axes in table order.
    std::vector<std::pair<std::string, std::int64_t>> fixed;
    for (const VectorAxis2608& a : m_vp.axes)
        for (const auto& [axis, size] : m_out.fixedSplitParams)
            if (axis == a.name)
                fixed.emplace_back(axis, size);
    m_out.fixedSplitParams = std::move(fixed);
    // keys: the axes the launch sizes directly, in table order (upstream's axis_arg_names).
    for (const VectorAxis2608& a : m_vp.axes)
        if (!a.lengthExpr.empty() && isPythonIdentifier(a.lengthExpr))
            m_out.keys.emplace_back(a.name, a.lengthExpr);
    resolveAxisSizes(m_in, m_vp);
}

} // namespace

AxisParse parseAxes2608(const ParseInput& input)
{
    AxisParse out;
    out.backend = kernel::BackendVersion::V2026_08;
    auto vp = std::make_shared<VectorParse2608>();
    InitChecks2608 init = runInitChecks2608(input, *vp);
    out.vector2608 = vp;
    if (init.error) {
        out.error = init.error;
        out.errorType = "ValueError";
        out.errorStage = "init";
        return out;
    }

    // ---- Kernel type: where cube and mix kernels leave the vector path. ----
    // Upstream's _resolve_kernel_type: hints["kernel_type"], and for "auto" (or no hint) a
    // kernel with tl.dot / tl.conv sites (its own or its helpers') is "mix".
    if (init.kernelTypeError) {
        out.error = init.kernelTypeError;
        out.errorType = "ValueError";
        out.errorStage = "kernel-type";
        return out;
    }
    // A constexpr that a hints key expands is still missing at launch upstream (TileScope's
    // analysis supplies the hint's first value as if passed).
    ParseInput effective = input;
    std::erase_if(effective.args, [&](const LaunchArgument& a) {
        return std::find(init.constexprNames.begin(), init.constexprNames.end(), a.name) != init.constexprNames.end() &&
               std::any_of(vp->configHints.begin(), vp->configHints.end(),
                           [&](const auto& h) { return h.first == a.name; });
    });
    CubeParseOptions cubeOptions;
    cubeOptions.module = input.module;
    cubeOptions.explicitTunableParams = init.explicitTunable;
    out.kernelType = init.kernelTypeHint;
    if (out.kernelType == "auto") {
        std::string error;
        out.kernelType = resolveKernelType2608(input, cubeOptions, &error);
        if (out.kernelType.empty()) {
            out.error = error;
            out.errorType = "ValueError";
            out.errorStage = "kernel-type";
            return out;
        }
    }
    if (out.kernelType == "cube" || out.kernelType == "mix") {
        cubeOptions.mode = out.kernelType;
        auto cube = std::make_shared<CubeParse>(parseCube2608(effective, cubeOptions));
        if (cube->error) {
            out.error = cube->error;
            out.errorType = cube->errorType;
            out.errorStage = "cube-parse";
        }
        out.cube = std::move(cube);
        out.completed = !out.error;
        return out;
    }
    out.kernelType = "vector";

    VectorParseRun run(effective, init, out, *vp);
    run.run();
    out.lowDimAxes = vp->lowDimAxes;
    out.reductionAxes = vp->reductionAxes;
    return out;
}

} // namespace ts::analysis
