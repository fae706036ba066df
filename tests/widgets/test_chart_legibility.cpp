// The charts read true at a glance: the heat map's axes tick at round values of what they show,
// plain as a config writes them (its colour bar, a figure, grouped: test_heatmap); its pruned
// reasons' colours tell apart in both themes; the heat map's legend keeps its
// swatches square however far a label wraps; the UB chart's budget label never sits over a bar.
// Each on the big spaces where it went wrong (the softmax and guide_violations lattices) and on
// a tl.dot kernel, under both backend versions.

#include "backend_versions.h"
#include "widget_test_support.h"

#include "widgets/heatmap_chart.h"
#include "widgets/qcp.h"
#include "widgets/ub_chart.h"

#include <QLabel>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include <array>
#include <cmath>

using namespace ts;
namespace {

// The candidate space of an example under a backend version, the lattice's when asked.
std::shared_ptr<const space::CandidateSpace> spaceUnder(const char* example, kernel::BackendVersion backend,
                                                        bool lattice)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(test::examplePath(example).toStdString());
    if (!loaded.workload)
        return nullptr;
    loaded.workload->backend = backend;
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    if (!analysed.ok())
        return nullptr;
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* device = registry.find(analysed.analysis->workload.device);
    if (!device)
        return nullptr;
    pipeline::SpaceRequest request{analysed.analysis, *device, {}};
    request.options.lattice = lattice;
    request.options.maxLatticePoints = 200'000;
    return pipeline::buildSpace(request).space;
}

// The CIE76 distance of two colours in CIELAB (D65): about 2.3 is a just noticeable difference.
double deltaE(const QColor& a, const QColor& b)
{
    auto lab = [](const QColor& c) {
        auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        const double r = linear(c.redF()), g = linear(c.greenF()), bl = linear(c.blueF());
        auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
        const double x = f((0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047);
        const double y = f(0.2126 * r + 0.7152 * g + 0.0722 * bl);
        const double z = f((0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883);
        return std::array<double, 3>{116.0 * y - 16.0, 500.0 * (x - y), 200.0 * (y - z)};
    };
    const auto p = lab(a), q = lab(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

bool settled(gui::HeatmapChart& chart)
{
    return test::waitUntil([&] { return !chart.job()->isRunning() && !chart.slice().cells.empty(); });
}

// Whether `v` is a multiple of `step` (both whole).
bool multipleOf(std::int64_t v, std::int64_t step)
{
    return step > 0 && v % step == 0;
}

// The 1-2-5 steps up to `largest`: 1, 2, 5, 10, 20, 50, ...
std::vector<std::int64_t> roundSteps(std::int64_t largest)
{
    std::vector<std::int64_t> steps;
    for (std::int64_t decade = 1; decade <= largest; decade *= 10)
        for (std::int64_t m : {1, 2, 5})
            steps.push_back(m * decade);
    return steps;
}

// Boxes of the saturated (coloured) pixels of an image, one per 4-connected region: the legend's
// swatches (its text is black or grey).
std::vector<QRect> colouredRegions(const QImage& image)
{
    std::vector<QRect> regions;
    std::vector<char> seen(std::size_t(image.width() * image.height()), 0);
    const auto coloured = [&](int x, int y) { return image.pixelColor(x, y).hsvSaturation() > 60; };
    for (int y0 = 0; y0 < image.height(); ++y0)
        for (int x0 = 0; x0 < image.width(); ++x0) {
            if (seen[std::size_t(y0 * image.width() + x0)] || !coloured(x0, y0))
                continue;
            QRect box(x0, y0, 1, 1);
            std::vector<QPoint> stack{{x0, y0}};
            seen[std::size_t(y0 * image.width() + x0)] = 1;
            while (!stack.empty()) {
                const QPoint p = stack.back();
                stack.pop_back();
                box = box.united(QRect(p, QSize(1, 1)));
                for (const QPoint d : {QPoint(1, 0), QPoint(-1, 0), QPoint(0, 1), QPoint(0, -1)}) {
                    const QPoint q = p + d;
                    if (q.x() < 0 || q.y() < 0 || q.x() >= image.width() || q.y() >= image.height())
                        continue;
                    char& s = seen[std::size_t(q.y() * image.width() + q.x())];
                    if (!s && coloured(q.x(), q.y())) {
                        s = 1;
                        stack.push_back(q);
                    }
                }
            }
            regions.push_back(box);
        }
    return regions;
}

} // namespace

class TestChartLegibility : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    // The heat map's ordinal axes, where not every value fits: the values labelled are round
    // (all but the first a multiple of one 1-2-5 step), plain as a config writes them, in order
    // and apart.
    void latticeAxesTickAtRoundValues()
    {
        // guide_violations has no list under 2026-04 (the backend raises for a missing XBLOCK).
        const std::pair<const char*, kernel::BackendVersion> cases[] = {
            {"softmax.json", test::backend2604()},
            {"softmax.json", test::backend2608()},
            {"guide_violations.json", test::backend2608()}};
        for (const auto& [example, backend] : cases) {
            const auto space = spaceUnder(example, backend, true);
            QVERIFY2(space && space->size() > 0, example);
            gui::HeatmapChart chart;
            chart.setSpace(space);
            chart.resize(640, 420);
            chart.show();
            QVERIFY(QTest::qWaitForWindowExposed(&chart));
            QVERIFY(settled(chart));
            // A lattice of thousands of values a dimension opens on the kept ones: every value
            // would put the generated tilings in a corner of a few pixels.
            const gui::HeatmapSlice& opened = chart.slice();
            QVERIFY2(chart.keptOnlyBox()->isChecked(), example);
            QVERIFY2(opened.xValues.size() <= 64 && opened.yValues.size() <= 64,
                     qPrintable(QStringLiteral("%1: %2 x %3 values").arg(QLatin1String(example)).arg(opened.xValues.size()).arg(opened.yValues.size())));
            chart.keptOnlyBox()->setChecked(false); // every lattice value
            QVERIFY(settled(chart));
            QVERIFY2(chart.slice().xValues.size() > 64 || chart.slice().yValues.size() > 64, example);
            chart.plot()->replot();
            chart.plot()->replot(); // the ticks thinned at the first layout are drawn at the next
            bool thinned = false;
            for (int axis = 0; axis < 2; ++axis) {
                const gui::HeatmapSlice& slice = chart.slice();
                const std::vector<std::int64_t>& values = axis == 0 ? slice.xValues : slice.yValues;
                const int dim = axis == 0 ? slice.xDim : slice.yDim;
                const space::SpaceDimension& d = space->dimensions()[std::size_t(dim)];
                QCPAxis* a = axis == 0 ? chart.plot()->xAxis : chart.plot()->yAxis;
                const auto ticker = a->ticker().dynamicCast<QCPAxisTickerText>();
                QVERIFY2(ticker, example);
                const QMap<double, QString>& ticks = ticker->ticks();
                if (d.boolean || !d.choices.empty() || qsizetype(values.size()) == ticks.size())
                    continue;
                thinned = true;
                std::vector<std::int64_t> labelled;
                for (auto it = ticks.begin(); it != ticks.end(); ++it) {
                    const std::int64_t v = values[std::size_t(it.key())];
                    // The label is the column's value as a config writes it (XBLOCK=12304).
                    QCOMPARE(it.value(), QString::number(v));
                    labelled.push_back(v);
                }
                // The axis' ends are labelled (an ordinal axis's last value, 32 after 1..16, is
                // not where a reader would count it); between them, evenly apart, each a multiple
                // of a round step (1, 2 or 5 times a power of ten) of the axis' scale, at least a
                // hundredth of its largest value.
                QVERIFY(labelled.size() >= 3);
                QCOMPARE(labelled.front(), values.front());
                QCOMPARE(labelled.back(), values.back());
                const std::vector<std::int64_t> middle(labelled.begin() + 1, labelled.end() - 1);
                const std::int64_t apart = middle.size() >= 2 ? middle[1] - middle[0] : 0;
                const std::vector<std::int64_t> steps = roundSteps(values.back());
                const bool round =
                    std::any_of(steps.begin(), steps.end(),
                                [&](std::int64_t step) {
                                    return step * 100 >= values.back() &&
                                           std::all_of(middle.begin(), middle.end(),
                                                       [&](std::int64_t v) { return multipleOf(v, step); });
                                }) &&
                    std::adjacent_find(middle.begin(), middle.end(),
                                       [&](std::int64_t a, std::int64_t b) { return b - a != apart; }) ==
                        middle.end();
                QStringList shown(ticks.begin(), ticks.end());
                QVERIFY2(round,
                         qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(example), shown.join(u' '))));
                // Apart: no two labels overlap.
                const QFontMetricsF fm(a->tickLabelFont());
                const QList<double> at = ticks.keys();
                for (qsizetype k = 1; k < at.size(); ++k) {
                    const double gap = std::abs(a->coordToPixel(at[k]) - a->coordToPixel(at[k - 1]));
                    const double need =
                        axis == 0
                            ? (fm.horizontalAdvance(ticks[at[k - 1]]) + fm.horizontalAdvance(ticks[at[k]])) /
                                  2
                            : fm.height();
                    QVERIFY2(gap > need, qPrintable(shown.join(u' ')));
                }
            }
            QVERIFY2(thinned, example); // the lattice has more values than the axis has room for
        }
    }

    // Where the values shown have no round ones (matmul's kept block sizes, a narrow plot), the
    // labels still span the axis: round values or powers of two where present, else the first,
    // the last and evenly spaced ones between (not every n-th from the first).
    void keptAxesLabelTheirEnds()
    {
        for (const kernel::BackendVersion backend : {test::backend2604(), test::backend2608()}) {
            const auto space = spaceUnder("matmul.json", backend, false);
            QVERIFY(space && space->size() > 0);
            for (const int width : {360, 480, 640}) {
                gui::HeatmapChart chart;
                chart.setSpace(space);
                chart.resize(width, 420);
                chart.show();
                QVERIFY(QTest::qWaitForWindowExposed(&chart));
                QVERIFY(settled(chart));
                chart.plot()->replot();
                chart.plot()->replot();
                for (int axis = 0; axis < 2; ++axis) {
                    const gui::HeatmapSlice& slice = chart.slice();
                    const std::vector<std::int64_t>& values = axis == 0 ? slice.xValues : slice.yValues;
                    if ((axis == 0 ? slice.xDim : slice.yDim) < 0)
                        continue; // a strip: no second axis
                    QCPAxis* a = axis == 0 ? chart.plot()->xAxis : chart.plot()->yAxis;
                    const auto ticker = a->ticker().dynamicCast<QCPAxisTickerText>();
                    QVERIFY(ticker);
                    const QList<double> at = ticker->ticks().keys();
                    if (values.size() < 3 || qsizetype(values.size()) == at.size())
                        continue;
                    std::vector<std::int64_t> labelled;
                    for (double k : at) {
                        labelled.push_back(values[std::size_t(k)]);
                        QCOMPARE(ticker->ticks()[k], QString::number(labelled.back()));
                    }
                    const std::vector<std::int64_t> steps = roundSteps(values.back());
                    const bool round =
                        labelled.size() >= 2 &&
                        std::any_of(steps.begin(), steps.end(), [&](std::int64_t step) {
                            return step >= 5 &&
                                   std::all_of(labelled.begin() + 1, labelled.end(),
                                               [&](std::int64_t v) { return multipleOf(v, step); });
                        });
                    const bool powers = labelled.size() >= 2 &&
                                        std::all_of(labelled.begin(), labelled.end(), [](std::int64_t v) {
                                            return v > 0 && (v & (v - 1)) == 0;
                                        });
                    const bool ends =
                        at.size() >= 2 && at.front() == 0 && at.back() == double(values.size() - 1);
                    QStringList shown;
                    for (std::int64_t v : labelled)
                        shown << QString::number(v);
                    QVERIFY2(round || powers || ends, qPrintable(QStringLiteral("%1 px, %2 values: %3")
                                                                     .arg(width)
                                                                     .arg(values.size())
                                                                     .arg(shown.join(u' '))));
                }
            }
        }
    }

    // The pruned reasons' colours tell apart in both themes: any two at least 20 apart in
    // CIELAB (the dark theme's L1 and L0A/L0B/L0C were one brown, UB and the program limit one
    // red).
    void prunedReasonColoursTellApart()
    {
        const gui::CellCategory pruned[] = {gui::CellCategory::PrunedUb,
                                            gui::CellCategory::PrunedUnaligned,
                                            gui::CellCategory::PrunedTileExceedsBlock,
                                            gui::CellCategory::PrunedProgramLimit,
                                            gui::CellCategory::PrunedOther,
                                            gui::CellCategory::PrunedL1,
                                            gui::CellCategory::PrunedL0};
        gui::HeatmapChart chart;
        for (const bool dark : {false, true}) {
            chart.setDark(dark);
            for (std::size_t i = 0; i < std::size(pruned); ++i)
                for (std::size_t j = i + 1; j < std::size(pruned); ++j) {
                    const double distance =
                        deltaE(chart.categoryColor(pruned[i]), chart.categoryColor(pruned[j]));
                    QVERIFY2(distance >= 20.0,
                             qPrintable(QStringLiteral("%1 theme: reasons %2 and %3 lie %4 apart")
                                            .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"))
                                            .arg(int(pruned[i]))
                                            .arg(int(pruned[j]))
                                            .arg(distance)));
                }
        }
    }

    // The legend's swatches stay squares a line high when a label wraps over several lines
    // (a table cell's background used to stretch down the whole wrapped label).
    void legendSwatchesStaySquareBesideWrappedLabels()
    {
        const auto space = spaceUnder("guide_violations.json", test::backend2608(), true);
        QVERIFY(space);
        gui::HeatmapChart chart;
        chart.setSpace(space);
        chart.resize(400, 420); // the legend at its narrowest: its labels wrap
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QVERIFY(settled(chart));
        chart.keptOnlyBox()->setChecked(false);
        QVERIFY(settled(chart));
        QCoreApplication::processEvents();
        QLabel* legend = chart.legend();
        // Some label wraps at the width the legend has.
        QTextDocument document;
        document.setDefaultFont(legend->font());
        document.setHtml(legend->text());
        document.setTextWidth(legend->contentsRect().width());
        document.size(); // lays the document out
        int mostLines = 0;
        for (QTextBlock b = document.begin(); b.isValid(); b = b.next())
            mostLines = std::max(mostLines, b.layout() ? b.layout()->lineCount() : 0);
        QVERIFY2(mostLines >= 2,
                 qPrintable(
                     QStringLiteral("legend %1 px wide, chart %2").arg(legend->width()).arg(chart.width())));

        const std::vector<QRect> swatches = colouredRegions(legend->grab().toImage());
        QVERIFY(swatches.size() >= 3); // generated, pruned, incorrect, skipped
        const int line = QFontMetrics(legend->font()).height();
        for (const QRect& s : swatches) {
            QVERIFY2(std::abs(s.width() - s.height()) <= 1,
                     qPrintable(QStringLiteral("%1 x %2 px").arg(s.width()).arg(s.height())));
            QVERIFY2(s.height() <= line + 1,
                     qPrintable(QStringLiteral("%1 px, a line %2 px").arg(s.height()).arg(line)));
        }
    }

    // The UB chart's budget label is never over a bar, in both themes (and the L1 chart's
    // limit label of a tl.dot kernel), whatever the chart's size.
    void budgetLabelClearOfTheBars()
    {
        struct Case {
            const char* example;
            kernel::BackendVersion backend;
        };
        for (const Case& c :
             {Case{"guide_violations.json", test::backend2608()}, Case{"softmax.json", test::backend2604()},
              Case{"softmax.json", test::backend2608()}, Case{"matmul.json", test::backend2608()},
              Case{"matmul.json", test::backend2604()}}) {
            const auto space = spaceUnder(c.example, c.backend, false);
            QVERIFY2(space, c.example);
            for (const QSize size : {QSize(300, 380), QSize(520, 420)}) {
                gui::UbChart chart;
                chart.setSpace(space);
                QVERIFY2(!chart.shownCandidates().empty(),
                         qPrintable(QStringLiteral("%1: %2 candidates, %3 generated")
                                        .arg(QLatin1String(c.example))
                                        .arg(space->size())
                                        .arg(space->count(space::CandidateStatus::Generated))));
                chart.setSelectedCandidate(chart.shownCandidates().back()); // the tallest, highlighted
                chart.resize(size);
                chart.show();
                QVERIFY(QTest::qWaitForWindowExposed(&chart));
                chart.plot()->replot();
                QCoreApplication::processEvents(); // a replot the label's place asked for
                chart.plot()->replot();
                const QRectF label = chart.budgetLabelRect();
                QVERIFY(!label.isEmpty());
                const std::vector<QRectF> bars = chart.barRects();
                QVERIFY(!bars.empty());
                const auto where = [&](const QRectF& r) {
                    return QStringLiteral("%1 at %2x%3: (%4, %5, %6 x %7)")
                        .arg(QLatin1String(c.example))
                        .arg(size.width())
                        .arg(size.height())
                        .arg(r.x())
                        .arg(r.y())
                        .arg(r.width())
                        .arg(r.height());
                };
                for (const QRectF& bar : bars)  // apart, not touching (a bar at the budget did)
                    QVERIFY2(!bar.intersects(label.adjusted(-2, -2, 2, 2)),
                             qPrintable(where(label) + QStringLiteral(", a bar ") + where(bar)));
                // Whole, beside its line or above the plot area.
                QVERIFY2(chart.plot()->rect().contains(label.toAlignedRect()), qPrintable(where(label)));
                QCPItemStraightLine* budget = nullptr;
                for (int i = 0; i < chart.plot()->itemCount() && !budget; ++i)
                    budget = qobject_cast<QCPItemStraightLine*>(chart.plot()->item(i));
                QVERIFY(budget);
                const double line = budget->point1->pixelPosition().y();
                QVERIFY(std::abs(label.bottom() - line) < 3 || std::abs(label.top() - line) < 3 ||
                        label.bottom() <= chart.plot()->axisRect()->top() + 1);
            }
        }
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestChartLegibility)
#include "test_chart_legibility.moc"
