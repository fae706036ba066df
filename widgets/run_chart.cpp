#include "widgets/run_chart.h"

#include "widgets/chart_export.h"
#include "widgets/qcp.h"

#include <QLabel>
#include <QToolTip>

namespace ts::gui {

RunChart::RunChart(QWidget* parent, const QString& name, int minimumHeight, const QString& exportName,
                   const QString& exportToolTip)
    : QWidget(parent)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(name + QStringLiteral("Plot"));
    m_plot->setMinimumSize(240, minimumHeight);
    m_plot->setMouseTracking(true);
    m_summary = layOutChartWithSummary(this, m_plot, exportName, exportToolTip);
    m_summary->setObjectName(name + QStringLiteral("Summary"));

    m_job = new BackgroundJob(this);
    m_refresh = std::make_unique<RunRefresh>(this, [this] { rebuild(); });

    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton)
            return;
        if (const auto c = candidateAtPixel(e->position()))
            Q_EMIT candidateClicked(*c);
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const auto c = candidateAtPixel(e->position());
        const TunedCandidate* entry = c && m_run ? m_run->entryFor(*c) : nullptr;
        if (!entry) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(e->globalPosition().toPoint(), hoverText(*c, *entry), m_plot);
    });
}

void RunChart::setRun(std::shared_ptr<const TuningRun> run)
{
    m_run = std::move(run);
    m_refresh->newRun();
}

void RunChart::runUpdated()
{
    m_refresh->updated(m_run && m_run->isFinished());
}

void RunChart::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    m_refresh->shown();
}

bool RunChart::isRefreshing() const
{
    return m_job->isRunning() || (m_refresh && m_refresh->pending());
}

} // namespace ts::gui
