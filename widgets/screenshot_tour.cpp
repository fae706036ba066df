#include "widgets/screenshot_tour.h"

#include "core/cache/config_cache.h"
#include "widgets/background_job.h"
#include "widgets/backend_compare_dialog.h"
#include "widgets/cache_browser.h"
#include "widgets/cache_table_model.h"
#include "widgets/candidate_filter_proxy.h"
#include "widgets/candidate_table_model.h"
#include "widgets/charts_page.h"
#include "widgets/compare_dialog.h"
#include "widgets/device_compare_dialog.h"
#include "widgets/export_dialog.h"
#include "widgets/frozen_table_view.h"
#include "widgets/heatmap_chart.h"
#include "widgets/kernel_document.h"
#include "widgets/kernel_page.h"
#include "widgets/main_window.h"
#include "widgets/pipe_chart.h"
#include "widgets/qcp.h"
#include "widgets/run_chart.h"
#include "widgets/space_page.h"
#include "widgets/sweep_dialog.h"
#include "widgets/tool_dialogs.h"

#include <QAction>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QSortFilterProxyModel>
#include <QPixmap>
#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <filesystem>

#include <iostream>

namespace ts::gui {

ScreenshotTour::ScreenshotTour(MainWindow* window, QString dir, QString prefix, QObject* parent)
    : QObject(parent), m_window(window), m_dir(std::move(dir)), m_prefix(std::move(prefix))
{
    auto firstGenerated = [this] {
        const auto space = m_window->document()->space();
        if (!space)
            return;
        for (std::size_t i = 0; i < space->size(); ++i)
            if (space->status(i) == space::CandidateStatus::Generated) {
                m_window->spacePage()->selectCandidate(i);
                m_window->chartsPage()->setSelectedCandidate(i);
                return;
            }
    };
    m_steps = {
        [this] { m_window->tabs()->setCurrentWidget(m_window->kernelPage()); },
        [this] { grab(QStringLiteral("kernel")); },
        [this, firstGenerated] {
            m_window->tabs()->setCurrentWidget(m_window->spacePage());
            firstGenerated();
        },
        [this] { grab(QStringLiteral("candidates")); },
        [this] { m_window->document()->setLattice(true); },
        [this, firstGenerated] {
            m_window->tabs()->setCurrentWidget(m_window->chartsPage());
            firstGenerated();
        },
        [this] { grab(QStringLiteral("charts")); },
        [this] { m_window->tabs()->setCurrentWidget(m_window->spacePage()); },
        [this] { grab(QStringLiteral("lattice")); },
        // The launch under both backend versions (Run > Compare backend versions).
        [this] {
            if (QAction* a = m_window->findChild<QAction*>(QStringLiteral("compareBackendsAction")))
                a->trigger();
        },
        [this] {
            if (BackendCompareDialog* d = m_window->findChild<BackendCompareDialog*>())
                grab(QStringLiteral("backend-compare"), d);
        },
        [this] {
            if (BackendCompareDialog* d = m_window->findChild<BackendCompareDialog*>())
                d->close();
        },
    };
    addTuningSteps();
    // The dark views last: labels styled under one palette keep its text colour after a switch.
    const std::vector<std::function<void()>> dark = {
        [this] {
            m_window->setDarkTheme(true);
            m_window->tabs()->setCurrentWidget(m_window->chartsPage());
            m_window->chartsPage()->tabs()->setCurrentWidget(m_window->chartsPage()->spaceTab());
        },
        [this] { grab(QStringLiteral("charts-dark")); },
        [this] { m_window->tabs()->setCurrentWidget(m_window->kernelPage()); },
        [this] { grab(QStringLiteral("kernel-dark")); },
        [this] { m_window->setDarkTheme(false); },
    };
    m_steps.insert(m_steps.end(), dark.begin(), dark.end());
}

void ScreenshotTour::addTuningSteps()
{
    auto tools = [this] { return m_window->findChild<ToolDialogs*>(); };
    auto compare = [this] { return m_window->findChild<CompareDialog*>(); };
    const std::vector<std::function<void()>> steps = {
        [this] { m_window->document()->setLattice(false); },
        [this] { m_window->document()->tune(); },
        [this] {
            // The fastest first, scrolled to the timing columns.
            SpacePage* page = m_window->spacePage();
            m_window->tabs()->setCurrentWidget(page);
            const int p50 = page->model()->columnOf(CandidateTableModel::Column::P50);
            if (const auto result = m_window->document()->tuningResult(); result && result->best)
                page->selectCandidate(*result->best);
            if (p50 >= 0) {
                page->view()->sortByColumn(p50, Qt::AscendingOrder);
                page->view()->scrollToTop();
                // The p50 column first beside the frozen config columns.
                const auto* frozen = qobject_cast<const FrozenTableView*>(page->view());
                page->view()->horizontalScrollBar()->setValue(page->view()->horizontalHeader()->sectionPosition(p50) -
                                                              (frozen ? frozen->frozenWidth() : 0));
            }
        },
        [this] { grab(QStringLiteral("tuned")); },
        [this] {
            m_window->tabs()->setCurrentWidget(m_window->chartsPage());
            if (const auto result = m_window->document()->tuningResult(); result && result->best)
                m_window->chartsPage()->setSelectedCandidate(*result->best);
        },
        [this] {
            // The per-pipe chart whole where the window is too short for the space tab (a step
            // of its own: the tab is laid out once it is shown).
            if (auto* scroll = m_window->chartsPage()->findChild<QScrollArea*>(QStringLiteral("chartsSpaceScroll")))
                scroll->ensureWidgetVisible(m_window->chartsPage()->pipeChart(), 0, 0);
        },
        [this] { grab(QStringLiteral("breakdown")); },
        [this] { m_window->chartsPage()->tabs()->setCurrentWidget(m_window->chartsPage()->timingsTab()); },
        [this] { grab(QStringLiteral("timings")); },
        [this] { m_window->chartsPage()->tabs()->setCurrentWidget(m_window->chartsPage()->timelineTab()); },
        [this] { grab(QStringLiteral("timeline")); },
        // The heat map coloured by the tuning's p50, then the way back to colour by status.
        [this] {
            m_window->chartsPage()->tabs()->setCurrentWidget(m_window->chartsPage()->spaceTab());
            m_window->chartsPage()->heatmap()->setColourBy(int(pipeline::CandidateMetric::SimulatedP50));
            if (auto* scroll = m_window->chartsPage()->findChild<QScrollArea*>(QStringLiteral("chartsSpaceScroll")))
                scroll->verticalScrollBar()->setValue(0);  // back to the heat map
        },
        [this] { grab(QStringLiteral("heatmap-p50")); },
        [this] { m_window->chartsPage()->heatmap()->setColourBy(HeatmapChart::kColourByStatus); },
        // Each device's best on the others (Run > Compare devices: regret and one config list).
        [this] {
            if (QAction* a = m_window->findChild<QAction*>(QStringLiteral("deviceRegretAction")))
                a->trigger();
            if (DeviceCompareDialog* d = m_window->findChild<DeviceCompareDialog*>()) {
                const QString here = QString::fromStdString(m_window->document()->workload().device);
                d->setChosenDevices({here, here == QLatin1String("Ascend910B4") ? QStringLiteral("Ascend910B2")
                                                                                   : QStringLiteral("Ascend910B4"),
                                     QStringLiteral("Ascend310P3")});
                d->run();
            }
        },
        [this] {
            if (DeviceCompareDialog* d = m_window->findChild<DeviceCompareDialog*>())
                grab(QStringLiteral("device-regret"), d);
        },
        [this] {
            if (DeviceCompareDialog* d = m_window->findChild<DeviceCompareDialog*>())
                d->close();
        },
        // Two devices side by side.
        [this, compare] {
            if (QAction* a = m_window->findChild<QAction*>(QStringLiteral("compareAction")))
                a->trigger();
            if (CompareDialog* d = compare()) {
                const QString here = QString::fromStdString(m_window->document()->workload().device);
                d->setChosenDevices({here, here == QLatin1String("Ascend910B4") ? QStringLiteral("Ascend910B2")
                                                                                   : QStringLiteral("Ascend910B4")});
                d->run();
            }
        },
        [this, compare] {
            if (CompareDialog* d = compare())
                grab(QStringLiteral("compare"), d);
        },
        [compare] {
            if (CompareDialog* d = compare())
                d->close();
        },
        // A shape sweep (its tunings fill the scratch cache), when the launch tunes at all.
        [this, tools] {
            if (tuned())
                tools()->openSweep()->run();
        },
        [this, tools] {
            if (tuned())
                grab(QStringLiteral("sweep"), tools()->sweepDialog());
        },
        [tools] {
            if (SweepDialog* d = tools()->sweepDialog())
                d->close();
        },
        [this] { playAnEarlierKernelVersion(); },
        [tools] { tools()->openCacheBrowser(); },
        [tools] {
            // Show the launch's own tuning in the details pane.
            CacheBrowser* b = tools()->cacheBrowser();
            const CacheTableModel* model = b->model();
            for (int r = 0; r < model->rowCount(); ++r)
                if (model->index(r, CacheTableModel::State).data(CacheTableModel::FreshnessRole).toInt() ==
                    int(cache::Freshness::Fresh)) {
                    b->selectTuning(model->index(r, 0).data(CacheTableModel::IdRole).toLongLong());
                    break;
                }
        },
        [this, tools] { grab(QStringLiteral("cache"), tools()->cacheBrowser()); },
        [tools] { tools()->cacheBrowser()->close(); },
        [this, tools] {
            if (!tuned())
                return;
            if (ExportDialog* d = tools()->exportConfigs())
                d->setTopK(4);
        },
        [this, tools] {
            if (ExportDialog* d = tools()->exportDialog())
                grab(QStringLiteral("export"), d);
        },
        [tools] {
            if (ExportDialog* d = tools()->exportDialog())
                d->close();
        },
        // Opened again: the cached tuning is shown at once, labelled with where it came from.
        [this] {
            if (tuned())
                m_window->openFile(QString::fromStdString(m_window->document()->workload().path));
        },
        [this] {
            if (tuned()) {
                m_window->tabs()->setCurrentWidget(m_window->spacePage());
                grab(QStringLiteral("cached"));
            }
        },
    };
    m_steps.insert(m_steps.end(), steps.begin(), steps.end());
}

bool ScreenshotTour::tuned() const
{
    const auto result = m_window->document()->tuningResult();
    return result && result->best;
}

void ScreenshotTour::playAnEarlierKernelVersion()
{
    // The stale mark of the cache browser needs a tuning made before the kernel was edited: one
    // of the sweep's own tunings (another shape than the launch's) becomes that shape's tuning of
    // a day earlier, under the hash of an earlier source. Its figures stay the real ones of its
    // shape and backend; only the source it was tuned for differs.
    ToolDialogs* tools = m_window->findChild<ToolDialogs*>();
    const auto record = tools && tuned() ? tools->currentRecord() : nullptr;
    if (!record)
        return;
    auto opened = cache::ConfigCache::open(std::filesystem::path(m_window->document()->cacheFile().toStdString()));
    if (!opened.cache)
        return;
    auto all = opened.cache->records();
    if (!all.ok())
        return;
    for (const cache::TuningRecord& other : *all.value) {
        if (other.key.kernelName != record->key.kernelName || other.key.device != record->key.device ||
            other.key.keyValues == record->key.keyValues)
            continue;
        const QDateTime when = QDateTime::fromString(QString::fromStdString(other.createdAt), Qt::ISODateWithMs);
        if (!when.isValid())
            continue;
        cache::TuningRecord earlier = other;
        earlier.key.sourceHash = cache::sourceHashOf("an earlier version of " + earlier.key.kernelName);
        earlier.createdAt = when.addDays(-1).toUTC().toString(Qt::ISODateWithMs).toStdString();
        opened.cache->store(earlier);
        return;
    }
}

void ScreenshotTour::start()
{
    QDir().mkpath(m_dir);
    m_window->document()->setCacheFile(m_scratch.filePath(QStringLiteral("cache.sqlite")));
    QTimer::singleShot(300, this, &ScreenshotTour::next);
}

bool ScreenshotTour::settled() const
{
    const HeatmapChart* heatmap = m_window->chartsPage()->heatmap();
    if (m_window->document()->isBusy() || heatmap->job()->isRunning())
        return false;
    // A lattice of millions sorts in the background: the table is shown once in its order.
    if (!m_window->spacePage()->proxy()->isSettled())
        return false;
    for (const RunChart* chart : m_window->findChildren<RunChart*>())
        if (chart->isRefreshing())
            return false;
    if (const CompareDialog* compare = m_window->findChild<CompareDialog*>(); compare && compare->job()->isRunning())
        return false;
    if (const BackendCompareDialog* d = m_window->findChild<BackendCompareDialog*>(); d && d->job()->isRunning())
        return false;
    if (const DeviceCompareDialog* d = m_window->findChild<DeviceCompareDialog*>(); d && d->isRunning())
        return false;
    if (const ToolDialogs* tools = m_window->findChild<ToolDialogs*>()) {
        if (tools->sweepDialog() && tools->sweepDialog()->isRunning())
            return false;
        if (tools->cacheBrowser() && tools->cacheBrowser()->isBusy())
            return false;
    }
    return true;
}

void ScreenshotTour::next()
{
    // Wait until the document and the charts are idle (at most a minute), then a little more
    // for queued repaints.
    if (!settled()) {
        if (m_waited < 600) {
            ++m_waited;
            QTimer::singleShot(100, this, &ScreenshotTour::next);
            return;
        }
        std::cerr << "screenshots: the work before step " << m_step << " still runs after a minute; "
                  << "the view is taken as it is\n";
    } else if (m_waited > 0) {
        // Settled only now: what the last result queued (a chart's replot, a label's new
        // height) lands before the view is taken, or a sweep is grabbed with its chart empty.
        m_waited = 0;
        QTimer::singleShot(400, this, &ScreenshotTour::next);
        return;
    }
    m_waited = 0;
    if (m_step >= m_steps.size()) {
        Q_EMIT finished(m_ok);
        return;
    }
    m_steps[m_step++]();
    QTimer::singleShot(400, this, &ScreenshotTour::next);
}

void ScreenshotTour::grab(const QString& view, QWidget* widget)
{
    const QString path = QDir(m_dir).filePath(m_prefix + QLatin1Char('-') + view + QStringLiteral(".png"));
    QWidget* shown = widget ? widget : static_cast<QWidget*>(m_window);
    // What is queued lands first: a label's new height, a chart's queued replot (a heat map was
    // taken with its new legend beside the old cells).
    QCoreApplication::sendPostedEvents();
    if (shown->layout())
        shown->layout()->activate();
    for (QCustomPlot* plot : shown->findChildren<QCustomPlot*>())
        if (plot->isVisible())
            plot->replot(QCustomPlot::rpImmediateRefresh);
    const QPixmap pixmap = shown->grab();
    if (pixmap.isNull() || !pixmap.save(path)) {
        std::cerr << "cannot write " << path.toStdString() << "\n";
        m_ok = false;
        return;
    }
    m_written << path;
    std::cout << path.toStdString() << "\n";
}

} // namespace ts::gui
