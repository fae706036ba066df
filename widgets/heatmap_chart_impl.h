#pragma once
// What the heat map's files share (heatmap_chart.cpp: the widget, its data and its events;
// heatmap_cells.cpp: the colours, the legend and the cell labels).

#include <cstddef>

namespace ts::gui::heatmap_detail {

// Cells that get an item each (a label, a hatch); larger slices carry marks instead.
constexpr std::size_t kMaxCellTexts = 2500;
// Beyond this many cells, generated and handwritten cells always carry a mark; below it, those
// whose label does not fit.
constexpr std::size_t kMarksAlways = kMaxCellTexts;

} // namespace ts::gui::heatmap_detail
