#include "core/cache/record_codec.h"
#include "core/util/escape.h"
#include "core/util/json_reader.h"

#include "core/util/utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace ts::cache {

namespace {


void appendNumber(std::string& out, std::int64_t value)
{
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, res.ptr);
}

void appendTime(std::string& out, const std::optional<double>& value)
{
    if (!value || !std::isfinite(*value)) {
        out += "null";
        return;
    }
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, *value);  // shortest round trip
    out.append(buf, res.ptr);
}

// A cursor over the JSON the encoders write (and SQLite's json_extract re-renders).
class JsonCursor {
public:
    explicit JsonCursor(std::string_view text) : m_text(text) {}

    bool consume(char c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    bool atEnd()
    {
        skipSpace();
        return m_pos == m_text.size();
    }
    bool consumeNull()
    {
        skipSpace();
        if (m_text.substr(m_pos, 4) == "null") {
            m_pos += 4;
            return true;
        }
        return false;
    }
    bool string(std::string& out)
    {
        out.clear();
        if (!consume('"'))
            return false;
        while (m_pos < m_text.size()) {
            // Copy the plain run up to the next quote or backslash in one go, found with two
            // vectorised memchr calls (find_first_of would call memchr once per character).
            const char* begin = m_text.data() + m_pos;
            const std::size_t left = m_text.size() - m_pos;
            const auto* quote = static_cast<const char*>(std::memchr(begin, '"', left));
            if (!quote)
                return false;
            const auto* slash = static_cast<const char*>(std::memchr(begin, '\\', std::size_t(quote - begin)));
            const std::size_t stop = std::size_t((slash ? slash : quote) - m_text.data());
            out.append(m_text.data() + m_pos, stop - m_pos);
            m_pos = stop + 1;
            if (m_text[stop] == '"')
                return true;
            if (m_pos >= m_text.size())
                return false;
            const char e = m_text[m_pos++];
            if (const auto c = util::simpleEscape(e, "\"\\/bfnrt")) {
                out.push_back(*c);
                continue;
            }
            if (e != 'u')
                return false;
            auto code = hex4();
            if (!code)
                return false;
            std::uint32_t cp = *code;
            if (cp >= 0xd800 && cp < 0xdc00) {  // a surrogate pair
                if (!(m_pos + 1 < m_text.size() && m_text[m_pos] == '\\' && m_text[m_pos + 1] == 'u'))
                    return false;
                m_pos += 2;
                auto low = hex4();
                if (!low || *low < 0xdc00 || *low > 0xdfff)
                    return false;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (*low - 0xdc00);
            }
            appendUtf8(out, cp);
        }
        return false;
    }
    std::optional<std::int64_t> integer()
    {
        skipSpace();
        std::int64_t v = 0;
        auto [end, ec] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_text.size(), v);
        if (ec != std::errc())
            return std::nullopt;
        m_pos = std::size_t(end - m_text.data());
        return v;
    }
    // A number or null; false on anything else.
    bool time(std::optional<double>& out)
    {
        if (consumeNull()) {
            out.reset();
            return true;
        }
        skipSpace();
        double v = 0;
        auto [end, ec] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_text.size(), v);
        if (ec != std::errc())
            return false;
        m_pos = std::size_t(end - m_text.data());
        out = v;
        return true;
    }

    // A list `[item, ...]`, each item read by `item` into a new element of `out`.
    template <typename T, typename Item> bool list(std::vector<T>& out, Item item)
    {
        if (!consume('['))
            return false;
        if (consume(']'))
            return true;
        do {
            if (!item(out.emplace_back()))
                return false;
        } while (consume(','));
        return consume(']');
    }

    bool pairs(TextPairs& out)
    {
        out.clear();
        out.reserve(4); // configs have a handful of parameters; spare the first regrowths
        return list(out, [this](auto& pair) {
            auto& [name, value] = pair;
            return consume('[') && string(name) && consume(',') && string(value) && consume(']');
        });
    }

    bool candidate(CandidateRecord& c)
    {
        if (!consume('[') || !pairs(c.params) || !consume(','))
            return false;
        auto warps = integer();
        if (!warps || !consume(','))
            return false;
        auto stages = integer();
        if (!stages || !consume(','))
            return false;
        c.numWarps = int(*warps);
        c.numStages = int(*stages);
        std::string status;
        if (!string(status) || !consume(','))
            return false;
        const auto parsed = parseCandidateStatus(status);
        if (!parsed)
            return false;
        c.status = *parsed;
        return string(c.reasonCode) && consume(',') &&
               string(c.reasonMessage) && consume(',') && time(c.p50Ms) && consume(',') && time(c.p20Ms) &&
               consume(',') && time(c.p80Ms) && consume(',') && textOrJson(c.breakdownJson) &&
               (!consume(',') || ubTune(c.ubTuneJson)) && consume(']');
    }

    // The UB tuner's search: a JSON object, taken verbatim.
    bool ubTune(std::string& out)
    {
        skipSpace();
        return m_pos < m_text.size() && m_text[m_pos] == '{' && rawContainer(out);
    }

    // A string, or an embedded JSON object/array taken verbatim as text.
    bool textOrJson(std::string& out)
    {
        skipSpace();
        if (m_pos < m_text.size() && (m_text[m_pos] == '{' || m_text[m_pos] == '['))
            return rawContainer(out);
        return string(out);
    }

    // Skips one JSON object or array (strings may hold brackets) and copies its text.
    bool rawContainer(std::string& out)
    {
        const std::size_t start = m_pos;
        int depth = 0;
        bool inString = false;
        for (; m_pos < m_text.size(); ++m_pos) {
            const char c = m_text[m_pos];
            if (inString) {
                if (c == '\\')
                    ++m_pos;
                else if (c == '"')
                    inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                ++m_pos;
                out.assign(m_text.data() + start, m_pos - start);
                return true;
            }
        }
        return false;
    }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() &&
               (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\t' || m_text[m_pos] == '\r'))
            ++m_pos;
    }
    std::optional<std::uint32_t> hex4()
    {
        if (m_pos + 4 > m_text.size())
            return std::nullopt;
        std::uint32_t v = 0;
        auto [end, ec] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_pos + 4, v, 16);
        if (ec != std::errc() || end != m_text.data() + m_pos + 4)
            return std::nullopt;
        m_pos += 4;
        return v;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

} // namespace

void appendJsonString(std::string& out, std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out.reserve(out.size() + text.size() + 2);
    out.push_back('"');
    std::size_t run = 0;  // start of the pending stretch that needs no escaping
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte != '"' && byte != '\\')
            continue;  // UTF-8 passes through unchanged
        out.append(text.data() + run, i - run);
        run = i + 1;
        if (const auto letter = util::escapeLetter(char(byte), "\"\\nrt")) {
            out += {'\\', *letter};
        } else {
            out += "\\u00";
            out.push_back(kHex[byte >> 4]);
            out.push_back(kHex[byte & 0xf]);
        }
    }
    out.append(text.data() + run, text.size() - run);
    out.push_back('"');
}

std::string encodePairs(const TextPairs& pairs)
{
    std::string out = "[";
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (i)
            out.push_back(',');
        out.push_back('[');
        appendJsonString(out, pairs[i].first);
        out.push_back(',');
        appendJsonString(out, pairs[i].second);
        out.push_back(']');
    }
    out.push_back(']');
    return out;
}

std::optional<TextPairs> decodePairs(std::string_view json)
{
    JsonCursor r(json);
    TextPairs pairs;
    if (!r.pairs(pairs) || !r.atEnd())
        return std::nullopt;
    return pairs;
}

std::string encodeStrings(const std::vector<std::string>& items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out.push_back(',');
        appendJsonString(out, items[i]);
    }
    out.push_back(']');
    return out;
}

std::optional<std::vector<std::string>> decodeStrings(std::string_view json)
{
    JsonCursor r(json);
    std::vector<std::string> items;
    if (!r.list(items, [&r](std::string& item) { return r.string(item); }) || !r.atEnd())
        return std::nullopt;
    return items;
}

void appendCandidate(std::string& out, const CandidateRecord& c)
{
    out += '[';
    out += encodePairs(c.params);
    out += ',';
    appendNumber(out, c.numWarps);
    out += ',';
    appendNumber(out, c.numStages);
    out += ',';
    appendJsonString(out, candidateStatusName(c.status));
    out += ',';
    appendJsonString(out, c.reasonCode);
    out += ',';
    appendJsonString(out, c.reasonMessage);
    out += ',';
    appendTime(out, c.p50Ms);
    out += ',';
    appendTime(out, c.p20Ms);
    out += ',';
    appendTime(out, c.p80Ms);
    out += ',';
    // A breakdown that is a JSON object or array goes in as it is: no escaping to write or undo.
    const std::string& b = c.breakdownJson;
    if (!b.empty() && (b.front() == '{' || b.front() == '[') && (b.back() == '}' || b.back() == ']') &&
        nlohmann::json::accept(b))
        out += b;
    else
        appendJsonString(out, b);
    if (!c.ubTuneJson.empty() && c.ubTuneJson.front() == '{' && nlohmann::json::accept(c.ubTuneJson)) {
        out += ',';
        out += c.ubTuneJson;
    }
    out += ']';
}

std::string encodeCandidates(const std::vector<CandidateRecord>& candidates)
{
    std::string out = "[";
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (i)
            out.push_back(',');
        appendCandidate(out, candidates[i]);
    }
    out.push_back(']');
    return out;
}

std::optional<CandidateRecord> decodeCandidate(std::string_view json)
{
    JsonCursor r(json);
    CandidateRecord c;
    if (!r.candidate(c) || !r.atEnd())
        return std::nullopt;
    return c;
}

std::optional<std::vector<CandidateRecord>> decodeCandidates(std::string_view json, std::size_t expected)
{
    JsonCursor r(json);
    std::vector<CandidateRecord> out;
    out.reserve(expected);
    if (!r.list(out, [&r](CandidateRecord& c) { return r.candidate(c); }) || !r.atEnd())
        return std::nullopt;
    return out;
}

std::string encodeDetails(const TuningDetails& details) { return util::jsonText(toJson(details)); }

std::optional<TuningDetails> decodeDetails(std::string_view json)
{
    const nlohmann::ordered_json parsed = util::parseStoredOrderedJson(json);
    if (parsed.is_discarded())
        return std::nullopt;
    return detailsFromJson(parsed, "details", nullptr);
}

} // namespace ts::cache
