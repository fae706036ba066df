#pragma once
// The numbers the compiler and the simulator use, read once from a DeviceProfile. Every value
// comes from a profile figure; a figure the profile does not carry falls back to a documented
// estimate (mark G) and is listed in `assumptions`, so a report can say exactly which numbers
// were not sourced. Reading by name happens here only: the per-candidate paths use the fields.

#include "core/npu/device_profile.h"

#include <string>
#include <vector>

namespace ts::npu {

struct ModelAssumption {
    std::string figure;  // the profile figure name that was missing
    double value = 0.0;  // what was used instead
    std::string unit;
    std::string why;     // the estimate's basis
};

struct DeviceModel {
    std::string soc;
    int cubeCores = 0;
    int vectorCores = 0;
    double clockGhz = 0.0;  // cycles per ns

    // Buffers (bytes).
    double ubBytes = 0, l1Bytes = 0, l0aBytes = 0, l0bBytes = 0, l0cBytes = 0;
    double l2Bytes = 0, l2FlushBytes = 0;
    double ubAlign = 32, l1Align = 32, l0Align = 512;

    // Memory system.
    double hbmBytesPerUs = 0;            // nominal peak (the roofline)
    double hbmSustainedFraction = 0;     // of the peak that streaming DMA reaches
    double l2BytesPerUs = 0;             // L2 hit bandwidth, whole chip
    double l2FillBytesPerUs = 0;         // reads that miss L2 and allocate in it, whole chip
    double l2ResidentFraction = 0;       // of L2 a reused working set keeps entirely
    double l2ThrashFactor = 0;           // x L2: a reuse distance this long no longer hits
    double coreGmBytesPerCycle = 0;      // one vector core's MTE2/MTE3 port
    double cubeCoreGmBytesPerCycle = 0;  // one AI core's port in kernels with tl.dot
    double gmReadLatencyCycles = 0, gmWriteLatencyCycles = 0;
    double l2HitLatencyCycles = 0;       // a read served by L2
    double minEfficientTransferBytes = 0;  // a DMA of this size reaches ~90% of its bandwidth
    double dmaOverheadBytes = 0;         // per DMA instruction, as bytes of the core's port
    double dmaRowOverheadBytes = 0;      // per row (contiguous run) of a strided DMA into the UB
    double nd2nzRowOverheadBytes = 0;    // per row of a DMA into L1 (ND to fractal conversion)
    double dmaBurstCycles = 0;           // a vector core's DMA engine moves at most one burst (row)
                                         // into the UB per this many cycles, however short the burst
    double nd2nzBurstCycles = 0;         // the same for an AI core's rows into L1
    double aligned32Fraction = 0;        // bandwidth of 32 B-aligned (not 512 B) GM addresses
    double unalignedFraction = 0;        // bandwidth below 32 B alignment

    // Vector unit (per vector core per cycle).
    double vectorBytesPerCycle = 0;
    double transcendentalPerCycle = 0;   // elements
    double int32PerCycle = 0;            // elements
    double reductionFraction = 0;        // of the elementwise rate
    double vectorIssueCycles = 0;        // fixed cost per vector instruction
    double vectorRepeatBytes = 0;        // bytes one vector instruction covers at most

    // Cube unit (per cube core).
    double cubeFractalsPerCycle = 0;     // 16x16x16 fp16 MAC blocks per cycle
    double cubeFp32Fraction = 0;
    double cubeInt8Factor = 0;           // int8 throughput relative to fp16
    double l1ToL0aBytesPerCycle = 0, l1ToL0bBytesPerCycle = 0;

    // Scalar unit and control.
    double scalarCyclesPerOp = 0;
    double scalarDmaSetupCycles = 0;
    double loopIterationCycles = 0;
    double programSetupCycles = 0;
    double pipeSyncCycles = 0;

    // Launch.
    double deviceLaunchUs = 0;           // head overhead a wall clock sees, with every core launched
    double launchFixedFraction = 0;      // part of it that does not grow with the cores
    double profiledLaunchUs = 0;         // the part inside the profiler's task time, every core
    double profiledLaunchFixedFraction = 0;
    double hostLaunchUs = 0;
    int maxGridPrograms = 65535;

    std::vector<ModelAssumption> assumptions;

    static DeviceModel fromProfile(const DeviceProfile& profile);

    double cyclesToUs(double cycles) const { return cycles / (clockGhz * 1000.0); }
};

} // namespace ts::npu
