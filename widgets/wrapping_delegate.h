#pragma once
// Measures an item at the width its column has, so that wrapped text gets the rows it needs:
// QTreeView asks for a row's height without telling the delegate the column's width (the first
// column's less the item's indentation). The columns before `firstWrapped` are sized to their
// content: measured unwrapped, they never wrap.
//
// A wrapped cell breaks between words, and inside a word only where the word alone is wider than
// the cell (a dtype and shape, a long identifier on a narrow dock): the style's own word wrap
// would draw such a word past the cell's edge, cut. Such a word breaks after a bracket or an
// underscore first (withSoftBreaks), inside a name or a number only where a part is too wide.

#include "widgets/text_lines.h"

#include <QApplication>
#include <QHeaderView>
#include <QPainter>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTextLayout>
#include <QTreeView>

#include <algorithm>
#include <cmath>

namespace ts::gui {

class WrappingDelegate : public QStyledItemDelegate {
public:
    explicit WrappingDelegate(QTreeView* view, int firstWrapped = 1)
        : QStyledItemDelegate(view), m_view(view), m_firstWrapped(firstWrapped)
    {
    }

    // The style's margin on each side of an item's text (what QCommonStyle leaves).
    static int textMargin(const QWidget* widget)
    {
        const QStyle* style = widget ? widget->style() : QApplication::style();
        return style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    }

    // The height of `text` laid out `width` pixels wide, as the cell draws it.
    static int textHeight(const QString& text, const QFont& font, int width, bool breakWords = true)
    {
        QTextLayout layout(laidOut(text, font, width, breakWords), font);
        return int(std::ceil(lay(layout, width, breakWords, Qt::AlignLeft)));
    }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        if (index.column() < m_firstWrapped)
            return QStyledItemDelegate::sizeHint(option, index);
        QStyleOptionViewItem measured = option;
        int column = m_view->header()->sectionSize(index.column());
        if (index.column() == 0) {
            int depth = m_view->rootIsDecorated() ? 1 : 0;
            for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
                ++depth;
            column -= depth * m_view->indentation();
        }
        column = std::max(column, 1);
        measured.rect = QRect(0, 0, column, std::max(option.rect.height(), 1));
        QSize size = QStyledItemDelegate::sizeHint(measured, index);
        // The style measured whole words; add the lines that breaking a too-wide word takes.
        initStyleOption(&measured, index);
        const int width = std::max(column - 2 * textMargin(measured.widget), 1);
        size.rheight() += textHeight(measured.text, measured.font, width, true) -
                          textHeight(measured.text, measured.font, width, false);
        return size;
    }

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        if (index.column() < m_firstWrapped) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QWidget* widget = opt.widget;
        const QStyle* style = widget ? widget->style() : QApplication::style();
        const QRect area = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
        const QString text = opt.text;
        opt.text.clear();
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);  // background, selection, icon
        if (text.isEmpty())
            return;
        const int margin = textMargin(widget);
        const QRect rect = area.adjusted(margin, 0, -margin, 0);
        QTextLayout layout(laidOut(text, opt.font, std::max(rect.width(), 1), true), opt.font);
        const qreal height = lay(layout, std::max(rect.width(), 1), true, opt.displayAlignment);
        qreal top = rect.top();
        if (opt.displayAlignment & Qt::AlignVCenter)
            top += std::max<qreal>(0, (rect.height() - height) / 2);
        else if (opt.displayAlignment & Qt::AlignBottom)
            top += std::max<qreal>(0, rect.height() - height);
        const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                           : (opt.state & QStyle::State_Active) ? QPalette::Normal
                                                                                : QPalette::Inactive;
        painter->save();
        painter->setClipRect(opt.rect);
        painter->setPen(opt.palette.color(group, (opt.state & QStyle::State_Selected) ? QPalette::HighlightedText
                                                                                       : QPalette::Text));
        layout.draw(painter, QPointF(rect.left(), top));
        painter->restore();
    }

    // The text as a wrapped cell `width` pixels wide lays it out: its line feeds as line
    // separators, and where a word may break, the soft breaks between its parts (withSoftBreaks).
    static QString laidOut(const QString& text, const QFont& font, int width, bool breakWords)
    {
        const QString lines = QString(text).replace(QLatin1Char('\n'), QChar::LineSeparator);
        return breakWords ? withSoftBreaks(lines, font, width) : lines;
    }

private:
    // Lays `layout` out in lines `width` wide; returns its height.
    static qreal lay(QTextLayout& layout, int width, bool breakWords, Qt::Alignment alignment)
    {
        QTextOption textOption(alignment & Qt::AlignHorizontal_Mask);
        textOption.setWrapMode(breakWords ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::WordWrap);
        return layOutLines(layout, width, textOption);
    }

    QTreeView* m_view;
    int m_firstWrapped;
};

} // namespace ts::gui
