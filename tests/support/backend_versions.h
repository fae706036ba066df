#pragma once
// The backend versions tests name. Tests written against the configs Triton-Ascend 2026-04
// generates (what TileScope modelled before it knew of versions) select that version
// explicitly: a workload without a "backend" field, such as the bundled examples, gets the
// newest.

#include "core/kernel/workload.h"

#include <stdexcept>
#include <string>

namespace ts::test {

// The registered version of this name; throws when none has it (a test that names a version
// the product no longer models fails at once).
inline kernel::BackendVersion backendNamed(std::string_view name)
{
    if (const auto version = kernel::parseBackendVersion(name))
        return *version;
    throw std::invalid_argument("no backend version named " + std::string(name));
}

inline kernel::BackendVersion backend2604()
{
    return backendNamed("2026-04");
}

inline kernel::BackendVersion backend2608()
{
    return backendNamed("2026-08");
}

// kernel::loadWorkload, the workload then set to backend 2026-04.
inline kernel::WorkloadLoadResult loadWorkload2604(const std::string& path)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(path);
    if (loaded.workload)
        loaded.workload->backend = backend2604();
    return loaded;
}

} // namespace ts::test
