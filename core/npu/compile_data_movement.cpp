// Data movement: the DMA traffic of tl.load / tl.store between GM and the UB (or L1 for cube
// operands), block pointers, and the vector work of bringing a value into the UB.
#include "core/npu/compiler_machine.h"

namespace ts::npu::compiler {

AVal Machine::materialize(const AVal& v, const Instr& ins)
{
    (void)ins;
    if (v.k != K::Tile)
        return v;
    if (v.home == Home::Affine || v.home == Home::Mask) {
        AVal r = newTile(v.home == Home::Mask ? Dt::I1 : (v.dt == Dt::I64 ? Dt::I64 : Dt::I32), v.rank, v.shape, Home::UB);
        // arange (or compare) plus the offset: two passes, and a temporary in the UB.
        vec(r, VClass::Elementwise, 2.0, r.home == Home::UB && v.home == Home::Mask ? Dt::I32 : r.dt);
        tempBytes += double(tileBytes(r));
        return r;
    }
    if (v.home == Home::PtrTile || v.home == Home::Gather) {
        AVal r = newTile(Dt::I64, v.rank, v.shape, Home::UB);
        vec(r, VClass::Elementwise, 2.0);
        return r;
    }
    return toUB(v, ins);
}

void Machine::throughGm(const AVal& v)
{
    // On A2/A3 the cube and vector cores exchange data through GM: one transfer out, one back in.
    const double bytes = double(v.numel()) * dtBytes(v.dt);
    cur->direct.outBytes += bytes;
    cur->direct.outEffBytes += bytes + m.dmaOverheadBytes;
    cur->direct.outTransfers += 1;
    cur->direct.inBytes += bytes;
    cur->direct.inEffBytes += bytes + m.dmaOverheadBytes;
    cur->direct.inTransfers += 1;
}

void Machine::moveL0CtoUB(const AVal& v)
{
    // FixPipe out of L0C, MTE2 back into the UB.
    throughGm(v);
    cur->direct.scalarCycles += 2 * m.scalarDmaSetupCycles + 2 * m.pipeSyncCycles;
}

AVal Machine::toUB(const AVal& v, const Instr& ins)
{
    if (v.k != K::Tile)
        return v;
    switch (v.home) {
    case Home::UB: return v;
    case Home::Affine:
    case Home::Mask:
    case Home::PtrTile:
    case Home::Gather: return materialize(v, ins);
    case Home::L1: {
        AVal r = v;
        r.home = Home::UB;
        return r;
    }
    case Home::L0C: {
        moveL0CtoUB(v);
        AVal r = newTile(v.dt, v.rank, v.shape, Home::UB);
        return r;
    }
    }
    return v;
}

Box Machine::boxFor(const AVal& mask, const AVal& ptr, int line)
{
    Box box;
    for (int d = 0; d < kMaxRank; ++d) {
        box.lo[d] = 0;
        box.hi[d] = d < ptr.rank ? ptr.shape[d] : 1;
    }
    if (mask.k == K::None || mask.k == K::Unknown)
        return box;
    if (mask.k == K::Bool || mask.k == K::Int) {
        if (mask.i == 0)
            for (int d = 0; d < ptr.rank; ++d)
                box.hi[d] = 0;
        return box;
    }
    if (mask.k != K::Tile)
        return box;
    if (mask.home != Home::Mask) {
        box.dataMask = true;
        return box;
    }
    int rank;
    std::int64_t shape[kMaxRank];
    if (!broadcastShape(ptr, mask, rank, shape, line))
        return box;
    for (int d = 0; d < rank; ++d) {
        std::int64_t lo, hi;
        boxAt(mask, rank, d, shape[d], lo, hi);
        box.lo[d] = std::clamp<std::int64_t>(lo, 0, shape[d]);
        box.hi[d] = std::clamp<std::int64_t>(hi, box.lo[d], shape[d]);
    }
    box.frac = mask.approxMask ? mask.f : 1.0;
    return box;
}

void Machine::transfer(bool in, const AVal& p, const Box& box, double bytesFactor, bool toL1)
{
    Work& w = cur->direct;
    const int rank = p.rank;
    const double b = std::max(1, dtBytes(p.dt));
    std::int64_t active[kMaxRank];
    std::int64_t start = p.i;
    bool empty = false;
    for (int d = 0; d < rank; ++d) {
        active[d] = std::max<std::int64_t>(0, box.hi[d] - box.lo[d]);
        if (active[d] == 0)
            empty = true;
        start += p.stride[d] * box.lo[d];
    }
    // The descriptor is built at run time even when the mask leaves nothing to move.
    w.scalarCycles += m.scalarDmaSetupCycles;
    if (empty || box.frac <= 0)
        return;

    double unique = 1;
    if (p.home == Home::Gather) {
        // Offsets from data: every element is its own access of one 32 B block.
        for (int d = 0; d < rank; ++d)
            unique *= double(active[d]);
        unique *= box.frac;
        const double useful = unique * b;
        const double eff = unique * std::max(32.0, b) / m.unalignedFraction;
        (in ? w.inBytes : w.outBytes) += useful * bytesFactor;
        (in ? w.inEffBytes : w.outEffBytes) += (eff + m.dmaOverheadBytes) * bytesFactor;
        (in ? w.inTransfers : w.outTransfers) += 1;
        (in ? w.inBursts : w.outBursts) += unique * bytesFactor;
        w.scalarCycles += unique * 8 * m.scalarCyclesPerOp;  // a scalar loop computes each address
        if (p.tensor >= 0 && p.tensor < kTrackedTensors)
            (in ? w.tensorIn : w.tensorOut)[std::size_t(p.tensor)] += useful * bytesFactor;
        return;
    }

    // Axes that move data (stride 0 axes are broadcasts: the data is fetched once).
    int axes[kMaxRank];
    int n = 0;
    for (int d = 0; d < rank; ++d)
        if (p.stride[d] != 0 && active[d] > 1)
            axes[n++] = d;
        else if (p.stride[d] != 0)
            unique *= 1;  // one element along this axis
    for (int i = 0; i < n; ++i)
        unique *= double(active[axes[i]]);
    for (int i = 1; i < n; ++i)  // insertion sort: at most four axes
        for (int j = i; j > 0 && std::llabs(p.stride[axes[j]]) < std::llabs(p.stride[axes[j - 1]]); --j)
            std::swap(axes[j], axes[j - 1]);
    // Merge axes into one contiguous run while each next stride continues the previous run.
    std::int64_t run = 1;
    int merged = 0;
    for (; merged < n; ++merged) {
        const int d = axes[merged];
        if (std::llabs(p.stride[d]) != run)
            break;
        run *= active[d];
    }
    const double runs = unique / double(run);
    const double runBytes = double(run) * b;
    // Alignment that every run start shares: the start offset and the outer strides.
    std::int64_t g = std::gcd(std::llabs(start), std::llabs(p.gran)) * std::int64_t(b);
    for (int i = merged; i < n; ++i)
        g = std::gcd(g, std::llabs(p.stride[axes[i]]) * std::int64_t(b));
    std::int64_t align = 512;
    if (g != 0)
        align = std::min<std::int64_t>(512, g & -g);
    double alignFactor = 1.0;
    if (align < 32)
        alignFactor = m.unalignedFraction;
    else if (align < 512)
        alignFactor = m.aligned32Fraction + (1.0 - m.aligned32Fraction) * std::log2(double(align) / 32.0) / 4.0;
    double blocks = std::ceil(runBytes / 32.0);
    if (align < 32)
        blocks += 1;
    const double moved = runs * blocks * 32.0 * box.frac;
    // One DMA instruction moves a 2-D pattern (a run repeated with one stride); deeper patterns
    // need one instruction per outer index. Every run is a burst of its own, with a cost of its
    // own (more on the way into L1, where rows are converted to the cube's fractal layout);
    // short ones are limited by the engine's rate of bursts, not by bytes (simulator.cpp).
    double instructions = 1;
    for (int i = merged + 1; i < n; ++i)
        instructions *= double(active[axes[i]]);
    double eff = moved / alignFactor + instructions * m.dmaOverheadBytes;
    if (runs > 1)
        eff += runs * box.frac * (toL1 ? m.nd2nzRowOverheadBytes : m.dmaRowOverheadBytes);
    const double useful = unique * b * box.frac;
    (in ? w.inBytes : w.outBytes) += useful * bytesFactor;
    (in ? w.inEffBytes : w.outEffBytes) += eff * bytesFactor;
    (in ? w.inTransfers : w.outTransfers) += instructions;
    (in ? w.inBursts : w.outBursts) += runs * box.frac * bytesFactor;
    w.scalarCycles += (instructions - 1) * m.scalarDmaSetupCycles;
    if (p.tensor >= 0 && p.tensor < kTrackedTensors)
        (in ? w.tensorIn : w.tensorOut)[std::size_t(p.tensor)] += useful * bytesFactor;
}

// The pointer operand of a tl.load / tl.store as a DMA descriptor: the pointer tile itself, or
// one built in `blockDesc` for a block pointer, and in `box` the part of it the mask (or the
// block pointer's boundary check) lets through. Null, with a note, for a pointer the simulator
// cannot follow. Inlined into both callers: it runs for every load and store compiled.
[[gnu::always_inline]] inline const AVal* Machine::dmaDescriptor(const AVal& p, const AVal& mask, const Instr& ins,
                                                                 const char* op, Spare& blockDesc, Box& box)
{
    const AVal* descp = &p;
    if (p.k == K::BlockPtr) {
        AVal& bd = blockDesc.hold(AVal());
        descp = &bd;
        bd.k = K::Tile;
        bd.home = Home::PtrTile;
        bd.dt = p.dt;
        bd.tensor = p.tensor;
        bd.rank = p.rank;
        bd.i = p.i;
        for (int d = 0; d < p.rank; ++d) {
            bd.shape[d] = p.shape[d];
            bd.stride[d] = p.stride[d];
            bd.i += p.stride[d] * p.lo[d];
            box.lo[d] = 0;
            box.hi[d] = p.shape[d];
            if (ins.flags & kFlagBoundaryCheck) {
                box.lo[d] = std::clamp<std::int64_t>(-p.lo[d], 0, p.shape[d]);
                box.hi[d] = std::clamp<std::int64_t>(p.hi[d] - p.lo[d], box.lo[d], p.shape[d]);
            }
        }
    } else if (p.k == K::Tile && (p.home == Home::PtrTile || p.home == Home::Gather)) {
        box = boxFor(mask, p, ins.line);
    } else {
        note("npu-unknown-pointer", ins.line,
             msg::Message(std::string_view(op) == "tl.store to" ? msg::Id::FidelityStorePointer : msg::Id::FidelityLoadPointer));
        return nullptr;
    }
    return descp;
}

void Machine::load(const Instr& ins)
{
    // By reference: `r` may be the same slot, and is written only after the last read of `p`.
    const AVal& p = get(ins.a);
    const AVal& mask = get(ins.b);
    const AVal& other = get(ins.c);
    AVal& r = S(ins.dest);
    const bool cube = ins.flags & kFlagCubeOperand;
    if (p.k == K::Ptr) {
        // A scalar load: the scalar unit waits for GM.
        const Dt pointee = p.dt;
        cur->direct.scalarCycles += m.gmReadLatencyCycles;
        cur->direct.inBytes += dtBytes(pointee);
        if (p.tensor >= 0 && p.tensor < kTrackedTensors)
            cur->direct.tensorIn[std::size_t(p.tensor)] += dtBytes(pointee);
        // Its value is data: unknown at compile time.
        r = AVal::unknown();
        r.dt = pointee;
        return;
    }
    Spare blockDesc;
    Box box;
    const AVal* descp = dmaDescriptor(p, mask, ins, "tl.load from", blockDesc, box);
    if (descp == nullptr) {
        r = AVal::unknown();
        return;
    }
    if (failed)
        return;
    const AVal& desc = *descp;
    const double transfersBefore = cur->direct.inTransfers;
    transfer(true, desc, box, 1.0, cube);
    if (ins.flags & kFlagDeadResult)
        cur->direct.inUnawaited += cur->direct.inTransfers - transfersBefore;
    AVal res = newTile(desc.dt, desc.rank, desc.shape, cube ? Home::L1 : Home::UB);
    res.fedByLoad = loopDepth > 0;
    if (!cube) {
        // A masked load that leaves part of the tile out (a tail) fills the tile with `other`
        // first, on the vector unit: a full tile is copied as it is, the compiler checks the
        // sizes at run time (Triton-Ascend's performance guide, `care_padding`).
        const bool masked = mask.k == K::Tile || (ins.flags & kFlagBoundaryCheck);
        bool partial = box.frac < 1.0;
        for (int d = 0; d < desc.rank && !partial; ++d)
            partial = box.lo[d] > 0 || box.hi[d] < desc.shape[d];
        if (masked && partial && !box.dataMask) {
            vec(res, VClass::Elementwise, 1.0);
            cur->direct.tailFills += 1;
        }
        bool broadcastAxis = false;
        for (int d = 0; d < desc.rank; ++d)
            broadcastAxis = broadcastAxis || (desc.stride[d] == 0 && desc.shape[d] > 1);
        if (broadcastAxis && desc.home == Home::PtrTile)
            vec(res, VClass::Elementwise, 1.0);
        if (box.dataMask)
            vec(res, VClass::Elementwise, 1.0);  // select with the data mask
        (void)other;
    }
    if (!(ins.flags & kFlagDeadResult))
        cur->direct.scalarCycles += m.pipeSyncCycles;  // the consumer waits for the transfer
    largestTile = std::max(largestTile, res.numel());
    r = res;
}

void Machine::store(const Instr& ins, bool atomic)
{
    const AVal& p = get(ins.a);
    const AVal& v = get(ins.b);
    const AVal& mask = get(ins.c);
    if (p.k == K::Ptr) {
        cur->direct.scalarCycles += m.gmWriteLatencyCycles * (atomic ? 2 : 1);
        cur->direct.outBytes += dtBytes(p.dt);
        if (p.tensor >= 0 && p.tensor < kTrackedTensors)
            cur->direct.tensorOut[std::size_t(p.tensor)] += dtBytes(p.dt);
        if (atomic)
            S(ins.dest) = AVal::unknown();
        return;
    }
    Spare blockDesc;
    Box box;
    const AVal* descp = dmaDescriptor(p, mask, ins, "tl.store to", blockDesc, box);
    if (descp == nullptr)
        return;
    if (failed)
        return;
    const AVal& desc = *descp;
    if (v.k == K::Tile && v.home != Home::L0C) {
        // Data the vector unit must produce first (indices, masks, broadcast scalars).
        if (v.home != Home::UB && v.home != Home::L1)
            materialize(v, ins);
        if (v.numel() != desc.numel() && !scalarLike(v)) {
            AVal tmp = newTile(v.dt, desc.rank, desc.shape, Home::UB);
            vec(tmp, VClass::Elementwise, 1.0);
            tempBytes += double(tileBytes(tmp));
        }
        if (v.dt != Dt::Unknown && desc.dt != Dt::Unknown && v.dt != desc.dt) {
            // Implicit conversion to the pointee type before the copy out.
            AVal tmp = newTile(desc.dt, desc.rank, desc.shape, Home::UB);
            vec(tmp, VClass::Elementwise, 1.0, dtBytes(desc.dt) > dtBytes(v.dt) ? desc.dt : v.dt);
        }
    } else if (v.k != K::Tile) {
        AVal tmp = newTile(desc.dt, desc.rank, desc.shape, Home::UB);
        vec(tmp, VClass::Elementwise, 1.0);
        tempBytes += double(tileBytes(tmp));
    }
    // Atomics read-modify-write in L2: as much traffic again (estimate).
    transfer(false, desc, box, atomic ? 2.0 : 1.0);
    cur->direct.scalarCycles += m.pipeSyncCycles;
    if (atomic) {
        AVal res = newTile(desc.dt, desc.rank, desc.shape, Home::UB);
        S(ins.dest) = res;
    }
}

// tl.make_block_ptr: the block's shape, strides, offsets and bounds, for the loads and stores
// that use it.
void Machine::makeBlockPtr(const Instr& ins)
{
    AVal& r = S(ins.dest);
    const int rank = std::min(ins.imm, kMaxRank);
    const AVal& base = get(listAt(ins, 0));
    AVal v;
    v.k = K::BlockPtr;
    v.rank = std::uint8_t(rank);
    v.tensor = base.tensor;
    v.dt = base.dt;
    v.i = base.i;
    bool ok = base.k == K::Ptr;
    for (int d = 0; d < rank; ++d) {
        const AVal& shape = get(listAt(ins, 1 + d));
        const AVal& stride = get(listAt(ins, 1 + ins.imm + d));
        const AVal& offset = get(listAt(ins, 1 + 2 * ins.imm + d));
        const AVal& block = get(listAt(ins, 1 + 3 * ins.imm + d));
        ok = ok && stride.k == K::Int && block.k == K::Int;
        v.hi[d] = shape.k == K::Int ? shape.i : std::numeric_limits<std::int32_t>::max();
        v.stride[d] = stride.i;
        v.lo[d] = offset.k == K::Int ? offset.i : 0;
        v.shape[d] = block.i;
    }
    if (!ok) {
        note("npu-unknown-pointer", ins.line, msg::Message(msg::Id::FidelityBlockPointer));
        r = AVal::unknown();
        return;
    }
    if (!checkNumel(v.numel(), ins.line, "make_block_ptr block_shape"))
        return;
    cur->direct.scalarCycles += 4 * m.scalarCyclesPerOp;
    r = v;
}

// tl.advance: a block pointer moved by its offsets.
void Machine::advance(const Instr& ins)
{
    AVal& r = S(ins.dest);
    AVal v = get(ins.a);
    if (v.k == K::BlockPtr)
        for (std::int32_t d = 0; d < ins.listSize && d < v.rank; ++d) {
            const AVal& o = get(listAt(ins, d));
            if (o.k == K::Int)
                v.lo[d] += o.i;
        }
    cur->direct.scalarCycles += m.scalarCyclesPerOp;
    r = v;
}

} // namespace ts::npu::compiler
