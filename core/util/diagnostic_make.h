#pragma once
// A diagnostic made from a message of the catalogue (core/util/message.h): its English, what the
// CLI prints, rendered from the entry, so that the explorer can write the same in the reader's
// language. Text from outside the process (Python's, a JSON parser's, the system's words) goes in
// as an argument of one of the catalogue's entries, never as the whole message.

#include "core/util/diagnostic.h"

namespace ts {

inline Diagnostic makeDiagnostic(std::string code, Severity severity, std::string file, int line, int column,
                                 msg::Message what)
{
    Diagnostic d;
    d.code = std::move(code);
    d.severity = severity;
    d.file = std::move(file);
    d.line = line;
    d.column = column;
    d.say(std::move(what));
    return d;
}

} // namespace ts
