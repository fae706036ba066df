#include "widgets/candidate_table_model.h"
#include "widgets/core_text.h"

#include "core/util/format.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"

#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <utility>

namespace ts::gui {
namespace {

using space::CandidateStatus;
using space::kUnset;

constexpr int kFixedBefore = 1;  // the index column
constexpr int kMetricColumns = 8;
// Rows scanned for num_warps / num_stages that differ: the backend's and handwritten lists come
// first in the space, and lattice rows past them take the defaults.
constexpr std::size_t kOptionScanRows = 200000;
constexpr int kTimingColumns = 5;  // outcome, p50, p20, p80, against the best


} // namespace

CandidateTableModel::CandidateTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void CandidateTableModel::setSpace(std::shared_ptr<const space::CandidateSpace> space)
{
    beginResetModel();
    m_space = std::move(space);
    m_dimensionCount = m_space ? int(m_space->dimensions().size()) : 0;
    m_options.clear();
    if (m_space && m_space->size() > 0) {
        // A lattice that varies num_warps or num_stages has a dimension of that name: its column
        // shows the config's value (columnKind), and no second column of the same name.
        bool warpsColumn = true, stagesColumn = true;
        for (const space::SpaceDimension& dim : m_space->dimensions()) {
            warpsColumn = warpsColumn && dim.kind != space::SpaceDimension::Kind::NumWarps;
            stagesColumn = stagesColumn && dim.kind != space::SpaceDimension::Kind::NumStages;
        }
        bool warps = false, stages = false;
        const int warps0 = m_space->numWarps(0), stages0 = m_space->numStages(0);
        for (std::size_t i = 1; i < std::min(m_space->size(), kOptionScanRows) && !(warps && stages); ++i) {
            warps = warps || m_space->numWarps(i) != warps0;
            stages = stages || m_space->numStages(i) != stages0;
        }
        if (warps && warpsColumn)
            m_options.push_back(Column::NumWarps);
        if (stages && stagesColumn)
            m_options.push_back(Column::NumStages);
    }
    if (m_timings && (!m_space || m_timings->size() != m_space->size()))
        m_timings.reset();  // timings belong to the space they were measured on
    if (m_measured && (!m_space || m_measured->size() != m_space->size()))
        m_measured.reset();
    endResetModel();
}

void CandidateTableModel::setTimings(std::shared_ptr<const CandidateTimings> timings)
{
    if (timings && (!m_space || timings->size() != m_space->size()))
        timings.reset();
    if (bool(timings) == bool(m_timings)) {
        m_timings = std::move(timings);
        refreshBest();
        if (rowCount() > 0 && m_timings)
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    const int first = metricsBase() + kMetricColumns;
    if (timings) {
        beginInsertColumns({}, first, first + kTimingColumns - 1);
        m_timings = std::move(timings);
        refreshBest();
        endInsertColumns();
        if (rowCount() > 0)  // row colours follow the outcome
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, first - 1), {Qt::BackgroundRole});
    } else {
        beginRemoveColumns({}, first, first + kTimingColumns - 1);
        m_timings.reset();
        refreshBest();
        endRemoveColumns();
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::BackgroundRole});
    }
}

void CandidateTableModel::refreshBest()
{
    m_best.reset();
    m_bestP50 = 0;
    if (!m_timings)
        return;
    if (m_measuredBest) {
        const double us = measuredUs(*m_measuredBest);
        if (!std::isnan(us) && us > 0) {
            m_best = m_measuredBest;
            m_bestP50 = us;
            return;
        }
        m_measuredBest.reset();  // the measured times it was chosen from are gone
    }
    if (m_timings->best && *m_timings->best < m_timings->size() && !std::isnan(m_timings->p50Us(*m_timings->best))) {
        m_best = *m_timings->best;
    } else {
        // The fastest p50, the lowest index among equals (the figures come in no order).
        double best = 0.0;
        m_timings->forEach([&](std::size_t i, const CandidateTimings::Figures& f) {
            if (std::isnan(f.p50Us))
                return;
            if (!m_best || f.p50Us < best || (f.p50Us == best && i < *m_best)) {
                m_best = i;
                best = f.p50Us;
            }
        });
    }
    if (m_best)
        m_bestP50 = m_timings->p50Us(*m_best);
}

void CandidateTableModel::updateTimings(std::size_t first, std::size_t last, bool bestChanged,
                                        std::optional<std::size_t> previousBest, bool wholeColumn)
{
    if (!m_timings || rowCount() == 0)
        return;
    last = std::min(last, std::size_t(rowCount() - 1));
    const int lastColumn = columnOf(Column::SpeedUp);
    if (bestChanged) {
        refreshBest();
        // The speed-ups move together; the order by speed-up does not (it is the order by p50).
        if (wholeColumn)
            Q_EMIT dataChanged(index(0, lastColumn), index(rowCount() - 1, lastColumn), {Qt::DisplayRole, Qt::ToolTipRole});
        for (std::optional<std::size_t> row : {previousBest, m_best})
            if (row && *row < std::size_t(rowCount()))
                Q_EMIT dataChanged(index(int(*row), 0), index(int(*row), columnCount() - 1));
    } else if (!m_best) {
        refreshBest();
    }
    if (first <= last)
        Q_EMIT dataChanged(index(int(first), 0), index(int(last), lastColumn));
}

void CandidateTableModel::setMeasuredBest(std::optional<std::size_t> candidate)
{
    if (candidate == m_measuredBest)
        return;
    m_measuredBest = candidate;
    refreshBest();
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

tuning::OutcomeStatus CandidateTableModel::outcome(std::size_t candidate) const
{
    if (!m_timings || candidate >= m_timings->size())
        return tuning::OutcomeStatus::NotTuned;
    if (m_measuredBest && m_timings->hasOutcomes()) {
        // Ranked by measured time: the measured best is the best; the tuning's own pick is one of
        // the benchmarked.
        const tuning::OutcomeStatus o = m_timings->outcome(candidate);
        if (o != tuning::OutcomeStatus::Best && o != tuning::OutcomeStatus::Benchmarked)
            return o;
        return candidate == *m_measuredBest ? tuning::OutcomeStatus::Best : tuning::OutcomeStatus::Benchmarked;
    }
    if (m_timings->hasOutcomes())
        return m_timings->outcome(candidate);
    if (std::isnan(m_timings->p50Us(candidate)))
        return tuning::OutcomeStatus::NotTuned;
    return m_best == candidate ? tuning::OutcomeStatus::Best : tuning::OutcomeStatus::Benchmarked;
}

std::optional<std::size_t> CandidateTableModel::bestCandidate() const
{
    return m_best;
}

void CandidateTableModel::setMeasured(std::shared_ptr<const std::vector<double>> measuredMs)
{
    if (measuredMs && (!m_space || measuredMs->size() != m_space->size()))
        measuredMs.reset();
    // The last column comes or goes, or changes in place: never a reset, which a view pays for
    // with every row (a lattice has millions).
    if (!measuredMs && !m_measured)
        return;
    const int column = metricsBase() + kMetricColumns + (m_timings ? kTimingColumns : 0);
    if (measuredMs && m_measured) {
        m_measured = std::move(measuredMs);
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0, column), index(rowCount() - 1, column));
    } else if (measuredMs) {
        beginInsertColumns({}, column, column);
        m_measured = std::move(measuredMs);
        endInsertColumns();
    } else {
        beginRemoveColumns({}, column, column);
        m_measured.reset();
        endRemoveColumns();
    }
}

double CandidateTableModel::measuredUs(std::size_t candidate) const
{
    if (!m_measured || candidate >= m_measured->size())
        return std::nan("");
    return (*m_measured)[candidate] * 1000.0;
}

double CandidateTableModel::speedUp(std::size_t row) const
{
    if (!m_timings || !m_best || m_bestP50 <= 0)
        return std::nan("");
    const double p50 = m_measuredBest ? measuredUs(row) : m_timings->p50Us(row);
    return std::isnan(p50) ? p50 : p50 / m_bestP50;
}

QColor CandidateTableModel::rowTint(std::size_t row) const
{
    const tuning::OutcomeStatus o = outcome(row);
    if (o == tuning::OutcomeStatus::Best)
        return outcomeTint(o, m_dark);
    return candidateStatusTint(m_space->status(row), o, m_dark);
}

void CandidateTableModel::setDarkPalette(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                           {Qt::BackgroundRole, Qt::ForegroundRole});
}

int CandidateTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_space)
        return 0;
    return int(m_space->size());
}

int CandidateTableModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_space)
        return 0;
    return metricsBase() + kMetricColumns + (m_timings ? kTimingColumns : 0) + (m_measured ? 1 : 0);
}

bool CandidateTableModel::columnVaries(int column) const
{
    switch (columnKind(column)) {
    case Column::Param: return m_space && m_space->dimensions()[std::size_t(column - kFixedBefore)].values.size() > 1;
    case Column::NumWarps:
    case Column::NumStages: return true;  // present only when they differ
    default: return false;
    }
}

CandidateTableModel::Column CandidateTableModel::columnKind(int column) const
{
    if (column == 0)
        return Column::Index;
    if (column < kFixedBefore + m_dimensionCount) {
        switch (m_space->dimensions()[std::size_t(column - kFixedBefore)].kind) {
        case space::SpaceDimension::Kind::NumWarps: return Column::NumWarps;
        case space::SpaceDimension::Kind::NumStages: return Column::NumStages;
        default: return Column::Param;
        }
    }
    if (column < metricsBase())
        return m_options[std::size_t(column - kFixedBefore - m_dimensionCount)];
    if (m_measured && column == columnOf(Column::Measured))
        return Column::Measured;
    const int metric = column - metricsBase();
    static constexpr Column kMetrics[] = {Column::Status, Column::Reason, Column::Tile, Column::UbBytes,
                                          Column::UbShare, Column::Programs, Column::Waves, Column::LastWave,
                                          Column::Outcome, Column::P50, Column::P20, Column::P80, Column::SpeedUp};
    return kMetrics[std::min(metric, int(std::size(kMetrics)) - 1)];
}

int CandidateTableModel::columnOf(Column kind) const
{
    const int base = metricsBase();
    switch (kind) {
    case Column::Index: return 0;
    case Column::Param: return m_dimensionCount > 0 ? kFixedBefore : -1;
    case Column::NumWarps:
    case Column::NumStages: {
        const auto it = std::find(m_options.begin(), m_options.end(), kind);
        if (it != m_options.end())
            return kFixedBefore + m_dimensionCount + int(it - m_options.begin());
        for (int d = 0; d < m_dimensionCount; ++d)
            if (columnKind(kFixedBefore + d) == kind)
                return kFixedBefore + d;
        return -1;
    }
    case Column::Status: return base;
    case Column::Reason: return base + 1;
    case Column::Tile: return base + 2;
    case Column::UbBytes: return base + 3;
    case Column::UbShare: return base + 4;
    case Column::Programs: return base + 5;
    case Column::Waves: return base + 6;
    case Column::LastWave: return base + 7;
    case Column::Outcome: return m_timings ? base + 8 : -1;
    case Column::P50: return m_timings ? base + 9 : -1;
    case Column::P20: return m_timings ? base + 10 : -1;
    case Column::P80: return m_timings ? base + 11 : -1;
    case Column::SpeedUp: return m_timings ? base + 12 : -1;
    case Column::Measured: return m_measured ? base + kMetricColumns + (m_timings ? kTimingColumns : 0) : -1;
    }
    return -1;
}

double CandidateTableModel::timing(std::size_t row, Column kind) const
{
    if (!m_timings)
        return std::nan("");
    switch (kind) {
    case Column::P50: return m_timings->p50Us(row);
    case Column::P20: return m_timings->p20Us(row);
    case Column::P80: return m_timings->p80Us(row);
    case Column::SpeedUp: return speedUp(row);
    default: return std::nan("");
    }
}

bool CandidateTableModel::lessThan(std::size_t a, std::size_t b, int column) const
{
    const space::CandidateSpace& s = *m_space;
    switch (columnKind(column)) {
    case Column::Index: return a < b;
    case Column::Param: {
        const int d = column - kFixedBefore;
        return s.value(a, std::size_t(d)) < s.value(b, std::size_t(d));  // kUnset is the smallest int64: unset sorts first
    }
    case Column::NumWarps: return s.numWarps(a) < s.numWarps(b);
    case Column::NumStages: return s.numStages(a) < s.numStages(b);
    case Column::Status: return s.status(a) < s.status(b);
    case Column::Reason: return s.reason(a) < s.reason(b);
    case Column::Tile: return s.metrics(a).tileElements < s.metrics(b).tileElements;
    case Column::UbBytes:
    case Column::UbShare: return s.metrics(a).ubBytes < s.metrics(b).ubBytes;
    case Column::Programs: return s.metrics(a).programs < s.metrics(b).programs;
    case Column::Waves: return s.metrics(a).waves < s.metrics(b).waves;
    case Column::LastWave: return s.metrics(a).lastWaveUtilisation < s.metrics(b).lastWaveUtilisation;
    case Column::Outcome: return outcome(a) < outcome(b);
    case Column::P50:
    case Column::P20:
    case Column::P80:
    case Column::SpeedUp: {
        const double x = timing(a, columnKind(column));
        const double y = timing(b, columnKind(column));
        if (std::isnan(x) || std::isnan(y))
            return !std::isnan(x) && std::isnan(y);  // measured ones first
        return x < y;
    }
    case Column::Measured: {
        const double x = measuredUs(a), y = measuredUs(b);
        if (std::isnan(x) || std::isnan(y))
            return !std::isnan(x) && std::isnan(y);
        return x < y;
    }
    }
    return a < b;
}

std::function<double(std::size_t)> CandidateTableModel::sortKey(int column) const
{
    if (!m_space)
        return [](std::size_t) { return std::nan(""); };
    std::shared_ptr<const space::CandidateSpace> s = m_space;
    // The tuning's figures as they are now, copied for the candidates it tuned only (one pass
    // on this thread); the worker that sorts lays them out by row once, `other` for every row the
    // tuning did not reach.
    auto tuned = [this](auto pick, double other) {
        auto figures = std::make_shared<std::vector<std::pair<std::size_t, double>>>();
        if (m_timings) {
            figures->reserve(m_timings->tunedCount());
            m_timings->forEach([&](std::size_t i, const CandidateTimings::Figures& f) { figures->emplace_back(i, pick(i, f)); });
        }
        auto column = std::make_shared<std::vector<double>>();
        auto laidOut = std::make_shared<std::once_flag>();
        return [figures, column, laidOut, other, rows = m_space->size()](std::size_t row) {
            std::call_once(*laidOut, [&] {
                column->assign(rows, other);
                for (const auto& [i, v] : *figures)
                    (*column)[i] = v;
            });
            return (*column)[row];
        };
    };
    switch (columnKind(column)) {
    case Column::Index: return [](std::size_t row) { return double(row); };
    case Column::Param: {
        const int d = column - kFixedBefore;
        // kUnset is the smallest int64: unset sorts first.
        return [s, d](std::size_t row) { return double(s->value(row, std::size_t(d))); };
    }
    case Column::NumWarps: return [s](std::size_t row) { return double(s->numWarps(row)); };
    case Column::NumStages: return [s](std::size_t row) { return double(s->numStages(row)); };
    case Column::Status: return [s](std::size_t row) { return double(s->status(row)); };
    case Column::Reason: return [s](std::size_t row) { return double(s->reason(row)); };
    case Column::Tile: return [s](std::size_t row) { return double(s->metrics(row).tileElements); };
    case Column::UbBytes:
    case Column::UbShare: return [s](std::size_t row) { return double(s->metrics(row).ubBytes); };
    case Column::Programs: return [s](std::size_t row) { return double(s->metrics(row).programs); };
    case Column::Waves: return [s](std::size_t row) { return double(s->metrics(row).waves); };
    case Column::LastWave: return [s](std::size_t row) { return s->metrics(row).lastWaveUtilisation; };
    case Column::Outcome:
        return tuned([this](std::size_t row, const CandidateTimings::Figures&) { return double(outcome(row)); },
                     double(tuning::OutcomeStatus::NotTuned));
    case Column::P50:
    case Column::P20:
    case Column::P80:
    case Column::SpeedUp: {
        if (columnKind(column) == Column::SpeedUp && m_measuredBest) {  // the measured order
            std::shared_ptr<const std::vector<double>> measured = m_measured;
            return [measured](std::size_t row) {
                return measured && row < measured->size() ? (*measured)[row] * 1000.0 : std::nan("");
            };
        }
        const Column kind = columnKind(column) == Column::SpeedUp ? Column::P50 : columnKind(column);  // same order
        return tuned(
            [kind](std::size_t, const CandidateTimings::Figures& f) {
                return kind == Column::P20 ? f.p20Us : kind == Column::P80 ? f.p80Us : f.p50Us;
            },
            std::nan(""));
    }
    case Column::Measured: {
        std::shared_ptr<const std::vector<double>> measured = m_measured;
        return [measured](std::size_t row) { return measured && row < measured->size() ? (*measured)[row] : std::nan(""); };
    }
    }
    return [](std::size_t row) { return double(row); };
}

QString CandidateTableModel::describeParams(std::size_t candidate) const
{
    if (!m_space || candidate >= m_space->size())
        return {};
    QStringList parts;
    for (const auto& [name, value] : m_space->params(candidate))
        parts << QString::fromStdString(name) + QLatin1Char('=') + QString::fromStdString(value.toPython());
    if (m_space->numWarps(candidate) != 1 || m_space->origin(candidate) == CandidateStatus::User)
        parts << QStringLiteral("num_warps=%1").arg(m_space->numWarps(candidate));
    return parts.join(QStringLiteral(", "));
}

QVariant CandidateTableModel::sortValue(std::size_t row, int column) const
{
    const space::CandidateSpace& s = *m_space;
    switch (columnKind(column)) {
    case Column::Index: return qulonglong(row);
    case Column::Param: return qint64(s.value(row, std::size_t(column - kFixedBefore)));
    case Column::NumWarps: return s.numWarps(row);
    case Column::NumStages: return s.numStages(row);
    case Column::Status: return int(s.status(row));
    case Column::Reason: return int(s.reason(row));
    case Column::Tile: return qint64(s.metrics(row).tileElements);
    case Column::UbBytes: return qint64(s.metrics(row).ubBytes);
    case Column::UbShare: return s.metrics(row).ubShare;
    case Column::Programs: return qint64(s.metrics(row).programs);
    case Column::Waves: return qint64(s.metrics(row).waves);
    case Column::LastWave: return s.metrics(row).lastWaveUtilisation;
    case Column::Outcome: return int(outcome(row));
    case Column::P50:
    case Column::P20:
    case Column::P80:
    case Column::SpeedUp: return timing(row, columnKind(column));
    case Column::Measured: return measuredUs(row);
    }
    return {};
}

QString CandidateTableModel::displayText(std::size_t row, int column) const
{
    const space::CandidateSpace& s = *m_space;
    const QLocale locale;
    switch (columnKind(column)) {
    case Column::Index: return QString::number(row);
    case Column::Param: {
        const int d = column - kFixedBefore;
        const std::int64_t v = s.value(row, std::size_t(d));
        if (v == kUnset)
            return QStringLiteral("–");
        const space::SpaceDimension& dim = s.dimensions()[std::size_t(d)];
        if (dim.boolean || !dim.choices.empty())
            return QString::fromStdString(dim.text(v));
        return QString::number(v);
    }
    case Column::NumWarps: return QString::number(s.numWarps(row));
    case Column::NumStages: return QString::number(s.numStages(row));
    // Once tuned, a failed compile or the time budget's cut names the row as its colour does, and
    // the failure fills the reason a generated row otherwise leaves empty.
    case Column::Status: return candidateStatusLabel(s.status(row), outcome(row));
    case Column::Reason:
        if (s.reason(row) == space::ReasonCode::None) {
            const tuning::OutcomeStatus o = outcome(row);
            if (o == tuning::OutcomeStatus::CompileFailed && m_timings && m_timings->failureOf)
                return m_timings->failureOf(row);
        }
        return reasonLabel(s.reason(row));
    case Column::Tile: return locale.toString(qint64(s.metrics(row).tileElements));
    // A tl.dot candidate's footprint is its L1 and L0 buffers (the details pane): no UB figure,
    // rather than "0 B" and an overflow of a zero budget.
    case Column::UbBytes: return s.metrics(row).cube ? QStringLiteral("–") : bytesText(s.metrics(row).ubBytes);
    case Column::UbShare: return s.metrics(row).cube ? QStringLiteral("–") : ubShareText(s.metrics(row));
    case Column::Programs: return locale.toString(qint64(s.metrics(row).programs));
    case Column::Waves: return locale.toString(qint64(s.metrics(row).waves));
    case Column::LastWave: return s.metrics(row).programs > 0 ? percentText(s.metrics(row).lastWaveUtilisation)
                                                              : QStringLiteral("–");
    case Column::Outcome: {
        const tuning::OutcomeStatus o = outcome(row);
        return o == tuning::OutcomeStatus::NotTuned ? QStringLiteral("–") : outcomeLabel(o);
    }
    case Column::P50:
    case Column::P20:
    case Column::P80: {
        const double t = timing(row, columnKind(column));
        return std::isnan(t) ? QStringLiteral("–") : QString::fromStdString(formatUs(t));  // the unit is in the header
    }
    case Column::SpeedUp: {
        const double x = speedUp(row);
        if (std::isnan(x))
            return QStringLiteral("–");
        // An incorrect config may run faster than the best, which it never is: "0.36×" would
        // read as a config 2.8 times as fast. Its p50 stays in the p50 column.
        if (s.status(row) == CandidateStatus::Incorrect)
            return statusLabel(CandidateStatus::Incorrect);
        return ratioText(x);
    }
    case Column::Measured: {
        const double t = measuredUs(row);
        return std::isnan(t) ? QStringLiteral("–") : QString::fromStdString(formatUs(t));
    }
    }
    return {};
}

QVariant CandidateTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_space || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const std::size_t row = std::size_t(index.row());
    switch (role) {
    case Qt::DisplayRole: return displayText(row, index.column());
    case SortRole: return sortValue(row, index.column());
    case CandidateRole: return qulonglong(row);
    case StatusRole: return int(m_space->status(row));
    case ReasonRole: return int(m_space->reason(row));
    case Qt::ToolTipRole: {
        const QString why = coreText(m_space->reasonMessage(row));
        QString tip = QStringLiteral("#%1  %2\n%3").arg(row).arg(describeParams(row), statusLabel(m_space->status(row)));
        if (!why.isEmpty())
            tip += QStringLiteral(": ") + why;
        const tuning::OutcomeStatus o = outcome(row);
        if (o != tuning::OutcomeStatus::NotTuned) {
            tip += QLatin1Char('\n') + outcomeLabel(o);
            if (o == tuning::OutcomeStatus::CompileFailed) {
                if (m_timings->failureOf)
                    tip += QStringLiteral(": ") + m_timings->failureOf(row);
            } else {
                tip += tr(": p50 %1 (p20 %2, p80 %3)")
                           .arg(timeUsText(m_timings->p50Us(row)), timeUsText(m_timings->p20Us(row)),
                                timeUsText(m_timings->p80Us(row)));
                if (const double x = speedUp(row); !std::isnan(x) && o != tuning::OutcomeStatus::Best)
                    tip += tr(", %1 the best's").arg(ratioText(x));
            }
        }
        return tip;
    }
    case Qt::BackgroundRole: return rowTint(row);
    case Qt::ForegroundRole:
        if (columnKind(index.column()) == Column::Status)
            return readableTableText(candidateStatusColor(m_space->status(row), outcome(row), m_dark), rowTint(row),
                                     m_dark);
        if (columnKind(index.column()) == Column::Outcome)
            return readableTableText(outcomeColor(outcome(row), m_dark), rowTint(row), m_dark);
        return {};
    case Qt::FontRole:
        if (outcome(row) == tuning::OutcomeStatus::Best) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole: {
        const Column kind = columnKind(index.column());
        if (kind == Column::Status || kind == Column::Reason || kind == Column::Outcome)
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return int(Qt::AlignRight | Qt::AlignVCenter);
    }
    default: return {};
    }
}

QVariant CandidateTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || !m_space || section < 0 || section >= columnCount())
        return {};
    const Column kind = columnKind(section);
    if (role == Qt::DisplayRole) {
        switch (kind) {
        case Column::Index: return tr("#");
        case Column::Param:
            return QString::fromStdString(m_space->dimensions()[std::size_t(section - kFixedBefore)].name);
        case Column::NumWarps: return QStringLiteral("num_warps");
        case Column::NumStages: return QStringLiteral("num_stages");
        case Column::Status: return tr("Status");
        case Column::Reason: return tr("Reason");
        case Column::Tile: return tr("Tile (elements)");
        case Column::UbBytes: return tr("UB use");
        case Column::UbShare: return tr("UB share");
        case Column::Programs: return tr("Programs");
        case Column::Waves: return tr("Waves");
        case Column::LastWave: return tr("Last wave");
        case Column::Outcome: return tr("Tuning");
        case Column::P50: return tr("p50 (µs)");
        case Column::P20: return tr("p20 (µs)");
        case Column::P80: return tr("p80 (µs)");
        case Column::SpeedUp: return tr("vs best");
        case Column::Measured: return tr("Measured (µs)");
        }
    }
    if (role == Qt::ToolTipRole) {
        // A dimension's column, num_warps and num_stages of a lattice too, says what it varies.
        const bool dimension = section >= kFixedBefore && section < kFixedBefore + m_dimensionCount;
        switch (dimension ? Column::Param : kind) {
        case Column::Index: return tr("Position in the space: the backend's list first, then the lattice");
        case Column::Param: {
            const auto& dim = m_space->dimensions()[std::size_t(section - kFixedBefore)];
            switch (dim.kind) {
            case space::SpaceDimension::Kind::Tunable: return tr("Tunable parameter generated by the backend");
            case space::SpaceDimension::Kind::Hint: return tr("Hint dimension crossed with the generated tiling");
            case space::SpaceDimension::Kind::Multibuffer: return tr("multibuffer variant (– = the device default)");
            case space::SpaceDimension::Kind::NumWarps: return tr("num_warps variant (SIMT)");
            case space::SpaceDimension::Kind::NumStages:
                return tr("num_stages of the lattice's option points, set apart from multibuffer");
            }
            return {};
        }
        case Column::NumWarps: return tr("num_warps of the config (it differs between rows)");
        case Column::NumStages: return tr("num_stages of the config (it differs between rows; the backend may couple it to multibuffer)");
        case Column::Status: return tr("generated: in the backend's list; handwritten: a triton.Config of the decorator; "
                                       "skipped: valid but never visited by the backend's walk; pruned: breaks a hard constraint");
        case Column::Reason: return tr("Why the candidate has its status; the full text is in the tooltip and the details pane");
        case Column::Tile: return tr("Elements one program holds in UB at a time");
        case Column::UbBytes: return tr("Tile x element size x buffers");
        case Column::UbShare: return tr("Share of the UB budget the backend tiles against");
        case Column::Programs: return tr("Programs in the launch grid");
        case Column::Waves: return tr("Rounds of programs over the vector cores");
        case Column::LastWave: return tr("Share of the vector cores busy in the last wave");
        case Column::P50:
        case Column::P20:
        case Column::P80: return tr("Measured on the simulated NPU (quantiles of the benchmark runs)");
        case Column::Outcome: return tr("What the tuning made of the candidate: compile failed, benchmarked, or best "
                                        "(the one the autotuner picks)");
        case Column::SpeedUp: return tr("p50 over the best candidate's p50: how many times slower than the best it is");
        case Column::Measured: return tr("Measured on real hardware: the median p50 of the imported timings of this "
                                         "config (tilescope measure import)");
        }
    }
    return {};
}

} // namespace ts::gui
