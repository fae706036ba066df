#pragma once
// Long work in the status bar: what runs, a bar that stays indeterminate until the first
// report (then fraction and time left), and a Stop button.

#include <QElapsedTimer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace ts::gui {

class BackgroundJob;

class ProgressWidget : public QWidget {
    Q_OBJECT
public:
    explicit ProgressWidget(QWidget* parent = nullptr);

    // Follows a job: started, progress, and its end (finished, stopped or failed).
    void attach(BackgroundJob* job);

    void start(const QString& label);
    // A stage text that stays until the next start (e.g. "Stopping after the running candidate…").
    void setStage(const QString& stage);
    // fraction < 0: no report yet.
    void report(double fraction, const QString& stage);
    // Counted work: "stage 1,234 / 5,678 (about 12 s left)"; etaSeconds < 0 when unknown.
    void reportCounts(const QString& stage, qulonglong done, qulonglong total, double etaSeconds);
    void finish();
    QString text() const;

    QProgressBar* bar() const { return m_bar; }
    QToolButton* stopButton() const { return m_stop; }

Q_SIGNALS:
    void stopRequested();

private:
    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QToolButton* m_stop = nullptr;
    QString m_title;
    QString m_fixedStage;  // set by setStage until the next start
    QElapsedTimer m_clock;
};

} // namespace ts::gui
