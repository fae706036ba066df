#pragma once
// Renders the main views of an open window to PNG files, one after the other, once each view
// has settled (nothing running, charts prepared); used by scripts/screenshots.sh for the docs.
// After the space views it tunes the launch, shows the tuning charts, compares two devices,
// sweeps shapes, browses the config cache and exports configs. Tunings go to a scratch cache,
// never to the one beside the workload.

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <functional>
#include <vector>

class QWidget;

namespace ts::gui {

class MainWindow;

class ScreenshotTour : public QObject {
    Q_OBJECT
public:
    // Files are written as <dir>/<prefix>-<view>.png.
    ScreenshotTour(MainWindow* window, QString dir, QString prefix, QObject* parent = nullptr);
    void start();
    QStringList written() const { return m_written; }

Q_SIGNALS:
    void finished(bool ok);

private:
    void next();
    bool settled() const;
    void grab(const QString& view, QWidget* widget = nullptr);
    void addTuningSteps();
    void playAnEarlierKernelVersion();
    bool tuned() const;  // the launch's tuning found a config

    MainWindow* m_window;
    QString m_dir;
    QString m_prefix;
    std::vector<std::function<void()>> m_steps;
    std::size_t m_step = 0;
    QStringList m_written;
    int m_waited = 0;
    bool m_ok = true;
    QTemporaryDir m_scratch;
};

} // namespace ts::gui
