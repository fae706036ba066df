// compileCandidate and compileWithMultibufferSibling: a Machine (compiler_machine.h) set up for
// one candidate (constexprs, grid), run over each kind of program, and its result assembled
// (traffic per tensor, footprint, compile-time model, capacity failures). The operations the
// machine evaluates are in the compile_*.cpp files.

#include "core/npu/compiler_machine.h"
#include "core/util/message.h"

namespace ts::npu::compiler {
namespace {

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

} // namespace

Machine::Machine(const KernelTrace& trace, const DeviceModel& dev, const CandidateValues& cand, CompiledKernel& out,
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

Machine::~Machine()
{
    MachineScratch& scratch = machineScratch();
    env.swap(scratch.env);
    bufStamp.swap(scratch.bufStamp);
    slotStamp.swap(scratch.slotStamp);
    for (int k = 0; k < 2; ++k)
        tracks[k].peak.swap(scratch.peak[k]);
}

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
                 msg::Message(msg::Id::CompileConflictingConstexpr, {c.name}), 0);
            return false;
        }
        if (given) {
            env[std::size_t(c.slot)] = AVal::integer(*given);
            out.constexprs.emplace_back(c.name, *given);
        } else if (c.fixed) {
            out.constexprs.emplace_back(c.name, *c.fixed);
        } else if (!c.fixedNonInteger) {
            fail(CompileFailure::MissingConstexpr,
                 msg::Message(msg::Id::CompileMissingConstexpr, {c.name}), 0);
            return false;
        }
    }
    // The grid: the launch's own count when the candidate space knows it, so that the simulator
    // runs the programs every view shows.
    if (cand.grid) {
        grid = *cand.grid;
    } else if (t.hasStaticGrid()) {
        grid = t.staticGrid();
    } else if (t.gridMissing()) {
        fail(CompileFailure::InvalidGrid, msg::Message(msg::Id::CompileNoGrid), 0);
        return false;
    } else {
        IterCost scratch;
        cur = &scratch;
        execBlock(t.gridBlock());
        const AVal g = get(t.gridSlot());
        if (g.k == K::Tuple && (g.rank < 1 || g.rank > 3)) {
            fail(CompileFailure::InvalidGrid,
                 msg::Message(msg::Id::CompileGridRank, {g.rank}), 0);
            return false;
        } else if (g.k == K::Tuple) {
            for (int d = 0; d < 3; ++d)
                grid[std::size_t(d)] = d < g.rank ? g.shape[d] : 1;
        } else if (g.k == K::Int) {
            grid = {g.i, 1, 1};
        } else {
            fail(CompileFailure::InvalidGrid, msg::Message(msg::Id::CompileGridNotIntegers), 0);
            return false;
        }
    }
    std::int64_t programs = 1;
    for (std::int64_t g : grid) {
        if (g <= 0) {
            fail(CompileFailure::InvalidGrid,
                 msg::Message(msg::Id::CompileGridEmpty, {grid[0], grid[1], grid[2]}),
                 0);
            return false;
        }
        programs = pyMul(programs, g).value_or(INT64_MAX);  // past the limit either way
    }
    for (int d = 0; d < 3; ++d)
        if (grid[std::size_t(d)] > m.maxGridPrograms) {
            fail(CompileFailure::InvalidGrid,
                 msg::Message(msg::Id::GridDimensionTooLarge, {d, msg::count(grid[std::size_t(d)]),
                                                               msg::count(std::int64_t(m.maxGridPrograms))}),
                 0);
            return false;
        }
    if (programs > m.maxGridPrograms) {
        fail(CompileFailure::InvalidGrid,
             msg::Message(msg::Id::GridTooLarge,
                          {msg::count(programs), msg::count(std::int64_t(m.maxGridPrograms))}),
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

} // namespace ts::npu::compiler

namespace ts::npu {

using compiler::Machine;

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

// The note a multibuffer candidate gets when its doubled buffers overflow and the compiler builds
// it without them.
Diagnostic multibufferFallbackNote(const Machine& machine, const KernelTrace& trace, int doubledTrack)
{
    Footprint doubled;
    machine.writeFootprint(doubledTrack, doubled);
    Diagnostic d;
    d.code = "npu-multibuffer-fallback";
    d.severity = Severity::Warning;
    d.file = trace.fileName();
    d.line = doubled.ubPeakLine;
    d.say(msg::Message(msg::Id::FidelityMultibufferFallback, {doubled.ubPeakBytes / 1024, doubled.l1PeakBytes / 1024}));
    return d;
}

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
        msg::Arg tiles;
        for (const LiveTile& tile : fp.ubPeakTiles) {
            tiles += "\n  ";
            tiles += tile.described();
        }
        out.text = msg::Message(out.multibuffer ? msg::Id::UbOverflowLiveMultibuffer : msg::Id::UbOverflowLive,
                                {fp.ubPeakBytes / 1024, fp.ubPeakLine, fp.ubCapacityBytes / 1024, tiles});
        out.message = out.text.english();
    } else if (fp.l1PeakBytes > fp.l1CapacityBytes) {
        out.failure = CompileFailure::L1Overflow;
        out.text = msg::Message(out.multibuffer ? msg::Id::L1OverflowMultibuffer : msg::Id::L1Overflow,
                                {fp.l1PeakBytes / 1024, fp.l1CapacityBytes / 1024});
        out.message = out.text.english();
    }
}

// Compiles `candidate` into `out` and, with `sibling`, the same candidate with multibuffer
// flipped into `*sibling`, from one trace. Both footprints are always tracked: a multibuffer
// candidate whose doubled buffers overflow while the single ones fit is built without them, as
// bishengir-compile retries a Triton compile that overflows the UB with code motion off, then
// auto multi-buffer off (Ascend/AscendNPU-IR 52f96a1, RetriablePassManager/OverFlowPolicyBase.cpp;
// code motion is not modelled). An older toolchain fails such a candidate: an estimate here.
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
                out.text = d.text;
                out.failureLine = d.line;
                break;
            }
        if (sibling) {
            *sibling = out;
            sibling->multibuffer = !candidate.multibuffer;
        }
        return;
    }
    Machine machine(trace, device, candidate, out, true);
    if (machine.setup(candidate))
        machine.runVariants();
    // Track 0 is the candidate, track 1 its sibling; `out` holds the run of whichever fits.
    const int doubledTrack = candidate.multibuffer ? 0 : 1;
    const bool fallBack =
        candidate.multibufferFallback && machine.stopped[doubledTrack] && !machine.stopped[1 - doubledTrack];
    auto result = [&](int k, CompiledKernel& dst) {
        const bool multibuffer = k == 0 ? candidate.multibuffer : !candidate.multibuffer;
        int track = k;
        std::int64_t largestTile = machine.largestTile;
        if (k == doubledTrack && fallBack) {
            track = 1 - k;
            dst.multibufferFellBack = true;
        } else if (machine.stopped[k]) {
            dst = std::move(machine.stopped[k]->kernel);
            largestTile = machine.stopped[k]->largestTile;
        }
        dst.multibuffer = multibuffer;
        conclude(machine, track, dst, trace, largestTile);
        if (dst.multibufferFellBack && dst.ok())
            dst.diagnostics.push_back(multibufferFallbackNote(machine, trace, k));
    };
    if (sibling) {
        *sibling = out;
        result(1, *sibling);
    }
    result(0, out);
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
