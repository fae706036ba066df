#include "fuzz_targets.h"

#include "core/kernel/workload.h"
#include "core/measure/measurement_import.h"
#include "core/npu/device_profile.h"
#include "core/python/evaluator.h"
#include "core/python/parser.h"

#include <exception>

namespace ts::fuzz {
namespace {

// The input being read, for checks that must tell the reader's words from the input's.
thread_local std::string_view currentInput;

// What an error message owes the user: the file, and never SQLite's "not an error" (unless the
// message quotes an input that says it).
std::string checkError(const std::string& error, const std::string& file)
{
    if (error.empty())
        return "an input was refused without a message";
    if (error.find(file) == std::string::npos)
        return "an error does not name the file: " + error.substr(0, 300);
    if (error.find("not an error") != std::string::npos && currentInput.find("not an error") == std::string_view::npos)
        return "an error says \"not an error\": " + error.substr(0, 300);
    return {};
}

std::string runParsed(const measure::ParseOutcome& outcome, const std::string& file)
{
    return outcome.ok() ? std::string() : checkError(outcome.error, file);
}

std::string runEvaluator(const std::string& source, const std::string& file)
{
    const py::ParseResult parsed = py::parseSource(source, file);
    if (!parsed.ok())
        return parsed.error ? checkError(parsed.error->format(), file) : "a parse failed without a message";
    // Binding the module evaluates its constants and functions; then every expression statement.
    py::Evaluator evaluator(parsed.module.get());
    for (const py::Node* statement : parsed.module->root()->list("body")) {
        if (!statement->is(py::Kind::Expr))
            continue;
        const py::EvalResult value = evaluator.eval(statement->child("value"));
        if (!value.ok() && (!value.error || value.error->message.empty()))
            return "an evaluation failed without a message";
    }
    return {};
}

} // namespace

const std::vector<TargetInfo>& targets()
{
    static const std::vector<TargetInfo> all = {
        {Target::RunnerJson, "runner-json", "add_kernel.measurements.json"},
        {Target::AutotuneJson, "autotune-json", "add_kernel.autotune.json"},
        {Target::AutotuningLog, "autotuning-log", "tuning.log"},
        {Target::Workload, "workload", "workload.json"},
        {Target::DeviceProfile, "device-profile", "Ascend910B2.json"},
        {Target::Evaluator, "evaluator", "kernel.py"},
    };
    return all;
}

std::string runOne(Target target, std::string_view data)
{
    const std::string file = targets()[static_cast<std::size_t>(target)].fileName;
    currentInput = data;
    try {
        switch (target) {
        case Target::RunnerJson: return runParsed(measure::parseRunnerJson(data, file), file);
        case Target::AutotuneJson: {
            for (kernel::BackendVersion backend : kernel::backendVersions())
                if (std::string broke = runParsed(measure::parseAutotuneJson(data, file, backend), file); !broke.empty())
                    return broke;
            return {};
        }
        case Target::AutotuningLog: return runParsed(measure::parseAutotuningLog(data, file), file);
        case Target::Workload: {
            const kernel::WorkloadLoadResult loaded = kernel::parseWorkload(std::string(data), file);
            if (loaded.workload)
                return {};
            for (const Diagnostic& d : loaded.diagnostics)
                if (d.severity == Severity::Error)
                    return checkError(d.format(), file);
            return "a workload was refused without an error";
        }
        case Target::DeviceProfile: {
            const npu::DeviceLoadResult loaded = npu::parseDeviceProfile(data, file);
            return loaded.profile ? std::string() : checkError(loaded.error, file);
        }
        case Target::Evaluator: return runEvaluator(std::string(data), file);
        }
    } catch (const std::exception& e) {
        return std::string("an exception left the reader: ") + e.what();
    }
    return {};
}

} // namespace ts::fuzz
