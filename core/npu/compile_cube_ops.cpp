// tl.dot on the cube unit: fractal throughput, the operands' way into L1, and the L0A / L0B /
// L0C capacities the real compiler checks.
#include "core/npu/compiler_machine.h"

namespace ts::npu::compiler {

void Machine::dot(const Instr& ins)
{
    const AVal& a = get(ins.a);
    const AVal& b = get(ins.b);
    const AVal& acc = get(ins.c);
    const AVal& outDt = get(ins.d);
    AVal& r = S(ins.dest);
    if (a.k != K::Tile || b.k != K::Tile) {
        note("npu-approximate-call", ins.line, msg::Message(msg::Id::FidelityDotUnknownShapes));
        r = AVal::unknown();
        return;
    }
    if (a.rank != b.rank || (a.rank != 2 && a.rank != 3)) {
        fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileDotRank), ins.line);
        return;
    }
    const int rk = a.rank;
    const std::int64_t M = a.shape[rk - 2], Kd = a.shape[rk - 1], K2 = b.shape[rk - 2], N = b.shape[rk - 1];
    const std::int64_t batch = rk == 3 ? a.shape[0] : 1;
    if (Kd != K2) {
        fail(CompileFailure::InvalidShape,
             msg::Message(msg::Id::CompileDotShapes, {M, Kd, K2, N}),
             ins.line);
        return;
    }
    if (a.dt != Dt::Unknown && b.dt != Dt::Unknown && a.dt != b.dt) {
        fail(CompileFailure::InvalidShape,
             msg::Message(msg::Id::CompileDotDtypes, {dtName(a.dt), dtName(b.dt)}),
             ins.line);
        return;
    }
    // Operands computed on the vector unit reach L1 through GM (A2/A3 split cores).
    for (const AVal* o : {&a, &b})
        if (o->home == Home::UB || o->home == Home::Affine || o->home == Home::Mask) {
            throughGm(*o);
        } else if (o->home == Home::L0C) {
            moveL0CtoUB(*o);
        }
    const Dt in = a.dt == Dt::Unknown ? Dt::F16 : a.dt;
    const int ib = dtBytes(in);
    const std::int64_t k0 = ib == 1 ? 32 : ib == 4 ? 8 : 16;
    const std::int64_t Mp = roundUp(M, 16), Np = roundUp(N, 16), Kp = roundUp(Kd, k0);
    double rate = 1.0;
    if (in == Dt::F32)
        rate = m.cubeFp32Fraction * 2.0;  // fractal 16x8x16: half the K per cycle, 1/4 of the flops
    // Fractal operations of 16 x k0 x 16 per cycle.
    const double fractals = double(batch) * double(Mp / 16) * double(Np / 16) * double(Kp / k0);
    const double macCycles = fractals / (m.cubeFractalsPerCycle * rate);
    const double mte1 = double(batch) * (double(Mp * Kp * ib) / m.l1ToL0aBytesPerCycle +
                                         double(Kp * Np * ib) / m.l1ToL0bBytesPerCycle);
    cur->direct.cubeCycles += std::max(macCycles, mte1) + m.pipeSyncCycles;
    cur->direct.cubeFlops += 2.0 * double(batch) * double(M) * double(N) * double(Kd);
    cur->direct.scalarCycles += 4 * m.scalarCyclesPerOp;

    Dt dt = Dt::F32;
    if (acc.k == K::Tile)
        dt = acc.dt;
    else if (outDt.k == K::Dtype)
        dt = outDt.dt;
    else if (!dtIsFloat(in))
        dt = Dt::I32;
    // L0 capacity: the compiler splits K to fit L0A/L0B, but one fractal column of the M x K
    // and K x N tiles must fit, and the accumulator must stay in L0C across the K loop.
    const std::int64_t l0aNeed = std::min<std::int64_t>(Mp * Kp * ib, std::int64_t(m.l0aBytes));
    const std::int64_t l0bNeed = std::min<std::int64_t>(Kp * Np * ib, std::int64_t(m.l0bBytes));
    const std::int64_t l0aMin = Mp * k0 * ib, l0bMin = k0 * Np * ib;
    const std::int64_t l0cNeed = Mp * Np * std::max(4, dtBytes(dt));
    if (track) {
        out.footprint.l0aPeakBytes = std::max(out.footprint.l0aPeakBytes, std::max(l0aNeed, l0aMin));
        out.footprint.l0bPeakBytes = std::max(out.footprint.l0bPeakBytes, std::max(l0bNeed, l0bMin));
        out.footprint.l0cPeakBytes = std::max(out.footprint.l0cPeakBytes, l0cNeed);
    }
    if (l0aMin > std::int64_t(m.l0aBytes) || l0bMin > std::int64_t(m.l0bBytes)) {
        fail(CompileFailure::L0Overflow,
             msg::Message(msg::Id::CompileL0abOverflow,
                          {M, N, Kd, l0aMin / 1024, l0bMin / 1024, std::int64_t(m.l0aBytes) / 1024,
                           std::int64_t(m.l0bBytes) / 1024}),
             ins.line);
        return;
    }
    if (l0cNeed > std::int64_t(m.l0cBytes)) {
        fail(CompileFailure::L0Overflow,
             msg::Message(msg::Id::CompileL0cOverflow,
                          {M, N, dtName(dt), l0cNeed / 1024, std::int64_t(m.l0cBytes) / 1024}),
             ins.line);
        return;
    }
    std::int64_t shape[kMaxRank] = {M, N, 1, 1};
    if (rk == 3) {
        shape[0] = batch;
        shape[1] = M;
        shape[2] = N;
    }
    AVal res = newTile(dt, rk, shape, Home::L0C);
    if (acc.k == K::Tile && acc.home == Home::L0C)
        res.buf = acc.buf;
    r = res;
}

} // namespace ts::npu::compiler
