#include "widgets/main_window.h"

#include <QLabel>

namespace ts::gui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(tr("TileScope"));
    auto* placeholder = new QLabel(tr("Open a Triton kernel or a workload to explore its tiling space."), this);
    placeholder->setAlignment(Qt::AlignCenter);
    setCentralWidget(placeholder);
    resize(1100, 720);
}

} // namespace ts::gui
