// The launches of a capture folder in the explorer (`tilescope DIR`): the checked-in capture of the
// test program (tests/data/capture/fixtures/stub-program) listed with its launch counts, a row
// opened as the window's workload; and the candidates tab's Rank by box, which ranks a tuning by
// the cache's measured times when asked, or when every candidate the tuning ran is measured.

#include "backend_versions.h"
#include "testutil.h"
#include "tuning_test_support.h"
#include "widget_test_support.h"
#include "window_test_support.h"

#include "widgets/candidate_table_model.h"
#include "widgets/capture_dialog.h"
#include "widgets/capture_table_model.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/space_page.h"
#include "widgets/translations.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QScrollBar>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTabWidget>
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
        const QString workload = test::copyExample(dir, "add.json", "add.py");
        QVERIFY(!workload.isEmpty());
        auto analysis = test::analyseFile(workload);
        QVERIFY(analysis);
        // The candidates of the 2026-04 list, measured: later ones faster.
        kernel::Workload w = analysis->workload;
        w.backend = test::backend2604();
        const pipeline::AnalyzeResult analysed2604 = pipeline::analyze({w});
        QVERIFY(analysed2604.ok());
        pipeline::SpaceRequest spaceRequest{analysed2604.analysis, *test::devices().find(w.device), {}};
        const pipeline::SpaceResult built = pipeline::buildSpace(spaceRequest);
        QVERIFY(built.space);
        nlohmann::json timings = nlohmann::json::array();
        std::size_t listed = 0;
        for (std::size_t i = 0; i < built.space->size(); ++i) {
            if (built.space->backendIndex(i) < 0)
                continue;
            nlohmann::json kwargs = nlohmann::json::object();
            for (const auto& [name, value] : built.space->params(i))
                kwargs[name] = value.isBool ? nlohmann::json(value.value != 0) : nlohmann::json(value.value);
            const double ms = 1.0 / double(++listed);
            timings.push_back({{{"kwargs", kwargs}, {"num_warps", built.space->numWarps(i)}, {"num_stages", built.space->numStages(i)}},
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
        QVERIFY(pipeline::importMeasurements(import).ok());

        gui::MainWindow window;
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
};

TILESCOPE_WIDGET_TEST_MAIN(TestCaptureDialog)
#include "test_capture_dialog.moc"
