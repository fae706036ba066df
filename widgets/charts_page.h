#pragma once
// The charts tab, in three tabs of its own: the space (the heat map over two dimensions above
// the UB footprint and the per-pipe time of the selected candidate), the timings of a tuning,
// and its modelled wall time (best so far, compile workers and benchmark runs).

#include "core/space/candidate_space.h"
#include "widgets/tuning_run.h"

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QTabWidget;

namespace ts::gui {

class HeatmapChart;
class PipeChart;
class TimelineChart;
class TimingsChart;
class UbChart;

class ChartsPage : public QWidget {
    Q_OBJECT
public:
    explicit ChartsPage(QWidget* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space);
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);
    // The tuning shown (null: none); runUpdated() after each batch and at the end.
    void setRun(std::shared_ptr<const TuningRun> run);
    void runUpdated();

    HeatmapChart* heatmap() const { return m_heatmap; }
    UbChart* ubChart() const { return m_ub; }
    PipeChart* pipeChart() const { return m_pipes; }
    TimingsChart* timingsChart() const { return m_timings; }
    TimelineChart* timelineChart() const { return m_timeline; }
    QTabWidget* tabs() const { return m_tabs; }
    QWidget* spaceTab() const;
    QWidget* timingsTab() const;
    QWidget* timelineTab() const;
    // Where the tuning shown came from, when the config cache (hidden else).
    QLabel* originLabel() const { return m_origin; }

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);
    void candidateAdded(std::size_t candidate);  // Ctrl+click on the heat map

private:
    QLabel* m_origin = nullptr;
    HeatmapChart* m_heatmap = nullptr;
    UbChart* m_ub = nullptr;
    PipeChart* m_pipes = nullptr;
    TimingsChart* m_timings = nullptr;
    TimelineChart* m_timeline = nullptr;
    QTabWidget* m_tabs = nullptr;
};

} // namespace ts::gui
