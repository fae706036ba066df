#include "widgets/screenshot_tour.h"

#include "widgets/background_job.h"
#include "widgets/candidate_filter_proxy.h"
#include "widgets/charts_page.h"
#include "widgets/heatmap_chart.h"
#include "widgets/kernel_document.h"
#include "widgets/kernel_page.h"
#include "widgets/main_window.h"
#include "widgets/space_page.h"

#include <QDir>
#include <QPixmap>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <iostream>

namespace ts::gui {

ScreenshotTour::ScreenshotTour(MainWindow* window, QString dir, QString prefix, QObject* parent)
    : QObject(parent), m_window(window), m_dir(std::move(dir)), m_prefix(std::move(prefix))
{
    auto firstGenerated = [this] {
        const auto space = m_window->document()->space();
        if (!space)
            return;
        for (std::size_t i = 0; i < space->size(); ++i)
            if (space->status(i) == space::CandidateStatus::Generated) {
                m_window->spacePage()->selectCandidate(i);
                m_window->chartsPage()->setSelectedCandidate(i);
                return;
            }
    };
    m_steps = {
        [this] { m_window->tabs()->setCurrentWidget(m_window->kernelPage()); },
        [this] { grab(QStringLiteral("kernel")); },
        [this, firstGenerated] {
            m_window->tabs()->setCurrentWidget(m_window->spacePage());
            firstGenerated();
        },
        [this] { grab(QStringLiteral("candidates")); },
        [this] { m_window->document()->setLattice(true); },
        [this, firstGenerated] {
            m_window->tabs()->setCurrentWidget(m_window->chartsPage());
            firstGenerated();
        },
        [this] { grab(QStringLiteral("charts")); },
        [this] { m_window->tabs()->setCurrentWidget(m_window->spacePage()); },
        [this] { grab(QStringLiteral("lattice")); },
        [this] {
            m_window->setDarkTheme(true);
            m_window->tabs()->setCurrentWidget(m_window->chartsPage());
        },
        [this] { grab(QStringLiteral("charts-dark")); },
        [this] { m_window->tabs()->setCurrentWidget(m_window->kernelPage()); },
        [this] { grab(QStringLiteral("kernel-dark")); },
        [this] { m_window->setDarkTheme(false); },
    };
}

void ScreenshotTour::start()
{
    QDir().mkpath(m_dir);
    QTimer::singleShot(300, this, &ScreenshotTour::next);
}

bool ScreenshotTour::settled() const
{
    const HeatmapChart* heatmap = m_window->chartsPage()->heatmap();
    return !m_window->document()->isBusy() && !heatmap->job()->isRunning();
}

void ScreenshotTour::next()
{
    // Wait until the document and the charts are idle (at most a minute), then a little more
    // for queued repaints.
    if (!settled() && m_waited < 600) {
        ++m_waited;
        QTimer::singleShot(100, this, &ScreenshotTour::next);
        return;
    }
    m_waited = 0;
    if (m_step >= m_steps.size()) {
        Q_EMIT finished(m_ok);
        return;
    }
    m_steps[m_step++]();
    QTimer::singleShot(400, this, &ScreenshotTour::next);
}

void ScreenshotTour::grab(const QString& view)
{
    const QString path = QDir(m_dir).filePath(m_prefix + QLatin1Char('-') + view + QStringLiteral(".png"));
    const QPixmap pixmap = m_window->grab();
    if (pixmap.isNull() || !pixmap.save(path)) {
        std::cerr << "cannot write " << path.toStdString() << "\n";
        m_ok = false;
        return;
    }
    m_written << path;
    std::cout << path.toStdString() << "\n";
}

} // namespace ts::gui
