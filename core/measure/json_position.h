#pragma once
// Line numbers for errors found in a JSON file after it parsed: nlohmann keeps no positions, so
// the text is scanned again, only when there is an error to report.

#include <string>
#include <string_view>
#include <vector>

namespace ts::measure {

// The 1-based line where the value at `path` ("candidates[3].config.num_warps") starts in the
// JSON `text`; when part of the path is missing, the line of the deepest part found (1 at worst).
// Tolerates Python's Infinity / NaN tokens.
int lineOfJsonPath(std::string_view text, std::string_view path);

// The 1-based start line of every element of the array at `path`, in one pass (empty when the
// path is not an array).
std::vector<int> elementLines(std::string_view text, std::string_view path);

} // namespace ts::measure
