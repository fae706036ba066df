#include "core/util/json_reader.h"

#include <clocale>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

#include <locale.h>

namespace ts::util {
namespace {

// Python's non-finite tokens become these strings for nlohmann, and doubles again after parsing.
constexpr std::string_view kPosInf = "\"\\u0000ts:+inf\"";
constexpr std::string_view kNegInf = "\"\\u0000ts:-inf\"";
constexpr std::string_view kNaN = "\"\\u0000ts:nan\"";

struct Problem {
    std::size_t offset = 0;
    std::string message;
};

// The text nlohmann parses: the input, or a copy with Python's tokens replaced, and how to map
// an offset in that copy back to the input.
struct Prepared {
    std::string strict;
    // (offset in `strict` just after a replacement, bytes it added), in order.
    std::vector<std::pair<std::size_t, std::size_t>> shifts;
    bool copied = false;

    std::size_t originalOffset(std::size_t offset) const
    {
        std::size_t added = 0;
        for (const auto& [end, extra] : shifts) {
            if (end > offset)
                break;
            added += extra;
        }
        return offset >= added ? offset - added : 0;
    }
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool isNumberChar(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string shortToken(std::string_view token)
{
    return token.size() <= 40 ? std::string(token) : std::string(token.substr(0, 40)) + "...";
}

// One pass over the text, in a loop (no recursion on the input's depth): depth, string sizes and
// numbers are checked here because nlohmann either recurses, keeps no position or aborts on
// them. Everything else (the grammar, UTF-8) is left to nlohmann, which reports where it stops.
std::optional<Problem> prescan(std::string_view text, const JsonLimits& limits, Prepared& prepared)
{
    int depth = 0;
    std::size_t i = 0;
    std::size_t copiedUpTo = 0;  // with pythonNonFinite: input bytes already in prepared.strict
    auto replace = [&](std::size_t at, std::size_t length, std::string_view with) {
        if (!prepared.copied) {
            prepared.strict.reserve(text.size() + 64);
            prepared.copied = true;
        }
        prepared.strict.append(text.substr(copiedUpTo, at - copiedUpTo));
        prepared.strict.append(with);
        prepared.shifts.emplace_back(prepared.strict.size(), with.size() - length);
        copiedUpTo = at + length;
    };
    while (i < text.size()) {
        const char c = text[i];
        if (isSpace(c)) {
            ++i;
        } else if (c == '"') {
            const std::size_t start = i++;
            while (i < text.size() && text[i] != '"') {
                if (text[i] == '\\')
                    ++i;
                ++i;
            }
            const std::size_t length = std::min(i, text.size()) - start - 1;
            if (length > limits.maxStringBytes)
                return Problem{start, "a string of " + std::to_string(length) + " bytes; TileScope reads strings of up to " +
                                          std::to_string(limits.maxStringBytes) + " bytes"};
            ++i;
        } else if (c == '{' || c == '[') {
            if (++depth > limits.maxDepth)
                return Problem{i, "nested deeper than " + std::to_string(limits.maxDepth) +
                                      " levels of objects and lists"};
            ++i;
        } else if (c == '}' || c == ']') {
            --depth;
            ++i;
        } else if (limits.pythonNonFinite && text.substr(i, 9) == "-Infinity") {
            replace(i, 9, kNegInf);
            i += 9;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            const std::size_t start = i;
            while (i < text.size() && isNumberChar(text[i]))
                ++i;
            const std::string token(text.substr(start, i - start));
            // In the C locale: a GUI's locale may read "1.5" as 1.
            static const locale_t cLocale = ::newlocale(LC_ALL_MASK, "C", locale_t(0));
            const double value = ::strtod_l(token.c_str(), nullptr, cLocale);
            if (!std::isfinite(value))
                return Problem{start, "the number " + shortToken(token) +
                                          " is out of range (JSON numbers are read as doubles, at most 1.8e308)"};
        } else if (isLetter(c)) {
            const std::size_t start = i;
            while (i < text.size() && isLetter(text[i]))
                ++i;
            const std::string_view word = text.substr(start, i - start);
            if (limits.pythonNonFinite && (word == "Infinity" || word == "NaN"))
                replace(start, word.size(), word == "NaN" ? kNaN : kPosInf);
        } else {
            ++i;
        }
    }
    if (prepared.copied)
        prepared.strict.append(text.substr(copiedUpTo));
    return std::nullopt;
}

// nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error
// while parsing value - invalid literal; last read: 'x'" without its prefix and position, cut
// short (the "last read" part can quote a whole long token).
std::string parserMessage(const std::string& what)
{
    std::string message = what;
    if (const std::size_t close = message.find("] "); message.rfind("[json.exception.", 0) == 0 && close != std::string::npos)
        message = message.substr(close + 2);
    if (message.rfind("parse error", 0) == 0)
        if (const std::size_t colon = message.find(": "); colon != std::string::npos)
            message = message.substr(colon + 2);
    if (message.size() > 200)
        message = message.substr(0, 200) + "...";
    return message;
}

template <typename Json>
void restoreNonFinite(Json& root)
{
    std::vector<Json*> pending{&root};
    while (!pending.empty()) {
        Json* v = pending.back();
        pending.pop_back();
        if (v->is_string()) {
            const std::string& s = v->template get_ref<const std::string&>();
            if (s.empty() || s[0] != '\0')
                continue;
            if (s == std::string_view("\0ts:+inf", 8))
                *v = std::numeric_limits<double>::infinity();
            else if (s == std::string_view("\0ts:-inf", 8))
                *v = -std::numeric_limits<double>::infinity();
            else if (s == std::string_view("\0ts:nan", 7))
                *v = std::numeric_limits<double>::quiet_NaN();
        } else if (v->is_structured()) {
            for (auto& item : *v)
                pending.push_back(&item);
        }
    }
}

template <typename Json>
JsonRead<Json> read(std::string_view text, const std::string& file, const JsonLimits& limits)
{
    JsonRead<Json> out;
    auto fail = [&](std::size_t offset, std::string message) {
        const auto [line, column] = lineColumnAt(text, offset);
        out.value = Json();
        out.line = line;
        out.column = column;
        out.message = std::move(message);
        out.error = file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": not valid JSON: " + out.message;
        return out;
    };
    if (text.size() > limits.maxBytes)
        return fail(0, "the document is " + std::to_string(text.size()) + " bytes; TileScope reads up to " +
                           std::to_string(limits.maxBytes));
    Prepared prepared;
    if (const std::optional<Problem> problem = prescan(text, limits, prepared))
        return fail(problem->offset, problem->message);
    const std::string_view strict = prepared.copied ? std::string_view(prepared.strict) : text;
    try {
        out.value = Json::parse(strict.begin(), strict.end());
    } catch (const typename Json::parse_error& e) {
        const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
        return fail(prepared.originalOffset(at), parserMessage(e.what()));
    } catch (const typename Json::exception& e) {
        return fail(0, parserMessage(e.what()));
    }
    if (limits.pythonNonFinite && prepared.copied)
        restoreNonFinite(out.value);
    return out;
}

template <typename Json>
std::string describe(const Json& value)
{
    switch (value.type()) {
    case Json::value_t::object: return "an object of " + std::to_string(value.size()) + " keys";
    case Json::value_t::array: return "a list of " + std::to_string(value.size()) + " items";
    case Json::value_t::string: {
        const std::string& s = value.template get_ref<const std::string&>();
        if (s.size() <= 60)
            return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
        std::size_t cut = 60;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xc0) == 0x80)
            --cut;  // not inside a UTF-8 sequence
        return Json(s.substr(0, cut)).dump(-1, ' ', false, Json::error_handler_t::replace) + "... (" + std::to_string(s.size()) + " bytes)";
    }
    case Json::value_t::discarded: return "nothing";
    default: return value.dump();
    }
}

template <typename Json>
std::optional<std::int64_t> integerIn(const Json& value, std::int64_t min, std::int64_t max)
{
    std::int64_t v = 0;
    if (value.is_number_unsigned()) {
        const std::uint64_t u = value.template get<std::uint64_t>();
        if (u > std::uint64_t(INT64_MAX))
            return std::nullopt;
        v = std::int64_t(u);
    } else if (value.is_number_integer()) {
        v = value.template get<std::int64_t>();
    } else {
        return std::nullopt;
    }
    if (v < min || v > max)
        return std::nullopt;
    return v;
}

} // namespace

JsonRead<nlohmann::json> readJson(std::string_view text, const std::string& file, const JsonLimits& limits)
{
    return read<nlohmann::json>(text, file, limits);
}

JsonRead<nlohmann::ordered_json> readOrderedJson(std::string_view text, const std::string& file,
                                                 const JsonLimits& limits)
{
    return read<nlohmann::ordered_json>(text, file, limits);
}

nlohmann::json parseStoredJson(std::string_view text)
{
    JsonRead<nlohmann::json> read = readJson(text, std::string());
    return read.ok() ? std::move(read.value) : nlohmann::json(nlohmann::json::value_t::discarded);
}

nlohmann::ordered_json parseStoredOrderedJson(std::string_view text)
{
    JsonRead<nlohmann::ordered_json> read = readOrderedJson(text, std::string());
    return read.ok() ? std::move(read.value) : nlohmann::ordered_json(nlohmann::ordered_json::value_t::discarded);
}

std::string jsonText(const nlohmann::json& value, int indent)
{
    return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string jsonText(const nlohmann::ordered_json& value, int indent)
{
    return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string describeJson(const nlohmann::json& value) { return describe(value); }
std::string describeJson(const nlohmann::ordered_json& value) { return describe(value); }

std::optional<std::int64_t> jsonInteger(const nlohmann::json& value, std::int64_t min, std::int64_t max)
{
    return integerIn(value, min, max);
}

std::optional<std::int64_t> jsonInteger(const nlohmann::ordered_json& value, std::int64_t min, std::int64_t max)
{
    return integerIn(value, min, max);
}

std::pair<int, int> lineColumnAt(std::string_view text, std::size_t offset)
{
    int line = 1;
    int column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

} // namespace ts::util
