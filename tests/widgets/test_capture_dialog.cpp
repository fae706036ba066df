// The launches of a capture folder in the explorer (`tilescope DIR`): the checked-in capture of the
// test program (tests/data/capture/fixtures/stub-program) listed with its launch counts, a row
// opened as the window's workload; and the candidates tab's Rank by box, which ranks a tuning by
// the cache's measured times when asked, or when every candidate the tuning ran is measured, and
// the status bar that names the best it ranks first.

#include "backend_versions.h"
#include "testutil.h"
#include "tuning_test_support.h"
#include "widget_test_support.h"
#include "window_test_support.h"

#include "widgets/candidate_table_model.h"
#include "widgets/capture_dialog.h"
#include "widgets/capture_table_model.h"
#include "widgets/frozen_table_view.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/quantity_text.h"
#include "widgets/space_page.h"
#include "widgets/translations.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

using namespace ts;
using test::tuneAndWait;

namespace {

QString fixtureFolder()
{
    return QString::fromStdString((test::dataDir() / "capture" / "fixtures" / "stub-program").string());
}

// The vector add of the guide under 2026-04 copied into `dir`, every candidate of the backend's
// list measured on "Test NPU" (the last generated one fastest: 1/k ms for the k-th) and imported
// into the config cache the explorer reads: the workload's path and how many were measured
// (empty and 0 where a step fails).
std::pair<QString, std::size_t> addWithMeasuredTimes(QTemporaryDir& dir)
{
    const QString workload = test::copyExample(dir, "add.json", "add.py");
    if (workload.isEmpty())
        return {};
    auto analysis = test::analyseFile(workload);
    if (!analysis)
        return {};
    kernel::Workload w = analysis->workload;
    w.backend = test::backend2604();
    const pipeline::AnalyzeResult analysed2604 = pipeline::analyze({w});
    if (!analysed2604.ok())
        return {};
    pipeline::SpaceRequest spaceRequest{analysed2604.analysis, *test::devices().find(w.device), {}};
    const pipeline::SpaceResult built = pipeline::buildSpace(spaceRequest);
    if (!built.space)
        return {};
    nlohmann::json timings = nlohmann::json::array();
    std::size_t listed = 0;
    for (std::size_t i = 0; i < built.space->size(); ++i) {
        if (built.space->backendIndex(i) < 0)
            continue;
        nlohmann::json kwargs = nlohmann::json::object();
        for (const auto& [name, value] : built.space->params(i))
            kwargs[name] = value.isBool ? nlohmann::json(value.value != 0) : nlohmann::json(value.value);
        const double ms = 1.0 / double(++listed);
        timings.push_back({{{"kwargs", kwargs},
                            {"num_warps", built.space->numWarps(i)},
                            {"num_stages", built.space->numStages(i)}},
                           {ms, ms, ms}});
    }
    const std::string timingsFile = dir.filePath(QStringLiteral("add_kernel.autotune.json")).toStdString();
    // Triton's key: the key arguments' values, then the tensors' dtypes.
    const cache::TuningKey launch = pipeline::launchKeyFor(*analysed2604.analysis);
    nlohmann::json key = nlohmann::json::array();
    for (const auto& [name, value] : launch.keyValues)
        key.push_back(value);
    for (const std::string& dtype : launch.dtypes)
        key.push_back(dtype);
    std::ofstream(timingsFile) << nlohmann::json{{"key", key}, {"configs_timings", timings}}.dump();
    pipeline::MeasureImportRequest import;
    import.files = {timingsFile};
    import.workload = w;
    import.measuredOn = "Test NPU";
    import.cachePath = pipeline::defaultCachePath(w);
    if (!pipeline::importMeasurements(import).ok())
        return {};
    return {workload, listed};
}

} // namespace

class TestCaptureDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(gui::installLanguage(QStringLiteral("en")));  // the English plural forms
    }

    void listsTheLaunchesAndOpensOne()
    {
        gui::MainWindow window;
        window.show();
        gui::CaptureDialog* dialog = window.openCaptureFolder(fixtureFolder());
        QSignalSpy loaded(dialog, &gui::CaptureDialog::loaded);
        QVERIFY(test::waitForCount(loaded));
        QCOMPARE(loaded.at(0).at(0).toBool(), true);
        QAbstractItemModelTester tester(dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Seven autotuned launches and the plain @triton.jit one (captured with --all-jit).
        QCOMPARE(dialog->model()->rowCount(), 8);
        QVERIFY2(dialog->summaryLabel()->text().contains(QStringLiteral("8 workloads of 4 kernels, 50 launches")),
                 qPrintable(dialog->summaryLabel()->text()));
        int forty = -1;
        for (int row = 0; row < dialog->model()->rowCount(); ++row)
            if (dialog->model()->data(dialog->model()->index(row, gui::CaptureTableModel::Key)).toString() ==
                QStringLiteral("n_elements=4096"))
                forty = row;
        QVERIFY(forty >= 0);
        QCOMPARE(dialog->model()->data(dialog->model()->index(forty, gui::CaptureTableModel::Launches),
                                       gui::CaptureTableModel::SortRole)
                     .toULongLong(),
                 40ull);
        QCOMPARE(dialog->model()->data(dialog->model()->index(forty, gui::CaptureTableModel::Tuner)).toString(),
                 QStringLiteral("AutoTilingTuner"));

        // Open chooses the row's workload: the window opens it.
        QSignalSpy opened(window.document(), &gui::KernelDocument::opened);
        dialog->view()->selectRow(forty);
        QVERIFY(dialog->openButton()->isEnabled());
        dialog->openButton()->click();
        QVERIFY(test::waitForCount(opened));
        QVERIFY(opened.at(0).at(0).toString().endsWith(QStringLiteral("add_kernel-4096.json")));
        QVERIFY(test::waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); }));
        QCOMPARE(QString::fromStdString(window.document()->analysis()->kernel->name), QStringLiteral("add_kernel"));

        if (const QByteArray shot = qgetenv("TILESCOPE_SCREENSHOT_DIR"); !shot.isEmpty())
            dialog->grab().save(QString::fromUtf8(shot) + QStringLiteral("/capture-dialog.png"));
    }

    void aFolderThatIsNotACaptureSaysSo()
    {
        const auto dir = test::scratchDir("widgets-capture-none");
        gui::CaptureDialog dialog;
        QSignalSpy loaded(&dialog, &gui::CaptureDialog::loaded);
        dialog.load(QString::fromStdString(dir.string()));
        QVERIFY(test::waitForCount(loaded));
        QCOMPARE(loaded.at(0).at(0).toBool(), false);
        QCOMPARE(dialog.model()->rowCount(), 0);
        QVERIFY(dialog.summaryLabel()->text().contains(QStringLiteral("is not a capture folder")));
        QVERIFY(dialog.notes()->isVisibleTo(&dialog));
    }

    // The vector add under 2026-04, every candidate measured (the last generated one fastest):
    // the Rank by box puts the measured best first, says so, and goes back.
    void rankByMeasuredTimeAndBack()
    {
        QTemporaryDir dir;
        const auto [workload, listed] = addWithMeasuredTimes(dir);
        QVERIFY(!workload.isEmpty() && listed > 1);

        gui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(test::openAndSettle(window, workload));
        QVERIFY(tuneAndWait(window));
        gui::SpacePage* page = window.spacePage();
        const gui::CandidateTableModel* model = page->model();
        QVERIFY(test::waitUntil([&] { return model->hasMeasured() && page->rankingLabel()->isVisibleTo(page); }));
        const std::optional<std::size_t> simulatedBest = model->bestCandidate();
        QVERIFY(simulatedBest);
        QVERIFY(page->rankingLabel()->text().contains(QStringLiteral("Ranked by the simulated p50")));

        // Measured where complete: every candidate the tuning ran is measured, so the measured best leads.
        page->rankByBox()->setCurrentIndex(page->rankByBox()->findData(int(pipeline::RankBy::Auto)));
        QVERIFY(model->rankedByMeasured());
        const std::optional<std::size_t> measuredBest = model->bestCandidate();
        QVERIFY(measuredBest && *measuredBest != *simulatedBest);
        QCOMPARE(model->measuredUs(*measuredBest), 1000.0 / double(listed));
        QCOMPARE(model->outcome(*measuredBest), tuning::OutcomeStatus::Best);
        QCOMPARE(model->outcome(*simulatedBest), tuning::OutcomeStatus::Benchmarked);
        QVERIFY(page->rankingLabel()->text().contains(QStringLiteral("Ranked by the p50 measured on Test NPU")));
        QVERIFY(page->rankingLabel()->text().contains(QStringLiteral("%1 of %1").arg(listed)));
        // The column that ranks is in sight beside the frozen config columns (at 1440x900 it
        // was off to the right of the tuned table, behind a scroll), once the tab is shown.
        window.tabs()->setCurrentWidget(page);
        QCoreApplication::processEvents();
        const auto* view = qobject_cast<const gui::FrozenTableView*>(page->view());
        const int measuredColumn = model->columnOf(gui::CandidateTableModel::Column::Measured);
        QVERIFY(view && measuredColumn >= 0);
        const int left = view->columnViewportPosition(measuredColumn);
        QVERIFY2(left >= view->frozenWidth() && left + view->columnWidth(measuredColumn) <= view->viewport()->width(),
                 qPrintable(QStringLiteral("Measured column at %1..%2, frozen columns to %3, viewport %4 wide, "
                                           "scrolled to %5 of %6")
                                .arg(left)
                                .arg(left + view->columnWidth(measuredColumn))
                                .arg(view->frozenWidth())
                                .arg(view->viewport()->width())
                                .arg(view->horizontalScrollBar()->value())
                                .arg(view->horizontalScrollBar()->maximum())));
        if (const QByteArray shot = qgetenv("TILESCOPE_SCREENSHOT_DIR"); !shot.isEmpty()) {
            window.tabs()->setCurrentWidget(page);
            page->selectCandidate(*measuredBest);
            page->view()->horizontalScrollBar()->setValue(page->view()->horizontalScrollBar()->maximum());
            window.grab().save(QString::fromUtf8(shot) + QStringLiteral("/rank-by-measured.png"));
        }

        page->rankByBox()->setCurrentIndex(page->rankByBox()->findData(int(pipeline::RankBy::Simulated)));
        QVERIFY(!model->rankedByMeasured());
        QCOMPARE(model->bestCandidate(), simulatedBest);
        QCOMPARE(model->outcome(*simulatedBest), tuning::OutcomeStatus::Best);
    }

    // The status bar's summary of a tuning names the best the table ranks first: with the table
    // ranked by the measured times, the measured best and its measured p50 (it said the simulated
    // best, "best #0 p50 19.26 µs", above a table that led with another); ranked by the
    // simulated times beside measured ones, it says the time is the simulated one.
    void statusBarNamesTheBestTheTableRanksFirst()
    {
        QTemporaryDir dir;
        const auto [workload, listed] = addWithMeasuredTimes(dir);
        QVERIFY(!workload.isEmpty() && listed > 1);
        gui::MainWindow window;
        window.show();
        QVERIFY(test::openAndSettle(window, workload));
        gui::SpacePage* page = window.spacePage();
        const gui::CandidateTableModel* model = page->model();
        QVERIFY(test::waitUntil([&] { return model->hasMeasured(); }));
        page->rankByBox()->setCurrentIndex(page->rankByBox()->findData(int(pipeline::RankBy::Auto)));
        QVERIFY(tuneAndWait(window));
        QVERIFY(model->rankedByMeasured());
        const std::optional<std::size_t> measuredBest = model->bestCandidate();
        const auto run = window.document()->tuningRun();
        QVERIFY(measuredBest && run && run->bestEntry());
        const std::size_t simulatedBest = run->bestEntry()->candidate;
        QVERIFY(*measuredBest != simulatedBest);
        const QString measured = QStringLiteral("best #%1 measured p50 %2")
                                     .arg(*measuredBest)
                                     .arg(gui::timeUsText(model->measuredUs(*measuredBest)));
        QVERIFY2(window.statusBar()->currentMessage().contains(measured),
                 qPrintable(window.statusBar()->currentMessage() + QStringLiteral(" / ") + measured));
        // The table's selection is the best the status bar names.
        QCOMPARE(page->selectedCandidate(), measuredBest);

        // Ranked by the simulated times again: the summary on the status bar follows.
        page->rankByBox()->setCurrentIndex(page->rankByBox()->findData(int(pipeline::RankBy::Simulated)));
        const QString simulated = QStringLiteral("best #%1 simulated p50 %2")
                                      .arg(simulatedBest)
                                      .arg(gui::timeUsText(run->bestEntry()->p50Us));
        QVERIFY2(window.statusBar()->currentMessage().contains(simulated),
                 qPrintable(window.statusBar()->currentMessage() + QStringLiteral(" / ") + simulated));
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestCaptureDialog)
#include "test_capture_dialog.moc"
