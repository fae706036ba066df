#pragma once
// The launch figures of a lattice's rows (analysis/launch_model.h), stored once per distinct
// figures.
//
// A lattice has a million rows and some hundred thousand distinct tilings. Where the model has
// a closed form (analysis/launch_model_shape.h) every tiling is judged by it: a few integer
// operations, cheaper than any lookup. Otherwise each tiling is judged once through the model,
// and the lookup is compiled once per lattice into integers: each slot the model reads is tied
// to its dimension (its position in a row), a value is found by its position among that
// dimension's values, and the positions form one mixed-radix key into a flat table. No string,
// map or allocation per row; a value outside the dimension's values takes a hashed path.
// Consecutive rows with the same values of the slots the model reads share their figures.

#include "core/analysis/launch_model.h"
#include "core/analysis/launch_model_shape.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ts::space {

class LaunchIndex {
public:
    // Each dimension's values, by the dimension's position in a row.
    using DimValues = std::vector<const std::vector<std::int64_t>*>;

    // `slotDims` gives each model slot's dimension, or -1 when a row never sets it (the slot
    // keeps the model's default). Figures judged here are appended to `figures`; equal ones,
    // there already or new, are stored once.
    LaunchIndex(const analysis::LaunchModel& model, const std::vector<int>& slotDims, const DimValues& dims,
                std::vector<analysis::LaunchFigures>& figures);

    // The index in `figures` of what the launch does with one row of dimension values
    // (analysis::kUnknownSlot: a value the row does not set). Inline: the lattice asks once per
    // tiling, and a correct tiling under an unchanged grid costs a few compares.
    std::uint32_t of(const std::int64_t* row)
    {
        bool same = m_any;
        for (const Slot& r : m_read) {
            std::int64_t v = r.dim >= 0 ? row[r.dim] : analysis::kUnknownSlot;
            if (v == analysis::kUnknownSlot)
                v = r.fallback;
            std::int64_t& slot = m_slotValues[std::size_t(r.slot)];
            if (slot != v) {
                slot = v;
                same = false;
            }
        }
        if (same)
            return m_lastRow;
        m_any = true;
        if (!m_shape)
            return m_lastRow = lookUp();
        const analysis::LaunchFigures& figures = m_shape->evaluate(m_slotValues.data());
        // A correct row's figures are the grid's: stored once per grid.
        if (m_shape->lastCorrectByShape() && m_correctGrid == m_shape->gridVersion())
            return m_lastRow = m_correct;
        return m_lastRow = settle(figures);
    }

private:
    struct Slot {
        int slot = 0;                     // in the model
        int dim = -1;                     // in a row, -1: never set
        std::int64_t fallback = 0;        // the model's default
        std::vector<std::int64_t> values; // the dimension's values, sorted
        std::uint64_t stride = 0;         // of its position in the flat key
    };
    struct FiguresHash {
        std::size_t operator()(const analysis::LaunchFigures& f) const;
    };
    struct ValuesHash {
        std::size_t operator()(const std::vector<std::int64_t>& v) const;
    };

    std::uint32_t lookUp(); // through the flat table or the hashed path
    std::uint32_t settle(const analysis::LaunchFigures& figures); // the closed form's, stored
    std::uint32_t judge();
    std::uint32_t store(const analysis::LaunchFigures& figures);

    const analysis::LaunchModel& m_model;
    std::optional<analysis::LaunchShape> m_shape;
    std::vector<analysis::LaunchFigures>& m_figures;
    std::vector<Slot> m_read;               // the slots the model reads
    std::vector<std::int64_t> m_slotValues; // one row's value of every model slot
    std::vector<std::uint32_t> m_flat;      // by mixed-radix key; kNone: not judged yet
    std::unordered_map<std::vector<std::int64_t>, std::uint32_t, ValuesHash> m_byValues;
    std::vector<std::int64_t> m_keyScratch;
    std::unordered_map<analysis::LaunchFigures, std::uint32_t, FiguresHash> m_byFigures;
    std::uint32_t m_last = 0;        // the figures of the last row judged: rows in order often share them
    std::uint32_t m_lastRow = 0;     // the figures of the last row asked for
    bool m_any = false;              // a row was asked for
    std::uint32_t m_correct = 0;     // the figures of a correct row under the shape's grid...
    std::uint64_t m_correctGrid = 0; // ...of this version (0: none yet)
};

} // namespace ts::space
