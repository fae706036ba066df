#pragma once
// Number formatting of the space stage's machine-readable output (quantities for people are in
// core/util/format.h).

#include <string>

namespace ts::space {

// Shortest round-trip text of a double, for JSON and CSV.
std::string formatDouble(double value);

} // namespace ts::space
