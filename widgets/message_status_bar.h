#pragma once
// A status bar whose message wraps onto further lines instead of being cut at the bar's edge:
// QStatusBar draws its message on one line and cuts what does not fit ("... · Stored in th").
// While a long message shows, the bar grows to the lines it takes; a path is kept whole on a
// line (no break after its slashes) unless it is wider than the bar, where it breaks as it must.

#include "widgets/text_lines.h"

#include <QPainter>
#include <QStatusBar>
#include <QStyle>
#include <QStringList>
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
        QTextLayout layout(unbrokenPaths(message), font());
        const qreal height = lay(layout, rect.width());
        painter.setPen(palette().windowText().color());
        layout.draw(&painter, QPointF(rect.left(), rect.top() + std::max(0.0, (rect.height() - height) / 2)));
    }

    void resizeEvent(QResizeEvent* event) override
    {
        QStatusBar::resizeEvent(event);
        fitHeight();
    }

public:
    // The message's lines as drawn, at the bar's width now.
    QStringList lines() const
    {
        QTextLayout layout(unbrokenPaths(currentMessage()), font());
        lay(layout, messageRect().width());
        QStringList out;
        for (int i = 0; i < layout.lineCount(); ++i) {
            const QTextLine line = layout.lineAt(i);
            out << layout.text().mid(line.textStart(), line.textLength()).remove(kWordJoiner).trimmed();
        }
        return out;
    }

private:
    static constexpr int kLeft = 6;
    static constexpr QChar kWordJoiner = QChar(0x2060);

    // A path ("/tmp/TileScope-x/cache.sqlite") is one word to the line breaker: a word joiner
    // between its characters, where the line break rules allow a break after each slash and
    // hyphen. It breaks before the path, or inside it only where it is wider than the bar.
    static QString unbrokenPaths(const QString& text)
    {
        QString out;
        out.reserve(text.size() * 2);
        for (qsizetype from = 0; from < text.size();) {
            qsizetype to = from;
            while (to < text.size() && !text[to].isSpace())
                ++to;
            const QStringView word = QStringView(text).mid(from, to - from);
            if (word.contains(QLatin1Char('/'))) {
                for (qsizetype i = 0; i < word.size(); ++i) {
                    out += word[i];
                    if (i + 1 < word.size() && !word[i].isHighSurrogate())
                        out += kWordJoiner;
                }
            } else {
                out += word;
            }
            while (to < text.size() && text[to].isSpace())
                out += text[to++];
            from = to;
        }
        return out;
    }

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
            QTextLayout layout(unbrokenPaths(message), font());
            least = int(std::ceil(lay(layout, messageRect().width()))) + 4;
        }
        if (least != minimumHeight())
            setMinimumHeight(least);
        update();
    }
};

} // namespace ts::gui
