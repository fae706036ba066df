#pragma once
// Filters and sorts the candidate table straight on the space's arrays (no QVariant per row):
// a status, a reason, and a query of terms such as `XBLOCK>=1024 multibuffer=True off-walk`.
//   - `name op value` (op: = == != < <= > >=) on a dimension, or on tile, ub (KiB),
//     programs, waves;
//   - any other word matches a status or reason name (English or as shown).

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

Q_SIGNALS:
    void filterChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    struct Term {
        enum class Field { Dimension, Tile, Ub, Programs, Waves, Word };
        enum class Op { Eq, Ne, Lt, Le, Gt, Ge };
        Field field = Field::Word;
        int dimension = -1;
        Op op = Op::Eq;
        std::int64_t value = 0;
        QString dimensionName;  // re-resolved when the space changes
        QString word;           // Word: lower case
        std::uint32_t statusMask = 0;  // Word: statuses it names
        std::uint32_t reasonMask = 0;  // Word: reasons it names
    };
    void resolveTerms();
    bool matches(const Term& term, std::size_t row) const;
    void refilter();

    CandidateTableModel* m_model = nullptr;
    std::optional<space::CandidateStatus> m_status;
    std::optional<space::ReasonCode> m_reason;
    QString m_query;
    QString m_queryError;
    std::vector<Term> m_terms;
};

} // namespace ts::gui
