#include "core/npu/simulator.h"

#include "core/util/message.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace ts::npu {

void PipeTimes::add(const PipeTimes& o, double k)
{
    for (double PipeTimes::*pipe : {&PipeTimes::mte2, &PipeTimes::vector, &PipeTimes::cube, &PipeTimes::mte3,
                                    &PipeTimes::scalar, &PipeTimes::launch})
        this->*pipe += k * (o.*pipe);
}

double overlappedUs(const PipeTimes& busy, const PipeTimes& criticalPath)
{
    return std::max(0.0, busy.pipes() - criticalPath.pipes());
}

namespace {

// What one core gets in a wave of `active` cores.
struct Rates {
    double portBytesPerUs = 0;   // the core's own MTE port
    double readBytesPerUs = 0;   // what the core gets of the shared memory system, port included
    double writeBytesPerUs = 0;
    double readLatencyCycles = 0;  // a DMA's wait for its first bytes: L2 hits and misses weighed
    bool sharedGm = true;  // reads and writes share the core's slice of HBM (HBM-bound)
};

struct Timed {
    double time = 0;
    PipeTimes attr;  // sums to time
    PipeTimes busy;
};

class ProgramTimer {
public:
    ProgramTimer(const DeviceModel& m, const Rates& r, bool multibuffer, bool cube)
        : m(m), r(r), mb(multibuffer), cube(cube)
    {
    }

    Timed program(const IterCost& root) const
    {
        Timed t = iteration(root);
        return t;
    }

private:
    struct Parts {
        double latIn = 0, in = 0, vec = 0, cube = 0, latOut = 0, out = 0, scalar = 0;
        bool fills = false;  // a tail tile is filled on the vector unit before its load
        double chain() const { return latIn + in + vec + cube + latOut + out + scalar; }
    };

    Parts parts(const Work& w) const
    {
        Parts p;
        // The port pays every byte and each DMA instruction's fixed cost; the shared memory system
        // sees only the bytes moved. Where the share is the limit, instruction costs hide behind
        // it ([SKY] §ReadCeiling: descriptor size and burst length are flat on the cached path).
        auto pipe = [&](double eff, double transfers, double shareRate) {
            if (shareRate <= 0)
                return 0.0;
            const double moved = std::max(0.0, eff - transfers * m.dmaOverheadBytes);
            return std::max(r.portBytesPerUs > 0 ? eff / r.portBytesPerUs : 0.0, moved / shareRate);
        };
        // A core's DMA engine moves one burst (contiguous run) at a time: short runs are limited
        // by their number, whatever the bandwidth.
        const double burstUs = m.cyclesToUs(cube ? m.nd2nzBurstCycles : m.dmaBurstCycles);
        p.in = std::max(pipe(w.inEffBytes, w.inTransfers, r.readBytesPerUs), w.inBursts * burstUs);
        p.out = std::max(pipe(w.outEffBytes, w.outTransfers, r.writeBytesPerUs), w.outBursts * burstUs);
        p.fills = w.tailFills > 0;
        // A DMA nothing reads is never waited for: its latency overlaps whatever follows.
        p.latIn = w.inTransfers > w.inUnawaited ? m.cyclesToUs(r.readLatencyCycles) : 0;
        p.latOut = w.outTransfers > 0 ? m.cyclesToUs(m.gmWriteLatencyCycles) : 0;
        p.vec = m.cyclesToUs(w.vectorCycles);
        p.cube = m.cyclesToUs(w.cubeCycles);
        // Hand-overs between the pipes that take part (set_flag / wait_flag).
        const int pipes = (w.inTransfers > 0) + (w.vectorCycles > 0) + (w.cubeCycles > 0) + (w.outTransfers > 0);
        p.scalar = m.cyclesToUs(w.scalarCycles + std::max(0, pipes - 1) * m.pipeSyncCycles);
        return p;
    }

    static void attributeSerial(const Parts& p, double k, Timed& t)
    {
        t.attr.mte2 += k * (p.latIn + p.in);
        t.attr.vector += k * p.vec;
        t.attr.cube += k * p.cube;
        t.attr.mte3 += k * (p.latOut + p.out);
        t.attr.scalar += k * p.scalar;
        t.busy.mte2 += k * p.in;
        t.busy.vector += k * p.vec;
        t.busy.cube += k * p.cube;
        t.busy.mte3 += k * p.out;
        t.busy.scalar += k * p.scalar;
        t.time += k * p.chain();
    }

    Timed iteration(const IterCost& it) const
    {
        Timed t;
        attributeSerial(parts(it.direct), 1.0, t);
        for (const LoopCost& loop : it.loops) {
            const Timed l = loopTime(loop);
            t.time += l.time;
            t.attr.add(l.attr);
            t.busy.add(l.busy);
        }
        return t;
    }

    Timed loopTime(const LoopCost& loop) const
    {
        Timed t;
        bool nested = false, transfers = false;
        for (const LoopGroup& g : loop.groups) {
            nested = nested || !g.iter.loops.empty();
            transfers = transfers || g.iter.direct.hasTransfers();
        }
        if (!mb || nested || !transfers || loop.trips < 2) {
            for (const LoopGroup& g : loop.groups) {
                const Timed i = iteration(g.iter);
                t.time += g.count * i.time;
                t.attr.add(i.attr, g.count);
                t.busy.add(i.busy, g.count);
            }
            return t;
        }
        // Multibuffer: two buffers per transfer, so iteration i+1 loads while i computes and
        // i-1 stores. The period is the busiest resource, or half of one buffer's round trip.
        bool first = true;
        for (const LoopGroup& g : loop.groups) {
            if (g.count <= 0)
                continue;
            const Parts p = parts(g.iter.direct);
            const double gm = r.sharedGm ? p.in + p.out : std::max(p.in, p.out);
            const double roundTrip = p.latIn + p.in + p.vec + p.cube + p.latOut + p.out;
            // A tail tile's fill waits for the previous tile's vector work, its load for the fill.
            const double fillChain = p.fills ? p.in + p.vec : 0.0;
            const double period = std::max({gm, p.vec, p.cube, p.scalar, roundTrip / 2.0, fillChain});
            t.time += g.count * period;
            t.busy.mte2 += g.count * p.in;
            t.busy.vector += g.count * p.vec;
            t.busy.cube += g.count * p.cube;
            t.busy.mte3 += g.count * p.out;
            t.busy.scalar += g.count * p.scalar;
            // Steady state goes to the limiting pipe; a latency-bound period to the round trip.
            // Pipes that come within kCoLimit of the period limit it together: they share it in
            // proportion to their work (a GEMM's MTE2 at 95% of the cube's time waits on it
            // as much as it is waited for).
            const double steady = g.count * period;
            if (period == roundTrip / 2.0 && roundTrip / 2.0 > std::max({gm, p.vec, p.cube, p.scalar})) {
                const double k = steady / roundTrip;
                t.attr.mte2 += k * (p.latIn + p.in);
                t.attr.vector += k * p.vec;
                t.attr.cube += k * p.cube;
                t.attr.mte3 += k * (p.latOut + p.out);
            } else if (period == fillChain) {
                const double k = p.in + p.vec > 0 ? steady / (p.in + p.vec) : 0.0;
                t.attr.mte2 += k * p.in;
                t.attr.vector += k * p.vec;
            } else {
                constexpr double kCoLimit = 0.9;
                const double gmShare = gm > 0 ? (r.sharedGm ? p.in / gm : (p.in >= p.out ? 1.0 : 0.0)) : 0.5;
                double* const pipes[] = {&t.attr.mte2, &t.attr.mte3, &t.attr.vector, &t.attr.cube, &t.attr.scalar};
                const double work[] = {gm * gmShare, gm * (1.0 - gmShare), p.vec, p.cube, p.scalar};
                const double limits[] = {gm, gm, p.vec, p.cube, p.scalar};
                double sum = 0;
                for (int i = 0; i < 5; ++i)
                    sum += limits[i] >= kCoLimit * period ? work[i] : 0.0;
                for (int i = 0; i < 5 && sum > 0; ++i)
                    if (limits[i] >= kCoLimit * period)
                        *pipes[i] += steady * work[i] / sum;
            }
            if (first) {
                // Filling and draining the pipeline once.
                const double fill = std::max(0.0, roundTrip + p.scalar - period);
                const double chain = roundTrip + p.scalar;
                if (chain > 0) {
                    const double k = fill / chain;
                    t.attr.mte2 += k * (p.latIn + p.in);
                    t.attr.vector += k * p.vec;
                    t.attr.cube += k * p.cube;
                    t.attr.mte3 += k * (p.latOut + p.out);
                    t.attr.scalar += k * p.scalar;
                }
                t.time += fill;
                first = false;
            }
        }
        return t;
    }

    const DeviceModel& m;
    Rates r;
    bool mb;
    bool cube;  // programs on AI cores: their loads go into L1
};

} // namespace

SimResult simulate(const CompiledKernel& kernel, const DeviceModel& m, const SimOptions& options)
{
    SimResult res;
    if (!kernel.ok()) {
        res.error = msg::Message(msg::Id::SimNotCompiled,
                                 {kernel.text.empty() ? msg::Arg(kernel.message) : msg::Arg(kernel.text)});
        return res;
    }
    if (kernel.variants.empty() || kernel.programs <= 0) {
        res.error = msg::Message(msg::Id::SimNoPrograms);
        return res;
    }
    res.ok = true;
    res.cubeKernel = kernel.usesCube;
    res.programs = kernel.programs;
    const int cores = kernel.usesCube ? m.cubeCores : m.vectorCores;
    res.coresAvailable = cores;
    res.coresUsed = int(std::min<std::int64_t>(cores, kernel.programs));
    res.waves = (kernel.programs + cores - 1) / cores;
    res.tailPrograms = kernel.programs - (res.waves - 1) * cores;

    // L2: what the launch touches, what it reads again, and whether it fits.
    double reads = 0, uniqueReads = 0, writes = 0, uniqueWrites = 0, workingSet = 0;
    for (const TensorTraffic& t : kernel.tensors) {
        reads += t.readBytes;
        writes += t.writeBytes;
        uniqueReads += std::min<double>(t.readBytes, double(t.sizeBytes));
        uniqueWrites += std::min<double>(t.writeBytes, double(t.sizeBytes));
        workingSet += std::min<double>(t.readBytes + t.writeBytes, double(t.sizeBytes));
    }
    // Bytes not attributed to a tracked tensor (scalar loads, beyond the tracked tensors).
    double allReads = 0, allWrites = 0;
    for (const ProgramVariant& v : kernel.variants) {
        allReads += v.count * v.total.inBytes;
        allWrites += v.count * v.total.outBytes;
    }
    uniqueReads += std::max(0.0, allReads - reads);
    uniqueWrites += std::max(0.0, allWrites - writes);
    reads = std::max(reads, allReads);
    writes = std::max(writes, allWrites);
    // A byte read again hits L2 when what the launch touches between the two reads still fits.
    // That reuse distance is estimated per tensor as if the tensors' traffic were interleaved
    // evenly over the launch: between two passes over T, every other tensor U moves its traffic
    // over T's passes, at most all of U. Everything up to the resident part of L2 hits; past
    // l2ThrashFactor x L2 nothing does; in between the share falls linearly.
    const double residentBytes = m.l2ResidentFraction * m.l2Bytes;
    const double thrashBytes = std::max(residentBytes * 1.0001, m.l2ThrashFactor * m.l2Bytes);
    auto survives = [&](double distance) {
        return std::clamp((thrashBytes - distance) / (thrashBytes - residentBytes), 0.0, 1.0);
    };
    double hitBytes = 0;
    if (!options.l2Bypass) {
        for (const TensorTraffic& t : kernel.tensors) {
            const double size = double(t.sizeBytes);
            if (size <= 0 || t.readBytes <= 0)
                continue;
            if (t.readBytes > size) {
                const double passes = t.readBytes / size;
                double distance = 0;
                for (const TensorTraffic& u : kernel.tensors)
                    distance += std::min<double>(double(u.sizeBytes), (u.readBytes + u.writeBytes) / passes);
                hitBytes += (t.readBytes - size) * survives(distance);
            }
            // The profiler path runs the launch again without a flush: the first reads find the
            // previous run's data when the whole working set stays.
            if (options.l2Warm)
                hitBytes += std::min(t.readBytes, size) * survives(workingSet);
        }
    }
    const bool fits = !options.l2Bypass && survives(workingSet) >= 1.0;
    const double hit = reads > 0 ? std::clamp(hitBytes / reads, 0.0, 1.0) : 0.0;
    res.l2HitFraction = hit;
    res.readBytes = reads;
    res.writeBytes = writes;
    res.hbmBytes = reads * (1.0 - hit) + writes;

    const double portBytesPerUs =
        (kernel.usesCube ? m.cubeCoreGmBytesPerCycle : m.coreGmBytesPerCycle) * m.clockGhz * 1000.0;
    // Per core of a wave of `active`: reads that hit come from L2, reads that miss from the L2 fill
    // (or, through the bypass alias, straight from HBM), writes go to HBM. A core's reads and
    // writes take turns on its GM slice: they add, they do not overlap ([SKY] §RWSerial).
    auto ratesFor = [&](std::int64_t active) {
        Rates r;
        const double n = double(std::max<std::int64_t>(1, active));
        const double hbmShare = m.hbmBytesPerUs * m.hbmSustainedFraction / n;
        const double fillShare = std::min(m.l2FillBytesPerUs, m.hbmBytesPerUs * m.hbmSustainedFraction) / n;
        const double l2Share = m.l2BytesPerUs / n;
        const double hbmCore = std::min(portBytesPerUs, hbmShare);
        const double missCore = std::min(portBytesPerUs, options.l2Bypass ? hbmShare : fillShare);
        const double l2Core = std::min(portBytesPerUs, l2Share);
        r.portBytesPerUs = portBytesPerUs;
        r.readBytesPerUs = 1.0 / (hit / l2Core + (1.0 - hit) / missCore);
        r.writeBytesPerUs = hbmCore;
        r.readLatencyCycles = hit * m.l2HitLatencyCycles + (1.0 - hit) * m.gmReadLatencyCycles;
        r.sharedGm = true;
        return r;
    };

    // Which program kinds run in the last wave, and which in the full ones.
    const auto& g = kernel.grid;
    const std::int64_t lastStart = (res.waves - 1) * cores;
    std::vector<double> inLast(kernel.variants.size(), 0.0);
    for (std::int64_t id = lastStart; id < kernel.programs; ++id) {
        const std::int64_t p0 = id % g[0], p1 = (id / g[0]) % g[1], p2 = id / (g[0] * g[1]);
        const unsigned pos = unsigned(g[0] > 1 && p0 == g[0] - 1) | (unsigned(g[1] > 1 && p1 == g[1] - 1) << 1) |
                             (unsigned(g[2] > 1 && p2 == g[2] - 1) << 2);
        for (std::size_t v = 0; v < kernel.variants.size(); ++v)
            if (kernel.variants[v].positions & (1u << pos)) {
                inLast[v] += 1;
                break;
            }
    }
    auto waveTime = [&](std::int64_t active, bool last, Timed& worst) {
        const ProgramTimer timer(m, ratesFor(active), kernel.overlapsTransfers(), kernel.usesCube);
        worst = Timed{};
        bool any = false;
        for (std::size_t v = 0; v < kernel.variants.size(); ++v) {
            const double present = last ? inLast[v] : kernel.variants[v].count - inLast[v];
            if (present <= 0.5)
                continue;
            const Timed t = timer.program(kernel.variants[v].cost);
            if (!any || t.time > worst.time)
                worst = t;
            any = true;
        }
        return any;
    };
    Timed full, tail;
    if (res.waves > 1 && waveTime(cores, false, full)) {
        res.breakdown.add(full.attr, double(res.waves - 1));
        res.busy.add(full.busy, double(res.waves - 1));
        res.programUs = full.time;
    }
    if (waveTime(res.tailPrograms, true, tail)) {
        res.breakdown.add(tail.attr);
        res.busy.add(tail.busy);
        if (res.waves == 1)
            res.programUs = tail.time;
    }
    // Device-side launch: a fixed part plus a part growing with the cores launched. A wall clock
    // sees the whole head overhead; the profiler's task time only the cores' start-up.
    const double share = double(res.coresUsed) / (kernel.usesCube ? m.cubeCores : m.vectorCores);
    res.breakdown.launch = options.onChipOnly
                               ? m.profiledLaunchUs * (m.profiledLaunchFixedFraction +
                                                       (1.0 - m.profiledLaunchFixedFraction) * share)
                               : m.deviceLaunchUs * (m.launchFixedFraction + (1.0 - m.launchFixedFraction) * share);
    res.busy.launch = res.breakdown.launch;
    res.deviceUs = res.breakdown.total();
    res.achievedGBps = res.deviceUs > 0 ? (reads + writes) / res.deviceUs / 1e3 : 0;

    // Roofline under the same cache condition.
    Roofline& rl = res.roofline;
    const bool warmReads = options.l2Warm && fits;
    const double hbmReads = warmReads ? 0.0 : uniqueReads;
    const double l2Reads = warmReads ? uniqueReads : 0.0;
    rl.minBytes = uniqueReads + uniqueWrites;
    rl.memoryUs = (hbmReads + uniqueWrites) / m.hbmBytesPerUs + l2Reads / m.l2BytesPerUs;
    double vecIdeal = 0, flops = 0;
    for (const ProgramVariant& v : kernel.variants) {
        vecIdeal += v.count * v.total.vectorIdealCycles;
        flops += v.count * v.total.cubeFlops;
    }
    rl.vectorUs = vecIdeal / (double(m.vectorCores) * m.clockGhz * 1000.0);
    const double cubePeakFlopsPerUs = double(m.cubeCores) * 4096.0 * 2.0 * m.cubeFractalsPerCycle * m.clockGhz * 1000.0;
    rl.cubeUs = flops / cubePeakFlopsPerUs;
    rl.boundUs = std::max({rl.memoryUs, rl.vectorUs, rl.cubeUs});
    rl.limiter = rl.boundUs == rl.cubeUs && rl.cubeUs > 0 ? "cube" : rl.boundUs == rl.vectorUs && rl.vectorUs > rl.memoryUs ? "vector" : "memory";
    rl.efficiency = res.deviceUs > 0 ? rl.boundUs / res.deviceUs : 0;
    return res;
}

} // namespace ts::npu
