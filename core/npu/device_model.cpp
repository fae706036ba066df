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
    m.l2ThrashFactor = get("l2_thrash_factor", 2.0, "x L2",
                           "G: past about twice the capacity nothing survives to its reuse ([SKY] §L2: a 910B2 "
                           "kernel was L2-served up to 195 MB and HBM-bound by 387 MB)");
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
    m.runOverheadBytes = get("dma_run_overhead_bytes", 64, "B",
                             "G: each contiguous run of a strided DMA costs as much as 64 more bytes");
    // A transfer of min_efficient_transfer bytes reaches 90%: the fixed cost per DMA instruction
    // is a ninth of it, in bytes of the bandwidth the core gets.
    m.dmaOverheadBytes = get("dma_overhead_bytes", m.minEfficientTransferBytes / 9.0, "B",
                             "D: min_efficient_transfer / 9 (a 16 KB transfer reaches 90% of the bandwidth)");
    m.aligned32Fraction = get("gm_32b_aligned_bandwidth_fraction", 0.7, "fraction", "[ASC] 32 B-aligned ~70%");
    m.unalignedFraction = get("gm_unaligned_bandwidth_fraction", 0.5, "fraction",
                              "G: below 32 B alignment each burst needs an extra partial block");

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

    m.scalarCyclesPerOp = get("scalar_cycles_per_op", 2, "cycles",
                              "G: in-order scalar unit, about one instruction per cycle plus dependencies");
    m.scalarDmaSetupCycles = get("scalar_dma_setup_cycles", 24, "cycles",
                                 "G: scalar instructions that build one DMA descriptor");
    m.loopIterationCycles = get("loop_iteration_cycles", 12, "cycles", "G: scalar loop control per iteration");
    m.programSetupCycles = get("program_setup_cycles", 400, "cycles",
                               "G: reading kernel arguments and the block index at program start");
    m.pipeSyncCycles = get("pipe_sync_cycles", 24, "cycles", "G: one set_flag/wait_flag hand-over between pipes");

    m.deviceLaunchUs = get("device_launch_us", 20, "us", "[ASC] ~20 us head overhead with all cores on A2");
    m.launchFixedFraction = get("device_launch_fixed_fraction", 0.3, "fraction",
                                "G: part of the device head overhead paid even for one core");
    m.hostLaunchUs = get("host_launch_us", 8.6, "us", "triton-ascend #1675 optimised launch");
    m.maxGridPrograms = int(get("max_grid_programs", 65535, "count", "[TA] grid limit"));
    return m;
}

} // namespace ts::npu
