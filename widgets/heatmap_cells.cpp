// The heat map's cells (see heatmap_chart.h): their colours by status or by a figure, the
// legend and colour bar that say what the colours mean, and the labels of cells and axes, each
// shown only where it fits.
#include "widgets/heatmap_chart.h"

#include "widgets/heatmap_chart_impl.h"
#include "widgets/qcp.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"
#include "widgets/themed_color.h"
#include "widgets/time_axis_ticker.h"

#include <QBuffer>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QTextDocument>

#include <algorithm>
#include <array>
#include <cmath>

namespace ts::gui {

using namespace heatmap_detail;

namespace {

using pipeline::CandidateMetric;
using pipeline::MetricScale;

// Positions on the colour map's gradient: one flat band per reason a cell shows no figure
// (heatmap_chart_impl.h), then the figure's gradient.
constexpr double kBandWidth = 0.004;
constexpr double kValueStart = kBandCount * kBandWidth + 0.004;

double bandPosition(int band)
{
    return (band + 0.5) * kBandWidth;
}
// Padding around a cell label, in pixels: a label shows only when it fits inside its cell.
constexpr double kLabelPad = 4.0;
// Room between two axis labels, in pixels.
constexpr double kTickGap = 8.0;

// The figure's gradient: sequential (low = dark) or diverging around 1 (faster blue, slower red).
QCPColorGradient valueGradient(MetricScale scale)
{
    QCPColorGradient g;
    g.clearColorStops();
    g.setLevelCount(256);
    if (scale != MetricScale::Diverging) {
        // Perceptually even, dark (low) to light (high), readable in grey as well.
        g.setColorStopAt(0.0, QColor(0x44, 0x01, 0x54));
        g.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
        g.setColorStopAt(0.5, QColor(0x21, 0x91, 0x8c));
        g.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
        g.setColorStopAt(1.0, QColor(0xfd, 0xe7, 0x25));
        return g;
    }
    g.setColorStopAt(0.0, QColor(0x21, 0x66, 0xac));
    g.setColorStopAt(0.25, QColor(0x67, 0xa9, 0xcf));
    g.setColorStopAt(0.5, QColor(0xf7, 0xf7, 0xf7));
    g.setColorStopAt(0.75, QColor(0xef, 0x8a, 0x62));
    g.setColorStopAt(1.0, QColor(0xb2, 0x18, 0x2b));
    return g;
}

// The colour bar's range: the cells' values, widened when they are all the same; a diverging
// range is symmetric around 1 on the log axis.
QCPRange valueRange(const pipeline::CandidateMetricValues& info)
{
    double low = info.low, high = info.high;
    if (info.present == 0) {
        low = info.scale == MetricScale::Linear ? 0.0 : 1.0;
        high = low + 1.0;
    }
    if (info.scale == MetricScale::Diverging) {
        const double r = std::max({std::abs(std::log(std::max(low, 1e-300))), std::abs(std::log(std::max(high, 1e-300))),
                                   std::log(1.05)});
        return QCPRange(std::exp(-r), std::exp(r));
    }
    if (info.scale == MetricScale::Log) {
        low = std::max(low, 1e-12);
        high = std::max(high, low);
        if (high <= low * 1.0001)
            return QCPRange(low / 1.1, high * 1.1);
        return QCPRange(low, high);
    }
    if (high <= low)
        return QCPRange(low - 0.5, high + 0.5);
    return QCPRange(low, high);
}

// Where a value sits on the figure's gradient, in [0, 1].
double gradientPosition(double v, const QCPRange& range, MetricScale scale)
{
    double t = 0;
    if (scale == MetricScale::Linear)
        t = (v - range.lower) / (range.upper - range.lower);
    else
        t = (std::log(v) - std::log(range.lower)) / (std::log(range.upper) - std::log(range.lower));
    return std::clamp(t, 0.0, 1.0);
}

// The legend as wide as its lines where the pane has the room, its labels wrapped down to
// kLegendLeast where it has not ("skipped: a generated tiling with a setting the backend never
// ..." held the charts' pane of a 1280-pixel screen wider than the window).
void setLegendText(QLabel* label, const QStringList& rows)
{
    constexpr int kLegendLeast = 200;
    const QString html =
        QStringLiteral("<table cellspacing='2'>") + rows.join(QString()) + QStringLiteral("</table>");
    label->setText(html);
    QTextDocument document;
    document.setDefaultFont(label->font());
    document.setHtml(html);
    const int natural = int(std::ceil(document.idealWidth())) + 2 * label->margin() + 2;
    label->setMaximumWidth(natural);
    const int least = std::min(natural, kLegendLeast);
    label->setMinimumWidth(least);
    // Never cut at the bottom (a tl.dot kernel's pruned buffers were its last, lost line): as tall
    // as its rows need at its least width; the page scrolls where the window is short.
    document.setTextWidth(least - 2 * label->margin());
    label->setMinimumHeight(int(std::ceil(document.size().height())) + 2 * label->margin());
}

// A legend's swatch: a square of `side` pixels in the colour, hatched as the cells are where they
// are, as an inline image (its size is its own, not the table row's).
QString swatchImage(const QColor& colour, const QBrush& hatch, int side)
{
    QImage image(side, side, QImage::Format_ARGB32);
    image.fill(colour);
    if (hatch.style() != Qt::NoBrush) {
        QPainter painter(&image);
        painter.fillRect(image.rect(), hatch);
    }
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QStringLiteral("<img src='data:image/png;base64,%1' width='%2' height='%2'>")
        .arg(QString::fromLatin1(png.toBase64()))
        .arg(side);
}

// The colour bar's ticks: round values of the figure, each with its unit ("200 µs", "1.5×",
// "40%"), counts grouped ("1,024 waves" reads "1,024").
QSharedPointer<QCPAxisTicker> scaleTicker(int metric, MetricScale scale)
{
    QString unit;
    switch (metric) {
    case int(CandidateMetric::SimulatedP50):
    case int(CandidateMetric::Measured):
        unit = timeUsUnit();
        break;
    case int(CandidateMetric::RatioToBest):
    case int(CandidateMetric::TuningDiff):
        unit = QStringLiteral("×");
        break;
    case int(CandidateMetric::UbUse):
    case int(CandidateMetric::L1Use):
    case int(CandidateMetric::L0Use):
        unit = QStringLiteral("%");
        break;
    }
    if (scale == MetricScale::Linear)
        return QSharedPointer<QuantityAxisTicker>::create(unit);
    return QSharedPointer<TimeAxisTicker>::create(unit);
}

// `columns` with the axis' last one labelled: an ordinal axis's values need not be evenly
// apart (1..16, then 32), and an unlabelled last column reads as the next step. It takes the
// place of the last round one when the two would be closer than `least`.
std::vector<std::size_t> withLastColumn(std::vector<std::size_t> columns, std::size_t count, std::size_t least)
{
    const std::size_t last = count - 1;
    if (columns.empty() || columns.back() == last)
        return columns;
    if (last - columns.back() < least && columns.size() > 1)
        columns.back() = last;
    else
        columns.push_back(last);
    return columns;
}

// The columns of an ordinal axis to label when not every one fits: those whose value is a
// multiple of a round step (1, 2 or 5 times a power of ten), the smallest step whose columns lie
// at least `least` columns apart, and the first column too where it keeps that distance (a
// softmax lattice reads 1, 2000, 4000, ... instead of 1, 496, 1056, ...); else the powers of two
// present, as many as keep that distance (a tl.dot block: 16, 64, 256). Empty when neither gives
// two such columns: the caller then spreads them (spreadColumns). The last column is labelled too.
std::vector<std::size_t> roundColumns(const std::vector<std::int64_t>& values, std::size_t least)
{
    std::int64_t largest = 0;
    for (std::int64_t v : values)
        largest = std::max(largest, v < 0 ? -v : v);
    for (std::int64_t decade = 1; decade <= largest; decade *= 10)
        for (std::int64_t m : {1, 2, 5}) {
            const std::int64_t step = m * decade;
            std::vector<std::size_t> columns;
            bool apart = true;
            for (std::size_t i = 0; i < values.size() && apart; ++i) {
                if (values[i] % step != 0)
                    continue;
                apart = columns.empty() || i - columns.back() >= least;
                columns.push_back(i);
            }
            if (!apart || columns.size() < 2)
                continue;
            if (columns.front() >= least)
                columns.insert(columns.begin(), 0);
            return withLastColumn(std::move(columns), values.size(), least);
        }
    std::vector<std::size_t> powers;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] > 0 && (values[i] & (values[i] - 1)) == 0 &&
            (powers.empty() || i - powers.back() >= least))
            powers.push_back(i);
    return powers.size() >= 2 ? withLastColumn(std::move(powers), values.size(), least) : std::vector<std::size_t>{};
}

// `count` columns labelled at least `least` apart when their values have no round ones: the
// first, the last and evenly spaced ones between (not every n-th from the first, which leaves
// the last value unlabelled).
std::vector<std::size_t> spreadColumns(std::size_t count, std::size_t least)
{
    if (count == 0)
        return {};
    least = std::max<std::size_t>(least, 1);
    const std::size_t gaps = (count - 1) / least;
    if (gaps == 0)
        return {0};
    std::vector<std::size_t> columns;
    for (std::size_t i = 0; i <= gaps; ++i)
        columns.push_back(i * (count - 1) / gaps);
    return columns;
}

} // namespace

namespace heatmap_detail {

// Why each cell of a slice coloured by a figure shows none, or kFigureBand. An incorrect launch
// keeps its own colour even with a figure: its time is not the kernel's.
void assignBands(HeatmapSlice& slice, const TunedOutcomes* outcomes)
{
    slice.bands.assign(slice.cells.size(), kFigureBand);
    for (std::size_t cell = 0; cell < slice.cells.size(); ++cell) {
        const CellCategory category = slice.categories[cell];
        const std::int32_t c = slice.cells[cell];
        const bool ownColour = category != CellCategory::Generated && category != CellCategory::Handwritten;
        if (category == CellCategory::Incorrect || (!std::isfinite(slice.metric[cell]) && ownColour)) {
            slice.bands[cell] = std::uint8_t(category);
            continue;
        }
        if (std::isfinite(slice.metric[cell]))
            continue;
        slice.bands[cell] = kAbsentBand;
        const tuning::OutcomeStatus outcome =
            outcomes && c >= 0 ? tunedOutcome(*outcomes, std::size_t(c)) : tuning::OutcomeStatus::NotTuned;
        if (outcome == tuning::OutcomeStatus::CompileFailed)
            slice.bands[cell] = kCompileFailedBand;
        else if (outcome == tuning::OutcomeStatus::TimeBudgetCut)
            slice.bands[cell] = kTimeBudgetCutBand;
    }
}

void markTuningVerdicts(HeatmapSlice& slice, const TunedOutcomes* outcomes)
{
    if (!outcomes || outcomes->empty())
        return;
    for (std::size_t cell = 0; cell < slice.cells.size(); ++cell) {
        CellCategory& category = slice.categories[cell];
        if (category != CellCategory::Generated && category != CellCategory::Handwritten)
            continue;
        const tuning::OutcomeStatus outcome = tunedOutcome(*outcomes, std::size_t(slice.cells[cell]));
        if (outcome == tuning::OutcomeStatus::CompileFailed)
            category = CellCategory::CompileFailed;
        else if (outcome == tuning::OutcomeStatus::TimeBudgetCut)
            category = CellCategory::TimeBudgetCut;
    }
}

// The figure's range over the cells that show it (reduced ones included), as candidateMetrics
// gives it over candidates.
void summariseFigures(const HeatmapSlice& slice, pipeline::CandidateMetricValues& info)
{
    std::vector<double> shown;
    for (std::size_t cell = 0; cell < slice.cells.size(); ++cell)
        if (slice.bands[cell] == kFigureBand)
            shown.push_back(slice.metric[cell]);
    info.present = shown.size();
    const auto [low, high] = std::minmax_element(shown.begin(), shown.end());
    info.low = shown.empty() ? 0.0 : *low;
    info.high = shown.empty() ? 0.0 : *high;
    const bool use = info.metric == CandidateMetric::UbUse || info.metric == CandidateMetric::L1Use ||
                     info.metric == CandidateMetric::L0Use;
    info.overflow = use ? std::size_t(std::count_if(shown.begin(), shown.end(), [](double v) { return v > 100.0; })) : 0;
}

} // namespace heatmap_detail

// The hatching over a cell that shows no figure (and over its swatch): a compile that failed is
// crossed in white, a figure that is absent struck in grey.
bool HeatmapChart::hatched(int band)
{
    return band == kAbsentBand || band == kCompileFailedBand || band == int(CellCategory::Incorrect);
}

QBrush HeatmapChart::hatchBrush(int band) const
{
    if (band == kCompileFailedBand)
        return QBrush(Qt::white, Qt::DiagCrossPattern);
    if (band == int(CellCategory::Incorrect))
        return QBrush(m_dark ? QColor(0x21, 0x21, 0x21) : QColor(Qt::white), Qt::FDiagPattern);
    return QBrush(m_dark ? QColor(0x9e, 0x9e, 0x9e) : QColor(0x75, 0x75, 0x75), Qt::BDiagPattern);
}

QColor HeatmapChart::absentColor() const
{
    return m_dark ? QColor(0x61, 0x61, 0x61) : QColor(0xbd, 0xbd, 0xbd);
}

QColor HeatmapChart::bandColor(int band) const
{
    if (band < kCellCategoryCount)
        return categoryColor(CellCategory(band));
    if (band == kCompileFailedBand)
        return outcomeColor(tuning::OutcomeStatus::CompileFailed, m_dark);
    if (band == kTimeBudgetCutBand)
        return outcomeColor(tuning::OutcomeStatus::TimeBudgetCut, m_dark);
    return absentColor();
}

QString HeatmapChart::bandLabel(int band) const
{
    if (band < kCellCategoryCount)
        return categoryLabel(CellCategory(band));
    if (band == kCompileFailedBand)
        return outcomeLabel(tuning::OutcomeStatus::CompileFailed);
    if (band == kTimeBudgetCutBand)
        return outcomeLabel(tuning::OutcomeStatus::TimeBudgetCut);
    return absentText(m_slice.colourBy);
}

QString HeatmapChart::metricLabel(int metric) const
{
    switch (metric) {
    case kColourByStatus: return tr("Status");
    case int(CandidateMetric::SimulatedP50): return tr("Simulated p50");
    case int(CandidateMetric::RatioToBest): return tr("Ratio to the best");
    case int(CandidateMetric::Measured): return tr("Measured p50");
    case int(CandidateMetric::UbUse): return tr("UB use");
    case int(CandidateMetric::L1Use): return tr("L1 use (cube)");
    case int(CandidateMetric::L0Use): return tr("L0 use (cube)");
    case int(CandidateMetric::Waves): return tr("Waves");
    case int(CandidateMetric::TuningDiff): return tr("Against another tuning");
    }
    return {};
}

QString HeatmapChart::unitText(int metric) const
{
    switch (metric) {
    case int(CandidateMetric::SimulatedP50):
    case int(CandidateMetric::Measured): return tr("µs");
    case int(CandidateMetric::RatioToBest): return tr("× the best");
    case int(CandidateMetric::UbUse): return tr("% of the UB budget");
    case int(CandidateMetric::L1Use): return tr("% of the L1 limit");
    case int(CandidateMetric::L0Use): return tr("% of the L0 limit");
    case int(CandidateMetric::Waves): return tr("waves");
    case int(CandidateMetric::TuningDiff): return tr("× the other tuning");
    }
    return {};
}

QString HeatmapChart::absentText(int metric) const
{
    switch (metric) {
    case int(CandidateMetric::SimulatedP50):
    case int(CandidateMetric::RatioToBest): return tr("not tuned");
    case int(CandidateMetric::Measured): return tr("not measured");
    case int(CandidateMetric::UbUse): return tr("no UB figure");
    case int(CandidateMetric::L1Use):
    case int(CandidateMetric::L0Use): return tr("not a cube candidate");
    case int(CandidateMetric::Waves): return tr("no program count");
    case int(CandidateMetric::TuningDiff): return tr("not in both tunings");
    }
    return {};
}

QString HeatmapChart::metricValueText(int metric, double v) const
{
    if (!std::isfinite(v))
        return absentText(metric);
    const QLocale locale;
    switch (metric) {
    case int(CandidateMetric::SimulatedP50):
    case int(CandidateMetric::Measured): return locale.toString(v, 'f', v < 10 ? 2 : v < 100 ? 1 : 0);
    case int(CandidateMetric::RatioToBest):
    case int(CandidateMetric::TuningDiff): return locale.toString(v, 'f', 2);
    case int(CandidateMetric::UbUse):
    case int(CandidateMetric::L1Use):
    case int(CandidateMetric::L0Use): return locale.toString(v, 'f', 0);
    case int(CandidateMetric::Waves): return locale.toString(qint64(std::llround(v)));
    }
    return {};
}

QColor HeatmapChart::categoryColor(CellCategory c) const
{
    if (c == CellCategory::CompileFailed)
        return outcomeColor(tuning::OutcomeStatus::CompileFailed, m_dark);
    if (c == CellCategory::TimeBudgetCut)
        return outcomeColor(tuning::OutcomeStatus::TimeBudgetCut, m_dark);
    // In CellCategory order. The pruned reasons lie at least 20 apart in CIELAB (ΔE76) from
    // each other in either theme, and clear of the other categories: the reds and browns they
    // were read as one colour in the dark theme (L1 beside L0A/L0B/L0C, UB beside the program
    // limit). Each keeps its hue in both themes.
    static constexpr std::array<ThemedColor, std::size_t(CellCategory::CompileFailed)> kColors = {{
        {0xeeeeee, 0x2b2b2b}, // no candidate
        {0x2e7d32, 0x43a047}, // generated
        {0x1565c0, 0x1e88e5}, // handwritten
        {0xffe082, 0x8d6e00}, // skipped: below the minimum tile
        {0xffca28, 0xb28704}, // skipped: off the walk
        {0xffa726, 0xc77800}, // skipped: too many programs
        {0xfff3c4, 0x6d5a1e}, // skipped: other
        {0xef9a9a, 0x8e2424}, // pruned: UB capacity
        {0xf06292, 0xc2185b}, // pruned: unaligned
        {0xce93d8, 0x5e2a6e}, // pruned: tile exceeds block
        {0x80cbc4, 0x26a69a}, // pruned: program limit
        {0xbcaaa4, 0x5d4037}, // pruned: other
        {0x7e57c2, 0x9575cd}, // incorrect
        {0xff8a65, 0xe65100}, // pruned: L1
        {0x9fa8da, 0x3949ab}, // pruned: L0A / L0B / L0C
        {0xd4e157, 0x827717}, // skipped: a setting the backend never lists
    }};
    return kColors[std::size_t(c)].pick(m_dark);
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
    case CellCategory::Incorrect: return tr("incorrect: data unprocessed or past the end");
    case CellCategory::PrunedL1: return tr("pruned: L1 capacity (tl.dot tiles)");
    case CellCategory::PrunedL0: return tr("pruned: L0A / L0B / L0C capacity (tl.dot tiles)");
    case CellCategory::SkippedOption: return tr("skipped: a generated tiling with a setting the backend never lists");
    case CellCategory::CompileFailed: return outcomeLabel(tuning::OutcomeStatus::CompileFailed);
    case CellCategory::TimeBudgetCut: return outcomeLabel(tuning::OutcomeStatus::TimeBudgetCut);
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
    case CellCategory::Incorrect: return tr("wrong", "heat map cell: incorrect result");
    case CellCategory::PrunedL1: return tr("L1", "heat map cell: L1 capacity");
    case CellCategory::PrunedL0: return tr("L0", "heat map cell: L0A / L0B / L0C capacity");
    case CellCategory::SkippedOption: return tr("skip", "heat map cell: skipped, a setting the backend never lists");
    case CellCategory::CompileFailed: return tr("fail", "heat map cell: compile failed");
    case CellCategory::TimeBudgetCut: return tr("cut", "heat map cell: cut by the time budget");
    }
    return {};
}

// The colours of the cells and the legend (and the colour bar) that says what they mean: one
// pass over the cells shown.
void HeatmapChart::fillCells()
{
    const std::size_t nx = m_slice.xValues.size();
    const std::size_t ny = m_slice.yValues.size();
    QCPColorMapData* data = m_map->data();
    data->setSize(int(nx), int(ny));
    // A single row or column (a strip) spans its range: one cell around 0.
    const auto span = [](std::size_t n) { return n == 1 ? QCPRange(-0.5, 0.5) : QCPRange(0, double(n - 1)); };
    data->setRange(span(nx), span(ny));
    // A legend row: its swatch a square the height of a line, at the top of the row however many
    // lines the label wraps to (a table cell's background would stretch with the label).
    const int side = QFontMetrics(m_legend->font()).height();
    const auto swatch = [this, side](const QColor& colour, const QString& label, std::size_t count,
                                     int hatch = -1) {
        return QStringLiteral(
                   "<tr><td valign='top'>%1</td><td>&nbsp;%2</td><td align='right'>&nbsp;%3</td></tr>")
            .arg(swatchImage(colour, hatch >= 0 ? hatchBrush(hatch) : QBrush(), side), label.toHtmlEscaped(),
                 countText(std::int64_t(count)));
    };
    std::array<std::size_t, kCellCategoryCount> counts{};
    for (CellCategory c : m_slice.categories)
        ++counts[std::size_t(c)];
    QStringList legend;
    const bool byStatus = m_slice.colourBy == kColourByStatus || m_slice.metric.size() != m_slice.cells.size();
    if (byStatus) {
        QCPColorGradient gradient;
        gradient.clearColorStops();
        gradient.setLevelCount(kCellCategoryCount);
        for (int k = 0; k < kCellCategoryCount; ++k)
            gradient.setColorStopAt(double(k) / (kCellCategoryCount - 1), categoryColor(CellCategory(k)));
        m_map->setGradient(gradient);
        m_map->setDataRange(QCPRange(0, kCellCategoryCount - 1));
        m_map->setDataScaleType(QCPAxis::stLinear);
        for (std::size_t y = 0; y < ny; ++y)
            for (std::size_t x = 0; x < nx; ++x)
                data->setCell(int(x), int(y), double(m_slice.categories[y * nx + x]) + 0.25);
        for (int k = 0; k < kCellCategoryCount; ++k)
            if (counts[std::size_t(k)] > 0)
                legend << swatch(categoryColor(CellCategory(k)), categoryLabel(CellCategory(k)), counts[std::size_t(k)]);
        if (m_scale->layout()) {
            m_plot->plotLayout()->take(m_scale);
            m_plot->plotLayout()->simplify();
        }
        m_scale->setVisible(false);
        setLegendText(m_legend, legend);
        return;
    }

    // A figure: the flat bands, then the figure's gradient.
    const pipeline::CandidateMetricValues& info = m_slice.metricInfo;
    const QCPRange range = valueRange(info);
    QCPColorGradient values = valueGradient(info.scale);
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setLevelCount(4000);  // several levels per band
    for (int k = 0; k < kBandCount; ++k) {
        gradient.setColorStopAt(k * kBandWidth + 0.0005, bandColor(k));
        gradient.setColorStopAt((k + 1) * kBandWidth - 0.0005, bandColor(k));
    }
    for (int k = 0; k <= 16; ++k) {
        const double t = double(k) / 16.0;
        gradient.setColorStopAt(kValueStart + (1.0 - kValueStart) * t, QColor::fromRgb(values.color(t, QCPRange(0, 1))));
    }
    m_map->setGradient(gradient);
    m_map->setDataRange(QCPRange(0, 1));
    m_map->setDataScaleType(QCPAxis::stLinear);
    std::array<std::size_t, kBandCount> bandCounts{};
    QRect figures;  // the cells with a figure, in cell coordinates
    for (std::size_t y = 0; y < ny; ++y)
        for (std::size_t x = 0; x < nx; ++x) {
            const std::size_t cell = y * nx + x;
            const std::uint8_t band = m_slice.bands.size() == m_slice.cells.size() ? m_slice.bands[cell] : kAbsentBand;
            if (band == kFigureBand) {
                figures |= QRect(int(x), int(y), 1, 1);
                data->setCell(int(x), int(y),
                              kValueStart + (1.0 - kValueStart) * gradientPosition(m_slice.metric[cell], range, info.scale));
                continue;
            }
            data->setCell(int(x), int(y), bandPosition(band));
            ++bandCounts[band];
            if (hatched(band) && nx * ny <= kMaxCellTexts) {
                // Hatched as well as coloured: a missing figure never reads as a low one, nor an
                // incorrect config's purple as the gradient's dark end.
                auto* hatch = new QCPItemRect(m_plot);
                hatch->topLeft->setCoords(double(x) - 0.5, double(y) + 0.5);
                hatch->bottomRight->setCoords(double(x) + 0.5, double(y) - 0.5);
                hatch->setPen(Qt::NoPen);
                hatch->setBrush(hatchBrush(band));
                hatch->setSelectable(false);
                m_hatches.push_back(hatch);
            }
        }
    m_scale->setGradient(values);
    m_scale->setDataScaleType(info.scale == MetricScale::Linear ? QCPAxis::stLinear : QCPAxis::stLogarithmic);
    m_scale->axis()->setTicker(scaleTicker(m_slice.colourBy, info.scale));
    m_scale->setDataRange(range);
    m_scale->setLabel(m_slice.colourBy == int(CandidateMetric::Waves)
                          ? tr("Waves of programs over the cores")
                          : tr("%1 (%2)", "a figure, then its unit").arg(metricLabel(m_slice.colourBy), unitText(m_slice.colourBy)));
    if (!m_scale->layout())
        m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setVisible(true);

    legend << QStringLiteral("<tr><td colspan='3'><b>%1</b></td></tr>").arg(metricLabel(m_slice.colourBy).toHtmlEscaped());
    if (info.present > 0) {
        const auto end = [&](double at, const QString& text) {
            return QStringLiteral("<tr><td valign='top'>%1</td><td colspan='2'>&nbsp;%2</td></tr>")
                .arg(swatchImage(QColor::fromRgb(values.color(at, QCPRange(0, 1))), QBrush(), side),
                     text.toHtmlEscaped());
        };
        // A time as every view writes it, two decimals (a cell's own label is shorter to fit).
        const bool time = m_slice.colourBy == int(CandidateMetric::SimulatedP50) ||
                          m_slice.colourBy == int(CandidateMetric::Measured);
        const auto figure = [&](double v) {
            return time ? QString::fromStdString(formatUs(v)) : metricValueText(m_slice.colourBy, v);
        };
        // The colours the lowest and the highest cell have (a diverging bar reaches past both).
        legend << end(gradientPosition(info.low, range, info.scale),
                      tr("low: %1 %2").arg(figure(info.low), unitText(m_slice.colourBy)));
        legend << end(gradientPosition(info.high, range, info.scale),
                      tr("high: %1 %2").arg(figure(info.high), unitText(m_slice.colourBy)));
        legend << QStringLiteral("<tr><td></td><td>&nbsp;%1</td><td align='right'>&nbsp;%2</td></tr>")
                      .arg(tr("cells with the figure").toHtmlEscaped(),
                           countText(std::int64_t(info.present)));
    }
    if (info.overflow > 0)
        legend << QStringLiteral("<tr><td></td><td>&nbsp;%1</td><td align='right'>&nbsp;%2</td></tr>")
                      .arg(tr("over capacity (> 100%)").toHtmlEscaped(),
                           countText(std::int64_t(info.overflow)));
    // Figures in a corner of a large slice (35 timed tilings among a thousand pruned ones) open
    // zoomed to their cells and a cell around them, so that their colours can be told apart.
    m_zoom = QRect();
    if (!figures.isEmpty()) {
        const QRect around = figures.adjusted(-1, -1, 1, 1).intersected(QRect(0, 0, int(nx), int(ny)));
        if (2 * std::int64_t(around.width()) * around.height() <= std::int64_t(nx) * std::int64_t(ny))
            m_zoom = around;  // "Show all cells" beside the legend says so and undoes it
    }
    // Which dimensions the cells are reduced over, one line each (a long line would widen the
    // legend's columns).
    for (std::size_t d = 0; d < m_slice.modes.size() && m_space; ++d) {
        const QString name = QString::fromStdString(m_space->dimensions()[d].name);
        if (int(d) == m_slice.xDim || int(d) == m_slice.yDim || m_slice.modes[d] == HiddenMode::Fixed)
            continue;
        legend << QStringLiteral("<tr><td></td><td colspan='2'>&nbsp;%1</td></tr>")
                      .arg((m_slice.modes[d] == HiddenMode::Min ? tr("minimum over %1") : tr("median over %1")).arg(name).toHtmlEscaped());
    }
    // Why the other cells show no figure: the tuning's outcome, then the candidate's status.
    for (int band : {int(kCompileFailedBand), int(kTimeBudgetCutBand), int(kAbsentBand)})
        if (bandCounts[std::size_t(band)] > 0)
            legend << swatch(bandColor(band), bandLabel(band), bandCounts[std::size_t(band)],
                             band != kTimeBudgetCutBand ? band : -1);
    for (int band = 1; band < kCellCategoryCount; ++band)
        if (bandCounts[std::size_t(band)] > 0)
            legend << swatch(bandColor(band), bandLabel(band), bandCounts[std::size_t(band)],
                             hatched(band) ? band : -1);
    if (bandCounts[0] > 0)
        legend << swatch(bandColor(0), bandLabel(0), bandCounts[0]);
    setLegendText(m_legend, legend);
}

// One tick per column, thinned to every n-th so that each label keeps its distance from the
// next: the widest label (x, side by side) or a line (y, stacked) plus a gap, against the
// column's width in pixels. Redone when the cells' size changes (after a layout).
void HeatmapChart::thinTicks()
{
    if (!m_space || m_slice.xValues.empty() || m_slice.xDim < 0)
        return;
    const double cellW = std::abs(m_plot->xAxis->coordToPixel(1.0) - m_plot->xAxis->coordToPixel(0.0));
    const double cellH = std::abs(m_plot->yAxis->coordToPixel(1.0) - m_plot->yAxis->coordToPixel(0.0));
    if (cellW == m_tickPixels[0] && cellH == m_tickPixels[1])
        return;
    m_tickPixels[0] = cellW;
    m_tickPixels[1] = cellH;
    const auto ticker = [this](int dim, const std::vector<std::int64_t>& values, double cell,
                               const QFontMetricsF& fm, bool sideBySide) {
        // A parameter value as the table, the filter and an exported config write it
        // (XBLOCK=12304, never "12,304"); a choice, a flag or "default" as it is written.
        const space::SpaceDimension& d = m_space->dimensions()[std::size_t(dim)];
        const bool numeric = !d.boolean && d.choices.empty() &&
                             std::find(values.begin(), values.end(), space::kUnset) == values.end();
        QStringList texts;
        double room = 0;
        for (std::int64_t v : values) {
            texts << (numeric ? QString::number(v) : valueText(dim, v));
            room = std::max(room, sideBySide ? fm.horizontalAdvance(texts.back()) : fm.height());
        }
        const std::size_t step = cell > 0 ? std::max<std::size_t>(1, std::size_t(std::ceil((room + kTickGap) / cell))) : 1;
        auto t = QSharedPointer<QCPAxisTickerText>::create();
        // Zoomed to a few columns, every step-th one: the round values of the whole axis left
        // two labels in sight.
        std::vector<std::size_t> columns =
            step > 1 && numeric && m_zoom.isEmpty() ? roundColumns(values, step) : std::vector<std::size_t>{};
        if (columns.empty())
            columns = spreadColumns(values.size(), step);
        for (std::size_t i : columns)
            t->addTick(double(i), texts[qsizetype(i)]);
        return t;
    };
    m_plot->xAxis->setTicker(ticker(m_slice.xDim, m_slice.xValues, cellW, QFontMetricsF(m_plot->xAxis->tickLabelFont()), true));
    if (m_slice.yDim >= 0)
        m_plot->yAxis->setTicker(
            ticker(m_slice.yDim, m_slice.yValues, cellH, QFontMetricsF(m_plot->yAxis->tickLabelFont()), false));
}

// Each label shows only when it fits inside its cell (with padding): cells do not overlap, so
// neither do labels. A status label falls back to its first letter; a figure is shown whole or
// not at all.
void HeatmapChart::layoutLabels()
{
    m_labels.clear();
    if (m_texts.empty())
        return;
    QVector<double> gx, gy, hx, hy;  // status cells whose label does not fit get a mark
    const double cellW = std::abs(m_plot->xAxis->coordToPixel(1.0) - m_plot->xAxis->coordToPixel(0.0));
    const double cellH = std::abs(m_plot->yAxis->coordToPixel(1.0) - m_plot->yAxis->coordToPixel(0.0));
    const QFontMetricsF metrics(m_texts.front()->font());
    const std::size_t nx = m_slice.xValues.size();
    const bool byFigure = m_slice.colourBy != kColourByStatus && m_slice.metric.size() == m_slice.cells.size();
    const QCPRange range = byFigure ? valueRange(m_slice.metricInfo) : QCPRange();
    QCPColorGradient values = byFigure ? valueGradient(m_slice.metricInfo.scale) : QCPColorGradient();
    // A figure's labels all or none: some cells labelled and the rest bare read as figures missing
    // (four-digit times did not fit where three-digit ones did).
    bool figuresFit = true;
    if (byFigure)
        for (std::size_t k = 0; k < m_texts.size() && figuresFit; ++k) {
            const std::size_t cell = m_textCells[k].second * nx + m_textCells[k].first;
            if (m_slice.bands.size() == m_slice.cells.size() && m_slice.bands[cell] == kFigureBand)
                figuresFit = metrics.boundingRect(metricValueText(m_slice.colourBy, m_slice.metric[cell])).width() +
                                     2 * kLabelPad <= cellW &&
                             metrics.height() + kLabelPad <= cellH;
        }
    for (std::size_t k = 0; k < m_texts.size(); ++k) {
        const auto [x, y] = m_textCells[k];
        const std::size_t cell = y * nx + x;
        const CellCategory category = m_slice.categories[cell];
        QStringList choices;
        QColor background = categoryColor(category);
        if (byFigure) {
            const double v = m_slice.metric[cell];
            const std::uint8_t band = m_slice.bands.size() == m_slice.cells.size() ? m_slice.bands[cell] : kAbsentBand;
            if (band == kFigureBand) {
                if (figuresFit)
                    choices << metricValueText(m_slice.colourBy, v);
                background = QColor::fromRgb(values.color(gradientPosition(v, range, m_slice.metricInfo.scale), QCPRange(0, 1)));
            } else {
                background = bandColor(band);
            }
        } else {
            const QString full = shortLabel(category);
            choices << full << full.left(1);
        }
        QString shown;
        QSizeF size;
        for (const QString& text : choices) {
            const QRectF bounds = metrics.boundingRect(text);
            if (bounds.width() + 2 * kLabelPad <= cellW && metrics.height() + kLabelPad <= cellH) {
                shown = text;
                size = QSizeF(bounds.width(), metrics.height());
                break;
            }
        }
        QCPItemText* item = m_texts[k];
        item->setVisible(!shown.isEmpty());
        if (shown.isEmpty()) {
            if (!byFigure && category == CellCategory::Generated) {
                gx << double(x);
                gy << double(y);
            } else if (!byFigure && category == CellCategory::Handwritten) {
                hx << double(x);
                hy << double(y);
            }
            continue;
        }
        item->setText(shown);
        item->setColor(background.lightness() > 140 ? QColor(Qt::black) : QColor(Qt::white));
        const QPointF centre = cellCenterPixel(x, y);
        m_labels.push_back({x, y, shown, QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2,
                                                size.width(), size.height())});
    }
    // m_textCells runs y-major; QCustomPlot wants the marks sorted by x.
    m_generatedMarks->setData(gx, gy, false);
    m_handwrittenMarks->setData(hx, hy, false);
}

} // namespace ts::gui
