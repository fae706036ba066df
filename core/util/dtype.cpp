#include "core/util/dtype.h"

#include <array>

namespace ts {
namespace {

struct DtypeInfo {
    std::string_view name;
    std::array<std::string_view, 2> aliases;
    int bytes;
};

constexpr std::array<DtypeInfo, 17> kDtypes = {{
    {"float32", {"float", ""}, 4},
    {"float64", {"double", ""}, 8},
    {"float16", {"half", ""}, 2},
    {"bfloat16", {"", ""}, 2},
    {"int32", {"int", ""}, 4},
    {"int64", {"long", ""}, 8},
    {"int16", {"short", ""}, 2},
    {"int8", {"", ""}, 1},
    {"uint8", {"", ""}, 1},
    {"bool", {"", ""}, 1},
    {"complex32", {"chalf", ""}, 4},
    {"complex64", {"cfloat", ""}, 8},
    {"complex128", {"cdouble", ""}, 16},
    {"float8_e4m3fn", {"", ""}, 1},
    {"float8_e4m3fnuz", {"", ""}, 1},
    {"float8_e5m2", {"", ""}, 1},
    {"float8_e5m2fnuz", {"", ""}, 1},
}};

const DtypeInfo* find(std::string_view dtype)
{
    if (dtype.starts_with("torch."))
        dtype.remove_prefix(6);
    for (const DtypeInfo& d : kDtypes)
        if (d.name == dtype || (!dtype.empty() && (d.aliases[0] == dtype || d.aliases[1] == dtype)))
            return &d;
    return nullptr;
}

} // namespace

std::optional<int> dtypeSize(std::string_view dtype)
{
    const DtypeInfo* d = find(dtype);
    return d ? std::optional<int>(d->bytes) : std::nullopt;
}

std::string canonicalTorchDtype(std::string_view dtype)
{
    if (const DtypeInfo* d = find(dtype))
        return "torch." + std::string(d->name);
    return dtype.starts_with("torch.") ? std::string(dtype) : "torch." + std::string(dtype);
}

} // namespace ts
