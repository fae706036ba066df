#include "core/npu/device_model.h"

#include <cmath>

namespace ts::npu {

DeviceModel DeviceModel::fromProfile(const DeviceProfile& profile)
{
    DeviceModel m;
    m.soc = profile.soc;
    auto get = [&](const char* name, double fallback, const char* unit, const char* why) {
        const double v = profile.figure(name);
        if (!std::isnan(v))
            return v;
        m.assumptions.push_back({name, fallback, unit, why});
        return fallback;
    };

    m.cubeCores = std::max(1, profile.cubeCores());
    m.vectorCores = std::max(1, profile.vectorCores());
    m.clockGhz = get("clock_mhz", 1800.0, "MHz", "G: typical A2 clock") / 1000.0;

    const double kib = 1024.0;
    m.ubBytes = get("ub_kib", 192, "KiB", "G: A2 unified buffer") * kib;
    m.l1Bytes = get("l1_kib", 512, "KiB", "G: A2 L1") * kib;
    m.l0aBytes = get("l0a_kib", 64, "KiB", "G: A2 L0A") * kib;
    m.l0bBytes = get("l0b_kib", 64, "KiB", "G: A2 L0B") * kib;
    m.l0cBytes = get("l0c_kib", 128, "KiB", "G: A2 L0C") * kib;
    m.l2Bytes = get("l2_mib", 192, "MiB", "G: A2 L2") * kib * kib;
    m.l2FlushBytes = get("l2_flush_mib", 192, "MiB", "[TA] driver.py: do_bench's cache buffer is 192 MB") * kib * kib;
    m.ubAlign = get("ub_align_bytes", 32, "B", "[ASC] UB 32 B alignment");
    m.l1Align = get("l1_align_bytes", 32, "B", "[ASC] L1 32 B alignment");
    m.l0Align = get("l0_align_bytes", 512, "B", "[ASC] L0 512 B alignment");

    const double hbmGbps = get("hbm_gbps", 1600, "GB/s", "G: A2 nominal HBM bandwidth");
    m.hbmBytesPerUs = hbmGbps * 1e3;
    m.hbmSustainedFraction = get("hbm_sustained_fraction", 0.956, "fraction",
                                 "D: [SKY] 910B2 L2-bypass streaming measured 1.53 TB/s of the nominal 1.6 TB/s");
    // (l2_gbps is read below, once the cores' ports are known.)
    // Reads on the cached path allocate in L2 on a miss; that fill, not the HBM, caps a stream
    // that misses ([SKY] §ReadCeiling: L2 miss-and-allocate at 0% hits).
    m.l2FillBytesPerUs = get("l2_fill_gbps", hbmGbps * 862.0 / 1600.0, "GB/s",
                             "D: the 910B2's 862 GB/s cached read (torch w.max(), [SKY] Calibration) scaled by "
                             "this part's HBM peak") * 1e3;
    m.l2ResidentFraction = get("l2_resident_fraction", 0.8, "fraction",
                               "G: other data, set conflicts and dirty lines keep the rest of L2 busy");
    m.l2ThrashFactor = get("l2_thrash_factor", 1.2, "x L2",
                           "F: a working set of 1.57 x L2 read four times over hit L2 0.005% of the time "
                           "(asc-devkit data_copy scenario 5, 302 MB on a 192 MB L2); a 910B2 kernel was "
                           "L2-served up to 195 MB ([SKY] §L2): reuse fades out by 1.2 x L2");
    m.coreGmBytesPerCycle = get("core_gm_bytes_per_cycle", 64, "B/cycle",
                                "G: one core's MTE port; with all cores busy HBM, not the port, is the limit");
    m.cubeCoreGmBytesPerCycle =
        get("cube_core_gm_bytes_per_cycle", 128, "B/cycle",
            "G: an AI core's MTE2 must feed the cube ~96 B/cycle for 128x256 fp16 tiles; GEMMs on A2 reach ~80% of peak");
    // L2 hits are served as fast as every vector core's port takes them: L2 itself is not taken
    // to be a limit.
    m.l2BytesPerUs = get("l2_gbps", m.vectorCores * m.coreGmBytesPerCycle * m.clockGhz, "GB/s",
                         "D: vector_cores x core_gm_bytes_per_cycle x clock (L2 hits limited by the cores' MTE "
                         "ports, not by L2)") * 1e3;
    m.gmReadLatencyCycles = get("mte_gm_read_latency_cycles", 1400, "cycles", "pypto cost model");
    m.l2HitLatencyCycles = get("l2_hit_cycles", 50, "cycles", "pypto cost model: L2 hit 50 cycles");
    m.gmWriteLatencyCycles = get("mte_gm_write_latency_cycles", 300, "cycles", "pypto cost model");
    m.minEfficientTransferBytes = get("min_efficient_transfer_kib", 16, "KiB", "[ASC] >= 16 KB transfers") * kib;
    // The DMA costs below are fitted to one first-party measurement (asc-devkit's data_copy best
    // practice on an A2 part with 48 vector cores): 302 MB in DMAs of one 128 B row took 548 us
    // of MTE2 (20 cycles a DMA), in DMAs of 64 rows of 128 B 221 us, of 64 rows of 2 KB 203 us,
    // and rows 2 B-aligned instead of 512 B-aligned 259 us (docs/SIMULATOR_MODEL.md).
    struct Fitted {
        double DeviceModel::*field;
        const char* name;
        double fallback;
        const char* unit;
        const char* why;
    };
    static constexpr Fitted kDataCopy[] = {
        {&DeviceModel::dmaOverheadBytes, "dma_overhead_bytes", 1150, "B",
         "F: a one-row DMA of 128 B takes 20 cycles of a 64 B/cycle port (asc-devkit data_copy scenario 1): "
         "20 x 64 - 128 B"},
        {&DeviceModel::dmaRowOverheadBytes, "dma_row_overhead_bytes", 12, "B",
         "F: 64 rows of 128 B per DMA took 221 us against 203 us for rows of 2 KB, the same 302 MB over 48 vector "
         "cores (asc-devkit data_copy UB scenarios 2 and 3)"},
        {&DeviceModel::nd2nzRowOverheadBytes, "nd2nz_row_overhead_bytes", 55, "B",
         "F: into L1, rows of 128 B took 284 us against 215 us for rows of 512 B, the same 302 MB over 24 AI cores "
         "(asc-devkit data_copy L1 scenarios 1 and 2)"},
        {&DeviceModel::dmaBurstCycles, "dma_burst_cycles", 8, "cycles",
         "F: rows of 128 B into the UB took 8.1 cycles each (asc-devkit data_copy UB scenario 2): a vector core's "
         "DMA engine moves at most one row (burst) per 8 cycles"},
        {&DeviceModel::nd2nzBurstCycles, "nd2nz_burst_cycles", 0, "cycles",
         "G: no cap: rows of 128 B into L1 took 5.3 cycles each (asc-devkit data_copy L1 scenario 1), bound by the "
         "HBM share, where the per-row overhead alone gives that time: an upper bound of the engine's rate, not "
         "a measurement of it"},
        {&DeviceModel::unalignedFraction, "gm_unaligned_bandwidth_fraction", 0.78, "fraction",
         "F: rows 2 B-aligned took 259 us against 203 us 512 B-aligned (asc-devkit data_copy scenario 4)"},
    };
    for (const Fitted& f : kDataCopy)
        m.*f.field = get(f.name, f.fallback, f.unit, f.why);
    m.aligned32Fraction = get("gm_32b_aligned_bandwidth_fraction", 0.7, "fraction", "[ASC] 32 B-aligned ~70%");

    m.vectorBytesPerCycle = get("vector_bytes_per_cycle", 256, "B/cycle", "[ASC]");
    m.transcendentalPerCycle = get("vector_transcendental_per_cycle", 32, "elem/cycle", "[ASC]");
    m.int32PerCycle = get("vector_int32_per_cycle", 64, "elem/cycle", "[ASC]");
    m.reductionFraction = get("reduction_rate_fraction", 1.0 / 7.0, "fraction", "[ASC]");
    m.vectorIssueCycles = get("vector_issue_cycles", 14, "cycles",
                              "G: fixed start-up of one vector instruction (pipeline depth)");
    m.vectorRepeatBytes = get("vector_repeat_bytes", 255 * 256, "B",
                              "G: one vector instruction repeats at most 255 times over 256 B");

    const double cubeTflops = get("cube_fp16_tflops", 0, "TFLOPS", "derived below from cores and clock");
    // Peak = cores x fractals/cycle x 4096 MAC x 2 FLOP x clock.
    m.cubeFractalsPerCycle =
        cubeTflops > 0 ? cubeTflops * 1e12 / (m.cubeCores * 4096.0 * 2.0 * m.clockGhz * 1e9) : 1.0;
    m.cubeFp32Fraction = get("cube_fp32_rate_fraction", 0.25, "fraction", "[ASC] fp32 1/4 of fp16 on A2/A3");
    const double int8Tops = profile.figure("cube_int8_tops");
    m.cubeInt8Factor = (!std::isnan(int8Tops) && cubeTflops > 0) ? int8Tops / cubeTflops : 2.0;
    m.l1ToL0aBytesPerCycle = get("l1_to_l0a_bytes_per_cycle", 256, "B/cycle", "[ASC]");
    m.l1ToL0bBytesPerCycle = get("l1_to_l0b_bytes_per_cycle", 128, "B/cycle", "[ASC]");

    // A loop that only issues one 128 B DMA per iteration ran at 20 cycles an iteration, MTE2
    // busy 99% of the time (asc-devkit data_copy scenario 1): its scalar work (loop control,
    // addresses, the DMA's descriptor) takes less.
    m.scalarCyclesPerOp = get("scalar_cycles_per_op", 1, "cycles",
                              "F: in-order scalar unit, one instruction per cycle (asc-devkit data_copy scenario 1: "
                              "a loop of 128 B DMAs at 20 cycles an iteration)");
    m.scalarDmaSetupCycles = get("scalar_dma_setup_cycles", 6, "cycles",
                                 "F: scalar instructions that build one DMA descriptor (asc-devkit data_copy "
                                 "scenario 1)");
    m.loopIterationCycles = get("loop_iteration_cycles", 4, "cycles",
                                "F: scalar loop control per iteration (asc-devkit data_copy scenario 1)");
    m.programSetupCycles = get("program_setup_cycles", 400, "cycles",
                               "G: reading kernel arguments and the block index at program start");
    m.pipeSyncCycles = get("pipe_sync_cycles", 24, "cycles", "G: one set_flag/wait_flag hand-over between pipes");

    m.deviceLaunchUs = get("device_launch_us", 20, "us", "[ASC] ~20 us head overhead with all cores on A2");
    m.launchFixedFraction = get("device_launch_fixed_fraction", 0.3, "fraction",
                                "G: part of the device head overhead paid even for one core");
    // The profiler's task time starts when the task reaches the cores: it holds only the cores'
    // start-up, not the head overhead a wall clock sees.
    m.profiledLaunchUs = get("profiled_launch_us", 2.65, "us",
                             "F: tiny Triton kernels on a 910B take 1.2-1.6 us of device time (FlagGems nansum "
                             "[64, 64], dist [16]) and 1.2 us more on 32 cores than on one (FlagGems-vllm "
                             "gemma_rmsnorm [1|32, 1152])");
    m.profiledLaunchFixedFraction = get("profiled_launch_fixed_fraction", 0.32, "fraction",
                                        "F: with profiled_launch_us, one core's start-up 0.9 us (the same "
                                        "measurements)");
    m.hostLaunchUs = get("host_launch_us", 8.6, "us", "triton-ascend #1675 optimised launch");
    m.maxGridPrograms = int(get("max_grid_programs", 65535, "count", "[TA] grid limit"));
    return m;
}

} // namespace ts::npu
