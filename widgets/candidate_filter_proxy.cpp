#include "widgets/candidate_filter_proxy.h"

#include "widgets/candidate_table_model.h"
#include "widgets/status_colors.h"


namespace ts::gui {

CandidateFilterProxy::CandidateFilterProxy(QObject* parent) : QSortFilterProxyModel(parent)
{
    setSortRole(CandidateTableModel::SortRole);
    // Sorting a million rows on every reset would stall the view: sort only when asked.
    setDynamicSortFilter(false);
}

void CandidateFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = qobject_cast<CandidateTableModel*>(model);
    QSortFilterProxyModel::setSourceModel(model);
    if (m_model) {
        // Dimension indices belong to one space: resolve the terms again after a reset.
        connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
            resolveQuery();
            refilter();
        });
    }
}

void CandidateFilterProxy::setStatusFilter(std::optional<space::CandidateStatus> status)
{
    if (status == m_status)
        return;
    m_status = status;
    refilter();
}

void CandidateFilterProxy::setReasonFilter(std::optional<space::ReasonCode> reason)
{
    if (reason == m_reason)
        return;
    m_reason = reason;
    refilter();
}

bool CandidateFilterProxy::setQuery(const QString& query)
{
    m_query = query;
    // The labels as the table shows them, so that a translated word filters too.
    space::QueryLabels labels;
    using space::CandidateStatus;
    for (CandidateStatus st : {CandidateStatus::Generated, CandidateStatus::Pruned, CandidateStatus::Skipped,
                               CandidateStatus::User})
        labels.status[std::size_t(st)] = statusLabel(st).toLower().toStdString();
    for (int r = 1; r < space::kReasonCodeCount; ++r)
        labels.reason[std::size_t(r)] = reasonLabel(space::ReasonCode(r)).toLower().toStdString();
    m_parsed = space::CandidateQuery::parse(query.toStdString(), &labels);
    resolveQuery();
    refilter();
    return m_queryError.isEmpty();
}

void CandidateFilterProxy::resolveQuery()
{
    // Dimension indices belong to one space.
    m_parsed.bind(m_model && m_model->space() ? m_model->space().get() : nullptr);
    QStringList unknown;
    for (const std::string& term : m_parsed.problems())
        unknown << QString::fromStdString(term);
    m_queryError = unknown.isEmpty() ? QString()
                                     : tr("Not understood (ignored): %1").arg(unknown.join(QStringLiteral(", ")));
}

void CandidateFilterProxy::refilter()
{
    invalidateFilter();
    Q_EMIT filterChanged();
}

bool CandidateFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid() || !m_model || !m_model->space())
        return true;
    const std::size_t row = std::size_t(sourceRow);
    const space::CandidateSpace& s = *m_model->space();
    if (m_status && s.status(row) != *m_status)
        return false;
    if (m_reason && s.reason(row) != *m_reason)
        return false;
    return m_parsed.matches(s, row);
}

bool CandidateFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (!m_model || !m_model->space())
        return QSortFilterProxyModel::lessThan(left, right);
    return m_model->lessThan(std::size_t(left.row()), std::size_t(right.row()), left.column());
}

} // namespace ts::gui
