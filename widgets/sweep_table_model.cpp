#include "widgets/sweep_table_model.h"

#include "core/util/format.h"
#include "widgets/core_text.h"
#include "widgets/quantity_text.h"

#include <QColor>
#include <QLocale>

#include <limits>

namespace ts::gui {

SweepTableModel::SweepTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SweepTableModel::setResult(std::shared_ptr<const sweep::SweepResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    m_differing.clear();
    if (m_result && !m_result->cover.configs.empty()) {
        const auto& configs = m_result->cover.configs;
        auto valueOf = [](const sweep::CoverConfig& c, const std::string& name) -> const std::string* {
            for (const auto& [n, v] : c.params)
                if (n == name)
                    return &v;
            return nullptr;
        };
        for (const auto& [name, value] : configs.front().params)
            for (const sweep::CoverConfig& c : configs) {
                const std::string* v = valueOf(c, name);
                if (!v || *v != value) {
                    m_differing << QString::fromStdString(name);
                    break;
                }
            }
    }
    endResetModel();
}

void SweepTableModel::setDarkPalette(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::ForegroundRole});
}

int SweepTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->shapes.size());
}

int SweepTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SweepTableModel::configText(const sweep::CoverConfig& config, const QStringList& first)
{
    QStringList parts, rest;
    for (const auto& [name, value] : config.params) {
        const QString key = QString::fromStdString(name);
        (first.contains(key) ? parts : rest) << key + QLatin1Char('=') + QString::fromStdString(value);
    }
    parts << rest;
    if (config.numWarps != 4)
        parts << QStringLiteral("num_warps=%1").arg(config.numWarps);
    if (config.numStages != 3)
        parts << QStringLiteral("num_stages=%1").arg(config.numStages);
    return parts.join(QStringLiteral(", "));
}

const sweep::ShapeCover* SweepTableModel::cover(int row) const
{
    if (!m_result || row < 0 || std::size_t(row) >= m_result->cover.shapes.size())
        return nullptr;
    const sweep::ShapeCover& c = m_result->cover.shapes[std::size_t(row)];
    return c.measured ? &c : nullptr;
}

QString SweepTableModel::displayText(int row, int column) const
{
    const sweep::ShapeOutcome& shape = m_result->shapes[std::size_t(row)];
    const sweep::ShapeCover* c = cover(row);
    const auto& configs = m_result->cover.configs;
    // Kernel times in µs, as in every other view and the CLI (core/util/format.h).
    auto us = [](double ms) { return QString::fromStdString(formatUs(ms * 1000.0)); };
    switch (Column(column)) {
    case ShapeColumn: return QString::fromStdString(shape.shape.describe());
    case BestConfig: return c && c->best < configs.size() ? configText(configs[c->best], m_differing) : QString();
    case BestMs:
        return c ? us(c->bestMs) : QString();
    case ChosenConfig:
        return c && c->chosen && *c->chosen < configs.size() ? configText(configs[*c->chosen], m_differing) : QString();
    case ChosenMs:
        return c && c->chosen ? us(c->chosenMs) : QString();
    case Loss: return c && c->chosen ? QLocale().toString(c->lossPercent, 'f', 1) : QString();
    case Source: {
        if (!shape.record)
            return shape.error ? tr("failed: %1").arg(coreText(*shape.error)) : tr("failed");
        if (!c)
            return tr("nothing measured");
        const QString source = shape.fromCache ? tr("cache") : tr("tuned");
        // A config of another shape beat the shape's own tuning there: the tuning (its cache
        // entry) keeps the backend's own best, so the two times differ, and the row says why.
        const cache::CandidateRecord* own = shape.record->best();
        if (own && own->p50Ms && c->bestMs < *own->p50Ms)
            return tr("%1; the best is another shape's config (the backend's own best: %2)")
                .arg(source, timeUsText(*own->p50Ms * 1000.0));
        return source;
    }
    case ColumnCount: break;
    }
    return {};
}

QVariant SweepTableModel::sortValue(int row, int column) const
{
    const sweep::ShapeCover* c = cover(row);
    const double inf = std::numeric_limits<double>::infinity();
    switch (Column(column)) {
    case ShapeColumn: return row;  // grid order
    case BestMs: return c ? c->bestMs : inf;
    case ChosenMs: return c && c->chosen ? c->chosenMs : inf;
    case Loss: return c && c->chosen ? c->lossPercent : inf;
    default: return displayText(row, column);
    }
}

QVariant SweepTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole: return displayText(index.row(), index.column());
    case SortRole: return sortValue(index.row(), index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == BestMs || index.column() == ChosenMs || index.column() == Loss)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole: {
        const sweep::ShapeCover* c = cover(index.row());
        if (index.column() == Source && !m_result->shapes[std::size_t(index.row())].record)
            return m_dark ? QColor(0xef, 0x73, 0x73) : QColor(0xc6, 0x28, 0x28);
        if (index.column() == Loss && c && c->chosen && c->lossPercent > m_result->cover.tolerance * 100.0 + 1e-9)
            return m_dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xb2, 0x6a, 0x00);
        return {};
    }
    case Qt::ToolTipRole:
        if (index.column() == BestConfig || index.column() == ChosenConfig || index.column() == Source)
            return displayText(index.row(), index.column());
        if (index.column() == BestMs)
            return displayText(index.row(), Source);
        return {};
    default: return {};
    }
}

QVariant SweepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case ChosenConfig: return tr("The config of the covering set that is fastest at this shape");
        case Loss: return tr("How much slower the covering config is than the shape's own best");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case ShapeColumn: return tr("Shape");
    case BestConfig: return tr("Best config");
    case BestMs:
        return tr("Best p50 (µs)");
    case ChosenConfig: return tr("Covering config");
    case ChosenMs:
        return tr("Its p50 (µs)");
    case Loss: return tr("Loss (%)");
    case Source: return tr("Source");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ts::gui
