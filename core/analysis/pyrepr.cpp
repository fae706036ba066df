#include "core/analysis/pyrepr.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace ts::analysis {

namespace {

// Python's repr of a str (prefix "") or bytes (prefix "b"): the quote it picks and its escapes.
// A str passes the UTF-8 bytes of printable characters through; bytes escape every byte from
// 0x7f up.
std::string quotedRepr(std::string_view text, const char* prefix, bool escapeHighBytes)
{
    const bool hasSingle = text.find('\'') != std::string_view::npos;
    const bool hasDouble = text.find('"') != std::string_view::npos;
    const char quote = hasSingle && !hasDouble ? '"' : '\'';
    std::string out = prefix;
    out += quote;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\\')
            out += "\\\\";
        else if (c == quote)
            out += std::string("\\") + quote;
        else if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (u < 0x20 || u == 0x7f || (escapeHighBytes && u > 0x7f)) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", u);
            out += buf;
        } else
            out += c;
    }
    out += quote;
    return out;
}

} // namespace

std::string pyStrRepr(std::string_view text)
{
    return quotedRepr(text, "", false);
}

std::string pyFloatRepr(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    // Shortest round-trip digits, then Python's choice between fixed and exponent notation.
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    std::string sign;
    if (!sci.empty() && sci[0] == '-') {
        sign = "-";
        sci.erase(0, 1);
    }
    const auto ePos = sci.find('e');
    std::string mantissa = sci.substr(0, ePos);
    const int exponent = std::stoi(sci.substr(ePos + 1));
    std::string digits;
    for (const char c : mantissa)
        if (c != '.')
            digits += c;
    while (digits.size() > 1 && digits.back() == '0')
        digits.pop_back();
    if (exponent >= -4 && exponent < 16) {
        std::string out;
        if (exponent < 0) {
            out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        } else {
            const auto intLen = static_cast<std::size_t>(exponent + 1);
            if (digits.size() <= intLen)
                out = digits + std::string(intLen - digits.size(), '0') + ".0";
            else
                out = digits.substr(0, intLen) + "." + digits.substr(intLen);
        }
        return sign + out;
    }
    std::string out = digits.substr(0, 1);
    if (digits.size() > 1)
        out += "." + digits.substr(1);
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return sign + out + exp;
}

std::string pyListRepr(const std::vector<std::string>& items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + pyStrRepr(items[i]);
    return out + "]";
}

std::string pyDictRepr(const std::vector<std::pair<std::string, std::string>>& items)
{
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + pyStrRepr(items[i].first) + ": " + pyStrRepr(items[i].second);
    return out + "}";
}

std::string pyDictRepr(const std::vector<std::pair<std::string, int>>& items)
{
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + pyStrRepr(items[i].first) + ": " + std::to_string(items[i].second);
    return out + "}";
}

namespace {

std::string bytesRepr(std::string_view bytes)
{
    return quotedRepr(bytes, "b", true);
}

std::string complexRepr(double imag)
{
    // A literal imaginary number: Python prints the imaginary part without a forced ".0".
    std::string text = pyFloatRepr(imag);
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0)
        text.resize(text.size() - 2);
    return text + "j";
}

} // namespace

std::string pyConstantRepr(const py::ConstantValue& value)
{
    using T = py::ConstantValue::Type;
    switch (value.type) {
    case T::None: return "None";
    case T::Bool: return value.boolean ? "True" : "False";
    case T::Int: return value.bigInt ? value.text : std::to_string(value.integer);
    case T::Float: return pyFloatRepr(value.real);
    case T::Complex: return complexRepr(value.real);
    case T::Str: return pyStrRepr(value.text);
    case T::Bytes: return bytesRepr(value.text);
    case T::Ellipsis: return "Ellipsis";
    }
    return "None";
}

std::string pyConstantStr(const py::ConstantValue& value)
{
    return value.type == py::ConstantValue::Type::Str ? value.text : pyConstantRepr(value);
}

std::string pyConstantTypeName(const py::ConstantValue& value)
{
    using T = py::ConstantValue::Type;
    switch (value.type) {
    case T::None: return "NoneType";
    case T::Bool: return "bool";
    case T::Int: return "int";
    case T::Float: return "float";
    case T::Complex: return "complex";
    case T::Str: return "str";
    case T::Bytes: return "bytes";
    case T::Ellipsis: return "ellipsis";
    }
    return "object";
}

std::string astDump(const py::Node* node)
{
    if (!node)
        return "None";
    std::string out(node->typeName());
    out += "(";
    bool first = true;
    for (const py::Field& f : node->fields) {
        std::string value;
        switch (f.type) {
        case py::Field::Type::Null:
            continue;  // optional fields that are None are left out
        case py::Field::Type::Node:
            value = astDump(f.node);
            break;
        case py::Field::Type::NodeList:
            value = "[";
            for (std::size_t i = 0; i < f.nodes.size(); ++i)
                value += (i ? ", " : "") + astDump(f.nodes[i]);
            value += "]";
            break;
        case py::Field::Type::String:
            value = pyStrRepr(f.string);
            break;
        case py::Field::Type::StringList:
            value = pyListRepr(f.strings);
            break;
        case py::Field::Type::Constant:
            value = pyConstantRepr(f.constant);
            break;
        case py::Field::Type::Int:
            value = std::to_string(f.integer);
            break;
        }
        out += (first ? "" : ", ") + std::string(f.name) + "=" + value;
        first = false;
    }
    return out + ")";
}

} // namespace ts::analysis
