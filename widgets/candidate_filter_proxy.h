#pragma once
// Filters and sorts the candidate table straight on the space's arrays (no QVariant per row):
// a status, a reason, and a query of terms such as `XBLOCK>=1024 multibuffer=True off-walk`,
// read and evaluated by core (space/candidate_query.h, the same as `tilescope tune --lattice
// --filter`); a word also matches a status or reason as the table shows it (translated).

#include "core/space/candidate_query.h"
#include "core/space/candidate_space.h"

#include <QSortFilterProxyModel>

#include <optional>
#include <vector>

namespace ts::gui {

class CandidateTableModel;

class CandidateFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit CandidateFilterProxy(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* model) override;

    void setStatusFilter(std::optional<space::CandidateStatus> status);
    void setReasonFilter(std::optional<space::ReasonCode> reason);
    // Returns false (and keeps the valid terms) when a term is not understood; see queryError().
    bool setQuery(const QString& query);
    QString query() const { return m_query; }
    QString queryError() const { return m_queryError; }
    // Whether every term of the query is understood (the CLI's --filter would take it).
    bool queryUnderstood() const { return m_queryError.isEmpty(); }
    std::optional<space::CandidateStatus> statusFilter() const { return m_status; }
    std::optional<space::ReasonCode> reasonFilter() const { return m_reason; }

Q_SIGNALS:
    void filterChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    void resolveQuery();
    void refilter();

    CandidateTableModel* m_model = nullptr;
    std::optional<space::CandidateStatus> m_status;
    std::optional<space::ReasonCode> m_reason;
    QString m_query;
    QString m_queryError;
    space::CandidateQuery m_parsed;  // the query, parsed and evaluated by core
};

} // namespace ts::gui
