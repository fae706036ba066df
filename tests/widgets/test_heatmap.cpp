// The heat map coloured by a figure of each candidate: the colour-by choice, the colour bar and
// its unit, the legend for cells without the figure, cell labels that never overlap, the
// tooltip's config and figures, and the source line a click on a cell shows.

#include "backend_versions.h"
#include "widget_test_support.h"

#include "core/pipeline/tuning_pipeline.h"
#include "widgets/background_job.h"
#include "widgets/heatmap_chart.h"
#include "widgets/qcp.h"
#include "widgets/tuning_run.h"
#include "widgets/ub_chart.h"

#include <QComboBox>
#include <QTemporaryDir>
#include <QLabel>
#include <QSignalSpy>

#include <cmath>
#include <set>

using namespace ts;
using pipeline::CandidateMetric;

namespace {

struct Tuned {
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    std::shared_ptr<const space::CandidateSpace> space;
    std::shared_ptr<gui::TuningRun> run;
};

const npu::DeviceProfile& device(const std::string& soc)
{
    static const npu::DeviceRegistry r = npu::DeviceRegistry::loadBundled();
    return *r.find(soc);
}

std::shared_ptr<const analysis::KernelAnalysis> analyse(const char* example, kernel::BackendVersion backend)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(test::examplePath(example).toStdString());
    if (!loaded.workload)
        return nullptr;
    kernel::Workload w = *loaded.workload;
    w.backend = backend;
    return pipeline::analyze({w}).analysis;
}

// A space of the example, tuned (lattice: every point) without a cache, as the window shows it.
Tuned tuned(const char* example, kernel::BackendVersion backend, bool lattice, std::size_t maxPoints = 2'000'000)
{
    Tuned out;
    out.analysis = analyse(example, backend);
    if (!out.analysis)
        return out;
    const npu::DeviceProfile& dev = device(out.analysis->workload.device);
    pipeline::SpaceRequest sr{out.analysis, dev, {}};
    sr.options.lattice = lattice;
    sr.options.maxLatticePoints = maxPoints;
    out.space = pipeline::buildSpace(sr).space;
    if (!out.space)
        return out;
    pipeline::TuneRequest tr;
    tr.analysis = out.analysis;
    tr.device = dev;
    tr.options.jobs = 2;
    tr.options.lattice = lattice;
    tr.space = out.space;
    const pipeline::TuneResult result = pipeline::tune(tr);
    if (!result.result)
        return out;
    out.run = std::make_shared<gui::TuningRun>(out.space, tr.options, dev.soc, result.result->tuned.size(),
                                               out.analysis->parse.backend, 8);
    out.run->finish(result.result, gui::TuningRun::finalState(out.space->size(), *result.result));
    return out;
}

bool settled(gui::HeatmapChart& chart)
{
    return test::waitUntil([&] { return !chart.job()->isRunning() && !chart.slice().cells.empty(); });
}

// Shows the chart at a size, lays it out and draws it (labels are placed at layout).
void showAt(gui::HeatmapChart& chart, int w, int h)
{
    chart.resize(w, h);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QCoreApplication::processEvents();
    chart.plot()->replot();
}

// When TILESCOPE_SHOT_DIR is set, the chart as drawn, for a person to look at.
void shoot(gui::HeatmapChart& chart, const char* name)
{
    const QString dir = qEnvironmentVariable("TILESCOPE_SHOT_DIR");
    QCoreApplication::processEvents();  // the layout, after the legend changed
    chart.plot()->replot();
    if (!dir.isEmpty())
        chart.grab().save(dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
}

void checkLabels(const gui::HeatmapChart& chart)
{
    const auto& labels = chart.cellLabels();
    for (std::size_t a = 0; a < labels.size(); ++a) {
        // Inside its own cell ...
        const QPointF c = chart.cellCenterPixel(labels[a].x, labels[a].y);
        const QPointF next = chart.cellCenterPixel(labels[a].x + 1, labels[a].y + 1);
        const double halfW = std::abs(next.x() - c.x()) / 2, halfH = std::abs(next.y() - c.y()) / 2;
        QVERIFY2(labels[a].rect.left() >= c.x() - halfW && labels[a].rect.right() <= c.x() + halfW &&
                     labels[a].rect.top() >= c.y() - halfH && labels[a].rect.bottom() <= c.y() + halfH,
                 qPrintable(labels[a].text));
        // ... so never over another.
        for (std::size_t b = a + 1; b < labels.size(); ++b)
            QVERIFY2(!labels[a].rect.intersects(labels[b].rect),
                     qPrintable(labels[a].text + QStringLiteral(" / ") + labels[b].text));
    }
}

} // namespace

class TestHeatmap : public QObject {
    Q_OBJECT

    Tuned m_softmax;

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings();
        m_softmax = tuned("softmax.json", test::backend2604(), true, 3000);
        QVERIFY(m_softmax.run);
        QVERIFY(m_softmax.space->dimensions().size() >= 2);
    }

    void colourByChoosesTheFigureAndItsColourBar()
    {
        gui::HeatmapChart chart;
        chart.setSpace(m_softmax.space);
        chart.setRun(m_softmax.run);
        showAt(chart, 900, 600);
        QVERIFY(settled(chart));
        QComboBox* combo = chart.colourByCombo();
        QCOMPARE(combo->count(), 1 + pipeline::kCandidateMetricCount);
        QCOMPARE(chart.colourBy(), int(gui::HeatmapChart::kColourByStatus));
        QVERIFY(!chart.colourScaleShown());
        QVERIFY(chart.legend()->text().contains(QStringLiteral("generated")));

        // The tuning's p50: a colour bar on a log axis, in µs.
        combo->setCurrentIndex(combo->findData(int(CandidateMetric::SimulatedP50)));
        QVERIFY(settled(chart));
        QCOMPARE(chart.slice().colourBy, int(CandidateMetric::SimulatedP50));
        QVERIFY(chart.colourScaleShown());
        QVERIFY(chart.colourScale()->label().contains(QStringLiteral("µs")));
        QCOMPARE(chart.colourScale()->dataScaleType(), QCPAxis::stLogarithmic);
        const gui::HeatmapSlice& slice = chart.slice();
        QCOMPARE(slice.metric.size(), slice.cells.size());
        std::size_t timed = 0, untimed = 0;
        const auto timings = m_softmax.run->timings();
        for (std::size_t k = 0; k < slice.cells.size(); ++k) {
            const std::int32_t c = slice.cells[k];
            if (c < 0) {
                QVERIFY(std::isnan(slice.metric[k]));
                continue;
            }
            const double us = timings->p50Us[std::size_t(c)];
            if (std::isnan(us)) {
                QVERIFY(std::isnan(slice.metric[k]));
                ++untimed;
            } else {
                QVERIFY(std::abs(slice.metric[k] - us) < 1e-6 * us);
                ++timed;
            }
        }
        QVERIFY(timed > 1);
        QVERIFY(chart.colourScale()->dataRange().lower <= slice.metricInfo.low * 1.0000001);
        QVERIFY(chart.colourScale()->dataRange().upper >= slice.metricInfo.high * 0.9999999);
        // The legend names the figure and what the grey cells mean.
        QVERIFY(chart.legend()->text().contains(QStringLiteral("Simulated p50")));
        if (untimed > 0)
            QVERIFY(chart.legend()->text().contains(QStringLiteral("not tuned")));
        shoot(chart, "heatmap_softmax_p50");

        // The ratio to the best: 1 at the best (when it is in the slice), on a log axis.
        chart.setSelectedCandidate(m_softmax.run->bestCandidate());
        combo->setCurrentIndex(combo->findData(int(CandidateMetric::RatioToBest)));
        QVERIFY(settled(chart));
        QVERIFY(chart.colourScale()->label().contains(QStringLiteral("best")));
        bool sawBest = false;
        for (std::size_t k = 0; k < chart.slice().cells.size(); ++k)
            if (chart.slice().cells[k] == std::int32_t(*m_softmax.run->bestCandidate())) {
                QCOMPARE(chart.slice().metric[k], 1.0);
                sawBest = true;
            }
        QVERIFY(sawBest);  // selecting it moved the fixed dimensions to it
        QCOMPARE(chart.slice().metricInfo.low, 1.0);

        // UB use: linear, in percent of the budget.
        combo->setCurrentIndex(combo->findData(int(CandidateMetric::UbUse)));
        QVERIFY(settled(chart));
        QCOMPARE(chart.colourScale()->dataScaleType(), QCPAxis::stLinear);
        QVERIFY(chart.colourScale()->label().contains(QStringLiteral("UB")));
        QVERIFY(chart.slice().metricInfo.present > 0);

        // Nothing measured on hardware: every cell is "not measured".
        combo->setCurrentIndex(combo->findData(int(CandidateMetric::Measured)));
        QVERIFY(settled(chart));
        QCOMPARE(chart.slice().metricInfo.present, std::size_t(0));
        QVERIFY(chart.legend()->text().contains(QStringLiteral("not measured")));

        // Back to the status: no colour bar.
        chart.setColourBy(gui::HeatmapChart::kColourByStatus);
        QVERIFY(settled(chart));
        QVERIFY(!chart.colourScaleShown());
    }

    void labelsNeverOverlap()
    {
        for (int metric : {int(gui::HeatmapChart::kColourByStatus), int(CandidateMetric::SimulatedP50)}) {
            gui::HeatmapChart chart;
            chart.setSpace(m_softmax.space);
            chart.setRun(m_softmax.run);
            chart.setColourBy(metric);
            std::size_t small = 0, large = 0;
            for (const auto& [w, h] : {std::pair{360, 260}, std::pair{1600, 1100}}) {
                showAt(chart, w, h);
                QVERIFY(settled(chart));
                chart.plot()->replot();
                checkLabels(chart);
                (w < 1000 ? small : large) = chart.cellLabels().size();
                if (w > 1000 && metric == int(gui::HeatmapChart::kColourByStatus))
                    shoot(chart, "heatmap_softmax_status_large");
                if (w < 1000 && metric == int(gui::HeatmapChart::kColourByStatus))
                    shoot(chart, "heatmap_softmax_status_small");
            }
            // Big cells carry labels; small ones fewer or none.
            QVERIFY2(large > 0, qPrintable(QString::number(metric)));
            QVERIFY(small <= large);
            // At the small size the status labels are abbreviated or hidden, never squeezed.
            if (metric == int(gui::HeatmapChart::kColourByStatus) && small > 0)
                for (const auto& label : chart.cellLabels())
                    QVERIFY(!label.text.isEmpty());
        }
    }

    void hoverTellsTheConfigAndEveryFigure()
    {
        gui::HeatmapChart chart;
        chart.setSpace(m_softmax.space);
        chart.setRun(m_softmax.run);
        const std::size_t best = *m_softmax.run->bestCandidate();
        const QString tip = chart.toolTipFor(best);
        const space::TritonConfig config{m_softmax.space->params(best), m_softmax.space->numWarps(best),
                                         m_softmax.space->numStages(best)};
        QVERIFY2(tip.contains(QString::fromStdString(config.toPython())), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Simulated p50: ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Ratio to the best: 1.00")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Measured p50: not measured")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("UB use: ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Waves: ")), qPrintable(tip));
        QVERIFY(!tip.contains(QStringLiteral("L1 use")));  // a vector kernel
    }

    void againstAnotherTuningOfTheLaunch()
    {
        // Another device's tuning of the same launch in the cache: the compare-with combo lists
        // it, and the cells get this tuning's p50 over the other's, on a diverging log scale.
        QTemporaryDir dir;
        const std::filesystem::path cache = dir.filePath(QStringLiteral("cache.sqlite")).toStdString();
        pipeline::TuneRequest other;
        other.analysis = m_softmax.analysis;
        other.device = device("Ascend910B4");
        other.options.jobs = 2;
        other.cache.path = cache;
        QVERIFY(pipeline::tune(other).storedId);

        gui::HeatmapChart chart;
        chart.setSpace(m_softmax.space);
        chart.setRun(m_softmax.run);
        chart.setLaunch(m_softmax.analysis, cache, npu::BenchMethod::Default);
        chart.setSelectedCandidate(m_softmax.run->bestCandidate());
        chart.setColourBy(int(CandidateMetric::TuningDiff));
        QVERIFY(chart.compareCombo()->isVisibleTo(&chart));
        QVERIFY(test::waitUntil([&] { return !chart.compareJob()->isRunning() && chart.compareCombo()->count() > 0; }));
        QCOMPARE(chart.compareCombo()->count(), 1);
        QVERIFY(chart.compareCombo()->currentText().contains(QStringLiteral("Ascend910B4")));
        showAt(chart, 1000, 700);
        QVERIFY(test::waitUntil([&] {
            return !chart.job()->isRunning() && chart.slice().colourBy == int(CandidateMetric::TuningDiff) &&
                   chart.slice().metricInfo.present > 0;
        }));
        QCOMPARE(chart.slice().metricInfo.scale, pipeline::MetricScale::Diverging);
        QCOMPARE(chart.colourScale()->dataScaleType(), QCPAxis::stLogarithmic);
        // Symmetric around 1 on the log axis.
        const QCPRange range = chart.colourScale()->dataRange();
        QVERIFY(std::abs(range.lower * range.upper - 1.0) < 1e-9);
        QVERIFY(chart.toolTipFor(*m_softmax.run->bestCandidate()).contains(QStringLiteral("Against another tuning: ")));
        shoot(chart, "heatmap_softmax_diff");
    }

    void cubeCandidatesAndTheSourceLineOfTheAxis()
    {
        const auto analysis = analyse("matmul.json", test::backend2608());
        QVERIFY(analysis);
        pipeline::SpaceRequest sr{analysis, device(analysis->workload.device), {}};
        const auto space = pipeline::buildSpace(sr).space;
        QVERIFY(space && space->backend().cube);
        gui::HeatmapChart chart;
        chart.setSpace(space);
        chart.setLaunch(analysis, {}, npu::BenchMethod::Default);
        chart.setColourBy(int(CandidateMetric::L1Use));
        showAt(chart, 1100, 800);
        QVERIFY(settled(chart));
        const gui::HeatmapSlice& slice = chart.slice();
        std::size_t withCandidate = 0;
        for (std::int32_t c : slice.cells)
            withCandidate += c >= 0;
        QCOMPARE(slice.metricInfo.present, withCandidate);  // every cube candidate has an L1 figure
        QVERIFY(chart.colourScale()->label().contains(QStringLiteral("L1")));
        shoot(chart, "heatmap_matmul_2608_l1");

        chart.setColourBy(int(CandidateMetric::Waves));
        QVERIFY(settled(chart));
        QVERIFY(chart.slice().metricInfo.low >= 1.0);
        shoot(chart, "heatmap_matmul_2608_waves");

        // The tooltip of a cube candidate: its L1 / L0 figures, not UB.
        std::int32_t some = -1;
        for (std::int32_t c : slice.cells)
            if (c >= 0 && space->status(std::size_t(c)) == space::CandidateStatus::Generated)
                some = c;
        QVERIFY(some >= 0);
        const QString tip = chart.toolTipFor(std::size_t(some));
        QVERIFY2(tip.contains(QStringLiteral("L1 use (cube): ")) && tip.contains(QStringLiteral("L0 use (cube): ")),
                 qPrintable(tip));
        QVERIFY(!tip.contains(QStringLiteral("UB use")));

        // A click on a cell selects the candidate and names the line that fixes its x dimension.
        QSignalSpy clicked(&chart, &gui::HeatmapChart::candidateClicked);
        QSignalSpy source(&chart, &gui::HeatmapChart::sourceLocationClicked);
        chart.plot()->replot();
        std::optional<std::pair<std::size_t, std::size_t>> cell;
        for (std::size_t y = 0; y < chart.slice().yValues.size() && !cell; ++y)
            for (std::size_t x = 0; x < chart.slice().xValues.size() && !cell; ++x)
                if (chart.slice().candidateAt(x, y) >= 0 &&
                    chart.candidateAtPixel(chart.cellCenterPixel(x, y).toPoint()) == chart.slice().candidateAt(x, y))
                    cell = {x, y};
        QVERIFY(cell);
        QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, chart.cellCenterPixel(cell->first, cell->second).toPoint());
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).value<std::size_t>(), std::size_t(chart.slice().candidateAt(cell->first, cell->second)));
        QCOMPARE(source.count(), 1);
        const kernel::SourceLocation where =
            pipeline::dimensionSource(*analysis, *space, std::size_t(chart.slice().xDim));
        QVERIFY(where.line > 0);
        QCOMPARE(source.at(0).at(0).toInt(), where.line);
    }

    // The cube pruning drops a tiling before the hints are crossed with it: a slice that fixes
    // GROUP_SIZE_M (or any hint) still shows it, in the colour of the buffer it overflows.
    void cubePrunedTilingsShowInEverySliceOfTheHints()
    {
        const auto analysis = analyse("matmul.json", test::backend2608());
        QVERIFY(analysis);
        pipeline::SpaceRequest sr{analysis, device(analysis->workload.device), {}};
        const auto space = pipeline::buildSpace(sr).space;
        QVERIFY(space && space->backend().cube);
        const auto& dims = space->dimensions();
        QCOMPARE(dims[0].name, std::string("BLOCK_M"));
        QCOMPARE(dims[1].name, std::string("BLOCK_N"));
        const auto values = gui::dimensionValues(*space);
        // A pruned tiling whose BLOCK_K some generated config has too.
        std::set<std::int64_t> generatedK;
        for (std::size_t i = 0; i < space->size(); ++i)
            if (space->origin(i) == space::CandidateStatus::Generated)
                generatedK.insert(space->values(i)[2]);
        std::size_t pruned = space->size();
        for (std::size_t i = 0; i < space->size() && pruned == space->size(); ++i)
            if (space->origin(i) == space::CandidateStatus::Pruned && generatedK.count(space->values(i)[2]))
                pruned = i;
        QVERIFY(pruned < space->size());
        // The slice through that tiling's BLOCK_K, each hint at its first value.
        std::vector<std::int64_t> fixed(dims.size(), space::kUnset);
        for (std::size_t j = 0; j < dims.size(); ++j) {
            fixed[j] = space->values(pruned)[j];
            for (std::size_t k = 0; k < values[j].size() && fixed[j] == space::kUnset; ++k)
                fixed[j] = values[j][k];
        }
        QVERIFY(fixed[3] != space::kUnset);
        const gui::HeatmapSlice slice = gui::computeHeatmapSlice(*space, values, 0, 1, fixed);
        std::size_t cube = 0, generated = 0;
        for (gui::CellCategory c : slice.categories) {
            cube += c == gui::CellCategory::PrunedL0 || c == gui::CellCategory::PrunedL1;
            generated += c == gui::CellCategory::Generated;
        }
        QVERIFY(cube > 0);
        QVERIFY(generated > 0);
        const auto at = std::find(slice.cells.begin(), slice.cells.end(), std::int32_t(pruned));
        QVERIFY(at != slice.cells.end());
    }

    // The memory chart beside the heat map: a tl.dot kernel's cube candidates are drawn by L1
    // use against the L1 limit (their UB figures are 0), a vector kernel's by UB use.
    void memoryChartFollowsTheKernelsBuffers()
    {
        const auto matmul = analyse("matmul.json", test::backend2608());
        QVERIFY(matmul);
        pipeline::SpaceRequest cubeRequest{matmul, device(matmul->workload.device), {}};
        const auto cube = pipeline::buildSpace(cubeRequest).space;
        QVERIFY(cube && cube->backend().cube);
        gui::UbChart chart;
        QSignalSpy retitled(&chart, &gui::UbChart::titleChanged);
        chart.setSpace(cube);
        QCOMPARE(retitled.count(), 1);
        QVERIFY(chart.title().contains(QStringLiteral("L1")));
        QVERIFY(chart.plot()->yAxis->label().contains(QStringLiteral("L1")));
        auto* bars = qobject_cast<QCPBars*>(chart.plot()->plottable(0));
        QVERIFY(bars && !chart.shownCandidates().empty());
        double highest = 0;
        for (std::size_t c : chart.shownCandidates()) {
            QVERIFY(cube->metrics(c).cube && cube->metrics(c).l1Bytes > 0);
            highest = std::max(highest, double(cube->metrics(c).l1Bytes) / 1024.0);
        }
        QVERIFY(chart.plot()->yAxis->range().upper >= highest);
        chart.setSelectedCandidate(chart.shownCandidates().front());
        const QList<QLabel*> labels = chart.findChildren<QLabel*>();
        const bool summarised = std::any_of(labels.begin(), labels.end(), [](QLabel* l) {
            return l->text().contains(QStringLiteral("L0A")) && l->text().contains(QStringLiteral("L0C"));
        });
        QVERIFY(summarised);

        const auto add = analyse("add.json", test::backend2608());
        QVERIFY(add);
        pipeline::SpaceRequest vectorRequest{add, device(add->workload.device), {}};
        chart.setSpace(pipeline::buildSpace(vectorRequest).space);
        QCOMPARE(retitled.count(), 2);
        QVERIFY(chart.title().contains(QStringLiteral("UB")));
        QVERIFY(chart.plot()->yAxis->label().contains(QStringLiteral("UB")));
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestHeatmap)
#include "test_heatmap.moc"
