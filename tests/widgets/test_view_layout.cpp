// Layout defects a reader saw: a scrolled column shown partly under the frozen config block,
// a legend over the dots it names.

#include "widget_test_support.h"

#include "widgets/frozen_table_view.h"
#include "widgets/qcp.h"
#include "widgets/timeline_chart.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStandardItemModel>

class TestViewLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { ts::test::isolateSettings(); }

    void noColumnStartsUnderTheFrozenBlock()
    {
        QStandardItemModel model(20, 12);
        for (int c = 0; c < model.columnCount(); ++c)
            model.setHeaderData(c, Qt::Horizontal, QStringLiteral("p%1 (µs)").arg(c));
        ts::gui::FrozenTableView view;
        view.setModel(&model);
        // Columns of unequal widths, as the config and timing columns are.
        for (int c = 0; c < model.columnCount(); ++c)
            view.setColumnWidth(c, 50 + 17 * (c % 4));
        view.setFrozenColumnCount(3);
        view.resize(420, 300);
        view.show();
        QScrollBar* bar = view.horizontalScrollBar();
        QVERIFY(bar->maximum() > 0);
        const int frozen = view.frozenWidth();
        QCOMPARE(frozen, 50 + 67 + 84);
        auto check = [&](int asked) {
            for (int c = 3; c < model.columnCount(); ++c) {
                const QRect r = view.visualRect(model.index(0, c));
                // Either fully out of sight to the left (under the block) or starting at its edge.
                if (r.right() >= frozen)
                    QVERIFY2(r.left() >= frozen,
                             qPrintable(QStringLiteral("asked %1, got %2: column %3 at %4..%5 under %6")
                                            .arg(asked)
                                            .arg(bar->value())
                                            .arg(c)
                                            .arg(r.left())
                                            .arg(r.right())
                                            .arg(frozen)));
            }
        };
        // Forward in pixel steps (a wheel, a drag), then back.
        for (int v = 0; v <= bar->maximum(); v += 7) {
            bar->setValue(v);
            check(v);
        }
        const int end = bar->value();
        QVERIFY(end > 0);
        for (int v = bar->maximum(); v >= 0; v -= 11) {
            bar->setValue(v);
            check(v);
        }
        QCOMPARE(bar->value(), 0);
        // The last column can be brought to the block's edge.
        bar->setValue(bar->maximum());
        QCOMPARE(view.visualRect(model.index(0, model.columnCount() - 1)).left(), frozen);
        // A selection far to the right scrolls it into sight next to the block.
        bar->setValue(0);
        view.scrollTo(model.index(5, 9));
        QVERIFY(view.visualRect(model.index(5, 9)).left() >= frozen);
        check(-1);
    }

    // The tuning-time view's legend has a row of its own: it covers neither the best-so-far
    // axes (whose first runs sit at the top) nor the compile lanes.
    void timelineLegendCoversNoData()
    {
        ts::gui::TimelineChart chart;
        chart.resize(700, 520);
        chart.show();
        QCustomPlot* plot = chart.plot();
        plot->replot();
        QVERIFY(plot->legend->visible());
        QCOMPARE(plot->axisRectCount(), 2);
        const QRect legend = plot->legend->outerRect();
        QVERIFY(legend.height() > 0);
        for (int i = 0; i < plot->axisRectCount(); ++i)
            QVERIFY2(!legend.intersects(plot->axisRect(i)->rect()),
                     qPrintable(QStringLiteral("legend %1,%2 %3x%4 over axes %5")
                                    .arg(legend.x())
                                    .arg(legend.y())
                                    .arg(legend.width())
                                    .arg(legend.height())
                                    .arg(i)));
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestViewLayout)
#include "test_view_layout.moc"
