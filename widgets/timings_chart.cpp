#include "widgets/timings_chart.h"

#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"
#include "widgets/time_axis_ticker.h"

#include <QApplication>
#include <QLabel>

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

// Beyond this many points, p20–p80 bars are drawn for an even sample (and the fastest ones):
// thousands of overlapping bars say nothing more and cost a lot to draw.
constexpr std::size_t kMaxBars = 1500;
constexpr std::size_t kFastestWithBars = 100;

QString paramsOf(const space::CandidateSpace& s, std::size_t c)
{
    QStringList parts;
    for (const auto& [name, value] : s.params(c))
        parts << QString::fromStdString(name) + QLatin1Char('=') + QString::fromStdString(value.toPython());
    return parts.join(QStringLiteral(", "));
}

} // namespace

TimingsChart::TimingsChart(QWidget* parent)
    : RunChart(parent, QStringLiteral("timings"), 200, QStringLiteral("timings"),
               tr("Save the timings chart as PNG, SVG or PDF"))
{
    m_plot->setNoAntialiasingOnDrag(true);
    m_barCarrier = m_plot->addGraph();
    m_barCarrier->setLineStyle(QCPGraph::lsNone);
    m_barCarrier->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
    m_barCarrier->removeFromLegend();
    m_bars = new QCPErrorBars(m_plot->xAxis, m_plot->yAxis);
    m_bars->setDataPlottable(m_barCarrier);
    m_bars->setName(tr("p20–p80"));
    m_points = m_plot->addGraph();
    m_points->setLineStyle(QCPGraph::lsNone);
    m_points->setName(tr("p50"));
    m_points->setAdaptiveSampling(true);
    // An incorrect config runs (the backend benchmarks it) and may be the fastest, but it is
    // never the best: its points are told apart, so that the best need not be the first.
    m_incorrect = m_plot->addGraph();
    m_incorrect->setLineStyle(QCPGraph::lsNone);
    m_incorrect->setName(tr("p50, incorrect config (never the best)"));
    m_best = m_plot->addGraph();
    m_best->setLineStyle(QCPGraph::lsNone);
    m_best->setName(tr("best"));
    m_selectedMark = m_plot->addGraph();
    m_selectedMark->setLineStyle(QCPGraph::lsNone);
    m_selectedMark->setName(tr("selected"));
    m_plot->xAxis->setLabel(tr("benchmarked candidates, fastest first"));
    // Positions are whole candidates: no tick between two.
    auto positions = QSharedPointer<QCPAxisTickerFixed>::create();
    positions->setTickStep(1.0);
    positions->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_plot->xAxis->setTicker(positions);
    m_plot->yAxis->setLabel(tr("time per launch (µs)"));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    setDark(false);
}

QString TimingsChart::hoverText(std::size_t candidate, const TunedCandidate& entry) const
{
    QString text = tr("#%1 %2\np50 %3 (p20 %4, p80 %5)")
                       .arg(candidate)
                       .arg(paramsOf(*m_run->space(), candidate), timeUsText(entry.p50Us), timeUsText(entry.p20Us),
                            timeUsText(entry.p80Us));
    if (const TunedCandidate* best = m_run->bestEntry(); best && best->candidate != candidate && best->p50Us > 0)
        text += tr("\n%1 the best's").arg(ratioText(entry.p50Us / best->p50Us));
    if (m_run->space()->status(candidate) == space::CandidateStatus::Incorrect)
        text += tr("\nincorrect: it computes a wrong result, so it is never the best");
    return text;
}

void TimingsChart::setDark(bool dark)
{
    stylePlot(m_plot);
    const QPalette pal = QApplication::palette();
    const QColor measured = outcomeColor(tuning::OutcomeStatus::Benchmarked, dark);
    m_points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, measured, measured, 4));
    const QColor wrong = statusColor(space::CandidateStatus::Incorrect, dark);
    m_incorrect->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, wrong, wrong, 5));
    QColor bar = measured;
    bar.setAlpha(dark ? 150 : 120);
    m_bars->setPen(QPen(bar, 1));
    m_bars->setWhiskerWidth(3);
    const QColor best = outcomeColor(tuning::OutcomeStatus::Best, dark);
    m_best->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(best, 2), best, 14));
    m_selectedMark->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(pal.color(QPalette::Highlight), 2.5), Qt::NoBrush, 13));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimingsChart::setSelectedCandidate(std::optional<std::size_t> candidate)
{
    m_selected = candidate;
    updateMarks();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// The chart's arrays, sorted and thinned on a worker.
struct TimingsPrepared {
    std::vector<std::size_t> order;
    std::vector<double> p50;
    QVector<double> x, y, wx, wy, bx, by, minus, plus;
    double low = 0, high = 0;
};

namespace {

TimingsPrepared prepareTimings(const TuningSnapshot& snapshot)
{
    TimingsPrepared p;
    std::vector<const TunedCandidate*> sorted;
    sorted.reserve(snapshot.count);
    snapshot.forEach([&](std::size_t, const TunedCandidate& t) {
        if (t.measured())
            sorted.push_back(&t);
    });
    std::stable_sort(sorted.begin(), sorted.end(), [](const TunedCandidate* a, const TunedCandidate* b) { return a->p50Us < b->p50Us; });
    const std::size_t n = sorted.size();
    p.order.reserve(n);
    p.p50.reserve(n);
    p.x.reserve(qsizetype(n));
    p.y.reserve(qsizetype(n));
    const std::size_t stride = n > kMaxBars ? (n - kFastestWithBars) / (kMaxBars - kFastestWithBars) + 1 : 1;
    for (std::size_t k = 0; k < n; ++k) {
        const TunedCandidate& t = *sorted[k];
        p.order.push_back(t.candidate);
        p.p50.push_back(t.p50Us);
        p.high = std::max(p.high, t.p80Us);
        const bool wrong = snapshot.incorrect(t);
        (wrong ? p.wx : p.x) << double(k);
        (wrong ? p.wy : p.y) << t.p50Us;
        if (n <= kMaxBars || k < kFastestWithBars || k % stride == 0) {
            p.bx << double(k);
            p.by << t.p50Us;
            p.minus << std::max(0.0, t.p50Us - t.p20Us);
            p.plus << std::max(0.0, t.p80Us - t.p50Us);
        }
    }
    if (n > 0)
        p.low = std::max(sorted.front()->p20Us, 1e-3);
    return p;
}

} // namespace

void TimingsChart::rebuild()
{
    prepareOffThread<TimingsPrepared>(tr("Preparing the timings chart"), prepareTimings,
                                      [this](TimingsPrepared&& p) { apply(std::move(p)); });
}

void TimingsChart::apply(TimingsPrepared&& p)
{
    m_order = std::move(p.order);
    m_p50 = std::move(p.p50);
    m_points->setData(p.x, p.y, true);
    m_incorrect->setData(p.wx, p.wy, true);
    // The legend names what the chart holds: incorrect configs only where there are some.
    if (p.wx.isEmpty())
        m_incorrect->removeFromLegend();
    else
        m_incorrect->addToLegend();
    m_barCarrier->setData(p.bx, p.by, true);
    m_bars->setData(p.minus, p.plus);
    const double low = p.low, high = p.high;
    if (!m_order.empty()) {
        const bool logScale = high / low > 30;
        if (logScale) {
            m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
            m_plot->yAxis->setTicker(QSharedPointer<TimeAxisTicker>::create());
            m_plot->yAxis->setRange(low / 1.3, high * 1.3);
        } else {
            m_plot->yAxis->setScaleType(QCPAxis::stLinear);
            m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
            const double pad = std::max((high - low) * 0.08, high * 0.01);
            m_plot->yAxis->setRange(std::max(0.0, low - pad), high + pad);
        }
        // Room at either end for the marks (the best's ring at 0 was half behind the axis when a
        // thousand candidates made half a position a fraction of a pixel).
        const double count = double(m_order.size());
        const double margin = std::max(0.5, count * 0.015);
        m_plot->xAxis->setRange(-margin, std::max(1.0, count - 1.0 + margin));
    }
    updateMarks();

    QString summary;
    if (!m_run) {
        summary = tr("No tuning yet: Run > Tune (F5) benchmarks the candidates on the simulated NPU.");
    } else {
        summary = tr("%1 of %Ln candidate(s) benchmarked", nullptr, int(m_run->total()))
                      .arg(countText(m_run->measuredCount()));
        summary += tr(", %Ln failed to compile", nullptr, int(m_run->failedCount()));
        if (m_run->cutCount() > 0)
            summary += tr(", %Ln cut by the time budget", nullptr, int(m_run->cutCount()));
        if (const TunedCandidate* best = m_run->bestEntry())
            summary += tr("; %1 #%2: p50 %3")
                           .arg(m_run->isFinished() ? tr("best") : tr("fastest so far"))
                           .arg(best->candidate)
                           .arg(timeUsText(best->p50Us));
        if (m_run->isFinished() && m_run->result()->stopped)
            summary += tr(" (stopped)");
        // Which time the ranking follows (never a measured one).
        const tuning::RankBasis basis = tuning::rankBasis(m_run->options().method, m_run->device());
        summary += QLatin1Char('\n') + tr("Ranked by the simulated %1 on %2 (simulator %3), then p20, p80.")
                                          .arg(QString::fromStdString(basis.statistic), QString::fromStdString(basis.device),
                                               QString::fromStdString(basis.simulator));
    }
    m_summary->setText(summary);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimingsChart::updateMarks()
{
    QVector<double> bx, by, sx, sy;
    if (m_run) {
        const std::optional<std::size_t> best = m_run->bestCandidate();
        for (std::size_t k = 0; k < m_order.size(); ++k) {
            if (best && m_order[k] == *best) {
                bx << double(k);
                by << m_p50[k];
            }
            if (m_selected && m_order[k] == *m_selected) {
                sx << double(k);
                sy << m_p50[k];
            }
        }
    }
    m_best->setData(bx, by, true);
    m_selectedMark->setData(sx, sy, true);
}

std::optional<std::size_t> TimingsChart::candidateAtPixel(const QPointF& pos) const
{
    if (m_order.empty() || !m_plot->axisRect()->rect().contains(pos.toPoint()))
        return std::nullopt;
    const double x = std::round(m_plot->xAxis->pixelToCoord(pos.x()));
    if (x < 0 || x >= double(m_order.size()))
        return std::nullopt;
    // Close to the point vertically too, unless the points are denser than the pixels.
    const std::size_t k = std::size_t(x);
    const double py = m_plot->yAxis->coordToPixel(m_p50[k]);
    const double pixelsPerPoint = m_plot->axisRect()->width() / std::max(1.0, m_plot->xAxis->range().size());
    if (pixelsPerPoint > 3 && std::abs(py - pos.y()) > 40)
        return std::nullopt;
    return m_order[k];
}

QPointF TimingsChart::pixelOf(std::size_t position) const
{
    if (position >= m_order.size())
        return {};
    return {m_plot->xAxis->coordToPixel(double(position)),
            m_plot->yAxis->coordToPixel(m_p50[position])};
}

} // namespace ts::gui
