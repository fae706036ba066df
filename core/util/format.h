#pragma once
// How TileScope writes a quantity in text output, one helper per quantity, so that every
// report, log and comment spells the same figure the same way. (The explorer writes the same
// text through widgets/quantity_text.h, its counts grouped by the locale: tr("%Ln candidate(s)").)

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace ts {

// `number` (digits, an optional sign and decimals) with its whole part's digits grouped by
// threes: "18763.19" -> "18,763.19", "-1024" -> "-1,024".
inline std::string groupDigits(std::string number)
{
    const std::size_t sign = !number.empty() && (number[0] == '-' || number[0] == '+') ? 1 : 0;
    std::size_t end = sign;
    while (end < number.size() && number[end] >= '0' && number[end] <= '9')
        ++end;
    for (std::size_t at = end; at > sign + 3; at -= 3)
        number.insert(at - 3, 1, ',');
    return number;
}

// A kernel time in microseconds, without the unit: two decimals, the whole part grouped like
// every count ("17.68", "18,763.19").
inline std::string formatUs(double us)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.2f", us);
    return groupDigits(buffer);
}

// The value formatUs writes, read back: the time a reader sees, to the hundredth.
inline double formattedUs(double us)
{
    std::string text = formatUs(us);
    std::erase(text, ',');
    return std::stod(text);
}

// A kernel time in microseconds with its unit: "17.68 us" (the CLI's ASCII spelling; the
// explorer writes "µs" after the same number).
inline std::string formatUsUnit(double us) { return formatUs(us) + " us"; }

// A kernel time held in milliseconds (as tunings, caches and measurements keep it), written as
// every report, comment and view writes a kernel time: in microseconds, "561.81 us". One unit for
// every kernel time, so that the same p50 never reads "0.5618 ms" in one place and µs in another.
inline std::string formatKernelTime(double ms)
{
    return formatUsUnit(ms * 1000.0);
}

// A duration in seconds, with the unit: one decimal ("12.5 s"); below a second two, so that a
// candidate's own compile or benchmark time does not read "0.0 s" ("0.03 s").
inline std::string formatSeconds(double seconds)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, seconds > 0 && seconds < 0.95 ? "%.2f s" : "%.1f s", seconds);
    return buffer;
}

// How many times one time is another, three decimals and the sign of times: "1.005x" (the
// explorer passes "×"). One spelling for every ratio: against the best, regret, speed-up.
inline std::string formatRatio(double ratio, std::string_view times = "x")
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.3f", ratio);
    return std::string(buffer).append(times);
}

// A size in bytes: "100 B" below 1 KiB, else the largest binary unit it fills with at most one
// decimal, rounded half up ("1.5 KiB", "144 KiB", "200 MiB", "1.2 GiB").
inline std::string formatBytes(std::int64_t bytes)
{
    const bool negative = bytes < 0;
    const std::uint64_t magnitude = negative ? 0 - std::uint64_t(bytes) : std::uint64_t(bytes);
    std::string out = negative ? "-" : "";
    if (magnitude < 1024)
        return out + std::to_string(magnitude) + " B";
    static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int unit = 0;
    std::uint64_t scale = 1024;
    // Move up while the value rounds to at least 1024 of the current unit.
    while (unit + 1 < 6 && magnitude / scale >= 1024) {
        scale *= 1024;
        ++unit;
    }
    // Tenths of the unit, rounded half up (rest < scale <= 2^60: rest * 10 cannot overflow).
    const std::uint64_t whole = magnitude / scale, rest = magnitude % scale;
    const std::uint64_t tenths = whole * 10 + (rest * 10 + scale / 2) / scale;
    out += std::to_string(tenths / 10);
    if (tenths % 10 != 0)
        out += "." + std::to_string(tenths % 10);
    return out + " " + kUnits[unit];
}

// A share as a percentage with one decimal: 0.734 -> "73.4%".
inline std::string formatPercent(double share)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", share * 100.0);
    return buffer;
}

// How much of a capacity is used: "73.4%" up to the capacity; beyond it (or with no capacity) the
// size needed against the capacity, "200 MiB > 192 KiB", never "104857.6%".
inline std::string formatUsage(std::int64_t used, std::int64_t capacity)
{
    if (capacity > 0 && used <= capacity)
        return formatPercent(double(used) / double(capacity));
    return formatBytes(used) + " > " + formatBytes(capacity);
}

// Whether formatUsage reports an overflow.
inline bool isOverflow(std::int64_t used, std::int64_t capacity) { return capacity <= 0 || used > capacity; }

// A count in text meant for a reader, its digits grouped by threes: "6,352", "2,202,558", "-1,024"
// (the explorer groups through the locale, which in English reads the same). JSON and CSV keep
// the plain integer, for programs.
inline std::string formatInteger(std::int64_t n) { return groupDigits(std::to_string(n)); }

// A count with its noun: "1 candidate", "6,352 candidates", "0 candidates". `plural` defaults to
// the singular with an "s" ("1 match", "3 matches" needs it given).
inline std::string formatCount(std::int64_t n, std::string_view singular, std::string_view plural = {})
{
    std::string out = formatInteger(n) + " ";
    if (n == 1 || n == -1)
        return out.append(singular);
    if (!plural.empty())
        return out.append(plural);
    return out.append(singular).append("s");
}

} // namespace ts
