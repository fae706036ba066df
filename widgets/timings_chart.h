#pragma once
// The timings of every benchmarked candidate, fastest first: p50 as a point with a p20–p80 bar,
// the best one marked, the selected one ringed. Follows a running tuning (redrawn at most
// twice a second, and only while visible); hovering tells the candidate, clicking selects it.

#include "widgets/run_refresh.h"
#include "widgets/tuning_run.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCPErrorBars;
class QCPGraph;
class QCustomPlot;
class QLabel;

namespace ts::gui {

class BackgroundJob;
struct TimingsPrepared;

class TimingsChart : public QWidget {
    Q_OBJECT
public:
    explicit TimingsChart(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const TuningRun> run);
    // The run got new candidates (or finished): redraw soon.
    void runUpdated();
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);

    QCustomPlot* plot() const { return m_plot; }
    // Candidates drawn, fastest first (x = position).
    const std::vector<std::size_t>& shownCandidates() const { return m_order; }
    std::optional<std::size_t> candidateAtPixel(const QPointF& pos) const;
    QPointF pixelOf(std::size_t position) const;
    // Sorts and thins off the GUI thread.
    BackgroundJob* job() const { return m_job; }

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    void apply(TimingsPrepared&& prepared);
    void updateMarks();

    std::shared_ptr<const TuningRun> m_run;
    std::optional<std::size_t> m_selected;
    std::vector<std::size_t> m_order;  // candidates, by p50
    std::vector<double> m_p50;         // theirs, as drawn (the run may have moved on)
    QCustomPlot* m_plot = nullptr;
    QCPGraph* m_points = nullptr;
    QCPGraph* m_barCarrier = nullptr;  // the points that get p20–p80 bars
    QCPErrorBars* m_bars = nullptr;
    QCPGraph* m_best = nullptr;
    QCPGraph* m_selectedMark = nullptr;
    QLabel* m_summary = nullptr;
    std::unique_ptr<RunRefresh> m_refresh;
    BackgroundJob* m_job = nullptr;
    bool m_dark = false;
};

} // namespace ts::gui
