#pragma once
// The UB footprint of the backend's candidates against the budget, as bars sorted by use; the
// selected candidate is highlighted (and added when it is not in the backend's list). A tl.dot
// kernel's cube candidates keep their tiles in L1 and L0, not in the UB: for them the bars are
// L1 use against the L1 limit, and the summary gives every buffer. Once a tuning has run, a
// candidate whose simulated compile failed is drawn in the failure's colour: the estimate is the
// backend's, and a kernel that computes in a wider type than it loads overflows below it.

#include "core/space/candidate_space.h"

#include <QMargins>
#include <QRectF>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCPBars;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace ts::gui {

class TuningRun;

class UbChart : public QWidget {
    Q_OBJECT
public:
    explicit UbChart(QWidget* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space);
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);
    // The tuning whose failed compiles the bars mark (a finished run of this space; else none).
    void setRun(std::shared_ptr<const TuningRun> run);
    void runUpdated();

    QCustomPlot* plot() const { return m_plot; }
    // The candidates drawn, left to right.
    const std::vector<std::size_t>& shownCandidates() const { return m_shown; }
    // What the bars measure: "UB footprint against the budget", or L1 for cube candidates.
    QString title() const;
    // In pixels, after a replot: the budget line's label and each bar drawn.
    QRectF budgetLabelRect() const;
    std::vector<QRectF> barRects() const;
    // The shown candidates drawn as failed compiles, left to right.
    std::vector<std::size_t> failedCandidates() const;
    QString summaryText() const;

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);
    void titleChanged(const QString& title);

private:
    void rebuild();
    std::int32_t barAt(const QPointF& pos) const;
    void placeBudgetLabel();
    const TuningRun* finishedRun() const;

    std::shared_ptr<const space::CandidateSpace> m_space;
    std::shared_ptr<const TuningRun> m_run;
    std::optional<std::size_t> m_selected;
    std::vector<std::size_t> m_shown;
    QCustomPlot* m_plot = nullptr;
    QCPBars* m_fits = nullptr;
    QCPBars* m_over = nullptr;
    QCPBars* m_failed = nullptr;
    QCPBars* m_highlight = nullptr;
    QCPItemStraightLine* m_budget = nullptr;
    QCPItemText* m_budgetLabel = nullptr;
    QLabel* m_summary = nullptr;
    double m_budgetKib = 0;
    QMargins m_margins; // the plot area's own, without room for the budget's label above it
    bool m_dark = false;
    bool m_cube = false;  // the bars show L1, not UB
};

} // namespace ts::gui
