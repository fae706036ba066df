#include "core/space/space_format.h"

#include <charconv>
#include <cstdio>

namespace ts::space {

std::string formatKib(std::int64_t bytes)
{
    const std::int64_t tenths = (bytes * 10 + 512) / 1024;
    std::string out = std::to_string(tenths / 10);
    if (tenths % 10 != 0)
        out += "." + std::to_string(tenths % 10);
    return out + " KiB";
}

std::string plural(std::int64_t n, const std::string& word)
{
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string formatPercent(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", share * 100.0);
    return buf;
}

std::string formatDouble(double value)
{
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, end) : std::string("0");
}

} // namespace ts::space
