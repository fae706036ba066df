#pragma once
// Tests written against the configs Triton-Ascend 2026-04 generates (what TileScope modelled
// before it knew of versions) select that version explicitly: a workload without a "backend"
// field, such as the bundled examples, gets the newest.

#include "core/kernel/workload.h"

#include <string>

namespace ts::test {

inline constexpr kernel::BackendVersion kBackend2604 = kernel::BackendVersion::V2026_04;

// kernel::loadWorkload, the workload then set to backend 2026-04.
inline kernel::WorkloadLoadResult loadWorkload2604(const std::string& path)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(path);
    if (loaded.workload)
        loaded.workload->backend = kBackend2604;
    return loaded;
}

} // namespace ts::test
