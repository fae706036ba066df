#pragma once
// The data behind the heat map, prepared off the GUI thread: one cell per pair of values of two
// dimensions, the other dimensions held at chosen values. A cell keeps the candidate that
// matters most when several share it (generated, then handwritten, skipped, pruned).

#include "core/pipeline/workflow.h"
#include "core/space/candidate_space.h"

#include <cstdint>
#include <vector>

namespace ts::gui {

// Cell categories: colour and legend follow this order.
enum class CellCategory : std::uint8_t {
    Empty,
    Generated,
    Handwritten,
    SkippedBelowMinTile,
    SkippedOffWalk,
    SkippedProgramLimit,
    SkippedOther,
    PrunedUb,
    PrunedUnaligned,
    PrunedTileExceedsBlock,
    PrunedProgramLimit,
    PrunedOther,
    Incorrect, // the launch leaves data unprocessed or reaches past the end (launch_model.h)
    PrunedL1,  // a tl.dot kernel's tiles over L1 (the cube pruning)
    PrunedL0,  // over L0A, L0B or L0C
};
inline constexpr int kCellCategoryCount = 15;
CellCategory cellCategory(space::CandidateStatus status, space::ReasonCode reason);

// Distinct values of each dimension over the whole space, ascending (kUnset first if present).
std::vector<std::vector<std::int64_t>> dimensionValues(const space::CandidateSpace& space);

struct HeatmapSlice {
    int xDim = -1;
    int yDim = -1;
    std::vector<std::int64_t> xValues;
    std::vector<std::int64_t> yValues;
    std::vector<std::int32_t> cells;  // row-major by y: candidate index or -1
    std::vector<CellCategory> categories;
    std::size_t matched = 0;          // candidates in the slice (several may share a cell)
    // Colouring by a figure (colourBy >= 0, an int pipeline::CandidateMetric): its value per
    // cell (NaN: none, or no candidate), and the figure's unit, scale and range over the cells.
    int colourBy = -1;
    std::vector<double> metric;
    pipeline::CandidateMetricValues metricInfo;  // values left empty

    std::int32_t candidateAt(std::size_t x, std::size_t y) const { return cells[y * xValues.size() + x]; }
};

// `fixed` holds one value per dimension (ignored for xDim and yDim).
HeatmapSlice computeHeatmapSlice(const space::CandidateSpace& space,
                                 const std::vector<std::vector<std::int64_t>>& values, int xDim, int yDim,
                                 const std::vector<std::int64_t>& fixed);

} // namespace ts::gui
