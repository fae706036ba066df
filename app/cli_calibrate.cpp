// `tilescope calibrate MEASUREMENTS... --device D [--figures F,...] [--holdout K,...] [--no-holdout]
//  [--bound K] [--max-iterations N] [-o FILE|DIR] [--json]`

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/calibrate/calibration_report.h"
#include "core/pipeline/workflow.h"
#include "core/util/input_file.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace ts::cli {
namespace {

namespace fs = std::filesystem;

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope calibrate: " << message << "\n";
    return code;
}

std::vector<std::string> splitList(const std::vector<std::string>& values)
{
    std::vector<std::string> out;
    for (const std::string& v : values) {
        std::size_t start = 0;
        while (start <= v.size()) {
            const std::size_t comma = v.find(',', start);
            const std::string part = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            if (!part.empty())
                out.push_back(part);
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
    }
    return out;
}

bool parsePositive(const std::string& text, double* out)
{
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !(v > 0) || v > 1e9)
        return false;
    *out = v;
    return true;
}

} // namespace

int runCalibrate(const Args& args)
{
    pipeline::CalibrateRequest request;
    if (auto cache = args.value("cache"))
        request.cache = *cache;
    request.measuredOn = args.value("measured-on").value_or("");
    if (!request.measuredOn.empty() && request.cache.empty())
        return fail("--measured-on chooses among the measurements of --cache PATH");
    if (args.positionals().empty() && request.cache.empty())
        return fail("expected runner results files (MEASUREMENTS.json), or --cache PATH (see --help)");
    for (const std::string& file : args.positionals()) {
        std::error_code ec;
        if (!fs::is_regular_file(file, ec))
            return fail(file + ": no such file");
        request.measurements.emplace_back(file);
    }
    auto registry = devicesFromArgs(args, "calibrate");
    if (!registry)
        return kExitUsage;
    const std::string soc = args.value("device").value_or("");
    const npu::DeviceRegistry::Lookup lookup = registry->lookup(soc);
    if (!lookup.profile)
        return fail(lookup.error);
    request.device = *lookup.profile;

    request.options.figures = splitList(args.values("figures"));
    request.options.holdout = splitList(args.values("holdout"));
    request.options.noHoldout = args.flag("no-holdout");
    request.options.recompile = args.flag("recompile");
    if (request.options.noHoldout && !request.options.holdout.empty())
        return fail("--no-holdout and --holdout exclude each other");
    if (auto text = args.value("bound"))
        if (!parsePositive(*text, &request.options.boundFactor) || request.options.boundFactor <= 1)
            return fail("--bound takes a factor above 1, got '" + *text + "'");
    if (auto text = args.value("max-iterations")) {
        long long n = 0;
        if (!parseCount(*text, &n) || n < 1 || n > 100000)
            return fail("--max-iterations takes a positive number, got '" + *text + "'");
        request.options.maxIterations = static_cast<int>(n);
    }

    // The output is a device file: its name must be the SoC's, or --device-file refuses it.
    std::string output;
    if (auto o = args.value("output")) {
        std::error_code ec;
        fs::path path(*o);
        if (fs::is_directory(path, ec))
            path /= request.device.soc + ".json";
        else if (path.stem().string() != request.device.soc || path.extension() != ".json")
            return fail("-o " + *o + ": a device file must be named after its SoC: " + request.device.soc +
                        ".json (or give a folder)");
        output = path.string();
        if (std::string problem = util::outputFileProblem(output); !problem.empty())
            return fail("-o: " + problem);
    }

    InterruptStop interrupt;
    pipeline::RunControl control;
    control.stop = interrupt.token();
    const bool json = args.flag("json");
    const pipeline::CalibrateResult result = pipeline::calibrate(request, control);
    if (!result.ok())
        return fail(result.error, result.calibration.badRequest || result.measuredCandidates == 0 ? kExitUsage : kExitKernelError);

    if (result.calibration.stopped)
        return fail("stopped before the fit converged; nothing written", kExitKernelError);
    if (!output.empty()) {
        if (!writeOutput(output, result.profileText, "calibrate"))
            return kExitUsage;
    }
    calibrate::CalibrationInputs inputs;
    inputs.files = result.files;
    inputs.sources = result.sources;
    inputs.measured = result.measuredCandidates;
    inputs.skipped = result.skippedCandidates;
    inputs.device = request.device.soc;
    inputs.output = output;
    if (json)
        std::cout << jsonText(calibrate::calibrationJson(result.calibration, inputs)) << "\n";
    else
        std::cout << calibrate::formatCalibration(result.calibration, inputs);
    return kExitOk;
}

} // namespace ts::cli
