#include "core/space/generation_trail.h"
#include "core/space/trail_message.h"

#include "core/space/space_format.h"
#include "core/space/tile_generator.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <limits>

namespace ts::space {

std::string_view trailCodeName(TrailCode code)
{
    switch (code) {
    case TrailCode::UbCapacity:
        return "ub-capacity";
    case TrailCode::BelowMinTile:
        return "below-min-tile";
    case TrailCode::LowProgramFloor:
        return "low-program-floor";
    case TrailCode::Duplicate:
        return "duplicate";
    case TrailCode::ProgramLimit:
        return "program-limit";
    case TrailCode::LowProgramCap:
        return "low-program-cap";
    case TrailCode::PersistentReduction:
        return "persistent-reduction";
    }
    return "unknown";
}

std::string_view walkPhaseName(WalkPhase phase)
{
    switch (phase) {
    case WalkPhase::SplitDescent:
        return "split descent";
    case WalkPhase::TilingDescent:
        return "tiling descent";
    case WalkPhase::LowDimDescent:
        return "low-dim descent";
    case WalkPhase::LowProgramProbe:
        return "low-program probe";
    }
    return "walk";
}

msg::Message budgetMessage(const TileProblem& p, std::int64_t tile)
{
    const std::int64_t bytes = saturatingMul(saturatingMul(tile, p.dtypeBytes), p.numBuffers);
    const std::int64_t budget = std::int64_t(p.localMemKib) * 1024;
    std::string used = formatBytes(bytes);
    std::string limit = formatBytes(budget);
    if (used == limit) { // rounding hides the difference: show bytes
        used = std::to_string(bytes) + " B";
        limit = std::to_string(budget) + " B";
    }
    using msg::Id;
    return msg::Message(p.simtMode ? (p.numBuffers == 1 ? Id::TileBudgetRegisters1 : Id::TileBudgetRegisters)
                                   : (p.numBuffers == 1 ? Id::TileBudgetUb1 : Id::TileBudgetUb),
                        {msg::count(tile), p.dtypeBytes, p.numBuffers, used, limit});
}

std::string describeBudget(const TileProblem& p, std::int64_t tile)
{
    return budgetMessage(p, tile).english();
}

std::string GenerationTrail::describeValues(std::size_t i, const TileProblem& problem) const
{
    const std::int64_t* v = values(i);
    if (v == nullptr)
        return {};
    std::string out;
    for (std::size_t k = 0; k < problem.params.size(); ++k) {
        if (k > 0)
            out += ", ";
        out += problem.params[k] + "=" + std::to_string(v[k]);
    }
    return out;
}

msg::Message trailMessage(const GenerationTrail& trail, std::size_t i, const TileProblem& p)
{
    const TrailEntry& e = trail[i];
    const auto& n = e.n;
    using msg::Id;
    switch (e.code) {
    case TrailCode::UbCapacity: {
        msg::Message out(Id::TrailUbCapacity, {budgetMessage(p, n[0]), msg::count(n[1])});
        if (const std::int64_t* v = trail.values(i)) {
            const std::int64_t own = p.tileElementsOf(v);
            if (own != n[0])
                out = msg::Message(Id::TrailUbCapacityOwnTile, {out, msg::count(own)});
        }
        return out;
    }
    case TrailCode::BelowMinTile:
        return msg::Message(Id::TrailBelowMinTile,
                            {msg::count(n[0]), msg::count(n[1]), msg::count(n[1] - 100), msg::count(n[2])});
    case TrailCode::LowProgramFloor:
        return msg::Message(Id::TrailLowProgramFloor,
                            {msg::count(n[0]), msg::count(n[1]), msg::count(n[2]), msg::count(n[3])});
    case TrailCode::Duplicate:
        return msg::Message(Id::TrailDuplicate, {n[0]});
    case TrailCode::ProgramLimit: {
        msg::Message out(n[2] != 0 ? Id::TrailProgramLimitGrid : Id::TrailProgramLimitCores,
                         {msg::count(n[0]), msg::count(n[1])});
        if (const std::int64_t* v = trail.values(i); v != nullptr && e.axis >= 0) {
            const std::int64_t block = p.blockOf(e.axis, v);
            if (n[3] != block)
                out = msg::Message(Id::TrailProgramLimitRestart, {out, n[3]});
        }
        return out;
    }
    case TrailCode::LowProgramCap:
        return msg::Message(Id::TrailLowProgramCap, {msg::count(n[0])});
    case TrailCode::PersistentReduction:
        return msg::Message(Id::TrailPersistentReduction, {msg::count(n[0])});
    }
    return {};
}

std::string GenerationTrail::describe(std::size_t i, const TileProblem& p) const
{
    return trailMessage(*this, i, p).english();
}

std::size_t GenerationTrail::count(TrailCode code) const
{
    return std::size_t(std::count_if(m_entries.begin(), m_entries.end(),
                                     [code](const TrailEntry& e) { return e.code == code; }));
}

msg::Message explainEmptyGeneration(const TileProblem& p, const TileGeneration& g)
{
    if (g.count() > 0)
        return {};
    using msg::Id;
    msg::Arg why;
    const GenerationTrail& trail = g.trail;
    std::size_t tried = 0;
    std::int64_t smallestOver = std::numeric_limits<std::int64_t>::max();
    std::size_t perCode[kTrailCodeCount] = {};
    for (const TrailEntry& e : trail.entries()) {
        ++perCode[std::size_t(e.code)];
        if (e.code == TrailCode::UbCapacity || e.code == TrailCode::BelowMinTile ||
            e.code == TrailCode::LowProgramFloor || e.code == TrailCode::Duplicate)
            ++tried;
        if (e.code == TrailCode::UbCapacity)
            smallestOver = std::min(smallestOver, e.n[0]);
    }

    std::string wholeAxes;
    for (const TileAxis& a : p.axes) {
        if (a.tunableSplit || a.tiling)
            continue;
        if (!wholeAxes.empty())
            wholeAxes += ", ";
        wholeAxes += a.name + " (" + std::to_string(a.fixedSplit > 0 ? a.fixedSplit : a.length) + ")";
    }

    if (!g.error) {
        const std::size_t persistent = perCode[std::size_t(TrailCode::PersistentReduction)];
        if (tried == 0 && persistent > 0) {
            why = msg::Message(Id::EmptyPersistentAxis);
            for (const TrailEntry& e : trail.entries())
                if (e.code == TrailCode::PersistentReduction && e.axis >= 0)
                    why = msg::Message(Id::EmptyPersistentAxisNamed,
                                       {p.axes[std::size_t(e.axis)].name, msg::count(e.n[0])});
        } else if (tried == 0) {
            const bool anything = std::any_of(p.axes.begin(), p.axes.end(), [](const TileAxis& a) {
                return a.tunableSplit || a.tiling || a.lowDim;
            });
            why = anything ? msg::Message(Id::EmptyWholeTileSmall, {msg::count(g.limits.maxTotalNumel),
                                                                    msg::count(g.limits.stopNumel)})
                           : msg::Message(Id::EmptyNothingToDescend);
        } else if (perCode[std::size_t(TrailCode::UbCapacity)] == tried) {
            why = msg::Message(Id::EmptyAllOverBudget,
                               {msg::count(std::int64_t(tried)), budgetMessage(p, smallestOver)});
            if (!wholeAxes.empty()) {
                why += " ";
                why += msg::Message(Id::EmptyWholeAxes, {wholeAxes});
            }
        } else {
            // The trail's codes are the names the CLI's JSON uses: kept as written.
            std::string counts;
            for (int c = 0; c < kTrailCodeCount; ++c) {
                if (perCode[c] == 0)
                    continue;
                counts += (counts.empty() ? "" : ", ") + std::string(trailCodeName(TrailCode(c))) + ": " +
                          std::to_string(perCode[c]);
            }
            why = msg::Message(Id::EmptyAllRefused, {msg::count(std::int64_t(tried)), counts});
        }
    } else {
        why = msg::Message(Id::EmptyBackendRaises, {*g.error});
    }
    return msg::Message(Id::EmptyWriteHandwritten, {why});
}

} // namespace ts::space
