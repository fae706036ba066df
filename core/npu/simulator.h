#pragma once
// The simulated NPU: runs a compiled candidate's programs over the cores of the device in
// waves (with the tail wave), each program's pipes (MTE2 in, Vector, Cube, MTE3 out, Scalar)
// serial or overlapped by multibuffer, HBM bandwidth shared by the active cores, L2 hits for
// data that stays resident, and the device launch overhead. Every time comes with its
// breakdown per pipe and with the roofline bound it is measured against.
//
// Pure function of its inputs: thread-safe, deterministic.

#include "core/npu/cost_program.h"
#include "core/npu/device_model.h"

#include <cstdint>
#include <string>

namespace ts::npu {

struct PipeTimes {
    double mte2 = 0, vector = 0, cube = 0, mte3 = 0, scalar = 0, launch = 0;  // microseconds

    double total() const { return mte2 + vector + cube + mte3 + scalar + launch; }
    double pipes() const { return total() - launch; }  // the programs' part, without the launch
    void add(const PipeTimes& o, double k = 1.0);
};

// How much of the pipes' busy time ran beside another pipe's: the busy times' sum beyond the
// programs' part of the critical path (multibuffer overlaps MTE2, compute and MTE3). A lower
// bound: pipes may also overlap while another waits on memory latency. 0 when nothing overlaps.
double overlappedUs(const PipeTimes& busy, const PipeTimes& criticalPath);

struct Roofline {
    double memoryUs = 0;   // minimal bytes over the bandwidth they come from
    double vectorUs = 0;   // vector work at the peak rate of every vector core
    double cubeUs = 0;     // cube FLOPs at the fp16 peak
    double boundUs = 0;    // the largest of the three
    std::string limiter;   // "memory", "vector" or "cube"
    double efficiency = 0; // boundUs / device time
    double minBytes = 0;   // the bytes the roofline counts
};

struct SimOptions {
    // false: L2 is flushed before every run (do_bench); true: the previous run's data is still in
    // L2 (the profiler path benchmarks without a flush).
    bool l2Warm = false;
    // true: every read goes through the L2-bypass address alias (the same memory mapped with L2
    // disabled, rtGetL2CacheOffset): no hits, no allocate-on-miss, reads at the HBM's own rate.
    bool l2Bypass = false;
    // true: the time the profiler reports for the task (TRITON_BENCH_METHOD=npu, msprof), which
    // starts when the task reaches the cores; false: the on-device time a wall clock sees, the
    // launch's whole head overhead included (do_bench).
    bool onChipOnly = false;
};

struct SimResult {
    bool ok = false;
    msg::Message error;      // why it did not run; english() is what the CLI prints

    double deviceUs = 0;     // on-chip time of one launch, launch overhead included
    PipeTimes breakdown;     // attribution of deviceUs to the pipes (sums to deviceUs)
    PipeTimes busy;          // how long each pipe of the critical core is busy
    double programUs = 0;    // one program of a full wave

    std::int64_t programs = 0;
    int coresAvailable = 0;  // vector cores, or AI cores for kernels with tl.dot
    int coresUsed = 0;
    std::int64_t waves = 0;
    std::int64_t tailPrograms = 0;  // programs of the last wave (== coresUsed when it is full)
    bool cubeKernel = false;

    double readBytes = 0;    // useful bytes of one launch
    double writeBytes = 0;
    double hbmBytes = 0;     // of them, from/to HBM
    double l2HitFraction = 0;
    double achievedGBps = 0; // useful bytes / device time

    Roofline roofline;
};

SimResult simulate(const CompiledKernel& kernel, const DeviceModel& device, const SimOptions& options = {});

} // namespace ts::npu
