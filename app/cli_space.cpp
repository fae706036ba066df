#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/analysis/analysis_report.h"
#include "core/pipeline/workflow.h"
#include "core/space/space_report.h"

#include <iostream>

namespace ts::cli {

int runSpace(const Args& args)
{
    if (args.flag("json") && args.flag("csv")) {
        std::cerr << "tilescope space: --json and --csv exclude each other\n";
        return kExitUsage;
    }
    if (args.flag("bench"))
        return runSpaceBench(args);
    if (args.value("reps")) {
        std::cerr << "tilescope space: --reps needs --bench\n";
        return kExitUsage;
    }
    auto workload = workloadFromArgs(args, "space");
    if (!workload)
        return kExitUsage;
    auto registry = devicesFromArgs(args, "space");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile) {
        std::cerr << "tilescope space: " << lookup.error << "\n";
        return kExitUsage;
    }
    const pipeline::AnalyzeResult result = pipeline::analyze({*workload});
    if (!result.ok()) {
        printDiagnostics(result.diagnostics);
        return result.kernelSyntaxError ? kExitKernelError : kExitUsage;
    }
    const analysis::KernelAnalysis& a = *result.analysis;
    pipeline::SpaceRequest request{result.analysis, *lookup.profile, {}};
    request.options.lattice = args.flag("lattice");
    const pipeline::SpaceResult built = pipeline::buildSpace(request);
    if (!built.space) {
        printDiagnostics(a.diagnostics);
        std::cerr << "tilescope space: " << built.problem << "\n";
        return kExitKernelError;
    }
    const space::CandidateSpace& candidates = *built.space;

    space::SpaceReportOptions report;
    report.backend = kernel::backendName(a.workload.backend);
    if (args.flag("json")) {
        space::writeSpaceJson(std::cout, candidates, report, 2);
        std::cout << "\n";
    } else if (args.flag("csv")) {
        space::writeSpaceCsv(std::cout, candidates);
    } else {
        std::cout << a.kernel->name << " on " << lookup.profile->soc << ", backend "
                  << kernel::backendLabel(a.workload.backend) << "\n";
        std::cout << space::formatSpaceTable(candidates);
    }
    printDiagnostics(a.diagnostics);
    return candidates.error() || a.inError() ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
