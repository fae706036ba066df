#include "widgets/heatmap_chart.h"

#include "widgets/background_job.h"
#include "widgets/chart_export.h"
#include "widgets/qcp.h"
#include "widgets/status_colors.h"

#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

namespace ts::gui {
namespace {

constexpr std::size_t kMaxCellTexts = 400;
constexpr int kMaxTicks = 12;

struct Prepared {
    std::vector<std::vector<std::int64_t>> values;
};

} // namespace

HeatmapChart::HeatmapChart(QWidget* parent) : QWidget(parent)
{
    m_job = new BackgroundJob(this);
    m_valuesJob = new BackgroundJob(this);
    m_x = new QComboBox(this);
    m_x->setObjectName(QStringLiteral("heatmapX"));
    m_y = new QComboBox(this);
    m_y->setObjectName(QStringLiteral("heatmapY"));
    m_fixedBox = new QWidget(this);
    m_fixedLayout = new QFormLayout(m_fixedBox);
    m_fixedLayout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("heatmapPlot"));
    m_plot->setMinimumSize(320, 240);
    m_plot->setMouseTracking(true);
    // A lattice has more cells than pixels: wheel zooms, dragging pans.
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    // Generated and handwritten candidates stay visible however small the cells get.
    m_generatedMarks = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
    m_generatedMarks->setLineStyle(QCPGraph::lsNone);
    m_handwrittenMarks = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
    m_handwrittenMarks->setLineStyle(QCPGraph::lsNone);
    m_marker = new QCPItemRect(m_plot);
    m_marker->setVisible(false);
    m_marker->setBrush(Qt::NoBrush);
    m_legend = new QLabel(this);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_legend->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    m_empty = new QLabel(this);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    auto* exportButton = new QPushButton(tr("Export…"), this);
    exportButton->setToolTip(tr("Save the heat map as PNG, SVG or PDF"));
    installExportMenu(m_plot, QStringLiteral("heatmap"));

    auto* axes = new QHBoxLayout;
    axes->addWidget(new QLabel(tr("X"), this));
    axes->addWidget(m_x, 1);
    axes->addWidget(new QLabel(tr("Y"), this));
    axes->addWidget(m_y, 1);
    axes->addWidget(exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(axes);
    layout->addWidget(m_fixedBox);
    auto* body = new QHBoxLayout;
    body->addWidget(m_plot, 1);
    body->addWidget(m_empty, 1);
    body->addWidget(m_legend);
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
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) { hover(e); });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton)
            return;
        const std::int32_t c = candidateAtPixel(e->position());
        if (c >= 0) {
            m_selected = std::size_t(c);
            updateMarker();
            Q_EMIT candidateClicked(std::size_t(c));
        }
    });
    setDark(false);
    setSpace(nullptr);
}

void HeatmapChart::setDark(bool dark)
{
    m_dark = dark;
    // The application palette: the widget's own follows it only after the change event.
    const QPalette pal = QApplication::palette();
    m_plot->setBackground(pal.brush(QPalette::Base));
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(pal.color(QPalette::Text)));
        axis->setTickPen(QPen(pal.color(QPalette::Text)));
        axis->setSubTickPen(Qt::NoPen);
        axis->setTickLabelColor(pal.color(QPalette::Text));
        axis->setLabelColor(pal.color(QPalette::Text));
        axis->grid()->setVisible(false);
    }
    m_marker->setPen(QPen(pal.color(QPalette::Text), 3));
    m_generatedMarks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, pal.color(QPalette::Text),
                                                      categoryColor(CellCategory::Generated), 7));
    m_handwrittenMarks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, pal.color(QPalette::Text),
                                                        categoryColor(CellCategory::Handwritten), 7));
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setLevelCount(kCellCategoryCount);
    for (int k = 0; k < kCellCategoryCount; ++k)
        gradient.setColorStopAt(double(k) / (kCellCategoryCount - 1), categoryColor(CellCategory(k)));
    m_map->setGradient(gradient);
    m_map->setDataRange(QCPRange(0, kCellCategoryCount - 1));
    if (!m_slice.cells.empty()) {
        HeatmapSlice copy = m_slice;
        showSlice(std::move(copy));
    } else {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

QColor HeatmapChart::categoryColor(CellCategory c) const
{
    const bool d = m_dark;
    switch (c) {
    case CellCategory::Empty: return d ? QColor(0x2b, 0x2b, 0x2b) : QColor(0xee, 0xee, 0xee);
    case CellCategory::Generated: return d ? QColor(0x43, 0xa0, 0x47) : QColor(0x2e, 0x7d, 0x32);
    case CellCategory::Handwritten: return d ? QColor(0x1e, 0x88, 0xe5) : QColor(0x15, 0x65, 0xc0);
    case CellCategory::SkippedBelowMinTile: return d ? QColor(0x8d, 0x6e, 0x00) : QColor(0xff, 0xe0, 0x82);
    case CellCategory::SkippedOffWalk: return d ? QColor(0xb2, 0x87, 0x04) : QColor(0xff, 0xca, 0x28);
    case CellCategory::SkippedProgramLimit: return d ? QColor(0xc7, 0x78, 0x00) : QColor(0xff, 0xa7, 0x26);
    case CellCategory::SkippedOther: return d ? QColor(0x6d, 0x5a, 0x1e) : QColor(0xff, 0xf3, 0xc4);
    case CellCategory::PrunedUb: return d ? QColor(0x8e, 0x24, 0x24) : QColor(0xef, 0x9a, 0x9a);
    case CellCategory::PrunedUnaligned: return d ? QColor(0x7b, 0x1f, 0x4a) : QColor(0xf8, 0xbb, 0xd0);
    case CellCategory::PrunedTileExceedsBlock: return d ? QColor(0x5e, 0x2a, 0x6e) : QColor(0xce, 0x93, 0xd8);
    case CellCategory::PrunedProgramLimit: return d ? QColor(0xa3, 0x3a, 0x3a) : QColor(0xe5, 0x73, 0x73);
    case CellCategory::PrunedOther: return d ? QColor(0x5d, 0x40, 0x37) : QColor(0xbc, 0xaa, 0xa4);
    }
    return {};
}

QString HeatmapChart::categoryLabel(CellCategory c) const
{
    switch (c) {
    case CellCategory::Empty: return tr("no candidate");
    case CellCategory::Generated: return tr("generated");
    case CellCategory::Handwritten: return tr("handwritten");
    case CellCategory::SkippedBelowMinTile: return tr("skipped: below minimum tile");
    case CellCategory::SkippedOffWalk: return tr("skipped: off the walk");
    case CellCategory::SkippedProgramLimit: return tr("skipped: too many programs for the walk");
    case CellCategory::SkippedOther: return tr("skipped: backend does not generate");
    case CellCategory::PrunedUb: return tr("pruned: UB capacity");
    case CellCategory::PrunedUnaligned: return tr("pruned: unaligned tile");
    case CellCategory::PrunedTileExceedsBlock: return tr("pruned: tile exceeds block");
    case CellCategory::PrunedProgramLimit: return tr("pruned: program limit");
    case CellCategory::PrunedOther: return tr("pruned: invalid or missing value");
    }
    return {};
}

QString HeatmapChart::shortLabel(CellCategory c) const
{
    switch (c) {
    case CellCategory::Empty: return {};
    case CellCategory::Generated: return tr("gen", "heat map cell: generated");
    case CellCategory::Handwritten: return tr("hand", "heat map cell: handwritten");
    case CellCategory::SkippedBelowMinTile: return tr("min", "heat map cell: below minimum tile");
    case CellCategory::SkippedOffWalk: return tr("walk", "heat map cell: off the walk");
    case CellCategory::SkippedProgramLimit: return tr("grid", "heat map cell: too many programs");
    case CellCategory::SkippedOther: return tr("off", "heat map cell: not generated");
    case CellCategory::PrunedUb: return tr("UB", "heat map cell: UB capacity");
    case CellCategory::PrunedUnaligned: return tr("align", "heat map cell: unaligned");
    case CellCategory::PrunedTileExceedsBlock: return tr("blk", "heat map cell: tile exceeds block");
    case CellCategory::PrunedProgramLimit: return tr("grid", "heat map cell: program limit");
    case CellCategory::PrunedOther: return tr("bad", "heat map cell: invalid value");
    }
    return {};
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
    m_slice = {};
    m_job->stop();
    m_updating = true;
    m_x->clear();
    m_y->clear();
    m_updating = false;
    rebuildControls();
    m_map->data()->clear();
    m_marker->setVisible(false);
    for (QCPItemText* t : m_texts)
        m_plot->removeItem(t);
    m_texts.clear();
    m_legend->clear();
    m_generatedMarks->data()->clear();
    m_handwrittenMarks->data()->clear();
    const bool usable = m_space && m_space->dimensions().size() >= 2 && m_space->size() > 0;
    m_plot->setVisible(usable);
    m_empty->setVisible(!usable);
    m_empty->setText(!m_space ? tr("No candidate space yet.")
                              : tr("The heat map needs a space with two dimensions or more; this one has %1.")
                                    .arg(m_space->dimensions().size()));
    if (!usable) {
        m_valuesJob->stop();
        return;
    }
    std::shared_ptr<const space::CandidateSpace> s = m_space;
    m_valuesJob->start<Prepared>(
        tr("Preparing the heat map"), [s](JobContext&) { return Prepared{dimensionValues(*s)}; },
        [this](Prepared&& prepared) {
            m_values = std::move(prepared.values);
            m_updating = true;
            const auto& dims = m_space->dimensions();
            for (std::size_t d = 0; d < dims.size(); ++d) {
                m_x->addItem(QString::fromStdString(dims[d].name), int(d));
                m_y->addItem(QString::fromStdString(dims[d].name), int(d));
            }
            // The first two dimensions with more than one value, tunables first.
            std::vector<int> order;
            for (std::size_t d = 0; d < dims.size(); ++d)
                if (m_values[d].size() > 1)
                    order.push_back(int(d));
            for (std::size_t d = 0; d < dims.size(); ++d)
                if (m_values[d].size() <= 1)
                    order.push_back(int(d));
            m_x->setCurrentIndex(order[0]);
            m_y->setCurrentIndex(order[1]);
            m_updating = false;
            rebuildControls();
            requestSlice();
        });
}

void HeatmapChart::setAxes(int xDim, int yDim)
{
    if (xDim < 0 || yDim < 0 || xDim >= m_x->count() || yDim >= m_y->count())
        return;
    m_updating = true;
    m_x->setCurrentIndex(xDim);
    m_y->setCurrentIndex(yDim);
    m_updating = false;
    rebuildControls();
    requestSlice();
}

void HeatmapChart::rebuildControls()
{
    while (m_fixedLayout->rowCount() > 0)
        m_fixedLayout->removeRow(0);
    m_fixed.assign(m_values.size(), nullptr);
    if (!m_space || m_values.empty())
        return;
    const int xDim = m_x->currentData().toInt();
    const int yDim = m_y->currentData().toInt();
    const auto& dims = m_space->dimensions();
    const std::size_t reference = m_selected.value_or(0);
    for (std::size_t d = 0; d < dims.size(); ++d) {
        if (int(d) == xDim || int(d) == yDim)
            continue;
        auto* combo = new QComboBox(m_fixedBox);
        combo->setObjectName(QStringLiteral("fixed_") + QString::fromStdString(dims[d].name));
        for (std::int64_t v : m_values[d])
            combo->addItem(valueText(int(d), v), qint64(v));
        const std::int64_t want = reference < m_space->size() ? m_space->values(reference)[d] : m_values[d].front();
        combo->setCurrentIndex(std::max(0, combo->findData(qint64(want))));
        connect(combo, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_updating)
                requestSlice();
        });
        m_fixedLayout->addRow(tr("%1 fixed at").arg(QString::fromStdString(dims[d].name)), combo);
        m_fixed[d] = combo;
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
    std::vector<std::int64_t> fixed(m_values.size(), space::kUnset);
    for (std::size_t d = 0; d < m_fixed.size(); ++d)
        if (m_fixed[d])
            fixed[d] = m_fixed[d]->currentData().toLongLong();
    std::shared_ptr<const space::CandidateSpace> s = m_space;
    m_job->start<HeatmapSlice>(
        tr("Preparing the heat map"),
        [s, values = m_values, xDim, yDim, fixed](JobContext&) { return computeHeatmapSlice(*s, values, xDim, yDim, fixed); },
        [this](HeatmapSlice&& slice) { showSlice(std::move(slice)); });
}

void HeatmapChart::showSlice(HeatmapSlice&& slice)
{
    m_slice = std::move(slice);
    const std::size_t nx = m_slice.xValues.size();
    const std::size_t ny = m_slice.yValues.size();
    for (QCPItemText* t : m_texts)
        m_plot->removeItem(t);
    m_texts.clear();
    if (nx == 0 || ny == 0) {
        m_map->data()->clear();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        Q_EMIT sliceShown();
        return;
    }
    QCPColorMapData* data = m_map->data();
    data->setSize(int(nx), int(ny));
    data->setRange(QCPRange(0, double(nx - 1)), QCPRange(0, double(ny - 1)));
    std::array<std::size_t, kCellCategoryCount> counts{};
    for (std::size_t y = 0; y < ny; ++y)
        for (std::size_t x = 0; x < nx; ++x) {
            const CellCategory c = m_slice.categories[y * nx + x];
            ++counts[std::size_t(c)];
            data->setCell(int(x), int(y), double(c) + 0.25);
        }
    if (nx == 1 || ny == 1) {
        // A single row or column still needs a cell width.
        data->setRange(QCPRange(0, std::max<double>(1, double(nx - 1))), QCPRange(0, std::max<double>(1, double(ny - 1))));
    }

    // About one label per 80 pixels, so that rotated labels do not collide.
    const auto ticksFor = [](int pixels) { return std::size_t(std::clamp(pixels / 80, 2, kMaxTicks)); };
    const std::size_t xTicks = ticksFor(m_plot->axisRect()->width());
    const std::size_t yTicks = ticksFor(m_plot->axisRect()->height() * 2);
    auto ticker = [this](int dim, const std::vector<std::int64_t>& values, std::size_t maxTicks) {
        auto t = QSharedPointer<QCPAxisTickerText>::create();
        const std::size_t step = std::max<std::size_t>(1, (values.size() + maxTicks - 1) / maxTicks);
        for (std::size_t i = 0; i < values.size(); i += step)
            t->addTick(double(i), valueText(dim, values[i]));
        return t;
    };
    m_plot->xAxis->setTicker(ticker(m_slice.xDim, m_slice.xValues, xTicks));
    m_plot->yAxis->setTicker(ticker(m_slice.yDim, m_slice.yValues, yTicks));
    m_plot->xAxis->setTickLabelRotation(nx > 8 ? 40 : 0);
    m_plot->xAxis->setLabel(QString::fromStdString(m_space->dimensions()[std::size_t(m_slice.xDim)].name));
    m_plot->yAxis->setLabel(QString::fromStdString(m_space->dimensions()[std::size_t(m_slice.yDim)].name));
    m_plot->xAxis->setRange(-0.5, double(nx) - 0.5);
    m_plot->yAxis->setRange(-0.5, double(ny) - 0.5);

    if (nx * ny <= kMaxCellTexts) {
        QFont font = m_plot->font();
        font.setPointSizeF(std::max(6.0, font.pointSizeF() - 2));
        for (std::size_t y = 0; y < ny; ++y)
            for (std::size_t x = 0; x < nx; ++x) {
                const CellCategory c = m_slice.categories[y * nx + x];
                if (c == CellCategory::Empty)
                    continue;
                auto* text = new QCPItemText(m_plot);
                text->position->setCoords(double(x), double(y));
                text->setText(shortLabel(c));
                text->setFont(font);
                text->setColor(categoryColor(c).lightness() > 140 ? QColor(Qt::black) : QColor(Qt::white));
                text->setSelectable(false);
                m_texts.push_back(text);
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
    const bool marks = nx * ny > kMaxCellTexts;  // small grids carry their labels instead
    m_generatedMarks->setData(marks ? gx : QVector<double>(), marks ? gy : QVector<double>(), true);
    m_handwrittenMarks->setData(marks ? hx : QVector<double>(), marks ? hy : QVector<double>(), true);

    QStringList legend;
    for (int k = 0; k < kCellCategoryCount; ++k) {
        if (counts[std::size_t(k)] == 0)
            continue;
        legend << QStringLiteral("<tr><td style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</td><td>&nbsp;%2</td>"
                                 "<td align='right'>&nbsp;%3</td></tr>")
                      .arg(categoryColor(CellCategory(k)).name(), categoryLabel(CellCategory(k)).toHtmlEscaped())
                      .arg(counts[std::size_t(k)]);
    }
    m_legend->setText(QStringLiteral("<table cellspacing='2'>") + legend.join(QString()) + QStringLiteral("</table>"));
    updateMarker();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    Q_EMIT sliceShown();
}

void HeatmapChart::setSelectedCandidate(std::optional<std::size_t> candidate)
{
    m_selected = candidate;
    if (!m_space || !candidate || *candidate >= m_space->size() || m_values.empty()) {
        updateMarker();
        return;
    }
    // Bring the candidate into the slice: the fixed dimensions take its values.
    bool moved = false;
    m_updating = true;
    const std::int64_t* v = m_space->values(*candidate);
    for (std::size_t d = 0; d < m_fixed.size(); ++d) {
        if (!m_fixed[d])
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
        const std::int64_t* v = m_space->values(*m_selected);
        const auto xi = std::lower_bound(m_slice.xValues.begin(), m_slice.xValues.end(), v[m_slice.xDim]) - m_slice.xValues.begin();
        const auto yi = std::lower_bound(m_slice.yValues.begin(), m_slice.yValues.end(), v[m_slice.yDim]) - m_slice.yValues.begin();
        if (std::size_t(xi) < m_slice.xValues.size() && std::size_t(yi) < m_slice.yValues.size() &&
            m_slice.xValues[std::size_t(xi)] == v[m_slice.xDim] && m_slice.yValues[std::size_t(yi)] == v[m_slice.yDim]) {
            bool inSlice = true;
            for (std::size_t d = 0; d < m_fixed.size(); ++d)
                if (m_fixed[d] && m_fixed[d]->currentData().toLongLong() != v[d])
                    inSlice = false;
            if (inSlice) {
                m_marker->topLeft->setCoords(double(xi) - 0.5, double(yi) + 0.5);
                m_marker->bottomRight->setCoords(double(xi) + 0.5, double(yi) - 0.5);
                shown = true;
            }
        }
    }
    m_marker->setVisible(shown);
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
    QString text = QStringLiteral("%1 = %2\n%3 = %4")
                       .arg(QString::fromStdString(dims[std::size_t(m_slice.xDim)].name),
                            valueText(m_slice.xDim, m_slice.xValues[std::size_t(x)]),
                            QString::fromStdString(dims[std::size_t(m_slice.yDim)].name),
                            valueText(m_slice.yDim, m_slice.yValues[std::size_t(y)]));
    const std::int32_t c = m_slice.candidateAt(std::size_t(x), std::size_t(y));
    if (c < 0) {
        text += QLatin1Char('\n') + tr("no candidate here (turn on the lattice to see every value)");
    } else {
        const space::CandidateMetrics m = m_space->metrics(std::size_t(c));
        text += QStringLiteral("\n#%1 %2").arg(c).arg(statusLabel(m_space->status(std::size_t(c))));
        const QString why = QString::fromStdString(m_space->describe(std::size_t(c)));
        if (!why.isEmpty())
            text += QStringLiteral(": ") + why;
        text += QLatin1Char('\n') + tr("UB %1 KiB, %2 programs").arg(double(m.ubBytes) / 1024.0, 0, 'f', 1).arg(m.programs);
    }
    QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

} // namespace ts::gui
