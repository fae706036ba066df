#include "widgets/translations.h"

#include "core/npu/device_profile.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <filesystem>
#include <memory>

namespace ts::gui {
namespace {

struct Installed {
    QString language = QStringLiteral("en");
    std::unique_ptr<QTranslator> app;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed()
{
    static Installed state;
    return state;
}

} // namespace

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString normaliseLanguage(const QString& name)
{
    if (name.startsWith(QLatin1String("zh"), Qt::CaseInsensitive))
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

bool installLanguage(const QString& requested)
{
    const QString language = normaliseLanguage(requested);
    Installed& state = installed();
    for (auto* t : {state.app.get(), state.qt.get()})
        if (t)
            QCoreApplication::removeTranslator(t);
    state.app.reset();
    state.qt.reset();
    state.language = QStringLiteral("en");
    // Counts are grouped through the locale (countText, "%Ln"); the C locale of a bare system
    // (LANG=C.UTF-8) groups nothing, so the language chosen speaks for the numbers too, as the
    // CLI groups them ("6,352").
    if (QLocale::system().language() == QLocale::C)
        QLocale::setDefault(language == QLatin1String("zh_CN")
                                ? QLocale(QLocale::Chinese, QLocale::China)
                                : QLocale(QLocale::English, QLocale::UnitedStates));
    // An installed explorer reads share/tilescope/translations (beside the device profiles);
    // the compiled-in copy serves the build tree and an install without them. English has a
    // file too: the plural forms of the counted messages ("1 config", "2 configs").
    auto app = std::make_unique<QTranslator>();
    const QString file = QStringLiteral("tilescope_") + language + QStringLiteral(".qm");
    const std::filesystem::path resources = npu::DeviceRegistry::findResourceDir();
    const QString installedDir = QString::fromStdString((resources / "translations").string());
    if ((resources.empty() || !app->load(file, installedDir)) && !app->load(QStringLiteral(":/i18n/") + file))
        return language == QLatin1String("en");  // English reads well enough without its plurals
    QCoreApplication::installTranslator(app.get());
    state.app = std::move(app);
    if (language == QLatin1String("en"))
        return true;
    // Qt's own strings (standard buttons, file dialogs) when the system has them.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_") + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        state.qt = std::move(qt);
    }
    state.language = language;
    return true;
}

QString currentLanguage()
{
    return installed().language;
}

} // namespace ts::gui
