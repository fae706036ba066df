#pragma once
// The readers a user's files reach, one entry point each, for fuzzing: the test suite's seeded
// mutation driver (tests/test_fuzz.cpp) and the opt-in libFuzzer binaries (tests/fuzz/) call the
// same functions. Each reads `data` as the file `name` and checks what every reader promises:
// it returns (no crash, no hang, no exception), and a rejected input gets an error that names
// the file.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::fuzz {

enum class Target {
    RunnerJson,      // the runner's measurements (tilescope.measurements/1)
    AutotuneJson,    // Triton's <fn>.autotune.json, both backend versions
    AutotuningLog,   // TRITON_PRINT_AUTOTUNING=1 output
    Workload,        // a workload (launch spec)
    DeviceProfile,   // a device file (--device-file, bundled profiles)
    Evaluator,       // Python source through the parser and the safe evaluator
};

struct TargetInfo {
    Target target;
    const char* name;       // "runner-json": the libFuzzer binary's suffix and the driver's label
    const char* fileName;   // what the input is read as
};

const std::vector<TargetInfo>& targets();

// Runs one input; returns an empty string when every promise held, else what broke (an error
// that does not name the file, an exception).
std::string runOne(Target target, std::string_view data);

} // namespace ts::fuzz
