#include "widgets/main_window.h"

#include <QApplication>

int runGui(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("TileScope"));
    QApplication::setOrganizationName(QStringLiteral("TileScope"));
    ts::gui::MainWindow window;
    window.show();
    return QApplication::exec();
}
