// Binary operators and comparisons. Scalars are folded; pointer offsets, index arithmetic and
// masks stay symbolic (affine tiles and boxes) so that loads and stores see their addresses;
// what is left is vector work on UB tiles.
#include "core/npu/compiler_machine.h"

namespace ts::npu::compiler {

namespace {

bool isPtrLike(const AVal& v)
{
    return v.k == K::Ptr || (v.k == K::Tile && (v.home == Home::PtrTile || v.home == Home::Gather));
}
bool isIndex(const AVal& v) { return v.k == K::Int || (v.k == K::Tile && v.home == Home::Affine); }
bool isMaskLike(const AVal& v) { return v.k == K::Bool || (v.k == K::Tile && v.home == Home::Mask); }

// A box mask over `shape` that lets the whole tile through; callers narrow its bounds.
AVal fullMask(int rank, const std::int64_t* shape)
{
    AVal mask;
    mask.k = K::Tile;
    mask.home = Home::Mask;
    mask.dt = Dt::I1;
    mask.rank = std::uint8_t(rank);
    for (int d = 0; d < rank; ++d) {
        mask.shape[d] = shape[d];
        mask.lo[d] = 0;
        mask.hi[d] = shape[d];
    }
    return mask;
}

} // namespace

void Machine::binaryOf(const Instr& ins, const AVal& x, const AVal& y)
{
    const auto k = BinKind(ins.sub);
    AVal& r = S(ins.dest);
    cur->direct.scalarCycles += m.scalarCyclesPerOp;

    // The cases in order, each keeping its result as symbolic as it can. Scalars:
    if (x.k != K::Tile && y.k != K::Tile && !isPtrLike(x) && !isPtrLike(y)) {
        foldScalars(k, x, y, r, ins.line);
        return;
    }
    // Pointer arithmetic: pointer + offsets.
    if ((isPtrLike(x) || isPtrLike(y)) && (k == BinKind::Add || k == BinKind::Sub)) {
        offsetPointer(ins, k, x, y, r);
        return;
    }

    // A dot accumulated into another dot's result stays in L0C.
    if (x.k == K::Tile && y.k == K::Tile && x.home == Home::L0C && y.home == Home::L0C && k == BinKind::Add) {
        r = x;
        return;
    }

    // An index shifted by a data-dependent scalar stays affine with an unknown start.
    if ((k == BinKind::Add || k == BinKind::Sub) &&
        ((x.k == K::Tile && x.home == Home::Affine && y.k == K::Unknown) ||
         (y.k == K::Tile && y.home == Home::Affine && x.k == K::Unknown))) {
        r = x.k == K::Tile ? x : y;
        if (k == BinKind::Sub && y.k == K::Tile)
            for (int d = 0; d < r.rank; ++d)
                r.stride[d] = -r.stride[d];
        r.gran = 1;
        return;
    }
    // Index arithmetic stays affine (folded into DMA addresses) as long as it can.
    if (isIndex(x) && isIndex(y) && affineIndex(ins, k, x, y, r))
        return;
    // Mask logic stays a box.
    if (isMaskLike(x) && isMaskLike(y) && (k == BinKind::And || k == BinKind::Or || k == BinKind::Xor) &&
        k != BinKind::Xor) {
        maskLogic(ins, k, x, y, r);
        return;
    }
    // Data arithmetic on the vector unit.
    vectorBinary(ins, k, x, y, r);
}

// Both operands are scalars (not pointers): folded to a constant when both are known.
inline void Machine::foldScalars(BinKind k, const AVal& x, const AVal& y, AVal& r, int line)
{
    if (x.k == K::Unknown || y.k == K::Unknown || !x.isScalarNumber() || !y.isScalarNumber()) {
        r = AVal::unknown();
        r.dt = promote(x.dt, y.dt);
        return;
    }
    const bool ints = x.isInt() && y.isInt();
    if (ints && k != BinKind::TrueDiv && !(k == BinKind::Pow && y.i < 0)) {
        const std::int64_t a = x.i, b = y.i;
        if ((k == BinKind::FloorDiv || k == BinKind::Mod) && b == 0) {
            r = AVal::unknown();
            return;
        }
        if ((k == BinKind::Shl || k == BinKind::Shr) && b < 0) {
            fail(CompileFailure::TraceError, msg::Message(msg::Id::CompileNegativeShift, {a, k == BinKind::Shl ? "<<" : ">>", b}),
                 line);
            r = AVal::unknown();
            return;
        }
        // Python's semantics; a result beyond 64 bits fails the compile (see exact()).
        std::int64_t v = 0;
        switch (k) {
        case BinKind::Add: v = exact(pyAdd(a, b), a, "+", b, line); break;
        case BinKind::Sub: v = exact(pySub(a, b), a, "-", b, line); break;
        case BinKind::Mul: v = exact(pyMul(a, b), a, "*", b, line); break;
        case BinKind::FloorDiv: v = exact(pyFloorDiv(a, b), a, "//", b, line); break;
        case BinKind::Mod: v = pyMod(a, b); break;
        case BinKind::Pow: v = exact(pyPow(a, b), a, "**", b, line); break;
        case BinKind::And: v = a & b; break;
        case BinKind::Or: v = a | b; break;
        case BinKind::Xor: v = a ^ b; break;
        case BinKind::Shl: v = exact(pyShl(a, b), a, "<<", b, line); break;
        case BinKind::Shr: v = pyShr(a, b); break;
        default: break;
        }
        const bool bothBool = x.k == K::Bool && y.k == K::Bool &&
                              (k == BinKind::And || k == BinKind::Or || k == BinKind::Xor);
        const std::int64_t g = combineGran(k, x.i, x.gran, y.i, y.gran);
        const Dt dt = bothBool ? Dt::I1 : (x.dt == Dt::I64 || y.dt == Dt::I64) ? Dt::I64 : Dt::I32;
        // Only the scalar fields: the rest of a scalar is never read.
        r.k = bothBool ? K::Bool : K::Int;
        r.i = bothBool ? (v != 0) : v;
        r.gran = g;
        r.dt = dt;
        r.rank = 0;
        r.buf = -1;
        return;
    }
    const double a = x.k == K::Float ? x.f : double(x.i), b = y.k == K::Float ? y.f : double(y.i);
    double v = 0;
    switch (k) {
    case BinKind::Add: v = a + b; break;
    case BinKind::Sub: v = a - b; break;
    case BinKind::Mul: v = a * b; break;
    case BinKind::TrueDiv: v = a / b; break;
    case BinKind::FloorDiv: v = std::floor(a / b); break;
    case BinKind::Mod: v = a - std::floor(a / b) * b; break;
    case BinKind::Pow: v = std::pow(a, b); break;
    default: r = AVal::unknown(); return;
    }
    r = AVal::real(v);
}

// A pointer (or pointer tile) plus or minus offsets: the addresses stay affine while the offsets
// are, else each element becomes its own access (a gather).
inline void Machine::offsetPointer(const Instr& ins, BinKind k, const AVal& x, const AVal& y, AVal& r)
{
    const AVal& p = isPtrLike(x) ? x : y;
    const AVal& o = isPtrLike(x) ? y : x;
    const std::int64_t sign = (k == BinKind::Sub && isPtrLike(x)) ? -1 : 1;
    if (o.k == K::Int || o.k == K::Bool) {
        const std::int64_t g = std::gcd(p.gran, o.gran);
        const std::int64_t offset = sign > 0 ? exact(pyAdd(p.i, o.i), p.i, "+", o.i, ins.line)
                                             : exact(pySub(p.i, o.i), p.i, "-", o.i, ins.line);
        r = p;
        r.i = offset;
        r.gran = g;
        return;
    }
    if (o.k == K::Unknown || o.k == K::Float) {
        // An offset from data (a loaded index): the addresses keep their shape, only the
        // start is unknown, so nothing better than element alignment is guaranteed.
        r = p;
        r.gran = 1;
        return;
    }
    if (o.k == K::Tile) {
        int rank;
        std::int64_t shape[kMaxRank];
        if (!broadcastShape(p, o, rank, shape, ins.line))
            return;
        const bool affine = o.home == Home::Affine && (p.k == K::Ptr || p.home == Home::PtrTile);
        std::int64_t stride[kMaxRank];
        for (int d = 0; d < rank; ++d) {
            const std::int64_t ps = strideAt(p, rank, d), os = strideAt(o, rank, d);
            stride[d] = sign > 0 ? exact(pyAdd(ps, os), ps, "+", os, ins.line) : exact(pySub(ps, os), ps, "-", os, ins.line);
        }
        const std::int64_t base =
            sign > 0 ? exact(pyAdd(p.i, o.i), p.i, "+", o.i, ins.line) : exact(pySub(p.i, o.i), p.i, "-", o.i, ins.line);
        const std::int64_t gran = std::gcd(p.gran, o.gran);
        const Dt dt = p.dt;
        const std::int16_t tensor = p.tensor;
        reset(r);
        r.k = K::Tile;
        r.dt = dt;
        r.tensor = tensor;
        r.rank = std::uint8_t(rank);
        for (int d = 0; d < rank; ++d)
            r.shape[d] = shape[d];
        if (affine) {
            r.home = Home::PtrTile;
            r.i = base;
            r.gran = gran;
            for (int d = 0; d < rank; ++d)
                r.stride[d] = stride[d];
        } else {
            r.home = Home::Gather;
            note("npu-gather", ins.line,
                 msg::Message(msg::Id::FidelityGatherAccess));
        }
        return;
    }
    r = AVal::unknown();
}

// Arithmetic of two indices (integers or affine tiles): true when the result is kept affine
// (folded into DMA addresses) or the shapes do not broadcast, false when it is data.
inline bool Machine::affineIndex(const Instr& ins, BinKind k, const AVal& x, const AVal& y, AVal& r)
{
    int rank;
    std::int64_t shape[kMaxRank];
    if (!broadcastShape(x, y, rank, shape, ins.line))
        return true;
    std::int64_t sa[kMaxRank], sb[kMaxRank], st[kMaxRank];
    bool aConst = true, bConst = true;
    for (int d = 0; d < rank; ++d) {
        sa[d] = strideAt(x, rank, d);
        sb[d] = strideAt(y, rank, d);
        aConst = aConst && sa[d] == 0;
        bConst = bConst && sb[d] == 0;
    }
    const std::int64_t ai = x.i, bi = y.i;
    std::int64_t base = 0;
    bool affine = true;
    switch (k) {
    case BinKind::Add:
        base = exact(pyAdd(ai, bi), ai, "+", bi, ins.line);
        for (int d = 0; d < rank; ++d)
            st[d] = exact(pyAdd(sa[d], sb[d]), sa[d], "+", sb[d], ins.line);
        break;
    case BinKind::Sub:
        base = exact(pySub(ai, bi), ai, "-", bi, ins.line);
        for (int d = 0; d < rank; ++d)
            st[d] = exact(pySub(sa[d], sb[d]), sa[d], "-", sb[d], ins.line);
        break;
    case BinKind::Mul:
        if (bConst || aConst) {
            base = exact(pyMul(ai, bi), ai, "*", bi, ins.line);
            for (int d = 0; d < rank; ++d)
                st[d] = bConst ? exact(pyMul(sa[d], bi), sa[d], "*", bi, ins.line)
                               : exact(pyMul(sb[d], ai), sb[d], "*", ai, ins.line);
        } else {
            affine = false;
        }
        break;
    case BinKind::FloorDiv:
    case BinKind::Shr:
    case BinKind::Mod: {
        if (!bConst || bi <= 0 || (k == BinKind::Shr && bi > 62)) {
            affine = false;
            break;
        }
        const std::int64_t c = k == BinKind::Shr ? (std::int64_t(1) << bi) : bi;
        // Exact when strides are multiples of c; otherwise the index is taken as blocked
        // (constant within a block for //, the low part for %): good enough for addressing.
        if (k == BinKind::Mod) {
            base = pyMod(ai, c);
            for (int d = 0; d < rank; ++d)
                st[d] = sa[d] % c == 0 ? 0 : sa[d];
        } else {
            base = exact(pyFloorDiv(ai, c), ai, "//", c, ins.line);
            for (int d = 0; d < rank; ++d)
                st[d] = sa[d] % c == 0 ? sa[d] / c : 0;
        }
        break;
    }
    case BinKind::Shl:
        if (bConst && bi >= 0 && bi < 62) {
            base = exact(pyShl(ai, bi), ai, "<<", bi, ins.line);
            for (int d = 0; d < rank; ++d)
                st[d] = exact(pyShl(sa[d], bi), sa[d], "<<", bi, ins.line);
        } else {
            affine = false;
        }
        break;
    default: affine = false;
    }
    if (affine) {
        const Dt dt = (x.dt == Dt::I64 || y.dt == Dt::I64) ? Dt::I64 : Dt::I32;
        const std::int64_t gran = combineGran(k, ai, x.gran, bi, y.gran);
        reset(r);
        r.k = K::Tile;
        r.home = Home::Affine;
        r.dt = dt;
        r.rank = std::uint8_t(rank);
        r.i = base;
        r.gran = gran;
        for (int d = 0; d < rank; ++d) {
            r.shape[d] = shape[d];
            r.stride[d] = st[d];
        }
        return true;
    }
    // Falls through to data arithmetic with the operands materialised.
    return false;
}

// & and | of masks: the result stays a box (approximate where | of two boxes is not one).
inline void Machine::maskLogic(const Instr& ins, BinKind k, const AVal& x, const AVal& y, AVal& r)
{
    int rank;
    std::int64_t shape[kMaxRank];
    if (!broadcastShape(x, y, rank, shape, ins.line))
        return;
    std::int64_t lo[kMaxRank], hi[kMaxRank];
    bool same = true;
    for (int d = 0; d < rank; ++d) {
        std::int64_t al, ah, bl, bh;
        boxAt(x, rank, d, shape[d], al, ah);
        boxAt(y, rank, d, shape[d], bl, bh);
        if (k == BinKind::And) {
            lo[d] = std::max(al, bl);
            hi[d] = std::max(lo[d], std::min(ah, bh));
        } else {
            same = same && al == bl && ah == bh;
            lo[d] = std::min(al, bl);
            hi[d] = std::max(ah, bh);
        }
    }
    const double fa = x.approxMask ? x.f : 1.0, fb = y.approxMask ? y.f : 1.0;
    const bool approx = x.approxMask || y.approxMask || (k != BinKind::And && !same);
    AVal res = fullMask(rank, shape);
    for (int d = 0; d < rank; ++d) {
        res.lo[d] = lo[d];
        res.hi[d] = hi[d];
    }
    res.approxMask = approx;
    res.f = k == BinKind::And ? fa * fb : std::max(fa, fb);
    r = res;
}

// Data arithmetic on the vector unit: operands brought into the UB, smaller ones broadcast.
inline void Machine::vectorBinary(const Instr& ins, BinKind k, const AVal& x, const AVal& y, AVal& r)
{
    int rank;
    std::int64_t shape[kMaxRank];
    if (!broadcastShape(x, y, rank, shape, ins.line))
        return;
    Spare ta, tb;
    const AVal& a = inUB(x, ins, ta);
    const AVal& b = inUB(y, ins, tb);
    Dt dt = promote(a.k == K::Tile ? a.dt : Dt::Unknown, b.k == K::Tile ? b.dt : Dt::Unknown);
    if (dt == Dt::Unknown)
        dt = promote(a.dt, b.dt);
    // A Python float against an integer tile gives float32.
    if (!dtIsFloat(dt) && ((a.k == K::Float) || (b.k == K::Float)))
        dt = Dt::F32;
    if (k == BinKind::TrueDiv && !dtIsFloat(dt))
        dt = Dt::F32;
    if ((k == BinKind::And || k == BinKind::Or || k == BinKind::Xor) && a.dt == Dt::I1 && b.dt == Dt::I1)
        dt = Dt::I1;
    // Built in place: `x` and `y` are never the destination here (see binary()).
    AVal& res = r;
    setTile(res, dt, rank, shape, Home::UB);
    res.fedByLoad = (ins.flags & kFlagFeedsStore) && loopDepth > 0;
    // Operands smaller than the result are broadcast into a temporary first.
    for (const AVal* o : {&a, &b}) {
        if (o->k == K::Tile && !scalarLike(*o) && o->numel() != res.numel()) {
            vec(res, VClass::Elementwise, 1.0, o->dt);
            tempBytes += double(tileBytes(res));
        }
    }
    switch (k) {
    case BinKind::TrueDiv: vec(res, VClass::Transcendental, 1.0); break;
    case BinKind::FloorDiv:
    case BinKind::Mod:
        if (dtIsFloat(dt)) {
            vec(res, VClass::Transcendental, 1.0);
            vec(res, VClass::Elementwise, 2.0);
        } else {
            vec(res, VClass::Elementwise, 4.0);  // integer division is emulated
        }
        break;
    case BinKind::Pow:
        vec(res, VClass::Transcendental, 2.0);
        vec(res, VClass::Elementwise, 1.0);
        break;
    default: vec(res, VClass::Elementwise, 1.0);
    }
}

// The part of [0, n) where b + s*i compares true with 0 (a comparison along its one moving axis).
bool Machine::intervalFor(std::int64_t b, std::int64_t s, std::int64_t n, CmpKind op, std::int64_t& lo,
                          std::int64_t& hi, double& frac)
{
    // Integers i in [0, n) with b + s*i OP 0: always an interval for a monotone form.
    frac = 1.0;
    switch (op) {
    case CmpKind::Le: return intervalFor(b - 1, s, n, CmpKind::Lt, lo, hi, frac);
    case CmpKind::Gt: return intervalFor(-b, -s, n, CmpKind::Lt, lo, hi, frac);
    case CmpKind::Ge: return intervalFor(-b + 1, -s, n, CmpKind::Lt, lo, hi, frac);
    case CmpKind::Eq:
        if (s != 0 && (-b) % s == 0) {
            const std::int64_t i = -b / s;
            lo = std::clamp<std::int64_t>(i, 0, n);
            hi = std::clamp<std::int64_t>(i + 1, 0, n);
        } else if (s == 0) {
            lo = 0;
            hi = b == 0 ? n : 0;
        } else {
            lo = hi = 0;
        }
        return true;
    case CmpKind::Ne:
        lo = 0;
        hi = n;
        if (s == 0 && b == 0)
            hi = 0;
        else if (s != 0 && (-b) % s == 0 && -b / s >= 0 && -b / s < n && n > 0)
            frac = double(n - 1) / double(n);
        return s == 0;
    case CmpKind::Lt:
        break;
    }
    if (s == 0) {
        lo = 0;
        hi = b < 0 ? n : 0;
    } else if (s > 0) {
        lo = 0;
        hi = std::clamp<std::int64_t>(ceilDiv(-b, s), 0, n);
    } else {
        lo = std::clamp<std::int64_t>(floorDiv(b, -s) + 1, 0, n);
        hi = n;
    }
    if (hi < lo)
        hi = lo;
    return true;
}

void Machine::compare(const Instr& ins)
{
    const AVal& x = get(ins.a);
    const AVal& y = get(ins.b);
    const auto op = CmpKind(ins.sub);
    AVal& r = S(ins.dest);
    cur->direct.scalarCycles += m.scalarCyclesPerOp;
    if (x.k != K::Tile && y.k != K::Tile) {
        if (x.k == K::None || y.k == K::None) {
            const bool eq = x.k == y.k;
            r = AVal::boolean(op == CmpKind::Ne ? !eq : eq);
            return;
        }
        if ((x.k == K::Str || y.k == K::Str) && (op == CmpKind::Eq || op == CmpKind::Ne)) {
            // Strings are interned per trace: the same text is the same number.
            const bool eq = x.k == y.k && x.i == y.i;
            r = AVal::boolean(op == CmpKind::Ne ? !eq : eq);
            return;
        }
        if (!x.isScalarNumber() || !y.isScalarNumber()) {
            r = AVal::unknown();
            r.dt = Dt::I1;
            return;
        }
        const double a = x.k == K::Float ? x.f : double(x.i), b = y.k == K::Float ? y.f : double(y.i);
        bool v = false;
        switch (op) {
        case CmpKind::Lt: v = a < b; break;
        case CmpKind::Le: v = a <= b; break;
        case CmpKind::Gt: v = a > b; break;
        case CmpKind::Ge: v = a >= b; break;
        case CmpKind::Eq: v = a == b; break;
        case CmpKind::Ne: v = a != b; break;
        }
        r = AVal::boolean(v);
        return;
    }
    int rank;
    std::int64_t shape[kMaxRank];
    if (!broadcastShape(x, y, rank, shape, ins.line))
        return;
    const bool xi = x.k == K::Int || (x.k == K::Tile && x.home == Home::Affine);
    const bool yi = y.k == K::Int || (y.k == K::Tile && y.home == Home::Affine);
    if (xi && yi) {
        // d = x - y compared with 0.
        std::int64_t base = x.i - y.i;
        std::int64_t stride[kMaxRank];
        int moving = 0, axis = -1;
        for (int d = 0; d < rank; ++d) {
            stride[d] = strideAt(x, rank, d) - strideAt(y, rank, d);
            if (stride[d] != 0 && shape[d] > 1) {
                ++moving;
                axis = d;
            }
        }
        AVal res = fullMask(rank, shape);
        if (edgeLog) {
            const int d = axis >= 0 ? axis : 0;
            edgeLog->push_back({&ins, base, axis >= 0 ? stride[d] : 0, rank > 0 ? shape[d] : 1, op, moving <= 1});
        }
        if (moving <= 1) {
            std::int64_t lo = 0, hi = 0;
            double frac = 1.0;
            const int d = axis >= 0 ? axis : 0;
            const std::int64_t n = rank > 0 ? shape[d] : 1;
            intervalFor(base, axis >= 0 ? stride[d] : 0, n, op, lo, hi, frac);
            if (axis >= 0) {
                res.lo[d] = lo;
                res.hi[d] = hi;
            } else if (hi <= lo) {
                for (int e = 0; e < rank; ++e)
                    res.hi[e] = 0;
            }
            if (frac < 1.0) {
                res.approxMask = true;
                res.f = frac;
            }
        } else {
            // Several axes move: the active part is not a box. Keep the fraction of the value
            // range that satisfies the comparison (uniform values assumed).
            double lo = double(base), hi = double(base);
            for (int d = 0; d < rank; ++d) {
                const double span = double(stride[d]) * double(shape[d] - 1);
                (span > 0 ? hi : lo) += span;
            }
            double frac = 1.0;
            const double range = hi - lo + 1.0;
            switch (op) {
            case CmpKind::Lt: frac = std::clamp((0.0 - lo) / range, 0.0, 1.0); break;
            case CmpKind::Le: frac = std::clamp((1.0 - lo) / range, 0.0, 1.0); break;
            case CmpKind::Gt: frac = std::clamp((hi - 0.0) / range, 0.0, 1.0); break;
            case CmpKind::Ge: frac = std::clamp((hi + 1.0) / range, 0.0, 1.0); break;
            case CmpKind::Eq: frac = 1.0 / range; break;
            case CmpKind::Ne: frac = 1.0 - 1.0 / range; break;
            }
            res.approxMask = frac < 1.0;
            res.f = frac;
        }
        r = res;
        return;
    }
    // Data comparison.
    Spare ta, tb;
    const AVal& a = inUB(x, ins, ta);
    const AVal& b = inUB(y, ins, tb);
    AVal res = newTile(Dt::I1, rank, shape, Home::UB);
    vec(res, VClass::Elementwise, 1.0, promote(a.dt, b.dt));
    r = res;
}

} // namespace ts::npu::compiler
