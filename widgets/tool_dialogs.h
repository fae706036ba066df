#pragma once
// The window's tools over kept tunings: File > Open cache… and Export configs… (Ctrl+E), and a
// Tools menu with the cache browser and the shape sweep. Owns those dialogs (created on first
// use) and keeps them in step with the open kernel.

#include "core/cache/tuning_record.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QMenu;

namespace ts::gui {

class CacheBrowser;
class ExportDialog;
class MainWindow;
class SweepDialog;

class ToolDialogs : public QObject {
    Q_OBJECT
public:
    explicit ToolDialogs(MainWindow* window);

    // Adds the File entries before the menu's last separator, and the Tools menu before the
    // menu bar's last menu (Help).
    void install(QMenu* fileMenu);

    CacheBrowser* openCacheBrowser();
    void openCacheFile();
    // The current tuning (with the candidate selected in the table), else the cache browser.
    ExportDialog* exportConfigs();
    SweepDialog* openSweep();

    CacheBrowser* cacheBrowser() const { return m_browser; }
    ExportDialog* exportDialog() const { return m_export; }
    SweepDialog* sweepDialog() const { return m_sweep; }

    // The record the cache would store for the document's tuning; null when there is none.
    std::shared_ptr<const cache::TuningRecord> currentRecord() const;
    // The record's candidates that are selected in the candidate table.
    std::vector<std::size_t> selectedRecordCandidates(const cache::TuningRecord& record) const;

private:
    void updateActions();

    MainWindow* m_window;
    CacheBrowser* m_browser = nullptr;
    ExportDialog* m_export = nullptr;
    SweepDialog* m_sweep = nullptr;
    QAction* m_openCacheAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_browserAction = nullptr;
    QAction* m_sweepAction = nullptr;
};

} // namespace ts::gui
