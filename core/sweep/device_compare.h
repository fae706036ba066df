#pragma once
// One launch on several devices: each device's best config (its own tuning's pick), every
// config simulated on every device, the regret of running one device's best on another, and the
// smallest handwritten config list whose fastest config is within a tolerance of the best on
// every device. The list is the sweep's covering set (coverFromTimes) with devices in place of
// shapes: a config covers a device when its median there is at most (1 + tolerance) x the
// fastest median known there (the device's own best, or a config of another device's list that
// beats it when written by hand).
//
// Regret(i on j) = p50 on j of device i's best / p50 of device j's own best. The diagonal is 1;
// an entry is absent when device i's best does not run on j (it overflows j's UB or fails to
// compile there; `failure` says why), which is an infinite regret. It may be below 1: device
// j's backend did not generate a config that runs faster there.
//
// The pipeline (core/pipeline/device_compare_workflow.cpp) fills the times; everything below
// is computed from them, so another tolerance needs no new simulation (chooseDeviceList).

#include "core/export/config_list.h"
#include "core/sweep/shape_sweep.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ts::sweep {

// One config of the comparison on one device.
struct DeviceTime {
    std::optional<double> p50Ms; // absent: it does not run there (see failure), or was not tried
    bool tuned = false;          // measured by the device's own tuning (else written by hand)
    std::string failure;         // why it does not run there ("ub-overflow: ..."); empty when it runs
};

struct DeviceEntry {
    std::string device;              // the SoC name
    std::optional<std::size_t> best; // its own tuning's pick (index into DeviceComparison::configs)
    double bestMs = 0;               // p50 of that pick
    std::size_t tunedCandidates = 0; // candidates of its own tuning
    bool fromCache = false;          // the tuning was read from the config cache
    // Whether Triton-Ascend supports the device (`tilescope devices`): on one it does not, the
    // figures are the simulator's alone, with no backend that would run the kernel there.
    bool tritonAscendSupported = true;
    std::optional<msg::Message> error; // the tuning failed or was stopped: no best
    // A config of another device's list that runs faster here than the own best, when one does.
    std::optional<std::size_t> fastest;
    double fastestMs = 0;
};

struct DeviceComparison {
    std::string kernelName;
    std::string backend;       // the backend version's name ("2026-08")
    std::string benchMethod;   // "default" | "npu"
    exporter::AutotuneKey key; // the kernel's own key, for the exported list
    std::vector<DeviceEntry> devices;
    std::vector<CoverConfig> configs;           // every config benchmarked on some device
    std::vector<std::vector<DeviceTime>> times; // [device][config]
    // [i][j]: regret of device i's best on device j; absent where i has no best, j has no best,
    // or i's best does not run on j.
    std::vector<std::vector<std::optional<double>>> regret;
    CoverResult cover; // `shapes` are the devices, in order
    // Whether a list within tolerance on every device exists; when not, why.
    bool listExists = false;
    msg::Message noList;
    std::vector<msg::Message> notes;
};

// The regret matrix and each device's fastest known config, from `devices[*].best`, `bestMs`
// and `times`.
void computeRegret(DeviceComparison& comparison);

// The covering list for `options.tolerance` (sets cover, listExists and noList).
void chooseDeviceList(DeviceComparison& comparison, const CoverOptions& options);

// The chosen list as handwritten configs, each with a note naming the devices whose fastest
// list config it is ("Ascend910B2 own best; Ascend310P3 +1.2%").
std::vector<exporter::HandwrittenConfig> deviceListConfigs(const DeviceComparison& comparison);

// "XBLOCK=1024 XBLOCK_SUB=512" (num_warps / num_stages only where not 4 / 3).
std::string deviceConfigText(const CoverConfig& config);

// {"kernel", "backend", "benchMethod", "tolerance", "devices": [...], "configs": [...],
//  "regret": [[...]], "list": {...}, "notes"} (docs/schema/device-compare.schema.json).
nlohmann::ordered_json deviceComparisonToJson(const DeviceComparison& comparison);

// Each device's best, the regret matrix and the list, for people.
std::string deviceComparisonToText(const DeviceComparison& comparison);

} // namespace ts::sweep
