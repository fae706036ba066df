#pragma once
// The headless command line: `tilescope <subcommand> ...`.

namespace ts::cli {

// Exit codes shared by every subcommand.
enum ExitCode : int {
    kExitOk = 0,
    kExitKernelError = 1,  // analysed, and the kernel (or its tuning) is in error
    kExitUsage = 2,        // bad usage or unreadable input
};

// True when argv names a subcommand, --help or --version: no GUI, no display needed.
bool isHeadlessInvocation(int argc, char** argv);

int run(int argc, char** argv);

} // namespace ts::cli
