#pragma once
// What several subcommands share: turning the command line into a workload, loading devices,
// printing diagnostics.

#include "app/cli_args.h"
#include "core/cache/config_cache.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/tuning/tuning_session.h"
#include "core/util/diagnostic.h"
#include "core/util/json_reader.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>

namespace ts::cli {

// WORKLOAD.json or KERNEL.py plus --function/--arg/--grid/--device/--backend. Prints errors and returns
// nullopt on bad input.
std::optional<kernel::Workload> workloadFromArgs(const Args& args, const char* command);
// The same for one given input (a command that takes several).
std::optional<kernel::Workload> workloadFromInput(const Args& args, const std::string& input, const char* command);

// The workload files of a capture folder (`tilescope capture`) that can be tuned: those of
// autotuned launches, of `function` only when given. Prints what it leaves out, and errors (then
// returns nullopt).
std::optional<std::vector<std::string>> capturedWorkloads(const std::string& folder, const std::string& function,
                                                          const char* command);

// --backend, when the command takes it and it was given (the table checked its value).
std::optional<kernel::BackendVersion> backendFromArgs(const Args& args);

// The bundled profiles plus --device-file ones. Prints errors and returns nullopt on failure.
std::optional<npu::DeviceRegistry> devicesFromArgs(const Args& args, const char* command);

void printDiagnostics(const Diagnostics& diagnostics);

// While it lives, Ctrl+C requests a stop of its token (the running work keeps what finished);
// the default handler is restored when it goes. One at a time.
class InterruptStop {
public:
    InterruptStop();
    ~InterruptStop();
    InterruptStop(const InterruptStop&) = delete;
    InterruptStop& operator=(const InterruptStop&) = delete;
    std::stop_token token() const { return source_.get_token(); }

private:
    std::stop_source source_;
};

// The cache file of a launch: --cache PATH, else `.tilescope/cache.sqlite` beside the workload
// (or beside the kernel file when the launch came from the command line).
std::filesystem::path cachePathFor(const Args& args, const kernel::Workload& workload);

// Opens a cache, printing what the user should hear (moved aside, migrated) on stderr. On
// failure prints the error and returns null.
std::unique_ptr<cache::ConfigCache> openCache(const std::filesystem::path& path, const char* command,
                                              bool readOnly = false);

// TRITON_* environment, the workload's bench method and seed, then --bench-method, --jobs, --seed
// and --lattice. Prints the error and returns nullopt on a bad value.
std::optional<tuning::TuningOptions> tuningOptionsFromArgs(const Args& args, const kernel::Workload& workload,
                                                           const char* command);

// An output file given with --OPTION that cannot be written (a FIFO, a folder, a missing folder):
// the error is printed and false returned, before any long work.
bool checkOutputOption(const Args& args, const char* option, const char* command);
// Writes an output file (never blocking on a FIFO); prints the error and returns false on failure.
bool writeOutput(const std::string& path, const std::string& text, const char* command);

// A JSON document as a command prints it: two-space indents, a path that is not UTF-8 written
// (util::jsonText).
template <typename Json>
std::string jsonText(const Json& document)
{
    return util::jsonText(document, 2);
}

// Parses a whole decimal number; false for anything else.
bool parseCount(const std::string& text, long long* out);
// "5" or "5%" (0 to 1000) as a share (0.05); nullopt when it is not such a percentage.
std::optional<double> parsePercent(const std::string& text);

} // namespace ts::cli
