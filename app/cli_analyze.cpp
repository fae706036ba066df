#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/analysis/analysis_report.h"
#include "core/pipeline/workflow.h"

#include <iostream>

namespace ts::cli {

int runAnalyze(const Args& args)
{
    // The axis parse does not depend on the device, but a device file given here is read and
    // checked as every other command checks it.
    if (args.value("device-file") && !devicesFromArgs(args, "analyze"))
        return kExitUsage;
    auto workload = workloadFromArgs(args, "analyze");
    if (!workload)
        return kExitUsage;
    const pipeline::AnalyzeResult result = pipeline::analyze({*workload});
    if (!result.ok()) {
        if (args.flag("json")) {
            nlohmann::ordered_json out;
            out["error"] = result.diagnostics.empty() ? std::string("cannot analyse") : result.diagnostics.front().format();
            out["diagnostics"] = analysis::diagnosticsToJson(result.diagnostics);
            std::cout << jsonText(out) << "\n";
        }
        printDiagnostics(result.diagnostics);
        // A kernel file that does not parse is the kernel's error; anything else is bad input.
        return result.kernelSyntaxError ? kExitKernelError : kExitUsage;
    }
    const analysis::KernelAnalysis& a = *result.analysis;
    if (args.flag("json"))
        std::cout << jsonText(analysis::analysisToJson(a)) << "\n";
    else
        std::cout << analysis::analysisToText(a);
    return a.inError() ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
