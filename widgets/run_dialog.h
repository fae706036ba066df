#pragma once
// The frame of a dialog that runs one background job (the shape sweep, the device, backend and
// measured comparisons): the job, its run row (RunPanel) and the row's parts for tests, and the
// bottom row of run row, extra buttons and Close. The dialog makes the run row where its tab
// order wants it, and says what Run and Stop do.

#include "widgets/run_panel.h"

#include <QDialog>

#include <initializer_list>

class QDoubleSpinBox;

namespace ts::gui {

class RunDialog : public QDialog {
    Q_OBJECT
public:
    bool isRunning() const;
    QPushButton* runButton() const;
    QAbstractButton* stopButton() const;
    QProgressBar* progressBar() const;
    QLabel* messageLabel() const;
    BackgroundJob* job() const { return m_job; }

protected:
    explicit RunDialog(QWidget* parent);

    // The run row following job(), its Run button named `runName` for tests.
    RunPanel* createRunPanel(const QString& runText, const QString& runName);
    // The run row, then `buttons`, then a Close button that closes the dialog.
    QHBoxLayout* bottomRow(std::initializer_list<QWidget*> buttons = {});
    // The tolerance of a covering config list the run proposes: 0–100 %, 5 % at first, as the
    // CLI's --tolerance.
    QDoubleSpinBox* createToleranceBox(const QString& objectName, const QString& toolTip);

    BackgroundJob* m_job = nullptr;
    RunPanel* m_panel = nullptr;
};

} // namespace ts::gui
