#pragma once
// How TileScope writes a quantity in text output, one helper per quantity, so that every
// report, log and comment spells the same figure the same way.

#include <cstdio>
#include <string>

namespace ts {

// A time in milliseconds in reports and logs: four decimals ("0.0177").
inline std::string formatMs(double ms)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.4f", ms);
    return buffer;
}

// A time in milliseconds where space is short (a comment beside a config): four significant
// digits, one decimal from 100 ms on ("0.01768", "1.504", "123.4").
inline std::string formatMsCompact(double ms)
{
    char buffer[48];
    if (ms >= 100)
        std::snprintf(buffer, sizeof buffer, "%.1f", ms);
    else
        std::snprintf(buffer, sizeof buffer, "%.4g", ms);
    return buffer;
}

} // namespace ts
