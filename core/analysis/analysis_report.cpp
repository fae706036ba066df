#include "core/analysis/analysis_report.h"

#include "core/analysis/cube_summary.h"

#include <sstream>
#include <tuple>

namespace ts::analysis {
namespace {

using Json = nlohmann::ordered_json;

Json axisMapToJson(const AxisMap& map)
{
    Json out = Json::object();
    for (const auto& [axis, param] : map)
        out[axis] = param;
    return out;
}

std::string axisMapToText(const AxisMap& map)
{
    if (map.empty())
        return "(none)";
    std::string out;
    for (const auto& [axis, param] : map)
        out += (out.empty() ? "" : ", ") + axis + ": " + param;
    return out;
}

std::string listToText(const std::vector<std::string>& items)
{
    if (items.empty())
        return "(none)";
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

Json optionalText(const std::optional<std::string>& text)
{
    return text ? Json(*text) : Json();
}

Json cubeAxisToJson(const CubeAxis& axis, const std::string& block)
{
    Json out;
    out["block"] = block;
    out["axisSymbol"] = optionalText(axis.axisSymbol);
    out["lengthExpr"] = optionalText(axis.lengthExpr);
    out["state"] = axis.state;
    out["tunableParam"] = optionalText(axis.tunableParam);
    out["constValue"] = axis.constValue ? Json(*axis.constValue) : Json();
    out["resolvedLength"] = axis.resolvedLength ? Json(*axis.resolvedLength) : Json();
    return out;
}

Json cubeToJson(const KernelAnalysis& a)
{
    if (!a.cube)
        return Json();
    const CubeParse& c = *a.cube;
    const CubeSummary summary = summarizeCube(a);
    Json out;
    out["byBackend"] = summary.byBackend;
    out["parserMode"] = c.mode;
    out["status"] = c.status;
    Json sites = Json::array();
    for (const CubeSiteSummary& s : summary.sites) {
        Json j;
        j["siteId"] = s.site->siteId;
        j["function"] = s.site->function;
        j["line"] = s.site->line;
        j["column"] = s.site->col;
        j["lhs"] = optionalText(s.site->lhs);
        j["rhs"] = optionalText(s.site->rhs);
        j["m"] = cubeAxisToJson(s.site->m, s.block[0]);
        j["n"] = cubeAxisToJson(s.site->n, s.block[1]);
        j["k"] = cubeAxisToJson(s.site->k, s.block[2]);
        j["accumulator"] = s.accumulator.empty() ? Json() : Json(s.accumulator);
        j["accumulatorDtype"] = s.accumulatorDtype;
        j["accumulatorSource"] = s.accumulatorSource;
        Json footprint = Json::object();
        for (const CubeBufferUse& use : s.footprint)
            footprint[use.buffer] = use.formula;
        j["footprint"] = std::move(footprint);
        sites.push_back(std::move(j));
    }
    out["dotSites"] = std::move(sites);
    Json tunables = Json::array();
    for (const CubeTunableParam& t : c.tunableParams)
        tunables.push_back({{"name", t.name}, {"role", t.role}, {"source", t.source}});
    out["tunableParams"] = std::move(tunables);
    out["missingTunableParams"] = c.missingTunableParams;
    out["diagnostics"] = c.diagnostics;
    return out;
}

std::string cubeToText(const KernelAnalysis& a)
{
    if (!a.cube)
        return {};
    const CubeParse& c = *a.cube;
    const CubeSummary summary = summarizeCube(a);
    std::ostringstream out;
    out << "\n  cube parse          mode " << c.mode << ", status " << c.status
        << (summary.byBackend ? "" : "  (upstream's cv parser rules, run by TileScope: this version has no cube parse)") << "\n";
    for (const CubeSiteSummary& s : summary.sites) {
        const CubeDotSite& site = *s.site;
        out << "    dot site " << site.siteId << "  " << site.function << ":" << site.line << "  "
            << site.lhs.value_or("?") << " x " << site.rhs.value_or("?") << "\n";
        for (const auto& [name, axis, block] : {std::tuple{"M", &site.m, &s.block[0]}, std::tuple{"N", &site.n, &s.block[1]},
                                                std::tuple{"K", &site.k, &s.block[2]}}) {
            out << "      " << name << "  " << axis->lengthExpr.value_or("?");
            if (axis->resolvedLength)
                out << " = " << *axis->resolvedLength;
            out << ", tiled by " << *block << " (" << axis->state << ")\n";
        }
        out << "      accumulator  " << (s.accumulator.empty() ? std::string("(none)") : s.accumulator) << " "
            << s.accumulatorDtype << " (" << s.accumulatorSource << ")\n";
        for (const CubeBufferUse& use : s.footprint)
            out << "      " << use.buffer << std::string(use.buffer.size() < 5 ? 5 - use.buffer.size() : 1, ' ')
                << use.formula << "\n";
    }
    std::string tunables;
    for (const CubeTunableParam& t : c.tunableParams)
        tunables += (tunables.empty() ? "" : ", ") + t.name + " (" + t.role + ")";
    out << "    tunable params    " << (tunables.empty() ? std::string("(none)") : tunables) << "\n";
    return out.str();
}

// The tensors passed at launch, as "a_ptr float16[4096, 4096]".
std::vector<const std::pair<std::string, kernel::ArgValue>*> launchTensors(const KernelAnalysis& a)
{
    std::vector<const std::pair<std::string, kernel::ArgValue>*> out;
    for (const auto& arg : a.workload.args)
        if (arg.second.kind == kernel::ArgValue::Kind::Tensor)
            out.push_back(&arg);
    return out;
}

} // namespace

Json diagnosticsToJson(const Diagnostics& diagnostics)
{
    Json out = Json::array();
    for (const Diagnostic& d : diagnostics)
        out.push_back({{"code", d.code},
                       {"severity", std::string(severityName(d.severity))},
                       {"file", d.file},
                       {"line", d.line},
                       {"column", d.column},
                       {"message", d.message}});
    return out;
}

Json analysisToJson(const KernelAnalysis& a)
{
    const AxisParse& p = a.parse;
    Json out;
    out["schema"] = "tilescope.analysis/1";
    out["kernel"] = a.kernel->name;
    out["kernelFile"] = a.file->path;
    out["device"] = a.workload.device;
    out["backend"] = kernel::backendName(a.workload.backend);
    out["autotuned"] = a.kernel->isAutotuned();
    out["importsAscendRuntime"] = a.file->importsAscendRuntime;
    out["keys"] = axisMapToJson(p.keys);
    out["splitParams"] = axisMapToJson(p.splitParams);
    out["tilingParams"] = axisMapToJson(p.tilingParams);
    Json fixed = Json::object();
    for (const auto& [axis, value] : p.fixedSplitParams)
        fixed[axis] = value;
    out["fixedSplitParams"] = fixed;
    out["lowDimAxes"] = p.lowDimAxes;
    out["reductionAxes"] = p.reductionAxes;
    out["persistentReduction"] = p.persistentReduction;
    out["dualReduction"] = p.dualReduction;
    out["numBuffers"] = p.numBuffers;
    Json tensors = Json::array();
    for (const auto* t : launchTensors(a))
        tensors.push_back({{"name", t->first}, {"dtype", t->second.dtype}, {"shape", t->second.shape}});
    out["tensors"] = std::move(tensors);
    out["dtype"] = a.widestDtype.empty() ? Json() : Json(a.widestDtype);
    out["dtypeBytes"] = a.dtypeBytes;
    Json params = Json::array();
    for (const ParamInfo& info : a.params) {
        Json j;
        j["name"] = info.name;
        j["constexpr"] = info.isConstexpr;
        j["default"] = info.defaultText.empty() ? Json() : Json(info.defaultText);
        j["role"] = std::string(paramRoleName(info.role));
        j["passed"] = info.passed;
        if (info.passed)
            j["value"] = info.value;
        if (!info.splitAxis.empty())
            j["splitAxis"] = info.splitAxis;
        if (!info.tilingAxis.empty())
            j["tilingAxis"] = info.tilingAxis;
        if (!info.keyAxis.empty())
            j["keyAxis"] = info.keyAxis;
        if (!info.cubeAxis.empty())
            j["cubeAxis"] = info.cubeAxis;
        j["line"] = info.location.line;
        params.push_back(std::move(j));
    }
    out["params"] = std::move(params);
    Json hints = Json::object();
    for (const auto& [name, values] : a.hintDimensions) {
        Json list = Json::array();
        for (const py::Value& v : values)
            list.push_back(v.repr());
        hints[name] = std::move(list);
    }
    out["hintDimensions"] = std::move(hints);
    out["kernelKind"] = a.kernelKind;
    out["cube"] = cubeToJson(a);
    out["backendWarnings"] = p.backendWarnings;
    out["diagnostics"] = diagnosticsToJson(a.diagnostics);
    out["error"] = p.error ? Json(*p.error) : Json();
    return out;
}

std::string analysisToText(const KernelAnalysis& a)
{
    const AxisParse& p = a.parse;
    std::ostringstream out;
    out << a.kernel->name << "  (" << a.file->path << ":" << a.kernel->location.line << ")  backend "
        << kernel::backendLabel(a.workload.backend) << "\n";
    out << "  device              " << a.workload.device << "\n";
    out << "  kernel kind         " << a.kernelKind << "\n";
    out << "  keys                " << axisMapToText(p.keys) << "\n";
    out << "  split params        " << axisMapToText(p.splitParams) << "\n";
    out << "  tiling params       " << axisMapToText(p.tilingParams) << "\n";
    if (!p.fixedSplitParams.empty()) {
        std::string fixed;
        for (const auto& [axis, value] : p.fixedSplitParams)
            fixed += (fixed.empty() ? "" : ", ") + axis + ": " + std::to_string(value);
        out << "  fixed splits        " << fixed << "\n";
    }
    out << "  low-dim axes        " << listToText(p.lowDimAxes) << "\n";
    out << "  reduction axes      " << listToText(p.reductionAxes)
        << (p.persistentReduction ? "  (persistent reduction)" : "") << (p.dualReduction ? "  (dual reduction)" : "")
        << "\n";
    const auto tensors = launchTensors(a);
    out << "  tensors             " << tensors.size();
    if (!a.widestDtype.empty())
        out << "  widest dtype " << a.widestDtype << " (" << a.dtypeBytes << " B)";
    if (p.numBuffers > 0 && std::size_t(p.numBuffers) != tensors.size())
        out << "  (the backend counts " << p.numBuffers << " buffers)";
    out << "\n";
    for (const auto* t : tensors)
        out << "    " << t->first << "  " << t->second.describe() << "\n";
    out << cubeToText(a);
    out << "\n  parameters\n";
    for (const ParamInfo& info : a.params) {
        std::string role(paramRoleName(info.role));
        std::string detail;
        if (!info.splitAxis.empty())
            detail += "split " + info.splitAxis;
        if (!info.tilingAxis.empty())
            detail += (detail.empty() ? "" : ", ") + std::string("tiling ") + info.tilingAxis;
        if (!info.keyAxis.empty())
            detail += (detail.empty() ? "" : ", ") + std::string("key ") + info.keyAxis;
        if (!info.cubeAxis.empty())
            detail += (detail.empty() ? "" : ", ") + std::string("tl.dot ") + info.cubeAxis;
        if (info.passed)
            detail += (detail.empty() ? "" : ", ") + std::string("= ") + info.value;
        else if (!info.defaultText.empty())
            detail += (detail.empty() ? "" : ", ") + std::string("default ") + info.defaultText;
        std::string name = info.name + (info.isConstexpr ? ": constexpr" : "");
        out << "    " << name << std::string(name.size() < 26 ? 26 - name.size() : 1, ' ') << role
            << std::string(role.size() < 9 ? 9 - role.size() : 1, ' ') << detail << "\n";
    }
    if (!a.hintDimensions.empty()) {
        out << "\n  hint dimensions\n";
        for (const auto& [name, values] : a.hintDimensions) {
            std::string list;
            for (const py::Value& v : values)
                list += (list.empty() ? "" : ", ") + v.repr();
            out << "    " << name << " in [" << list << "]\n";
        }
    }
    for (const std::string& w : p.backendWarnings)
        out << "\n  backend: " << w;
    if (!p.backendWarnings.empty())
        out << "\n";
    if (p.error)
        out << "\n  backend error: " << *p.error << "\n";
    if (!a.diagnostics.empty()) {
        out << "\n";
        for (const Diagnostic& d : a.diagnostics)
            out << d.format() << "\n";
    }
    return out.str();
}

} // namespace ts::analysis
