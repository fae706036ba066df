#pragma once
// The result of compiling one candidate: per program instance, the work of each pipe in
// bandwidth-neutral units (bytes, cycles), organised as the program's loop nest so that the
// simulator can overlap pipes per loop (multibuffer) and apply the bandwidth share of each
// wave. Also the on-chip footprint and, when the candidate does not compile, why.

#include "core/npu/kernel_ir.h"
#include "core/util/diagnostic.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::npu {

// Per-tensor traffic is tracked for the first tensors of the launch (L2 reuse needs it).
inline constexpr int kTrackedTensors = 8;

// Work of one loop iteration (or of straight-line code), not counting nested loops.
struct Work {
    double inBytes = 0;        // bytes requested from GM (MTE2 into UB / L1)
    double inEffBytes = 0;     // the same in bandwidth-equivalent bytes: 32 B granularity,
                               // alignment, per-run and per-DMA overheads included
    double inTransfers = 0;    // DMA instructions on MTE2
    double inBursts = 0;       // contiguous runs they move (a core's engine moves one at a time)
    double inUnawaited = 0;    // of the DMA instructions, those whose data nothing reads
    double outBytes = 0;       // bytes written to GM (MTE3 / FixPipe)
    double outEffBytes = 0;
    double outTransfers = 0;
    double outBursts = 0;
    double vectorCycles = 0;   // vector pipe, with instruction start-up costs
    double vectorIdealCycles = 0;  // the same work at the peak rate (roofline)
    double cubeCycles = 0;     // cube pipe, MTE1 (L1 -> L0) included
    double cubeFlops = 0;      // 2 x M x N x K (roofline)
    double scalarCycles = 0;   // scalar unit: address arithmetic, loop control, DMA set-up
    // Partial (tail) tiles loaded with a mask: the vector unit fills them with `other` before MTE2
    // writes into them, so MTE2 waits for the previous tile's vector work (no overlap).
    double tailFills = 0;
    std::array<double, kTrackedTensors> tensorIn{};   // useful bytes read per tensor
    std::array<double, kTrackedTensors> tensorOut{};  // useful bytes written per tensor

    void add(const Work& other, double times = 1.0);
    bool sameAs(const Work& other) const;
    bool hasTransfers() const { return inTransfers > 0 || outTransfers > 0; }
};

struct LoopCost;

// One iteration of a loop (or the program body): its own work, then its nested loops in order.
struct IterCost {
    Work direct;
    std::vector<LoopCost> loops;

    Work total() const;  // direct plus every nested loop, weighted by trip counts
};

// A loop, summarised: groups of iterations that cost the same. A 10^9-trip loop is two or
// three groups (steady iterations, the masked edge, the empty tail), never 10^9 entries.
struct LoopGroup {
    double count = 0;
    IterCost iter;
};

struct LoopCost {
    int line = 0;
    double trips = 0;
    bool isStatic = false;     // tl.static_range: unrolled, no loop control
    std::vector<LoopGroup> groups;
};

// The programs of the grid that behave alike: the full programs, and the last one along each
// grid axis (masked tails). `count` programs run this cost.
struct ProgramVariant {
    double count = 0;
    std::array<std::int64_t, 3> pid{};  // the representative program evaluated
    bool lastAlong[3] = {false, false, false};
    unsigned positions = 0;  // bit (last0 | last1 << 1 | last2 << 2) for every position merged here
    IterCost cost;
    Work total;
};

// A tile live at the footprint peak.
struct LiveTile {
    std::string name;   // variable, or the source text of a temporary
    int line = 0;
    std::vector<std::int64_t> shape;
    Dt dtype = Dt::Unknown;
    std::int64_t bytes = 0;  // as allocated (32 B-aligned rows, doubled under multibuffer)
    bool doubled = false;
    std::string describe() const;  // "x: float16[1024, 64] 128.0 KiB (x2 multibuffer) @ line 12"
    msg::Arg described() const;    // the same, its catalogue phrases as messages
};

struct Footprint {
    std::int64_t ubPeakBytes = 0;
    std::int64_t ubCapacityBytes = 0;
    int ubPeakLine = 0;
    std::vector<LiveTile> ubPeakTiles;  // largest first
    std::int64_t l1PeakBytes = 0, l1CapacityBytes = 0;
    std::int64_t l0aPeakBytes = 0, l0aCapacityBytes = 0;
    std::int64_t l0bPeakBytes = 0, l0bCapacityBytes = 0;
    std::int64_t l0cPeakBytes = 0, l0cCapacityBytes = 0;
};

enum class CompileFailure : std::uint8_t {
    None,
    UbOverflow,
    L1Overflow,
    L0Overflow,
    InvalidShape,
    InvalidGrid,
    MissingConstexpr,
    ConflictingConstexpr,
    TraceError,
};

inline constexpr int kCompileFailureCount = 9;
std::string_view compileFailureName(CompileFailure failure);
// The failure a name stands for; nullopt for a name no failure has.
std::optional<CompileFailure> parseCompileFailure(std::string_view name);

struct TensorTraffic {
    std::string name;
    std::int64_t sizeBytes = 0;
    double readBytes = 0;   // over all programs of one launch
    double writeBytes = 0;
};

struct CompiledKernel {
    CompileFailure failure = CompileFailure::None;
    std::string message;   // why it failed, with numbers (English, what the CLI prints)
    msg::Message text;     // the same by catalogue id and arguments, for the explorer
    int failureLine = 0;
    bool ok() const { return failure == CompileFailure::None; }

    std::vector<std::pair<std::string, std::int64_t>> constexprs;  // the values compiled
    bool multibuffer = false;
    // multibuffer asked for, but the doubled buffers did not fit: the compiler built the kernel
    // without them (BiShengIR retries a compile that overflows with auto multi-buffer off), so
    // the loads do not overlap the vector work.
    bool multibufferFellBack = false;
    bool overlapsTransfers() const { return multibuffer && !multibufferFellBack; }
    std::array<std::int64_t, 3> grid{1, 1, 1};
    std::int64_t programs = 0;
    bool usesCube = false;      // a mix kernel: programs run on AI cores (cube + vector)

    std::vector<ProgramVariant> variants;
    Footprint footprint;
    std::vector<TensorTraffic> tensors;

    // Modelled time the real toolchain would take for this candidate (estimate, mark G).
    double compileSeconds = 0;
    int compiledOps = 0;        // traced operations after static unrolling

    Diagnostics diagnostics;    // approximations this candidate needed
};

} // namespace ts::npu
