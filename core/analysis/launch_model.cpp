// Judging one candidate's launch: its grid, and for every index the kernel reads or writes
// through, which elements the programs reach. The index forms are those launch_model_kernel.cpp
// recognises: a program's block (pid x B), at most one loop (from 0 within the block, over the
// whole axis, or a grid-stride loop from pid x B by num_programs x B) and one tl.arange.
#include "core/analysis/launch_model.h"
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

namespace {

// a * b, or nullopt on overflow.
std::optional<std::int64_t> times(std::int64_t a, std::int64_t b)
{
    std::int64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out))
        return std::nullopt;
    return out;
}

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return a <= 0 ? 0 : (a - 1) / b + 1;
}

// Elements of [0, extent) in the union over programs p < programs of
// [p * block + first, p * block + first + width), first >= 0: each program's span is contiguous.
std::int64_t coveredBySpans(std::int64_t programs, std::int64_t block, std::int64_t first, std::int64_t width,
                            std::int64_t extent)
{
    if (programs <= 0 || width <= 0 || extent <= first)
        return 0;
    if (block <= 0 || width >= block) {
        // Overlapping or touching spans: one stretch from `first`.
        const auto lastStart = times(programs - 1, std::max<std::int64_t>(block, 0));
        if (!lastStart || *lastStart >= extent - first)
            return extent - first;
        return std::min(extent, first + *lastStart + width) - first;
    }
    // Disjoint spans: the programs wholly inside, then the one cut by the end.
    std::int64_t whole = 0;
    if (extent - first - width >= 0)
        whole = std::min(programs, (extent - first - width) / block + 1);
    std::int64_t out = whole * width;
    if (whole < programs)
        out += std::clamp<std::int64_t>(extent - (whole * block + first), 0, width);
    return out;
}

} // namespace

// One index for one candidate. Any value that cannot be computed makes the verdict unknown.
LaunchFigures LaunchModel::judge(const CoverageCheck& c, const std::int64_t* values,
                                 const std::array<std::int64_t, 3>& grid) const
{
    LaunchFigures f;
    f.coverage = Coverage::Unknown;
    f.issue = CoverageIssue::Unknown;
    if (!c.unknown.empty() || !c.extentKnown)
        return f;
    const IndexTerm* pid = nullptr;
    const IndexTerm* loop = nullptr;
    const IndexTerm* arange = nullptr;
    for (const IndexTerm& t : c.terms) {
        const IndexTerm** slot = t.kind == IndexTerm::Kind::Pid ? &pid : t.kind == IndexTerm::Kind::Loop ? &loop : &arange;
        if (*slot)
            return f; // two of a kind: not a form the model follows
        *slot = &t;
    }
    auto value = [&](const LaunchExpr& e) { return e.eval(values); };
    const auto extentValue = value(c.extent);
    if (!extentValue)
        return f;
    const std::int64_t extent = *extentValue;
    f.extent = extent;
    // A stride the candidate sets must be the tensor's own, or the index walks other elements.
    if (c.stride) {
        const auto stride = value(*c.stride);
        if (!stride)
            return f;
        if (*stride != c.tensorStride) {
            f.stride = *stride;
            f.block = c.tensorStride;
            f.coverage = Coverage::Incorrect;
            f.issue = CoverageIssue::WrongStride;
            return f;
        }
    }
    auto correct = [&] {
        f.coverage = Coverage::Correct;
        f.issue = CoverageIssue::None;
        return f;
    };
    auto incorrect = [&](CoverageIssue issue) {
        f.coverage = Coverage::Incorrect;
        f.issue = issue;
        return f;
    };
    // How much of the axis the programs process, and whether that is all of it.
    auto verdict = [&](std::int64_t covered, bool gapBefore) {
        f.covered = covered;
        return gapBefore || covered < extent ? incorrect(CoverageIssue::Uncovered) : correct();
    };

    // The arange: its length and its offset; the unit every other coefficient is counted in.
    std::int64_t width = 1, shift = 0, unit = 0;
    if (arange) {
        const ArangeRange& r = m_aranges[std::size_t(arange->ref)];
        const auto start = value(r.start);
        const auto end = value(r.end);
        const auto coef = value(arange->coef);
        if (!start || !end || !coef || *coef <= 0)
            return f;
        width = *end - *start;
        shift = *start;
        unit = *coef;
        if (width <= 0 || shift < 0)
            return f;
    }
    auto inUnits = [&](const IndexTerm* t) -> std::optional<std::int64_t> {
        const auto coef = value(t->coef);
        if (!coef)
            return std::nullopt;
        if (unit == 0)
            unit = *coef; // no arange: the first term sets the unit
        if (unit <= 0 || *coef % unit != 0)
            return std::nullopt;
        return *coef / unit;
    };

    std::int64_t programs = 1, block = 0;
    int dim = -1;
    if (pid) {
        const auto b = inUnits(pid);
        if (!b || *b < 0)
            return f;
        dim = pid->ref;
        programs = grid[std::size_t(dim)];
        block = *b;
    }
    if (unit == 0 && loop) {
        // No arange, no pid: the loop variable is the unit.
        const auto coef = value(loop->coef);
        if (!coef || *coef <= 0)
            return f;
        unit = *coef;
    }

    if (loop && m_loops[std::size_t(loop->ref)].startPid >= 0) {
        // A grid-stride loop: program p starts at p x b and steps by the stride.
        if (pid)
            return f;
        const LoopRange& L = m_loops[std::size_t(loop->ref)];
        const auto scale = inUnits(loop);
        const auto b = value(L.startCoef);
        const auto s0 = value(L.start);
        const auto stop = value(L.stop);
        if (!scale || !b || !s0 || !stop || *b <= 0 || *s0 != 0)
            return f;
        dim = L.startPid;
        programs = grid[std::size_t(dim)];
        std::int64_t strideUnits = 0;
        if (L.stepDim >= 0) {
            const auto k = value(L.stepCoef);
            if (L.stepDim != dim || !k || *k != *b)
                return f;
            strideUnits = programs;
        } else {
            const auto step = value(L.step);
            if (!step || *step <= 0 || *step % *b != 0)
                return f;
            strideUnits = *step / *b;
        }
        const std::int64_t blocks = ceilDiv(*stop, *b); // blocks j x b below the stop
        const auto elementBlock = times(*b, *scale);
        if (!elementBlock)
            return f;
        f.along = programs;
        f.block = *elementBlock;
        const auto lastStart = times(std::max<std::int64_t>(blocks - 1, 0), *elementBlock);
        if (!lastStart)
            return f;
        const std::int64_t reach = shift + *lastStart + width;
        if (!c.masked && !c.wrap && reach > extent && blocks > 0) {
            f.covered = reach;
            return incorrect(CoverageIssue::Overrun);
        }
        if (strideUnits != programs) {
            f.stride = strideUnits;
            // Programs beyond the stride redo blocks; below it, blocks j with j % stride >= programs
            // are never reached.
            const std::int64_t reached =
                programs >= strideUnits ? blocks
                                        : (blocks / strideUnits) * programs + std::min(blocks % strideUnits, programs);
            f.covered = std::min(extent, reached * std::min(width, *elementBlock));
            return incorrect(CoverageIssue::StrideMismatch);
        }
        if (!c.judgeCoverage)
            return correct();
        return verdict(coveredBySpans(blocks, *elementBlock, shift, width, extent), false);
    }

    // One program's elements: the loop's steps (from `first`, `steps` of `gap`) each `width` wide.
    std::int64_t first = shift, steps = 1, gap = 0;
    if (loop) {
        const LoopRange& L = m_loops[std::size_t(loop->ref)];
        const auto scale = inUnits(loop);
        const auto s = value(L.start);
        const auto e = value(L.stop);
        const auto st = value(L.step);
        if (!scale || !s || !e || !st || *st <= 0 || *s < 0 || *scale <= 0)
            return f;
        steps = *e > *s ? ceilDiv(*e - *s, *st) : 0;
        const auto a = times(*s, *scale);
        const auto g = times(*st, *scale);
        if (!a || !g)
            return f;
        first += *a;
        gap = *g;
    }
    f.along = pid ? programs : 0;
    f.block = pid ? block : width;
    if (steps == 0 || programs <= 0) // the accesses never run: nothing of the axis is processed
        return c.judgeCoverage ? verdict(0, false) : correct();
    const auto loopSpan = times(steps - 1, gap);
    const auto lastProgram = times(programs - 1, block);
    if (!loopSpan || !lastProgram)
        return f;
    const std::int64_t span = *loopSpan + width; // one program's reach from its first element
    const std::int64_t reach = *lastProgram + first + span;
    if (!c.masked && !c.wrap && reach > extent) {
        f.covered = reach;
        return incorrect(CoverageIssue::Overrun);
    }
    if (!c.judgeCoverage)
        return correct();
    // A loop that steps further than one step covers skips the elements between its steps.
    if (steps > 1 && gap > width)
        return verdict(std::min(extent, steps * width * programs), true);
    return verdict(coveredBySpans(programs, block, first, span, extent), first > 0);
}

LaunchFigures LaunchModel::evaluate(const std::int64_t* values) const
{
    LaunchFigures out;
    const auto grid = evaluateGrid(values);
    if (!grid || std::any_of(grid->begin(), grid->end(), [](std::int64_t d) { return d <= 0; })) {
        out.coverage = Coverage::Unknown;
        out.issue = CoverageIssue::Unknown;
        return out;
    }
    out.grid = *grid;
    out.programs = 1;
    for (std::int64_t d : *grid) {
        const auto p = times(out.programs, d);
        if (!p) {
            out.programs = 0;
            out.coverage = Coverage::Unknown;
            out.issue = CoverageIssue::Unknown;
            return out;
        }
        out.programs = *p;
    }
    auto finish = [&](const LaunchFigures& verdict) {
        LaunchFigures f = verdict;
        f.grid = out.grid;
        f.programs = out.programs;
        return f;
    };
    if (!m_unfollowed.empty() || m_checks.empty()) {
        LaunchFigures f;
        return finish(f);
    }
    for (std::size_t i = 0; i < m_gridEqualities.size(); ++i) {
        const auto v = m_gridEqualities[i].value.eval(values);
        if (!v || *v != (*grid)[std::size_t(m_gridEqualities[i].dim)]) {
            LaunchFigures f;
            f.check = std::int16_t(-2 - int(i)); // an equality, not an index
            return finish(f);
        }
    }
    std::optional<LaunchFigures> unknown;
    for (std::size_t i = 0; i < m_checks.size(); ++i) {
        LaunchFigures f = judge(m_checks[i], values, *grid);
        f.check = std::int16_t(i);
        if (f.coverage == Coverage::Incorrect)
            return finish(f);
        if (f.coverage == Coverage::Unknown && !unknown)
            unknown = f;
    }
    if (unknown)
        return finish(*unknown);
    LaunchFigures correct;
    correct.coverage = Coverage::Correct;
    correct.issue = CoverageIssue::None;
    return finish(correct);
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

std::optional<std::string> LaunchModel::gridMustStay(int dim) const
{
    for (const CoverageCheck& c : m_checks)
        for (const IndexTerm& t : c.terms) {
            if (t.kind != IndexTerm::Kind::Loop)
                continue;
            const LoopRange& L = m_loops[std::size_t(t.ref)];
            if (L.startPid != dim || L.stepDim >= 0)
                continue;
            std::string stride = L.step.text(m_slots);
            const auto step = L.step.eval(m_slotDefaults.data());
            const auto block = L.startCoef.eval(m_slotDefaults.data());
            if (step && block && *block > 0 && *step % *block == 0)
                stride = groupedNumber(*step / *block) + " programs";
            return "the loop at line " + std::to_string(L.line) + " strides by " + stride + ", so grid dim " +
                   std::to_string(dim) + " must stay the number of programs the loop assumes";
        }
    return std::nullopt;
}

std::optional<std::string> firstIncorrect(const LaunchModel& model,
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
        return (values.empty() ? std::string() : values + ": ") + model.describe(f);
    }
    return std::nullopt;
}

std::string LaunchModel::describe(const LaunchFigures& f) const
{
    if (f.coverage == Coverage::Correct)
        return {};
    const CoverageCheck* c = f.check >= 0 && std::size_t(f.check) < m_checks.size() ? &m_checks[std::size_t(f.check)] : nullptr;
    if (f.coverage == Coverage::Unknown) {
        if (f.programs == 0)
            return msg::text(msg::Id::CoverageUnknownGrid, {m_grid.text});
        if (!m_unfollowed.empty())
            return msg::text(msg::Id::CoverageUnknownBecause, {m_unfollowed});
        if (m_checks.empty())
            return msg::text(msg::Id::CoverageUnknownNoIndex);
        if (f.check <= -2) {
            const GridEquality& e = m_gridEqualities[std::size_t(-2 - f.check)];
            return msg::text(msg::Id::CoverageUnknownGridDim,
                             {e.text, e.dim, groupedNumber(f.grid[std::size_t(e.dim)])});
        }
        if (c && !c->unknown.empty())
            return msg::text(msg::Id::CoverageUnknownBecause, {c->unknown});
        if (c)
            return msg::text(msg::Id::CoverageUnknownIndex, {c->what, c->line});
        return msg::text(msg::Id::CoverageUnknown);
    }
    if (!c)
        return msg::text(msg::Id::Incorrect);
    // What decides how far the programs reach: "grid dim 0 is 128 programs × XBLOCK 2".
    std::string by;
    for (const IndexTerm& t : c->terms)
        if (t.kind == IndexTerm::Kind::Pid && f.along > 0) {
            const std::string coef = t.coef.text(m_slots);
            by = msg::text(
                msg::Id::CoverageByGridDim,
                {t.ref, groupedNumber(f.along),
                 t.coef.constantValue() ? groupedNumber(f.block) : coef + " " + groupedNumber(f.block)});
        }
    for (const IndexTerm& t : c->terms)
        if (t.kind == IndexTerm::Kind::Loop && m_loops[std::size_t(t.ref)].startPid >= 0)
            by = msg::text(msg::Id::CoverageByLoop, {m_loops[std::size_t(t.ref)].startPid,
                                                     groupedNumber(f.along), groupedNumber(f.block)});
    if (by.empty()) {
        for (const IndexTerm& t : c->terms)
            if (t.kind == IndexTerm::Kind::Arange) {
                const ArangeRange& r = m_aranges[std::size_t(t.ref)];
                const std::string len = r.end.text(m_slots);
                by = msg::text(msg::Id::CoverageByArange, {groupedNumber(f.block), len});
            }
    }
    switch (f.issue) {
    case CoverageIssue::Uncovered:
        return msg::text(by.empty() ? msg::Id::CoverageCovers : msg::Id::CoverageCoversBy,
                         {groupedNumber(f.covered), groupedNumber(f.extent), c->what, by});
    case CoverageIssue::Overrun: {
        using msg::Id;
        const Id id = c->store ? (by.empty() ? Id::CoverageWritesPast : Id::CoverageWritesPastBy)
                               : (by.empty() ? Id::CoverageReadsPast : Id::CoverageReadsPastBy);
        return msg::text(id,
                         {c->what, groupedNumber(f.covered - 1), groupedNumber(f.extent), c->extentText, by});
    }
    case CoverageIssue::WrongStride:
        return msg::text(msg::Id::CoverageWrongStride,
                         {c->what, c->tensor, c->stride ? c->stride->text(m_slots) : std::string("a stride"),
                          groupedNumber(f.stride), groupedNumber(f.block)});
    case CoverageIssue::StrideMismatch: {
        int dim = 0, line = 0;
        for (const IndexTerm& t : c->terms)
            if (t.kind == IndexTerm::Kind::Loop) {
                dim = std::max(0, m_loops[std::size_t(t.ref)].startPid);
                line = m_loops[std::size_t(t.ref)].line;
            }
        if (f.along > f.stride)
            return msg::text(msg::Id::CoverageLoopRepeats,
                             {line, groupedNumber(f.stride), dim, groupedNumber(f.along), c->what});
        return msg::text(msg::Id::CoverageLoopShort,
                         {line, groupedNumber(f.stride), dim, groupedNumber(f.along),
                          groupedNumber(f.covered), groupedNumber(f.extent), c->what});
    }
    default:
        return msg::text(msg::Id::Incorrect);
    }
}

} // namespace ts::analysis
