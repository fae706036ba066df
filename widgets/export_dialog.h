#pragma once
// Exporting a tuning: the handwritten `triton.Config` list to paste over the kernel (the top K
// configs, or the rows the user picked), a JSON or CSV report, or Triton's own
// `<fn>.autotune.json`. The preview follows every choice; Copy and Save take what it shows.

#include "core/analysis/kernel_analysis.h"
#include "core/cache/tuning_record.h"
#include "core/export/config_list.h"

#include <QDialog>

#include <memory>
#include <optional>
#include <vector>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace ts::gui {

class PythonHighlighter;

// What the decorator keeps of the kernel as written: its key (list or dict form) and its other
// arguments verbatim. Without the kernel at hand, the key names of the tuning are used.
struct DecoratorContext {
    exporter::AutotuneKey key;
    cache::TextPairs keepArguments;
    // The backend version of a config list made elsewhere (a sweep's); a record names its own.
    std::optional<kernel::BackendVersion> backend;
};
DecoratorContext decoratorContextFor(const cache::TuningRecord& record, const analysis::KernelAnalysis* analysis);

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    enum class Format { PythonDecorator, JsonReport, CsvReport, TritonJson };

    explicit ExportDialog(QWidget* parent = nullptr);

    // `selected`: candidate indices of the record the user picked (may be empty).
    void setRecord(std::shared_ptr<const cache::TuningRecord> record, DecoratorContext context,
                   std::vector<std::size_t> selected = {});
    const std::shared_ptr<const cache::TuningRecord>& record() const { return m_record; }
    // A ready list instead of a tuning (a sweep's covering set): only the Python decorator.
    void setConfigList(std::vector<exporter::HandwrittenConfig> configs, DecoratorContext context,
                       const QString& kernelName, const QString& title);

    void setFormat(Format format);
    Format format() const;
    void setTopK(int k);
    void setUseSelection(bool selection);
    void setP50Comments(bool on);

    // What the preview shows (empty with error() set when nothing can be written).
    QString text() const { return m_text; }
    QString error() const { return m_error; }
    // Configs in the Python list as it stands.
    int configCount() const { return m_configCount; }
    QString defaultFileName() const;
    bool saveTo(const QString& path, QString* error) const;
    void copyToClipboard();

    QComboBox* formatCombo() const { return m_format; }
    QSpinBox* topKSpin() const { return m_topK; }
    QRadioButton* topKButton() const { return m_topKButton; }
    QRadioButton* selectionButton() const { return m_selectionButton; }
    QCheckBox* p50Box() const { return m_p50; }
    // Leave out a config that only repeats a faster one for the simulator (other num_warps /
    // num_stages, the same times).
    QCheckBox* dropEquivalentBox() const { return m_dropEquivalent; }
    QCheckBox* includeIncorrectBox() const { return m_includeIncorrect; }
    QPlainTextEdit* preview() const { return m_preview; }
    QPushButton* copyButton() const { return m_copy; }
    QPushButton* saveButton() const { return m_save; }
    QLabel* messageLabel() const { return m_message; }
    QLabel* titleLabel() const { return m_title; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();
    void saveInteractively();
    std::size_t measuredCount() const;

    std::shared_ptr<const cache::TuningRecord> m_record;
    DecoratorContext m_context;
    std::vector<std::size_t> m_selected;
    std::optional<std::vector<exporter::HandwrittenConfig>> m_fixedConfigs;
    QString m_kernelName;
    QString m_text;
    QString m_error;
    int m_configCount = 0;

    QLabel* m_title = nullptr;
    QComboBox* m_format = nullptr;
    QRadioButton* m_topKButton = nullptr;
    QRadioButton* m_selectionButton = nullptr;
    QSpinBox* m_topK = nullptr;
    QCheckBox* m_p50 = nullptr;
    QCheckBox* m_dropEquivalent = nullptr;
    QCheckBox* m_includeIncorrect = nullptr;
    QPlainTextEdit* m_preview = nullptr;
    PythonHighlighter* m_highlighter = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_save = nullptr;
};

} // namespace ts::gui
