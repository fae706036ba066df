// tilescope: with a subcommand it runs headless (no Qt application, no display); without one it
// opens the desktop explorer.

#include "app/cli.h"

#include <cstring>

#ifdef TILESCOPE_WITH_GUI
int runGui(int argc, char** argv);
#endif

int main(int argc, char** argv)
{
    if (ts::cli::isHeadlessInvocation(argc, argv))
        return ts::cli::run(argc, argv);
#ifdef TILESCOPE_WITH_GUI
    return runGui(argc, argv);
#else
    return ts::cli::run(argc, argv);
#endif
}
