#pragma once
// Reading measured timings from the files users have, then tying them to a launch.
//
//   runner                 tilescope.measurements/1, written by `tilescope runner export`'s
//                          script (docs/MEASUREMENTS.md): names its workload, device, software.
//   triton-autotune-json   `<fn>.autotune.json`, the disk cache of Triton's autotuner
//                          (cache_results=True) and of Triton-Ascend 2026-08: the launch key and
//                          [config, timings] pairs; timings are do_bench's [p50, p20, p80] (ms),
//                          Infinity for a config that failed to compile, or one number (2026-08
//                          under TRITON_BENCH_METHOD=npu: the profiler's mean).
//   autotuning-log         what TRITON_PRINT_AUTOTUNING=1 prints: per-config timing lines
//                          ("Triton autotuning: config C: p50 A ms, p20 B ms, p80 C ms", and
//                          "...: compile_failed; reason=R") as TileScope prints them for 2026-04;
//                          2026-08's "compile debug: [valid|pruned] config=C, rough_time=T ms"
//                          (a rough time from a few runs); and the closing "best config selected: C;"
//                          line, of both Triton-Ascend versions and of upstream Triton (which
//                          spreads it over four lines with "with key as K").
//
// Parsing checks a file on its own (errors name the file and line; JSON syntax errors also the
// column). Tying checks it against the launch it is imported for (its kernel, its key) and makes
// the measurements; autotune files and logs name no workload, so the caller must give one.

#include "core/kernel/backend_version.h"
#include "core/measure/measurement.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::measure {

// One timed (or failed) config as a file gives it, before it is tied to a launch.
struct ParsedEntry : TimedConfig {
    int line = 0;             // where the entry starts in the file
    std::string benchMethod;  // when it differs from the file's
    // Logs: the function and key its closing line names ("" when the line names none).
    std::string function;
    std::string keyText;
};

// An entry left out, and why ("not run: the time budget ran out first").
struct SkippedEntry {
    int line = 0;
    std::string reason;
};

// What the runner's header says (tilescope.measurements/1).
struct RunnerHeader {
    std::string tilescopeVersion;
    std::string backend;              // as written; ParsedFile::backend holds the parsed one
    nlohmann::ordered_json workload;  // the workload as the runner read it (kernel path relative to it)
    std::string workloadFile;         // the workload file as `runner export` was given it
    std::string kernelSha256;         // of the kernel file the script imported
    std::string candidatesFrom;
    bool complete = true;
};

struct ParsedFile {
    std::string path;
    SourceFormat format = SourceFormat::Runner;
    std::optional<kernel::BackendVersion> backend;  // the runner's; others name none
    std::string kernelName;  // the runner's workload function, or the log's "function NAME"
    int kernelNameLine = 0;
    // Triton autotune JSON: the key, each element as Python's str() prints it ("4096", "torch.float16").
    std::optional<std::vector<std::string>> key;
    // Upstream Triton's log: the text after "with key as" ("(4096, 'torch.float16')").
    std::string keyText;
    int keyLine = 0;
    std::string device;
    std::string deviceKind;
    SoftwareVersions software;
    std::string benchMethod;
    std::optional<RunnerHeader> runner;
    std::vector<ParsedEntry> entries;
    std::vector<SkippedEntry> skipped;
};

struct ParseOutcome {
    std::optional<ParsedFile> file;
    std::string error;  // "FILE:LINE: ..." when the file is unusable
    bool ok() const { return file.has_value(); }
};

ParseOutcome parseRunnerJson(std::string_view text, const std::string& path);
// `backend`: the version whose reader checks the file (one may rebuild Config(**fields) and
// reject what that cannot take); without it, the file is read as upstream Triton writes it.
ParseOutcome parseAutotuneJson(std::string_view text, const std::string& path,
                               std::optional<kernel::BackendVersion> backend = std::nullopt);
ParseOutcome parseAutotuningLog(std::string_view text, const std::string& path);

// Which format a file's text is in: a JSON object with "format": "tilescope.measurements/1",
// a JSON object with "configs_timings", else a log with at least one autotuning line.
std::optional<SourceFormat> detectFormat(std::string_view text);
// Reads `path` and parses it in the format its content has.
ParseOutcome parseMeasurementFile(const std::string& path,
                                  std::optional<kernel::BackendVersion> backend = std::nullopt);

// str(triton.Config) ("BLOCK_SIZE: 1024, multibuffer: True, num_warps: 4, num_ctas: 1,
// num_stages: 3, maxnreg: None[, ir_override: None]") back to a config; nullopt and *error when
// it is not one (a value that is no int or bool, num_warps missing).
std::optional<space::TritonConfig> parseConfigString(std::string_view text, std::string* error);

struct TieOptions {
    std::string measuredOn;  // the device of files that name none ("" : "unknown")
};

struct TieResult {
    std::vector<Measurement> measurements;
    std::vector<SkippedEntry> skipped;
    std::string error;  // "FILE:LINE: ..." when the file is not of this launch
    bool ok() const { return error.empty(); }
};

// The file's entries as measurements of `launch` (pipeline::tuningKeyFor of the workload). The
// file's kernel and key, when it names them, must be the launch's.
TieResult tieToLaunch(const ParsedFile& file, const cache::TuningKey& launch, const TieOptions& options = {});

// The launch key as Triton's autotuner builds it, each element as str() prints it: the key
// values (a string loses its quotes), then the tensor dtypes ("torch.float16").
std::vector<std::string> tritonKeyStrings(const cache::TuningKey& launch);

} // namespace ts::measure
