#include "widgets/charts_page.h"

#include "widgets/heatmap_chart.h"
#include "widgets/ub_chart.h"

#include <QGroupBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace ts::gui {

ChartsPage::ChartsPage(QWidget* parent) : QWidget(parent)
{
    m_heatmap = new HeatmapChart(this);
    m_ub = new UbChart(this);
    auto* heatBox = new QGroupBox(tr("Candidate space over two dimensions"), this);
    auto* heatLayout = new QVBoxLayout(heatBox);
    heatLayout->addWidget(m_heatmap);
    auto* ubBox = new QGroupBox(tr("UB footprint against the budget"), this);
    auto* ubLayout = new QVBoxLayout(ubBox);
    ubLayout->addWidget(m_ub);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("chartsSplitter"));
    splitter->addWidget(heatBox);
    splitter->addWidget(ubBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);
    connect(m_heatmap, &HeatmapChart::candidateClicked, this, &ChartsPage::candidateClicked);
    connect(m_ub, &UbChart::candidateClicked, this, &ChartsPage::candidateClicked);
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
}

void ChartsPage::setDark(bool dark)
{
    m_heatmap->setDark(dark);
    m_ub->setDark(dark);
}

} // namespace ts::gui
