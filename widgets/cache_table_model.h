#pragma once
// The tunings of a config cache as a table, one row per stored tuning (the cache's list
// summaries). Stale rows are tinted and say "stale"; rows whose kernel is not the open one
// say "unknown" because their source cannot be compared.

#include "core/cache/config_cache.h"

#include <QAbstractTableModel>

#include <vector>

namespace ts::gui {

class CacheTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1,  // raw value of the cell
        IdRole,                       // the tuning's id (qint64)
        FreshnessRole,                // int(cache::Freshness), or -1 when unknown
    };
    enum Column { Id, State, Kernel, Key, Dtypes, Device, Method, Simulator, Backend, Created, Candidates,
                  BestParams, BestP50, ColumnCount };

    explicit CacheTableModel(QObject* parent = nullptr);

    void setSummaries(std::vector<cache::TuningSummary> summaries);
    const std::vector<cache::TuningSummary>& summaries() const { return m_rows; }
    const cache::TuningSummary* summary(int row) const;
    int rowOfId(std::int64_t id) const;  // -1 when absent
    std::size_t staleCount() const;
    void setDarkPalette(bool dark);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Shared with the details pane.
    static QString keyText(const cache::TuningKey& key);
    // "float16 ×3" for three float16 tensors (torch. dropped); the full list is in the tooltip.
    static QString dtypesText(const std::vector<std::string>& dtypes);
    static QString paramsText(const cache::TextPairs& params);
    static QString createdText(const std::string& iso);
    static QString freshnessText(const std::optional<cache::Freshness>& freshness);

private:
    QString displayText(const cache::TuningSummary& row, int column) const;
    QVariant sortValue(const cache::TuningSummary& row, int column) const;

    std::vector<cache::TuningSummary> m_rows;
    bool m_dark = false;
};

} // namespace ts::gui
