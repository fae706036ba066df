#pragma once
// Widget tests that open a bundled example (no "backend" field: the newest version) in the
// explorer and expect the configs 2026-04 generates choose that version with the backend
// selector beside the device, as a user would.

#include "backend_versions.h"
#include "widget_test_support.h"
#include "widgets/kernel_document.h"
#include "widgets/launch_editor.h"
#include "widgets/main_window.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

namespace ts::test {

// Chooses `version` in the window's backend selector and waits until the analysis and the space
// of the open launch are those of that version. False when nothing is open or it never settles.
inline bool selectBackend(gui::MainWindow& window, kernel::BackendVersion version)
{
    gui::KernelDocument* doc = window.document();
    if (!doc->analysis())
        return false;
    if (doc->analysis()->workload.backend == version)
        return true;
    QComboBox* combo = window.launchEditor()->backendCombo();
    const int index = combo->findData(int(version.index()));
    if (index < 0)
        return false;
    combo->setCurrentIndex(index);
    Q_EMIT combo->activated(index);
    window.launchEditor()->flush();
    return waitUntil([&] {
        return !doc->isBusy() && doc->analysis() && doc->analysis()->workload.backend == version;
    });
}

inline bool selectBackend2604(gui::MainWindow& window) { return selectBackend(window, test::backend2604()); }

// A copy of an example workload and its kernel in a scratch folder, so that the cache written
// beside it stays out of the sources. The workload's path, or empty when a copy failed.
inline QString copyExample(const QTemporaryDir& dir, const char* workload, const char* kernel)
{
    for (const char* name : {workload, kernel})
        if (!QFile::copy(examplePath(name), dir.filePath(QString::fromLatin1(name))))
            return {};
    return dir.filePath(QString::fromLatin1(workload));
}

// Opens `path` and waits for its space, under the backend the workload names (the default one
// for the examples).
inline bool openAsWritten(gui::MainWindow& window, const QString& path)
{
    QSignalSpy opened(window.document(), &gui::KernelDocument::opened);
    window.openFile(path);
    return waitForCount(opened, opened.count() + 1) &&
           waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); });
}

// Opens `path`, waits for its space, then switches it to the 2026-04 backend and waits again.
inline bool openAndSettle(gui::MainWindow& window, const QString& path)
{
    QSignalSpy opened(window.document(), &gui::KernelDocument::opened);
    window.openFile(path);
    if (!waitForCount(opened, opened.count() + 1))
        return false;
    return waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); }) &&
           selectBackend2604(window) && waitUntil([&] { return window.document()->space() != nullptr; });
}

// Starts a tuning of the open launch (Run > Tune) and waits until it finishes. False when Tune
// is not enabled.
inline bool tuneAndWait(gui::MainWindow& window)
{
    QSignalSpy finished(window.document(), &gui::KernelDocument::tuningFinished);
    if (!window.tuneAction()->isEnabled())
        return false;
    window.tuneAction()->trigger();
    return waitForCount(finished);
}

} // namespace ts::test
