#pragma once
// The data behind the heat map, prepared off the GUI thread: one cell per pair of values of two
// dimensions (one row per value of one dimension: a strip), each other dimension held at a chosen
// value or reduced (the minimum or the median of the figure over its values). A cell keeps the
// candidate that matters most when several share it (generated, then handwritten, incorrect,
// skipped, pruned), or, when a figure is reduced, the candidate whose figure it shows.

#include "core/pipeline/workflow.h"
#include "core/space/candidate_space.h"

#include <cstdint>
#include <functional>
#include <utility>
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
    SkippedOption, // a generated tiling with a setting the backend never lists (option points)
    // A generated or handwritten candidate the tuning could not time (markTuningVerdicts).
    CompileFailed,
    TimeBudgetCut,
};
inline constexpr int kCellCategoryCount = 18;
CellCategory cellCategory(space::CandidateStatus status, space::ReasonCode reason);

// A tuning's outcomes of the candidates it tuned only, by the space's index (copied on the GUI
// thread in one pass, sorted by index on the worker that reads them).
using TunedOutcomes = std::vector<std::pair<std::size_t, tuning::OutcomeStatus>>;
// The outcome of `candidate` in outcomes sorted by index, NotTuned when absent.
tuning::OutcomeStatus tunedOutcome(const TunedOutcomes& sorted, std::size_t candidate);

// Distinct values of each dimension over the space's candidates, ascending (kUnset first if
// present): the axes are ordinal, one column per value some candidate has. `keptOnly`: only the
// values some generated or handwritten candidate has (a cube kernel's prunes reach far beyond).
std::vector<std::vector<std::int64_t>> dimensionValues(const space::CandidateSpace& space, bool keptOnly = false);

// What the slice does with a dimension on neither axis.
enum class HiddenMode : std::uint8_t {
    Fixed,   // held at one value
    Min,     // the cell shows the lowest figure over the dimension's values
    Median,  // the median (of the minima when other dimensions are Min)
};

struct SliceRequest {
    int xDim = -1;
    int yDim = -1;                       // -1: a strip, one row of xDim's values
    std::vector<std::int64_t> fixed;     // one value per dimension (used where the mode is Fixed)
    std::vector<HiddenMode> modes;       // one per dimension; empty: every hidden one Fixed
};

// The figure of each candidate listed, in order (NaN: none). Called once per slice, off the GUI
// thread, with every candidate the slice matches.
using SliceFigures = std::function<std::vector<double>(const std::vector<std::size_t>& candidates)>;

struct HeatmapSlice {
    int xDim = -1;
    int yDim = -1;  // -1: a strip (yValues holds one placeholder)
    std::vector<std::int64_t> xValues;
    std::vector<std::int64_t> yValues;
    std::vector<std::int32_t> cells;  // row-major by y: candidate index or -1
    std::vector<CellCategory> categories;
    std::size_t matched = 0;          // candidates in the slice (several may share a cell)
    bool reduced = false;             // some hidden dimension is Min or Median
    std::vector<HiddenMode> modes;    // the request's
    // Colouring by a figure (colourBy >= 0, an int pipeline::CandidateMetric): its value per
    // cell (NaN: none, or no candidate), and the figure's unit, scale and range over the cells.
    int colourBy = -1;
    std::vector<double> metric;
    pipeline::CandidateMetricValues metricInfo;  // values left empty
    // Per cell, when coloured by a figure: kFigureBand, or the band saying why the cell shows no
    // figure (heatmap_chart_impl.h).
    std::vector<std::uint8_t> bands;

    std::int32_t candidateAt(std::size_t x, std::size_t y) const { return cells[y * xValues.size() + x]; }
};

// Without `figures` the cells keep the candidate that matters most; with it, `metric` holds each
// cell's figure, reduced over the Min and Median dimensions (a candidate whose launch is
// incorrect takes no part: its time is not the kernel's).
HeatmapSlice computeHeatmapSlice(const space::CandidateSpace& space,
                                 const std::vector<std::vector<std::int64_t>>& values, const SliceRequest& request,
                                 const SliceFigures& figures = {});
// Every hidden dimension fixed: `fixed` holds one value per dimension (ignored for xDim and yDim).
HeatmapSlice computeHeatmapSlice(const space::CandidateSpace& space,
                                 const std::vector<std::vector<std::int64_t>>& values, int xDim, int yDim,
                                 const std::vector<std::int64_t>& fixed);

} // namespace ts::gui
