// The heat map's widget, its data and its events (heatmap_cells.cpp: the colours, the legend
// and the labels of cells and axes).
#include "widgets/heatmap_chart.h"

#include "core/util/format.h"
#include "widgets/background_job.h"
#include "widgets/chart_export.h"
#include "widgets/core_text.h"
#include "widgets/heatmap_chart_impl.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"
#include "widgets/tuning_run.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFontMetricsF>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ts::gui {

using namespace heatmap_detail;

namespace {

using pipeline::CandidateMetric;
using pipeline::MetricScale;

struct Prepared {
    std::vector<std::vector<std::int64_t>> all;
    std::vector<std::vector<std::int64_t>> kept;
};

// The outcomes of the candidates a tuning ran, copied for a worker (which sorts them).
std::shared_ptr<const TunedOutcomes> tunedOutcomes(const CandidateTimings& timings)
{
    auto outcomes = std::make_shared<TunedOutcomes>();
    outcomes->reserve(timings.tunedCount());
    timings.forEach([&](std::size_t c, const CandidateTimings::Figures& f) { outcomes->emplace_back(c, f.outcome); });
    return outcomes;
}

// The outcomes sorted by index, on the worker (null stays null).
std::unique_ptr<TunedOutcomes> sortedOutcomes(const std::shared_ptr<const TunedOutcomes>& outcomes)
{
    if (!outcomes)
        return nullptr;
    auto sorted = std::make_unique<TunedOutcomes>(*outcomes);
    std::sort(sorted->begin(), sorted->end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return sorted;
}

bool isTuningMetric(int metric)
{
    return metric == int(CandidateMetric::SimulatedP50) || metric == int(CandidateMetric::RatioToBest) ||
           metric == int(CandidateMetric::TuningDiff);
}

} // namespace

HeatmapChart::HeatmapChart(QWidget* parent) : QWidget(parent)
{
    m_job = new BackgroundJob(this);
    m_valuesJob = new BackgroundJob(this);
    m_compareJob = new BackgroundJob(this);
    m_x = new QComboBox(this);
    m_x->setObjectName(QStringLiteral("heatmapX"));
    m_y = new QComboBox(this);
    m_y->setObjectName(QStringLiteral("heatmapY"));
    m_colourBy = new QComboBox(this);
    m_colourBy->setObjectName(QStringLiteral("heatmapColourBy"));
    m_colourBy->setToolTip(tr("What the cells' colours show"));
    m_colourBy->addItem(tr("Status"), kColourByStatus);
    for (int k = 0; k < pipeline::kCandidateMetricCount; ++k)
        m_colourBy->addItem(metricLabel(k), k);
    m_compare = new QComboBox(this);
    m_compare->setObjectName(QStringLiteral("heatmapCompareWith"));
    m_compare->setToolTip(tr("Another tuning of this launch in the cache: another device, backend version or bench method"));
    m_compareLabel = new QLabel(tr("compare with"), this);
    m_keptOnly = new QCheckBox(tr("Kept values only"), this);
    m_keptOnly->setObjectName(QStringLiteral("heatmapKeptOnly"));
    m_keptOnly->setToolTip(tr("Only the values some generated or handwritten candidate has: rows and columns where "
                              "every candidate is pruned or skipped are left out"));
    m_showAll = new QPushButton(tr("Show all cells"), this);
    m_showAll->setObjectName(QStringLiteral("heatmapShowAll"));
    m_showAll->setToolTip(tr("The map opened on the cells with the figure; scroll or drag to move, or show the whole slice"));
    m_showAll->hide();
    connect(m_showAll, &QPushButton::clicked, this, [this] {
        m_plot->xAxis->setRange(-0.5, double(m_slice.xValues.size()) - 0.5);
        m_plot->yAxis->setRange(-0.5, double(m_slice.yValues.size()) - 0.5);
        m_zoom = QRect();
        m_tickPixels[0] = m_tickPixels[1] = 0;  // the whole axis' round values again
        thinTicks();
        m_showAll->hide();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    // The combos share the row's width and may shrink below their longest entry (the list
    // still shows it whole): the chart must not hold the window's side panels narrow.
    for (QComboBox* combo : {m_x, m_y, m_colourBy, m_compare}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(6);
    }
    m_fixedBox = new QWidget(this);
    m_fixedLayout = new QFormLayout(m_fixedBox);
    m_fixedLayout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("heatmapPlot"));
    // Narrower beside a long legend ("pruned: L0A / L0B / L0C capacity (tl.dot tiles)"): the
    // charts' pane of a 1280-pixel screen would otherwise scroll sideways.
    m_plot->setMinimumSize(180, 240);
    m_plot->setMouseTracking(true);
    // A lattice has more cells than pixels: wheel zooms, dragging pans.
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    // The colour bar of a figure: added to the plot's layout only while one is shown.
    m_scale = new QCPColorScale(m_plot);
    m_scale->setObjectName(QStringLiteral("heatmapColourScale"));
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(12);
    m_scale->setRangeDrag(false);
    m_scale->setRangeZoom(false);
    if (m_scale->layout())
        m_plot->plotLayout()->take(m_scale);
    m_plot->plotLayout()->simplify();
    m_scale->setVisible(false);
    // Generated and handwritten candidates stay visible however small the cells get.
    m_generatedMarks = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
    m_generatedMarks->setLineStyle(QCPGraph::lsNone);
    m_handwrittenMarks = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
    m_handwrittenMarks->setLineStyle(QCPGraph::lsNone);
    // The selected cell's outline: the text colour on a halo of the base colour, so that it reads
    // on the gradient's dark end (black on viridis purple) and its light end alike.
    m_markerHalo = new QCPItemRect(m_plot);
    m_markerHalo->setVisible(false);
    m_markerHalo->setBrush(Qt::NoBrush);
    m_markerHalo->setSelectable(false);
    m_marker = new QCPItemRect(m_plot);
    m_marker->setVisible(false);
    m_marker->setBrush(Qt::NoBrush);
    for (auto [halo, marker] : {std::pair{m_markerHalo->topLeft, m_marker->topLeft},
                                std::pair{m_markerHalo->bottomRight, m_marker->bottomRight}}) {
        halo->setType(QCPItemPosition::ptAbsolute);  // a pixel offset from the marker's corner
        halo->setParentAnchor(marker);
        halo->setCoords(0, 0);
    }
    m_legend = new QLabel(this);
    m_legend->setObjectName(QStringLiteral("heatmapLegend"));
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_legend->setWordWrap(true); // its width is set with its text (setLegendText)
    m_legend->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_empty = new QLabel(this);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    auto* exportButton = new QPushButton(tr("Export…"), this);
    exportButton->setToolTip(tr("Save the heat map as PNG, SVG or PDF"));
    installExportMenu(m_plot, QStringLiteral("heatmap"));

    // The axes on one row, the colouring and the export on a second: on one row they were wider
    // than the charts' pane of a 1280 or 1440 pixel wide window, which then scrolled sideways.
    auto* axes = new QHBoxLayout;
    axes->addWidget(new QLabel(tr("X"), this));
    axes->addWidget(m_x, 1);
    axes->addWidget(new QLabel(tr("Y"), this));
    axes->addWidget(m_y, 1);
    auto* colours = new QHBoxLayout;
    colours->addWidget(new QLabel(tr("Colour by"), this));
    colours->addWidget(m_colourBy, 1);
    colours->addWidget(m_compareLabel);
    colours->addWidget(m_compare, 1);
    colours->addWidget(exportButton);
    m_compareLabel->hide();
    m_compare->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(axes);
    layout->addLayout(colours);
    layout->addWidget(m_fixedBox);
    auto* body = new QHBoxLayout;
    body->addWidget(m_plot, 1);
    body->addWidget(m_empty, 1);
    // The kept-values box above the legend: in the axes' row it would widen the chart's minimum.
    auto* side = new QVBoxLayout;
    side->addWidget(m_keptOnly);
    side->addWidget(m_showAll, 0, Qt::AlignLeft);
    side->addWidget(m_legend, 1);
    body->addLayout(side);
    layout->addLayout(body, 1);

    connect(exportButton, &QPushButton::clicked, this, [this] { exportPlotInteractively(m_plot, window(), QStringLiteral("heatmap")); });
    auto axisChanged = [this] {
        if (m_updating)
            return;
        rebuildControls();
        requestSlice();
    };
    connect(m_x, &QComboBox::currentIndexChanged, this, axisChanged);
    connect(m_y, &QComboBox::currentIndexChanged, this, axisChanged);
    connect(m_colourBy, &QComboBox::currentIndexChanged, this, [this] {
        const bool diff = colourBy() == int(CandidateMetric::TuningDiff);
        m_compareLabel->setVisible(diff);
        m_compare->setVisible(diff);
        if (diff)
            refreshComparisons();
        refreshTimings();
        requestSlice();
    });
    connect(m_keptOnly, &QCheckBox::toggled, this, [this](bool on) {
        if (m_updating || m_allValues.empty())
            return;
        m_values = on && !m_keptValues.empty() ? m_keptValues : m_allValues;
        rebuildControls();
        requestSlice();
    });
    connect(m_compare, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating && colourBy() == int(CandidateMetric::TuningDiff))
            requestSlice();
    });
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        const double before[2] = {m_tickPixels[0], m_tickPixels[1]};
        thinTicks();
        if (before[0] != m_tickPixels[0] || before[1] != m_tickPixels[1])
            m_plot->replot(QCustomPlot::rpQueuedReplot);  // the ticks are read before the layout
        layoutLabels();
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) { hover(e); });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton || !m_plot->axisRect()->rect().contains(e->position().toPoint()))
            return;
        const std::int32_t c = candidateAtPixel(e->position());
        if (c >= 0) {
            m_selected = std::size_t(c);
            updateMarker();
            if (e->modifiers() & Qt::ControlModifier) {
                Q_EMIT candidateAdded(std::size_t(c));  // joins the selection (tune the selected rows)
                return;
            }
            Q_EMIT candidateClicked(std::size_t(c));
            emitSource(m_slice.xDim);
        }
    });
    connect(m_plot, &QCustomPlot::axisClick, this, [this](QCPAxis* axis, QCPAxis::SelectablePart, QMouseEvent* e) {
        if (m_plot->axisRect()->rect().contains(e->position().toPoint()))
            return;  // a cell by the axis: the press selected it already
        if (axis == m_plot->xAxis)
            emitSource(m_slice.xDim);
        else if (axis == m_plot->yAxis)
            emitSource(m_slice.yDim);
    });
    setDark(false);
    setSpace(nullptr);
}

int HeatmapChart::colourBy() const
{
    return m_colourBy->currentData().toInt();
}

void HeatmapChart::setColourBy(int metric)
{
    const int index = m_colourBy->findData(metric);
    if (index >= 0)
        m_colourBy->setCurrentIndex(index);
}

bool HeatmapChart::colourScaleShown() const
{
    return m_scale->visible() && m_scale->layout() != nullptr;
}

void HeatmapChart::setDark(bool dark)
{
    m_dark = dark;
    // The application palette: the widget's own follows it only after the change event.
    const QPalette pal = QApplication::palette();
    m_plot->setBackground(pal.brush(QPalette::Base));
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_scale->axis()}) {
        axis->setBasePen(QPen(pal.color(QPalette::Text)));
        axis->setTickPen(QPen(pal.color(QPalette::Text)));
        axis->setSubTickPen(Qt::NoPen);
        axis->setTickLabelColor(pal.color(QPalette::Text));
        axis->setLabelColor(pal.color(QPalette::Text));
        axis->grid()->setVisible(false);
    }
    // The cells' ticks point outward: inside, a tick ran into the first column's label ("True -wrong").
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis})
        axis->setTickLength(0, 4);
    m_marker->setPen(QPen(pal.color(QPalette::Text), 2));
    m_markerHalo->setPen(QPen(pal.color(QPalette::Base), 6));
    m_generatedMarks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, pal.color(QPalette::Text),
                                                      categoryColor(CellCategory::Generated), 7));
    m_handwrittenMarks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, pal.color(QPalette::Text),
                                                        categoryColor(CellCategory::Handwritten), 7));
    if (!m_slice.cells.empty()) {
        HeatmapSlice copy = m_slice;
        showSlice(std::move(copy));
    } else {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}









QString HeatmapChart::valueText(int dim, std::int64_t value) const
{
    if (value == space::kUnset)
        return tr("default");
    if (m_space) {
        const space::SpaceDimension& d = m_space->dimensions()[std::size_t(dim)];
        if (d.boolean || !d.choices.empty())
            return QString::fromStdString(d.text(value));
    }
    return QString::number(value);
}

void HeatmapChart::setSpace(std::shared_ptr<const space::CandidateSpace> space)
{
    m_space = std::move(space);
    m_values.clear();
    m_allValues.clear();
    m_keptValues.clear();
    m_slice = {};
    m_job->stop();
    m_updating = true;
    m_x->clear();
    m_y->clear();
    m_updating = false;
    rebuildControls();
    m_map->data()->clear();
    m_marker->setVisible(false);
    m_markerHalo->setVisible(false);
    clearItems();
    m_legend->clear();
    m_generatedMarks->data()->clear();
    m_handwrittenMarks->data()->clear();
    refreshTimings();
    const bool usable = m_space && !m_space->dimensions().empty() && m_space->size() > 0;
    m_plot->setVisible(usable);
    m_empty->setVisible(!usable);
    m_empty->setText(!m_space ? tr("No candidate space yet.") : tr("The space has no candidate to show."));
    if (!usable) {
        m_valuesJob->stop();
        return;
    }
    std::shared_ptr<const space::CandidateSpace> s = m_space;
    m_valuesJob->start<Prepared>(
        tr("Preparing the heat map"), [s](JobContext&) { return Prepared{dimensionValues(*s), dimensionValues(*s, true)}; },
        [this](Prepared&& prepared) {
            m_allValues = std::move(prepared.all);
            m_keptValues = std::move(prepared.kept);
            if (std::any_of(m_keptValues.begin(), m_keptValues.end(), [](const auto& v) { return v.empty(); }))
                m_keptValues.clear();  // nothing kept: every value
            m_updating = true;
            m_keptOnly->setEnabled(!m_keptValues.empty());
            // At first the kept values where every value would crush the backend's candidates into
            // a corner: a cube kernel's pruned tilings, a lattice's thousands of values of a
            // dimension (softmax: XBLOCK 1..4096 about a few dozen generated tilings).
            const bool crowded = std::any_of(m_allValues.begin(), m_allValues.end(),
                                             [](const auto& values) { return values.size() > kKeptOnlyAbove; });
            m_keptOnly->setChecked(!m_keptValues.empty() && (m_space->backend().cube || crowded));
            m_values = m_keptOnly->isChecked() ? m_keptValues : m_allValues;
            const auto& dims = m_space->dimensions();
            for (std::size_t d = 0; d < dims.size(); ++d) {
                m_x->addItem(QString::fromStdString(dims[d].name), int(d));
                m_y->addItem(QString::fromStdString(dims[d].name), int(d));
            }
            m_y->addItem(tr("none (a strip)"), -1);
            // The first two dimensions with more than one value, tunables first; a strip of the
            // one that varies when no other does.
            std::vector<int> order;
            for (std::size_t d = 0; d < dims.size(); ++d)
                if (m_values[d].size() > 1)
                    order.push_back(int(d));
            const bool strip = order.size() < 2;
            for (std::size_t d = 0; d < dims.size(); ++d)
                if (m_values[d].size() <= 1)
                    order.push_back(int(d));
            m_x->setCurrentIndex(order[0]);
            m_y->setCurrentIndex(strip ? m_y->count() - 1 : order[1]);
            m_updating = false;
            rebuildControls();
            requestSlice();
        });
}

void HeatmapChart::setRun(std::shared_ptr<const TuningRun> run)
{
    m_run = std::move(run);
    m_tipCandidate = -1;
    // As for an update: the times are copied when they colour the cells, else at the next hover
    // (a lattice's column is millions of doubles, and a tuning starts on this thread).
    m_p50Ms.reset();
    m_best.reset();
    m_p50Stale = true;
    if (isTuningMetric(colourBy())) {
        refreshTimings();
        requestSlice();
    } else if (colourBy() == kColourByStatus && m_space && (finishedRun() || showsVerdicts())) {
        requestSlice();  // the tuning's verdicts come or go
    }
}

const TuningRun* HeatmapChart::finishedRun() const
{
    return m_run && m_run->isFinished() && m_run->space() == m_space && m_run->timings() &&
                   m_run->timings()->hasOutcomes()
               ? m_run.get()
               : nullptr;
}

bool HeatmapChart::showsVerdicts() const
{
    return std::any_of(m_slice.categories.begin(), m_slice.categories.end(), [](CellCategory c) {
        return c == CellCategory::CompileFailed || c == CellCategory::TimeBudgetCut;
    });
}

void HeatmapChart::runUpdated()
{
    m_tipCandidate = -1;
    // The times are copied again only when they colour the cells, else at the next hover.
    m_p50Stale = true;
    if (isTuningMetric(colourBy())) {
        refreshTimings();
        requestSlice();
    } else if (colourBy() == kColourByStatus && finishedRun()) {
        // By status, the tuning's verdicts (a failed compile, the time budget's cut) are drawn
        // once it ends: a slice per batch would be computed again and again over millions.
        requestSlice();
    }
}

void HeatmapChart::refreshTimings() const
{
    m_p50Stale = false;
    m_p50Ms.reset();
    m_best.reset();
    m_outcomes.reset();
    if (!m_run || !m_space || m_run->space() != m_space)
        return;
    const std::shared_ptr<const CandidateTimings> t = m_run->timings();
    if (!t || t->size() != m_space->size())
        return;
    // A copy of the tuned candidates' times, on this thread, as the running tuning fills them in
    // place: only the candidates it timed (thousands), not one per row of the space (millions).
    auto ms = std::make_shared<pipeline::TunedTimes>();
    ms->reserve(t->tunedCount());
    t->forEach([&](std::size_t c, const CandidateTimings::Figures& f) {
        if (!std::isnan(f.p50Us))
            ms->emplace_back(c, f.p50Us / 1000.0);
    });
    std::sort(ms->begin(), ms->end());
    m_p50Ms = std::move(ms);
    m_best = m_run->bestCandidate();
    // Why a candidate has no time: a failed compile or the time budget's cut, not "not tuned".
    if (t->hasOutcomes())
        m_outcomes = tunedOutcomes(*t);
}

void HeatmapChart::setMeasured(std::shared_ptr<const std::vector<double>> measuredMs)
{
    m_measuredMs = std::move(measuredMs);
    m_tipCandidate = -1;
    if (colourBy() == int(CandidateMetric::Measured))
        requestSlice();
}

void HeatmapChart::setLaunch(std::shared_ptr<const analysis::KernelAnalysis> analysis, std::filesystem::path cachePath,
                             npu::BenchMethod method)
{
    m_analysis = std::move(analysis);
    m_cachePath = std::move(cachePath);
    m_method = method;
    m_tipCandidate = -1;
    m_others.clear();
    m_updating = true;
    m_compare->clear();
    m_updating = false;
    if (colourBy() == int(CandidateMetric::TuningDiff))
        refreshComparisons();
}

void HeatmapChart::refreshComparisons()
{
    if (!m_analysis)
        return;
    pipeline::ComparableTuningsRequest request;
    request.analysis = m_analysis;
    request.device = m_analysis->workload.device;
    request.method = m_method;
    request.cachePath = m_cachePath;
    m_compareJob->start<pipeline::ComparableTuningsResult>(
        tr("Reading the tunings to compare with"), [request](JobContext&) { return pipeline::comparableTunings(request); },
        [this](pipeline::ComparableTuningsResult&& found) {
            const qint64 previous = m_compare->currentData().toLongLong();
            m_others = std::move(found.tunings);
            m_updating = true;
            m_compare->clear();
            for (std::size_t k = 0; k < m_others.size(); ++k) {
                const cache::TuningKey& key = m_others[k]->key;
                m_compare->addItem(tr("%1 · backend %2 · %3 · %4")
                                       .arg(QString::fromStdString(key.device),
                                            QString::fromStdString(key.backend),
                                            benchMethodText(key.benchMethod),
                                            QString::fromStdString(m_others[k]->createdAt).left(16)),
                                   qint64(m_others[k]->id));
            }
            if (m_others.empty())
                m_compare->addItem(found.error
                                       ? tr("the cache could not be read: %1").arg(coreText(*found.error))
                                       : tr("no other tuning of this launch in the cache"),
                                   qint64(-1));
            m_compare->setCurrentIndex(std::max(0, m_compare->findData(previous)));
            m_updating = false;
            if (colourBy() == int(CandidateMetric::TuningDiff))
                requestSlice();
        });
}

void HeatmapChart::emitSource(int dim)
{
    if (!m_analysis || !m_space || dim < 0)
        return;
    const kernel::SourceLocation where = pipeline::dimensionSource(*m_analysis, *m_space, std::size_t(dim));
    if (where.line > 0)
        Q_EMIT sourceLocationClicked(where.line, where.column);
}

void HeatmapChart::setAxes(int xDim, int yDim)
{
    const int xi = m_x->findData(xDim);
    const int yi = m_y->findData(yDim);
    if (xDim < 0 || xi < 0 || yi < 0)
        return;
    m_updating = true;
    m_x->setCurrentIndex(xi);
    m_y->setCurrentIndex(yi);
    m_updating = false;
    rebuildControls();
    requestSlice();
}

QComboBox* HeatmapChart::fixedCombo(int dim) const
{
    return dim >= 0 && std::size_t(dim) < m_fixed.size() ? m_fixed[std::size_t(dim)] : nullptr;
}

QComboBox* HeatmapChart::modeCombo(int dim) const
{
    return dim >= 0 && std::size_t(dim) < m_modes.size() ? m_modes[std::size_t(dim)] : nullptr;
}

void HeatmapChart::setHiddenMode(int dim, HiddenMode mode)
{
    if (QComboBox* combo = modeCombo(dim))
        combo->setCurrentIndex(std::max(0, combo->findData(int(mode))));
}

void HeatmapChart::rebuildControls()
{
    // A dimension keeps its mode when the axes change.
    std::vector<int> previous(m_values.size(), int(HiddenMode::Fixed));
    for (std::size_t d = 0; d < m_modes.size() && d < previous.size(); ++d)
        if (m_modes[d])
            previous[d] = m_modes[d]->currentData().toInt();
    while (m_fixedLayout->rowCount() > 0)
        m_fixedLayout->removeRow(0);
    m_fixed.assign(m_values.size(), nullptr);
    m_modes.assign(m_values.size(), nullptr);
    if (!m_space || m_values.empty())
        return;
    const int xDim = m_x->currentData().toInt();
    const int yDim = m_y->currentData().toInt();
    const auto& dims = m_space->dimensions();
    const std::size_t reference = m_selected.value_or(0);
    for (std::size_t d = 0; d < dims.size(); ++d) {
        if (int(d) == xDim || int(d) == yDim)
            continue;
        const QString name = QString::fromStdString(dims[d].name);
        auto* mode = new QComboBox(m_fixedBox);
        mode->setObjectName(QStringLiteral("mode_") + name);
        mode->setToolTip(tr("Hold %1 at one value, or show in each cell the lowest or the median figure over its "
                            "values")
                             .arg(name));
        mode->addItem(tr("fixed at"), int(HiddenMode::Fixed));
        mode->addItem(tr("minimum over all"), int(HiddenMode::Min));
        mode->addItem(tr("median over all"), int(HiddenMode::Median));
        mode->setCurrentIndex(std::max(0, mode->findData(previous[d])));
        auto* combo = new QComboBox(m_fixedBox);
        combo->setObjectName(QStringLiteral("fixed_") + name);
        for (std::int64_t v : m_values[d])
            combo->addItem(valueText(int(d), v), qint64(v));
        const std::int64_t want = reference < m_space->size() ? m_space->values(reference)[d] : m_values[d].front();
        combo->setCurrentIndex(std::max(0, combo->findData(qint64(want))));
        combo->setEnabled(mode->currentData().toInt() == int(HiddenMode::Fixed));
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_updating)
                requestSlice();
        });
        connect(mode, &QComboBox::currentIndexChanged, this, [this, mode, combo] {
            combo->setEnabled(mode->currentData().toInt() == int(HiddenMode::Fixed));
            if (!m_updating)
                requestSlice();
        });
        auto* row = new QHBoxLayout;
        row->addWidget(mode);
        row->addWidget(combo, 1);
        m_fixedLayout->addRow(name, row);
        m_fixed[d] = combo;
        m_modes[d] = mode;
    }
}

void HeatmapChart::requestSlice()
{
    if (!m_space || m_values.empty())
        return;
    const int xDim = m_x->currentData().toInt();
    const int yDim = m_y->currentData().toInt();
    if (xDim == yDim) {
        m_empty->setText(tr("Choose two different dimensions."));
        m_empty->show();
        m_plot->hide();
        return;
    }
    m_empty->hide();
    m_plot->show();
    SliceRequest request{xDim, yDim, std::vector<std::int64_t>(m_values.size(), space::kUnset),
                         std::vector<HiddenMode>(m_values.size(), HiddenMode::Fixed)};
    for (std::size_t d = 0; d < m_fixed.size(); ++d) {
        if (m_fixed[d])
            request.fixed[d] = m_fixed[d]->currentData().toLongLong();
        if (m_modes[d])
            request.modes[d] = HiddenMode(m_modes[d]->currentData().toInt());
    }
    // The figure's inputs travel with the job; its values are computed there, for the cells
    // shown only (every candidate of a reduced cell), so that recolouring costs the GUI thread
    // nothing however big the space.
    pipeline::CandidateMetricsRequest metric;
    const int colour = colourBy();
    std::shared_ptr<const TunedOutcomes> outcomes;
    if (colour != kColourByStatus) {
        if (isTuningMetric(colour) && (m_p50Stale || !m_p50Ms))
            refreshTimings();
        metric.space = m_space;
        metric.metric = CandidateMetric(colour);
        metric.p50Ms = m_p50Ms;
        metric.best = m_best;
        metric.measuredMs = m_measuredMs;
        const qint64 otherId = m_compare->currentData().toLongLong();
        for (const auto& r : m_others)
            if (r->id == otherId)
                metric.other = r;
        if (isTuningMetric(colour))
            outcomes = m_outcomes;
    }
    // A finished tuning's figures no longer change: its verdicts are collected on the worker (a
    // lattice tuning has hundreds of thousands of candidates).
    std::shared_ptr<const CandidateTimings> verdicts;
    if (colour == kColourByStatus && finishedRun())
        verdicts = m_run->timings();
    std::shared_ptr<const space::CandidateSpace> s = m_space;
    m_job->start<HeatmapSlice>(
        tr("Preparing the heat map"),
        [s, values = m_values, request = std::move(request), colour, metric = std::move(metric),
         outcomes = std::move(outcomes), verdicts = std::move(verdicts)](JobContext&) mutable {
            if (colour == kColourByStatus) {
                HeatmapSlice slice = computeHeatmapSlice(*s, values, request);
                slice.colourBy = colour;
                if (verdicts)
                    markTuningVerdicts(slice, sortedOutcomes(tunedOutcomes(*verdicts)).get());
                return slice;
            }
            pipeline::CandidateMetricValues info;
            HeatmapSlice slice = computeHeatmapSlice(*s, values, request, [&](const std::vector<std::size_t>& candidates) {
                metric.candidates = candidates;
                info = pipeline::candidateMetrics(metric);
                return std::move(info.values);
            });
            info.values.clear();
            slice.colourBy = colour;
            assignBands(slice, sortedOutcomes(outcomes).get());
            summariseFigures(slice, info);
            slice.metricInfo = std::move(info);
            return slice;
        },
        [this](HeatmapSlice&& slice) { showSlice(std::move(slice)); });
}

void HeatmapChart::showSlice(HeatmapSlice&& slice)
{
    m_slice = std::move(slice);
    m_tipCandidate = -1;
    const std::size_t nx = m_slice.xValues.size();
    const std::size_t ny = m_slice.yValues.size();
    clearItems();
    if (nx == 0 || ny == 0) {
        m_map->data()->clear();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        Q_EMIT sliceShown();
        return;
    }
    m_zoom = QRect();  // a figure's colouring sets it
    fillCells();

    // Ordinal axes: the labels are set at layout, when the cells' size is known (thinTicks).
    m_tickPixels[0] = m_tickPixels[1] = 0;
    const bool strip = m_slice.yDim < 0;
    m_plot->xAxis->setTickLabelRotation(0);
    m_plot->xAxis->setLabel(QString::fromStdString(m_space->dimensions()[std::size_t(m_slice.xDim)].name));
    m_plot->yAxis->setLabel(strip ? QString() : QString::fromStdString(m_space->dimensions()[std::size_t(m_slice.yDim)].name));
    m_plot->yAxis->setTicks(!strip);
    m_plot->yAxis->setTickLabels(!strip);
    m_plot->xAxis->setRange(-0.5, double(nx) - 0.5);
    m_plot->yAxis->setRange(-0.5, double(ny) - 0.5);
    if (!m_zoom.isEmpty()) {
        m_plot->xAxis->setRange(m_zoom.left() - 0.5, m_zoom.right() + 0.5);
        if (!strip)
            m_plot->yAxis->setRange(m_zoom.top() - 0.5, m_zoom.bottom() + 0.5);
    }
    m_showAll->setVisible(!m_zoom.isEmpty());
    // A strip is one row: as tall as a few lines of text, not the whole plot.
    m_plot->setMinimumHeight(strip ? 5 * fontMetrics().height() : 240);
    m_plot->setMaximumHeight(strip ? 8 * fontMetrics().height() : QWIDGETSIZE_MAX);
    for (int i = 0; i < layout()->count(); ++i)
        if (QLayout* row = layout()->itemAt(i)->layout())
            row->setAlignment(m_plot, strip ? Qt::AlignTop : Qt::Alignment());
    thinTicks();

    // Label items for small slices; which of them show, and how, is decided at each layout
    // (layoutLabels), when the cells' size in pixels is known.
    if (nx * ny <= kMaxCellTexts) {
        QFont font = m_plot->font();
        // A point smaller than the axes' text, no smaller: a label that does not fit its cell
        // falls back to a letter or a mark (layoutLabels), never to a size nobody can read.
        font.setPointSizeF(std::max(7.5, font.pointSizeF() - 1));
        for (std::size_t y = 0; y < ny; ++y)
            for (std::size_t x = 0; x < nx; ++x) {
                if (m_slice.categories[y * nx + x] == CellCategory::Empty)
                    continue;
                auto* text = new QCPItemText(m_plot);
                text->position->setCoords(double(x), double(y));
                text->setFont(font);
                text->setSelectable(false);
                text->setVisible(false);
                m_texts.push_back(text);
                m_textCells.emplace_back(x, y);
            }
    }

    // Marks over the backend's own candidates, sorted by x as QCustomPlot expects.
    QVector<double> gx, gy, hx, hy;
    for (std::size_t x = 0; x < nx; ++x)
        for (std::size_t y = 0; y < ny; ++y) {
            const CellCategory c = m_slice.categories[y * nx + x];
            if (c == CellCategory::Generated) {
                gx << double(x);
                gy << double(y);
            } else if (c == CellCategory::Handwritten) {
                hx << double(x);
                hy << double(y);
            }
        }
    // Marks in status colours only (a figure's colours must show); smaller grids get them at
    // layout, where a label does not fit.
    const bool marks = nx * ny > kMarksAlways && m_slice.colourBy == kColourByStatus;
    m_generatedMarks->setData(marks ? gx : QVector<double>(), marks ? gy : QVector<double>(), true);
    m_handwrittenMarks->setData(marks ? hx : QVector<double>(), marks ? hy : QVector<double>(), true);
    updateMarker();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    Q_EMIT sliceShown();
}



void HeatmapChart::clearItems()
{
    for (QCPItemText* t : m_texts)
        m_plot->removeItem(t);
    m_texts.clear();
    m_textCells.clear();
    for (QCPItemRect* r : m_hatches)
        m_plot->removeItem(r);
    m_hatches.clear();
    m_labels.clear();
    m_tipCandidate = -1;
}

void HeatmapChart::setSelectedCandidate(std::optional<std::size_t> candidate)
{
    m_selected = candidate;
    if (!m_space || !candidate || *candidate >= m_space->size() || m_values.empty()) {
        updateMarker();
        return;
    }
    const auto v = m_space->values(*candidate);
    // A candidate with a value the kept values leave out (a lattice point far from the backend's
    // tilings) brings every value back: it has a cell only then.
    bool moved = false;
    if (m_keptOnly->isChecked()) {
        const auto has = [](const std::vector<std::int64_t>& values, std::int64_t x) {
            return std::find(values.begin(), values.end(), x) != values.end();
        };
        for (std::size_t d = 0; d < m_values.size() && d < v.size() && d < m_allValues.size(); ++d)
            if (!has(m_values[d], v[d]) && has(m_allValues[d], v[d])) {  // (an unset hint is in neither)
                m_keptOnly->setChecked(false);  // its handler lays the controls out anew
                moved = true;
                break;
            }
    }
    // Bring the candidate into the slice: the fixed dimensions take its values.
    m_updating = true;
    for (std::size_t d = 0; d < m_fixed.size(); ++d) {
        if (!m_fixed[d] || !m_fixed[d]->isEnabled())
            continue;
        const int index = m_fixed[d]->findData(qint64(v[d]));
        if (index >= 0 && index != m_fixed[d]->currentIndex()) {
            m_fixed[d]->setCurrentIndex(index);
            moved = true;
        }
    }
    m_updating = false;
    if (moved)
        requestSlice();
    else
        updateMarker();
}

void HeatmapChart::updateMarker()
{
    bool shown = false;
    if (m_selected && m_space && *m_selected < m_space->size() && !m_slice.cells.empty()) {
        const auto v = m_space->values(*m_selected);
        const auto xi = std::lower_bound(m_slice.xValues.begin(), m_slice.xValues.end(), v[m_slice.xDim]) - m_slice.xValues.begin();
        const bool strip = m_slice.yDim < 0;
        const auto yi = strip ? 0
                              : std::lower_bound(m_slice.yValues.begin(), m_slice.yValues.end(), v[m_slice.yDim]) -
                                    m_slice.yValues.begin();
        if (std::size_t(xi) < m_slice.xValues.size() && std::size_t(yi) < m_slice.yValues.size() &&
            m_slice.xValues[std::size_t(xi)] == v[m_slice.xDim] && (strip || m_slice.yValues[std::size_t(yi)] == v[m_slice.yDim])) {
            bool inSlice = true;
            for (std::size_t d = 0; d < m_fixed.size(); ++d)
                if (m_fixed[d] && m_fixed[d]->isEnabled() && m_fixed[d]->currentData().toLongLong() != v[d])
                    inSlice = false;
            if (inSlice) {
                m_marker->topLeft->setCoords(double(xi) - 0.5, double(yi) + 0.5);
                m_marker->bottomRight->setCoords(double(xi) + 0.5, double(yi) - 0.5);
                shown = true;
            }
        }
    }
    m_marker->setVisible(shown);
    m_markerHalo->setVisible(shown);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

std::int32_t HeatmapChart::candidateAtPixel(const QPointF& pos) const
{
    if (m_slice.cells.empty())
        return -1;
    const double x = std::round(m_plot->xAxis->pixelToCoord(pos.x()));
    const double y = std::round(m_plot->yAxis->pixelToCoord(pos.y()));
    if (x < 0 || y < 0 || x >= double(m_slice.xValues.size()) || y >= double(m_slice.yValues.size()))
        return -1;
    return m_slice.candidateAt(std::size_t(x), std::size_t(y));
}

QPointF HeatmapChart::cellCenterPixel(std::size_t x, std::size_t y) const
{
    return {m_plot->xAxis->coordToPixel(double(x)), m_plot->yAxis->coordToPixel(double(y))};
}

void HeatmapChart::hover(QMouseEvent* event)
{
    if (m_slice.cells.empty())
        return;
    const double x = std::round(m_plot->xAxis->pixelToCoord(event->position().x()));
    const double y = std::round(m_plot->yAxis->pixelToCoord(event->position().y()));
    if (x < 0 || y < 0 || x >= double(m_slice.xValues.size()) || y >= double(m_slice.yValues.size())) {
        QToolTip::hideText();
        return;
    }
    const auto& dims = m_space->dimensions();
    QString text = QStringLiteral("%1 = %2").arg(QString::fromStdString(dims[std::size_t(m_slice.xDim)].name),
                                                 valueText(m_slice.xDim, m_slice.xValues[std::size_t(x)]));
    if (m_slice.yDim >= 0)
        text += QStringLiteral("\n%1 = %2").arg(QString::fromStdString(dims[std::size_t(m_slice.yDim)].name),
                                                valueText(m_slice.yDim, m_slice.yValues[std::size_t(y)]));
    const std::int32_t c = m_slice.candidateAt(std::size_t(x), std::size_t(y));
    if (c < 0) {
        text += QLatin1Char('\n') + tr("no candidate here (turn on the lattice to see every value)");
    } else {
        // Figured once per candidate hovered (and again after the figures change).
        if (c != m_tipCandidate) {
            m_tipText = toolTipFor(std::size_t(c));
            m_tipCandidate = c;
        }
        if (m_slice.reduced && m_slice.bands.size() == m_slice.cells.size() &&
            m_slice.bands[std::size_t(y) * m_slice.xValues.size() + std::size_t(x)] == kFigureBand)
            text += QLatin1Char('\n') + tr("reduced over the hidden dimensions: %1 %2 (the candidate below stands for it)")
                                            .arg(metricValueText(m_slice.colourBy, m_slice.metric[std::size_t(y) * m_slice.xValues.size() + std::size_t(x)]),
                                                 unitText(m_slice.colourBy));
        text += QLatin1Char('\n') + m_tipText;
    }
    QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

QString HeatmapChart::toolTipFor(std::size_t candidate) const
{
    if (!m_space || candidate >= m_space->size())
        return {};
    const space::CandidateSpace& s = *m_space;
    QString text = QStringLiteral("#%1 %2").arg(candidate).arg(statusLabel(s.status(candidate)));
    const QString why = coreText(s.reasonMessage(candidate));
    if (!why.isEmpty())
        text += QStringLiteral(": ") + why;
    const space::TritonConfig config{s.params(candidate), s.numWarps(candidate), s.numStages(candidate)};
    text += QLatin1Char('\n') + QString::fromStdString(config.toPython());
    const space::CandidateMetrics m = s.metrics(candidate);
    const QLocale locale;
    if (m.cube)
        text += QLatin1Char('\n') + tr("tile %1 × %2 (K %3), %4 programs")
                                        .arg(m.blockM)
                                        .arg(m.blockN)
                                        .arg(m.blockK)
                                        .arg(locale.toString(qint64(m.programs)));
    else
        text += QLatin1Char('\n') + tr("tile %1 elements, UB %2, %3 programs")
                                        .arg(locale.toString(qint64(m.tileElements)), bytesText(m.ubBytes),
                                             locale.toString(qint64(m.programs)));
    // Every figure, from the same call that colours the cells.
    if (m_p50Stale)
        refreshTimings();
    pipeline::CandidateMetricsRequest request;
    request.space = m_space;
    request.candidates = {candidate};
    request.p50Ms = m_p50Ms;
    request.best = m_best;
    request.measuredMs = m_measuredMs;
    const qint64 otherId = m_compare->currentData().toLongLong();
    for (const auto& r : m_others)
        if (r->id == otherId)
            request.other = r;
    for (int k = 0; k < pipeline::kCandidateMetricCount; ++k) {
        if (k == int(CandidateMetric::TuningDiff) && !request.other)
            continue;
        if ((k == int(CandidateMetric::L1Use) || k == int(CandidateMetric::L0Use)) && !m.cube)
            continue;
        if (k == int(CandidateMetric::UbUse) && m.cube)
            continue;
        request.metric = CandidateMetric(k);
        const double v = pipeline::candidateMetrics(request).values.front();
        text += QLatin1Char('\n') + metricLabel(k) + QStringLiteral(": ") +
                (std::isfinite(v) ? metricValueText(k, v) + QLatin1Char(' ') + unitText(k) : absentText(k));
    }
    return text;
}

} // namespace ts::gui
