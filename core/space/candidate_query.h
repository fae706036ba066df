#pragma once
// A query over the candidates of a space, as the explorer's table filter and `tilescope tune
// --lattice --filter EXPR` take it: whitespace-separated terms that must all hold.
//   - `name op value` (op: = == != < <= > >=, value: an integer, True or False) on a dimension
//     (XBLOCK, multibuffer, num_warps, ...), or on tile (elements), ub (KiB), programs, waves;
//   - any other word names a status (generated, pruned, skipped, user, incorrect) or a reason
//     (off-walk, ub-capacity, ...), or a part of one: a row matches when its status or its
//     reason contains the word.
// Example: `XBLOCK>=1024 multibuffer=True off-walk`.
//
// Parsing needs no space; dimension names are resolved against one with bind(). A term that is
// not understood (a word naming no status or reason, a name no dimension has) is kept in
// problems(): the explorer shows it and ignores the term, the CLI refuses the query.

#include "core/space/candidate_space.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::space {

// Extra names a word may match, besides the statuses' and reasons' own names: the explorer's
// labels as shown (translated). Lower case; empty strings are skipped.
struct QueryLabels {
    std::array<std::string, kCandidateStatusCount> status; // by CandidateStatus
    std::array<std::string, kReasonCodeCount> reason;  // by ReasonCode
};

class CandidateQuery {
public:
    struct Term {
        enum class Field : std::uint8_t { Dimension, Tile, Ub, Programs, Waves, Word };
        enum class Op : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
        std::string text;           // as written
        Field field = Field::Word;
        Op op = Op::Eq;
        std::int64_t value = 0;
        std::string dimensionName;  // Dimension: as written
        int dimension = -1;         // Dimension: resolved by bind(), -1 when the space has none
        std::uint32_t statusMask = 0;  // Word: the statuses it names
        std::uint32_t reasonMask = 0;  // Word: the reasons it names
    };

    CandidateQuery() = default;
    static CandidateQuery parse(std::string_view text, const QueryLabels* labels = nullptr);

    // Resolves dimension names (case-insensitive) against `space`; null unbinds.
    void bind(const CandidateSpace* space);

    const std::string& text() const { return m_text; }
    const std::vector<Term>& terms() const { return m_terms; }
    bool empty() const { return m_terms.empty(); }

    // The terms not understood, as written (a dimension term only once bound).
    std::vector<std::string> problems() const;
    // One line naming each term not understood and what would be: empty when every term is.
    std::string error() const;

    // Whether some understood term narrows the candidates (else every candidate matches).
    bool narrows() const;

    // Whether candidate `i` of `space` (the space bound) passes every understood term.
    bool matches(const CandidateSpace& space, std::size_t i) const;

private:
    std::string m_text;
    std::vector<Term> m_terms;
    std::vector<std::string> m_dimensionNames;  // of the space bound, for error()
    bool m_bound = false;
};

// The candidates of `space` the query matches (bound to it), in space order.
std::vector<std::size_t> matchingCandidates(const CandidateSpace& space, const CandidateQuery& query);

// `limit` of `n` positions, spread evenly: the first, the last and equal steps between (all of
// them when limit >= n or limit is 0).
std::vector<std::size_t> spreadEvenly(std::size_t n, std::size_t limit);

} // namespace ts::space
