#include "widgets/pipe_chart.h"

#include "widgets/chart_export.h"
#include "widgets/core_text.h"
#include "widgets/pipe_names.h"
#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"

#include <QApplication>
#include <QLabel>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace ts::gui {
namespace {

static_assert(kPipes.size() == std::size_t(PipeChart::kPipeRows), "a row for each pipe, the launch's last");

std::array<double, PipeChart::kPipeRows> pipeValues(const npu::PipeTimes& p)
{
    std::array<double, PipeChart::kPipeRows> values{};
    for (std::size_t row = 0; row < values.size(); ++row)
        values[row] = pipeTime(p, kPipes[row]);
    return values;
}

// The candidate the chart shows: the selected one when it was benchmarked, else the best.
const TunedCandidate* shownEntry(const TuningRun* run, std::optional<std::size_t> selected)
{
    if (!run)
        return nullptr;
    if (const TunedCandidate* s = selected ? run->entryFor(*selected) : nullptr; s && s->measured())
        return s;
    return run->bestEntry();
}

} // namespace

QString PipeChart::rowName(int row)
{
    if (row >= 0 && row < kPipeRows)
        return pipeName(kPipes[std::size_t(row)]);
    return row == kDeviceRow ? tr("device time") : QString();
}

PipeChart::PipeChart(QWidget* parent) : QWidget(parent)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("pipePlot"));
    m_plot->setMinimumSize(280, 220);
    m_plot->setMouseTracking(true);
    // Pipes down the side, so that every name is written level and none is cut; time across.
    QCPAxis* rows = m_plot->yAxis;
    QCPAxis* time = m_plot->xAxis;
    // A pipe's two bars side by side with no gap, the gap between pipes: with a few pixels a row,
    // the group's default 4-pixel spacing put a pipe's lower bar against the next pipe's upper one.
    auto* group = new QCPBarsGroup(m_plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(0);
    m_busy = new QCPBars(rows, time);
    m_critical = new QCPBars(rows, time);
    for (QCPBars* bars : {m_busy, m_critical}) {
        bars->setWidth(0.34);
        bars->setBarsGroup(group);
    }
    m_device = new QCPBars(rows, time);
    m_device->setWidth(0.6);
    // Short names, two to a row: the summary below says what each one is.
    m_busy->setName(tr("busy"));
    m_critical->setName(tr("critical path"));
    m_device->setName(tr("device time"));
    m_roofline = m_plot->addGraph(time, rows);
    m_roofline->setName(tr("roofline"));

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int row = 0; row < kPipeRows; ++row)
        ticker->addTick(row, rowName(row));
    ticker->addTick(kDeviceRow, rowName(kDeviceRow));
    rows->setTicker(ticker);
    rows->setRange(-0.6, kDeviceRow + 0.6);
    rows->setRangeReversed(true);
    rows->grid()->setVisible(false);
    time->setLabel(tr("time (µs)"));
    placeLegendAbove(m_plot, 2);
    m_empty = new QCPItemText(m_plot);
    m_empty->position->setType(QCPItemPosition::ptViewportRatio);
    m_empty->position->setCoords(0.5, 0.5);
    m_empty->setPositionAlignment(Qt::AlignCenter);

    m_summary = layOutChartWithSummary(this, m_plot, QStringLiteral("pipes"), tr("Save the per-pipe chart as PNG, SVG or PDF"));
    m_summary->setObjectName(QStringLiteral("pipeSummary"));
    m_summary->setToolTip(tr("Critical path: the device time attributed to the pipes along the critical path of the "
                             "slowest core; the pipes' shares add up to the device time.\nBusy: how long each pipe "
                             "works; with multibuffer the pipes overlap, so the busy times add up to more.\nRoofline: "
                             "no schedule of this work runs faster.\np50: the median of the benchmark's timed runs, as the table and the "
                             "status bar show it. The default method (do_bench) times each launch on the host, the L2 "
                             "flushed before every run (the device time is simulated so): it adds the host's launch, "
                             "whose level changes from one benchmark call to the next, jitter and rare interruptions. "
                             "The npu method (the profiler) reads the on-chip time, close to the device time."));
    m_summary->setTextFormat(Qt::RichText);

    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const TunedCandidate* t = shownEntry(m_run.get(), m_selected);
        if (!t || !m_plot->axisRect()->rect().contains(e->position().toPoint())) {
            QToolTip::hideText();
            return;
        }
        const long row = std::lround(m_plot->yAxis->pixelToCoord(e->position().y()));
        QString text;
        if (row >= 0 && row < kPipeRows) {
            text = tr("%1 of #%2: on the critical path %3").arg(rowName(int(row))).arg(t->candidate)
                       .arg(timeUsText(pipeValues(t->breakdown)[std::size_t(row)]));
            if (t->busy.pipes() > 0 && row < kPipeRows - 1)
                text += tr(", busy %1").arg(timeUsText(pipeValues(t->busy)[std::size_t(row)]));
        } else if (row == kDeviceRow) {
            text = tr("#%1: device time %2, roofline %3 (%4)")
                       .arg(t->candidate)
                       .arg(timeUsText(t->deviceUs), timeUsText(t->rooflineUs), limiterText(t->limiter));
        }
        if (text.isEmpty())
            QToolTip::hideText();
        else
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
    fill(m_busy, pal.color(QPalette::Highlight));
    fill(m_critical, outcomeColor(tuning::OutcomeStatus::Best, dark));
    QColor device = pal.color(QPalette::Text);
    device.setAlpha(dark ? 150 : 110);
    m_device->setPen(QPen(pal.color(QPalette::Text)));
    m_device->setBrush(device);
    m_roofline->setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
    m_empty->setColor(pal.color(QPalette::PlaceholderText));
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

void PipeChart::showNothing(const QString& why)
{
    for (QCPBars* bars : {m_busy, m_critical, m_device})
        bars->data()->clear();
    m_roofline->data()->clear();
    m_plot->xAxis->setVisible(false);
    m_plot->yAxis->setVisible(false);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->legend->setVisible(false);
    m_empty->setText(why);
    m_empty->setVisible(true);
}

void PipeChart::rebuild()
{
    m_dirty = false;
    m_shown.reset();
    const TunedCandidate* t = shownEntry(m_run.get(), m_selected);
    const TunedCandidate* selected = m_run && m_selected ? m_run->entryFor(*m_selected) : nullptr;
    const TunedCandidate* best = m_run ? m_run->bestEntry() : nullptr;
    QStringList lines;
    if (!t) {
        // Nothing benchmarked yet: no axes to read a meaning into.
        showNothing(m_run ? tr("Nothing benchmarked yet.") : tr("Nothing tuned yet."));
        lines << (m_run ? tr("The tuning has not benchmarked a candidate yet.")
                        : tr("Tune (F5) to see where the time of each candidate goes, pipe by pipe."));
        m_summary->setText(lines.join(QStringLiteral("<br>")));
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    m_shown = t->candidate;
    m_empty->setVisible(false);
    m_plot->xAxis->setVisible(true);
    m_plot->yAxis->setVisible(true);
    m_plot->xAxis->grid()->setVisible(true);
    m_plot->legend->setVisible(true);

    const bool hasBusy = t->busy.pipes() > 0;
    QVector<double> keys, busy, critical;
    double top = std::max(t->deviceUs, t->rooflineUs);
    const auto busyValues = pipeValues(t->busy);
    const auto criticalValues = pipeValues(t->breakdown);
    for (int row = 0; row < kPipeRows; ++row) {
        keys << row;
        critical << criticalValues[std::size_t(row)];
        busy << (hasBusy ? busyValues[std::size_t(row)] : 0.0);
        top = std::max({top, busy.back(), critical.back()});
    }
    m_critical->setData(keys, critical, true);
    if (hasBusy)
        m_busy->setData(keys, busy, true);
    else
        m_busy->data()->clear();
    m_device->setData({double(kDeviceRow)}, {t->deviceUs}, true);
    m_roofline->setData({t->rooflineUs, t->rooflineUs}, {-0.6, kDeviceRow + 0.6}, true);
    m_plot->xAxis->setRange(0, std::max(top, 1e-9) * 1.06);

    const QString who = t == selected ? (best && best->candidate == t->candidate
                                             ? (m_run->isFinished() ? tr("Selected, the best,") : tr("Selected, the fastest so far,"))
                                             : tr("Selected"))
                                      : (m_run->isFinished() ? tr("The best") : tr("The fastest so far"));
    // Four short lines, so that the chart keeps its height; the summary's tooltip says more.
    lines << tr("%1 <b>#%2</b>: device time %3, the sum of the <i>critical path</i> bars.")
                 .arg(who)
                 .arg(t->candidate)
                 .arg(timeUsText(t->deviceUs));
    // The p50 beside it in the table and the status bar is what the benchmark measured, not the
    // device time: say what makes the difference, by the method that measured it. The difference
    // of the two figures as shown, so that the line adds up to the cent.
    const auto shown = [](double us) { return formattedUs(us); };  // the value as written
    const double extra = shown(t->p50Us) - shown(t->deviceUs);
    if (m_run->options().method == npu::BenchMethod::Npu)
        lines << tr("p50 %1 in the table = on-chip time, %2 off the device time (timing noise).")
                     .arg(timeUsText(t->p50Us), timeUsText(std::abs(extra)));
    else if (extra >= 0)
        lines << tr("p50 %1 in the table = device time + %2 (host launch, timing noise).")
                     .arg(timeUsText(t->p50Us), timeUsText(extra));
    else
        lines << tr("p50 %1 in the table = device time − %2 (timing noise).")
                     .arg(timeUsText(t->p50Us), timeUsText(-extra));
    if (hasBusy) {
        const double overlap = npu::overlappedUs(t->busy, t->breakdown);
        lines << (overlap > 0 ? tr("<i>Busy</i> %1 in all, at least %2 of it overlapped.")
                                    .arg(timeUsText(t->busy.pipes()), timeUsText(overlap))
                              : tr("<i>Busy</i> %1 in all, no overlap.").arg(timeUsText(t->busy.pipes())));
    } else {
        lines << tr("No busy times: this tuning was cached before they were kept.");
    }
    const double efficiency = t->deviceUs > 0 ? t->rooflineUs / t->deviceUs : 0;
    lines << tr("Roofline %1 (bound by %2), %3 of the device time.")
                 .arg(timeUsText(t->rooflineUs), limiterText(t->limiter), percentText(efficiency));
    if (selected && !selected->measured())
        lines << tr("Selected <b>#%1</b>: %2 — %3")
                     .arg(selected->candidate)
                     .arg(outcomeLabel(selected->status), failureReason(*selected).toHtmlEscaped());
    else if (m_selected && !selected)
        lines << tr("Selected #%1 was not tuned.").arg(*m_selected);
    if (best && best->candidate != t->candidate && best->deviceUs > 0)
        lines << tr("%1 <b>#%2</b>: device time %3 (%4 of it here).")
                     .arg(m_run->isFinished() ? tr("Best") : tr("Fastest so far"))
                     .arg(best->candidate)
                     .arg(timeUsText(best->deviceUs), ratioText(t->deviceUs / best->deviceUs));
    m_summary->setText(lines.join(QStringLiteral("<br>")));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace ts::gui
