#pragma once
// Device regret: the same launch tuned on the ticked devices (pipeline::compareDevices), each
// device's best with its p50, the regret matrix (one device's best run on another, over that
// device's own best; "does not run" where it overflows the UB or fails to compile there) as a
// table and as grouped bars, and the smallest config list within the tolerance of the best on
// every device, which Export writes as an @triton.autotune decorator. A new tolerance chooses
// the list again from the same times (pipeline::recoverDevices); nothing is simulated twice.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/workflow.h"
#include "widgets/run_dialog.h"

#include <filesystem>
#include <memory>
#include <stop_token>

class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace ts::gui {

class DeviceCompareDialog : public RunDialog {
    Q_OBJECT
public:
    // `cachePath` empty: no cache.
    DeviceCompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis,
                        const npu::DeviceRegistry* devices, tuning::TuningOptions options,
                        std::filesystem::path cachePath, QWidget* parent = nullptr);
    ~DeviceCompareDialog() override;

    // Ticks these devices (and unticks the others).
    void setChosenDevices(const QStringList& devices);
    QStringList chosenDevices() const;
    void setTolerancePercent(double percent);
    // Starts the comparison of the ticked devices; false when fewer than two are ticked or one runs.
    bool run();
    // Stops after the running candidate; what finished is shown.
    void stop();

    const std::shared_ptr<const pipeline::CompareDevicesResult>& result() const { return m_result; }
    // The list as Python (empty when there is none); writes it to `path`, or returns why not.
    QString listText() const;
    QString exportList(const QString& path) const;

    QListWidget* deviceList() const { return m_devices; }
    QDoubleSpinBox* tolerance() const { return m_tolerance; }
    QTableWidget* bestTable() const { return m_best; }
    QTableWidget* regretTable() const { return m_regret; }
    QCustomPlot* plot() const { return m_plot; }
    QLabel* summary() const { return m_summary; }
    QPushButton* exportButton() const { return m_export; }

Q_SIGNALS:
    void comparisonFinished();

private:
    void showResult(std::shared_ptr<const pipeline::CompareDevicesResult> result);
    void showList();
    void plotRegret();
    void updateRunButton();
    void exportInteractively();

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    const npu::DeviceRegistry* m_registry = nullptr;
    tuning::TuningOptions m_options;
    std::filesystem::path m_cachePath;
    std::shared_ptr<const pipeline::CompareDevicesResult> m_result;
    std::shared_ptr<std::stop_source> m_stopSource;
    QListWidget* m_devices = nullptr;
    QDoubleSpinBox* m_tolerance = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_best = nullptr;
    QTableWidget* m_regret = nullptr;
    QCustomPlot* m_plot = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace ts::gui
