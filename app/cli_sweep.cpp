// `tilescope sweep WORKLOAD --range NAME=A..B:x2 [--range ...] [--tolerance PCT]`

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/export/config_list.h"
#include "core/sweep/shape_sweep.h"

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
    std::string error;
    sweep::SweepOptions options;
    for (const std::string& text : args.values("range")) {
        auto range = sweep::parseRange(text, &error);
        if (!range)
            return fail(error);
        options.ranges.push_back(std::move(*range));
    }
    if (options.ranges.empty())
        return fail("give at least one --range NAME=START..END[:xF|:+S] (see --help)");
    if (auto text = args.value("tolerance")) {
        std::string t = *text;
        if (!t.empty() && t.back() == '%')
            t.pop_back();
        char* end = nullptr;
        const double pct = std::strtod(t.c_str(), &end);
        if (t.empty() || *end != '\0' || !std::isfinite(pct) || pct < 0 || pct > 1000)
            return fail("--tolerance takes a percentage such as 5, got '" + *text + "'");
        options.cover.tolerance = pct / 100.0;
    }
    if (args.flag("no-cache") && args.value("cache"))
        return fail("--cache and --no-cache exclude each other");

    auto workload = workloadFromArgs(args, "sweep");
    if (!workload)
        return kExitUsage;
    auto tuningOptions = tuningOptionsFromArgs(args, *workload, "sweep");
    if (!tuningOptions)
        return kExitUsage;
    options.tuning = *tuningOptions;
    options.force = args.flag("force");
    auto registry = devicesFromArgs(args, "sweep");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile)
        return fail(lookup.error);
    std::unique_ptr<cache::ConfigCache> cache;
    if (!args.flag("no-cache")) {
        cache = openCache(cachePathFor(args, *workload), "sweep");
        if (!cache)
            std::cerr << "tilescope sweep: sweeping without the cache\n";
    }
    options.cache = cache.get();
    std::string lastLine;
    options.progress = [&lastLine](const sweep::SweepProgress& p) {
        if (p.shape.empty()) {
            std::cerr << "\rswept " << p.shapesDone << "/" << p.shapesTotal << " shapes" << std::string(40, ' ') << "\n";
            return;
        }
        const std::string line = "shape " + std::to_string(p.shapesDone + 1) + "/" + std::to_string(p.shapesTotal) +
                                 " (" + p.shape + "): " + std::to_string(static_cast<int>(p.shapeFraction * 100 + 0.5)) +
                                 "%";
        if (line != lastLine)  // one line per change, not per callback
            std::cerr << "\r" << line << "        " << std::flush;
        lastLine = line;
    };

    const sweep::SweepResult result = [&] {
        const InterruptStop interrupt;
        return sweep::runSweep(*workload, *lookup.profile, options, interrupt.token());
    }();
    if (!result.ok())
        return fail(result.error);

    for (const std::string& note : result.notes)
        std::cerr << "tilescope sweep: note: " << note << "\n";
    exporter::ConfigListOptions listOptions;
    listOptions.key = result.key;
    listOptions.p50Comments = false;  // a time belongs to one shape, not to the list
    const exporter::ConfigListResult list = exporter::writeAutotuneDecorator(sweep::handwrittenConfigs(result.cover),
                                                                             listOptions);
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
        std::cerr << "tilescope sweep: cannot write the config list: " << list.error << "\n";
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
