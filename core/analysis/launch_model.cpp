// Judging one candidate's launch: its grid, and for every index the kernel reads or writes
// through, which elements the programs reach (the arithmetic is launch_model_judge.h's, shared
// with the closed form of launch_model_shape.h); what a verdict says in words.
#include "core/analysis/launch_model.h"
#include "core/analysis/launch_model_judge.h"
#include "core/util/message.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace ts::analysis {

std::string_view coverageName(Coverage coverage)
{
    switch (coverage) {
    case Coverage::Correct: return "correct";
    case Coverage::Incorrect: return "incorrect";
    case Coverage::Unknown: return "unknown";
    }
    return "unknown";
}

std::string groupedNumber(std::int64_t n)
{
    std::string digits = std::to_string(n < 0 ? -(n + 1) + 1 : n);
    if (n == INT64_MIN)
        digits = "9223372036854775808";
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return n < 0 ? "-" + out : out;
}

LaunchModel::LaunchModel(const LaunchModel& other)
    : m_slots(other.m_slots)
    , m_slotDefaults(other.m_slotDefaults)
    , m_reads(other.m_reads)
    , m_usesCube(other.m_usesCube)
    , m_grid(other.m_grid)
    , m_checks(other.m_checks)
    , m_loops(other.m_loops)
    , m_aranges(other.m_aranges)
    , m_gridEqualities(other.m_gridEqualities)
    , m_unfollowed(other.m_unfollowed)
    , m_gridReadsSlots(other.m_gridReadsSlots)
{
}

int LaunchModel::slotOf(std::string_view name) const
{
    for (std::size_t i = 0; i < m_slots.size(); ++i)
        if (m_slots[i] == name)
            return int(i);
    return -1;
}

std::optional<std::array<std::int64_t, 3>> LaunchModel::evaluateGrid(const std::int64_t* values) const
{
    if (!m_grid.known)
        return std::nullopt;
    std::array<std::int64_t, 3> grid{1, 1, 1};
    if (m_grid.compiled) {
        if (m_grid.dims.empty() || m_grid.dims.size() > 3)
            return std::nullopt;
        for (std::size_t d = 0; d < m_grid.dims.size(); ++d) {
            const auto v = m_grid.dims[d].eval(values);
            if (!v)
                return std::nullopt;
            grid[d] = *v;
        }
        return grid;
    }
    if (!m_grid.call)
        return std::nullopt;
    std::vector<std::int64_t> key;
    key.reserve(m_grid.callReads.size());
    for (int slot : m_grid.callReads)
        key.push_back(values[slot]);
    const std::lock_guard lock(m_gridMemoMutex);
    if (const auto found = m_gridMemo.find(key); found != m_gridMemo.end())
        return found->second;
    std::map<std::string, std::int64_t> overrides;
    for (int slot : m_grid.callReads)
        if (values[slot] != kUnknownSlot)
            overrides[m_slots[std::size_t(slot)]] = values[slot];
    std::optional<std::array<std::int64_t, 3>> result;
    if (const auto dims = m_grid.call(overrides); dims && !dims->empty() && dims->size() <= 3) {
        result = grid;
        for (std::size_t d = 0; d < dims->size(); ++d) {
            if (!(*dims)[d]) {
                result.reset();
                break;
            }
            (*result)[d] = *(*dims)[d];
        }
    }
    m_gridMemo.emplace(std::move(key), result);
    return result;
}

// One index for one candidate, each of its numbers evaluated from the candidate's values.
LaunchFigures LaunchModel::judge(const CoverageCheck& c, const std::int64_t* values,
                                 const std::array<std::int64_t, 3>& grid) const
{
    const auto form = judging::formOf<const LaunchExpr*>(c, m_loops, m_aranges, [](const LaunchExpr& e) { return &e; });
    return judging::judgeIndex(form, [values](const LaunchExpr* e) { return e->eval(values); }, grid);
}

LaunchFigures LaunchModel::evaluate(const std::int64_t* values) const
{
    return judging::combineLaunch(
        evaluateGrid(values), m_unfollowed.empty() && !m_checks.empty(), m_gridEqualities.size(),
        [&](std::size_t i, const std::array<std::int64_t, 3>& grid) {
            const auto v = m_gridEqualities[i].value.eval(values);
            return v && *v == grid[std::size_t(m_gridEqualities[i].dim)];
        },
        m_checks.size(),
        [&](std::size_t i, const std::array<std::int64_t, 3>& grid) { return judge(m_checks[i], values, grid); });
}

LaunchFigures LaunchModel::evaluate(const std::vector<std::pair<std::string, std::int64_t>>& config) const
{
    std::vector<std::int64_t> values = m_slotDefaults;
    for (const auto& [name, value] : config)
        if (const int slot = slotOf(name); slot >= 0)
            values[std::size_t(slot)] = value;
    return evaluate(values.data());
}

std::vector<int> LaunchModel::gridDimsOf(const std::string& param) const
{
    std::vector<int> dims;
    const int slot = slotOf(param);
    if (slot < 0)
        return dims;
    for (const CoverageCheck& c : m_checks)
        for (const IndexTerm& t : c.terms)
            if (t.kind == IndexTerm::Kind::Pid && t.coef.usesSlot(slot) &&
                std::find(dims.begin(), dims.end(), t.ref) == dims.end())
                dims.push_back(t.ref);
    std::sort(dims.begin(), dims.end());
    return dims;
}

namespace {

bool isIdentifier(const std::string& text)
{
    return !text.empty() && !std::isdigit(static_cast<unsigned char>(text[0])) &&
           std::all_of(text.begin(), text.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
}

} // namespace

std::optional<LaunchModel::GridProposal> LaunchModel::proposeGrid(const std::string& param) const
{
    const int slot = slotOf(param);
    const std::vector<int> dims = gridDimsOf(param);
    if (slot < 0 || dims.empty() || !m_grid.compiled)
        return std::nullopt;
    std::vector<LaunchExpr> grid = m_grid.dims;
    std::vector<std::string> texts;
    for (const LaunchExpr& d : grid)
        texts.push_back(d.constantValue() ? std::to_string(*d.constantValue()) : d.text(m_slots));
    for (int dim : dims) {
        // The masked index of this dimension: its extent over its block.
        const CoverageCheck* found = nullptr;
        const IndexTerm* pid = nullptr;
        for (const CoverageCheck& c : m_checks) {
            if (!c.masked || !c.extentKnown || !c.unknown.empty())
                continue;
            for (const IndexTerm& t : c.terms)
                if (t.kind == IndexTerm::Kind::Pid && t.ref == dim && t.coef.usesSlot(slot)) {
                    found = &c;
                    pid = &t;
                }
            if (found)
                break;
        }
        if (!found)
            return std::nullopt;
        for (const IndexTerm& t : found->terms)
            if (t.kind == IndexTerm::Kind::Arange && t.coef != LaunchExpr::constant(1))
                return std::nullopt;
        while (grid.size() <= std::size_t(dim)) {
            grid.push_back(LaunchExpr::constant(1));
            texts.push_back("1");
        }
        grid[std::size_t(dim)] = LaunchExpr::binary(LaunchExpr::Op::CeilDiv, found->extent, pid->coef);
        std::string block = pid->coef.text(m_slots);
        for (const std::string& name : m_slots) {
            // meta['XBLOCK'] for every slot the block names.
            std::string out;
            for (std::size_t at = 0; at < block.size();) {
                const bool boundary = at == 0 || !(std::isalnum(static_cast<unsigned char>(block[at - 1])) || block[at - 1] == '_');
                const std::size_t end = at + name.size();
                if (boundary && block.compare(at, name.size(), name) == 0 &&
                    (end == block.size() || !(std::isalnum(static_cast<unsigned char>(block[end])) || block[end] == '_'))) {
                    out += "meta['" + name + "']";
                    at = end;
                } else {
                    out += block[at++];
                }
            }
            block = out;
        }
        const std::string extent = isIdentifier(found->extentText)
                                       ? found->extentText
                                       : (found->extent.constantValue() ? std::to_string(*found->extent.constantValue())
                                                                        : found->extent.text(m_slots));
        texts[std::size_t(dim)] = "triton.cdiv(" + extent + ", " + block + ")";
    }
    auto model = std::make_shared<LaunchModel>(*this);
    model->m_grid.dims = std::move(grid);
    model->m_grid.compiled = true;
    model->m_grid.known = true;
    model->m_gridReadsSlots = true;
    model->m_reads[std::size_t(slot)] = true;
    GridProposal out;
    out.text = "lambda meta: (";
    for (std::size_t i = 0; i < texts.size(); ++i)
        out.text += (i ? ", " : "") + texts[i];
    out.text += texts.size() == 1 ? ",)" : ")";
    model->m_grid.text = out.text;
    out.model = std::move(model);
    return out;
}

std::optional<msg::Message> LaunchModel::gridMustStay(int dim) const
{
    for (const CoverageCheck& c : m_checks)
        for (const IndexTerm& t : c.terms) {
            if (t.kind != IndexTerm::Kind::Loop)
                continue;
            const LoopRange& L = m_loops[std::size_t(t.ref)];
            if (L.startPid != dim || L.stepDim >= 0)
                continue;
            const auto step = L.step.eval(m_slotDefaults.data());
            const auto block = L.startCoef.eval(m_slotDefaults.data());
            if (step && block && *block > 0 && *step % *block == 0)
                return msg::Message(msg::Id::GridLoopStridesPrograms,
                                    {L.line, msg::count(*step / *block), dim});
            return msg::Message(msg::Id::GridLoopStrides, {L.line, L.step.text(m_slots), dim});
        }
    return std::nullopt;
}

std::optional<msg::Message>
firstIncorrect(const LaunchModel& model,
               const std::vector<std::vector<std::pair<std::string, std::int64_t>>>& configs)
{
    for (const auto& config : configs) {
        const LaunchFigures f = model.evaluate(config);
        if (f.coverage != Coverage::Incorrect)
            continue;
        std::string values;
        for (const auto& [name, value] : config)
            if (model.reads(model.slotOf(name)))
                values += (values.empty() ? "" : ", ") + name + "=" + std::to_string(value);
        const msg::Message why = model.coverageMessage(f);
        return values.empty() ? why : msg::Message(msg::Id::ValuesWhy, {values, why});
    }
    return std::nullopt;
}

msg::Message LaunchModel::coverageMessage(const LaunchFigures& f) const
{
    if (f.coverage == Coverage::Correct)
        return {};
    const CoverageCheck* c = f.check >= 0 && std::size_t(f.check) < m_checks.size() ? &m_checks[std::size_t(f.check)] : nullptr;
    if (f.coverage == Coverage::Unknown) {
        if (f.programs == 0)
            return msg::Message(msg::Id::CoverageUnknownGrid, {m_grid.text});
        if (!m_unfollowed.empty())
            return msg::Message(msg::Id::CoverageUnknownBecause, {m_unfollowed});
        if (m_checks.empty())
            return msg::Message(msg::Id::CoverageUnknownNoIndex);
        if (f.check <= -2) {
            const GridEquality& e = m_gridEqualities[std::size_t(-2 - f.check)];
            return msg::Message(msg::Id::CoverageUnknownGridDim,
                                {e.text, e.dim, msg::count(f.grid[std::size_t(e.dim)])});
        }
        if (c && !c->unknown.empty())
            return msg::Message(msg::Id::CoverageUnknownBecause, {c->unknown});
        if (c)
            return msg::Message(msg::Id::CoverageUnknownIndex, {c->what, c->line});
        return msg::Message(msg::Id::CoverageUnknown);
    }
    if (!c)
        return msg::Message(msg::Id::Incorrect);
    // What decides how far the programs reach: "grid dim 0 is 128 programs × XBLOCK 2".
    msg::Message by;
    for (const IndexTerm& t : c->terms)
        if (t.kind == IndexTerm::Kind::Pid && f.along > 0) {
            const std::string coef = t.coef.text(m_slots);
            by = msg::Message(
                msg::Id::CoverageByGridDim,
                {t.ref, msg::count(f.along),
                 t.coef.constantValue() ? groupedNumber(f.block) : coef + " " + groupedNumber(f.block)});
        }
    for (const IndexTerm& t : c->terms)
        if (t.kind == IndexTerm::Kind::Loop && m_loops[std::size_t(t.ref)].startPid >= 0)
            by = msg::Message(msg::Id::CoverageByLoop, {m_loops[std::size_t(t.ref)].startPid,
                                                        msg::count(f.along), groupedNumber(f.block)});
    if (by.empty()) {
        for (const IndexTerm& t : c->terms)
            if (t.kind == IndexTerm::Kind::Arange) {
                const ArangeRange& r = m_aranges[std::size_t(t.ref)];
                const std::string len = r.end.text(m_slots);
                by = msg::Message(msg::Id::CoverageByArange, {groupedNumber(f.block), len});
            }
    }
    switch (f.issue) {
    case CoverageIssue::Uncovered:
        return msg::Message(by.empty() ? msg::Id::CoverageCovers : msg::Id::CoverageCoversBy,
                            {msg::count(f.covered), msg::count(f.extent), c->what, by});
    case CoverageIssue::Overrun: {
        using msg::Id;
        const Id id = c->store ? (by.empty() ? Id::CoverageWritesPast : Id::CoverageWritesPastBy)
                               : (by.empty() ? Id::CoverageReadsPast : Id::CoverageReadsPastBy);
        return msg::Message(
            id, {c->what, groupedNumber(f.covered - 1), groupedNumber(f.extent), c->extentText, by});
    }
    case CoverageIssue::WrongStride:
        return msg::Message(msg::Id::CoverageWrongStride,
                            {c->what, c->tensor,
                             c->stride ? msg::Arg(c->stride->text(m_slots))
                                       : msg::Arg(msg::Message(msg::Id::CoverageAStride)),
                             groupedNumber(f.stride), groupedNumber(f.block)});
    case CoverageIssue::StrideMismatch: {
        int dim = 0, line = 0;
        for (const IndexTerm& t : c->terms)
            if (t.kind == IndexTerm::Kind::Loop) {
                dim = std::max(0, m_loops[std::size_t(t.ref)].startPid);
                line = m_loops[std::size_t(t.ref)].line;
            }
        if (f.along > f.stride)
            return msg::Message(msg::Id::CoverageLoopRepeats,
                                {line, msg::count(f.stride), dim, msg::count(f.along), c->what});
        return msg::Message(msg::Id::CoverageLoopShort,
                            {line, msg::count(f.stride), dim, msg::count(f.along), msg::count(f.covered),
                             msg::count(f.extent), c->what});
    }
    default:
        return msg::Message(msg::Id::Incorrect);
    }
}

} // namespace ts::analysis
