#pragma once
// Reports of a candidate space for the CLI: JSON, CSV and a readable text table. Candidates
// come in the space's order: the backend's list first (generated, then handwritten), then the
// rest of the lattice.

#include "core/space/candidate_space.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <ostream>
#include <string>

namespace ts::space {

inline constexpr const char* kSpaceSchema = "tilescope.space/1";  // docs/schema/space.schema.json

struct SpaceReportOptions {
    bool includeTrail = true; // the generator's refused candidates
    std::size_t maxCandidates = std::numeric_limits<std::size_t>::max();
    std::optional<CandidateStatus> only; // keep one status
    // Keep only the candidates this accepts (`space --filter`); empty: all.
    std::function<bool(std::size_t)> keep;
    // The backend version's name the space was generated under ("2026-08"), written as the
    // document's "backend"; empty: left out.
    std::string backend;
};

// One candidate: {"index", "params", "num_warps", "num_stages", "status", "reason", "metrics"}.
nlohmann::json candidateToJson(const CandidateSpace& space, std::size_t i);

// {"device": ..., "candidates": [...], "trail": [...], "error": ... (when the backend raises)}
nlohmann::json spaceToJson(const CandidateSpace& space, const SpaceReportOptions& options = {});
// The same document written candidate by candidate, for lattices too large to hold twice.
void writeSpaceJson(std::ostream& out, const CandidateSpace& space, const SpaceReportOptions& options = {},
                    int indent = -1);

void writeSpaceCsv(std::ostream& out, const CandidateSpace& space, const SpaceReportOptions& options = {});

// A summary and an aligned table; `options.maxCandidates` rows at most (default 60).
std::string formatSpaceTable(const CandidateSpace& space, SpaceReportOptions options = {});

} // namespace ts::space
