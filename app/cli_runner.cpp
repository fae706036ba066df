// `tilescope runner export WORKLOAD [--candidates generated|handwritten|lattice|FILE] [--limit N]
//  [--time-budget S] [--timeout S] [-o run.py]`

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/pipeline/workflow.h"
#include "core/util/format.h"
#include "core/util/input_file.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace ts::cli {
namespace {

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope runner export: " << message << "\n";
    return code;
}

bool parseSeconds(const std::string& text, double* out)
{
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(v >= 0) || v > 1e9)
        return false;
    *out = v;
    return true;
}

} // namespace

int runRunner(const Args& args)
{
    // The command table chose the subcommand and checked its options (cli_table.cpp).
    if (args.positionals().empty() || args.positionals().front() != "export")
        return fail("expected the subcommand export (see `tilescope runner --help`)");
    if (args.positionals().size() != 2)
        return fail("expected one WORKLOAD.json or KERNEL.py (see --help)");
    auto workload = workloadFromInput(args, args.positionals()[1], "runner export");
    if (!workload)
        return kExitUsage;

    pipeline::RunnerExportRequest request;
    const std::string from = args.value("candidates").value_or("generated");
    if (from == "generated")
        request.candidates = pipeline::RunnerCandidates::Generated;
    else if (from == "handwritten")
        request.candidates = pipeline::RunnerCandidates::Handwritten;
    else if (from == "lattice")
        request.candidates = pipeline::RunnerCandidates::Lattice;
    else {
        request.candidates = pipeline::RunnerCandidates::File;
        request.candidatesFile = from;
        if (!util::pathExists(request.candidatesFile))
            return fail("--candidates: '" + from + "' is neither generated, handwritten nor lattice, and no such file");
        if (std::string problem = util::inputFileProblem(request.candidatesFile); !problem.empty())
            return fail("--candidates: " + problem);
    }
    if (auto text = args.value("limit")) {
        long long n = 0;
        if (!parseCount(*text, &n) || n < 1)
            return fail("--limit takes a positive number, got '" + *text + "'");
        request.limit = static_cast<std::size_t>(n);
    }
    if (auto text = args.value("time-budget"))
        if (!parseSeconds(*text, &request.timeBudgetSeconds))
            return fail("--time-budget takes seconds (0 or more), got '" + *text + "'");
    if (auto text = args.value("timeout"))
        if (!parseSeconds(*text, &request.timeoutSeconds))
            return fail("--timeout takes seconds (0 or more), got '" + *text + "'");

    const pipeline::AnalyzeResult analysed = pipeline::analyze({*workload});
    if (!analysed.ok() || !analysed.analysis->kernel) {
        printDiagnostics(analysed.diagnostics);
        return kExitUsage;
    }
    auto registry = devicesFromArgs(args, "runner export");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile)
        return fail(lookup.error);
    request.analysis = analysed.analysis;
    request.device = *lookup.profile;
    if (auto output = args.value("output")) {
        if (std::string problem = util::outputFileProblem(*output); !problem.empty())
            return fail("--output: " + problem);
        request.scriptPath = *output;
    }

    InterruptStop interrupt;
    pipeline::RunControl control;
    control.stop = interrupt.token();
    const pipeline::RunnerExportResult result = pipeline::exportRunner(request, control);
    for (const std::string& note : result.notes)
        std::cerr << "tilescope runner export: " << note << "\n";
    if (!result.ok())
        return fail(*result.error, kExitKernelError);

    if (auto output = args.value("output")) {
        if (std::string problem = util::writeOutputFile(*output, result.text); !problem.empty())
            return fail(problem);
        std::error_code ignored;  // a script that is not executable still runs with python3
        std::filesystem::permissions(*output, std::filesystem::perms::owner_exec | std::filesystem::perms::group_exec |
                                                  std::filesystem::perms::others_exec,
                                     std::filesystem::perm_options::add, ignored);
        std::cerr << "tilescope runner export: wrote " << *output << ": "
                  << formatInteger(std::int64_t(result.candidateCount)) << " " << from << " candidate"
                  << (result.candidateCount == 1 ? "" : "s") << " of " << analysed.analysis->kernel->name
                  << "\n"
                  << "  run it where the kernel's triton and torch are: python3 " << *output << "\n"
                  << "  then: tilescope measure import "
                  << (std::filesystem::path(*output).parent_path() / result.defaultOutput).generic_string()
                  << "\n";
    } else {
        std::cout << result.text;
    }
    return kExitOk;
}

} // namespace ts::cli
