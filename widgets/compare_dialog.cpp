#include "widgets/compare_dialog.h"

#include "core/pipeline/workflow.h"
#include "widgets/background_job.h"
#include "widgets/chart_export.h"
#include "widgets/column_fitter.h"
#include "widgets/core_text.h"
#include "widgets/plot_style.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/run_panel.h"
#include "widgets/status_colors.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace ts::gui {
namespace {

enum Column { DeviceColumn, TunedColumn, BestColumn, P50Column, SpeedUpColumn, TimeColumn, NoteColumn, ColumnCount };

// Why the launch cannot be analysed: its first error's message in the reader's language.
QString firstError(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error)
            return coreText(d.text, d.message);
    return diagnostics.empty() ? CompareDialog::tr("the launch cannot be analysed")
                               : coreText(diagnostics.front().text, diagnostics.front().message);
}

DeviceComparison compareOn(const kernel::Workload& base, const npu::DeviceProfile& profile,
                           const tuning::TuningOptions& options, JobContext& context, double from, double to)
{
    DeviceComparison row;
    row.device = QString::fromStdString(profile.soc);
    kernel::Workload workload = base;
    workload.device = profile.soc;
    const pipeline::AnalyzeResult analysed = pipeline::analyze({workload});
    if (!analysed.ok()) {
        row.error = firstError(analysed.diagnostics);
        return row;
    }
    // The devices are compared on the backend's own tuning, outside the config cache.
    pipeline::TuneRequest request;
    request.analysis = analysed.analysis;
    request.device = profile;
    request.options = options;
    pipeline::RunControl control;
    control.stop = context.stopToken();
    control.progress = [&](const pipeline::RunProgress& p) {
        if (p.fraction >= 0)
            context.reportProgress(from + (to - from) * p.fraction, row.device);
    };
    const pipeline::TuneResult tuned = pipeline::tune(request, control);
    if (!tuned.result) {
        row.error =
            tuned.error ? coreText(*tuned.error) : CompareDialog::tr("the launch has no candidate space");
        return row;
    }
    const tuning::TuningResult& result = *tuned.result;
    const space::CandidateSpace& space = *tuned.space;
    row.candidates = result.tuned.size();
    for (std::size_t i : result.tuned)
        row.benchmarked += result.outcomes[i].status == tuning::OutcomeStatus::Benchmarked ||
                           result.outcomes[i].status == tuning::OutcomeStatus::Best;
    row.stopped = result.stopped;
    if (result.best) {
        QStringList params;
        for (const auto& [name, value] : space.params(*result.best))
            params << QString::fromStdString(name) + QLatin1Char('=') + QString::fromStdString(value.toPython());
        row.bestConfig = params.join(QStringLiteral(", "));
        row.bestConfigFull = QString::fromStdString(tuning::configString(space, *result.best));
        row.bestP50Us = result.outcomes[*result.best].bench.p50Ms * 1000.0;
    }
    if (result.error && !result.best)
        row.error = coreText(*result.error);
    row.modelledSeconds = result.modelled.totalSeconds;
    row.compileSeconds = result.modelled.compileSeconds;
    row.benchSeconds = result.modelled.benchSeconds;
    return row;
}

} // namespace

CompareDialog::CompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis, const npu::DeviceRegistry* devices,
                             tuning::TuningOptions options, QWidget* parent)
    : RunDialog(parent), m_analysis(std::move(analysis)), m_registry(devices), m_options(options)
{
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(tr("Compare devices"));
    m_options.lattice = false;

    m_devices = new QListWidget(this);
    m_devices->setObjectName(QStringLiteral("compareDevices"));
    const std::string current = m_analysis ? m_analysis->workload.device : std::string();
    for (const std::string& soc : m_registry->socNames()) {
        auto* item = new QListWidgetItem(QString::fromStdString(soc), m_devices);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(soc == current ? Qt::Checked : Qt::Unchecked);
        if (const npu::DeviceProfile* p = m_registry->find(soc))
            item->setToolTip(tr("%1 family, %2 AI cores, %3 KiB UB budget")
                                 .arg(QString::fromStdString(p->family))
                                 .arg(p->cubeCores())
                                 .arg(p->ubBudgetKib()));
    }
    m_devices->setMaximumWidth(220);
    connect(m_devices, &QListWidget::itemChanged, this, &CompareDialog::updateRunButton);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("compareTable"));
    // The cells carry their units ("551.77 µs", "263.3 s (compile …)"): the headers do not repeat them.
    m_table->setHorizontalHeaderLabels({tr("Device"), tr("Tuned"), tr("Best config"), tr("Best p50"),
                                        tr("Speed-up"), tr("Modelled tuning time"), tr("Note")});
    m_table->horizontalHeaderItem(SpeedUpColumn)->setToolTip(tr("The slowest device's best p50 over this device's"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The columns share the table's width, the config and the note wrapping at their spaces
    // (sized to its text, the config pushed the speed-up and the tuning time out of sight; as
    // what the others left, it was squeezed to an elided sliver).
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_fitter = new ColumnFitter(m_table);
    // A note is a sentence: a few words a line, not one under another.
    m_fitter->setLeast(NoteColumn, m_table->fontMetrics().averageCharWidth() * 24);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, m_table, &QTableView::resizeRowsToContents);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("comparePlot"));
    m_plot->setMinimumHeight(220);
    auto* group = new QCPBarsGroup(m_plot);
    m_p50Bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_timeBars = new QCPBars(m_plot->xAxis, m_plot->yAxis2);
    for (QCPBars* bars : {m_p50Bars, m_timeBars}) {
        bars->setWidth(0.35);
        bars->setBarsGroup(group);
    }
    m_p50Bars->setName(tr("best p50 (µs, left)"));
    m_timeBars->setName(tr("modelled tuning time (s, right)"));
    m_plot->yAxis->setLabel(tr("best p50 (µs)"));
    m_plot->yAxis2->setLabel(tr("modelled tuning time (s)"));
    m_plot->yAxis2->setVisible(true);
    m_plot->xAxis->grid()->setVisible(false);
    // Each series names the axis (and unit) it is read on.
    placeLegendAbove(m_plot, 2);
    installExportMenu(m_plot, QStringLiteral("device-comparison"));
    styleChart();

    createRunPanel(tr("Compare"), QStringLiteral("compareRun"));
    m_panel->showMessage(tr("Tick two or more devices and press Compare."));
    auto* exportButton = new QPushButton(tr("Export chart…"), this);
    QHBoxLayout* buttons = bottomRow({exportButton});
    connect(m_panel, &RunPanel::runRequested, this, [this] { run(); });
    connect(m_panel, &RunPanel::stopRequested, this, &CompareDialog::stop);
    connect(exportButton, &QPushButton::clicked, this,
            [this] { exportPlotInteractively(m_plot, this, QStringLiteral("device-comparison")); });

    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_table);
    right->addWidget(m_plot);
    auto* body = new QHBoxLayout;
    body->addWidget(m_devices);
    body->addWidget(right, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(
        new QLabel(tr("The same launch tuned on each device (the backend's candidates, %1 method).")
                       .arg(benchMethodText(m_options.method)),
                   this));
    layout->addLayout(body, 1);
    layout->addLayout(buttons);

    connect(m_job, &BackgroundJob::failed, this, [this] { updateRunButton(); });
    resize(1000, 620);
    updateRunButton();
}

CompareDialog::~CompareDialog() = default;

void CompareDialog::styleChart()
{
    stylePlot(m_plot);
    const bool dark = isDarkPalette(QApplication::palette());
    auto fill = [](QCPBars* bars, QColor c) {
        bars->setPen(QPen(c.darker(130)));
        c.setAlpha(210);
        bars->setBrush(c);
    };
    fill(m_p50Bars, outcomeColor(tuning::OutcomeStatus::Benchmarked, dark));
    // A warm colour beside the p50's teal: the two blues of the dark theme looked alike.
    fill(m_timeBars, dark ? QColor(0xffb74d) : QColor(0xef6c00));
}

void CompareDialog::setChosenDevices(const QStringList& devices)
{
    for (int i = 0; i < m_devices->count(); ++i)
        m_devices->item(i)->setCheckState(devices.contains(m_devices->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
}

QStringList CompareDialog::chosenDevices() const
{
    QStringList out;
    for (int i = 0; i < m_devices->count(); ++i)
        if (m_devices->item(i)->checkState() == Qt::Checked)
            out << m_devices->item(i)->text();
    return out;
}

void CompareDialog::updateRunButton()
{
    m_panel->setReady(chosenDevices().size() >= 2 && m_analysis);
}

bool CompareDialog::run()
{
    const QStringList chosen = chosenDevices();
    if (chosen.size() < 2 || !m_analysis || m_job->isRunning())
        return false;
    std::vector<npu::DeviceProfile> profiles;
    for (const QString& soc : chosen)
        if (const npu::DeviceProfile* p = m_registry->find(soc.toStdString()))
            profiles.push_back(*p);
    m_job->start<std::vector<DeviceComparison>>(
        tr("Comparing devices"),
        [workload = m_analysis->workload, profiles, options = m_options](JobContext& context) {
            std::vector<DeviceComparison> rows;
            const double n = double(profiles.size());
            for (std::size_t i = 0; i < profiles.size() && !context.stopRequested(); ++i)
                rows.push_back(compareOn(workload, profiles[i], options, context, double(i) / n, double(i + 1) / n));
            return rows;
        },
        [this](std::vector<DeviceComparison>&& rows) { showResults(std::move(rows)); });
    // After the start, which clears the previous outcome.
    m_panel->showMessage(tr("Tuning on %Ln device(s)…", nullptr, int(profiles.size())));
    updateRunButton();
    return true;
}

void CompareDialog::stop()
{
    m_job->stop();
    m_panel->showMessage(tr("Stopped."));
    updateRunButton();
}

void CompareDialog::showResults(std::vector<DeviceComparison>&& results)
{
    m_results = std::move(results);
    updateRunButton();

    double slowest = 0;
    for (const DeviceComparison& r : m_results)
        if (r.bestP50Us)
            slowest = std::max(slowest, *r.bestP50Us);
    m_table->setRowCount(int(m_results.size()));
    QVector<double> keys, p50, time;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const DeviceComparison* fastest = nullptr;
    for (std::size_t i = 0; i < m_results.size(); ++i) {
        const DeviceComparison& r = m_results[i];
        auto set = [&](int column, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            if (column != DeviceColumn && column != BestColumn && column != NoteColumn)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(int(i), column, item);
        };
        set(DeviceColumn, r.device);
        set(TunedColumn,
            tr("%1 (%2 benchmarked)")
                .arg(countText(std::int64_t(r.candidates)), countText(std::int64_t(r.benchmarked))));
        set(BestColumn, r.bestConfig.isEmpty() ? QStringLiteral("–") : r.bestConfig);
        m_table->item(int(i), BestColumn)->setToolTip(r.bestConfigFull);
        set(P50Column, r.bestP50Us ? timeUsText(*r.bestP50Us) : QStringLiteral("–"));
        set(SpeedUpColumn, r.bestP50Us && *r.bestP50Us > 0 ? ratioText(slowest / *r.bestP50Us) : QStringLiteral("–"));
        set(TimeColumn, tr("%1 (compile %2, benchmark %3)")
                            .arg(secondsText(r.modelledSeconds), secondsText(r.compileSeconds), secondsText(r.benchSeconds)));
        set(NoteColumn, r.stopped ? tr("stopped") : r.error);
        m_table->item(int(i), NoteColumn)->setToolTip(r.error);
        keys << double(i);
        p50 << (r.bestP50Us ? *r.bestP50Us : 0.0);
        time << r.modelledSeconds;
        ticker->addTick(double(i), r.device);
        if (r.bestP50Us && (!fastest || *r.bestP50Us < *fastest->bestP50Us))
            fastest = &r;
    }
    m_p50Bars->setData(keys, p50, true);
    m_timeBars->setData(keys, time, true);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(-0.7, double(m_results.size()) - 0.3);
    const double topP50 = p50.isEmpty() ? 1 : *std::max_element(p50.begin(), p50.end());
    const double topTime = time.isEmpty() ? 1 : *std::max_element(time.begin(), time.end());
    m_plot->yAxis->setRange(0, std::max(topP50, 1e-3) * 1.25);
    m_plot->yAxis2->setRange(0, std::max(topTime, 1e-3) * 1.25);
    styleChart();
    // The config wraps at its spaces, so that every column after it stays in sight; a count
    // ("6,352 (1,064 benchmarked)", "14（14 个已测速）") is one figure and stays on its line.
    m_table->setWordWrap(true);
    // The note column only when some device has a note (an error, a stop): an empty column took
    // room from the config.
    bool notes = false;
    for (int row = 0; row < m_table->rowCount(); ++row)
        notes = notes || !m_table->item(row, NoteColumn)->text().isEmpty();
    m_table->setColumnHidden(NoteColumn, !notes);
    int counts = 0;
    for (int row = 0; row < m_table->rowCount(); ++row)
        counts = std::max(counts, m_table->fontMetrics().horizontalAdvance(m_table->item(row, TunedColumn)->text()));
    m_fitter->setLeast(TunedColumn, counts + 2 * m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8);
    m_fitter->fit();
    m_plot->replot();
    m_panel->showMessage(fastest ? tr("Fastest: %1, best p50 %2.").arg(fastest->device, timeUsText(*fastest->bestP50Us))
                              : tr("No device found a valid config."));
    Q_EMIT comparisonFinished();
}

} // namespace ts::gui
