#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"

#include <iostream>

namespace ts::cli {

int runSpace(const Args& args)
{
    (void)args;
    std::cerr << "tilescope space: not available yet\n";
    return kExitUsage;
}

} // namespace ts::cli
