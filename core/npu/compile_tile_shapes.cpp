// Tile shapes: broadcasting, new tiles (arange, full), subscripts, transposes, reshapes, the
// Ascend extension's slices, flips and single elements.
#include "core/npu/compiler_machine.h"

namespace ts::npu::compiler {

bool Machine::broadcastShape(const AVal& a, const AVal& b, int& rank, std::int64_t* shape, int line)
{
    const int ra = rankOf(a), rb = rankOf(b);
    // Fast path: operands of one shape (most elementwise operations).
    if (ra == rb) {
        bool same = true;
        for (int j = 0; j < ra; ++j)
            same = same && a.shape[j] == b.shape[j];
        if (same) {
            rank = ra;
            for (int j = 0; j < ra; ++j)
                shape[j] = a.shape[j];
            return true;
        }
    }
    // A scalar against a tile: the tile's shape (each dimension at least 1, as below).
    if (ra == 0 || rb == 0) {
        const AVal& t = ra == 0 ? b : a;
        rank = ra == 0 ? rb : ra;
        for (int j = 0; j < rank; ++j)
            shape[j] = std::max<std::int64_t>(1, t.shape[j]);
        return true;
    }
    rank = std::max(ra, rb);
    for (int j = 0; j < rank; ++j) {
        const int ia = j - (rank - ra), ib = j - (rank - rb);
        const std::int64_t da = ia >= 0 ? a.shape[ia] : 1;
        const std::int64_t db = ib >= 0 ? b.shape[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            failBroadcast(j, da, db, line);
            return false;
        }
        shape[j] = std::max(da, db);
    }
    return true;
}

AVal Machine::expandTo(const AVal& v, int rank, const std::int64_t* shape) const
{
    if (v.k != K::Tile) {
        // A scalar index becomes a constant affine tile; a bool a constant mask.
        AVal r;
        r.k = K::Tile;
        r.rank = std::uint8_t(rank);
        r.dt = v.dt;
        for (int d = 0; d < rank; ++d) {
            r.shape[d] = shape[d];
            r.stride[d] = 0;
            r.lo[d] = 0;
            r.hi[d] = (v.k == K::Bool && v.i == 0) ? 0 : shape[d];
        }
        if (v.k == K::Bool) {
            r.home = Home::Mask;
        } else {
            r.home = Home::Affine;
            r.i = v.i;
            r.gran = v.gran;
        }
        return r;
    }
    if (v.rank == rank) {
        bool same = true;
        for (int d = 0; d < rank; ++d)
            same = same && v.shape[d] == shape[d];
        if (same)
            return v;
    }
    AVal r = v;
    r.rank = std::uint8_t(rank);
    const int off = rank - v.rank;
    for (int j = 0; j < rank; ++j) {
        const int i = j - off;
        r.shape[j] = shape[j];
        if (i < 0) {
            r.stride[j] = 0;
            r.lo[j] = 0;
            r.hi[j] = shape[j];
            continue;
        }
        r.stride[j] = v.stride[i];
        r.lo[j] = v.lo[i];
        r.hi[j] = v.hi[i];
        if (v.shape[i] == 1 && shape[j] != 1) {
            r.stride[j] = 0;
            const bool active = v.lo[i] < v.hi[i];
            r.lo[j] = 0;
            r.hi[j] = active ? shape[j] : 0;
        }
    }
    return r;
}

void Machine::subscript(const Instr& ins)
{
    const AVal& x = get(ins.a);
    AVal& r = S(ins.dest);
    if (x.k == K::Tuple) {
        const std::int32_t idx = ins.listSize > 0 ? listAt(ins, 0) : 0;
        r = (idx >= 0 && idx < x.rank) ? AVal::integer(x.shape[idx]) : AVal::unknown();
        return;
    }
    if (x.k != K::Tile) {
        // x[None] of a scalar: a one-element tile.
        AVal v = x;
        if (x.k == K::Int) {
            std::int64_t shape[kMaxRank] = {1, 1, 1, 1};
            int rank = 0;
            for (std::int32_t i = 0; i < ins.listSize; ++i)
                if (listAt(ins, i) == kSubNewAxis)
                    ++rank;
            v = expandTo(x, rank, shape);
        }
        r = v;
        return;
    }
    AVal res = x;
    int src = 0, dst = 0;
    for (std::int32_t i = 0; i < ins.listSize && dst < kMaxRank; ++i) {
        const std::int32_t p = listAt(ins, i);
        if (p == kSubNewAxis) {
            res.shape[dst] = 1;
            res.stride[dst] = 0;
            res.lo[dst] = 0;
            res.hi[dst] = 1;
            ++dst;
        } else if (p == kSubSlice) {
            if (src < x.rank) {
                res.shape[dst] = x.shape[src];
                res.stride[dst] = x.stride[src];
                res.lo[dst] = x.lo[src];
                res.hi[dst] = x.hi[src];
                ++dst;
            }
            ++src;
        } else {
            // An integer index drops the axis.
            if (src < x.rank)
                res.i += x.stride[src] * p;
            ++src;
        }
    }
    for (; src < x.rank && dst < kMaxRank; ++src, ++dst) {
        res.shape[dst] = x.shape[src];
        res.stride[dst] = x.stride[src];
        res.lo[dst] = x.lo[src];
        res.hi[dst] = x.hi[src];
    }
    if (dst > kMaxRank) {
        fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileRankOver4), ins.line);
        return;
    }
    res.rank = std::uint8_t(dst);
    r = res;
}

void Machine::full(const Instr& ins)
{
    AVal& r = S(ins.dest);
    std::int64_t shape[kMaxRank] = {1, 1, 1, 1};
    int rank = 0;
    Dt dt = Dt::F32;
    const AVal dtv = get(ins.b);
    if (ins.c >= 0) {
        const AVal like = get(ins.c);
        if (like.k == K::Tile) {
            rank = like.rank;
            for (int d = 0; d < rank; ++d)
                shape[d] = like.shape[d];
            dt = like.dt;
        }
    } else {
        if (ins.listSize > kMaxRank) {
            fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileRankOver4), ins.line);
            return;
        }
        for (std::int32_t i = 0; i < ins.listSize; ++i) {
            const AVal d = get(listAt(ins, i));
            if (d.k == K::Tuple) {
                for (int j = 0; j < d.rank && rank < kMaxRank; ++j)
                    shape[rank++] = d.shape[j];
                continue;
            }
            if (d.k != K::Int) {
                fail(CompileFailure::InvalidShape,
                     msg::Message(msg::Id::CompileShapeNotConstexpr, {i}), ins.line);
                return;
            }
            if (d.i <= 0) {
                fail(CompileFailure::InvalidShape,
                     msg::Message(msg::Id::CompileShapeNotPositive, {i, d.i}),
                     ins.line);
                return;
            }
            shape[rank++] = d.i;
        }
    }
    if (dtv.k == K::Dtype)
        dt = dtv.dt;
    std::int64_t numel = 1;
    for (int d = 0; d < rank; ++d)
        numel *= shape[d];
    if (!checkNumel(numel, ins.line, "tl.full / tl.zeros"))
        return;
    const bool cube = ins.flags & kFlagCubeOperand;
    AVal res = newTile(dt, rank, shape, cube ? Home::L0C : Home::UB);
    if (!cube)
        vec(res, VClass::Elementwise, 1.0);
    largestTile = std::max(largestTile, numel);
    r = res;
}

void Machine::trans(const Instr& ins)
{
    const AVal& x = get(ins.a);
    AVal& r = S(ins.dest);
    int perm[kMaxRank] = {0, 1, 2, 3};
    if (ins.listSize == x.rank && ins.listSize > 0) {
        for (int d = 0; d < x.rank; ++d)
            perm[d] = std::clamp(listAt(ins, d), 0, int(x.rank) - 1);
    } else {
        for (int d = 0; d < x.rank; ++d)
            perm[d] = x.rank - 1 - d;
        if (x.rank > 2) {  // tl.trans without dims swaps the last two
            for (int d = 0; d < x.rank; ++d)
                perm[d] = d;
            std::swap(perm[x.rank - 1], perm[x.rank - 2]);
        }
    }
    AVal res = x;
    for (int d = 0; d < x.rank; ++d) {
        res.shape[d] = x.shape[perm[d]];
        res.stride[d] = x.stride[perm[d]];
        res.lo[d] = x.lo[perm[d]];
        res.hi[d] = x.hi[perm[d]];
    }
    if (x.home == Home::UB) {
        res.buf = nextBuf++;
        vec(res, VClass::Elementwise, 2.0);  // a transpose through the UB (estimate: two passes)
    }
    r = res;
}

void Machine::reshapeLike(const Instr& ins)
{
    const AVal& x = get(ins.a);
    AVal& r = S(ins.dest);
    std::int64_t shape[kMaxRank] = {1, 1, 1, 1};
    int rank = 0;
    for (std::int32_t i = 0; i < ins.listSize; ++i) {
        const AVal& d = get(listAt(ins, i));
        if (d.k == K::Tuple) {
            for (int j = 0; j < d.rank && rank < kMaxRank; ++j)
                shape[rank++] = d.shape[j];
            continue;
        }
        if (d.k != K::Int || rank >= kMaxRank) {
            fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileShapeIntegers), ins.line);
            return;
        }
        shape[rank++] = d.i;
    }
    if (ins.op == Op::ExpandDims) {
        if (x.k != K::Tile) {
            r = x;
            return;
        }
        int axis = ins.imm < 0 ? ins.imm + x.rank + 1 : ins.imm;
        axis = std::clamp(axis, 0, int(x.rank));
        AVal res = x;
        res.rank = std::uint8_t(x.rank + 1);
        for (int d = 0, s = 0; d < res.rank; ++d) {
            if (d == axis) {
                res.shape[d] = 1;
                res.stride[d] = 0;
                res.lo[d] = 0;
                res.hi[d] = 1;
                continue;
            }
            res.shape[d] = x.shape[s];
            res.stride[d] = x.stride[s];
            res.lo[d] = x.lo[s];
            res.hi[d] = x.hi[s];
            ++s;
        }
        r = res;
        return;
    }
    if (x.k != K::Tile) {
        if (ins.op == Op::BroadcastTo) {
            AVal res = expandTo(x, rank, shape);
            if (x.k == K::Float || x.k == K::Unknown) {
                res = newTile(x.dt == Dt::Unknown ? Dt::F32 : x.dt, rank, shape, Home::UB);
                vec(res, VClass::Elementwise, 1.0);
            }
            r = res;
        } else {
            r = x;
        }
        return;
    }
    std::int64_t numel = 1;
    for (int d = 0; d < rank; ++d)
        numel *= shape[d];
    if (ins.op == Op::Reshape) {
        if (numel != x.numel()) {
            fail(CompileFailure::InvalidShape,
                 msg::Message(msg::Id::CompileReshape, {x.numel(), numel}),
                 ins.line);
            return;
        }
        AVal res = x;
        res.rank = std::uint8_t(rank);
        for (int d = 0; d < rank; ++d)
            res.shape[d] = shape[d];
        if (x.home == Home::Affine || x.home == Home::PtrTile || x.home == Home::Mask) {
            // Row-major relayout of a one-axis affine form; anything else is materialised.
            int moving = 0, axis = 0;
            for (int d = 0; d < x.rank; ++d)
                if (x.shape[d] > 1) {
                    ++moving;
                    axis = d;
                }
            if (x.home != Home::Mask && moving <= 1) {
                std::int64_t s = x.rank ? x.stride[axis] : 0;
                for (int d = rank - 1; d >= 0; --d) {
                    res.stride[d] = shape[d] > 1 ? s : 0;
                    s *= shape[d];
                }
            } else if (x.home == Home::Mask) {
                for (int d = 0; d < rank; ++d) {
                    res.lo[d] = 0;
                    res.hi[d] = shape[d];
                }
                res.approxMask = true;
                double active = 1;
                for (int d = 0; d < x.rank; ++d)
                    active *= double(std::max<std::int64_t>(0, x.hi[d] - x.lo[d]));
                res.f = active / double(std::max<std::int64_t>(1, numel)) * (x.approxMask ? x.f : 1.0);
            } else {
                res = materialize(x, ins);
                res.rank = std::uint8_t(rank);
                for (int d = 0; d < rank; ++d)
                    res.shape[d] = shape[d];
            }
        } else if (x.home == Home::UB && rank > 0 && x.rank > 0 && shape[rank - 1] != x.shape[x.rank - 1]) {
            res.buf = nextBuf++;
            vec(res, VClass::Elementwise, 1.0);  // relayout of the innermost axis
        }
        r = res;
        return;
    }
    // broadcast_to
    int brank;
    std::int64_t bshape[kMaxRank];
    AVal target;
    target.k = K::Tile;
    target.rank = std::uint8_t(rank);
    for (int d = 0; d < rank; ++d)
        target.shape[d] = shape[d];
    if (!broadcastShape(x, target, brank, bshape, ins.line))
        return;
    AVal res = expandTo(x, brank, bshape);
    if (x.home == Home::UB && res.numel() != x.numel()) {
        res.buf = nextBuf++;
        vec(res, VClass::Elementwise, 1.0);
    }
    if (!checkNumel(res.numel(), ins.line, "broadcast_to"))
        return;
    r = res;
}

// extract_slice: a new tile of the sizes given, copied out of the full one; insert_slice: the
// full tile with the slice copied in (in its own buffer: the full one may still be read).
void Machine::slice(const Instr& ins)
{
    const AVal& full = get(ins.a);
    AVal& r = S(ins.dest);
    if (full.k != K::Tile) {
        r = AVal::unknown();
        return;
    }
    Spare tf;
    const AVal& f = inUB(full, ins, tf);
    if (ins.op == Op::InsertSlice) {
        const AVal& sub = get(ins.b);
        AVal res = newTile(f.dt, f.rank, f.shape, Home::UB);
        if (sub.k == K::Tile)
            vec(sub, VClass::Elementwise, 1.0, f.dt);
        r = res;
        return;
    }
    std::int64_t shape[kMaxRank] = {1, 1, 1, 1};
    int rank = 0;
    for (std::int32_t i = 0; i < ins.listSize && rank < kMaxRank; ++i) {
        const AVal& d = get(listAt(ins, i));
        if (d.k != K::Int || d.i <= 0) {
            fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileExtractSliceSizes), ins.line);
            return;
        }
        shape[rank++] = d.i;
    }
    AVal res = newTile(f.dt, rank, shape, Home::UB);
    vec(res, VClass::Elementwise, 1.0);
    r = res;
}

// tl.flip, as Triton's own flip (triton/language/standard.py, the same at both modelled commits)
// lowers it: the flipped axis of n elements is reshaped into log2(n) axes of two (a 64 x 64 flip
// of dim 1 becomes 64x2x2x2x2x2x2, triton-ascend#1638) and each level swaps the two halves of its
// axis on the bits, y = y ^ xor_sum(y, axis, keep_dims=True). What each level holds in the UB:
//  - y, the expanded tile. Flipping the innermost axis leaves an innermost axis of two elements,
//    each pair padded to a 32 B block (#1638's expand_shape fails its alignment; estimate).
//  - s = xor_sum(y): half the elements; the last level reduces the innermost axis, which leaves
//    one element per block.
//  - the reduction's extra buffer, from AscendNPU-IR's rule for an xor reduction
//    (ExtraBufferOpInterface/Utils.cpp): the source and one block over an outer axis, three times
//    the source over an innermost axis of at most one repeat.
//  - the xor's result, which may take over y (PlanMemory::IsReuseHIVMOp); after the reduction,
//    so below the peak either way.
// The peak is the last level's reduction, y + s + 3y: five padded tiles when the innermost axis is
// flipped (320 KiB for 64 x 64 fp32, which overflows the 192 KiB UB; 80 KiB at 32 x 32).
void Machine::flip(const Instr& ins)
{
    const AVal& x = get(ins.a);
    AVal& r = S(ins.dest);
    Spare tx;
    const AVal& a = inUB(x, ins, tx);
    AVal res = newTile(a.dt, a.rank, a.shape, Home::UB);
    // tl.flip(x) without dim flips the last axis (standard.py's _get_flip_dim).
    int axis = ins.imm == kAxisNone ? a.rank - 1 : (ins.imm < 0 ? ins.imm + a.rank : ins.imm);
    axis = std::clamp(axis, 0, std::max(0, int(a.rank) - 1));
    const std::int64_t n = a.rank > 0 ? a.shape[axis] : 1;
    const int levels = n > 1 ? int(std::ceil(std::log2(double(n)))) : 0;
    if (levels == 0) {
        vec(res, VClass::Elementwise, 1.0);
        r = res;
        return;
    }
    // The bits move as integers of the element's width (standard.py bitcasts before the xors).
    const int width = dtBytes(a.dt);
    const Dt bits = width >= 8 ? Dt::I64 : width == 4 ? Dt::I32 : width == 2 ? Dt::I16 : Dt::I8;
    const bool innermost = axis == a.rank - 1;
    const std::int64_t numel = a.numel();
    // The expanded tile as the UB lays it out: pairs of elements when the innermost axis is the
    // flipped one, else the tile's own rows.
    AVal y = a;
    y.dt = bits;
    if (innermost) {
        const std::int64_t pairs[2] = {std::max<std::int64_t>(1, numel / 2), 2};
        y = newTile(bits, 2, pairs, Home::Affine);  // for its size and work only: no buffer of its own
    }
    const std::int64_t expanded = tileBytes(y);
    // The last level's reduction leaves one element per block when it reduces the innermost axis.
    const std::int64_t singles[2] = {std::max<std::int64_t>(1, numel / 2), 1};
    const std::int64_t lastHalf = innermost ? tileBytes(newTile(bits, 2, singles, Home::Affine)) : expanded / 2;
    const std::int64_t outerLevel = expanded + expanded / 2 + expanded + ubAlign;
    const std::int64_t lastLevel = innermost ? expanded + lastHalf + 3 * expanded : outerLevel;
    const std::int64_t source = tileBytes(a), result = tileBytes(res);
    // The footprint of this instruction already counts the source and the result; the source is
    // live through every level only if something reads it after the flip (`t = tl.flip(t)`
    // overwrites it).
    bool sourceLives = false;
    for (std::int32_t i = 0; i < ins.liveSize && !sourceLives && ins.a != ins.dest; ++i)
        sourceLives = ir.lists[std::size_t(ins.liveBegin + i)] == ins.a;
    const std::int64_t held = sourceLives ? source : 0;
    const std::int64_t peak = held + std::max({(sourceLives ? 0 : source) + expanded,
                                               std::max(outerLevel, lastLevel), expanded + result});
    tempBytes += double(std::max<std::int64_t>(0, peak - source - result));
    // Work: the copies into the expanded layout and back; per level the xor over the whole tile
    // and the reduction, an xor of its two halves (the innermost level's on the reduction unit).
    vec(y, VClass::Elementwise, 2.0 + double(levels));
    vec(y, VClass::Elementwise, 0.5 * double(innermost ? levels - 1 : levels));
    if (innermost)
        vec(y, VClass::Reduction, 1.0, bits, true);
    r = res;
}

// tl.get_element: the scalar unit reads one element of a tile once the vector unit is done.
void Machine::getElement(const Instr& ins)
{
    const AVal& x = get(ins.a);
    AVal& r = S(ins.dest);
    cur->direct.scalarCycles += m.pipeSyncCycles + m.scalarCyclesPerOp;
    const Dt dt = x.k == K::Tile || x.k == K::Ptr ? x.dt : Dt::Unknown;
    r = AVal::unknown();
    r.dt = dt;
}

// tl.arange: an affine index tile (no work until it is materialised).
void Machine::arange(const Instr& ins)
{
    AVal& r = S(ins.dest);
    const AVal& a = get(ins.a);
    const AVal& b = get(ins.b);
    if (a.k != K::Int || b.k != K::Int) {
        fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileArangeConstexpr), ins.line);
        return;
    }
    if (b.i <= a.i) {
        fail(CompileFailure::InvalidShape,
             msg::Message(msg::Id::CompileArangeOrder, {a.i, b.i}),
             ins.line);
        return;
    }
    if ((a.i >> 31) != 0 || (b.i >> 31) != 0) {
        fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileArangeInt32), ins.line);
        return;
    }
    if (!checkNumel(b.i - a.i, ins.line, "tl.arange"))
        return;
    AVal v;
    v.k = K::Tile;
    v.home = Home::Affine;
    v.dt = Dt::I32;
    v.rank = 1;
    v.shape[0] = b.i - a.i;
    v.stride[0] = 1;
    v.i = a.i;
    r = v;
    largestTile = std::max(largestTile, v.shape[0]);
}

} // namespace ts::npu::compiler
