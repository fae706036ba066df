#include "app/cli.h"

#include "core/util/version.h"

#include <cstring>
#include <iostream>
#include <string_view>

namespace ts::cli {

bool isHeadlessInvocation(int argc, char** argv)
{
    return argc > 1 && argv[1][0] != '\0';
}

int run(int argc, char** argv)
{
    (void)argc;
    (void)argv;
    std::cout << "tilescope " << kVersion << '\n';
    return kExitOk;
}

} // namespace ts::cli
