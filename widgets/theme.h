#pragma once
// Light and dark palettes on the Fusion style, both readable.

#include <QString>

namespace ts::gui {

enum class Theme { Light, Dark };

void applyTheme(Theme theme);
Theme themeFromName(const QString& name);  // "dark" -> Dark, anything else -> Light
QString themeName(Theme theme);

} // namespace ts::gui
