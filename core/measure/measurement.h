#pragma once
// A timing measured on real hardware: one config of one launch, the way it ended (timed, failed
// to compile, ...), its quantiles, and the device and software it ran on. The config cache keeps
// them as cache::MeasurementRecord (toRecord / fromRecord), keyed by the launch as it keys
// simulated tunings.

#include "core/cache/measurement_record.h"
#include "core/cache/tuning_record.h"
#include "core/space/space_types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ts::measure {

// ok: timed. compile_failed / run_failed / timeout: as the runner reports them. not_run: the
// runner's time budget ran out first (never stored). selected: an autotuner's log names the
// config as its pick, without a time.
enum class MeasureStatus : std::uint8_t { Ok, CompileFailed, RunFailed, Timeout, NotRun, Selected };
std::string_view measureStatusName(MeasureStatus status);  // "ok", "compile_failed", ...
std::optional<MeasureStatus> parseMeasureStatus(std::string_view name);

struct SoftwareVersions {
    std::string python;
    std::string triton;
    std::string torch;
    std::string torchNpu;
    friend bool operator==(const SoftwareVersions&, const SoftwareVersions&) = default;
};

// Where the timings came from.
enum class SourceFormat : std::uint8_t { Runner, TritonAutotuneJson, AutotuningLog };
std::string_view sourceFormatName(SourceFormat format);  // "runner", "triton-autotune-json", "autotuning-log"

// One config's run as every source of timings gives it: the config, the way the run ended and
// its quantiles. A file's entry (ParsedEntry) becomes a Measurement of its launch with them as
// they are.
struct TimedConfig {
    space::TritonConfig config;
    MeasureStatus status = MeasureStatus::Ok;
    std::string error;
    std::optional<double> p50Ms, p20Ms, p80Ms;

    friend bool operator==(const TimedConfig&, const TimedConfig&) = default;
};

struct Measurement : TimedConfig {
    std::int64_t id = 0;  // in the cache; 0 before storing
    // The launch: the kernel, its source hash, key values, dtypes and backend version, as
    // pipeline::tuningKeyFor builds them (device, benchMethod and simulatorVersion unused).
    cache::TuningKey launch;
    std::string device;      // the measured device ("NVIDIA H100 80GB HBM3", "Ascend910B2")
    std::string deviceKind;  // cuda | npu | ""
    SoftwareVersions software;
    std::string benchMethod;  // do_bench | npu_profiler | autotuner | time_limit_rough
    SourceFormat sourceFormat = SourceFormat::Runner;
    std::string sourceFile;
    int sourceLine = 0;
    std::string importedAt;  // set by the cache when stored

    friend bool operator==(const Measurement&, const Measurement&) = default;
};

cache::MeasurementRecord toRecord(const Measurement& measurement);
cache::MeasurementRecord toRecord(Measurement&& measurement);  // moves its strings
// nullopt (and *error) when the stored config holds a value that is not an int or bool.
std::optional<Measurement> fromRecord(const cache::MeasurementRecord& record, std::string* error = nullptr);

// The config a stored measurement timed; nullopt (and *error) as fromRecord.
std::optional<space::TritonConfig> configOf(const cache::MeasurementRecord& record, std::string* error = nullptr);

// "add_kernel[n_elements=98432; torch.float16] (backend 2026-04)": the launch a measurement is of.
std::string launchText(const cache::TuningKey& launch);

// The text two configs share exactly when they are the same config: kwargs in order, num_warps,
// num_stages ("BLOCK_SIZE=1024 multibuffer=True num_warps=4 num_stages=2").
std::string configText(const space::TritonConfig& config);
// The same text, from a stored measurement's params without parsing them.
std::string configText(const cache::MeasurementRecord& record);

} // namespace ts::measure
