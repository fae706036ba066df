#pragma once
// Text from inputs (names, paths, messages) on its way into places where some bytes act: a line
// of generated Python (a newline would start code) and a terminal (an escape sequence would
// move the cursor or retitle the window); and back: what a string literal's escape stands for.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ts::util {

// The character a one-letter backslash escape in a string literal stands for ('n' -> newline,
// '"' -> '"'), when `letters` takes that letter; nullopt otherwise. The JSON, Python and repr()
// readers share the meanings and differ in which letters they take (JSON "/", Python "v a 0 '").
constexpr std::optional<char> simpleEscape(char letter, std::string_view letters)
{
    if (letters.find(letter) == std::string_view::npos)
        return std::nullopt;
    switch (letter) {
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    case '0': return '\0';
    case '\\': case '\'': case '"': case '/': return letter;
    default: return std::nullopt;
    }
}

// The other way: the letter among `letters` whose escape stands for `c` ('\n' -> 'n'); nullopt
// when none does, for a writer to escape `c` its own way (\u00NN, \xNN) or keep it.
constexpr std::optional<char> escapeLetter(char c, std::string_view letters)
{
    for (char letter : letters)
        if (simpleEscape(letter, letters) == c)
            return letter;
    return std::nullopt;
}

// The code point of the UTF-8 sequence at `text[i]` and its length in bytes; length 0 for a byte
// that starts no valid sequence (stray, overlong, surrogate, past U+10FFFF, cut short).
struct Utf8Char {
    std::uint32_t code = 0;
    std::size_t length = 0;
};
Utf8Char decodeUtf8At(std::string_view text, std::size_t i);

// A single-quoted Python string literal in printable ASCII, as Python's ascii() writes it
// ('a\nb', 'caf\xe9', '\u2028'); a byte of invalid UTF-8 is written \xNN. Fit for any line of
// generated source, comments included.
std::string asciiLiteral(std::string_view text);

// `text` fit to stay on one line of generated source (a comment): line breaks and every other
// control character, U+2028/U+2029 and bytes of invalid UTF-8 written as \xNN / \uNNNN;
// printable text, UTF-8 included, unchanged.
std::string oneLine(std::string_view text);

// `text` with what a terminal would act on made visible: C0 controls but newline and tab, DEL and
// C1 controls (U+0080..U+009F) as \u00NN (the same character inside a JSON string, so JSON output
// stays valid), and bytes of invalid UTF-8 as \xNN. Printable text, UTF-8 included, is unchanged.
std::string terminalSafe(std::string_view text);

} // namespace ts::util
