// `tilescope capture [-o DIR] [--all-jit] -- COMMAND ARGS...`: the user's own program, its Triton
// launches written as workloads; `capture --from-raw RAW -o DIR`; `capture list DIR [--json]`.

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/pipeline/workflow.h"
#include "core/util/format.h"

#include <iostream>

namespace ts::cli {
namespace {

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope capture: " << message << "\n";
    return code;
}

std::string joined(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words)
        out += (out.empty() ? "" : " ") + w;
    return out;
}

int runList(const Args& args, const std::vector<std::string>& positionals)
{
    if (positionals.size() != 2)
        return fail("capture list takes one capture folder (tilescope capture list DIR)");
    const capture::IndexReadResult read = pipeline::readCapture(positionals[1]);
    printDiagnostics(read.problems);
    if (!read.index)
        return kExitUsage;
    if (args.flag("json"))
        std::cout << capture::toJson(*read.index).dump(2) << "\n";
    else
        std::cout << capture::captureText(*read.index);
    return read.problems.empty() ? kExitOk : kExitKernelError;
}

// What to do next with a capture that wrote workloads, or why it wrote none.
void printOutcome(const pipeline::CaptureResult& result, const pipeline::CaptureRequest& request)
{
    const capture::CaptureIndex& index = *result.index;
    if (!index.workloads.empty()) {
        std::cout << capture::captureText(index);
        const std::string folder = index.folder.string();
        std::cout << "\nopen one in the explorer:  tilescope " << (index.folder / index.workloads.front().file).string()
                  << "\nlist them there:           tilescope " << folder
                  << "\ntune them all:             tilescope batch " << folder << "\n";
        for (const capture::CapturedWorkload& w : index.workloads)
            if (!w.measurements.empty()) {
                std::cout << "the tuner's own timings:   tilescope measure import --workload "
                          << (index.folder / w.file).string() << " " << (index.folder / w.measurements).string()
                          << (index.workloads.size() > 1 ? "  (and so on for each .autotune.json)" : "") << "\n";
                break;
            }
        return;
    }
    const std::string what = request.allJit ? "Triton launch" : "autotuned Triton launch";
    std::cerr << "tilescope capture: saw no " << what << (request.command.empty() ? "" : " in `" + joined(request.command) + "`")
              << "\n";
    if (index.processes.empty())
        std::cerr << "  no Python process loaded the hook: the command ran no Python, or started it with -I, -S or -E "
                     "(which skip sitecustomize and PYTHONPATH)\n";
    else
        std::cerr << "  " << formatCount(std::int64_t(index.processes.size()), "Python process", "Python processes")
                  << " loaded the hook and none launched a kernel"
                  << (request.allJit ? "" : " through @triton.autotune (--all-jit records plain @triton.jit launches too)")
                  << "\n";
    if (!index.skipped.empty())
        std::cout << capture::captureText(index);
}

} // namespace

int runCapture(const Args& args)
{
    const std::vector<std::string>& positionals = args.positionals();
    const std::size_t before = args.positionalsBeforeDashDash().value_or(positionals.size());
    if (before > 0 && positionals.front() == "list")
        return runList(args, std::vector<std::string>(positionals.begin(), positionals.begin() + long(before)));
    if (args.flag("json"))
        return fail("--json is for `capture list DIR`");

    pipeline::CaptureRequest request;
    request.folder = args.value("output").value_or("tilescope-capture");
    request.allJit = args.flag("all-jit");
    request.backend = backendFromArgs(args);
    if (auto raw = args.value("from-raw")) {
        if (!positionals.empty())
            return fail("--from-raw writes a raw capture made elsewhere: it runs no command");
        request.rawFolder = *raw;
    } else {
        if (!args.positionalsBeforeDashDash())
            return fail(positionals.empty() ? "give the program to run after --: tilescope capture -- python3 prog.py"
                                            : "put -- before the program: tilescope capture -- " + joined(positionals));
        if (before > 0)
            return fail("unexpected '" + positionals.front() + "' before --");
        if (positionals.empty())
            return fail("no command after --");
        request.command = positionals;
    }

    const pipeline::CaptureResult result = pipeline::capture(request);
    if (result.ran)
        std::cerr << "tilescope capture: `" << joined(request.command) << "` exited with status " << *result.exitStatus
                  << "\n";
    printDiagnostics(result.problems);
    if (!result.ok()) {
        std::cerr << "tilescope capture: " << *result.error << "\n";
        return result.exitStatus && *result.exitStatus != 0 ? *result.exitStatus : kExitUsage;  // 127: not started
    }
    printOutcome(result, request);
    if (!request.command.empty())
        return *result.exitStatus;
    const bool complete = result.problems.empty() && result.index->skipped.empty() && !result.index->workloads.empty();
    return complete ? kExitOk : kExitKernelError;
}

} // namespace ts::cli
