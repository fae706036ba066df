#include "core/analysis/analysis_report.h"

#include <sstream>

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
    out << "  tensors (buffers)   " << p.numBuffers;
    if (!a.widestDtype.empty())
        out << "  widest dtype " << a.widestDtype << " (" << a.dtypeBytes << " B)";
    out << "\n\n  parameters\n";
    for (const ParamInfo& info : a.params) {
        std::string role(paramRoleName(info.role));
        std::string detail;
        if (!info.splitAxis.empty())
            detail += "split " + info.splitAxis;
        if (!info.tilingAxis.empty())
            detail += (detail.empty() ? "" : ", ") + std::string("tiling ") + info.tilingAxis;
        if (!info.keyAxis.empty())
            detail += (detail.empty() ? "" : ", ") + std::string("key ") + info.keyAxis;
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
