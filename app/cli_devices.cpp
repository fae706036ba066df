#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace ts::cli {

int runDevices(const Args& args)
{
    if (!args.positionals().empty()) {
        std::cerr << "tilescope devices: takes no positional arguments\n";
        return kExitUsage;
    }
    if (args.flag("json") && args.flag("names")) {
        std::cerr << "tilescope devices: --json and --names exclude each other\n";
        return kExitUsage;
    }
    auto registry = devicesFromArgs(args, "devices");
    if (!registry)
        return kExitUsage;
    if (args.flag("names")) {
        for (const std::string& soc : registry->socNames())
            std::cout << soc << "\n";
    } else if (args.flag("json")) {
        nlohmann::ordered_json out = {{"schema", "tilescope.devices/1"}};  // docs/schema/devices.schema.json
        const nlohmann::json registryJson = registry->toJson();
        for (auto it = registryJson.begin(); it != registryJson.end(); ++it)
            out[it.key()] = it.value();
        std::cout << jsonText(out) << "\n";
    } else {
        std::cout << registry->formatTable();
    }
    return kExitOk;
}

} // namespace ts::cli
