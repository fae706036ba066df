#include "core/space/candidate_query.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace ts::space {
namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `name op value`, or false when the term is not one.
bool parseComparison(std::string_view raw, CandidateQuery::Term& term)
{
    using Op = CandidateQuery::Term::Op;
    std::size_t i = 0;
    if (raw.empty() || !isNameStart(raw[0]))
        return false;
    while (i < raw.size() && isNameChar(raw[i]))
        ++i;
    const std::string_view name = raw.substr(0, i);
    struct Spelling {
        std::string_view text;
        Op op;
    };
    // Longest first, so `<=` is not read as `<`.
    static constexpr Spelling kOps[] = {{"==", Op::Eq}, {"!=", Op::Ne}, {"<=", Op::Le}, {">=", Op::Ge},
                                        {"=", Op::Eq},  {"<", Op::Lt},  {">", Op::Gt}};
    const std::string_view rest = raw.substr(i);
    for (const Spelling& s : kOps) {
        if (rest.substr(0, s.text.size()) != s.text)
            continue;
        const std::string value = lower(rest.substr(s.text.size()));
        if (value == "true") {
            term.value = 1;
        } else if (value == "false") {
            term.value = 0;
        } else {
            const char* end = value.data() + value.size();
            auto [ptr, ec] = std::from_chars(value.data(), end, term.value);
            if (value.empty() || ec != std::errc() || ptr != end)
                return false;
        }
        term.op = s.op;
        const std::string field = lower(name);
        using Field = CandidateQuery::Term::Field;
        term.field = field == "tile"       ? Field::Tile
                     : field == "ub"       ? Field::Ub
                     : field == "programs" ? Field::Programs
                     : field == "waves"    ? Field::Waves
                                           : Field::Dimension;
        if (term.field == Field::Dimension)
            term.dimensionName = std::string(name);
        return true;
    }
    return false;
}

bool contains(std::string_view haystack, std::string_view needle)
{
    return !haystack.empty() && haystack.find(needle) != std::string_view::npos;
}

} // namespace

CandidateQuery CandidateQuery::parse(std::string_view text, const QueryLabels* labels)
{
    CandidateQuery query;
    query.m_text = std::string(text);
    std::size_t at = 0;
    while (at < text.size()) {
        while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
            ++at;
        std::size_t end = at;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])))
            ++end;
        if (end == at)
            break;
        Term term;
        term.text = std::string(text.substr(at, end - at));
        at = end;
        if (!parseComparison(term.text, term)) {
            term.field = Term::Field::Word;
            const std::string word = lower(term.text);
            // Resolved once into masks: no string work per row.
            for (int st = 0; st < kCandidateStatusCount; ++st)
                if (contains(statusName(CandidateStatus(st)), word) || (labels && contains(labels->status[st], word)))
                    term.statusMask |= 1u << unsigned(st);
            for (int r = 1; r < kReasonCodeCount; ++r)
                if (contains(reasonCodeName(ReasonCode(r)), word) || (labels && contains(labels->reason[r], word)))
                    term.reasonMask |= 1u << unsigned(r);
        }
        query.m_terms.push_back(std::move(term));
    }
    return query;
}

void CandidateQuery::bind(const CandidateSpace* space)
{
    m_bound = space != nullptr;
    m_dimensionNames.clear();
    if (space)
        for (const SpaceDimension& d : space->dimensions())
            m_dimensionNames.push_back(d.name);
    for (Term& t : m_terms) {
        if (t.field != Term::Field::Dimension)
            continue;
        t.dimension = -1;
        const std::string wanted = lower(t.dimensionName);
        for (std::size_t d = 0; d < m_dimensionNames.size(); ++d)
            if (lower(m_dimensionNames[d]) == wanted)
                t.dimension = int(d);
    }
}

std::vector<std::string> CandidateQuery::problems() const
{
    std::vector<std::string> out;
    for (const Term& t : m_terms) {
        const bool unknownWord = t.field == Term::Field::Word && t.statusMask == 0 && t.reasonMask == 0;
        const bool unknownDimension = t.field == Term::Field::Dimension && m_bound && t.dimension < 0;
        if (unknownWord || unknownDimension)
            out.push_back(t.text);
    }
    return out;
}

std::string CandidateQuery::error() const
{
    std::string out;
    for (const Term& t : m_terms) {
        std::string why;
        if (t.field == Term::Field::Word && t.statusMask == 0 && t.reasonMask == 0)
            why = "'" + t.text + "' is neither a comparison (name op value) nor a status or reason";
        else if (t.field == Term::Field::Dimension && m_bound && t.dimension < 0) {
            why = "'" + t.text + "': the launch has no dimension '" + t.dimensionName + "' (it has ";
            for (std::size_t d = 0; d < m_dimensionNames.size(); ++d)
                why += (d ? ", " : "") + m_dimensionNames[d];
            why += m_dimensionNames.empty() ? "none; " : "; ";
            why += "tile, ub, programs and waves also compare)";
        }
        if (!why.empty())
            out += (out.empty() ? "" : "; ") + why;
    }
    return out;
}

bool CandidateQuery::narrows() const
{
    for (const Term& t : m_terms) {
        if (t.field == Term::Field::Word ? (t.statusMask | t.reasonMask) != 0
                                         : t.field != Term::Field::Dimension || t.dimension >= 0)
            return true;
    }
    return false;
}

bool CandidateQuery::matches(const CandidateSpace& s, std::size_t row) const
{
    for (const Term& term : m_terms) {
        std::int64_t v = 0;
        switch (term.field) {
        case Term::Field::Word:
            if (term.statusMask == 0 && term.reasonMask == 0)
                continue;  // not understood: reported, not emptying the result
            if (!(term.statusMask & (1u << unsigned(s.status(row)))) &&
                !(term.reasonMask & (1u << unsigned(s.reason(row)))))
                return false;
            continue;
        case Term::Field::Dimension:
            if (term.dimension < 0)
                continue;  // not understood (or not bound)
            v = s.value(row, std::size_t(term.dimension));
            if (v == kUnset)
                return false;
            break;
        case Term::Field::Tile: v = s.metrics(row).tileElements; break;
        case Term::Field::Ub: v = s.metrics(row).ubBytes / 1024; break;
        case Term::Field::Programs: v = s.metrics(row).programs; break;
        case Term::Field::Waves: v = s.metrics(row).waves; break;
        }
        bool ok = true;
        switch (term.op) {
        case Term::Op::Eq: ok = v == term.value; break;
        case Term::Op::Ne: ok = v != term.value; break;
        case Term::Op::Lt: ok = v < term.value; break;
        case Term::Op::Le: ok = v <= term.value; break;
        case Term::Op::Gt: ok = v > term.value; break;
        case Term::Op::Ge: ok = v >= term.value; break;
        }
        if (!ok)
            return false;
    }
    return true;
}

std::vector<std::size_t> matchingCandidates(const CandidateSpace& space, const CandidateQuery& query)
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < space.size(); ++i)
        if (query.matches(space, i))
            out.push_back(i);
    return out;
}

std::vector<std::size_t> spreadEvenly(std::size_t n, std::size_t limit)
{
    std::vector<std::size_t> out;
    if (limit == 0 || limit >= n) {
        out.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            out[i] = i;
        return out;
    }
    if (limit == 1)
        return {0};
    for (std::size_t k = 0; k < limit; ++k)
        out.push_back(k * (n - 1) / (limit - 1));
    return out;
}

} // namespace ts::space
