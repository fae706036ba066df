#pragma once
// The timings of every benchmarked candidate, fastest first: p50 as a point with a p20–p80 bar,
// the best one marked, the selected one ringed. Follows a running tuning (redrawn at most
// twice a second, and only while visible); hovering tells the candidate, clicking selects it.

#include "widgets/run_chart.h"

#include <optional>
#include <vector>

class QCPErrorBars;
class QCPGraph;

namespace ts::gui {

struct TimingsPrepared;

class TimingsChart : public RunChart {
    Q_OBJECT
public:
    explicit TimingsChart(QWidget* parent = nullptr);

    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);

    // Candidates drawn, fastest first (x = position).
    const std::vector<std::size_t>& shownCandidates() const { return m_order; }
    std::optional<std::size_t> candidateAtPixel(const QPointF& pos) const override;
    QPointF pixelOf(std::size_t position) const;

protected:
    void rebuild() override;
    QString hoverText(std::size_t candidate, const TunedCandidate& entry) const override;

private:
    void apply(TimingsPrepared&& prepared);
    void updateMarks();

    std::vector<std::size_t> m_order;  // candidates, by p50
    std::vector<double> m_p50;         // theirs, as drawn (the run may have moved on)
    QCPGraph* m_points = nullptr;
    QCPGraph* m_incorrect = nullptr;   // the p50 of configs that compute a wrong result
    QCPGraph* m_barCarrier = nullptr;  // the points that get p20–p80 bars
    QCPErrorBars* m_bars = nullptr;
    QCPGraph* m_best = nullptr;
    QCPGraph* m_selectedMark = nullptr;
};

} // namespace ts::gui
