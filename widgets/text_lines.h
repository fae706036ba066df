#pragma once
// Lays a QTextLayout out in lines of one width, each below the last: the wrapped cells of the
// trees and the status bar's message draw their text from it and size themselves by its height.

#include <QFont>
#include <QFontMetricsF>
#include <QPointF>
#include <QString>
#include <QTextLayout>
#include <QTextOption>

namespace ts::gui {

// `text` with a zero-width break opportunity after an opening bracket, an underscore, '=' and
// '/' inside each word wider than `width` at `font`: such a value ("float16[4096, 1024]",
// "XBLOCK_SUB" on a narrow dock) then breaks between its parts rather than inside a number or a
// name, where the line breaker would otherwise cut it anywhere. A word that fits keeps whole
// ("BLOCK_M" goes to the next line). The marks draw nothing and take no width.
inline QString withSoftBreaks(const QString& text, const QFont& font, int width)
{
    const QFontMetricsF fm(font);
    QString out;
    out.reserve(text.size() + 8);
    for (qsizetype i = 0; i < text.size();) {
        qsizetype end = i;
        while (end < text.size() && !text[end].isSpace())
            ++end;
        const QString word = text.mid(i, end - i);
        const bool wide = fm.horizontalAdvance(word) > width;
        for (qsizetype j = 0; j < word.size(); ++j) {
            const QChar c = word[j];
            out += c;
            if (wide && j + 1 < word.size() &&
                (c == QLatin1Char('[') || c == QLatin1Char('(') || c == QLatin1Char('_') ||
                 c == QLatin1Char('=') || c == QLatin1Char('/')))
                out += QChar(0x200B);
        }
        for (i = end; i < text.size() && text[i].isSpace(); ++i)
            out += text[i];
    }
    return out;
}

// Returns the height the lines take.
inline qreal layOutLines(QTextLayout& layout, int width, const QTextOption& option)
{
    layout.setTextOption(option);
    qreal height = 0;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, height));
        height += line.height();
    }
    layout.endLayout();
    return height;
}

} // namespace ts::gui
