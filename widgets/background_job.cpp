#include "widgets/background_job.h"

#include <QMetaObject>
#include <QPointer>
#include <QRunnable>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <exception>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace ts::gui {

void JobContext::reportProgress(double fraction, const QString& stage)
{
    fraction = std::clamp(fraction, 0.0, 1.0);
    checkpoint(fraction, stage);
    {
        std::lock_guard lock(m_mutex);
        const auto now = m_probe && m_probe->clock ? m_probe->clock() : std::chrono::steady_clock::now();
        const bool stageChanged = stage != m_lastStage;
        if (!stageChanged && (std::abs(fraction - m_lastFraction) < 0.001 ||
                              now - m_lastTime < std::chrono::milliseconds(50)))
            return;
        m_lastFraction = fraction;
        m_lastStage = stage;
        m_lastTime = now;
    }
    if (m_post && !stopRequested())
        m_post(fraction, stage);
}

LowerThreadPriority::LowerThreadPriority()
{
#if defined(__linux__)
    m_thread = int(syscall(SYS_gettid));
    errno = 0;
    m_before = getpriority(PRIO_PROCESS, id_t(m_thread));
    if (errno == 0)
        setpriority(PRIO_PROCESS, id_t(m_thread), std::min(19, m_before + 10));
#endif
}

LowerThreadPriority::~LowerThreadPriority()
{
#if defined(__linux__)
    // Raising it back needs a privilege the user may not have; the thread then stays nice.
    setpriority(PRIO_PROCESS, id_t(m_thread), m_before);
#endif
}

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent)
{
    // Two workers: a superseded job that cannot be interrupted must not hold up its successor.
    m_pool.setMaxThreadCount(2);
}

BackgroundJob::~BackgroundJob()
{
    if (m_stop) {
        m_stop->keepResult = false;
        m_stop->request();
    }
    m_pool.waitForDone();
}

void BackgroundJob::stop()
{
    if (!m_running)
        return;
    if (m_stop)
        m_stop->request();
    ++m_generation;  // whatever the worker still delivers is stale now
    m_running = false;
    Q_EMIT stopped();
}

void BackgroundJob::finishEarly()
{
    if (!m_running || !m_stop || m_stop->keepResult)
        return;
    m_stop->keepResult = true;  // before the request, so the worker sees it once it sees the stop
    m_stop->request();
}

void BackgroundJob::waitForIdle()
{
    m_pool.waitForDone();
}

void BackgroundJob::launch(const QString& label, std::function<void(JobContext&)> work,
                           std::function<void()> deliver)
{
    if (m_stop)
        m_stop->request();
    const quint64 generation = ++m_generation;
    m_stop = std::make_shared<JobStop>();
    m_running = true;
    m_label = label;

    auto context = std::make_shared<JobContext>();
    context->m_stop = m_stop;
    context->m_probe = m_probe;
    QPointer<BackgroundJob> self(this);
    context->m_post = [self, generation](double fraction, QString stage) {
        // The functor runs on the job's thread; it is dropped if the job object is gone.
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, fraction, stage = std::move(stage)] {
                if (self && self->m_generation == generation && self->m_running)
                    Q_EMIT self->progress(fraction, stage);
            },
            Qt::QueuedConnection);
    };
    context->m_call = [self, generation](std::function<void()> call) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, call = std::move(call)] {
                if (self && self->m_generation == generation && self->m_running)
                    call();
            },
            Qt::QueuedConnection);
    };
    Q_EMIT started(label);
    Q_EMIT progress(-1.0, QString());

    m_pool.start([self, generation, context, work = std::move(work), deliver = std::move(deliver)]() mutable {
        try {
            work(*context);
        } catch (const std::exception& e) {
            // Core stages report problems as diagnostics; this is the last resort (out of memory).
            const QString message = QString::fromLocal8Bit(e.what());
            QMetaObject::invokeMethod(
                self.data(),
                [self, generation, message] {
                    if (!self || self->m_generation != generation)
                        return;
                    self->m_running = false;
                    Q_EMIT self->failed(message);
                },
                Qt::QueuedConnection);
            return;
        }
        // A stop drops the result unless the job was asked to finish early.
        if (context->stopRequested() && !context->m_stop->keepResult)
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, deliver = std::move(deliver)] {
                if (!self || self->m_generation != generation)
                    return;  // superseded or stopped: drop it
                self->m_running = false;
                deliver();
                Q_EMIT self->finished();
            },
            Qt::QueuedConnection);
    });
}

} // namespace ts::gui
