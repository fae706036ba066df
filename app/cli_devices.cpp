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
        std::cout << registry->toJson().dump(2) << "\n";
    } else {
        std::cout << registry->formatTable();
    }
    return kExitOk;
}

} // namespace ts::cli
