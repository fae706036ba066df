#include "widgets/capture_dialog.h"

#include "core/pipeline/workflow.h"
#include "widgets/background_job.h"
#include "widgets/capture_table_model.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace ts::gui {

CaptureDialog::CaptureDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("captureDialog"));
    setWindowTitle(tr("Captured launches"));
    m_model = new CaptureTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(CaptureTableModel::SortRole);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("captureSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("captureTable"));
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder);  // the order the program launched them
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_notes = new QTextBrowser(this);
    m_notes->setObjectName(QStringLiteral("captureNotes"));
    m_notes->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_open = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    m_open->setObjectName(QStringLiteral("openCapturedWorkload"));
    m_open->setToolTip(tr("Open the selected launch's workload in the window"));
    m_open->setEnabled(false);
    m_open->setDefault(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_open, &QPushButton::clicked, this, &CaptureDialog::openSelected);
    connect(m_view, &QTableView::doubleClicked, this, &CaptureDialog::openSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_open->setEnabled(m_view->selectionModel()->hasSelection()); });

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_notes);
    layout->addWidget(buttons);
    resize(900, 440);
    m_job = new BackgroundJob(this);
}

void CaptureDialog::load(const QString& folder)
{
    m_folder = folder;
    setWindowTitle(tr("Captured launches: %1").arg(QDir::toNativeSeparators(folder)));
    m_summary->setText(tr("Reading %1…").arg(QDir::toNativeSeparators(folder)));
    m_job->start<capture::IndexReadResult>(
        tr("Reading the capture folder"),
        [path = folder.toStdString()](JobContext&) { return pipeline::readCapture(path); },
        [this](capture::IndexReadResult&& read) {
            QStringList notes;
            for (const Diagnostic& d : read.problems)
                notes << QString::fromStdString(d.format()).toHtmlEscaped();
            if (!read.index) {
                m_summary->setText(tr("%1 is not a capture folder of tilescope capture.").arg(QDir::toNativeSeparators(m_folder)));
                m_model->setIndex({});
            } else {
                const capture::CaptureIndex& index = *read.index;
                QString command;
                for (const std::string& word : index.command)
                    command += (command.isEmpty() ? QString() : QStringLiteral(" ")) + QString::fromStdString(word);
                const QString workloads = tr("%Ln workload(s)", nullptr, int(index.workloads.size()));
                const QString kernels = tr("%Ln kernel(s)", nullptr, int(index.kernels()));
                const QString launches = tr("%Ln {launch|launches}", nullptr, int(index.launches()));
                m_summary->setText(command.isEmpty() ? tr("%1 of %2, %3.").arg(workloads, kernels, launches)
                                                     : tr("%1 of %2, %3, captured from `%4`.")
                                                           .arg(workloads, kernels, launches, command));
                for (const capture::SkippedLaunch& s : index.skipped)
                    notes << tr("Not written: %1 (%Ln {launch|launches}): %2", nullptr, int(s.launches))
                                 .arg(QString::fromStdString(s.function),
                                      QString::fromStdString(s.reason).toHtmlEscaped());
                for (const std::string& note : index.notes)
                    notes << QString::fromStdString(note).toHtmlEscaped();
                m_model->setIndex(*read.index);
                m_view->resizeColumnsToContents();
                if (m_model->rowCount() > 0)
                    m_view->selectRow(0);
            }
            m_notes->setHtml(notes.join(QStringLiteral("<br>")));
            // As tall as its lines (five at most, then it scrolls), so the table keeps the room.
            m_notes->setFixedHeight(fontMetrics().height() * (std::min<int>(int(notes.size()), 5) + 1) +
                                    2 * m_notes->frameWidth() + 4);
            m_notes->setVisible(!notes.isEmpty());
            Q_EMIT loaded(read.index.has_value());
        });
}

void CaptureDialog::openSelected()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    const QString path = m_model->workloadPath(m_proxy->mapToSource(rows.front()).row());
    if (!path.isEmpty())
        Q_EMIT workloadChosen(path);
}

} // namespace ts::gui
