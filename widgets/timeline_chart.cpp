#include "widgets/timeline_chart.h"

#include "widgets/core_text.h"
#include "widgets/lane_blocks.h"
#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QLabel>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace ts::gui {

// Lanes of back-to-back bars (compile workers, the device), drawn as laneBlocks() lays them out.
class LanesPlottable : public QCPAbstractPlottable {
public:
    LanesPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPAbstractPlottable(keyAxis, valueAxis) {}

    std::vector<std::vector<LaneSpan>> lanes;
    std::vector<std::vector<LaneKindCounts>> kindsBefore;  // countLaneKinds of each lane
    std::optional<std::size_t> selected;
    std::vector<std::size_t> bestRuns;  // the best's runs in the device lane, drawn above the rest
    QColor colors[LaneSpan::kKinds];
    QColor highlight;
    QColor separator;
    // The device lane (the last) is as tall as this many worker lanes: beside a hundred workers
    // one lane's height is a hairline, and its runs are what the tuning waits on.
    double deviceRows = 1;

    bool isDevice(std::size_t l) const { return l + 1 == lanes.size(); }
    // A lane's middle and half its height, in lanes (the value axis's unit).
    double center(std::size_t l) const { return isDevice(l) ? double(l) - 0.5 + deviceRows / 2 : double(l); }
    double half(std::size_t l, double fill) const { return isDevice(l) ? fill * deviceRows : fill; }
    // How much of its row a lane's bars fill: many lanes fill more, so that a hundred of them
    // read as bars, not as hairlines.
    double fill() const { return lanes.size() > 40 ? 0.48 : 0.36; }
    // The value axis's end: below the device lane.
    double end() const { return lanes.empty() ? 0.5 : double(lanes.size()) - 1.5 + deviceRows; }
    // The lane at a value, if any.
    std::optional<std::size_t> laneAt(double y) const
    {
        if (lanes.empty() || y < -0.5 || y > end())
            return std::nullopt;
        const double deviceStart = double(lanes.size()) - 1.5;
        return y >= deviceStart ? lanes.size() - 1 : std::size_t(std::lround(y));
    }

    double selectTest(const QPointF&, bool, QVariant* = nullptr) const override { return -1; }
    QCPRange getKeyRange(bool& found, QCP::SignDomain = QCP::sdBoth) const override
    {
        double end = 0;
        for (const auto& lane : lanes)
            if (!lane.empty())
                end = std::max(end, lane.back().end);
        found = end > 0;
        return {0, end};
    }
    QCPRange getValueRange(bool& found, QCP::SignDomain = QCP::sdBoth, const QCPRange& = QCPRange()) const override
    {
        found = !lanes.empty();
        return {-0.5, end()};
    }

protected:
    void draw(QCPPainter* painter) override
    {
        const QCPRange range = mKeyAxis->range();
        const double fill = this->fill();
        const auto halfPixels = [&](std::size_t l) {
            return std::abs(mValueAxis->coordToPixel(half(l, fill)) - mValueAxis->coordToPixel(0.0));
        };
        const auto toPixel = [this](double t) { return mKeyAxis->coordToPixel(t); };
        const auto toTime = [this](double x) { return mKeyAxis->pixelToCoord(x); };
        for (std::size_t l = 0; l < lanes.size() && l < kindsBefore.size(); ++l) {
            const double cy = mValueAxis->coordToPixel(center(l));
            const double halfHeight = halfPixels(l);
            // A bar of one candidate is outlined in the background's colour, so that back-to-back
            // candidates show apart; a thin lane (a hundred workers in a small chart) would be
            // all outline, so it is drawn solid.
            const bool outlined = 2 * halfHeight >= 6;
            for (const LaneBlock& b : laneBlocks(lanes[l], kindsBefore[l], range.lower, range.upper, toPixel, toTime)) {
                painter->setPen(b.single && outlined && b.x1 - b.x0 >= 3 ? QPen(separator, 1) : QPen(Qt::NoPen));
                painter->setBrush(colors[b.kind]);
                painter->drawRect(QRectF(QPointF(b.x0, cy - halfHeight), QPointF(b.x1, cy + halfHeight)));
            }
        }
        // The best's runs in their own colour, however narrow: a run among a thousand is less
        // than a pixel, and a merged block takes the colour most of its runs have.
        if (!lanes.empty()) {
            const std::size_t device = lanes.size() - 1;
            const double cy = mValueAxis->coordToPixel(center(device));
            const double halfHeight = halfPixels(device);
            painter->setPen(Qt::NoPen);
            painter->setBrush(colors[LaneSpan::BestRun]);
            for (std::size_t k : bestRuns) {
                if (k >= lanes[device].size())
                    continue;
                double x0 = toPixel(lanes[device][k].start), x1 = toPixel(lanes[device][k].end);
                if (x1 - x0 < 3) {
                    const double c = (x0 + x1) / 2;
                    x0 = c - 1.5;
                    x1 = c + 1.5;
                }
                painter->drawRect(QRectF(QPointF(x0, cy - halfHeight), QPointF(x1, cy + halfHeight)));
            }
        }
        // The selected candidate's compile and run, outlined on top.
        if (selected) {
            painter->setBrush(Qt::NoBrush);
            painter->setPen(QPen(highlight, 2.5));
            for (std::size_t l = 0; l < lanes.size(); ++l)
                for (const LaneSpan& s : lanes[l])
                    if (s.candidate == *selected) {
                        const double cy = mValueAxis->coordToPixel(center(l));
                        const double halfHeight = halfPixels(l);
                        double x0 = mKeyAxis->coordToPixel(s.start);
                        double x1 = mKeyAxis->coordToPixel(s.end);
                        if (x1 - x0 < 6) {
                            const double c = (x0 + x1) / 2;
                            x0 = c - 3;
                            x1 = c + 3;
                        }
                        painter->drawRect(QRectF(QPointF(x0, cy - halfHeight - 2), QPointF(x1, cy + halfHeight + 2)));
                    }
        }
    }
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override
    {
        painter->setPen(Qt::NoPen);
        painter->setBrush(colors[LaneSpan::Compiled]);
        painter->drawRect(rect);
    }
};

static_assert(LaneSpan::kKinds == 4, "TimelineChart::m_laneKinds holds one flag per kind");

// A lane colour's entry in the lanes' legend: it draws nothing on the axes.
class LaneSwatch : public QCPAbstractPlottable {
public:
    // A kind of span's colour, or (`kind` empty) the outline of the selected candidate's spans.
    LaneSwatch(QCPAxis* keyAxis, QCPAxis* valueAxis, const LanesPlottable* lanes, std::optional<LaneSpan::Kind> kind)
        : QCPAbstractPlottable(keyAxis, valueAxis), m_lanes(lanes), m_kind(kind)
    {
    }
    std::optional<LaneSpan::Kind> kind() const { return m_kind; }
    double selectTest(const QPointF&, bool, QVariant* = nullptr) const override { return -1; }
    QCPRange getKeyRange(bool& found, QCP::SignDomain = QCP::sdBoth) const override
    {
        found = false;
        return {};
    }
    QCPRange getValueRange(bool& found, QCP::SignDomain = QCP::sdBoth, const QCPRange& = QCPRange()) const override
    {
        found = false;
        return {};
    }

protected:
    void draw(QCPPainter*) override {}
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override
    {
        const QRectF bar = rect.adjusted(0, rect.height() / 4, 0, -rect.height() / 4);
        if (!m_kind) {
            painter->setBrush(Qt::NoBrush);
            painter->setPen(QPen(m_lanes->highlight, 2.5));
            painter->drawRect(bar.adjusted(1.25, 0, -1.25, 0));
            return;
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_lanes->colors[*m_kind]);
        painter->drawRect(bar);
    }

private:
    const LanesPlottable* m_lanes;
    std::optional<LaneSpan::Kind> m_kind;
};

TimelineChart::TimelineChart(QWidget* parent)
    : RunChart(parent, QStringLiteral("timeline"), 260, QStringLiteral("tuning-time"),
               tr("Save the tuning time charts as PNG, SVG or PDF"))
{
    m_bestRect = m_plot->axisRect();
    m_laneRect = new QCPAxisRect(m_plot);
    m_plot->plotLayout()->addElement(1, 0, m_laneRect);
    m_plot->plotLayout()->setRowStretchFactor(0, 1.0);
    m_plot->plotLayout()->setRowStretchFactor(1, 1.0);
    auto* margins = new QCPMarginGroup(m_plot);
    m_bestRect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    m_laneRect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    for (QCPAxisRect* rect : {m_bestRect, m_laneRect}) {
        rect->axis(QCPAxis::atTop)->setVisible(false);
        rect->axis(QCPAxis::atRight)->setVisible(false);
        rect->setRangeDrag(Qt::Horizontal);
        rect->setRangeZoom(Qt::Horizontal);
    }
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    QCPAxis* bestX = m_bestRect->axis(QCPAxis::atBottom);
    QCPAxis* bestY = m_bestRect->axis(QCPAxis::atLeft);
    QCPAxis* laneX = m_laneRect->axis(QCPAxis::atBottom);
    QCPAxis* laneY = m_laneRect->axis(QCPAxis::atLeft);
    m_runs = m_plot->addGraph(bestX, bestY);
    m_runs->setLineStyle(QCPGraph::lsNone);
    m_runs->setName(tr("benchmark run (p50)"));
    m_runs->setAdaptiveSampling(true);
    m_incorrectRuns = m_plot->addGraph(bestX, bestY);
    m_incorrectRuns->setLineStyle(QCPGraph::lsNone);
    m_incorrectRuns->setName(tr("benchmark run, incorrect config (never the best)"));
    m_incorrectRuns->removeFromLegend();
    m_bestLine = m_plot->addGraph(bestX, bestY);
    m_bestLine->setLineStyle(QCPGraph::lsStepLeft);
    m_bestLine->setName(tr("best so far"));
    m_selectedMark = m_plot->addGraph(bestX, bestY);
    m_selectedMark->setLineStyle(QCPGraph::lsNone);
    m_selectedMark->removeFromLegend();
    bestY->setLabel(tr("p50 of each run (µs)"));
    bestX->setLabel(tr("modelled tuning time (s)"));
    // The legend in a row of its own above the best-so-far axes: inside them it covered the
    // first runs, which start at the top.
    // Two entries a row: the incorrect configs' runs, when there are some, take a second one.
    placeLegendAbove(m_plot, 2);

    m_lanes = new LanesPlottable(laneX, laneY);
    m_lanes->setName(tr("compile"));
    m_lanes->removeFromLegend();
    // The lanes' colours named in a legend of their own, in a row above the lanes.
    m_laneLegend = new QCPLegend;
    m_plot->plotLayout()->insertRow(2);
    m_plot->plotLayout()->addElement(2, 0, m_laneLegend);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    m_laneLegend->setLayer(QStringLiteral("legend"));
    m_laneLegend->setFillOrder(QCPLayoutGrid::foColumnsFirst, /*rearrange=*/true);
    m_laneLegend->setWrap(4);
    const std::pair<std::optional<LaneSpan::Kind>, QString> keys[] = {
        {LaneSpan::Compiled, tr("compile")},
        {LaneSpan::Failed, tr("compile failed")},
        {LaneSpan::Run, tr("benchmark run")},
        {LaneSpan::BestRun, tr("the best's run")},
        {std::nullopt, tr("selected candidate")}};
    for (const auto& [kind, name] : keys) {
        auto* swatch = new LaneSwatch(laneX, laneY, m_lanes, kind);
        swatch->setName(name);
        swatch->removeFromLegend();
        m_swatches.push_back(swatch);
    }
    laneX->setLabel(tr("modelled tuning time (s): compile workers, then the benchmark runs"));
    laneY->setRangeReversed(true);
    laneY->grid()->setVisible(false);
    m_compileEnd = new QCPItemStraightLine(m_plot);
    m_compileEnd->setClipAxisRect(m_bestRect);
    for (QCPItemPosition* p : {m_compileEnd->point1, m_compileEnd->point2})
        p->setAxes(bestX, bestY);
    m_compileEnd->setVisible(false);

    // One time axis for both charts.
    connect(bestX, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this, laneX](const QCPRange& r) {
        if (laneX->range() != r)
            laneX->setRange(r);
    });
    connect(laneX, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this, bestX](const QCPRange& r) {
        if (bestX->range() != r) {
            bestX->setRange(r);
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        }
    });

    // The lanes' labels follow the height they have.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (m_laneRect->height() != m_labelledLaneHeight) {
            labelLanes();
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        }
    });

    setDark(false);
}

QString TimelineChart::hoverText(std::size_t candidate, const TunedCandidate& entry) const
{
    QString text = tr("#%1  %2").arg(candidate).arg(entry.measured() ? tr("p50 %1").arg(timeUsText(entry.p50Us))
                                                                     : outcomeLabel(entry.status));
    text += tr("\ncompile %1 (modelled)").arg(secondsText(entry.compileSeconds));
    if (entry.measured())
        text += tr(", benchmark %1").arg(secondsText(entry.benchSeconds));
    if (!entry.failureMessage.empty())
        text += QLatin1Char('\n') + failureReason(entry);
    return text;
}

void TimelineChart::setDark(bool dark)
{
    stylePlot(m_plot);
    const QPalette pal = QApplication::palette();
    const QColor measured = outcomeColor(tuning::OutcomeStatus::Benchmarked, dark);
    QColor faint = measured;
    // Translucent where thousands pile up, yet a lone run reads on the dark base too.
    faint.setAlpha(dark ? 180 : 130);
    // A 3-pixel square reads like a disc at that size and costs a rectangle, not a curve: a
    // tuning of a lattice draws hundreds of thousands of them on the GUI thread.
    m_runs->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, faint, faint, 3));
    const QColor wrong = statusColor(space::CandidateStatus::Incorrect, dark);
    m_incorrectRuns->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, wrong, wrong, 4));
    const QColor best = outcomeColor(tuning::OutcomeStatus::Best, dark);
    m_bestLine->setPen(QPen(best, 2.2));
    m_bestLine->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, best, best, 5));
    m_selectedMark->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(pal.color(QPalette::Highlight), 2.5), Qt::NoBrush, 13));
    m_lanes->colors[LaneSpan::Compiled] = statusColor(space::CandidateStatus::Generated, dark);
    m_lanes->colors[LaneSpan::Failed] = outcomeColor(tuning::OutcomeStatus::CompileFailed, dark);
    m_lanes->colors[LaneSpan::Run] = measured;
    m_lanes->colors[LaneSpan::BestRun] = best;
    m_lanes->highlight = pal.color(QPalette::Highlight);
    m_lanes->separator = pal.color(QPalette::Base);
    m_compileEnd->setPen(QPen(pal.color(QPalette::Text), 1, Qt::DashLine));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineChart::nameLaneColours()
{
    // The lanes' legend names what they show: each kind of span they hold, and the outline of
    // the selected candidate's while one is selected.
    m_laneLegend->clearItems();
    // The outline's entry only where an outline is drawn: a candidate the tuning never compiled
    // (pruned, or not reached) has no span to outline.
    bool outlined = false;
    if (m_selected && m_hasDeviceLane)
        for (const auto& lane : m_lanes->lanes)
            outlined = outlined || std::any_of(lane.begin(), lane.end(),
                                               [this](const LaneSpan& span) { return span.candidate == *m_selected; });
    for (LaneSwatch* swatch : m_swatches)
        if (swatch->kind() ? m_laneKinds[*swatch->kind()] : outlined)
            swatch->addToLegend(m_laneLegend);
    m_laneLegend->setVisible(m_laneLegend->itemCount() > 0);
}

void TimelineChart::setSelectedCandidate(std::optional<std::size_t> candidate)
{
    m_selected = candidate;
    m_lanes->selected = candidate;
    nameLaneColours();
    QVector<double> sx, sy;
    if (candidate && !m_lanes->lanes.empty()) {
        const auto& runs = m_lanes->lanes.back();
        for (std::size_t k = 0; k < runs.size() && k < m_runP50.size(); ++k)
            if (runs[k].candidate == *candidate) {
                sx << runs[k].end;
                sy << m_runP50[k];
            }
    }
    m_selectedMark->setData(sx, sy, true);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// Everything the charts draw, laid out on a worker.
struct TimelinePrepared {
    TuningTimeline timeline;
    std::vector<std::vector<LaneSpan>> lanes;  // the workers, then the device
    std::vector<std::vector<LaneKindCounts>> kindsBefore;
    std::vector<double> runP50;
    QVector<double> rx, ry, wx, wy, bx, by;  // runs, runs of incorrect configs, the best so far
    double low = 0, high = 0;
    std::array<bool, LaneSpan::kKinds> kinds{};  // the kinds of span the lanes hold
    std::vector<std::size_t> bestRuns;            // the device lane's spans of the best
    bool empty = true;
};

namespace {

TimelinePrepared prepareTimeline(const TuningSnapshot& snapshot)
{
    TimelinePrepared p;
    p.empty = false;
    p.timeline = buildTimeline(snapshot);
    const TuningTimeline& t = p.timeline;
    p.lanes.resize(t.compileLanes.size() + 1);
    for (std::size_t w = 0; w < t.compileLanes.size(); ++w) {
        auto& lane = p.lanes[w];
        lane.reserve(t.compileLanes[w].size());
        for (const TimelineSpan& s : t.compileLanes[w]) {
            const TunedCandidate& c = snapshot.at(s.entry);
            lane.push_back({s.start, s.end, c.candidate,
                            c.status == tuning::OutcomeStatus::CompileFailed ? LaneSpan::Failed : LaneSpan::Compiled});
        }
    }
    auto& device = p.lanes.back();
    device.reserve(t.benchRuns.size());
    p.runP50.reserve(t.benchRuns.size());
    for (const TimelineSpan& s : t.benchRuns) {
        const TunedCandidate& c = snapshot.at(s.entry);
        const bool best = snapshot.bestCandidate && c.candidate == *snapshot.bestCandidate;
        if (best)
            p.bestRuns.push_back(device.size());
        device.push_back({s.start, s.end, c.candidate, best ? LaneSpan::BestRun : LaneSpan::Run});
        p.runP50.push_back(c.p50Us);
        p.low = p.low == 0 ? c.p50Us : std::min(p.low, c.p50Us);
        p.high = std::max(p.high, c.p50Us);
    }
    // An incorrect config's runs apart, in its own colour: it may run faster than the best, which
    // it never is. Every one while they are few, else an even sample.
    std::vector<std::size_t> correct, wrong;
    correct.reserve(t.benchRuns.size());
    for (std::size_t k = 0; k < t.benchRuns.size(); ++k)
        (snapshot.incorrect(snapshot.at(t.benchRuns[k].entry)) ? wrong : correct).push_back(k);
    p.kindsBefore.reserve(p.lanes.size());
    for (const auto& lane : p.lanes) {
        p.kindsBefore.push_back(countLaneKinds(lane));
        for (const LaneSpan& s : lane)
            p.kinds[s.kind] = true;
    }
    // The runs' scatter: every run while they are few; past that the fastest and the slowest run
    // of each of kRunBins slices of time (the band they draw, in a few thousand squares: drawing
    // hundreds of thousands would hold the GUI thread at every refresh).
    constexpr std::size_t kRunBins = 2000;
    const std::size_t wrongStep = std::max<std::size_t>(1, wrong.size() / (2 * kRunBins));
    for (std::size_t i = 0; i < wrong.size(); i += wrongStep) {
        p.wx << t.benchRuns[wrong[i]].end;
        p.wy << p.runP50[wrong[i]];
    }
    if (correct.size() <= 2 * kRunBins) {
        for (std::size_t k : correct) {
            p.rx << t.benchRuns[k].end;
            p.ry << p.runP50[k];
        }
    } else {
        const double end = std::max(t.benchRuns.back().end, 1e-12);
        std::vector<std::pair<std::size_t, std::size_t>> extremes(kRunBins, {SIZE_MAX, SIZE_MAX});
        for (std::size_t k : correct) {
            const auto bin = std::min(kRunBins - 1, std::size_t(t.benchRuns[k].end / end * double(kRunBins)));
            auto& [fastest, slowest] = extremes[bin];
            if (fastest == SIZE_MAX || p.runP50[k] < p.runP50[fastest])
                fastest = k;
            if (slowest == SIZE_MAX || p.runP50[k] > p.runP50[slowest])
                slowest = k;
        }
        for (const auto& [fastest, slowest] : extremes) {
            if (fastest == SIZE_MAX)
                continue;
            // In time order, as the graph's data must be.
            for (std::size_t k : {std::min(fastest, slowest), std::max(fastest, slowest)}) {
                p.rx << t.benchRuns[k].end;
                p.ry << p.runP50[k];
                if (fastest == slowest)
                    break;
            }
        }
    }
    for (const BestStep& step : t.bestSoFar) {
        p.bx << step.seconds;
        p.by << step.bestUs;
    }
    if (!t.bestSoFar.empty() && t.totalSeconds > t.bestSoFar.back().seconds) {
        p.bx << t.totalSeconds;
        p.by << t.bestSoFar.back().bestUs;
    }
    return p;
}

} // namespace

void TimelineChart::rebuild()
{
    prepareOffThread<TimelinePrepared>(tr("Preparing the tuning time chart"), prepareTimeline,
                                       [this](TimelinePrepared&& p) { apply(std::move(p)); });
}

void TimelineChart::apply(TimelinePrepared&& p)
{
    m_timeline = std::move(p.timeline);
    const TuningTimeline& t = m_timeline;
    m_lanes->lanes = std::move(p.lanes);
    m_lanes->kindsBefore = std::move(p.kindsBefore);
    m_lanes->bestRuns = std::move(p.bestRuns);
    m_laneKinds = p.kinds;
    m_runP50 = std::move(p.runP50);
    m_hasDeviceLane = !p.empty;
    const std::size_t workers = m_timeline.compileLanes.size();
    m_lanes->deviceRows = workers > 20 ? std::max(1.0, double(workers) * 0.08) : 1.0;
    m_labelledLaneHeight = -1;
    labelLanes();
    QCPAxis* laneY = m_laneRect->axis(QCPAxis::atLeft);
    laneY->setRange(-0.6, m_lanes->end() + 0.1);
    laneY->setRangeReversed(true);

    m_runs->setData(p.rx, p.ry, true);
    m_incorrectRuns->setData(p.wx, p.wy, true);
    // The legend names what the chart holds: incorrect configs only where there are some.
    if (p.wx.isEmpty())
        m_incorrectRuns->removeFromLegend();
    else
        m_incorrectRuns->addToLegend();
    m_bestLine->setData(p.bx, p.by, true);
    QCPAxis* bestY = m_bestRect->axis(QCPAxis::atLeft);
    if (p.high > 0) {
        // The interesting part is near the best: cap the axis at 4x the best so far.
        const double top = std::min(p.high, std::max(p.low * 4, t.bestSoFar.empty() ? p.high : t.bestSoFar.front().bestUs)) * 1.08;
        bestY->setRange(p.low * 0.92, std::max(top, p.low * 1.2));
    } else {
        bestY->setRange(0, 1);
    }
    const double end = std::max(t.totalSeconds, 1e-3);
    m_bestRect->axis(QCPAxis::atBottom)->setRange(0, end * 1.02);
    m_laneRect->axis(QCPAxis::atBottom)->setRange(0, end * 1.02);
    m_compileEnd->setVisible(t.compileSeconds > 0);
    m_compileEnd->point1->setCoords(t.compileSeconds, 0);
    m_compileEnd->point2->setCoords(t.compileSeconds, 1);
    setSelectedCandidate(m_selected);

    if (!m_run) {
        m_summary->setText(tr("No tuning yet: Run > Tune (F5) benchmarks the candidates on the simulated NPU."));
    } else {
        // A finished tuning says its own figures (those of the CLI and the status bar); the
        // lanes above are the same model laid out.
        tuning::ModelledTime m;
        if (const auto& result = m_run->result()) {
            m = result->modelled;
        } else {
            m.compileWorkers = t.workers;
            m.compileSeconds = t.compileSeconds;
            m.benchSeconds = t.totalSeconds - t.compileSeconds - t.ubTunerSeconds;
            m.totalSeconds = t.totalSeconds;
        }
        QString text = tr("Modelled tuning time %1 on the real toolchain: compile %2 on %Ln worker(s), ",
                          nullptr, m.compileWorkers)
                           .arg(secondsText(m.totalSeconds), secondsText(m.compileSeconds));
        text += tr("then %Ln benchmark run(s) in %1", nullptr, int(t.benchRuns.size()))
                    .arg(secondsText(m.benchSeconds));
        if (m.ubTunerSeconds > 0)
            text += tr(", then the UB tuner %1").arg(secondsText(m.ubTunerSeconds));
        if (!t.bestSoFar.empty())
            text += tr("; the best was found after %1").arg(secondsText(t.bestSoFar.back().seconds));
        if (!m_run->isFinished())
            text += tr(" (so far)");
        m_summary->setText(text);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

double TimelineChart::lanePixels(std::size_t lane) const
{
    const QCPAxis* y = m_laneRect->axis(QCPAxis::atLeft);
    return 2 * std::abs(y->coordToPixel(m_lanes->half(lane, m_lanes->fill())) - y->coordToPixel(0.0));
}

void TimelineChart::labelLanes()
{
    // A label per lane while they fit; else every k-th worker (the first, then k+1, ...), so
    // that labels never run into one another. "device" is always named.
    const int height = m_laneRect->height();
    if (height == m_labelledLaneHeight)
        return;
    m_labelledLaneHeight = height;
    const std::size_t workers = m_timeline.compileLanes.size();
    const std::size_t lanes = workers + (m_hasDeviceLane ? 1 : 0);
    QCPAxis* laneY = m_laneRect->axis(QCPAxis::atLeft);
    const double lineHeight = QFontMetricsF(laneY->tickLabelFont()).height() * 1.1;
    const double rows = double(workers) + (m_hasDeviceLane ? m_lanes->deviceRows : 0.0);
    const double perLane = double(std::max(1, height)) / std::max(1.0, rows);
    const std::size_t step = std::max<std::size_t>(1, std::size_t(std::ceil(lineHeight / perLane)));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t w = 0; w < workers; w += step)
        if (w == 0 || !m_hasDeviceLane || workers - w >= step)  // not on top of "device"
            ticker->addTick(double(w), tr("worker %1").arg(w + 1));
    if (m_hasDeviceLane && m_lanes->lanes.size() == lanes)
        ticker->addTick(m_lanes->center(workers), tr("device"));
    laneY->setTicker(ticker);
}

std::optional<std::size_t> TimelineChart::candidateAtPixel(const QPointF& pos) const
{
    const QPoint p = pos.toPoint();
    if (m_laneRect->rect().contains(p)) {
        const QCPAxis* x = m_laneRect->axis(QCPAxis::atBottom);
        const QCPAxis* y = m_laneRect->axis(QCPAxis::atLeft);
        const std::optional<std::size_t> lane = m_lanes->laneAt(y->pixelToCoord(pos.y()));
        if (!lane)
            return std::nullopt;
        const auto& spans = m_lanes->lanes[*lane];
        // Within a couple of pixels: thin bars stay reachable.
        const double t0 = x->pixelToCoord(pos.x() - 2);
        const double t1 = x->pixelToCoord(pos.x() + 2);
        const double t = x->pixelToCoord(pos.x());
        auto it = std::lower_bound(spans.begin(), spans.end(), t0, [](const LaneSpan& s, double v) { return s.end < v; });
        std::optional<std::size_t> found;
        double distance = 0;
        for (; it != spans.end() && it->start <= t1; ++it) {
            const double d = t < it->start ? it->start - t : (t > it->end ? t - it->end : 0);
            if (!found || d < distance) {
                found = it->candidate;
                distance = d;
            }
        }
        return found;
    }
    if (m_bestRect->rect().contains(p) && !m_timeline.benchRuns.empty() && m_run) {
        // The nearest benchmark run in time.
        const QCPAxis* x = m_bestRect->axis(QCPAxis::atBottom);
        const double t = x->pixelToCoord(pos.x());
        const auto& runs = m_timeline.benchRuns;
        auto it = std::lower_bound(runs.begin(), runs.end(), t, [](const TimelineSpan& s, double v) { return s.end < v; });
        if (it == runs.end())
            --it;
        if (it != runs.begin() && std::abs(std::prev(it)->end - t) < std::abs(it->end - t))
            --it;
        if (std::abs(x->coordToPixel(it->end) - pos.x()) > 6)
            return std::nullopt;
        const std::size_t k = std::size_t(it - runs.begin());
        if (m_lanes->lanes.empty() || k >= m_lanes->lanes.back().size())
            return std::nullopt;
        return m_lanes->lanes.back()[k].candidate;
    }
    return std::nullopt;
}

QPointF TimelineChart::spanCenterPixel(int lane, const TimelineSpan& span) const
{
    const QCPAxis* x = m_laneRect->axis(QCPAxis::atBottom);
    const QCPAxis* y = m_laneRect->axis(QCPAxis::atLeft);
    return {x->coordToPixel((span.start + span.end) / 2), y->coordToPixel(m_lanes->center(std::size_t(lane)))};
}

} // namespace ts::gui
