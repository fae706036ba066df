#pragma once
// The interface language: English (the source strings) or Simplified Chinese, compiled into
// the binary. Picked from --lang, then the saved choice, then the system locale.

#include <QString>
#include <QStringList>

namespace ts::gui {

QStringList availableLanguages();  // "en", "zh_CN"
// "zh_CN" for any Chinese locale name (zh, zh_CN, zh_Hans_CN), "en" otherwise.
QString normaliseLanguage(const QString& name);
// Installs the translators for `language` (replacing earlier ones); false when it has none.
bool installLanguage(const QString& language);
QString currentLanguage();

} // namespace ts::gui
