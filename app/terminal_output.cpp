#include "app/terminal_output.h"

#include "core/util/escape.h"

#include <iostream>

namespace ts::cli {
namespace {

// Output is passed on in pieces of this size: a big JSON document is not held whole.
constexpr std::size_t kChunk = 1 << 16;

} // namespace

TerminalFilter::TerminalFilter(std::ostream& stream) : m_stream(stream), m_target(stream.rdbuf(this)) {}

TerminalFilter::~TerminalFilter()
{
    drain(true);
    m_target->pubsync();
    m_stream.rdbuf(m_target);
}

void TerminalFilter::writeRaw(std::string_view bytes)
{
    drain(true);
    m_target->sputn(bytes.data(), std::streamsize(bytes.size()));
}

TerminalFilter::int_type TerminalFilter::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return traits_type::not_eof(c);
    m_held.push_back(traits_type::to_char_type(c));
    if (c == '\n' || m_held.size() >= kChunk)
        drain(false);
    return c;
}

std::streamsize TerminalFilter::xsputn(const char* s, std::streamsize n)
{
    m_held.append(s, std::size_t(n));
    if (m_held.size() >= kChunk || std::string_view(s, std::size_t(n)).find('\n') != std::string_view::npos)
        drain(false);
    return n;
}

int TerminalFilter::sync()
{
    drain(true);
    return m_target->pubsync();
}

void TerminalFilter::drain(bool all)
{
    if (m_held.empty())
        return;
    std::size_t end = m_held.size();
    if (!all) {
        // Keep back the start of a UTF-8 sequence the next write completes.
        std::size_t start = end;
        while (start > 0 && end - start < 4 && (static_cast<unsigned char>(m_held[start - 1]) & 0xc0) == 0x80)
            --start;
        if (start > 0 && static_cast<unsigned char>(m_held[start - 1]) >= 0xc0 &&
            util::decodeUtf8At(m_held, start - 1).length == 0)
            end = start - 1;
    }
    const std::string safe = util::terminalSafe(std::string_view(m_held).substr(0, end));
    m_target->sputn(safe.data(), std::streamsize(safe.size()));
    m_held.erase(0, end);
}

TerminalOutput::TerminalOutput() : m_out(std::cout), m_err(std::cerr) {}

void writeRaw(std::ostream& stream, std::string_view bytes)
{
    stream.flush();
    if (auto* filter = dynamic_cast<TerminalFilter*>(stream.rdbuf()))
        filter->writeRaw(bytes);
    else
        stream.write(bytes.data(), std::streamsize(bytes.size()));
}

} // namespace ts::cli
