#include "widgets/launch_editor.h"
#include "widgets/core_text.h"
#include "widgets/quantity_text.h"

#include "widgets/status_colors.h"

#include "core/backends/backend_registry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyleOptionComboBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace ts::gui {

namespace {

// The width a box needs to show its current choice whole, frame and arrow included.
int comboWidthFor(const QComboBox* combo)
{
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.currentText = combo->currentText();
    const QFontMetrics fm = combo->fontMetrics();
    const QSize text(fm.horizontalAdvance(combo->currentText()) + 4, fm.height());
    return combo->style()->sizeFromContents(QStyle::CT_ComboBox, &option, text, combo).width();
}

enum Kind { NotPassed, Tensor, Int, Float, Bool, Str, NoneValue, Tuned, Default, Fixed };

const char* const kDtypes[] = {"float16", "bfloat16", "float32", "float64", "int8", "int16",
                               "int32",   "int64",    "uint8",   "bool"};

QString argText(const kernel::ArgValue& v)
{
    switch (v.kind) {
    case kernel::ArgValue::Kind::Int: return QString::number(v.intValue);
    // The shortest text that reads back as the same double, as Python's repr writes it ("1e-06").
    case kernel::ArgValue::Kind::Float: return QString::number(v.floatValue, 'g', QLocale::FloatingPointShortest);
    case kernel::ArgValue::Kind::Bool: return v.boolValue ? QStringLiteral("True") : QStringLiteral("False");
    case kernel::ArgValue::Kind::Str: return QString::fromStdString(v.text);
    case kernel::ArgValue::Kind::None: return QStringLiteral("None");
    case kernel::ArgValue::Kind::Tensor: {
        QStringList dims;
        for (std::int64_t d : v.shape)
            dims << QString::number(d);
        return dims.join(QStringLiteral(", "));
    }
    }
    return {};
}

// A fixed constexpr's string as Python writes it, so that "128" the string reads back as a string.
QString pythonStringText(const std::string& text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : QString::fromStdString(text)) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out + QLatin1Char('"');
}

// A quoted value ("relu" or 'relu', backslash escapes the next character), or nullopt.
std::optional<std::string> unquotedString(const QString& text)
{
    if (text.size() < 2 || text.front() != text.back() ||
        (text.front() != QLatin1Char('"') && text.front() != QLatin1Char('\'')))
        return std::nullopt;
    QString out;
    for (qsizetype i = 1; i + 1 < text.size(); ++i) {
        if (text[i] == QLatin1Char('\\') && i + 2 < text.size())
            ++i;
        out += text[i];
    }
    return out.toStdString();
}

Kind kindOf(const kernel::ArgValue& v)
{
    switch (v.kind) {
    case kernel::ArgValue::Kind::Int: return Int;
    case kernel::ArgValue::Kind::Float: return Float;
    case kernel::ArgValue::Kind::Bool: return Bool;
    case kernel::ArgValue::Kind::Str: return Str;
    case kernel::ArgValue::Kind::None: return NoneValue;
    case kernel::ArgValue::Kind::Tensor: return Tensor;
    }
    return NotPassed;
}

} // namespace

LaunchEditor::LaunchEditor(QWidget* parent) : QWidget(parent)
{
    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        validate();
        if (workload())
            Q_EMIT launchEdited();
    });

    m_params = new QTableWidget(0, 5, this);
    m_params->setObjectName(QStringLiteral("launchParams"));
    m_params->setHorizontalHeaderLabels({tr("Parameter"), tr("Kind"), tr("Dtype"), tr("Value"), tr("Role")});
    m_params->horizontalHeaderItem(ValueColumn)->setToolTip(tr("A tensor's shape, or the value passed"));
    m_params->verticalHeader()->hide();
    // Every column can be resized; fitColumns() sizes them to their content, the role last (it
    // takes what is left and wraps onto a second line where it must, its full text in the tooltip).
    m_params->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_params->horizontalHeader()->setStretchLastSection(true);
    m_params->setWordWrap(true);
    connect(m_params->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column) {
        if (column == RoleColumn)
            m_params->resizeRowsToContents();
    });
    m_params->setSelectionMode(QAbstractItemView::NoSelection);
    m_params->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_params->horizontalHeader()->setMinimumSectionSize(60);
    m_params->viewport()->installEventFilter(this);
    // Room for the form's fields; the table's roles wrap below their natural width.
    setMinimumWidth(400);

    m_multibuffer = new QComboBox(this);
    m_multibuffer->addItem(tr("not passed (generated both ways)"), -1);
    m_multibuffer->addItem(QStringLiteral("True"), 1);
    m_multibuffer->addItem(QStringLiteral("False"), 0);
    m_numWarps = new QSpinBox(this);
    m_numWarps->setRange(0, 64);
    m_numWarps->setSpecialValueText(tr("not passed"));
    m_simt = new QCheckBox(tr("force_simt_only"), this);
    m_grid = new QLineEdit(this);
    m_grid->setObjectName(QStringLiteral("gridEdit"));
    m_grid->setPlaceholderText(tr("lambda meta: (triton.cdiv(n, meta['XBLOCK']),)  or  48, 1"));
    m_device = new QComboBox(this);
    m_device->setObjectName(QStringLiteral("deviceCombo"));
    m_deviceInfo = new QLabel(this);
    m_deviceInfo->setWordWrap(true);
    m_backend = new QComboBox(this);
    m_backend->setObjectName(QStringLiteral("backendCombo"));
    for (const kernel::BackendVersion version : kernel::backendVersions()) {
        const std::string_view name = kernel::backendName(version);
        m_backend->addItem(QString::fromUtf8(name.data(), qsizetype(name.size())), int(version.index()));
        m_backend->setItemData(m_backend->count() - 1, backendToolTip(version), Qt::ToolTipRole);
    }
    m_backend->setCurrentIndex(m_backend->findData(int(kernel::defaultBackend().index())));
    m_backend->setToolTip(backendToolTip(kernel::defaultBackend()));
    m_hints = new QLabel(this);
    m_hints->setWordWrap(true);
    m_hints->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #e53935;"));
    m_problem->hide();

    m_benchMethod = new QComboBox(this);
    m_benchMethod->setObjectName(QStringLiteral("benchMethod"));
    for (npu::BenchMethod method : {npu::BenchMethod::Default, npu::BenchMethod::Npu})
        m_benchMethod->addItem(benchMethodText(method), int(method));
    m_benchMethod->setToolTip(tr("TRITON_BENCH_METHOD. default: do_bench, quantiles of timed runs with the L2 "
                                 "flushed, host launch included; npu: the profiler, mean on-chip time of 30 runs "
                                 "(steadier, slower to tune)"));
    m_parallelCompile = new QCheckBox(tr("Parallel compile"), this);
    m_parallelCompile->setObjectName(QStringLiteral("parallelCompile"));
    m_parallelCompile->setChecked(true);
    // Each version's rule and which versions have a UB tuner come from their policies.
    QStringList rules;
    QStringList ubTunerVersions;
    for (const kernel::BackendVersion version : kernel::backendVersions()) {
        const QString name = QString::fromUtf8(kernel::backendName(version).data(), qsizetype(kernel::backendName(version).size()));
        rules << tr("%1: %2", "a backend version and its compile worker rule")
                     .arg(name, compileRuleText(backends::policy(version).compileWorkerRule()));
        if (backends::policy(version).hasUbTuner())
            ubTunerVersions << name;
    }
    m_parallelCompile->setToolTip(tr("TRITON_AUTOTUNE_PARALLEL_COMPILE: compile the candidates on the NPU host's "
                                     "cores at once (%1; off: one after the other). Changes the modelled tuning "
                                     "time.")
                                      .arg(rules.join(QStringLiteral(", "))));
    m_ubTuner = new QCheckBox(tr("UB tuner"), this);
    m_ubTuner->setObjectName(QStringLiteral("ubTuner"));
    m_ubTuner->setToolTip(tr("TRITON_ENABLE_UBTUNER=compile (%1 only): a candidate that overflows the UB is "
                             "searched for storage_align, multibuffer and vf_fusion_mode values that fit, and "
                             "benchmarked with the ubtune_cfg found")
                              .arg(ubTunerVersions.join(QStringLiteral(", "))));
    m_workers = new QSpinBox(this);
    m_workers->setObjectName(QStringLiteral("workers"));
    m_workers->setRange(0, 256);
    m_workers->setSpecialValueText(tr("auto"));
    m_workers->setToolTip(tr("Threads that compile and benchmark here (auto: one per hardware thread); "
                             "the results do not depend on it"));
    m_hostCores = new QSpinBox(this);
    m_hostCores->setObjectName(QStringLiteral("hostCores"));
    m_hostCores->setRange(0, 65536);
    m_hostCores->setToolTip(tr("Physical cores of the machine the NPU sits in, where Triton-Ascend compiles the "
                               "candidates in parallel (0: the device profile's host). Changes the modelled "
                               "tuning time, not the simulated timings."));
    m_compileWorkers = new QLabel(this);
    m_compileWorkers->setObjectName(QStringLiteral("compileWorkers"));
    m_compileWorkers->setWordWrap(true);
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("seed"));
    m_seed->setRange(0, 1 << 30);
    m_seed->setToolTip(tr("Seed of the simulated measurement noise: the same seed gives the same timings"));
    m_tune = new QPushButton(tr("Tune"), this);
    m_tune->setObjectName(QStringLiteral("tuneButton"));
    m_tune->setToolTip(tr("Compile and benchmark the candidates on the simulated NPU (F5)"));
    m_cache = new QLabel(this);
    m_cache->setObjectName(QStringLiteral("cacheStatus"));
    m_cache->setWordWrap(true);
    m_cache->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cache->hide();
    for (QWidget* w : std::initializer_list<QWidget*>{m_parallelCompile, m_workers, m_seed})
        w->setEnabled(true);
    connect(m_benchMethod, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            Q_EMIT tuningOptionsChanged();
    });
    connect(m_parallelCompile, &QCheckBox::toggled, this, [this] {
        updateHostInfo();
        if (!m_filling)
            Q_EMIT tuningOptionsChanged();
    });
    connect(m_hostCores, &QSpinBox::valueChanged, this, [this] {
        updateHostInfo();
        if (!m_filling)
            Q_EMIT tuningOptionsChanged();
    });
    connect(m_ubTuner, &QCheckBox::toggled, this, [this] {
        if (!m_filling)
            Q_EMIT tuningOptionsChanged();
    });
    connect(m_workers, &QSpinBox::valueChanged, this, [this] {
        if (!m_filling)
            Q_EMIT tuningOptionsChanged();
    });
    connect(m_seed, &QSpinBox::valueChanged, this, [this] {
        if (!m_filling)
            Q_EMIT tuningOptionsChanged();
    });

    auto* launchBox = new QGroupBox(tr("Launch options"), this);
    auto* launchForm = new QFormLayout(launchBox);
    launchForm->addRow(tr("Grid"), m_grid);
    launchForm->addRow(tr("multibuffer"), m_multibuffer);
    launchForm->addRow(tr("num_warps"), m_numWarps);
    launchForm->addRow(QString(), m_simt);
    launchForm->addRow(tr("Device"), m_device);
    launchForm->addRow(QString(), m_deviceInfo);
    launchForm->addRow(tr("Backend"), m_backend);

    auto* hintsBox = new QGroupBox(tr("Autotune hints"), this);
    auto* hintsLayout = new QVBoxLayout(hintsBox);
    hintsLayout->addWidget(m_hints);

    auto* tuningBox = new QGroupBox(tr("Tuning"), this);
    auto* tuningForm = m_tuningForm = new QFormLayout(tuningBox);
    tuningForm->addRow(tr("Benchmark method"), m_benchMethod);
    tuningForm->addRow(QString(), m_parallelCompile);
    tuningForm->addRow(tr("Host cores"), m_hostCores);
    tuningForm->addRow(QString(), m_compileWorkers);
    tuningForm->addRow(QString(), m_ubTuner);
    tuningForm->addRow(tr("Workers"), m_workers);
    tuningForm->addRow(tr("Seed"), m_seed);
    tuningForm->addRow(m_cache);
    tuningForm->addRow(m_tune);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_params, 3);
    layout->addWidget(m_problem);
    layout->addWidget(launchBox);
    layout->addWidget(hintsBox);
    layout->addWidget(tuningBox);

    connect(m_grid, &QLineEdit::textEdited, this, [this] { changed(true); });
    connect(m_multibuffer, &QComboBox::activated, this, [this] { changed(false); });
    connect(m_numWarps, &QSpinBox::valueChanged, this, [this] { changed(true); });
    connect(m_simt, &QCheckBox::toggled, this, [this] { changed(false); });
    connect(m_device, &QComboBox::activated, this, [this] { changed(false); });
    connect(m_backend, &QComboBox::activated, this, [this] { changed(false); });
    connect(m_backend, &QComboBox::currentIndexChanged, this, [this] {
        m_backend->setToolTip(backendToolTip(backend()));
        updateHostInfo();
        m_ubTuner->setEnabled(backends::policy(backend()).hasUbTuner());
    });
    m_ubTuner->setEnabled(backends::policy(backend()).hasUbTuner());
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_devices)
            return;
        const npu::DeviceProfile* p = m_devices->find(m_device->currentText().toStdString());
        m_deviceInfo->setText(p ? tr("%1 family, %2 AI cores, %3 vector cores for autotune, %4 KiB UB budget")
                                      .arg(QString::fromStdString(p->family))
                                      .arg(countText(p->cubeCores()))
                                      .arg(countText(p->vectorCoresForAutotune()))
                                      .arg(p->ubBudgetKib())
                                : QString());
        updateHostInfo();
    });
    clear();
    updateHostInfo();
}

QPushButton* LaunchEditor::detachTuneButton()
{
    if (m_tuningForm && m_tuningForm->indexOf(m_tune) >= 0) {
        const QFormLayout::TakeRowResult row = m_tuningForm->takeRow(m_tune);
        delete row.fieldItem;  // the item, not the button
    }
    return m_tune;
}

QLabel* LaunchEditor::detachCacheLabel()
{
    if (m_tuningForm && m_tuningForm->indexOf(m_cache) >= 0) {
        const QFormLayout::TakeRowResult row = m_tuningForm->takeRow(m_cache);
        delete row.fieldItem;
    }
    return m_cache;
}

// The host's cores (the profile's by default) and the compile workers Triton-Ascend would start
// there under the chosen backend, at most one per candidate.
void LaunchEditor::updateHostInfo()
{
    const npu::DeviceProfile* p = m_devices ? m_devices->find(m_device->currentText().toStdString()) : nullptr;
    const int profileCores = p ? p->hostPhysicalCores() : npu::kFallbackHostPhysicalCores;
    m_hostCores->setSpecialValueText(tr("profile (%1)").arg(profileCores));
    const int cores = m_hostCores->value() > 0 ? m_hostCores->value() : profileCores;
    const kernel::BackendVersion version = backend();
    const QString rule = compileRuleText(backends::policy(version).compileWorkerRule());
    if (!m_parallelCompile->isChecked())
        m_compileWorkers->setText(tr("Compile workers on the NPU host: 1 (sequential)"));
    else
        m_compileWorkers->setText(tr("Compile workers on the NPU host: up to %1 (%2, one per candidate at most)")
                                      .arg(tuning::compileWorkerRule(version, cores, std::size_t(1) << 30))
                                      .arg(rule));
}

void LaunchEditor::setDevices(const npu::DeviceRegistry& devices)
{
    m_devices = &devices;
    const QString current = m_device->currentText();
    m_device->clear();
    for (const std::string& name : devices.socNames())
        m_device->addItem(QString::fromStdString(name));
    if (!current.isEmpty())
        m_device->setCurrentText(current);
    updateHostInfo();
}

void LaunchEditor::clear()
{
    m_filling = true;
    m_rows.clear();
    m_params->setRowCount(0);
    m_grid->clear();
    m_hints->setText(tr("Open a kernel or a workload."));
    m_problem->hide();
    m_filling = false;
    setEnabled(false);
}

void LaunchEditor::addRow(const kernel::Parameter& param, const kernel::ArgValue* value)
{
    const int r = m_params->rowCount();
    m_params->insertRow(r);
    Row row;
    row.name = param.name;
    row.isConstexpr = param.isConstexpr;

    auto* name = new QTableWidgetItem(QString::fromStdString(param.name));
    name->setFlags(Qt::ItemIsEnabled);
    if (param.isConstexpr)
        name->setToolTip(tr("tl.constexpr%1").arg(param.hasDefault() ? QStringLiteral(" = ") +
                                                                          QString::fromStdString(param.defaultText)
                                                                    : QString()));
    m_params->setItem(r, NameColumn, name);
    auto* role = new QTableWidgetItem;
    role->setFlags(Qt::ItemIsEnabled);
    m_params->setItem(r, RoleColumn, role);

    row.kind = new QComboBox(m_params);
    row.dtype = new QComboBox;
    for (const char* d : kDtypes)
        row.dtype->addItem(QString::fromLatin1(d));
    row.value = new QLineEdit(m_params);
    row.value->setFrame(false);

    Kind kind = NotPassed;
    if (param.isConstexpr) {
        row.kind->addItem(param.hasDefault() ? tr("default") : tr("tuned"), param.hasDefault() ? Default : Tuned);
        row.kind->addItem(tr("fixed"), Fixed);
        kind = value ? Fixed : (param.hasDefault() ? Default : Tuned);
        row.value->setText(!value ? QString::fromStdString(param.defaultText)
                           : value->kind == kernel::ArgValue::Kind::Str ? pythonStringText(value->text)
                                                                        : argText(*value));
    } else {
        row.kind->addItem(tr("not passed"), NotPassed);
        row.kind->addItem(tr("tensor"), Tensor);
        row.kind->addItem(tr("int"), Int);
        row.kind->addItem(tr("float"), Float);
        row.kind->addItem(tr("bool"), Bool);
        row.kind->addItem(tr("str"), Str);
        row.kind->addItem(QStringLiteral("None"), NoneValue);
        if (value) {
            kind = kindOf(*value);
            row.value->setText(argText(*value));
            if (kind == Tensor) {
                QString dtype = QString::fromStdString(value->dtype);
                if (dtype.startsWith(QLatin1String("torch.")))
                    dtype = dtype.mid(6);
                if (row.dtype->findText(dtype) < 0)
                    row.dtype->addItem(dtype);
                row.dtype->setCurrentText(dtype);
            }
        }
    }
    row.kind->setCurrentIndex(row.kind->findData(kind));
    m_params->setCellWidget(r, KindColumn, row.kind);
    // The dtype box lives in a holder so that it can hide on rows that are not tensors.
    auto* holder = new QWidget(m_params);
    auto* holderLayout = new QHBoxLayout(holder);
    holderLayout->setContentsMargins(0, 0, 0, 0);
    holderLayout->addWidget(row.dtype);
    m_params->setCellWidget(r, DtypeColumn, holder);
    m_params->setCellWidget(r, ValueColumn, row.value);

    connect(row.kind, &QComboBox::activated, this, [this, r] {
        updateRowEnabled(r);
        fitColumns(); // the columns follow the choices shown
        changed(false);
    });
    connect(row.dtype, &QComboBox::activated, this, [this] {
        fitColumns();
        changed(false);
    });
    connect(row.value, &QLineEdit::textEdited, this, [this] { changed(true); });
    m_rows.push_back(row);
    updateRowEnabled(r);
}

void LaunchEditor::updateRowEnabled(int r)
{
    const Row& row = m_rows[std::size_t(r)];
    const int kind = row.kind->currentData().toInt();
    row.dtype->setEnabled(kind == Tensor);
    row.dtype->setVisible(kind == Tensor);
    const bool hasValue = kind != NotPassed && kind != NoneValue && kind != Tuned && kind != Default;
    row.value->setEnabled(hasValue);
    row.value->setPlaceholderText(kind == Tensor ? tr("shape, e.g. 4096, 1024") : QString());
    if (kind == Default)
        row.value->setToolTip(tr("The default applies: the backend does not tune a constexpr with a default"));
    else if (kind == Tuned)
        row.value->setToolTip(tr("Left out at launch: the backend generates values for it"));
    else
        row.value->setToolTip(QString());
}

void LaunchEditor::setLaunch(const analysis::KernelAnalysis& a)
{
    m_filling = true;
    m_base = a.workload;
    m_rows.clear();
    m_params->setRowCount(0);
    if (a.kernel)
        for (const kernel::Parameter& p : a.kernel->params)
            addRow(p, a.workload.arg(p.name));

    const kernel::ArgValue* mb = a.workload.arg("multibuffer");
    m_multibuffer->setCurrentIndex(
        m_multibuffer->findData(mb && mb->kind == kernel::ArgValue::Kind::Bool ? (mb->boolValue ? 1 : 0) : -1));
    const kernel::ArgValue* warps = a.workload.arg("num_warps");
    m_numWarps->setValue(warps && warps->kind == kernel::ArgValue::Kind::Int ? int(warps->intValue) : 0);
    const kernel::ArgValue* simt = a.workload.arg("force_simt_only");
    m_simt->setChecked(simt && simt->kind == kernel::ArgValue::Kind::Bool && simt->boolValue);

    switch (a.workload.grid.kind) {
    case kernel::GridArg::Kind::None: m_grid->clear(); break;
    case kernel::GridArg::Kind::Expression:
        m_grid->setText(QString::fromStdString(a.workload.grid.expression));
        m_grid->setCursorPosition(0);
        break;
    case kernel::GridArg::Kind::Static: {
        QStringList dims;
        for (std::int64_t d : a.workload.grid.dims)
            dims << QString::number(d);
        m_grid->setText(dims.join(QStringLiteral(", ")));
        break;
    }
    }
    const QString device = QString::fromStdString(a.workload.device);
    if (m_device->findText(device) < 0)
        m_device->addItem(device);  // unknown: kept visible, the space says why it cannot build
    m_device->setCurrentText(device);
    m_backend->setCurrentIndex(m_backend->findData(int(a.workload.backend.index())));
    m_benchMethod->setCurrentIndex(m_benchMethod->findData(
        int(npu::parseBenchMethod(a.workload.benchMethod).value_or(npu::BenchMethod::Default))));
    m_seed->setValue(a.workload.seed ? int(*a.workload.seed % (1u << 30)) : 0);
    m_filling = false;
    setEnabled(true);
    showAnalysis(a);
    validate();
}

void LaunchEditor::fitColumns()
{
    // The name, kind, dtype and value columns get what their widest cell needs (a box what its
    // current choice needs: its list shows the longer ones); the role column takes the rest.
    // A cell's text margins (the style's, each side) and a pixel of rounding.
    constexpr int kCellPadding = 12;
    const QFontMetrics fm = m_params->fontMetrics();
    auto header = [&](int column) {
        return fm.horizontalAdvance(m_params->horizontalHeaderItem(column)->text()) + 24;
    };
    int name = header(NameColumn), kind = header(KindColumn), dtype = header(DtypeColumn), value = header(ValueColumn);
    int role = header(RoleColumn);
    m_roleLeast = role;
    for (int r = 0; r < m_params->rowCount(); ++r) {
        if (const QTableWidgetItem* item = m_params->item(r, NameColumn))
            name = std::max(name, fm.horizontalAdvance(item->text()) + kCellPadding);
        if (const QTableWidgetItem* item = m_params->item(r, RoleColumn)) {
            role = std::max(role, fm.horizontalAdvance(item->text()) + kCellPadding);
            for (const QString& word : item->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
                m_roleLeast = std::max(m_roleLeast, fm.horizontalAdvance(word) + kCellPadding);
        }
        if (r < int(m_rows.size())) {
            const Row& row = m_rows[std::size_t(r)];
            kind = std::max(kind, comboWidthFor(row.kind));
            if (!row.dtype->isHidden())
                dtype = std::max(dtype, comboWidthFor(row.dtype));
            value = std::max(value, fm.horizontalAdvance(row.value->text()) + kCellPadding);
        }
    }
    m_params->setColumnWidth(NameColumn, name);
    m_params->setColumnWidth(KindColumn, kind);
    m_params->setColumnWidth(DtypeColumn, dtype);
    m_params->setColumnWidth(ValueColumn, std::min(value, 220));
    fitRoleColumn();
    // The whole table unwrapped, with its frame and vertical scroll bar, inside this widget's
    // margins: what the dock asks for when the window has the room.
    const QMargins margins = layout() ? layout()->contentsMargins() : QMargins();
    m_preferredWidth = name + kind + dtype + std::min(value, 220) + role + 2 * m_params->frameWidth() +
                       m_params->verticalScrollBar()->sizeHint().width() + margins.left() + margins.right();
    Q_EMIT columnsFitted();
}

void LaunchEditor::fitRoleColumn()
{
    if (m_fittingRole)
        return;
    m_fittingRole = true; // the rows' new heights may bring a scroll bar, and a resize, with it
    int others = 0;
    for (int column : {NameColumn, KindColumn, DtypeColumn, ValueColumn})
        others += m_params->columnWidth(column);
    // On a narrow dock (a 1280-pixel screen) the roles wrap at their spaces rather than pushing
    // the table past the dock's edge; the stretched last section takes any room left over.
    m_params->setColumnWidth(RoleColumn, std::max(m_roleLeast, m_params->viewport()->width() - others));
    m_params->resizeRowsToContents();
    // Every row in sight, whole: the form scrolls, not the table inside it (a half row at the
    // table's edge was the parameter a warning was about). A kernel of dozens of parameters
    // scrolls its table past kMostRowsShown rows.
    constexpr int kMostRowsShown = 16;
    int height = m_params->horizontalHeader()->sizeHint().height() + 2 * m_params->frameWidth();
    for (int r = 0; r < std::min(m_params->rowCount(), kMostRowsShown); ++r)
        height += m_params->rowHeight(r);
    if (m_params->horizontalScrollBar()->isVisible())
        height += m_params->horizontalScrollBar()->height();
    m_params->setMinimumHeight(height);
    m_fittingRole = false;
}

bool LaunchEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_params->viewport() && event->type() == QEvent::Resize)
        fitRoleColumn();
    return QWidget::eventFilter(watched, event);
}

void LaunchEditor::showAnalysis(const analysis::KernelAnalysis& a)
{
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        QTableWidgetItem* role = m_params->item(int(r), RoleColumn);
        role->setText(QString());
        for (const analysis::ParamInfo& p : a.params) {
            if (p.name != m_rows[r].name)
                continue;
            // The axes the backend gives it, or else its role ("runtime", "tunable", ...): the
            // Kind column beside it already says how it is passed. The tooltip has both.
            QStringList axes;
            if (!p.splitAxis.empty())
                axes << tr("split %1").arg(QString::fromStdString(p.splitAxis));
            if (!p.tilingAxis.empty())
                axes << tr("tiling %1").arg(QString::fromStdString(p.tilingAxis));
            if (!p.keyAxis.empty())
                axes << tr("key %1").arg(QString::fromStdString(p.keyAxis));
            const QString full = axes.isEmpty() ? paramRoleLabel(p.role)
                                                : paramRoleLabel(p.role) + QStringLiteral(", ") + axes.join(QStringLiteral(", "));
            const QString text = axes.isEmpty() ? full : axes.join(QStringLiteral(" · "));
            role->setText(text);
            role->setToolTip(full);
        }
    }
    fitColumns();
    QStringList hints;
    if (a.kernel && a.kernel->autotune) {
        const kernel::AutotuneSpec& at = *a.kernel->autotune;
        if (at.decorator) {
            if (const kernel::DecoratorArgument* key = at.decorator->argument("key"))
                hints << QStringLiteral("key=") + QString::fromStdString(key->text);
            if (const kernel::DecoratorArgument* h = at.decorator->argument("hints"))
                hints << QStringLiteral("hints=") + QString::fromStdString(h->text);
            if (const kernel::DecoratorArgument* c = at.decorator->argument("configs"))
                hints << QStringLiteral("configs=") + QString::fromStdString(c->text);
        }
    }
    m_hints->setText(hints.isEmpty() ? tr("No @triton.autotune decorator.") : hints.join(QLatin1Char('\n')));
}

void LaunchEditor::changed(bool typing)
{
    if (m_filling)
        return;
    m_debounce->start(typing ? 300 : 0);
}

void LaunchEditor::flush()
{
    if (m_debounce->isActive()) {
        m_debounce->stop();
        validate();
        if (workload())
            Q_EMIT launchEdited();
    }
}

std::optional<kernel::ArgValue> LaunchEditor::rowValue(const Row& row, QString* error) const
{
    const int kind = row.kind->currentData().toInt();
    const QString text = row.value->text().trimmed();
    bool ok = true;
    switch (kind) {
    case NotPassed:
    case Tuned:
    case Default: return std::nullopt;
    case NoneValue: {
        kernel::ArgValue v;
        v.kind = kernel::ArgValue::Kind::None;
        return v;
    }
    case Tensor: {
        std::vector<std::int64_t> shape;
        const QStringList parts = QString(text).remove(QLatin1Char('[')).remove(QLatin1Char(']'))
                                      .split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString& p : parts) {
            const qlonglong d = p.trimmed().toLongLong(&ok);
            if (!ok || d < 0) {
                *error = tr("%1: the shape must be a list of sizes, e.g. 4096, 1024").arg(QString::fromStdString(row.name));
                return std::nullopt;
            }
            shape.push_back(d);
        }
        return kernel::ArgValue::tensor(row.dtype->currentText().toStdString(), std::move(shape));
    }
    case Int: {
        const qlonglong v = text.toLongLong(&ok);
        if (!ok) {
            *error = tr("%1: not an integer").arg(QString::fromStdString(row.name));
            return std::nullopt;
        }
        return kernel::ArgValue::integer(v);
    }
    case Float: {
        kernel::ArgValue v;
        v.kind = kernel::ArgValue::Kind::Float;
        v.floatValue = text.toDouble(&ok);
        if (!ok) {
            *error = tr("%1: not a number").arg(QString::fromStdString(row.name));
            return std::nullopt;
        }
        return v;
    }
    case Bool: {
        kernel::ArgValue v;
        v.kind = kernel::ArgValue::Kind::Bool;
        const QString t = text.toLower();
        if (t != QLatin1String("true") && t != QLatin1String("false") && t != QLatin1String("1") &&
            t != QLatin1String("0")) {
            *error = tr("%1: write True or False").arg(QString::fromStdString(row.name));
            return std::nullopt;
        }
        v.boolValue = t == QLatin1String("true") || t == QLatin1String("1");
        return v;
    }
    case Str: {
        kernel::ArgValue v;
        v.kind = kernel::ArgValue::Kind::Str;
        v.text = text.toStdString();
        return v;
    }
    case Fixed: {
        // A constexpr selects code as often by a string (ACTIVATION="leaky_relu") as by a number;
        // a bare word is taken as a string too.
        const QString trimmed = text.trimmed();
        if (std::optional<std::string> quoted = unquotedString(trimmed)) {
            kernel::ArgValue v;
            v.kind = kernel::ArgValue::Kind::Str;
            v.text = std::move(*quoted);
            return v;
        }
        std::string why;
        std::optional<kernel::ArgValue> v = kernel::parseArgValue(trimmed.toStdString(), &why);
        if (!v || trimmed.isEmpty() || v->kind == kernel::ArgValue::Kind::Tensor) {
            *error = tr("%1: a fixed constexpr needs a value (a number, True/False, None or a string)")
                         .arg(QString::fromStdString(row.name));
            return std::nullopt;
        }
        return v;
    }
    }
    return std::nullopt;
}

std::optional<kernel::Workload> LaunchEditor::workload() const
{
    kernel::Workload w = m_base;
    w.args.clear();
    QString error;
    for (const Row& row : m_rows) {
        std::optional<kernel::ArgValue> v = rowValue(row, &error);
        if (!error.isEmpty())
            return std::nullopt;
        if (v)
            w.args.emplace_back(row.name, std::move(*v));
    }
    // Launch options, then whatever else the workload carried (kept as given).
    if (const int mb = m_multibuffer->currentData().toInt(); mb >= 0) {
        kernel::ArgValue v;
        v.kind = kernel::ArgValue::Kind::Bool;
        v.boolValue = mb == 1;
        w.args.emplace_back("multibuffer", v);
    }
    if (m_numWarps->value() > 0)
        w.args.emplace_back("num_warps", kernel::ArgValue::integer(m_numWarps->value()));
    if (m_simt->isChecked()) {
        kernel::ArgValue v;
        v.kind = kernel::ArgValue::Kind::Bool;
        v.boolValue = true;
        w.args.emplace_back("force_simt_only", v);
    }
    for (const auto& [name, value] : m_base.args) {
        const bool known = name == "multibuffer" || name == "num_warps" || name == "force_simt_only" ||
                           std::any_of(m_rows.begin(), m_rows.end(), [&](const Row& r) { return r.name == name; });
        if (!known)
            w.args.emplace_back(name, value);
    }

    const QString grid = m_grid->text().trimmed();
    static const QRegularExpression kStatic(QStringLiteral("^[\\[(]?\\s*\\d+(\\s*,\\s*\\d+)*\\s*,?\\s*[\\])]?$"));
    if (grid.isEmpty()) {
        w.grid = {};
    } else if (kStatic.match(grid).hasMatch()) {
        w.grid.kind = kernel::GridArg::Kind::Static;
        w.grid.expression.clear();
        w.grid.dims.clear();
        static const QRegularExpression kNumber(QStringLiteral("\\d+"));
        for (auto it = kNumber.globalMatch(grid); it.hasNext();)
            w.grid.dims.push_back(it.next().captured().toLongLong());
    } else {
        w.grid.kind = kernel::GridArg::Kind::Expression;
        w.grid.expression = grid.toStdString();
        w.grid.dims.clear();
    }
    w.device = m_device->currentText().toStdString();
    w.backend = backend();
    w.benchMethod = std::string(npu::benchMethodName(npu::BenchMethod(m_benchMethod->currentData().toInt())));
    w.seed = std::uint64_t(m_seed->value());
    return w;
}

kernel::BackendVersion LaunchEditor::backend() const
{
    return kernel::BackendVersion::atIndex(std::size_t(m_backend->currentData().toInt()));
}

QString backendToolTip(kernel::BackendVersion version)
{
    const kernel::BackendVersionInfo& info = kernel::backendInfo(version);
    auto text = [](std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); };
    return LaunchEditor::tr("Triton-Ascend %1: %2 at commit %3 (%4). %5")
        .arg(text(info.name), text(info.repository), text(info.commit), text(info.date),
             coreText(text(info.summary)));
}

QString backendLabelText(kernel::BackendVersion version)
{
    return QString::fromStdString(kernel::backendLabel(version));
}

QString compileRuleText(const backends::CompileWorkerRule& rule)
{
    return rule.numerator == 1 ? LaunchEditor::tr("cores / %1").arg(rule.denominator)
                               : LaunchEditor::tr("cores × %1/%2").arg(rule.numerator).arg(rule.denominator);
}

tuning::TuningOptions LaunchEditor::tuningOptions() const
{
    tuning::TuningOptions options;
    options.method = npu::BenchMethod(m_benchMethod->currentData().toInt());
    options.parallelCompile = m_parallelCompile->isChecked();
    options.jobs = m_workers->value();
    options.hostPhysicalCores = m_hostCores->value();
    options.seed = std::uint64_t(m_seed->value());
    if (m_ubTuner->isChecked() && m_ubTuner->isEnabled())
        options.ubTuner = tuning::UbTunerMode::Compile;
    return options;
}

void LaunchEditor::setCacheStatus(const QString& text, bool stale)
{
    m_cache->setText(text);
    m_cache->setStyleSheet(stale ? QStringLiteral("background: rgba(251, 140, 0, 50); border-radius: 4px; padding: 3px;")
                                 : QStringLiteral("background: rgba(67, 160, 71, 45); border-radius: 4px; padding: 3px;"));
    m_cache->setVisible(!text.isEmpty());
}

QString LaunchEditor::problem() const
{
    QString error;
    for (const Row& row : m_rows) {
        rowValue(row, &error);
        if (!error.isEmpty())
            return error;
    }
    return {};
}

void LaunchEditor::validate()
{
    const QString error = problem();
    m_problem->setText(error);
    m_problem->setVisible(!error.isEmpty());
    for (const Row& row : m_rows) {
        QString rowError;
        rowValue(row, &rowError);
        row.value->setStyleSheet(rowError.isEmpty() ? QString() : QStringLiteral("background: rgba(229, 57, 53, 60);"));
    }
}

} // namespace ts::gui
