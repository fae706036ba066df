#pragma once
// What several subcommands share: turning the command line into a workload, loading devices,
// printing diagnostics.

#include "app/cli_args.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/util/diagnostic.h"

#include <optional>
#include <string>

namespace ts::cli {

// WORKLOAD.json or KERNEL.py plus --function/--arg/--grid/--device. Prints errors and returns
// nullopt on bad input.
std::optional<kernel::Workload> workloadFromArgs(const Args& args, const char* command);

// The bundled profiles plus --device-file ones. Prints errors and returns nullopt on failure.
std::optional<npu::DeviceRegistry> devicesFromArgs(const Args& args, const char* command);

void printDiagnostics(const Diagnostics& diagnostics);

} // namespace ts::cli
