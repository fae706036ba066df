#pragma once
// Light and dark palettes on the Fusion style, both readable.

#include <QPalette>
#include <QString>

namespace ts::gui {

enum class Theme { Light, Dark };

void applyTheme(Theme theme);
// The palette applyTheme sets, for what must be drawn against it before it is applied (a table
// model's text on its tinted rows).
QPalette palette(Theme theme);
Theme themeFromName(const QString& name);  // "dark" -> Dark, anything else -> Light
QString themeName(Theme theme);

} // namespace ts::gui
