#include "widgets/tool_dialogs.h"

#include "core/pipeline/tuning_pipeline.h"
#include "widgets/cache_browser.h"
#include "widgets/export_dialog.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/space_page.h"
#include "widgets/status_colors.h"
#include "widgets/sweep_dialog.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

namespace ts::gui {

ToolDialogs::ToolDialogs(MainWindow* window) : QObject(window), m_window(window)
{
    setObjectName(QStringLiteral("toolDialogs"));
    m_openCacheAction = new QAction(tr("Open &cache…"), this);
    m_openCacheAction->setObjectName(QStringLiteral("openCacheAction"));
    m_openCacheAction->setStatusTip(tr("Browse a config cache file"));
    connect(m_openCacheAction, &QAction::triggered, this, &ToolDialogs::openCacheFile);
    m_exportAction = new QAction(tr("&Export configs…"), this);
    m_exportAction->setObjectName(QStringLiteral("exportConfigsAction"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setStatusTip(tr("Write the tuning as a triton.Config list to paste over the kernel, a report, "
                                    "or Triton's autotune cache"));
    connect(m_exportAction, &QAction::triggered, this, [this] { exportConfigs(); });
    m_browserAction = new QAction(tr("&Cache browser…"), this);
    m_browserAction->setObjectName(QStringLiteral("cacheBrowserAction"));
    m_browserAction->setStatusTip(tr("The tunings stored for this kernel's folder: stale ones, delete, prune, "
                                     "export, import, merge"));
    connect(m_browserAction, &QAction::triggered, this, [this] { openCacheBrowser(); });
    m_sweepAction = new QAction(tr("Shape &sweep…"), this);
    m_sweepAction->setObjectName(QStringLiteral("shapeSweepAction"));
    m_sweepAction->setStatusTip(tr("Tune the kernel over a range of shapes and find the fewest configs that "
                                   "serve them all"));
    connect(m_sweepAction, &QAction::triggered, this, [this] { openSweep(); });

    KernelDocument* doc = m_window->document();
    connect(doc, &KernelDocument::analysisReady, this, [this] {
        if (m_browser)
            m_browser->setKernel(m_window->document()->analysis());
        updateActions();
    });
    connect(doc, &KernelDocument::tuningStored, this, [this] {
        if (m_browser && m_browser->isVisible() && m_browser->cachePath() == m_window->document()->cacheFile())
            m_browser->refresh();
    });
    connect(doc, &KernelDocument::tuningFinished, this, &ToolDialogs::updateActions);
    connect(doc, &KernelDocument::tuningCleared, this, &ToolDialogs::updateActions);
    updateActions();
}

void ToolDialogs::install(QMenu* fileMenu)
{
    QAction* before = nullptr;
    const QList<QAction*> actions = fileMenu->actions();
    for (auto it = actions.rbegin(); it != actions.rend() && !before; ++it)
        if ((*it)->isSeparator())
            before = *it;
    fileMenu->insertAction(before, m_openCacheAction);
    fileMenu->insertAction(before, m_exportAction);
    fileMenu->insertSeparator(m_openCacheAction);

    QMenuBar* bar = m_window->menuBar();
    auto* tools = new QMenu(tr("&Tools"), bar);
    tools->setObjectName(QStringLiteral("toolsMenu"));
    tools->addAction(m_browserAction);
    tools->addAction(m_sweepAction);
    tools->addSeparator();
    tools->addAction(m_exportAction);
    const QList<QAction*> menus = bar->actions();
    bar->insertMenu(menus.isEmpty() ? nullptr : menus.back(), tools);
}

void ToolDialogs::updateActions()
{
    const KernelDocument* doc = m_window->document();
    m_sweepAction->setEnabled(doc->analysis() != nullptr);
    m_exportAction->setEnabled(true);  // without a tuning it opens the cache browser
}

CacheBrowser* ToolDialogs::openCacheBrowser()
{
    KernelDocument* doc = m_window->document();
    const bool created = !m_browser;
    if (created)
        m_browser = new CacheBrowser(m_window);
    m_browser->setDark(isDarkPalette(QApplication::palette()));
    m_browser->setKernel(doc->analysis());
    const QString path = doc->cacheFile();
    if (!path.isEmpty() && (created || m_browser->cachePath() != path || !m_browser->hasCache()))
        m_browser->openCache(path);
    else if (!created)
        m_browser->refresh();
    m_browser->show();
    m_browser->raise();
    m_browser->activateWindow();
    return m_browser;
}

void ToolDialogs::openCacheFile()
{
    if (!m_browser) {
        m_browser = new CacheBrowser(m_window);
        m_browser->setKernel(m_window->document()->analysis());
    }
    m_browser->setDark(isDarkPalette(QApplication::palette()));
    m_browser->show();
    m_browser->openCacheInteractively();
}

std::shared_ptr<const cache::TuningRecord> ToolDialogs::currentRecord() const
{
    const KernelDocument* doc = m_window->document();
    const auto run = doc->tuningRun();
    const auto result = doc->tuningResult();
    const auto analysis = doc->analysis();
    if (!run || !result || !analysis || !run->space())
        return nullptr;
    auto record = std::make_shared<cache::TuningRecord>(
        pipeline::recordFromTuning(*analysis, *run->space(), *result, run->options()));
    record->workloadPath = doc->workload().path;
    // The tuning's own time, as its cache entry holds it: the time of opening the dialog said
    // "tuned 01:30:27" beside an entry of 01:30:00.
    if (record->createdAt.empty())
        record->createdAt = run->tunedAt();
    if (record->createdAt.empty())
        record->createdAt = cache::nowIsoUtc();
    return record;
}

std::vector<std::size_t> ToolDialogs::selectedRecordCandidates(const cache::TuningRecord& record) const
{
    const auto space = m_window->document()->space();
    const std::optional<std::size_t> selected = m_window->spacePage()->selectedCandidate();
    if (!space || !selected || *selected >= space->size())
        return {};
    // The record lists candidates by their parameters: find the selected one there.
    cache::TextPairs params;
    for (const auto& [name, value] : space->params(*selected))
        params.emplace_back(name, value.toPython());
    for (std::size_t i = 0; i < record.candidates.size(); ++i)
        if (record.candidates[i].params == params && record.candidates[i].numWarps == space->numWarps(*selected))
            return {i};
    return {};
}

ExportDialog* ToolDialogs::exportConfigs()
{
    const std::shared_ptr<const cache::TuningRecord> record = currentRecord();
    if (!record) {
        m_window->statusBar()->showMessage(
            tr("No tuning of this launch yet: tune it, or pick a stored tuning in the cache browser and export it "
               "from there."),
            10000);
        openCacheBrowser();
        return nullptr;
    }
    if (!m_export)
        m_export = new ExportDialog(m_window);
    m_export->setRecord(record, decoratorContextFor(*record, m_window->document()->analysis().get()),
                        selectedRecordCandidates(*record));
    m_export->show();
    m_export->raise();
    m_export->activateWindow();
    return m_export;
}

SweepDialog* ToolDialogs::openSweep()
{
    KernelDocument* doc = m_window->document();
    if (!m_sweep)
        m_sweep = new SweepDialog(m_window);
    m_sweep->setDark(isDarkPalette(QApplication::palette()));
    if (!m_sweep->isRunning()) {
        const auto analysis = doc->analysis();
        m_sweep->setLaunch(analysis, analysis ? doc->devices().find(analysis->workload.device) : nullptr,
                           doc->tuningOptions());
        m_sweep->setCachePath(doc->cacheFile());
    }
    m_sweep->show();
    m_sweep->raise();
    m_sweep->activateWindow();
    return m_sweep;
}

} // namespace ts::gui
