#include "widgets/cache_table_model.h"

#include "core/util/format.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"

#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QLocale>

#include <limits>

namespace ts::gui {
namespace {

QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

QColor staleTint(bool dark)
{
    return dark ? QColor(0xff, 0xb7, 0x4d, 70) : QColor(0xff, 0xa7, 0x26, 60);
}

QColor staleText(bool dark)
{
    return dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xb2, 0x6a, 0x00);
}

QColor freshText(bool dark)
{
    return dark ? QColor(0x66, 0xbb, 0x6a) : QColor(0x2e, 0x7d, 0x32);
}

} // namespace

CacheTableModel::CacheTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void CacheTableModel::setSummaries(std::vector<cache::TuningSummary> summaries)
{
    beginResetModel();
    m_rows = std::move(summaries);
    endResetModel();
}

const cache::TuningSummary* CacheTableModel::summary(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? &m_rows[std::size_t(row)] : nullptr;
}

int CacheTableModel::rowOfId(std::int64_t id) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].id == id)
            return int(i);
    return -1;
}

std::size_t CacheTableModel::staleCount() const
{
    std::size_t n = 0;
    for (const auto& row : m_rows)
        n += row.freshness == cache::Freshness::Stale;
    return n;
}

void CacheTableModel::setDarkPalette(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                           {Qt::BackgroundRole, Qt::ForegroundRole});
}

int CacheTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CacheTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CacheTableModel::keyText(const cache::TuningKey& key)
{
    QStringList parts;
    for (const auto& [name, value] : key.keyValues)
        parts << fromStd(name) + QLatin1Char('=') + fromStd(value);
    return parts.join(QStringLiteral(", "));
}

QString CacheTableModel::dtypesText(const std::vector<std::string>& dtypes)
{
    QStringList parts;
    for (std::size_t i = 0; i < dtypes.size();) {
        std::size_t j = i;
        while (j < dtypes.size() && dtypes[j] == dtypes[i])
            ++j;
        QString name = fromStd(dtypes[i]);
        if (name.startsWith(QLatin1String("torch.")))
            name = name.mid(6);
        parts << (j - i > 1 ? name + QStringLiteral(" ×%1").arg(j - i) : name);
        i = j;
    }
    return parts.join(QStringLiteral(", "));
}

QString CacheTableModel::paramsText(const cache::TextPairs& params)
{
    QStringList parts;
    for (const auto& [name, value] : params)
        parts << fromStd(name) + QLatin1Char('=') + fromStd(value);
    return parts.join(QStringLiteral(", "));
}

QString CacheTableModel::createdText(const std::string& iso)
{
    const QDateTime time = QDateTime::fromString(fromStd(iso), Qt::ISODateWithMs);
    if (!time.isValid())
        return fromStd(iso);
    return time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QString CacheTableModel::freshnessText(const std::optional<cache::Freshness>& freshness)
{
    if (!freshness)
        return tr("unknown");
    switch (*freshness) {
    case cache::Freshness::Fresh: return tr("fresh");
    case cache::Freshness::Stale: return tr("stale");
    case cache::Freshness::Miss: break;
    }
    return tr("unknown");
}

QString CacheTableModel::displayText(const cache::TuningSummary& row, int column) const
{
    switch (Column(column)) {
    case Id: return QString::number(row.id);
    case Kernel: return fromStd(row.key.kernelName);
    case Key:  // a lattice tuning names its subset: "[lattice filter=XBLOCK>=1024]"
        return row.key.candidateSet.empty() ? keyText(row.key)
                                            : keyText(row.key) + QStringLiteral(" [%1]").arg(fromStd(row.key.candidateSet));
    case Dtypes: return dtypesText(row.key.dtypes);
    case Device: return fromStd(row.key.device);
    case Method:
        return benchMethodText(row.key.benchMethod);
    case Simulator: return fromStd(row.key.simulatorVersion);
    case Backend: return fromStd(row.key.backend);
    case Created: return createdText(row.createdAt);
    case Candidates:
        return countText(row.candidateCount);
    case BestParams: {
        QString text = paramsText(row.bestParams);
        if (row.bestNumWarps)
            text += QStringLiteral(", num_warps=%1").arg(*row.bestNumWarps);
        if (row.bestNumStages)
            text += QStringLiteral(", num_stages=%1").arg(*row.bestNumStages);
        return row.bestIndex ? text : tr("none");
    }
    case BestP50: return row.bestP50Ms ? QString::fromStdString(formatUs(*row.bestP50Ms * 1000.0)) : QString();
    case State: return freshnessText(row.freshness);
    case ColumnCount: break;
    }
    return {};
}

QVariant CacheTableModel::sortValue(const cache::TuningSummary& row, int column) const
{
    switch (Column(column)) {
    case Id: return qint64(row.id);
    case Candidates: return qulonglong(row.candidateCount);
    case BestP50: return row.bestP50Ms ? *row.bestP50Ms : std::numeric_limits<double>::infinity();
    case Created: return fromStd(row.createdAt);  // ISO text sorts by time
    case State: return row.freshness ? int(*row.freshness) : -1;
    default: return displayText(row, column);
    }
}

QVariant CacheTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const cache::TuningSummary& row = m_rows[std::size_t(index.row())];
    const bool stale = row.freshness == cache::Freshness::Stale;
    switch (role) {
    case Qt::DisplayRole: return displayText(row, index.column());
    case SortRole: return sortValue(row, index.column());
    case IdRole: return qint64(row.id);
    case FreshnessRole: return row.freshness ? int(*row.freshness) : -1;
    case Qt::TextAlignmentRole:
        if (index.column() == Id || index.column() == Candidates || index.column() == BestP50)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::BackgroundRole:
        if (stale)
            return staleTint(m_dark);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == State && row.freshness == cache::Freshness::Fresh)
            return freshText(m_dark);
        if (index.column() == State && stale)
            return staleText(m_dark);
        return {};
    case Qt::FontRole:
        if (index.column() == State && stale) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == State) {
            if (!row.freshness)
                return tr("The kernel of this tuning is not the one open: its source cannot be compared.");
            if (stale)
                return tr("The kernel's source changed since this tuning: its configs may no longer be the best.");
            return tr("Tuned on the kernel as it is now.");
        }
        if (index.column() == Dtypes) {
            QStringList all;
            for (const std::string& d : row.key.dtypes)
                all << fromStd(d);
            return all.join(QStringLiteral(", "));
        }
        if (index.column() == Key || index.column() == BestParams)
            return displayText(row, index.column());
        if (index.column() == Kernel && !row.workloadPath.empty())
            return tr("Workload: %1").arg(fromStd(row.workloadPath));
        return {};
    default: return {};
    }
}

QVariant CacheTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Key: return tr("The key arguments of the autotune decorator and their values");
        case Method: return tr("The benchmark method (TRITON_BENCH_METHOD)");
        case Simulator: return tr("The version of the simulated NPU the tuning ran on");
        case Backend: return tr("The Triton-Ascend version whose candidates were tuned");
        case BestP50: return tr("Median time of the best config, in microseconds");
        case State: return tr("Whether the tuning was made on the kernel's current source");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Id: return tr("Id");
    case Kernel: return tr("Kernel");
    case Key: return tr("Key");
    case Dtypes: return tr("Dtypes");
    case Device: return tr("Device");
    case Method: return tr("Method");
    case Simulator: return tr("Simulator");
    case Backend: return tr("Backend");
    case Created: return tr("Created");
    case Candidates: return tr("Candidates");
    case BestParams: return tr("Best config");
    case BestP50: return tr("Best p50 (µs)");
    case State: return tr("State");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ts::gui
