#pragma once
// The launch form: every kernel parameter (tensors by dtype and shape, scalars by value,
// constexprs tuned or fixed to a value), launch options, the grid and the device. Edits are
// collected into a Workload and announced 300 ms after the last keystroke (at once for
// choices), so the analysis follows the form without re-running on every character.

#include "core/analysis/kernel_analysis.h"
#include "core/backends/backend_policy.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/tuning/tuning_session.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QFormLayout;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace ts::gui {

// "Triton-Ascend 2026-08: Geofeng12138/triton-ascend at commit 189dd87... (2026-08-18). ..."
QString backendToolTip(kernel::BackendVersion version);
// "2026-08 (Geofeng12138/triton-ascend 189dd87)", as headers show it.
QString backendLabelText(kernel::BackendVersion version);
// "cores / 2", "cores × 3/4": a version's compile worker rule, translated.
QString compileRuleText(const backends::CompileWorkerRule& rule);

class LaunchEditor : public QWidget {
    Q_OBJECT
public:
    enum ParamColumn { NameColumn, KindColumn, DtypeColumn, ValueColumn, RoleColumn };

    explicit LaunchEditor(QWidget* parent = nullptr);

    void setDevices(const npu::DeviceRegistry& devices);
    // Rebuilds the form for a newly opened kernel and launch.
    void setLaunch(const analysis::KernelAnalysis& analysis);
    // Refreshes what the analysis says (roles, hints) without touching what is being typed.
    void showAnalysis(const analysis::KernelAnalysis& analysis);
    void clear();

    // The launch the form describes; nullopt while a field does not parse (see problem()).
    std::optional<kernel::Workload> workload() const;
    QString problem() const;
    // The tuning fields: benchmark method, parallel compile, worker threads, seed.
    tuning::TuningOptions tuningOptions() const;
    // What the config cache holds for this launch (rich text; empty hides it). `stale` colours it.
    void setCacheStatus(const QString& text, bool stale);

    QTableWidget* paramTable() const { return m_params; }
    QLineEdit* gridEdit() const { return m_grid; }
    QComboBox* deviceCombo() const { return m_device; }
    // The backend version chosen beside the device; changing it re-runs analysis and space.
    QComboBox* backendCombo() const { return m_backend; }
    kernel::BackendVersion backend() const;
    QComboBox* benchMethodCombo() const { return m_benchMethod; }
    QCheckBox* parallelCompileBox() const { return m_parallelCompile; }
    // 2026-08's UB tuner (TRITON_ENABLE_UBTUNER=compile); enabled under that version only.
    QCheckBox* ubTunerBox() const { return m_ubTuner; }
    QSpinBox* workersSpin() const { return m_workers; }
    QSpinBox* hostCoresSpin() const { return m_hostCores; }
    QLabel* compileWorkersLabel() const { return m_compileWorkers; }
    QSpinBox* seedSpin() const { return m_seed; }
    QPushButton* tuneButton() const { return m_tune; }
    // Takes the Tune button out of the form, for a window that keeps it in sight below the form
    // however far the form scrolls; the editor still drives it (enabled, its text).
    QPushButton* detachTuneButton();
    // Takes the cached tuning's note out of the form, for the pane to show beside Tune: in the
    // scrolled form it was cut at the dock's edge.
    QLabel* detachCacheLabel();
    QLabel* cacheLabel() const { return m_cache; }
    // Fires the pending announcement now (tests, and before a save).
    void flush();
    // The width at which the launch table shows every column whole, the role included.
    int preferredWidth() const { return m_preferredWidth; }

Q_SIGNALS:
    void launchEdited();
    void tuningOptionsChanged();
    // The launch table's columns were fitted to new content (preferredWidth() may differ).
    void columnsFitted();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Sizes the launch table's columns to their content (the role column takes the rest).
    void fitColumns();
    // The role column takes what the others leave of the table's width, wrapping its words.
    void fitRoleColumn();
    struct Row {
        std::string name;
        bool isConstexpr = false;
        QComboBox* kind = nullptr;
        QComboBox* dtype = nullptr;
        QLineEdit* value = nullptr;
    };
    void addRow(const kernel::Parameter& param, const kernel::ArgValue* value);
    void updateRowEnabled(int row);
    void changed(bool typing);
    std::optional<kernel::ArgValue> rowValue(const Row& row, QString* error) const;
    void validate();
    void updateHostInfo();

    QTableWidget* m_params = nullptr;
    int m_preferredWidth = 0;
    int m_roleLeast = 0; // the role column's header or longest word
    bool m_fittingRole = false;
    std::vector<Row> m_rows;
    QComboBox* m_multibuffer = nullptr;
    QSpinBox* m_numWarps = nullptr;
    QCheckBox* m_simt = nullptr;
    QLineEdit* m_grid = nullptr;
    QComboBox* m_device = nullptr;
    QLabel* m_deviceInfo = nullptr;
    QComboBox* m_backend = nullptr;
    QLabel* m_hints = nullptr;
    QLabel* m_problem = nullptr;
    QComboBox* m_benchMethod = nullptr;
    QCheckBox* m_parallelCompile = nullptr;
    QCheckBox* m_ubTuner = nullptr;
    QSpinBox* m_workers = nullptr;
    QSpinBox* m_hostCores = nullptr;
    QLabel* m_compileWorkers = nullptr;
    QSpinBox* m_seed = nullptr;
    QFormLayout* m_tuningForm = nullptr;
    QPushButton* m_tune = nullptr;
    QLabel* m_cache = nullptr;
    QTimer* m_debounce = nullptr;
    kernel::Workload m_base;
    const npu::DeviceRegistry* m_devices = nullptr;
    bool m_filling = false;
};

} // namespace ts::gui
