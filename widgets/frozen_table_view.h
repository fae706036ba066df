#pragma once
// A table whose first columns (a candidate's config: its index and parameters) stay in place
// while the rest scroll sideways, so that a row is always read with the config it belongs to.
// A second view over the same model and selection lies over the left edge and shows only those
// columns (Qt's frozen-column pattern); widths, order, sorting, row heights and the vertical
// scroll follow the main view.
//
// A header narrower than its one-line label wraps it at a space ("Tile / (elements)"), never
// inside a word: a parameter's name (GROUP_SIZE_M) is one word, and a column too narrow for it
// elides it, the whole name in the header's tooltip.

#include <QTableView>

#include <functional>

namespace ts::gui {

class FrozenTableView : public QTableView {
    Q_OBJECT
public:
    explicit FrozenTableView(QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model) override;
    void setSelectionModel(QItemSelectionModel* selectionModel) override;

    // Freezes the first `count` columns in visual order (0: none).
    void setFrozenColumnCount(int count);
    // A table of configs: its first `count` logical columns (an index, then the config's values)
    // stay in sight, those that `varies` (a logical column) first after the index, so that two
    // rows never look the same for a value out of sight.
    void freezeConfigColumns(int count, const std::function<bool(int)>& varies);
    int frozenColumnCount() const { return m_count; }
    // The view laid over the frozen columns.
    QTableView* frozenView() const { return m_frozen; }
    // The width the frozen columns take.
    int frozenWidth() const;
    // The tooltip of a column's header: the model's, after the whole label where the column is
    // too narrow for it and the header elides it.
    QString headerToolTip(int logical) const;
    // `text` broken where a line `width` pixels wide cannot hold it: at spaces, or after an
    // underscore of a name that does not fit whole ("BLOCK_" over "M"); a piece wider than
    // `width` stays whole on its line.
    static QString wrapLabel(const QString& text, const QFontMetrics& metrics, int width);
    // The narrowest width at which `wrapLabel` leaves `text` on at most two lines.
    static int twoLineLabelWidth(const QString& text, const QFontMetrics& metrics);

    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void updateGeometries() override;

private:
    void syncColumns();
    // Gives the frozen view the model's rows (after a reset) and its place.
    void attachFrozen();
    // The frozen view shows `model` (the table's, with its selection, or null while it waits).
    void showInFrozen(QAbstractItemModel* model);
    void placeFrozen();
    int scrollStop(int value, bool forward) const;
    void snapScroll(int value);

    QTableView* m_frozen = nullptr;
    int m_count = 0;
    int m_lastScroll = 0;
    bool m_snapping = false;
    bool m_rowsFixed = false;  // the frozen view's rows set to Fixed height
    int m_generation = 0;      // counts resets: a deferred attach of an older one is dropped
};

} // namespace ts::gui
