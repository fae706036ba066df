// The candidate table model and its filter proxy over real candidate spaces of the examples.

#include "lattice_test_support.h"
#include "widget_test_support.h"

#include "widgets/background_job.h"
#include "widgets/candidate_filter_proxy.h"
#include "widgets/candidate_table_model.h"
#include "widgets/frozen_table_view.h"
#include "widgets/quantity_text.h"
#include "widgets/heatmap_slice.h"
#include "widgets/space_page.h"
#include "widgets/status_colors.h"
#include "widgets/theme.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QRegularExpression>
#include <QItemSelectionModel>
#include <QSignalSpy>

#include <cmath>
#include <map>

using namespace ts;
using gui::CandidateFilterProxy;
using gui::CandidateTableModel;
using Column = CandidateTableModel::Column;

class TestCandidateModel : public QObject {
    Q_OBJECT

    std::shared_ptr<const space::CandidateSpace> m_add;
    std::shared_ptr<const space::CandidateSpace> m_addLattice;
    std::shared_ptr<const space::CandidateSpace> m_smallLattice;  // for the model testers
    std::shared_ptr<const space::CandidateSpace> m_matmul;        // hint dimensions

    static int dimensionIndex(const space::CandidateSpace& s, const char* name)
    {
        for (std::size_t d = 0; d < s.dimensions().size(); ++d)
            if (s.dimensions()[d].name == name)
                return int(d);
        return -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_add = test::buildSpace("add.json", false);
        m_addLattice = test::buildSpace("add.json", true);
        m_smallLattice = test::buildSpace("add.json", true, 2000);
        m_matmul = test::buildSpace("matmul.json", false);
        QVERIFY(m_add);
        QVERIFY(m_addLattice);
        QVERIFY(m_smallLattice);
        QVERIFY(m_matmul);
        qInfo("add: %zu candidates, lattice %zu, small lattice %zu", m_add->size(), m_addLattice->size(),
              m_smallLattice->size());
        QVERIFY(m_smallLattice->hasLattice());
        QVERIFY(m_smallLattice->size() < 5000);
        QVERIFY(m_add->count(space::CandidateStatus::Generated) > 0);
        QVERIFY(m_addLattice->size() > m_add->size());
        QVERIFY(m_addLattice->count(space::CandidateStatus::Pruned) > 0);
        QVERIFY(m_addLattice->count(space::CandidateStatus::Skipped) > 0);
    }

    void modelPassesTheTester()
    {
        CandidateTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSpace(m_add);
        model.setSpace(m_matmul);
        model.setSpace(m_smallLattice);
        auto timings = std::make_shared<gui::CandidateTimings>(m_smallLattice->size(), /*outcomes=*/false);
        for (std::size_t c = 0; c < m_smallLattice->size(); ++c)
            timings->setTimes(c, 12.5, 12.0, 13.0);
        model.setTimings(timings);
        model.setTimings(nullptr);
        model.setDarkPalette(true);
        model.setSpace(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void proxyPassesTheTester()
    {
        CandidateTableModel model;
        CandidateFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSpace(m_smallLattice);
        proxy.setStatusFilter(space::CandidateStatus::Pruned);
        proxy.setQuery(QStringLiteral("XBLOCK>=1024"));
        proxy.sort(model.columnOf(Column::Programs), Qt::DescendingOrder);
        model.setSpace(m_add);
        proxy.setStatusFilter(std::nullopt);
        proxy.setQuery(QString());
    }

    void columnsFollowTheDimensions()
    {
        CandidateTableModel model;
        model.setSpace(m_add);
        const auto& dims = m_add->dimensions();
        QCOMPARE(model.columnCount(), 1 + int(dims.size()) + 8);
        QCOMPARE(model.rowCount(), int(m_add->size()));
        for (std::size_t d = 0; d < dims.size(); ++d)
            QCOMPARE(model.headerData(model.paramColumn(int(d)), Qt::Horizontal).toString(),
                     QString::fromStdString(dims[d].name));
        QVERIFY(dimensionIndex(*m_add, "XBLOCK") >= 0);
        QVERIFY(dimensionIndex(*m_add, "XBLOCK_SUB") >= 0);
    }

    // A lattice that varies num_stages (softmax under 2026-08) has a dimension of that name; the
    // table shows it once, with the value the config compiles with, as the CSV export does.
    void latticeOptionsHaveOneColumnEach()
    {
        const kernel::WorkloadLoadResult loaded =
            kernel::loadWorkload(test::examplePath("softmax.json").toStdString());
        QVERIFY(loaded.workload);
        QCOMPARE(loaded.workload->backend, test::backend2608());
        const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
        QVERIFY(analysed.ok());
        const auto lattice = test::lattice(analysed.analysis);
        QVERIFY(lattice);
        const auto& dims = lattice->dimensions();
        QVERIFY(std::any_of(dims.begin(), dims.end(), [](const space::SpaceDimension& d) {
            return d.kind == space::SpaceDimension::Kind::NumStages;
        }));
        CandidateTableModel model;
        model.setSpace(lattice);
        QStringList headers;
        for (int c = 0; c < model.columnCount(); ++c)
            headers << model.headerData(c, Qt::Horizontal).toString();
        QCOMPARE(headers.count(QStringLiteral("num_stages")), 1);
        const int stages = model.columnOf(CandidateTableModel::Column::NumStages);
        QVERIFY(stages > 0 && stages < model.configColumnCount());
        QCOMPARE(headers[stages], QStringLiteral("num_stages"));
        for (int row = 0; row < model.rowCount(); row += 997)
            QCOMPARE(model.data(model.index(row, stages)).toString(),
                     QString::number(lattice->numStages(std::size_t(row))));
    }

    // A tl.dot candidate has no UB figure (its footprint is L1 and L0): its UB cells say so
    // rather than "0 B" and an overflow of a zero budget.
    void aCubeCandidateHasNoUbFigure()
    {
        const kernel::WorkloadLoadResult loaded =
            kernel::loadWorkload(test::examplePath("linear_act.json").toStdString());
        QVERIFY(loaded.workload);
        const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
        QVERIFY(analysed.ok());
        static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
        const auto space =
            pipeline::buildSpace({analysed.analysis, *registry.find(analysed.analysis->workload.device), {}})
                .space;
        QVERIFY(space && space->size() > 0);
        CandidateTableModel model;
        model.setSpace(space);
        int cubeRows = 0;
        for (int row = 0; row < model.rowCount(); row += 37) {
            if (!space->metrics(std::size_t(row)).cube)
                continue;
            ++cubeRows;
            for (const auto kind :
                 {CandidateTableModel::Column::UbBytes, CandidateTableModel::Column::UbShare})
                QCOMPARE(model.data(model.index(row, model.columnOf(kind))).toString(), QStringLiteral("–"));
        }
        QVERIFY(cubeRows > 10);
    }

    void displayIsTextAndSortRoleIsTheRawNumber()
    {
        CandidateTableModel model;
        model.setSpace(m_addLattice);
        const int xblock = dimensionIndex(*m_addLattice, "XBLOCK");
        for (int row : {0, int(m_addLattice->size() / 2), int(m_addLattice->size()) - 1}) {
            const QModelIndex param = model.index(row, model.paramColumn(xblock));
            QCOMPARE(model.data(param, CandidateTableModel::SortRole).toLongLong(),
                     qint64(m_addLattice->values(std::size_t(row))[xblock]));
            QCOMPARE(model.data(param).toString(), QString::number(m_addLattice->values(std::size_t(row))[xblock]));
            const QModelIndex ub = model.index(row, model.columnOf(Column::UbBytes));
            QCOMPARE(model.data(ub, CandidateTableModel::SortRole).toLongLong(),
                     qint64(m_addLattice->metrics(std::size_t(row)).ubBytes));
            QVERIFY(model.data(ub).toString().endsWith(QLatin1String("KiB")));
            const QModelIndex status = model.index(row, model.columnOf(Column::Status));
            QCOMPARE(model.data(status, CandidateTableModel::StatusRole).toInt(), int(m_addLattice->status(std::size_t(row))));
            // The full reason is in the tooltip.
            const std::string why = m_addLattice->describe(std::size_t(row));
            if (!why.empty())
                QVERIFY(model.data(status, Qt::ToolTipRole).toString().contains(QString::fromStdString(why)));
        }
    }

    // A candidate beyond the UB says the size it needs against the budget, in its cell and in a
    // sentence, never a share of hundreds of percent nor a figure that reads as the excess.
    void anOverflowNamesWhatItNeedsAndTheBudget()
    {
        CandidateTableModel model;
        model.setSpace(m_addLattice);
        std::optional<int> over, within;
        for (int r = 0; r < model.rowCount() && (!over || !within); ++r) {
            const space::CandidateMetrics m = m_addLattice->metrics(std::size_t(r));
            (m.ubBytes > m.ubBudgetBytes ? over : within) = r;
        }
        QVERIFY(over && within);
        const space::CandidateMetrics m = m_addLattice->metrics(std::size_t(*over));
        const QString needed = gui::bytesText(m.ubBytes), budget = gui::bytesText(m.ubBudgetBytes);
        QCOMPARE(model.data(model.index(*over, model.columnOf(Column::UbShare))).toString(),
                 needed + QStringLiteral(" > ") + budget);
        QCOMPARE(gui::ubUsageText(m), QStringLiteral("over the %1 budget").arg(budget));
        const space::CandidateMetrics fits = m_addLattice->metrics(std::size_t(*within));
        QVERIFY(model.data(model.index(*within, model.columnOf(Column::UbShare))).toString().endsWith(QLatin1Char('%')));
        QVERIFY(gui::ubUsageText(fits).endsWith(QStringLiteral(" of the ") + gui::bytesText(fits.ubBudgetBytes) +
                                                QStringLiteral(" budget")));
    }

    void rowsAreColouredByStatus()
    {
        CandidateTableModel model;
        model.setSpace(m_addLattice);
        std::optional<int> generated, pruned;
        for (int r = 0; r < model.rowCount() && (!generated || !pruned); ++r) {
            const auto st = m_addLattice->status(std::size_t(r));
            if (st == space::CandidateStatus::Generated && !generated)
                generated = r;
            if (st == space::CandidateStatus::Pruned && !pruned)
                pruned = r;
        }
        QVERIFY(generated && pruned);
        const QColor g = model.data(model.index(*generated, 0), Qt::BackgroundRole).value<QColor>();
        const QColor p = model.data(model.index(*pruned, 0), Qt::BackgroundRole).value<QColor>();
        QVERIFY(g.isValid() && p.isValid());
        QVERIFY(g != p);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setDarkPalette(true);
        QCOMPARE(changed.count(), 1);
        QVERIFY(model.data(model.index(*generated, 0), Qt::BackgroundRole).value<QColor>() != g);
    }

    // A generated candidate whose compile failed, or that the time budget cut, is not coloured
    // as one that ran: its Status cell and its row take the verdict's colour, in both themes.
    void compileFailedAndCutRowsHaveTheirOwnStatusColour()
    {
        CandidateTableModel model;
        model.setSpace(m_add);
        QVERIFY(m_add->count(space::CandidateStatus::Generated) >= 3);
        std::vector<int> rows;
        for (int r = 0; r < model.rowCount() && rows.size() < 3; ++r)
            if (m_add->status(std::size_t(r)) == space::CandidateStatus::Generated)
                rows.push_back(r);
        const int ran = rows[0], failed = rows[1], cut = rows[2];
        auto timings = std::make_shared<gui::CandidateTimings>(m_add->size());
        timings->setTimes(std::size_t(ran), 10.0, 9.0, 11.0);
        timings->setOutcome(std::size_t(ran), tuning::OutcomeStatus::Benchmarked);
        timings->setOutcome(std::size_t(failed), tuning::OutcomeStatus::CompileFailed);
        timings->setOutcome(std::size_t(cut), tuning::OutcomeStatus::TimeBudgetCut);
        timings->failureOf = [](std::size_t) { return QStringLiteral("UB overflow: 257 KiB live at line 39"); };
        model.setTimings(timings);
        const int status = model.columnOf(Column::Status);
        // Its words say what its colour says, and a failed compile's reason fills the Reason cell.
        const auto text = [&](int row, Column column) { return model.data(model.index(row, model.columnOf(column))).toString(); };
        QCOMPARE(text(ran, Column::Status), gui::statusLabel(space::CandidateStatus::Generated));
        QCOMPARE(text(failed, Column::Status), gui::outcomeLabel(tuning::OutcomeStatus::CompileFailed));
        QCOMPARE(text(cut, Column::Status), gui::outcomeLabel(tuning::OutcomeStatus::TimeBudgetCut));
        QCOMPARE(text(failed, Column::Reason), QStringLiteral("UB overflow: 257 KiB live at line 39"));
        QVERIFY(text(ran, Column::Reason).isEmpty());
        const auto colour = [&](int row, int role) { return model.data(model.index(row, status), role).value<QColor>(); };
        for (const bool dark : {false, true}) {
            model.setDarkPalette(dark);
            // The status's or the verdict's colour, made readable on its row: the same as the heat
            // map's or darker (light palette) / lighter (dark), never another hue's.
            for (const auto& [row, strong] :
                 {std::pair{ran, gui::statusColor(space::CandidateStatus::Generated, dark)},
                  std::pair{failed, gui::outcomeColor(tuning::OutcomeStatus::CompileFailed, dark)},
                  std::pair{cut, gui::outcomeColor(tuning::OutcomeStatus::TimeBudgetCut, dark)}}) {
                const QColor shown = colour(row, Qt::ForegroundRole);
                QVERIFY2(std::abs(shown.hslHue() - strong.hslHue()) <= 8,
                         qPrintable(shown.name() + QStringLiteral(" / ") + strong.name()));
                QVERIFY(dark ? shown.lightness() >= strong.lightness() : shown.lightness() <= strong.lightness());
            }
            QCOMPARE(colour(failed, Qt::BackgroundRole), gui::outcomeTint(tuning::OutcomeStatus::CompileFailed, dark));
            QCOMPARE(colour(cut, Qt::BackgroundRole), gui::outcomeTint(tuning::OutcomeStatus::TimeBudgetCut, dark));
            QCOMPARE(colour(ran, Qt::BackgroundRole), gui::statusTint(space::CandidateStatus::Generated, dark));
            // Each colour apart from the others and from the pruned and incorrect colours (the text
            // may come closer, made readable: its words say the status).
            const QColor all[] = {gui::statusColor(space::CandidateStatus::Generated, dark),
                                  gui::outcomeColor(tuning::OutcomeStatus::CompileFailed, dark),
                                  gui::outcomeColor(tuning::OutcomeStatus::TimeBudgetCut, dark),
                                  gui::statusColor(space::CandidateStatus::Pruned, dark),
                                  gui::statusColor(space::CandidateStatus::Incorrect, dark)};
            for (std::size_t a = 0; a < std::size(all); ++a)
                for (std::size_t b = a + 1; b < std::size(all); ++b) {
                    const int distance = std::abs(all[a].red() - all[b].red()) + std::abs(all[a].green() - all[b].green()) +
                                         std::abs(all[a].blue() - all[b].blue());
                    QVERIFY2(distance > 40, qPrintable(all[a].name() + QStringLiteral(" / ") + all[b].name()));
                }
        }
        // Without a tuning the same row is generated-green again, and says so.
        model.setTimings(nullptr);
        QCOMPARE(text(failed, Column::Status), gui::statusLabel(space::CandidateStatus::Generated));
        QVERIFY(text(failed, Column::Reason).isEmpty());
        const QColor green = gui::statusColor(space::CandidateStatus::Generated, true);
        QCOMPARE(colour(failed, Qt::ForegroundRole),
                 gui::readableTableText(green, gui::statusTint(space::CandidateStatus::Generated, true), true));
        QVERIFY(std::abs(colour(failed, Qt::ForegroundRole).hslHue() - green.hslHue()) <= 8);
    }

    // Every status text, a candidate's status and its tuning verdict alike, reads at WCAG AA (4.5:1)
    // against its row as the view paints it (the row's tint laid on the theme's base), in both
    // themes: a failed compile's red on its red tint and the time budget's grey read at about 2.4:1.
    void statusTextIsReadableOnItsRow()
    {
        CandidateTableModel model;
        model.setSpace(m_smallLattice);
        const tuning::OutcomeStatus outcomes[] = {tuning::OutcomeStatus::NotTuned, tuning::OutcomeStatus::CompileFailed,
                                                  tuning::OutcomeStatus::Benchmarked, tuning::OutcomeStatus::Best,
                                                  tuning::OutcomeStatus::TimeBudgetCut};
        // For each status in the space, one row per verdict.
        auto timings = std::make_shared<gui::CandidateTimings>(m_smallLattice->size());
        std::map<space::CandidateStatus, std::vector<int>> rows;
        for (int r = 0; r < model.rowCount(); ++r) {
            std::vector<int>& of = rows[m_smallLattice->status(std::size_t(r))];
            if (of.size() == std::size(outcomes))
                continue;
            const tuning::OutcomeStatus o = outcomes[of.size()];
            if (o == tuning::OutcomeStatus::Benchmarked || o == tuning::OutcomeStatus::Best)
                timings->setTimes(std::size_t(r), 10.0 + double(r), 9.0, 11.0);
            if (o != tuning::OutcomeStatus::NotTuned)
                timings->setOutcome(std::size_t(r), o);
            of.push_back(r);
        }
        QVERIFY(rows.count(space::CandidateStatus::Generated) && rows.count(space::CandidateStatus::Pruned) &&
                rows.count(space::CandidateStatus::Skipped));
        model.setTimings(timings);
        const int columns[] = {model.columnOf(Column::Status), model.columnOf(Column::Outcome)};
        QVERIFY(columns[0] >= 0 && columns[1] >= 0);
        int checked = 0;
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark ? gui::Theme::Dark : gui::Theme::Light);
            model.setDarkPalette(dark);
            const QColor base = QApplication::palette().color(QPalette::Base);
            for (const auto& [status, of] : rows)
                for (const int row : of)
                    for (const int column : columns) {
                        const QModelIndex at = model.index(row, column);
                        const QColor text = model.data(at, Qt::ForegroundRole).value<QColor>();
                        const QColor tint = model.data(at, Qt::BackgroundRole).value<QColor>();
                        QVERIFY(text.isValid() && tint.isValid());
                        const double ratio = gui::contrastRatio(text, gui::blendOver(tint, base));
                        QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 theme, %2 row %3 \"%4\": %5 on %6, %7:1")
                                                              .arg(gui::themeName(dark ? gui::Theme::Dark : gui::Theme::Light),
                                                                   gui::statusLabel(status))
                                                              .arg(row)
                                                              .arg(model.data(at).toString(), text.name(),
                                                                   gui::blendOver(tint, base).name())
                                                              .arg(ratio, 0, 'f', 2)));
                        ++checked;
                    }
        }
        gui::applyTheme(gui::Theme::Light);
        QVERIFY(checked >= 2 * 3 * int(std::size(outcomes)) * 2);
    }

    // The frozen columns' view shares the table's selection, without Qt's "works on a different
    // model" warning, after every reset; a reset of many rows gives it the rows a turn of the
    // event loop later (the two views' row layouts in two turns), hidden until then.
    void frozenViewFollowsEveryReset()
    {
        QTest::failOnWarning(QRegularExpression(QStringLiteral("setSelectionModel")));
        CandidateTableModel model;
        CandidateFilterProxy proxy;
        proxy.setSourceModel(&model);
        gui::FrozenTableView view;
        view.setModel(&proxy);
        view.setFrozenColumnCount(2);
        view.resize(600, 400);
        view.show();
        QCOMPARE(view.frozenView()->selectionModel(), view.selectionModel());
        model.setSpace(m_add);  // a few rows: at once
        QCOMPARE(view.frozenView()->model(), view.model());
        QCOMPARE(view.frozenView()->selectionModel(), view.selectionModel());
        QVERIFY(view.frozenView()->isVisible());
        QCOMPARE(view.frozenView()->model()->rowCount(), int(m_add->size()));

        QVERIFY(m_addLattice->size() > 100000);
        model.setSpace(m_addLattice);  // many rows: the next turn
        QVERIFY(view.frozenView()->model() != view.model());
        QVERIFY(!view.frozenView()->isVisible());
        QVERIFY(test::waitUntil([&] { return view.frozenView()->model() == view.model(); }));
        QCOMPARE(view.frozenView()->selectionModel(), view.selectionModel());
        QVERIFY(view.frozenView()->isVisible());
        QCOMPARE(view.frozenView()->verticalHeader()->count(), int(m_addLattice->size()));
        // The columns the frozen view hides as it takes the rows keep their width in the table.
        for (int column = 2; column < view.model()->columnCount(); ++column)
            if (!view.isColumnHidden(column))
                QVERIFY2(view.columnWidth(column) > 0, qPrintable(QStringLiteral("column %1 is 0 px wide").arg(column)));
        // A selection made in either view is the other's.
        view.selectionModel()->select(proxy.index(3, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QVERIFY(view.frozenView()->selectionModel()->isRowSelected(3, {}));

        // Two resets in one turn: only the last one's rows are taken.
        model.setSpace(m_addLattice);
        model.setSpace(m_add);
        QCOMPARE(view.frozenView()->model(), view.model());
        QVERIFY(test::waitUntil([&] { return proxy.isSettled(); }));
        QCoreApplication::processEvents();
        QCOMPARE(view.frozenView()->model(), view.model());
        QCOMPARE(view.frozenView()->verticalHeader()->count(), int(m_add->size()));
    }

    void tuningOutcomesArriveInBatches()
    {
        // A tuning filling the table batch by batch, under the model tester and a proxy sorted by p50.
        CandidateTableModel model;
        CandidateFilterProxy proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSpace(m_smallLattice);
        const std::size_t n = m_smallLattice->size();
        auto timings = std::make_shared<gui::CandidateTimings>(n);
        timings->failureOf = [](std::size_t c) { return QStringLiteral("ub-overflow at #%1").arg(c); };
        model.setTimings(timings);
        const int p50 = model.columnOf(Column::P50);
        const int outcome = model.columnOf(Column::Outcome);
        const int speedUp = model.columnOf(Column::SpeedUp);
        proxy.sort(p50, Qt::AscendingOrder);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        // Two batches: the second one has a faster candidate.
        std::optional<std::size_t> best;
        for (std::size_t batch = 0; batch < 2; ++batch) {
            const std::size_t first = batch * 10, last = first + 9;
            std::optional<std::size_t> previous = best;
            for (std::size_t c = first; c <= last; ++c) {
                if (c % 5 == 4) {
                    timings->setOutcome(c, tuning::OutcomeStatus::CompileFailed);
                    continue;
                }
                const double p50 = 100.0 - double(c);
                timings->setTimes(c, p50, p50 - 1, p50 + 1);
                timings->setOutcome(c, tuning::OutcomeStatus::Benchmarked);
            }
            if (best)
                timings->setOutcome(*best, tuning::OutcomeStatus::Benchmarked);
            best = last - 1;  // the fastest of the batch
            timings->setOutcome(*best, tuning::OutcomeStatus::Best);
            timings->best = best;
            model.updateTimings(first, last, true, previous, false);
        }
        QCOMPARE(reset.count(), 0);  // batches never reset the model
        QVERIFY(changed.count() >= 2);
        for (const auto& call : changed) {  // only the rows of the batches and of the best
            const QModelIndex from = call.at(0).value<QModelIndex>();
            const QModelIndex to = call.at(1).value<QModelIndex>();
            QVERIFY(to.row() - from.row() < 10);
        }
        QCOMPARE(model.bestCandidate(), best);
        QCOMPARE(model.data(model.index(int(*best), outcome)).toString(), QStringLiteral("best"));
        QCOMPARE(model.data(model.index(int(*best), speedUp)).toString(), QStringLiteral("1.000×"));
        QCOMPARE(model.data(model.index(8, outcome)).toString(), QStringLiteral("benchmarked"));  // the old best
        QCOMPARE(model.data(model.index(0, speedUp), CandidateTableModel::SortRole).toDouble(), 100.0 / (100.0 - 18.0));
        QCOMPARE(model.data(model.index(4, outcome)).toString(), QStringLiteral("compile failed"));
        QVERIFY(model.data(model.index(4, 0), Qt::ToolTipRole).toString().contains(QLatin1String("ub-overflow at #4")));
        QCOMPARE(model.data(model.index(30, p50)).toString(), QStringLiteral("–"));
        // The order stayed live as the batches came: the best first, the unmeasured last.
        QCOMPARE(proxy.mapToSource(proxy.index(0, 0)).row(), int(*best));
        QVERIFY(std::isnan(proxy.data(proxy.index(proxy.rowCount() - 1, p50), CandidateTableModel::SortRole).toDouble()));
    }

    void timingColumnsAppearOnlyWithMeasuredTimings()
    {
        CandidateTableModel model;
        model.setSpace(m_add);
        const int base = model.columnCount();
        QCOMPARE(model.columnOf(Column::P50), -1);
        auto wrong = std::make_shared<gui::CandidateTimings>(m_add->size() + 1, /*outcomes=*/false);
        wrong->setTimes(0, 1.0, 1.0, 1.0);
        model.setTimings(wrong);
        QVERIFY(!model.hasTimings());
        QCOMPARE(model.columnCount(), base);

        auto timings = std::make_shared<gui::CandidateTimings>(m_add->size(), /*outcomes=*/false);
        timings->setTimes(0, 42.0, std::nan(""), std::nan(""));
        QSignalSpy inserted(&model, &QAbstractItemModel::columnsInserted);
        model.setTimings(timings);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(model.columnCount(), base + 5);  // outcome, p50, p20, p80, against the best
        const int p50 = model.columnOf(Column::P50);
        QCOMPARE(model.data(model.index(0, p50), CandidateTableModel::SortRole).toDouble(), 42.0);
        // Not measured: a dash, never a number.
        if (model.rowCount() > 1)
            QCOMPARE(model.data(model.index(1, p50)).toString(), QStringLiteral("–"));
        // Timings belong to one space.
        model.setSpace(m_addLattice);
        QVERIFY(!model.hasTimings());
        QCOMPARE(model.columnOf(Column::P50), -1);
    }

    void statusAndReasonFilters()
    {
        CandidateTableModel model;
        CandidateFilterProxy proxy;
        proxy.setSourceModel(&model);
        model.setSpace(m_addLattice);
        QCOMPARE(proxy.rowCount(), model.rowCount());
        for (auto st : {space::CandidateStatus::Generated, space::CandidateStatus::Pruned, space::CandidateStatus::Skipped}) {
            proxy.setStatusFilter(st);
            QCOMPARE(std::size_t(proxy.rowCount()), m_addLattice->count(st));
            for (int r = 0; r < proxy.rowCount(); r += std::max(1, proxy.rowCount() / 50))
                QCOMPARE(proxy.data(proxy.index(r, 0), CandidateTableModel::StatusRole).toInt(), int(st));
        }
        proxy.setStatusFilter(std::nullopt);
        proxy.setReasonFilter(space::ReasonCode::UbCapacity);
        QCOMPARE(std::size_t(proxy.rowCount()), m_addLattice->count(space::ReasonCode::UbCapacity));
        QVERIFY(proxy.rowCount() > 0);
    }

    void queryTerms_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<bool>("understood");
        QTest::newRow("comparison") << QStringLiteral("XBLOCK>=1024") << true;
        QTest::newRow("case-insensitive name") << QStringLiteral("xblock_sub<64") << true;
        QTest::newRow("two terms") << QStringLiteral("XBLOCK>=1024 XBLOCK_SUB=512") << true;
        QTest::newRow("metric") << QStringLiteral("programs>48") << true;
        QTest::newRow("boolean") << QStringLiteral("multibuffer=False") << true;
        QTest::newRow("reason word") << QStringLiteral("off-walk") << true;
        QTest::newRow("option point's reason") << QStringLiteral("num-stages-tied") << true;
        QTest::newRow("status word") << QStringLiteral("generated") << true;
        QTest::newRow("unknown parameter") << QStringLiteral("YBLOCK>4") << false;
        QTest::newRow("unknown word") << QStringLiteral("banana") << false;
    }

    void queryTerms()
    {
        QFETCH(QString, query);
        QFETCH(bool, understood);
        CandidateTableModel model;
        CandidateFilterProxy proxy;
        proxy.setSourceModel(&model);
        model.setSpace(m_addLattice);
        QSignalSpy changed(&proxy, &CandidateFilterProxy::filterChanged);
        QCOMPARE(proxy.setQuery(query), understood);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(proxy.queryError().isEmpty(), understood);
        if (!understood) {
            // A term that is not understood is reported, never silently empties the table.
            QCOMPARE(proxy.rowCount(), model.rowCount());
            return;
        }
        // Compare with a direct count over the space.
        const space::CandidateSpace& s = *m_addLattice;
        const int xb = dimensionIndex(s, "XBLOCK");
        const int xs = dimensionIndex(s, "XBLOCK_SUB");
        const int mb = dimensionIndex(s, "multibuffer");
        std::size_t expected = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            const auto v = s.values(i);
            bool ok = false;
            if (query == QLatin1String("XBLOCK>=1024"))
                ok = v[xb] >= 1024;
            else if (query == QLatin1String("xblock_sub<64"))
                ok = v[xs] < 64;
            else if (query == QLatin1String("XBLOCK>=1024 XBLOCK_SUB=512"))
                ok = v[xb] >= 1024 && v[xs] == 512;
            else if (query == QLatin1String("programs>48"))
                ok = s.metrics(i).programs > 48;
            else if (query == QLatin1String("multibuffer=False"))
                ok = mb >= 0 && v[mb] == 0;
            else if (query == QLatin1String("off-walk"))
                ok = s.reason(i) == space::ReasonCode::OffWalk;
            else if (query == QLatin1String("num-stages-tied"))
                ok = s.reason(i) == space::ReasonCode::NumStagesTied;
            else if (query == QLatin1String("generated"))
                ok = s.status(i) == space::CandidateStatus::Generated;
            expected += ok;
        }
        QCOMPARE(std::size_t(proxy.rowCount()), expected);
        QVERIFY(expected > 0);
    }

    // The lattice's option points (a generated tiling with a setting the backend never lists):
    // the reason list offers each new reason with its count, and choosing one shows those rows,
    // each with its label, its tooltip in the version's words and its heat-map category.
    void reasonFilterShowsTheOptionPoints()
    {
        const space::CandidateSpace& s = *m_addLattice;
        gui::SpacePage page;
        page.setSpace(m_addLattice, QString());
        // add.json's lattice here is 2026-04's: num_stages=2 is its only option point.
        QVERIFY(s.count(space::ReasonCode::NumStagesTied) > 0);
        QCOMPARE(s.count(space::ReasonCode::MaxAutotuneOnly), std::size_t(0));
        QCOMPARE(page.reasonFilter()->findData(int(space::ReasonCode::MaxAutotuneOnly)), -1);
        for (const auto code : {space::ReasonCode::NumStagesTied}) {
            const std::size_t n = s.count(code);
            const int item = page.reasonFilter()->findData(int(code));
            QVERIFY2(item >= 0, qPrintable(gui::reasonLabel(code)));
            QCOMPARE(page.reasonFilter()->itemText(item),
                     QStringLiteral("%1 (%2)").arg(gui::reasonLabel(code)).arg(n));
            page.reasonFilter()->setCurrentIndex(item);
            QVERIFY(test::waitUntil([&] { return page.proxy()->isSettled(); }));
            QCOMPARE(std::size_t(page.proxy()->rowCount()), n);
            const int reason = page.model()->columnOf(Column::Reason);
            for (int r = 0; r < page.proxy()->rowCount(); ++r) {
                const QModelIndex at = page.proxy()->index(r, 0);
                QCOMPARE(at.data(CandidateTableModel::ReasonRole).toInt(), int(code));
                QCOMPARE(page.proxy()->index(r, reason).data().toString(), gui::reasonLabel(code));
                const std::size_t row = page.proxy()->mapToSource(at).row();
                QCOMPARE(gui::cellCategory(s.status(row), s.reason(row)), gui::CellCategory::SkippedOption);
            }
            QVERIFY(page.proxy()->index(0, 0).data(Qt::ToolTipRole).toString().contains(
                QStringLiteral("num_stages=1 (TileGenerator")));
        }
    }

    void sortingUsesRawNumbers()
    {
        CandidateTableModel model;
        CandidateFilterProxy proxy;
        proxy.setSourceModel(&model);
        model.setSpace(m_addLattice);
        const int programs = model.columnOf(Column::Programs);
        proxy.sort(programs, Qt::AscendingOrder);
        qint64 previous = -1;
        for (int r = 0; r < proxy.rowCount(); r += std::max(1, proxy.rowCount() / 200)) {
            const qint64 v = proxy.data(proxy.index(r, programs), CandidateTableModel::SortRole).toLongLong();
            QVERIFY2(v >= previous, qPrintable(QStringLiteral("row %1: %2 < %3").arg(r).arg(v).arg(previous)));
            previous = v;
        }
        // Text order would put "1,024" before "128"; the tile column sorts by value.
        const int tile = model.columnOf(Column::Tile);
        proxy.sort(tile, Qt::DescendingOrder);
        QVERIFY(proxy.data(proxy.index(0, tile), CandidateTableModel::SortRole).toLongLong() >=
                proxy.data(proxy.index(proxy.rowCount() - 1, tile), CandidateTableModel::SortRole).toLongLong());
    }

    // A tl.dot kernel's space under 2026-08: every tiling of the 4096^3 matmul the cube pruning
    // drops is a row of the table (2,196,206), filtered by status and by reason like any other;
    // a pruned row shows the hint it never reaches as unset, and a worker orders the rows.
    void cubePrunedRowsFilterByReason()
    {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload(test::examplePath("matmul.json").toStdString());
        QVERIFY(loaded.workload);
        loaded.workload->backend = test::backend2608();
        const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
        QVERIFY(analysed.ok());
        static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
        const pipeline::SpaceResult built =
            pipeline::buildSpace({analysed.analysis, *registry.find(analysed.analysis->workload.device), {}});
        QVERIFY(built.space);
        const auto& s = built.space;
        CandidateTableModel model;
        model.setSpace(s);
        QCOMPARE(std::size_t(model.rowCount()), std::size_t(6352 + 2196206));
        CandidateFilterProxy proxy;
        proxy.setAsyncThreshold(0);
        proxy.setSourceModel(&model);
        auto settle = [&] { return test::waitUntil([&] { return proxy.isSettled(); }); };
        proxy.setStatusFilter(space::CandidateStatus::Pruned);
        QVERIFY(settle());
        QCOMPARE(proxy.rowCount(), 2196206);
        proxy.setStatusFilter(space::CandidateStatus::Generated);
        QVERIFY(settle());
        QCOMPARE(proxy.rowCount(), 6352);
        proxy.setStatusFilter(std::nullopt);
        proxy.setReasonFilter(space::ReasonCode::CubeL0cCapacity);
        QVERIFY(settle());
        QCOMPARE(proxy.rowCount(), 1146);
        QVERIFY(dimensionIndex(*s, "GROUP_SIZE_M") >= 0);
        const int group = model.paramColumn(dimensionIndex(*s, "GROUP_SIZE_M"));
        const int blockM = model.paramColumn(dimensionIndex(*s, "BLOCK_M"));
        const int blockN = model.paramColumn(dimensionIndex(*s, "BLOCK_N"));
        const int reason = model.columnOf(Column::Reason);
        for (int r = 0; r < proxy.rowCount(); r += 97) {
            QCOMPARE(proxy.data(proxy.index(r, 0), CandidateTableModel::ReasonRole).toInt(),
                     int(space::ReasonCode::CubeL0cCapacity));
            QCOMPARE(proxy.data(proxy.index(r, group)).toString(), QStringLiteral("–"));
            const qint64 m = proxy.data(proxy.index(r, blockM), CandidateTableModel::SortRole).toLongLong();
            const qint64 n = proxy.data(proxy.index(r, blockN), CandidateTableModel::SortRole).toLongLong();
            QVERIFY(m * n * 4 > 128 * 1024);
            QCOMPARE(proxy.data(proxy.index(r, reason)).toString(), gui::reasonLabel(space::ReasonCode::CubeL0cCapacity));
            QVERIFY(proxy.data(proxy.index(r, 0), Qt::ToolTipRole).toString().contains(QStringLiteral("L0C")));
        }
        // The query's reason words and a dimension term, sorted on the worker by BLOCK_M.
        proxy.setReasonFilter(std::nullopt);
        QVERIFY(proxy.setQuery(QStringLiteral("l0a BLOCK_M>=256")));
        proxy.sort(blockM, Qt::DescendingOrder);
        QVERIFY(settle());
        std::size_t expected = 0;
        const std::size_t bm = std::size_t(dimensionIndex(*s, "BLOCK_M"));
        for (std::size_t i = 0; i < s->size(); ++i)
            expected += s->reason(i) == space::ReasonCode::CubeL0aCapacity && s->value(i, bm) >= 256 ? 1 : 0;
        QVERIFY(expected > 0);
        QCOMPARE(std::size_t(proxy.rowCount()), expected);
        QCOMPARE(proxy.data(proxy.index(0, blockM), CandidateTableModel::SortRole).toLongLong(), qint64(4096));
        QCOMPARE(proxy.data(proxy.index(proxy.rowCount() - 1, blockM), CandidateTableModel::SortRole).toLongLong(),
                 qint64(256));
    }

    void bigSpacesAreOrderedOnAWorker()
    {
        // The same filters and sort, ordered at once and on a worker, give the same rows; the
        // worker's order replaces the shown one only when it is complete.
        CandidateTableModel model;
        model.setSpace(m_addLattice);
        CandidateFilterProxy atOnce;
        atOnce.setSourceModel(&model);
        CandidateFilterProxy worker;
        worker.setAsyncThreshold(0);
        worker.setSourceModel(&model);
        QAbstractItemModelTester tester(&worker, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto hold = std::make_shared<test::PausePoint>();
        test::PausePoint::Opener opener{hold};
        auto probe = std::make_shared<gui::JobProbe>();
        probe->step = [hold](double, const QString&) { hold->hold(); };
        worker.job()->setProbe(probe);
        const int tile = model.columnOf(Column::Tile);
        QSignalSpy applied(&worker, &CandidateFilterProxy::orderApplied);
        QSignalSpy filtered(&worker, &CandidateFilterProxy::filterChanged);
        for (CandidateFilterProxy* p : {&atOnce, &worker}) {
            p->setQuery(QStringLiteral("XBLOCK>=1024 XBLOCK_SUB<=512"));
            p->sort(tile, Qt::DescendingOrder);
        }
        hold->waitUntilHeld();
        // Held at the worker's start: the table still shows every row, in source order.
        QVERIFY(!worker.isSettled());
        QCOMPARE(std::size_t(worker.rowCount()), m_addLattice->size());
        QCOMPARE(filtered.count(), 0);
        hold->release();
        QVERIFY(test::waitUntil([&] { return worker.isSettled(); }));
        QCOMPARE(applied.count(), 1);  // the superseded job's order never showed
        QCOMPARE(filtered.count(), 1);
        QVERIFY(atOnce.rowCount() > 0 && atOnce.rowCount() < int(m_addLattice->size()));
        QCOMPARE(worker.candidates(), atOnce.candidates());
        QVERIFY(worker.data(worker.index(0, tile), CandidateTableModel::SortRole).toLongLong() >=
                worker.data(worker.index(worker.rowCount() - 1, tile), CandidateTableModel::SortRole).toLongLong());
        worker.job()->setProbe(nullptr);
        // A selected candidate keeps its row through a re-sort of the same rows.
        QItemSelectionModel selection(&worker);
        const QModelIndex picked = worker.index(worker.rowCount() / 2, 0);
        const int candidate = worker.mapToSource(picked).row();
        selection.setCurrentIndex(picked, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        worker.sort(tile, Qt::AscendingOrder);
        QVERIFY(test::waitUntil([&] { return worker.isSettled(); }));
        QCOMPARE(worker.mapToSource(selection.currentIndex()).row(), candidate);
    }

    void heatmapSliceHoldsTheFixedValues()
    {
        const space::CandidateSpace& s = *m_addLattice;
        const auto values = gui::dimensionValues(s);
        QCOMPARE(values.size(), s.dimensions().size());
        const int xb = dimensionIndex(s, "XBLOCK");
        const int xs = dimensionIndex(s, "XBLOCK_SUB");
        // Hold every other dimension at the values of the first generated candidate.
        const auto first = s.values(0);
        std::vector<std::int64_t> fixed(first.begin(), first.end());
        const gui::HeatmapSlice slice = gui::computeHeatmapSlice(s, values, xb, xs, fixed);
        QCOMPARE(slice.cells.size(), slice.xValues.size() * slice.yValues.size());
        QVERIFY(std::is_sorted(slice.xValues.begin(), slice.xValues.end()));
        bool sawGenerated = false, sawPruned = false;
        for (std::size_t y = 0; y < slice.yValues.size(); ++y)
            for (std::size_t x = 0; x < slice.xValues.size(); ++x) {
                const std::int32_t c = slice.candidateAt(x, y);
                if (c < 0)
                    continue;
                const auto v = s.values(std::size_t(c));
                QCOMPARE(v[xb], slice.xValues[x]);
                QCOMPARE(v[xs], slice.yValues[y]);
                for (std::size_t d = 0; d < fixed.size(); ++d)
                    if (int(d) != xb && int(d) != xs)
                        QCOMPARE(v[d], fixed[d]);
                QCOMPARE(slice.categories[y * slice.xValues.size() + x],
                         gui::cellCategory(s.status(std::size_t(c)), s.reason(std::size_t(c))));
                sawGenerated |= s.status(std::size_t(c)) == space::CandidateStatus::Generated;
                sawPruned |= s.status(std::size_t(c)) == space::CandidateStatus::Pruned;
            }
        QVERIFY(sawGenerated);
        QVERIFY(sawPruned);
        // The first candidate is in its own slice.
        const auto xi = std::lower_bound(slice.xValues.begin(), slice.xValues.end(), s.values(0)[xb]) - slice.xValues.begin();
        const auto yi = std::lower_bound(slice.yValues.begin(), slice.yValues.end(), s.values(0)[xs]) - slice.yValues.begin();
        QCOMPARE(slice.candidateAt(std::size_t(xi), std::size_t(yi)), 0);
        // Same dimension twice: no slice.
        QVERIFY(gui::computeHeatmapSlice(s, values, xb, xb, fixed).cells.empty());
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestCandidateModel)
#include "test_candidate_model.moc"
