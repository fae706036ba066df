#include "widgets/frozen_table_view.h"

#include <QHeaderView>
#include <QHelpEvent>
#include <QItemSelectionModel>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QStyleOptionHeaderV2>
#include <QTimer>
#include <QToolTip>

#include <algorithm>

namespace ts::gui {
namespace {

// Measured bold: a style draws a highlighted section's label bold, and a label must not need
// another line when its column is selected.
QFontMetrics labelMetrics(const QFont& font)
{
    QFont bold = font;
    bold.setBold(true);
    return QFontMetrics(bold);
}

// A horizontal header that wraps a label onto more lines where its section is too narrow for
// one (FrozenTableView::wrapLabel), and is as tall as its tallest label.
class WrappingHeader : public QHeaderView {
public:
    explicit WrappingHeader(QWidget* parent) : QHeaderView(Qt::Horizontal, parent)
    {
        // What QTableView gives its own header.
        setSectionsClickable(true);
        setHighlightSections(true);
        // A name too wide for its column keeps both ends: BLOCK_M and BLOCK_N stay apart.
        setTextElideMode(Qt::ElideMiddle);
    }

    QSize sizeHint() const override
    {
        QSize size = QHeaderView::sizeHint();
        if (!model())
            return size;
        int lines = 1;
        for (int logical = 0; logical < count(); ++logical)
            if (!isSectionHidden(logical))
                lines = std::max(lines, int(label(logical).count(QLatin1Char('\n'))) + 1);
        size.rheight() += (lines - 1) * labelMetrics(font()).lineSpacing();
        return size;
    }

    // What the section's tooltip says: the model's, after the whole label where the section
    // shows it elided.
    QString toolTip(int logical) const
    {
        if (!model() || logical < 0 || logical >= count())
            return {};
        const QString tip = model()->headerData(logical, orientation(), Qt::ToolTipRole).toString();
        const QString text = model()->headerData(logical, orientation(), Qt::DisplayRole).toString();
        const QFontMetrics metrics = labelMetrics(font());
        const int width = labelWidth(logical, text);
        const QStringList lines = label(logical).split(QLatin1Char('\n'));
        if (std::none_of(lines.begin(), lines.end(),
                         [&](const QString& line) { return metrics.horizontalAdvance(line) > width; }))
            return tip;
        return tip.isEmpty() ? text : text + QLatin1Char('\n') + tip;
    }

protected:
    void initStyleOptionForIndex(QStyleOptionHeader* option, int logicalIndex) const override
    {
        QHeaderView::initStyleOptionForIndex(option, logicalIndex);
        option->text = label(logicalIndex);
        // A wrapped label fits its section by construction; eliding it as one line would cut it.
        if (option->text.contains(QLatin1Char('\n'))) {
            if (auto* v2 = qstyleoption_cast<QStyleOptionHeaderV2*>(option))
                v2->textElideMode = Qt::ElideNone;
            return;
        }
        // Not every style elides a header's label (Fusion under Qt 6.4 clips it at both ends:
        // "LOCK_M"), so a name wider than its section is elided here, keeping both ends; the
        // whole name is in the section's tooltip.
        const QFontMetrics metrics = labelMetrics(font());
        const int width = labelWidth(logicalIndex, option->text);
        if (metrics.horizontalAdvance(option->text) > width)
            option->text = metrics.elidedText(option->text, Qt::ElideMiddle, width);
    }

    bool viewportEvent(QEvent* event) override
    {
        if (event->type() != QEvent::ToolTip || !model())
            return QHeaderView::viewportEvent(event);
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = toolTip(logicalIndexAt(help->pos()));
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }

private:
    // The room the style leaves the label of a section.
    int labelWidth(int logical, const QString& text) const
    {
        QStyleOptionHeader option;
        initStyleOption(&option);
        option.section = logical;
        option.text = text;
        option.rect = QRect(0, 0, sectionSize(logical), QHeaderView::sizeHint().height());
        return style()->subElementRect(QStyle::SE_HeaderLabel, &option, this).width();
    }

    QString label(int logical) const
    {
        const QString text = model()->headerData(logical, orientation(), Qt::DisplayRole).toString();
        return FrozenTableView::wrapLabel(text, labelMetrics(font()), labelWidth(logical, text));
    }
};

// A cell the viewport's right edge cuts is written in the part that shows, elided: a number
// aligned to the right of its column showed its first digits whole ("32,76" of 32,768, "1.0" of
// 1.046×) and read as another value; now it reads "32,…".
class VisiblePartDelegate : public QStyledItemDelegate {
public:
    explicit VisiblePartDelegate(QAbstractItemView* view) : QStyledItemDelegate(view), m_view(view) {}

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const int right = m_view->viewport()->width();
        if (option.rect.right() < right) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionViewItem visible(option);
        visible.rect.setRight(right - 1);
        QStyledItemDelegate::paint(painter, visible, index);
    }

private:
    QAbstractItemView* m_view;
};

} // namespace

namespace {

// A label's pieces: each ends after an underscore or before a space (a piece after a space
// starts with it, and a line that begins there drops it). A name is broken after an underscore
// only where its column cannot hold it whole: two lines read better than a name cut short.
QStringList labelPieces(const QString& text)
{
    QStringList pieces;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('_') && i + 1 < text.size()) {
            pieces << text.mid(start, i + 1 - start);
            start = i + 1;
        } else if (text[i] == QLatin1Char(' ') && i > start) {
            pieces << text.mid(start, i - start);
            start = i;
        }
    }
    pieces << text.mid(start);
    return pieces;
}

QString lineStart(const QString& piece)
{
    return piece.startsWith(QLatin1Char(' ')) ? piece.mid(1) : piece;
}

} // namespace

QString FrozenTableView::wrapLabel(const QString& text, const QFontMetrics& metrics, int width)
{
    if (text.contains(QLatin1Char('\n')) || metrics.horizontalAdvance(text) <= width)
        return text;
    QString out, line;
    for (const QString& piece : labelPieces(text)) {
        const QString joined = line + piece;
        if (line.isEmpty() || metrics.horizontalAdvance(joined) <= width) {
            line = joined;
            continue;
        }
        out += line + QLatin1Char('\n');
        line = lineStart(piece);
    }
    return out + line;
}

int FrozenTableView::twoLineLabelWidth(const QString& text, const QFontMetrics& metrics)
{
    // Each way of breaking the label into a first and a second line, the narrowest of them.
    const QStringList pieces = labelPieces(text);
    int best = metrics.horizontalAdvance(text);
    for (qsizetype k = 1; k < pieces.size(); ++k) {
        const QString first = pieces.mid(0, k).join(QString());
        const QString second = lineStart(pieces.mid(k).join(QString()));
        best = std::min(best, std::max(metrics.horizontalAdvance(first), metrics.horizontalAdvance(second)));
    }
    return best;
}

namespace {

// Above this many rows the frozen view takes a reset's rows a turn of the event loop after the
// main view (attachFrozen).
constexpr int kDeferredRows = 100000;

} // namespace

FrozenTableView::FrozenTableView(QWidget* parent) : QTableView(parent)
{
    setHorizontalHeader(new WrappingHeader(this));
    setItemDelegate(new VisiblePartDelegate(this));
    m_frozen = new QTableView(this);
    m_frozen->setHorizontalHeader(new WrappingHeader(m_frozen));
    m_frozen->setObjectName(QStringLiteral("frozenColumns"));
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->setStyleSheet(QStringLiteral("QTableView { border-right: 1px solid palette(mid); }"));
    m_frozen->hide();
    viewport()->stackUnder(m_frozen);
    // Pixel steps, so that a column is never left half under the frozen ones; every step ends
    // on a column's edge (snapScroll).
    setHorizontalScrollMode(ScrollPerPixel);
    connect(horizontalScrollBar(), &QAbstractSlider::valueChanged, this,
            [this](int value) { snapScroll(value); });

    // Widths and order follow either header; the vertical scroll follows either view.
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column, int, int size) {
        m_frozen->setColumnWidth(column, size);
        updateGeometries(); // a label may need another line, or one less
        // The columns after it moved: the scroll goes back to a column's edge, or the column at
        // the frozen block's edge is left cut under it ("rked" under a header "g").
        snapScroll(horizontalScrollBar()->value());
    });
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column, int, int size) {
        // Hiding a section reports it resized to 0: the frozen view hides every column but the
        // frozen ones each time it takes the model again (attachFrozen), and the table must keep
        // its own widths.
        if (size > 0 && columnWidth(column) != size)
            setColumnWidth(column, size);
    });
    connect(horizontalHeader(), &QHeaderView::sectionMoved, this, [this] { syncColumns(); });
    connect(verticalHeader(), &QHeaderView::sectionResized, this,
            [this](int row, int, int size) { m_frozen->setRowHeight(row, size); });
    connect(m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(), &QAbstractSlider::setValue);
    // Sorting from either header sorts the one model; both show the indicator.
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int column, Qt::SortOrder order) {
        const QSignalBlocker block(m_frozen->horizontalHeader());
        m_frozen->horizontalHeader()->setSortIndicator(column, order);
    });
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int column) {
        if (!isSortingEnabled())
            return;
        const QHeaderView* header = horizontalHeader();
        const Qt::SortOrder order = header->sortIndicatorSection() == column && header->sortIndicatorOrder() == Qt::AscendingOrder
                                        ? Qt::DescendingOrder
                                        : Qt::AscendingOrder;
        sortByColumn(column, order);
    });
    m_frozen->horizontalHeader()->setSortIndicatorShown(true);
    m_frozen->horizontalHeader()->setSectionsClickable(true);
}

void FrozenTableView::setModel(QAbstractItemModel* model)
{
    if (QAbstractItemModel* old = this->model())
        disconnect(old, nullptr, this, nullptr);
    ++m_generation;
    QTableView::setModel(model);
    showInFrozen(model);
    if (model) {
        // Columns come and go (a tuning's timings): the frozen view hides all but the frozen ones.
        for (auto signal : {&QAbstractItemModel::columnsInserted, &QAbstractItemModel::columnsRemoved})
            connect(model, signal, this, [this] { syncColumns(); });
        // A reset lays out one header section per row in each of the two views: millions for a
        // lattice or a cube space. The frozen view lets go of the model before it and takes the
        // new rows in the next turn of the event loop, so that the GUI thread pays the two
        // layouts in two turns rather than one stall twice as long.
        connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
            ++m_generation;
            if (m_frozen->model() == this->model())
                showInFrozen(nullptr);
        });
        connect(model, &QAbstractItemModel::modelReset, this, [this] {
            if (this->model()->rowCount() <= kDeferredRows) {
                attachFrozen();
                return;
            }
            syncColumns();  // the frozen view stays hidden until it has the rows
            QTimer::singleShot(0, this, [this, generation = m_generation] {
                if (generation == m_generation)
                    attachFrozen();
            });
        });
        connect(model, &QAbstractItemModel::layoutChanged, this, [this] { syncColumns(); });
    }
    syncColumns();
}

void FrozenTableView::showInFrozen(QAbstractItemModel* model)
{
    // QAbstractItemView::setModel gives the view a selection model of its own, kept until the
    // model goes: the frozen view drops it (and the one it had while it showed nothing).
    QItemSelectionModel* before = m_frozen->selectionModel();
    m_frozen->setModel(model);
    QItemSelectionModel* own = m_frozen->selectionModel();
    if (model && model == this->model() && selectionModel())
        m_frozen->setSelectionModel(selectionModel());
    for (QItemSelectionModel* dropped : {before, own})
        if (dropped && dropped != m_frozen->selectionModel() && dropped != selectionModel() && dropped->parent() == m_frozen)
            dropped->deleteLater();
}

void FrozenTableView::attachFrozen()
{
    if (m_frozen->model() != model())
        showInFrozen(model());
    syncColumns();
    m_frozen->verticalScrollBar()->setValue(verticalScrollBar()->value());
}

void FrozenTableView::setSelectionModel(QItemSelectionModel* selectionModel)
{
    QTableView::setSelectionModel(selectionModel);
    // QTableView::setModel calls this with the new model's selection before setModel has given
    // the frozen view that model: it takes the selection once it shows the same model.
    if (selectionModel && m_frozen->model() == selectionModel->model())
        m_frozen->setSelectionModel(selectionModel);
}

void FrozenTableView::setFrozenColumnCount(int count)
{
    m_count = std::max(0, count);
    syncColumns();
}

void FrozenTableView::freezeConfigColumns(int count, const std::function<bool(int)>& varies)
{
    QHeaderView* header = horizontalHeader();
    // From the model's own order: the moves made for an earlier space outlive a model reset, and
    // there the same column number may be another parameter (after the lattice on and off,
    // softmax's tuned table showed "Status" where multibuffer had been).
    for (int logical = 0; logical < header->count(); ++logical)
        if (header->visualIndex(logical) != logical)
            header->moveSection(header->visualIndex(logical), logical);
    int next = 1;  // after the index
    for (int logical = 1; logical < count && logical < header->count(); ++logical)
        if (varies(logical))
            header->moveSection(header->visualIndex(logical), next++);
    setFrozenColumnCount(count);
}

QString FrozenTableView::headerToolTip(int logical) const
{
    return static_cast<const WrappingHeader*>(horizontalHeader())->toolTip(logical);
}

int FrozenTableView::frozenWidth() const
{
    int width = 0;
    const QHeaderView* header = horizontalHeader();
    for (int visual = 0; visual < m_count && visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!isColumnHidden(logical))
            width += columnWidth(logical);
    }
    return width;
}

void FrozenTableView::syncColumns()
{
    const QHeaderView* header = horizontalHeader();
    QHeaderView* frozenHeader = m_frozen->horizontalHeader();
    const int columns = model() ? model()->columnCount() : 0;
    for (int visual = 0; visual < columns && visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        const int at = frozenHeader->visualIndex(logical);
        if (at >= 0 && at != visual)
            frozenHeader->moveSection(at, visual);
        m_frozen->setColumnHidden(logical, visual >= m_count || isColumnHidden(logical));
        m_frozen->setColumnWidth(logical, columnWidth(logical));
    }
    // Both calls walk every row's section (millions in a lattice or a cube space), even when they
    // change nothing: only when they would.
    QHeaderView* rows = m_frozen->verticalHeader();
    if (rows->defaultSectionSize() != verticalHeader()->defaultSectionSize())
        rows->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    if (!m_rowsFixed) {  // sections made later take the header's mode
        rows->setSectionResizeMode(QHeaderView::Fixed);
        m_rowsFixed = true;
    }
    m_frozen->setVerticalScrollMode(verticalScrollMode());
    m_frozen->setWordWrap(wordWrap());
    m_frozen->setTextElideMode(textElideMode());
    m_frozen->setVisible(m_count > 0 && columns > 0 && m_frozen->model() == model());
    {
        const QSignalBlocker block(frozenHeader);
        frozenHeader->setSortIndicator(header->sortIndicatorSection(), header->sortIndicatorOrder());
    }
    placeFrozen();
}

void FrozenTableView::placeFrozen()
{
    m_frozen->setGeometry(verticalHeader()->width() + frameWidth(), frameWidth(), frozenWidth(),
                          viewport()->height() + horizontalHeader()->height());
    m_frozen->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
}

int FrozenTableView::scrollStop(int value, bool forward) const
{
    // The scrolled columns start where the frozen ones end: at scroll offset v the frozen block
    // covers content [v, v + frozen width), so a column starts in sight exactly when v is its
    // position less that width. The stop at or past `value` going forward, at or before it back.
    const QHeaderView* header = horizontalHeader();
    const int frozen = frozenWidth();
    int before = 0;
    for (int visual = m_count; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (header->isSectionHidden(logical))
            continue;
        const int stop = header->sectionPosition(logical) - frozen;
        if (stop >= value)
            return forward || stop == value ? stop : before;
        before = stop;
    }
    return forward ? value : before;
}

void FrozenTableView::snapScroll(int value)
{
    if (m_count <= 0 || m_snapping)
        return;
    QScrollBar* bar = horizontalScrollBar();
    const int stop = std::min(scrollStop(value, value > m_lastScroll), bar->maximum());
    m_snapping = true;
    if (stop != value)
        bar->setValue(stop);
    m_snapping = false;
    m_lastScroll = bar->value();
}

void FrozenTableView::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    placeFrozen();
}

void FrozenTableView::updateGeometries()
{
    QScrollBar* bar = horizontalScrollBar();
    const int before = bar->value();
    {
        // The table's own range first ends short of the one set below: the value it clamps to
        // there is no scroll of the user's, and snapping it back would cut the last column.
        const QScopedValueRollback snapping(m_snapping, m_count > 0);
        QTableView::updateGeometries();
        // Room to scroll the last column to the frozen block's edge: a maximum between two stops
        // would leave the column before it cut at the end of the range.
        if (m_count > 0 && bar->maximum() > 0) {
            const int last = scrollStop(bar->maximum(), true);
            if (last > bar->maximum())
                bar->setRange(0, last);
        }
    }
    if (m_count > 0 && bar->value() != before) {
        m_lastScroll = before;
        bar->setValue(std::min(before, bar->maximum()));
        snapScroll(bar->value());
    }
    placeFrozen();
}

QModelIndex FrozenTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    // Moving left into the frozen columns keeps the scrolled part where it is.
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    if (cursorAction == MoveLeft && current.isValid() && horizontalHeader()->visualIndex(current.column()) >= m_count &&
        visualRect(current).left() < frozenWidth()) {
        const int shift = frozenWidth() - visualRect(current).left();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - shift);
    }
    return current;
}

void FrozenTableView::scrollTo(const QModelIndex& index, ScrollHint hint)
{
    // A frozen column is always in sight: only the rows scroll for it.
    if (index.isValid() && horizontalHeader()->visualIndex(index.column()) < m_count) {
        const int keep = horizontalScrollBar()->value();
        QTableView::scrollTo(index, hint);
        horizontalScrollBar()->setValue(keep);
        return;
    }
    QTableView::scrollTo(index, hint);
    if (!index.isValid())
        return;
    QScrollBar* bar = horizontalScrollBar();
    // Past the frozen columns: the cell must not end up under them,
    if (visualRect(index).left() < frozenWidth())
        bar->setValue(bar->value() - (frozenWidth() - visualRect(index).left()));
    // nor cut at the right edge, where a scroll back snaps to the edge of a column before it: the
    // next edge forward shows it whole.
    else if (const int past = visualRect(index).right() - viewport()->width() + 1; past > 0)
        bar->setValue(std::min(scrollStop(bar->value() + past, true), bar->maximum()));
}

} // namespace ts::gui
