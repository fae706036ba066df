#pragma once
// Python literal text as exports need it: config values are carried as literal text ("128",
// "True", "'fast'", "1.5") and written into Python source or JSON.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace ts::exporter {

// True for the literal subset configs use: ints, floats, True/False/None, quoted strings
// (no prefixes), optional sign, and tuples/lists of these.
bool isPythonLiteral(std::string_view text);

// True for a Python identifier (ASCII) that is not a keyword.
bool isPythonIdentifier(std::string_view text);

// A double-quoted Python string literal: "BLOCK_M" (escapes quotes, backslashes, controls).
std::string pythonQuoted(std::string_view text);

// Literal text -> JSON value as Python's json.dumps would write it: 128 -> 128, True -> true,
// None -> null, 'x' -> "x", (1, 2) -> [1, 2]. nullopt when the text is not such a literal.
std::optional<nlohmann::ordered_json> literalToJson(std::string_view text);

// Name -> literal text pairs (config params, key values) as a JSON object of typed values, the
// form every JSON output gives them: {"XBLOCK": 1024, "multibuffer": true}. Text that is no
// literal (a tensor key value such as "<tensor torch.float16>") stays a string.
nlohmann::ordered_json typedParams(const std::vector<std::pair<std::string, std::string>>& pairs);

// JSON value -> Python literal text as repr() writes it: true -> True, "x" -> 'x', 1.0 -> 1.0,
// [1, 2] -> [1, 2], null -> None. Objects become dict displays.
std::string jsonToLiteral(const nlohmann::ordered_json& value);

// Python's json.dumps() of a value (default arguments: ", " and ": " separators, ASCII only,
// Infinity/NaN for non-finite floats), so files we write read back byte for byte like Python's.
std::string pythonJsonDumps(const nlohmann::ordered_json& value);

} // namespace ts::exporter
