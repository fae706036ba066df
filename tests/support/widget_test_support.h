#pragma once
// Shared set-up of the widget tests: the offscreen platform at a fixed DPI, settings kept away
// from the user's, and helpers that build real analyses and spaces from the bundled examples.

#include "backend_versions.h"
#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/space/candidate_space.h"
#include "core/pipeline/workflow.h"
#include "widgets/background_job.h"
#include "testutil.h"

#include <QApplication>
#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QStandardPaths>
#include <QString>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

namespace ts::test {

// Every tuning a cache file holds, with what differs between two runs of the same request
// cleared (id, date, workload path, the simulation's own wall time), so that two caches filled
// by the CLI and by the window compare equal exactly when they hold the same tunings.
inline std::vector<cache::TuningRecord> comparableCacheRows(const QString& file)
{
    cache::OpenResult opened = cache::ConfigCache::open(file.toStdString());
    std::vector<cache::TuningRecord> records;
    if (opened.ok())
        records = opened.cache->records().value.value_or(std::vector<cache::TuningRecord>{});
    for (cache::TuningRecord& r : records) {
        r.id = 0;
        r.createdAt.clear();
        r.workloadPath.clear();
        if (r.details)
            r.details->hostSeconds = 0;  // this run's wall time here, measured
    }
    return records;
}

inline QString examplePath(const char* name)
{
    return QString::fromStdString((examplesDir() / name).string());
}

inline void isolateSettings()
{
    // Each test process gets its own settings folder: ctest runs the widget tests in parallel,
    // and a shared file would let one test's recent files or theme leak into another's.
    static QTemporaryDir settingsDir;
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    QCoreApplication::setOrganizationName(QStringLiteral("TileScopeTests"));
    QCoreApplication::setApplicationName(QStringLiteral("TileScopeTests"));
    QSettings().clear();
}

// ---- Timing: how a test waits for background work (see tests/README.md) ----
//
// A test never races the machine: it waits for an event that must come, with no time budget of
// its own (ctest's per-test timeout ends a test that hangs), and where it needs the work to be
// at a given point (mid-run, before a Stop), it holds the worker there with a PausePoint.

// Spins the event loop until `done()` holds. Returns true, so it reads as QVERIFY(waitUntil(...)).
template <typename Predicate>
bool waitUntil(Predicate done)
{
    return QTest::qWaitFor(done, INT_MAX);
}

// Until `spy` has seen at least `count` signals (counting those already seen).
inline bool waitForCount(QSignalSpy& spy, int count = 1)
{
    return waitUntil([&] { return spy.count() >= count; });
}

// A point where worker threads wait until the test opens it. Workers call hold() (from a
// JobProbe's step, or a core step callback); the test calls waitUntilHeld() to know a worker
// stands there, does what it must do at that moment (press Stop), then release(). Thread-safe.
class PausePoint {
public:
    void hold()
    {
        std::unique_lock lock(m_mutex);
        ++m_held;
        m_changed.notify_all();
        m_changed.wait(lock, [&] { return m_released; });
    }
    // Blocks the calling (test) thread until a worker is held. The workers never need the GUI
    // thread to get there.
    void waitUntilHeld()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_held > 0; });
    }
    void release()
    {
        {
            std::lock_guard lock(m_mutex);
            m_released = true;
        }
        m_changed.notify_all();
    }
    // Opens the point when the test leaves the scope, pass or fail, so that no worker is left
    // waiting while its owner's destructor waits for it.
    struct Opener {
        std::shared_ptr<PausePoint> point;
        ~Opener() { point->release(); }
    };

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    int m_held = 0;
    bool m_released = false;
};

// Values recorded by worker threads, read by the test.
template <typename T>
class Recorded {
public:
    void push(T value)
    {
        std::lock_guard lock(m_mutex);
        m_values.push_back(std::move(value));
    }
    std::vector<T> values() const
    {
        std::lock_guard lock(m_mutex);
        return m_values;
    }

private:
    mutable std::mutex m_mutex;
    std::vector<T> m_values;
};

// A clock for JobProbe::clock that moves one second per reading: the progress throttle then
// lets every report through, whatever the machine's speed.
inline std::function<std::chrono::steady_clock::time_point()> steppingClock()
{
    auto ticks = std::make_shared<std::atomic<long long>>(0);
    return [ticks] { return std::chrono::steady_clock::time_point(std::chrono::seconds(++*ticks)); };
}

// The analysis and candidate space of an example workload, built synchronously.
// `maxLatticePoints` keeps lattices small where a test walks every row.
inline std::shared_ptr<const space::CandidateSpace> buildSpace(const char* workload, bool lattice,
                                                               std::size_t maxLatticePoints = 2'000'000)
{
    kernel::WorkloadLoadResult loaded = loadWorkload2604(examplePath(workload).toStdString());
    if (!loaded.workload)
        return nullptr;
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*loaded.workload});
    if (!analysed.ok())
        return nullptr;
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* device = registry.find(analysed.analysis->workload.device);
    if (device == nullptr)
        return nullptr;
    pipeline::SpaceRequest request{analysed.analysis, *device, {}};
    request.options.lattice = lattice;
    request.options.maxLatticePoints = maxLatticePoints;
    return pipeline::buildSpace(request).space;
}

} // namespace ts::test

// main() for a widget test: offscreen, 96 DPI, scale 1, unless the environment says otherwise.
#define TILESCOPE_WIDGET_TEST_MAIN(TestClass)                                                      \
    int main(int argc, char** argv)                                                                \
    {                                                                                              \
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))                                        \
            qputenv("QT_QPA_PLATFORM", "offscreen");                                               \
        qputenv("QT_FONT_DPI", "96");                                                              \
        qputenv("QT_SCALE_FACTOR", "1");                                                           \
        QApplication app(argc, argv);                                                              \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                   \
        TestClass test;                                                                            \
        QTEST_SET_MAIN_SOURCE_PATH                                                                 \
        return QTest::qExec(&test, argc, argv);                                                    \
    }
