#pragma once
// The TileScope window: the kernel (source and diagnostics), the candidate table and the charts
// as tabs; the launch form and the analysis as docks; long work in the status bar with a Stop
// button. The window only wires views to the KernelDocument; it never computes anything itself.

#include <QMainWindow>

#include <memory>
#include <optional>

class QAction;
class QLabel;
class QMenu;
class QTabWidget;

namespace ts::space {
class CandidateSpace;
}
namespace ts::tuning {
struct LatticeSubset;
}

namespace ts::gui {

class AnalysisPanel;
class BackgroundJob;
class CaptureDialog;
class ChartsPage;
class KernelDocument;
class KernelPage;
class LaunchEditor;
class ProgressWidget;
class SpacePage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // A kernel, a workload, or a capture folder (openCaptureFolder).
    void openFile(const QString& path);
    // The launches a program made (`tilescope capture`), listed; choosing one opens its workload.
    CaptureDialog* openCaptureFolder(const QString& folder);
    // Opens what was open when the window last closed (the file, its launch as edited, the
    // lattice switch, the selected candidate, the tab); false when there was nothing to restore.
    // The window's geometry and dock layout are restored in any case.
    bool restoreSession();
    void setDarkTheme(bool dark);

    KernelDocument* document() const { return m_document; }
    KernelPage* kernelPage() const { return m_kernelPage; }
    SpacePage* spacePage() const { return m_spacePage; }
    ChartsPage* chartsPage() const { return m_chartsPage; }
    LaunchEditor* launchEditor() const { return m_launchEditor; }
    AnalysisPanel* analysisPanel() const { return m_analysisPanel; }
    ProgressWidget* progressWidget() const { return m_progress; }
    QTabWidget* tabs() const { return m_tabs; }
    QLabel* errorBanner() const { return m_error; }
    QAction* tuneAction() const { return m_tuneAction; }
    QAction* stopAction() const { return m_stopAction; }
    QAction* compareAction() const { return m_compareAction; }
    QStringList recentFiles() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void restoreSettings();
    void saveSettings();
    void saveSession();
    void addRecentFile(const QString& path);
    void updateRecentMenu();
    void fillExamplesMenu();
    void showError(const QString& title, const QString& message);
    void onOpened(const QString& path);
    void onAnalysisReady();
    void onSpaceReady();
    void selectCandidate(std::size_t candidate);
    void startTuning();
    // Tunes lattice points (all valid ones, a filter, rows chosen) in the background, as Tune does.
    void startLatticeTuning(const ts::tuning::LatticeSubset& subset);
    void onTuningFinished();
    // The finished tuning in a line: how far it got, the best the candidate table ranks first
    // and its time, what the tuning would take; empty without a finished tuning.
    QString tuningSummary() const;
    // The best the candidate table ranks first: the tuning's pick, or the measured best when
    // the table ranks by the times measured on real hardware.
    std::optional<std::size_t> rankedBest() const;
    void updateTuneAction();
    void showCacheState();
    void compareDevices();
    void compareDeviceRegret();
    void compareBackends();
    void compareMeasured();
    void showMeasured(const std::shared_ptr<const space::CandidateSpace>& space);
    void chooseLanguage(const QString& language);
    void showAbout();

    KernelDocument* m_document = nullptr;
    QTabWidget* m_tabs = nullptr;
    KernelPage* m_kernelPage = nullptr;
    SpacePage* m_spacePage = nullptr;
    ChartsPage* m_chartsPage = nullptr;
    LaunchEditor* m_launchEditor = nullptr;
    // In the first-start layout the launch dock widens to show its table whole; this is the width
    // it had after the last fit (-1: not known yet), 0 once the layout is the user's (restored, or
    // the dock resized by hand).
    int m_launchDockAutoWidth = 0;
    void fitLaunchDock();
    AnalysisPanel* m_analysisPanel = nullptr;
    ProgressWidget* m_progress = nullptr;
    BackgroundJob* m_measuredJob = nullptr;  // reads the measured times of the space shown
    QLabel* m_error = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_openCaptureAction = nullptr;
    QAction* m_stopAction = nullptr;
    QAction* m_tuneAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_deviceRegretAction = nullptr;
    QAction* m_compareBackendsAction = nullptr;
    QAction* m_compareMeasuredAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_latticeAction = nullptr;
    QAction* m_lightAction = nullptr;
    QAction* m_darkAction = nullptr;
    bool m_dark = false;
    std::optional<std::size_t> m_pendingSelection;  // a restored session's, once the space is in
    QString m_tuningSummary; // the status bar's last tuningSummary(), rewritten when the ranking changes
};

} // namespace ts::gui
