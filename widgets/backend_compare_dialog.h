#pragma once
// Compare backend versions: the same launch under two Triton-Ascend versions, config by
// config — the configs only one version generates, the reordered ones and the changed options
// (what to know before upgrading). The comparison runs in the background.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/workflow.h"
#include "widgets/run_dialog.h"

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QTableWidget;

namespace ts::gui {

class BackendCompareDialog : public RunDialog {
    Q_OBJECT
public:
    // `analysis` is the document's launch; `device` its device.
    BackendCompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis, npu::DeviceProfile device,
                         QWidget* parent = nullptr);
    ~BackendCompareDialog() override;

    void setVersions(kernel::BackendVersion base, kernel::BackendVersion other);
    // Starts the comparison; false while one runs.
    bool run();

    const std::optional<pipeline::CompareBackendsResult>& result() const { return m_result; }
    QTableWidget* table() const { return m_table; }
    QLabel* summary() const { return m_summary; }

Q_SIGNALS:
    void comparisonFinished();

private:
    void showResult(pipeline::CompareBackendsResult&& result);

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    npu::DeviceProfile m_device;
    std::optional<pipeline::CompareBackendsResult> m_result;
    QComboBox* m_base = nullptr;
    QComboBox* m_other = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace ts::gui
