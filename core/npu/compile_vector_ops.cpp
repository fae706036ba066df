// Vector operations on UB tiles: unary operators, math functions, where, casts, reductions and
// scans.
#include "core/npu/compiler_machine.h"

namespace ts::npu::compiler {

void Machine::unary(const Instr& ins)
{
    const AVal& x = get(ins.a);
    AVal& r = S(ins.dest);
    cur->direct.scalarCycles += m.scalarCyclesPerOp;
    if (ins.sub == 200) {  // triton.next_power_of_2
        if (x.k == K::Int && x.i > 0) {
            std::int64_t p = 1;
            while (p < x.i)
                p <<= 1;
            r = AVal::integer(p);
        } else {
            r = AVal::unknown();
        }
        return;
    }
    const auto k = UnKind(ins.sub);
    if (x.k != K::Tile) {
        if (x.k == K::Int) r = k == UnKind::Neg ? AVal::integer(-x.i) : k == UnKind::Invert ? AVal::integer(~x.i)
                                : k == UnKind::Not ? AVal::boolean(x.i == 0) : x;
        else if (x.k == K::Bool) r = k == UnKind::Not ? AVal::boolean(x.i == 0) : k == UnKind::Neg ? AVal::integer(-x.i) : x;
        else if (x.k == K::Float) r = k == UnKind::Neg ? AVal::real(-x.f) : k == UnKind::Not ? AVal::boolean(x.f == 0) : x;
        else r = x;
        return;
    }
    if (k == UnKind::Pos) {
        r = x;
        return;
    }
    if (x.home == Home::Affine && k == UnKind::Neg) {
        r = x;
        r.i = -x.i;
        for (int d = 0; d < x.rank; ++d)
            r.stride[d] = -x.stride[d];
        return;
    }
    if (x.home == Home::Mask && (k == UnKind::Not || k == UnKind::Invert)) {
        // The complement of an interval that touches one end is an interval; else approximate.
        AVal res = x;
        int restricted = 0, axis = -1;
        for (int d = 0; d < x.rank; ++d)
            if (x.lo[d] != 0 || x.hi[d] != x.shape[d]) {
                ++restricted;
                axis = d;
            }
        if (restricted == 0) {
            for (int d = 0; d < x.rank; ++d)
                res.hi[d] = 0;
        } else if (restricted == 1 && (x.lo[axis] == 0 || x.hi[axis] == x.shape[axis])) {
            if (x.lo[axis] == 0) {
                res.lo[axis] = x.hi[axis];
                res.hi[axis] = x.shape[axis];
            } else {
                res.lo[axis] = 0;
                res.hi[axis] = x.lo[axis];
            }
        } else {
            for (int d = 0; d < x.rank; ++d) {
                res.lo[d] = 0;
                res.hi[d] = x.shape[d];
            }
            res.approxMask = true;
            res.f = 0.5;
        }
        r = res;
        return;
    }
    Spare ta;
    const AVal& a = inUB(x, ins, ta);
    AVal res = newTile(k == UnKind::Not ? Dt::I1 : a.dt, a.rank, a.shape, Home::UB);
    res.fedByLoad = (ins.flags & kFlagFeedsStore) && loopDepth > 0;
    vec(res, VClass::Elementwise, 1.0, a.dt);
    r = res;
}

void Machine::math(const Instr& ins)
{
    const auto fn = MathFn(ins.sub);
    const AVal& x = get(ins.a);
    const AVal& y = get(ins.b);
    const AVal& z = get(ins.c);
    AVal& r = S(ins.dest);
    cur->direct.scalarCycles += m.scalarCyclesPerOp;
    const bool anyTile = x.k == K::Tile || y.k == K::Tile || z.k == K::Tile;
    if (!anyTile) {
        if (x.k == K::Int && (fn == MathFn::Maximum || fn == MathFn::Minimum) && y.k == K::Int) {
            r = AVal::integer(fn == MathFn::Maximum ? std::max(x.i, y.i) : std::min(x.i, y.i));
            return;
        }
        if (x.k == K::Int && fn == MathFn::Abs) {
            r = AVal::integer(std::llabs(x.i));
            return;
        }
        if (x.k == K::Int && fn == MathFn::Clamp && y.k == K::Int && z.k == K::Int) {
            r = AVal::integer(std::clamp(x.i, y.i, std::max(y.i, z.i)));
            return;
        }
        if (x.isScalarNumber()) {
            const double a = x.k == K::Float ? x.f : double(x.i);
            double v = std::numeric_limits<double>::quiet_NaN();
            switch (fn) {
            case MathFn::Exp: v = std::exp(a); break;
            case MathFn::Log: v = std::log(a); break;
            case MathFn::Sqrt: v = std::sqrt(a); break;
            case MathFn::Rsqrt: v = 1.0 / std::sqrt(a); break;
            case MathFn::Abs: v = std::fabs(a); break;
            default: break;
            }
            r = std::isnan(v) ? AVal::unknown() : AVal::real(v);
            if (std::isnan(v))
                r.dt = Dt::F32;
            return;
        }
        r = AVal::unknown();
        return;
    }
    int rank = 0;
    std::int64_t shape[kMaxRank] = {1, 1, 1, 1};
    AVal acc = x;
    for (const AVal* o : {&y, &z}) {
        if (o->k == K::None || o->k == K::Unknown)
            continue;
        if (!broadcastShape(acc, *o, rank, shape, ins.line))
            return;
        acc = expandTo(acc.k == K::Tile ? acc : *o, rank, shape);
    }
    if (acc.k != K::Tile)
        acc = x;
    Spare ta;
    const AVal& a = inUB(x, ins, ta);
    Dt dt = a.k == K::Tile ? a.dt : Dt::F32;
    if (y.k == K::Tile)
        dt = promote(dt, y.dt);
    if (!dtIsFloat(dt) && fn != MathFn::Abs && fn != MathFn::Maximum && fn != MathFn::Minimum &&
        fn != MathFn::Clamp && fn != MathFn::Umulhi)
        dt = Dt::F32;
    AVal res = newTile(dt, acc.rank, acc.shape, Home::UB);
    res.fedByLoad = (ins.flags & kFlagFeedsStore) && loopDepth > 0;
    for (const AVal* o : {&x, &y, &z})
        if (o->k == K::Tile && !scalarLike(*o) && o->numel() != res.numel()) {
            vec(res, VClass::Elementwise, 1.0, o->dt);
            tempBytes += double(tileBytes(res));
        }
    double tr = 0, el = 0;
    switch (fn) {
    case MathFn::Exp: case MathFn::Exp2: case MathFn::Log: case MathFn::Log2: case MathFn::Sqrt: case MathFn::Div:
        tr = 1; break;
    case MathFn::Rsqrt: case MathFn::Abs: case MathFn::Maximum: case MathFn::Minimum: case MathFn::Floor:
    case MathFn::Ceil: case MathFn::Relu:
        el = 1; break;
    case MathFn::Sigmoid: tr = 2; el = 1; break;  // exp, add, reciprocal
    case MathFn::Tanh: tr = 2; el = 2; break;
    case MathFn::Sin: case MathFn::Cos: tr = 2; el = 2; break;
    case MathFn::Tan: {
        // libdevice.tan (__hmf_tanf, not public): costed as a sine, a cosine and a division, with
        // the working set of Ascend C's Tan (asc-devkit tan_tiling_impl.cpp: up to 4 tiles of
        // temporaries for fp32, 10 for fp16); both estimates.
        tr = 5;
        el = 4;
        tempBytes += double((dtBytes(dt) >= 4 ? 4 : 10) * tileBytes(res));
        break;
    }
    case MathFn::Erf: tr = 3; el = 4; break;
    case MathFn::Fma: el = 2; break;
    case MathFn::Clamp: el = 2; break;
    case MathFn::Pow: tr = 2; el = 1; break;
    case MathFn::Umulhi: el = 2; break;
    case MathFn::Softmax: {
        // max, subtract, exp, sum, divide along the last axis
        tr = 2;
        el = 1;
        vec(res, VClass::Reduction, 2.0);
        break;
    }
    }
    vec(res, VClass::Transcendental, tr);
    vec(res, VClass::Elementwise, el);
    r = res;
}

void Machine::where(const Instr& ins)
{
    const AVal& c = get(ins.a);
    const AVal& x = get(ins.b);
    const AVal& y = get(ins.c);
    AVal& r = S(ins.dest);
    cur->direct.scalarCycles += m.scalarCyclesPerOp;
    if (c.k == K::Bool || c.k == K::Int) {
        r = c.i ? x : y;
        return;
    }
    if (c.k != K::Tile && x.k != K::Tile && y.k != K::Tile) {
        r = x.k == y.k ? x : AVal::unknown();
        if (r.k == K::Int && y.k == K::Int && x.i != y.i)
            r = AVal::unknown();
        return;
    }
    int rank = 0;
    std::int64_t shape[kMaxRank];
    AVal acc = c;
    if (!broadcastShape(acc, x, rank, shape, ins.line))
        return;
    acc = expandTo(c.k == K::Tile ? c : x, rank, shape);
    if (!broadcastShape(acc, y, rank, shape, ins.line))
        return;
    if (c.k == K::Tile && (c.home == Home::Mask || c.home == Home::Affine))
        materialize(c, ins);
    Spare ta, tb;
    const AVal& a = inUB(x, ins, ta);
    const AVal& b = inUB(y, ins, tb);
    Dt dt = promote(a.k == K::Tile ? a.dt : Dt::Unknown, b.k == K::Tile ? b.dt : Dt::Unknown);
    if (dt == Dt::Unknown)
        dt = Dt::F32;
    AVal res = newTile(dt, rank, shape, Home::UB);
    res.fedByLoad = (ins.flags & kFlagFeedsStore) && loopDepth > 0;
    for (const AVal* o : {&a, &b})
        if (o->k == K::Tile && !scalarLike(*o) && o->numel() != res.numel()) {
            vec(res, VClass::Elementwise, 1.0, o->dt);
            tempBytes += double(tileBytes(res));
        }
    vec(res, VClass::Elementwise, 1.0);
    r = res;
}

void Machine::cast(const Instr& ins)
{
    const AVal& x = get(ins.a);
    const AVal& d = get(ins.b);
    AVal& r = S(ins.dest);
    const Dt to = d.k == K::Dtype ? d.dt : Dt::Unknown;
    if (x.k != K::Tile) {
        r = x;
        if (to != Dt::Unknown && x.isScalarNumber()) {
            if (dtIsFloat(to) && x.k != K::Float)
                r = AVal::real(double(x.i));
            else if (!dtIsFloat(to) && x.k == K::Float)
                r = AVal::integer(std::int64_t(x.f));
            r.dt = to;
        }
        return;
    }
    if (to == Dt::Unknown || to == x.dt) {
        r = x;
        if (to == Dt::Unknown)
            note("npu-unknown-dtype", ins.line, msg::Message(msg::Id::FidelityUnknownCast));
        return;
    }
    if (x.home == Home::L0C) {
        // FixPipe converts on the way out of L0C.
        r = x;
        r.dt = to;
        return;
    }
    if (x.home == Home::L1) {
        r = x;
        r.dt = to;
        vec(r, VClass::Elementwise, 1.0, dtBytes(to) > dtBytes(x.dt) ? to : x.dt);
        return;
    }
    Spare ta;
    const AVal& a = inUB(x, ins, ta);
    AVal res = newTile(to, a.rank, a.shape, Home::UB);
    res.fedByLoad = (ins.flags & kFlagFeedsStore) && loopDepth > 0;
    vec(res, VClass::Elementwise, 1.0, dtBytes(to) > dtBytes(a.dt) ? to : a.dt);
    r = res;
}

void Machine::reduce(const Instr& ins)
{
    const AVal& x = get(ins.a);
    AVal& r = S(ins.dest);
    const auto kind = ReduceKind(ins.sub);
    if (x.k != K::Tile) {
        r = kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin ? AVal::integer(0) : x;
        return;
    }
    const AVal a = toUB(x, ins);
    int axis = ins.imm;
    if (axis != kAxisNone && axis < 0)
        axis += a.rank;
    if (axis != kAxisNone && (axis < 0 || axis >= a.rank)) {
        fail(CompileFailure::InvalidShape,
             msg::Message(msg::Id::CompileReductionAxis, {ins.imm, a.rank}),
             ins.line);
        return;
    }
    Dt dt = a.dt;
    if (kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin)
        dt = Dt::I32;
    else if (kind == ReduceKind::Sum && !dtIsFloat(a.dt) && dtBytes(a.dt) < 4)
        dt = Dt::I32;
    std::int64_t shape[kMaxRank];
    int rank = 0;
    if (axis == kAxisNone) {
        if (ins.flags & kFlagKeepDims) {
            rank = a.rank;
            for (int d = 0; d < rank; ++d)
                shape[d] = 1;
        }
    } else {
        for (int d = 0; d < a.rank; ++d) {
            if (d == axis) {
                if (ins.flags & kFlagKeepDims)
                    shape[rank++] = 1;
                continue;
            }
            shape[rank++] = a.shape[d];
        }
    }
    // Reducing an outer axis is elementwise work across rows, row by row. Reducing the innermost
    // axis uses the reduction instructions (a fraction of the elementwise rate, per repeat); the
    // compiler's reduce library first halves a row longer than two repeats with elementwise adds
    // into a temporary of half its size (AscendNPU-IR's reduce extra buffer), so only the last
    // repeat of each row is reduced at the slow rate.
    const bool inner = axis == kAxisNone || axis == a.rank - 1;
    double passes = (kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin) ? 2.0 : 1.0;
    if (kind == ReduceKind::Custom && get(ins.b).k == K::Int)
        passes = double(std::max<std::int64_t>(1, get(ins.b).i));
    const std::int64_t repeatElems = std::max<std::int64_t>(1, std::int64_t(m.vectorBytesPerCycle) / dtBytes(a.dt));
    const std::int64_t rowElems = axis == kAxisNone ? a.numel() : a.shape[a.rank - 1];
    if (!inner) {
        vec(a, VClass::Elementwise, passes, a.dt, true);
    } else if (rowElems > 2 * repeatElems) {
        vec(a, VClass::Elementwise, passes, a.dt, true);
        const std::int64_t rows = axis == kAxisNone ? 1 : outerRows(a);
        const std::int64_t lastRepeat[2] = {rows, repeatElems};
        vec(newTile(a.dt, 2, lastRepeat, Home::Affine), VClass::Reduction, passes, a.dt, true);
    } else {
        vec(a, VClass::Reduction, passes, a.dt, true);
    }
    tempBytes += double(reduceTempBytes(a, axis == kAxisNone ? a.numel() : a.shape[axis], kind));
    AVal res = newTile(dt, rank, shape, Home::UB);
    res.fedByLoad = (ins.flags & kFlagFeedsStore) && loopDepth > 0;
    r = res;
}

// The temporary the compiler's reduce library takes beside a reduction of `reduced` elements
// per row of tile `a` (AscendNPU-IR, the reduce op's extra buffer): for floats, half the source
// when the row is longer than two repeats (it is halved with elementwise adds) or shorter than a
// block, a repeat per row between one and two repeats, none within a repeat; integers take
// twice the source; an argmax / argmin one block.
std::int64_t Machine::reduceTempBytes(const AVal& a, std::int64_t reduced, ReduceKind kind) const
{
    const std::int64_t b = dtBytes(a.dt);
    const std::int64_t block = std::max<std::int64_t>(1, ubAlign / b);
    const std::int64_t repeat = std::max<std::int64_t>(1, std::int64_t(m.vectorBytesPerCycle) / b);
    const std::int64_t source = tileBytes(a);
    if (kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin)
        return ubAlign;
    if (!dtIsFloat(a.dt))
        return 2 * source;
    if (reduced > 2 * repeat)
        return roundUpUb(source / 2);
    if (reduced > repeat)
        return roundUpUb((source / std::max<std::int64_t>(1, reduced * b)) * repeat * b);
    if (reduced < block && reduced % 2 == 0)
        return roundUpUb(source / 2);
    return 0;
}

// tl.cumsum / tl.cumprod / tl.associative_scan.
void Machine::scan(const Instr& ins)
{
    AVal& r = S(ins.dest);
    const AVal x = get(ins.a);
    AVal a = toUB(x, ins);
    AVal res = newTile(a.dt, a.rank, a.shape, Home::UB);
    vec(res, VClass::Reduction, 2.0);  // estimate: a scan costs two reductions
    r = res;
}

} // namespace ts::npu::compiler
