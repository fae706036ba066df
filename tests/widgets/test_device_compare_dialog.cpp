// The device regret dialog: the vector add compared on two devices through the workflow; the
// best table and the regret matrix show the result's figures, the chart has one bar series per
// device, a new tolerance chooses the list again without running, Export writes the list, and
// a Stop held at the second step keeps what finished.

#include "text_fit.h"
#include "testutil.h"
#include "tuning_test_support.h"
#include "widget_test_support.h"
#include "window_test_support.h"

#include "widgets/device_compare_dialog.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/translations.h"

#include <QHeaderView>
#include <QAction>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTableWidget>

#include <set>

using namespace ts;
using gui::DeviceCompareDialog;

class TestDeviceCompareDialog : public QObject {
    Q_OBJECT

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings();
        m_analysis = test::analyseFile(test::examplePath("add.json"));
        QVERIFY(m_analysis);
    }

    void showsBestsRegretAndTheList()
    {
        tuning::TuningOptions options;
        options.jobs = 1;
        DeviceCompareDialog dialog(m_analysis, &test::devices(), options, {});
        dialog.resize(1100, 720);
        dialog.show();
        // Only the workload's own device is ticked at first: Compare needs two.
        QCOMPARE(dialog.chosenDevices(), QStringList{QStringLiteral("Ascend910B2")});
        QVERIFY(!dialog.runButton()->isEnabled());
        QVERIFY(!dialog.run());
        dialog.setChosenDevices({QStringLiteral("Ascend910B2"), QStringLiteral("Ascend310P3")});
        QVERIFY(dialog.runButton()->isEnabled());
        QVERIFY(!dialog.exportButton()->isEnabled());

        QSignalSpy done(&dialog, &DeviceCompareDialog::comparisonFinished);
        QVERIFY(dialog.run());
        QVERIFY(test::waitForCount(done));
        QVERIFY(dialog.result() && dialog.result()->ok());
        const sweep::DeviceComparison& c = dialog.result()->comparison;
        QCOMPARE(c.devices.size(), std::size_t(2));
        QVERIFY(!dialog.result()->stopped);

        // The same request through the workflow here gives the same bests and regret.
        pipeline::CompareDevicesRequest request;
        request.analysis = m_analysis;
        for (const QString& soc : dialog.chosenDevices()) // in the list's order: 310P3 first
            request.devices.push_back(*test::devices().find(soc.toStdString()));
        QCOMPARE(c.devices[0].device, std::string("Ascend310P3"));
        request.options = options;
        const pipeline::CompareDevicesResult direct = pipeline::compareDevices(request);
        QVERIFY(direct.ok());
        for (std::size_t j = 0; j < 2; ++j) {
            QCOMPARE(c.devices[j].bestMs, direct.comparison.devices[j].bestMs);
            QCOMPARE(c.configs[*c.devices[j].best].id,
                     direct.comparison.configs[*direct.comparison.devices[j].best].id);
        }
        QCOMPARE(c.regret, direct.comparison.regret);

        // The best table: one row per device, its p50 (in µs, as every kernel time of the
        // explorer) and config; the device Triton-Ascend does not support is marked.
        QTableWidget* best = dialog.bestTable();
        QCOMPARE(best->rowCount(), 2);
        QVERIFY(!c.devices[0].tritonAscendSupported);
        QVERIFY(c.devices[1].tritonAscendSupported);
        for (int j = 0; j < 2; ++j) {
            const sweep::DeviceEntry& d = c.devices[std::size_t(j)];
            QCOMPARE(best->item(j, 0)->text(),
                     QString::fromStdString(d.device) + (d.tritonAscendSupported ? QString() : QStringLiteral(" *")));
            QCOMPARE(best->item(j, 1)->text(), gui::timeUsText(d.bestMs * 1000.0));
            QCOMPARE(best->item(j, 4)->text().contains(QStringLiteral("not supported by Triton-Ascend")),
                     !d.tritonAscendSupported);
            QCOMPARE(best->item(j, 2)->text(),
                     QString::fromStdString(sweep::deviceConfigText(c.configs[*d.best])));
        }
        // Every column inside the table and every cell whole at 1280x800's dialog size, the long
        // note included (sized to its text, it pushed the columns after the config out of sight).
        QCoreApplication::processEvents();
        const QHeaderView* columns = best->horizontalHeader();
        QVERIFY2(columns->sectionViewportPosition(4) + columns->sectionSize(4) <= best->viewport()->width(),
                 qPrintable(QStringLiteral("the note ends at %1 px in %2")
                                .arg(columns->sectionViewportPosition(4) + columns->sectionSize(4))
                                .arg(best->viewport()->width())));
        for (int j = 0; j < best->rowCount(); ++j)
            for (int column = 0; column < best->columnCount(); ++column) {
                const QString cut = test::cutCell(best, best->model()->index(j, column), best->columnWidth(column), false);
                QVERIFY2(cut.isEmpty(), qPrintable(cut));
            }
        // The regret matrix: 1 on the diagonal, the ratio (or "does not run") elsewhere.
        QTableWidget* regret = dialog.regretTable();
        QCOMPARE(regret->rowCount(), 2);
        QCOMPARE(regret->columnCount(), 3); // whose best, then where it runs
        QVERIFY(regret->verticalHeader()->isHidden());
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                QCOMPARE(regret->item(i, 0)->text(),
                         QStringLiteral("best of %1")
                             .arg(QString::fromStdString(c.devices[std::size_t(i)].device)));
                const auto& v = c.regret[std::size_t(i)][std::size_t(j)];
                const QString text = regret->item(i, j + 1)->text();
                if (i == j)
                    QCOMPARE(text, QStringLiteral("1.000×"));
                else if (v)
                    QCOMPARE(text, gui::ratioText(*v));
                else
                    QCOMPARE(text, QStringLiteral("does not run"));
            }
        // The chart: one bar series per device whose best is run, one bar per finite regret.
        QCustomPlot* plot = dialog.plot();
        int barSeries = 0;
        for (int k = 0; k < plot->plottableCount(); ++k)
            barSeries += qobject_cast<QCPBars*>(plot->plottable(k)) != nullptr;
        QCOMPARE(barSeries, 2);
        // The legend names every mark the chart draws: the bars, the line at 1, the tolerance
        // line, and the cross of a best that does not run on a device, when there is one.
        QStringList legend;
        for (int k = 0; k < plot->legend->itemCount(); ++k)
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(k)))
                legend << item->plottable()->name();
        bool anyMissing = false;
        for (std::size_t i = 0; i < 2; ++i)
            for (std::size_t j = 0; j < 2; ++j)
                anyMissing = anyMissing || (!c.regret[i][j] && c.devices[i].best && c.devices[j].best);
        QStringList expected{QStringLiteral("best of Ascend310P3"), QStringLiteral("best of Ascend910B2"),
                             QStringLiteral("1× (no regret)"), QStringLiteral("tolerance, 5.0%")};
        if (anyMissing)
            expected << QStringLiteral("a best that does not run there");
        QCOMPARE(legend, expected);
        for (int i = 0; i < 2; ++i) {
            auto* bars = qobject_cast<QCPBars*>(plot->plottable(i));
            QVERIFY(bars);
            int finite = 0;
            for (int j = 0; j < 2; ++j)
                finite += c.regret[std::size_t(i)][std::size_t(j)].has_value();
            QCOMPARE(bars->dataCount(), finite);
            QCOMPARE(bars->baseValue(), 1.0);  // a bar stands on "no regret" and reaches the regret
            for (int k = 0; k < bars->dataCount(); ++k) {
                const int j = int(bars->data()->at(k)->key) - 1;
                QCOMPARE(bars->baseValue() + bars->data()->at(k)->value, *c.regret[std::size_t(i)][std::size_t(j)]);
            }
        }
        // The regret axis starts near 1, so that 1.00x and 1.02x are told apart.
        double low = 1.0, high = 1.0 + c.cover.tolerance;
        for (const auto& row : c.regret)
            for (const auto& v : row)
                if (v) {
                    low = std::min(low, *v);
                    high = std::max(high, *v);
                }
        QVERIFY2(plot->yAxis->range().lower > low - 0.5 * (high - low) && plot->yAxis->range().lower < low,
                 qPrintable(QStringLiteral("%1 .. %2").arg(plot->yAxis->range().lower).arg(plot->yAxis->range().upper)));
        QVERIFY(plot->yAxis->range().upper > high);
        // The device list says which device Triton-Ascend does not support.
        const QList<QListWidgetItem*> p3 = dialog.findChild<QListWidget*>(QStringLiteral("deviceCompareDevices"))
                                               ->findItems(QStringLiteral("Ascend310P3"), Qt::MatchStartsWith);
        QCOMPARE(p3.size(), 1);
        QCOMPARE(p3.front()->text(), QStringLiteral("Ascend310P3 *"));
        QVERIFY(p3.front()->toolTip().contains(QStringLiteral("does not support")));

        // The list within 5%, exported as a decorator.
        QVERIFY(c.listExists);
        QVERIFY(dialog.exportButton()->isEnabled());
        QVERIFY(dialog.summary()->text().contains(QStringLiteral("within 5%")));
        const auto dir = test::scratchDir("widgets-device-compare");
        const QString file = QString::fromStdString((dir / "list.py").string());
        QCOMPARE(dialog.exportList(file), QString());
        QFile written(file);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(written.readAll());
        QCOMPARE(text, dialog.listText());
        QCOMPARE(int(text.count(QStringLiteral("triton.Config("))), int(c.cover.chosen.size()));
        QVERIFY(text.contains(QStringLiteral("# covers ")));

        // Tolerance 0: the list again from the same times, one config per distinct fastest.
        dialog.setTolerancePercent(0.0);
        const sweep::DeviceComparison& zero = dialog.result()->comparison;
        QCOMPARE(zero.cover.tolerance, 0.0);
        std::set<std::size_t> fastest;
        for (const sweep::ShapeCover& s : zero.cover.shapes)
            fastest.insert(s.best);
        QCOMPARE(zero.cover.chosen.size(), fastest.size());
        QCOMPARE(zero.cover.maxLossPercent, 0.0);
        QVERIFY(dialog.summary()->text().contains(QStringLiteral("within 0%")));

        if (const QByteArray shot = qgetenv("TILESCOPE_SCREENSHOT_DIR"); !shot.isEmpty()) {
            dialog.setTolerancePercent(5.0);
            QCoreApplication::sendPostedEvents(); // the layout takes the summary's new lines
            dialog.grab().save(QString::fromUtf8(shot) + QStringLiteral("/device-compare.png"));
        }
    }

    // A regret below 1 (softmax: the 910B2's best runs faster on the 310P3 than the 310P3's own
    // pick) is explained under the chart, whole, at the dialog's size in both languages.
    void theBelowOneNoteShowsWhole_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void theBelowOneNoteShowsWhole()
    {
        QFETCH(QString, language);
        QVERIFY(gui::installLanguage(language));
        const auto english = qScopeGuard([] { gui::installLanguage(QStringLiteral("en")); });
        const auto softmax = test::analyseFile(test::examplePath("softmax.json"));
        QVERIFY(softmax);
        tuning::TuningOptions options;
        options.jobs = 1;
        DeviceCompareDialog dialog(softmax, &test::devices(), options, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setChosenDevices({QStringLiteral("Ascend910B2"), QStringLiteral("Ascend310P3")});
        QSignalSpy done(&dialog, &DeviceCompareDialog::comparisonFinished);
        QVERIFY(dialog.run());
        QVERIFY(test::waitForCount(done));
        bool below = false;
        for (const auto& row : dialog.result()->comparison.regret)
            for (const auto& v : row)
                below |= v && *v < 1.0;
        QVERIFY(below);
        QCoreApplication::processEvents();
        dialog.layout()->activate();
        const QLabel* note = dialog.messageLabel();
        QVERIFY(note->text().contains(QStringLiteral("1×")));
        // Every regret below 1 is named with its figure, not only the first.
        for (const auto& row : dialog.result()->comparison.regret)
            for (const auto& v : row)
                if (v && *v < 1.0)
                    QVERIFY2(note->text().contains(gui::ratioText(*v)), qPrintable(note->text()));
        const test::TextFit fit = test::layText(note->text(), note->font(), note->contentsRect().width(), false);
        QVERIFY2(fit.widest <= note->contentsRect().width() && fit.height <= note->contentsRect().height(),
                 qPrintable(QStringLiteral("\"%1\": %2 x %3 px needed, %4 x %5 px shown")
                                .arg(note->text())
                                .arg(fit.widest)
                                .arg(fit.height)
                                .arg(note->contentsRect().width())
                                .arg(note->contentsRect().height())));
    }

    // Three devices at the dialog's own size: each device's best (three lines of config a row)
    // shows every row whole, and the regret table is as tall as its rows. The bests' last row was
    // cut behind a scroll bar while the regret table kept empty room below its rows.
    void bothTablesShowEveryRow()
    {
        // In Chinese, as it was seen: a row's config and note take three lines.
        QVERIFY(gui::installLanguage(QStringLiteral("zh_CN")));
        const auto english = qScopeGuard([] { gui::installLanguage(QStringLiteral("en")); });
        const auto softmax = test::analyseFile(test::examplePath("softmax.json"));
        QVERIFY(softmax);
        tuning::TuningOptions options;
        options.jobs = 1;
        DeviceCompareDialog dialog(softmax, &test::devices(), options, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.setChosenDevices(
            {QStringLiteral("Ascend910B2"), QStringLiteral("Ascend910B4"), QStringLiteral("Ascend310P3")});
        QSignalSpy done(&dialog, &DeviceCompareDialog::comparisonFinished);
        QVERIFY(dialog.run());
        QVERIFY(test::waitForCount(done));
        QCoreApplication::processEvents();
        dialog.layout()->activate();
        auto rowsHeight = [](const QTableWidget* table) {
            int rows = 0;
            for (int r = 0; r < table->rowCount(); ++r)
                rows += table->rowHeight(r);
            return rows;
        };
        const QTableWidget* best = dialog.bestTable();
        const QTableWidget* regret = dialog.regretTable();
        QCOMPARE(best->rowCount(), 3);
        QCOMPARE(regret->rowCount(), 3);
        QVERIFY2(rowsHeight(best) <= best->viewport()->height(),
                 qPrintable(QStringLiteral("the bests' rows take %1 px of a %2 px view")
                                .arg(rowsHeight(best))
                                .arg(best->viewport()->height())));
        // The regret table shows its rows whole and keeps no room below them that the bests
        // could use.
        QVERIFY2(rowsHeight(regret) <= regret->viewport()->height() &&
                     regret->viewport()->height() - rowsHeight(regret) < regret->rowHeight(0),
                 qPrintable(QStringLiteral("the regret rows take %1 px of a %2 px view")
                                .arg(rowsHeight(regret))
                                .arg(regret->viewport()->height())));
    }

    void stopAtTheSecondStepKeepsWhatFinished()
    {
        tuning::TuningOptions options;
        options.jobs = 1;
        DeviceCompareDialog dialog(m_analysis, &test::devices(), options, {});
        dialog.setChosenDevices(
            {QStringLiteral("Ascend910B2"), QStringLiteral("Ascend910B4"), QStringLiteral("Ascend310P3")});
        // The worker is held when the second device's tuning starts: the Stop lands there.
        auto pause = std::make_shared<test::PausePoint>();
        const test::PausePoint::Opener opener{pause};
        auto probe = std::make_shared<gui::JobProbe>();
        probe->step = [pause](double, const QString& stage) {
            if (stage.startsWith(QLatin1String("Step 2 ")))
                pause->hold();
        };
        probe->clock = test::steppingClock();
        dialog.job()->setProbe(probe);
        QSignalSpy done(&dialog, &DeviceCompareDialog::comparisonFinished);
        QVERIFY(dialog.run());
        pause->waitUntilHeld();
        QVERIFY(dialog.isRunning());
        QTest::mouseClick(dialog.stopButton(), Qt::LeftButton);
        pause->release();
        QVERIFY(test::waitForCount(done));
        QVERIFY(dialog.result() && dialog.result()->ok());
        const pipeline::CompareDevicesResult& r = *dialog.result();
        QVERIFY(r.stopped);
        QVERIFY(r.comparison.devices[0].best); // the first device finished before the stop
        QVERIFY(!r.comparison.devices[2].best);
        QVERIFY(dialog.messageLabel()->text().contains(QStringLiteral("Stopped")));
        QCOMPARE(dialog.bestTable()->rowCount(), 3);
        QVERIFY(dialog.runButton()->isEnabled());
    }

    void openedFromTheRunMenuOnTheOpenLaunch()
    {
        gui::MainWindow window;
        window.show();
        gui::KernelDocument* doc = window.document();
        QAction* action = window.findChild<QAction*>(QStringLiteral("deviceRegretAction"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled()); // nothing open yet
        QSignalSpy opened(doc, &gui::KernelDocument::opened);
        window.openFile(test::examplePath("add.json"));
        QVERIFY(test::waitForCount(opened, opened.count() + 1));
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && doc->analysis(); }));
        QVERIFY(action->isEnabled());
        action->trigger();
        auto* dialog = window.findChild<DeviceCompareDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        // The open launch's own device is ticked; nothing runs until a second one is.
        QCOMPARE(dialog->chosenDevices(), QStringList{QStringLiteral("Ascend910B2")});
        QVERIFY(!dialog->isRunning());
        dialog->close();
    }

    void saysWhyWithoutAnAnalysis()
    {
        DeviceCompareDialog dialog(nullptr, &test::devices(), {}, {});
        dialog.setChosenDevices({QStringLiteral("Ascend910B2"), QStringLiteral("Ascend310P3")});
        QVERIFY(!dialog.runButton()->isEnabled());
        QVERIFY(!dialog.run());
        QVERIFY(!dialog.exportList(QStringLiteral("/nonexistent/list.py")).isEmpty());
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestDeviceCompareDialog)
#include "test_device_compare_dialog.moc"
