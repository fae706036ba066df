#pragma once
// Simulated vs measured: the configs of the launch that were measured on real hardware (and
// imported with `tilescope measure import`), simulated on the document's device and plotted
// log-log, one point per config, with the diagonal where the two agree; hovering a point shows
// its config. Beside the plot: the rank agreement and the configs furthest from the diagonal.
// The comparison runs in the background through the workflow (pipeline::compareMeasured).

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/workflow.h"
#include "widgets/run_dialog.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

class QCustomPlot;
class QLabel;
class QListWidget;
class QTableWidget;

namespace ts::gui {

class MeasuredCompareDialog : public RunDialog {
    Q_OBJECT
public:
    MeasuredCompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis, npu::DeviceProfile device,
                          tuning::TuningOptions options, std::filesystem::path cachePath, QWidget* parent = nullptr);
    ~MeasuredCompareDialog() override;

    // Starts the comparison; false while one runs.
    bool run();

    const std::optional<pipeline::CompareMeasuredResult>& result() const { return m_result; }
    QCustomPlot* plot() const { return m_plot; }
    QLabel* summary() const { return m_summary; }
    QListWidget* outliers() const { return m_outliers; }
    QTableWidget* table() const { return m_table; }
    // The candidate whose point is within a few pixels of `pixel` in the plot, if any; its hover text.
    std::optional<std::size_t> candidateAt(const QPoint& pixel) const;
    QString hoverText(std::size_t candidate) const;

Q_SIGNALS:
    void comparisonFinished();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showResult(pipeline::CompareMeasuredResult&& result);
    void plotResult();

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    npu::DeviceProfile m_device;
    tuning::TuningOptions m_options;
    std::filesystem::path m_cachePath;
    std::optional<pipeline::CompareMeasuredResult> m_result;
    std::vector<std::size_t> m_plotted;  // candidate of each plotted point, in the graph's order
    QLabel* m_summary = nullptr;
    QCustomPlot* m_plot = nullptr;
    QTableWidget* m_table = nullptr;
    QListWidget* m_outliers = nullptr;
};

} // namespace ts::gui
