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
    std::string out(1, quote);
    for (std::size_t i = 0; i < text.size();) {
        const Utf8Char c = decodeUtf8At(text, i);
        if (c.length == 0) {
            appendHex(out, "\\x", static_cast<unsigned char>(text[i]), 2);
            ++i;
            continue;
        }
        i += c.length;
        if (c.code == std::uint32_t(quote) || c.code == '\\') {
            out.push_back('\\');
            out.push_back(char(c.code));
        } else if (c.code == '\n') {
            out += "\\n";
        } else if (c.code == '\r') {
            out += "\\r";
        } else if (c.code == '\t') {
            out += "\\t";
        } else if (c.code >= 0x20 && c.code < 0x7f) {
            out.push_back(char(c.code));
        } else if (c.code < 0x100) {
            appendHex(out, "\\x", c.code, 2);
        } else if (c.code < 0x10000) {
            appendHex(out, "\\u", c.code, 4);
        } else {
            appendHex(out, "\\U", c.code, 8);
        }
    }
    out.push_back(quote);
    return out;
}

std::string oneLine(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Utf8Char c = decodeUtf8At(text, i);
        if (c.length == 0) {
            appendHex(out, "\\x", static_cast<unsigned char>(text[i]), 2);
            ++i;
        } else if (c.code < 0x20 || (c.code >= 0x7f && c.code < 0xa0) || c.code == 0x2028 || c.code == 0x2029) {
            appendHex(out, c.code < 0x100 ? "\\x" : "\\u", c.code, c.code < 0x100 ? 2 : 4);
            i += c.length;
        } else {
            out.append(text.substr(i, c.length));
            i += c.length;
        }
    }
    return out;
}

std::string terminalSafe(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Utf8Char c = decodeUtf8At(text, i);
        if (c.length == 0) {
            appendHex(out, "\\x", static_cast<unsigned char>(text[i]), 2);
            ++i;
        } else if ((c.code < 0x20 && c.code != '\n' && c.code != '\t') || (c.code >= 0x7f && c.code < 0xa0)) {
            appendHex(out, "\\u", c.code, 4);
            i += c.length;
        } else {
            out.append(text.substr(i, c.length));
            i += c.length;
        }
    }
    return out;
}

} // namespace ts::util
