#include "core/space/space_types.h"

namespace ts::space {

std::string ParamValue::toPython() const
{
    if (isBool)
        return value != 0 ? "True" : "False";
    return std::to_string(value);
}

const ParamValue* findKwarg(const Kwargs& kwargs, const std::string& name)
{
    for (const auto& [k, v] : kwargs)
        if (k == name)
            return &v;
    return nullptr;
}

void setKwarg(Kwargs& kwargs, const std::string& name, ParamValue value)
{
    for (auto& [k, v] : kwargs) {
        if (k == name) {
            v = value;
            return;
        }
    }
    kwargs.emplace_back(name, value);
}

std::string TritonConfig::toPython() const
{
    std::string out = "triton.Config({";
    for (std::size_t i = 0; i < kwargs.size(); ++i) {
        if (i > 0)
            out += ", ";
        out += "'" + kwargs[i].first + "': " + kwargs[i].second.toPython();
    }
    out += "}, num_warps=" + std::to_string(numWarps) + ", num_stages=" + std::to_string(numStages) + ")";
    return out;
}

} // namespace ts::space
