#pragma once
// Lays a QTextLayout out in lines of one width, each below the last: the wrapped cells of the
// trees and the status bar's message draw their text from it and size themselves by its height.

#include <QPointF>
#include <QTextLayout>
#include <QTextOption>

namespace ts::gui {

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
