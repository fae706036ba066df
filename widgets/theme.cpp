#include "widgets/theme.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>
#include <QWidget>

#include <memory>

namespace ts::gui {
namespace {

// A widget with its own style sheet resolves its palette when it is polished and keeps it: after
// a palette switch its text would stay in the old colour (white on a light banner). Setting the
// sheet again polishes it against the new palette.
void repolishStyledWidgets()
{
    for (QWidget* widget : QApplication::allWidgets())
        if (!widget->styleSheet().isEmpty())
            widget->setStyleSheet(widget->styleSheet());
}

// Fusion outlines a check box in the window colour made darker: on the dark palette's base (a
// list of devices to tick, a table's check column) an unticked box was invisible, only the ticks
// showed. On a dark base the box gets an outline in the palette's mid colour; the light palette
// keeps Fusion's own.
class CheckOutlineStyle : public QProxyStyle {
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if ((element != PE_IndicatorCheckBox && element != PE_IndicatorItemViewItemCheck) ||
            option->palette.color(QPalette::Base).lightness() >= 128)
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(option->palette.color(QPalette::Mid).lighter(130), 1));
        painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
        painter->restore();
    }
};

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    const QColor disabled(0x80, 0x84, 0x8a);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x3f, 0x42, 0x45));
    p.setColor(QPalette::Mid, QColor(0x55, 0x58, 0x5c));
    p.setColor(QPalette::Dark, QColor(0x1a, 0x1b, 0x1d));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb6, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x92, 0xf0));
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace

Theme themeFromName(const QString& name)
{
    return name == QLatin1String("dark") ? Theme::Dark : Theme::Light;
}

QString themeName(Theme theme)
{
    return theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light");
}

void applyTheme(Theme theme)
{
    // Fusion draws the same everywhere, so both palettes look as designed on every platform.
    if (QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(new CheckOutlineStyle(fusion));
    QApplication::setPalette(palette(theme));
    repolishStyledWidgets();
}

QPalette palette(Theme theme)
{
    if (theme == Theme::Dark)
        return darkPalette();
    // Fusion's own light palette, whichever style is current, as applyTheme sets it.
    static const QPalette light = [] {
        const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
        return fusion ? fusion->standardPalette() : QApplication::style()->standardPalette();
    }();
    return light;
}

} // namespace ts::gui
