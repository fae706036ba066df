#include "core/space/space_format.h"

#include <charconv>

namespace ts::space {

std::string formatDouble(double value)
{
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    return ec == std::errc() ? std::string(buf, end) : std::string("0");
}

} // namespace ts::space
