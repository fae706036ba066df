#include "widgets/sweep_dialog.h"
#include "widgets/core_text.h"

#include "core/pipeline/workflow.h"
#include "widgets/background_job.h"
#include "widgets/chart_export.h"
#include "widgets/export_dialog.h"
#include "widgets/pipeline_job.h"
#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/run_panel.h"
#include "widgets/status_colors.h"
#include "widgets/sweep_table_model.h"
#include "widgets/time_axis_ticker.h"
#include "widgets/wrapping_delegate.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace ts::gui {
namespace {

QString rangeText(const QString& name, qint64 from, qint64 to, SweepDialog::Step step, qint64 by)
{
    return QStringLiteral("%1=%2..%3:%4%5")
        .arg(name)
        .arg(from)
        .arg(to)
        .arg(step == SweepDialog::Step::Times ? QLatin1Char('x') : QLatin1Char('+'))
        .arg(by);
}

} // namespace

SweepDialog::SweepDialog(QWidget* parent) : RunDialog(parent)
{
    setObjectName(QStringLiteral("sweepDialog"));
    setWindowTitle(tr("Shape sweep"));
    setWindowFlag(Qt::WindowMaximizeButtonHint, true);
    m_coverJob = new BackgroundJob(this);

    m_launchLabel = new QLabel(this);
    m_launchLabel->setWordWrap(true);

    // Ranges: one row per swept argument; several rows sweep their product.
    m_ranges = new QTableWidget(0, 6, this);
    m_ranges->setObjectName(QStringLiteral("sweepRanges"));
    m_ranges->setHorizontalHeaderLabels({tr("Argument"), tr("From"), tr("To"), tr("Step"), tr("By"), tr("Count", "how many values a range sweeps")});
    m_ranges->verticalHeader()->hide();
    m_ranges->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_ranges->horizontalHeader()->setStretchLastSection(true);
    m_ranges->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_ranges->setMaximumHeight(110);
    auto* addButton = new QPushButton(tr("Add range"), this);
    auto* removeButton = new QPushButton(tr("Remove"), this);
    auto* rangeButtons = new QVBoxLayout;
    rangeButtons->addWidget(addButton);
    rangeButtons->addWidget(removeButton);
    rangeButtons->addStretch(1);
    auto* rangeRow = new QHBoxLayout;
    rangeRow->addWidget(m_ranges, 1);
    rangeRow->addLayout(rangeButtons);

    m_tolerance = createToleranceBox(QStringLiteral("sweepTolerance"),
                                     tr("A config serves a shape when it is at most this much slower than the shape's "
                                        "own best"));
    m_useCache = new QCheckBox(tr("Reuse and store tunings in the config cache"), this);
    m_useCache->setObjectName(QStringLiteral("sweepUseCache"));
    createRunPanel(tr("&Run sweep"), QStringLiteral("sweepRun"));
    m_panel->stopButton()->setToolTip(tr("Stop after the running candidate; the shapes already tuned are kept"));
    m_panel->messageLabel()->setObjectName(QStringLiteral("sweepMessage"));
    m_shapeCount = new QLabel(this);
    m_panel->addToRow(new QLabel(tr("Tolerance:"), this));
    m_panel->addToRow(m_tolerance);
    m_panel->addToRow(m_useCache);
    m_panel->addToRow(m_shapeCount);

    m_model = new SweepTableModel(this);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(SweepTableModel::SortRole);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_table->setModel(proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    // The two configs share what the figures leave and wrap at their commas: an elided config
    // hid the one value that told two shapes' picks apart.
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int c : {SweepTableModel::BestConfig, SweepTableModel::ChosenConfig})
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(SweepTableModel::Source, QHeaderView::Interactive);
    connect(m_model, &QAbstractItemModel::modelReset, this, &SweepDialog::fitSourceColumn);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("sweepPlot"));
    m_plot->setMinimumSize(320, 200);
    m_bestGraph = m_plot->addGraph();
    m_coverGraph = m_plot->addGraph();
    m_bestGraph->setName(tr("best config of each shape"));
    m_coverGraph->setName(tr("covering set"));
    m_plot->yAxis->setLabel(tr("p50 (µs)"));
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setTicker(QSharedPointer<TimeAxisTicker>::create());
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    installExportMenu(m_plot, QStringLiteral("shape-sweep"));
    m_emptyText = new QCPItemText(m_plot);
    m_emptyText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyText->position->setCoords(0.5, 0.5);
    m_emptyText->setPositionAlignment(Qt::AlignCenter);

    m_cover = new QTreeWidget(this);
    m_cover->setObjectName(QStringLiteral("sweepCover"));
    m_cover->setHeaderLabels({tr("Config"), tr("Serves"), tr("Worst loss (%)")});
    m_cover->setRootIsDecorated(false);
    m_cover->setWordWrap(true);
    m_cover->setUniformRowHeights(false);
    m_cover->setItemDelegate(new WrappingDelegate(m_cover, 0));
    connect(m_cover->header(), &QHeaderView::sectionResized, m_cover, [this] { m_cover->doItemsLayout(); });
    m_coverSummary = new QLabel(this);
    m_coverSummary->setWordWrap(true);
    m_export = new QPushButton(tr("&Export the set…"), this);
    m_export->setObjectName(QStringLiteral("sweepExport"));
    m_export->setToolTip(tr("Write the covering set as the kernel's @triton.autotune config list"));
    m_export->setEnabled(false);
    auto* coverBox = new QWidget(this);
    auto* coverLayout = new QVBoxLayout(coverBox);
    coverLayout->setContentsMargins(0, 0, 0, 0);
    coverLayout->addWidget(new QLabel(tr("<b>Covering set</b>"), this));
    coverLayout->addWidget(m_coverSummary);
    coverLayout->addWidget(m_cover, 1);
    coverLayout->addWidget(m_export, 0, Qt::AlignRight);

    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_plot);
    bottom->addWidget(coverBox);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    bottom->setSizes({680, 460});
    auto* results = new QSplitter(Qt::Vertical, this);
    results->setObjectName(QStringLiteral("sweepSplitter"));
    results->addWidget(m_table);
    results->addWidget(bottom);
    results->setStretchFactor(0, 1);
    results->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_launchLabel);
    layout->addLayout(rangeRow);
    layout->addWidget(m_panel);
    layout->addWidget(results, 1);

    connect(addButton, &QPushButton::clicked, this, &SweepDialog::addRangeRow);
    connect(removeButton, &QPushButton::clicked, this, [this] {
        const int row = m_ranges->currentRow();
        if (row >= 0)
            m_ranges->removeRow(row);
        updateRangeCounts();
    });
    connect(m_ranges, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() != CountColumn)
            updateRangeCounts();
    });
    connect(m_panel, &RunPanel::runRequested, this, &SweepDialog::run);
    connect(m_panel, &RunPanel::stopRequested, this, &SweepDialog::stop);
    connect(m_export, &QPushButton::clicked, this, [this] { openExportDialog(); });
    connect(m_tolerance, &QDoubleSpinBox::valueChanged, this, [this] {
        if (m_result && !isRunning())
            recover();
    });
    connect(m_job, &BackgroundJob::failed, this, [this] { setRunning(false); });

    setDark(isDarkPalette(QApplication::palette()));
    updateChart();
    resize(1200, 820);
}

SweepDialog::~SweepDialog()
{
    if (m_stopSource)
        m_stopSource->request_stop();
}

QStringList SweepDialog::integerArguments() const
{
    QStringList names;
    if (!m_analysis)
        return names;
    for (const auto& [name, value] : m_analysis->workload.args)
        if (value.kind == kernel::ArgValue::Kind::Int)
            names << QString::fromStdString(name);
    return names;
}

void SweepDialog::setLaunch(std::shared_ptr<const analysis::KernelAnalysis> analysis, const npu::DeviceProfile* device,
                            const tuning::TuningOptions& options)
{
    // The same launch again keeps the ranges being edited.
    const bool same = analysis && analysis == m_analysis && m_ranges->rowCount() > 0;
    m_analysis = std::move(analysis);
    m_device = device ? std::optional<npu::DeviceProfile>(*device) : std::nullopt;
    m_options = options;
    if (!same)
        clearRanges();
    if (!m_analysis || !m_analysis->kernel) {
        m_launchLabel->setText(tr("Open a kernel with a launch first."));
        m_panel->setReady(false);
        return;
    }
    m_launchLabel->setText(
        tr("<b>%1</b> on %2, method %3: each shape is the launch with the swept arguments "
           "(and the tensor dimensions equal to them) replaced.")
            .arg(QString::fromStdString(m_analysis->kernel->name).toHtmlEscaped(),
                 QString::fromStdString(m_device ? m_device->soc : m_analysis->workload.device),
                 benchMethodText(options.method)));
    // Start from the first key argument: a quarter to four times its value, doubling.
    const QStringList ints = integerArguments();
    QString first;
    if (m_analysis->kernel->autotune) {
        const auto& spec = *m_analysis->kernel->autotune;
        std::vector<std::string> keys = spec.keyList;
        if (spec.keyDict)
            for (const auto& [axis, arg] : *spec.keyDict)
                keys.push_back(arg);
        for (const std::string& k : keys)
            if (ints.contains(QString::fromStdString(k))) {
                first = QString::fromStdString(k);
                break;
            }
    }
    if (first.isEmpty() && !ints.isEmpty())
        first = ints.front();
    if (!first.isEmpty() && !same) {
        const kernel::ArgValue* v = m_analysis->workload.arg(first.toStdString());
        const qint64 value = v ? std::max<qint64>(v->intValue, 1) : 1024;
        addRange(first, std::max<qint64>(value / 4, 1), value * 4, Step::Times, 2);
    }
    m_panel->setReady(m_device.has_value() && !ints.isEmpty());
    if (!m_device)
        m_panel->showMessage(tr("The device %1 is not known: no sweep.").arg(QString::fromStdString(m_analysis->workload.device)));
    else if (ints.isEmpty())
        m_panel->showMessage(tr("The launch has no integer argument to sweep."));
}

void SweepDialog::setCachePath(const QString& path)
{
    m_cachePath = path;
    m_useCache->setEnabled(!path.isEmpty());
    m_useCache->setChecked(!path.isEmpty());
    m_useCache->setToolTip(path.isEmpty() ? QString() : QDir::toNativeSeparators(path));
}

void SweepDialog::clearRanges()
{
    m_ranges->setRowCount(0);
}

void SweepDialog::addRangeRow()
{
    const QStringList ints = integerArguments();
    QString name;
    for (const QString& n : ints) {
        bool used = false;
        for (int r = 0; r < m_ranges->rowCount(); ++r)
            used |= static_cast<QComboBox*>(m_ranges->cellWidget(r, ArgColumn))->currentText() == n;
        if (!used) {
            name = n;
            break;
        }
    }
    if (name.isEmpty())
        return;
    const kernel::ArgValue* v = m_analysis->workload.arg(name.toStdString());
    const qint64 value = v ? std::max<qint64>(v->intValue, 1) : 1024;
    addRange(name, std::max<qint64>(value / 4, 1), value * 4, Step::Times, 2);
}

void SweepDialog::addRange(const QString& argument, qint64 from, qint64 to, Step step, qint64 by)
{
    const QSignalBlocker block(m_ranges);
    const int row = m_ranges->rowCount();
    m_ranges->insertRow(row);
    auto* arg = new QComboBox(m_ranges);
    arg->addItems(integerArguments());
    if (arg->findText(argument) < 0)
        arg->addItem(argument);
    arg->setCurrentText(argument);
    m_ranges->setCellWidget(row, ArgColumn, arg);
    m_ranges->setItem(row, FromColumn, new QTableWidgetItem(QString::number(from)));
    m_ranges->setItem(row, ToColumn, new QTableWidgetItem(QString::number(to)));
    auto* kind = new QComboBox(m_ranges);
    kind->addItem(tr("× (times)"), int(Step::Times));
    kind->addItem(tr("+ (plus)"), int(Step::Plus));
    kind->setCurrentIndex(step == Step::Times ? 0 : 1);
    m_ranges->setCellWidget(row, StepKindColumn, kind);
    m_ranges->setItem(row, StepColumn, new QTableWidgetItem(QString::number(by)));
    auto* count = new QTableWidgetItem;
    count->setFlags(Qt::ItemIsEnabled);
    m_ranges->setItem(row, CountColumn, count);
    connect(arg, &QComboBox::currentTextChanged, this, &SweepDialog::updateRangeCounts);
    connect(kind, &QComboBox::currentIndexChanged, this, &SweepDialog::updateRangeCounts);
    updateRangeCounts();
}

std::optional<std::vector<sweep::SweepRange>> SweepDialog::ranges(QString* error) const
{
    std::vector<sweep::SweepRange> out;
    for (int row = 0; row < m_ranges->rowCount(); ++row) {
        auto number = [&](int column, qint64* value) {
            bool ok = false;
            const QTableWidgetItem* item = m_ranges->item(row, column);
            *value = item ? item->text().trimmed().toLongLong(&ok) : 0;
            return ok;
        };
        qint64 from = 0, to = 0, by = 0;
        if (!number(FromColumn, &from) || !number(ToColumn, &to) || !number(StepColumn, &by)) {
            *error = tr("Row %1: From, To and By must be whole numbers.").arg(row + 1);
            return std::nullopt;
        }
        const QString name = static_cast<QComboBox*>(m_ranges->cellWidget(row, ArgColumn))->currentText();
        const Step step = Step(static_cast<QComboBox*>(m_ranges->cellWidget(row, StepKindColumn))->currentData().toInt());
        msg::Message message;
        auto range = sweep::parseRange(rangeText(name, from, to, step, by).toStdString(), &message);
        if (!range) {
            *error = tr("Row %1: %2").arg(row + 1).arg(coreText(message));
            return std::nullopt;
        }
        out.push_back(std::move(*range));
    }
    if (out.empty()) {
        *error = tr("Add a range to sweep.");
        return std::nullopt;
    }
    msg::Message message;
    if (sweep::shapeGrid(out, &message).empty() && !message.empty()) {
        *error = coreText(message);
        return std::nullopt;
    }
    return out;
}

void SweepDialog::updateRangeCounts()
{
    const QSignalBlocker block(m_ranges);
    std::size_t shapes = 1;
    bool valid = m_ranges->rowCount() > 0;
    for (int row = 0; row < m_ranges->rowCount(); ++row) {
        const QString name = static_cast<QComboBox*>(m_ranges->cellWidget(row, ArgColumn))->currentText();
        const Step step = Step(static_cast<QComboBox*>(m_ranges->cellWidget(row, StepKindColumn))->currentData().toInt());
        auto text = [&](int column) { return m_ranges->item(row, column) ? m_ranges->item(row, column)->text() : QString(); };
        msg::Message message;
        bool ok1 = false, ok2 = false, ok3 = false;
        const auto range = sweep::parseRange(rangeText(name, text(FromColumn).toLongLong(&ok1), text(ToColumn).toLongLong(&ok2),
                                                       step, text(StepColumn).toLongLong(&ok3))
                                                 .toStdString(),
                                             &message);
        QTableWidgetItem* count = m_ranges->item(row, CountColumn);
        if (range && ok1 && ok2 && ok3) {
            count->setText(countText(range->values.size()));
            count->setToolTip(QString());
            shapes *= range->values.size();
        } else {
            count->setText(tr("invalid"));
            count->setToolTip(coreText(message));
            valid = false;
        }
    }
    if (!isRunning())
        m_shapeCount->setText(
            valid ? tr("%Ln shape(s)", nullptr, int(std::min<std::size_t>(shapes, 1'000'000))) : QString());
}

void SweepDialog::setTolerancePercent(double percent)
{
    m_tolerance->setValue(percent);
}

void SweepDialog::setRunning(bool running)
{
    // Run, Stop and the progress follow the job (RunPanel); the inputs wait for it.
    m_ranges->setEnabled(!running);
    m_useCache->setEnabled(!running && !m_cachePath.isEmpty());
    m_shapeCount->setVisible(!running);
}

void SweepDialog::run()
{
    if (isRunning() || !m_analysis || !m_device)
        return;
    QString error;
    auto parsed = ranges(&error);
    if (!parsed) {
        m_panel->showMessage(error);
        return;
    }
    m_panel->clearMessage();
    pipeline::SweepRequest request;
    request.base = m_analysis->workload;
    request.device = *m_device;
    request.ranges = std::move(*parsed);
    request.cover.tolerance = m_tolerance->value() / 100.0;
    request.tuning = m_options;
    if (m_useCache->isChecked() && !m_cachePath.isEmpty())
        request.cache.path = std::filesystem::path(m_cachePath.toStdU16String());
    m_stopSource = std::make_shared<std::stop_source>();
    auto stopSource = m_stopSource;
    setRunning(true);
    m_job->start<std::shared_ptr<const sweep::SweepResult>>(
        tr("Shape sweep"),
        keepingRun(std::move(request), &pipeline::sweep, stopSource,
                   QCoreApplication::translate("ts::gui::SweepProgress", "Shape %1 of %2: %3")),
        [this](std::shared_ptr<const sweep::SweepResult>&& result) {
            setRunning(false);
            showResult(std::move(result));
        });
}

void SweepDialog::stop()
{
    if (!isRunning() || !m_stopSource)
        return;
    m_stopSource->request_stop();
    m_panel->showStopping(tr("Stopping after the running candidate…"));
}

void SweepDialog::showResult(std::shared_ptr<const sweep::SweepResult> result)
{
    m_result = std::move(result);
    m_model->setResult(m_result);
    QStringList lines;
    if (!m_result->ok())
        lines << coreText(*m_result->error);
    if (m_result->stopped)
        lines << tr("Stopped: %Ln shape(s) tuned before the stop {is|are} shown.", nullptr,
                    int(m_result->shapes.size()));
    for (const msg::Message& note : m_result->notes)
        lines << coreText(note);
    if (m_result->crossMeasurements > 0)
        lines << tr("%Ln extra measurement(s): configs benchmarked at shapes where the backend did not "
                    "generate them, "
                    "as Triton benchmarks a handwritten list at every shape.",
                    nullptr, int(m_result->crossMeasurements));
    m_panel->showMessage(lines.join(QLatin1Char('\n')));
    showCover();
    Q_EMIT finished();
}

void SweepDialog::recover()
{
    if (!m_result)
        return;
    auto base = m_result;
    pipeline::RecoverRequest request{base, {}};
    request.cover.tolerance = m_tolerance->value() / 100.0;
    m_coverJob->start<std::shared_ptr<const sweep::SweepResult>>(
        tr("Covering set"),
        [request = std::move(request)](JobContext&) {
            return std::make_shared<const sweep::SweepResult>(pipeline::recover(request));
        },
        [this](std::shared_ptr<const sweep::SweepResult>&& result) {
            m_result = std::move(result);
            m_model->setResult(m_result);
            showCover();
            Q_EMIT finished();
        });
}

void SweepDialog::fitSourceColumn()
{
    // A failed shape's message wraps inside the table (the row grows) instead of widening the
    // column past its edge: the column is as wide as its longest line, at most a quarter of
    // the table.
    const int column = SweepTableModel::Source;
    const QAbstractItemModel* model = m_table->model();
    const int margin =
        2 * (m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 1) + 2;
    int widest = 0;
    for (int row = 0; row < model->rowCount(); ++row)
        widest = std::max(
            widest,
            m_table->fontMetrics().horizontalAdvance(model->index(row, column).data().toString()) + margin);
    const int header = m_table->horizontalHeader()->sectionSizeHint(column);
    m_table->setColumnWidth(column, std::max(header, std::min(widest, m_table->viewport()->width() / 4)));
    m_table->resizeRowsToContents();
}

void SweepDialog::showCover()
{
    m_cover->clear();
    const sweep::CoverResult& cover = m_result->cover;
    std::size_t measured = 0;
    for (const auto& s : cover.shapes)
        measured += s.measured;
    for (std::size_t config : cover.chosen) {
        std::size_t serves = 0;
        double worst = 0;
        for (const auto& s : cover.shapes)
            if (s.measured && s.chosen && *s.chosen == config) {
                ++serves;
                worst = std::max(worst, s.lossPercent);
            }
        auto* item = new QTreeWidgetItem(m_cover);
        item->setText(0, SweepTableModel::configText(cover.configs[config], m_model->differing()));
        item->setToolTip(0, item->text(0));
        item->setText(1, tr("%Ln shape(s)", nullptr, int(serves)));
        item->setText(2, QLocale().toString(worst, 'f', 1));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
    }
    m_cover->resizeColumnToContents(1);
    m_cover->resizeColumnToContents(2);
    m_cover->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_cover->header()->setStretchLastSection(false);
    if (cover.chosen.empty()) {
        m_coverSummary->setText(measured ? QString() : tr("No shape was measured: there is nothing to cover."));
    } else {
        QString text = tr("%Ln config(s) {serves|serve} %1 within %2 of each shape's best (worst loss %3, %4 search).",
                          nullptr, int(cover.chosen.size()))
                           .arg(tr("%Ln shape(s)", nullptr, int(measured)))
                           .arg(percentText(cover.tolerance))
                           .arg(percentText(cover.maxLossPercent / 100.0))
                           .arg(cover.exact ? tr("exact") : tr("greedy"));
        // A shape whose tuning failed has no best to serve: said here, not only in its row.
        if (const std::size_t failed = cover.shapes.size() - measured; failed > 0)
            text += tr(" %Ln shape(s) failed to tune and {is|are} not covered.", nullptr, int(failed));
        m_coverSummary->setText(text);
    }
    m_export->setEnabled(!cover.chosen.empty());
    updateChart();
}

void SweepDialog::updateChart()
{
    m_chartX.clear();
    QVector<double> x, best, covering, xc;
    const bool oneArgument = m_result && !m_result->shapes.empty() && m_result->shapes.front().shape.values.size() == 1;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    if (m_result) {
        const auto& shapes = m_result->shapes;
        for (std::size_t i = 0; i < shapes.size(); ++i) {
            const double xi = oneArgument ? double(shapes[i].shape.values.front().second) : double(i + 1);
            m_chartX.push_back(xi);
            if (!oneArgument)
                ticker->addTick(xi, QString::fromStdString(shapes[i].shape.describe()).replace(QStringLiteral(", "), QStringLiteral("\n")));
            if (i >= m_result->cover.shapes.size() || !m_result->cover.shapes[i].measured)
                continue;
            const sweep::ShapeCover& c = m_result->cover.shapes[i];
            x << xi;
            best << c.bestMs * 1000.0;
            if (c.chosen) {
                xc << xi;
                covering << c.chosenMs * 1000.0;
            }
        }
    }
    m_bestGraph->setData(x, best, true);
    m_coverGraph->setData(xc, covering, true);
    m_emptyText->setVisible(x.isEmpty());
    m_plot->legend->setVisible(!x.isEmpty());
    if (x.isEmpty()) {
        // No axes made up from nothing: a plain frame that says why it is empty.
        m_emptyText->setText(m_result ? tr("No shape was measured.") : tr("Run a sweep to chart it."));
        m_plot->xAxis->setScaleType(QCPAxis::stLinear);
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        m_plot->xAxis->setLabel(QString());
        m_plot->xAxis->setTicks(false);
        m_plot->yAxis->setTicks(false);
        m_plot->xAxis->setRange(0, 1);
        m_plot->yAxis->setRange(1, 10);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    m_plot->xAxis->setTicks(true);
    m_plot->yAxis->setTicks(true);
    if (oneArgument) {
        m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
        auto log = QSharedPointer<QCPAxisTickerLog>::create();
        log->setLogBase(2);
        m_plot->xAxis->setTicker(log);
        m_plot->xAxis->setNumberFormat(QStringLiteral("gb"));
        m_plot->xAxis->setLabel(QString::fromStdString(m_result->shapes.front().shape.values.front().first));
    } else {
        m_plot->xAxis->setScaleType(QCPAxis::stLinear);
        m_plot->xAxis->setTicker(ticker);
        m_plot->xAxis->setLabel(m_result ? tr("shape") : QString());
    }
    m_plot->rescaleAxes();
    // Some room around the points (multiplicative on log axes).
    const QCPRange xr = m_plot->xAxis->range();
    if (oneArgument)
        m_plot->xAxis->setRange(xr.lower / 1.3, xr.upper * 1.3);
    else
        m_plot->xAxis->setRange(xr.lower - 0.5, xr.upper + 0.5);
    const QCPRange yr = m_plot->yAxis->range();
    if (yr.lower > 0)
        m_plot->yAxis->setRange(yr.lower / 1.5, yr.upper * 1.5);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void SweepDialog::setDark(bool dark)
{
    m_model->setDarkPalette(dark);
    const QPalette pal = QApplication::palette();
    stylePlot(m_plot);
    const QColor bestColor = statusColor(space::CandidateStatus::Generated, dark);
    const QColor coverColor = statusColor(space::CandidateStatus::User, dark);
    // The best wide underneath, the covering set thin on top: where the two are the same config
    // (most shapes) both lines show, the covering set's inside the best's.
    m_bestGraph->setPen(QPen(bestColor, 5));
    m_bestGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(bestColor, 2), pal.color(QPalette::Base), 11));
    m_coverGraph->setPen(QPen(coverColor, 1.5, Qt::DashLine));
    m_coverGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(coverColor, 2), Qt::NoBrush, 7));
    m_emptyText->setColor(pal.color(QPalette::PlaceholderText));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

ExportDialog* SweepDialog::openExportDialog()
{
    if (!m_result || m_result->cover.chosen.empty())
        return nullptr;
    if (!m_exportDialog)
        m_exportDialog = new ExportDialog(this);
    cache::TuningRecord named;  // only the kernel's name: decoratorContextFor reads the kernel
    named.key.kernelName = m_result->kernelName;
    DecoratorContext context = decoratorContextFor(named, m_analysis.get());
    if (!m_result->key.names.empty() || !m_result->key.axes.empty())
        context.key = m_result->key;
    if (auto backend = kernel::parseBackendVersion(m_result->backend))
        context.backend = *backend;
    const sweep::CoverResult& cover = m_result->cover;
    m_exportDialog->setConfigList(
        sweep::handwrittenConfigs(cover), std::move(context), QString::fromStdString(m_result->kernelName),
        tr("<b>Covering set of %1</b><br>%Ln config(s) serving the swept shapes within %2 of their best.",
           nullptr, int(cover.chosen.size()))
            .arg(QString::fromStdString(m_result->kernelName).toHtmlEscaped(), percentText(cover.tolerance)));
    m_exportDialog->show();
    m_exportDialog->raise();
    return m_exportDialog;
}

void SweepDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        setDark(isDarkPalette(palette()));
}

} // namespace ts::gui
