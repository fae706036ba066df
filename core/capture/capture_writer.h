#pragma once
// From the hook's raw records to a capture folder: launches grouped by kernel and autotune key
// value (every launch of one group would get the same config from the autotuner), each group
// written as a TileScope workload beside a copy of its kernel's source, the tuner's own timings
// as Triton's .autotune.json where it benchmarked, and the index capture.json (capture_index.h).
//
// A group is written only when its workload reads back as the launch it was: its kernel's source
// was copied, every argument has a workload form (a tensor of a dtype TileScope knows, a finite
// number, a bool, a string, None), and its grid is a lambda whose source parses or a grid the
// launch evaluated. Otherwise it is listed under "skipped" with the reason.

#include "core/capture/capture_index.h"
#include "core/capture/capture_raw.h"
#include "core/kernel/backend_version.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ts::capture {

struct WriteOptions {
    std::filesystem::path folder;      // the capture folder; created, must be empty or absent
    std::vector<std::string> command;  // the program that ran; empty for a raw capture made elsewhere
    std::optional<int> exitStatus;
    bool allJit = false;
    std::optional<kernel::BackendVersion> backend;  // written into every workload when given
    std::vector<std::string> knownDevices;          // SoC names a captured device may be (workload "device")
};

struct WriteResult {
    std::optional<CaptureIndex> index;  // what was written (capture.json)
    Diagnostics problems;               // the raw records' problems, and files that could not be written
    std::optional<std::string> error;   // nothing was written
};

WriteResult writeCapture(const RawCapture& raw, const WriteOptions& options);

} // namespace ts::capture
