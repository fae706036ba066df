#pragma once
// A pipeline run as a background job's work (background_job.h): stopped through the job, with a
// checkpoint before it starts so that a test's pause point can hold it there.

#include "core/pipeline/workflow.h"
#include "widgets/background_job.h"
#include "widgets/core_text.h"

#include <QString>

#include <algorithm>
#include <memory>
#include <stop_token>
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

// `run(request, control)` on the job's thread for a run of many steps that keeps the steps
// finished when it is stopped (a shape sweep, a device comparison): `stop` is the dialog's Stop,
// which lets the job deliver what finished, and the job's own stop requests it too. Progress
// names the step through `stepFormat` ("Shape %1 of %2: %3": step, steps, its name); the
// result comes back shared.
template <typename Request, typename Run>
auto keepingRun(Request request, Run run, std::shared_ptr<std::stop_source> stop, QString stepFormat)
{
    return [request = std::move(request), run, stop = std::move(stop),
            stepFormat = std::move(stepFormat)](JobContext& context) {
        pipeline::RunControl control;
        control.stop = stop->get_token();
        control.progress = [&context, &stop, &stepFormat](const pipeline::RunProgress& p) {
            if (context.stopRequested())
                stop->request_stop();
            context.reportProgress(p.fraction,
                                   stepFormat.arg(std::min(p.item + 1, p.items))
                                       .arg(p.items)
                                       .arg(p.itemMessage.empty() ? QString::fromStdString(p.itemName)
                                                                  : coreText(p.itemMessage)));
        };
        return std::make_shared<const decltype(run(request, control))>(run(request, control));
    };
}

} // namespace ts::gui
