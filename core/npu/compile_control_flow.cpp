// The machine's execution: one instruction dispatched to its operation, blocks, branches, while
// loops, and for loops summarised from a few sampled iterations (see kernel_compiler.h).
#include "core/npu/compiler_machine.h"

namespace ts::npu::compiler {

void Machine::execInstr(const Instr& ins)
{
    if (track) {
        footprintBefore(ins);
        ++compiledOps;
    }
    AVal& r = S(ins.dest);
    switch (ins.op) {
    case Op::Copy: r = get(ins.a); break;
    case Op::ProgramId:
        r = AVal::integer(pid[std::size_t(ins.imm)]);
        r.gran = grid[std::size_t(ins.imm)] > 1 ? 1 : 0;
        cur->direct.scalarCycles += m.scalarCyclesPerOp;
        break;
    case Op::NumPrograms: r = AVal::integer(grid[std::size_t(ins.imm)]); cur->direct.scalarCycles += m.scalarCyclesPerOp; break;
    case Op::Arange: arange(ins); break;
    case Op::Full: full(ins); break;
    case Op::Binary: binary(ins); break;
    case Op::Unary: unary(ins); break;
    case Op::Compare: compare(ins); break;
    case Op::Math: math(ins); break;
    case Op::Where: where(ins); break;
    case Op::Cast: cast(ins); break;
    case Op::Subscript: subscript(ins); break;
    case Op::TupleGet: {
        const AVal& x = get(ins.a);
        r = (x.k == K::Tuple && ins.imm >= 0 && ins.imm < x.rank) ? AVal::integer(x.shape[ins.imm]) : AVal::unknown();
        break;
    }
    case Op::MakeTuple: makeTuple(ins); break;
    case Op::Reduce: reduce(ins); break;
    case Op::Scan: tileOnly(ins, &Machine::scan); break;
    case Op::Dot: dot(ins); break;
    case Op::Trans: tileOnly(ins, &Machine::trans); break;
    case Op::Reshape:
    case Op::BroadcastTo:
    case Op::ExpandDims: reshapeLike(ins); break;
    case Op::Load: load(ins); break;
    case Op::Store: store(ins, false); break;
    case Op::Atomic: store(ins, true); break;
    case Op::MakeBlockPtr: makeBlockPtr(ins); break;
    case Op::Advance: advance(ins); break;
    case Op::Cdiv: {
        const AVal& a = get(ins.a);
        const AVal& b = get(ins.b);
        r = (a.k == K::Int && b.k == K::Int && b.i != 0)
                ? AVal::integer(exact(pyCeilDiv(a.i, b.i), a.i, "cdiv", b.i, ins.line))
                : AVal::unknown();
        cur->direct.scalarCycles += m.scalarCyclesPerOp;
        break;
    }
    case Op::MinMax: minMax(ins); break;
    case Op::Swizzle2d: swizzle2d(ins); break;
    case Op::DtypeOf: {
        const AVal x = get(ins.a);
        r = (x.k == K::Dtype) ? x : AVal::dtype(x.dt);
        break;
    }
    case Op::ExtractSlice:
    case Op::InsertSlice: slice(ins); break;
    case Op::Flip: tileOnly(ins, &Machine::flip); break;
    case Op::GetElement: getElement(ins); break;
    case Op::Unknown: r = AVal::unknown(); break;
    }
    if (track && !failed)
        footprintAfter(ins);
}

// A transpose, a flip or a scan rearranges or accumulates a tile's elements: of anything else (a
// scalar, an unknown) it is that value.
void Machine::tileOnly(const Instr& ins, void (Machine::*op)(const Instr&))
{
    if (const AVal& x = get(ins.a); x.k != K::Tile)
        S(ins.dest) = x;
    else
        (this->*op)(ins);
}

// A tuple of integers (shapes, grids); unknown unless every element is known.
void Machine::makeTuple(const Instr& ins)
{
    AVal& r = S(ins.dest);
    AVal v;
    v.k = K::Tuple;
    const std::int32_t n = std::min<std::int32_t>(ins.listSize, kMaxRank);
    bool ints = true;
    for (std::int32_t i = 0; i < n; ++i) {
        const AVal& e = get(listAt(ins, i));
        ints = ints && e.k == K::Int;
        v.shape[i] = e.i;
    }
    v.rank = std::uint8_t(n);
    r = ints ? v : AVal::unknown();
}

// Python's min / max: folded on integers, an elementwise minimum / maximum of two tiles.
void Machine::minMax(const Instr& ins)
{
    AVal& r = S(ins.dest);
    bool allInt = ins.listSize > 0;
    std::int64_t best = 0;
    bool anyTile = false;
    for (std::int32_t i = 0; i < ins.listSize; ++i) {
        const AVal& e = get(listAt(ins, i));
        anyTile = anyTile || e.k == K::Tile;
        if (e.k != K::Int) {
            allInt = false;
            continue;
        }
        best = i == 0 ? e.i : (ins.sub == 0 ? std::min(best, e.i) : std::max(best, e.i));
    }
    if (allInt) {
        r = AVal::integer(best);
    } else if (anyTile && ins.listSize == 2) {
        Instr m2 = ins;
        m2.op = Op::Math;
        m2.sub = std::uint8_t(ins.sub == 0 ? MathFn::Minimum : MathFn::Maximum);
        m2.a = listAt(ins, 0);
        m2.b = listAt(ins, 1);
        math(m2);
    } else {
        r = AVal::unknown();
    }
    cur->direct.scalarCycles += m.scalarCyclesPerOp;
}

// tl.swizzle2d on known program indices.
void Machine::swizzle2d(const Instr& ins)
{
    AVal& r = S(ins.dest);
    std::int64_t v[5];
    bool ok = ins.listSize == 5;
    for (int i = 0; ok && i < 5; ++i) {
        const AVal& e = get(listAt(ins, i));
        ok = e.k == K::Int;
        v[i] = e.i;
    }
    if (!ok || v[3] <= 0 || v[4] <= 0) {
        r = AVal::unknown();
        return;
    }
    // Group `size_g` rows of blocks so that consecutive programs share column tiles.
    const std::int64_t ij = v[0] * v[3] + v[1];
    const std::int64_t groupSpan = v[4] * v[3];
    const std::int64_t group = ij / groupSpan;
    const std::int64_t firstRow = group * v[4];
    const std::int64_t rows = std::max<std::int64_t>(1, std::min(v[2] - firstRow, v[4]));
    const std::int64_t within = ij % groupSpan;
    AVal t;
    t.k = K::Tuple;
    t.rank = 2;
    t.shape[0] = firstRow + within % rows;
    t.shape[1] = within / rows;
    r = t;
    cur->direct.scalarCycles += 8 * m.scalarCyclesPerOp;
}

void Machine::execBlock(const Block& block)
{
    for (const Stmt& s : block.stmts) {
        if (failed || returned)
            return;
        switch (s.kind) {
        case Stmt::Kind::Instr: execInstr(ir.instrs[std::size_t(s.index)]); break;
        case Stmt::Kind::For: execFor(ir.loops[std::size_t(s.index)]); break;
        case Stmt::Kind::If: execIf(ir.ifs[std::size_t(s.index)]); break;
        case Stmt::Kind::While: execWhile(ir.whiles[std::size_t(s.index)]); break;
        case Stmt::Kind::Return: returned = true; return;
        default: break;
        }
    }
}

void Machine::execIf(const IfStmt& s)
{
    const AVal& c = get(s.cond);
    cur->direct.scalarCycles += m.scalarCyclesPerOp;
    if (c.k == K::Int || c.k == K::Bool) {
        execBlock(c.i ? s.then : s.orelse);
        return;
    }
    if (c.k == K::Float && !std::isnan(c.f)) {
        execBlock(c.f != 0 ? s.then : s.orelse);
        return;
    }
    if (c.k == K::None) {
        execBlock(s.orelse);
        return;
    }
    note("npu-unknown-condition", s.line,
         msg::Message(msg::Id::FidelityUnknownCondition));
    execBlock(s.then);
}

void Machine::execWhile(const WhileLoop& w)
{
    constexpr int kCap = 4096;
    for (int i = 0; i < kCap; ++i) {
        execBlock(w.condBlock);
        if (failed || returned)
            return;
        const AVal& c = get(w.cond);
        if ((c.k == K::Int || c.k == K::Bool) && c.i == 0)
            return;
        if (c.k != K::Int && c.k != K::Bool) {
            note("npu-unknown-condition", w.line,
                 msg::Message(msg::Id::FidelityUnknownWhile));
            ++loopDepth;
            execBlock(w.body);
            --loopDepth;
            return;
        }
        ++loopDepth;
        execBlock(w.body);
        --loopDepth;
        cur->direct.scalarCycles += m.loopIterationCycles;
    }
    note("npu-approximate-loop", w.line, msg::Message(msg::Id::FidelityLongWhile, {kCap}));
}

// The iterations where a loop's masks change, from the comparisons its first and its last
// iteration logged: e, the first iteration whose masks differ from the first iteration's, and f,
// the first whose masks all equal the last iteration's. Each comparison's base moves by a fixed
// step per iteration, so its interval is a monotone function of the iteration: a bisection over
// plain arithmetic finds where it moves, without evaluating any iteration. False when the logs
// do not allow it (they differ in shape, a base is not linear, or no mask changes).
bool Machine::predictEdges(const std::vector<MaskEdge>& first, const std::vector<MaskEdge>& last, std::int64_t lastIter,
                           std::int64_t& e, std::int64_t& f)
{
    if (first.size() != last.size() || lastIter < 2)
        return false;
    e = lastIter + 1;
    f = 0;
    bool moved = false;
    for (std::size_t i = 0; i < first.size(); ++i) {
        const MaskEdge& a = first[i];
        const MaskEdge& b = last[i];
        if (a.ins != b.ins || a.stride != b.stride || a.n != b.n || a.boxed != b.boxed)
            return false;
        if (a.base == b.base)
            continue;
        if (!a.boxed || a.op == CmpKind::Eq || a.op == CmpKind::Ne)
            return false;  // not monotone in the base
        const std::int64_t span = b.base - a.base;
        if (span % lastIter != 0)
            return false;
        const std::int64_t step = span / lastIter;
        struct Mask {
            std::int64_t lo, hi;
            double frac;
            bool operator==(const Mask&) const = default;
        };
        auto maskAt = [&](std::int64_t t) {
            Mask mk{0, 0, 1.0};
            intervalFor(a.base + t * step, a.stride, a.n, a.op, mk.lo, mk.hi, mk.frac);
            return mk;
        };
        const Mask atFirst = maskAt(0), atLast = maskAt(lastIter);
        if (atFirst == atLast)
            continue;
        std::int64_t lo = 1, hi = lastIter;
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (maskAt(mid) == atFirst)
                lo = mid + 1;
            else
                hi = mid;
        }
        e = std::min(e, lo);
        lo = 1;
        hi = lastIter;
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (maskAt(mid) == atLast)
                hi = mid;
            else
                lo = mid + 1;
        }
        f = std::max(f, lo);
        moved = true;
    }
    return moved;
}

namespace {

// Extrapolates a loop-carried value linearly: a0 before the loop, a1 after one iteration.
struct Carried {
    std::int32_t slot;
    AVal before;
    AVal after1;
    bool linear = false;
    std::int64_t delta = 0;
    std::int64_t dlo[kMaxRank] = {0, 0, 0, 0};

    AVal at(std::int64_t t) const
    {
        if (!linear)
            return after1;
        AVal v = after1;
        v.i = before.i + t * delta;
        if (before.k == AVal::K::BlockPtr)
            for (int d = 0; d < kMaxRank; ++d)
                v.lo[d] = before.lo[d] + t * dlo[d];
        return v;
    }

    // Takes the value after the first iteration and decides whether it moves linearly: an
    // integer, or a pointer / index whose shape and tensor stay the same.
    void fit(const AVal& afterFirst)
    {
        after1 = afterFirst;
        const AVal& a = before;
        const AVal& b = after1;
        if (a.k == K::Int && b.k == K::Int) {
            linear = true;
            delta = b.i - a.i;
        } else if (a.k == b.k && a.tensor == b.tensor && (a.k == K::Ptr || a.k == K::BlockPtr ||
                   (a.k == K::Tile && a.home == b.home && (a.home == Home::PtrTile || a.home == Home::Affine)))) {
            linear = true;
            delta = b.i - a.i;
            for (int d = 0; d < kMaxRank; ++d)
                dlo[d] = b.lo[d] - a.lo[d];
        }
        // The carried value now varies by its step from one iteration to the next.
        if (linear)
            after1.gran = std::gcd(std::gcd(a.gran, b.gran), std::llabs(delta));
    }
};

// The iterations where a loop's cost changes, found by evaluating iterations when the masks do
// not predict them: e, the first iteration that costs unlike the first, and f, the first that
// costs like the last. `costAt(t)` evaluates iteration t once; `failed` stops the search.
template <class CostAt>
void searchCostEdges(CostAt& costAt, const bool& failed, std::int64_t trips, const Work& firstTotal,
                     const Work& lastTotal, std::int64_t& e, std::int64_t& f)
{
    const std::int64_t lastIter = trips - 1;
    std::int64_t lo = 1, hi = lastIter;
    std::int64_t lastLike = lastIter;  // smallest iteration known to cost like the last
    // The common case: only the last iteration differs (a masked tail).
    if (trips > 2) {
        const Work before = costAt(trips - 2).total();
        if (before.sameAs(firstTotal)) {
            lo = trips - 1;
        } else if (before.sameAs(lastTotal)) {
            hi = lastLike = trips - 2;
        } else if (trips > 3) {
            // A partial iteration before an empty last one (the last program's rows
            // run out): usually the only one, right after the full ones.
            hi = trips - 2;
            const Work w = costAt(trips - 3).total();
            if (w.sameAs(firstTotal)) {
                lo = trips - 2;
            } else {
                hi = trips - 3;
                if (w.sameAs(lastTotal))
                    lastLike = trips - 3;
            }
        }
    }
    while (lo < hi && !failed) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        const Work w = costAt(mid).total();
        if (w.sameAs(firstTotal)) {
            lo = mid + 1;
        } else {
            hi = mid;
            if (w.sameAs(lastTotal))
                lastLike = std::min(lastLike, mid);
        }
    }
    e = lo;  // first iteration unlike the first
    lo = e;
    hi = lastLike;
    // Usually one partial iteration sits between the full ones and the empty ones.
    if (e + 1 < hi && costAt(e + 1).total().sameAs(lastTotal))
        hi = e + 1;
    while (lo < hi && !failed) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        if (costAt(mid).total().sameAs(lastTotal))
            hi = mid;
        else
            lo = mid + 1;
    }
    f = lo;  // first iteration like the last
}

} // namespace

void Machine::execFor(const ForLoop& loop)
{
    const AVal start = get(loop.start), stop = get(loop.stop);
    const AVal step = loop.step >= 0 ? get(loop.step) : AVal::integer(1);
    std::int64_t trips = 1;
    std::int64_t s0 = 0, st = 1;
    bool known = start.k == K::Int && stop.k == K::Int && step.k == K::Int && step.i != 0;
    if (known) {
        s0 = start.i;
        st = step.i;
        // range(start, stop, step) has len (stop - start) / step rounded up, counted in 128 bits:
        // the bounds may be any 64-bit values.
        __extension__ typedef __int128 Wide;
        const Wide span = Wide(stop.i) - start.i;
        const Wide n = st > 0 ? (span > 0 ? (span + st - 1) / st : 0) : (span < 0 ? (-span - st - 1) / -Wide(st) : 0);
        trips = n > INT64_MAX ? INT64_MAX : std::int64_t(n);
    } else {
        note("npu-unknown-trip-count", loop.line,
             msg::Message(msg::Id::FidelityUnknownTrips));
    }
    cur->direct.scalarCycles += 4 * m.scalarCyclesPerOp;
    if (trips <= 0)
        return;

    LoopCost lc;
    lc.line = loop.line;
    lc.trips = double(trips);
    lc.isStatic = loop.isStatic;

    std::vector<Carried> carried;
    carried.reserve(loop.carried.size());
    for (std::int32_t s : loop.carried)
        carried.push_back({s, env[std::size_t(s)], AVal::unknown()});

    IterCost* parent = cur;
    const bool parentTrack = track;
    const int opsBefore = compiledOps;
    // The comparisons of the first and the last iteration, to locate the edges between them.
    std::vector<MaskEdge> firstEdges, lastEdges;
    std::vector<MaskEdge>* const parentLog = edgeLog;
    auto runIter = [&](std::int64_t t, IterCost& ic, bool trackThis) {
        edgeLog = trips > 2 && t == 0 ? &firstEdges : trips > 2 && t == trips - 1 ? &lastEdges : nullptr;
        if (t > 0)
            for (const Carried& c : carried)
                env[std::size_t(c.slot)] = c.at(t);
        if (loop.var >= 0) {
            env[std::size_t(loop.var)] = known ? AVal::integer(s0 + t * st) : AVal::unknown();
            env[std::size_t(loop.var)].gran = trips > 1 ? std::llabs(st) : 0;
        }
        cur = &ic;
        track = trackThis;
        ++loopDepth;
        execBlock(loop.body);
        --loopDepth;
        if (!loop.isStatic)
            ic.direct.scalarCycles += m.loopIterationCycles;
        cur = parent;
        track = parentTrack;
        edgeLog = parentLog;
    };

    IterCost first;
    runIter(0, first, parentTrack);
    const int bodyOps = compiledOps - opsBefore;
    if (loop.isStatic && parentTrack)
        compiledOps = int(std::min<std::int64_t>(std::int64_t(compiledOps) + std::min<std::int64_t>(trips - 1, 100'000'000) * std::int64_t(bodyOps),
                                                 100'000'000));
    if (failed) {
        return;
    }
    for (Carried& c : carried)
        c.fit(env[std::size_t(c.slot)]);
    if (returned) {
        lc.groups.push_back({1.0, std::move(first)});
        parent->loops.push_back(std::move(lc));
        return;
    }
    if (trips == 1) {
        lc.groups.push_back({1.0, std::move(first)});
    } else {
        const Work firstTotal = first.total();
        IterCost last;
        runIter(trips - 1, last, false);
        const Work lastTotal = last.total();
        // Everything the body wrote, as the last iteration left it.
        std::vector<AVal> afterLast;
        afterLast.reserve(loop.written.size());
        for (std::int32_t s : loop.written)
            afterLast.push_back(env[std::size_t(s)]);
        if (firstTotal.sameAs(lastTotal)) {
            lc.groups.push_back({double(trips), std::move(first)});
        } else {
            // Iterations are assumed to change once or twice: [first...first, edge, last...last].
            // An iteration is evaluated once: the searches below and the groups share the result.
            std::vector<std::pair<std::int64_t, IterCost>> seen;
            auto costAt = [&](std::int64_t t) -> const IterCost& {
                for (const auto& [at, ic] : seen)
                    if (at == t)
                        return ic;
                IterCost ic;
                runIter(t, ic, false);
                seen.emplace_back(t, std::move(ic));
                return seen.back().second;
            };
            const std::int64_t lastIter = trips - 1;
            // The edges the masks predict, kept only if the evaluated iterations around them
            // confirm: the one before e costs like the first, e does not, f costs like the last,
            // the one before f does not.
            std::int64_t e = 0, f = 0;
            bool found = predictEdges(firstEdges, lastEdges, lastIter, e, f) && e <= lastIter;
            if (found) {
                auto totalAt = [&](std::int64_t t) { return t == lastIter ? lastTotal : costAt(t).total(); };
                found = (e == 1 || totalAt(e - 1).sameAs(firstTotal)) && !totalAt(e).sameAs(firstTotal) &&
                        totalAt(f).sameAs(lastTotal) && (f - 1 < e || !totalAt(f - 1).sameAs(lastTotal));
            }
            if (!found)
                searchCostEdges(costAt, failed, trips, firstTotal, lastTotal, e, f);
            lc.groups.push_back({double(e), std::move(first)});
            const std::int64_t middle = f - e;
            if (middle > 0 && middle <= 3) {
                for (std::int64_t t = e; t < f; ++t)
                    lc.groups.push_back({1.0, costAt(t)});
            } else if (middle > 3) {
                // A gradual change (e.g. a triangular inner loop): the two ends, half each.
                lc.groups.push_back({double(middle) / 2.0, costAt(e)});
                lc.groups.push_back({double(middle) / 2.0, costAt(f - 1)});
            }
            lc.groups.push_back({double(trips - f), std::move(last)});
        }
        for (std::size_t i = 0; i < loop.written.size(); ++i)
            env[std::size_t(loop.written[i])] = afterLast[i];
    }
    // After the loop: linear carried values continue to the end, the variable keeps its last value.
    for (const Carried& c : carried)
        if (c.linear)
            env[std::size_t(c.slot)] = c.at(trips);
    if (loop.var >= 0)
        env[std::size_t(loop.var)] = known ? AVal::integer(s0 + (trips - 1) * st) : AVal::unknown();
    parent->loops.push_back(std::move(lc));
}

} // namespace ts::npu::compiler
