#include "core/export/runner_script.h"

#include "core/cache/sha256.h"
#include "core/export/runner_template.h"  // generated: kRunnerTemplate
#include "core/util/version.h"

#include <string>

namespace ts::exporter {
namespace {

// JSON text fit for a raw Python string r'''...''': every quote escaped as \u0027 (a quote can
// only occur inside a JSON string, where the escape means the same), so no text of the user's
// can end the literal.
std::string escapeQuotes(const std::string& text)
{
    std::string out;
    out.reserve(text.size() + 16);
    for (char c : text) {
        if (c == '\'')
            out += "\\u0027";
        else
            out += c;
    }
    return out;
}

// The data as ASCII JSON for r'''...'''.
std::string pythonRawJson(const nlohmann::json& data)
{
    return escapeQuotes(data.dump(1, ' ', true));
}

std::string candidatesJson(const RunnerScriptInput& input)
{
    nlohmann::json list = nlohmann::json::array();
    for (const RunnerCandidate& c : input.candidates)
        list.push_back({{"config", {{"kwargs", c.kwargs}, {"num_warps", c.numWarps}, {"num_stages", c.numStages}}}});
    return list.dump();
}

} // namespace

std::string runnerDefaultOutput(const RunnerScriptInput& input)
{
    std::string function = input.workload.value("function", std::string("kernel"));
    if (function.empty())
        function = "kernel";
    return function + ".measurements.json";
}

std::string runnerScript(const RunnerScriptInput& input)
{
    namespace fs = std::filesystem;
    const fs::path scriptFolder = input.scriptPath.has_parent_path()
                                      ? fs::absolute(input.scriptPath).parent_path()
                                      : fs::current_path();
    const fs::path kernelAbsolute = fs::absolute(input.kernelPath).lexically_normal();
    const fs::path kernelRelative = kernelAbsolute.lexically_relative(scriptFolder);

    const std::string candidates = candidatesJson(input);
    const std::string exportId = cache::sha256Hex(input.workload.dump() + "\n" + input.kernelSha256 + "\n" + candidates)
                                     .substr(0, 16);
    nlohmann::json data = {
        {"format", "tilescope.measurements/1"},
        {"export_id", exportId},
        {"tilescope_version", kVersion},
        {"backend", input.backend},
        {"workload", input.workload},
        {"workload_file", input.workloadFile},
        {"kernel_relative", kernelRelative.empty() ? kernelAbsolute.filename().generic_string()
                                                   : kernelRelative.generic_string()},
        {"kernel_absolute", kernelAbsolute.generic_string()},
        {"kernel_sha256", input.kernelSha256},
        {"candidates_from", input.candidatesFrom},
        {"default_output", runnerDefaultOutput(input)},
        {"time_budget_s", input.timeBudgetSeconds},
        {"timeout_s", input.timeoutSeconds},
        {"candidates", "@CANDIDATES@"},
    };

    const std::string function = input.workload.value("function", std::string());
    std::string out;
    out += "#!/usr/bin/env python3\n";
    out += "# TileScope runner: benchmarks " + std::to_string(input.candidates.size()) + " " + input.candidatesFrom +
           " candidate configs of " + function + " on this machine's NPU or GPU.\n";
    out += "# Exported by TileScope " + std::string(kVersion) + " for Triton-Ascend backend " + input.backend +
           " from " + (input.workloadFile.empty() ? std::string("a workload") : input.workloadFile) + ".\n";
    out += "#\n";
    out += "#   python3 " + input.scriptPath.filename().generic_string() + "            # writes " +
           runnerDefaultOutput(input) + " beside this script\n";
    out += "#   python3 " + input.scriptPath.filename().generic_string() + " --help     # options: output, time budget, ...\n";
    out += "#   tilescope measure import " + runnerDefaultOutput(input) + "\n";
    out += "#\n";
    out += "# It imports the kernel file (path below, relative to this script) with triton.autotune\n";
    out += "# replaced by a pass-through, runs each candidate, and rewrites its results file after each\n";
    out += "# one, so an interrupted run resumes where it stopped.\n\n";
    // One candidate a line: a long list stays readable.
    std::string list = "[";
    for (std::size_t i = 0; i < input.candidates.size(); ++i) {
        const RunnerCandidate& c = input.candidates[i];
        list += std::string(i ? "," : "") + "\n  " +
                nlohmann::json({{"config", {{"kwargs", c.kwargs}, {"num_warps", c.numWarps}, {"num_stages", c.numStages}}}})
                    .dump(-1, ' ', true);
    }
    list += "\n ]";
    std::string text = pythonRawJson(data);
    text.replace(text.find("\"@CANDIDATES@\""), std::string("\"@CANDIDATES@\"").size(), escapeQuotes(list));
    out += "DATA_JSON = r'''" + text + "'''\n";
    out += kRunnerTemplate;
    return out;
}

} // namespace ts::exporter
