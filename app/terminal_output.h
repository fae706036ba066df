#pragma once
// What the headless commands write to standard output and standard error passes a filter:
// names, paths and messages come from inputs, and an escape sequence or a carriage return in a
// kernel name, a device name or a file name must not reach the terminal as one. The filter
// writes control characters visibly (util::terminalSafe); the program's own control sequences
// (the carriage return of a progress line, the colours of a log TileScope reproduces) go
// around it with writeRaw().

#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace ts::cli {

class TerminalFilter : public std::streambuf {
public:
    explicit TerminalFilter(std::ostream& stream);
    ~TerminalFilter() override;
    TerminalFilter(const TerminalFilter&) = delete;
    TerminalFilter& operator=(const TerminalFilter&) = delete;

    // Writes what the filter holds, then `bytes` as they are.
    void writeRaw(std::string_view bytes);

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    // Escapes and passes on what is held, but an unfinished UTF-8 sequence at its end unless
    // `all` (it may be completed by the next write).
    void drain(bool all);

    std::ostream& m_stream;
    std::streambuf* m_target;
    std::string m_held;
};

// Installs the filter on std::cout and std::cerr for as long as it lives.
class TerminalOutput {
public:
    TerminalOutput();
    TerminalOutput(const TerminalOutput&) = delete;
    TerminalOutput& operator=(const TerminalOutput&) = delete;

private:
    TerminalFilter m_out;
    TerminalFilter m_err;
};

// `bytes` to `stream` around its filter (as they are when it has none).
void writeRaw(std::ostream& stream, std::string_view bytes);

} // namespace ts::cli
