#include "core/export/runner_script.h"

#include "core/cache/sha256.h"
#include "core/export/runner_template.h" // generated: kRunnerTemplate
#include "core/util/escape.h"
#include "core/util/format.h"
#include "core/util/json_reader.h"
#include "core/util/version.h"

#include <algorithm>

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

// The data as ASCII JSON for r'''...'''. A path that is not UTF-8 has its stray bytes replaced:
// the script says it cannot find the file instead of the export failing.
std::string pythonRawJson(const nlohmann::json& data)
{
    return escapeQuotes(data.dump(1, ' ', true, nlohmann::json::error_handler_t::replace));
}

// A name or path from the user in a comment of the script: as it is when it is plain, else as
// an ASCII Python literal, so that no newline (or carriage return, or byte that is not UTF-8)
// in a file name can end the comment and start code.
std::string commentText(const std::string& text)
{
    const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
               c == '.' || c == '/' || c == '+';
    });
    return plain ? text : util::asciiLiteral(text);
}

std::string candidatesJson(const RunnerScriptInput& input)
{
    nlohmann::json list = nlohmann::json::array();
    for (const RunnerCandidate& c : input.candidates)
        list.push_back({{"config", {{"kwargs", c.kwargs}, {"num_warps", c.numWarps}, {"num_stages", c.numStages}}}});
    return util::jsonText(list);
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
    std::error_code ec;  // without a current folder, paths stay as given
    const fs::path scriptFolder = input.scriptPath.has_parent_path() ? fs::absolute(input.scriptPath, ec).parent_path()
                                                                     : fs::current_path(ec);
    const fs::path kernelAbsolute = fs::absolute(input.kernelPath, ec).lexically_normal();
    const fs::path kernelRelative = kernelAbsolute.lexically_relative(scriptFolder);

    const std::string candidates = candidatesJson(input);
    const std::string exportId = cache::sha256Hex(util::jsonText(input.workload) +
                                                  "\n" + input.kernelSha256 + "\n" + candidates)
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
    const std::string script = commentText(input.scriptPath.filename().generic_string());
    const std::string results = commentText(runnerDefaultOutput(input));
    out += "# TileScope runner: benchmarks " + formatInteger(std::int64_t(input.candidates.size())) + " " +
           commentText(input.candidatesFrom) + " candidate configs of " + commentText(function) +
           " on this machine's NPU or GPU.\n";
    out += "# Exported by TileScope " + std::string(kVersion) + " for Triton-Ascend backend " + commentText(input.backend) +
           " from " + (input.workloadFile.empty() ? std::string("a workload") : commentText(input.workloadFile)) + ".\n";
    out += "#\n";
    out += "#   python3 " + script + "            # writes " + results + " beside this script\n";
    out += "#   python3 " + script + " --help     # options: output, time budget, ...\n";
    out += "#   tilescope measure import " + results + "\n";
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
                    .dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
    }
    list += "\n ]";
    std::string text = pythonRawJson(data);
    text.replace(text.find("\"@CANDIDATES@\""), std::string("\"@CANDIDATES@\"").size(), escapeQuotes(list));
    out += "DATA_JSON = r'''" + text + "'''\n";
    out += kRunnerTemplate;
    return out;
}

} // namespace ts::exporter
