#pragma once
// What the charts of a tuning run share (the timings chart, the tuning time chart): the run they
// follow, redrawn through RunRefresh; the selected candidate; one plot under a summary line with
// an Export button; the drawing arrays prepared off the GUI thread; and the mouse: hovering tells
// the candidate under the pointer, clicking selects it. A chart says where its candidates are
// drawn, what a candidate's tooltip reads and how its arrays are prepared.

#include "widgets/background_job.h"
#include "widgets/run_refresh.h"
#include "widgets/tuning_run.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QCustomPlot;
class QLabel;

namespace ts::gui {

class RunChart : public QWidget {
    Q_OBJECT
public:
    void setRun(std::shared_ptr<const TuningRun> run);
    // The run got new candidates (or finished): redraw soon.
    void runUpdated();

    QCustomPlot* plot() const { return m_plot; }
    QLabel* summary() const { return m_summary; }
    virtual std::optional<std::size_t> candidateAtPixel(const QPointF& pos) const = 0;
    // Prepares the drawing arrays off the GUI thread.
    BackgroundJob* job() const { return m_job; }
    // Whether a redraw is waiting or being prepared (what it shows is about to change).
    bool isRefreshing() const;

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);

protected:
    // `name` names the plot ("<name>Plot") and the summary ("<name>Summary") for tests;
    // `exportName` is the file name the Export button proposes.
    RunChart(QWidget* parent, const QString& name, int minimumHeight, const QString& exportName,
             const QString& exportToolTip);

    void showEvent(QShowEvent* event) override;
    // Redraws from the run as it is now: prepareOffThread, or at once when there is no run.
    virtual void rebuild() = 0;
    virtual QString hoverText(std::size_t candidate, const TunedCandidate& entry) const = 0;

    // Takes a snapshot of the run and prepares it on a worker, then hands the arrays to `apply`
    // on the GUI thread; without a run, `apply` gets empty arrays now.
    template <typename Prepared>
    void prepareOffThread(const QString& label, Prepared (*prepare)(const TuningSnapshot&),
                          std::function<void(Prepared&&)> apply)
    {
        if (!m_run) {
            m_job->stop();
            apply({});
            return;
        }
        m_job->start<Prepared>(
            label,
            [prepare, snapshot = m_run->snapshot()](JobContext&) {
                const LowerThreadPriority nice;  // drawing waits, the GUI thread does not
                return prepare(snapshot);
            },
            std::move(apply));
    }

    std::shared_ptr<const TuningRun> m_run;
    std::optional<std::size_t> m_selected;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_summary = nullptr;

private:
    std::unique_ptr<RunRefresh> m_refresh;
    BackgroundJob* m_job = nullptr;
};

} // namespace ts::gui
