#pragma once

#include <QMainWindow>

namespace ts::gui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
};

} // namespace ts::gui
