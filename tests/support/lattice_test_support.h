#pragma once
// The lattice of an analysed kernel on its own device, and a space dimension found by name:
// what the lattice tests share.

#include "core/pipeline/workflow.h"

#include <memory>
#include <string>

namespace ts::test {

inline std::shared_ptr<const space::CandidateSpace> lattice(const std::shared_ptr<const analysis::KernelAnalysis>& a)
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    pipeline::SpaceRequest request{a, *registry.find(a->workload.device), {}};
    request.options.lattice = true;
    return pipeline::buildSpace(request).space;
}

// The dimension's column in the space's values; -1 when it has none of that name.
inline int dimension(const space::CandidateSpace& s, const std::string& name)
{
    for (std::size_t d = 0; d < s.dimensions().size(); ++d)
        if (s.dimensions()[d].name == name)
            return int(d);
    return -1;
}

} // namespace ts::test
