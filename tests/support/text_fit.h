#pragma once
// Whether a cell's text shows whole: laid out as an item view draws it (QCommonStyle's text
// margin each side, lines broken between words, and inside a word where WrappingDelegate does,
// at its soft breaks first), it must need no more height than the cell has and no line may run
// past the cell's edge.

#include "widgets/wrapping_delegate.h"

#include <QAbstractItemView>
#include <QHeaderView>
#include <QString>
#include <QStyle>
#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <vector>

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
    // A word that must break breaks where the delegate lets it (its soft breaks).
    const TextFit fit =
        layText(breakWords ? gui::WrappingDelegate::laidOut(text, view->font(), width, true) : text,
                view->font(), width, breakWords);
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

// Empty when `text`, wrapped `width` pixels wide as a WrappingDelegate cell draws it, breaks
// no name or number in two ("float16[409 / 6, 1024]", "XBLOCK_SU / B", "Ascend910B / 2");
// otherwise the lines, for the failure message. A word may break only where no layout could
// hold it: wider than `room`, the most any arrangement of the view gives a line (a column that
// is narrow because a wider one beside it took the room is no excuse). Chinese breaks between
// any two characters, so only runs of ASCII letters, digits and underscores count as words here.
inline QString brokenInsideWord(const QString& text, const QFont& font, int width, int room)
{
    const QString laid = gui::WrappingDelegate::laidOut(text, font, width, true);
    QTextLayout layout(laid, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    std::vector<int> starts;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        starts.push_back(line.textStart());
    }
    layout.endLayout();
    auto inWord = [&](qsizetype i) {
        return laid[i].unicode() < 128 && (laid[i].isLetterOrNumber() || laid[i] == QLatin1Char('_'));
    };
    const QFontMetrics fm(font);
    for (std::size_t k = 1; k < starts.size(); ++k) {
        const qsizetype at = starts[k];
        if (at <= 0 || at >= laid.size() || !inWord(at - 1) || !inWord(at))
            continue;
        qsizetype from = at, to = at;
        while (from > 0 && inWord(from - 1))
            --from;
        while (to < laid.size() && inWord(to))
            ++to;
        if (fm.horizontalAdvance(laid.mid(from, to - from)) <= room) {
            QStringList lines;
            for (std::size_t j = 0; j < starts.size(); ++j)
                lines << laid.mid(starts[j],
                                  (j + 1 < starts.size() ? starts[j + 1] : laid.size()) - starts[j]);
            return QStringLiteral("\"%1\" broken inside \"%2\" in %3 px: %4")
                .arg(text, laid.mid(from, to - from))
                .arg(width)
                .arg(lines.join(QStringLiteral(" / ")).remove(QChar(0x200B)));
        }
    }
    return {};
}

} // namespace ts::test
