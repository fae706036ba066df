#pragma once
// A colour picked for each palette: the status, outcome and heat-map colour tables hold one per
// entry, so that a colour and its dark twin are written side by side, once.

#include <QColor>

namespace ts::gui {

struct ThemedColor {
    QRgb light = 0;
    QRgb dark = 0;
    QColor pick(bool darkPalette) const { return QColor::fromRgb(darkPalette ? dark : light); }
};

} // namespace ts::gui
