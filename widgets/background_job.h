#pragma once
// The one pattern for work off the GUI thread: inputs are copied into the work function, the
// work runs on a private thread pool, its result is delivered on the GUI thread, and a result
// whose job was superseded or stopped is dropped (generation counter). The destructor stops
// the running job and waits for it, so no worker outlives its owner.

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>

namespace ts::gui {

// A seam for tests of background work; the product never sets one. `step` is called on the
// worker thread at every progress report (before throttling) and at every checkpoint the work
// passes; it may record the call or block there until the test lets it go on (a pause point),
// so a test decides where the worker stands when it presses Stop. `clock` replaces the
// steady clock that throttles progress reports, so a test can make every report go through.
struct JobProbe {
    std::function<void(double fraction, const QString& stage)> step;
    std::function<std::chrono::steady_clock::time_point()> clock;
};

// The stop request of one job, as a flag to poll and as a token for core stages.
struct JobStop {
    std::atomic<bool> flag{false};
    std::stop_source source;
    std::atomic<bool> keepResult{false};  // set before the request: the work's result is still delivered
    void request()
    {
        flag.store(true);
        source.request_stop();
    }
};

// What a work function sees: a stop flag to poll and a progress sink. Thread-safe.
class JobContext {
public:
    bool stopRequested() const { return m_stop->flag.load(); }
    // A shared flag for core stages that take one.
    const std::atomic<bool>& stopFlag() const { return m_stop->flag; }
    // The same request as a std::stop_token (core stages that take one).
    std::stop_token stopToken() const { return m_stop->source.get_token(); }
    // fraction in [0, 1]; throttled: changes under 0.1% are skipped, as are reports closer
    // than 50 ms apart (the last one of a stage always goes through when the stage changes).
    void reportProgress(double fraction, const QString& stage);
    // A point where a test's probe may look at or hold the worker; nothing without a probe.
    // May be called from any thread the work starts.
    void checkpoint(double fraction, const QString& stage) const
    {
        if (m_probe && m_probe->step)
            m_probe->step(fraction, stage);
    }
    bool hasProbe() const { return m_probe != nullptr; }
    // Runs `onOwnerThread` on the job object's thread, before the result and in the order
    // posted, unless the job was superseded or stopped first (then it is dropped): a first part
    // of the result the owner shows while the work goes on.
    void post(std::function<void()> onOwnerThread) const
    {
        if (m_call)
            m_call(std::move(onOwnerThread));
    }

private:
    friend class BackgroundJob;
    std::shared_ptr<const JobProbe> m_probe;
    std::shared_ptr<JobStop> m_stop;
    std::function<void(double, QString)> m_post;
    std::function<void(std::function<void()>)> m_call;
    std::mutex m_mutex;
    double m_lastFraction = -1.0;
    QString m_lastStage;
    std::chrono::steady_clock::time_point m_lastTime;
};

// For the length of a scope, the calling worker thread (and the threads it starts) runs at a
// lower priority, so that long parallel work never takes the CPU from the GUI thread.
// Linux only (per-thread nice values); elsewhere it does nothing.
class LowerThreadPriority {
public:
    LowerThreadPriority();
    ~LowerThreadPriority();
    LowerThreadPriority(const LowerThreadPriority&) = delete;
    LowerThreadPriority& operator=(const LowerThreadPriority&) = delete;

private:
    int m_thread = 0;
    int m_before = 0;
};

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override;

    // Runs `work` off the GUI thread; `deliver` gets its result on this object's thread unless
    // another start() or stop() came first. `work` must own everything it reads.
    template <typename Result>
    void start(const QString& label, std::function<Result(JobContext&)> work,
               std::function<void(Result&&)> deliver)
    {
        auto result = std::make_shared<std::optional<Result>>();
        launch(
            label, [work = std::move(work), result](JobContext& context) { result->emplace(work(context)); },
            [deliver = std::move(deliver), result] {
                if (*result)
                    deliver(std::move(**result));
            });
    }

    // Asks the running job to stop and drops its result; returns at once.
    void stop();
    // Asks the running job to wrap up early and still delivers what it returns (a tuning keeps
    // the candidates that finished). The job counts as running until then.
    void finishEarly();
    bool finishingEarly() const { return m_running && m_stop && m_stop->keepResult; }
    bool isRunning() const { return m_running; }
    QString label() const { return m_label; }
    quint64 generation() const { return m_generation; }
    // Blocks until every started worker has returned (destructor, tests).
    void waitForIdle();
    // Tests: the probe every job started from now on carries (null: none).
    void setProbe(std::shared_ptr<const JobProbe> probe) { m_probe = std::move(probe); }

Q_SIGNALS:
    void started(const QString& label);
    // fraction < 0: no report yet (indeterminate).
    void progress(double fraction, const QString& stage);
    void finished();  // the result was delivered
    void stopped();   // stop() dropped the running job's result
    void failed(const QString& message);  // the work threw; nothing was delivered

private:
    void launch(const QString& label, std::function<void(JobContext&)> work, std::function<void()> deliver);

    QThreadPool m_pool;
    std::shared_ptr<const JobProbe> m_probe;
    quint64 m_generation = 0;
    std::shared_ptr<JobStop> m_stop;
    bool m_running = false;
    QString m_label;
};

} // namespace ts::gui
