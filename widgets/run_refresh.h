#pragma once
// When a chart of a tuning run redraws: at once for a new run or a finished one, at most every
// 500 ms while candidates stream in, and not while the chart is hidden (it catches up when
// shown). The timings and the tuning time charts share it.

#include <QTimer>
#include <QWidget>

#include <functional>
#include <utility>

namespace ts::gui {

class RunRefresh {
public:
    // `rebuild` redraws `chart`; the timer is the chart's child.
    RunRefresh(QWidget* chart, std::function<void()> rebuild) : m_chart(chart), m_rebuild(std::move(rebuild))
    {
        m_timer = new QTimer(chart);
        m_timer->setSingleShot(true);
        m_timer->setInterval(500);
        QObject::connect(m_timer, &QTimer::timeout, chart, [this] { rebuildNow(); });
    }

    // Another run (or none): redraw now.
    void newRun()
    {
        m_timer->stop();
        rebuildNow();
    }
    // The run got candidates, or finished.
    void updated(bool finished)
    {
        m_dirty = true;
        if (!m_chart->isVisible())
            return;
        if (finished) {
            m_timer->stop();
            rebuildNow();
        } else if (!m_timer->isActive()) {
            m_timer->start();
        }
    }
    // A redraw waits on the timer.
    bool pending() const { return m_timer->isActive(); }
    // From the chart's showEvent.
    void shown()
    {
        if (m_dirty)
            rebuildNow();
    }

private:
    void rebuildNow()
    {
        m_dirty = false;
        m_rebuild();
    }

    QWidget* m_chart;
    std::function<void()> m_rebuild;
    QTimer* m_timer = nullptr;
    bool m_dirty = false;
};

} // namespace ts::gui
