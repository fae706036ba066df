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
                if (!skipValueAndComma())
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
                if (!skipValueAndComma())
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
            if (!skipValueAndComma())
                return lines;
        }
    }

private:
    // Skips one value of a list or object and the comma after it: false at its end (or a value
    // that does not parse).
    bool skipValueAndComma()
    {
        if (!skipValue())
            return false;
        skipSpace();
        if (m_pos >= m_text.size() || m_text[m_pos] != ',')
            return false;
        ++m_pos;
        return true;
    }

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

    // Skips one value. Objects and lists are skipped by counting brackets outside strings, in a
    // loop: the text has parsed already, and it may nest as deep as the reader allows.
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
            std::size_t depth = 0;
            while (m_pos < m_text.size()) {
                const char d = m_text[m_pos];
                if (d == '"') {
                    readString();
                    continue;
                }
                if (d == '\n')
                    ++m_line;
                else if (d == '{' || d == '[')
                    ++depth;
                else if ((d == '}' || d == ']') && --depth == 0) {
                    ++m_pos;
                    return true;
                }
                ++m_pos;
            }
            return false;
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

} // namespace ts::measure
