#pragma once
// Compare devices: tunes the same launch on two or more devices in the background (the
// backend's candidates for each) and shows them side by side: the best config, its p50, the
// modelled tuning time and the speed-up over the slowest, as a table and as bars.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/tuning/tuning_session.h"
#include "widgets/run_dialog.h"

#include <memory>
#include <optional>
#include <vector>

class QCPBars;
class QCustomPlot;
class QListWidget;
class QTableWidget;

namespace ts::gui {

class ColumnFitter;

// One device's tuning, as compared.
struct DeviceComparison {
    QString device;
    std::size_t candidates = 0;  // tuned
    std::size_t benchmarked = 0;
    QString bestConfig;          // "XBLOCK=1024, XBLOCK_SUB=512", empty without a best
    QString bestConfigFull;      // as triton.Config prints it
    std::optional<double> bestP50Us;
    double modelledSeconds = 0;
    double compileSeconds = 0;
    double benchSeconds = 0;
    QString error;
    bool stopped = false;
};

class CompareDialog : public RunDialog {
    Q_OBJECT
public:
    CompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis, const npu::DeviceRegistry* devices,
                  tuning::TuningOptions options, QWidget* parent = nullptr);
    ~CompareDialog() override;

    // Ticks these devices (and unticks the others).
    void setChosenDevices(const QStringList& devices);
    QStringList chosenDevices() const;
    // Starts the comparison of the ticked devices; false when fewer than two are ticked.
    bool run();
    void stop();

    const std::vector<DeviceComparison>& results() const { return m_results; }
    QListWidget* deviceList() const { return m_devices; }
    QTableWidget* table() const { return m_table; }
    QCustomPlot* plot() const { return m_plot; }

Q_SIGNALS:
    void comparisonFinished();

private:
    void showResults(std::vector<DeviceComparison>&& results);
    void updateRunButton();
    void styleChart();

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    const npu::DeviceRegistry* m_registry = nullptr;
    tuning::TuningOptions m_options;
    std::vector<DeviceComparison> m_results;
    QListWidget* m_devices = nullptr;
    QTableWidget* m_table = nullptr;
    ColumnFitter* m_fitter = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPBars* m_p50Bars = nullptr;
    QCPBars* m_timeBars = nullptr;
};

} // namespace ts::gui
