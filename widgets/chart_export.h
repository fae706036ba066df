#pragma once
// Saving a chart as PNG, SVG or PDF, from a context menu or a button.

#include <QString>

class QCustomPlot;
class QLabel;
class QWidget;

namespace ts::gui {

// Writes the plot in the format the file name's suffix names (png, svg, pdf). Returns false
// with `error` set when it cannot.
bool exportPlot(QCustomPlot* plot, const QString& fileName, QString* error);
// Asks for a file name and exports; errors are shown in a message box.
void exportPlotInteractively(QCustomPlot* plot, QWidget* parent, const QString& baseName);
// Adds "Export as…" entries to the plot's context menu.
void installExportMenu(QCustomPlot* plot, const QString& baseName);
// Lays out a single-plot chart: a word-wrapped summary line with an "Export…" button beside it
// (and the export entries in the plot's context menu), the plot below. Returns the summary label.
QLabel* layOutChartWithSummary(QWidget* chart, QCustomPlot* plot, const QString& baseName, const QString& exportToolTip);

} // namespace ts::gui
