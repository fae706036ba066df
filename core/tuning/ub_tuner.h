#pragma once
// The UB tuner of Triton-Ascend 2026-08 (third_party/ascend/backend/runtime/ubtuner.py, called by
// autotuner.py's _try_ubtuner). When a candidate fails to compile with a UB overflow and the
// tuner is on (TRITON_ENABLE_UBTUNER=compile|run, or the kernel under @ubtuner), it looks for
// compile options that make the candidate fit:
//
//   1. start from the candidate's own options with the three UB options at their smallest-UB
//      values (storage_align=False, multibuffer=False, vf_fusion_mode='ub-aware-op') and compile
//      once; when even that overflows, the tuner raises and nothing is attached;
//   2. rate each option value: a fixed cost/benefit table ('compile'), or one compile and run of
//      the start with only that value changed, cost = the UB bits the compiler reports and
//      benefit = -(mean ms) * 1000 ('run'); ratio = benefit / max(cost, 1);
//   3. greedy, best ratio first (stable): try the values kept so far plus this one; a value that
//      compiles is kept; a boolean that fails is kept at False; a string option stops at its
//      first value that compiles;
//   4. compile the kept values together once more; when that compiles they become the
//      candidate's `ubtune_cfg` (NPU option names) and the candidate is benchmarked with them.
//
// Every compile here runs on the simulated NPU. Two of the options are not in the trace
// compiler, so their UB effect is applied to the footprint at its peak (estimates, mark G):
// storage_align=False packs the rows of 2-D and larger tiles (the compiler pads each row to
// 32 B, which is what storage_align=True and the compiler's default give), and
// vf_fusion_mode='max-parallel' keeps one more intermediate tile live (the largest tile at the
// peak that is not a transfer buffer). The A2/A3 compile path ignores vf_fusion_mode; only the
// 910_95 path passes it to the compiler.

#include "core/npu/bench_method.h"
#include "core/npu/cost_program.h"
#include "core/npu/device_model.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::tuning {

// TRITON_ENABLE_UBTUNER: off (unset, the default), 'compile' (fixed cost table) or 'run'
// (measures each option on the device).
enum class UbTunerMode : std::uint8_t { Off, Compile, Run };
std::string_view ubTunerModeName(UbTunerMode mode);  // "off", "compile", "run"
std::optional<UbTunerMode> parseUbTunerMode(std::string_view name);

// The mode as 2026-08 decides it: the variable's value (any case) 'compile' or 'run' turns the
// tuner on in that mode; a kernel under @ubtuner turns it on too, and then a variable that names
// no mode means 'run' (ubtuner.py's default).
UbTunerMode ubTunerModeFrom(std::optional<std::string_view> environmentValue, bool underUbtunerDecorator);

// The compile options the tuner sets (NPUOptions names); nullopt = not passed to the compiler.
struct UbCompileOptions {
    std::optional<bool> storageAlign;          // storage_align
    std::optional<bool> multibuffer;           // multibuffer (replaces the candidate's)
    std::optional<std::string> vfFusionMode;   // vf_fusion_mode: 'ub-aware-op' | 'max-parallel'

    friend bool operator==(const UbCompileOptions&, const UbCompileOptions&) = default;
};

// The options as Python keyword text, in ubtuner.py's option order, only those set:
// {"storage_align", "False"}, {"multibuffer", "True"}, {"vf_fusion_mode", "'max-parallel'"}.
std::vector<std::pair<std::string, std::string>> ubOptionKwargs(const UbCompileOptions& options);

// One compile of `values` under `options` on the simulated NPU (see the top of this file).
// `vfFusionApplies`: the device takes the 910_95 compile path.
npu::CompiledKernel compileWithUbOptions(const npu::KernelTrace& trace, const npu::DeviceModel& device,
                                         npu::CandidateValues values, const UbCompileOptions& options,
                                         bool vfFusionApplies);

// One option value as the greedy search rates it.
struct UbOptionRating {
    std::string key;       // "enable_storage_align", "auto_multi_buffer", "vf_fusion_mode#max-parallel"
    std::int64_t cost = 0; // the table's cost, or the UB bits of the run
    double benefit = 0;    // the table's benefit, or -(mean ms) * 1000; -1e100 when the run failed
    double ratio = 0;      // benefit / max(cost, 1)
    std::string error;     // 'run': why the run failed
};

// One compile the greedy search made.
struct UbTrial {
    std::string option;    // ubtuner.py's name: enable_storage_align, auto_multi_buffer, vf_fusion_mode
    std::string value;     // Python text: True, 'max-parallel'
    bool ok = false;
    std::string error;     // the compile error when it failed
    std::int64_t ubPeakBytes = 0;
};

// What the tuner did for one candidate: the search, and the ubtune_cfg it found.
struct UbTuneResult {
    UbTunerMode mode = UbTunerMode::Off;
    bool modeDefaulted = false;       // on through @ubtuner with no mode named: 'run' by default
    std::string trigger;              // the compile error that started the tuner
    std::string compileOpts;          // config.all_kwargs() as Python prints the dict
    UbCompileOptions start;           // the smallest-UB starting point
    bool startOk = false;             // the start compiled; when not, the tuner raised
    std::string startError;
    std::vector<UbOptionRating> measured;  // 'run': the measurements, in the order they ran
    std::vector<UbOptionRating> order;     // the greedy order (best ratio first)
    std::vector<UbTrial> trials;           // the greedy compiles, in order
    std::vector<std::pair<std::string, std::string>> greedyConfig;  // ubtuner.py names, as kept
    bool finalOk = false;             // the kept values compiled together
    std::string finalError;
    UbCompileOptions chosen;          // what was attached (empty when nothing was)
    double compileSeconds = 0;        // modelled real-toolchain time of every compile it made
    double benchSeconds = 0;          // modelled device time of the 'run' measurements

    // The ubtune_cfg attached to the candidate: NPU option names, Python text; empty = none.
    std::vector<std::pair<std::string, std::string>> ubtuneCfg() const { return ubOptionKwargs(chosen); }
    bool attached() const { return chosen.storageAlign || chosen.multibuffer || chosen.vfFusionMode; }
};

struct UbTuneRequest {
    const npu::KernelTrace* trace = nullptr;
    const npu::DeviceModel* device = nullptr;
    bool vfFusionApplies = false;     // the 910_95 compile path
    UbTunerMode mode = UbTunerMode::Compile;
    bool modeDefaulted = false;
    npu::CandidateValues values;      // the candidate as the autotuner compiled it
    std::string compileOpts;          // config.all_kwargs() as Python prints it
    std::string trigger;              // the compile error
    npu::BenchOptions bench;          // 'run' measurements (the method is forced to npu)
};

// Whether 2026-08 calls the tuner for this failure: "ub overflow" in the error, any case.
bool isUbOverflowError(std::string_view message);

// ubtuner.py's search for one candidate.
UbTuneResult runUbTuner(const UbTuneRequest& request);

// The lines ubtuner.py and _try_ubtuner print for it with TRITON_PRINT_AUTOTUNING=1, in order.
std::vector<std::string> ubTunerLog(const UbTuneResult& result);

} // namespace ts::tuning
