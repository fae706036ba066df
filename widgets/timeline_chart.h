#pragma once
// The modelled wall time of the tuning on the real toolchain, two charts on one time axis:
// above, the best p50 found so far (a step each time a benchmark run beats it, every run as a
// faint point); below, the compile workers as lanes with a bar per candidate compiled, then
// the device lane with the benchmark runs one after the other. Follows a running tuning;
// hovering tells the candidate, clicking selects it.

#include "widgets/run_chart.h"

#include <array>
#include <optional>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCPItemStraightLine;
class QCPLegend;

namespace ts::gui {

class LanesPlottable;
class LaneSwatch;
struct TimelinePrepared;

class TimelineChart : public RunChart {
    Q_OBJECT
public:
    explicit TimelineChart(QWidget* parent = nullptr);

    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);

    const TuningTimeline& timeline() const { return m_timeline; }
    // How many pixels high a lane's bars are drawn (the compile workers, then the device).
    double lanePixels(std::size_t lane) const;
    QCPAxisRect* bestRect() const { return m_bestRect; }
    QCPAxisRect* laneRect() const { return m_laneRect; }
    // The legend of the lanes' colours (compile, compile failed, benchmark run, the best's run),
    // each entry present only when the lanes hold such a span.
    QCPLegend* laneLegend() const { return m_laneLegend; }
    std::optional<std::size_t> candidateAtPixel(const QPointF& pos) const override;
    // The centre of a span of the lanes chart (lane: worker, or workers() for the device).
    QPointF spanCenterPixel(int lane, const TimelineSpan& span) const;

protected:
    void rebuild() override;
    QString hoverText(std::size_t candidate, const TunedCandidate& entry) const override;

private:
    void apply(TimelinePrepared&& prepared);
    void labelLanes();
    void nameLaneColours();

    TuningTimeline m_timeline;
    std::vector<double> m_runP50;  // p50 of each benchmark run, as drawn
    QCPAxisRect* m_bestRect = nullptr;
    QCPAxisRect* m_laneRect = nullptr;
    QCPGraph* m_runs = nullptr;      // every benchmark run's p50 at its end
    QCPGraph* m_incorrectRuns = nullptr;  // the runs of incorrect configs, apart
    QCPGraph* m_bestLine = nullptr;  // best so far
    QCPGraph* m_selectedMark = nullptr;
    LanesPlottable* m_lanes = nullptr;
    QCPLegend* m_laneLegend = nullptr;
    std::vector<LaneSwatch*> m_swatches;
    std::array<bool, 4> m_laneKinds{};  // the kinds of span the lanes hold (LaneSpan::Kind)
    QCPItemStraightLine* m_compileEnd = nullptr;
    bool m_hasDeviceLane = false;
    int m_labelledLaneHeight = -1;  // the lanes' height the labels were chosen for
};

} // namespace ts::gui
