#include "core/space/space_types.h"

#include "core/analysis/pyrepr.h"
#include "core/util/escape.h"

#include <charconv>

namespace ts::space {
namespace {

// The characters of a quoted Python string as repr() writes one; nullopt for other text.
std::optional<std::string> unquote(std::string_view text)
{
    if (text.size() < 2 || (text.front() != '\'' && text.front() != '"') || text.back() != text.front())
        return std::nullopt;
    const char quote = text.front();
    std::string out;
    for (std::size_t i = 1; i + 1 < text.size(); ++i) {
        const char c = text[i];
        if (c == quote)
            return std::nullopt;
        if (c != '\\') {
            out += c;
            continue;
        }
        if (i + 2 >= text.size())
            return std::nullopt;
        const char e = text[++i];
        if (const auto c = util::simpleEscape(e, "\\'\"nrt")) {
            out += *c;
            continue;
        }
        unsigned byte = 0;
        if (e != 'x' || i + 3 >= text.size() ||
            std::from_chars(text.data() + i + 1, text.data() + i + 3, byte, 16).ptr != text.data() + i + 3)
            return std::nullopt;
        out += char(byte);
        i += 2;
    }
    return out;
}

} // namespace

std::string ParamValue::toPython() const
{
    if (isString)
        return analysis::pyStrRepr(text);
    if (isBool)
        return value != 0 ? "True" : "False";
    return std::to_string(value);
}

std::optional<ParamValue> paramFromPython(std::string_view text)
{
    if (text == "True" || text == "False")
        return ParamValue::boolean(text == "True");
    if (auto s = unquote(text))
        return ParamValue::string(std::move(*s));
    std::int64_t v = 0;
    const char* end = text.data() + text.size();
    if (!text.empty() && std::from_chars(text.data(), end, v).ptr == end)
        return ParamValue::integer(v);
    return std::nullopt;
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
