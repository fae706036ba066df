#pragma once
// Filters and sorts the candidate table straight on the space's arrays (no QVariant per row):
// a status, a reason, and a query of terms such as `XBLOCK>=1024 multibuffer=True off-walk`,
// read and evaluated by core (space/candidate_query.h, the same as `tilescope tune --lattice
// --filter`); a word also matches a status or reason as the table shows it (translated).
//
// The order is a list of source rows computed from a snapshot of the filters, the sort column's
// keys and the space. Spaces up to `asyncThreshold()` rows are ordered at once on the calling
// thread; bigger ones (a lattice of a million points) on a worker, so the GUI thread only swaps
// the finished list in: until then the table keeps showing the previous order. The order stays
// live while a tuning fills the timing columns: a table sorted by one of them is sorted again as
// batches arrive (at most every `resortInterval()` for the big ones).

#include "core/space/candidate_query.h"
#include "core/space/candidate_space.h"

#include <QAbstractProxyModel>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QTimer;

namespace ts::gui {

class BackgroundJob;
class CandidateTableModel;

class CandidateFilterProxy : public QAbstractProxyModel {
    Q_OBJECT
public:
    explicit CandidateFilterProxy(QObject* parent = nullptr);
    ~CandidateFilterProxy() override;

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

    // Rows above this many are filtered and sorted on a worker (default: never).
    void setAsyncThreshold(std::size_t rows) { m_asyncThreshold = rows; }
    std::size_t asyncThreshold() const { return m_asyncThreshold; }
    // The shortest time between two orders computed on a worker because timings changed.
    void setResortInterval(int ms);
    int resortInterval() const;
    // No order is waiting to be computed or being computed: the rows shown are final.
    bool isSettled() const;
    // The candidates shown, in the order shown.
    std::vector<std::size_t> candidates() const;
    // The job that orders big spaces (tests hold it with a probe).
    BackgroundJob* job() const { return m_job; }

    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex& sourceIndex) const override;

    // The order shown: identity (every source row, in source order) or a list of source rows.
    struct Order {
        bool identity = true;
        std::size_t identityRows = 0;
        std::vector<std::uint32_t> rows;     // proxy row -> source row
        std::vector<std::int32_t> inverse;   // source row -> proxy row, -1 when filtered out
    };

Q_SIGNALS:
    // The rows shown follow a new filter (emitted once the filtered rows are in place).
    void filterChanged();
    // A newly computed order was put in place (filter, sort or both).
    void orderApplied();

private:
    void resolveTerms();
    void refilter();
    void reorder(bool filterChanged);
    void applyOrder(std::shared_ptr<const Order> order, bool filterChanged);
    void sourceReset();
    void sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight, const QList<int>& roles);
    bool sortsByTiming() const;

    CandidateTableModel* m_model = nullptr;
    std::optional<space::CandidateStatus> m_status;
    std::optional<space::ReasonCode> m_reason;
    QString m_query;
    QString m_queryError;
    space::CandidateQuery m_parsed;  // the query, parsed and evaluated by core
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;

    std::shared_ptr<const Order> m_order;
    std::size_t m_asyncThreshold = SIZE_MAX;
    BackgroundJob* m_job = nullptr;
    QTimer* m_resortTimer = nullptr;
    bool m_pendingFilterChange = false;  // a running job carries a new filter
    bool m_resortQueued = false;         // timings changed while a job ran
};

} // namespace ts::gui
