#include "widgets/tuning_record_model.h"
#include "widgets/core_text.h"

#include "core/util/format.h"
#include "widgets/status_colors.h"

#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ts::gui {

TuningRecordModel::TuningRecordModel(QObject* parent) : QAbstractTableModel(parent) {}

void TuningRecordModel::setRecord(std::shared_ptr<const cache::TuningRecord> record)
{
    beginResetModel();
    m_record = std::move(record);
    m_params.clear();
    m_paramSlots.clear();
    if (m_record) {
        // Columns in first-appearance order, as the exported config list orders them.
        for (const auto& c : m_record->candidates)
            for (const auto& [name, value] : c.params)
                if (std::find(m_params.begin(), m_params.end(), name) == m_params.end())
                    m_params.push_back(name);
        m_paramSlots.reserve(m_record->candidates.size());
        for (const auto& c : m_record->candidates) {
            std::vector<int> slots(m_params.size(), -1);
            for (std::size_t i = 0; i < c.params.size(); ++i) {
                const auto it = std::find(m_params.begin(), m_params.end(), c.params[i].first);
                slots[std::size_t(it - m_params.begin())] = int(i);
            }
            m_paramSlots.push_back(std::move(slots));
        }
    }
    m_varies.assign(std::size_t(configColumnCount()), false);
    if (m_record && !m_record->candidates.empty())
        for (int column = 1; column < configColumnCount(); ++column) {
            const QString first = displayText(m_record->candidates.front(), 0, column);
            for (std::size_t row = 1; row < m_record->candidates.size() && !m_varies[std::size_t(column)]; ++row)
                m_varies[std::size_t(column)] = displayText(m_record->candidates[row], row, column) != first;
        }
    endResetModel();
}

bool TuningRecordModel::columnVaries(int column) const
{
    return column >= 0 && std::size_t(column) < m_varies.size() && m_varies[std::size_t(column)];
}

int TuningRecordModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_record ? 0 : int(m_record->candidates.size());
}

int TuningRecordModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : configColumnCount() + 5;
}

TuningRecordModel::Kind TuningRecordModel::kindOf(int column, int* param) const
{
    const int params = int(m_params.size());
    if (column == 0)
        return Kind::Index;
    if (column < 1 + params) {
        if (param)
            *param = column - 1;
        return Kind::Param;
    }
    static constexpr Kind tail[] = {Kind::NumWarps, Kind::NumStages, Kind::Status, Kind::P50, Kind::P20, Kind::P80,
                                    Kind::Reason};
    return tail[column - 1 - params];
}

namespace {

// A reason of several lines (an overflow and its live tiles) on the row's one line, the lines
// run on: cut to the first line it read as whole. The tooltip keeps the lines.
QString oneLine(const QString& text)
{
    QString out;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString trimmed = line.trimmed();
        if (!out.isEmpty())
            out += out.endsWith(QLatin1Char(':')) || out.endsWith(QChar(0xFF1A)) ? QStringLiteral(" ") : QStringLiteral(" · ");
        out += trimmed;
    }
    return out;
}

} // namespace

QString TuningRecordModel::displayText(const cache::CandidateRecord& c, std::size_t row, int column) const
{
    // In µs, as every kernel time of the explorer (the unit is in the header).
    auto us = [](const std::optional<double>& ms) {
        return ms && std::isfinite(*ms) ? QString::fromStdString(formatUs(*ms * 1000.0)) : QString();
    };
    int param = -1;
    switch (kindOf(column, &param)) {
    case Kind::Index: return QString::number(row);
    case Kind::Status: return storedStatusLabel(c.status);
    case Kind::Param: {
        const int slot = m_paramSlots[row][std::size_t(param)];
        return slot < 0 ? QString() : QString::fromStdString(c.params[std::size_t(slot)].second);
    }
    case Kind::NumWarps: return QString::number(c.numWarps);
    case Kind::NumStages: return QString::number(c.numStages);
    case Kind::P50: return us(c.p50Ms);
    case Kind::P20: return us(c.p20Ms);
    case Kind::P80: return us(c.p80Ms);
    case Kind::Reason:
        return oneLine(c.reasonMessage.empty() ? QString::fromStdString(c.reasonCode) : coreText(c.reasonMessage));
    }
    return {};
}

QVariant TuningRecordModel::sortValue(const cache::CandidateRecord& c, std::size_t row, int column) const
{
    auto ms = [](const std::optional<double>& t) {
        return t && std::isfinite(*t) ? *t : std::numeric_limits<double>::infinity();
    };
    int param = -1;
    switch (kindOf(column, &param)) {
    case Kind::Index: return qulonglong(row);
    case Kind::Param: {
        // Numbers sort as numbers, anything else as text.
        const QString text = displayText(c, row, column);
        bool ok = false;
        const double value = text.toDouble(&ok);
        return ok ? QVariant(value) : QVariant(text);
    }
    case Kind::NumWarps: return c.numWarps;
    case Kind::NumStages: return c.numStages;
    case Kind::P50: return ms(c.p50Ms);
    case Kind::P20: return ms(c.p20Ms);
    case Kind::P80: return ms(c.p80Ms);
    default: return displayText(c, row, column);
    }
}

QVariant TuningRecordModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const std::size_t row = std::size_t(index.row());
    const cache::CandidateRecord& c = m_record->candidates[row];
    switch (role) {
    case Qt::DisplayRole: return displayText(c, row, index.column());
    case SortRole: return sortValue(c, row, index.column());
    case CandidateRole: return qulonglong(row);
    case Qt::FontRole:
        if (m_record->bestIndex && *m_record->bestIndex == row) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole: {
        const Kind kind = kindOf(index.column());
        if (kind != Kind::Status && kind != Kind::Reason)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    case Qt::ToolTipRole:
        if (kindOf(index.column()) == Kind::Reason && !c.reasonMessage.empty())
            return coreText(c.reasonMessage);
        return {};
    default: return {};
    }
}

QVariant TuningRecordModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole && section >= 0 &&
        section < columnCount() && kindOf(section) == Kind::Reason)
        return QVariant::fromValue(Qt::AlignLeft |
                                   Qt::AlignVCenter); // over its text, which starts on the left
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    int param = -1;
    switch (kindOf(section, &param)) {
    case Kind::Index: return tr("#");
    case Kind::Status: return tr("Status");
    case Kind::Param: return QString::fromStdString(m_params[std::size_t(param)]);
    case Kind::NumWarps: return QStringLiteral("num_warps");
    case Kind::NumStages: return QStringLiteral("num_stages");
    case Kind::P50: return tr("p50 (µs)");
    case Kind::P20: return tr("p20 (µs)");
    case Kind::P80: return tr("p80 (µs)");
    case Kind::Reason: return tr("Reason");
    }
    return {};
}

} // namespace ts::gui
