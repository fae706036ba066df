#include "core/space/space_summary.h"

#include "core/space/cube_generator.h"
#include "core/util/format.h"

#include <array>
#include <sstream>

namespace ts::space {

SpaceSummary summarizeSpace(const CandidateSpace& space, const std::function<bool(std::size_t)>& keep,
                            const std::string& filter)
{
    SpaceSummary out;
    out.filter = filter;
    const CubeGeneration* cube = space.backend().cube.get();
    std::array<std::array<std::uint64_t, kReasonCodeCount>, kCandidateStatusCount> table{};
    for (std::size_t i = 0; i < space.size(); ++i)
        if (!keep || keep(i))
            ++table[std::size_t(space.status(i))][std::size_t(space.reason(i))];
    if (cube) {
        out.cube = true;
        out.tilings = cube->totalCombinations;
        out.keptTilings = cube->configs.size();
        out.prunedTilings = cube->prunedCount;
        out.generatedConfigs = space.countOrigin(CandidateStatus::Generated);
    }
    for (int s = 0; s < kCandidateStatusCount; ++s)
        for (int r = 0; r < kReasonCodeCount; ++r)
            if (const std::uint64_t n = table[std::size_t(s)][std::size_t(r)]; n > 0) {
                out.counts.push_back({CandidateStatus(s), ReasonCode(r), n});
                out.judged += n;
            }
    return out;
}

std::string formatSpaceSummary(const SpaceSummary& summary)
{
    std::ostringstream out;
    out << "Candidates judged: " << formatInteger(std::int64_t(summary.judged));
    if (!summary.filter.empty())
        out << " matching '" << summary.filter << "'";
    out << "\n";
    for (const SpaceSummary::Count& c : summary.counts) {
        const std::string status(statusName(c.status));
        const std::string reason = c.reason == ReasonCode::None ? std::string("-") : std::string(reasonCodeName(c.reason));
        out << "  " << status << std::string(status.size() < 11 ? 11 - status.size() : 1, ' ') << reason
            << std::string(reason.size() < 22 ? 22 - reason.size() : 1, ' ')
            << formatInteger(std::int64_t(c.count)) << "\n";
    }
    if (summary.cube)
        out << "Cube tilings: " << formatInteger(std::int64_t(summary.tilings))
            << " judged = " << formatInteger(std::int64_t(summary.keptTilings)) << " kept + "
            << formatInteger(std::int64_t(summary.prunedTilings)) << " pruned; the kept ones become "
            << formatInteger(std::int64_t(summary.generatedConfigs)) << " configs with the hints\n";
    return out.str();
}

nlohmann::ordered_json spaceSummaryToJson(const SpaceSummary& summary, const std::string& backend)
{
    nlohmann::ordered_json out;
    out["schema"] = "tilescope.space-summary/1";
    out["backend"] = backend;
    out["judged"] = summary.judged;
    out["filter"] = summary.filter.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(summary.filter);
    nlohmann::ordered_json counts = nlohmann::ordered_json::array();
    for (const SpaceSummary::Count& c : summary.counts)
        counts.push_back({{"status", std::string(statusName(c.status))},
                          {"reason", c.reason == ReasonCode::None ? nlohmann::ordered_json()
                                                                  : nlohmann::ordered_json(std::string(reasonCodeName(c.reason)))},
                          {"count", c.count}});
    out["counts"] = std::move(counts);
    if (summary.cube)
        out["cube"] = {{"tilings", summary.tilings},
                       {"kept", summary.keptTilings},
                       {"pruned", summary.prunedTilings},
                       {"generatedConfigs", summary.generatedConfigs}};
    else
        out["cube"] = nullptr;
    return out;
}

} // namespace ts::space
