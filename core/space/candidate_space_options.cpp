// The lattice's option points: a generated tiling of a vector kernel with a launch setting its
// version never lists (num_stages apart from what it couples it to, a compile option only
// max_autotune adds, a value outside a hint dimension's list), each a skipped row whose reason
// is in the version's words (backends::BackendPolicy::optionVariants, outsideHintNote).
//
// They are crossed at the generated tilings only: a tiling the walk never reaches already has
// its own reason, and crossing every lattice tiling would multiply a million rows by the
// settings. The rows follow every other row, so the walk's rows keep their positions.
#include "core/space/candidate_space.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/util/message.h"

#include <algorithm>
#include <array>
#include <set>

namespace ts::space {

namespace {

int findDimension(const std::vector<SpaceDimension>& dims, const std::string& name)
{
    for (std::size_t j = 0; j < dims.size(); ++j)
        if (dims[j].name == name)
            return int(j);
    return -1;
}

int findKind(const std::vector<SpaceDimension>& dims, SpaceDimension::Kind kind)
{
    for (std::size_t j = 0; j < dims.size(); ++j)
        if (dims[j].kind == kind)
            return int(j);
    return -1;
}

// The value past a hint's int list: the next power of two above its largest value.
std::int64_t valuePast(std::int64_t largest)
{
    std::int64_t v = 1;
    while (v <= largest && v < (std::int64_t(1) << 61))
        v *= 2;
    return v;
}

} // namespace

void CandidateSpace::prepareOptionPoints()
{
    // A SIMT kernel's variant is num_warps: it has no multibuffer / num_stages pair to untie.
    if (m_backend.cube || m_tunableCount == 0 || findKind(m_dims, SpaceDimension::Kind::NumWarps) >= 0 ||
        m_numStagesDim >= 0)
        return;
    const backends::BackendPolicy& version = backends::policy(m_backendVersion);
    const int mb = findKind(m_dims, SpaceDimension::Kind::Multibuffer);
    std::vector<std::string> added; // compile options the settings set that the list does not
    bool any = false;
    for (std::size_t i = 0; i < m_generatedCount; ++i) {
        if (m_status[i] != CandidateStatus::Generated || m_reason[i] == ReasonCode::Fallback)
            continue;
        backends::TilingOptions listed;
        const std::int64_t mbValue = mb >= 0 ? value(i, std::size_t(mb)) : kUnset;
        if (mbValue != kUnset)
            listed.multibuffer = mbValue != 0;
        listed.numStages = numStages(i);
        for (const backends::OptionVariant& v : version.optionVariants(listed)) {
            any = true;
            for (const auto& [name, on] : v.options.compileOptions)
                if (findDimension(m_dims, name) < 0 && std::find(added.begin(), added.end(), name) == added.end())
                    added.push_back(name);
        }
    }
    for (int j = m_hintBegin; j < int(m_dims.size()) && !any; ++j)
        any = m_dims[std::size_t(j)].kind == SpaceDimension::Kind::Hint &&
              !version.outsideHintNote(m_dims[std::size_t(j)].name, "[]").empty();
    if (!any)
        return;

    // num_stages becomes a column (each row keeps the value it had), then the compile options.
    const std::size_t oldWidth = m_dims.size();
    std::vector<std::int64_t> stages(m_status.size());
    for (std::size_t i = 0; i < stages.size(); ++i)
        stages[i] = numStages(i);
    SpaceDimension numStagesDim;
    numStagesDim.name = "num_stages";
    numStagesDim.kind = SpaceDimension::Kind::NumStages;
    // What every row of the walk has: the list's own value (a backend list's rows are read
    // from the list, a crossed tiling's from this single value).
    numStagesDim.values = {1};
    m_numStagesDim = int(m_dims.size());
    m_dims.push_back(std::move(numStagesDim));
    for (const std::string& name : added) {
        SpaceDimension dim;
        dim.name = name;
        dim.kind = SpaceDimension::Kind::Hint;
        dim.boolean = true;
        // A compile option, not a constexpr of the kernel: its values are choices, which the
        // tuning does not bind and the launch model does not read.
        dim.choices = {ParamValue::boolean(true), ParamValue::boolean(false)};
        dim.values = {kUnset};
        m_dims.push_back(std::move(dim));
    }
    const std::size_t width = m_dims.size();
    std::vector<std::int64_t> widened;
    widened.reserve(stages.size() * width);
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const std::int64_t* row = m_values.data() + i * oldWidth;
        widened.insert(widened.end(), row, row + oldWidth);
        widened.push_back(stages[i]);
        widened.insert(widened.end(), width - oldWidth - 1, kUnset);
    }
    m_values = std::move(widened);
}

void CandidateSpace::addOptionPoints()
{
    if (!m_latticeBuilt || m_stopped || m_numStagesDim < 0)
        return;
    const backends::BackendPolicy& version = backends::policy(m_backendVersion);
    const std::size_t d = m_dims.size();
    const int mb = findKind(m_dims, SpaceDimension::Kind::Multibuffer);
    const auto isListed = [&](std::size_t i) {
        return m_status[i] == CandidateStatus::Generated && m_reason[i] != ReasonCode::Fallback;
    };
    auto noteIndex = [&](msg::Message note) {
        const std::string english = note.english();
        for (std::size_t k = 0; k < m_optionNotes.size(); ++k)
            if (m_optionNotes[k].english() == english)
                return std::uint8_t(k);
        m_optionNotes.push_back(std::move(note));
        return std::uint8_t(m_optionNotes.size() - 1);
    };

    // The hint dimensions a version crosses with listed values only, and the values past them.
    struct Outside {
        int dim = -1;
        std::vector<std::int64_t> values;
        std::uint8_t note = 0;
    };
    std::vector<Outside> outside;
    for (int j = m_hintBegin; j < m_numStagesDim; ++j) {
        const SpaceDimension& dim = m_dims[std::size_t(j)];
        if (dim.kind != SpaceDimension::Kind::Hint || !dim.choices.empty())
            continue;
        std::vector<std::int64_t> listed;
        for (std::size_t i = 0; i < m_generatedCount; ++i)
            if (isListed(i) && value(i, std::size_t(j)) != kUnset)
                listed.push_back(value(i, std::size_t(j)));
        std::sort(listed.begin(), listed.end());
        listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
        if (listed.empty())
            continue;
        std::string text = "[";
        for (std::size_t k = 0; k < listed.size(); ++k)
            text += (k ? ", " : "") + dim.text(listed[k]);
        text += "]";
        msg::Message note = version.outsideHintNote(dim.name, text);
        if (note.empty())
            continue;
        Outside o;
        o.dim = j;
        if (dim.boolean) {
            for (std::int64_t v : {0, 1})
                if (!std::binary_search(listed.begin(), listed.end(), v))
                    o.values.push_back(v);
        } else if (listed.back() > 0) {
            o.values.push_back(valuePast(listed.back()));
        }
        if (o.values.empty())
            continue;
        o.note = noteIndex(std::move(note));
        outside.push_back(std::move(o));
    }

    m_optionBegin = m_status.size();
    std::array<std::size_t, 3> added{};
    std::vector<std::int64_t> row(d);
    std::set<std::vector<std::int64_t>> seen; // one tiling's settings, listed or added
    auto emit = [&](std::size_t base, ReasonCode code, int param, std::uint8_t note) {
        if (!seen.emplace(row.begin() + m_hintBegin, row.end()).second)
            return;
        m_values.insert(m_values.end(), row.begin(), row.end());
        push(CandidateStatus::Skipped, code, std::int32_t(base), std::int8_t(param), m_violations[base], m_tile[base],
             m_programs[base], m_launch[base]);
        m_optionNote.push_back(note);
        ++added[std::size_t(code) - std::size_t(ReasonCode::NumStagesTied)];
    };
    for (std::size_t first = 0; first < m_generatedCount;) {
        // One generated tiling: its consecutive list rows.
        std::size_t last = first + 1;
        while (last < m_generatedCount && isListed(first) && isListed(last) &&
               std::equal(m_values.begin() + std::ptrdiff_t(first * d),
                          m_values.begin() + std::ptrdiff_t(first * d + std::size_t(m_tunableCount)),
                          m_values.begin() + std::ptrdiff_t(last * d)))
            ++last;
        if (!isListed(first)) {
            first = last;
            continue;
        }
        seen.clear();
        for (std::size_t i = first; i < last; ++i)
            seen.emplace(m_values.begin() + std::ptrdiff_t(i * d + std::size_t(m_hintBegin)),
                         m_values.begin() + std::ptrdiff_t((i + 1) * d));
        std::vector<std::int64_t> copy(d);
        for (std::size_t i = first; i < last; ++i) {
            // A copy: each point added may move the rows.
            std::copy(m_values.begin() + std::ptrdiff_t(i * d), m_values.begin() + std::ptrdiff_t((i + 1) * d),
                      copy.begin());
            const std::int64_t* own = copy.data();
            backends::TilingOptions listed;
            if (mb >= 0 && own[mb] != kUnset)
                listed.multibuffer = own[mb] != 0;
            listed.numStages = int(own[m_numStagesDim]);
            for (const backends::OptionVariant& v : version.optionVariants(listed)) {
                std::copy(own, own + d, row.begin());
                if (v.options.multibuffer != listed.multibuffer) {
                    if (mb < 0)
                        continue; // the multibuffer keyword is fixed at launch here
                    row[std::size_t(mb)] = v.options.multibuffer ? std::int64_t(*v.options.multibuffer) : kUnset;
                }
                row[std::size_t(m_numStagesDim)] = v.options.numStages;
                int param = v.options.numStages != listed.numStages ? m_numStagesDim : -1;
                bool listAlreadyCrosses = false;
                for (const auto& [name, on] : v.options.compileOptions) {
                    const int j = findDimension(m_dims, name);
                    listAlreadyCrosses = listAlreadyCrosses || j < m_numStagesDim;
                    if (j > m_numStagesDim) {
                        row[std::size_t(j)] = m_dims[std::size_t(j)].encode(ParamValue::boolean(on));
                        param = j;
                    }
                }
                if (listAlreadyCrosses)
                    continue; // a hint of the option: the list crosses it already
                const ReasonCode code = v.reason == backends::OptionReason::NumStagesTied ? ReasonCode::NumStagesTied
                                                                                         : ReasonCode::MaxAutotuneOnly;
                emit(i, code, param, noteIndex(v.why));
            }
            for (const Outside& o : outside)
                for (std::int64_t value : o.values) {
                    std::copy(own, own + d, row.begin());
                    row[std::size_t(o.dim)] = value;
                    emit(i, ReasonCode::OutsideHint, o.dim, o.note);
                }
        }
        first = last;
    }

    // The dimensions' values, now that the option points set them: one pass over the rows, each
    // value kept once as it is met (a dimension has a handful), so a million-point lattice is
    // read once instead of copied and sorted per dimension.
    const std::size_t firstOption = std::size_t(m_numStagesDim);
    for (std::size_t i = 0; i < m_status.size(); ++i) {
        const std::int64_t* own = m_values.data() + i * d;
        for (std::size_t j = firstOption; j < d; ++j) {
            const std::int64_t v = own[j];
            std::vector<std::int64_t>& values = m_dims[j].values;
            if ((v != kUnset || j == firstOption) && std::find(values.begin(), values.end(), v) == values.end())
                values.push_back(v);
        }
    }
    for (std::size_t j = firstOption; j < d; ++j)
        std::sort(m_dims[j].values.begin(), m_dims[j].values.end());
    const std::size_t total = added[0] + added[1] + added[2];
    m_latticePoints += total;
    if (total > 0)
        m_notes.push_back(msg::Message(msg::Id::OptionPointsAdded, {total, added[0], added[1], added[2]}));
}

} // namespace ts::space
