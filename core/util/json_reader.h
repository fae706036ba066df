#pragma once
// The one way TileScope reads a JSON document from a file (workloads, device profiles, the
// runner's measurements, Triton's .autotune.json, candidate lists, cache exports, batch
// baselines). A file can hold anything: numbers beyond a double, 100,000 levels of nesting, a
// name of 10 MB. Before nlohmann parses the text, one pass without recursion checks it against
// limits; every problem, the parser's included, becomes "FILE:LINE:COLUMN: not valid JSON: what".
// Values are then read through the checked accessors below, never through get<int>() (which
// wraps 2^63 to -2^63 and 4294967297 to 1).

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ts::util {

struct JsonLimits {
    std::size_t maxBytes = std::size_t(512) << 20;
    int maxDepth = 64;                             // objects and arrays inside each other
    std::size_t maxStringBytes = std::size_t(1) << 20;  // one string (a key or a value), as written
    // Python's json module writes Infinity, -Infinity and NaN outside strings (Triton's
    // .autotune.json); they are read as doubles.
    bool pythonNonFinite = false;
};

template <typename Json>
struct JsonRead {
    Json value;
    std::string error;  // "FILE:LINE:COLUMN: not valid JSON: ..."; empty when read
    int line = 0;       // of the problem, 1-based
    int column = 0;
    std::string message;  // the error without the file and position
    bool ok() const { return error.empty(); }
};

JsonRead<nlohmann::json> readJson(std::string_view text, const std::string& file, const JsonLimits& limits = {});
JsonRead<nlohmann::ordered_json> readOrderedJson(std::string_view text, const std::string& file,
                                                 const JsonLimits& limits = {});

// JSON text TileScope stored itself (in a cache file, which may be damaged or crafted): read
// with the same limits, never throwing; a discarded value when it is not valid.
nlohmann::json parseStoredJson(std::string_view text);
nlohmann::ordered_json parseStoredOrderedJson(std::string_view text);

// JSON text as TileScope writes it (`indent` -1: compact). A string that is not UTF-8 (a path of
// the user's) has its stray bytes replaced, where dump() would throw.
std::string jsonText(const nlohmann::json& value, int indent = -1);
std::string jsonText(const nlohmann::ordered_json& value, int indent = -1);

// A JSON value for an error message, never its whole text: scalars as written (long strings
// cut), an object or an array by its kind and size.
std::string describeJson(const nlohmann::json& value);
std::string describeJson(const nlohmann::ordered_json& value);

// The value as a whole number when it is a JSON integer within [min, max] (by default: one that
// fits an int64); nullopt for anything else (a float, 2^63, a string).
std::optional<std::int64_t> jsonInteger(const nlohmann::json& value, std::int64_t min = INT64_MIN,
                                        std::int64_t max = INT64_MAX);
std::optional<std::int64_t> jsonInteger(const nlohmann::ordered_json& value, std::int64_t min = INT64_MIN,
                                        std::int64_t max = INT64_MAX);

// 1-based line and column (in bytes) of a byte offset of `text`.
std::pair<int, int> lineColumnAt(std::string_view text, std::size_t offset);

} // namespace ts::util
