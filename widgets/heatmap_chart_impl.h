#pragma once
// What the heat map's files share (heatmap_chart.cpp: the widget, its data and its events;
// heatmap_cells.cpp: the colours, the legend and the labels of cells and axes).

#include "widgets/heatmap_slice.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ts::gui::heatmap_detail {

// Cells that get an item each (a label, a hatch); larger slices carry marks instead.
constexpr std::size_t kMaxCellTexts = 2500;
// Beyond this many cells, generated and handwritten cells always carry a mark; below it, those
// whose label does not fit.
constexpr std::size_t kMarksAlways = kMaxCellTexts;
// A dimension with more values than this opens on its kept values only (cells of a pixel or two
// each would hide the backend's own candidates in a corner).
constexpr std::size_t kKeptOnlyAbove = 64;

// A cell coloured by a figure shows it (kFigureBand) or a flat band saying why not: its
// CellCategory (a pruned, skipped or incorrect candidate, or none), or the tuning's outcome.
constexpr std::uint8_t kFigureBand = 0xff;
constexpr std::uint8_t kCompileFailedBand = kCellCategoryCount;
constexpr std::uint8_t kTimeBudgetCutBand = kCellCategoryCount + 1;
constexpr std::uint8_t kAbsentBand = kCellCategoryCount + 2;  // not tuned, not measured, ...
constexpr int kBandCount = kCellCategoryCount + 3;

// Fills slice.bands from its cells' categories and figures; `outcomes` (the tuning's sorted by
// index, or null) tells a failed compile and the time budget's cut from "not tuned".
void assignBands(HeatmapSlice& slice, const TunedOutcomes* outcomes);
// A slice coloured by status: the generated and handwritten cells whose candidate failed to
// compile or was cut by the time budget take that category (`outcomes`: sorted, or null).
void markTuningVerdicts(HeatmapSlice& slice, const TunedOutcomes* outcomes);
// The figure's range and counts over the cells that show it (reduced ones included).
void summariseFigures(const HeatmapSlice& slice, pipeline::CandidateMetricValues& info);

} // namespace ts::gui::heatmap_detail
