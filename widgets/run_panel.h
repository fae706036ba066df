#pragma once
// The run row every run view shares (the shape sweep, the device comparison): a Run button, the
// progress of the running job with its Stop button, and one message line for the outcome, a
// note or an error. It follows a BackgroundJob by itself: running state, indeterminate bar until
// the first report, then fraction and time left; a failure shows its message in error colour.
// The status bar's ProgressWidget is the same progress-and-stop part, alone.

#include <QString>
#include <QWidget>

class QAbstractButton;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;

namespace ts::gui {

class BackgroundJob;
class ProgressWidget;

class RunPanel : public QWidget {
    Q_OBJECT
public:
    RunPanel(const QString& runText, QWidget* parent = nullptr);

    // Follows `job`: started, progress, finished, stopped and failed drive the row. One job.
    void attach(BackgroundJob* job);

    // Stop was pressed and the job is winding down (it keeps what finished): the Stop button
    // goes grey and `text` says what happens now.
    void showStopping(const QString& text);
    // The outcome line; an error is shown in the error colour.
    void showMessage(const QString& text, bool error = false);
    void clearMessage() { showMessage(QString()); }
    // Whether Run may be pressed when no job runs (the view's inputs are complete).
    void setReady(bool ready);
    bool isRunning() const;

    QPushButton* runButton() const { return m_run; }
    QAbstractButton* stopButton() const;
    QProgressBar* progressBar() const;
    QLabel* messageLabel() const { return m_message; }
    ProgressWidget* progress() const { return m_progress; }
    // The view's own controls for the run (a tolerance field, a cache box), at the row's left.
    void addToRow(QWidget* widget, int stretch = 0);

Q_SIGNALS:
    void runRequested();
    void stopRequested();

private:
    void updateButtons();

    BackgroundJob* m_job = nullptr;
    QPushButton* m_run = nullptr;
    QHBoxLayout* m_row = nullptr;
    int m_rowExtras = 0;
    ProgressWidget* m_progress = nullptr;
    QLabel* m_message = nullptr;
    bool m_ready = true;
    bool m_stopping = false;
};

} // namespace ts::gui
