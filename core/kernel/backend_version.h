#pragma once
// Which Triton-Ascend autotune TileScope models. Users run different versions of the backend,
// and each decides differently which axes it finds, which configs it generates, in which order
// and with which options. A backend version is a value every stage takes (analysis,
// generation, pruning rules, bench defaults, cache key, export); it is never a global.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ts::kernel {

enum class BackendVersion : std::uint8_t {
    V2026_04, // triton-lang/triton-ascend a84b1eb: autoparser.py + tile_generator.py
    V2026_08, // Geofeng12138/triton-ascend 189dd87: dsl_analysis/ v2 parser, cv_autotune/, ...
};

struct BackendVersionInfo {
    BackendVersion version;
    std::string_view name;       // "2026-04": what --backend and the workload JSON take
    std::string_view repository; // the public repository whose runtime it follows
    std::string_view commit;     // full commit id
    std::string_view date;       // the commit's date
    std::string_view summary;    // one line on what that runtime does
};

inline constexpr std::array<BackendVersionInfo, 2> kBackendVersions = {{
    {BackendVersion::V2026_04, "2026-04", "triton-lang/triton-ascend",
     "a84b1eb52b6215e2c171632f2df0892f1003cfc8", "2026-04-27",
     "autoparser.py + tile_generator.py: vector kernels only; tl.dot kernels get no config"},
    {BackendVersion::V2026_08, "2026-08", "Geofeng12138/triton-ascend",
     "189dd87904997ed0d9704ef16ddbabfc082bef0b", "2026-08-18",
     "v2 axis parser (dsl_analysis/), cube/mix generator (cv_autotune/), max_autotune, UB tuner"},
}};

// The newest version: what a workload without a "backend" field and a command without
// --backend get.
inline constexpr BackendVersion kDefaultBackend = BackendVersion::V2026_08;

constexpr const BackendVersionInfo& backendInfo(BackendVersion version)
{
    return kBackendVersions[static_cast<std::size_t>(version)];
}

constexpr std::string_view backendName(BackendVersion version)
{
    return backendInfo(version).name;
}

// nullopt for a name no version has.
constexpr std::optional<BackendVersion> parseBackendVersion(std::string_view name)
{
    for (const BackendVersionInfo& info : kBackendVersions)
        if (info.name == name)
            return info.version;
    return std::nullopt;
}

} // namespace ts::kernel
