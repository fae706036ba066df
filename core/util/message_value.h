#pragma once
// A message for people as core's types carry it: a catalogue id (core/util/message.h) and its
// arguments, an argument being text shown as written (a name, a number, code) or a message in
// turn. Core renders it to the English the CLI prints and the cache stores; the explorer renders
// it from the id in the reader's language. This header does not list the catalogue, so that the
// types holding a message (Diagnostic, a compile result) do not rebuild with every new entry.

#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ts::msg {

enum class Id : std::uint16_t;
class Message;

// One argument: pieces written one after the other, each a text kept as written or a message
// (a list of lines whose lines are messages is several pieces).
class Arg {
public:
    struct Piece {
        std::string text;                       // when message is null
        std::shared_ptr<const Message> message; // a message of the catalogue
        // A count of things (msg::count): `text` is its English, grouped ("4,096") like every
        // other count the product writes; the explorer groups `count` in the reader's locale.
        std::optional<std::int64_t> count;
        bool operator==(const Piece& other) const;
    };

    Arg() = default;
    Arg(std::string_view text) : m_pieces{Piece{std::string(text), nullptr}} {}
    Arg(const std::string& text) : m_pieces{Piece{text, nullptr}} {}
    Arg(const char* text) : m_pieces{Piece{text, nullptr}} {}
    // A number kept as written, ungrouped (a line number, a config's value, a dimension); a count
    // of things is msg::count. Not a bool or a char; enable_if rather than a constraint, which moc
    // cannot read in the headers it follows.
    template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>, int> = 0>
    Arg(T n) : m_pieces{Piece{std::to_string(n), nullptr}}
    {
    }
    Arg(const Message& message);
    explicit Arg(Piece piece) : m_pieces{std::move(piece)} {}

    // The argument's English, as the CLI prints it.
    std::string text() const;
    const std::vector<Piece>& pieces() const { return m_pieces; }
    bool empty() const
    {
        for (const Piece& p : m_pieces)
            if (p.message || !p.text.empty())
                return false;
        return true;
    }
    Arg& operator+=(const Arg& more);
    bool operator==(const Arg& other) const { return m_pieces == other.m_pieces; }

private:
    std::vector<Piece> m_pieces;
};

class Message {
public:
    Message() = default; // no message: a text no catalogue entry made
    Message(Id id, std::initializer_list<Arg> args = {}) : m_id(id), m_set(true), m_args(args) {}
    Message(Id id, std::vector<Arg> args) : m_id(id), m_set(true), m_args(std::move(args)) {}

    // A text that came with no id, such as English read back from a cache file: its english() is
    // the text; the explorer reads it back to the entry it was rendered from, where it can.
    static Message asWritten(std::string english);

    bool empty() const { return !m_set; }
    Id id() const { return m_id; }
    const std::vector<Arg>& args() const { return m_args; }
    // The English text, byte for byte what the CLI prints.
    std::string english() const;
    bool operator==(const Message& other) const
    {
        return m_set == other.m_set && m_id == other.m_id && m_args == other.m_args;
    }

private:
    Id m_id{};
    bool m_set = false;
    std::vector<Arg> m_args;
};

// A count of things (candidates, rows, points, configs) inside a message: grouped in English
// ("4,096 of 8,192 rows") and in the reader's locale in the explorer. Not for a line number, a
// config's value, a size in bytes or a dimension, which are written as they are.
Arg count(std::int64_t n);

// Writes the English (a test's failure text, a log line).
std::ostream& operator<<(std::ostream& out, const Message& message);

inline Arg::Arg(const Message& message) : m_pieces{Piece{{}, std::make_shared<const Message>(message)}} {}

} // namespace ts::msg
