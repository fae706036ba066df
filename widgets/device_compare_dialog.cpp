#include "widgets/device_compare_dialog.h"

#include "widgets/background_job.h"
#include "widgets/chart_export.h"
#include "widgets/core_text.h"
#include "widgets/pipeline_job.h"
#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/run_panel.h"
#include "widgets/status_colors.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// A p50 of the comparison (milliseconds) as every kernel time of the explorer: in µs.
QString p50Text(double ms)
{
    return timeUsText(ms * 1000.0);
}

QString unsupportedText()
{
    return DeviceCompareDialog::tr("Triton-Ascend does not support this device (see tilescope devices): its figures "
                                   "are the simulator's alone, no backend would run the kernel there.");
}

// Why a regret can be below 1.
QString belowOneText(const QString& from, const QString& on)
{
    return DeviceCompareDialog::tr("Below 1×: the best of %1 runs faster on %2 than %2's own pick; %2's backend does "
                                   "not generate that config (written by hand it would win there).")
        .arg(from, on);
}

// The bar colours of the regret chart, one per device whose best is run.
QColor barColor(std::size_t i)
{
    static const QColor colors[] = {QColor(0x2f, 0x7e, 0xd8), QColor(0xd8, 0x6b, 0x2f),
                                    QColor(0x2c, 0xa0, 0x4a), QColor(0x9b, 0x59, 0xb6),
                                    QColor(0xc0, 0x39, 0x2b), QColor(0x16, 0xa0, 0x85),
                                    QColor(0x7f, 0x8c, 0x8d), QColor(0xf3, 0x9c, 0x12)};
    return colors[i % (sizeof colors / sizeof colors[0])];
}

} // namespace

DeviceCompareDialog::DeviceCompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis,
                                         const npu::DeviceRegistry* devices, tuning::TuningOptions options,
                                         std::filesystem::path cachePath, QWidget* parent)
    : RunDialog(parent), m_analysis(std::move(analysis)), m_registry(devices), m_options(options),
      m_cachePath(std::move(cachePath))
{
    setWindowTitle(tr("Compare devices: regret and one config list"));

    m_devices = new QListWidget(this);
    m_devices->setObjectName(QStringLiteral("deviceCompareDevices"));
    const std::string current = m_analysis ? m_analysis->workload.device : std::string();
    if (m_registry)
        for (const std::string& soc : m_registry->socNames()) {
            auto* item = new QListWidgetItem(QString::fromStdString(soc), m_devices);
            item->setData(Qt::UserRole, QString::fromStdString(soc));
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            if (const npu::DeviceProfile* profile = m_registry->find(soc); profile && !profile->tritonAscendSupported) {
                item->setText(QString::fromStdString(soc) + QStringLiteral(" *"));  // as in the best table
                item->setToolTip(unsupportedText());
            }
            item->setCheckState(soc == current ? Qt::Checked : Qt::Unchecked);
        }
    m_devices->setMaximumWidth(200);
    connect(m_devices, &QListWidget::itemChanged, this, &DeviceCompareDialog::updateRunButton);

    m_tolerance = createToleranceBox(QStringLiteral("deviceCompareTolerance"),
                                     tr("How far from each device's fastest config the shared list may be"));
    connect(m_tolerance, &QDoubleSpinBox::valueChanged, this, [this] {
        if (m_result && m_result->ok() && !isRunning()) {
            sweep::CoverOptions cover;
            cover.tolerance = m_tolerance->value() / 100.0;
            m_result = std::make_shared<const pipeline::CompareDevicesResult>(
                pipeline::recoverDevices(*m_result, cover));
            showList();
        }
    });

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("deviceCompareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_best = new QTableWidget(0, 5, this);
    m_best->setObjectName(QStringLiteral("deviceCompareBest"));
    m_best->setHorizontalHeaderLabels({tr("Device"), tr("Best p50"), tr("Best config"),
                                       tr("List's pick (vs its fastest)"), tr("Note")});
    m_best->verticalHeader()->hide();
    m_best->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The config and the note share what the other columns leave, wrapping at spaces; rows grow
    // to fit them (a note sized to its content pushed the columns after the config off the table).
    m_best->setWordWrap(true);
    m_best->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int column : {2, 4})
        m_best->horizontalHeader()->setSectionResizeMode(column, QHeaderView::Stretch);
    m_best->horizontalHeader()->setStretchLastSection(false);
    connect(m_best->horizontalHeader(), &QHeaderView::sectionResized, m_best, &QTableView::resizeRowsToContents);

    m_regret = new QTableWidget(0, 0, this);
    m_regret->setObjectName(QStringLiteral("deviceCompareRegret"));
    m_regret->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Whose best a row is: a column of its own, drawn like every other table's cells (a row
    // header read light grey on the dark palette).
    m_regret->verticalHeader()->hide();
    m_regret->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // As tall as its rows, no taller: the room it would leave empty goes to the bests' table,
    // whose configs take three lines a row (its last row was cut behind a scroll bar).
    m_regret->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_regret->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("deviceCompareRegretPlot"));
    m_plot->setMinimumHeight(220);
    stylePlot(m_plot);
    m_plot->xAxis->setLabel(tr("run on"));
    m_plot->yAxis->setLabel(tr("regret (× its own best)"));
    m_plot->xAxis->grid()->setVisible(false);
    placeLegendAbove(m_plot, 3);
    installExportMenu(m_plot, QStringLiteral("device-regret"));

    createRunPanel(tr("Compare"), QStringLiteral("deviceCompareRun"));
    m_panel->stopButton()->setToolTip(tr("Stop after the running candidate; what finished is shown"));
    m_panel->addToRow(new QLabel(tr("Tolerance:"), this));
    m_panel->addToRow(m_tolerance);
    m_panel->showMessage(tr("Tick two or more devices and press Compare."));
    connect(m_panel, &RunPanel::runRequested, this, [this] { run(); });
    connect(m_panel, &RunPanel::stopRequested, this, &DeviceCompareDialog::stop);
    connect(m_job, &BackgroundJob::failed, this, [this] { updateRunButton(); });

    m_export = new QPushButton(tr("Export list…"), this);
    m_export->setObjectName(QStringLiteral("deviceCompareExport"));
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &DeviceCompareDialog::exportInteractively);
    QHBoxLayout* buttons = bottomRow({m_export});

    auto* tables = new QWidget(this);
    auto* tablesLayout = new QVBoxLayout(tables);
    tablesLayout->setContentsMargins(0, 0, 0, 0);
    tablesLayout->addWidget(new QLabel(tr("Each device's best (its own tuning's pick)"), tables));
    tablesLayout->addWidget(m_best, 3);
    tablesLayout->addWidget(new QLabel(tr("Regret: the row device's best run on the column device, over that "
                                          "device's own best"),
                                       tables));
    tablesLayout->addWidget(m_regret, 2);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(tables);
    right->addWidget(m_plot);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    auto* body = new QHBoxLayout;
    body->addWidget(m_devices);
    body->addWidget(right, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(
        new QLabel(tr("The launch tuned on each ticked device, then every device's configs simulated "
                      "on the others as handwritten configs (%1 method).")
                       .arg(benchMethodText(m_options.method)),
                   this));
    layout->addLayout(body, 1);
    // A long list scrolls in its own area rather than squeezing the tables and the chart.
    auto* summaryArea = new QScrollArea(this);
    summaryArea->setWidget(m_summary);
    summaryArea->setWidgetResizable(true);
    summaryArea->setFrameShape(QFrame::NoFrame);
    summaryArea->setMaximumHeight(m_summary->fontMetrics().lineSpacing() * 8 + 12);
    summaryArea->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(summaryArea);
    layout->addLayout(buttons);
    resize(1100, 720);
    updateRunButton();
}

DeviceCompareDialog::~DeviceCompareDialog()
{
    if (m_stopSource)
        m_stopSource->request_stop();
}

void DeviceCompareDialog::setChosenDevices(const QStringList& devices)
{
    for (int i = 0; i < m_devices->count(); ++i)
        m_devices->item(i)->setCheckState(devices.contains(m_devices->item(i)->data(Qt::UserRole).toString()) ? Qt::Checked
                                                                                       : Qt::Unchecked);
}

QStringList DeviceCompareDialog::chosenDevices() const
{
    QStringList out;
    for (int i = 0; i < m_devices->count(); ++i)
        if (m_devices->item(i)->checkState() == Qt::Checked)
            out << m_devices->item(i)->data(Qt::UserRole).toString();
    return out;
}

void DeviceCompareDialog::setTolerancePercent(double percent)
{
    m_tolerance->setValue(percent);
}

void DeviceCompareDialog::updateRunButton()
{
    m_panel->setReady(m_analysis && chosenDevices().size() >= 2);
}

bool DeviceCompareDialog::run()
{
    const QStringList chosen = chosenDevices();
    if (!m_analysis || !m_registry || chosen.size() < 2 || m_job->isRunning())
        return false;
    pipeline::CompareDevicesRequest request;
    request.analysis = m_analysis;
    for (const QString& soc : chosen)
        if (const npu::DeviceProfile* p = m_registry->find(soc.toStdString()))
            request.devices.push_back(*p);
    request.options = m_options;
    request.cache.path = m_cachePath;
    request.cover.tolerance = m_tolerance->value() / 100.0;
    auto stopSource = std::make_shared<std::stop_source>();
    m_stopSource = stopSource;
    m_job->start<std::shared_ptr<const pipeline::CompareDevicesResult>>(
        tr("Comparing devices"),
        keepingRun(std::move(request), &pipeline::compareDevices, stopSource, tr("Step %1 of %2: %3")),
        [this](std::shared_ptr<const pipeline::CompareDevicesResult>&& result) {
            showResult(std::move(result));
            updateRunButton();
        });
    m_panel->showMessage(tr("Tuning on %Ln device(s)…", nullptr, int(chosen.size())));
    m_export->setEnabled(false);
    return true;
}

void DeviceCompareDialog::stop()
{
    if (!m_job->isRunning() || !m_stopSource)
        return;
    m_stopSource->request_stop();
    m_panel->showStopping(tr("Stopping after the running candidate…"));
}

void DeviceCompareDialog::showResult(std::shared_ptr<const pipeline::CompareDevicesResult> result)
{
    m_result = std::move(result);
    const pipeline::CompareDevicesResult& r = *m_result;
    m_best->setRowCount(0);
    m_regret->setRowCount(0);
    m_regret->setColumnCount(0);
    if (!r.ok()) {
        m_summary->setText(coreText(*r.error));
        m_panel->showMessage(tr("Nothing to compare."), true);
        plotRegret();
        Q_EMIT comparisonFinished();
        return;
    }
    const sweep::DeviceComparison& c = r.comparison;
    const int n = int(c.devices.size());

    // Each device's best.
    m_best->setRowCount(n);
    for (int j = 0; j < n; ++j) {
        const sweep::DeviceEntry& d = c.devices[std::size_t(j)];
        QTableWidgetItem* name = cell(QString::fromStdString(d.device) +
                                      (d.tritonAscendSupported ? QString() : QStringLiteral(" *")));
        if (!d.tritonAscendSupported)
            name->setToolTip(unsupportedText());
        m_best->setItem(j, 0, name);
        m_best->setItem(j, 1, cell(d.best ? p50Text(d.bestMs) : QStringLiteral("–"), true));
        m_best->setItem(j, 2,
                        cell(d.best    ? QString::fromStdString(sweep::deviceConfigText(c.configs[*d.best]))
                             : d.error ? coreText(*d.error)
                                       : QString()));
        QStringList notes;
        if (d.fromCache)
            notes << tr("from the cache");
        if (!d.tritonAscendSupported)
            notes << tr("* not supported by Triton-Ascend");
        if (d.fastest)
            notes << tr("%1 runs faster here (%2), written by hand")
                         .arg(QString::fromStdString(sweep::deviceConfigText(c.configs[*d.fastest])),
                              p50Text(d.fastestMs));
        // "; " between notes in English, the full-width "；" in Chinese.
        m_best->setItem(j, 4, cell(notes.join(tr("; ", "between two notes of a device"))));
    }

    // The regret matrix: rows = whose best, columns = where it runs.
    QStringList names;
    for (const sweep::DeviceEntry& d : c.devices)
        names << QString::fromStdString(d.device);
    m_regret->setRowCount(n);
    m_regret->setColumnCount(n + 1);
    QStringList columnNames{QString()};
    for (int i = 0; i < n; ++i) {
        columnNames << tr("on %1").arg(names[i]);
        m_regret->setItem(i, 0, cell(tr("best of %1").arg(names[i])));
    }
    m_regret->setHorizontalHeaderLabels(columnNames);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const auto& v = c.regret[std::size_t(i)][std::size_t(j)];
            const sweep::DeviceEntry& from = c.devices[std::size_t(i)];
            QTableWidgetItem* item = nullptr;
            if (v) {
                item = cell(ratioText(*v), true);
                if (i != j && *v > 1.0 + c.cover.tolerance)
                    item->setForeground(QColor(0xc0, 0x39, 0x2b));
                if (*v < 1.0)
                    item->setToolTip(belowOneText(names[i], names[j]));
            } else if (from.best && c.devices[std::size_t(j)].best) {
                item = cell(tr("does not run"), true);
                item->setForeground(QColor(0xc0, 0x39, 0x2b));
                item->setToolTip(QString::fromStdString(c.times[std::size_t(j)][*from.best].failure));
            } else {
                item = cell(QStringLiteral("–"), true);
            }
            m_regret->setItem(i, j + 1, item);
        }

    m_regret->resizeColumnsToContents();
    m_regret->resizeRowsToContents();
    showList();
    m_best->resizeRowsToContents();
    plotRegret();
    QStringList lines;
    // Every regret below 1, not only the first: each is a config some backend does not generate.
    QStringList below;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (const auto& v = c.regret[std::size_t(i)][std::size_t(j)]; v && *v < 1.0)
                below << tr("%1's best on %2, %3", "a regret below 1").arg(names[i], names[j], ratioText(*v));
    if (!below.isEmpty())
        lines << tr("Below 1× (%1): a device's best runs faster there than that device's own pick; its "
                    "backend does not generate that config (written by hand it would win there).")
                     .arg(below.join(QStringLiteral("; ")));
    if (r.stopped)
        lines << tr("Stopped: what finished is shown.");
    for (const msg::Message& note : c.notes)
        lines << coreText(note);
    m_panel->showMessage(lines.isEmpty() ? tr("Compared %Ln device(s).", nullptr, n)
                                         : lines.join(QLatin1Char(' ')));
    Q_EMIT comparisonFinished();
}

void DeviceCompareDialog::showList()
{
    if (!m_result || !m_result->ok())
        return;
    const sweep::DeviceComparison& c = m_result->comparison;
    const QString tolerance = QString::number(c.cover.tolerance * 100.0, 'g', 4) + QLatin1Char('%');
    for (int j = 0; j < m_best->rowCount() && j < int(c.devices.size()); ++j) {
        const sweep::ShapeCover& s = c.cover.shapes[std::size_t(j)];
        m_best->setItem(
            j, 3,
            cell(s.chosen ? QStringLiteral("%1 (%2%3%)")
                                .arg(p50Text(s.chosenMs), s.lossPercent >= 0 ? QStringLiteral("+") : QString(),
                                     QString::number(s.lossPercent, 'f', 1))
                          : QStringLiteral("–"),
                 true));
    }
    if (!c.listExists) {
        m_summary->setText(tr("No config list is within %1 of the best on every device: %2")
                               .arg(tolerance, coreText(c.noList)));
        m_export->setEnabled(false);
        return;
    }
    // The brackets and the colon are the language's own (Chinese writes them full width).
    QString text = tr("%1 (%2):", "a sentence, a note on it in brackets, and the list it introduces")
                       .arg(tr("%Ln config(s) {serves|serve} every device within %1 of its fastest config",
                               nullptr, int(c.cover.chosen.size()))
                                .arg(tolerance),
                            c.cover.exact ? tr("smallest list")
                                          : tr("not proven smallest: the search ran out of budget"));
    for (std::size_t k : c.cover.chosen)
        text += QStringLiteral("\n  ") + QString::fromStdString(sweep::deviceConfigText(c.configs[k]));
    m_summary->setText(text);
    m_export->setEnabled(true);
}

void DeviceCompareDialog::plotRegret()
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    if (!m_result || !m_result->ok() || m_result->comparison.devices.empty()) {
        m_plot->replot();
        return;
    }
    const sweep::DeviceComparison& c = m_result->comparison;
    const std::size_t n = c.devices.size();
    auto* group = new QCPBarsGroup(m_plot);
    const double width = 0.8 / double(n);
    // Bars stand on 1 (no regret), up for a loss, down below 1, so that 1.00x and 1.02x differ.
    double top = 1.0 + c.cover.tolerance, bottom = 1.0;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t j = 0; j < n; ++j)
        ticker->addTick(double(j + 1), QString::fromStdString(c.devices[j].device));
    for (std::size_t i = 0; i < n; ++i) {
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(tr("best of %1").arg(QString::fromStdString(c.devices[i].device)));
        bars->setWidth(width);
        bars->setBarsGroup(group);
        bars->setBaseValue(1.0);
        QColor color = barColor(i);
        bars->setPen(QPen(color.darker(130)));
        color.setAlpha(210);
        bars->setBrush(color);
        QVector<double> keys, values;
        for (std::size_t j = 0; j < n; ++j) {
            const auto& v = c.regret[i][j];
            if (!v)
                continue;
            keys << double(j + 1);
            values << *v - 1.0;  // a bar is drawn from its base (1) to base + value
            top = std::max(top, *v);
            bottom = std::min(bottom, *v);
        }
        bars->setData(keys, values);
    }
    // A best that does not run on a device: a mark where its bar would stand.
    bool anyMark = false;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (!c.regret[i][j] && c.devices[i].best && c.devices[j].best) {
                anyMark = true;
                auto* mark = new QCPItemText(m_plot);
                mark->position->setType(QCPItemPosition::ptPlotCoords);
                mark->position->setCoords(double(j + 1) + (double(i) - double(n - 1) / 2.0) * width, 1.0);
                mark->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
                mark->setText(QStringLiteral("✕"));
                mark->setColor(barColor(i));
            }
    auto* one = new QCPItemStraightLine(m_plot);
    one->point1->setCoords(0, 1.0);
    one->point2->setCoords(1, 1.0);
    one->setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
    auto* tolerance = new QCPItemStraightLine(m_plot);
    tolerance->point1->setCoords(0, 1.0 + c.cover.tolerance);
    tolerance->point2->setCoords(1, 1.0 + c.cover.tolerance);
    // A lighter red on the dark theme's base, where the light theme's dark red was lost.
    const QPen tolerancePen(isDarkPalette(palette()) ? QColor(0xef, 0x53, 0x50) : QColor(0xc0, 0x39, 0x2b), 1.5,
                            Qt::DotLine);
    tolerance->setPen(tolerancePen);
    // The lines and marks are items, which a legend does not list: an empty graph drawn as each
    // names it there.
    const auto legendEntry = [this](const QString& name, const QPen& pen, const QCPScatterStyle& scatter) {
        QCPGraph* entry = m_plot->addGraph();
        entry->setName(name);
        entry->setPen(pen);
        entry->setScatterStyle(scatter);
        if (scatter.shape() != QCPScatterStyle::ssNone)
            entry->setLineStyle(QCPGraph::lsNone);
    };
    legendEntry(tr("1× (no regret)"), one->pen(), QCPScatterStyle());
    legendEntry(tr("tolerance, %1").arg(percentText(c.cover.tolerance)), tolerancePen, QCPScatterStyle());
    if (anyMark)
        legendEntry(tr("a best that does not run there"), QPen(palette().color(QPalette::Text)),
                    QCPScatterStyle(QCPScatterStyle::ssCross, 8));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(0.4, double(n) + 0.6);
    const double margin = std::max(0.005, (top - bottom) * 0.12);
    m_plot->yAxis->setRange(bottom - margin, top + margin);
    m_plot->replot();
}

QString DeviceCompareDialog::listText() const
{
    if (!m_result || !m_result->ok() || !m_result->comparison.listExists)
        return {};
    const sweep::DeviceComparison& c = m_result->comparison;
    pipeline::ExportRequest request;
    request.configs = sweep::deviceListConfigs(c);
    request.top = request.configs->size();
    request.list.key = c.key;
    request.list.p50Comments = false;
    if (auto backend = kernel::parseBackendVersion(c.backend))
        request.backend = *backend;
    const pipeline::ExportResult written = pipeline::exportTuning(request);
    return written.ok() ? QString::fromStdString(written.text) : QString();
}

QString DeviceCompareDialog::exportList(const QString& path) const
{
    if (!m_result || !m_result->ok())
        return tr("Nothing compared yet.");
    if (!m_result->comparison.listExists)
        return tr("No config list is within the tolerance on every device: %1")
            .arg(coreText(m_result->comparison.noList));
    const QString text = listText();
    if (text.isEmpty())
        return tr("The config list could not be written.");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0)
        return tr("Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void DeviceCompareDialog::exportInteractively()
{
    if (m_result && m_result->ok() && !m_result->comparison.listExists) {
        QMessageBox::information(this, windowTitle(), exportList(QString()));
        return;
    }
    const QString name =
        m_result && m_result->ok()
            ? QString::fromStdString(m_result->comparison.kernelName) + QStringLiteral("_devices.py")
            : QStringLiteral("configs.py");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the config list"), name,
                                                      tr("Python (*.py);;All files (*)"));
    if (path.isEmpty())
        return;
    const QString error = exportList(path);
    if (error.isEmpty())
        m_panel->showMessage(tr("Wrote %1.").arg(path));
    else
        m_panel->showMessage(error, true);
}

} // namespace ts::gui
