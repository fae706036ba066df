#include "widgets/backend_compare_dialog.h"

#include "widgets/background_job.h"
#include "widgets/core_text.h"
#include "widgets/pipeline_job.h"
#include "widgets/quantity_text.h"
#include "widgets/run_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ts::gui {

namespace {

QString versionName(kernel::BackendVersion version)
{
    return QString::fromStdString(std::string(kernel::backendName(version)));
}

QComboBox* versionBox(QWidget* parent)
{
    auto* box = new QComboBox(parent);
    for (const kernel::BackendVersion version : kernel::backendVersions()) {
        const kernel::BackendVersionInfo& info = kernel::backendInfo(version);
        box->addItem(QString::fromStdString(std::string(info.name)), int(version.index()));
        box->setItemData(box->count() - 1,
                         QStringLiteral("%1 %2").arg(QString::fromStdString(std::string(info.repository)),
                                                     QString::fromStdString(std::string(info.commit))),
                         Qt::ToolTipRole);
    }
    return box;
}

kernel::BackendVersion chosen(const QComboBox* box)
{
    return kernel::BackendVersion::atIndex(std::size_t(box->currentData().toInt()));
}

QString kwargsText(const space::TritonConfig& config)
{
    QStringList items;
    for (const auto& [name, value] : config.kwargs)
        items << QStringLiteral("%1=%2").arg(QString::fromStdString(name), QString::fromStdString(value.toPython()));
    return items.join(QStringLiteral(", "));
}

} // namespace

BackendCompareDialog::BackendCompareDialog(std::shared_ptr<const analysis::KernelAnalysis> analysis,
                                           npu::DeviceProfile device, QWidget* parent)
    : RunDialog(parent), m_analysis(std::move(analysis)), m_device(std::move(device))
{
    setWindowTitle(tr("Compare backend versions"));
    m_base = versionBox(this);
    m_base->setObjectName(QStringLiteral("compareBaseBackend"));
    m_other = versionBox(this);
    m_other->setObjectName(QStringLiteral("compareOtherBackend"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_table = new QTableWidget(0, 5, this);
    m_table->setObjectName(QStringLiteral("backendCompareTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("From #"), tr("To #"), tr("Change"), tr("Config"), tr("Changed options")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);

    createRunPanel(tr("Compare"), QStringLiteral("backendCompareRun"));
    m_panel->setReady(m_analysis != nullptr);
    connect(m_panel, &RunPanel::runRequested, this, [this] { run(); });
    connect(m_panel, &RunPanel::stopRequested, this, [this] { m_job->stop(); });

    auto* versions = new QHBoxLayout;
    versions->addWidget(new QLabel(tr("From"), this));
    versions->addWidget(m_base);
    versions->addWidget(new QLabel(tr("to"), this));
    versions->addWidget(m_other);
    versions->addStretch(1);
    QHBoxLayout* buttons = bottomRow();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("The same launch under two Triton-Ascend versions: the configs only one of them "
                                    "generates, the reordered ones and the changed options."),
                                 this));
    layout->addLayout(versions);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    resize(1000, 600);

    // The workload's own version against the first one, never a version against itself: a
    // workload of the first version is compared with the default one.
    const kernel::BackendVersion own = m_analysis ? m_analysis->workload.backend : kernel::defaultBackend();
    const kernel::BackendVersion base = backends::firstVersion();
    setVersions(base, own == base ? kernel::defaultBackend() : own);
}

BackendCompareDialog::~BackendCompareDialog() = default;

void BackendCompareDialog::setVersions(kernel::BackendVersion base, kernel::BackendVersion other)
{
    m_base->setCurrentIndex(m_base->findData(int(base.index())));
    m_other->setCurrentIndex(m_other->findData(int(other.index())));
}

bool BackendCompareDialog::run()
{
    if (!m_analysis || m_job->isRunning())
        return false;
    pipeline::CompareBackendsRequest request{m_analysis->workload, m_device, chosen(m_base), chosen(m_other)};
    m_job->start<pipeline::CompareBackendsResult>(
        tr("Comparing backend versions"),
        stoppableRun(request, &pipeline::compareBackends),
        [this](pipeline::CompareBackendsResult&& result) { showResult(std::move(result)); });
    m_panel->showMessage(tr("Comparing %1 with %2…").arg(versionName(chosen(m_base)), versionName(chosen(m_other))));
    return true;
}

void BackendCompareDialog::showResult(pipeline::CompareBackendsResult&& result)
{
    m_result = std::move(result);
    const pipeline::CompareBackendsResult& r = *m_result;
    m_table->setRowCount(0);
    if (!r.ok()) {
        m_panel->showMessage(tr("The launch cannot be analysed."), true);
        Q_EMIT comparisonFinished();
        return;
    }
    const QString base = versionName(r.base.version);
    const QString other = versionName(r.other.version);
    auto side = [](const pipeline::BackendSide& s) {
        const QString name = versionName(s.version);
        if (!s.problem.empty())
            return tr("%1: %2").arg(name, coreText(s.problem));
        if (s.error) // the backend's own exception, as it words it: read back where it can be
            return tr("%1 raises %2").arg(name, coreText(*s.error));
        return tr("%1 lists %Ln config(s) to benchmark", nullptr, int(s.configs.size())).arg(name);
    };
    // Each side a sentence of its own: the backend's exception may end one already.
    auto sentence = [](QString text) {
        static const QString ends = QStringLiteral(".!?\u3002\uff01\uff1f");
        if (!text.isEmpty() && !ends.contains(text.back()))
            text += tr(".", "ends a sentence");
        return text;
    };
    const space::BackendComparison& c = r.comparison;
    // A side that raises (or has nothing to tune) lists nothing: there is no difference to count,
    // only the other side's list to show, and no row is "only" anywhere.
    const auto failed = [](const pipeline::BackendSide& s) { return s.error.has_value() || !s.problem.empty(); };
    const bool oneSided = failed(r.base) != failed(r.other);
    QString counts;
    if (oneSided)
        counts = tr("Nothing to compare: %1 lists no config; the table shows the %Ln config(s) %2 lists.", nullptr,
                    int(failed(r.base) ? r.other.configs.size() : r.base.configs.size()))
                     .arg(failed(r.base) ? base : other, failed(r.base) ? other : base);
    else
        counts = tr("%1 same, %2 with changed options, %3 reordered, %4 only in %5, %6 only in %7.")
                     .arg(countText(std::int64_t(c.same)), countText(std::int64_t(c.optionsChanged)),
                          countText(std::int64_t(c.reordered)), countText(std::int64_t(c.onlyBase)))
                     .arg(base)
                     .arg(countText(std::int64_t(c.onlyOther)))
                     .arg(other);
    m_summary->setText(sentence(side(r.base)) + QLatin1Char('\n') + sentence(side(r.other)) + QLatin1Char('\n') + counts);
    // One side lists nothing: its index, the change and the changed options would be "-" or
    // "only" on every row.
    m_table->setColumnHidden(0, oneSided && failed(r.base));
    m_table->setColumnHidden(1, oneSided && failed(r.other));
    m_table->setColumnHidden(2, oneSided);
    m_table->setColumnHidden(4, oneSided);
    // Changed rows first would reorder the lists; keep the base order, every config listed.
    m_table->setRowCount(int(c.configs.size()));
    for (int row = 0; row < int(c.configs.size()); ++row) {
        const space::ComparedConfig& e = c.configs[std::size_t(row)];
        const space::TritonConfig& config = e.baseIndex >= 0 ? r.base.configs[std::size_t(e.baseIndex)]
                                                             : r.other.configs[std::size_t(e.otherIndex)];
        QString change;
        switch (e.change) {
        case space::ComparedConfig::Change::Same: change = tr("same"); break;
        case space::ComparedConfig::Change::Options: change = e.moved ? tr("options, moved") : tr("options"); break;
        case space::ComparedConfig::Change::Reordered: change = tr("moved"); break;
        case space::ComparedConfig::Change::OnlyBase: change = tr("only %1").arg(base); break;
        case space::ComparedConfig::Change::OnlyOther: change = tr("only %1").arg(other); break;
        }
        QStringList options;
        for (const std::string& o : e.changedOptions)  // "multibuffer (unset) -> True"
            options << QString::fromStdString(o).replace(QStringLiteral("(unset)"), tr("(unset)"));
        const QStringList cells = {e.baseIndex >= 0 ? QString::number(e.baseIndex) : QStringLiteral("-"),
                                   e.otherIndex >= 0 ? QString::number(e.otherIndex) : QStringLiteral("-"),
                                   change,
                                   QStringLiteral("%1; num_warps=%2, num_stages=%3")
                                       .arg(kwargsText(config))
                                       .arg(config.numWarps)
                                       .arg(config.numStages),
                                   options.join(QStringLiteral("; "))};
        for (int col = 0; col < cells.size(); ++col)
            m_table->setItem(row, col, new QTableWidgetItem(cells[col]));
    }
    m_table->resizeColumnsToContents();
    m_panel->clearMessage();
    Q_EMIT comparisonFinished();
}

} // namespace ts::gui
