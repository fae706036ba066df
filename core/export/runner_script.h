#pragma once
// The runner: one self-contained Python script that benchmarks a workload's candidate configs on
// the user's own machine (Triton-Ascend on an NPU, or upstream Triton on a CUDA GPU) and writes
// their measured times as `tilescope.measurements/1` JSON (docs/MEASUREMENTS.md).
//
// The script is the exported data (workload, candidates, the kernel's path and hash) followed by
// a fixed body (runner_template.py, compiled into the binary). It needs only the standard library
// and the machine's own triton and torch; it resumes an interrupted run from its output file.

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace ts::exporter {

struct RunnerCandidate {
    nlohmann::json kwargs = nlohmann::json::object();  // keyword values as the config gives them
    int numWarps = 4;
    int numStages = 2;
};

struct RunnerScriptInput {
    // The launch: {"kernel", "function", "args": {...}, "grid": expression | [dims], "device",
    // "backend", "seed"}, as a workload file writes it.
    nlohmann::json workload;
    std::string workloadFile;               // as given on the command line ("" when none)
    std::filesystem::path kernelPath;       // the kernel file (absolute)
    std::string kernelSha256;               // of the kernel file's bytes
    std::filesystem::path scriptPath;       // where the script goes: the kernel is found relative to it
    std::string backend;                    // "2026-08"
    std::string candidatesFrom;             // generated | handwritten | lattice | the file's name
    std::vector<RunnerCandidate> candidates;
    double timeBudgetSeconds = 0;           // the script's default --time-budget (0: none)
    double timeoutSeconds = 120;            // its default --timeout per candidate
};

// The script's text. `exportId` in it identifies the export (workload, kernel hash and
// candidates), so a results file of another export is never resumed.
std::string runnerScript(const RunnerScriptInput& input);

// The results file the script writes by default, beside itself: "<function>.measurements.json".
std::string runnerDefaultOutput(const RunnerScriptInput& input);

} // namespace ts::exporter
