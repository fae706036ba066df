// The heat map coloured by a figure of each candidate: the colour-by choice, the colour bar and
// its unit, the legend for cells without the figure, cell labels that never overlap, the
// tooltip's config and figures, and the source line a click on a cell shows. Its ordinal axes
// (one column per value, labels thinned apart), hidden dimensions fixed or reduced (minimum,
// median), the colours of cells without a figure (compile failed, not tuned, incorrect) and
// the strip of a space that varies along one dimension.

#include "backend_versions.h"
#include "widget_test_support.h"

#include "core/pipeline/tuning_pipeline.h"
#include "widgets/background_job.h"
#include "widgets/heatmap_chart.h"
#include "widgets/heatmap_chart_impl.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"
#include "widgets/tuning_run.h"
#include "widgets/ub_chart.h"

#include <QComboBox>
#include <QFile>
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

std::shared_ptr<const analysis::KernelAnalysis> analysePath(const QString& path, kernel::BackendVersion backend)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(path.toStdString());
    if (!loaded.workload)
        return nullptr;
    kernel::Workload w = *loaded.workload;
    w.backend = backend;
    return pipeline::analyze({w}).analysis;
}

// handwritten_configs.json in `dir` with other configs (Python list items) and, when given,
// another grid: a small space whose every candidate a test knows.
QString handwrittenVariant(const QTemporaryDir& dir, const QString& name, const QString& configs,
                           const QString& grid = {})
{
    QFile py(test::examplePath("handwritten_configs.py"));
    QFile js(test::examplePath("handwritten_configs.json"));
    if (!py.open(QIODevice::ReadOnly) || !js.open(QIODevice::ReadOnly))
        return {};
    QString source = QString::fromUtf8(py.readAll());
    const qsizetype from = source.indexOf(QStringLiteral("    return ["));
    const qsizetype to = source.indexOf(QStringLiteral("    ]"), from);
    if (from < 0 || to < 0)
        return {};
    source.replace(from, to - from, QStringLiteral("    return [\n") + configs + QLatin1Char('\n'));
    QString workload = QString::fromUtf8(js.readAll());
    workload.replace(QStringLiteral("handwritten_configs.py"), name + QStringLiteral(".py"));
    if (!grid.isEmpty())
        workload.replace(QStringLiteral("lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),)"), grid);
    QFile outPy(dir.filePath(name + QStringLiteral(".py")));
    QFile outJs(dir.filePath(name + QStringLiteral(".json")));
    if (!outPy.open(QIODevice::WriteOnly) || !outJs.open(QIODevice::WriteOnly))
        return {};
    outPy.write(source.toUtf8());
    outJs.write(workload.toUtf8());
    return outJs.fileName();
}

std::shared_ptr<const space::CandidateSpace> spaceOf(const std::shared_ptr<const analysis::KernelAnalysis>& analysis)
{
    if (!analysis)
        return nullptr;
    pipeline::SpaceRequest sr{analysis, device(analysis->workload.device), {}};
    return pipeline::buildSpace(sr).space;
}

int dimensionOf(const space::CandidateSpace& s, const char* name)
{
    for (std::size_t d = 0; d < s.dimensions().size(); ++d)
        if (s.dimensions()[d].name == name)
            return int(d);
    return -1;
}

// The candidate whose dimensions hold these values (in dimensions() order), or -1.
std::int32_t candidateWith(const space::CandidateSpace& s, const std::vector<std::int64_t>& values)
{
    for (std::size_t i = 0; i < s.size(); ++i)
        if (std::equal(values.begin(), values.end(), s.values(i).begin()))
            return std::int32_t(i);
    return -1;
}

// The mean colour inside a cell as drawn (the hatches included), away from its edges.
QColor cellColour(gui::HeatmapChart& chart, std::size_t x, std::size_t y)
{
    chart.plot()->replot();
    const QImage image = chart.plot()->toPixmap().toImage();
    const QPointF c = chart.cellCenterPixel(x, y);
    const QPointF next = chart.cellCenterPixel(x + 1, y + 1);
    const int rx = std::max(1, int(std::abs(next.x() - c.x()) / 3)), ry = std::max(1, int(std::abs(next.y() - c.y()) / 3));
    double r = 0, g = 0, b = 0, n = 0;
    for (int py = int(c.y()) - ry; py <= int(c.y()) + ry; ++py)
        for (int px = int(c.x()) - rx; px <= int(c.x()) + rx; ++px) {
            const QColor p = image.pixelColor(px, py);
            r += p.red();
            g += p.green();
            b += p.blue();
            ++n;
        }
    return QColor(int(r / n), int(g / n), int(b / n));
}

// Whether a cell as drawn holds a pattern: pixels well apart from one another in its top-left
// corner, away from the label at its centre.
bool hatchedCell(gui::HeatmapChart& chart, std::size_t x, std::size_t y)
{
    chart.plot()->replot();
    const QImage image = chart.plot()->toPixmap().toImage();
    const QPointF c = chart.cellCenterPixel(x, y);
    const QPointF next = chart.cellCenterPixel(x + 1, y + 1);
    const double w = std::abs(next.x() - c.x()), h = std::abs(next.y() - c.y());
    int lightest = 0, darkest = 255 * 3;
    for (int py = int(c.y() - 0.42 * h); py <= int(c.y() - 0.25 * h); ++py)
        for (int px = int(c.x() - 0.42 * w); px <= int(c.x() - 0.25 * w); ++px) {
            const QColor p = image.pixelColor(px, py);
            lightest = std::max(lightest, p.red() + p.green() + p.blue());
            darkest = std::min(darkest, p.red() + p.green() + p.blue());
        }
    return lightest - darkest > 150;
}

int colourDistance(const QColor& a, const QColor& b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
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

// The chart shown at 640 x 420 with these two dimensions on its axes, once drawn.
bool shownOnAxes(gui::HeatmapChart& chart, int x, int y)
{
    chart.resize(640, 420);
    chart.show();
    if (!QTest::qWaitForWindowExposed(&chart) || !settled(chart))
        return false;
    chart.setAxes(x, y);
    return settled(chart);
}

// handwritten_configs.json under 2026-08, whose dimensions are BLOCK_SIZE, BLOCK_SIZE_SUB and
// multibuffer, and three of its candidates a test tunes: (8192, 1024, 1), (8192, 2048, 1) and
// (16384, 4096, 1), all in the slice of multibuffer 1 over the first two.
struct ThreeCandidates {
    std::shared_ptr<const space::CandidateSpace> space;
    std::int32_t first = -1, second = -1, third = -1;

    bool valid() const
    {
        return space && dimensionOf(*space, "BLOCK_SIZE") == 0 && dimensionOf(*space, "BLOCK_SIZE_SUB") == 1 &&
               dimensionOf(*space, "multibuffer") == 2 && first >= 0 && second >= 0 && third >= 0;
    }
};

ThreeCandidates handwrittenThree()
{
    ThreeCandidates out;
    out.space = spaceOf(analyse("handwritten_configs.json", test::backend2608()));
    if (!out.space)
        return out;
    out.first = candidateWith(*out.space, {8192, 1024, 1});
    out.second = candidateWith(*out.space, {8192, 2048, 1});
    out.third = candidateWith(*out.space, {16384, 4096, 1});
    return out;
}

// The chart shown over BLOCK_SIZE and BLOCK_SIZE_SUB with multibuffer fixed at 1, once drawn.
bool shownAtMultibuffer1(gui::HeatmapChart& chart)
{
    if (!shownOnAxes(chart, 0, 1))
        return false;
    chart.fixedCombo(2)->setCurrentIndex(chart.fixedCombo(2)->findData(qint64(1)));
    return settled(chart);
}

// The cell (x, y) that shows candidate c in the slice.
std::pair<std::size_t, std::size_t> cellOf(const gui::HeatmapSlice& slice, std::int32_t c)
{
    const std::size_t k = std::size_t(std::find(slice.cells.begin(), slice.cells.end(), c) - slice.cells.begin());
    return {k % slice.xValues.size(), k / slice.xValues.size()};
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
    // Legible: a cell's text is at most a point smaller than the axes' (it was two points
    // smaller, down to 6 pt, letters 6 px high on guide_violations' lattice).
    QFont axesFont = chart.plot()->xAxis->tickLabelFont();
    axesFont.setPointSizeF(axesFont.pointSizeF() - 1);
    const double least = QFontMetricsF(axesFont).height();
    for (std::size_t a = 0; a < labels.size(); ++a) {
        QVERIFY2(labels[a].rect.height() >= least - 0.01,
                 qPrintable(QStringLiteral("%1: %2 px high, below %3").arg(labels[a].text).arg(labels[a].rect.height()).arg(least)));
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
            const double us = timings->p50Us(std::size_t(c));
            const gui::CellCategory category = slice.categories[k];
            const bool ownColour = category != gui::CellCategory::Generated && category != gui::CellCategory::Handwritten;
            if (std::isnan(us)) {
                QVERIFY(std::isnan(slice.metric[k]));
                // A pruned or skipped point shows why in its reason's colour, not as "not tuned".
                const tuning::OutcomeStatus outcome = timings->outcome(std::size_t(c));
                QCOMPARE(slice.bands[k], ownColour ? std::uint8_t(category)
                                         : outcome == tuning::OutcomeStatus::CompileFailed ? gui::heatmap_detail::kCompileFailedBand
                                         : outcome == tuning::OutcomeStatus::TimeBudgetCut ? gui::heatmap_detail::kTimeBudgetCutBand
                                                                                           : gui::heatmap_detail::kAbsentBand);
                untimed += slice.bands[k] == gui::heatmap_detail::kAbsentBand;
            } else {
                QVERIFY(std::abs(slice.metric[k] - us) < 1e-6 * us);
                ++timed;
            }
        }
        QVERIFY(timed > 1);
        QVERIFY(chart.colourScale()->dataRange().lower <= slice.metricInfo.low * 1.0000001);
        QVERIFY(chart.colourScale()->dataRange().upper >= slice.metricInfo.high * 0.9999999);
        // Its ticks at round times (1, 2, 5, ... times a power of ten), each labelled in µs held
        // to its number, as every time in the explorer.
        const auto scaleTicks = [&] {
            QVector<double> ticks;
            QVector<QString> labels;
            QCPAxis* axis = chart.colourScale()->axis();
            axis->ticker()->generate(axis->range(), QLocale(), QLatin1Char('g'), 2, ticks, nullptr, &labels);
            return std::pair{ticks, labels};
        };
        const auto roundOnLog = [](double t) {
            const double mantissa = t / std::pow(10.0, std::floor(std::log10(t) + 1e-12));
            return std::abs(mantissa - std::round(mantissa)) < 1e-6;
        };
        {
            const auto [ticks, labels] = scaleTicks();
            QVERIFY(ticks.size() >= 2);
            for (qsizetype k = 0; k < ticks.size(); ++k) {
                QVERIFY2(labels[k].endsWith(gui::timeUsUnit()), qPrintable(labels[k]));
                QVERIFY2(roundOnLog(ticks[k]), qPrintable(labels.join(u' ')));
            }
        }
        // The legend names the figure and what the grey cells mean.
        QVERIFY(chart.legend()->text().contains(QStringLiteral("Simulated p50")));
        QCOMPARE(chart.legend()->text().contains(QStringLiteral("not tuned")), untimed > 0);
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
        // Its outline reads on the gradient's dark end: the text colour on a halo of the base's
        // (black alone was lost on viridis purple).
        {
            chart.plot()->replot();
            const QImage image = chart.plot()->toPixmap().toImage();
            const auto [bx, by] = cellOf(chart.slice(), std::int32_t(*m_softmax.run->bestCandidate()));
            const QPointF centre = chart.cellCenterPixel(bx, by);
            const double edge = chart.plot()->xAxis->coordToPixel(double(bx) + 0.5);
            bool text = false, halo = false;
            const QColor textColour = chart.palette().color(QPalette::Text);
            const QColor base = chart.palette().color(QPalette::Base);
            for (int px = int(centre.x()); px <= int(edge) + 4 && px < image.width(); ++px) {
                const QColor c = image.pixelColor(px, int(centre.y()));
                text = text || gui::contrastRatio(c, textColour) < 1.2;
                halo = halo || gui::contrastRatio(c, base) < 1.2;
            }
            QVERIFY2(text && halo, qPrintable(QStringLiteral("text %1, halo %2").arg(text).arg(halo)));
        }
        {
            const auto [ticks, labels] = scaleTicks();
            QVERIFY(ticks.size() >= 2);
            for (qsizetype k = 0; k < ticks.size(); ++k) {
                QVERIFY2(labels[k].endsWith(QStringLiteral("×")), qPrintable(labels[k]));
                QVERIFY2(roundOnLog(ticks[k]), qPrintable(labels.join(u' ')));
            }
        }

        // UB use: linear, in percent of the budget.
        combo->setCurrentIndex(combo->findData(int(CandidateMetric::UbUse)));
        QVERIFY(settled(chart));
        QCOMPARE(chart.colourScale()->dataScaleType(), QCPAxis::stLinear);
        QVERIFY(chart.colourScale()->label().contains(QStringLiteral("UB")));
        QVERIFY(chart.slice().metricInfo.present > 0);
        // Its ticks evenly apart by a round step (1, 2 or 5 times a power of ten), in percent.
        {
            const auto [ticks, labels] = scaleTicks();
            QVERIFY(ticks.size() >= 2);
            const double step = ticks[1] - ticks[0];
            const double m = step / std::pow(10.0, std::floor(std::log10(step) + 1e-12));
            QVERIFY2(std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 || std::abs(m - 5) < 1e-9,
                     qPrintable(labels.join(u' ')));
            for (qsizetype k = 0; k < ticks.size(); ++k) {
                QVERIFY2(labels[k].endsWith(u'%'), qPrintable(labels[k]));
                QVERIFY2(std::abs(ticks[k] / step - std::round(ticks[k] / step)) < 1e-9,
                         qPrintable(labels.join(u' ')));
            }
            // A figure of a thousand or more has its digits grouped.
            QVector<double> wide;
            QVector<QString> wideLabels;
            chart.colourScale()->axis()->ticker()->generate(QCPRange(0, 4321), QLocale(), QLatin1Char('g'), 2,
                                                            wide, nullptr, &wideLabels);
            QVERIFY2(wideLabels.contains(QStringLiteral("1,000%")), qPrintable(wideLabels.join(u' ')));
        }

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
                // A figure's labels all or none: every cell with the figure is labelled, or none is.
                if (metric != int(gui::HeatmapChart::kColourByStatus)) {
                    const gui::HeatmapSlice& slice = chart.slice();
                    std::size_t figures = 0, labelled = 0;
                    for (std::size_t k = 0; k < slice.cells.size(); ++k)
                        figures += slice.bands[k] == gui::heatmap_detail::kFigureBand;
                    for (const auto& label : chart.cellLabels())
                        labelled += slice.bands[label.y * slice.xValues.size() + label.x] == gui::heatmap_detail::kFigureBand;
                    QVERIFY2(labelled == 0 || labelled == figures,
                             qPrintable(QStringLiteral("%1 of %2 figures labelled at %3 px").arg(labelled).arg(figures).arg(w)));
                }
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

    // A few timed tilings among a tl.dot kernel's thousand pruned ones: the figure's colouring
    // opens zoomed to their cells, every one of them in sight; by status the whole slice shows.
    void figuresInACornerOpenZoomedToTheirCells()
    {
        const auto space = spaceOf(analyse("matmul.json", test::backend2608()));
        QVERIFY(space && space->backend().cube);
        gui::HeatmapChart chart;
        chart.setSpace(space);
        showAt(chart, 1100, 800);
        QVERIFY(settled(chart));
        const gui::HeatmapSlice slice = chart.slice();
        const std::size_t nx = slice.xValues.size(), ny = slice.yValues.size();
        QVERIFY(nx >= 8 && ny >= 8);
        QCOMPARE(chart.plot()->xAxis->range().size(), double(nx));
        // Three candidates of neighbouring cells, timed.
        std::vector<std::int32_t> timed;
        std::optional<std::pair<std::size_t, std::size_t>> first;
        for (std::size_t y = 0; y < ny && timed.size() < 3; ++y)
            for (std::size_t x = 0; x < nx && timed.size() < 3; ++x) {
                const std::int32_t c = slice.candidateAt(x, y);
                if (c < 0 || space->status(std::size_t(c)) != space::CandidateStatus::Generated)
                    continue;
                if (!first)
                    first = {x, y};
                if (x <= first->first + 1 && y <= first->second + 1)
                    timed.push_back(c);
            }
        QVERIFY(!timed.empty());
        auto run = std::make_shared<gui::TuningRun>(space, tuning::TuningOptions{}, "Ascend910B2", space->size(),
                                                    test::backend2608(), 8);
        std::vector<gui::TunedCandidate> entries;
        double p50 = 500;
        for (const std::int32_t c : timed) {
            gui::TunedCandidate t;
            t.candidate = std::size_t(c);
            t.status = tuning::OutcomeStatus::Benchmarked;
            t.p50Us = t.p20Us = t.p80Us = t.rankUs = (p50 += 10);
            entries.push_back(t);
        }
        run->append(std::move(entries));
        chart.setRun(run);
        chart.setColourBy(int(CandidateMetric::SimulatedP50));
        QVERIFY(settled(chart));
        const QCPRange xs = chart.plot()->xAxis->range(), ys = chart.plot()->yAxis->range();
        QVERIFY2(xs.size() < double(nx) / 2 || ys.size() < double(ny) / 2,
                 qPrintable(QStringLiteral("x %1..%2 of %3, y %4..%5 of %6")
                                .arg(xs.lower).arg(xs.upper).arg(nx).arg(ys.lower).arg(ys.upper).arg(ny)));
        for (const std::int32_t c : timed) {
            const auto [x, y] = cellOf(chart.slice(), c);
            QVERIFY(xs.contains(double(x)) && ys.contains(double(y)));
        }
        // The legend is never cut at its foot, however short the chart (its last row was lost).
        chart.resize(700, 260);
        QCoreApplication::processEvents();
        chart.layout()->activate();
        QVERIFY2(chart.legend()->height() >= chart.legend()->heightForWidth(chart.legend()->width()),
                 qPrintable(QStringLiteral("%1 px of %2").arg(chart.legend()->height()).arg(chart.legend()->heightForWidth(chart.legend()->width()))));
        chart.resize(1100, 800);
        QCoreApplication::processEvents();
        // Zoomed, the chart says so with the way back: one click shows the whole slice.
        QVERIFY(chart.showAllButton()->isVisible());
        QTest::mouseClick(chart.showAllButton(), Qt::LeftButton);
        QCOMPARE(chart.plot()->xAxis->range().size(), double(nx));
        QCOMPARE(chart.plot()->yAxis->range().size(), double(ny));
        QVERIFY(!chart.showAllButton()->isVisible());
        // Coloured by status, the whole slice from the start.
        chart.setColourBy(gui::HeatmapChart::kColourByStatus);
        QVERIFY(settled(chart));
        QCOMPARE(chart.plot()->xAxis->range().size(), double(nx));
        QVERIFY(!chart.showAllButton()->isVisible());
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

    // One column per value some candidate has (at first, for a cube kernel, some kept one),
    // evenly spaced, labelled in order, every n-th only where the labels would otherwise touch.
    void ordinalAxesLabelTheValuesInOrderWithoutOverlap()
    {
        const auto space = spaceOf(analyse("matmul.json", test::backend2608()));
        QVERIFY(space);
        gui::HeatmapChart chart;
        chart.setSpace(space);
        showAt(chart, 640, 420);
        QVERIFY(settled(chart));
        QVERIFY(chart.keptOnlyBox()->isChecked());
        for (const QSize size : {QSize(640, 420), QSize(1100, 800), QSize(0, 0)}) {
            if (size.isEmpty()) {
                chart.keptOnlyBox()->setChecked(false);  // every value, the pruned tilings' too
                QVERIFY(settled(chart));
            } else {
                showAt(chart, size.width(), size.height());
                QVERIFY(settled(chart));
            }
            const bool kept = chart.keptOnlyBox()->isChecked();
            chart.plot()->replot();  // the ticks thinned at the first layout are drawn at the next
            const gui::HeatmapSlice& slice = chart.slice();
            for (int axis = 0; axis < 2; ++axis) {
                const int dim = axis == 0 ? slice.xDim : slice.yDim;
                const std::vector<std::int64_t>& values = axis == 0 ? slice.xValues : slice.yValues;
                std::set<std::int64_t> had;
                for (std::size_t i = 0; i < space->size(); ++i)
                    if (!kept || space->origin(i) == space::CandidateStatus::Generated)
                        had.insert(space->values(i)[dim]);
                QCOMPARE(values, std::vector<std::int64_t>(had.begin(), had.end()));
                QCPAxis* a = axis == 0 ? chart.plot()->xAxis : chart.plot()->yAxis;
                const auto ticker = a->ticker().dynamicCast<QCPAxisTickerText>();
                QVERIFY(ticker);
                const QMap<double, QString>& ticks = ticker->ticks();
                QVERIFY(ticks.size() >= 2);
                const QList<double> at = ticks.keys();
                const double step = at[1] - at[0];
                const double stepPixels = std::abs(a->coordToPixel(at[1]) - a->coordToPixel(at[0]));
                const QFontMetricsF fm(a->tickLabelFont());
                double widest = 0;
                for (std::int64_t v : values)
                    widest =
                        std::max(widest, axis == 0 ? fm.horizontalAdvance(QLocale().toString(qlonglong(v)))
                                                   : fm.height());
                // Where the values allow, the columns labelled are those of the values that are
                // multiples of a round step (1-2-5, test_chart_legibility), the first and the last
                // (in place of the last multiple when the two would be too close); else every n-th
                // column.
                const double last = double(values.size() - 1);
                const auto endsLabelled = [&](QList<double> columns) {
                    if (columns.empty() || columns.back() == last)
                        return columns == at;
                    QList<double> appended = columns, replaced = columns;
                    appended << last;
                    replaced.back() = last;
                    return appended == at || (columns.size() > 1 && replaced == at);
                };
                bool round = false;
                for (std::int64_t decade = 1; decade <= values.back() && !round; decade *= 10)
                    for (std::int64_t m : {1, 2, 5}) {
                        QList<double> multiples;
                        for (std::size_t i = 0; i < values.size(); ++i)
                            if (values[i] % (m * decade) == 0)
                                multiples << double(i);
                        QList<double> withFirst = multiples;
                        if (withFirst.empty() || withFirst.front() != 0)
                            withFirst.prepend(0);
                        round = round || (m * decade > 1 && (endsLabelled(multiples) || endsLabelled(withFirst)));
                    }
                if (!round)
                    QCOMPARE(at.front(), 0.0);
                for (qsizetype k = 0; k < at.size(); ++k) {
                    QCOMPARE(ticks[at[k]],
                             QString::number(values[std::size_t(at[k])])); // as a config writes it
                    if (k == 0)
                        continue;
                    const double gap = std::abs(a->coordToPixel(at[k]) - a->coordToPixel(at[k - 1]));
                    if (!round) {
                        QCOMPARE(at[k] - at[k - 1], step);
                        QVERIFY(std::abs(gap - stepPixels) < 0.5);
                    }
                    const double need = axis == 0 ? (fm.boundingRect(ticks[at[k - 1]]).width() + fm.boundingRect(ticks[at[k]]).width()) / 2
                                                  : fm.height();
                    QVERIFY2(gap > need, qPrintable(QStringLiteral("%1 / %2: %3 px apart, %4 px wide")
                                                        .arg(ticks[at[k - 1]], ticks[at[k]])
                                                        .arg(gap)
                                                        .arg(need)));
                }
                // Thinned no more than it takes: one step less would not leave the widest label room.
                if (step > 1 && !round)
                    QVERIFY(stepPixels / step * (step - 1) < widest + 8.0);
            }
        }
        shoot(chart, "heatmap_matmul_ordinal");
    }

    // handwritten_configs.json: six configs over BLOCK_SIZE x BLOCK_SIZE_SUB, two of them at the
    // same tiling with multibuffer on and off. Measured times set by hand colour the cells.
    void hiddenDimensionFixedOrReducedByMinimumOrMedian()
    {
        const auto space = spaceOf(analyse("handwritten_configs.json", test::backend2608()));
        QVERIFY(space);
        const int bs = dimensionOf(*space, "BLOCK_SIZE"), sub = dimensionOf(*space, "BLOCK_SIZE_SUB"),
                  mb = dimensionOf(*space, "multibuffer");
        QVERIFY(bs >= 0 && sub >= 0 && mb >= 0);
        QCOMPARE(space->dimensions().size(), std::size_t(3));
        struct Config {
            std::int64_t block, sub, multibuffer;
            double ms;
        };
        // Measured in ms; the heat map shows µs.
        const std::vector<Config> configs = {{8192, 1024, 1, 0.010},  {8192, 2048, 1, 0.020},  {16384, 4096, 1, 0.030},
                                             {16384, 4096, 0, 0.050}, {32768, 8192, 0, 0.040}, {65536, 8192, 1, 0.060}};
        auto measured = std::make_shared<std::vector<double>>(space->size(), std::nan(""));
        std::vector<std::int32_t> index;
        for (const Config& c : configs) {
            std::vector<std::int64_t> v(3);
            v[std::size_t(bs)] = c.block;
            v[std::size_t(sub)] = c.sub;
            v[std::size_t(mb)] = c.multibuffer;
            index.push_back(candidateWith(*space, v));
            QVERIFY(index.back() >= 0);
            (*measured)[std::size_t(index.back())] = c.ms;
        }
        gui::HeatmapChart chart;
        chart.setSpace(space);
        chart.setMeasured(measured);
        chart.setColourBy(int(CandidateMetric::Measured));
        QVERIFY(shownOnAxes(chart, bs, sub));
        QVERIFY(chart.fixedCombo(mb) && chart.modeCombo(mb));
        QVERIFY(!chart.fixedCombo(bs) && !chart.modeCombo(sub));
        const auto cell = [&](std::int64_t block, std::int64_t s) {
            const gui::HeatmapSlice& slice = chart.slice();
            const auto x = std::find(slice.xValues.begin(), slice.xValues.end(), block) - slice.xValues.begin();
            const auto y = std::find(slice.yValues.begin(), slice.yValues.end(), s) - slice.yValues.begin();
            return std::size_t(y) * slice.xValues.size() + std::size_t(x);
        };
        const auto figure = [&](std::int64_t block, std::int64_t s) { return std::round(chart.slice().metric[cell(block, s)]); };
        const auto candidate = [&](std::int64_t block, std::int64_t s) { return chart.slice().cells[cell(block, s)]; };
        // Every value of a small space labelled: four columns, four rows.
        QCOMPARE(chart.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().size(), 4);
        QCOMPARE(chart.plot()->yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().size(), 4);

        // Fixed: one slice each.
        chart.fixedCombo(mb)->setCurrentIndex(chart.fixedCombo(mb)->findData(qint64(1)));
        QVERIFY(settled(chart));
        QCOMPARE(figure(8192, 1024), 10.0);
        QCOMPARE(figure(16384, 4096), 30.0);
        QCOMPARE(candidate(16384, 4096), index[2]);
        QCOMPARE(candidate(32768, 8192), -1);
        QCOMPARE(figure(65536, 8192), 60.0);
        chart.fixedCombo(mb)->setCurrentIndex(chart.fixedCombo(mb)->findData(qint64(0)));
        QVERIFY(settled(chart));
        QCOMPARE(figure(16384, 4096), 50.0);
        QCOMPARE(figure(32768, 8192), 40.0);
        QCOMPARE(candidate(8192, 1024), -1);
        QVERIFY(!chart.slice().reduced);

        // Minimum over multibuffer: every config's cell, the faster of the two at 16384 x 4096.
        chart.setHiddenMode(mb, gui::HiddenMode::Min);
        QVERIFY(settled(chart));
        QVERIFY(!chart.fixedCombo(mb)->isEnabled());
        QVERIFY(chart.slice().reduced);
        QCOMPARE(figure(8192, 1024), 10.0);
        QCOMPARE(figure(8192, 2048), 20.0);
        QCOMPARE(figure(16384, 4096), 30.0);
        QCOMPARE(candidate(16384, 4096), index[2]);
        QCOMPARE(figure(32768, 8192), 40.0);
        QCOMPARE(figure(65536, 8192), 60.0);
        QCOMPARE(std::round(chart.slice().metricInfo.low), 10.0);
        QCOMPARE(std::round(chart.slice().metricInfo.high), 60.0);
        QVERIFY(chart.legend()->text().contains(QStringLiteral("minimum over multibuffer")));
        shoot(chart, "heatmap_handwritten_min");
        // Median: of two, their mean; the cell stands for the lower one.
        chart.setHiddenMode(mb, gui::HiddenMode::Median);
        QVERIFY(settled(chart));
        QCOMPARE(figure(16384, 4096), 40.0);
        QCOMPARE(candidate(16384, 4096), index[2]);
        QVERIFY(chart.legend()->text().contains(QStringLiteral("median over multibuffer")));
        QCOMPARE(figure(32768, 8192), 40.0);
        QCOMPARE(figure(8192, 2048), 20.0);
        // Back to fixed: the slice of the value held.
        chart.setHiddenMode(mb, gui::HiddenMode::Fixed);
        QVERIFY(settled(chart));
        QVERIFY(chart.fixedCombo(mb)->isEnabled());
        QCOMPARE(figure(16384, 4096), 50.0);
    }

    // Coloured by the tuning's p50: a config that failed to compile, one never tuned and one
    // measured each look different, and the legend names both reasons.
    void compileFailedAndNotTunedAreDrawnApart()
    {
        const ThreeCandidates three = handwrittenThree();
        QVERIFY(three.valid());
        const auto& space = three.space;
        const std::int32_t fast = three.first, failed = three.second, untouched = three.third;
        auto run = std::make_shared<gui::TuningRun>(space, tuning::TuningOptions{}, "Ascend910B2", space->size(),
                                                    test::backend2608(), 8);
        gui::TunedCandidate ok;
        ok.candidate = std::size_t(fast);
        ok.status = tuning::OutcomeStatus::Benchmarked;
        ok.p50Us = ok.p20Us = ok.p80Us = ok.rankUs = 120;
        gui::TunedCandidate broken;
        broken.candidate = std::size_t(failed);
        broken.status = tuning::OutcomeStatus::CompileFailed;
        broken.failure = npu::CompileFailure::UbOverflow;
        run->append({ok, broken});
        gui::HeatmapChart chart;
        chart.setSpace(space);
        chart.setRun(run);
        chart.setColourBy(int(CandidateMetric::SimulatedP50));
        QVERIFY(shownAtMultibuffer1(chart));
        const gui::HeatmapSlice& slice = chart.slice();
        const auto where = [&](std::int32_t c) { return cellOf(slice, c); };
        const auto bandOf = [&](std::int32_t c) {
            const auto [x, y] = where(c);
            return slice.bands[y * slice.xValues.size() + x];
        };
        QCOMPARE(bandOf(fast), gui::heatmap_detail::kFigureBand);
        QCOMPARE(bandOf(failed), gui::heatmap_detail::kCompileFailedBand);
        QCOMPARE(bandOf(untouched), gui::heatmap_detail::kAbsentBand);
        const QString legend = chart.legend()->text();
        QVERIFY2(legend.contains(QStringLiteral("compile failed")) && legend.contains(QStringLiteral("not tuned")),
                 qPrintable(legend));
        const QColor measuredColour = cellColour(chart, where(fast).first, where(fast).second);
        const QColor failedColour = cellColour(chart, where(failed).first, where(failed).second);
        const QColor untouchedColour = cellColour(chart, where(untouched).first, where(untouched).second);
        QVERIFY2(colourDistance(failedColour, untouchedColour) > 90,
                 qPrintable(failedColour.name() + QStringLiteral(" / ") + untouchedColour.name()));
        QVERIFY(colourDistance(failedColour, measuredColour) > 90);
        QVERIFY(colourDistance(untouchedColour, measuredColour) > 90);
        shoot(chart, "heatmap_handwritten_failed");
    }

    // Coloured by status, a candidate whose compile failed or that the time budget cut is drawn
    // in that verdict's colour with its own legend entry, in both themes: never as one that ran.
    void byStatusCompileFailedAndCutHaveTheirOwnColour()
    {
        const ThreeCandidates three = handwrittenThree();
        QVERIFY(three.valid());
        const auto& space = three.space;
        const std::int32_t fast = three.first, failed = three.second, cut = three.third;
        auto result = std::make_shared<tuning::TuningResult>();
        result->outcomes.resize(space->size());
        result->outcomes[std::size_t(fast)].status = tuning::OutcomeStatus::Best;
        result->outcomes[std::size_t(fast)].bench.p50Ms = result->outcomes[std::size_t(fast)].bench.p20Ms =
            result->outcomes[std::size_t(fast)].bench.p80Ms = 0.12;
        result->outcomes[std::size_t(failed)].status = tuning::OutcomeStatus::CompileFailed;
        result->outcomes[std::size_t(failed)].failure = npu::CompileFailure::UbOverflow;
        result->outcomes[std::size_t(cut)].status = tuning::OutcomeStatus::TimeBudgetCut;
        result->outcomes[std::size_t(cut)].compileSeconds = 1.0;
        result->tuned = {std::size_t(fast), std::size_t(failed), std::size_t(cut)};
        result->best = std::size_t(fast);
        result->finished = 3;
        auto run = std::make_shared<gui::TuningRun>(space, tuning::TuningOptions{}, "Ascend910B2", 3, test::backend2608(), 8);
        run->finish(result, gui::TuningRun::finalState(space->size(), *result));
        QCOMPARE(run->failedCount(), std::size_t(1));
        QCOMPARE(run->cutCount(), std::size_t(1));

        gui::HeatmapChart chart;
        chart.setSpace(space);
        chart.setRun(run);
        QCOMPARE(chart.colourBy(), int(gui::HeatmapChart::kColourByStatus));
        QVERIFY(shownAtMultibuffer1(chart));
        const auto where = [&](std::int32_t c) { return cellOf(chart.slice(), c); };
        const auto categoryOf = [&](std::int32_t c) {
            const auto [x, y] = where(c);
            return chart.slice().categories[y * chart.slice().xValues.size() + x];
        };
        const gui::CellCategory ran = categoryOf(fast);
        QVERIFY(ran == gui::CellCategory::Generated || ran == gui::CellCategory::Handwritten);
        QCOMPARE(categoryOf(failed), gui::CellCategory::CompileFailed);
        QCOMPARE(categoryOf(cut), gui::CellCategory::TimeBudgetCut);
        const QString legend = chart.legend()->text();
        QVERIFY2(legend.contains(gui::outcomeLabel(tuning::OutcomeStatus::CompileFailed)) &&
                     legend.contains(gui::outcomeLabel(tuning::OutcomeStatus::TimeBudgetCut)),
                 qPrintable(legend));
        for (const bool dark : {false, true}) {
            chart.setDark(dark);
            QVERIFY(settled(chart));
            const QColor ranColour = cellColour(chart, where(fast).first, where(fast).second);
            const QColor failedColour = cellColour(chart, where(failed).first, where(failed).second);
            const QColor cutColour = cellColour(chart, where(cut).first, where(cut).second);
            const QColor wantFailed = gui::outcomeColor(tuning::OutcomeStatus::CompileFailed, dark);
            const QColor wantCut = gui::outcomeColor(tuning::OutcomeStatus::TimeBudgetCut, dark);
            QVERIFY2(colourDistance(failedColour, wantFailed) < 40,
                     qPrintable(failedColour.name() + QStringLiteral(" / ") + wantFailed.name()));
            QVERIFY2(colourDistance(cutColour, wantCut) < 40, qPrintable(cutColour.name() + QStringLiteral(" / ") + wantCut.name()));
            QVERIFY(colourDistance(failedColour, ranColour) > 90);
            QVERIFY(colourDistance(cutColour, ranColour) > 90);
            QVERIFY(colourDistance(failedColour, cutColour) > 90);
            // The legend's swatches are drawn in the cells' colours.
            QCoreApplication::processEvents();
            const QImage swatches = chart.legend()->grab().toImage();
            const auto drawn = [&](const QColor& want) {
                for (int y = 0; y < swatches.height(); ++y)
                    for (int x = 0; x < swatches.width(); ++x)
                        if (swatches.pixelColor(x, y).rgb() == want.rgb())
                            return true;
                return false;
            };
            QVERIFY2(drawn(wantFailed), qPrintable(wantFailed.name()));
            QVERIFY2(drawn(wantCut), qPrintable(wantCut.name()));
        }
        shoot(chart, "heatmap_status_failed_and_cut");
    }

    // A grid of 1,024 programs leaves most of the tensor unprocessed for the smaller blocks:
    // those configs are incorrect, drawn in their own colour whatever the figure, and left out
    // of a reduction.
    void incorrectCellsKeepTheirOwnColour()
    {
        QTemporaryDir dir;
        const QString path = handwrittenVariant(dir, QStringLiteral("fixed_grid"),
                                                QStringLiteral(R"(        triton.Config({"BLOCK_SIZE": 8192, "BLOCK_SIZE_SUB": 1024, "multibuffer": True}),
        triton.Config({"BLOCK_SIZE": 8192, "BLOCK_SIZE_SUB": 1024, "multibuffer": False}),
        triton.Config({"BLOCK_SIZE": 32768, "BLOCK_SIZE_SUB": 1024, "multibuffer": True}),
        triton.Config({"BLOCK_SIZE": 32768, "BLOCK_SIZE_SUB": 1024, "multibuffer": False}),)"),
                                                QStringLiteral("lambda meta: (1024,)"));
        QVERIFY(!path.isEmpty());
        const auto space = spaceOf(analysePath(path, test::backend2608()));
        QVERIFY(space);
        QCOMPARE(space->size(), std::size_t(4));
        const int bs = dimensionOf(*space, "BLOCK_SIZE"), mb = dimensionOf(*space, "multibuffer");
        const std::int32_t small = candidateWith(*space, {8192, 1024, 1});
        const std::int32_t whole = candidateWith(*space, {32768, 1024, 1});
        QVERIFY(small >= 0 && whole >= 0);
        QCOMPARE(space->status(std::size_t(small)), space::CandidateStatus::Incorrect);
        QCOMPARE(space->status(std::size_t(whole)), space::CandidateStatus::User);
        auto measured = std::make_shared<std::vector<double>>(space->size(), 5.0);
        gui::HeatmapChart chart;
        chart.setSpace(space);
        chart.setMeasured(measured);
        showAt(chart, 640, 420);
        QVERIFY(settled(chart));
        chart.setAxes(bs, mb);
        QVERIFY(settled(chart));
        const auto xOf = [&](std::int64_t block) {
            return std::size_t(std::find(chart.slice().xValues.begin(), chart.slice().xValues.end(), block) -
                               chart.slice().xValues.begin());
        };
        const std::size_t yTrue = std::size_t(std::find(chart.slice().yValues.begin(), chart.slice().yValues.end(), 1) -
                                              chart.slice().yValues.begin());
        QCOMPARE(chart.slice().categories[yTrue * chart.slice().xValues.size() + xOf(8192)], gui::CellCategory::Incorrect);
        const QColor byStatus = cellColour(chart, xOf(8192), yTrue);

        chart.setColourBy(int(CandidateMetric::Measured));
        QVERIFY(settled(chart));
        QCOMPARE(chart.slice().bands[yTrue * chart.slice().xValues.size() + xOf(8192)], std::uint8_t(gui::CellCategory::Incorrect));
        QCOMPARE(chart.slice().bands[yTrue * chart.slice().xValues.size() + xOf(32768)], gui::heatmap_detail::kFigureBand);
        QCOMPARE(chart.slice().metricInfo.present, std::size_t(2));  // the two correct configs
        QVERIFY(chart.legend()->text().contains(QStringLiteral("incorrect")));
        const QColor incorrect = cellColour(chart, xOf(8192), yTrue);
        const QColor figure = cellColour(chart, xOf(32768), yTrue);
        // Its purple, hatched: closer to the status map's purple than to the gradient's dark end,
        // which a plain purple cell resembles, and far from the figure's colour.
        const QColor darkEnd(0x44, 0x01, 0x54);
        QVERIFY2(colourDistance(incorrect, byStatus) < colourDistance(incorrect, darkEnd),
                 qPrintable(incorrect.name() + QStringLiteral(" / ") + byStatus.name()));
        QVERIFY(colourDistance(incorrect, figure) > 90);
        QVERIFY2(hatchedCell(chart, xOf(8192), yTrue), "the incorrect cell is hatched");
        QVERIFY(!hatchedCell(chart, xOf(32768), yTrue));

        shoot(chart, "heatmap_incorrect");
    }

    // One varying dimension: a strip of its values, one row, no y axis.
    void oneDimensionalSpaceShowsAStrip()
    {
        QTemporaryDir dir;
        const QString path = handwrittenVariant(dir, QStringLiteral("one_dimension"),
                                                QStringLiteral(R"(        triton.Config({"BLOCK_SIZE": 8192, "BLOCK_SIZE_SUB": 1024}),
        triton.Config({"BLOCK_SIZE": 16384, "BLOCK_SIZE_SUB": 1024}),
        triton.Config({"BLOCK_SIZE": 32768, "BLOCK_SIZE_SUB": 1024}),
        triton.Config({"BLOCK_SIZE": 65536, "BLOCK_SIZE_SUB": 1024}),)"));
        QVERIFY(!path.isEmpty());
        const auto space = spaceOf(analysePath(path, test::backend2608()));
        QVERIFY(space);
        QCOMPARE(space->size(), std::size_t(4));
        gui::HeatmapChart chart;
        chart.setSpace(space);
        showAt(chart, 640, 420);
        QVERIFY(settled(chart));
        const gui::HeatmapSlice& slice = chart.slice();
        QCOMPARE(slice.xDim, dimensionOf(*space, "BLOCK_SIZE"));
        QCOMPARE(slice.yDim, -1);
        QCOMPARE(chart.yCombo()->currentData().toInt(), -1);
        QCOMPARE(slice.xValues, (std::vector<std::int64_t>{8192, 16384, 32768, 65536}));
        QCOMPARE(slice.yValues.size(), std::size_t(1));
        for (std::int32_t c : slice.cells)
            QVERIFY(c >= 0);
        QVERIFY(!chart.plot()->yAxis->tickLabels());
        QCoreApplication::processEvents();  // the layout, after the plot's height was capped
        QVERIFY2(chart.plot()->height() < 200, qPrintable(QString::number(chart.plot()->height())));  // a strip, not a square of one row
        QCOMPARE(chart.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().size(), 4);
        // Every cell labelled, as in a heat map.
        QCOMPARE(chart.cellLabels().size(), std::size_t(4));
        shoot(chart, "heatmap_strip");
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
