// The desktop explorer: `tilescope [--lang zh_CN|en] [file.py|file.json|capture folder]`.
// `--screenshots DIR` renders the main views of the opened file to DIR and quits (documentation),
// in the window size `--size WIDTHxHEIGHT` and the theme `--theme light|dark` when given; the
// options come before or after the file.

#include "widgets/capture_dialog.h"
#include "widgets/main_window.h"
#include "widgets/screenshot_tour.h"
#include "widgets/translations.h"

#include <QApplication>
#include <QFileInfo>
#include <QIcon>
#include <QLocale>
#include <QSettings>
#include <QSize>
#include <QTimer>

#include <iostream>

namespace {

constexpr const char* kUsage =
    "usage: tilescope [--lang zh_CN|en] [kernel.py|workload.json]\n"
    "       tilescope [--lang zh_CN|en] [--theme light|dark] [--size WIDTHxHEIGHT] --screenshots DIR FILE\n"
    "       tilescope <command> ... (tilescope --help lists the commands)\n";

int runGui(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("TileScope"));
    QApplication::setOrganizationName(QStringLiteral("TileScope"));
    // An installed explorer: its windows belong to share/applications/tilescope.desktop and show
    // the theme's icon (share/icons/hicolor/scalable/apps/tilescope.svg).
    QGuiApplication::setDesktopFileName(QStringLiteral("tilescope"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("tilescope")));

    QString language;
    QString file;
    QString screenshots;
    QString theme;
    QSize size;
    const QStringList args = QApplication::arguments();
    for (int i = 1; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--lang") && i + 1 < args.size()) {
            language = args[++i];
        } else if (a.startsWith(QLatin1String("--lang="))) {
            language = a.mid(7);
        } else if (a == QLatin1String("--screenshots") && i + 1 < args.size()) {
            screenshots = args[++i];
        } else if (a.startsWith(QLatin1String("--screenshots="))) {
            screenshots = a.mid(14);
        } else if (a == QLatin1String("--theme") && i + 1 < args.size()) {
            theme = args[++i];
        } else if (a == QLatin1String("--size") && i + 1 < args.size()) {
            const QStringList wh = args[++i].split(QLatin1Char('x'));
            size = wh.size() == 2 ? QSize(wh[0].toInt(), wh[1].toInt()) : QSize();
            if (size.width() < 320 || size.height() < 240) {
                std::cerr << "tilescope: --size takes WIDTHxHEIGHT of at least 320x240, e.g. 1280x800\n";
                return 2;
            }
        } else if (a.startsWith(QLatin1String("-"))) {
            std::cerr << "tilescope: unknown option " << a.toStdString() << "\n" << kUsage;
            return 2;
        } else {
            file = a;
        }
    }
    if (language.isEmpty())
        language = QSettings().value(QStringLiteral("language")).toString();
    if (language.isEmpty())
        language = QLocale::system().name();
    if (!ts::gui::installLanguage(language))
        std::cerr << "tilescope: no translation for " << language.toStdString() << ", using English\n";

    if (!theme.isEmpty() && theme != QLatin1String("light") && theme != QLatin1String("dark")) {
        std::cerr << "tilescope: --theme takes light or dark, not " << theme.toStdString() << "\n" << kUsage;
        return 2;
    }

    ts::gui::MainWindow window;
    if (size.isValid())
        window.resize(size);
    if (!theme.isEmpty())
        window.setDarkTheme(theme == QLatin1String("dark"));
    window.show();
    // A capture folder's list of launches, rendered on its own (documentation).
    if (!screenshots.isEmpty() && QFileInfo(file).isDir()) {
        ts::gui::CaptureDialog* dialog = window.openCaptureFolder(QFileInfo(file).absoluteFilePath());
        QObject::connect(dialog, &ts::gui::CaptureDialog::loaded, &app, [dialog, file, screenshots](bool ok) {
            const QString name = screenshots + QLatin1Char('/') + QFileInfo(file).fileName() + QLatin1Char('-') +
                                 ts::gui::currentLanguage() + QStringLiteral("-capture.png");
            QApplication::exit(ok && dialog->grab().save(name) ? 0 : 1);
        });
        return QApplication::exec();
    }
    // A file named on the command line wins over the last session's.
    if (!file.isEmpty())
        window.openFile(QFileInfo(file).absoluteFilePath());
    else if (screenshots.isEmpty())
        window.restoreSession();

    if (!screenshots.isEmpty()) {
        auto* tour = new ts::gui::ScreenshotTour(&window, screenshots,
                                                 QFileInfo(file).completeBaseName() + QLatin1Char('-') +
                                                     ts::gui::currentLanguage(),
                                                 &window);
        QObject::connect(tour, &ts::gui::ScreenshotTour::finished, &app, [](bool ok) { QApplication::exit(ok ? 0 : 1); });
        tour->start();
    }
    return QApplication::exec();
}

} // namespace

// The module's one entry point, looked up by the binary (app/main.cpp).
extern "C" __attribute__((visibility("default"))) int tilescope_run_gui(int argc, char** argv)
{
    return runGui(argc, argv);
}
