#pragma once
// What the capture hook (resources/capture/tilescope_capture_hook.py) wrote while the user's
// program ran, read back and checked field by field: the hook runs inside someone else's program,
// so its files are input like any other. Format `tilescope.capture-raw/1`, one folder:
//
//   launches-<pid>.jsonl   one JSON object a line, per process that loaded the hook:
//     {"record": "process", "format", "pid", "argv", "cwd", "python", ...}
//     {"record": "software", "python", "triton", "tritonAscend", "torch", "torchNpu",
//      "device": {"kind", "name"} | null}
//     {"record": "launch", "kind": "autotune" | "jit", "group": n,
//      "kernel": {"file", "function", "line", "source": "sources/<sha256>.py" | null, "sha256",
//                 "sourceError"?},
//      "tuner": "module.Class" | null, "decorator": {...} | null,
//      "params": [{"name", "constexpr", "default"?}], "args": {name: value}, "options": {name: value},
//      "key": [names], "grid": {"lambda", "expression"?, "free"} | {"static": [...]} |
//      {"callable", "why"?} | null, "evaluatedGrid": [...] | null,
//      "best": config | null, "timings": [[config, [p50, p20, p80]], ...] | null, "error": text | null}
//     {"record": "exit", "counts": [launches per group], "varying": [[argument names], ...]}
//   sources/<sha256>.py    the kernels' source files as they ran
//
// A value is a JSON scalar, a tensor {"tensor": "torch.float16", "shape", "strides"?, "device"?},
// a non-finite float {"float": "inf"}, or {"unsupported": "type", "text"?}. A config is
// {"kwargs": {...}, "num_warps", "num_stages", ...}.
//
// A record with a problem is left out and the problem kept, naming the file and line; the others
// are read. A process without its exit record (it crashed, or was killed) counts one launch per
// kernel and key it recorded, marked as a lower bound.

#include "core/util/diagnostic.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::capture {

using Json = nlohmann::ordered_json;

inline constexpr const char* kRawFormat = "tilescope.capture-raw/1";

struct RawParam {
    std::string name;
    bool isConstexpr = false;
    bool hasDefault = false;
};

// The kernel a launch ran, as the program gave it: the raw record reads it and the capture
// index (CapturedWorkload) keeps it as it was.
struct LaunchedKernel {
    std::string kind;        // "autotune" | "jit"
    std::string kernelFile;  // the kernel's file on the machine where it ran
    std::string function;
    int line = 0;
    std::string tuner;       // the tuner's class ("triton.runtime.autotuner.Autotuner"); "" for jit
    Json decorator;          // the decorator's arguments as written (checked parts only); null when unknown
    Json best;               // the config the program's tuner chose, or null
    std::string error;       // what the launch raised; "" when nothing
};

struct RawLaunch : LaunchedKernel {
    std::string origin;       // "launches-123.jsonl:4", for messages
    std::size_t process = 0;  // index into RawCapture::processes
    std::string sourceCopy;   // "sources/<sha256>.py" in the raw folder; "" when none
    std::string sha256;
    std::string sourceError;  // why there is no copy
    std::vector<RawParam> params;
    std::vector<std::pair<std::string, Json>> args;     // kernel parameters, in launch order
    std::vector<std::pair<std::string, Json>> options;  // other keywords (num_warps, multibuffer, ...)
    std::vector<std::string> key;                       // the autotune key's argument names
    Json grid;                                          // as the file comment says; null when none
    std::vector<std::int64_t> evaluatedGrid;            // the program's own launch; empty when unknown
    Json timings;                                       // [[config, [p50, p20, p80]], ...], or null
    std::size_t launches = 1;                           // of this kernel and key in this process
    bool launchesExact = false;                         // false: the process left no exit record
    std::vector<std::string> varying;                   // arguments that changed between those launches
};

struct RawProcess {
    std::string file;  // "launches-123.jsonl"
    std::int64_t pid = 0;
    std::vector<std::string> argv;
    std::string python;
    bool exited = false;  // its exit record was read
};

struct RawSoftware {
    std::string python, triton, tritonAscend, torch, torchNpu;  // "" when not loaded
    std::string deviceKind;  // "cuda", "npu", ...; "" when unknown
    std::string deviceName;  // "NVIDIA H200", "Ascend910B2"; "" when unknown
    bool known = false;      // a software record was read
};

struct RawCapture {
    std::filesystem::path folder;
    std::vector<RawProcess> processes;
    std::vector<RawLaunch> launches;
    RawSoftware software;  // of the first process that launched a kernel
    Diagnostics problems;  // each names the file (and line); the record it concerns is left out
};

// Limits on what one raw folder may hold: past them the rest of a file is not read (a problem
// says so), so a runaway or hostile file cannot exhaust memory.
inline constexpr std::uintmax_t kMaxRawFileBytes = 256u << 20;
inline constexpr std::size_t kMaxRawLineBytes = 8u << 20;
inline constexpr std::size_t kMaxRawFiles = 4096;

RawCapture readRawCapture(const std::filesystem::path& folder);

// The JSON value of one line or file. All of capture's JSON reading goes through here.
std::optional<Json> parseJson(const std::string& text, const std::string& where, std::string* error);

// A Python identifier (ASCII letters, digits, underscores, or any non-ASCII byte; not starting
// with a digit): what argument, function and keyword names must be.
bool isIdentifier(std::string_view name);

} // namespace ts::capture
