#include "core/util/diagnostic.h"

#include <algorithm>

namespace ts {

std::string_view severityName(Severity severity)
{
    switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "error";
}

std::string Diagnostic::format() const
{
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0) {
            out += ':' + std::to_string(line);
            if (column > 0)
                out += ':' + std::to_string(column);
        }
        out += ": ";
    }
    out += severityName(severity);
    out += ": ";
    out += message;
    if (!code.empty())
        out += " [" + code + ']';
    return out;
}

bool hasErrors(const Diagnostics& diagnostics)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

} // namespace ts
