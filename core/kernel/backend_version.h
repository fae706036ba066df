#pragma once
// Which Triton-Ascend autotune TileScope models. Users run different versions of the backend,
// and each decides differently which axes it finds, which configs it generates, in which order
// and with which options. A backend version is a value every stage takes (analysis,
// generation, pruning rules, bench defaults, cache key, export); it is never a global.
//
// A BackendVersion is a handle to a version registered in core/backends/ (backend_registry.h),
// where each version's policy says what it decides; this header only names them.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::kernel {

struct BackendVersionInfo {
    std::string_view name;       // "2026-04": what --backend and the workload JSON take
    std::string_view repository; // the public repository whose runtime it follows
    std::string_view commit;     // full commit id
    std::string_view date;       // the commit's date
    std::string_view summary;    // one line on what that runtime does
};

class BackendVersion {
public:
    // The default version (backend_registry.h: the newest built-in one).
    BackendVersion();
    // The version registered at `index` (registration order); for the registry.
    static BackendVersion atIndex(std::size_t index);
    std::size_t index() const { return m_index; }

    friend bool operator==(const BackendVersion&, const BackendVersion&) = default;

private:
    explicit BackendVersion(std::uint16_t index) : m_index(index) {}
    std::uint16_t m_index = 0;
};

const BackendVersionInfo& backendInfo(BackendVersion version);
std::string_view backendName(BackendVersion version);
// nullopt for a name no version has.
std::optional<BackendVersion> parseBackendVersion(std::string_view name);
// Every registered version, oldest first.
std::vector<BackendVersion> backendVersions();
// Their descriptions, in the same order.
std::vector<BackendVersionInfo> backendInfos();
// What a workload without a "backend" field and a command without --backend get.
BackendVersion defaultBackend();

// "2026-04, 2026-08": every backend version's name, for messages that list the valid ones.
std::string backendNames();

// "2026-08 (Geofeng12138/triton-ascend 189dd87)": a version, the repository and short commit
// whose runtime it follows, as headers and exports name it.
std::string backendLabel(BackendVersion version);
// The same for a version's name; a name no version has is returned as it is.
std::string backendLabel(std::string_view name);

} // namespace ts::kernel
