#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/pipeline/space_pipeline.h"
#include "core/tuning/tuning_report.h"
#include "core/tuning/tuning_session.h"

#include <charconv>
#include <csignal>
#include <iostream>

namespace ts::cli {
namespace {

std::stop_source* gInterrupt = nullptr;

extern "C" void onInterrupt(int)
{
    if (gInterrupt)
        gInterrupt->request_stop();  // lock-free: safe in a signal handler
}

template <typename T>
bool parseNumber(const std::string& text, T* out)
{
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

int runTune(const Args& args)
{
    if (args.flag("help")) {
        std::cout
            << "Usage: tilescope tune WORKLOAD.json | KERNEL.py [--device NAME] [--bench-method default|npu]\n"
               "                      [--jobs N] [--seed S] [--lattice] [--json] [--print-autotuning]\n"
               "                      [--function NAME] [--arg NAME=VALUE ...] [--grid EXPR] [--device-file PATH]\n\n"
               "Compiles every candidate the backend would benchmark on the simulated NPU, in a pool of worker\n"
               "threads, benchmarks the ones that compiled, and picks the best by its median time, as\n"
               "Triton-Ascend's autotune does. Prints the best config, the ranking, and the modelled tuning\n"
               "time on the real toolchain. TRITON_BENCH_METHOD=npu and TRITON_AUTOTUNE_PARALLEL_COMPILE=0 are\n"
               "honoured; --bench-method and --jobs win over them. Ctrl+C stops and keeps what finished.\n";
        return kExitOk;
    }
    std::string error;
    if (!args.allowOnly({"function", "arg", "grid", "device", "device-file", "bench-method", "jobs", "seed"},
                        {"json", "lattice", "print-autotuning"}, &error)) {
        std::cerr << "tilescope tune: " << error << "\n";
        return kExitUsage;
    }
    auto workload = workloadFromArgs(args, "tune");
    if (!workload)
        return kExitUsage;
    tuning::TuningOptions options = tuning::optionsFromEnvironment();
    if (!workload->benchMethod.empty())
        options.method = *npu::parseBenchMethod(workload->benchMethod);
    if (workload->seed)
        options.seed = *workload->seed;
    if (auto method = args.value("bench-method")) {
        auto parsed = npu::parseBenchMethod(*method);
        if (!parsed) {
            std::cerr << "tilescope tune: --bench-method must be default or npu, got '" << *method << "'\n";
            return kExitUsage;
        }
        options.method = *parsed;
    }
    if (auto jobs = args.value("jobs")) {
        if (!parseNumber(*jobs, &options.jobs) || options.jobs < 1) {
            std::cerr << "tilescope tune: --jobs takes a positive number, got '" << *jobs << "'\n";
            return kExitUsage;
        }
        options.parallelCompile = options.jobs > 1 || options.parallelCompile;
    }
    if (auto seed = args.value("seed")) {
        if (!parseNumber(*seed, &options.seed)) {
            std::cerr << "tilescope tune: --seed takes a non-negative number, got '" << *seed << "'\n";
            return kExitUsage;
        }
    }
    options.lattice = args.flag("lattice");

    auto registry = devicesFromArgs(args, "tune");
    if (!registry)
        return kExitUsage;
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(workload->device);
    if (!lookup.profile) {
        std::cerr << "tilescope tune: " << lookup.error << "\n";
        return kExitUsage;
    }
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(*workload);
    if (!analysed.analysis) {
        printDiagnostics(analysed.diagnostics);
        const bool kernelSyntax = !analysed.diagnostics.empty() && analysed.diagnostics.front().code == "syntax-error";
        return kernelSyntax ? kExitKernelError : kExitUsage;
    }
    const analysis::KernelAnalysis& a = *analysed.analysis;
    space::SpaceOptions spaceOptions;
    spaceOptions.lattice = options.lattice;
    const space::CandidateSpace candidates = pipeline::buildSpace(a, *lookup.profile, spaceOptions);

    std::stop_source interrupt;
    gInterrupt = &interrupt;
    std::signal(SIGINT, onInterrupt);
    tuning::TuningCallbacks callbacks;
    const bool json = args.flag("json");
    callbacks.progress = [&](const tuning::Progress& p) {
        if (p.total == 0)
            return;
        std::cerr << "\r" << p.stage << ": " << p.done << "/" << p.total;
        if (p.etaSeconds > 0)
            std::cerr << ", about " << static_cast<int>(p.etaSeconds + 0.5) << " s left";
        std::cerr << "        " << (p.stage == "done" ? "\n" : "") << std::flush;
    };
    const tuning::TuningResult result =
        tuning::tune(a, candidates, *lookup.profile, options, callbacks, interrupt.get_token());
    std::signal(SIGINT, SIG_DFL);
    gInterrupt = nullptr;

    if (args.flag("print-autotuning"))
        for (const std::string& line : tuning::autotuningLog(a, candidates, result))
            (json ? std::cerr : std::cout) << line << "\n";
    if (json)
        std::cout << tuning::tuningToJson(a, candidates, result, options).dump(2) << "\n";
    else
        std::cout << tuning::tuningToText(a, candidates, result, options);
    printDiagnostics(a.diagnostics);
    for (const Diagnostic& d : result.diagnostics)
        if (d.severity != Severity::Note)
            std::cerr << d.format() << "\n";
    return result.error || a.inError() ? kExitKernelError : kExitOk;
}

} // namespace ts::cli
