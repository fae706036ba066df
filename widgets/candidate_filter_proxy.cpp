#include "widgets/candidate_filter_proxy.h"

#include "widgets/candidate_table_model.h"
#include "widgets/status_colors.h"

#include <QRegularExpression>

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
            resolveTerms();
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
    m_terms.clear();
    QStringList unknown;
    static const QRegularExpression kComparison(
        QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)\\s*(==|=|!=|<=|>=|<|>)\\s*(-?[0-9]+|true|false)$"),
        QRegularExpression::CaseInsensitiveOption);
    for (const QString& raw : query.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        Term term;
        const QRegularExpressionMatch m = kComparison.match(raw);
        if (m.hasMatch()) {
            const QString op = m.captured(2);
            term.op = op == QLatin1String("!=")   ? Term::Op::Ne
                      : op == QLatin1String("<")  ? Term::Op::Lt
                      : op == QLatin1String("<=") ? Term::Op::Le
                      : op == QLatin1String(">")  ? Term::Op::Gt
                      : op == QLatin1String(">=") ? Term::Op::Ge
                                                  : Term::Op::Eq;
            const QString value = m.captured(3).toLower();
            term.value = value == QLatin1String("true") ? 1 : value == QLatin1String("false") ? 0 : value.toLongLong();
            const QString name = m.captured(1);
            const QString lower = name.toLower();
            if (lower == QLatin1String("tile"))
                term.field = Term::Field::Tile;
            else if (lower == QLatin1String("ub"))
                term.field = Term::Field::Ub;
            else if (lower == QLatin1String("programs"))
                term.field = Term::Field::Programs;
            else if (lower == QLatin1String("waves"))
                term.field = Term::Field::Waves;
            else {
                term.field = Term::Field::Dimension;
                term.dimensionName = name;
            }
        } else {
            term.field = Term::Field::Word;
            term.word = raw.toLower();
            // Resolved once into masks: no string work per row.
            using space::CandidateStatus;
            for (CandidateStatus st : {CandidateStatus::Generated, CandidateStatus::Pruned, CandidateStatus::Skipped,
                                       CandidateStatus::User})
                if (QString::fromLatin1(space::statusName(st)).contains(term.word) ||
                    statusLabel(st).toLower().contains(term.word))
                    term.statusMask |= 1u << unsigned(st);
            for (int r = 1; r < space::kReasonCodeCount; ++r) {
                const auto code = space::ReasonCode(r);
                if (QString::fromLatin1(space::reasonCodeName(code)).contains(term.word) ||
                    reasonLabel(code).toLower().contains(term.word))
                    term.reasonMask |= 1u << unsigned(r);
            }
            if (term.statusMask == 0 && term.reasonMask == 0)
                unknown << raw;
        }
        m_terms.push_back(std::move(term));
    }
    resolveTerms();
    for (const Term& t : m_terms)
        if (t.field == Term::Field::Dimension && t.dimension < 0)
            unknown << t.dimensionName;
    m_queryError = unknown.isEmpty() ? QString()
                                     : tr("Not understood (ignored): %1").arg(unknown.join(QStringLiteral(", ")));
    refilter();
    return unknown.isEmpty();
}

void CandidateFilterProxy::resolveTerms()
{
    const space::CandidateSpace* s = m_model && m_model->space() ? m_model->space().get() : nullptr;
    for (Term& t : m_terms) {
        if (t.field != Term::Field::Dimension)
            continue;
        t.dimension = -1;
        if (!s)
            continue;
        const auto& dims = s->dimensions();
        for (std::size_t d = 0; d < dims.size(); ++d)
            if (QString::fromStdString(dims[d].name).compare(t.dimensionName, Qt::CaseInsensitive) == 0)
                t.dimension = int(d);
    }
}

void CandidateFilterProxy::refilter()
{
    invalidateFilter();
    Q_EMIT filterChanged();
}

bool CandidateFilterProxy::matches(const Term& term, std::size_t row) const
{
    const space::CandidateSpace& s = *m_model->space();
    std::int64_t v = 0;
    switch (term.field) {
    case Term::Field::Word:
        if (term.statusMask == 0 && term.reasonMask == 0)
            return true;  // reported as not understood
        return (term.statusMask & (1u << unsigned(s.status(row)))) ||
               (term.reasonMask & (1u << unsigned(s.reason(row))));
    case Term::Field::Dimension:
        if (term.dimension < 0)
            return true;  // reported as an error, not silently emptying the table
        v = s.values(row)[term.dimension];
        if (v == space::kUnset)
            return false;
        break;
    case Term::Field::Tile: v = s.metrics(row).tileElements; break;
    case Term::Field::Ub: v = s.metrics(row).ubBytes / 1024; break;
    case Term::Field::Programs: v = s.metrics(row).programs; break;
    case Term::Field::Waves: v = s.metrics(row).waves; break;
    }
    switch (term.op) {
    case Term::Op::Eq: return v == term.value;
    case Term::Op::Ne: return v != term.value;
    case Term::Op::Lt: return v < term.value;
    case Term::Op::Le: return v <= term.value;
    case Term::Op::Gt: return v > term.value;
    case Term::Op::Ge: return v >= term.value;
    }
    return true;
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
    for (const Term& t : m_terms)
        if (!matches(t, row))
            return false;
    return true;
}

bool CandidateFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (!m_model || !m_model->space())
        return QSortFilterProxyModel::lessThan(left, right);
    return m_model->lessThan(std::size_t(left.row()), std::size_t(right.row()), left.column());
}

} // namespace ts::gui
