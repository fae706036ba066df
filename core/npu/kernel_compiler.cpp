#include "core/npu/kernel_compiler.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <new>
#include <optional>
#include <numeric>

namespace ts::npu {
namespace {

using K = AVal::K;
using Home = AVal::Home;

// Triton's limit on the elements of one tile (TRITON_MAX_TENSOR_NUMEL); Triton-Ascend drops
// the power-of-two rule of upstream Triton for SIMD kernels but keeps this one.
constexpr std::int64_t kMaxTensorNumel = 1048576;

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}
std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); }
std::int64_t pyMod(std::int64_t a, std::int64_t b) { return a - floorDiv(a, b) * b; }
std::int64_t roundUp(std::int64_t a, std::int64_t b) { return b > 0 ? ceilDiv(a, b) * b : a; }

Dt promote(Dt a, Dt b)
{
    if (a == Dt::Unknown)
        return b;
    if (b == Dt::Unknown || a == b)
        return a;
    const bool fa = dtIsFloat(a), fb = dtIsFloat(b);
    if (fa && !fb)
        return a;
    if (fb && !fa)
        return b;
    if (fa && fb) {
        if ((a == Dt::F16 && b == Dt::BF16) || (a == Dt::BF16 && b == Dt::F16))
            return Dt::F32;
        return dtBytes(a) >= dtBytes(b) ? a : b;
    }
    return dtBytes(a) >= dtBytes(b) ? a : b;
}

enum class VClass { Elementwise, Transcendental, Reduction };

struct Box {
    std::int64_t lo[kMaxRank] = {0, 0, 0, 0};
    std::int64_t hi[kMaxRank] = {1, 1, 1, 1};
    double frac = 1.0;
    bool dataMask = false;  // a mask computed from data: the DMA moves the whole tile
};

// The granularity of the result of an integer operation (see AVal::gran).
std::int64_t combineGran(BinKind k, std::int64_t a, std::int64_t ga, std::int64_t b, std::int64_t gb)
{
    if (ga == 0 && gb == 0)
        return 0;
    switch (k) {
    case BinKind::Add:
    case BinKind::Sub: return std::gcd(ga, gb);
    case BinKind::Mul: return std::gcd(ga * std::llabs(b), gb * std::llabs(a));
    case BinKind::Shl: return gb == 0 && b >= 0 && b < 62 ? ga << b : 1;
    default: return 1;
    }
}

// Broadcast views of a value on a result of `rank` axes (numpy rules, right-aligned), without
// building the broadcast value: a scalar has stride 0 and an unbounded box.
inline std::int64_t strideAt(const AVal& v, int rank, int j)
{
    if (v.k != AVal::K::Tile)
        return 0;
    const int i = j - (rank - v.rank);
    return (i >= 0 && v.shape[i] != 1) ? v.stride[i] : 0;
}
inline void boxAt(const AVal& v, int rank, int j, std::int64_t n, std::int64_t& lo, std::int64_t& hi)
{
    const int i = j - (rank - v.rank);
    if (v.k != AVal::K::Tile || i < 0) {
        lo = 0;
        hi = (v.k == AVal::K::Bool && v.i == 0) ? 0 : n;
        return;
    }
    if (v.shape[i] == 1 && n != 1) {
        lo = 0;
        hi = v.lo[i] < v.hi[i] ? n : 0;
        return;
    }
    lo = v.lo[i];
    hi = v.hi[i];
}

// Room for one value, left uninitialised until it is used: a std::optional<AVal> clears all its
// bytes on construction, on every operation.
class Spare {
public:
    AVal& hold(const AVal& v) { return *::new (static_cast<void*>(bytes_)) AVal(v); }

private:
    alignas(AVal) unsigned char bytes_[sizeof(AVal)];
};

// A tile live at the UB peak, before names are attached.
struct PeakTile {
    std::int32_t slot; // -1: the instruction's temporaries
    std::int32_t line;
    std::uint8_t rank;
    Dt dtype;
    bool doubled;
    std::int64_t bytes;
    std::int64_t shape[kMaxRank];
};

// The containers of a compile, kept per thread from one compile to the next: a tuning session
// compiles up to a million candidates, and allocating them afresh each time is a measurable part
// of a small kernel's compile.
struct MachineScratch {
    std::vector<AVal> env;
    std::vector<std::uint32_t> bufStamp, slotStamp;
    std::vector<PeakTile> peak[2];
};

MachineScratch& machineScratch()
{
    thread_local MachineScratch scratch;
    return scratch;
}

class Machine {
public:
    // With `sibling`, the candidate with multibuffer flipped is compiled in the same pass: the
    // trace does not depend on multibuffer, only the UB and L1 footprints do (transfer buffers
    // doubled), so they are tracked for both settings.
    Machine(const KernelTrace& trace, const DeviceModel& dev, const CandidateValues& cand, CompiledKernel& out,
            bool sibling)
        : t(trace), ir(trace.ir()), m(dev), out(out), trackCount(sibling ? 2 : 1)
    {
        tracks[0].mb = cand.multibuffer;
        tracks[1].mb = !cand.multibuffer;
        MachineScratch& scratch = machineScratch();
        env.swap(scratch.env);
        bufStamp.swap(scratch.bufStamp);
        slotStamp.swap(scratch.slotStamp);
        bufStamp.clear();
        slotStamp.clear();
        for (int k = 0; k < 2; ++k) {
            tracks[k].peak.swap(scratch.peak[k]);
            tracks[k].peak.clear();
        }
    }
    ~Machine()
    {
        MachineScratch& scratch = machineScratch();
        env.swap(scratch.env);
        bufStamp.swap(scratch.bufStamp);
        slotStamp.swap(scratch.slotStamp);
        for (int k = 0; k < 2; ++k)
            tracks[k].peak.swap(scratch.peak[k]);
    }
    Machine(const Machine&) = delete;
    Machine& operator=(const Machine&) = delete;

    bool setup(const CandidateValues& cand);
    void runVariants();
    // Traffic per tensor from the program variants.
    void finish(CompiledKernel& kernel) const;
    // The UB and L1 peaks of footprint track `k` (0: the candidate, 1: its sibling), with the
    // tiles live at the UB peak.
    void writeFootprint(int k, Footprint& fp) const;

    // A track whose candidate overflows after the first program variant stops there, as its own
    // compile would: what it had at that point.
    struct Stopped {
        CompiledKernel kernel;
        std::int64_t largestTile = 0;
    };
    std::optional<Stopped> stopped[2];

private:
    // --- execution
    void execBlock(const Block& block);
    void execInstr(const Instr& ins);
    void execFor(const ForLoop& loop);
    void execIf(const IfStmt& s);
    void execWhile(const WhileLoop& w);

    AVal& S(std::int32_t s) { return env[std::size_t(s)]; }
    const AVal& get(std::int32_t s) const { return s >= 0 ? env[std::size_t(s)] : kNone; }
    static inline const AVal kNone = AVal::none();
    std::int32_t listAt(const Instr& ins, std::int32_t i) const { return ir.lists[std::size_t(ins.listBegin + i)]; }

    // --- helpers
    void fail(CompileFailure kind, const std::string& message, int line)
    {
        if (failed)
            return;
        failed = true;
        out.failure = kind;
        out.message = message;
        out.failureLine = line;
    }
    void note(const std::string& code, int line, const std::string& message)
    {
        for (const Diagnostic& d : out.diagnostics)
            if (d.line == line && d.code == code)
                return;
        Diagnostic d;
        d.code = code;
        d.severity = Severity::Warning;
        d.file = t.fileName();
        d.line = line;
        d.message = message;
        out.diagnostics.push_back(std::move(d));
    }
    bool checkNumel(std::int64_t numel, int line, const char* what)
    {
        if (numel > kMaxTensorNumel) {
            failNumel(numel, line, what);
            return false;
        }
        return true;
    }
    [[gnu::noinline, gnu::cold]] void failNumel(std::int64_t numel, int line, const char* what)
    {
        fail(CompileFailure::InvalidShape,
             std::string(what) + ": numel (" + std::to_string(numel) + ") exceeds triton maximum tensor numel (1048576)",
             line);
    }
    AVal newTile(Dt dt, int rank, const std::int64_t* shape, Home home)
    {
        AVal v;
        setTile(v, dt, rank, shape, home);
        return v;
    }
    // v = AVal(), stored field by field: no zero-filled temporary copied over `v`.
    static void reset(AVal& v)
    {
        v.k = K::Unknown;
        v.dt = Dt::Unknown;
        v.home = Home::UB;
        v.rank = 0;
        v.approxMask = false;
        v.fedByLoad = false;
        v.tensor = -1;
        v.buf = -1;
        v.i = 0;
        v.gran = 0;
        v.f = 1.0;
        for (int d = 0; d < kMaxRank; ++d) {
            v.shape[d] = 1;
            v.stride[d] = 0;
            v.lo[d] = 0;
            v.hi[d] = 0;
        }
    }
    // newTile written in place: `v` must not be an operand that is still to be read.
    void setTile(AVal& v, Dt dt, int rank, const std::int64_t* shape, Home home)
    {
        reset(v);
        v.k = K::Tile;
        v.dt = dt;
        v.rank = std::uint8_t(rank);
        v.home = home;
        for (int d = 0; d < rank; ++d)
            v.shape[d] = shape[d];
        if (home == Home::UB || home == Home::L1 || home == Home::L0C)
            v.buf = nextBuf++;
    }
    static int rankOf(const AVal& v) { return v.k == K::Tile ? v.rank : 0; }
    bool broadcastShape(const AVal& a, const AVal& b, int& rank, std::int64_t* shape, int line);
    // Out of line: the message's strings would otherwise weigh on every broadcastShape call.
    [[gnu::noinline, gnu::cold]] void failBroadcast(int j, std::int64_t da, std::int64_t db, int line)
    {
        fail(CompileFailure::InvalidShape,
             "incompatible shapes for broadcasting: dimension " + std::to_string(j) + " is " + std::to_string(da) +
                 " vs " + std::to_string(db),
             line);
    }
    AVal expandTo(const AVal& v, int rank, const std::int64_t* shape) const;
    bool scalarLike(const AVal& v) const { return v.k != K::Tile || v.numel() == 1; }

    // x rounded up to the UB alignment (x >= 0): a mask when the alignment is a power of two.
    std::int64_t roundUpUb(std::int64_t x) const
    {
        return ubAlignPow2 && x >= 0 ? (x + ubAlign - 1) & ~(ubAlign - 1) : roundUp(x, ubAlign);
    }
    // Elements of a tile divided by its innermost extent: the rows of its UB layout.
    static std::int64_t outerRows(const AVal& v)
    {
        if (v.shape[v.rank - 1] <= 0)
            return v.numel();
        std::int64_t rows = 1;
        for (int d = 0; d + 1 < v.rank; ++d)
            rows *= v.shape[d];
        return rows;
    }
    std::int64_t tileBytes(const AVal& v) const
    {
        if (v.k != K::Tile)
            return 0;
        const std::int64_t b = dtBytes(v.dt);
        if (v.rank == 0)
            return ubAlign;
        return outerRows(v) * roundUpUb(v.shape[v.rank - 1] * b);
    }
    // Bytes of `v` in the UB (or L1) under multibuffer setting `mb`: transfer buffers doubled.
    std::int64_t ubBytes(const AVal& v, bool mb) const
    {
        if (v.k != K::Tile || v.home != Home::UB)
            return 0;
        return tileBytes(v) * (mb && v.fedByLoad ? 2 : 1);
    }
    std::int64_t l1Bytes(const AVal& v, bool mb) const
    {
        if (v.k != K::Tile || v.home != Home::L1)
            return 0;
        return tileBytes(v) * (mb && v.fedByLoad ? 2 : 1);
    }

    // Vector work of `passes` primitive operations over tile `v`.
    void vec(const AVal& v, VClass cls, double passes, Dt dt = Dt::Unknown)
    {
        if (passes <= 0)
            return;
        if (dt == Dt::Unknown)
            dt = v.dt;
        const double b = std::max(1, dtBytes(dt));
        // Elements as laid out (innermost axis padded to the UB alignment) and as counted.
        double padded = 1, ideal = 1;
        if (v.k == K::Tile) {
            const std::int64_t n = v.numel();
            ideal = double(n);
            if (v.rank > 0) {
                const std::int64_t inner = v.shape[v.rank - 1];
                const std::int64_t vb = dtBytes(v.dt);
                // vb is a power of two that divides the alignment: a shift divides exactly.
                const std::int64_t innerPadded = roundUpUb(inner * vb) >> std::countr_zero(std::uint64_t(vb));
                padded = double(outerRows(v)) * double(innerPadded);
            }
        }
        double rate = 0;
        const bool isInt = !dtIsFloat(dt) && dt != Dt::Unknown;
        switch (cls) {
        case VClass::Elementwise:
            rate = isInt && b >= 4 ? m.int32PerCycle * 4.0 / b : m.vectorBytesPerCycle / b;
            break;
        case VClass::Transcendental: rate = m.transcendentalPerCycle; break;
        case VClass::Reduction: rate = m.vectorBytesPerCycle / b * m.reductionFraction; break;
        }
        const double instructions = std::max(1.0, std::ceil(padded * b / m.vectorRepeatBytes));
        cur->direct.vectorCycles += passes * (padded / rate + instructions * m.vectorIssueCycles);
        cur->direct.vectorIdealCycles += passes * ideal / rate;
        cur->direct.scalarCycles += passes * instructions * m.scalarCyclesPerOp;
    }

    AVal materialize(const AVal& v, const Instr& ins);
    AVal toUB(const AVal& v, const Instr& ins);
    // toUB without a copy when `v` is already in the UB (or not a tile); else the copy in `tmp`.
    const AVal& inUB(const AVal& v, const Instr& ins, Spare& tmp)
    {
        if (v.k != K::Tile || v.home == Home::UB)
            return v;
        return tmp.hold(toUB(v, ins));
    }
    void moveL0CtoUB(const AVal& v);

    void transfer(bool in, const AVal& ptr, const Box& box, double bytesFactor = 1.0);
    Box boxFor(const AVal& mask, const AVal& ptr, int line);
    static bool intervalFor(std::int64_t b, std::int64_t s, std::int64_t n, CmpKind op, std::int64_t& lo, std::int64_t& hi,
                            double& frac);

    void binary(const Instr& ins);
    void binaryOf(const Instr& ins, const AVal& x, const AVal& y);
    void compare(const Instr& ins);
    void unary(const Instr& ins);
    void math(const Instr& ins);
    void where(const Instr& ins);
    void cast(const Instr& ins);
    void subscript(const Instr& ins);
    void reduce(const Instr& ins);
    void dot(const Instr& ins);
    void load(const Instr& ins);
    void store(const Instr& ins, bool atomic);
    void full(const Instr& ins);
    void reshapeLike(const Instr& ins);
    void trans(const Instr& ins);

    void footprintBefore(const Instr& ins);
    void footprintAfter(const Instr& ins);

    const KernelTrace& t;
    const KernelIr& ir;
    const DeviceModel& m;
    CompiledKernel& out;
    const std::int64_t ubAlign = std::int64_t(m.ubAlign);
    const bool ubAlignPow2 = ubAlign > 0 && (ubAlign & (ubAlign - 1)) == 0;

public:
    std::vector<AVal> env;
    std::array<std::int64_t, 3> pid{0, 0, 0};
    std::array<std::int64_t, 3> grid{1, 1, 1};
    IterCost* cur = nullptr;
    bool track = false;
    bool failed = false;
    bool returned = false;
    int loopDepth = 0;
    // A comparison of an index with a bound, as one loop iteration evaluated it. Its mask
    // depends only on `base`, which moves linearly from one iteration to the next: execFor
    // locates the iterations where masks change from the first and the last iteration's logs.
    struct MaskEdge {
        const Instr* ins;
        std::int64_t base;
        std::int64_t stride;  // along the one axis that moves (0: a scalar condition)
        std::int64_t n;       // extent of that axis
        CmpKind op;
        bool boxed;           // at most one axis moves: the mask is an interval of it
    };
    std::vector<MaskEdge>* edgeLog = nullptr;  // the current loop body's comparisons, when logged
    static bool predictEdges(const std::vector<MaskEdge>& first, const std::vector<MaskEdge>& last, std::int64_t lastIter,
                             std::int64_t& e, std::int64_t& f);
    std::int32_t nextBuf = 0;
    double tempBytes = 0;  // UB temporaries of the current instruction (broadcasts, materialised masks)
    int compiledOps = 0;
    std::int64_t largestTile = 0;

private:
    // footprint scratch
    std::int32_t opSlots[12];
    int opCount = 0;
    std::int64_t opUB[2][12];  // per track
    std::int64_t opL1[2][12];
    std::int32_t opBuf[12];
    // What the peak listing needs of an operand (not the whole value: this runs per operation).
    struct OpTile {
        std::uint8_t rank;
        Dt dt;
        bool fedByLoad;
        std::int64_t shape[kMaxRank];
    };
    OpTile opVal[12];
    AVal destBefore;  // the destination's value before the instruction, when it is also an operand
    bool destOperandBefore = false;
    std::vector<std::uint32_t> bufStamp, slotStamp;
    std::uint32_t stamp = 0;
    // The footprint under one multibuffer setting.
    struct Track {
        bool mb = true;
        std::int64_t ubPeakBytes = 0;
        int ubPeakLine = 0;
        std::int64_t l1PeakBytes = 0;
        std::vector<PeakTile> peak;
    };
    Track tracks[2];
    const int trackCount;
};

// ---- shapes ------------------------------------------------------------------------------

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

// ---- materialisation -----------------------------------------------------------------------

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

void Machine::moveL0CtoUB(const AVal& v)
{
    // On A2/A3 the cube and vector cores exchange data through GM: FixPipe out, MTE2 back in.
    const double bytes = double(v.numel()) * dtBytes(v.dt);
    cur->direct.outBytes += bytes;
    cur->direct.outEffBytes += bytes + m.dmaOverheadBytes;
    cur->direct.outTransfers += 1;
    cur->direct.inBytes += bytes;
    cur->direct.inEffBytes += bytes + m.dmaOverheadBytes;
    cur->direct.inTransfers += 1;
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

// ---- DMA -----------------------------------------------------------------------------------

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

void Machine::transfer(bool in, const AVal& p, const Box& box, double bytesFactor)
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
        const double eff = unique * std::max(32.0, b) / m.unalignedFraction + unique * m.runOverheadBytes;
        (in ? w.inBytes : w.outBytes) += useful * bytesFactor;
        (in ? w.inEffBytes : w.outEffBytes) += (eff + m.dmaOverheadBytes) * bytesFactor;
        (in ? w.inTransfers : w.outTransfers) += 1;
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
    // need one instruction per outer index.
    double instructions = 1;
    for (int i = merged + 1; i < n; ++i)
        instructions *= double(active[axes[i]]);
    double eff = moved / alignFactor + instructions * m.dmaOverheadBytes;
    if (runs > 1)
        eff += runs * box.frac * m.runOverheadBytes;
    const double useful = unique * b * box.frac;
    (in ? w.inBytes : w.outBytes) += useful * bytesFactor;
    (in ? w.inEffBytes : w.outEffBytes) += eff * bytesFactor;
    (in ? w.inTransfers : w.outTransfers) += instructions;
    w.scalarCycles += (instructions - 1) * m.scalarDmaSetupCycles;
    if (p.tensor >= 0 && p.tensor < kTrackedTensors)
        (in ? w.tensorIn : w.tensorOut)[std::size_t(p.tensor)] += useful * bytesFactor;
}

// ---- operations ----------------------------------------------------------------------------

void Machine::binary(const Instr& ins)
{
    // Operands by reference unless the result overwrites one of them.
    if (ins.dest == ins.a || ins.dest == ins.b) {
        const AVal x = get(ins.a), y = get(ins.b);
        binaryOf(ins, x, y);
    } else {
        binaryOf(ins, get(ins.a), get(ins.b));
    }
}

void Machine::binaryOf(const Instr& ins, const AVal& x, const AVal& y)
{
    const auto k = BinKind(ins.sub);
    AVal& r = S(ins.dest);
    cur->direct.scalarCycles += m.scalarCyclesPerOp;

    auto isPtrLike = [](const AVal& v) {
        return v.k == K::Ptr || (v.k == K::Tile && (v.home == Home::PtrTile || v.home == Home::Gather));
    };
    auto isIndex = [](const AVal& v) { return v.k == K::Int || (v.k == K::Tile && v.home == Home::Affine); };
    auto isMaskLike = [](const AVal& v) { return v.k == K::Bool || (v.k == K::Tile && v.home == Home::Mask); };

    // Scalars.
    if (x.k != K::Tile && y.k != K::Tile && !isPtrLike(x) && !isPtrLike(y)) {
        if (x.k == K::Unknown || y.k == K::Unknown || !x.isScalarNumber() || !y.isScalarNumber()) {
            r = AVal::unknown();
            r.dt = promote(x.dt, y.dt);
            return;
        }
        const bool ints = x.isInt() && y.isInt();
        if (ints && k != BinKind::TrueDiv && k != BinKind::Pow) {
            const std::int64_t a = x.i, b = y.i;
            std::int64_t v = 0;
            switch (k) {
            case BinKind::Add: v = a + b; break;
            case BinKind::Sub: v = a - b; break;
            case BinKind::Mul: v = a * b; break;
            case BinKind::FloorDiv: v = b ? floorDiv(a, b) : 0; break;
            case BinKind::Mod: v = b ? pyMod(a, b) : 0; break;
            case BinKind::And: v = a & b; break;
            case BinKind::Or: v = a | b; break;
            case BinKind::Xor: v = a ^ b; break;
            case BinKind::Shl: v = b >= 0 && b < 63 ? a << b : 0; break;
            case BinKind::Shr: v = b >= 0 && b < 63 ? a >> b : 0; break;
            default: break;
            }
            if ((k == BinKind::FloorDiv || k == BinKind::Mod) && b == 0) {
                r = AVal::unknown();
                return;
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
        if (k == BinKind::Pow && ints && b >= 0)
            r = AVal::integer(std::int64_t(v));
        else
            r = AVal::real(v);
        return;
    }

    // Pointer arithmetic: pointer + offsets.
    if ((isPtrLike(x) || isPtrLike(y)) && (k == BinKind::Add || k == BinKind::Sub)) {
        const AVal& p = isPtrLike(x) ? x : y;
        const AVal& o = isPtrLike(x) ? y : x;
        const std::int64_t sign = (k == BinKind::Sub && isPtrLike(x)) ? -1 : 1;
        if (o.k == K::Int || o.k == K::Bool) {
            const std::int64_t g = std::gcd(p.gran, o.gran);
            r = p;
            r.i += sign * o.i;
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
            for (int d = 0; d < rank; ++d)
                stride[d] = strideAt(p, rank, d) + sign * strideAt(o, rank, d);
            const std::int64_t base = p.i + sign * o.i;
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
                     "pointer offsets computed from data: modelled as a discrete access per element");
            }
            return;
        }
        r = AVal::unknown();
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
    if (isIndex(x) && isIndex(y)) {
        int rank;
        std::int64_t shape[kMaxRank];
        if (!broadcastShape(x, y, rank, shape, ins.line))
            return;
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
            base = ai + bi;
            for (int d = 0; d < rank; ++d)
                st[d] = sa[d] + sb[d];
            break;
        case BinKind::Sub:
            base = ai - bi;
            for (int d = 0; d < rank; ++d)
                st[d] = sa[d] - sb[d];
            break;
        case BinKind::Mul:
            if (bConst || aConst) {
                base = ai * bi;
                for (int d = 0; d < rank; ++d)
                    st[d] = bConst ? sa[d] * bi : sb[d] * ai;
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
                base = floorDiv(ai, c);
                for (int d = 0; d < rank; ++d)
                    st[d] = sa[d] % c == 0 ? sa[d] / c : 0;
            }
            break;
        }
        case BinKind::Shl:
            if (bConst && bi >= 0 && bi < 62) {
                base = ai << bi;
                for (int d = 0; d < rank; ++d)
                    st[d] = sa[d] << bi;
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
            return;
        }
        // Falls through to data arithmetic with the operands materialised.
    }

    // Mask logic stays a box.
    if (isMaskLike(x) && isMaskLike(y) && (k == BinKind::And || k == BinKind::Or || k == BinKind::Xor) &&
        k != BinKind::Xor) {
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
        AVal res;
        res.k = K::Tile;
        res.home = Home::Mask;
        res.dt = Dt::I1;
        res.rank = std::uint8_t(rank);
        for (int d = 0; d < rank; ++d) {
            res.shape[d] = shape[d];
            res.lo[d] = lo[d];
            res.hi[d] = hi[d];
        }
        res.approxMask = approx;
        res.f = k == BinKind::And ? fa * fb : std::max(fa, fb);
        r = res;
        return;
    }

    // Data arithmetic on the vector unit.
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
        AVal res;
        res.k = K::Tile;
        res.home = Home::Mask;
        res.dt = Dt::I1;
        res.rank = std::uint8_t(rank);
        for (int d = 0; d < rank; ++d) {
            res.shape[d] = shape[d];
            res.lo[d] = 0;
            res.hi[d] = shape[d];
        }
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
            note("npu-unknown-dtype", ins.line, "cast to an unknown dtype; approximation: no conversion");
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
        fail(CompileFailure::InvalidShape, "tiles of more than 4 dimensions are not modelled", ins.line);
        return;
    }
    res.rank = std::uint8_t(dst);
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
             "reduction axis " + std::to_string(ins.imm) + " is out of range for a " + std::to_string(a.rank) +
                 "-D tile",
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
    // Reducing the innermost axis needs the (slow) reduction instructions; reducing an outer
    // axis is elementwise work across rows.
    const bool inner = axis == kAxisNone || axis == a.rank - 1;
    const double passes = (kind == ReduceKind::ArgMax || kind == ReduceKind::ArgMin) ? 2.0 : 1.0;
    vec(a, inner ? VClass::Reduction : VClass::Elementwise, passes, a.dt);
    AVal res = newTile(dt, rank, shape, Home::UB);
    res.fedByLoad = (ins.flags & kFlagFeedsStore) && loopDepth > 0;
    r = res;
}

void Machine::dot(const Instr& ins)
{
    const AVal& a = get(ins.a);
    const AVal& b = get(ins.b);
    const AVal& acc = get(ins.c);
    const AVal& outDt = get(ins.d);
    AVal& r = S(ins.dest);
    if (a.k != K::Tile || b.k != K::Tile) {
        note("npu-approximate-call", ins.line, "tl.dot of operands with unknown shapes; approximation: no cost");
        r = AVal::unknown();
        return;
    }
    if (a.rank != b.rank || (a.rank != 2 && a.rank != 3)) {
        fail(CompileFailure::InvalidShape, "tl.dot: both inputs must be either 2D or 3D", ins.line);
        return;
    }
    const int rk = a.rank;
    const std::int64_t M = a.shape[rk - 2], Kd = a.shape[rk - 1], K2 = b.shape[rk - 2], N = b.shape[rk - 1];
    const std::int64_t batch = rk == 3 ? a.shape[0] : 1;
    if (Kd != K2) {
        fail(CompileFailure::InvalidShape,
             "tl.dot: first input shape (" + std::to_string(M) + ", " + std::to_string(Kd) +
                 ") and second input shape (" + std::to_string(K2) + ", " + std::to_string(N) + ") are not compatible",
             ins.line);
        return;
    }
    if (a.dt != Dt::Unknown && b.dt != Dt::Unknown && a.dt != b.dt) {
        fail(CompileFailure::InvalidShape,
             std::string("tl.dot: both operands must be same dtype, got ") + dtName(a.dt) + " and " + dtName(b.dt),
             ins.line);
        return;
    }
    // Operands computed on the vector unit reach L1 through GM (A2/A3 split cores).
    for (const AVal* o : {&a, &b})
        if (o->home == Home::UB || o->home == Home::Affine || o->home == Home::Mask) {
            const double bytes = double(o->numel()) * dtBytes(o->dt);
            cur->direct.outBytes += bytes;
            cur->direct.outEffBytes += bytes + m.dmaOverheadBytes;
            cur->direct.outTransfers += 1;
            cur->direct.inBytes += bytes;
            cur->direct.inEffBytes += bytes + m.dmaOverheadBytes;
            cur->direct.inTransfers += 1;
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
             "tl.dot " + std::to_string(M) + "x" + std::to_string(N) + "x" + std::to_string(Kd) +
                 ": one K-slice needs " + std::to_string(l0aMin / 1024) + " KiB of L0A and " +
                 std::to_string(l0bMin / 1024) + " KiB of L0B (capacity " + std::to_string(std::int64_t(m.l0aBytes) / 1024) +
                 " / " + std::to_string(std::int64_t(m.l0bBytes) / 1024) + " KiB)",
             ins.line);
        return;
    }
    if (l0cNeed > std::int64_t(m.l0cBytes)) {
        fail(CompileFailure::L0Overflow,
             "tl.dot accumulator " + std::to_string(M) + "x" + std::to_string(N) + " " + dtName(dt) + " needs " +
                 std::to_string(l0cNeed / 1024) + " KiB of L0C (capacity " +
                 std::to_string(std::int64_t(m.l0cBytes) / 1024) + " KiB)",
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
    // The pointer tile as a DMA descriptor: the pointer itself, or one built for a block pointer.
    Spare blockDesc;
    const AVal* descp = &p;
    Box box;
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
        note("npu-unknown-pointer", ins.line, "tl.load from a pointer the simulator cannot follow; approximation: no cost");
        r = AVal::unknown();
        return;
    }
    if (failed)
        return;
    const AVal& desc = *descp;
    transfer(true, desc, box);
    AVal res = newTile(desc.dt, desc.rank, desc.shape, cube ? Home::L1 : Home::UB);
    res.fedByLoad = loopDepth > 0;
    if (!cube) {
        // A masked load fills the tile with `other` first; broadcast axes are expanded in the UB.
        const bool masked = mask.k == K::Tile || (ins.flags & kFlagBoundaryCheck);
        if (masked)
            vec(res, VClass::Elementwise, 1.0);
        bool broadcastAxis = false;
        for (int d = 0; d < desc.rank; ++d)
            broadcastAxis = broadcastAxis || (desc.stride[d] == 0 && desc.shape[d] > 1);
        if (broadcastAxis && desc.home == Home::PtrTile)
            vec(res, VClass::Elementwise, 1.0);
        if (box.dataMask)
            vec(res, VClass::Elementwise, 1.0);  // select with the data mask
        (void)other;
    }
    cur->direct.scalarCycles += m.pipeSyncCycles;
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
    // The pointer tile as a DMA descriptor: the pointer itself, or one built for a block pointer.
    Spare blockDesc;
    const AVal* descp = &p;
    Box box;
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
        note("npu-unknown-pointer", ins.line, "tl.store to a pointer the simulator cannot follow; approximation: no cost");
        return;
    }
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
            fail(CompileFailure::InvalidShape, "tiles of more than 4 dimensions are not modelled", ins.line);
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
                     "tile shape element " + std::to_string(i) + " is not a compile-time integer (constexpr)", ins.line);
                return;
            }
            if (d.i <= 0) {
                fail(CompileFailure::InvalidShape,
                     "tile shape element " + std::to_string(i) + " is " + std::to_string(d.i) + "; it must be positive",
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
    if (x.k != K::Tile) {
        r = x;
        return;
    }
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
            fail(CompileFailure::InvalidShape, "shape must be compile-time integers of at most 4 dimensions", ins.line);
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
                 "reshape: cannot reshape a tile of " + std::to_string(x.numel()) + " elements into " +
                     std::to_string(numel),
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

// ---- footprint -----------------------------------------------------------------------------

void Machine::footprintBefore(const Instr& ins)
{
    // Only the operand the instruction overwrites needs its value from before: footprintAfter
    // reads the others, which the instruction leaves alone.
    tempBytes = 0;
    destOperandBefore = false;
    bool isOperand = ins.a == ins.dest || ins.b == ins.dest || ins.c == ins.dest || ins.d == ins.dest;
    if (!isOperand && ins.op != Op::MakeBlockPtr)
        for (std::int32_t i = 0; i < ins.listSize && !isOperand; ++i)
            isOperand = listAt(ins, i) == ins.dest;
    if (isOperand && ins.dest >= 0) {
        destBefore = env[std::size_t(ins.dest)];
        destOperandBefore = true;
    }
}

void Machine::footprintAfter(const Instr& ins)
{
    // The footprint can only rise where the instruction puts a tile in the UB or L1 (or needs
    // temporaries): elsewhere, what is live after it (its operands included) was all live
    // after the instruction before, which was counted then.
    const AVal& d = env[std::size_t(ins.dest)];
    if (tempBytes <= 0 && !(d.k == K::Tile && (d.home == Home::UB || d.home == Home::L1)))
        return;
    opCount = 0;
    auto addOp = [&](std::int32_t s) {
        if (s < 0 || opCount >= 12)
            return;
        for (int i = 0; i < opCount; ++i)
            if (opSlots[i] == s)
                return;
        const AVal& v = s == ins.dest && destOperandBefore ? destBefore : env[std::size_t(s)];
        opSlots[opCount] = s;
        const std::int64_t ub = v.k == K::Tile && v.home == Home::UB ? tileBytes(v) : 0;
        const std::int64_t l1 = v.k == K::Tile && v.home == Home::L1 ? tileBytes(v) : 0;
        for (int k = 0; k < trackCount; ++k) {
            const std::int64_t times = tracks[k].mb && v.fedByLoad ? 2 : 1;
            opUB[k][opCount] = ub * times;
            opL1[k][opCount] = l1 * times;
        }
        opBuf[opCount] = v.buf;
        if (v.k == K::Tile)
            opVal[opCount] = {v.rank, v.dt, v.fedByLoad, {v.shape[0], v.shape[1], v.shape[2], v.shape[3]}};
        ++opCount;
    };
    for (std::int32_t s : {ins.a, ins.b, ins.c, ins.d})
        addOp(s);
    if (ins.op != Op::MakeBlockPtr)
        for (std::int32_t i = 0; i < ins.listSize; ++i)
            addOp(listAt(ins, i));
    // Sum every live buffer once (copies share a buffer): stamps make the checks O(1).
    ++stamp;
    if (bufStamp.size() < std::size_t(nextBuf))
        bufStamp.resize(std::size_t(nextBuf) + 64, 0);
    if (slotStamp.size() < env.size())
        slotStamp.resize(env.size(), 0);
    auto fresh = [&](std::int32_t buf) {
        if (buf < 0 || std::size_t(buf) >= bufStamp.size())
            return true;
        if (bufStamp[std::size_t(buf)] == stamp)
            return false;
        bufStamp[std::size_t(buf)] = stamp;
        return true;
    };
    for (int j = 0; j < opCount; ++j)
        slotStamp[std::size_t(opSlots[j])] = stamp;
    std::int64_t ub[2] = {0, 0}, l1[2] = {0, 0};
    bool liveAfter[12] = {};
    for (std::int32_t i = 0; i < ins.liveSize; ++i) {
        const std::int32_t s = ir.lists[std::size_t(ins.liveBegin + i)];
        if (slotStamp[std::size_t(s)] == stamp) {
            for (int j = 0; j < opCount; ++j)
                if (opSlots[j] == s)
                    liveAfter[j] = true;
            continue;
        }
        if (s == ins.dest)
            continue;
        const AVal& v = env[std::size_t(s)];
        if (v.k == K::Tile && (v.home == Home::UB || v.home == Home::L1) && fresh(v.buf)) {
            const std::int64_t bytes = tileBytes(v);
            std::int64_t* sum = v.home == Home::UB ? ub : l1;
            for (int k = 0; k < trackCount; ++k)
                sum[k] += bytes * (tracks[k].mb && v.fedByLoad ? 2 : 1);
        }
    }
    for (int j = 0; j < opCount; ++j)
        if (fresh(opBuf[j]))
            for (int k = 0; k < trackCount; ++k) {
                ub[k] += opUB[k][j];
                l1[k] += opL1[k][j];
            }
    std::int64_t destUB[2] = {0, 0};
    if (d.k == K::Tile && fresh(d.buf))
        for (int k = 0; k < trackCount; ++k) {
            destUB[k] = ubBytes(d, tracks[k].mb);
            ub[k] += destUB[k];
            l1[k] += l1Bytes(d, tracks[k].mb);
        }
    // An elementwise result may take over the buffer of an operand that dies here.
    const bool inPlace = ins.op == Op::Binary || ins.op == Op::Unary || ins.op == Op::Math || ins.op == Op::Cast ||
                         ins.op == Op::Where || ins.op == Op::Compare;
    for (int k = 0; k < trackCount; ++k) {
        if (inPlace && destUB[k] > 0)
            for (int j = 0; j < opCount; ++j)
                if ((!liveAfter[j] || opSlots[j] == ins.dest) && opUB[k][j] >= destUB[k]) {
                    ub[k] -= destUB[k];
                    break;
                }
        ub[k] += std::int64_t(tempBytes);
        Track& tr = tracks[k];
        if (l1[k] > tr.l1PeakBytes)
            tr.l1PeakBytes = l1[k];
        if (ub[k] <= tr.ubPeakBytes)
            continue;
        tr.ubPeakBytes = ub[k];
        tr.ubPeakLine = ins.line;
        // Record what is live at the new peak. The peak rises many times per candidate: keep
        // plain numbers here, names and strings are made once at the end (writeFootprint()).
        std::vector<PeakTile>& peak = tr.peak;
        peak.clear();
        ++stamp;
        auto addTile = [&](std::int32_t s, const AVal& v, std::int64_t bytes) {
            if (bytes <= 0 || !fresh(v.buf))
                return;
            peak.push_back({s, 0, v.rank, v.dt, tr.mb && v.fedByLoad, bytes, {v.shape[0], v.shape[1], v.shape[2], v.shape[3]}});
        };
        if (d.k == K::Tile)
            addTile(ins.dest, d, destUB[k]);
        for (std::int32_t i = 0; i < ins.liveSize; ++i) {
            const std::int32_t s = ir.lists[std::size_t(ins.liveBegin + i)];
            if (s != ins.dest)
                addTile(s, env[std::size_t(s)], ubBytes(env[std::size_t(s)], tr.mb));
        }
        for (int j = 0; j < opCount; ++j) {
            // opUB is 0 for anything but a UB tile: opVal is set whenever it is read.
            if (opUB[k][j] <= 0 || !fresh(opBuf[j]))
                continue;
            const OpTile& o = opVal[j];
            peak.push_back({opSlots[j], 0, o.rank, o.dt, tr.mb && o.fedByLoad, opUB[k][j],
                            {o.shape[0], o.shape[1], o.shape[2], o.shape[3]}});
        }
        if (tempBytes > 0)
            peak.push_back({-1, ins.line, 0, Dt::Unknown, false, std::int64_t(tempBytes), {}});
    }
}

void Machine::writeFootprint(int k, Footprint& fp) const
{
    const Track& tr = tracks[k];
    fp.ubPeakBytes = tr.ubPeakBytes;
    fp.ubPeakLine = tr.ubPeakLine;
    fp.l1PeakBytes = tr.l1PeakBytes;
    std::vector<LiveTile>& tiles = fp.ubPeakTiles;
    tiles.clear();
    tiles.reserve(tr.peak.size());
    for (const PeakTile& p : tr.peak) {
        LiveTile tile;
        if (p.slot >= 0) {
            tile.name = ir.slots[std::size_t(p.slot)].name;
            tile.line = ir.slots[std::size_t(p.slot)].line;
            tile.shape.assign(p.shape, p.shape + p.rank);
        } else {
            tile.name = "temporary (broadcast / materialised index)";
            tile.line = p.line;
        }
        tile.dtype = p.dtype;
        tile.bytes = p.bytes;
        tile.doubled = p.doubled;
        tiles.push_back(std::move(tile));
    }
    std::sort(tiles.begin(), tiles.end(), [](const LiveTile& a, const LiveTile& b) { return a.bytes > b.bytes; });
}

// ---- control flow --------------------------------------------------------------------------

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
    case Op::Arange: {
        const AVal& a = get(ins.a);
        const AVal& b = get(ins.b);
        if (a.k != K::Int || b.k != K::Int) {
            fail(CompileFailure::InvalidShape, "arange's arguments must be of type tl.constexpr", ins.line);
            break;
        }
        if (b.i <= a.i) {
            fail(CompileFailure::InvalidShape,
                 "arange's end argument must be greater than the start argument (start " + std::to_string(a.i) +
                     ", end " + std::to_string(b.i) + ")",
                 ins.line);
            break;
        }
        if ((a.i >> 31) != 0 || (b.i >> 31) != 0) {
            fail(CompileFailure::InvalidShape, "arange must fit in int32", ins.line);
            break;
        }
        if (!checkNumel(b.i - a.i, ins.line, "tl.arange"))
            break;
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
        break;
    }
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
    case Op::MakeTuple: {
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
        break;
    }
    case Op::Reduce: reduce(ins); break;
    case Op::Scan: {
        const AVal x = get(ins.a);
        if (x.k != K::Tile) {
            r = x;
            break;
        }
        AVal a = toUB(x, ins);
        AVal res = newTile(a.dt, a.rank, a.shape, Home::UB);
        vec(res, VClass::Reduction, 2.0);  // estimate: a scan costs two reductions
        r = res;
        break;
    }
    case Op::Dot: dot(ins); break;
    case Op::Trans: trans(ins); break;
    case Op::Reshape:
    case Op::BroadcastTo:
    case Op::ExpandDims: reshapeLike(ins); break;
    case Op::Load: load(ins); break;
    case Op::Store: store(ins, false); break;
    case Op::Atomic: store(ins, true); break;
    case Op::MakeBlockPtr: {
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
            note("npu-unknown-pointer", ins.line, "block pointer with unknown strides or block shape; approximation: no cost");
            r = AVal::unknown();
            break;
        }
        if (!checkNumel(v.numel(), ins.line, "make_block_ptr block_shape"))
            break;
        cur->direct.scalarCycles += 4 * m.scalarCyclesPerOp;
        r = v;
        break;
    }
    case Op::Advance: {
        AVal v = get(ins.a);
        if (v.k == K::BlockPtr)
            for (std::int32_t d = 0; d < ins.listSize && d < v.rank; ++d) {
                const AVal& o = get(listAt(ins, d));
                if (o.k == K::Int)
                    v.lo[d] += o.i;
            }
        cur->direct.scalarCycles += m.scalarCyclesPerOp;
        r = v;
        break;
    }
    case Op::Cdiv: {
        const AVal& a = get(ins.a);
        const AVal& b = get(ins.b);
        r = (a.k == K::Int && b.k == K::Int && b.i != 0) ? AVal::integer(ceilDiv(a.i, b.i)) : AVal::unknown();
        cur->direct.scalarCycles += m.scalarCyclesPerOp;
        break;
    }
    case Op::MinMax: {
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
        break;
    }
    case Op::Swizzle2d: {
        std::int64_t v[5];
        bool ok = ins.listSize == 5;
        for (int i = 0; ok && i < 5; ++i) {
            const AVal& e = get(listAt(ins, i));
            ok = e.k == K::Int;
            v[i] = e.i;
        }
        if (!ok || v[3] <= 0 || v[4] <= 0) {
            r = AVal::unknown();
            break;
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
        break;
    }
    case Op::DtypeOf: {
        const AVal x = get(ins.a);
        r = (x.k == K::Dtype) ? x : AVal::dtype(x.dt);
        break;
    }
    case Op::Unknown: r = AVal::unknown(); break;
    }
    if (track && !failed)
        footprintAfter(ins);
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
         "condition not known at compile time (data dependent); approximation: the if-branch is taken");
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
                 "while condition not known at compile time; approximation: one iteration");
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
    note("npu-approximate-loop", w.line, "while loop ran over 4096 iterations; approximation: stopped there");
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
};

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
        const std::int64_t span = stop.i - start.i;
        trips = st > 0 ? (span > 0 ? ceilDiv(span, st) : 0) : (span < 0 ? ceilDiv(-span, -st) : 0);
    } else {
        note("npu-unknown-trip-count", loop.line,
             "loop bounds not known at compile time; approximation: one iteration");
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
    for (Carried& c : carried) {
        c.after1 = env[std::size_t(c.slot)];
        const AVal& a = c.before;
        const AVal& b = c.after1;
        if (a.k == K::Int && b.k == K::Int) {
            c.linear = true;
            c.delta = b.i - a.i;
        } else if (a.k == b.k && a.tensor == b.tensor && (a.k == K::Ptr || a.k == K::BlockPtr ||
                   (a.k == K::Tile && a.home == b.home && (a.home == Home::PtrTile || a.home == Home::Affine)))) {
            c.linear = true;
            c.delta = b.i - a.i;
            for (int d = 0; d < kMaxRank; ++d)
                c.dlo[d] = b.lo[d] - a.lo[d];
        }
        // The carried value now varies by its step from one iteration to the next.
        if (c.linear)
            c.after1.gran = std::gcd(std::gcd(a.gran, b.gran), std::llabs(c.delta));
    }
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
            if (!found) {
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

// ---- setup and variants --------------------------------------------------------------------

bool Machine::setup(const CandidateValues& cand)
{
    env.assign(t.initialSlots().begin(), t.initialSlots().end());
    out.constexprs.reserve(t.constexprs().size());
    for (const auto& c : t.constexprs()) {
        const std::int64_t* given = nullptr;
        for (const auto& [name, value] : cand.constexprs)
            if (name == c.name)
                given = &value;
        if (given && c.fromLaunch) {
            fail(CompileFailure::ConflictingConstexpr,
                 "Conflicting meta-parameters: " + c.name + " is passed at launch and by the config", 0);
            return false;
        }
        if (given) {
            env[std::size_t(c.slot)] = AVal::integer(*given);
            out.constexprs.emplace_back(c.name, *given);
        } else if (c.fixed) {
            out.constexprs.emplace_back(c.name, *c.fixed);
        } else if (!c.isFloat) {
            fail(CompileFailure::MissingConstexpr,
                 "constexpr '" + c.name + "' has no value: not in the config, not passed at launch, no default", 0);
            return false;
        }
    }
    // The grid.
    if (t.hasStaticGrid()) {
        grid = t.staticGrid();
    } else if (t.gridMissing()) {
        fail(CompileFailure::InvalidGrid, "the launch gives no grid", 0);
        return false;
    } else {
        IterCost scratch;
        cur = &scratch;
        execBlock(t.gridBlock());
        const AVal g = get(t.gridSlot());
        if (g.k == K::Tuple) {
            for (int d = 0; d < 3; ++d)
                grid[std::size_t(d)] = d < g.rank ? g.shape[d] : 1;
        } else if (g.k == K::Int) {
            grid = {g.i, 1, 1};
        } else {
            fail(CompileFailure::InvalidGrid, "the grid does not evaluate to integers for this config", 0);
            return false;
        }
    }
    std::int64_t programs = 1;
    for (std::int64_t g : grid) {
        if (g <= 0) {
            fail(CompileFailure::InvalidGrid,
                 "the grid (" + std::to_string(grid[0]) + ", " + std::to_string(grid[1]) + ", " + std::to_string(grid[2]) +
                     ") launches no program",
                 0);
            return false;
        }
        programs *= g;
    }
    for (int d = 0; d < 3; ++d)
        if (grid[std::size_t(d)] > m.maxGridPrograms) {
            fail(CompileFailure::InvalidGrid,
                 "grid dimension " + std::to_string(d) + " is " + std::to_string(grid[std::size_t(d)]) +
                     " programs; at most " + std::to_string(m.maxGridPrograms) + " are allowed",
                 0);
            return false;
        }
    if (programs > m.maxGridPrograms) {
        fail(CompileFailure::InvalidGrid,
             "the grid launches " + std::to_string(programs) + " programs; at most " +
                 std::to_string(m.maxGridPrograms) + " are allowed",
             0);
        return false;
    }
    out.grid = grid;
    out.programs = programs;
    return true;
}

void Machine::runVariants()
{
    // The programs differ only by their position: evaluate the first and the last along each
    // grid axis that has more than one program.
    std::vector<int> axes;
    for (int d = 0; d < 3; ++d)
        if (grid[std::size_t(d)] > 1)
            axes.push_back(d);
    const int combos = 1 << axes.size();
    std::vector<AVal> init;
    init.reserve(ir.restoreSlots.size());
    for (std::int32_t s : ir.restoreSlots)
        init.push_back(env[std::size_t(s)]);
    for (int mask = 0; mask < combos && !failed; ++mask) {
        ProgramVariant v;
        v.count = 1;
        unsigned position = 0;
        for (std::size_t i = 0; i < axes.size(); ++i) {
            const int d = axes[i];
            const bool last = (mask >> i) & 1;
            // The full programs are represented by program 1, not 0: program 0 starts at offset
            // 0 and is always perfectly aligned, most programs are not.
            const std::int64_t representative = grid[std::size_t(d)] > 2 ? 1 : 0;
            v.pid[std::size_t(d)] = last ? grid[std::size_t(d)] - 1 : representative;
            v.lastAlong[d] = last;
            if (last)
                position |= 1u << d;
            v.count *= last ? 1.0 : double(grid[std::size_t(d)] - 1);
        }
        v.positions = 1u << position;
        for (std::size_t i = 0; i < init.size(); ++i)
            env[std::size_t(ir.restoreSlots[i])] = init[i];
        pid = v.pid;
        returned = false;
        track = mask == 0;
        cur = &v.cost;
        v.cost.direct.scalarCycles += m.programSetupCycles;
        execBlock(ir.body);
        track = false;
        if (failed)
            return;
        // The footprint is complete after the first variant: a candidate that cannot fit
        // fails now, without evaluating the other programs.
        if (mask == 0) {
            bool over[2] = {false, false};
            for (int k = 0; k < trackCount; ++k)
                over[k] = tracks[k].ubPeakBytes > out.footprint.ubCapacityBytes ||
                          tracks[k].l1PeakBytes > out.footprint.l1CapacityBytes;
            if (over[0] && (trackCount == 1 || over[1])) {
                out.variants.push_back(std::move(v));
                return;
            }
            // Only one of the siblings overflows: it stops here, the other goes on.
            for (int k = 0; k < trackCount; ++k)
                if (over[k]) {
                    stopped[k] = Stopped{out, largestTile};
                    stopped[k]->kernel.variants.push_back(v);
                }
        }
        v.total = v.cost.total();
        // Merge with an identical variant.
        bool merged = false;
        for (ProgramVariant& o : out.variants)
            if (o.total.sameAs(v.total)) {
                o.count += v.count;
                o.positions |= v.positions;
                merged = true;
                break;
            }
        if (!merged)
            out.variants.push_back(std::move(v));
    }
}

void Machine::finish(CompiledKernel& kernel) const
{
    const auto& tensors = t.tensors();
    kernel.tensors.reserve(tensors.size());
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        TensorTraffic tt;
        tt.name = tensors[i].name;
        tt.sizeBytes = tensors[i].bytes;
        if (i < std::size_t(kTrackedTensors))
            for (const ProgramVariant& v : kernel.variants) {
                tt.readBytes += v.count * v.total.tensorIn[i];
                tt.writeBytes += v.count * v.total.tensorOut[i];
            }
        kernel.tensors.push_back(std::move(tt));
    }
}

} // namespace

double modelCompileSeconds(int compiledOps, int dots, std::int64_t largestTileElements, bool multibuffer)
{
    // Estimate (G): Triton front end, bishengir lowering and the CCE backend take about 1.5 s
    // for a small kernel; every traced operation (after static unrolling) adds IR to optimise,
    // a dot brings the cube pipeline passes, large tiles longer vectorised loops, and
    // multibuffer the double-buffering transformation.
    double s = 1.5 + 0.012 * compiledOps + 0.4 * dots;
    s += 0.06 * std::log2(1.0 + double(std::max<std::int64_t>(largestTileElements, 0)) / 1024.0);
    if (multibuffer)
        s += 0.15;
    return s;
}

namespace {

// What follows the trace, per candidate: traffic, the footprint, the compile-time model and the
// capacity checks that the real compiler would fail.
void conclude(const Machine& machine, int track, CompiledKernel& out, const KernelTrace& trace, std::int64_t largestTile)
{
    if (out.ok())
        machine.finish(out);
    machine.writeFootprint(track, out.footprint);
    out.compiledOps = machine.compiledOps;
    out.compileSeconds = modelCompileSeconds(machine.compiledOps, trace.dotCount(), largestTile, out.multibuffer);
    if (!out.ok())
        return;
    const Footprint& fp = out.footprint;
    if (fp.ubPeakBytes > fp.ubCapacityBytes) {
        out.failure = CompileFailure::UbOverflow;
        out.failureLine = fp.ubPeakLine;
        std::string tiles;
        for (const LiveTile& tile : fp.ubPeakTiles)
            tiles += "\n  " + tile.describe();
        out.message = "UB overflow: " + std::to_string(fp.ubPeakBytes / 1024) + " KiB live at line " +
                      std::to_string(fp.ubPeakLine) + ", the UB holds " + std::to_string(fp.ubCapacityBytes / 1024) +
                      " KiB" + (out.multibuffer ? " (multibuffer doubles transfer buffers)" : "") + "; live tiles:" +
                      tiles;
    } else if (fp.l1PeakBytes > fp.l1CapacityBytes) {
        out.failure = CompileFailure::L1Overflow;
        out.message = "L1 overflow: the tl.dot operand tiles need " + std::to_string(fp.l1PeakBytes / 1024) +
                      " KiB, L1 holds " + std::to_string(fp.l1CapacityBytes / 1024) + " KiB" +
                      (out.multibuffer ? " (multibuffer doubles them)" : "");
    }
}

// Compiles `candidate` into `out` and, with `sibling`, the same candidate with multibuffer
// flipped into `*sibling`, from one trace.
void compileInto(const KernelTrace& trace, const DeviceModel& device, const CandidateValues& candidate,
                 CompiledKernel& out, CompiledKernel* sibling)
{
    out.multibuffer = candidate.multibuffer;
    out.usesCube = trace.usesCube();
    out.footprint.ubCapacityBytes = std::int64_t(device.ubBytes);
    out.footprint.l1CapacityBytes = std::int64_t(device.l1Bytes);
    out.footprint.l0aCapacityBytes = std::int64_t(device.l0aBytes);
    out.footprint.l0bCapacityBytes = std::int64_t(device.l0bBytes);
    out.footprint.l0cCapacityBytes = std::int64_t(device.l0cBytes);
    if (hasErrors(trace.diagnostics())) {
        out.failure = CompileFailure::TraceError;
        for (const Diagnostic& d : trace.diagnostics())
            if (d.severity == Severity::Error) {
                out.message = d.message;
                out.failureLine = d.line;
                break;
            }
        if (sibling) {
            *sibling = out;
            sibling->multibuffer = !candidate.multibuffer;
        }
        return;
    }
    Machine machine(trace, device, candidate, out, sibling != nullptr);
    if (machine.setup(candidate))
        machine.runVariants();
    if (sibling) {
        if (machine.stopped[1]) {
            *sibling = std::move(machine.stopped[1]->kernel);
        } else {
            *sibling = out;
        }
        sibling->multibuffer = !candidate.multibuffer;
        conclude(machine, 1, *sibling, trace,
                 machine.stopped[1] ? machine.stopped[1]->largestTile : machine.largestTile);
    }
    std::int64_t largestTile = machine.largestTile;
    if (machine.stopped[0]) {
        out = std::move(machine.stopped[0]->kernel);
        largestTile = machine.stopped[0]->largestTile;
    }
    conclude(machine, 0, out, trace, largestTile);
}

} // namespace

CompiledKernel compileCandidate(const KernelTrace& trace, const DeviceModel& device, const CandidateValues& candidate)
{
    CompiledKernel out;
    compileInto(trace, device, candidate, out, nullptr);
    return out;
}

std::pair<CompiledKernel, CompiledKernel> compileWithMultibufferSibling(const KernelTrace& trace,
                                                                        const DeviceModel& device,
                                                                        const CandidateValues& candidate)
{
    std::pair<CompiledKernel, CompiledKernel> both;
    compileInto(trace, device, candidate, both.first, &both.second);
    return both;
}

} // namespace ts::npu
