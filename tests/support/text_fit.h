#pragma once
// Whether a cell's text shows whole: laid out as an item view draws it (QCommonStyle's text
// margin each side, lines broken between words, and inside a word where WrappingDelegate does),
// it must need no more height than the cell has and no line may run past the cell's edge.

#include <QAbstractItemView>
#include <QHeaderView>
#include <QString>
#include <QStyle>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace ts::test {

struct TextFit {
    int height = 0;  // the lines' total height
    int widest = 0;  // the longest line's natural width
};

inline TextFit layText(const QString& text, const QFont& font, int width, bool breakWords)
{
    QTextLayout layout(QString(text).replace(QLatin1Char('\n'), QChar::LineSeparator), font);
    QTextOption option;
    option.setWrapMode(breakWords ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::WordWrap);
    layout.setTextOption(option);
    qreal height = 0, widest = 0;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        height += line.height();
        widest = std::max(widest, line.naturalTextWidth());
    }
    layout.endLayout();
    return {int(std::ceil(height)), int(std::ceil(widest))};
}

// Empty when `text`, shown in `rect` of `view` with its column `columnWidth` wide, shows whole;
// otherwise what is cut, for the failure message.
inline QString cutText(const QAbstractItemView* view, const QString& text, const QRect& rect, int columnWidth,
                       bool breakWords)
{
    if (text.isEmpty())
        return {};
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    const int width = columnWidth - 2 * margin;
    const TextFit fit = layText(text, view->font(), width, breakWords);
    if (fit.widest > width || rect.height() < fit.height)
        return QStringLiteral("\"%1\": %2 x %3 px needed, %4 x %5 px shown")
            .arg(text)
            .arg(fit.widest)
            .arg(fit.height)
            .arg(width)
            .arg(rect.height());
    return {};
}

// The same for the cell at `index` of a table or a list.
inline QString cutCell(const QAbstractItemView* view, const QModelIndex& index, int columnWidth, bool breakWords)
{
    return cutText(view, index.data().toString(), view->visualRect(index), columnWidth, breakWords);
}

} // namespace ts::test
