// `tilescope sweep WORKLOAD --range NAME=A..B:x2 [--range ...] [--tolerance PCT]`

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/capture/capture_index.h"
#include "core/pipeline/workflow.h"
#include "core/sweep/shape_sweep.h"
#include "app/terminal_output.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

namespace ts::cli {
namespace {

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope sweep: " << message << "\n";
    return code;
}

} // namespace

int runSweep(const Args& args)
{
    pipeline::SweepRequest request;
    if (!checkOutputOption(args, "output", "sweep"))
        return kExitUsage;
    for (const std::string& text : args.values("range")) {
        msg::Message why;
        auto range = sweep::parseRange(text, &why);
        if (!range)
            return fail(why.english());
        request.ranges.push_back(std::move(*range));
    }
    // A capture folder: its launches of one kernel are the shapes.
    const bool captured = args.positionals().size() == 1 && capture::isCaptureFolder(args.positionals().front());
    if (captured) {
        if (!request.ranges.empty())
            return fail("a capture folder gives the shapes: --range does not apply");
        auto files = capturedWorkloads(args.positionals().front(), args.value("function").value_or(""), "sweep");
        if (!files)
            return kExitUsage;
        std::vector<kernel::Workload> launches;
        for (const std::string& file : *files) {
            auto launch = workloadFromInput(args, file, "sweep");
            if (!launch)
                return kExitUsage;
            if (!launches.empty() && (launch->kernelPath != launches.front().kernelPath ||
                                      launch->function != launches.front().function))
                return fail(args.positionals().front() + " holds launches of several kernels (" +
                            launches.front().function + ", " + launch->function + ", ...): choose one with --function");
            launches.push_back(std::move(*launch));
        }
        request.launches = std::move(launches);
    } else if (request.ranges.empty()) {
        return fail("give at least one --range NAME=START..END[:xF|:+S], or a capture folder (see --help)");
    }
    if (auto text = args.value("tolerance")) {
        const std::optional<double> share = parsePercent(*text);
        if (!share)
            return fail("--tolerance takes a percentage such as 5, got '" + *text + "'");
        request.cover.tolerance = *share;
    }
    request.cover.includeIncorrect = args.flag("include-incorrect");
    if (args.flag("no-cache") && args.value("cache"))
        return fail("--cache and --no-cache exclude each other");

    auto workload = captured ? std::optional(request.launches.front()) : workloadFromArgs(args, "sweep");
    if (!workload)
        return kExitUsage;
    auto tuningOptions = tuningOptionsFromArgs(args, *workload, "sweep");
    if (!tuningOptions)
        return kExitUsage;
    request.tuning = *tuningOptions;
    request.cache.force = args.flag("force");
    auto registry = devicesFromArgs(args, "sweep");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile)
        return fail(lookup.error);
    request.base = *workload;
    request.device = *lookup.profile;
    if (!args.flag("no-cache"))
        request.cache.path = cachePathFor(args, *workload);
    std::string lastLine;
    pipeline::RunControl control;
    control.progress = [&lastLine](const pipeline::RunProgress& p) {
        if (p.itemName.empty()) {
            writeRaw(std::cerr, "\r");
            std::cerr << "swept " << p.item << "/" << p.items << " shapes" << std::string(40, ' ') << "\n";
            return;
        }
        const double shapeFraction = std::clamp(p.fraction * double(p.items) - double(p.item), 0.0, 1.0);
        const std::string line = "shape " + std::to_string(p.item + 1) + "/" + std::to_string(p.items) + " (" +
                                 p.itemName + "): " + std::to_string(static_cast<int>(shapeFraction * 100 + 0.5)) + "%";
        if (line != lastLine) {  // one line per change, not per callback
            writeRaw(std::cerr, "\r");
            std::cerr << line << "        " << std::flush;
        }
        lastLine = line;
    };

    const sweep::SweepResult result = [&] {
        const InterruptStop interrupt;
        control.stop = interrupt.token();
        return pipeline::sweep(request, control);
    }();
    if (!result.ok())
        return fail(result.error->english());

    for (const msg::Message& note : result.notes)
        std::cerr << "tilescope sweep: note: " << note << "\n";
    pipeline::ExportRequest exportRequest;
    exportRequest.configs = sweep::handwrittenConfigs(result.cover);
    exportRequest.top = exportRequest.configs->size();
    exportRequest.list.key = result.key;
    exportRequest.list.p50Comments = false;
    if (auto backend = kernel::parseBackendVersion(result.backend))
        exportRequest.backend = *backend;  // a time belongs to one shape, not to the list
    const pipeline::ExportResult list = pipeline::exportTuning(exportRequest);
    if (args.flag("json")) {
        nlohmann::ordered_json j = sweep::sweepToJson(result);
        j["python"] = list.ok() ? nlohmann::ordered_json(list.text) : nlohmann::ordered_json();
        std::cout << jsonText(j) << "\n";
    } else {
        std::cout << sweep::sweepToText(result);
        if (list.ok())
            std::cout << "\n" << list.text;
    }
    if (!list.ok())
        std::cerr << "tilescope sweep: cannot write the config list: " << list.error->english() << "\n";
    if (auto file = args.value("output"); file && list.ok()) {
        if (!writeOutput(*file, list.text, "sweep"))
            return kExitUsage;
        std::cerr << "tilescope sweep: wrote " << *file << "\n";
    }
    bool anyFailed = result.shapes.empty();
    for (const sweep::ShapeOutcome& s : result.shapes)
        anyFailed = anyFailed || !s.record;
    return anyFailed || result.stopped ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
