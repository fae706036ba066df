#pragma once
// A status bar whose message wraps onto further lines instead of being cut at the bar's edge:
// QStatusBar draws its message on one line and cuts what does not fit ("... · Stored in th").
// While a long message shows, the bar grows to the lines it takes; a word wider than the bar
// (a long path) breaks where it must.

#include "widgets/text_lines.h"

#include <QPainter>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOption>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace ts::gui {

class MessageStatusBar : public QStatusBar {
public:
    explicit MessageStatusBar(QWidget* parent = nullptr) : QStatusBar(parent)
    {
        connect(this, &QStatusBar::messageChanged, this, [this] { fitHeight(); });
    }

    // Where the message is drawn: the bar less the widgets that stay beside a message (the
    // permanent ones and the size grip; the others hide while a message shows).
    QRect messageRect() const
    {
        int right = width() - 12;
        for (const QWidget* child : findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            if (child->isVisible())
                right = std::min(right, child->x() - 2);
        return QRect(kLeft, 0, std::max(right - kLeft, 1), height());
    }

protected:
    void paintEvent(QPaintEvent* event) override
    {
        const QString message = currentMessage();
        if (message.isEmpty()) {
            QStatusBar::paintEvent(event);
            return;
        }
        QPainter painter(this);
        QStyleOption option;
        option.initFrom(this);
        style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
        const QRect rect = messageRect();
        QTextLayout layout(message, font());
        const qreal height = lay(layout, rect.width());
        painter.setPen(palette().windowText().color());
        layout.draw(&painter, QPointF(rect.left(), rect.top() + std::max(0.0, (rect.height() - height) / 2)));
    }

    void resizeEvent(QResizeEvent* event) override
    {
        QStatusBar::resizeEvent(event);
        fitHeight();
    }

private:
    static constexpr int kLeft = 6;

    static qreal lay(QTextLayout& layout, int width)
    {
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        return layOutLines(layout, width, option);
    }

    // The bar is as tall as the message's lines need (never shorter than its widgets make it).
    void fitHeight()
    {
        int least = 0;
        if (const QString message = currentMessage(); !message.isEmpty()) {
            QTextLayout layout(message, font());
            least = int(std::ceil(lay(layout, messageRect().width()))) + 4;
        }
        if (least != minimumHeight())
            setMinimumHeight(least);
        update();
    }
};

} // namespace ts::gui
