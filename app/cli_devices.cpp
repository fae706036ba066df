#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace ts::cli {

int runDevices(const Args& args)
{
    if (args.flag("help")) {
        std::cout << "Usage: tilescope devices [--device-file PATH ...] [--json]\n\n"
                     "Lists the device profiles: cores, clock, UB, HBM bandwidth, and whether Triton-Ascend\n"
                     "supports the SoC. Every figure in a profile carries its source.\n";
        return kExitOk;
    }
    std::string error;
    if (!args.allowOnly({"device-file"}, {"json"}, &error) || !args.positionals().empty()) {
        std::cerr << "tilescope devices: " << (error.empty() ? "takes no positional arguments" : error) << "\n";
        return kExitUsage;
    }
    auto registry = devicesFromArgs(args, "devices");
    if (!registry)
        return kExitUsage;
    if (args.flag("json")) {
        nlohmann::ordered_json out = {{"schema", "tilescope.devices/1"}};  // docs/schema/devices.schema.json
        const nlohmann::json registryJson = registry->toJson();
        for (auto it = registryJson.begin(); it != registryJson.end(); ++it)
            out[it.key()] = it.value();
        std::cout << out.dump(2) << "\n";
    }
    else
        std::cout << registry->formatTable();
    return kExitOk;
}

} // namespace ts::cli
