#include "widgets/measured_compare_dialog.h"

#include "widgets/background_job.h"
#include "widgets/core_text.h"
#include "widgets/pipeline_job.h"
#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/run_panel.h"
#include "widgets/status_colors.h"
#include "widgets/time_axis_ticker.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMouseEvent>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ts::gui {

namespace {

constexpr double kHoverPixels = 8.0;

QString configText(const space::TritonConfig& config)
{
    return QString::fromStdString(measure::configText(config));
}

// A time kept in ms (as measurements are) in µs, as the explorer writes every kernel time: the
// number alone in the table (its header names the unit), with the unit in prose.
QString usNumber(std::optional<double> ms)
{
    return ms && std::isfinite(*ms) ? QString::fromStdString(formatUs(*ms * 1000.0)) : QStringLiteral("-");
}

QString usText(std::optional<double> ms)
{
    return ms && std::isfinite(*ms) ? timeUsText(*ms * 1000.0) : QStringLiteral("-");
}

// A statistic that has no value (a correlation of fewer than two pairs, a ratio of no times).
QString notDefined()
{
    return MeasuredCompareDialog::tr("n/a", "a statistic with no value");
}

QString statistic(double v, int decimals = 3)
{
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : notDefined();
}

// A ratio of two times, written as the CLI and every other view write one.
QString ratioStatistic(double v)
{
    return std::isfinite(v) ? ratioText(v) : notDefined();
}

// How a config's measurement ended, where it has no time. Core gives the status's code (as the
// CLI and JSON print it); a code this build does not know is shown as it came.
QString measuredStatusText(const std::string& code)
{
    const std::optional<measure::MeasureStatus> status = measure::parseMeasureStatus(code);
    if (!status)
        return QString::fromStdString(code);
    switch (*status) {
    case measure::MeasureStatus::Ok: return MeasuredCompareDialog::tr("timed", "a measured config's status");
    case measure::MeasureStatus::CompileFailed:
        return MeasuredCompareDialog::tr("failed to compile", "a measured config's status");
    case measure::MeasureStatus::RunFailed: return MeasuredCompareDialog::tr("failed to run", "a measured config's status");
    case measure::MeasureStatus::Timeout: return MeasuredCompareDialog::tr("timed out", "a measured config's status");
    case measure::MeasureStatus::NotRun: return MeasuredCompareDialog::tr("not run", "a measured config's status");
    case measure::MeasureStatus::Selected:
        return MeasuredCompareDialog::tr("selected, no time", "a measured config's status: a log names it as the pick");
    }
    return QString::fromStdString(code);
}

// How the simulated tuning of a config ended, where it has no time: the tuned table's words.
QString simulatedStatusText(const std::string& code)
{
    const std::optional<tuning::OutcomeStatus> outcome = tuning::parseOutcomeStatus(code);
    return outcome ? outcomeLabel(*outcome) : QString::fromStdString(code);
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

MeasuredCompareDialog::MeasuredCompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis,
                                             npu::DeviceProfile device, tuning::TuningOptions options,
                                             std::filesystem::path cachePath, QWidget* parent)
    : RunDialog(parent), m_analysis(std::move(analysis)), m_device(std::move(device)), m_options(options),
      m_cachePath(std::move(cachePath))
{
    setWindowTitle(tr("Simulated vs measured"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("measuredSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("measuredScatter"));
    m_plot->setMinimumSize(420, 360);
    stylePlot(m_plot);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<TimeAxisTicker>::create());
    }
    m_plot->xAxis->setLabel(tr("measured p50 (µs)"));
    m_plot->yAxis->setLabel(tr("simulated p50 (µs)"));
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);

    m_table = new QTableWidget(0, 5, this);
    m_table->setObjectName(QStringLiteral("measuredTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("Measured (µs)"), tr("Simulated (µs)"), tr("Ratio"), tr("Runs"), tr("Config")});
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_outliers = new QListWidget(this);
    m_outliers->setObjectName(QStringLiteral("measuredOutliers"));

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Every measured config"), side));
    sideLayout->addWidget(m_table, 3);
    sideLayout->addWidget(new QLabel(tr("Furthest from the diagonal (simulated / measured)"), side));
    sideLayout->addWidget(m_outliers, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_plot);
    split->addWidget(side);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({500, 600});

    createRunPanel(tr("Compare"), QStringLiteral("measuredCompareRun"));
    m_panel->setReady(m_analysis != nullptr);
    connect(m_panel, &RunPanel::runRequested, this, [this] { run(); });
    connect(m_panel, &RunPanel::stopRequested, this, [this] { m_job->stop(); });
    QHBoxLayout* buttons = bottomRow();

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("The configs of this launch measured on real hardware (tilescope measure import), "
                                    "simulated on %1. On the diagonal the simulator agrees with the measurement.")
                                     .arg(QString::fromStdString(m_device.soc)),
                                 this));
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    resize(1100, 640);
}

MeasuredCompareDialog::~MeasuredCompareDialog() = default;

bool MeasuredCompareDialog::run()
{
    if (!m_analysis || m_job->isRunning())
        return false;
    pipeline::CompareMeasuredRequest request;
    request.analysis = m_analysis;
    request.device = m_device;
    request.options = m_options;
    request.cachePath = m_cachePath;
    m_job->start<pipeline::CompareMeasuredResult>(
        tr("Comparing with measured timings"),
        stoppableRun(request, &pipeline::compareMeasured),
        [this](pipeline::CompareMeasuredResult&& result) { showResult(std::move(result)); });
    m_panel->showMessage(tr("Simulating the measured configs…"));
    return true;
}

void MeasuredCompareDialog::showResult(pipeline::CompareMeasuredResult&& result)
{
    m_result = std::move(result);
    const pipeline::CompareMeasuredResult& r = *m_result;
    m_table->setRowCount(0);
    m_outliers->clear();
    if (!r.ok()) {
        m_summary->setText(coreText(*r.error));
        m_panel->showMessage(tr("Nothing to compare."), true);
        plotResult();
        Q_EMIT comparisonFinished();
        return;
    }
    const measure::RankAgreement& a = r.agreement;
    QString text = tr("Measured on %1: %Ln config(s), ", nullptr, int(r.candidates.size()))
                       .arg(QString::fromStdString(r.measuredDevice)) +
                   tr("%Ln with both times.", nullptr, int(a.n));
    if (a.n > 0)
        text += QLatin1Char(' ') + tr("Spearman %1, Kendall tau-b %2, top-1 regret %3, top-%4 recall %5, "
                                      "simulated / measured %6 (geometric mean).")
                                       .arg(statistic(a.spearman), statistic(a.kendallTauB), ratioStatistic(a.top1Regret))
                                       .arg(a.k)
                                       .arg(statistic(a.topKRecall, 2), ratioStatistic(a.geomeanRatio));
    for (const msg::Message& note : r.notes)
        text += QLatin1Char('\n') + coreText(note);
    m_summary->setText(text);

    m_table->setRowCount(int(r.candidates.size()));
    for (std::size_t i = 0; i < r.candidates.size(); ++i) {
        const pipeline::MeasuredCandidate& c = r.candidates[i];
        const int row = int(i);
        m_table->setItem(
            row, 0,
            cell(c.measuredMs ? usNumber(c.measuredMs) : measuredStatusText(c.measuredStatus), true));
        m_table->setItem(
            row, 1,
            cell(c.simulatedMs ? usNumber(c.simulatedMs) : simulatedStatusText(c.simulatedStatus), true));
        m_table->setItem(row, 2, cell(c.ratio ? ratioText(*c.ratio) : QStringLiteral("-"), true));
        m_table->setItem(row, 3, cell(countText(c.timedRuns), true));
        QTableWidgetItem* config = cell(configText(c.config));
        config->setToolTip(hoverText(i));
        m_table->setItem(row, 4, config);
    }
    for (int column = 0; column < 4; ++column)
        m_table->resizeColumnToContents(column);
    for (std::size_t o : a.outliers) {
        const std::size_t i = r.compared[o];
        m_outliers->addItem(ratioText(a.ratio[o]) + QStringLiteral("  ") + configText(r.candidates[i].config));
    }
    plotResult();
    m_panel->showMessage(tr("Compared."));
    Q_EMIT comparisonFinished();
}

void MeasuredCompareDialog::plotResult()
{
    m_plot->clearGraphs();
    m_plotted.clear();
    if (!m_result || !m_result->ok() || m_result->compared.empty()) {
        m_plot->replot();
        return;
    }
    const pipeline::CompareMeasuredResult& r = *m_result;
    const QColor ink = palette().color(QPalette::Text);
    QVector<double> xs, ys, pickX, pickY, bestX, bestY;
    double lo = INFINITY, hi = 0;
    const auto simPick = r.simulatorPick(), best = r.measuredBest();
    for (std::size_t i : r.compared) {
        const double x = *r.candidates[i].measuredMs * 1000.0, y = *r.candidates[i].simulatedMs * 1000.0;
        m_plotted.push_back(i);
        xs << x;
        ys << y;
        if (simPick == i) {
            pickX << x;
            pickY << y;
        }
        if (best == i) {
            bestX << x;
            bestY << y;
        }
        lo = std::min({lo, x, y});
        hi = std::max({hi, x, y});
    }
    lo /= 1.25;
    hi *= 1.25;
    QCPGraph* diagonal = m_plot->addGraph();
    diagonal->setName(tr("simulated = measured"));
    diagonal->setPen(QPen(ink, 1, Qt::DashLine));
    diagonal->setData({lo, hi}, {lo, hi});
    QCPGraph* points = m_plot->addGraph();
    points->setName(tr("measured config"));
    points->setLineStyle(QCPGraph::lsNone);
    points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(0x2f, 0x7e, 0xd8), 7));
    points->setData(xs, ys, true);
    QCPGraph* pick = m_plot->addGraph();
    pick->setName(tr("the simulator's pick"));
    pick->setLineStyle(QCPGraph::lsNone);
    pick->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(QColor(0xd8, 0x6b, 0x2f), 2), Qt::NoBrush, 13));
    pick->setData(pickX, pickY, true);
    QCPGraph* measuredBest = m_plot->addGraph();
    measuredBest->setName(tr("the measured best"));
    measuredBest->setLineStyle(QCPGraph::lsNone);
    measuredBest->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(QColor(0x2c, 0xa0, 0x4a), 2), Qt::NoBrush, 13));
    measuredBest->setData(bestX, bestY, true);
    m_plot->xAxis->setRange(lo, hi);
    m_plot->yAxis->setRange(lo, hi);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->replot();
}

std::optional<std::size_t> MeasuredCompareDialog::candidateAt(const QPoint& pixel) const
{
    if (!m_result || m_plotted.empty())
        return std::nullopt;
    std::optional<std::size_t> nearest;
    double nearestDistance = kHoverPixels;
    for (std::size_t i : m_plotted) {
        const pipeline::MeasuredCandidate& c = m_result->candidates[i];
        const double px = m_plot->xAxis->coordToPixel(*c.measuredMs * 1000.0);
        const double py = m_plot->yAxis->coordToPixel(*c.simulatedMs * 1000.0);
        const double d = std::hypot(px - pixel.x(), py - pixel.y());
        if (d <= nearestDistance) {
            nearestDistance = d;
            nearest = i;
        }
    }
    return nearest;
}

QString MeasuredCompareDialog::hoverText(std::size_t candidate) const
{
    if (!m_result || candidate >= m_result->candidates.size())
        return {};
    const pipeline::MeasuredCandidate& c = m_result->candidates[candidate];
    return tr("%1\nmeasured %2 (%Ln run(s)), simulated %3, ratio %4", nullptr, int(c.timedRuns))
        .arg(configText(c.config), usText(c.measuredMs), usText(c.simulatedMs),
             c.ratio ? ratioText(*c.ratio) : QStringLiteral("-"));
}

bool MeasuredCompareDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && event->type() == QEvent::MouseMove) {
        const auto* move = static_cast<QMouseEvent*>(event);
        if (const auto candidate = candidateAt(move->position().toPoint())) {
            QToolTip::showText(move->globalPosition().toPoint(), hoverText(*candidate), m_plot);
            m_table->selectRow(int(*candidate));
        } else {
            QToolTip::hideText();
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace ts::gui
