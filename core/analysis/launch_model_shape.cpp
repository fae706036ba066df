#include "core/analysis/launch_model_shape.h"

#include "core/analysis/launch_model_builder.h"

#include <algorithm>

namespace ts::analysis {

namespace {

bool isConstant(const LaunchShape::Operand& o, std::int64_t c)
{
    return o.slot < 0 && o.constant == c;
}

} // namespace

LaunchShape::Quick LaunchShape::quickOf(const judging::IndexForm<Operand>& f)
{
    Quick q;
    if (!f.followed || !(f.masked || f.wraps) || !f.hasArange || !isConstant(f.arangeStart, 0) ||
        !isConstant(f.arangeCoef, 1))
        return q;
    q.extent = f.extent;
    q.width = f.arangeEnd;
    q.hasStride = f.hasStride;
    q.stride = f.stride;
    q.tensorStride = f.tensorStride;
    // A loop in elements from 0 whose step is the arange's width: its steps tile what it spans.
    const bool tiles =
        f.hasLoop && isConstant(f.loopCoef, 1) && isConstant(f.loopStart, 0) && f.loopStep == f.arangeEnd;
    if (f.hasPid && !f.hasLoop) {
        q.kind = Kind::Block;
        q.dim = f.pidDim;
        q.block = f.pidCoef;
    } else if (f.hasPid && tiles && f.startPid < 0 && f.loopStop == f.pidCoef) {
        q.kind = Kind::TiledBlock;
        q.dim = f.pidDim;
        q.block = f.pidCoef;
    } else if (!f.hasPid && !f.hasLoop) {
        q.kind = Kind::Whole;
    } else if (!f.hasPid && tiles && f.startPid < 0) {
        q.kind = Kind::AxisLoop;
        q.stop = f.loopStop;
    } else if (!f.hasPid && f.hasLoop && f.startPid >= 0 && f.stepDim == f.startPid &&
               isConstant(f.loopCoef, 1) && isConstant(f.loopStart, 0) && f.stepCoef == f.startCoef) {
        q.kind = Kind::GridStride;
        q.dim = f.startPid;
        q.block = f.startCoef;
        q.stop = f.loopStop;
    }
    return q;
}

std::vector<LaunchShape::Kind> LaunchShape::kinds() const
{
    std::vector<Kind> out;
    for (const Quick& q : m_quick)
        out.push_back(q.kind);
    return out;
}

std::optional<LaunchShape> LaunchShape::of(const LaunchModel& model)
{
    const std::size_t slots = model.slots().size();
    bool closed = true;
    // A constant or one slot; anything else leaves the model without a closed form.
    auto operand = [&](const LaunchExpr& e) {
        Operand o;
        if (const auto c = e.constantValue()) {
            o.constant = *c;
            return o;
        }
        for (std::size_t s = 0; s < slots; ++s)
            if (e == LaunchExpr::slot(int(s))) {
                o.slot = int(s);
                return o;
            }
        closed = false;
        return o;
    };
    const LaunchModelBuilder::Parts parts = LaunchModelBuilder::partsOf(model);
    LaunchShape shape(model);
    shape.m_judged = parts.judged;
    shape.m_allQuick = true;
    for (const CoverageCheck& c : model.checks()) {
        shape.m_indices.push_back(judging::formOf<Operand>(c, parts.loops, parts.aranges, operand));
        shape.m_quick.push_back(quickOf(shape.m_indices.back()));
        shape.m_allQuick = shape.m_allQuick && shape.m_quick.back().kind != Kind::Other;
    }
    for (const GridEquality& g : parts.gridEqualities)
        shape.m_equalities.emplace_back(operand(g.value), g.dim);
    if (!closed)
        return std::nullopt;
    // The grid reads the slots its dimensions name, or those a callable grid may read.
    for (std::size_t s = 0; s < slots; ++s) {
        bool reads = false;
        for (const LaunchExpr& d : parts.grid.dims)
            reads = reads || d.usesSlot(int(s));
        for (int r : parts.grid.callReads)
            reads = reads || r == int(s);
        if (reads)
            shape.m_gridSlots.push_back(int(s));
    }
    shape.m_gridKey.assign(shape.m_gridSlots.size(), 0);
    return shape;
}

void LaunchShape::settleUnderGrid(const std::int64_t* values)
{
    // A slot is settled while the grid stands when the grid reads it: its value is the one the
    // grid was computed from for every candidate the inline path sees.
    auto unsettled = [this](const Operand& o) {
        return o.slot >= 0 && std::find(m_gridSlots.begin(), m_gridSlots.end(), o.slot) == m_gridSlots.end();
    };
    m_gridDecided = true;
    m_gridInRange.clear();
    m_gridUndecided.clear();
    std::vector<std::int64_t> settled;
    for (std::size_t k = 0; k < m_quick.size(); ++k) {
        const Quick& q = m_quick[k];
        // The width of a tiled block or an axis loop is only checked to be within the quick
        // range; every other operand takes part in the compare itself.
        const bool widthRangeOnly = q.kind == Kind::TiledBlock || q.kind == Kind::AxisLoop;
        bool undecided = unsettled(q.extent) || (q.hasStride && unsettled(q.stride)) || (!widthRangeOnly && unsettled(q.width));
        switch (q.kind) {
        case Kind::Block:
        case Kind::TiledBlock:
            undecided = undecided || unsettled(q.block);
            break;
        case Kind::AxisLoop:
            undecided = undecided || unsettled(q.stop);
            break;
        case Kind::GridStride:
            undecided = undecided || unsettled(q.block) || unsettled(q.stop);
            break;
        case Kind::Whole:
        case Kind::Other:
            break;
        }
        if (undecided) {
            m_gridUndecided.push_back(std::uint32_t(k));
            continue;
        }
        if (unsettled(q.width)) {
            // Answered with a width inside the range (the compare does not read it), and the
            // candidate's own width checked against the range.
            settled.assign(values, values + m_model->slots().size());
            settled[std::size_t(q.width.slot)] = 1;
            m_gridDecided = m_gridDecided && quicklyCorrect(q, settled.data());
            if (std::find(m_gridInRange.begin(), m_gridInRange.end(), q.width.slot) == m_gridInRange.end())
                m_gridInRange.push_back(q.width.slot);
        } else {
            m_gridDecided = m_gridDecided && quicklyCorrect(q, values);
        }
    }
}

const LaunchFigures& LaunchShape::evaluateInFull(const std::int64_t* values)
{
    bool sameGrid = m_gridComputed;
    for (std::size_t i = 0; i < m_gridSlots.size(); ++i) {
        const std::int64_t v = values[m_gridSlots[i]];
        if (m_gridKey[i] != v) {
            m_gridKey[i] = v;
            sameGrid = false;
        }
    }
    if (!sameGrid) {
        m_grid = LaunchModelBuilder::gridOf(*m_model, values);
        m_gridComputed = true;
        // What the launch is when every index is correct: the arithmetic's own figures.
        m_correct = judging::combineLaunch(
            m_grid, true, 0, [](std::size_t, const std::array<std::int64_t, 3>&) { return true; }, 1,
            [](std::size_t, const std::array<std::int64_t, 3>&) {
                LaunchFigures f;
                f.coverage = Coverage::Correct;
                f.issue = CoverageIssue::None;
                return f;
            });
        m_gridValid = m_correct.coverage == Coverage::Correct;
        m_quickGrid = m_gridValid && m_allQuick && m_judged;
        if (m_quickGrid)
            settleUnderGrid(values);
        ++m_gridVersion;
    }
    m_lastQuick = false;
    if (m_quickGrid && quicklyCorrect(values)) {
        m_lastQuick = true;
        return m_correct;
    }
    auto value = [values](const Operand& o) -> std::optional<std::int64_t> {
        if (o.slot < 0)
            return o.constant;
        const std::int64_t v = values[o.slot];
        return v == kUnknownSlot ? std::nullopt : std::optional<std::int64_t>(v);
    };
    m_figures = judging::combineLaunch(
        m_grid, m_judged, m_equalities.size(),
        [&](std::size_t i, const std::array<std::int64_t, 3>& grid) {
            const auto v = value(m_equalities[i].first);
            return v && *v == grid[std::size_t(m_equalities[i].second)];
        },
        m_indices.size(),
        [&](std::size_t i, const std::array<std::int64_t, 3>& grid) {
            return judging::judgeIndex(m_indices[i], value, grid);
        });
    return m_figures;
}

} // namespace ts::analysis
