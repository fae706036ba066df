#pragma once
// Where the device time of one candidate goes, and what the figures are not: for each pipe
// (MTE2 in, Vector, Cube, MTE3 out, Scalar, the launch) how long it is busy on the slowest core
// beside its share of the critical path that makes the device time (multibuffer overlaps the
// pipes, so a busy pipe may get little of it), then the device time against the roofline. The
// selected candidate when it was benchmarked, else the best.

#include "widgets/tuning_run.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCPBars;
class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QLabel;

namespace ts::gui {

class PipeChart : public QWidget {
    Q_OBJECT
public:
    // The rows of the chart, top to bottom: the pipes, then the device time.
    static constexpr int kPipeRows = 6;
    static constexpr int kDeviceRow = kPipeRows + 1;  // a gap row between

    explicit PipeChart(QWidget* parent = nullptr);

    void setRun(std::shared_ptr<const TuningRun> run);
    void runUpdated();
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);

    QCustomPlot* plot() const { return m_plot; }
    QLabel* summary() const { return m_summary; }
    // The candidate whose bars are shown (the selected one when benchmarked, else the best; none
    // before a tuning).
    std::optional<std::size_t> shownCandidate() const { return m_shown; }
    QCPBars* busyBars() const { return m_busy; }
    QCPBars* criticalPathBars() const { return m_critical; }
    QCPBars* deviceBar() const { return m_device; }
    QCPGraph* rooflineLine() const { return m_roofline; }
    // The text in place of the axes while there is nothing to show.
    QCPItemText* emptyText() const { return m_empty; }
    // The name of a row as its tick label reads (pipeName: "MTE2", ..., "launch"; then "device time").
    static QString rowName(int row);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    void showNothing(const QString& why);

    std::shared_ptr<const TuningRun> m_run;
    std::optional<std::size_t> m_selected;
    std::optional<std::size_t> m_shown;
    QCustomPlot* m_plot = nullptr;
    QCPBars* m_busy = nullptr;
    QCPBars* m_critical = nullptr;
    QCPBars* m_device = nullptr;
    QCPGraph* m_roofline = nullptr;
    QCPItemText* m_empty = nullptr;
    QLabel* m_summary = nullptr;
    bool m_dirty = false;
    bool m_dark = false;
};

} // namespace ts::gui
