#pragma once
// The lowered form of a @triton.jit kernel for one launch: a tree of statements over numbered
// value slots, built once per (kernel, launch arguments) by KernelTrace and then evaluated per
// candidate by the compiler. Names, attribute chains, imports and keyword binding are resolved
// here, so evaluating a candidate never touches Python-level structure or strings.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ts::npu {

// Element types of tiles and pointees.
enum class Dt : std::uint8_t { Unknown, I1, I8, U8, I16, I32, I64, F8, F16, BF16, F32, F64 };

// Inline and table-driven: the compiler asks for these on every operation.
inline int dtBytes(Dt dt)
{
    // Unknown, I1, I8, U8, I16, I32, I64, F8, F16, BF16, F32, F64 (Unknown counts as 4 bytes).
    static constexpr std::int8_t kBytes[] = {4, 1, 1, 1, 2, 4, 8, 1, 2, 2, 4, 8};
    const auto i = std::size_t(dt);
    return i < sizeof(kBytes) ? kBytes[i] : 4;
}
inline bool dtIsFloat(Dt dt)
{
    return dt == Dt::F8 || dt == Dt::F16 || dt == Dt::BF16 || dt == Dt::F32 || dt == Dt::F64;
}
const char* dtName(Dt dt);
// "float16", "torch.bfloat16", "tl.float32", "fp16", "int1", "bool", ... -> Dt (Unknown if not known).
Dt dtFromName(std::string_view name);

enum class Op : std::uint8_t {
    Copy,         // dest = a
    ProgramId,    // imm = axis
    NumPrograms,  // imm = axis
    Arange,       // a = start, b = end
    Full,         // shape from list, a = value (or -1 for zeros), b = dtype slot (or -1)
    Binary,       // sub = BinKind, a, b
    Unary,        // sub = UnKind, a
    Compare,      // sub = CmpKind, a, b
    Math,         // sub = MathFn, a (b, c optional)
    Where,        // a = condition, b = x, c = y
    Cast,         // a = value, b = dtype slot
    Subscript,    // a = value, list = pattern (kSubNewAxis / kSubSlice / kSubIndex(i))
    TupleGet,     // a = tuple, imm = index
    MakeTuple,    // list = items
    Reduce,       // sub = ReduceKind, a, imm = axis (kAxisNone for all), flags keepDims
    Scan,         // cumsum/cumprod, a, imm = axis
    Dot,          // a, b, c = acc (-1), d = out dtype slot (-1)
    Trans,        // a, list = permutation (empty = reverse 2-D)
    Reshape,      // a, list = new shape slots
    BroadcastTo,  // a, list = shape slots
    ExpandDims,   // a, imm = axis
    Load,         // a = pointer, b = mask, c = other; flags
    Store,        // a = pointer, b = value, c = mask
    Atomic,       // sub = atomic kind, a = pointer, b = value, c = mask
    MakeBlockPtr, // list = base, shape..., strides..., offsets..., block_shape..., order... (counts in imm)
    Advance,      // a = block pointer, list = offsets
    Cdiv,         // a, b
    MinMax,       // sub 0 = min, 1 = max; list = args (Python builtins / tl.minimum on scalars)
    Swizzle2d,    // list = i, j, size_i, size_j, size_g -> tuple
    DtypeOf,      // a: the element type of a pointer or tile
    ExtractSlice, // a = full tile, list = sizes (Ascend extension extract_slice)
    InsertSlice,  // a = full tile, b = the slice (Ascend extension insert_slice)
    Flip,         // a, imm = axis (kAxisNone: every axis)
    GetElement,   // a = tile: one element read by the scalar unit
    Unknown,      // an unsupported construct: dest becomes Unknown (already warned at trace)
};

enum class BinKind : std::uint8_t { Add, Sub, Mul, TrueDiv, FloorDiv, Mod, Pow, And, Or, Xor, Shl, Shr };
enum class UnKind : std::uint8_t { Neg, Not, Invert, Pos };
enum class CmpKind : std::uint8_t { Lt, Le, Gt, Ge, Eq, Ne };
// Vector cost classes of the math functions: elementwise (full vector rate) or transcendental.
enum class MathFn : std::uint8_t {
    Exp, Exp2, Log, Log2, Sqrt, Rsqrt, Sigmoid, Abs, Maximum, Minimum, Sin, Cos, Tanh, Erf,
    Floor, Ceil, Fma, Clamp, Div, Pow, Softmax, Relu, Umulhi, Tan,
};
// Custom: tl.reduce with a combine function of its own; b = a constant slot holding how many
// operations the function applies per step.
enum class ReduceKind : std::uint8_t { Sum, Max, Min, ArgMax, ArgMin, Prod, Xor, Or, And, MaxWithIndex, MinWithIndex, Custom };
enum class AtomicKind : std::uint8_t { Add, Max, Min, Xchg, Cas, And, Or, Xor };

inline constexpr std::int32_t kAxisNone = -1000;
inline constexpr std::int32_t kSubNewAxis = -1001;
inline constexpr std::int32_t kSubSlice = -1002;

// Instruction flags.
enum : std::uint16_t {
    kFlagCubeOperand = 1 << 0,  // Load: every use feeds tl.dot, so the tile goes to L1, not UB
    kFlagFeedsStore = 1 << 1,   // the result is the value of a tl.store (an MTE3 transfer buffer)
    kFlagKeepDims = 1 << 2,     // Reduce: keep_dims=True
    kFlagStaticLoop = 1 << 3,   // (For) tl.static_range: unrolled by the compiler
    kFlagBoundaryCheck = 1 << 4,// Load/Store of a block pointer with boundary_check
    kFlagReverse = 1 << 5,      // Scan: reverse=True
    kFlagDeadResult = 1 << 6,   // Load: nothing reads the value, so nothing waits for the transfer
};

struct Instr {
    Op op = Op::Unknown;
    std::uint8_t sub = 0;
    std::uint16_t flags = 0;
    std::int32_t dest = -1;
    std::int32_t a = -1, b = -1, c = -1, d = -1;
    std::int32_t imm = 0;
    std::int32_t listBegin = 0, listSize = 0;  // operand list in KernelIr::lists
    std::int32_t line = 0;
    // Live slots after this instruction (into KernelIr::lists), for the UB footprint.
    std::int32_t liveBegin = 0, liveSize = 0;
};

struct Block;

struct Stmt {
    enum class Kind : std::uint8_t { Instr, For, If, While, Break, Continue, Return };
    Kind kind = Kind::Instr;
    std::int32_t index = 0;  // into instrs / loops / ifs / whiles
};

struct Block {
    std::vector<Stmt> stmts;
};

struct ForLoop {
    std::int32_t var = -1;                   // loop variable slot (-1 when not a simple name)
    std::int32_t start = -1, stop = -1, step = -1;  // slots; step -1 means 1
    bool isStatic = false;                   // tl.static_range
    std::int32_t line = 0;
    Block body;
    std::vector<std::int32_t> written;       // slots assigned anywhere in the body
    std::vector<std::int32_t> carried;       // of them, those read before written (loop-carried)
    // Live slots throughout the loop (used inside or carried), for the UB footprint.
    std::int32_t liveBegin = 0, liveSize = 0;
};

struct IfStmt {
    std::int32_t cond = -1;
    std::int32_t line = 0;
    Block then, orelse;
};

struct WhileLoop {
    Block condBlock;  // instructions computing the condition
    std::int32_t cond = -1;
    std::int32_t line = 0;
    Block body;
};

// One slot's description, for messages and the live-tile listing.
struct SlotInfo {
    std::string name;  // variable name, or a short description of a temporary ("x * y")
    std::int32_t line = 0;
};

// A tensor argument of the launch.
struct TensorArg {
    std::string name;
    Dt dtype = Dt::Unknown;
    std::vector<std::int64_t> shape;
    std::int64_t numel = 0;
    std::int64_t bytes = 0;
};

struct KernelIr {
    std::vector<Instr> instrs;
    std::vector<ForLoop> loops;
    std::vector<IfStmt> ifs;
    std::vector<WhileLoop> whiles;
    std::vector<std::int32_t> lists;
    std::vector<SlotInfo> slots;
    Block body;
    std::int32_t slotCount = 0;
    // Slots with an initial value (parameters, constants) that the kernel assigns: the only
    // ones to restore before running another program. Every other written slot is a local,
    // assigned before it is read.
    std::vector<std::int32_t> restoreSlots;
};

} // namespace ts::npu
