#pragma once
// The config cache browser: the tunings of one cache file (the open kernel's default cache, or
// any other), which of them are stale for the open kernel, the candidates of the selected one,
// and the housekeeping: delete, prune stale, export / import JSON, merge other caches.
//
// Every cache call runs off the GUI thread (a big cache lists slowly, a busy one waits), with a
// short busy timeout: a cache locked by another process is reported as busy, never waited on.

#include "core/analysis/kernel_analysis.h"
#include "core/cache/config_cache.h"

#include <QDialog>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QToolBar;

namespace ts::gui {

class BackgroundJob;
class CacheTableModel;
class ColumnFitter;
class ExportDialog;
class FrozenTableView;
class TuningRecordModel;

// A tuning's key in the reader's language: "matmul_kernel[M=4096, ...; float16, ...] on
// Ascend910B2 (default method, simulator sim-3, backend 2026-08)".
QString keyText(const cache::TuningKey& key);

class CacheBrowser : public QDialog {
    Q_OBJECT
public:
    explicit CacheBrowser(QWidget* parent = nullptr);
    ~CacheBrowser() override;

    // The open kernel: its stored tunings get a fresh / stale state, and exports keep its
    // decorator as written. Null when no kernel is open.
    void setKernel(std::shared_ptr<const analysis::KernelAnalysis> analysis);
    // Opens a cache file and lists it (asynchronously; see listed()). A missing file is not
    // created unless `create` is set: browsing must not leave caches behind.
    void openCache(const QString& path, bool create = false);
    void refresh();
    QString cachePath() const { return m_path; }
    bool hasCache() const { return m_cache != nullptr; }
    bool isBusy() const;

    // Housekeeping, as the buttons do it but without file dialogs (the confirmations remain).
    void deleteSelected();
    void pruneStale();
    void exportJson(const QString& file);
    void importJson(const QString& file);
    void mergeCaches(const QStringList& files);

    // The tuning shown in the details pane and the candidate rows selected there.
    std::shared_ptr<const cache::TuningRecord> shownRecord() const { return m_shown; }
    std::vector<std::size_t> selectedCandidates() const;
    void selectTuning(std::int64_t id);
    void setDark(bool dark);

    CacheTableModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* view() const { return m_view; }
    TuningRecordModel* detailsModel() const { return m_detailsModel; }
    QTableView* detailsView() const;
    QLabel* messageBar() const { return m_message; }
    QLabel* statusLabel() const { return m_status; }
    QLineEdit* filterEdit() const { return m_filter; }
    QAction* deleteAction() const { return m_deleteAction; }
    QAction* pruneAction() const { return m_pruneAction; }
    QAction* exportConfigsAction() const { return m_exportConfigsAction; }
    // The job that reads the selected tuning's record (tests hold it with a probe).
    BackgroundJob* showJob() const { return m_showJob; }
    // Asks for a cache file and opens it.
    void openCacheInteractively();
    // Opens the export dialog on the shown tuning and the selected candidate rows.
    ExportDialog* openExportDialog();
    ExportDialog* exportDialog() const { return m_exportDialog; }

Q_SIGNALS:
    void listed();                // the table shows the cache's tunings
    void recordShown();           // the details pane shows shownRecord()
    void operationFinished(bool ok, const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Listing;
    void startList(std::optional<std::int64_t> keepSelected);
    void showListing(Listing&& listing);
    void showSelected();
    void runOperation(const QString& label, std::function<QString(cache::ConfigCache&, QString*)> work);
    void showMessage(const QString& text, bool error);
    QString errorText(const cache::CacheError& error) const;
    void updateActions();
    void updateStatus();
    cache::ListFilter listFilter() const;
    std::vector<std::int64_t> selectedIds() const;
    bool confirm(const QString& title, const QString& text);

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    std::string m_kernelName, m_kernelHash;
    QString m_path;
    std::shared_ptr<cache::ConfigCache> m_cache;
    std::shared_ptr<const cache::TuningRecord> m_shown;
    QString m_listError;

    BackgroundJob* m_listJob = nullptr;
    BackgroundJob* m_showJob = nullptr;
    BackgroundJob* m_opJob = nullptr;

    QToolBar* m_toolbar = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_refreshAction = nullptr;
    QAction* m_deleteAction = nullptr;
    QAction* m_pruneAction = nullptr;
    QAction* m_exportJsonAction = nullptr;
    QAction* m_importJsonAction = nullptr;
    QAction* m_mergeAction = nullptr;
    QAction* m_exportConfigsAction = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_pathLabel = nullptr;
    QLineEdit* m_filter = nullptr;
    CacheTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_view = nullptr;
    ColumnFitter* m_fitter = nullptr;
    QLabel* m_detailsTitle = nullptr;
    TuningRecordModel* m_detailsModel = nullptr;
    QSortFilterProxyModel* m_detailsProxy = nullptr;
    FrozenTableView* m_detailsView = nullptr;
    QSplitter* m_splitter = nullptr;
    QLabel* m_status = nullptr;
    ExportDialog* m_exportDialog = nullptr;
};

} // namespace ts::gui
