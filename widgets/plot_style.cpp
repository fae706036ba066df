#include "widgets/plot_style.h"

#include "widgets/qcp.h"

#include <QApplication>
#include <QLocale>

namespace ts::gui {

void styleAxisRect(QCPAxisRect* rect)
{
    const QPalette pal = QApplication::palette();
    const QColor text = pal.color(QPalette::Text);
    for (QCPAxis* axis : rect->axes()) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
        axis->grid()->setSubGridVisible(false);
    }
}

void placeLegendAbove(QCustomPlot* plot, int wrap)
{
    plot->legend->setVisible(true);
    plot->legend->setWrap(wrap);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, /*rearrange=*/true);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    // The legend spans the plot: its frame's right edge fell on the pixel past the widget's.
    plot->plotLayout()->setMargins(QMargins(0, 0, 1, 0));
}

void stylePlot(QCustomPlot* plot)
{
    // Axis labels grouped like every other figure the explorer writes ("1,000", never "1000"):
    // QCustomPlot's own locale leaves the group separator out.
    plot->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    const QPalette pal = QApplication::palette();
    plot->setBackground(pal.brush(QPalette::Base));
    for (QCPAxisRect* rect : plot->axisRects())
        styleAxisRect(rect);
    const auto styleLegend = [&pal](QCPLegend* legend) {
        legend->setBrush(pal.brush(QPalette::Base));
        legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
        legend->setTextColor(pal.color(QPalette::Text));
    };
    // The plot's legend, and any other a chart lays out (the tuning time's lanes).
    styleLegend(plot->legend);
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true))
        if (auto* legend = qobject_cast<QCPLegend*>(element); legend && legend != plot->legend)
            styleLegend(legend);
}

} // namespace ts::gui
