#pragma once
// Measures an item at the width its column has, so that wrapped text gets the rows it needs:
// QTreeView asks for a row's height without telling the delegate the column's width. The first
// column is sized to its content: measured unwrapped, it never wraps.

#include <QHeaderView>
#include <QStyledItemDelegate>
#include <QTreeView>

#include <algorithm>

namespace ts::gui {

class WrappingDelegate : public QStyledItemDelegate {
public:
    explicit WrappingDelegate(QTreeView* view) : QStyledItemDelegate(view), m_view(view) {}

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        if (index.column() == 0)
            return QStyledItemDelegate::sizeHint(option, index);
        QStyleOptionViewItem measured = option;
        measured.rect = QRect(0, 0, std::max(m_view->header()->sectionSize(index.column()), 1),
                              std::max(option.rect.height(), 1));
        return QStyledItemDelegate::sizeHint(measured, index);
    }

private:
    QTreeView* m_view;
};

} // namespace ts::gui
