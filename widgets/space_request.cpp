#include "widgets/space_request.h"

#include "core/pipeline/space_pipeline.h"

namespace ts::gui {

SpaceRequestResult spaceRequestFor(const analysis::KernelAnalysis& analysis,
                                   const npu::DeviceProfile* device, bool lattice)
{
    SpaceRequestResult out;
    if (device == nullptr) {
        out.error = "unknown device '" + analysis.workload.device + "'";
        return out;
    }
    if (analysis.kernel == nullptr || !analysis.kernel->isAutotuned()) {
        out.error = "the kernel has no @triton.autotune decorator: the backend tunes nothing";
        return out;
    }
    // The same conversion the CLI uses, so both show the same space.
    SpaceRequest r;
    r.parse = analysis.parse;
    r.launch = pipeline::launchSpecFor(analysis);
    r.hints = pipeline::hintListFor(analysis);
    r.device = space::fromProfile(*device);
    r.options.lattice = lattice;
    out.request = std::move(r);
    return out;
}

} // namespace ts::gui
