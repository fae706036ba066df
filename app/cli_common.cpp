#include "app/cli_common.h"

#include "app/cli.h"

#include <iostream>

namespace ts::cli {

void printDiagnostics(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        std::cerr << d.format() << "\n";
}

std::optional<kernel::Workload> workloadFromArgs(const Args& args, const char* command)
{
    if (args.positionals().size() != 1) {
        std::cerr << "tilescope " << command << ": expected one WORKLOAD.json or KERNEL.py (see --help)\n";
        return std::nullopt;
    }
    const std::string& input = args.positionals().front();
    kernel::Workload workload;
    const bool isPython = input.size() > 3 && input.substr(input.size() - 3) == ".py";
    if (isPython) {
        workload.kernelPath = input;
    } else {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload(input);
        if (!loaded.workload) {
            printDiagnostics(loaded.diagnostics);
            return std::nullopt;
        }
        printDiagnostics(loaded.diagnostics);  // warnings, if any
        workload = std::move(*loaded.workload);
    }
    if (auto function = args.value("function"))
        workload.function = *function;
    for (const std::string& assignment : args.values("arg")) {
        const auto eq = assignment.find('=');
        if (eq == std::string::npos || eq == 0) {
            std::cerr << "tilescope " << command << ": --arg expects NAME=VALUE, got '" << assignment << "'\n";
            return std::nullopt;
        }
        std::string error;
        auto value = kernel::parseArgValue(assignment.substr(eq + 1), &error);
        if (!value) {
            std::cerr << "tilescope " << command << ": --arg " << assignment << ": " << error << "\n";
            return std::nullopt;
        }
        workload.setArg(assignment.substr(0, eq), std::move(*value));
    }
    if (auto grid = args.value("grid")) {
        workload.grid.kind = kernel::GridArg::Kind::Expression;
        workload.grid.expression = *grid;
    }
    if (auto device = args.value("device"))
        workload.device = *device;
    return workload;
}

std::optional<npu::DeviceRegistry> devicesFromArgs(const Args& args, const char* command)
{
    npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    for (const std::string& file : args.values("device-file")) {
        npu::DeviceLoadResult loaded = npu::loadDeviceProfile(file);
        if (!loaded.profile) {
            std::cerr << "tilescope " << command << ": " << loaded.error << "\n";
            return std::nullopt;
        }
        registry.add(std::move(*loaded.profile));  // replaces a bundled profile of the same SoC
    }
    return registry;
}

} // namespace ts::cli
