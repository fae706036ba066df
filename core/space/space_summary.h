#pragma once
// Every candidate of a space counted by status and reason (`tilescope space --summary`), so
// that the counts add up to the candidates judged. A cube kernel's pruned candidates are all
// rows of the space (read from the cube generator's verdict grid), so they are counted as rows.

#include "core/space/candidate_space.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ts::space {

struct SpaceSummary {
    struct Count {
        CandidateStatus status = CandidateStatus::Generated;
        ReasonCode reason = ReasonCode::None;
        std::uint64_t count = 0;
    };
    std::vector<Count> counts; // non-zero only: by status, then by reason
    std::uint64_t judged = 0;  // their sum
    std::string filter;        // the query the candidates counted match ("" for all)
    // A cube / mix kernel: the block tilings the cube generator judged, how many it kept, and
    // the configs the kept ones became once crossed with the hints.
    bool cube = false;
    std::uint64_t tilings = 0;
    std::uint64_t keptTilings = 0;
    std::uint64_t prunedTilings = 0;
    std::uint64_t generatedConfigs = 0;
};

// `keep` (with its query's text in `filter`) counts only the candidates it keeps.
SpaceSummary summarizeSpace(const CandidateSpace& space, const std::function<bool(std::size_t)>& keep = {},
                            const std::string& filter = {});
std::string formatSpaceSummary(const SpaceSummary& summary);
// "tilescope.space-summary/1" (docs/schema/space-summary.schema.json).
nlohmann::ordered_json spaceSummaryToJson(const SpaceSummary& summary, const std::string& backend);

} // namespace ts::space
