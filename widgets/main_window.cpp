#include "widgets/main_window.h"
#include "widgets/core_text.h"
#include "widgets/message_status_bar.h"

#include "core/util/version.h"
#include "widgets/analysis_panel.h"
#include "widgets/backend_compare_dialog.h"
#include "widgets/background_job.h"
#include "widgets/candidate_table_model.h"
#include "widgets/capture_dialog.h"
#include "widgets/charts_page.h"
#include "widgets/compare_dialog.h"
#include "widgets/device_compare_dialog.h"
#include "widgets/heatmap_chart.h"
#include "widgets/kernel_document.h"
#include "widgets/kernel_page.h"
#include "widgets/launch_editor.h"
#include "widgets/measured_compare_dialog.h"
#include "widgets/progress_widget.h"
#include "widgets/quantity_text.h"
#include "widgets/source_view.h"
#include "widgets/space_page.h"
#include "widgets/status_colors.h"
#include "widgets/theme.h"
#include "widgets/tool_dialogs.h"
#include "widgets/translations.h"

#include <QAction>
#include <QThreadPool>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QScrollArea>
#include <QStyle>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolButton>
#include <QHBoxLayout>
#include <QVBoxLayout>

#include <utility>

namespace ts::gui {
namespace {

// A modeless dialog that deletes itself when closed.
template <typename Dialog> Dialog* showOwned(Dialog* dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

// The profile of the device the document's launch names; null when there is none.
const npu::DeviceProfile* analysisDevice(KernelDocument& document)
{
    const auto analysis = document.analysis();
    return analysis ? document.devices().find(analysis->workload.device) : nullptr;
}

constexpr int kMaxRecent = 10;
constexpr int kLaunchDockWidth = 450;  // the launch dock at first start, before a file widens it

// The launch form's vertical scroll bar, kept out of the width its table's columns need.
int scrollBarExtent(const QWidget* widget)
{
    return widget->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, widget);
}

bool isOpenable(const QString& path)
{
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    return suffix == QLatin1String("py") || suffix == QLatin1String("json") ||
           (info.isDir() && QFileInfo::exists(path + QStringLiteral("/capture.json")));
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    // The core messages' read-back patterns compile on a pool thread while the window is built,
    // not on the GUI thread when the first kernel opens.
    static std::once_flag prepared;
    std::call_once(prepared, [] { QThreadPool::globalInstance()->start([] { prepareCoreText(); }); });
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("TileScope"));
    setAcceptDrops(true);
    m_document = new KernelDocument(this);

    m_kernelPage = new KernelPage(this);
    m_spacePage = new SpacePage(this);
    m_chartsPage = new ChartsPage(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->addTab(m_kernelPage, tr("Kernel"));
    m_tabs->addTab(m_spacePage, tr("Candidates"));
    m_tabs->addTab(m_chartsPage, tr("Charts"));

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("errorBanner"));
    m_error->setWordWrap(true);
    m_error->setMargin(8);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("background: rgba(229, 57, 53, 55); border-radius: 4px;"));
    m_error->hide();
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->addWidget(m_error);
    centralLayout->addWidget(m_tabs, 1);
    // On a narrow screen the docks give way before the pages do: the candidates' config columns
    // with a timing, and the charts side by side, need this width (the docks wrap their text).
    central->setMinimumWidth(600);
    setCentralWidget(central);

    m_launchEditor = new LaunchEditor(this);
    m_launchEditor->setDevices(m_document->devices());
    auto* launchDock = new QDockWidget(tr("Launch"), this);
    launchDock->setObjectName(QStringLiteral("launchDock"));
    // The form scrolls rather than squeezing its wrapped notes (the compile workers, the cached
    // tuning) to a line on a short screen.
    auto* launchScroll = new QScrollArea(launchDock);
    launchScroll->setObjectName(QStringLiteral("launchScroll"));
    launchScroll->setFrameShape(QFrame::NoFrame);
    launchScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    launchScroll->setWidgetResizable(true);
    launchScroll->setWidget(m_launchEditor);
    launchScroll->setMinimumWidth(m_launchEditor->minimumWidth() + scrollBarExtent(launchScroll));
    // Tune stays in sight below the form, however far the form scrolls (at 1280x800, or with
    // the cached tuning's note above it, it was below the dock's edge).
    auto* launchPane = new QWidget(launchDock);
    auto* launchLayout = new QVBoxLayout(launchPane);
    launchLayout->setContentsMargins(0, 0, 0, 0);
    launchLayout->setSpacing(4);
    launchLayout->addWidget(launchScroll, 1);
    QPushButton* tune = m_launchEditor->detachTuneButton();
    // The cached tuning's note too, whole above Tune rather than cut at the scrolled form's edge.
    auto* cacheRow = new QHBoxLayout;
    cacheRow->setContentsMargins(8, 0, 8, 0);
    cacheRow->addWidget(m_launchEditor->detachCacheLabel());
    launchLayout->addLayout(cacheRow);
    auto* tuneRow = new QHBoxLayout;
    tuneRow->setContentsMargins(8, 0, 8, 6);
    tuneRow->addWidget(tune);
    launchLayout->addLayout(tuneRow);
    launchDock->setWidget(launchPane);
    addDockWidget(Qt::LeftDockWidgetArea, launchDock);
    m_analysisPanel = new AnalysisPanel(this);
    auto* analysisDock = new QDockWidget(tr("Analysis"), this);
    analysisDock->setObjectName(QStringLiteral("analysisDock"));
    analysisDock->setWidget(m_analysisPanel);
    addDockWidget(Qt::RightDockWidgetArea, analysisDock);

    m_progress = new ProgressWidget(this);
    m_measuredJob = new BackgroundJob(this);
    setStatusBar(new MessageStatusBar(this)); // a long message wraps rather than being cut
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->showMessage(tr("Open a Triton kernel (.py) or a workload (.json): File > Open, drag and drop, "
                                "or Help > Examples."));

    createActions();
    createMenus();
    for (QDockWidget* dock : {launchDock, analysisDock})
        findChild<QMenu*>(QStringLiteral("viewMenu"))->addAction(dock->toggleViewAction());

    // Document -> views.
    connect(m_document, &KernelDocument::opened, this, &MainWindow::onOpened);
    connect(m_document, &KernelDocument::openFailed, this, [this](const QString& path, const QString& message) {
        showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), message);
    });
    connect(m_document, &KernelDocument::analysisFailed, this,
            [this](const QString& message) { showError(tr("The launch cannot be analysed"), message); });
    connect(m_document, &KernelDocument::analysisReady, this, &MainWindow::onAnalysisReady);
    connect(m_document, &KernelDocument::spaceReady, this, &MainWindow::onSpaceReady);
    connect(m_document, &KernelDocument::latticeChanged, this, [this](bool on) {
        m_spacePage->setLattice(on);
        const QSignalBlocker block(m_latticeAction);
        m_latticeAction->setChecked(on);
    });
    for (BackgroundJob* job : {m_document->analysisJob(), m_document->spaceJob(), m_document->tuneJob()})
        connect(job, &BackgroundJob::started, m_progress, &ProgressWidget::start);
    connect(m_document, &KernelDocument::progress, m_progress, &ProgressWidget::report);
    connect(m_document, &KernelDocument::busyChanged, this, [this](bool busy) {
        m_stopAction->setEnabled(busy);
        if (!busy)
            m_progress->finish();
        updateTuneAction();
    });
    // Tuning -> views: results appear as they arrive.
    connect(m_document, &KernelDocument::tuningProgress, m_progress, &ProgressWidget::reportCounts);
    connect(m_document, &KernelDocument::tuningStarted, this, [this] {
        m_error->hide();
        m_spacePage->setRun(m_document->tuningRun());
        m_chartsPage->setRun(m_document->tuningRun());
    });
    connect(m_document, &KernelDocument::tuningUpdated, this, [this](const TuningRun::Update& update) {
        m_spacePage->runUpdated(update);
        m_chartsPage->runUpdated();
    });
    connect(m_document, &KernelDocument::tuningFinished, this, &MainWindow::onTuningFinished);
    connect(m_document, &KernelDocument::tuningFailed, this,
            [this](const QString& message) { showError(tr("The tuning failed"), message); });
    connect(m_document, &KernelDocument::tuningCleared, this, [this] {
        m_spacePage->setRun(nullptr);
        m_chartsPage->setRun(nullptr);
        m_kernelPage->setTuningDiagnostics({});
    });
    connect(m_document, &KernelDocument::tuningStored, this, [this](const QString& message) {
        statusBar()->showMessage(statusBar()->currentMessage() + QStringLiteral(" · ") + message, 10000);
    });
    connect(m_document, &KernelDocument::cacheStateChanged, this, &MainWindow::showCacheState);
    connect(m_document, &KernelDocument::cachedTuningChecked, this, [this] {
        // A restored session's selection wins over the best a cached tuning selects.
        if (const auto candidate = std::exchange(m_pendingSelection, std::nullopt))
            if (auto space = m_document->space(); space && *candidate < space->size())
                selectCandidate(*candidate);
        showCacheState();
    });
    connect(m_document, &KernelDocument::reloaded, this, [this](const QString& notice) {
        m_error->hide();
        m_kernelPage->setSource(m_document->kernelPath(), m_document->sourceText());
        if (auto a = m_document->analysis())
            m_launchEditor->setLaunch(*a);  // the launch read again (the same one, unless its file changed)
        statusBar()->showMessage(notice, 10000);
    });
    connect(m_document, &KernelDocument::stopped, this, [this] { statusBar()->showMessage(tr("Stopped."), 5000); });
    connect(m_progress, &ProgressWidget::stopRequested, m_document, &KernelDocument::stop);

    // Views -> document.
    connect(m_launchEditor, &LaunchEditor::columnsFitted, this, &MainWindow::fitLaunchDock);
    connect(m_launchEditor, &LaunchEditor::launchEdited, this, [this] {
        if (auto w = m_launchEditor->workload()) {
            m_error->hide();
            QSettings().setValue(QStringLiteral("lastDevice"), QString::fromStdString(w->device));
            m_document->setWorkload(*w);
        }
    });
    connect(m_spacePage, &SpacePage::latticeToggled, m_document, &KernelDocument::setLattice);
    connect(m_spacePage, &SpacePage::tuneLatticeRequested, this, &MainWindow::startLatticeTuning);
    // The tuning's summary names the best the table ranks first: while it is on the status bar
    // (with what was added after it, the cache it was stored in), it follows the ranking
    // (measured times arriving, Rank by changed).
    connect(m_spacePage, &SpacePage::rankingChanged, this, [this] {
        const QString shown = statusBar()->currentMessage();
        if (m_tuningSummary.isEmpty() || !shown.startsWith(m_tuningSummary))
            return;
        const QString summary = tuningSummary();
        statusBar()->showMessage(summary + shown.mid(m_tuningSummary.size()), 15000);
        m_tuningSummary = summary;
    });
    connect(m_launchEditor, &LaunchEditor::tuningOptionsChanged, this,
            [this] { m_document->setTuningOptions(m_launchEditor->tuningOptions()); });
    connect(m_launchEditor->tuneButton(), &QPushButton::clicked, this, &MainWindow::startTuning);
    connect(m_spacePage, &SpacePage::candidateSelected, this, [this](std::size_t c) { m_chartsPage->setSelectedCandidate(c); });
    connect(m_chartsPage, &ChartsPage::candidateClicked, this, &MainWindow::selectCandidate);
    // Cells picked on the heat map with Ctrl join the table's selection: "Tune the lattice >
    // the selected rows" tunes them.
    connect(m_chartsPage, &ChartsPage::candidateAdded, m_spacePage, &SpacePage::addToSelection);
    // The heat map's dimension -> the source line that fixes it (the kernel tab's view follows).
    connect(m_chartsPage->heatmap(), &HeatmapChart::sourceLocationClicked, this, [this](int line, int column) {
        QWidget* focus = QApplication::focusWidget();  // the view selects its line but keeps the focus here
        m_kernelPage->sourceView()->goToLine(line, column);
        if (focus)
            focus->setFocus();
        statusBar()->showMessage(tr("Line %1 of the kernel fixes this dimension (see the Kernel tab).").arg(line), 5000);
    });

    resize(1440, 900);
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    m_openAction = new QAction(tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    connect(m_openAction, &QAction::triggered, this, [this] {
        const QString dir = QSettings().value(QStringLiteral("lastDir"), QString(m_document->resourceDir() + QStringLiteral("/examples"))).toString();
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a kernel or a workload"), dir,
                                                          tr("Kernels and workloads (*.py *.json);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    m_openCaptureAction = new QAction(tr("Open &capture folder…"), this);
    m_openCaptureAction->setObjectName(QStringLiteral("openCaptureAction"));
    m_openCaptureAction->setStatusTip(tr("The launches your own program made, recorded by tilescope capture: open one "
                                         "as a workload"));
    connect(m_openCaptureAction, &QAction::triggered, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a capture folder"),
                                                              QSettings().value(QStringLiteral("lastDir")).toString());
        if (!dir.isEmpty())
            openCaptureFolder(dir);
    });
    m_stopAction = new QAction(tr("&Stop"), this);
    m_stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stopAction->setEnabled(false);
    connect(m_stopAction, &QAction::triggered, m_document, &KernelDocument::stop);
    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence::Quit);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
    m_latticeAction = new QAction(tr("Show the whole &lattice"), this);
    m_latticeAction->setCheckable(true);
    connect(m_latticeAction, &QAction::toggled, m_document, &KernelDocument::setLattice);
    m_tuneAction = new QAction(tr("&Tune"), this);
    m_tuneAction->setObjectName(QStringLiteral("tuneAction"));
    m_tuneAction->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    m_tuneAction->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_tuneAction->setStatusTip(tr("Compile and benchmark the candidates shown on the simulated NPU; Esc stops and "
                                  "keeps what finished"));
    m_tuneAction->setEnabled(false);
    connect(m_tuneAction, &QAction::triggered, this, &MainWindow::startTuning);
    m_compareAction = new QAction(tr("Tune on &several devices side by side…"), this);
    m_compareAction->setObjectName(QStringLiteral("compareAction"));
    m_compareAction->setStatusTip(tr("Tune the same launch on several devices and compare them side by side"));
    m_compareAction->setEnabled(false);
    connect(m_compareAction, &QAction::triggered, this, &MainWindow::compareDevices);
    m_deviceRegretAction = new QAction(tr("Compare devices: &regret and one config list…"), this);
    m_deviceRegretAction->setObjectName(QStringLiteral("deviceRegretAction"));
    m_deviceRegretAction->setStatusTip(tr("Each device's best run on the others, and one config list within a "
                                          "tolerance of the best on every device"));
    m_deviceRegretAction->setEnabled(false);
    connect(m_deviceRegretAction, &QAction::triggered, this, &MainWindow::compareDeviceRegret);
    m_compareBackendsAction = new QAction(tr("Compare &backend versions…"), this);
    m_compareBackendsAction->setObjectName(QStringLiteral("compareBackendsAction"));
    m_compareBackendsAction->setStatusTip(
        tr("The same launch under two Triton-Ascend versions: configs only one generates, reordered, changed options"));
    m_compareBackendsAction->setEnabled(false);
    connect(m_compareBackendsAction, &QAction::triggered, this, &MainWindow::compareBackends);
    m_compareMeasuredAction = new QAction(tr("Compare with &measured timings…"), this);
    m_compareMeasuredAction->setObjectName(QStringLiteral("compareMeasuredAction"));
    m_compareMeasuredAction->setStatusTip(
        tr("The configs of this launch measured on real hardware, simulated and plotted against their measurements"));
    m_compareMeasuredAction->setEnabled(false);
    connect(m_compareMeasuredAction, &QAction::triggered, this, &MainWindow::compareMeasured);
    addAction(m_stopAction);
    addAction(m_tuneAction);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(m_openCaptureAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_latticeAction);
    run->addAction(m_tuneAction);
    run->addAction(m_stopAction);
    run->addSeparator();
    run->addAction(m_compareAction);
    run->addAction(m_deviceRegretAction);
    run->addAction(m_compareBackendsAction);
    run->addAction(m_compareMeasuredAction);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    QMenu* theme = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    m_lightAction = theme->addAction(tr("&Light"));
    m_darkAction = theme->addAction(tr("&Dark"));
    for (QAction* a : {m_lightAction, m_darkAction}) {
        a->setCheckable(true);
        themes->addAction(a);
    }
    connect(m_lightAction, &QAction::triggered, this, [this] { setDarkTheme(false); });
    connect(m_darkAction, &QAction::triggered, this, [this] { setDarkTheme(true); });
    QMenu* language = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(this);
    const QString current = currentLanguage();
    for (const auto& [code, name] : {std::pair{QStringLiteral("en"), QStringLiteral("English")},
                                     std::pair{QStringLiteral("zh_CN"), QStringLiteral("简体中文")}}) {
        QAction* a = language->addAction(name);
        a->setCheckable(true);
        a->setChecked(code == current);
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { chooseLanguage(code); });
    }
    view->addSeparator();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    m_examplesMenu = help->addMenu(tr("&Examples"));
    m_examplesMenu->setObjectName(QStringLiteral("examplesMenu"));
    fillExamplesMenu();
    help->addSeparator();
    help->addAction(tr("&About TileScope"), this, &MainWindow::showAbout);

    // File > Open cache… / Export configs…, and the Tools menu before Help.
    (new ToolDialogs(this))->install(file);
}

void MainWindow::fillExamplesMenu()
{
    m_examplesMenu->clear();
    const QDir dir(m_document->resourceDir() + QStringLiteral("/examples"));
    const QStringList workloads = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    const QStringList kernels = dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
    if (workloads.isEmpty() && kernels.isEmpty()) {
        m_examplesMenu->addAction(tr("No examples found in %1").arg(dir.path()))->setEnabled(false);
        return;
    }
    for (const QString& name : workloads) {
        const QString path = dir.filePath(name);
        QAction* a = m_examplesMenu->addAction(name, this, [this, path] { openFile(path); });
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            const QString description = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("description")).toString();
            a->setToolTip(description);
            a->setStatusTip(description);
        }
    }
    m_examplesMenu->setToolTipsVisible(true);
    QMenu* kernelMenu = m_examplesMenu->addMenu(tr("Kernels only"));
    for (const QString& name : kernels) {
        const QString path = dir.filePath(name);
        kernelMenu->addAction(name, this, [this, path] { openFile(path); });
    }
}

void MainWindow::openFile(const QString& path)
{
    if (QFileInfo(path).isDir()) {
        openCaptureFolder(path);
        return;
    }
    statusBar()->showMessage(tr("Opening %1…").arg(QDir::toNativeSeparators(path)));
    m_document->open(path);
}

CaptureDialog* MainWindow::openCaptureFolder(const QString& folder)
{
    auto* dialog = new CaptureDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &CaptureDialog::workloadChosen, this, [this](const QString& path) { openFile(path); });
    dialog->show();
    dialog->load(QFileInfo(folder).absoluteFilePath());
    return dialog;
}

void MainWindow::showError(const QString& title, const QString& message)
{
    m_error->setText(QStringLiteral("<b>%1</b><br>%2").arg(title.toHtmlEscaped(), message.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
    m_error->show();
    statusBar()->showMessage(title, 8000);
}

void MainWindow::onOpened(const QString& path)
{
    m_error->hide();
    setWindowTitle(tr("%1 — TileScope").arg(QFileInfo(path).fileName()));
    setWindowFilePath(path);
    addRecentFile(path);
    QSettings().setValue(QStringLiteral("lastDir"), QFileInfo(path).absolutePath());
    m_kernelPage->setSource(m_document->kernelPath(), m_document->sourceText());
    if (auto a = m_document->analysis())
        m_launchEditor->setLaunch(*a);
    else
        m_launchEditor->clear();  // a kernel that does not parse: nothing to launch yet
    m_document->setTuningOptions(m_launchEditor->tuningOptions());
    const kernel::Workload& w = m_document->workload();
    if (QFileInfo(path).suffix() == QLatin1String("py") && !w.path.empty())
        statusBar()->showMessage(tr("Using the launch of %1").arg(QFileInfo(QString::fromStdString(w.path)).fileName()), 8000);
}

void MainWindow::onAnalysisReady()
{
    auto a = m_document->analysis();
    m_kernelPage->setAnalysis(a.get());
    m_analysisPanel->setAnalysis(a.get());
    if (a)
        m_launchEditor->showAnalysis(*a);
    else if (m_document->hasSourceOnly()) {
        m_kernelPage->setProblems(m_document->problems());
        m_analysisPanel->showKernelErrors();
        const Diagnostics& problems = m_document->problems();
        if (!problems.empty())
            statusBar()->showMessage(tr("%1 does not parse (line %2: %3); it is read again when saved.")
                                         .arg(QFileInfo(m_document->kernelPath()).fileName())
                                         .arg(problems.front().line)
                                         .arg(coreText(problems.front().text, problems.front().message)));
    }
}

void MainWindow::onSpaceReady()
{
    updateTuneAction();
    auto space = m_document->space();
    m_spacePage->setSpace(space, m_document->spaceProblem());
    m_chartsPage->setSpace(space);
    m_chartsPage->heatmap()->setLaunch(m_document->analysis(), m_document->cacheFile().toStdString(),
                                       m_document->tuningOptions().method);
    m_analysisPanel->setSpace(space.get(), m_document->spaceProblem());
    showMeasured(space);
    if (space) {
        // Which backend version generated them: the same launch differs between versions.
        const std::size_t incorrect = space->count(space::CandidateStatus::Incorrect);
        statusBar()->showMessage(
            tr("%Ln candidate(s): %1 generated, %2 handwritten, %3 skipped, %4 pruned", nullptr,
               int(space->size()))
                .arg(countText(space->count(space::CandidateStatus::Generated)),
                     countText(space->count(space::CandidateStatus::User)),
                     countText(space->count(space::CandidateStatus::Skipped)),
                     countText(space->count(space::CandidateStatus::Pruned))) +
            (incorrect > 0 ? tr(", %1 incorrect").arg(countText(incorrect)) : QString()) +
            QStringLiteral(" · ") + tr("backend %1").arg(backendLabelText(m_document->workload().backend)));
    } else if (const QString problem = m_document->spaceProblem(); !problem.isEmpty()) {
        // The "Opening …" of openFile would otherwise stay: say why there is nothing to tune.
        statusBar()->showMessage(tr("%1: no candidates. %2")
                                     .arg(QFileInfo(m_document->kernelPath()).fileName(), problem));
    }
}

void MainWindow::startTuning()
{
    m_launchEditor->flush();  // a pending edit re-analyses first; Tune stays off until it is in
    m_document->setTuningOptions(m_launchEditor->tuningOptions());
    if (!m_document->tune())
        statusBar()->showMessage(tr("Nothing to tune yet: wait for the candidate space."), 5000);
}

void MainWindow::startLatticeTuning(const tuning::LatticeSubset& subset)
{
    m_launchEditor->flush();
    m_document->setTuningOptions(m_launchEditor->tuningOptions());
    if (!m_document->tuneLattice(subset))
        statusBar()->showMessage(m_document->tuneProblem(), 8000);
}

void MainWindow::onTuningFinished()
{
    const auto run = m_document->tuningRun();
    const auto result = m_document->tuningResult();
    if (!run || !result)
        return;
    m_kernelPage->setTuningDiagnostics(result->diagnostics);
    if (!(run->cachedOrigin() && run->bestEntry()) && result->error && !result->best)
        showError(tr("The tuning found no valid config"), coreText(*result->error));
    if (const std::optional<std::size_t> best = rankedBest())
        selectCandidate(*best);
    m_tuningSummary = tuningSummary();
    statusBar()->showMessage(m_tuningSummary, 15000);
    updateTuneAction();
}

std::optional<std::size_t> MainWindow::rankedBest() const
{
    const CandidateTableModel* table = m_spacePage->model();
    if (table->rankedByMeasured())
        return table->bestCandidate();
    const auto run = m_document->tuningRun();
    const TunedCandidate* best = run ? run->bestEntry() : nullptr;
    return best ? std::optional(best->candidate) : std::nullopt;
}

QString MainWindow::tuningSummary() const
{
    const auto run = m_document->tuningRun();
    const auto result = m_document->tuningResult();
    if (!run || !result)
        return {};
    // The best by the time that ranks the table, and which time that is: the status bar and the
    // table's first row name the same candidate.
    const CandidateTableModel* table = m_spacePage->model();
    const std::optional<std::size_t> bestIndex = rankedBest();
    QString best;
    if (bestIndex && table->rankedByMeasured())
        best = tr("best #%1 measured p50 %2").arg(*bestIndex).arg(timeUsText(table->measuredUs(*bestIndex)));
    else if (const TunedCandidate* entry = run->bestEntry())
        // Beside measured times, "p50" alone would not say which one.
        best = (table->hasMeasured() ? tr("best #%1 simulated p50 %2") : tr("best #%1 p50 %2"))
                   .arg(entry->candidate)
                   .arg(timeUsText(entry->p50Us));
    QString message;
    if (run->cachedOrigin() && !best.isEmpty()) {
        message = tr("Loaded the cached tuning: %1 of %Ln candidate(s) · %2", nullptr, int(result->finished))
                      .arg(best, cachedOriginText(*run->cachedOrigin()));
    } else if (result->error && !result->best) {
        message = tr("Tuning failed.");
    } else if (!best.isEmpty()) {
        message =
            tr("%1 %2 of %Ln candidate(s); %3; modelled tuning time %4", nullptr, int(result->tuned.size()))
                .arg(result->stopped ? tr("Stopped after") : tr("Tuned"))
                .arg(countText(result->finished))
                .arg(best, secondsText(result->modelled.totalSeconds));
        if (result->confidence)  // the reasons are in the best's detail pane
            message += QStringLiteral(" · ") +
                       tr("confidence in the pick: %1").arg(confidenceLevelText(result->confidence->level));
        if (result->backendError)  // a lattice tuning: the backend's own list raises
            message += QStringLiteral(" · ") + coreText(tuning::latticeBackendNote(*result->backendError));
    } else {
        message = tr("Stopped before any candidate was benchmarked.");
    }
    // Where every candidate of a tuning went when some did not run, fresh or cached alike.
    if (run->cutCount() > 0)
        message +=
            QStringLiteral(" · ") + tr("%1 = %2 benchmarked + %3 failed + %4 cut by the time budget")
                                        .arg(countText(run->entryCount()), countText(run->measuredCount()),
                                             countText(run->failedCount()), countText(run->cutCount()));
    else if (run->failedCount() > 0)
        message += QStringLiteral(" · ") + tr("%1 = %2 benchmarked + %3 failed")
                                               .arg(countText(run->entryCount()), countText(run->measuredCount()),
                                                    countText(run->failedCount()));
    return message;
}

void MainWindow::updateTuneAction()
{
    const bool can = m_document->canTune();
    m_tuneAction->setEnabled(can);
    m_launchEditor->tuneButton()->setEnabled(can);
    m_compareAction->setEnabled(m_document->analysis() != nullptr && !m_document->isTuning());
    m_deviceRegretAction->setEnabled(m_document->analysis() != nullptr && !m_document->isTuning());
    m_compareBackendsAction->setEnabled(m_document->analysis() != nullptr);
    m_compareMeasuredAction->setEnabled(m_document->analysis() != nullptr);
}

void MainWindow::showCacheState()
{
    const CacheState& state = m_document->cacheState();
    const QString file = QFileInfo(state.path).fileName();
    switch (state.kind) {
    case CacheState::Kind::Unknown:
    case CacheState::Kind::None: m_launchEditor->setCacheStatus(QString(), false); break;
    case CacheState::Kind::Fresh:
        if (const auto run = m_document->tuningRun(); run && run->cachedOrigin()) {
            m_launchEditor->setCacheStatus(tr("<b>Cached tuning shown</b>: %1. Tune runs it again.").arg(state.summary.toHtmlEscaped()), false);
            break;
        } else if (run && run->isFinished() && !state.createdAt.empty() && run->tunedAt() == state.createdAt) {
            // The tuning just run, as stored: not another one waiting to be loaded.
            m_launchEditor->setCacheStatus(tr("<b>This tuning is in the cache</b>: %1.").arg(state.summary.toHtmlEscaped()), false);
            break;
        }
        m_launchEditor->setCacheStatus(tr("<b>Cached tuning available</b>: %1. Tune runs it again.").arg(state.summary.toHtmlEscaped()), false);
        break;
    case CacheState::Kind::Stale:
        m_launchEditor->setCacheStatus(tr("<b>Stale cached tuning</b> (the kernel changed since): %1. Tune to refresh it.")
                                           .arg(state.summary.toHtmlEscaped()), true);
        break;
    case CacheState::Kind::Error:
        m_launchEditor->setCacheStatus(tr("The config cache %1 cannot be read: %2").arg(file, state.summary.toHtmlEscaped()), true);
        break;
    }
}

void MainWindow::compareDevices()
{
    if (auto analysis = m_document->analysis())
        showOwned(new CompareDialog(analysis, &m_document->devices(), m_launchEditor->tuningOptions(), this));
}

void MainWindow::compareDeviceRegret()
{
    if (auto analysis = m_document->analysis())
        showOwned(new DeviceCompareDialog(analysis, &m_document->devices(), m_launchEditor->tuningOptions(),
                                          m_document->cacheFile().toStdString(), this));
}

void MainWindow::compareBackends()
{
    auto analysis = m_document->analysis();
    if (const npu::DeviceProfile* device = analysisDevice(*m_document))
        showOwned(new BackendCompareDialog(analysis, *device, this))->run();
}

void MainWindow::showMeasured(const std::shared_ptr<const space::CandidateSpace>& space)
{
    // Times measured on real hardware for these configs, when the cache holds any: a column of
    // the candidate table and a heat-map figure. A read of the cache file (nothing is simulated),
    // on a worker: the file may be big and the space a lattice of millions.
    auto analysis = m_document->analysis();
    m_spacePage->model()->setMeasured(nullptr);
    m_chartsPage->heatmap()->setMeasured(nullptr);
    m_spacePage->setMeasuredDevice(QString());
    if (!space || !analysis) {
        m_measuredJob->stop();
        return;
    }
    pipeline::MeasuredForSpaceRequest request;
    request.analysis = analysis;
    request.space = space;
    request.cachePath = m_document->cacheFile().toStdString();
    using Measured = std::pair<std::shared_ptr<const std::vector<double>>, QString>;  // times, measured device
    m_measuredJob->start<Measured>(
        tr("Reading the measured times"),
        [request = std::move(request)](JobContext&) -> Measured {
            pipeline::MeasuredForSpaceResult measured = pipeline::measuredForSpace(request);
            if (measured.matched == 0)
                return {};
            return {std::make_shared<const std::vector<double>>(std::move(measured.p50Ms)),
                    QString::fromStdString(measured.measuredDevice)};
        },
        [this, space](Measured&& measured) {
            if (space != m_document->space())
                return;  // another space is shown now
            m_spacePage->model()->setMeasured(measured.first);
            m_chartsPage->heatmap()->setMeasured(measured.first);
            m_spacePage->setMeasuredDevice(measured.second);
        });
}

void MainWindow::compareMeasured()
{
    auto analysis = m_document->analysis();
    if (const npu::DeviceProfile* device = analysisDevice(*m_document))
        showOwned(new MeasuredCompareDialog(analysis, *device, m_launchEditor->tuningOptions(),
                                            m_document->cacheFile().toStdString(), this))
            ->run();
}

void MainWindow::selectCandidate(std::size_t candidate)
{
    m_spacePage->selectCandidate(candidate);
    m_chartsPage->setSelectedCandidate(candidate);
}

void MainWindow::setDarkTheme(bool dark)
{
    m_dark = dark;
    applyTheme(dark ? Theme::Dark : Theme::Light);
    (dark ? m_darkAction : m_lightAction)->setChecked(true);
    m_kernelPage->setDark(dark);
    m_spacePage->setDark(dark);
    m_chartsPage->setDark(dark);
    if (auto space = m_document->space())
        m_analysisPanel->setSpace(space.get(), m_document->spaceProblem());
    QSettings().setValue(QStringLiteral("theme"), themeName(dark ? Theme::Dark : Theme::Light));
}

void MainWindow::chooseLanguage(const QString& language)
{
    QSettings().setValue(QStringLiteral("language"), language);
    statusBar()->showMessage(tr("The language changes the next time TileScope starts."), 8000);
}

void MainWindow::showAbout()
{
    QStringList labels;
    for (const kernel::BackendVersion version : kernel::backendVersions())
        labels << backendLabelText(version);
    const QString versions = labels.join(QStringLiteral(", "));
    QMessageBox::about(this, tr("About TileScope"),
                       tr("<h3>TileScope %1</h3>"
                          "<p>Explores the tiling space of Triton kernels under Triton-Ascend's autotune: "
                          "which candidates the backend generates for a launch, which it drops and why.</p>"
                          "<p>The kernel is parsed with CPython's own <code>ast</code>; it is never run. "
                          "Candidate generation follows Triton-Ascend's own code, one release per backend version "
                          "(%3); the lattice, the reasons and the charts go beyond what the backend reports.</p>"
                          "<p>Resources: %2</p>")
                           .arg(QString::fromLatin1(kVersion), m_document->resourceDir().toHtmlEscaped(), versions.toHtmlEscaped()));
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void MainWindow::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecent)
        files.removeLast();
    QSettings().setValue(QStringLiteral("recentFiles"), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                             [this, path] { openFile(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear the list"), this, [this] {
        QSettings().remove(QStringLiteral("recentFiles"));
        updateRecentMenu();
    });
}

void MainWindow::fitLaunchDock()
{
    auto* dock = findChild<QDockWidget*>(QStringLiteral("launchDock"));
    if (m_launchDockAutoWidth == 0 || !dock || dock->isFloating())
        return;
    if (isVisible() && m_launchDockAutoWidth > 0 && std::abs(dock->width() - m_launchDockAutoWidth) > 4) {
        m_launchDockAutoWidth = 0;  // the user sized it: theirs from now on
        return;
    }
    // Never below the first-start width, never more than 40 % of the window.
    const int target = std::clamp(m_launchEditor->preferredWidth() + scrollBarExtent(dock), kLaunchDockWidth,
                                  std::max(kLaunchDockWidth, width() * 2 / 5));
    if (target != dock->width())
        resizeDocks({dock}, {target}, Qt::Horizontal);
    // What it got (the other panes' minimum widths may leave it less), for the next comparison.
    if (isVisible()) {
        layout()->activate();
        m_launchDockAutoWidth = dock->width();
    } else {
        m_launchDockAutoWidth = -1;
    }
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray())) {
        // First start: room for the launch form and the analysis tree; the launch dock widens
        // to its table's content as files open (fitLaunchDock).
        resizeDocks({findChild<QDockWidget*>(QStringLiteral("launchDock")), findChild<QDockWidget*>(QStringLiteral("analysisDock"))},
                    {kLaunchDockWidth, 360}, Qt::Horizontal);
        m_launchDockAutoWidth = -1;
    }
    for (QSplitter* splitter : findChildren<QSplitter*>())
        if (!splitter->objectName().isEmpty())
            splitter->restoreState(settings.value(QStringLiteral("splitters/") + splitter->objectName()).toByteArray());
    m_document->setDefaultDevice(settings.value(QStringLiteral("lastDevice")).toString());
    setDarkTheme(themeFromName(settings.value(QStringLiteral("theme")).toString()) == Theme::Dark);
    updateRecentMenu();
}

bool MainWindow::restoreSession()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("session"));
    const QString file = settings.value(QStringLiteral("file")).toString();
    if (file.isEmpty() || !QFileInfo::exists(file))
        return false;
    std::optional<kernel::Workload> launch;
    const QString text = settings.value(QStringLiteral("launch")).toString();
    if (!text.isEmpty()) {
        kernel::WorkloadLoadResult parsed =
            kernel::parseWorkload(text.toStdString(), settings.value(QStringLiteral("launchPath")).toString().toStdString());
        if (parsed.workload && QFileInfo::exists(QString::fromStdString(parsed.workload->kernelPath)))
            launch = std::move(parsed.workload);
    }
    const int selected = settings.value(QStringLiteral("selected"), -1).toInt();
    if (selected >= 0)
        m_pendingSelection = std::size_t(selected);
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("tab"), 0).toInt());
    m_document->setLattice(settings.value(QStringLiteral("lattice"), false).toBool());
    statusBar()->showMessage(tr("Restoring the last session: %1…").arg(QDir::toNativeSeparators(file)));
    m_document->open(file, launch);
    return true;
}

void MainWindow::saveSession()
{
    QSettings settings;
    settings.remove(QStringLiteral("session"));
    settings.beginGroup(QStringLiteral("session"));
    if (m_document->path().isEmpty())
        return;
    settings.setValue(QStringLiteral("file"), m_document->path());
    if (m_document->isOpen()) {  // the launch as edited: device, backend, arguments
        settings.setValue(QStringLiteral("launch"), QString::fromStdString(kernel::workloadText(m_document->workload())));
        settings.setValue(QStringLiteral("launchPath"), QString::fromStdString(m_document->workload().path));
    }
    settings.setValue(QStringLiteral("lattice"), m_document->lattice());
    if (const auto selected = m_spacePage->selectedCandidate())
        settings.setValue(QStringLiteral("selected"), qulonglong(*selected));
    settings.setValue(QStringLiteral("tab"), m_tabs->currentIndex());
}

void MainWindow::saveSettings()
{
    saveSession();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    for (QSplitter* splitter : findChildren<QSplitter*>())
        if (!splitter->objectName().isEmpty())
            settings.setValue(QStringLiteral("splitters/") + splitter->objectName(), splitter->saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveSettings();
    m_document->stop();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls()) {
        for (const QUrl& url : event->mimeData()->urls())
            if (url.isLocalFile() && isOpenable(url.toLocalFile())) {
                event->acceptProposedAction();
                return;
            }
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile() && isOpenable(url.toLocalFile())) {
            openFile(url.toLocalFile());
            event->acceptProposedAction();
            return;
        }
}

} // namespace ts::gui
