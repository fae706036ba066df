// `tilescope compare-devices WORKLOAD --devices A,B[,C...] [--tolerance PCT] [--export list.py]`

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/pipeline/workflow.h"
#include "app/terminal_output.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>

namespace ts::cli {
namespace {

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope compare-devices: " << message << "\n";
    return code;
}

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        std::string item = text.substr(start, comma - start);
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        out.push_back(item);
        start = comma + 1;
    }
    return out;
}

} // namespace

int runCompareDevices(const Args& args)
{
    pipeline::CompareDevicesRequest request;
    if (!checkOutputOption(args, "export", "compare-devices"))
        return kExitUsage;
    if (auto text = args.value("tolerance")) {
        const std::optional<double> share = parsePercent(*text);
        if (!share)
            return fail("--tolerance takes a percentage such as 5, got '" + *text + "'");
        request.cover.tolerance = *share;
    }
    if (args.flag("no-cache") && args.value("cache"))
        return fail("--cache and --no-cache exclude each other");

    auto workload = workloadFromArgs(args, "compare-devices");
    if (!workload)
        return kExitUsage;
    auto registry = devicesFromArgs(args, "compare-devices");
    if (!registry)
        return kExitUsage;
    std::vector<std::string> names;
    for (const std::string& value : args.values("devices"))
        for (std::string& name : splitList(value))
            names.push_back(std::move(name));
    if (names.size() == 1 && names.front() == "all")
        names = registry->socNames();
    for (const std::string& name : names) {
        if (name.empty())
            return fail("--devices takes SoC names separated by commas, e.g. Ascend910B2,Ascend310P3");
        const npu::DeviceRegistry::Lookup lookup = registry->lookup(name);
        if (!lookup.profile)
            return fail(lookup.error);
        for (const npu::DeviceProfile& d : request.devices)
            if (d.soc == lookup.profile->soc)
                return fail("--devices names " + d.soc + " twice");
        request.devices.push_back(*lookup.profile);
    }
    if (request.devices.size() < 2)
        return fail("--devices needs two or more devices (see `tilescope devices`)");

    auto tuningOptions = tuningOptionsFromArgs(args, *workload, "compare-devices");
    if (!tuningOptions)
        return kExitUsage;
    request.options = *tuningOptions;
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*workload});
    printDiagnostics(analysed.diagnostics);
    if (!analysed.ok())
        return analysed.kernelSyntaxError ? kExitKernelError : kExitUsage;
    request.analysis = analysed.analysis;
    if (!args.flag("no-cache"))
        request.cache.path = cachePathFor(args, *workload);
    request.cache.force = args.flag("force");

    std::string lastLine;
    pipeline::RunControl control;
    control.progress = [&lastLine](const pipeline::RunProgress& p) {
        const std::string line =
            "step " + std::to_string(p.item + 1) + "/" + std::to_string(p.items) + " (" + p.itemName +
            "): " + std::to_string(static_cast<int>(std::clamp(p.fraction, 0.0, 1.0) * 100 + 0.5)) + "%";
        if (line != lastLine) {  // one line per change, not per callback
            writeRaw(std::cerr, "\r");
            std::cerr << line << "        " << std::flush;
        }
        lastLine = line;
    };
    const pipeline::CompareDevicesResult result = [&] {
        const InterruptStop interrupt;
        control.stop = interrupt.token();
        return pipeline::compareDevices(request, control);
    }();
    if (!lastLine.empty())
        std::cerr << "\n";
    if (!result.ok())
        return fail(result.error->english());
    for (const std::string& notice : result.cacheNotices)
        std::cerr << "tilescope compare-devices: " << notice << "\n";
    for (const msg::Message& note : result.comparison.notes)
        std::cerr << "tilescope compare-devices: note: " << note << "\n";

    const sweep::DeviceComparison& cmp = result.comparison;
    pipeline::ExportResult list;
    if (cmp.listExists) {
        pipeline::ExportRequest exportRequest;
        exportRequest.configs = sweep::deviceListConfigs(cmp);
        exportRequest.top = exportRequest.configs->size();
        exportRequest.list.key = cmp.key;
        exportRequest.list.p50Comments = false; // a time belongs to one device: the notes give them
        if (auto backend = kernel::parseBackendVersion(cmp.backend))
            exportRequest.backend = *backend;
        list = pipeline::exportTuning(exportRequest);
        if (!list.ok())
            std::cerr << "tilescope compare-devices: cannot write the config list: " << list.error->english()
                      << "\n";
    }
    if (args.flag("json")) {
        nlohmann::ordered_json j = sweep::deviceComparisonToJson(cmp);
        j["crossMeasurements"] = result.crossMeasurements;
        j["stopped"] = result.stopped;
        j["python"] =
            cmp.listExists && list.ok() ? nlohmann::ordered_json(list.text) : nlohmann::ordered_json();
        std::cout << jsonText(j) << "\n";
    } else {
        std::cout << sweep::deviceComparisonToText(cmp);
        if (cmp.listExists && list.ok())
            std::cout << "\n" << list.text;
    }
    if (auto file = args.value("export")) {
        if (!cmp.listExists)
            return fail("no config list to write to " + *file + ": " + cmp.noList.english(),
                        kExitKernelError);
        if (!list.ok())
            return kExitKernelError;
        if (!writeOutput(*file, list.text, "compare-devices"))
            return kExitUsage;
        std::cerr << "tilescope compare-devices: wrote " << *file << "\n";
    }
    bool anyFailed = false;
    for (const sweep::DeviceEntry& d : cmp.devices)
        anyFailed = anyFailed || !d.best;
    return anyFailed || result.stopped || !cmp.listExists ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
