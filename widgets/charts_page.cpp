#include "widgets/charts_page.h"

#include "widgets/heatmap_chart.h"
#include "widgets/pipe_chart.h"
#include "widgets/timeline_chart.h"
#include "widgets/timings_chart.h"
#include "widgets/ub_chart.h"

#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace ts::gui {
namespace {

QGroupBox* boxed(const QString& title, QWidget* content, QWidget* parent)
{
    auto* box = new QGroupBox(title, parent);
    auto* layout = new QVBoxLayout(box);
    layout->addWidget(content);
    return box;
}

} // namespace

ChartsPage::ChartsPage(QWidget* parent) : QWidget(parent)
{
    m_heatmap = new HeatmapChart(this);
    m_ub = new UbChart(this);
    m_pipes = new PipeChart(this);
    m_timings = new TimingsChart(this);
    m_timeline = new TimelineChart(this);

    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->setObjectName(QStringLiteral("chartsLowerSplitter"));
    QGroupBox* ubBox = boxed(m_ub->title(), m_ub, this);
    connect(m_ub, &UbChart::titleChanged, ubBox, &QGroupBox::setTitle);
    lower->addWidget(ubBox);
    lower->addWidget(boxed(tr("Time per pipe of the selected candidate"), m_pipes, this));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("chartsSplitter"));
    splitter->addWidget(boxed(tr("Candidate space over two dimensions"), m_heatmap, this));
    splitter->addWidget(lower);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    m_tabs->setDocumentMode(true);
    // On a short screen the space tab scrolls rather than cutting the charts' axes off below.
    auto* spaceScroll = new QScrollArea(this);
    spaceScroll->setObjectName(QStringLiteral("chartsSpaceScroll"));
    spaceScroll->setFrameShape(QFrame::NoFrame);
    spaceScroll->setWidgetResizable(true);
    spaceScroll->setWidget(splitter);
    m_tabs->addTab(spaceScroll, tr("Space"));
    m_tabs->addTab(boxed(tr("Timings of the benchmarked candidates (p50, p20–p80)"), m_timings, this), tr("Timings"));
    m_tabs->addTab(boxed(tr("Modelled tuning time: best so far, compile workers, benchmark runs"), m_timeline, this),
                   tr("Tuning time"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_origin = cachedOriginLabel(this);
    layout->addWidget(m_origin);
    layout->addWidget(m_tabs);
    connect(m_heatmap, &HeatmapChart::candidateClicked, this, &ChartsPage::candidateClicked);
    connect(m_heatmap, &HeatmapChart::candidateAdded, this, &ChartsPage::candidateAdded);
    connect(m_ub, &UbChart::candidateClicked, this, &ChartsPage::candidateClicked);
    connect(m_timings, &TimingsChart::candidateClicked, this, &ChartsPage::candidateClicked);
    connect(m_timeline, &TimelineChart::candidateClicked, this, &ChartsPage::candidateClicked);
}

QWidget* ChartsPage::spaceTab() const
{
    return m_tabs->widget(0);
}

QWidget* ChartsPage::timingsTab() const
{
    return m_tabs->widget(1);
}

QWidget* ChartsPage::timelineTab() const
{
    return m_tabs->widget(2);
}

void ChartsPage::setSpace(std::shared_ptr<const space::CandidateSpace> space)
{
    m_heatmap->setSpace(space);
    m_ub->setSpace(std::move(space));
}

void ChartsPage::setSelectedCandidate(std::optional<std::size_t> candidate)
{
    m_heatmap->setSelectedCandidate(candidate);
    m_ub->setSelectedCandidate(candidate);
    m_pipes->setSelectedCandidate(candidate);
    m_timings->setSelectedCandidate(candidate);
    m_timeline->setSelectedCandidate(candidate);
}

void ChartsPage::setDark(bool dark)
{
    m_heatmap->setDark(dark);
    m_ub->setDark(dark);
    m_pipes->setDark(dark);
    m_timings->setDark(dark);
    m_timeline->setDark(dark);
}

void ChartsPage::setRun(std::shared_ptr<const TuningRun> run)
{
    showCachedOrigin(m_origin, run.get());
    m_heatmap->setRun(run);
    m_ub->setRun(run);
    m_pipes->setRun(run);
    m_timings->setRun(run);
    m_timeline->setRun(std::move(run));
}

void ChartsPage::runUpdated()
{
    m_heatmap->runUpdated();
    m_ub->runUpdated();
    m_pipes->runUpdated();
    m_timings->runUpdated();
    m_timeline->runUpdated();
}

} // namespace ts::gui
