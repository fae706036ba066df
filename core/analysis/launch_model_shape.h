#pragma once
// A launch model's verdict in closed form, for the lattice's million candidates.
//
// The general judgement (LaunchModel::evaluate) finds each index's terms and evaluates each of
// its expressions for every candidate: about 90 ns a candidate, a third of what the lattice
// spends on a tiling's eight rows. Here the launch is classified once per space: per index, its
// numbers (each a constant or one candidate value) and its shape (Kind below), whose
// correctness is one or two integer compares on the candidate's values. A candidate every index
// of which passes its compare gets the grid's correct figures, kept since the grid last changed
// (rows come in order, the split parameter outermost, so it is computed again only when a value
// it reads changes); any other candidate — incorrect, unknown, a value out of the compares'
// range — is judged by the arithmetic in full, with the numbers read straight from its values:
// no expression evaluated, no string, no allocation. The arithmetic is the general judgement's
// own (launch_model_judge.h), and the compares only ever say "correct" where it would, so the
// figures are LaunchModel::evaluate's exactly (tests/test_launch_model.cpp checks both on every
// lattice row of eleven kernels, and at the edges of each compare).
//
// A model with a number that is neither a constant nor one value (`2 * XBLOCK` as a block, a
// grid size computed from a parameter, as the `cdiv(M, BLOCK_M)` a tl.swizzle2d assumes) has no
// closed form: `of` says so and the caller judges through the model.

#include "core/analysis/launch_model.h"
#include "core/analysis/launch_model_judge.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace ts::analysis {

class LaunchShape {
public:
    // The closed form of `model` (which must outlive it), or nullopt when some number of its
    // indices or grid equalities is not a constant or one slot.
    static std::optional<LaunchShape> of(const LaunchModel& model);

    // The figures of one candidate (`values`: one per slot, kUnknownSlot where unset), equal to
    // model.evaluate(values); valid until the next call. Not const: it keeps the last grid.
    // Inline for the lattice's usual candidate — the grid unchanged and every index correct by
    // its compare — so that it pays no call and no frame of the arithmetic in full.
    const LaunchFigures& evaluate(const std::int64_t* values)
    {
        if (m_quickGrid && sameGrid(values) && correctUnderGrid(values)) {
            m_lastQuick = true;
            return m_correct;
        }
        return evaluateInFull(values);
    }
    // Whether the last figures were a correct candidate's under an unchanged grid, told by the
    // shapes' compares; `gridVersion` counts the grids computed, so a caller can keep what it
    // made of those figures until the grid changes.
    bool lastCorrectByShape() const { return m_lastQuick; }
    std::uint64_t gridVersion() const { return m_gridVersion; }
    // After a candidate correct by its shape: whether every later candidate whose grid slots
    // (gridSlots) hold the same values and whose `rangeSlots` are each within the quick range
    // (inQuickRange) is correct too, with the same figures — no other compare is left to make
    // under this grid. A lattice then shares the verdict over all such rows unasked.
    bool settledUnderGrid() const { return m_gridDecided && m_gridUndecided.empty() && m_equalities.empty(); }
    const std::vector<int>& gridSlots() const { return m_gridSlots; }
    const std::vector<int>& rangeSlots() const { return m_gridInRange; }
    static bool inQuickRange(std::int64_t v) { return v >= 1 && v <= kQuickLimit; }

    // A number of an index: a constant, or the candidate's value of one slot.
    struct Operand {
        int slot = -1;
        std::int64_t constant = 0;
        friend bool operator==(const Operand&, const Operand&) = default;
    };

    // The shapes of index whose correctness is one or two integer compares. Each is masked (or
    // wraps), counts in elements (a tl.arange(0, W) with no multiplier) and leaves no gap
    // between one program's accesses:
    enum class Kind : std::uint8_t {
        Other,      // none of these: judged by the arithmetic in full
        Block,      // pid(d) * B + arange(0, W), W >= B: correct when (programs - 1) * B + W >= extent
        TiledBlock, // pid(d) * B + [range(0, B, W)] + arange(0, W): correct when programs * B >= extent
        Whole,      // arange(0, W): correct when W >= extent
        AxisLoop,   // [range(0, N, W)] + arange(0, W): correct when N >= extent
        GridStride, // [range(pid(d) * b, N, num_programs(d) * b)] + arange(0, W), W >= b: when N >= extent
    };
    // The kind of each index, in the model's order.
    std::vector<Kind> kinds() const;

private:
    struct Quick {
        Kind kind = Kind::Other;
        int dim = 0; // the grid dimension its programs run along
        Operand extent, block, width, stop;
        bool hasStride = false; // the stride a candidate sets, which must be the tensor's
        Operand stride;
        std::int64_t tensorStride = 0;
    };

    explicit LaunchShape(const LaunchModel& model) : m_model(&model) {}
    static Quick quickOf(const judging::IndexForm<Operand>& form);
    const LaunchFigures& evaluateInFull(const std::int64_t* values);
    bool sameGrid(const std::int64_t* values) const
    {
        for (std::size_t i = 0; i < m_gridSlots.size(); ++i)
            if (m_gridKey[i] != values[m_gridSlots[i]])
                return false;
        return true;
    }
    // quicklyCorrect(values) for a candidate whose grid slots hold the values the grid was
    // last computed from: what of the compares those values and the constants decide was
    // answered once for the grid (settleUnderGrid); a candidate only passes the rest.
    bool correctUnderGrid(const std::int64_t* values) const
    {
        if (!m_gridDecided)
            return false;
        for (const auto& [value, dim] : m_equalities) {
            const std::int64_t v = value.slot < 0 ? value.constant : values[value.slot];
            if (v == kUnknownSlot || v != (*m_grid)[std::size_t(dim)])
                return false;
        }
        for (int slot : m_gridInRange)
            if (values[slot] < 1 || values[slot] > kQuickLimit)
                return false;
        for (std::uint32_t q : m_gridUndecided)
            if (!quicklyCorrect(m_quick[q], values))
                return false;
        return true;
    }
    void settleUnderGrid(const std::int64_t* values);
    // Whether every grid equality holds and every index is correct by its shape's compare,
    // under the grid computed last. False says nothing: the arithmetic decides.
    bool quicklyCorrect(const std::int64_t* values) const
    {
        for (const auto& [value, dim] : m_equalities) {
            const std::int64_t v = value.slot < 0 ? value.constant : values[value.slot];
            if (v == kUnknownSlot || v != (*m_grid)[std::size_t(dim)])
                return false;
        }
        for (const Quick& q : m_quick)
            if (!quicklyCorrect(q, values))
                return false;
        return true;
    }
    bool quicklyCorrect(const Quick& q, const std::int64_t* values) const
    {
        // The value of an operand within the quick range, or -1.
        auto get = [values](const Operand& o) -> std::int64_t {
            const std::int64_t v = o.slot < 0 ? o.constant : values[o.slot];
            return v >= 1 && v <= kQuickLimit ? v : -1;
        };
        if (q.hasStride) {
            const std::int64_t stride = q.stride.slot < 0 ? q.stride.constant : values[q.stride.slot];
            if (stride == kUnknownSlot || stride != q.tensorStride)
                return false;
        }
        const std::int64_t extent = q.extent.slot < 0 ? q.extent.constant : values[q.extent.slot];
        const std::int64_t width = get(q.width);
        if (extent == kUnknownSlot || width < 0)
            return false;
        const std::int64_t programs = (*m_grid)[std::size_t(q.dim)];
        switch (q.kind) {
        case Kind::Block: {
            const std::int64_t block = get(q.block);
            return block > 0 && block <= width && programs <= kQuickLimit &&
                   (programs - 1) * block + width >= extent;
        }
        case Kind::TiledBlock: {
            const std::int64_t block = get(q.block);
            return block > 0 && programs <= kQuickLimit && programs * block >= extent;
        }
        case Kind::Whole:
            return width >= extent;
        case Kind::AxisLoop: {
            const std::int64_t stop = get(q.stop);
            return stop > 0 && stop >= extent;
        }
        case Kind::GridStride: {
            const std::int64_t block = get(q.block);
            const std::int64_t stop = get(q.stop);
            return block > 0 && block <= width && stop > 0 && stop >= extent;
        }
        case Kind::Other:
            return false;
        }
        return false;
    }

    // Values beyond this take the arithmetic in full, where every product is checked for
    // overflow; below it no product or sum in the compares can overflow.
    static constexpr std::int64_t kQuickLimit = std::int64_t(1) << 31;

    const LaunchModel* m_model;
    bool m_judged = false;
    std::vector<judging::IndexForm<Operand>> m_indices;
    std::vector<Quick> m_quick; // by index; all of kind Other when any is
    bool m_allQuick = false;
    std::vector<std::pair<Operand, int>> m_equalities; // value, grid dimension
    // The slots the grid reads, their values when it was last computed, and that grid.
    std::vector<int> m_gridSlots;
    std::vector<std::int64_t> m_gridKey;
    bool m_gridComputed = false;
    std::optional<std::array<std::int64_t, 3>> m_grid;
    LaunchFigures m_correct;  // a correct candidate's figures under that grid
    bool m_gridValid = false; // the grid has programs: m_correct holds them
    bool m_quickGrid = false; // ...and every index has a compare: the inline path may answer
    // Under that grid (settleUnderGrid): whether the compares its slots and the constants decide
    // pass, the slots a candidate must still hold within the quick range (a tile width that is
    // only range-checked, as XBLOCK_SUB against a grid over XBLOCK), and the indices whose
    // compares read a slot the grid does not.
    bool m_gridDecided = false;
    std::vector<int> m_gridInRange;
    std::vector<std::uint32_t> m_gridUndecided; // into m_quick
    std::uint64_t m_gridVersion = 0;
    bool m_lastQuick = false;
    LaunchFigures m_figures; // the last figures the arithmetic gave
};

} // namespace ts::analysis
