#pragma once
// Number formatting shared by the space stage's messages and reports.

#include <cstdint>
#include <string>

namespace ts::space {

// 147456 -> "144 KiB", 1536 -> "1.5 KiB", 100 -> "0.1 KiB" (one decimal at most).
std::string formatKib(std::int64_t bytes);
// "1 element", "12 elements"
std::string plural(std::int64_t n, const std::string& word);
// 0.734 -> "73.4%"
std::string formatPercent(double share);
// Shortest round-trip text of a double, for JSON and CSV.
std::string formatDouble(double value);

} // namespace ts::space
