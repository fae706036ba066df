#pragma once
// A pipeline run as a background job's work (background_job.h): stopped through the job, with a
// checkpoint before it starts so that a test's pause point can hold it there.

#include "core/pipeline/workflow.h"
#include "widgets/background_job.h"

#include <QString>

#include <utility>

namespace ts::gui {

// `run(request, control)` on the job's thread: pipeline::compareBackends, compareMeasured, ...
template <typename Request, typename Run>
auto stoppableRun(Request request, Run run)
{
    return [request = std::move(request), run](JobContext& context) {
        pipeline::RunControl control;
        control.stop = context.stopToken();
        context.checkpoint(0.0, QString());
        return run(request, control);
    };
}

} // namespace ts::gui
