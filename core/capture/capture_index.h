#pragma once
// A capture folder (`tilescope capture -o DIR`): one workload per kernel and autotune key value
// the program launched, the kernels' sources beside them, and the index `capture.json`
// (tilescope.capture/1, docs/schema/capture.schema.json) that lists them with their launch
// counts. `capture list`, `batch DIR`, `sweep DIR` and the explorer read the folder through
// readCaptureIndex, which checks every field it reads.
//
//   {"schema": "tilescope.capture/1", "tilescopeVersion", "command": [...] | null,
//    "exitStatus": n | null, "allJit": bool,
//    "software": {"python", "triton", "tritonAscend", "torch", "torchNpu"} (null where not loaded),
//    "device": {"kind", "name"} | null,
//    "processes": [{"pid", "argv", "complete"}],
//    "workloads": [{"file", "kernel", "kernelFile", "function", "line", "kind", "tuner", "key": {name: value},
//                   "dtypes": [...], "launches", "launchesExact", "varying": [...], "grid": "lambda" | "static",
//                   "decorator": {...} | null, "best": config | null, "measurements": file | null,
//                   "error": text | null, "notes": [...]}],
//    "skipped": [{"function", "kernelFile", "launches", "reason"}],
//    "notes": [...]}

#include "core/capture/capture_raw.h"
#include "core/util/diagnostic.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::capture {

inline constexpr const char* kIndexSchema = "tilescope.capture/1";
inline constexpr const char* kIndexFile = "capture.json";

// LaunchedKernel: the kernel's file where the program ran, its function and line, kind, tuner,
// decorator, the config the tuner chose and what the launch raised.
struct CapturedWorkload : LaunchedKernel {
    std::string file;        // the workload, relative to the capture folder
    std::string kernel;      // the copy of the kernel's source, relative to the folder
    std::vector<std::pair<std::string, Json>> key;  // key argument -> its value (a tensor: its description)
    std::vector<std::string> dtypes;                // the tensor arguments' dtypes, in order
    std::size_t launches = 0;
    bool launchesExact = true;          // false: a process ended without saying how many
    std::vector<std::string> varying;   // arguments outside the key that changed between launches
    std::string grid;                   // "lambda" | "static"
    std::string measurements;           // Triton's .autotune.json of the tuner's timings, relative; "" when none
    std::vector<std::string> notes;

    // "add_kernel[n_elements=4096]"
    std::string describe() const;
};

struct SkippedLaunch {
    std::string function;
    std::string kernelFile;
    std::size_t launches = 0;
    std::string reason;
};

struct CapturedProcess {
    std::int64_t pid = 0;
    std::vector<std::string> argv;
    bool complete = true;  // its exit record was read
};

struct CaptureIndex {
    std::filesystem::path folder;  // where capture.json is (not stored in it)
    std::string tilescopeVersion;
    std::vector<std::string> command;  // empty when written from a raw capture made elsewhere
    std::optional<int> exitStatus;
    bool allJit = false;
    RawSoftware software;
    std::vector<CapturedProcess> processes;
    std::vector<CapturedWorkload> workloads;
    std::vector<SkippedLaunch> skipped;
    std::vector<std::string> notes;

    std::size_t launches() const;  // of every workload
    std::size_t kernels() const;   // distinct kernel functions
};

Json toJson(const CaptureIndex& index);

struct IndexReadResult {
    std::optional<CaptureIndex> index;
    Diagnostics problems;  // errors name capture.json and the field; a workload entry in error is left out
};

// Reads `folder`/capture.json. A folder without one is an error that says so.
IndexReadResult readCaptureIndex(const std::filesystem::path& folder);
// Whether `path` is a folder holding a capture.json.
bool isCaptureFolder(const std::filesystem::path& path);

// `capture list`'s table: one line per workload (kernel, key, launches, file), then the skipped.
std::string captureText(const CaptureIndex& index);

} // namespace ts::capture
