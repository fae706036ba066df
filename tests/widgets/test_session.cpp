// Picking up where the user left off: a launch whose tuning the cache holds opens with it shown
// (labelled cached, with its date and versions), the session comes back at start, files edited
// outside are read again (keeping the results that still hold), and a kernel that does not parse
// opens with the error marked until it is fixed on disk.

#include "backend_versions.h"
#include "cli_run.h"
#include "window_test_support.h"

#include "core/pipeline/tuning_pipeline.h"
#include "core/util/version.h"
#include "widgets/candidate_table_model.h"
#include "widgets/charts_page.h"
#include "widgets/kernel_document.h"
#include "widgets/kernel_page.h"
#include "widgets/launch_editor.h"
#include "widgets/main_window.h"
#include "widgets/pipe_chart.h"
#include "widgets/source_view.h"
#include "widgets/space_page.h"
#include "widgets/timeline_chart.h"
#include "widgets/timings_chart.h"

#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBlock>
#include <QTemporaryDir>
#include <QTreeWidget>

#include <cmath>

#include <nlohmann/json.hpp>

using namespace ts;
using gui::KernelDocument;
using gui::MainWindow;

using test::copyExample;

namespace {

QString readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

bool writeFile(const QString& path, const QString& text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(text.toUtf8()) == text.toUtf8().size();
}

// Opens and waits until the document has asked the cache for a tuning of the space shown.
bool openAndCheckCache(MainWindow& window, const QString& path, bool* loaded = nullptr)
{
    QSignalSpy checked(window.document(), &KernelDocument::cachedTuningChecked);
    window.openFile(path);
    if (!test::waitForCount(checked) || !test::waitUntil([&] { return !window.document()->isBusy(); }))
        return false;
    if (loaded)
        *loaded = checked.last().at(0).toBool();
    return true;
}

bool tuneAndWait(MainWindow& window)
{
    QSignalSpy finished(window.document(), &KernelDocument::tuningFinished);
    if (!window.tuneAction()->isEnabled())
        return false;
    window.tuneAction()->trigger();
    return test::waitForCount(finished) && test::waitUntil([&] { return !window.document()->isBusy(); });
}

// Waits for an edit on disk to come back as a reload: the watcher's own signal (inotify, an
// event), then the document's once it has read the files again.
bool waitForReload(KernelDocument* doc, QSignalSpy& changed, QSignalSpy& reloaded)
{
    return test::waitForCount(changed) && test::waitForCount(reloaded) &&
           test::waitUntil([&] { return !doc->isBusy(); });
}

// A grab of the window for the documentation, when TILESCOPE_TEST_SCREENSHOTS names a folder.
void maybeGrab(QWidget& window, const char* name)
{
    const QString dir = qEnvironmentVariable("TILESCOPE_TEST_SCREENSHOTS");
    if (!dir.isEmpty())
        window.grab().save(dir + QLatin1Char('/') + QString::fromLatin1(name) + QStringLiteral(".png"));
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }
    void init() { QSettings().clear(); }

    void aCachedTuningIsShownAtOnceLabelledCached()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "add.json", "add.py");
        QVERIFY(!path.isEmpty());
        std::shared_ptr<const tuning::TuningResult> tunedHere;
        std::vector<double> timesHere;
        gui::TuningTimeline timelineHere;
        {
            MainWindow window;
            window.show();
            bool loaded = true;
            QVERIFY(openAndCheckCache(window, path, &loaded));
            QVERIFY(!loaded);  // nothing cached yet
            QVERIFY(!window.document()->tuningRun());
            QVERIFY(tuneAndWait(window));
            tunedHere = window.document()->tuningResult();
            QVERIFY(tunedHere && tunedHere->best);
            QVERIFY(!window.document()->tuningRun()->cachedOrigin());
            QVERIFY(!window.spacePage()->originLabel()->isVisible());
            const auto timings = window.document()->tuningRun()->timings();
            timesHere.assign(timings->size(), std::nan(""));
            timings->forEach([&](std::size_t c, const gui::CandidateTimings::Figures& f) { timesHere[c] = f.p50Us; });
            timelineHere = gui::buildTimeline(window.document()->tuningRun()->snapshot());
        }

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        bool loaded = false;
        QVERIFY(openAndCheckCache(window, path, &loaded));
        QVERIFY(loaded);
        KernelDocument* doc = window.document();
        const auto run = doc->tuningRun();
        QVERIFY(run && run->isFinished());
        QVERIFY(run->cachedOrigin());

        // What the cache holds for it: the same date and versions are shown.
        const cache::TuningKey key = pipeline::tuningKeyFor(*doc->analysis(), doc->analysis()->workload.device,
                                                            npu::BenchMethod::Default);
        auto opened = cache::ConfigCache::open(doc->cacheFile().toStdString());
        QVERIFY(opened.ok());
        const cache::LookupResult stored = opened.cache->lookup(key);
        QCOMPARE(stored.freshness, cache::Freshness::Fresh);
        QCOMPARE(stored.record->tilescopeVersion, std::string(kVersion));
        const gui::CachedOrigin& origin = *run->cachedOrigin();
        QCOMPARE(origin.createdAt, stored.record->createdAt);
        QCOMPARE(origin.tilescopeVersion, std::string(kVersion));
        QCOMPARE(origin.backend, stored.record->key.backend);
        QCOMPARE(origin.simulatorVersion, std::string(tuning::kSimulatorVersion));

        // The best and every timing are the tuning's, at once, without tuning again.
        QCOMPARE(run->bestCandidate(), tunedHere->best);
        QCOMPARE(doc->tuningResult()->finished, tunedHere->finished);
        const auto timings = run->timings();
        QCOMPARE(timings->size(), timesHere.size());
        for (std::size_t i = 0; i < timesHere.size(); ++i)
            QVERIFY(std::isnan(timesHere[i]) ? std::isnan(timings->p50Us(i))
                                             : std::abs(timings->p50Us(i) - timesHere[i]) < 1e-9 * timesHere[i]);
        gui::CandidateTableModel* model = window.spacePage()->model();
        QVERIFY(model->hasTimings());
        const int outcome = model->columnOf(gui::CandidateTableModel::Column::Outcome);
        QCOMPARE(model->data(model->index(int(*tunedHere->best), outcome)).toString(), QStringLiteral("best"));
        QCOMPARE(window.spacePage()->selectedCandidate(), tunedHere->best);

        // Labelled as cached, with the date and the versions, in the table and the charts.
        const QString date = QString::fromStdString(origin.createdAt).left(10);
        for (QLabel* label : {window.spacePage()->originLabel(), window.chartsPage()->originLabel()}) {
            QVERIFY(!label->isHidden());
            for (const QString& part : {QStringLiteral("Cached"), date, QStringLiteral("TileScope %1").arg(QLatin1String(kVersion)),
                                        QString::fromStdString(origin.backend), QString::fromLatin1(tuning::kSimulatorVersion)})
                QVERIFY2(label->text().contains(part), qPrintable(label->text() + QStringLiteral(" lacks ") + part));
        }
        QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("cached")));
        QVERIFY(test::waitUntil([&] { return doc->cacheState().kind == gui::CacheState::Kind::Fresh; }));
        QVERIFY(window.launchEditor()->cacheLabel()->text().contains(QLatin1String("Cached tuning shown")));

        // The charts draw it: timings fastest first, the modelled tuning time as it ran.
        gui::ChartsPage* charts = window.chartsPage();
        window.tabs()->setCurrentWidget(charts);
        charts->tabs()->setCurrentWidget(charts->timingsTab());
        QVERIFY(test::waitUntil([&] { return charts->timingsChart()->shownCandidates().size() == run->measuredCount(); }));
        QCOMPARE(charts->timingsChart()->shownCandidates().front(), *tunedHere->best);
        charts->tabs()->setCurrentWidget(charts->timelineTab());
        QVERIFY(test::waitUntil([&] { return charts->timelineChart()->timeline().totalSeconds > 0; }));
        const gui::TuningTimeline& t = charts->timelineChart()->timeline();
        QCOMPARE(t.workers, timelineHere.workers);
        QVERIFY(std::abs(t.compileSeconds - timelineHere.compileSeconds) < 1e-9 * std::max(1.0, t.compileSeconds));
        QVERIFY(std::abs(t.totalSeconds - tunedHere->modelled.totalSeconds) < 1e-6 * std::max(1.0, t.totalSeconds));
        QCOMPARE(charts->pipeChart()->shownCandidate(), tunedHere->best);
        window.tabs()->setCurrentWidget(window.spacePage());
        maybeGrab(window, "cached-at-open");

        // Tune runs it again: a tuning made here, no longer labelled cached.
        QVERIFY(tuneAndWait(window));
        QVERIFY(!doc->tuningRun()->cachedOrigin());
        QVERIFY(window.spacePage()->originLabel()->isHidden());
        QVERIFY(charts->originLabel()->isHidden());
    }

    // 2026-08 cuts the matmul tuning by its time budget: the status bar says where every
    // candidate went, and the sum is the same when the tuning is read back from the cache.
    void aTuningCutByTheTimeBudgetAddsUpFreshAndCached()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "matmul.json", "matmul.py");
        QVERIFY(!path.isEmpty());
        const QRegularExpression sum(QStringLiteral("([\\d,]+) = ([\\d,]+) benchmarked \\+ ([\\d,]+) failed \\+ "
                                                    "([\\d,]+) cut by the time budget"));
        QStringList fresh;
        {
            MainWindow window;
            window.show();
            QVERIFY(openAndCheckCache(window, path));
            QVERIFY(tuneAndWait(window));
            const auto run = window.document()->tuningRun();
            QVERIFY(run && run->cutCount() > 0);
            QCOMPARE(run->measuredCount() + run->failedCount() + run->cutCount(), run->entryCount());
            QCOMPARE(run->entryCount(), window.document()->tuningResult()->tuned.size());
            const QRegularExpressionMatch m = sum.match(window.statusBar()->currentMessage());
            QVERIFY2(m.hasMatch(), qPrintable(window.statusBar()->currentMessage()));
            fresh = m.capturedTexts();
            // The timings chart, once shown, says the same.
            gui::ChartsPage* charts = window.chartsPage();
            window.tabs()->setCurrentWidget(charts);
            charts->tabs()->setCurrentWidget(charts->timingsTab());
            auto* summary = charts->timingsChart()->findChild<QLabel*>(QStringLiteral("timingsSummary"));
            QVERIFY(summary);
            QVERIFY2(test::waitUntil([&] { return summary->text().contains(QLatin1String("cut by the time budget")); }),
                     qPrintable(summary->text()));
        }
        MainWindow window;
        window.show();
        bool loaded = false;
        QVERIFY(openAndCheckCache(window, path, &loaded));
        QVERIFY(loaded);
        const auto run = window.document()->tuningRun();
        QVERIFY(run && run->cachedOrigin());
        const QRegularExpressionMatch m = sum.match(window.statusBar()->currentMessage());
        QVERIFY2(m.hasMatch(), qPrintable(window.statusBar()->currentMessage()));
        QCOMPARE(m.capturedTexts(), fresh);

        // `space` reads the same cached tuning (the cache beside the workload) and gives the same
        // figures as the reloaded space view: its totals, and the candidates its table marks cut.
        const test::CliRun cli = test::tilescope("space " + test::quote(path.toStdString()) + " --summary --json");
        QCOMPARE(cli.exitCode, 0);
        const nlohmann::json doc = nlohmann::json::parse(cli.out, nullptr, false);
        QVERIFY2(doc.contains("timeBudget") && doc["timeBudget"]["tuning"].is_object(), cli.out.c_str());
        const nlohmann::json& t = doc["timeBudget"]["tuning"];
        QCOMPARE(t["tuned"].get<std::size_t>(), run->entryCount());
        QCOMPARE(t["benchmarked"].get<std::size_t>(), run->measuredCount());
        QCOMPARE(t["failed"].get<std::size_t>(), run->failedCount());
        QCOMPARE(t["cut"].get<std::size_t>(), run->cutCount());
        std::size_t cutRows = 0;
        const gui::CandidateTableModel* model = window.spacePage()->model();
        QVERIFY(model && model->timings());
        model->timings()->forEach([&](std::size_t, const gui::CandidateTimings::Figures& f) {
            cutRows += f.outcome == tuning::OutcomeStatus::TimeBudgetCut;
        });
        QCOMPARE(cutRows, run->cutCount());
    }

    void aStaleCachedTuningIsNotShownAsCurrent()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "add.json", "add.py");
        {
            MainWindow window;
            window.show();
            QVERIFY(openAndCheckCache(window, path));
            QVERIFY(tuneAndWait(window));
        }
        const QString kernel = dir.filePath(QStringLiteral("add.py"));
        QString source = readFile(kernel);
        source.insert(source.indexOf(QLatin1String("    block_start")), QStringLiteral("    # edited\n"));
        QVERIFY(writeFile(kernel, source));

        MainWindow window;
        window.show();
        bool loaded = true;
        QVERIFY(openAndCheckCache(window, path, &loaded));
        QVERIFY(!loaded);
        QVERIFY(!window.document()->tuningRun());
        QVERIFY(window.spacePage()->originLabel()->isHidden());
        QVERIFY(test::waitUntil([&] { return window.document()->cacheState().kind == gui::CacheState::Kind::Stale; }));
        QVERIFY(window.launchEditor()->cacheLabel()->text().contains(QLatin1String("Stale")));
    }

    void theSessionComesBackAtStart()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "softmax.json", "softmax.py");
        QString device;
        std::size_t selected = 0;
        {
            MainWindow window;
            window.show();
            QVERIFY(openAndCheckCache(window, path));
            // The launch as edited: the other backend version and another device.
            QVERIFY(test::selectBackend2604(window));
            QComboBox* devices = window.launchEditor()->deviceCombo();
            QVERIFY(devices->count() > 1);
            const int other = devices->currentIndex() == 0 ? 1 : 0;
            devices->setCurrentIndex(other);
            Q_EMIT devices->activated(other);
            window.launchEditor()->flush();
            QVERIFY(test::waitUntil([&] {
                return !window.document()->isBusy() && window.document()->analysis() &&
                       window.document()->analysis()->workload.device != "Ascend910B2" && window.document()->space();
            }));
            device = QString::fromStdString(window.document()->workload().device);
            const auto space = window.document()->space();
            QVERIFY(space && space->size() > 2);
            selected = space->size() / 2;
            window.spacePage()->selectCandidate(selected);
            QCOMPARE(window.spacePage()->selectedCandidate(), std::optional<std::size_t>(selected));
            window.tabs()->setCurrentWidget(window.spacePage());
            window.close();
        }
        QCOMPARE(QSettings().value(QStringLiteral("session/file")).toString(), QFileInfo(path).absoluteFilePath());

        MainWindow window;
        window.show();
        QSignalSpy checked(window.document(), &KernelDocument::cachedTuningChecked);
        QVERIFY(window.restoreSession());
        QVERIFY(test::waitForCount(checked));
        QVERIFY(test::waitUntil([&] { return !window.document()->isBusy(); }));
        KernelDocument* doc = window.document();
        QCOMPARE(doc->path(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(QString::fromStdString(doc->workload().device), device);
        QCOMPARE(doc->workload().backend, test::backend2604());
        QCOMPARE(doc->analysis()->workload.backend, test::backend2604());
        QVERIFY(window.launchEditor()->workload().has_value());
        QCOMPARE(QString::fromStdString(window.launchEditor()->workload()->device), device);
        QCOMPARE(window.launchEditor()->backend(), test::backend2604());
        QCOMPARE(window.spacePage()->selectedCandidate(), std::optional<std::size_t>(selected));
        QCOMPARE(window.tabs()->currentWidget(), static_cast<QWidget*>(window.spacePage()));

        // Nothing open when it closed: nothing to restore.
        QSettings().remove(QStringLiteral("session"));
        MainWindow empty;
        QVERIFY(!empty.restoreSession());
    }

    void anEditOutsideReloadsAndKeepsResultsThatStillHold()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "add.json", "add.py");
        MainWindow window;
        window.show();
        QVERIFY(openAndCheckCache(window, path));
        QVERIFY(tuneAndWait(window));
        KernelDocument* doc = window.document();
        const auto run = doc->tuningRun();
        QVERIFY(run);
        const QString kernel = dir.filePath(QStringLiteral("add.py"));
        QVERIFY(doc->fileWatcher()->files().contains(kernel));
        QVERIFY(doc->fileWatcher()->files().contains(QFileInfo(path).absoluteFilePath()));

        // Outside the kernel function: the same kernel and launch, so the tuning stays.
        QSignalSpy changed(doc->fileWatcher(), &QFileSystemWatcher::fileChanged);
        QSignalSpy reloaded(doc, &KernelDocument::reloaded);
        QString source = readFile(kernel) + QStringLiteral("\n# a note at the end\n");
        QVERIFY(writeFile(kernel, source));
        QVERIFY(waitForReload(doc, changed, reloaded));
        QVERIFY(reloaded.last().at(0).toString().contains(QLatin1String("reloaded from disk")));
        QVERIFY(reloaded.last().at(0).toString().contains(QLatin1String("still hold")));
        QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("reloaded from disk")));
        QCOMPARE(doc->tuningRun(), run);
        QCOMPARE(doc->sourceText(), source);
        QVERIFY(window.kernelPage()->sourceView()->toPlainText().contains(QLatin1String("a note at the end")));
        QVERIFY(doc->canTune());

        // An editor that saves by writing a new file and renaming it over the old one: the
        // watch follows the new file. The body changed: the tuning is out of date and goes.
        changed.clear();
        reloaded.clear();
        QSignalSpy cleared(doc, &KernelDocument::tuningCleared);
        source.insert(source.indexOf(QLatin1String("    block_start")), QStringLiteral("    # edited\n"));
        const QString replacement = dir.filePath(QStringLiteral("add.py.new"));
        QVERIFY(writeFile(replacement, source));
        QVERIFY(std::rename(replacement.toLocal8Bit().constData(), kernel.toLocal8Bit().constData()) == 0);
        QVERIFY(test::waitForCount(reloaded));
        QVERIFY(reloaded.last().at(0).toString().contains(QLatin1String("out of date")));
        QVERIFY(cleared.count() >= 1);
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && doc->space(); }));
        QVERIFY(!doc->tuningRun());  // the cache's tuning is of the old body: stale, not shown
        QVERIFY(doc->fileWatcher()->files().contains(kernel));

        // And the new file is watched: the next edit is seen too.
        changed.clear();
        QVERIFY(writeFile(kernel, source + QStringLiteral("# again\n")));
        QVERIFY(test::waitForCount(changed));
        QVERIFY(test::waitUntil([&] { return doc->sourceText().endsWith(QLatin1String("# again\n")) && !doc->isBusy(); }));
    }

    // An install without its device profiles says so, and where it looked, rather than that the
    // workload's device is unknown.
    void missingDeviceProfilesAreSaidAsSuch()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "add.json", "add.py");
        MainWindow window;
        KernelDocument* doc = window.document();
        const std::filesystem::path nowhere = std::filesystem::path(dir.path().toStdString()) / "no-resources";
        doc->setDevices(npu::DeviceRegistry::loadBundled(nowhere));
        QSignalSpy ready(doc, &KernelDocument::spaceReady);
        window.openFile(path);
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && ready.count() > 0; }));
        QVERIFY(!doc->space());
        QVERIFY2(doc->spaceProblem().startsWith(QStringLiteral("no device profiles found; looked in ")),
                 qPrintable(doc->spaceProblem()));
        QVERIFY(doc->spaceProblem().contains(QString::fromStdString((nowhere / "devices").string())));
    }

    void aKernelThatDoesNotParseOpensWithTheErrorMarked()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "add.json", "add.py");
        const QString kernel = dir.filePath(QStringLiteral("add.py"));
        const QString good = readFile(kernel);
        QString bad = good;
        bad.replace(QStringLiteral("    block_start = tl.program_id(0) * XBLOCK"),
                    QStringLiteral("    block_start = tl.program_id(0) * (XBLOCK"));
        QVERIFY(bad != good);
        QVERIFY(writeFile(kernel, bad));

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        KernelDocument* doc = window.document();
        QSignalSpy opened(doc, &KernelDocument::opened);
        QSignalSpy failed(doc, &KernelDocument::openFailed);
        window.openFile(path);
        QVERIFY(test::waitForCount(opened));
        QCOMPARE(failed.count(), 0);
        QVERIFY(doc->hasSourceOnly());
        QVERIFY(!doc->analysis());
        QVERIFY(!doc->canTune());
        QCOMPARE(doc->sourceText(), bad);
        QCOMPARE(window.kernelPage()->sourceView()->toPlainText(), bad);

        // The error in the diagnostics list, and marked in the source where it is.
        QVERIFY(!doc->problems().empty());
        const Diagnostic& error = doc->problems().front();
        QVERIFY(error.line > 0);
        QTreeWidget* list = window.kernelPage()->diagnosticsList();
        QVERIFY(list->topLevelItemCount() >= 1);
        QTreeWidgetItem* item = list->topLevelItem(0);
        QCOMPARE(item->text(0), QStringLiteral("error"));
        QCOMPARE(item->text(1), QString::number(error.line));
        gui::SourceView* view = window.kernelPage()->sourceView();
        bool marked = false;
        for (const QTextEdit::ExtraSelection& s : view->extraSelections())
            if (s.format.underlineStyle() == QTextCharFormat::WaveUnderline && s.cursor.hasSelection() &&
                s.cursor.block().blockNumber() + 1 == error.line)
                marked = true;
        QVERIFY(marked);
        // Clicking the entry moves the cursor there.
        view->moveCursor(QTextCursor::Start);
        QCOMPARE(view->currentLine(), 1);
        Q_EMIT list->itemClicked(item, 0);
        QCOMPARE(view->currentLine(), error.line);
        if (error.column > 0)
            QCOMPARE(view->textCursor().positionInBlock(), error.column - 1);
        maybeGrab(window, "broken-kernel");

        // Fixed on disk: read again, analysed, the space follows.
        QSignalSpy changed(doc->fileWatcher(), &QFileSystemWatcher::fileChanged);
        QSignalSpy reloaded(doc, &KernelDocument::reloaded);
        QVERIFY(writeFile(kernel, good));
        QVERIFY(waitForReload(doc, changed, reloaded));
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && doc->space(); }));
        QVERIFY(doc->analysis());
        QVERIFY(!doc->hasSourceOnly());
        QVERIFY(doc->problems().empty());
        QCOMPARE(window.kernelPage()->sourceView()->toPlainText(), good);
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            QVERIFY(list->topLevelItem(i)->text(0) != QLatin1String("error"));
        QVERIFY(window.launchEditor()->workload().has_value());
        QVERIFY(doc->canTune());
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestSession)
#include "test_session.moc"
