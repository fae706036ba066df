#include "widgets/chart_export.h"

#include "widgets/qcp.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QResizeEvent>
#include <QSvgGenerator>
#include <QVBoxLayout>

#include <algorithm>

namespace ts::gui {
namespace {

// A layout short of room squeezes a word-wrapped label below the height its lines need (it asks
// for the minimum without a width), and the summary's last line is cut under the plot. This one
// asks for its lines at the width it has: the plot gives up the room, or the page scrolls.
class WrappedSummary : public QLabel {
public:
    using QLabel::QLabel;

    QSize minimumSizeHint() const override
    {
        QSize size = QLabel::minimumSizeHint();
        if (width() > 0)
            size.setHeight(std::max(size.height(), heightForWidth(width())));
        return size;
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QLabel::resizeEvent(event);
        if (event->size().width() != event->oldSize().width())
            updateGeometry();
    }
};

} // namespace

bool exportPlot(QCustomPlot* plot, const QString& fileName, QString* error)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = plot->savePng(fileName, plot->width(), plot->height(), 2.0);
    } else if (suffix == QLatin1String("pdf")) {
        ok = plot->savePdf(fileName, plot->width(), plot->height());
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator generator;
        generator.setFileName(fileName);
        generator.setSize(plot->size());
        generator.setViewBox(plot->rect());
        generator.setTitle(QStringLiteral("TileScope"));
        QCPPainter painter;
        ok = painter.begin(&generator);
        if (ok) {
            plot->toPainter(&painter, plot->width(), plot->height());
            ok = painter.end();
        }
    } else {
        if (error)
            *error = QCoreApplication::translate("ts::gui::ChartExport", "Unknown format '%1': use .png, .svg or .pdf").arg(suffix);
        return false;
    }
    if (!ok && error)
        *error = QCoreApplication::translate("ts::gui::ChartExport", "Cannot write %1").arg(fileName);
    return ok;
}

void exportPlotInteractively(QCustomPlot* plot, QWidget* parent, const QString& baseName)
{
    QString selected;
    const QString fileName = QFileDialog::getSaveFileName(
        parent, QCoreApplication::translate("ts::gui::ChartExport", "Export chart"), baseName + QStringLiteral(".png"),
        QCoreApplication::translate("ts::gui::ChartExport", "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"),
        &selected);
    if (fileName.isEmpty())
        return;
    QString error;
    if (!exportPlot(plot, fileName, &error))
        QMessageBox::warning(parent, QCoreApplication::translate("ts::gui::ChartExport", "Export chart"), error);
}

void installExportMenu(QCustomPlot* plot, const QString& baseName)
{
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(plot, &QWidget::customContextMenuRequested, plot, [plot, baseName](const QPoint& pos) {
        QMenu menu(plot);
        menu.addAction(QCoreApplication::translate("ts::gui::ChartExport", "Export as PNG, SVG or PDF…"), plot,
                       [plot, baseName] { exportPlotInteractively(plot, plot->window(), baseName); });
        menu.exec(plot->mapToGlobal(pos));
    });
}

QLabel* layOutChartWithSummary(QWidget* chart, QCustomPlot* plot, const QString& baseName, const QString& exportToolTip)
{
    auto* summary = new WrappedSummary(chart);
    summary->setWordWrap(true);
    auto* exportButton = new QPushButton(QCoreApplication::translate("ts::gui::ChartExport", "Export…"), chart);
    exportButton->setToolTip(exportToolTip);
    installExportMenu(plot, baseName);
    QObject::connect(exportButton, &QPushButton::clicked, chart,
                     [plot, chart, baseName] { exportPlotInteractively(plot, chart->window(), baseName); });
    auto* top = new QHBoxLayout;
    top->addWidget(summary, 1);
    top->addWidget(exportButton, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(chart);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(plot, 1);
    return summary;
}

} // namespace ts::gui
