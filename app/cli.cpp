#include "app/cli.h"

#include "app/cli_args.h"
#include "app/cli_commands.h"
#include "core/util/version.h"

#include <cstring>
#include <iostream>
#include <string_view>

namespace ts::cli {
namespace {

constexpr const char* kUsage = R"USAGE(TileScope - explore the tiling space of Triton kernels under Triton-Ascend's autotune.

Usage:
  tilescope                         open the desktop explorer
  tilescope <command> [options]     run headless (no display needed)

Commands:
  analyze   WORKLOAD.json | KERNEL.py   what Triton-Ascend's autotune concludes about a kernel:
            tunable parameters, split/tiling/low-dim/reduction axes, guide-rule diagnostics
  space     WORKLOAD.json | KERNEL.py   the candidate configs the backend generates, the ones it
            rejects and why, and (--lattice) the wider space it never visits
  tune      WORKLOAD.json | KERNEL.py   compile and benchmark the candidates on the simulated NPU,
            pick the best as the backend does, and model the real tuning time
  export    WORKLOAD.json | KERNEL.py   the tuned configs as an @triton.autotune decorator to paste,
            a JSON or CSV report, or Triton's <fn>.autotune.json
  sweep     WORKLOAD.json --range N=A..B:x2   tune every shape of a range and propose the smallest
            config list within a tolerance of each shape's best
  batch     WORKLOAD.json...            tune for CI: every workload on every device, JSON report,
            JUnit XML, baseline regressions, --shard I/N
  cache     list | show | export | import | merge | prune   the config cache
  devices                           the bundled device profiles

Common options:
  --function NAME      the kernel to use when the file has several
  --arg NAME=VALUE     pass (or override) a launch argument: 98432, 1.5, True, float16[4096,1024]
  --grid EXPR          the launch grid: "lambda meta: (triton.cdiv(n, meta['BLOCK']),)" or "48"
  --device NAME        the SoC, e.g. Ascend910B2 (see `tilescope devices`)
  --device-file PATH   load an extra device profile (JSON)
  --json               machine-readable output
  -h, --help           this text (also `tilescope <command> --help`)
  --version            the version

Tunings are cached in .tilescope/cache.sqlite beside the workload (--cache PATH overrides).

Exit codes: 0 done, 1 the kernel is in error (batch: failures or regressions), 2 bad usage or
unreadable input.
)USAGE";

} // namespace

bool isHeadlessInvocation(int argc, char** argv)
{
    // Anything on the command line other than a file to open means "headless".
    if (argc < 2)
        return false;
    const std::string_view first = argv[1];
    auto endsWith = [&](std::string_view suffix) {
        return first.size() >= suffix.size() && first.substr(first.size() - suffix.size()) == suffix;
    };
    if (endsWith(".py") || endsWith(".json"))
        return false;
    if (first == "--lang" || first.rfind("--lang=", 0) == 0)
        return false;
    return true;
}

int run(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << kUsage;
        return kExitUsage;
    }
    const std::string_view command = argv[1];
    if (command == "-h" || command == "--help" || command == "help") {
        std::cout << kUsage;
        return kExitOk;
    }
    if (command == "--version" || command == "-V") {
        std::cout << "tilescope " << kVersion << "\n";
        return kExitOk;
    }
    Args args;
    std::string error;
    if (!args.parse(argc - 2, argv + 2, &error)) {
        std::cerr << "tilescope " << command << ": " << error << "\n";
        return kExitUsage;
    }
    if (command == "analyze")
        return runAnalyze(args);
    if (command == "space")
        return runSpace(args);
    if (command == "devices")
        return runDevices(args);
    if (command == "tune")
        return runTune(args);
    if (command == "export")
        return runExport(args);
    if (command == "sweep")
        return runSweep(args);
    if (command == "batch")
        return runBatch(args);
    if (command == "cache")
        return runCache(args);
    std::cerr << "tilescope: unknown command '" << command << "'\n\n" << kUsage;
    return kExitUsage;
}

} // namespace ts::cli
