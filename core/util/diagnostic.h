#pragma once
// Typed diagnostics shared by every stage: a stable code, a severity, where, and what to do.

#include "core/util/message_value.h"

#include <string>
#include <string_view>
#include <vector>

namespace ts {

enum class Severity { Note, Warning, Error };

std::string_view severityName(Severity severity);

struct Diagnostic {
    std::string code;     // stable, kebab-case: "tunable-has-default"
    Severity severity = Severity::Warning;
    std::string file;     // may be empty when the diagnostic concerns no file
    int line = 0;         // 1-based; 0 when unknown
    int column = 0;       // 1-based; 0 when unknown
    std::string message;  // says what is wrong and what to do, in English (what the CLI prints)
    msg::Message text;    // the same by catalogue id and arguments, for the explorer; empty for a
                          // message no catalogue entry makes (read from a file written before)

    // Sets both `message` and `text`.
    void say(msg::Message what)
    {
        message = what.english();
        text = std::move(what);
    }

    // "file:line:column: severity: message [code]"
    std::string format() const;
};

using Diagnostics = std::vector<Diagnostic>;

bool hasErrors(const Diagnostics& diagnostics);

} // namespace ts
