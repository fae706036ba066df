#pragma once
// The launch figures of a lattice's rows (analysis/launch_model.h), stored once per distinct
// figures.
//
// A lattice has a million rows and some hundred thousand distinct tilings. Where the model has
// a closed form (analysis/launch_model_shape.h) a tiling is judged by it, and once a tiling is
// correct by its shape with nothing left to compare under its grid, the tilings after it share
// its figures for as long as they keep the grid's values and hold the shape's range-checked
// values in range (an axpy lattice: every XBLOCK_SUB under one XBLOCK): two compares a tiling,
// no copy of its values and no call. Otherwise each tiling is judged once through the model,
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
    // tiling, and a tiling that shares the last one's figures costs a few compares.
    std::uint32_t of(const std::int64_t* row)
    {
        if (m_stays && staysAt(row))
            return m_lastRow;
        return ofInFull(row);
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

    // What a row must hold to share the last row's figures, the shape having nothing left to
    // compare under its grid (LaunchShape::settledUnderGrid): the grid's values, and values
    // within the quick range. A value the row leaves unset counts as the slot's default.
    struct Stay {
        int dim = 0;
        std::int64_t fallback = 0;
        std::int64_t value = 0; // equal: the grid's
    };
    bool staysAt(const std::int64_t* row) const
    {
        for (const Stay& s : m_stayEqual) {
            const std::int64_t v = row[s.dim];
            if ((v == analysis::kUnknownSlot ? s.fallback : v) != s.value)
                return false;
        }
        for (const Stay& s : m_stayInRange) {
            const std::int64_t v = row[s.dim];
            if (!analysis::LaunchShape::inQuickRange(v == analysis::kUnknownSlot ? s.fallback : v))
                return false;
        }
        return true;
    }
    void keepWhileSettled();
    std::uint32_t ofInFull(const std::int64_t* row);
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
    bool m_stays = false;            // rows that pass the stays share m_lastRow
    std::uint64_t m_staysGrid = 0;   // the grid version the stays were made for
    std::vector<Stay> m_stayEqual, m_stayInRange;
};

} // namespace ts::space
