// The simulated-vs-measured dialog: the synthetic measurements of the vector add (tests/data/
// measure), imported through the workflow, plotted one point per config with the diagonal; the
// point under the mouse names its config; the outliers are the configs furthest from the diagonal.

#include "testutil.h"
#include "tuning_test_support.h"
#include "widget_test_support.h"

#include "core/util/format.h"
#include "widgets/candidate_table_model.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/measured_compare_dialog.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/space_page.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QTableWidget>

#include <cmath>

using namespace ts;
using gui::MeasuredCompareDialog;

class TestMeasuredCompareDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void plotsEveryConfigWithBothTimes()
    {
        const auto dir = test::scratchDir("widgets-measured-compare");
        const auto data = test::dataDir() / "measure";
        pipeline::MeasureImportRequest request;
        request.files = {(data / "add_runner.json").string()};
        request.cachePath = dir / "cache.sqlite";
        QVERIFY(pipeline::importMeasurements(request).ok());

        auto analysis = test::analyseFile(QString::fromStdString((data / "add.json").string()));
        QVERIFY(analysis);
        const npu::DeviceProfile* device = test::devices().find(analysis->workload.device);
        QVERIFY(device);
        tuning::TuningOptions options;
        options.jobs = 1;
        MeasuredCompareDialog dialog(analysis, *device, options, dir / "cache.sqlite");
        dialog.resize(1200, 620);
        dialog.show();
        QSignalSpy done(&dialog, &MeasuredCompareDialog::comparisonFinished);
        QVERIFY(dialog.run());
        QVERIFY(test::waitForCount(done));
        QVERIFY(dialog.result() && dialog.result()->ok());
        const pipeline::CompareMeasuredResult& r = *dialog.result();
        QCOMPARE(r.compared.size(), std::size_t(8));
        QCOMPARE(dialog.table()->rowCount(), 9);
        QCOMPARE(dialog.outliers()->count(), 5);
        QVERIFY(dialog.summary()->text().contains(QStringLiteral("Spearman")));

        // Graphs: the diagonal, the points, the simulator's pick, the measured best.
        QCustomPlot* plot = dialog.plot();
        QCOMPARE(plot->graphCount(), 4);
        QCOMPARE(plot->graph(1)->dataCount(), 8);
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);
        // The diagonal runs through equal coordinates.
        const double x0 = plot->graph(0)->data()->at(0)->key, y0 = plot->graph(0)->data()->at(0)->value;
        QCOMPARE(x0, y0);

        // Hovering the point of a config finds that config; far from every point finds none.
        plot->replot();
        const std::size_t some = r.compared[3];
        const QPoint at(
            int(std::lround(plot->xAxis->coordToPixel(*r.candidates[some].measuredMs * 1000.0))),
            int(std::lround(plot->yAxis->coordToPixel(*r.candidates[some].simulatedMs * 1000.0))));
        const auto hit = dialog.candidateAt(at);
        QVERIFY(hit);
        const pipeline::MeasuredCandidate& c = r.candidates[*hit];
        QVERIFY(std::abs(plot->xAxis->coordToPixel(*c.measuredMs * 1000.0) - at.x()) <= 8);
        QVERIFY(dialog.hoverText(*hit).contains(QString::fromStdString(measure::configText(c.config))));
        QVERIFY(!dialog.candidateAt(QPoint(-100, -100)));

        // Every time in µs, as everywhere else in the explorer: the axes, the table's columns and
        // cells, the hover text (the measurements keep ms).
        QVERIFY(plot->xAxis->label().contains(QStringLiteral("µs")));
        QVERIFY(plot->yAxis->label().contains(QStringLiteral("µs")));
        QVERIFY(dialog.table()->horizontalHeaderItem(0)->text().contains(QStringLiteral("µs")));
        QVERIFY(dialog.table()->horizontalHeaderItem(1)->text().contains(QStringLiteral("µs")));
        const int row = int(*hit);
        QCOMPARE(dialog.table()->item(row, 0)->text(),
                 QString::fromStdString(formatUs(*c.measuredMs * 1000.0)));
        QCOMPARE(dialog.table()->item(row, 1)->text(),
                 QString::fromStdString(formatUs(*c.simulatedMs * 1000.0)));
        const QString hover = dialog.hoverText(*hit);
        QVERIFY2(hover.contains(QString::fromStdString(formatUs(*c.measuredMs * 1000.0)) + gui::kUnitSpace +
                                QStringLiteral("µs")),
                 qPrintable(hover));
        QVERIFY2(!hover.contains(QStringLiteral(" ms")), qPrintable(hover));
        // The axis labels its ticks in µs too (held to their numbers), and they span the plotted points.
        QVector<double> ticks;
        QVector<QString> tickLabels;
        plot->xAxis->ticker()->generate(plot->xAxis->range(), QLocale(), QLatin1Char('g'), 2, ticks, nullptr,
                                        &tickLabels);
        QVERIFY(!tickLabels.isEmpty());
        for (const QString& label : tickLabels)
            QVERIFY2(label.endsWith(gui::timeUsUnit()), qPrintable(label));

        // The first outlier is the largest |log ratio|.
        double largest = 0;
        for (std::size_t i : r.compared)
            largest = std::max(largest, std::abs(std::log(*r.candidates[i].ratio)));
        const std::size_t first = r.compared[r.agreement.outliers.front()];
        QCOMPARE(std::abs(std::log(*r.candidates[first].ratio)), largest);

        if (const QByteArray shot = qgetenv("TILESCOPE_SCREENSHOT_DIR"); !shot.isEmpty())
            dialog.grab().save(QString::fromUtf8(shot) + QStringLiteral("/measured-compare.png"));
    }

    void theCandidateTableShowsTheMeasuredTimes()
    {
        // The runner's configs are among the 2026-04 generated list of the vector add: the
        // measured column holds their median p50 (in µs), the others a dash.
        const auto dir = test::scratchDir("widgets-measured-column");
        const auto data = test::dataDir() / "measure";
        pipeline::MeasureImportRequest import;
        import.files = {(data / "add_runner.json").string()};
        import.cachePath = dir / "cache.sqlite";
        QVERIFY(pipeline::importMeasurements(import).ok());
        auto analysis = test::analyseFile(QString::fromStdString((data / "add.json").string()));
        QVERIFY(analysis);
        pipeline::SpaceRequest spaceRequest{analysis, *test::devices().find(analysis->workload.device), {}};
        const pipeline::SpaceResult built = pipeline::buildSpace(spaceRequest);
        QVERIFY(built.space);
        pipeline::MeasuredForSpaceRequest request{analysis, built.space, dir / "cache.sqlite", {}};
        pipeline::MeasuredForSpaceResult measured = pipeline::measuredForSpace(request);
        QVERIFY(!measured.error);
        QCOMPARE(measured.measuredDevice, std::string("Synthetic GPU"));
        QCOMPARE(measured.matched, std::size_t(8));  // the compile failure has no time

        gui::CandidateTableModel model;
        model.setSpace(built.space);
        QCOMPARE(model.columnOf(gui::CandidateTableModel::Column::Measured), -1);
        const int without = model.columnCount();
        model.setMeasured(std::make_shared<const std::vector<double>>(measured.p50Ms));
        QCOMPARE(model.columnCount(), without + 1);
        const int column = model.columnOf(gui::CandidateTableModel::Column::Measured);
        QCOMPARE(column, without);
        QCOMPARE(model.columnKind(column), gui::CandidateTableModel::Column::Measured);
        int shown = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const double ms = measured.p50Ms[std::size_t(row)];
            const QVariant sort = model.data(model.index(row, column), gui::CandidateTableModel::SortRole);
            if (std::isnan(ms)) {
                QCOMPARE(model.data(model.index(row, column)).toString(), QStringLiteral("–"));
                continue;
            }
            ++shown;
            QCOMPARE(sort.toDouble(), ms * 1000.0);
        }
        QCOMPARE(shown, 8);
        // The fastest measured config (0.0140 ms) is XBLOCK=12304, XBLOCK_SUB=4096.
        std::size_t fastest = 0;
        for (std::size_t i = 0; i < measured.p50Ms.size(); ++i)
            if (!std::isnan(measured.p50Ms[i]) && (std::isnan(measured.p50Ms[fastest]) || measured.p50Ms[i] < measured.p50Ms[fastest]))
                fastest = i;
        QCOMPARE(measured.p50Ms[fastest], 0.0140);
        QVERIFY(model.describeParams(fastest).contains(QStringLiteral("XBLOCK_SUB=4096")));

        // The column changes in place, then goes; never a reset of the rows.
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&model, &QAbstractItemModel::columnsRemoved);
        model.setMeasured(std::make_shared<const std::vector<double>>(measured.p50Ms));
        QCOMPARE(model.columnCount(), without + 1);
        model.setMeasured(nullptr);
        QCOMPARE(model.columnCount(), without);
        QCOMPARE(model.columnOf(gui::CandidateTableModel::Column::Measured), -1);
        model.setMeasured(nullptr);  // nothing to take away
        QCOMPARE(removed.count(), 1);
        QCOMPARE(resets.count(), 0);
    }

    // The explorer reads the measured times of the space it shows on a worker and adds the
    // column once they are in.
    void theExplorerAddsTheMeasuredColumnOnceRead()
    {
        const auto dir = test::scratchDir("widgets-measured-window");
        const auto data = test::dataDir() / "measure";
        pipeline::MeasureImportRequest import;
        import.files = {(data / "add_runner.json").string()};
        import.cachePath = dir / "cache.sqlite";
        QVERIFY(pipeline::importMeasurements(import).ok());
        gui::MainWindow window;
        window.show();
        window.document()->setCacheFile(QString::fromStdString((dir / "cache.sqlite").string()));
        QSignalSpy opened(window.document(), &gui::KernelDocument::opened);
        window.openFile(QString::fromStdString((data / "add.json").string()));
        QVERIFY(test::waitForCount(opened));
        const gui::CandidateTableModel* model = window.spacePage()->model();
        QVERIFY(test::waitUntil([&] { return model->columnOf(gui::CandidateTableModel::Column::Measured) >= 0; }));
        const int column = model->columnOf(gui::CandidateTableModel::Column::Measured);
        int shown = 0;
        for (int row = 0; row < model->rowCount(); ++row)
            shown += !std::isnan(model->data(model->index(row, column), gui::CandidateTableModel::SortRole).toDouble());
        QCOMPARE(shown, 8);
    }

    void saysWhenNothingWasMeasured()
    {
        const auto dir = test::scratchDir("widgets-measured-none");
        auto analysis = test::analyseFile(QString::fromStdString((test::dataDir() / "measure" / "add.json").string()));
        QVERIFY(analysis);
        MeasuredCompareDialog dialog(analysis, *test::devices().find(analysis->workload.device), {},
                                     dir / "missing.sqlite");
        QSignalSpy done(&dialog, &MeasuredCompareDialog::comparisonFinished);
        QVERIFY(dialog.run());
        QVERIFY(test::waitForCount(done));
        QVERIFY(!dialog.result()->ok());
        QVERIFY(dialog.summary()->text().contains(QStringLiteral("import measurements first")));
        QCOMPARE(dialog.plot()->graphCount(), 0);
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestMeasuredCompareDialog)
#include "test_measured_compare_dialog.moc"
