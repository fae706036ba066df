#pragma once
// The modelled wall time of the tuning on the real toolchain, two charts on one time axis:
// above, the best p50 found so far (a step each time a benchmark run beats it, every run as a
// faint point); below, the compile workers as lanes with a bar per candidate compiled, then
// the device lane with the benchmark runs one after the other. Follows a running tuning;
// hovering tells the candidate, clicking selects it.

#include "widgets/run_refresh.h"
#include "widgets/tuning_run.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCustomPlot;
class QLabel;

namespace ts::gui {

class BackgroundJob;
class LanesPlottable;
struct TimelinePrepared;

class TimelineChart : public QWidget {
    Q_OBJECT
public:
    explicit TimelineChart(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const TuningRun> run);
    void runUpdated();
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);

    QCustomPlot* plot() const { return m_plot; }
    const TuningTimeline& timeline() const { return m_timeline; }
    QLabel* summary() const { return m_summary; }
    QCPAxisRect* bestRect() const { return m_bestRect; }
    QCPAxisRect* laneRect() const { return m_laneRect; }
    std::optional<std::size_t> candidateAtPixel(const QPointF& pos) const;
    // The centre of a span of the lanes chart (lane: worker, or workers() for the device).
    QPointF spanCenterPixel(int lane, const TimelineSpan& span) const;
    // Lays the timeline out off the GUI thread.
    BackgroundJob* job() const { return m_job; }

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    void apply(TimelinePrepared&& prepared);
    void labelLanes();

    std::shared_ptr<const TuningRun> m_run;
    std::optional<std::size_t> m_selected;
    TuningTimeline m_timeline;
    std::vector<double> m_runP50;  // p50 of each benchmark run, as drawn
    QCustomPlot* m_plot = nullptr;
    QCPAxisRect* m_bestRect = nullptr;
    QCPAxisRect* m_laneRect = nullptr;
    QCPGraph* m_runs = nullptr;      // every benchmark run's p50 at its end
    QCPGraph* m_bestLine = nullptr;  // best so far
    QCPGraph* m_selectedMark = nullptr;
    LanesPlottable* m_lanes = nullptr;
    QCPItemStraightLine* m_compileEnd = nullptr;
    QLabel* m_summary = nullptr;
    std::unique_ptr<RunRefresh> m_refresh;
    BackgroundJob* m_job = nullptr;
    bool m_dark = false;
    bool m_hasDeviceLane = false;
    int m_labelledLaneHeight = -1;  // the lanes' height the labels were chosen for
};

} // namespace ts::gui
