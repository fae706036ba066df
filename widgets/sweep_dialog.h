#pragma once
// Shape sweeps: tune the open kernel over a grid of shapes (ranges of launch arguments), show
// each shape's best config against the covering set (the fewest configs that serve every shape
// within a tolerance of its own best), chart both, and export the covering set as the kernel's
// handwritten config list.
//
// The sweep runs off the GUI thread. Stop ends it after the running candidate and keeps the
// shapes already tuned; closing the dialog drops it.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/sweep/shape_sweep.h"
#include "core/tuning/tuning_session.h"
#include "widgets/run_dialog.h"

#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableView;
class QTableWidget;
class QTreeWidget;

namespace ts::gui {

class BackgroundJob;
class ExportDialog;
class SweepTableModel;

class SweepDialog : public RunDialog {
    Q_OBJECT
public:
    enum RangeColumn { ArgColumn, FromColumn, ToColumn, StepKindColumn, StepColumn, CountColumn };
    enum class Step { Times, Plus };

    explicit SweepDialog(QWidget* parent = nullptr);
    ~SweepDialog() override;

    // The launch the shapes start from (its integer arguments can be swept), on `device`.
    void setLaunch(std::shared_ptr<const analysis::KernelAnalysis> analysis, const npu::DeviceProfile* device,
                   const tuning::TuningOptions& options);
    // Tunings are reused from and stored into this cache; empty: no cache.
    void setCachePath(const QString& path);

    void clearRanges();
    void addRange(const QString& argument, qint64 from, qint64 to, Step step, qint64 by);
    // The ranges as the editor stands; nullopt with *error naming the bad row.
    std::optional<std::vector<sweep::SweepRange>> ranges(QString* error) const;
    void setTolerancePercent(double percent);

    void run();
    void stop();  // keeps the shapes already tuned
    const std::shared_ptr<const sweep::SweepResult>& result() const { return m_result; }
    // The chart's data: x (swept value or shape number), best and covering times in ms.
    const std::vector<double>& chartX() const { return m_chartX; }
    void setDark(bool dark);
    ExportDialog* openExportDialog();

    QTableWidget* rangeTable() const { return m_ranges; }
    QDoubleSpinBox* toleranceSpin() const { return m_tolerance; }
    QCheckBox* cacheBox() const { return m_useCache; }
    QPushButton* exportButton() const { return m_export; }
    SweepTableModel* model() const { return m_model; }
    QTableView* shapeTable() const { return m_table; }
    QTreeWidget* coverList() const { return m_cover; }
    QLabel* coverSummary() const { return m_coverSummary; }
    QCustomPlot* plot() const { return m_plot; }

Q_SIGNALS:
    void finished();  // a result (complete or stopped) is shown

protected:
    void changeEvent(QEvent* event) override;

private:
    void addRangeRow();
    void updateRangeCounts();
    void showResult(std::shared_ptr<const sweep::SweepResult> result);
    void recover();  // the covering set again, for a new tolerance
    void showCover();
    void fitSourceColumn();
    void updateChart();
    void setRunning(bool running);
    QStringList integerArguments() const;

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    std::optional<npu::DeviceProfile> m_device;
    tuning::TuningOptions m_options;
    QString m_cachePath;
    std::shared_ptr<const sweep::SweepResult> m_result;
    std::shared_ptr<std::stop_source> m_stopSource;
    std::vector<double> m_chartX;

    BackgroundJob* m_coverJob = nullptr;
    QLabel* m_launchLabel = nullptr;
    QTableWidget* m_ranges = nullptr;
    QDoubleSpinBox* m_tolerance = nullptr;
    QCheckBox* m_useCache = nullptr;
    QLabel* m_shapeCount = nullptr;
    SweepTableModel* m_model = nullptr;
    QTableView* m_table = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPGraph* m_bestGraph = nullptr;
    QCPGraph* m_coverGraph = nullptr;
    QCPItemText* m_emptyText = nullptr;
    QTreeWidget* m_cover = nullptr;
    QLabel* m_coverSummary = nullptr;
    QPushButton* m_export = nullptr;
    ExportDialog* m_exportDialog = nullptr;
};

} // namespace ts::gui
