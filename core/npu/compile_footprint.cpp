// The UB / L1 footprint: what is live after each operation, under both multibuffer settings,
// and the tiles live at the UB peak (footprintBefore is inline in compiler_machine.h).
#include "core/npu/compiler_machine.h"
#include "core/util/message.h"

namespace ts::npu::compiler {

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
    // An elementwise result may take over the buffer of an operand that dies here, as the
    // compiler's memory planner allows it (AscendNPU-IR PlanMemory: IsReuseHIVMOp,
    // isReusableOperands, InplaceStallPipeline): an operand of the result's shape (not one
    // broadcast into it) and at least its size; a narrowing cast only in 1-D; and under multibuffer
    // never a loaded tile into a result that is stored, which would stall the load / compute /
    // store pipeline.
    const bool elementwise = ins.op == Op::Binary || ins.op == Op::Unary || ins.op == Op::Math ||
                             ins.op == Op::Cast || ins.op == Op::Where || ins.op == Op::Compare;
    const bool inPlace = elementwise && d.k == K::Tile;
    for (int k = 0; k < trackCount; ++k) {
        if (inPlace && destUB[k] > 0)
            for (int j = 0; j < opCount; ++j) {
                if ((liveAfter[j] && opSlots[j] != ins.dest) || opUB[k][j] <= 0)
                    continue;
                const OpTile& o = opVal[j];
                std::int64_t opNumel = 1;
                for (int e = 0; e < o.rank; ++e)
                    opNumel *= o.shape[e];
                const int opWidth = dtBytes(o.dt), width = dtBytes(d.dt);
                const bool widthOk = opWidth == width || (opWidth > width && (ins.op != Op::Cast || d.rank <= 1));
                const bool stall = tracks[k].mb && o.fedByLoad && d.fedByLoad;
                if (opNumel == d.numel() && widthOk && !stall) {
                    ub[k] -= destUB[k];
                    break;
                }
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
            tile.name = msg::text(msg::Id::TemporaryTile);
            tile.line = p.line;
        }
        tile.dtype = p.dtype;
        tile.bytes = p.bytes;
        tile.doubled = p.doubled;
        tiles.push_back(std::move(tile));
    }
    std::sort(tiles.begin(), tiles.end(), [](const LiveTile& a, const LiveTile& b) { return a.bytes > b.bytes; });
}

} // namespace ts::npu::compiler
