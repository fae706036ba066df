// `tilescope sweep WORKLOAD --range NAME=A..B:x2 [--range ...] [--tolerance PCT]`

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/pipeline/workflow.h"
#include "core/sweep/shape_sweep.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

namespace ts::cli {
namespace {

constexpr const char* kSweepHelp =
    "Usage: tilescope sweep WORKLOAD.json | KERNEL.py --range NAME=START..END[:xF|:+S] [--range ...]\n"
    "                       [--tolerance PCT] [--json] [--output FILE.py] [--device NAME]\n"
    "                       [--bench-method default|npu] [--jobs N] [--cache PATH | --no-cache] [--force]\n\n"
    "Tunes the kernel at every shape of the ranges (their cartesian product), reports each shape's best\n"
    "config, and proposes the smallest handwritten config list such that at every shape the list's\n"
    "fastest config is within --tolerance percent (default 5) of that shape's best. Every config\n"
    "benchmarked at some shape is also benchmarked (as a handwritten config) at the shapes where the\n"
    "backend did not generate it, as Triton benchmarks a handwritten list at every shape. The list is\n"
    "printed as an @triton.autotune decorator (--output writes it to a file).\n\n"
    "Ranges: n=1024..16777216:x2 (geometric), n=64..512:+64 (arithmetic), n=1000,3000 (a list).\n"
    "A swept argument's value also replaces every tensor dimension equal to its original value,\n"
    "unless another key argument had that value too (then the dimension is left as it is).\n"
    "Each shape's tuning is cached like `tilescope tune` (reused when fresh unless --force).\n";

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope sweep: " << message << "\n";
    return code;
}

} // namespace

int runSweep(const Args& args)
{
    if (args.flag("help")) {
        std::cout << kSweepHelp;
        return kExitOk;
    }
    std::string error;
    if (!args.allowOnly({"function", "arg", "grid", "device", "device-file", "bench-method", "jobs", "seed", "cache",
                         "range", "tolerance", "output"},
                        {"json", "force", "no-cache", "lattice"}, &error))
        return fail(error);
    pipeline::SweepRequest request;
    for (const std::string& text : args.values("range")) {
        auto range = sweep::parseRange(text, &error);
        if (!range)
            return fail(error);
        request.ranges.push_back(std::move(*range));
    }
    if (request.ranges.empty())
        return fail("give at least one --range NAME=START..END[:xF|:+S] (see --help)");
    if (auto text = args.value("tolerance")) {
        std::string t = *text;
        if (!t.empty() && t.back() == '%')
            t.pop_back();
        char* end = nullptr;
        const double pct = std::strtod(t.c_str(), &end);
        if (t.empty() || *end != '\0' || !std::isfinite(pct) || pct < 0 || pct > 1000)
            return fail("--tolerance takes a percentage such as 5, got '" + *text + "'");
        request.cover.tolerance = pct / 100.0;
    }
    if (args.flag("no-cache") && args.value("cache"))
        return fail("--cache and --no-cache exclude each other");

    auto workload = workloadFromArgs(args, "sweep");
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
            std::cerr << "\rswept " << p.item << "/" << p.items << " shapes" << std::string(40, ' ') << "\n";
            return;
        }
        const double shapeFraction = std::clamp(p.fraction * double(p.items) - double(p.item), 0.0, 1.0);
        const std::string line = "shape " + std::to_string(p.item + 1) + "/" + std::to_string(p.items) + " (" +
                                 p.itemName + "): " + std::to_string(static_cast<int>(shapeFraction * 100 + 0.5)) + "%";
        if (line != lastLine)  // one line per change, not per callback
            std::cerr << "\r" << line << "        " << std::flush;
        lastLine = line;
    };

    const sweep::SweepResult result = [&] {
        const InterruptStop interrupt;
        control.stop = interrupt.token();
        return pipeline::sweep(request, control);
    }();
    if (!result.ok())
        return fail(result.error);

    for (const std::string& note : result.notes)
        std::cerr << "tilescope sweep: note: " << note << "\n";
    pipeline::ExportRequest exportRequest;
    exportRequest.configs = sweep::handwrittenConfigs(result.cover);
    exportRequest.top = exportRequest.configs->size();
    exportRequest.list.key = result.key;
    exportRequest.list.p50Comments = false;  // a time belongs to one shape, not to the list
    const pipeline::ExportResult list = pipeline::exportTuning(exportRequest);
    if (args.flag("json")) {
        nlohmann::ordered_json j = sweep::sweepToJson(result);
        j["python"] = list.ok() ? nlohmann::ordered_json(list.text) : nlohmann::ordered_json();
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << sweep::sweepToText(result);
        if (list.ok())
            std::cout << "\n" << list.text;
    }
    if (!list.ok())
        std::cerr << "tilescope sweep: cannot write the config list: " << list.error.value_or(std::string()) << "\n";
    if (auto file = args.value("output"); file && list.ok()) {
        std::ofstream out(*file, std::ios::binary | std::ios::trunc);
        out << list.text;
        out.close();
        if (!out)
            return fail("cannot write " + *file);
        std::cerr << "tilescope sweep: wrote " << *file << "\n";
    }
    bool anyFailed = result.shapes.empty();
    for (const sweep::ShapeOutcome& s : result.shapes)
        anyFailed = anyFailed || !s.record;
    return anyFailed || result.stopped ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
