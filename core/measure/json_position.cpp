#include "core/measure/json_position.h"

#include <cstdlib>
#include <vector>

namespace ts::measure {
namespace {

struct Step {
    bool isIndex = false;
    std::size_t index = 0;
    std::string key;
};

std::vector<Step> parsePath(std::string_view path)
{
    std::vector<Step> steps;
    std::size_t i = 0;
    while (i < path.size()) {
        if (path[i] == '.') {
            ++i;
        } else if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            if (close == std::string_view::npos)
                break;
            Step s;
            s.isIndex = true;
            s.index = std::strtoull(std::string(path.substr(i + 1, close - i - 1)).c_str(), nullptr, 10);
            steps.push_back(s);
            i = close + 1;
        } else {
            std::size_t end = i;
            while (end < path.size() && path[end] != '.' && path[end] != '[')
                ++end;
            Step s;
            s.key = std::string(path.substr(i, end - i));
            steps.push_back(std::move(s));
            i = end;
        }
    }
    return steps;
}

class Scanner {
public:
    explicit Scanner(std::string_view text) : m_text(text) {}

    // At a value's start: descends along steps[from...]; returns the line of the deepest value found.
    int find(const std::vector<Step>& steps, std::size_t from)
    {
        skipSpace();
        const int here = m_line;
        if (from == steps.size() || m_pos >= m_text.size())
            return here;
        const Step& step = steps[from];
        const char c = m_text[m_pos];
        if (c == '{' && !step.isIndex) {
            ++m_pos;
            for (;;) {
                skipSpace();
                if (m_pos >= m_text.size() || m_text[m_pos] != '"')
                    return here;
                const std::string key = readString();
                skipSpace();
                if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                    return here;
                ++m_pos;
                if (key == step.key)
                    return find(steps, from + 1);
                if (!skipValue())
                    return here;
                skipSpace();
                if (m_pos < m_text.size() && m_text[m_pos] == ',')
                    ++m_pos;
                else
                    return here;
            }
        }
        if (c == '[' && step.isIndex) {
            ++m_pos;
            for (std::size_t i = 0;; ++i) {
                skipSpace();
                if (m_pos >= m_text.size() || m_text[m_pos] == ']')
                    return here;
                if (i == step.index)
                    return find(steps, from + 1);
                if (!skipValue())
                    return here;
                skipSpace();
                if (m_pos < m_text.size() && m_text[m_pos] == ',')
                    ++m_pos;
                else
                    return here;
            }
        }
        return here;
    }

    // After find() stopped at an array's start: the line of each element.
    std::vector<int> elementLines()
    {
        std::vector<int> lines;
        skipSpace();
        if (m_pos >= m_text.size() || m_text[m_pos] != '[')
            return lines;
        ++m_pos;
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] == ']')
                return lines;
            lines.push_back(m_line);
            if (!skipValue())
                return lines;
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ',')
                ++m_pos;
            else
                return lines;
        }
    }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\n')
                ++m_line;
            else if (c != ' ' && c != '\t' && c != '\r')
                break;
            ++m_pos;
        }
    }

    std::string readString()
    {
        std::string out;
        ++m_pos;  // the opening quote
        while (m_pos < m_text.size() && m_text[m_pos] != '"') {
            if (m_text[m_pos] == '\\' && m_pos + 1 < m_text.size())
                out.push_back(m_text[++m_pos]);  // enough to compare plain keys
            else
                out.push_back(m_text[m_pos]);
            ++m_pos;
        }
        ++m_pos;
        return out;
    }

    bool skipValue()
    {
        skipSpace();
        if (m_pos >= m_text.size())
            return false;
        const char c = m_text[m_pos];
        if (c == '"') {
            readString();
            return true;
        }
        if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++m_pos;
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == close) {
                ++m_pos;
                return true;
            }
            for (;;) {
                if (c == '{') {
                    skipSpace();
                    if (m_pos >= m_text.size() || m_text[m_pos] != '"')
                        return false;
                    readString();
                    skipSpace();
                    if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                        return false;
                    ++m_pos;
                }
                if (!skipValue())
                    return false;
                skipSpace();
                if (m_pos >= m_text.size())
                    return false;
                if (m_text[m_pos] == ',') {
                    ++m_pos;
                    continue;
                }
                if (m_text[m_pos] == close) {
                    ++m_pos;
                    return true;
                }
                return false;
            }
        }
        // A number, true / false / null, Infinity / NaN.
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != ',' && m_text[m_pos] != '}' && m_text[m_pos] != ']' &&
               m_text[m_pos] != ' ' && m_text[m_pos] != '\n' && m_text[m_pos] != '\t' && m_text[m_pos] != '\r')
            ++m_pos;
        return m_pos > start;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_line = 1;
};

} // namespace

int lineOfJsonPath(std::string_view text, std::string_view path)
{
    Scanner scanner(text);
    return scanner.find(parsePath(path), 0);
}

std::vector<int> elementLines(std::string_view text, std::string_view path)
{
    Scanner scanner(text);
    const std::vector<Step> steps = parsePath(path);
    // find() returns at the start of the value the whole path names, or earlier when it is missing.
    scanner.find(steps, 0);
    return scanner.elementLines();
}

std::string jsonSyntaxError(const std::string& file, const nlohmann::json::parse_error& error)
{
    // what(): "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..."
    std::string what = error.what();
    std::string position;
    const std::size_t at = what.find(" at line ");
    const std::size_t colon = at == std::string::npos ? std::string::npos : what.find(": ", at);
    if (at != std::string::npos && colon != std::string::npos) {
        std::string where = what.substr(at + 9, colon - at - 9);  // "3, column 5"
        const std::size_t comma = where.find(", column ");
        if (comma != std::string::npos)
            position = where.substr(0, comma) + ":" + where.substr(comma + 9);
        what = what.substr(colon + 2);
    } else if (const std::size_t close = what.find("] "); close != std::string::npos) {
        what = what.substr(close + 2);
    }
    return file + ":" + (position.empty() ? std::string("1") : position) + ": not valid JSON: " + what;
}

} // namespace ts::measure
