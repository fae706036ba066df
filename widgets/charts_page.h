#pragma once
// The charts tab: the heat map over two dimensions above the UB footprint bars.

#include "core/space/candidate_space.h"

#include <QWidget>

#include <memory>
#include <optional>

namespace ts::gui {

class HeatmapChart;
class UbChart;

class ChartsPage : public QWidget {
    Q_OBJECT
public:
    explicit ChartsPage(QWidget* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space);
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);

    HeatmapChart* heatmap() const { return m_heatmap; }
    UbChart* ubChart() const { return m_ub; }

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);

private:
    HeatmapChart* m_heatmap = nullptr;
    UbChart* m_ub = nullptr;
};

} // namespace ts::gui
