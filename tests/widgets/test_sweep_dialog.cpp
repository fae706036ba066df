// The shape sweep dialog: a small sweep of add.json runs in the background to the end and shows
// every shape, the covering set (in the list, the table and the chart) and exports it; a sweep
// stopped midway keeps the shapes already tuned; the range editor rejects bad rows.

#include "text_fit.h"
#include "tuning_test_support.h"
#include "window_test_support.h"

#include "core/cache/config_cache.h"
#include "core/util/format.h"
#include "widgets/background_job.h"
#include "widgets/export_dialog.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/sweep_dialog.h"
#include "widgets/sweep_table_model.h"
#include "widgets/tool_dialogs.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QProgressBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>

using namespace ts;
using gui::SweepDialog;

namespace {

// Why a logarithmic time axis is not labelled over its whole range, or empty when it is: at least
// three labels, each with its unit, every power of ten in the range among them, and no stretch of
// the axis without a label longer than 40 % of it.
QString unlabelledStretch(const QCPAxis* axis)
{
    const QCPRange range = axis->range();
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QString where = QStringLiteral("%1..%2: ").arg(range.lower).arg(range.upper);
    if (ticks.size() < 3 || labels.size() != ticks.size())
        return where + QStringLiteral("%1 labels").arg(labels.size());
    for (const QString& label : labels)
        if (!label.endsWith(gui::timeUsUnit())) // the unit held to its number
            return where + QStringLiteral("'%1' has no unit").arg(label);
    std::vector<double> edges{std::log10(range.lower)};
    for (double t : ticks)
        edges.push_back(std::log10(t));
    edges.push_back(std::log10(range.upper));
    const double span = edges.back() - edges.front();
    for (std::size_t i = 1; i < edges.size(); ++i)
        if (edges[i] - edges[i - 1] > 0.4 * span + 1e-9)
            return where + QStringLiteral("nothing labelled between %1 and %2")
                               .arg(std::pow(10.0, edges[i - 1]))
                               .arg(std::pow(10.0, edges[i]));
    for (int d = int(std::ceil(edges.front())); d <= int(std::floor(edges.back())); ++d)
        if (std::none_of(ticks.begin(), ticks.end(),
                         [d](double t) { return std::abs(std::log10(t) - d) < 1e-9; }))
            return where + QStringLiteral("1e%1 not labelled").arg(d);
    return {};
}

} // namespace

class TestSweepDialog : public QObject {
    Q_OBJECT

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;

    void setUp(SweepDialog& dialog)
    {
        tuning::TuningOptions options;
        options.jobs = 2;
        dialog.setLaunch(m_analysis, test::devices().find(m_analysis->workload.device), options);
        dialog.setCachePath({});
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings();
        m_analysis = test::analyseFile(test::examplePath("add.json"));
        QVERIFY(m_analysis);
    }

    // The values that differ between the sweep's configs lead every config cell, so that a cut
    // cell still shows them (a matmul sweep's configs differ only in GROUP_SIZE_M, the last).
    void differingValuesLeadTheConfigs()
    {
        auto result = std::make_shared<sweep::SweepResult>();
        for (const char* group : {"1", "8"}) {
            sweep::CoverConfig c;
            c.params = {{"BLOCK_M", "128"}, {"BLOCK_N", "256"}, {"GROUP_SIZE_M", group}};
            result->cover.configs.push_back(c);
        }
        gui::SweepTableModel model;
        model.setResult(result);
        QCOMPARE(model.differing(), QStringList{QStringLiteral("GROUP_SIZE_M")});
        QCOMPARE(gui::SweepTableModel::configText(result->cover.configs[1], model.differing()),
                 QStringLiteral("GROUP_SIZE_M=8, BLOCK_M=128, BLOCK_N=256"));
        QCOMPARE(gui::SweepTableModel::configText(result->cover.configs[1]),
                 QStringLiteral("BLOCK_M=128, BLOCK_N=256, GROUP_SIZE_M=8"));
    }

    // A config of another shape beat a shape's own tuning there (Triton benchmarks a handwritten
    // list at every shape): the row says so and names the backend's own best, the time its cache
    // entry keeps (the cache browser's 36.65 µs beside the sweep's 36.40 µs said nothing why).
    void aBestFromAnotherShapeIsSaid()
    {
        auto result = std::make_shared<sweep::SweepResult>();
        for (const char* block : {"64", "86"}) {
            sweep::CoverConfig c;
            c.params = {{"XBLOCK", block}};
            result->cover.configs.push_back(c);
        }
        for (double ownMs : {0.03665, 0.02972}) {
            sweep::ShapeOutcome& shape = result->shapes.emplace_back();
            shape.record.emplace();
            cache::CandidateRecord& own = shape.record->candidates.emplace_back();
            own.params = {{"XBLOCK", "64"}};
            own.p50Ms = ownMs;
            shape.record->bestIndex = 0;
        }
        sweep::ShapeCover beaten;  // the other shape's XBLOCK=86 is faster here
        beaten.measured = true;
        beaten.best = 1;
        beaten.bestMs = 0.03640;
        sweep::ShapeCover own;
        own.measured = true;
        own.best = 0;
        own.bestMs = 0.02972;
        result->cover.shapes = {beaten, own};
        gui::SweepTableModel model;
        model.setResult(result);
        const QString elsewhere = model.index(0, gui::SweepTableModel::Source).data().toString();
        QVERIFY2(elsewhere.contains(QLatin1String("another shape's config")) &&
                     elsewhere.contains(gui::timeUsText(36.65)),
                 qPrintable(elsewhere));
        QCOMPARE(model.index(0, gui::SweepTableModel::BestMs).data(Qt::ToolTipRole).toString(), elsewhere);
        QCOMPARE(model.index(1, gui::SweepTableModel::Source).data().toString(), QStringLiteral("tuned"));
    }

    void startsFromTheKeyArgument()
    {
        SweepDialog dialog;
        setUp(dialog);
        QCOMPARE(dialog.rangeTable()->rowCount(), 1);
        QString error;
        const auto ranges = dialog.ranges(&error);
        QVERIFY2(ranges, qPrintable(error));
        QCOMPARE(ranges->front().name, std::string("n_elements"));
        // A quarter to four times 98432, doubling.
        QCOMPARE(ranges->front().values, (std::vector<std::int64_t>{24608, 49216, 98432, 196864, 393728}));
        QCOMPARE(dialog.rangeTable()->item(0, SweepDialog::CountColumn)->text(), QStringLiteral("5"));
    }

    void badRangesAreRejected()
    {
        SweepDialog dialog;
        setUp(dialog);
        dialog.rangeTable()->item(0, SweepDialog::StepColumn)->setText(QStringLiteral("two"));
        QString error;
        QVERIFY(!dialog.ranges(&error));
        QVERIFY2(error.contains(QLatin1String("Row 1")), qPrintable(error));
        QCOMPARE(dialog.rangeTable()->item(0, SweepDialog::CountColumn)->text(), QStringLiteral("invalid"));
        dialog.run();
        QVERIFY(!dialog.isRunning());
        QVERIFY(!dialog.messageLabel()->text().isEmpty());

        dialog.clearRanges();
        QVERIFY(!dialog.ranges(&error));
    }

    void tinySweepRunsToTheEnd()
    {
        SweepDialog dialog;
        setUp(dialog);
        dialog.show();
        dialog.clearRanges();
        dialog.addRange(QStringLiteral("n_elements"), 4096, 16384, SweepDialog::Step::Times, 2);
        QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy finished(&dialog, &SweepDialog::finished);
        QTest::mouseClick(dialog.runButton(), Qt::LeftButton);
        QVERIFY(dialog.isRunning());
        QVERIFY(dialog.stopButton()->isEnabled());
        QVERIFY(!dialog.runButton()->isEnabled());
        QVERIFY(test::waitForCount(finished, finished.count() + 1));
        QVERIFY(!dialog.isRunning());
        QVERIFY(dialog.runButton()->isEnabled());

        const auto result = dialog.result();
        QVERIFY(result);
        QVERIFY2(result->ok(), result->error.value_or(msg::Message()).english().c_str());
        QVERIFY(!result->stopped);
        QCOMPARE(result->shapes.size(), std::size_t(3));
        for (const auto& shape : result->shapes)
            QVERIFY2(shape.record, shape.error.value_or(msg::Message()).english().c_str());
        QCOMPARE(dialog.model()->rowCount(), 3);
        QCOMPARE(dialog.model()->index(0, gui::SweepTableModel::ShapeColumn).data().toString(),
                 QStringLiteral("n_elements=4096"));
        // On a narrow dialog the configs wrap at their commas, whole, and every column stays in
        // sight (an elided config hid the one value that told two shapes' picks apart).
        dialog.resize(480, 820);
        QCoreApplication::processEvents();
        QTableView* table = dialog.findChild<QTableView*>(QStringLiteral("sweepTable"));
        QVERIFY(table);
        const int last = gui::SweepTableModel::ColumnCount - 1;
        QVERIFY(table->horizontalHeader()->sectionViewportPosition(last) + table->columnWidth(last) <=
                table->viewport()->width());
        bool wrapped = false;
        for (int row = 0; row < table->model()->rowCount(); ++row)
            for (int column : {int(gui::SweepTableModel::BestConfig), int(gui::SweepTableModel::ChosenConfig)}) {
                const QModelIndex index = table->model()->index(row, column);
                const QString cut = test::cutCell(table, index, table->columnWidth(column), false);
                QVERIFY2(cut.isEmpty(), qPrintable(cut));
                wrapped |= table->visualRect(index).height() > table->fontMetrics().height() * 3 / 2;
            }
        QVERIFY(wrapped);  // the check above saw configs on more than one line
        dialog.resize(1200, 820);

        // The covering set: listed, and every shape served within the tolerance.
        const auto& cover = result->cover;
        QVERIFY(!cover.chosen.empty());
        QCOMPARE(dialog.coverList()->topLevelItemCount(), int(cover.chosen.size()));
        for (const auto& s : cover.shapes) {
            QVERIFY(s.measured && s.chosen);
            QVERIFY(s.lossPercent <= 5.0 + 1e-9);
            QVERIFY(s.chosenMs >= s.bestMs);
        }
        // The chart: both series over the swept values, on log axes.
        QCOMPARE(dialog.chartX(), (std::vector<double>{4096, 8192, 16384}));
        QCustomPlot* plot = dialog.plot();
        QCOMPARE(plot->graph(0)->dataCount(), 3);
        QCOMPARE(plot->graph(1)->dataCount(), 3);
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        // Kernel times in µs, as everywhere else: the chart, its axis, the table's cells and headers.
        QCOMPARE(plot->graph(0)->data()->begin()->value, cover.shapes[0].bestMs * 1000.0);
        QVERIFY2(plot->yAxis->label().contains(QStringLiteral("µs")), qPrintable(plot->yAxis->label()));
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const QString stretch = unlabelledStretch(plot->yAxis);
        QVERIFY2(stretch.isEmpty(), qPrintable(stretch));
        for (int column : {int(gui::SweepTableModel::BestMs), int(gui::SweepTableModel::ChosenMs)})
            QVERIFY(
                dialog.model()->headerData(column, Qt::Horizontal).toString().contains(QStringLiteral("µs")));
        QCOMPARE(dialog.model()->index(0, gui::SweepTableModel::BestMs).data().toString(),
                 QString::fromStdString(formatUs(cover.shapes[0].bestMs * 1000.0)));

        // A looser tolerance never needs more configs, recomputed without tuning again from the
        // times the sweep measured, cross-evaluation included: what a sweep at that tolerance
        // chooses.
        const std::size_t before = cover.chosen.size();
        QVERIFY(result->crossMeasurements > 0);  // the recomputation needs the cross times
        finished.clear();
        dialog.setTolerancePercent(50.0);
        QVERIFY(test::waitForCount(finished));
        QVERIFY(dialog.result() != result);
        QVERIFY(dialog.result()->cover.chosen.size() <= before);
        QCOMPARE(dialog.result()->cover.tolerance, 0.5);
        sweep::CoverOptions half;
        half.tolerance = 0.5;
        const sweep::CoverResult expected = sweep::recover(*result, half);
        QCOMPARE(dialog.result()->cover.chosen, expected.chosen);
        QCOMPARE(dialog.model()->rowCount(), 3);

        // Export: the set as the kernel's decorator.
        QVERIFY(dialog.exportButton()->isEnabled());
        gui::ExportDialog* exported = dialog.openExportDialog();
        QVERIFY(exported);
        QCOMPARE(exported->configCount(), int(dialog.result()->cover.chosen.size()));
        QString error;
        const QString out = test::runPython(QStringLiteral("import ast,sys; ast.parse(sys.stdin.read() + 'def k(): pass\\n'); print('ok')"),
                                            exported->text(), &error);
        QVERIFY2(out.trimmed() == QLatin1String("ok"), qPrintable(error + exported->text()));
        QVERIFY(exported->text().contains(QLatin1String("key=[\"n_elements\"]")));
    }

    // The p50 axis is labelled from end to end, with units, whatever the times span: within one
    // decade (a matmul sweep, 280 to 900 µs), over several, or a few percent.
    void timeAxisIsLabelledOverItsWholeRange_data()
    {
        QTest::addColumn<double>("lower");
        QTest::addColumn<double>("upper");
        QTest::newRow("matmul sweep") << 280.0 << 900.0;
        QTest::newRow("one decade and a bit") << 150.0 << 2000.0;
        QTest::newRow("two decades") << 3.0 << 400.0;
        QTest::newRow("several decades") << 0.8 << 25000.0;
        QTest::newRow("a few percent") << 300.0 << 330.0;
        QTest::newRow("below a microsecond") << 0.031 << 0.052;
    }

    void timeAxisIsLabelledOverItsWholeRange()
    {
        QFETCH(double, lower);
        QFETCH(double, upper);
        SweepDialog dialog;
        QCustomPlot* plot = dialog.plot();
        QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);
        plot->yAxis->setRange(lower, upper);
        plot->replot(QCustomPlot::rpImmediateRefresh);
        const QString stretch = unlabelledStretch(plot->yAxis);
        QVERIFY2(stretch.isEmpty(), qPrintable(stretch));
    }

    void cliAndDialogSweepAlike()
    {
        // The same sweep through `tilescope sweep` and through the dialog: the same shapes tuned
        // into the same cache rows, and the same covering list.
        QTemporaryDir dir;
        const QString cliCache = dir.filePath(QStringLiteral("cli.sqlite"));
        const QString guiCache = dir.filePath(QStringLiteral("gui.sqlite"));
        QProcess cli;
        cli.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        cli.start(QString::fromStdString(ts::test::binaryPath()),
                  {QStringLiteral("sweep"), test::examplePath("add.json"), QStringLiteral("--backend"),
                   QStringLiteral("2026-04"), QStringLiteral("--range"),
                   QStringLiteral("n_elements=4096..16384:x2"), QStringLiteral("--jobs"), QStringLiteral("2"),
                   QStringLiteral("--cache"), cliCache});
        QVERIFY(cli.waitForFinished(-1));
        QCOMPARE(cli.exitCode(), 0);
        const QString cliList = QString::fromUtf8(cli.readAllStandardOutput());

        SweepDialog dialog;
        setUp(dialog);
        dialog.setCachePath(guiCache);
        dialog.cacheBox()->setChecked(true);
        dialog.clearRanges();
        dialog.addRange(QStringLiteral("n_elements"), 4096, 16384, SweepDialog::Step::Times, 2);
        QSignalSpy finished(&dialog, &SweepDialog::finished);
        dialog.run();
        QVERIFY(test::waitForCount(finished));
        QVERIFY(dialog.result() && dialog.result()->ok());

        const std::vector<cache::TuningRecord> fromCli = test::comparableCacheRows(cliCache);
        QCOMPARE(fromCli.size(), std::size_t(3));
        QVERIFY(fromCli == test::comparableCacheRows(guiCache));
        // The CLI prints the covering list last; the dialog exports the same configs.
        gui::ExportDialog* exported = dialog.openExportDialog();
        QVERIFY(exported);
        auto configLines = [](const QString& text) {
            QStringList lines;
            for (const QString& line : text.split(QLatin1Char('\n')))
                if (line.contains(QLatin1String("triton.Config(")))
                    lines << line.section(QLatin1Char('#'), 0, 0).trimmed();
            return lines;
        };
        QCOMPARE(exported->configCount(), int(dialog.result()->cover.chosen.size()));
        QVERIFY(!configLines(cliList).isEmpty());
        QCOMPARE(configLines(exported->text()), configLines(cliList));
    }

    // A shape that failed says why in its row: the message wraps inside the Source column, which
    // ends inside the table, and the row is as tall as the lines it takes.
    void aFailureMessageWrapsInsideTheTable()
    {
        SweepDialog dialog;
        dialog.resize(1000, 700);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto result = std::make_shared<sweep::SweepResult>();
        sweep::ShapeOutcome tuned;
        tuned.shape.values = {{"n_elements", 4096}};
        tuned.fromCache = true;
        tuned.record = cache::TuningRecord{};
        sweep::ShapeOutcome failed;
        failed.shape.values = {{"n_elements", 8192}};
        failed.error = msg::Message::asWritten(
            "add.py:12:5: the launch could not be analysed: the grid launches more programs than the device "
            "can address, and every candidate of the backend's list overflows the unified buffer");
        result->shapes = {tuned, failed};
        dialog.model()->setResult(result);
        QTableView* table = dialog.shapeTable();
        const int source = gui::SweepTableModel::Source;
        const int end =
            table->horizontalHeader()->sectionViewportPosition(source) + table->columnWidth(source);
        QVERIFY2(end <= table->viewport()->width(),
                 qPrintable(QStringLiteral("the Source column ends at %1 px in a %2 px table")
                                .arg(end)
                                .arg(table->viewport()->width())));
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const QModelIndex index = table->model()->index(row, source);
            QVERIFY(!index.data().toString().isEmpty());
            const QString cut = test::cutCell(table, index, table->columnWidth(source), false);
            QVERIFY2(cut.isEmpty(), qPrintable(cut));
        }
    }

    // The covering set says which shapes it leaves out: a shape whose tuning failed has no best
    // (guide_violations at n_rows=2048: every config the backend lists is incorrect there).
    void theCoverSaysWhichShapesFailed()
    {
        SweepDialog dialog;
        tuning::TuningOptions options;
        options.jobs = 2;
        // Under the default backend (2026-08): 2026-04 lists no config for it at all.
        const kernel::WorkloadLoadResult loaded =
            kernel::loadWorkload(test::examplePath("guide_violations.json").toStdString());
        QVERIFY(loaded.workload);
        analysis::AnalysisResult analysed = analysis::analyzeWorkload(*loaded.workload);
        QVERIFY(analysed.analysis);
        const auto analysis = std::make_shared<const analysis::KernelAnalysis>(std::move(*analysed.analysis));
        dialog.setLaunch(analysis, test::devices().find(analysis->workload.device), options);
        dialog.setCachePath({});
        dialog.show();
        dialog.clearRanges();
        dialog.addRange(QStringLiteral("n_rows"), 2048, 4096, SweepDialog::Step::Times, 2);
        QSignalSpy finished(&dialog, &SweepDialog::finished);
        QTest::mouseClick(dialog.runButton(), Qt::LeftButton);
        QVERIFY(test::waitForCount(finished, finished.count() + 1));
        const auto result = dialog.result();
        QVERIFY(result && result->shapes.size() == 2);
        QVERIFY2(result->shapes[0].error && !result->shapes[1].error,
                 result->shapes[result->shapes[0].error ? 1 : 0].error.value_or(msg::Message()).english().c_str());
        const QString summary = dialog.coverSummary()->text();
        // Shares written as everywhere else ("5.0%", not "5.0 %"); the failure counted.
        QVERIFY2(summary.contains(QStringLiteral(" within 5.0% of each shape's best (worst loss 0.0%, ")), qPrintable(summary));
        static const QRegularExpression failedOne(QStringLiteral("\\. 1 shape(\\(s\\))? failed to tune"));
        QVERIFY2(summary.contains(failedOne), qPrintable(summary));
    }

    void stopKeepsTheShapesTuned()
    {
        SweepDialog dialog;
        tuning::TuningOptions options;
        options.jobs = 1;
        dialog.setLaunch(m_analysis, test::devices().find(m_analysis->workload.device), options);
        dialog.setCachePath({});
        dialog.clearRanges();
        dialog.addRange(QStringLiteral("n_elements"), 4096, 4096 << 11, SweepDialog::Step::Times, 2);
        // The worker is held when the second shape starts: the Stop lands there on any machine.
        auto pause = std::make_shared<test::PausePoint>();
        const test::PausePoint::Opener opener{pause};
        auto probe = std::make_shared<gui::JobProbe>();
        probe->step = [pause](double, const QString& stage) {
            if (stage.startsWith(QLatin1String("Shape 2 ")))
                pause->hold();
        };
        dialog.job()->setProbe(probe);
        QSignalSpy finished(&dialog, &SweepDialog::finished);
        dialog.run();
        pause->waitUntilHeld();
        QVERIFY2(dialog.isRunning(), "the sweep is running at shape 2");
        QTest::mouseClick(dialog.stopButton(), Qt::LeftButton);
        QVERIFY(!dialog.stopButton()->isEnabled());
        pause->release();
        QVERIFY(test::waitForCount(finished));
        const auto result = dialog.result();
        QVERIFY(result);
        QVERIFY(result->stopped);
        QVERIFY(result->shapes.size() >= 1);
        QVERIFY(result->shapes.size() < 12);
        QCOMPARE(dialog.model()->rowCount(), int(result->shapes.size()));
        QVERIFY(dialog.messageLabel()->text().contains(QLatin1String("Stopped")));
        QVERIFY(dialog.runButton()->isEnabled());
    }

    void openedFromTheWindowOnTheOpenLaunch()
    {
        gui::MainWindow window;
        window.show();
        gui::KernelDocument* doc = window.document();
        QAction* action = window.findChild<QAction*>(QStringLiteral("shapeSweepAction"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled());  // nothing open yet
        QSignalSpy opened(doc, &gui::KernelDocument::opened);
        window.openFile(test::examplePath("add.json"));
        QVERIFY(test::waitForCount(opened, opened.count() + 1));
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && doc->analysis(); }));
        QVERIFY(test::selectBackend2604(window));
        QVERIFY(action->isEnabled());
        action->trigger();
        SweepDialog* dialog = window.findChild<gui::ToolDialogs*>()->sweepDialog();
        QVERIFY(dialog && dialog->isVisible());
        QString error;
        const auto ranges = dialog->ranges(&error);
        QVERIFY2(ranges, qPrintable(error));
        QCOMPARE(ranges->front().name, std::string("n_elements"));
        // Tunings go to the document's cache unless unticked.
        QCOMPARE(dialog->cacheBox()->toolTip(), QDir::toNativeSeparators(doc->cacheFile()));
        QVERIFY(dialog->cacheBox()->isChecked());
        // Opening it again keeps the ranges being edited.
        dialog->addRange(QStringLiteral("n_elements"), 64, 256, SweepDialog::Step::Plus, 64);
        action->trigger();
        QCOMPARE(dialog->rangeTable()->rowCount(), 2);
    }

    void closingWhileRunningIsSafe()
    {
        auto* dialog = new SweepDialog;
        setUp(*dialog);
        dialog->run();
        QVERIFY(dialog->isRunning());
        delete dialog;  // stops and waits for the worker
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestSweepDialog)
#include "test_sweep_dialog.moc"
