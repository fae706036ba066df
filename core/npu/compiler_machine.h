#pragma once
// The trace compiler's abstract machine, shared by the compiler's own source files and included
// by nothing else. compileCandidate (kernel_compiler.h) runs one Machine per candidate: it
// evaluates the kernel's IR on abstract values (AVal) for each kind of program, adding up the
// work of each operation and tracking the UB / L1 footprint. Its member functions are defined by
// concern:
//
//   kernel_compiler.cpp         the public entry points: set-up, program variants, the result
//   compile_control_flow.cpp    instruction dispatch, blocks, if / while / for (loop summaries)
//   compile_data_movement.cpp   tl.load / tl.store DMA traffic, block pointers, moves into the UB
//   compile_binary_ops.cpp      binary operators and comparisons (indices and masks stay symbolic)
//   compile_vector_ops.cpp      unary, math, where, cast, reductions and scans on the vector unit
//   compile_cube_ops.cpp        tl.dot on the cube unit
//   compile_tile_shapes.cpp     broadcasting, arange / full, subscripts, trans, reshapes, slices, flip
//   compile_footprint.cpp       the UB / L1 footprint and its peaks
//
// What runs on every operation (vec, setTile, get, binary, the footprint's operand checks) is
// defined here, inline, so that the split into files costs no calls.

#include "core/npu/kernel_compiler.h"
#include "core/util/message.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <new>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace ts::npu::compiler {

using K = AVal::K;
using Home = AVal::Home;

// Triton's limit on the elements of one tile (TRITON_MAX_TENSOR_NUMEL); Triton-Ascend drops
// the power-of-two rule of upstream Triton for SIMD kernels but keeps this one.
inline constexpr std::int64_t kMaxTensorNumel = 1048576;

// Python's integer operators on 64-bit values: the exact result, or nullopt where Python's
// unbounded int would leave 64 bits (the caller reports that as an overflow at its line). A
// kernel's constants, grid and arguments reach these unchecked: INT64_MIN // -1 must not trap.
using CheckedInt = std::optional<std::int64_t>;

inline CheckedInt pyAdd(std::int64_t a, std::int64_t b)
{
    std::int64_t r;
    return __builtin_add_overflow(a, b, &r) ? std::nullopt : CheckedInt(r);
}
inline CheckedInt pySub(std::int64_t a, std::int64_t b)
{
    std::int64_t r;
    return __builtin_sub_overflow(a, b, &r) ? std::nullopt : CheckedInt(r);
}
inline CheckedInt pyMul(std::int64_t a, std::int64_t b)
{
    std::int64_t r;
    return __builtin_mul_overflow(a, b, &r) ? std::nullopt : CheckedInt(r);
}
// a // b for b != 0.
inline CheckedInt pyFloorDiv(std::int64_t a, std::int64_t b)
{
    if (b == -1)
        return a == INT64_MIN ? std::nullopt : CheckedInt(-a);
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}
// -(-a // b), triton.cdiv, for b != 0.
inline CheckedInt pyCeilDiv(std::int64_t a, std::int64_t b)
{
    if (b == -1)
        return a == INT64_MIN ? std::nullopt : CheckedInt(-a);
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) == (b < 0)))
        ++q;
    return q;
}
// a ** b for b >= 0.
inline CheckedInt pyPow(std::int64_t a, std::int64_t b)
{
    std::int64_t result = 1;
    for (std::int64_t base = a, e = b; e > 0; e >>= 1) {
        if ((e & 1) && __builtin_mul_overflow(result, base, &result))
            return std::nullopt;
        if (e > 1 && __builtin_mul_overflow(base, base, &base))
            return std::nullopt;
    }
    return result;
}
// a << b for b >= 0.
inline CheckedInt pyShl(std::int64_t a, std::int64_t b)
{
    if (a == 0)
        return 0;
    if (b >= 63 || a > (INT64_MAX >> b) || a < (INT64_MIN >> b))
        return std::nullopt;
    return std::int64_t(std::uint64_t(a) << b);
}
// a >> b for b >= 0: floor division by 2^b, never an overflow.
inline std::int64_t pyShr(std::int64_t a, std::int64_t b) { return b >= 63 ? (a < 0 ? -1 : 0) : a >> b; }
// a % b for b != 0: takes the sign of b, never an overflow.
inline std::int64_t pyMod(std::int64_t a, std::int64_t b)
{
    if (b == -1)
        return 0;
    std::int64_t m = a % b;
    if (m != 0 && ((m < 0) != (b < 0)))
        m += b;
    return m;
}

// The same without the report, for the compiler's own bookkeeping on sizes and bounds (tile
// counts, mask boxes, trip counts): a result beyond 64 bits is held at the nearest end, which
// every caller clamps to the axis it is about.
inline std::int64_t saturate(const CheckedInt& v, bool negative) { return v ? *v : negative ? INT64_MIN : INT64_MAX; }
inline std::int64_t floorDiv(std::int64_t a, std::int64_t b) { return saturate(pyFloorDiv(a, b), false); }
inline std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return saturate(pyCeilDiv(a, b), false); }
inline std::int64_t roundUp(std::int64_t a, std::int64_t b)
{
    return b > 0 ? saturate(pyMul(ceilDiv(a, b), b), a < 0) : a;
}

inline Dt promote(Dt a, Dt b)
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
inline std::int64_t combineGran(BinKind k, std::int64_t a, std::int64_t ga, std::int64_t b, std::int64_t gb)
{
    if (ga == 0 && gb == 0)
        return 0;
    // Granularity 1 (element alignment) is always true: it stands for any result out of range.
    switch (k) {
    case BinKind::Add:
    case BinKind::Sub: return std::gcd(ga, gb);
    case BinKind::Mul: {
        if (a == INT64_MIN || b == INT64_MIN)
            return 1;
        const CheckedInt left = pyMul(ga, std::llabs(b)), right = pyMul(gb, std::llabs(a));
        return left && right ? std::gcd(*left, *right) : 1;
    }
    case BinKind::Shl: return gb == 0 && b >= 0 && b < 62 ? pyShl(ga, b).value_or(1) : 1;
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
    AVal& hold(const AVal& v) { return *::new (static_cast<void*>(m_bytes)) AVal(v); }

private:
    alignas(AVal) unsigned char m_bytes[sizeof(AVal)];
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

class Machine {
public:
    // With `sibling`, the candidate with multibuffer flipped is compiled in the same pass: the
    // trace does not depend on multibuffer, only the UB and L1 footprints do (transfer buffers
    // doubled), so they are tracked for both settings.
    Machine(const KernelTrace& trace, const DeviceModel& dev, const CandidateValues& cand, CompiledKernel& out,
            bool sibling);
    ~Machine();
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
    // --- execution (compile_control_flow.cpp)
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
    void fail(CompileFailure kind, const msg::Message& message, int line)
    {
        if (failed)
            return;
        failed = true;
        out.failure = kind;
        out.message = message.english();
        out.text = message;
        out.failureLine = line;
    }
    void note(const std::string& code, int line, const msg::Message& message)
    {
        for (const Diagnostic& d : out.diagnostics)
            if (d.line == line && d.code == code)
                return;
        Diagnostic d;
        d.code = code;
        d.severity = Severity::Warning;
        d.file = t.fileName();
        d.line = line;
        d.say(message);
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
        fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileNumelTooLarge, {what, numel}), line);
    }
    // The value of a checked integer operation; an overflow fails the compile at `line`, as
    // Python's exact result would not fit the 64-bit integers Triton computes with.
    std::int64_t exact(const CheckedInt& v, std::int64_t a, const char* op, std::int64_t b, int line)
    {
        if (v) [[likely]]
            return *v;
        failOverflow(a, op, b, line);
        return 0;
    }
    [[gnu::noinline, gnu::cold]] void failOverflow(std::int64_t a, const char* op, std::int64_t b, int line)
    {
        fail(CompileFailure::TraceError, msg::Message(msg::Id::CompileIntegerOverflow, {a, op, b}), line);
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

    // Vector work of `passes` primitive operations over tile `v`. With `rowRepeats`, every row
    // of the innermost axis takes whole repeats of its own (a reduction works row by row: a
    // 64 B row fills a quarter of a 256 B repeat), otherwise rows are packed as the UB lays them.
    void vec(const AVal& v, VClass cls, double passes, Dt dt = Dt::Unknown, bool rowRepeats = false)
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
                const std::int64_t innerBytes =
                    rowRepeats ? roundUp(inner * vb, std::int64_t(m.vectorBytesPerCycle)) : roundUpUb(inner * vb);
                const std::int64_t innerPadded = innerBytes >> std::countr_zero(std::uint64_t(vb));
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

    // --- data movement: GM <-> UB/L1 transfers, block pointers, values moved into the UB
    //     (compile_data_movement.cpp)
    AVal materialize(const AVal& v, const Instr& ins);
    AVal toUB(const AVal& v, const Instr& ins);
    // toUB without a copy when `v` is already in the UB (or not a tile); else the copy in `tmp`.
    const AVal& inUB(const AVal& v, const Instr& ins, Spare& tmp)
    {
        if (v.k != K::Tile || v.home == Home::UB)
            return v;
        return tmp.hold(toUB(v, ins));
    }
    void throughGm(const AVal& v);
    void moveL0CtoUB(const AVal& v);
    // A DMA between GM and the UB (`toL1`: into L1 for the cube, converted to its fractal layout).
    void transfer(bool in, const AVal& ptr, const Box& box, double bytesFactor = 1.0, bool toL1 = false);
    Box boxFor(const AVal& mask, const AVal& ptr, int line);
    const AVal* dmaDescriptor(const AVal& p, const AVal& mask, const Instr& ins, const char* op, Spare& blockDesc,
                              Box& box);
    void load(const Instr& ins);
    void store(const Instr& ins, bool atomic);
    void makeBlockPtr(const Instr& ins);
    void advance(const Instr& ins);

    // --- binary operators and comparisons: scalars folded, pointer offsets, affine indices and
    //     masks kept symbolic, the rest vector work (compile_binary_ops.cpp)
    void binary(const Instr& ins);  // inline, below: the most frequent operation
    void binaryOf(const Instr& ins, const AVal& x, const AVal& y);
    // binaryOf's cases, defined and used in compile_binary_ops.cpp only. Always inlined: binaryOf
    // runs on most operations, and these are its body in named steps, not calls of their own.
    [[gnu::always_inline]] inline void foldScalars(BinKind k, const AVal& x, const AVal& y, AVal& r, int line);
    [[gnu::always_inline]] inline void offsetPointer(const Instr& ins, BinKind k, const AVal& x, const AVal& y,
                                                     AVal& r);
    [[gnu::always_inline]] inline bool affineIndex(const Instr& ins, BinKind k, const AVal& x, const AVal& y, AVal& r);
    [[gnu::always_inline]] inline void maskLogic(const Instr& ins, BinKind k, const AVal& x, const AVal& y, AVal& r);
    [[gnu::always_inline]] inline void vectorBinary(const Instr& ins, BinKind k, const AVal& x, const AVal& y,
                                                    AVal& r);
    void compare(const Instr& ins);
    static bool intervalFor(std::int64_t b, std::int64_t s, std::int64_t n, CmpKind op, std::int64_t& lo, std::int64_t& hi,
                            double& frac);

    // --- vector operations on UB tiles (compile_vector_ops.cpp)
    void unary(const Instr& ins);
    void math(const Instr& ins);
    void where(const Instr& ins);
    void cast(const Instr& ins);
    void reduce(const Instr& ins);
    std::int64_t reduceTempBytes(const AVal& a, std::int64_t reduced, ReduceKind kind) const;
    void scan(const Instr& ins);

    // --- tl.dot on the cube unit, L0 capacities (compile_cube_ops.cpp)
    void dot(const Instr& ins);

    // --- shapes: broadcasting, new tiles, views and reshapes (compile_tile_shapes.cpp)
    bool broadcastShape(const AVal& a, const AVal& b, int& rank, std::int64_t* shape, int line);
    // Out of line: the message's strings would otherwise weigh on every broadcastShape call.
    [[gnu::noinline, gnu::cold]] void failBroadcast(int j, std::int64_t da, std::int64_t db, int line)
    {
        fail(CompileFailure::InvalidShape, msg::Message(msg::Id::CompileBroadcast, {j, da, db}), line);
    }
    AVal expandTo(const AVal& v, int rank, const std::int64_t* shape) const;
    void arange(const Instr& ins);
    void full(const Instr& ins);
    void subscript(const Instr& ins);
    void trans(const Instr& ins);
    void reshapeLike(const Instr& ins);
    void slice(const Instr& ins);
    void flip(const Instr& ins);
    void getElement(const Instr& ins);

    // --- scalar bookkeeping outside the ops above (compile_control_flow.cpp)
    void tileOnly(const Instr& ins, void (Machine::*op)(const Instr&));  // trans, flip, scan of a tile
    void makeTuple(const Instr& ins);
    void minMax(const Instr& ins);
    void swizzle2d(const Instr& ins);

    // --- UB / L1 footprint (compile_footprint.cpp; footprintBefore below, inline: it runs
    //     before every traced operation)
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

inline void Machine::binary(const Instr& ins)
{
    // Operands by reference unless the result overwrites one of them.
    if (ins.dest == ins.a || ins.dest == ins.b) {
        const AVal x = get(ins.a), y = get(ins.b);
        binaryOf(ins, x, y);
    } else {
        binaryOf(ins, get(ins.a), get(ins.b));
    }
}

inline void Machine::footprintBefore(const Instr& ins)
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

} // namespace ts::npu::compiler
