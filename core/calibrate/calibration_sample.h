#pragma once
// What calibration fits to: one measured candidate of one launch. The samples of one kernel
// (`group`) share their workload; the calibration holds out whole kernels, never single configs.

#include "core/kernel/workload.h"
#include "core/npu/bench_method.h"
#include "core/space/space_types.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ts::calibrate {

struct CalibrationSample {
    std::shared_ptr<const kernel::Workload> workload;
    space::TritonConfig config;
    double measuredMs = 0;  // the median (p50) of the measured runs
    std::string group;      // the kernel: "add_16m"
    npu::BenchMethod method = npu::BenchMethod::Default;  // how the time was taken
    std::string origin;     // "add_16m.measurements.json: candidate 12", for messages
    std::string file;       // the file it came from, by name: "add_16m.measurements.json"
};

struct SampleSet {
    std::vector<CalibrationSample> samples;
    std::vector<std::filesystem::path> files;  // the files read, in order
    std::size_t skipped = 0;                   // candidates not `ok` (not samples)
    std::string error;                         // empty when every file was read
    bool ok() const { return error.empty(); }
};

// Reads runner results files (`tilescope.measurements/1`, docs/MEASUREMENTS.md) with the
// measurement importer's reader (core/measure): the `ok` candidates with their p50. The workload comes from `workload_file`, looked up relative to the
// current folder and then to each folder above the results file (the runner writes it relative
// to the project root). Each file is one kernel, named by the file name less
// `.measurements.json`. The first problem stops the read and names the file and line.
SampleSet readRunnerMeasurements(const std::vector<std::filesystem::path>& files);

} // namespace ts::calibrate
