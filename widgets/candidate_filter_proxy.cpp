#include "widgets/candidate_filter_proxy.h"

#include "widgets/background_job.h"
#include "widgets/candidate_table_model.h"
#include "widgets/status_colors.h"

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

namespace ts::gui {

namespace {

using Order = CandidateFilterProxy::Order;

// What an order is computed from: copies and shared immutable data only, so a worker may own it.
struct OrderRequest {
    std::shared_ptr<const space::CandidateSpace> space;
    std::optional<space::CandidateStatus> status;
    std::optional<space::ReasonCode> reason;
    space::CandidateQuery query;
    std::function<double(std::size_t)> key;  // null: source order
    bool descending = false;

    bool filters() const
    {
        return status || reason || query.narrows();
    }
};

// Null when stopped.
std::shared_ptr<const Order> computeOrder(const OrderRequest& r, const std::function<bool()>& stopped)
{
    auto order = std::make_shared<Order>();
    const std::size_t n = r.space ? r.space->size() : 0;
    if (!r.filters() && !r.key) {
        order->identityRows = n;
        return order;
    }
    order->identity = false;
    const space::CandidateSpace* s = r.space.get();
    order->rows.reserve(r.filters() ? 0 : n);
    for (std::size_t row = 0; row < n; ++row) {
        if ((row & 0xffff) == 0 && stopped && stopped())
            return nullptr;
        if (r.status && s->status(row) != *r.status)
            continue;
        if (r.reason && s->reason(row) != *r.reason)
            continue;
        if (r.query.matches(*s, row))
            order->rows.push_back(std::uint32_t(row));
    }
    if (r.key) {
        std::vector<std::pair<double, std::uint32_t>> keyed;
        keyed.reserve(order->rows.size());
        for (std::uint32_t row : order->rows)
            keyed.emplace_back(r.key(row), row);
        if (stopped && stopped())
            return nullptr;
        // Rows without a value last in either direction; ties in source order.
        const bool descending = r.descending;
        std::sort(keyed.begin(), keyed.end(), [descending](const auto& a, const auto& b) {
            const bool an = std::isnan(a.first), bn = std::isnan(b.first);
            if (an != bn)
                return bn;
            if (!an && a.first != b.first)
                return descending ? a.first > b.first : a.first < b.first;
            return a.second < b.second;
        });
        for (std::size_t i = 0; i < keyed.size(); ++i)
            order->rows[i] = keyed[i].second;
    }
    order->inverse.assign(n, -1);
    for (std::size_t i = 0; i < order->rows.size(); ++i)
        order->inverse[order->rows[i]] = std::int32_t(i);
    return order;
}

int rowCountOf(const Order& o)
{
    return o.identity ? int(o.identityRows) : int(o.rows.size());
}

int sourceRowOf(const Order& o, int row)
{
    if (row < 0 || row >= rowCountOf(o))
        return -1;
    return o.identity ? row : int(o.rows[std::size_t(row)]);
}

int proxyRowOf(const Order& o, int source)
{
    if (o.identity)
        return source >= 0 && std::size_t(source) < o.identityRows ? source : -1;
    return source >= 0 && std::size_t(source) < o.inverse.size() ? o.inverse[std::size_t(source)] : -1;
}

} // namespace

CandidateFilterProxy::CandidateFilterProxy(QObject* parent)
    : QAbstractProxyModel(parent), m_order(std::make_shared<Order>()), m_job(new BackgroundJob(this))
{
    m_resortTimer = new QTimer(this);
    m_resortTimer->setSingleShot(true);
    m_resortTimer->setInterval(250);
    connect(m_resortTimer, &QTimer::timeout, this, [this] { reorder(false); });
}

CandidateFilterProxy::~CandidateFilterProxy() = default;

void CandidateFilterProxy::setResortInterval(int ms)
{
    m_resortTimer->setInterval(ms);
}

int CandidateFilterProxy::resortInterval() const
{
    return m_resortTimer->interval();
}

bool CandidateFilterProxy::isSettled() const
{
    return !m_job->isRunning() && !m_resortTimer->isActive();
}

std::vector<std::size_t> CandidateFilterProxy::candidates() const
{
    std::vector<std::size_t> out(std::size_t(rowCountOf(*m_order)));
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = std::size_t(sourceRowOf(*m_order, int(i)));
    return out;
}

void CandidateFilterProxy::setSourceModel(QAbstractItemModel* model)
{
    beginResetModel();
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    m_job->stop();
    m_model = qobject_cast<CandidateTableModel*>(model);
    QAbstractProxyModel::setSourceModel(model);
    auto order = std::make_shared<Order>();
    order->identityRows = model ? std::size_t(model->rowCount()) : 0;
    m_order = std::move(order);
    endResetModel();
    if (!model)
        return;
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        m_job->stop();
        m_resortTimer->stop();
        beginResetModel();
    });
    connect(model, &QAbstractItemModel::modelReset, this, &CandidateFilterProxy::sourceReset);
    connect(model, &QAbstractItemModel::dataChanged, this, &CandidateFilterProxy::sourceDataChanged);
    connect(model, &QAbstractItemModel::headerDataChanged, this, &QAbstractItemModel::headerDataChanged);
    connect(model, &QAbstractItemModel::columnsAboutToBeInserted, this,
            [this](const QModelIndex&, int first, int last) { beginInsertColumns({}, first, last); });
    connect(model, &QAbstractItemModel::columnsInserted, this, [this](const QModelIndex&, int first, int last) {
        if (m_sortColumn >= first)
            m_sortColumn += last - first + 1;
        endInsertColumns();
    });
    connect(model, &QAbstractItemModel::columnsAboutToBeRemoved, this,
            [this](const QModelIndex&, int first, int last) { beginRemoveColumns({}, first, last); });
    connect(model, &QAbstractItemModel::columnsRemoved, this, [this](const QModelIndex&, int first, int last) {
        if (m_sortColumn > last)
            m_sortColumn -= last - first + 1;
        else if (m_sortColumn >= first)
            m_sortColumn = -1;  // the rows keep the order they have
        endRemoveColumns();
    });
    if (model->rowCount() > 0)
        reorder(true);
}

void CandidateFilterProxy::sourceReset()
{
    // Dimension indices belong to one space: resolve the terms again.
    resolveTerms();
    const std::size_t rows = m_model ? std::size_t(m_model->rowCount()) : 0;
    if (m_sortColumn >= (m_model ? m_model->columnCount() : 0))
        m_sortColumn = -1;
    // Until the new space is ordered: every row in source order, or none while a filter is on.
    auto interim = std::make_shared<Order>();
    const bool filtering = m_status || m_reason || !m_parsed.empty();
    if (filtering)
        interim->identity = false, interim->inverse.assign(rows, -1);
    else
        interim->identityRows = rows;
    m_order = interim;
    endResetModel();
    if (rows > 0 && (filtering || m_sortColumn >= 0))
        reorder(true);
    else
        Q_EMIT orderApplied();
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
                               CandidateStatus::User, CandidateStatus::Incorrect})
        labels.status[std::size_t(st)] = statusLabel(st).toLower().toStdString();
    for (int r = 1; r < space::kReasonCodeCount; ++r)
        labels.reason[std::size_t(r)] = reasonLabel(space::ReasonCode(r)).toLower().toStdString();
    m_parsed = space::CandidateQuery::parse(query.toStdString(), &labels);
    resolveTerms();
    refilter();
    return m_queryError.isEmpty();
}

void CandidateFilterProxy::resolveTerms()
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
    reorder(true);
}

void CandidateFilterProxy::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column;
    m_sortOrder = order;
    reorder(false);
}

bool CandidateFilterProxy::sortsByTiming() const
{
    if (!m_model || m_sortColumn < 0)
        return false;
    using Column = CandidateTableModel::Column;
    switch (m_model->columnKind(m_sortColumn)) {
    case Column::Outcome:
    case Column::P50:
    case Column::P20:
    case Column::P80:
    case Column::SpeedUp: return true;
    default: return false;
    }
}

void CandidateFilterProxy::reorder(bool filterChanged)
{
    m_resortTimer->stop();
    OrderRequest request;
    if (m_model)
        request.space = m_model->space();
    request.status = m_status;
    request.reason = m_reason;
    request.query = m_parsed;
    if (m_model && m_sortColumn >= 0 && m_sortColumn < m_model->columnCount()) {
        request.key = m_model->sortKey(m_sortColumn);
        request.descending = m_sortOrder == Qt::DescendingOrder;
    }
    const std::size_t rows = request.space ? request.space->size() : 0;
    if (rows <= m_asyncThreshold) {
        m_job->stop();
        const bool changed = filterChanged || std::exchange(m_pendingFilterChange, false);
        applyOrder(computeOrder(request, {}), changed);
        return;
    }
    m_pendingFilterChange = m_pendingFilterChange || filterChanged;
    m_resortQueued = false;
    m_job->start<std::shared_ptr<const Order>>(
        tr("Sorting the candidates"),
        [request = std::move(request)](JobContext& context) {
            LowerThreadPriority lower;
            context.checkpoint(0.0, QString());
            return computeOrder(request, [&context] { return context.stopRequested(); });
        },
        [this](std::shared_ptr<const Order>&& order) {
            if (!order)
                return;
            applyOrder(std::move(order), std::exchange(m_pendingFilterChange, false));
            if (std::exchange(m_resortQueued, false))
                m_resortTimer->start();
        });
}

void CandidateFilterProxy::applyOrder(std::shared_ptr<const Order> order, bool filterChanged)
{
    const bool sameRows = !filterChanged && rowCountOf(*order) == rowCountOf(*m_order);
    if (sameRows) {
        // Only the order moved: keep the selection and the current row on their candidates.
        Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
        const QModelIndexList before = persistentIndexList();
        QModelIndexList after;
        after.reserve(before.size());
        for (const QModelIndex& index : before) {
            const int row = proxyRowOf(*order, sourceRowOf(*m_order, index.row()));
            after << (row < 0 ? QModelIndex() : createIndex(row, index.column()));
        }
        m_order = std::move(order);
        changePersistentIndexList(before, after);
        Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    } else {
        beginResetModel();
        m_order = std::move(order);
        endResetModel();
    }
    if (filterChanged)
        Q_EMIT this->filterChanged();
    Q_EMIT orderApplied();
}

void CandidateFilterProxy::sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                                             const QList<int>& roles)
{
    if (!topLeft.isValid() || !bottomRight.isValid())
        return;
    const int rows = rowCountOf(*m_order);
    if (rows > 0) {
        int first = -1, last = -1;
        if (m_order->identity) {
            first = std::min(topLeft.row(), rows - 1);
            last = std::min(bottomRight.row(), rows - 1);
        } else if (bottomRight.row() - topLeft.row() <= 512) {
            for (int r = topLeft.row(); r <= bottomRight.row(); ++r)
                if (const int p = proxyRowOf(*m_order, r); p >= 0) {
                    first = first < 0 ? p : std::min(first, p);
                    last = std::max(last, p);
                }
        } else {
            first = 0, last = rows - 1;  // views repaint only what they show
        }
        if (first >= 0)
            Q_EMIT dataChanged(index(first, topLeft.column()), index(last, bottomRight.column()), roles);
    }
    // A tuning filling the column the table is sorted by: sort again.
    const bool orderMoves = m_sortColumn >= topLeft.column() && m_sortColumn <= bottomRight.column() &&
                            (roles.isEmpty() || roles.contains(Qt::DisplayRole) ||
                             roles.contains(CandidateTableModel::SortRole)) &&
                            sortsByTiming();
    if (!orderMoves)
        return;
    if (!m_model->space() || m_model->space()->size() <= m_asyncThreshold)
        reorder(false);
    else if (m_job->isRunning())
        m_resortQueued = true;
    else if (!m_resortTimer->isActive())
        m_resortTimer->start();
}

QModelIndex CandidateFilterProxy::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex CandidateFilterProxy::parent(const QModelIndex&) const
{
    return {};
}

int CandidateFilterProxy::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rowCountOf(*m_order);
}

int CandidateFilterProxy::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

bool CandidateFilterProxy::hasChildren(const QModelIndex& parent) const
{
    return !parent.isValid() && rowCount() > 0 && columnCount() > 0;
}

QModelIndex CandidateFilterProxy::mapToSource(const QModelIndex& proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel())
        return {};
    const int row = sourceRowOf(*m_order, proxyIndex.row());
    return row < 0 ? QModelIndex() : sourceModel()->index(row, proxyIndex.column());
}

QModelIndex CandidateFilterProxy::mapFromSource(const QModelIndex& sourceIndex) const
{
    if (!sourceIndex.isValid())
        return {};
    const int row = proxyRowOf(*m_order, sourceIndex.row());
    return row < 0 ? QModelIndex() : createIndex(row, sourceIndex.column());
}

} // namespace ts::gui
