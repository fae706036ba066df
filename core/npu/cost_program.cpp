#include "core/npu/cost_program.h"

#include "core/util/format.h"
#include "core/util/message.h"

#include <cmath>
#include <cstdio>

namespace ts::npu {

namespace {
// The fields that add up alike (per-tensor traffic apart).
constexpr double Work::*kAdditive[] = {&Work::inBytes,      &Work::inEffBytes,        &Work::inTransfers,
                                       &Work::inBursts,     &Work::outBytes,          &Work::outEffBytes,
                                       &Work::outTransfers, &Work::outBursts,         &Work::vectorCycles,
                                       &Work::vectorIdealCycles, &Work::cubeCycles,   &Work::cubeFlops,
                                       &Work::scalarCycles, &Work::tailFills};

bool near(double a, double b)
{
    return a == b || std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}
} // namespace

void Work::add(const Work& o, double k)
{
    for (double Work::*field : kAdditive)
        this->*field += k * (o.*field);
    for (int t = 0; t < kTrackedTensors; ++t) {
        tensorIn[std::size_t(t)] += k * o.tensorIn[std::size_t(t)];
        tensorOut[std::size_t(t)] += k * o.tensorOut[std::size_t(t)];
    }
}

bool Work::sameAs(const Work& o) const
{
    if (!(near(inBytes, o.inBytes) && near(inEffBytes, o.inEffBytes) && near(inTransfers, o.inTransfers) &&
          near(outBytes, o.outBytes) && near(outEffBytes, o.outEffBytes) && near(outTransfers, o.outTransfers) &&
          near(vectorCycles, o.vectorCycles) && near(cubeCycles, o.cubeCycles) && near(scalarCycles, o.scalarCycles) &&
          near(inBursts, o.inBursts) && near(outBursts, o.outBursts) && near(tailFills, o.tailFills) &&
          near(inUnawaited, o.inUnawaited)))
        return false;
    for (int t = 0; t < kTrackedTensors; ++t)
        if (!near(tensorIn[std::size_t(t)], o.tensorIn[std::size_t(t)]) ||
            !near(tensorOut[std::size_t(t)], o.tensorOut[std::size_t(t)]))
            return false;
    return true;
}

Work IterCost::total() const
{
    Work w = direct;
    for (const LoopCost& loop : loops)
        for (const LoopGroup& g : loop.groups)
            w.add(g.iter.total(), g.count);
    return w;
}

std::string LiveTile::describe() const
{
    return described().text();
}

msg::Arg LiveTile::described() const
{
    msg::Arg s = name == msg::text(msg::Id::TemporaryTile) ? msg::Arg(msg::Message(msg::Id::TemporaryTile)) : msg::Arg(name);
    std::string figures = ": ";
    if (!shape.empty() || dtype != Dt::Unknown) {
        figures += std::string(dtName(dtype)) + "[";
        for (std::size_t i = 0; i < shape.size(); ++i)
            figures += (i ? ", " : "") + std::to_string(shape[i]);
        figures += "] ";
    }
    s += figures + formatBytes(bytes);
    if (doubled)
        s = msg::Message(msg::Id::LiveTileDoubled, {s});
    if (line > 0)
        s = msg::Message(msg::Id::LiveTileAtLine, {s, line});
    return s;
}

std::string_view compileFailureName(CompileFailure failure)
{
    switch (failure) {
    case CompileFailure::None: return "ok";
    case CompileFailure::UbOverflow: return "ub-overflow";
    case CompileFailure::L1Overflow: return "l1-overflow";
    case CompileFailure::L0Overflow: return "l0-overflow";
    case CompileFailure::InvalidShape: return "invalid-shape";
    case CompileFailure::InvalidGrid: return "invalid-grid";
    case CompileFailure::MissingConstexpr: return "missing-constexpr";
    case CompileFailure::ConflictingConstexpr: return "conflicting-constexpr";
    case CompileFailure::TraceError: return "trace-error";
    }
    return "unknown";
}

std::optional<CompileFailure> parseCompileFailure(std::string_view name)
{
    for (int i = 0; i < kCompileFailureCount; ++i)
        if (compileFailureName(CompileFailure(i)) == name)
            return CompileFailure(i);
    return std::nullopt;
}

} // namespace ts::npu
