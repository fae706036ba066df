#pragma once
// The look every chart shares: background, axes, grid and legend in the colours of the
// application palette (light or dark), so that charts stay readable after a theme change.

class QCustomPlot;
class QCPAxisRect;

namespace ts::gui {

void stylePlot(QCustomPlot* plot);
void styleAxisRect(QCPAxisRect* rect);

} // namespace ts::gui
