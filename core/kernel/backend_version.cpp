#include "core/kernel/backend_version.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"

namespace ts::kernel {

BackendVersion::BackendVersion() : m_index(std::uint16_t(backends::defaultVersion().index())) {}

BackendVersion BackendVersion::atIndex(std::size_t index)
{
    return BackendVersion(std::uint16_t(index));
}

const BackendVersionInfo& backendInfo(BackendVersion version)
{
    return backends::policy(version).info();
}

std::string_view backendName(BackendVersion version)
{
    return backendInfo(version).name;
}

std::optional<BackendVersion> parseBackendVersion(std::string_view name)
{
    for (BackendVersion version : backends::registeredVersions())
        if (backendName(version) == name)
            return version;
    return std::nullopt;
}

std::vector<BackendVersion> backendVersions()
{
    return backends::registeredVersions();
}

std::vector<BackendVersionInfo> backendInfos()
{
    std::vector<BackendVersionInfo> out;
    for (BackendVersion version : backendVersions())
        out.push_back(backendInfo(version));
    return out;
}

BackendVersion defaultBackend()
{
    return backends::defaultVersion();
}

std::string backendNames()
{
    std::string out;
    for (BackendVersion version : backendVersions())
        out += (out.empty() ? "" : ", ") + std::string(backendName(version));
    return out;
}

std::string backendLabel(BackendVersion version)
{
    const BackendVersionInfo& info = backendInfo(version);
    return std::string(info.name) + " (" + std::string(info.repository) + " " + std::string(info.commit.substr(0, 7)) +
           ")";
}

std::string backendLabel(std::string_view name)
{
    const std::optional<BackendVersion> version = parseBackendVersion(name);
    return version ? backendLabel(*version) : std::string(name);
}

} // namespace ts::kernel
