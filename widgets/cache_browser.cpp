#include "widgets/cache_browser.h"
#include "widgets/core_text.h"

#include "core/pipeline/tuning_pipeline.h"
#include "widgets/background_job.h"
#include "widgets/cache_table_model.h"
#include "widgets/column_fitter.h"
#include "widgets/export_dialog.h"
#include "widgets/frozen_table_view.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"
#include "widgets/tuning_record_model.h"

#include <QAction>
#include <QEvent>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace ts::gui {
namespace {

// The GUI never waits long on a cache another process is writing: it says "busy" instead.
constexpr std::chrono::milliseconds kBusyTimeout{400};

std::filesystem::path toPath(const QString& path)
{
    return std::filesystem::path(path.toStdU16String());
}

QString fromPath(const std::filesystem::path& path)
{
    return QDir::toNativeSeparators(QString::fromStdU16String(path.u16string()));
}

// What a failed cache call says, from any thread: a busy cache in words a person can act on.
QString operationError(const cache::CacheError& error)
{
    const QString message = coreText(error.text, error.message);
    if (error.code == "cache-busy")
        return QCoreApplication::translate("ts::gui::CacheOperation",
                                           "Cache busy: another process is writing to it. Try again in a moment.\n%1")
            .arg(message);
    return message;
}

void setupTable(QTableView* view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    view->setSortingEnabled(true);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideRight);
}

// The last column (a candidate's reason) fills what the others leave of the view and ends at
// its edge: sized to its longest text it ran far past it, its header out of sight and its text
// cut at the edge. A longer reason is elided, whole in its tooltip.
void fillLastColumn(QTableView* view)
{
    QHeaderView* header = view->horizontalHeader();
    const int last = view->model() ? view->model()->columnCount() - 1 : -1;
    if (last < 0)
        return;
    int others = 0;
    for (int c = 0; c < last; ++c)
        if (!header->isSectionHidden(c))
            others += header->sectionSize(c);
    const int width = std::max(header->sectionSizeHint(last), view->viewport()->width() - others);
    if (header->sectionSize(last) != width)
        header->resizeSection(last, width);
}

// Fills the last column again whenever the view's width changes.
class LastColumnFiller : public QObject {
public:
    explicit LastColumnFiller(QTableView* view) : QObject(view), m_view(view) {}
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::Resize)
            fillLastColumn(m_view);
        return false;
    }

private:
    QTableView* m_view;
};

} // namespace

// A tuning's key in the reader's language: "matmul_kernel[M=4096, ...; float16, ...] on
// Ascend910B2 (default method, simulator sim-3, backend 2026-08)".
QString keyText(const cache::TuningKey& key)
{
    QStringList values;
    for (const auto& [name, value] : key.keyValues)
        values << QString::fromStdString(name + "=" + value);
    QString launch = values.join(QStringLiteral(", "));
    if (!key.dtypes.empty()) {
        QStringList dtypes;
        for (const std::string& d : key.dtypes)
            dtypes << QString::fromStdString(d);
        launch += (launch.isEmpty() ? QString() : QStringLiteral("; ")) + dtypes.join(QStringLiteral(", "));
    }
    QString text =
        CacheBrowser::tr("%1[%2] on %3 (%4 method, simulator %5, backend %6)")
            .arg(QString::fromStdString(key.kernelName), launch, QString::fromStdString(key.device),
                 benchMethodText(key.benchMethod), QString::fromStdString(key.simulatorVersion),
                 QString::fromStdString(key.backend));
    if (!key.candidateSet.empty())
        text += QStringLiteral(" [%1]").arg(QString::fromStdString(key.candidateSet));
    return text;
}

struct CacheBrowser::Listing {
    std::shared_ptr<cache::ConfigCache> cache;  // set when this listing opened it
    bool missing = false;                       // the file does not exist (and was not created)
    std::optional<cache::CacheError> openError;
    std::filesystem::path movedAsideTo;
    int migratedFromVersion = 0;
    bool created = false;
    std::vector<cache::TuningSummary> rows;
    std::optional<cache::CacheError> listError;
    std::optional<std::int64_t> keepSelected;

    // The cache's tunings that pass `filter` (on the worker), or why they cannot be listed.
    void list(cache::ConfigCache& from, const cache::ListFilter& filter)
    {
        auto listed = from.list(filter);
        if (listed.ok())
            rows = std::move(*listed.value);
        else
            listError = listed.error;
    }
};

CacheBrowser::CacheBrowser(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("cacheBrowser"));
    setWindowTitle(tr("Config cache"));
    setWindowFlag(Qt::WindowMaximizeButtonHint, true);
    m_listJob = new BackgroundJob(this);
    m_showJob = new BackgroundJob(this);
    m_opJob = new BackgroundJob(this);

    m_toolbar = new QToolBar(this);
    m_toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_openAction = m_toolbar->addAction(tr("&Open cache…"), this, &CacheBrowser::openCacheInteractively);
    m_openAction->setToolTip(tr("Open another config cache file"));
    m_refreshAction = m_toolbar->addAction(tr("&Refresh"), this, &CacheBrowser::refresh);
    m_refreshAction->setShortcut(QKeySequence::Refresh);
    m_toolbar->addSeparator();
    m_deleteAction = m_toolbar->addAction(tr("&Delete…"), this, &CacheBrowser::deleteSelected);
    m_deleteAction->setShortcut(QKeySequence::Delete);
    m_deleteAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_deleteAction->setToolTip(tr("Remove the selected tunings from the cache"));
    m_pruneAction = m_toolbar->addAction(tr("&Prune stale…"), this, &CacheBrowser::pruneStale);
    m_pruneAction->setToolTip(tr("Remove the tunings made on an older source of the kernel"));
    m_toolbar->addSeparator();
    m_exportConfigsAction = m_toolbar->addAction(tr("Export &configs…"), this, [this] { openExportDialog(); });
    m_exportConfigsAction->setToolTip(tr("Write the shown tuning as a triton.Config list, a report or Triton's "
                                         "autotune cache"));
    m_toolbar->addSeparator();
    m_exportJsonAction = m_toolbar->addAction(tr("E&xport JSON…"), this, [this] {
        const QString file = QFileDialog::getSaveFileName(this, tr("Export the cache as JSON"),
                                                          QFileInfo(m_path).absoluteDir().filePath(QStringLiteral("cache.json")),
                                                          tr("JSON (*.json);;All files (*)"));
        if (!file.isEmpty())
            exportJson(file);
    });
    m_importJsonAction = m_toolbar->addAction(tr("&Import JSON…"), this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Import tunings from JSON"), QFileInfo(m_path).absolutePath(),
                                                          tr("JSON (*.json);;All files (*)"));
        if (!file.isEmpty())
            importJson(file);
    });
    m_mergeAction = m_toolbar->addAction(tr("&Merge caches…"), this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("Merge other caches into this one"),
                                                                QFileInfo(m_path).absolutePath(),
                                                                tr("Config caches (*.sqlite *.db);;All files (*)"));
        if (!files.isEmpty())
            mergeCaches(files);
    });
    m_mergeAction->setToolTip(tr("Join caches written elsewhere (e.g. by CI jobs); the newest tuning of each key wins"));

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("cacheMessage"));
    m_message->setWordWrap(true);
    m_message->setMargin(8);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    m_pathLabel = new QLabel(this);
    m_pathLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pathLabel->setWordWrap(true);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("cacheFilter"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("Filter: kernel, key, device…"));
    m_filter->setMinimumWidth(260);
    m_filter->setMaximumWidth(360);

    m_model = new CacheTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(CacheTableModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("cacheTable"));
    m_view->setModel(m_proxy);
    setupTable(m_view);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_view->addActions({m_exportConfigsAction, m_deleteAction});
    // The columns share the table's width, the long ones (the key, the best config) wrapping at
    // their spaces: sized to its text the config ran past the table's edge with the p50 after it.
    m_view->setWordWrap(true);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_fitter = new ColumnFitter(m_view);

    m_detailsTitle = new QLabel(this);
    m_detailsTitle->setWordWrap(true);
    m_detailsTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detailsModel = new TuningRecordModel(this);
    m_detailsProxy = new QSortFilterProxyModel(this);
    m_detailsProxy->setSourceModel(m_detailsModel);
    m_detailsProxy->setSortRole(TuningRecordModel::SortRole);
    m_detailsView = new FrozenTableView(this);
    m_detailsView->setObjectName(QStringLiteral("cacheDetails"));
    m_detailsView->setModel(m_detailsProxy);
    setupTable(m_detailsView);
    m_detailsView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_detailsView->viewport()->installEventFilter(new LastColumnFiller(m_detailsView));

    auto* details = new QWidget(this);
    auto* detailsLayout = new QVBoxLayout(details);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_detailsTitle);
    detailsLayout->addWidget(m_detailsView, 1);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("cacheSplitter"));
    m_splitter->addWidget(m_view);
    m_splitter->addWidget(details);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("cacheStatus"));

    auto* top = new QHBoxLayout;
    top->addWidget(m_pathLabel, 1);
    top->addWidget(m_filter);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_toolbar);
    layout->addWidget(m_message);
    layout->addLayout(top);
    layout->addWidget(m_splitter, 1);
    layout->addWidget(m_status);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        showSelected();
        updateActions();
    });
    connect(m_detailsView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CacheBrowser::updateActions);
    connect(m_detailsView, &QTableView::doubleClicked, this, [this] { openExportDialog(); });
    for (BackgroundJob* job : {m_listJob, m_opJob}) {
        connect(job, &BackgroundJob::started, this, [this] { updateActions(); updateStatus(); });
        connect(job, &BackgroundJob::failed, this, [this](const QString& message) {
            showMessage(message, true);
            updateActions();
            updateStatus();
        });
    }

    resize(1200, 720);
    updateActions();
    updateStatus();
}

CacheBrowser::~CacheBrowser() = default;

bool CacheBrowser::isBusy() const
{
    return m_listJob->isRunning() || m_showJob->isRunning() || m_opJob->isRunning();
}

void CacheBrowser::setKernel(std::shared_ptr<const analysis::KernelAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    std::string name, hash;
    if (m_analysis && m_analysis->kernel) {
        name = m_analysis->kernel->name;
        hash = pipeline::kernelSourceHash(*m_analysis);
    }
    const bool changed = name != m_kernelName || hash != m_kernelHash;
    m_kernelName = std::move(name);
    m_kernelHash = std::move(hash);
    if (changed && m_cache)
        refresh();
}

void CacheBrowser::setDark(bool dark)
{
    m_model->setDarkPalette(dark);
}

cache::ListFilter CacheBrowser::listFilter() const
{
    cache::ListFilter filter;
    if (!m_kernelName.empty())
        filter.currentSourceHashes.emplace(m_kernelName, m_kernelHash);
    return filter;
}

void CacheBrowser::openCacheInteractively()
{
    const QString dir = m_path.isEmpty() ? QSettings().value(QStringLiteral("lastDir")).toString()
                                         : QFileInfo(m_path).absolutePath();
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a config cache"), dir,
                                                      tr("Config caches (*.sqlite *.db);;All files (*)"));
    if (!file.isEmpty())
        openCache(file);
}

void CacheBrowser::openCache(const QString& path, bool create)
{
    m_showJob->stop();
    m_opJob->stop();
    m_path = QFileInfo(path).absoluteFilePath();
    m_cache.reset();
    m_shown.reset();
    m_model->setSummaries({});
    m_detailsModel->setRecord(nullptr);
    m_detailsTitle->clear();
    m_message->hide();
    m_listError.clear();
    m_pathLabel->setText(tr("Cache: %1").arg(QDir::toNativeSeparators(m_path)));
    m_pathLabel->setToolTip(QDir::toNativeSeparators(m_path));

    const std::filesystem::path file = toPath(m_path);
    const cache::ListFilter filter = listFilter();
    m_listJob->start<Listing>(
        tr("Opening the cache"),
        [file, filter, create](JobContext&) {
            Listing out;
            std::error_code ec;
            if (!create && !std::filesystem::exists(file, ec)) {
                out.missing = true;
                return out;
            }
            cache::OpenOptions options;
            options.busyTimeout = kBusyTimeout;
            cache::OpenResult opened = cache::ConfigCache::open(file, options);
            out.openError = opened.error;
            out.movedAsideTo = opened.movedAsideTo;
            out.migratedFromVersion = opened.migratedFromVersion;
            out.created = opened.created;
            if (!opened.cache)
                return out;
            out.cache = std::shared_ptr<cache::ConfigCache>(std::move(opened.cache));
            out.list(*out.cache, filter);
            return out;
        },
        [this](Listing&& listing) { showListing(std::move(listing)); });
    updateActions();
    updateStatus();
}

void CacheBrowser::refresh()
{
    if (!m_cache) {
        if (!m_path.isEmpty())
            openCache(m_path);
        return;
    }
    // The selected tuning stays selected, its record shown or still being read: an operation
    // that fails before the read is done must not leave the table with nothing selected.
    std::optional<std::int64_t> keep;
    if (const std::vector<std::int64_t> ids = selectedIds(); ids.size() == 1)
        keep = ids.front();
    else if (m_shown)
        keep = m_shown->id;
    startList(keep);
}

void CacheBrowser::startList(std::optional<std::int64_t> keepSelected)
{
    std::shared_ptr<cache::ConfigCache> cache = m_cache;
    const cache::ListFilter filter = listFilter();
    m_listJob->start<Listing>(
        tr("Reading the cache"),
        [cache, filter, keepSelected](JobContext&) {
            Listing out;
            out.keepSelected = keepSelected;
            out.list(*cache, filter);
            return out;
        },
        [this](Listing&& listing) { showListing(std::move(listing)); });
    updateActions();
    updateStatus();
}

QString CacheBrowser::errorText(const cache::CacheError& error) const
{
    const QString message = coreText(error.text, error.message);
    if (error.code == "cache-busy")
        return tr("Cache busy: another process is writing to %1. Try Refresh in a moment.\n%2")
            .arg(QDir::toNativeSeparators(m_path), message);
    if (error.code == "cache-newer")
        return tr("%1 was written by a newer TileScope; it is left untouched.\n%2")
            .arg(QDir::toNativeSeparators(m_path), message);
    return message;
}

void CacheBrowser::showListing(Listing&& listing)
{
    QStringList notes;
    bool error = false;
    if (listing.missing) {
        notes << tr("No cache yet at %1. Tuning the kernel stores its results there; File > Open cache… opens "
                    "another one.")
                     .arg(QDir::toNativeSeparators(m_path));
    }
    if (listing.openError) {
        notes << tr("Cannot open the cache %1: %2")
                     .arg(QDir::toNativeSeparators(m_path), errorText(*listing.openError));
        error = true;
    }
    if (!listing.movedAsideTo.empty()) {
        notes << tr("%1 was not a usable config cache (foreign or damaged). It was moved aside to %2 and a new, "
                    "empty cache was started in its place.")
                     .arg(QDir::toNativeSeparators(m_path), fromPath(listing.movedAsideTo));
        error = true;
    } else if (listing.created) {
        notes << tr("A new cache was created at %1.").arg(QDir::toNativeSeparators(m_path));
    }
    if (listing.migratedFromVersion > 0)
        notes << tr("The cache was upgraded from layout version %1.").arg(listing.migratedFromVersion);
    if (listing.cache)
        m_cache = std::move(listing.cache);
    m_listError.clear();
    if (listing.listError) {
        m_listError = errorText(*listing.listError);
        notes << m_listError;
        error = true;
    }
    if (!notes.isEmpty())
        showMessage(notes.join(QLatin1Char('\n')), error);

    if (!listing.listError) {
        const std::optional<std::int64_t> keep = listing.keepSelected;
        m_model->setSummaries(std::move(listing.rows));
        if (keep && m_model->rowOfId(*keep) >= 0)
            selectTuning(*keep);
        else {
            m_shown.reset();
            m_detailsModel->setRecord(nullptr);
            m_detailsTitle->setText(m_model->rowCount() ? tr("Select a tuning to see its candidates.") : QString());
        }
        m_fitter->fit();
    }
    updateActions();
    updateStatus();
    Q_EMIT listed();
}

void CacheBrowser::selectTuning(std::int64_t id)
{
    const int row = m_model->rowOfId(id);
    if (row < 0)
        return;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return;
    m_view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
    m_view->scrollTo(index);
}

std::vector<std::int64_t> CacheBrowser::selectedIds() const
{
    std::vector<std::int64_t> ids;
    for (const QModelIndex& index : m_view->selectionModel()->selectedRows())
        ids.push_back(index.data(CacheTableModel::IdRole).toLongLong());
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::size_t> CacheBrowser::selectedCandidates() const
{
    std::vector<std::size_t> rows;
    for (const QModelIndex& index : m_detailsView->selectionModel()->selectedRows())
        rows.push_back(index.data(TuningRecordModel::CandidateRole).toULongLong());
    std::sort(rows.begin(), rows.end());
    return rows;
}

void CacheBrowser::showSelected()
{
    const std::vector<std::int64_t> ids = selectedIds();
    if (ids.size() != 1 || !m_cache) {
        m_showJob->stop();
        m_shown.reset();
        m_detailsModel->setRecord(nullptr);
        m_detailsTitle->setText(ids.empty() ? QString()
                                            : tr("%Ln tuning(s) selected.", nullptr, int(ids.size())));
        return;
    }
    if (m_shown && m_shown->id == ids.front())
        return;
    std::shared_ptr<cache::ConfigCache> cache = m_cache;
    const std::int64_t id = ids.front();
    struct Shown {
        std::shared_ptr<const cache::TuningRecord> record;
        std::optional<cache::CacheError> error;
    };
    m_detailsTitle->setText(tr("Reading tuning #%1…").arg(id));
    m_showJob->start<Shown>(
        tr("Reading a tuning"),
        [cache, id](JobContext& context) {
            context.checkpoint(0.0, QString());
            Shown out;
            auto shown = cache->show(id);
            if (shown.ok())
                out.record = std::make_shared<const cache::TuningRecord>(std::move(*shown.value));
            else
                out.error = shown.error;
            return out;
        },
        [this](Shown&& shown) {
            if (shown.error) {
                m_shown.reset();
                m_detailsModel->setRecord(nullptr);
                m_detailsTitle->setText(errorText(*shown.error).toHtmlEscaped());
                updateActions();
                return;
            }
            m_shown = shown.record;
            m_detailsModel->setRecord(m_shown);
            QString title = tr("<b>#%1 %2</b>")
                                .arg(m_shown->id)
                                .arg(keyText(m_shown->key).toHtmlEscaped());
            QStringList facts;
            if (!m_shown->workloadPath.empty())
                facts << tr("workload %1").arg(QString::fromStdString(m_shown->workloadPath).toHtmlEscaped());
            facts << tr("tuned %1, modelled tuning time %2")
                         .arg(CacheTableModel::createdText(m_shown->createdAt), secondsText(m_shown->tuningWallSeconds));
            facts << tr("source %1").arg(QString::fromStdString(m_shown->key.sourceHash.substr(0, 12)));
            title += QStringLiteral("<br>") + facts.join(QStringLiteral(" · "));
            if (!m_shown->notes.empty())
                title += QStringLiteral("<br><i>") + coreText(m_shown->notes).toHtmlEscaped() +
                         QStringLiteral("</i>");
            m_detailsTitle->setText(title);
            m_detailsView->resizeColumnsToContents();
            m_detailsView->freezeConfigColumns(m_detailsModel->configColumnCount(),
                                               [this](int column) { return m_detailsModel->columnVaries(column); });
            fillLastColumn(m_detailsView);
            updateActions();
            Q_EMIT recordShown();
        });
}

QTableView* CacheBrowser::detailsView() const
{
    return m_detailsView;
}

bool CacheBrowser::confirm(const QString& title, const QString& text)
{
    QMessageBox box(QMessageBox::Question, title, text, QMessageBox::Yes | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("cacheConfirm"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Yes;
}

void CacheBrowser::runOperation(const QString& label, std::function<QString(cache::ConfigCache&, QString*)> work)
{
    if (!m_cache)
        return;
    std::shared_ptr<cache::ConfigCache> cache = m_cache;
    struct Outcome {
        QString message;
        QString error;
    };
    m_opJob->start<Outcome>(
        label,
        [cache, work](JobContext&) {
            Outcome out;
            out.message = work(*cache, &out.error);
            return out;
        },
        [this](Outcome&& outcome) {
            const bool ok = outcome.error.isEmpty();
            showMessage(ok ? outcome.message : outcome.error, !ok);
            Q_EMIT operationFinished(ok, ok ? outcome.message : outcome.error);
            refresh();
        });
    updateActions();
    updateStatus();
}

void CacheBrowser::deleteSelected()
{
    const std::vector<std::int64_t> ids = selectedIds();
    if (ids.empty() || !m_cache)
        return;
    QStringList names;
    for (std::int64_t id : ids) {
        if (names.size() == 8) {
            names << QStringLiteral("…");
            break;
        }
        const int row = m_model->rowOfId(id);
        if (const cache::TuningSummary* s = m_model->summary(row))
            names << QStringLiteral("#%1 %2").arg(id).arg(keyText(s->key));
    }
    if (!confirm(tr("Delete tunings"), tr("Delete %Ln tuning(s) from %1?", nullptr, int(ids.size()))
                                               .arg(QDir::toNativeSeparators(m_path)) +
                                           QStringLiteral("\n\n") + names.join(QLatin1Char('\n'))))
        return;
    const QString path = m_path;
    runOperation(tr("Deleting"), [ids, path](cache::ConfigCache& cache, QString* error) {
        std::size_t removed = 0;
        for (std::int64_t id : ids) {
            const cache::CacheStatus status = cache.remove(id);
            if (!status.ok()) {
                *error = QCoreApplication::translate("ts::gui::CacheOperation", "Deleted %1 of %2; then: %3")
                             .arg(countText(removed), countText(ids.size()), operationError(*status.error));
                return QString();
            }
            ++removed;
        }
        return QCoreApplication::translate("ts::gui::CacheOperation", "Deleted %Ln tuning(s) from %1.",
                                           nullptr, int(removed))
            .arg(QDir::toNativeSeparators(path));
    });
}

void CacheBrowser::pruneStale()
{
    if (!m_cache)
        return;
    cache::PruneOptions options;
    if (!m_kernelName.empty())
        options.currentSourceHashes.emplace(m_kernelName, m_kernelHash);
    else
        options.superseded = true;  // without a kernel: older sources than each kernel's newest tuning
    options.dryRun = true;
    std::shared_ptr<cache::ConfigCache> cache = m_cache;
    struct DryRun {
        std::vector<cache::PrunedEntry> entries;
        std::optional<cache::CacheError> error;
    };
    m_opJob->start<DryRun>(
        tr("Looking for stale tunings"),
        [cache, options](JobContext&) {
            DryRun out;
            auto pruned = cache->prune(options);
            if (pruned.ok())
                out.entries = std::move(*pruned.value);
            else
                out.error = pruned.error;
            return out;
        },
        [this, options](DryRun&& dry) mutable {
            updateActions();
            updateStatus();
            if (dry.error) {
                showMessage(errorText(*dry.error), true);
                return;
            }
            if (dry.entries.empty()) {
                showMessage(m_kernelName.empty()
                                ? tr("Nothing to prune: every kernel's tunings share its newest source.")
                                : tr("Nothing to prune: no tuning of %1 is stale.").arg(QString::fromStdString(m_kernelName)),
                            false);
                Q_EMIT operationFinished(true, QString());
                return;
            }
            QStringList lines;
            for (const cache::PrunedEntry& e : dry.entries) {
                if (lines.size() == 8) {
                    lines << QStringLiteral("…");
                    break;
                }
                lines << QStringLiteral("#%1 %2 (%3)")
                             .arg(e.summary.id)
                             .arg(keyText(e.summary.key), coreText(e.reason));
            }
            if (!confirm(tr("Prune stale tunings"),
                         tr("Remove %Ln stale tuning(s)?", nullptr, int(dry.entries.size())) +
                             QStringLiteral("\n\n") + lines.join(QLatin1Char('\n'))))
                return;
            options.dryRun = false;
            runOperation(tr("Pruning"), [options](cache::ConfigCache& cache, QString* error) {
                auto pruned = cache.prune(options);
                if (!pruned.ok()) {
                    *error = operationError(*pruned.error);
                    return QString();
                }
                return QCoreApplication::translate("ts::gui::CacheOperation", "Removed %Ln stale tuning(s).",
                                                   nullptr, int(pruned.value->size()));
            });
        });
    updateActions();
    updateStatus();
}

void CacheBrowser::exportJson(const QString& file)
{
    const std::filesystem::path target = toPath(file);
    runOperation(tr("Exporting"), [target, file](cache::ConfigCache& cache, QString* error) {
        const cache::CacheStatus status = cache.exportJson(target);
        if (!status.ok()) {
            *error = operationError(*status.error);
            return QString();
        }
        const auto count = cache.count();
        return QCoreApplication::translate("ts::gui::CacheOperation", "Exported %Ln tuning(s) to %1.",
                                           nullptr, count.ok() ? int(*count.value) : 0)
            .arg(QDir::toNativeSeparators(file));
    });
}

namespace {

QString mergeText(const QString& what, const cache::MergeReport& report)
{
    return QCoreApplication::translate("ts::gui::CacheOperation", "%1: %2 added, %3 replaced by newer tunings, %4 kept "
                                                                "(newer or the same here).")
        .arg(what)
        .arg(report.added)
        .arg(report.replaced)
        .arg(report.kept);
}

} // namespace

void CacheBrowser::importJson(const QString& file)
{
    const std::filesystem::path source = toPath(file);
    runOperation(tr("Importing"), [source, file](cache::ConfigCache& cache, QString* error) {
        auto merged = cache.importJson(source);
        if (!merged.ok()) {
            *error = operationError(*merged.error);
            return QString();
        }
        return mergeText(QCoreApplication::translate("ts::gui::CacheOperation", "Imported %1")
                             .arg(QDir::toNativeSeparators(file)),
                         *merged.value);
    });
}

void CacheBrowser::mergeCaches(const QStringList& files)
{
    std::vector<std::filesystem::path> sources;
    for (const QString& f : files)
        if (QFileInfo(f).absoluteFilePath() != m_path)
            sources.push_back(toPath(f));
    if (sources.empty())
        return;
    runOperation(tr("Merging"), [sources](cache::ConfigCache& cache, QString* error) {
        auto merged = cache.merge(sources);
        if (!merged.ok()) {
            *error = operationError(*merged.error);
            return QString();
        }
        return mergeText(QCoreApplication::translate("ts::gui::CacheOperation", "Merged %Ln cache(s)",
                                                     nullptr, int(sources.size())),
                         *merged.value);
    });
}

ExportDialog* CacheBrowser::openExportDialog()
{
    if (!m_shown)
        return nullptr;
    if (!m_exportDialog) {
        m_exportDialog = new ExportDialog(this);
        m_exportDialog->setAttribute(Qt::WA_DeleteOnClose, false);
    }
    m_exportDialog->setRecord(m_shown, decoratorContextFor(*m_shown, m_analysis.get()), selectedCandidates());
    m_exportDialog->show();
    m_exportDialog->raise();
    return m_exportDialog;
}

void CacheBrowser::showMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("background: rgba(229, 57, 53, 55); border-radius: 4px;")
                                   : QStringLiteral("background: rgba(30, 136, 229, 45); border-radius: 4px;"));
    m_message->setProperty("error", error);
    m_message->setVisible(!text.isEmpty());
}

void CacheBrowser::updateActions()
{
    const bool open = m_cache != nullptr;
    const bool working = m_opJob->isRunning() || m_listJob->isRunning();
    const bool anySelected = m_view->selectionModel()->hasSelection();
    m_refreshAction->setEnabled(!m_path.isEmpty() && !working);
    m_deleteAction->setEnabled(open && anySelected && !working);
    m_pruneAction->setEnabled(open && !working && m_model->rowCount() > 0);
    m_exportJsonAction->setEnabled(open && !working);
    m_importJsonAction->setEnabled(open && !working);
    m_mergeAction->setEnabled(open && !working);
    m_exportConfigsAction->setEnabled(m_shown != nullptr);
}

void CacheBrowser::updateStatus()
{
    if (m_listJob->isRunning() || m_opJob->isRunning()) {
        m_status->setText((m_opJob->isRunning() ? m_opJob->label() : m_listJob->label()) + QStringLiteral("…"));
        return;
    }
    if (!m_cache) {
        m_status->setText(m_path.isEmpty() ? tr("No cache open.") : QString());
        return;
    }
    QString text = tr("%Ln tuning(s)", nullptr, m_model->rowCount());
    if (m_kernelName.empty())
        text += tr("; open the kernel to see which are stale");
    else
        text += tr(", %Ln stale for the open %1", nullptr, int(m_model->staleCount()))
                    .arg(QString::fromStdString(m_kernelName));
    if (!m_listError.isEmpty())
        text = tr("Cache busy or unreadable: the list may be out of date");
    m_status->setText(text);
}

void CacheBrowser::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        setDark(isDarkPalette(palette()));
}

} // namespace ts::gui
