#pragma once
// Parses Python source with CPython's own `ast.parse` in an embedded interpreter and copies the
// tree into C++ (ts::py::Module). Nothing of the user's code is imported or evaluated: the
// interpreter only runs `ast.parse`.

#include "core/python/ast.h"
#include "core/util/message_value.h"

#include <optional>
#include <string>

namespace ts::py {

struct ParseError {
    std::string file;
    int line = 0;    // 1-based, 0 when unknown
    int column = 0;  // 1-based, 0 when unknown
    std::string message;         // English, rendered from `text`
    msg::Message text;           // by catalogue id; CPython's own wording is an argument, or as written
    std::string format() const;  // "file:line:column: error: message"
};

struct ParseResult {
    std::unique_ptr<Module> module;    // null on error
    std::optional<ParseError> error;
    bool ok() const { return module != nullptr; }
};

// Thread-safe. The interpreter starts on first use (isolated: no site, no environment) and is
// reused; `startInterpreter()` starts it eagerly.
ParseResult parseSource(const std::string& source, const std::string& fileName);
ParseResult parseFile(const std::string& path);

void startInterpreter();

} // namespace ts::py
