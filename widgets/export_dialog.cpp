#include "widgets/export_dialog.h"

#include "core/export/triton_cache_json.h"
#include "core/export/tuning_report.h"
#include "core/pipeline/workflow.h"
#include "widgets/cache_browser.h"
#include "widgets/cache_table_model.h"
#include "widgets/core_text.h"
#include "widgets/python_highlighter.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"

#include <QApplication>
#include <QEvent>
#include <QButtonGroup>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSaveFile>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace ts::gui {
namespace {

// triton.autotune's parameters in declaration order, to name arguments given by position.
constexpr const char* kAutotuneParameters[] = {"configs",  "key",         "prune_configs_by", "reset_to_zero",
                                               "restore_value", "pre_hook", "post_hook",     "warmup",
                                               "rep",      "use_cuda_graph", "do_bench",     "cache_results"};

} // namespace

DecoratorContext decoratorContextFor(const cache::TuningRecord& record, const analysis::KernelAnalysis* analysis)
{
    DecoratorContext context;
    if (analysis)
        context.backend = analysis->workload.backend;
    const kernel::KernelDef* kernel = analysis ? analysis->kernel : nullptr;
    if (kernel && kernel->name == record.key.kernelName && kernel->autotune) {
        const kernel::AutotuneSpec& spec = *kernel->autotune;
        if (spec.keyDict)
            context.key.axes = *spec.keyDict;
        else
            context.key.names = spec.keyList;
        if (spec.decorator) {
            for (const kernel::DecoratorArgument& argument : spec.decorator->arguments) {
                std::string name = argument.name;
                if (name.size() > 1 && name[0] == '#') {
                    const int position = std::atoi(name.c_str() + 1);
                    if (position < 0 || position >= int(std::size(kAutotuneParameters)))
                        continue;
                    name = kAutotuneParameters[position];
                }
                if (name == "configs" || name == "key" || argument.text.empty())
                    continue;
                context.keepArguments.emplace_back(name, argument.text);
            }
        }
        return context;
    }
    for (const auto& [name, value] : record.key.keyValues)
        context.key.names.push_back(name);
    return context;
}

ExportDialog::ExportDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export configs"));

    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_format->addItem(tr("Python: @triton.autotune with a triton.Config list"), int(Format::PythonDecorator));
    m_format->addItem(tr("JSON report of the tuning"), int(Format::JsonReport));
    m_format->addItem(tr("CSV report, one row per candidate"), int(Format::CsvReport));
    m_format->addItem(tr("Triton's autotune cache (<kernel>.autotune.json)"), int(Format::TritonJson));
    m_format->setItemData(3,
                          tr("The file Triton's autotuner writes with cache_results=True and reads back "
                             "instead of benchmarking again"),
                          Qt::ToolTipRole);

    m_topKButton = new QRadioButton(tr("Top"), this);
    m_topKButton->setObjectName(QStringLiteral("topKButton"));
    m_topK = new QSpinBox(this);
    m_topK->setObjectName(QStringLiteral("topKSpin"));
    m_topK->setRange(1, 1);
    m_topK->setValue(1);
    m_topK->setSuffix(tr(" configs, fastest first"));
    m_selectionButton = new QRadioButton(this);
    m_selectionButton->setObjectName(QStringLiteral("selectionButton"));
    auto* rows = new QButtonGroup(this);
    rows->addButton(m_topKButton);
    rows->addButton(m_selectionButton);
    m_topKButton->setChecked(true);
    auto* rowsBox = new QWidget(this);
    auto* rowsLayout = new QHBoxLayout(rowsBox);
    rowsLayout->setContentsMargins(0, 0, 0, 0);
    rowsLayout->addWidget(m_topKButton);
    rowsLayout->addWidget(m_topK);
    rowsLayout->addSpacing(16);
    rowsLayout->addWidget(m_selectionButton);
    rowsLayout->addStretch(1);

    m_p50 = new QCheckBox(tr("Median time as a comment after each config"), this);
    m_p50->setObjectName(QStringLiteral("p50Comments"));
    m_p50->setChecked(QSettings().value(QStringLiteral("export/p50Comments"), true).toBool());

    m_dropEquivalent = new QCheckBox(tr("Leave out configs the simulator cannot tell from a faster one "
                                        "(other num_warps / num_stages, the same times)"),
                                     this);
    m_dropEquivalent->setObjectName(QStringLiteral("dropEquivalent"));
    m_includeIncorrect = new QCheckBox(tr("Include incorrect configs (their launch computes a wrong result)"), this);
    m_includeIncorrect->setObjectName(QStringLiteral("includeIncorrect"));
    m_includeIncorrect->setToolTip(tr("Configs whose launch leaves data unprocessed or reaches past the end without a "
                                      "mask are left out of the top configs unless this is checked"));

    auto* form = new QFormLayout;
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Configs:"), rowsBox);
    form->addRow(QString(), m_p50);
    form->addRow(QString(), m_dropEquivalent);
    form->addRow(QString(), m_includeIncorrect);

    m_preview = new QPlainTextEdit(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = new PythonHighlighter(m_preview->document());
    m_highlighter->setDark(isDarkPalette(palette()));

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("exportMessage"));
    m_message->setWordWrap(true);

    m_copy = new QPushButton(tr("&Copy"), this);
    m_copy->setObjectName(QStringLiteral("copyButton"));
    m_save = new QPushButton(tr("&Save…"), this);
    m_save->setObjectName(QStringLiteral("saveButton"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(form);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::render);
    connect(m_topK, &QSpinBox::valueChanged, this, [this] {
        m_topKButton->setChecked(true);
        render();
    });
    connect(rows, &QButtonGroup::buttonToggled, this, [this](QAbstractButton*, bool on) {
        if (on)
            render();
    });
    connect(m_p50, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("export/p50Comments"), on);
        render();
    });
    connect(m_dropEquivalent, &QCheckBox::toggled, this, [this] { render(); });
    connect(m_includeIncorrect, &QCheckBox::toggled, this, [this] { render(); });
    connect(m_copy, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);
    connect(m_save, &QPushButton::clicked, this, &ExportDialog::saveInteractively);

    resize(900, 640);
    render();
}

void ExportDialog::setRecord(std::shared_ptr<const cache::TuningRecord> record, DecoratorContext context,
                             std::vector<std::size_t> selected)
{
    m_record = std::move(record);
    m_context = std::move(context);
    m_fixedConfigs.reset();
    m_kernelName = m_record ? QString::fromStdString(m_record->key.kernelName) : QString();
    m_selected.clear();
    if (m_record)
        for (std::size_t i : selected)
            if (i < m_record->candidates.size())
                m_selected.push_back(i);

    const int measured = int(measuredCount());
    {
        const QSignalBlocker block(m_topK);
        m_topK->setRange(1, std::max(1, measured));
        m_topK->setValue(std::min(std::max(1, measured), 10));
    }
    m_selectionButton->setText(tr("The %Ln selected row(s)", nullptr, int(m_selected.size())));
    m_selectionButton->setEnabled(!m_selected.empty());
    (m_selected.empty() ? m_topKButton : m_selectionButton)->setChecked(true);
    if (m_record)
        // The configs it can rank: benchmarked and correct (an incorrect one was benchmarked too,
        // as the timings say, but is exported only on request).
        m_title->setText(tr("<b>%1</b><br>%Ln candidate(s), %2 of them correct and benchmarked, tuned %3", nullptr,
                            int(m_record->candidates.size()))
                             .arg(keyText(m_record->key).toHtmlEscaped())
                             .arg(countText(measured))
                             .arg(CacheTableModel::createdText(m_record->createdAt).toHtmlEscaped()));
    render();
}

void ExportDialog::setConfigList(std::vector<exporter::HandwrittenConfig> configs, DecoratorContext context,
                                 const QString& kernelName, const QString& title)
{
    m_record.reset();
    m_selected.clear();
    m_context = std::move(context);
    m_kernelName = kernelName;
    const int count = int(configs.size());
    m_fixedConfigs = std::move(configs);
    {
        const QSignalBlocker block(m_topK);
        m_topK->setRange(1, std::max(1, count));
        m_topK->setValue(std::max(1, count));
    }
    m_selectionButton->setText(tr("The %Ln selected row(s)", nullptr, 0));
    m_topKButton->setChecked(true);
    m_title->setText(title);
    {
        const QSignalBlocker block(m_format);
        setFormat(Format::PythonDecorator);
    }
    render();
}

void ExportDialog::setFormat(Format format)
{
    m_format->setCurrentIndex(m_format->findData(int(format)));
}

ExportDialog::Format ExportDialog::format() const
{
    return Format(m_format->currentData().toInt());
}

void ExportDialog::setTopK(int k)
{
    m_topK->setValue(k);
    m_topKButton->setChecked(true);
}

void ExportDialog::setUseSelection(bool selection)
{
    (selection && m_selectionButton->isEnabled() ? m_selectionButton : m_topKButton)->setChecked(true);
}

void ExportDialog::setP50Comments(bool on)
{
    m_p50->setChecked(on);
}

std::size_t ExportDialog::measuredCount() const
{
    if (!m_record)
        return 0;
    std::size_t n = 0;
    for (const auto& c : m_record->candidates)
        n += cache::isMeasured(c);
    return n;
}

void ExportDialog::render()
{
    const Format f = format();
    const bool python = f == Format::PythonDecorator;
    m_topKButton->setEnabled(python);
    m_topK->setEnabled(python);
    m_selectionButton->setEnabled(python && !m_selected.empty());
    m_p50->setEnabled(python);
    m_dropEquivalent->setEnabled(python && m_topKButton->isChecked() && !m_fixedConfigs);
    m_includeIncorrect->setEnabled(python && !m_fixedConfigs);
    m_format->setEnabled(!m_fixedConfigs);
    m_highlighter->setDocument(python ? m_preview->document() : nullptr);

    m_text.clear();
    m_error.clear();
    m_configCount = 0;
    pipeline::ExportRequest request;
    request.record = m_record;
    request.configs = m_fixedConfigs;
    request.format = f == Format::JsonReport   ? pipeline::ExportFormat::JsonReport
                     : f == Format::CsvReport  ? pipeline::ExportFormat::CsvReport
                     : f == Format::TritonJson ? pipeline::ExportFormat::TritonAutotuneJson
                                               : pipeline::ExportFormat::Python;
    request.top = std::size_t(m_topK->value());
    request.dropEquivalent = m_dropEquivalent->isChecked();
    if (python && m_selectionButton->isChecked() && !m_fixedConfigs)
        request.indices = m_selected;  // in the order they were picked
    request.list.key = m_context.key;
    request.list.keepArguments = m_context.keepArguments;
    request.list.p50Comments = m_p50->isChecked();
    request.includeIncorrect = m_includeIncorrect->isChecked();
    request.backend = m_context.backend;
    const pipeline::ExportResult written = pipeline::exportTuning(request);
    QString note;
    switch (written.problem) {
    case pipeline::ExportProblem::None:
        m_text = QString::fromStdString(written.text);
        break;
    case pipeline::ExportProblem::ListIsPythonOnly:
        m_error = tr("Only the Python decorator can be written for a config list.");
        break;
    case pipeline::ExportProblem::NoTuning:
        m_error = tr("No tuning to export: tune the kernel, or pick a tuning in the cache browser.");
        break;
    case pipeline::ExportProblem::NothingMeasured:
        m_error = tr("The tuning has no measured config to write: every candidate failed or was not run.");
        break;
    case pipeline::ExportProblem::BadIndex:
    case pipeline::ExportProblem::WriteFailed:
        m_error = written.error ? coreText(*written.error) : QString();
        break;
    }
    if (written.ok() && python) {
        m_configCount = int(written.configCount);
        note = tr("%Ln config(s). Paste this over the kernel in place of its @triton.autotune decorator.",
                  nullptr, m_configCount);
        // Configs the simulator does not tell apart: the user chooses whether to keep them.
        if (!written.equivalent.empty()) {
            // Sentence after sentence: a space between them in English, none after a Chinese "。".
            note = tr("%1 %2", "one sentence, then the next").arg(note, request.dropEquivalent
                                            ? tr("%Ln config(s) left out: the same simulated times as a "
                                                 "faster one, other num_warps / "
                                                 "num_stages.",
                                                 nullptr, int(written.equivalent.size()))
                                            : tr("%Ln config(s) only {repeats|repeat} a faster one for the "
                                                 "simulator (other num_warps / num_stages, "
                                                 "the same times): tick the box above to leave them out.",
                                                 nullptr, int(written.equivalent.size())));
            QStringList lines;
            for (const msg::Message& line : written.equivalent)
                lines << coreText(line);
            m_message->setToolTip(lines.join(QLatin1Char('\n')));
        } else {
            m_message->setToolTip(QString());
        }
    } else if (written.ok() && f == Format::TritonJson) {
        note = tr("Put it in Triton's cache folder to skip benchmarking on the next run.");
    }
    m_preview->setPlainText(m_error.isEmpty() ? m_text : QString());
    if (!m_error.isEmpty()) {
        m_message->setText(m_error);
        m_message->setStyleSheet(QStringLiteral("color: #e53935;"));
    } else {
        m_message->setText(note);
        m_message->setStyleSheet(QString());
    }
    m_copy->setEnabled(!m_text.isEmpty());
    m_save->setEnabled(!m_text.isEmpty());
}

QString ExportDialog::defaultFileName() const
{
    const QString name = m_kernelName.isEmpty() ? QStringLiteral("kernel") : m_kernelName;
    const std::string kernel = name.toStdString();
    switch (format()) {
    case Format::PythonDecorator: return name + QStringLiteral("_configs.py");
    case Format::JsonReport: return name + QStringLiteral("_tuning.json");
    case Format::CsvReport: return name + QStringLiteral("_tuning.csv");
    case Format::TritonJson: return QString::fromStdString(exporter::tritonAutotuneFileName(kernel));
    }
    return name;
}

bool ExportDialog::saveTo(const QString& path, QString* error) const
{
    if (m_text.isEmpty()) {
        *error = m_error.isEmpty() ? tr("Nothing to save.") : m_error;
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_text.toUtf8()) < 0 || !file.commit()) {
        *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

void ExportDialog::copyToClipboard()
{
    if (m_text.isEmpty())
        return;
    QApplication::clipboard()->setText(m_text);
    m_message->setStyleSheet(QString());
    m_message->setText(tr("Copied to the clipboard."));
}

void ExportDialog::saveInteractively()
{
    QSettings settings;
    QString dir = settings.value(QStringLiteral("export/lastDir")).toString();
    if (dir.isEmpty() && m_record && !m_record->workloadPath.empty())
        dir = QFileInfo(QString::fromStdString(m_record->workloadPath)).absolutePath();
    const QString suggested = QDir(dir.isEmpty() ? QDir::homePath() : dir).filePath(defaultFileName());
    QString filter;
    switch (format()) {
    case Format::PythonDecorator: filter = tr("Python (*.py)"); break;
    case Format::JsonReport:
    case Format::TritonJson: filter = tr("JSON (*.json)"); break;
    case Format::CsvReport: filter = tr("CSV (*.csv)"); break;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the export"), suggested,
                                                      filter + QStringLiteral(";;") + tr("All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("export/lastDir"), QFileInfo(path).absolutePath());
    QString error;
    if (!saveTo(path, &error)) {
        QMessageBox::warning(this, tr("Export"), error);
        return;
    }
    m_message->setStyleSheet(QString());
    m_message->setText(tr("Saved to %1").arg(QDir::toNativeSeparators(path)));
}

void ExportDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_highlighter->setDark(isDarkPalette(palette()));
}

} // namespace ts::gui
