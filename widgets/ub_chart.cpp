#include "widgets/ub_chart.h"

#include "core/util/format.h"
#include "widgets/chart_export.h"
#include "widgets/plot_style.h"
#include "widgets/quantity_text.h"
#include "widgets/qcp.h"
#include "widgets/status_colors.h"
#include "widgets/tuning_run.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

constexpr std::size_t kMaxBars = 160;  // the backend's lists are short; beyond this, thin evenly

} // namespace

UbChart::UbChart(QWidget* parent) : QWidget(parent)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("ubPlot"));
    m_plot->setMinimumSize(240, 180);
    m_plot->setMouseTracking(true);
    m_fits = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_over = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_failed = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_highlight = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    for (QCPBars* bars : {m_fits, m_over, m_failed, m_highlight})
        bars->setWidth(0.8);
    m_budget = new QCPItemStraightLine(m_plot);
    m_budgetLabel = new QCPItemText(m_plot);
    m_budgetLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_budgetLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_budgetLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_plot->yAxis->setLabel(tr("UB use (KiB)"));
    m_plot->xAxis->setLabel(tr("backend's list, by UB use"));
    m_plot->xAxis->setTicks(false);
    m_margins = m_plot->axisRect()->minimumMargins();
    m_summary = layOutChartWithSummary(this, m_plot, QStringLiteral("ub-footprint"), tr("Save the UB chart as PNG, SVG or PDF"));
    // The label's room depends on the bars' size in pixels, known once the plot is laid out.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] { placeBudgetLabel(); });

    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        const std::int32_t bar = barAt(e->position());
        if (e->button() == Qt::LeftButton && bar >= 0)
            Q_EMIT candidateClicked(m_shown[std::size_t(bar)]);
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const std::int32_t bar = barAt(e->position());
        if (bar < 0 || !m_space) {
            QToolTip::hideText();
            return;
        }
        const std::size_t c = m_shown[std::size_t(bar)];
        const space::CandidateMetrics m = m_space->metrics(c);
        QStringList params;
        for (const auto& [name, value] : m_space->params(c))
            params << QString::fromStdString(name) + QLatin1Char('=') + QString::fromStdString(value.toPython());
        QString memory = m.cube ? cubeMemoryText(m)
                                : tr("UB %1, %2").arg(bytesText(m.ubBytes), ubUsageText(m));
        const TunedCandidate* tuned = finishedRun() ? finishedRun()->entryFor(c) : nullptr;
        const tuning::OutcomeStatus outcome = tuned ? tuned->status : tuning::OutcomeStatus::NotTuned;
        if (tuned && outcome == tuning::OutcomeStatus::CompileFailed)
            memory += QLatin1Char('\n') + failureReason(*tuned);
        QToolTip::showText(e->globalPosition().toPoint(),
                           QStringLiteral("#%1 %2\n%3\n%4")
                               .arg(c)
                               .arg(candidateStatusLabel(m_space->status(c), outcome),
                                    params.join(QStringLiteral(", ")), memory),
                           m_plot);
    });
    setDark(false);
}

QString UbChart::title() const
{
    return m_cube ? tr("L1 footprint against its limit") : tr("UB footprint against the budget");
}

void UbChart::setDark(bool dark)
{
    m_dark = dark;
    const QPalette pal = QApplication::palette();
    stylePlot(m_plot);
    auto fill = [](QCPBars* bars, QColor c) {
        bars->setPen(QPen(c.darker(130)));
        c.setAlpha(200);
        bars->setBrush(c);
    };
    fill(m_fits, statusColor(space::CandidateStatus::Generated, dark));
    fill(m_over, statusColor(space::CandidateStatus::Pruned, dark));
    fill(m_failed, outcomeColor(tuning::OutcomeStatus::CompileFailed, dark));
    fill(m_highlight, pal.color(QPalette::Highlight));
    m_highlight->setPen(QPen(pal.color(QPalette::Text), 2));
    m_budget->setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
    m_budgetLabel->setColor(pal.color(QPalette::Text));
    m_budgetLabel->setBrush(pal.brush(QPalette::Base));
    m_budgetLabel->setPadding(QMargins(2, 1, 2, 1));
    rebuild();
}

void UbChart::setSpace(std::shared_ptr<const space::CandidateSpace> space)
{
    m_space = std::move(space);
    m_selected.reset();
    rebuild();
}

void UbChart::setRun(std::shared_ptr<const TuningRun> run)
{
    m_run = std::move(run);
    rebuild();
}

void UbChart::runUpdated()
{
    if (finishedRun())
        rebuild();
}

const TuningRun* UbChart::finishedRun() const
{
    return m_run && m_run->isFinished() && m_run->space() == m_space ? m_run.get() : nullptr;
}

std::vector<std::size_t> UbChart::failedCandidates() const
{
    std::vector<std::size_t> failed;
    for (auto it = m_failed->data()->constBegin(); it != m_failed->data()->constEnd(); ++it)
        failed.push_back(m_shown[std::size_t(it->key)]);
    return failed;
}

QString UbChart::summaryText() const
{
    return m_summary->text();
}

void UbChart::setSelectedCandidate(std::optional<std::size_t> candidate)
{
    m_selected = candidate;
    rebuild();
}

void UbChart::rebuild()
{
    m_shown.clear();
    m_fits->data()->clear();
    m_over->data()->clear();
    m_failed->data()->clear();
    m_highlight->data()->clear();
    if (!m_space || m_space->size() == 0) {
        m_summary->setText(tr("No candidate space yet."));
        m_budget->setVisible(false);
        m_budgetLabel->setVisible(false);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const space::CandidateSpace& s = *m_space;
    // The backend's list (generated and handwritten) comes first in the space.
    std::vector<std::size_t> list;
    // A cube kernel's pruned tilings (millions of rows, last) are never on the list.
    for (std::size_t i = 0; i < s.size() - s.cubePrunedRows(); ++i) {
        if (s.origin(i) != space::CandidateStatus::Generated && s.origin(i) != space::CandidateStatus::User)
            continue;
        list.push_back(i);
    }
    const std::size_t listed = list.size();  // the whole list, before a sample is drawn of it
    if (list.size() > kMaxBars) {
        std::vector<std::size_t> thinned;
        for (std::size_t k = 0; k < kMaxBars; ++k)
            thinned.push_back(list[k * list.size() / kMaxBars]);
        list = std::move(thinned);
    }
    if (m_selected && *m_selected < s.size() && std::find(list.begin(), list.end(), *m_selected) == list.end())
        list.push_back(*m_selected);
    // Cube candidates (a tl.dot kernel under 2026-08) are measured by L1, the rest by UB.
    const bool cube = !list.empty() && s.metrics(list.front()).cube;
    if (cube != m_cube) {
        m_cube = cube;
        m_plot->yAxis->setLabel(cube ? tr("L1 use (KiB)") : tr("UB use (KiB)"));
        m_plot->xAxis->setLabel(cube ? tr("backend's list, by L1 use") : tr("backend's list, by UB use"));
        Q_EMIT titleChanged(title());
    }
    auto used = [&](std::size_t c) {
        const space::CandidateMetrics m = s.metrics(c);
        return m.cube ? m.l1Bytes : m.ubBytes;
    };
    std::stable_sort(list.begin(), list.end(), [&](std::size_t a, std::size_t b) { return used(a) < used(b); });
    m_shown = list;

    // The budget the space measures shares against (the register file in SIMT mode; L1 for cube).
    const double budgetKib = cube ? double(s.metrics(list.front()).l1LimitBytes) / 1024.0
                                  : double(s.backend().problem.localMemKib);
    double top = budgetKib;
    const TuningRun* run = finishedRun();
    const auto failedCompile = [run](std::size_t c) {
        const TunedCandidate* t = run ? run->entryFor(c) : nullptr;
        return t && t->status == tuning::OutcomeStatus::CompileFailed ? t : nullptr;
    };
    // The selected candidate's compile, when the tuning's failed: what it kept live, not the estimate.
    const auto failedText = [this](const TunedCandidate* t) {
        if (!t)
            return QString();
        return QStringLiteral("<br><span style='color:%1'><b>%2</b></span>: %3")
            .arg(outcomeColor(tuning::OutcomeStatus::CompileFailed, m_dark).name(),
                 outcomeLabel(tuning::OutcomeStatus::CompileFailed).toHtmlEscaped(), failureReason(*t).toHtmlEscaped());
    };
    QVector<double> fx, fy, ox, oy, xx, xy, hx, hy;
    for (std::size_t k = 0; k < list.size(); ++k) {
        const double kib = double(used(list[k])) / 1024.0;
        top = std::max(top, kib);
        if (m_selected && list[k] == *m_selected) {
            hx << double(k);
            hy << kib;
        } else if (failedCompile(list[k])) {
            xx << double(k);
            xy << kib;
        } else if (kib > budgetKib) {
            ox << double(k);
            oy << kib;
        } else {
            fx << double(k);
            fy << kib;
        }
    }
    m_fits->setData(fx, fy, true);
    m_over->setData(ox, oy, true);
    m_failed->setData(xx, xy, true);
    m_highlight->setData(hx, hy, true);
    m_plot->xAxis->setRange(-0.8, double(list.size()) - 0.2);
    m_plot->yAxis->setRange(0, top * 1.12);
    m_budget->point1->setCoords(0, budgetKib);
    m_budget->point2->setCoords(1, budgetKib);
    m_budget->setVisible(true);
    m_budgetKib = budgetKib;
    m_budgetLabel->position->setCoords(0.99, budgetKib);
    m_budgetLabel->setText(cube ? tr("L1 limit %1 KiB").arg(budgetKib, 0, 'f', 0)
                                : tr("UB budget %1 KiB").arg(budgetKib, 0, 'f', 0));
    m_budgetLabel->setVisible(true);

    if (m_selected && *m_selected < s.size() && s.metrics(*m_selected).cube) {
        const space::CandidateMetrics m = s.metrics(*m_selected);
        m_summary->setText(tr("<b>#%1</b>: tile %2 × %3, K %4 · %5")
                               .arg(*m_selected)
                               .arg(m.blockM)
                               .arg(m.blockN)
                               .arg(m.blockK)
                               .arg(cubeMemoryText(m).toHtmlEscaped()) +
                           failedText(failedCompile(*m_selected)));
    } else if (m_selected && *m_selected < s.size()) {
        const space::CandidateMetrics m = s.metrics(*m_selected);
        const space::TileProblem& p = s.backend().problem;
        m_summary->setText(tr("<b>#%1</b>: the backend's UB estimate, tile %2 elements × %3 B × %4 buffers = <b>%5</b>, %6")
                               .arg(*m_selected)
                               .arg(QLocale().toString(qint64(m.tileElements)))
                               .arg(p.dtypeBytes)
                               .arg(p.numBuffers)
                               .arg(bytesText(m.ubBytes), ubUsageText(m)) +
                           failedText(failedCompile(*m_selected)));
    } else {
        // A long list is drawn as an even sample of it: the text says so, never a sample as the whole.
        QString what =
            cube
                ? tr("L1 use of the %Ln candidate(s) the backend benchmarks (a tl.dot kernel keeps its tiles "
                     "in L1 and L0, not in the UB)",
                     nullptr, int(listed))
                : tr("The backend's UB estimate of the %Ln candidate(s) it benchmarks", nullptr, int(listed));
        if (listed > list.size())
            what += tr(", %Ln of them drawn, evenly spaced", nullptr, int(list.size()));
        if (!xx.isEmpty())
            what += tr("; %Ln drawn failed to compile in the tuning (dark red): the estimate is not what "
                       "the compiled kernel keeps live",
                       nullptr, int(xx.size()));
        m_summary->setText(what + tr("; select one to compare it."));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QRectF UbChart::budgetLabelRect() const
{
    return QRectF(m_budgetLabel->topLeft->pixelPosition(), m_budgetLabel->bottomRight->pixelPosition())
        .normalized();
}

std::vector<QRectF> UbChart::barRects() const
{
    std::vector<QRectF> rects;
    const QCPAxis* x = m_plot->xAxis;
    const QCPAxis* y = m_plot->yAxis;
    for (const QCPBars* bars : {m_fits, m_over, m_failed, m_highlight})
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
            const double half = bars->width() / 2;
            rects.push_back(QRectF(QPointF(x->coordToPixel(it->key - half), y->coordToPixel(it->value)),
                                   QPointF(x->coordToPixel(it->key + half), y->coordToPixel(0)))
                                .normalized());
        }
    return rects;
}

// The budget's label beside its line where no bar is: above the line at the left, where the
// shortest bars are (sorted by use), else at the right, else below the line. The bars over the
// budget are on the right, so the label's old place (right, above) covered them. Where bars
// cross the line at both ends (a few tl.dot tilings, all over the L1 limit), the label goes
// above the plot area, in a top margin made for it.
void UbChart::placeBudgetLabel()
{
    if (!m_budgetLabel->visible())
        return;
    QCPAxisRect* rect = m_plot->axisRect();
    const std::vector<QRectF> bars = barRects();
    m_budgetLabel->setClipToAxisRect(true);
    m_budgetLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_budgetLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    const struct {
        double x;
        Qt::Alignment align;
    } places[] = {{0.01, Qt::AlignLeft | Qt::AlignBottom},
                  {0.99, Qt::AlignRight | Qt::AlignBottom},
                  {0.01, Qt::AlignLeft | Qt::AlignTop},
                  {0.99, Qt::AlignRight | Qt::AlignTop}};
    const double budget = m_budgetKib;
    for (const auto& place : places) {
        m_budgetLabel->position->setCoords(place.x, budget);
        m_budgetLabel->setPositionAlignment(place.align);
        const QRectF label = budgetLabelRect();
        if (std::none_of(bars.begin(), bars.end(),
                         // A few pixels apart: a bar at the budget touched its label.
                         [&](const QRectF& bar) { return bar.intersects(label.adjusted(-3, -3, 3, 3)); })) {
            if (rect->minimumMargins() != m_margins) {
                rect->setMinimumMargins(m_margins);
                m_plot->replot(QCustomPlot::rpQueuedReplot);
            }
            return;
        }
    }
    m_budgetLabel->setClipToAxisRect(false);
    m_budgetLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_budgetLabel->position->setCoords(1.0, 0.0);
    m_budgetLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    const QMargins above(m_margins.left(), int(std::ceil(budgetLabelRect().height())) + 2, m_margins.right(),
                         m_margins.bottom());
    if (rect->minimumMargins() != above) {
        rect->setMinimumMargins(above);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

std::int32_t UbChart::barAt(const QPointF& pos) const
{
    if (m_shown.empty())
        return -1;
    const double x = std::round(m_plot->xAxis->pixelToCoord(pos.x()));
    if (x < 0 || x >= double(m_shown.size()))
        return -1;
    if (!m_plot->axisRect()->rect().contains(pos.toPoint()))
        return -1;
    return std::int32_t(x);
}

} // namespace ts::gui
