// The background-job pattern: delivery on the GUI thread, stale results dropped, stop, progress,
// and a destructor that waits for its worker.

#include "widget_test_support.h"

#include "widgets/background_job.h"

#include <QSignalSpy>
#include <QThread>

#include <atomic>
#include <future>

namespace test = ts::test;
using ts::gui::BackgroundJob;
using ts::gui::JobContext;

class TestBackgroundJob : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deliversOnTheGuiThread()
    {
        BackgroundJob job;
        QSignalSpy finished(&job, &BackgroundJob::finished);
        QThread* workerThread = nullptr;
        QThread* deliveryThread = nullptr;
        int value = 0;
        job.start<int>(
            QStringLiteral("answer"),
            [&workerThread](JobContext&) {
                workerThread = QThread::currentThread();
                return 42;
            },
            [&](int&& v) {
                deliveryThread = QThread::currentThread();
                value = v;
            });
        QVERIFY(job.isRunning());
        QVERIFY(test::waitForCount(finished, finished.count() + 1));
        QCOMPARE(value, 42);
        QCOMPARE(deliveryThread, QThread::currentThread());
        QVERIFY(workerThread != QThread::currentThread());
        QVERIFY(!job.isRunning());
    }

    void staleResultsAreDropped()
    {
        BackgroundJob job;
        QSignalSpy finished(&job, &BackgroundJob::finished);
        std::promise<void> release;
        std::shared_future<void> gate = release.get_future().share();
        std::vector<int> delivered;
        job.start<int>(
            QStringLiteral("first"),
            [gate](JobContext&) {
                gate.wait();  // still running when the second job starts
                return 1;
            },
            [&](int&& v) { delivered.push_back(v); });
        job.start<int>(QStringLiteral("second"), [](JobContext&) { return 2; }, [&](int&& v) { delivered.push_back(v); });
        QVERIFY(test::waitForCount(finished, finished.count() + 1));
        release.set_value();
        job.waitForIdle();
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(delivered, std::vector<int>{2});
        QCOMPARE(finished.count(), 1);
    }

    void stopDropsTheResultAndAsksTheWorkToEnd()
    {
        BackgroundJob job;
        QSignalSpy stopped(&job, &BackgroundJob::stopped);
        QSignalSpy finished(&job, &BackgroundJob::finished);
        std::atomic<bool> sawStop{false};
        std::atomic<bool> entered{false};
        bool delivered = false;
        job.start<int>(
            QStringLiteral("long"),
            [&](JobContext& context) {
                entered = true;
                while (!context.stopRequested())
                    QThread::msleep(1);
                sawStop = true;
                return 0;
            },
            [&](int&&) { delivered = true; });
        QVERIFY(test::waitUntil([&] { return entered.load(); }));
        job.stop();
        QCOMPARE(stopped.count(), 1);
        QVERIFY(!job.isRunning());
        job.waitForIdle();
        QCoreApplication::processEvents();
        QVERIFY(sawStop.load());
        QVERIFY(!delivered);
        QCOMPARE(finished.count(), 0);
        // Stopping an idle job does nothing.
        job.stop();
        QCOMPARE(stopped.count(), 1);
    }

    void finishEarlyDeliversWhatTheWorkReturns()
    {
        BackgroundJob job;
        QSignalSpy finished(&job, &BackgroundJob::finished);
        QSignalSpy stopped(&job, &BackgroundJob::stopped);
        std::atomic<bool> entered{false};
        int delivered = -1;
        job.start<int>(
            QStringLiteral("partial"),
            [&](JobContext& context) {
                entered = true;
                int steps = 0;
                const std::stop_token token = context.stopToken();
                while (!token.stop_requested()) {  // the token follows the same request
                    QThread::msleep(1);
                    ++steps;
                }
                return steps + 1;
            },
            [&](int&& v) { delivered = v; });
        QVERIFY(test::waitUntil([&] { return entered.load(); }));
        job.finishEarly();
        QVERIFY(job.isRunning());  // until the partial result is in
        QVERIFY(job.finishingEarly());
        QVERIFY(test::waitForCount(finished, finished.count() + 1));
        QVERIFY(delivered > 0);
        QCOMPARE(stopped.count(), 0);
        QVERIFY(!job.isRunning());
        // A plain stop after finishEarly still drops.
        delivered = -1;
        job.start<int>(QStringLiteral("dropped"), [](JobContext& context) {
            while (!context.stopRequested())
                QThread::msleep(1);
            return 7;
        }, [&](int&& v) { delivered = v; });
        job.stop();
        job.waitForIdle();
        QCoreApplication::processEvents();
        QCOMPARE(delivered, -1);
    }

    // A first part of the result, posted by the work, reaches the owner's thread before the
    // result and in order; a part still queued when the job is stopped is dropped with it.
    void postedPartsComeFirstAndGoWithAStoppedJob()
    {
        BackgroundJob job;
        QSignalSpy finished(&job, &BackgroundJob::finished);
        std::vector<int> seen;
        std::vector<QThread*> threads;
        job.start<int>(
            QStringLiteral("parts"),
            [&seen, &threads](JobContext& context) {
                for (int part : {1, 2})
                    context.post([part, &seen, &threads] {
                        seen.push_back(part);
                        threads.push_back(QThread::currentThread());
                    });
                return 3;
            },
            [&](int&& v) { seen.push_back(v); });
        QVERIFY(test::waitForCount(finished, finished.count() + 1));
        QCOMPARE(seen, (std::vector<int>{1, 2, 3}));
        for (QThread* t : threads)
            QCOMPARE(t, QThread::currentThread());

        // Posted, then stopped before this thread got to it.
        seen.clear();
        std::promise<void> posted;
        std::future<void> postedFuture = posted.get_future();
        job.start<int>(
            QStringLiteral("stopped"),
            [&seen, &posted](JobContext& context) {
                context.post([&seen] { seen.push_back(1); });
                posted.set_value();
                while (!context.stopRequested())
                    QThread::msleep(1);
                return 2;
            },
            [&](int&& v) { seen.push_back(v); });
        postedFuture.wait();  // the part is queued here, not yet delivered
        job.stop();
        job.waitForIdle();
        QCoreApplication::processEvents();
        QVERIFY(seen.empty());

        // Superseded: the first job's part, posted after the second started, is dropped too.
        std::promise<void> release;
        std::shared_future<void> gate = release.get_future().share();
        job.start<int>(
            QStringLiteral("first"),
            [&seen, gate](JobContext& context) {
                gate.wait();
                context.post([&seen] { seen.push_back(1); });
                return 1;
            },
            [&](int&& v) { seen.push_back(v); });
        job.start<int>(QStringLiteral("second"), [](JobContext&) { return 2; }, [&](int&& v) { seen.push_back(v); });
        release.set_value();
        job.waitForIdle();
        QVERIFY(test::waitUntil([&] { return !job.isRunning(); }));
        QCoreApplication::processEvents();
        QCOMPARE(seen, std::vector<int>{2});
    }

    void progressIsIndeterminateThenReported()
    {
        BackgroundJob job;
        QSignalSpy progress(&job, &BackgroundJob::progress);
        QSignalSpy finished(&job, &BackgroundJob::finished);
        job.start<int>(
            QStringLiteral("steps"),
            [](JobContext& context) {
                context.reportProgress(0.25, QStringLiteral("first"));
                context.reportProgress(0.2501, QStringLiteral("first"));  // under 0.1%: skipped
                context.reportProgress(0.5, QStringLiteral("second"));    // a new stage always goes
                return 0;
            },
            [](int&&) {});
        QVERIFY(test::waitForCount(finished, finished.count() + 1));
        QVERIFY(progress.count() >= 2);
        QCOMPARE(progress.first().at(0).toDouble(), -1.0);  // indeterminate until the first report
        QList<double> fractions;
        for (const auto& call : progress)
            fractions << call.at(0).toDouble();
        QVERIFY(!fractions.contains(0.2501));
        QCOMPARE(fractions.last(), 0.5);
        QCOMPARE(progress.last().at(1).toString(), QStringLiteral("second"));
    }

    void aProbeSeesEveryReportAndItsClockDrivesTheThrottle()
    {
        auto run = [](std::function<std::chrono::steady_clock::time_point()> clock) {
            BackgroundJob job;
            auto seen = std::make_shared<test::Recorded<double>>();
            auto probe = std::make_shared<ts::gui::JobProbe>();
            probe->step = [seen](double fraction, const QString&) { seen->push(fraction); };
            probe->clock = std::move(clock);
            job.setProbe(probe);
            QSignalSpy progress(&job, &BackgroundJob::progress);
            QSignalSpy finished(&job, &BackgroundJob::finished);
            job.start<int>(
                QStringLiteral("steps"),
                [](JobContext& context) {
                    for (double f : {0.1, 0.2, 0.3})
                        context.reportProgress(f, QStringLiteral("a"));
                    context.reportProgress(0.4, QStringLiteral("b"));
                    return 0;
                },
                [](int&&) {});
            test::waitForCount(finished);
            std::vector<double> shown;
            for (const auto& call : progress)
                shown.push_back(call.at(0).toDouble());
            return std::make_pair(seen->values(), shown);
        };
        // A clock that stands still: reports of one stage within 50 ms of the last are skipped,
        // a new stage always goes through. The probe sees every report either way.
        const auto [seenFrozen, shownFrozen] =
            run([] { return std::chrono::steady_clock::time_point(std::chrono::seconds(1)); });
        QCOMPARE(seenFrozen, (std::vector<double>{0.1, 0.2, 0.3, 0.4}));
        QCOMPARE(shownFrozen, (std::vector<double>{-1.0, 0.1, 0.4}));
        // A clock that moves a second per reading lets every report through.
        const auto [seenStepping, shownStepping] = run(test::steppingClock());
        QCOMPARE(seenStepping, seenFrozen);
        QCOMPARE(shownStepping, (std::vector<double>{-1.0, 0.1, 0.2, 0.3, 0.4}));
    }

    void aPausePointHoldsTheWorkerUntilReleased()
    {
        BackgroundJob job;
        auto pause = std::make_shared<test::PausePoint>();
        const test::PausePoint::Opener opener{pause};
        auto probe = std::make_shared<ts::gui::JobProbe>();
        probe->step = [pause](double, const QString&) { pause->hold(); };
        job.setProbe(probe);
        QSignalSpy finished(&job, &BackgroundJob::finished);
        std::atomic<int> after{0};
        int delivered = -1;
        job.start<int>(
            QStringLiteral("held"),
            [&after](JobContext& context) {
                context.checkpoint(0.5, QStringLiteral("held here"));
                ++after;
                return 3;
            },
            [&](int&& v) { delivered = v; });
        pause->waitUntilHeld();
        QCoreApplication::processEvents();
        QCOMPARE(after.load(), 0);  // held: nothing after the checkpoint has run
        QVERIFY(job.isRunning());
        pause->release();
        QVERIFY(test::waitForCount(finished));
        QCOMPARE(after.load(), 1);
        QCOMPARE(delivered, 3);
    }

    void destructorStopsAndWaits()
    {
        std::atomic<bool> done{false};
        std::atomic<bool> entered{false};
        {
            BackgroundJob job;
            job.start<int>(
                QStringLiteral("to cancel"),
                [&](JobContext& context) {
                    entered = true;
                    while (!context.stopRequested())
                        QThread::msleep(1);
                    QThread::msleep(20);
                    done = true;
                    return 0;
                },
                [](int&&) { QFAIL("a destroyed job must not deliver"); });
            QVERIFY(test::waitUntil([&] { return entered.load(); }));
        }
        QVERIFY(done.load());  // the worker finished before the job object went away
        QCoreApplication::processEvents();
    }

    void aThrowingWorkReportsFailure()
    {
        BackgroundJob job;
        QSignalSpy failed(&job, &BackgroundJob::failed);
        job.start<int>(QStringLiteral("throws"), [](JobContext&) -> int { throw std::runtime_error("out of memory"); },
                       [](int&&) { QFAIL("nothing to deliver"); });
        QVERIFY(test::waitForCount(failed, failed.count() + 1));
        QCOMPARE(failed.first().at(0).toString(), QStringLiteral("out of memory"));
        QVERIFY(!job.isRunning());
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestBackgroundJob)
#include "test_background_job.moc"
