#pragma once
// Shared set-up of the widget tests: the offscreen platform at a fixed DPI, settings kept away
// from the user's, and helpers that build real analyses and spaces from the bundled examples.

#include "core/analysis/kernel_analysis.h"
#include "core/npu/device_profile.h"
#include "core/space/candidate_space.h"
#include "widgets/space_request.h"

#include <QApplication>
#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QStandardPaths>
#include <QString>
#include <QTest>

#include <memory>

namespace ts::test {

inline QString examplePath(const char* name)
{
    return QStringLiteral(TILESCOPE_SOURCE_DIR "/resources/examples/") + QString::fromLatin1(name);
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

// The analysis and candidate space of an example workload, built synchronously.
// `maxLatticePoints` keeps lattices small where a test walks every row.
inline std::shared_ptr<const space::CandidateSpace> buildSpace(const char* workload, bool lattice,
                                                               std::size_t maxLatticePoints = 2'000'000)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(examplePath(workload).toStdString());
    if (!loaded.workload)
        return nullptr;
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(*loaded.workload);
    if (!analysed.analysis)
        return nullptr;
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    gui::SpaceRequestResult made =
        gui::spaceRequestFor(*analysed.analysis, registry.find(analysed.analysis->workload.device), lattice);
    if (!made.request)
        return nullptr;
    gui::SpaceRequest& r = *made.request;
    r.options.maxLatticePoints = maxLatticePoints;
    return std::make_shared<const space::CandidateSpace>(
        space::CandidateSpace::build(r.parse, r.launch, r.hints, r.device, r.options));
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
