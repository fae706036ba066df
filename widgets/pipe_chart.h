#pragma once
// Where the time of one launch goes for the selected candidate: its device time attributed to
// the pipes (MTE2 in, Vector, Cube, MTE3 out, Scalar, launch), beside the best candidate's, with
// the roofline bound the time is measured against.

#include "widgets/tuning_run.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCPBars;
class QCPBarsGroup;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;

namespace ts::gui {

class PipeChart : public QWidget {
    Q_OBJECT
public:
    explicit PipeChart(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const TuningRun> run);
    void runUpdated();
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);

    QCustomPlot* plot() const { return m_plot; }
    QLabel* summary() const { return m_summary; }
    // The candidate whose bars are shown (the selected one when tuned, else none).
    std::optional<std::size_t> shownCandidate() const { return m_shown; }

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();

    std::shared_ptr<const TuningRun> m_run;
    std::optional<std::size_t> m_selected;
    std::optional<std::size_t> m_shown;
    QCustomPlot* m_plot = nullptr;
    QCPBars* m_selectedBars = nullptr;
    QCPBars* m_bestBars = nullptr;
    QCPBarsGroup* m_group = nullptr;
    QCPItemStraightLine* m_roofline = nullptr;
    QCPItemText* m_rooflineLabel = nullptr;
    QLabel* m_summary = nullptr;
    bool m_dirty = false;
    bool m_dark = false;
};

} // namespace ts::gui
