#include "core/util/message.h"

#include "core/util/format.h"

#include <array>
#include <ostream>
#include <vector>

namespace ts::msg {
namespace {

constexpr std::array kCatalogue = {
#define TS_MESSAGE(id, english) Entry{Id::id, #id, english},
#include "core/util/message_catalog.inc"
#undef TS_MESSAGE
};

} // namespace

std::span<const Entry> catalogue()
{
    return kCatalogue;
}

const Entry& entry(Id id)
{
    return kCatalogue[std::size_t(id)];
}

std::string fill(std::string_view format, std::span<const std::string> args)
{
    std::string out;
    out.reserve(format.size() + 16 * args.size());
    for (std::size_t i = 0; i < format.size(); ++i) {
        const char c = format[i];
        if (c == '%' && i + 1 < format.size() && format[i + 1] >= '1' && format[i + 1] <= '9') {
            const std::size_t n = std::size_t(format[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::ostream& operator<<(std::ostream& out, const Message& message)
{
    return out << message.english();
}

Message Message::asWritten(std::string english)
{
    return Message(Id::AsWritten, {Arg(std::move(english))});
}

std::vector<std::string> english(const std::vector<Message>& messages)
{
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const Message& m : messages)
        out.push_back(m.english());
    return out;
}

std::string text(Id id, std::initializer_list<Arg> args)
{
    return Message(id, args).english();
}

std::string Arg::text() const
{
    std::string out;
    for (const Piece& p : m_pieces)
        out += p.message ? p.message->english() : p.text;
    return out;
}

bool Arg::Piece::operator==(const Piece& other) const
{
    if (text != other.text || count != other.count || bool(message) != bool(other.message))
        return false;
    return !message || *message == *other.message;
}

Arg count(std::int64_t n)
{
    return Arg(Arg::Piece{formatInteger(n), nullptr, n});
}

Arg& Arg::operator+=(const Arg& more)
{
    m_pieces.insert(m_pieces.end(), more.m_pieces.begin(), more.m_pieces.end());
    return *this;
}

std::string Message::english() const
{
    if (!m_set)
        return {};
    std::vector<std::string> texts;
    texts.reserve(m_args.size());
    for (const Arg& a : m_args)
        texts.push_back(a.text());
    return fill(entry(m_id).english, texts);
}

} // namespace ts::msg
