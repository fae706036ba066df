// The explorer reads true: one figure reads the same in every view that shows it, the per-pipe
// chart names what it draws (and draws nothing before a tuning), every footprint figure says
// what it is, the config columns stay in sight, and the simulator's own warnings stand beside the
// times they qualify.

#include "cli_run.h"
#include "text_fit.h"
#include "window_test_support.h"

#include "core/util/format.h"
#include "widgets/candidate_table_model.h"
#include "widgets/charts_page.h"
#include "widgets/compare_dialog.h"
#include "widgets/frozen_table_view.h"
#include "widgets/kernel_document.h"
#include "widgets/kernel_page.h"
#include "widgets/launch_editor.h"
#include "widgets/main_window.h"
#include "widgets/pipe_chart.h"
#include "widgets/pipe_names.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/source_view.h"
#include "widgets/space_page.h"
#include "widgets/status_colors.h"
#include "widgets/timeline_chart.h"
#include "widgets/timings_chart.h"
#include "widgets/translations.h"
#include "widgets/ub_chart.h"

#include <QAction>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextStream>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>

using namespace ts;
using test::tuneAndWait;
using gui::CandidateTableModel;
using gui::KernelDocument;
using gui::MainWindow;
using Column = CandidateTableModel::Column;

namespace {

// Shows the window at `size`, opens `path` and tunes it to a best config.
bool openAndTune(MainWindow& window, const QString& path, QSize size)
{
    window.resize(size);
    window.show();
    if (!test::openAndSettle(window, path) || !tuneAndWait(window))
        return false;
    const auto result = window.document()->tuningResult();
    return result && result->best;
}

// The label's text without its markup, as the reader sees it (its no-break spaces kept).
QString plain(const QLabel* label)
{
    QTextDocument doc;
    doc.setHtml(label->text());
    return doc.toRawText();
}

} // namespace

class TestViewsAgree : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void oneFigureReadsTheSameInEveryView()
    {
        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "add.json", "add.py");
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(test::openAndSettle(window, path));
        // Before a tuning the per-pipe chart says so instead of drawing an empty axis.
        gui::ChartsPage* charts = window.chartsPage();
        gui::PipeChart* pipes = charts->pipeChart();
        QVERIFY(pipes->emptyText()->visible());
        QVERIFY(!pipes->plot()->xAxis->visible());
        QVERIFY(!pipes->emptyText()->text().isEmpty());

        QVERIFY(tuneAndWait(window));
        const auto result = window.document()->tuningResult();
        const auto run = window.document()->tuningRun();
        QVERIFY(result && result->best && run);
        const tuning::CandidateOutcome& best = result->outcomes[*result->best];
        const double p50Us = best.bench.p50Ms * 1000.0;

        // The modelled tuning time: the status bar and the tuning-time view say the same.
        const QString total = gui::secondsText(result->modelled.totalSeconds);
        const QString compile = gui::secondsText(result->modelled.compileSeconds);
        QVERIFY2(window.statusBar()->currentMessage().contains(total), qPrintable(window.statusBar()->currentMessage()));
        window.tabs()->setCurrentWidget(charts);
        charts->tabs()->setCurrentWidget(charts->timelineTab());
        gui::TimelineChart* timeline = charts->timelineChart();
        QVERIFY(test::waitUntil([&] { return timeline->timeline().totalSeconds > 0; }));
        const QString summary = timeline->summary()->text();
        QVERIFY2(summary.contains(total) && summary.contains(compile), qPrintable(summary + QLatin1String(" / ") + total));
        // ... and the CLI's report (its text comes from the same formatting; the explorer holds
        // the unit to its number with a no-break space, where a terminal writes a plain one).
        const std::string report = formatSeconds(result->modelled.totalSeconds);
        QCOMPARE(QString::fromStdString(report), QString(total).replace(gui::kUnitSpace, QLatin1Char(' ')));
        QVERIFY(total.contains(gui::kUnitSpace));

        // The best's p50: status bar, table (the unit in its header), details pane.
        QVERIFY(window.statusBar()->currentMessage().contains(gui::timeUsText(p50Us)));
        CandidateTableModel* model = window.spacePage()->model();
        const int p50 = model->columnOf(Column::P50);
        QCOMPARE(model->data(model->index(int(*result->best), p50)).toString(), QString::fromStdString(formatUs(p50Us)));
        QVERIFY(model->headerData(p50, Qt::Horizontal).toString().contains(QStringLiteral("µs")));
        const QString details = window.spacePage()->details()->document()->toRawText();
        QVERIFY2(details.contains(gui::timeUsText(p50Us)), qPrintable(details));

        // The device time: the details pane and the per-pipe chart.
        const QString device = gui::timeUsText(best.bench.sim.deviceUs);
        QVERIFY(details.contains(device));
        QVERIFY2(plain(pipes->summary()).contains(device), qPrintable(pipes->summary()->text()));
        // Beside it the p50 the table and the status bar show, and what the benchmark adds to the
        // device time to make it (do_bench: the host's launch and timing noise).
        QCOMPARE(pipes->shownCandidate(), result->best);
        QVERIFY(p50Us > best.bench.sim.deviceUs);
        const QString shownP50 = model->data(model->index(int(*result->best), p50)).toString() + gui::kUnitSpace + QStringLiteral("µs");
        // The difference of the two figures as shown, so that the line adds up to the cent.
        const auto shown = [](double us) { std::string t = formatUs(us); std::erase(t, ','); return std::stod(t); };
        const QString added = gui::timeUsText(shown(p50Us) - shown(best.bench.sim.deviceUs));
        QVERIFY2(plain(pipes->summary()).contains(QStringLiteral("p50 ") + shownP50 + QStringLiteral(" in the table")),
                 qPrintable(pipes->summary()->text() + QLatin1String(" / ") + shownP50));
        QVERIFY2(plain(pipes->summary()).contains(QStringLiteral("= device time + ") + added + QStringLiteral(" (host launch")),
                 qPrintable(pipes->summary()->text() + QLatin1String(" / ") + added));
    }

    // A count reads the same, its digits grouped, wherever it shows: the status bar, the
    // candidates tab's count, the timings chart and the CLI's report of the same launch and tuning.
    void aCountReadsTheSameInTheCliAndEveryView()
    {
        QVERIFY(gui::installLanguage(QStringLiteral("en"))); // English counts: "6,352 candidates"
        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "matmul.json", "matmul.py");
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        // Under the default backend, which generates matmul's 6,352 configs.
        QSignalSpy openedSpy(window.document(), &KernelDocument::opened);
        window.openFile(path);
        QVERIFY(test::waitForCount(openedSpy));
        QVERIFY(test::waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); }));
        const auto space = window.document()->space();
        const std::size_t generated = space->count(space::CandidateStatus::Generated);
        QVERIFY(space->size() >= 1000 && generated >= 1000); // digits to group
        const QString size = gui::countText(space->size());
        QCOMPARE(size, QString::fromStdString(formatInteger(std::int64_t(space->size()))));
        QVERIFY(size.contains(QLatin1Char(',')));
        // The source's marks are each named in the legend, in their colours: GROUP_SIZE_M's grey too.
        {
            gui::SourceView* source = window.kernelPage()->sourceView();
            const auto kinds = source->markKinds();
            QVERIFY(std::find(kinds.begin(), kinds.end(), gui::SourceView::ParamMark::Kind::Fixed) != kinds.end());
            const QString legend = window.kernelPage()->legend()->text();
            QVERIFY2(legend.contains(QStringLiteral("fixed or hint parameter")), qPrintable(legend));
            for (const auto kind : kinds)
                QVERIFY2(legend.contains(source->markColor(kind).name()), qPrintable(legend));
        }
        // The filter's example is in the kernel's own names: a tl.dot kernel has no XBLOCK nor UB.
        const QString example = window.spacePage()->filterEdit()->placeholderText();
        QVERIFY2(example.contains(QStringLiteral("BLOCK_M>=")) && example.contains(QStringLiteral("programs>48")) &&
                     !example.contains(QStringLiteral("XBLOCK")) && !example.contains(QStringLiteral("ub<=")),
                 qPrintable(example));

        // The launch: the status bar, the candidates tab, and `space` / `space --summary`.
        const QString opened = window.statusBar()->currentMessage();
        QVERIFY2(opened.startsWith(size + QStringLiteral(" candidates: ") + gui::countText(generated) +
                                   QStringLiteral(" generated")),
                 qPrintable(opened));
        auto* countLabel = window.spacePage()->findChild<QLabel*>(QStringLiteral("candidateCount"));
        QVERIFY(countLabel);
        QVERIFY(test::waitUntil([&] { return countLabel->text().endsWith(QStringLiteral(" of ") + size); }));
        const std::string workload = test::quote(path.toStdString());
        const test::CliRun summary = test::tilescope("space " + workload + " --summary");
        QCOMPARE(summary.exitCode, 0);
        QVERIFY2(summary.out.find("Candidates judged: " + size.toStdString() + "\n") != std::string::npos,
                 summary.out.c_str());
        const test::CliRun table = test::tilescope("space " + workload);
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.find("Candidates: " + gui::countText(generated).toStdString() + " generated") !=
                     std::string::npos,
                 table.out.substr(0, 2000).c_str());

        // The tuning: the status bar, the timings chart, and `tune` of the same launch.
        QVERIFY(tuneAndWait(window));
        const auto run = window.document()->tuningRun();
        QVERIFY(run && run->measuredCount() >= 1000);
        const QString tuned = gui::countText(run->entryCount()),
                      measured = gui::countText(run->measuredCount());
        const QString done = window.statusBar()->currentMessage();
        QVERIFY2(done.contains(QStringLiteral(" of ") + tuned + QStringLiteral(" candidates")),
                 qPrintable(done));
        gui::ChartsPage* charts = window.chartsPage();
        window.tabs()->setCurrentWidget(charts);
        charts->tabs()->setCurrentWidget(charts->timingsTab());
        const QLabel* chart = charts->timingsChart()->summary();
        const QString benchmarked =
            measured + QStringLiteral(" of ") + tuned + QStringLiteral(" candidates benchmarked");
        QVERIFY(test::waitUntil([&] { return chart->text().startsWith(benchmarked); }));
        // A thousand candidates leave the first one's ring room inside the axes, not half behind
        // the value axis.
        QCustomPlot* timingsPlot = charts->timingsChart()->plot();
        timingsPlot->replot();
        const double ringRoom = timingsPlot->xAxis->coordToPixel(0.0) - timingsPlot->axisRect()->left();
        QVERIFY2(ringRoom >= 6, qPrintable(QString::number(ringRoom)));
        // Its axes group their figures as the table does ("1,000"): matmul's p50s reach past 1,000 µs.
        static const QRegularExpression ungrouped(QStringLiteral("\\d{4}"));
        const QVector<QString> p50Ticks = timingsPlot->yAxis->tickVectorLabels();
        QVERIFY(std::any_of(p50Ticks.begin(), p50Ticks.end(), [](const QString& t) { return t.contains(QLatin1Char(',')); }));
        for (const QString& tick : p50Ticks)
            QVERIFY2(!tick.contains(ungrouped), qPrintable(tick));
        // The tuning time's device lane stands out of the compile workers' (144 of them here):
        // its benchmark runs were a hairline on the time axis.
        charts->tabs()->setCurrentWidget(charts->timelineTab());
        gui::TimelineChart* timeline = charts->timelineChart();
        QVERIFY(test::waitUntil([&] { return !timeline->isRefreshing() && timeline->timeline().totalSeconds > 0; }));
        timeline->plot()->replot();
        const std::size_t workers = timeline->timeline().compileLanes.size();
        QVERIFY(workers > 40);
        QVERIFY2(timeline->lanePixels(workers) >= 5 * timeline->lanePixels(0),
                 qPrintable(QStringLiteral("device lane %1 px, a worker's %2 px")
                                .arg(timeline->lanePixels(workers))
                                .arg(timeline->lanePixels(0))));
        // The lanes' colours are named, each kind of bar they hold and no other.
        bool failed = false;
        for (std::size_t e = 0; e < run->entryCount(); ++e)
            failed |= run->entry(e).status == tuning::OutcomeStatus::CompileFailed;
        const auto laneKeys = [&] {
            QStringList keys;
            for (int i = 0; i < timeline->laneLegend()->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(timeline->laneLegend()->item(i)))
                    keys << item->plottable()->name();
            return keys;
        };
        QStringList expected = {QStringLiteral("compile")};
        if (failed)
            expected << QStringLiteral("compile failed");
        expected << QStringLiteral("benchmark run") << QStringLiteral("the best's run");
        timeline->setSelectedCandidate(std::nullopt);
        QCOMPARE(laneKeys(), expected);
        QVERIFY(timeline->laneLegend()->visible());
        // The best's run shows in its colour, though one run of a thousand is under a pixel wide.
        const auto best = window.document()->tuningResult()->best;
        QVERIFY(best);
        std::optional<gui::TimelineSpan> bestRun;
        for (const gui::TimelineSpan& span : timeline->timeline().benchRuns)
            if (run->entry(span.entry).candidate == *best)
                bestRun = span;
        QVERIFY(bestRun);
        timeline->plot()->replot();
        const QImage lanes = timeline->plot()->toPixmap().toImage();
        const QPoint at = timeline->spanCenterPixel(int(workers), *bestRun).toPoint();
        QCOMPARE(lanes.pixelColor(at), gui::outcomeColor(tuning::OutcomeStatus::Best, false));
        // A selected candidate's outline is named while one is selected.
        timeline->setSelectedCandidate(*best);
        QCOMPARE(laneKeys(), QStringList(expected) << QStringLiteral("selected candidate"));
        // Not for a candidate the tuning never compiled (a pruned tiling): no outline to name.
        std::optional<std::size_t> pruned;
        for (std::size_t c = 0; c < space->size() && !pruned; ++c)
            if (space->status(c) == space::CandidateStatus::Pruned)
                pruned = c;
        QVERIFY(pruned);
        timeline->setSelectedCandidate(*pruned);
        QCOMPARE(laneKeys(), expected);
        const test::CliRun tune = test::tilescope("tune " + workload + " --no-cache --jobs 2");
        QCOMPARE(tune.exitCode, 0);
        const std::string line =
            "tuned " + tuned.toStdString() + " candidates: " + measured.toStdString() + " benchmarked";
        QVERIFY2(tune.out.find(line) != std::string::npos, (line + "\n" + tune.out.substr(0, 2000)).c_str());

        // The comparison over devices counts as they do.
        gui::CompareDialog compare(window.document()->analysis(), &window.document()->devices(),
                                   window.launchEditor()->tuningOptions(), &window);
        compare.show();
        compare.setChosenDevices({QStringLiteral("Ascend910B2"), QStringLiteral("Ascend910B4")});
        QSignalSpy compared(&compare, &gui::CompareDialog::comparisonFinished);
        QTest::mouseClick(compare.runButton(), Qt::LeftButton);
        QVERIFY(test::waitForCount(compared));
        QCOMPARE(compare.table()->rowCount(), 2);
        for (int i = 0; i < 2; ++i) {
            const gui::DeviceComparison& r = compare.results()[std::size_t(i)];
            QVERIFY(r.candidates >= 1000 && r.benchmarked >= 1000);
            QCOMPARE(compare.table()->item(i, 1)->text(),
                     gui::countText(std::int64_t(r.candidates)) + QStringLiteral(" (") +
                         gui::countText(std::int64_t(r.benchmarked)) + QStringLiteral(" benchmarked)"));
            // On one line: "6,352 (1,064 / benchmarked)" read as two figures.
            QVERIFY(compare.table()->columnWidth(1) >
                    compare.table()->fontMetrics().horizontalAdvance(compare.table()->item(i, 1)->text()));
        }
    }

    void pipeChartNamesEveryBarAndLine()
    {
        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "add.json", "add.py");
        MainWindow window;
        QVERIFY(openAndTune(window, path, QSize(1440, 900)));
        const auto result = window.document()->tuningResult();
        const npu::SimResult& sim = result->outcomes[*result->best].bench.sim;
        gui::ChartsPage* charts = window.chartsPage();
        window.tabs()->setCurrentWidget(charts);
        gui::PipeChart* pipes = charts->pipeChart();
        QVERIFY(test::waitUntil([&] { return pipes->shownCandidate() == result->best; }));
        QCustomPlot* plot = pipes->plot();
        plot->replot();
        QVERIFY(!pipes->emptyText()->visible());

        // Every row named, the launch and the device time included.
        const auto ticks = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticks);
        QStringList names = ticks->ticks().values();
        for (const char* name : {"MTE2", "Vector", "Cube", "MTE3", "Scalar", "launch", "device time"})
            QVERIFY2(names.contains(QString::fromLatin1(name)), qPrintable(names.join(QLatin1Char(','))));
        // Every series named in a legend that is drawn whole, above the axes.
        QCOMPARE(plot->legend->itemCount(), 4);
        for (int i = 0; i < plot->legend->itemCount(); ++i) {
            QCPAbstractLegendItem* item = plot->legend->item(i);
            QVERIFY(item);
            QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(),
                     qPrintable(QStringLiteral("legend item %1: %2 px of %3").arg(i).arg(item->outerRect().width())
                                    .arg(item->minimumOuterSizeHint().width())));
            QVERIFY(plot->viewport().contains(item->outerRect()));
            QVERIFY(!item->outerRect().intersects(plot->axisRect()->rect()));
        }
        // The critical path adds up to the device time; busy is the simulator's own figure.
        double critical = 0;
        for (auto it = pipes->criticalPathBars()->data()->constBegin(); it != pipes->criticalPathBars()->data()->constEnd(); ++it)
            critical += it->value;
        QVERIFY(std::abs(critical - sim.deviceUs) < 1e-6 * std::max(1.0, sim.deviceUs));
        QCOMPARE(pipes->busyBars()->data()->at(0)->value, sim.busy.mte2);
        QCOMPARE(pipes->busyBars()->data()->at(1)->value, sim.busy.vector);
        QCOMPARE(pipes->deviceBar()->data()->at(0)->value, sim.deviceUs);
        // The time axis starts at 0 and holds the device time and the roofline.
        QCOMPARE(plot->xAxis->range().lower, 0.0);
        QVERIFY(plot->xAxis->range().upper >= std::max(sim.deviceUs, sim.roofline.boundUs));
        QVERIFY(plot->xAxis->label().contains(QStringLiteral("µs")));
    }

    // A pipe reads as the translator names it wherever the explorer names one: the per-pipe
    // chart's rows and the candidate's detail pane (Huawei's Chinese documentation writes
    // "Vector 单元" and keeps the MTE pipes' hardware names). The chart's rows keep their names
    // whole at 1280x800.
    void pipesReadAsTheTranslatorNamesThem()
    {
        QVERIFY(gui::installLanguage(QStringLiteral("zh_CN")));
        const auto english = qScopeGuard([] { gui::installLanguage(QStringLiteral("en")); });
        QCOMPARE(gui::pipeName(gui::Pipe::Vector), QStringLiteral("Vector 单元"));
        QCOMPARE(gui::pipeName(gui::Pipe::Cube), QStringLiteral("Cube 单元"));
        QCOMPARE(gui::pipeName(gui::Pipe::Scalar), QStringLiteral("Scalar 单元"));
        QCOMPARE(gui::pipeName(gui::Pipe::Mte2), QStringLiteral("MTE2"));
        QCOMPARE(gui::pipeName(gui::Pipe::Mte3), QStringLiteral("MTE3"));

        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "add.json", "add.py");
        MainWindow window;
        QVERIFY(openAndTune(window, path, QSize(1280, 800)));
        const auto result = window.document()->tuningResult();
        gui::ChartsPage* charts = window.chartsPage();
        window.tabs()->setCurrentWidget(charts);
        gui::PipeChart* pipes = charts->pipeChart();
        QVERIFY(test::waitUntil([&] { return pipes->shownCandidate() == result->best; }));
        QCustomPlot* plot = pipes->plot();
        plot->replot();
        const auto ticks = plot->yAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticks);
        const QStringList rows = ticks->ticks().values();
        const QFontMetrics metrics(plot->yAxis->tickLabelFont());
        int widest = 0;
        for (const gui::Pipe pipe : gui::kPipes) {
            QVERIFY2(rows.contains(gui::pipeName(pipe)), qPrintable(rows.join(QLatin1Char(','))));
            widest = std::max(widest, metrics.horizontalAdvance(gui::pipeName(pipe)));
        }
        QVERIFY2(plot->axisRect()->left() - plot->viewport().left() >= widest,
                 qPrintable(QStringLiteral("%1 px left of the axis for a %2 px name")
                                .arg(plot->axisRect()->left() - plot->viewport().left())
                                .arg(widest)));

        // The detail pane of the best lists its pipes by the same names.
        window.tabs()->setCurrentWidget(window.spacePage());
        window.spacePage()->selectCandidate(*result->best);
        const QString details = window.spacePage()->details()->document()->toRawText();
        for (const gui::Pipe pipe : gui::kPipes)
            QVERIFY2(details.contains(gui::pipeName(pipe) + QLatin1Char(' ')),
                     qPrintable(gui::pipeName(pipe) + QStringLiteral(" in ") + details));
    }

    void footprintFiguresSayWhatTheyAreAndConfigColumnsStayInSight()
    {
        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "add.json", "add.py");
        MainWindow window;
        QVERIFY(openAndTune(window, path, QSize(1280, 800)));
        const auto result = window.document()->tuningResult();
        window.tabs()->setCurrentWidget(window.spacePage());
        // Raw: the plain text turns the no-break spaces into plain ones.
        const QString details = window.spacePage()->details()->document()->toRawText();
        const tuning::CandidateOutcome& best = result->outcomes[*result->best];
        // The compile's peak and the backend's estimate, each named.
        QVERIFY2(details.contains(QStringLiteral("peak of live buffers in the simulated compile: %1")
                                      .arg(gui::bytesText(best.ubPeakBytes))),
                 qPrintable(details));
        QVERIFY(details.contains(QStringLiteral("the backend's estimate %1")
                                     .arg(gui::bytesText(window.document()->space()->metrics(*result->best).ubBytes))));
        const QString example = window.spacePage()->filterEdit()->placeholderText();
        QVERIFY2(example.startsWith(QStringLiteral("Filter: XBLOCK>=")) && example.contains(QStringLiteral("multibuffer=True")) &&
                     example.contains(QStringLiteral("ub<=96")),
                 qPrintable(example));

        // The table opens with its config columns in sight, and they stay there scrolled.
        auto* view = qobject_cast<gui::FrozenTableView*>(window.spacePage()->view());
        QVERIFY(view);
        CandidateTableModel* model = window.spacePage()->model();
        QCOMPARE(view->frozenColumnCount(), model->configColumnCount());
        QVERIFY(view->frozenView()->isVisible());
        QCOMPARE(view->horizontalHeader()->logicalIndexAt(0), 0);
        QCOMPARE(view->frozenView()->horizontalHeader()->logicalIndexAt(0), 0);
        view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum());
        QCOMPARE(view->frozenView()->horizontalHeader()->logicalIndexAt(0), 0);
        for (int c = 1; c < model->configColumnCount(); ++c)
            QVERIFY(!view->frozenView()->isColumnHidden(c));
        // Values that differ between rows come first after the index.
        bool constantSeen = false;
        for (int visual = 1; visual < model->configColumnCount(); ++visual) {
            const bool varies = model->columnVaries(view->horizontalHeader()->logicalIndex(visual));
            QVERIFY(!(varies && constantSeen));
            constantSeen = constantSeen || !varies;
        }
        // The index column holds its largest number whole.
        const int width = view->fontMetrics().horizontalAdvance(QString::number(model->rowCount() - 1));
        QVERIFY(view->columnWidth(0) > width);

        // The charts' axis labels fit their axes at 1280x800 (the UB chart's was cut to "by L1").
        window.tabs()->setCurrentWidget(window.chartsPage());
        window.chartsPage()->tabs()->setCurrentIndex(0);
        QVERIFY(test::waitUntil([&] { return window.chartsPage()->ubChart()->plot()->isVisible(); }));
        QCoreApplication::sendPostedEvents();
        for (QCustomPlot* plot : {window.chartsPage()->ubChart()->plot(), window.chartsPage()->pipeChart()->plot()}) {
            plot->replot();
            QCPAxis* x = plot->xAxis;
            const int needed = QFontMetrics(x->labelFont()).horizontalAdvance(x->label());
            QVERIFY2(needed <= plot->width(), qPrintable(QStringLiteral("%1: %2 of %3 px").arg(x->label()).arg(needed).arg(plot->width())));
        }
    }

    // softmax computes in float32 what it loads in float16: six of its configs fit the backend's
    // UB estimate and overflow the simulated compile. The UB chart draws them in the failure's
    // colour and says why; the table names them as failed and gives the failure as the reason.
    void aFailedCompileReadsAsSuchBesideItsEstimate()
    {
        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "softmax.json", "softmax.py");
        MainWindow window;
        QVERIFY(openAndTune(window, path, QSize(1440, 900)));
        const auto run = window.document()->tuningRun();
        QVERIFY(run && run->isFinished());
        std::vector<std::size_t> failed;
        for (std::size_t e = 0; e < run->entryCount(); ++e)
            if (run->entry(e).status == tuning::OutcomeStatus::CompileFailed)
                failed.push_back(run->entry(e).candidate);
        QVERIFY(!failed.empty());
        std::sort(failed.begin(), failed.end());
        // The status bar counts them, as it counts a cut (none here).
        QCOMPARE(run->cutCount(), std::size_t(0));
        const QString status = window.statusBar()->currentMessage();
        QVERIFY2(status.contains(QStringLiteral("%1 = %2 benchmarked + %3 failed")
                                     .arg(gui::countText(run->entryCount()), gui::countText(run->measuredCount()),
                                          gui::countText(failed.size()))),
                 qPrintable(status));
        const auto space = window.document()->space();
        gui::UbChart* chart = window.chartsPage()->ubChart();
        chart->setSelectedCandidate(std::nullopt);
        std::vector<std::size_t> drawn = chart->failedCandidates();
        std::sort(drawn.begin(), drawn.end());
        QCOMPARE(drawn, failed);
        // Each of them fits the estimate the bars draw: only the colour tells them apart.
        for (const std::size_t c : failed)
            QVERIFY(space->metrics(c).ubBytes <= std::int64_t(space->backend().problem.localMemKib) * 1024);
        QVERIFY2(chart->summaryText().contains(QStringLiteral("failed to compile in the tuning")),
                 qPrintable(chart->summaryText()));
        chart->setSelectedCandidate(failed.front());
        const QString reason = gui::failureReason(*run->entryFor(failed.front()));
        QVERIFY(reason.contains(QStringLiteral("UB overflow")));
        QVERIFY2(chart->summaryText().contains(reason.toHtmlEscaped()), qPrintable(chart->summaryText()));

        CandidateTableModel* model = window.spacePage()->model();
        const auto cell = [&](std::size_t row, Column column) {
            return model->data(model->index(int(row), model->columnOf(column))).toString();
        };
        QCOMPARE(cell(failed.front(), Column::Status), gui::outcomeLabel(tuning::OutcomeStatus::CompileFailed));
        QCOMPARE(cell(failed.front(), Column::Reason), reason);
        QCOMPARE(cell(*window.document()->tuningResult()->best, Column::Status),
                 gui::statusLabel(space::CandidateStatus::Generated));
        // The detail pane's header says it too, before anything scrolls.
        window.spacePage()->selectCandidate(failed.front());
        const QString details = window.spacePage()->details()->document()->toPlainText().simplified();
        QVERIFY2(details.startsWith(QStringLiteral("#%1 compile failed").arg(failed.front())), qPrintable(details.left(80)));
    }

    // The candidates, the tuned candidates (sorted by p50, scrolled to the timings) and a cached
    // tuning show the same config columns in sight, under both backend versions (softmax's
    // tuned table had lost multibuffer).
    void theSameConfigColumnsInEveryView_data()
    {
        QTest::addColumn<int>("version");
        for (const kernel::BackendVersion version : kernel::backendVersions())
            QTest::newRow(std::string(kernel::backendName(version)).c_str()) << int(version.index());
    }

    void theSameConfigColumnsInEveryView()
    {
        QFETCH(int, version);
        const kernel::BackendVersion backend = kernel::BackendVersion::atIndex(std::size_t(version));
        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "softmax.json", "softmax.py");
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(test::openAndSettle(window, path));
        QVERIFY(test::selectBackend(window, backend));
        window.tabs()->setCurrentWidget(window.spacePage());
        auto* view = qobject_cast<gui::FrozenTableView*>(window.spacePage()->view());
        QVERIFY(view);
        // The figures beside the config columns whole in every state (the tile column was left
        // at a default width, "32,…", once the lattice was toggled or a tuning shown).
        auto figuresWhole = [&] {
            QCoreApplication::processEvents();
            CandidateTableModel* model = window.spacePage()->model();
            QStringList cut;
            for (const Column kind : {Column::Status, Column::Tile, Column::UbBytes, Column::UbShare, Column::Programs,
                                      Column::P50, Column::P20, Column::P80, Column::SpeedUp}) {
                const int column = model->columnOf(kind);
                for (int row = 0; column >= 0 && row < 30 && row < view->model()->rowCount(); ++row)
                    if (const QString c = test::cutCell(view, view->model()->index(row, column), view->columnWidth(column), false);
                        !c.isEmpty())
                        cut << c;
            }
            return cut.join(QStringLiteral(" | "));
        };
        auto inSight = [&] {
            QCoreApplication::processEvents();
            CandidateTableModel* model = window.spacePage()->model();
            QStringList names;
            for (int visual = 1; visual < view->frozenColumnCount(); ++visual) {
                const int logical = view->horizontalHeader()->logicalIndex(visual);
                if (!view->frozenView()->isColumnHidden(logical) &&
                    view->frozenView()->columnWidth(logical) > 0)
                    names << model->headerData(logical, Qt::Horizontal).toString();
            }
            return names.join(QLatin1Char(' '));
        };
        const QString candidates = inSight();
        QVERIFY2(candidates.contains(QLatin1String("multibuffer")), qPrintable(candidates));
        // The lattice on and off again (another space and back) changes nothing.
        for (const bool lattice : {true, false}) {
            window.document()->setLattice(lattice);
            QVERIFY(
                test::waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); }));
            QVERIFY2(figuresWhole().isEmpty(), qPrintable(figuresWhole()));
        }
        QCOMPARE(inSight(), candidates);

        QVERIFY(tuneAndWait(window));
        // As a reader looks at a tuning: the fastest first, scrolled to the timings.
        CandidateTableModel* model = window.spacePage()->model();
        const int p50 = model->columnOf(Column::P50);
        QVERIFY(p50 >= 0);
        view->sortByColumn(p50, Qt::AscendingOrder);
        view->horizontalScrollBar()->setValue(view->horizontalHeader()->sectionPosition(p50) -
                                              view->frozenWidth());
        QCOMPARE(inSight(), candidates);
        QVERIFY2(figuresWhole().isEmpty(), qPrintable(figuresWhole()));

        // Opened again: the cached tuning.
        QSignalSpy opened(window.document(), &KernelDocument::opened);
        window.openFile(path);
        QVERIFY(test::waitForCount(opened, opened.count() + 1));
        QVERIFY(test::waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); }));
        QVERIFY(test::selectBackend(window, backend));
        QVERIFY(test::waitUntil([&] { return window.document()->tuningResult() != nullptr; }));
        QCOMPARE(inSight(), candidates);
        QVERIFY2(figuresWhole().isEmpty(), qPrintable(figuresWhole()));
    }

    // A float argument reads as the launch and the CLI write it, never as its 17-digit expansion.
    void aFloatArgumentReadsAsWritten()
    {
        MainWindow window;
        window.show();
        QVERIFY(test::openAndSettle(window, test::examplePath("rms_norm.json")));
        QTableWidget* table = window.launchEditor()->paramTable();
        bool found = false;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0) && table->item(r, 0)->text() == QLatin1String("eps")) {
                auto* value = qobject_cast<QLineEdit*>(table->cellWidget(r, gui::LaunchEditor::ValueColumn));
                QVERIFY(value);
                QCOMPARE(value->text(), QStringLiteral("1e-06"));
                found = true;
            }
        QVERIFY(found);
    }

    void simulatorWarningsStandBesideTheTimes()
    {
        // A kernel with a call the simulator does not model.
        QTemporaryDir dir;
        const QString path = test::copyExample(dir, "add.json", "add.py");
        QFile kernel(dir.filePath(QStringLiteral("add.py")));
        QVERIFY(kernel.open(QIODevice::ReadOnly));
        QString source = QString::fromUtf8(kernel.readAll());
        kernel.close();
        const QString store = QStringLiteral("        tl.store(out_ptr + offsets, x + y, mask=mask)");
        QVERIFY(source.contains(store));
        source.replace(store, QStringLiteral("        y = tl.extra.cann.libdevice.fancy(y)\n") + store);
        QVERIFY(kernel.open(QIODevice::WriteOnly | QIODevice::Truncate));
        kernel.write(source.toUtf8());
        kernel.close();

        MainWindow window;
        QVERIFY(openAndTune(window, path, QSize(1440, 900)));
        const auto result = window.document()->tuningResult();
        bool warned = false;
        for (const Diagnostic& d : result->diagnostics)
            warned = warned || d.code == "npu-unsupported-call";
        QVERIFY(warned);
        // Beside the candidate ...
        const QString details = window.spacePage()->details()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("approximations")) && details.contains(QStringLiteral("fancy")),
                 qPrintable(details));
        // ... and in the kernel view's list.
        QTreeWidget* list = window.kernelPage()->diagnosticsList();
        bool listed = false;
        for (int i = 0; i < list->topLevelItemCount(); ++i)
            listed = listed || list->topLevelItem(i)->text(2) == QLatin1String("npu-unsupported-call");
        QVERIFY(listed);
        // Every message is read whole: a row gets the lines its wrapped text needs.
        window.tabs()->setCurrentWidget(window.kernelPage());
        QVERIFY(test::waitUntil([&] { return list->isVisible(); }));
        list->doItemsLayout();
        const int width = list->header()->sectionSize(3);
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            QTreeWidgetItem* item = list->topLevelItem(i);
            const int needed = list->fontMetrics()
                                   .boundingRect(QRect(0, 0, width - 8, 10000), Qt::TextWordWrap, item->text(3))
                                   .height();
            QVERIFY2(list->visualItemRect(item).height() >= needed,
                     qPrintable(item->text(3) + QStringLiteral(": %1 of %2 px").arg(list->visualItemRect(item).height()).arg(needed)));
        }
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestViewsAgree)
#include "test_views_agree.moc"
