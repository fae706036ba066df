#include "core/util/escape.h"

namespace ts::util {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void appendHex(std::string& out, const char* prefix, std::uint32_t value, int digits)
{
    out += prefix;
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
        out.push_back(kHex[(value >> shift) & 0xf]);
}

// `text` with each code point `escape` writes (it appends its escape to `out` and returns true)
// replaced, and each byte of invalid UTF-8 written \xNN.
template <typename Escape>
std::string escaped(std::string_view text, Escape escape)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Utf8Char c = decodeUtf8At(text, i);
        if (c.length == 0) {
            appendHex(out, "\\x", static_cast<unsigned char>(text[i]), 2);
            ++i;
            continue;
        }
        if (!escape(c.code, out))
            out.append(text.substr(i, c.length));
        i += c.length;
    }
    return out;
}

} // namespace

Utf8Char decodeUtf8At(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80)
        return {lead, 1};
    std::size_t length = 0;
    std::uint32_t code = 0, min = 0;
    if ((lead & 0xe0) == 0xc0) {
        length = 2, code = lead & 0x1f, min = 0x80;
    } else if ((lead & 0xf0) == 0xe0) {
        length = 3, code = lead & 0x0f, min = 0x800;
    } else if ((lead & 0xf8) == 0xf0) {
        length = 4, code = lead & 0x07, min = 0x10000;
    } else {
        return {};
    }
    if (i + length > text.size())
        return {};
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xc0) != 0x80)
            return {};
        code = (code << 6) | (byte(i + k) & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return {};
    return {code, length};
}

std::string asciiLiteral(std::string_view text)
{
    const bool hasSingle = text.find('\'') != std::string_view::npos;
    const bool hasDouble = text.find('"') != std::string_view::npos;
    const char quote = hasSingle && !hasDouble ? '"' : '\'';  // Python's choice
    const std::string body = escaped(text, [quote](std::uint32_t code, std::string& out) {
        if (code == std::uint32_t(quote) || code == '\\') {
            out.push_back('\\');
            out.push_back(char(code));
        } else if (code == '\n' || code == '\r' || code == '\t') {
            out += code == '\n' ? "\\n" : code == '\r' ? "\\r" : "\\t";
        } else if (code >= 0x20 && code < 0x7f) {
            return false;
        } else if (code < 0x100) {
            appendHex(out, "\\x", code, 2);
        } else if (code < 0x10000) {
            appendHex(out, "\\u", code, 4);
        } else {
            appendHex(out, "\\U", code, 8);
        }
        return true;
    });
    return quote + body + quote;
}

std::string oneLine(std::string_view text)
{
    return escaped(text, [](std::uint32_t code, std::string& out) {
        if (code >= 0x20 && !(code >= 0x7f && code < 0xa0) && code != 0x2028 && code != 0x2029)
            return false;
        appendHex(out, code < 0x100 ? "\\x" : "\\u", code, code < 0x100 ? 2 : 4);
        return true;
    });
}

std::string terminalSafe(std::string_view text)
{
    return escaped(text, [](std::uint32_t code, std::string& out) {
        if ((code >= 0x20 || code == '\n' || code == '\t') && !(code >= 0x7f && code < 0xa0))
            return false;
        appendHex(out, "\\u", code, 4);
        return true;
    });
}

} // namespace ts::util
