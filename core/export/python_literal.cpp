#include "core/export/python_literal.h"

#include "core/util/escape.h"
#include "core/util/utf8.h"

#include "core/python/value.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace ts::exporter {

using ojson = nlohmann::ordered_json;

namespace {


// Recursive descent over the literal subset; produces the JSON value it denotes.
class LiteralParser {
public:
    explicit LiteralParser(std::string_view text) : m_text(text) {}

    std::optional<ojson> parseAll()
    {
        auto value = literal(0);
        skipSpace();
        if (!value || m_pos != m_text.size())
            return std::nullopt;
        return value;
    }

private:
    std::optional<ojson> literal(int depth)
    {
        if (depth > 32)
            return std::nullopt;
        skipSpace();
        if (m_pos >= m_text.size())
            return std::nullopt;
        const char c = m_text[m_pos];
        if (c == '\'' || c == '"')
            return string();
        if (c == '(' || c == '[')
            return sequence(c == '(' ? ')' : ']', depth);
        if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'))
            return number();
        for (auto [word, value] : {std::pair<std::string_view, ojson>{"True", true},
                                   {"False", false},
                                   {"None", nullptr}}) {
            if (m_text.substr(m_pos, word.size()) == word) {
                const std::size_t end = m_pos + word.size();
                if (end < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[end])) || m_text[end] == '_'))
                    return std::nullopt;
                m_pos = end;
                return value;
            }
        }
        return std::nullopt;
    }

    std::optional<ojson> sequence(char close, int depth)
    {
        ++m_pos;
        ojson items = ojson::array();
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == close) {
            ++m_pos;
            return items;
        }
        for (;;) {
            auto item = literal(depth + 1);
            if (!item)
                return std::nullopt;
            items.push_back(std::move(*item));
            skipSpace();
            if (m_pos >= m_text.size())
                return std::nullopt;
            if (m_text[m_pos] == close) {
                ++m_pos;
                if (close == ')' && items.size() == 1)  // (x) is x; only (x,) is a tuple
                    return items[0];
                return items;
            }
            if (m_text[m_pos] != ',')
                return std::nullopt;
            ++m_pos;
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == close) {
                ++m_pos;
                return items;
            }
        }
    }

    std::optional<ojson> number()
    {
        const std::size_t start = m_pos;
        if (m_text[m_pos] == '-' || m_text[m_pos] == '+')
            ++m_pos;
        bool isFloat = false;
        std::size_t digits = 0;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos, ++digits;
        if (m_pos < m_text.size() && m_text[m_pos] == '.') {
            isFloat = true;
            ++m_pos;
            while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
                ++m_pos, ++digits;
        }
        if (digits == 0)
            return std::nullopt;
        if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            isFloat = true;
            ++m_pos;
            if (m_pos < m_text.size() && (m_text[m_pos] == '-' || m_text[m_pos] == '+'))
                ++m_pos;
            std::size_t expDigits = 0;
            while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])))
                ++m_pos, ++expDigits;
            if (expDigits == 0)
                return std::nullopt;
        }
        std::string token(m_text.substr(start, m_pos - start));
        if (token[0] == '+')
            token.erase(0, 1);
        if (!isFloat) {
            // Python ints have no leading zeros ("007" is a syntax error).
            const std::size_t first = token[0] == '-' ? 1 : 0;
            if (token.size() - first > 1 && token[first] == '0')
                return std::nullopt;
            std::int64_t v = 0;
            auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
            if (ec != std::errc() || end != token.data() + token.size())
                return std::nullopt;
            return ojson(v);
        }
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end != token.c_str() + token.size() || !std::isfinite(v))
            return std::nullopt;
        return ojson(v);
    }

    std::optional<ojson> string()
    {
        const char quote = m_text[m_pos++];
        std::string out;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos++];
            if (c == quote)
                return ojson(out);
            if (c == '\n')
                return std::nullopt;
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (m_pos >= m_text.size())
                return std::nullopt;
            const char e = m_text[m_pos++];
            if (const auto c = util::simpleEscape(e, "\\'\"ntrbfva0")) {
                out.push_back(*c);
                continue;
            }
            if (e != 'x' && e != 'u' && e != 'U')
                return std::nullopt;  // keep to escapes whose meaning is certain
            const std::size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            if (m_pos + n > m_text.size())
                return std::nullopt;
            std::uint32_t code = 0;
            auto [end, ec] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_pos + n, code, 16);
            if (ec != std::errc() || end != m_text.data() + m_pos + n || code > 0x10ffff)
                return std::nullopt;
            m_pos += n;
            appendUtf8(out, code);
        }
        return std::nullopt;
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t'))
            ++m_pos;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

void appendJsonString(std::string& out, std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    auto escape = [&](std::uint32_t unit) {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4)
            out.push_back(kHex[(unit >> shift) & 0xf]);
    };
    out.push_back('"');
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            ++i;
            if (const auto letter = util::escapeLetter(char(byte), "\"\\nrtbf"))
                out += {'\\', *letter};
            else if (byte < 0x20 || byte == 0x7f)
                escape(byte);
            else
                out.push_back(char(byte));
            continue;
        }
        // Decode one UTF-8 sequence; a malformed byte is written as U+FFFD like a lenient decoder.
        std::uint32_t code = 0xfffd;
        std::size_t length = 1;
        if ((byte & 0xe0) == 0xc0)
            length = 2, code = byte & 0x1f;
        else if ((byte & 0xf0) == 0xe0)
            length = 3, code = byte & 0x0f;
        else if ((byte & 0xf8) == 0xf0)
            length = 4, code = byte & 0x07;
        bool valid = length > 1 && i + length <= text.size();
        for (std::size_t k = 1; valid && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            valid = (next & 0xc0) == 0x80;
            code = (code << 6) | (next & 0x3f);
        }
        if (!valid) {
            code = 0xfffd;
            length = 1;
        }
        i += length;
        if (code >= 0x10000) {
            code -= 0x10000;
            escape(0xd800 + (code >> 10));
            escape(0xdc00 + (code & 0x3ff));
        } else {
            escape(code);
        }
    }
    out.push_back('"');
}

void dumpPython(std::string& out, const ojson& v)
{
    switch (v.type()) {
    case ojson::value_t::null: out += "null"; break;
    case ojson::value_t::boolean: out += v.get<bool>() ? "true" : "false"; break;
    case ojson::value_t::number_integer: out += std::to_string(v.get<std::int64_t>()); break;
    case ojson::value_t::number_unsigned: out += std::to_string(v.get<std::uint64_t>()); break;
    case ojson::value_t::number_float: {
        const double d = v.get<double>();
        if (std::isnan(d))
            out += "NaN";
        else if (std::isinf(d))
            out += d < 0 ? "-Infinity" : "Infinity";
        else
            out += py::floatRepr(d);
        break;
    }
    case ojson::value_t::string: appendJsonString(out, v.get_ref<const std::string&>()); break;
    case ojson::value_t::array: {
        out.push_back('[');
        bool first = true;
        for (const auto& item : v) {
            if (!first)
                out += ", ";
            first = false;
            dumpPython(out, item);
        }
        out.push_back(']');
        break;
    }
    case ojson::value_t::object: {
        out.push_back('{');
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first)
                out += ", ";
            first = false;
            appendJsonString(out, it.key());
            out += ": ";
            dumpPython(out, it.value());
        }
        out.push_back('}');
        break;
    }
    default: out += "null"; break;  // binary / discarded never reach here
    }
}

} // namespace

bool isPythonLiteral(std::string_view text) { return LiteralParser(text).parseAll().has_value(); }

bool isPythonIdentifier(std::string_view text)
{
    static constexpr std::array<std::string_view, 35> kKeywords = {
        "False", "None",   "True",    "and",      "as",       "assert", "async", "await",  "break",
        "class", "continue", "def",   "del",      "elif",     "else",   "except", "finally", "for",
        "from",  "global", "if",      "import",   "in",       "is",     "lambda", "nonlocal", "not",
        "or",    "pass",   "raise",   "return",   "try",      "while",  "with",  "yield"};
    if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0])))
        return false;
    for (char c : text)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_') || static_cast<unsigned char>(c) >= 0x80)
            return false;
    for (auto k : kKeywords)
        if (k == text)
            return false;
    return true;
}

std::string pythonQuoted(std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (const auto letter = util::escapeLetter(c, "\"\\nrt")) {
            out += {'\\', *letter};
        } else if (byte < 0x20 || byte == 0x7f) {
            out += "\\x";
            out.push_back(kHex[byte >> 4]);
            out.push_back(kHex[byte & 0xf]);
        } else {
            out.push_back(c);
        }
    }
    out.push_back('"');
    return out;
}

std::optional<ojson> literalToJson(std::string_view text) { return LiteralParser(text).parseAll(); }

ojson typedParams(const std::vector<std::pair<std::string, std::string>>& pairs)
{
    ojson out = ojson::object();
    for (const auto& [name, value] : pairs) {
        auto literal = literalToJson(value);
        out[name] = literal ? std::move(*literal) : ojson(value);
    }
    return out;
}

std::string jsonToLiteral(const ojson& v)
{
    switch (v.type()) {
    case ojson::value_t::null: return "None";
    case ojson::value_t::boolean: return v.get<bool>() ? "True" : "False";
    case ojson::value_t::number_integer: return std::to_string(v.get<std::int64_t>());
    case ojson::value_t::number_unsigned: return std::to_string(v.get<std::uint64_t>());
    case ojson::value_t::number_float: {
        const double d = v.get<double>();
        if (!std::isfinite(d))
            return std::string("float('") + (std::isnan(d) ? "nan" : d < 0 ? "-inf" : "inf") + "')";
        return py::floatRepr(d);
    }
    case ojson::value_t::string: return py::stringRepr(v.get_ref<const std::string&>());
    case ojson::value_t::array: {
        std::string out = "[";
        bool first = true;
        for (const auto& item : v) {
            out += first ? "" : ", ";
            first = false;
            out += jsonToLiteral(item);
        }
        return out + "]";
    }
    case ojson::value_t::object: {
        std::string out = "{";
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            out += first ? "" : ", ";
            first = false;
            out += py::stringRepr(it.key()) + ": " + jsonToLiteral(it.value());
        }
        return out + "}";
    }
    default: return "None";
    }
}

std::string pythonJsonDumps(const ojson& value)
{
    std::string out;
    dumpPython(out, value);
    return out;
}

} // namespace ts::exporter
