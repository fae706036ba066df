#include "widgets/pipe_chart.h"

#include "widgets/chart_export.h"
#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/status_colors.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <array>

namespace ts::gui {
namespace {

std::array<double, 6> pipes(const TunedCandidate& t)
{
    const npu::PipeTimes& b = t.breakdown;
    return {b.mte2, b.vector, b.cube, b.mte3, b.scalar, b.launch};
}

QString pipeName(int k)
{
    static const char* const kNames[] = {"MTE2", "Vector", "Cube", "MTE3", "Scalar", QT_TRANSLATE_NOOP("ts::gui::PipeChart", "launch")};
    return k == 5 ? PipeChart::tr(kNames[5]) : QString::fromLatin1(kNames[k]);
}

} // namespace

PipeChart::PipeChart(QWidget* parent) : QWidget(parent)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("pipePlot"));
    m_plot->setMinimumSize(280, 180);
    m_plot->setMouseTracking(true);
    m_group = new QCPBarsGroup(m_plot);
    m_selectedBars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_bestBars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    for (QCPBars* bars : {m_selectedBars, m_bestBars}) {
        bars->setWidth(0.36);
        bars->setBarsGroup(m_group);
    }
    m_selectedBars->setName(tr("selected"));
    m_bestBars->setName(tr("best"));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int k = 0; k < 6; ++k)
        ticker->addTick(k, pipeName(k));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(-0.6, 5.6);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->setLabel(tr("share of the device time (µs)"));
    m_plot->xAxis->setTickLabelRotation(30);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_roofline = new QCPItemStraightLine(m_plot);
    m_rooflineLabel = new QCPItemText(m_plot);
    m_rooflineLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_rooflineLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_rooflineLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);

    m_summary = layOutChartWithSummary(this, m_plot, QStringLiteral("pipes"), tr("Save the per-pipe chart as PNG, SVG or PDF"));
    m_summary->setObjectName(QStringLiteral("pipeSummary"));
    m_summary->setTextFormat(Qt::RichText);

    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        if (!m_run || !m_plot->axisRect()->rect().contains(e->position().toPoint())) {
            QToolTip::hideText();
            return;
        }
        const long k = std::lround(m_plot->xAxis->pixelToCoord(e->position().x()));
        if (k < 0 || k > 5)
            return;
        const QLocale locale;
        QString text = pipeName(int(k));
        const TunedCandidate* s = m_shown ? m_run->entryFor(*m_shown) : nullptr;
        const TunedCandidate* b = m_run->bestEntry();
        if (s && s->measured())
            text += tr("\n#%1: %2 µs").arg(s->candidate).arg(locale.toString(pipes(*s)[std::size_t(k)], 'f', 2));
        if (b)
            text += tr("\nbest #%1: %2 µs").arg(b->candidate).arg(locale.toString(pipes(*b)[std::size_t(k)], 'f', 2));
        QToolTip::showText(e->globalPosition().toPoint(), text, m_plot);
    });
    setDark(false);
}

void PipeChart::setDark(bool dark)
{
    m_dark = dark;
    stylePlot(m_plot);
    const QPalette pal = QApplication::palette();
    auto fill = [](QCPBars* bars, QColor c) {
        bars->setPen(QPen(c.darker(130)));
        c.setAlpha(210);
        bars->setBrush(c);
    };
    fill(m_selectedBars, pal.color(QPalette::Highlight));
    fill(m_bestBars, outcomeColor(tuning::OutcomeStatus::Best, dark));
    m_roofline->setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
    m_rooflineLabel->setColor(pal.color(QPalette::Text));
    rebuild();
}

void PipeChart::setRun(std::shared_ptr<const TuningRun> run)
{
    m_run = std::move(run);
    rebuild();
}

void PipeChart::runUpdated()
{
    m_dirty = true;
    if (isVisible())
        rebuild();
}

void PipeChart::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        rebuild();
}

void PipeChart::setSelectedCandidate(std::optional<std::size_t> candidate)
{
    m_selected = candidate;
    rebuild();
}

void PipeChart::rebuild()
{
    m_dirty = false;
    const TunedCandidate* s = m_run && m_selected ? m_run->entryFor(*m_selected) : nullptr;
    const TunedCandidate* b = m_run ? m_run->bestEntry() : nullptr;
    m_shown.reset();
    QVector<double> keys{0, 1, 2, 3, 4, 5}, sv, bv;
    double top = 0;
    if (s && s->measured()) {
        m_shown = s->candidate;
        for (double v : pipes(*s)) {
            sv << v;
            top = std::max(top, v);
        }
    }
    if (b) {
        for (double v : pipes(*b)) {
            bv << v;
            top = std::max(top, v);
        }
    }
    m_selectedBars->setData(sv.isEmpty() ? QVector<double>{} : keys, sv, true);
    m_bestBars->setData(bv.isEmpty() ? QVector<double>{} : keys, bv, true);
    m_selectedBars->setVisible(!sv.isEmpty());
    const TunedCandidate* bound = s && s->measured() ? s : b;
    const double roof = bound ? bound->rooflineUs : 0;
    m_roofline->setVisible(roof > 0);
    m_rooflineLabel->setVisible(roof > 0);
    if (roof > 0) {
        m_roofline->point1->setCoords(0, roof);
        m_roofline->point2->setCoords(1, roof);
        m_rooflineLabel->position->setCoords(0.99, roof);
        m_rooflineLabel->setText(tr("roofline #%1: %2 µs").arg(bound->candidate).arg(QLocale().toString(roof, 'f', 2)));
        top = std::max(top, roof);
    }
    m_plot->yAxis->setRange(0, std::max(top * 1.45, 1e-3));  // room for the legend

    const QLocale locale;
    auto line = [&](const TunedCandidate& t, const QString& who) {
        const double efficiency = t.deviceUs > 0 ? t.rooflineUs / t.deviceUs : 0;
        return tr("%1 <b>#%2</b>: %3 µs, roofline %4 µs (%5), %6% of it; UB %7 / %8 KiB")
            .arg(who)
            .arg(t.candidate)
            .arg(locale.toString(t.deviceUs, 'f', 2), locale.toString(t.rooflineUs, 'f', 2), QString::fromStdString(t.limiter))
            .arg(int(std::lround(efficiency * 100)))
            .arg(locale.toString(double(t.ubPeakBytes) / 1024.0, 'f', 1), locale.toString(double(t.ubCapacityBytes) / 1024.0, 'f', 0));
    };
    QStringList lines;
    if (!m_run) {
        lines << tr("Tune (F5) to see where the time of each candidate goes, pipe by pipe.");
    } else {
        if (s && s->measured() && b && s->candidate == b->candidate)
            lines << line(*s, m_run->isFinished() ? tr("Selected, the best,") : tr("Selected, the fastest so far,"));
        else if (s && s->measured())
            lines << line(*s, tr("Selected"));
        else if (s)
            lines << tr("Selected <b>#%1</b>: %2 — %3")
                         .arg(s->candidate)
                         .arg(outcomeLabel(s->status), QString::fromStdString(s->failureMessage).toHtmlEscaped());
        else if (m_selected)
            lines << tr("Selected #%1 was not tuned.").arg(*m_selected);
        if (b && !(s && s->candidate == b->candidate))
            lines << line(*b, m_run->isFinished() ? tr("Best") : tr("Fastest so far"));
    }
    m_summary->setText(lines.join(QStringLiteral("<br>")));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace ts::gui
