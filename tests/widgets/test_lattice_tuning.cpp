// Tuning the lattice from the explorer: when the backend tunes nothing, the candidates tab says
// why in one line and offers "Tune the lattice", which builds the lattice and tunes it in the
// background (progress, Stop keeps what finished); the filtered and the selected rows can be
// tuned too, with the same choice of points as `tilescope tune --lattice`.

#include "window_test_support.h"

#include "core/cache/config_cache.h"
#include "core/pipeline/tuning_pipeline.h"
#include "widgets/background_job.h"
#include "widgets/candidate_filter_proxy.h"
#include "widgets/candidate_table_model.h"
#include "widgets/charts_page.h"
#include "widgets/export_dialog.h"
#include "widgets/heatmap_chart.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/progress_widget.h"
#include "widgets/qcp.h"
#include "widgets/space_page.h"

#include <QAction>
#include <QCheckBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>

using namespace ts;
using gui::KernelDocument;
using gui::MainWindow;

using test::copyExample;
using test::openAndSettle;

namespace {

QAction* menuAction(gui::SpacePage* page, const char* name)
{
    return page->tuneLatticeButton()->menu()->findChild<QAction*>(QString::fromLatin1(name));
}

} // namespace

class TestLatticeTuning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void backendTunesNothingOffersTheLatticeTunedInTheBackground()
    {
        QTemporaryDir dir;
        const QString path = copyExample(dir, "matmul.json", "matmul.py");
        QVERIFY(!path.isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, path));
        KernelDocument* doc = window.document();
        gui::SpacePage* page = window.spacePage();
        window.tabs()->setCurrentWidget(page);  // the candidates tab, where the line is shown
        QVERIFY(!doc->space()->hasLattice());

        // One line with the reason, and the next step.
        const std::optional<msg::Message> why = tuning::backendListProblem(*doc->space());
        QVERIFY(why);
        QVERIFY(page->backendProblemLabel()->isVisibleTo(page));
        QVERIFY(page->tuneLatticeNextButton()->isVisibleTo(page));
        const QString line = page->backendProblemLabel()->text();
        QVERIFY(!line.contains(QLatin1Char('\n')));
        QVERIFY2(line.contains(QString::fromStdString(why->english()).simplified().left(20)),
                 qPrintable(line));

        // Each compile worker is held after its first chunk: the Stop below lands mid-run.
        auto pause = std::make_shared<test::PausePoint>();
        const test::PausePoint::Opener opener{pause};
        auto probe = std::make_shared<gui::JobProbe>();
        probe->step = [pause](double fraction, const QString&) {
            if (fraction > 0)
                pause->hold();
        };
        doc->tuneJob()->setProbe(probe);
        QSignalSpy started(doc, &KernelDocument::tuningStarted);
        QSignalSpy updated(doc, &KernelDocument::tuningUpdated);
        QSignalSpy finished(doc, &KernelDocument::tuningFinished);
        QSignalSpy stopped(doc, &KernelDocument::stopped);
        QTest::mouseClick(page->tuneLatticeNextButton(), Qt::LeftButton);
        // The lattice is built first (in the background), then tuned.
        QVERIFY(test::waitForCount(started));
        QVERIFY(doc->space()->hasLattice());
        QVERIFY(page->latticeBox()->isChecked());
        QVERIFY(doc->isTuning());
        QVERIFY(window.stopAction()->isEnabled());
        QVERIFY(window.progressWidget()->isVisible());
        pause->waitUntilHeld();
        QVERIFY(test::waitForCount(updated));
        QTest::mouseClick(window.progressWidget()->stopButton(), Qt::LeftButton);
        QCOMPARE(stopped.count(), 1);
        pause->release();
        QVERIFY(test::waitForCount(finished));
        const auto result = doc->tuningResult();
        QVERIFY(result);
        QVERIFY(result->stopped);
        QVERIFY(result->finished > 0);
        QCOMPARE(result->tuned.size(), tuning::latticeCandidates(*doc->space(), {}).indices.size());
        QVERIFY(result->finished < result->tuned.size());
        QVERIFY(!result->error);  // what the backend raises is a note, not the tuning's failure
        QCOMPARE(bool(result->backendError), bool(doc->space()->error()));
        QVERIFY(!doc->isBusy());
        QVERIFY(!window.progressWidget()->isVisible());
    }

    void filteredAndSelectedRowsAreTuned()
    {
        QTemporaryDir dir;
        QVERIFY(!copyExample(dir, "add.json", "add.py").isEmpty());
        const QString path = dir.filePath(QStringLiteral("add_256.json"));
        QFile small(path);
        QVERIFY(small.open(QIODevice::WriteOnly));
        small.write(R"J({"kernel": "add.py", "function": "add_kernel",
 "args": {"x_ptr": {"tensor": "float16", "shape": [256]}, "y_ptr": {"tensor": "float16", "shape": [256]},
          "out_ptr": {"tensor": "float16", "shape": [256]}, "n_elements": 256},
 "grid": "lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)", "device": "Ascend910B2",
 "backend": "2026-04"})J");
        small.close();
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, path));
        KernelDocument* doc = window.document();
        gui::SpacePage* page = window.spacePage();
        QVERIFY(!page->backendProblemLabel()->isVisibleTo(page));  // the backend has a list here
        page->latticeBox()->setChecked(true);
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && doc->space()->hasLattice(); }));

        // The filtered rows: the table's query, the same as --filter.
        QVERIFY(page->proxy()->setQuery(QStringLiteral("XBLOCK>=64 skipped")));
        const auto filtered = page->filteredSubset();
        QVERIFY(filtered);
        QCOMPARE(QString::fromStdString(filtered->filter), QStringLiteral("XBLOCK>=64 skipped"));
        QVERIFY(filtered->selection.empty());
        const std::size_t shown = std::size_t(page->proxy()->rowCount());
        QVERIFY(shown > 2);
        QSignalSpy finished(doc, &KernelDocument::tuningFinished);
        page->tuneLatticeButton()->menu()->popup(page->mapToGlobal(QPoint(0, 0)));  // enables the actions
        menuAction(page, "tuneLatticeFiltered")->trigger();
        page->tuneLatticeButton()->menu()->hide();
        QVERIFY(test::waitForCount(finished));
        auto result = doc->tuningResult();
        QVERIFY(result && !result->stopped);
        QCOMPARE(result->tuned.size(), shown);  // skipped rows are all valid
        QCOMPARE(doc->tuningRun()->options().subset, *filtered);

        // Cached under its own key; the export dialog writes its winners with rank and time.
        auto opened = cache::ConfigCache::open(doc->cacheFile().toStdString());
        QVERIFY(opened.ok());
        const analysis::KernelAnalysis& a = *doc->analysis();
        cache::LookupResult found =
            opened.cache->lookup(pipeline::tuningKeyFor(a, a.workload.device, doc->tuningRun()->options()));
        QCOMPARE(found.freshness, cache::Freshness::Fresh);
        QCOMPARE(opened.cache->lookup(pipeline::tuningKeyFor(a, a.workload.device, npu::BenchMethod::Default)).freshness,
                 cache::Freshness::Miss);
        gui::ExportDialog exportDialog;
        auto record = std::make_shared<const cache::TuningRecord>(std::move(*found.record));
        exportDialog.setRecord(record, gui::decoratorContextFor(*record, &a));
        exportDialog.setFormat(gui::ExportDialog::Format::PythonDecorator);
        QVERIFY2(exportDialog.text().contains(QLatin1String("# rank 1 of ")), qPrintable(exportDialog.text()));
        QVERIFY2(exportDialog.text().contains(QLatin1String(", simulated p50 ")), qPrintable(exportDialog.text()));

        // The selected rows.
        QVERIFY(page->proxy()->setQuery(QString()));
        QTableView* view = page->view();
        view->selectionModel()->clearSelection();
        std::vector<std::size_t> picked;
        for (int r = 0; r < page->proxy()->rowCount() && picked.size() < 3; r += 7) {
            const QModelIndex index = page->proxy()->index(r, 0);
            const std::size_t candidate = std::size_t(page->proxy()->mapToSource(index).row());
            if (doc->space()->status(candidate) == space::CandidateStatus::Pruned)
                continue;
            view->selectionModel()->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
            picked.push_back(candidate);
        }
        QCOMPARE(picked.size(), std::size_t(3));
        const auto selected = page->selectedSubset();
        QVERIFY(selected);
        QCOMPARE(selected->selection.size(), std::size_t(3));
        page->tuneLatticeButton()->menu()->popup(page->mapToGlobal(QPoint(0, 0)));
        QVERIFY(menuAction(page, "tuneLatticeSelected")->isEnabled());
        menuAction(page, "tuneLatticeSelected")->trigger();
        page->tuneLatticeButton()->menu()->hide();
        QVERIFY(test::waitForCount(finished, 2));
        result = doc->tuningResult();
        QVERIFY(result && !result->stopped);
        std::vector<std::size_t> tuned = result->tuned;
        std::sort(tuned.begin(), tuned.end());
        std::sort(picked.begin(), picked.end());
        QCOMPARE(tuned, picked);

        // Cells picked on the heat map with Ctrl join the table's selection, the one that is tuned.
        view->selectionModel()->clearSelection();
        window.tabs()->setCurrentWidget(window.chartsPage());
        window.chartsPage()->tabs()->setCurrentWidget(window.chartsPage()->spaceTab());
        gui::HeatmapChart* heatmap = window.chartsPage()->heatmap();
        QVERIFY(test::waitUntil([&] { return !heatmap->job()->isRunning() && !heatmap->slice().xValues.empty(); }));
        heatmap->plot()->replot();
        std::vector<std::size_t> cells;
        for (std::size_t y = 0; y < heatmap->slice().yValues.size() && cells.size() < 2; ++y)
            for (std::size_t x = 0; x < heatmap->slice().xValues.size() && cells.size() < 2; ++x) {
                const std::int32_t c = heatmap->slice().candidateAt(x, y);
                const QPoint at = heatmap->cellCenterPixel(x, y).toPoint();
                if (c < 0 || heatmap->candidateAtPixel(at) != c ||
                    doc->space()->status(std::size_t(c)) == space::CandidateStatus::Pruned)
                    continue;
                QTest::mouseClick(heatmap->plot(), Qt::LeftButton, Qt::ControlModifier, at);
                cells.push_back(std::size_t(c));
            }
        QCOMPARE(cells.size(), std::size_t(2));
        const auto fromHeatmap = page->selectedSubset();
        QVERIFY(fromHeatmap);
        std::vector<std::size_t> joined = fromHeatmap->selection;
        std::sort(joined.begin(), joined.end());
        std::sort(cells.begin(), cells.end());
        QCOMPARE(joined, cells);

        // A filter the space cannot read is refused with the term named; nothing starts.
        QVERIFY(!doc->tuneLattice(tuning::LatticeSubset{"YBLOCK>4", {}, 0}));
        QVERIFY2(doc->tuneProblem().contains(QLatin1String("YBLOCK>4")), qPrintable(doc->tuneProblem()));
        QVERIFY(!doc->isTuning());

        // A filter that reads but keeps no valid point: the tuning's own choice finds that on its
        // worker (the explorer does not walk the lattice for it), and the tuning ends with the
        // core's reason as its error, shown in the error banner.
        const int finishedBefore = finished.count();
        QVERIFY(doc->tuneLattice(tuning::LatticeSubset{"XBLOCK>1000000000", {}, 0}));
        QVERIFY(doc->tuneProblem().isEmpty());
        QVERIFY(test::waitForCount(finished, finishedBefore + 1));
        const auto none = doc->tuningResult();
        QVERIFY(none && none->error && none->tuned.empty());
        const QString error = QString::fromStdString(none->error->english());
        QVERIFY2(error.contains(QLatin1String("no valid lattice point is in the subset")), qPrintable(error));
        QCOMPARE(doc->tuningRun()->total(), std::size_t(0));
        QVERIFY(window.errorBanner()->isVisible());
        QVERIFY2(window.errorBanner()->text().contains(error), qPrintable(window.errorBanner()->text()));
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestLatticeTuning)
#include "test_lattice_tuning.moc"
