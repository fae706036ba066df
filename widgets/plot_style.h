#pragma once
// The look every chart shares: background, axes, grid and legend in the colours of the
// application palette (light or dark), so that charts stay readable after a theme change.

class QCustomPlot;
class QCPAxisRect;

namespace ts::gui {

void stylePlot(QCustomPlot* plot);
void styleAxisRect(QCPAxisRect* rect);
// Shows the legend in a row of its own above the axes, so that it never covers a bar or a
// point; `wrap` items a row (0: one row).
void placeLegendAbove(QCustomPlot* plot, int wrap);

} // namespace ts::gui
