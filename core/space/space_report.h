#pragma once
// Reports of a candidate space for the CLI: JSON, CSV and a readable text table. Candidates
// come in the space's order: the backend's list first (generated, then handwritten), then the
// rest of the lattice.

#include "core/space/candidate_space.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace ts::space {

inline constexpr const char* kSpaceSchema = "tilescope.space/1";  // docs/schema/space.schema.json

// A tuning of the launch laid onto its space (`space` reads the launch's cached tuning where the
// backend cuts candidates by its time budget while tuning): what it did with each candidate it
// reached, and the totals, which add up.
struct TunedOverlay {
    struct Entry {
        std::size_t candidate = 0;
        std::string outcome;                    // "benchmarked", "best", "compile-failed", "time-budget-cut"
        ReasonCode reason = ReasonCode::None;   // CubeTimeBudget for a candidate the budget cut
    };
    std::vector<Entry> entries;  // sorted by candidate
    std::string reasonMessage;   // why a cut candidate was never benchmarked
    // Where the tuning comes from: "from the tuning cached on DATE (cache #ID in PATH)".
    std::string source;
    std::string createdAt;
    std::int64_t cacheId = 0;
    std::string cachePath;
    std::size_t tuned = 0, benchmarked = 0, failed = 0, cut = 0;
    // The tuning's stored candidates the space does not hold (counted in `tuned`, not in entries).
    std::size_t unmatched = 0;

    const Entry* find(std::size_t candidate) const;
    // "6,352 = 1,064 benchmarked + 272 failed + 5,016 cut by the time budget"
    std::string totalsText() const;
};

// What `space` says of a backend that cuts candidates by its time budget while tuning: the budget,
// and either the tuning laid on the space or, with none cached, how to find which it cuts.
struct TimeBudgetReport {
    double seconds = 0;
    std::optional<TunedOverlay> tuning;
    std::string note;  // without a tuning: what the budget does and the command that finds which
};

struct SpaceReportOptions {
    bool includeTrail = true; // the generator's refused candidates
    std::size_t maxCandidates = std::numeric_limits<std::size_t>::max();
    std::optional<CandidateStatus> only; // keep one status
    // Keep only the candidates this accepts (`space --filter`); empty: all.
    std::function<bool(std::size_t)> keep;
    // The backend version's name the space was generated under ("2026-08"), written as the
    // document's "backend"; empty: left out.
    std::string backend;
    // Set where the backend cuts candidates by its time budget while tuning.
    std::optional<TimeBudgetReport> timeBudget;
};

// The document's "timeBudget" block (docs/schema/space.schema.json); null without one.
nlohmann::ordered_json timeBudgetToJson(const std::optional<TimeBudgetReport>& budget);
// The lines the text reports print for it (the totals and their source, or the note).
std::string timeBudgetText(const std::optional<TimeBudgetReport>& budget);

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
