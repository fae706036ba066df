#include "widgets/kernel_document.h"
#include "widgets/core_text.h"

#include "core/pipeline/tuning_pipeline.h"
#include "core/pipeline/workflow.h"
#include "widgets/background_job.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QThreadPool>

#include <utility>
#include <QTimer>

#include <filesystem>
#include <utility>
#include <mutex>

namespace ts::gui {
namespace {

// Diagnostic::format()'s "file:line:column: severity: message [code]" in the reader's language:
// the place and the code as written, the severity and the message translated.
QString formatDiagnostics(const Diagnostics& diagnostics)
{
    QStringList lines;
    for (const Diagnostic& d : diagnostics) {
        QString where = QString::fromStdString(d.file);
        if (!where.isEmpty() && d.line > 0)
            where += QLatin1Char(':') + QString::number(d.line) +
                     (d.column > 0 ? QLatin1Char(':') + QString::number(d.column) : QString());
        const QString severity = d.severity == Severity::Error     ? KernelDocument::tr("error")
                                 : d.severity == Severity::Warning ? KernelDocument::tr("warning")
                                                                   : KernelDocument::tr("note");
        QString line = KernelDocument::tr("%1: %2").arg(severity, coreText(d.text, d.message));
        if (!where.isEmpty())
            line = where + QStringLiteral(": ") + line;
        if (!d.code.empty())
            line += QStringLiteral(" [") + QString::fromStdString(d.code) + QLatin1Char(']');
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

QString readText(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

struct OpenResult {
    std::optional<kernel::Workload> workload;
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    QString source;
    QString error;
    // The kernel does not parse: it opens with its source and the diagnostics, no analysis.
    bool sourceOnly = false;
    Diagnostics problems;
};

// A workload in the kernel's folder that launches it, if any (first by name).
std::optional<kernel::Workload> siblingWorkload(const QString& kernelPath)
{
    const QFileInfo info(kernelPath);
    const QDir dir = info.absoluteDir();
    const QString canonical = info.canonicalFilePath();
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload(dir.filePath(name).toStdString());
        if (loaded.workload &&
            QFileInfo(QString::fromStdString(loaded.workload->kernelPath)).canonicalFilePath() == canonical)
            return loaded.workload;
    }
    return std::nullopt;
}

OpenResult openFile(const QString& path, const QString& defaultDevice, const std::optional<kernel::Workload>& launch = std::nullopt)
{
    OpenResult out;
    const QFileInfo info(path);
    if (!info.exists()) {
        out.error = KernelDocument::tr("%1: no such file").arg(path);
        return out;
    }
    kernel::Workload workload;
    if (launch) {
        workload = *launch;
    } else if (info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0) {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload(path.toStdString());
        if (!loaded.workload) {
            out.error = formatDiagnostics(loaded.diagnostics);
            return out;
        }
        workload = std::move(*loaded.workload);
    } else {
        if (auto sibling = siblingWorkload(path))
            workload = std::move(*sibling);
        else
            workload.kernelPath = info.absoluteFilePath().toStdString();
        if (!defaultDevice.isEmpty() && workload.path.empty())
            workload.device = defaultDevice.toStdString();
    }
    pipeline::AnalyzeResult analysed = pipeline::analyze({workload});
    if (!analysed.ok() && analysed.kernelSyntaxError) {
        // Shown as it is, with the error marked, until the file is fixed.
        out.source = readText(QString::fromStdString(workload.kernelPath));
        out.problems = std::move(analysed.diagnostics);
        out.workload = std::move(workload);
        out.sourceOnly = true;
        return out;
    }
    if (!analysed.ok()) {
        out.error = formatDiagnostics(analysed.diagnostics);
        return out;
    }
    out.source = readText(QString::fromStdString(analysed.analysis->file->path));
    out.workload = std::move(workload);
    out.analysis = std::move(analysed.analysis);
    return out;
}

struct TuneOutput {
    std::shared_ptr<TuningRun> run;  // the run shown while it went on
    std::shared_ptr<const tuning::TuningResult> result;
    TuningRun::State state;  // the final figures, prepared off the GUI thread
    QString storeMessage;  // empty when nothing was to be stored
    std::string tunedAt;   // the record's time, stored or not (one time wherever it is shown)
};

// The cached best config of a record, for people: "XBLOCK=1024, multibuffer=True".
QString describeParams(const cache::TextPairs& params)
{
    QStringList parts;
    for (const auto& [name, value] : params)
        parts << QString::fromStdString(name) + QLatin1Char('=') + QString::fromStdString(value);
    return parts.join(QStringLiteral(", "));
}

CacheState lookUpCache(const QString& path, std::shared_ptr<const analysis::KernelAnalysis> analysis,
                       npu::BenchMethod method)
{
    CacheState state;
    state.path = path;
    pipeline::CacheLookupRequest request;
    request.analysis = analysis;
    request.device = analysis->workload.device;
    request.method = method;
    request.cachePath = std::filesystem::path(path.toStdU16String());
    request.bestOnly = true;
    const pipeline::CacheLookupResult found = path.isEmpty() ? pipeline::CacheLookupResult{} : pipeline::lookupCached(request);
    if (found.error) {
        state.kind = CacheState::Kind::Error;
        state.summary = coreText(*found.error);
        return state;
    }
    switch (found.freshness) {
    case cache::Freshness::Miss: state.kind = CacheState::Kind::None; return state;
    case cache::Freshness::Fresh: state.kind = CacheState::Kind::Fresh; break;
    case cache::Freshness::Stale: state.kind = CacheState::Kind::Stale; break;
    }
    state.createdAt = found.createdAt;
    const QString when = QString::fromStdString(found.createdAt).left(16).replace(QLatin1Char('T'), QLatin1Char(' '));
    if (found.best) {
        state.summary = KernelDocument::tr("best %1, p50 %2, tuned %3 UTC")
                            .arg(describeParams(found.best->params))
                            .arg(found.best->p50Ms ? timeUsText(*found.best->p50Ms * 1000.0) : QStringLiteral("–"))
                            .arg(when);
    } else {
        state.summary = KernelDocument::tr("no valid config, tuned %1 UTC").arg(when);
    }
    return state;
}

// A tuning read back from the cache, laid onto the space shown, with its final figures built
// off the GUI thread (the same state a finished tuning ends with).
struct CachedRunOutput {
    std::shared_ptr<const tuning::TuningResult> result;
    TuningRun::State state;
    CachedOrigin origin;
    int hostCores = 0;
    tuning::TuningOptions options;
};

CachedRunOutput readCachedRun(const pipeline::CacheLookupRequest& request, tuning::TuningOptions options)
{
    CachedRunOutput out;
    const pipeline::CacheLookupResult found = pipeline::lookupCached(request);
    // A stale entry (the kernel changed since) is never shown as the tuning of this source.
    if (found.error || found.freshness != cache::Freshness::Fresh || !found.record || !found.tuning ||
        found.tuning->finished == 0)
        return out;
    const cache::TuningRecord& r = *found.record;
    out.origin.cachePath = found.cachePath.string();
    out.origin.id = r.id;
    out.origin.createdAt = r.createdAt;
    out.origin.tilescopeVersion = r.tilescopeVersion;
    out.origin.backend = r.key.backend;
    out.origin.simulatorVersion = r.key.simulatorVersion;
    out.hostCores = r.details ? r.details->hostCores : 0;
    if (r.details)
        options.seed = r.details->seed;
    options.lattice = false;
    out.options = options;
    out.state = TuningRun::finalState(request.space->size(), *found.tuning);
    out.result = found.tuning;
    return out;
}

bool sameLaunch(const kernel::Workload& a, const kernel::Workload& b)
{
    if (a.kernelPath != b.kernelPath || a.function != b.function || a.device != b.device || a.backend != b.backend ||
        a.benchMethod != b.benchMethod || a.seed != b.seed || a.grid.kind != b.grid.kind ||
        a.grid.expression != b.grid.expression || a.grid.dims != b.grid.dims || a.args.size() != b.args.size())
        return false;
    for (std::size_t i = 0; i < a.args.size(); ++i)
        if (a.args[i].first != b.args[i].first || a.args[i].second.describe() != b.args[i].second.describe() ||
            a.args[i].second.kind != b.args[i].second.kind)
            return false;
    return true;
}

bool samePath(const QString& a, const std::string& b)
{
    return !b.empty() && QFileInfo(a).absoluteFilePath() == QFileInfo(QString::fromStdString(b)).absoluteFilePath();
}

} // namespace

// Finished candidates, from the tuning thread to the GUI thread.
struct TuningFeed {
    std::mutex mutex;
    std::vector<TunedCandidate> pending;
    std::optional<tuning::Progress> progress;
};

KernelDocument::KernelDocument(QObject* parent)
    : QObject(parent), m_analysisJob(new BackgroundJob(this)), m_spaceJob(new BackgroundJob(this)),
      m_tuneJob(new BackgroundJob(this)), m_cacheJob(new BackgroundJob(this)), m_cachedRunJob(new BackgroundJob(this))
{
    m_watcher = new QFileSystemWatcher(this);
    m_reloadTimer = new QTimer(this);
    m_reloadTimer->setSingleShot(true);
    m_reloadTimer->setInterval(200);  // an editor's save is often several writes
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &KernelDocument::onFileChanged);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        // A file replaced by a rename (how many editors save) leaves the watch: take it up again.
        for (const QString& file : {kernelPath(), QString::fromStdString(m_workload.path)})
            if (!file.isEmpty() && !m_watcher->files().contains(file) && QFileInfo::exists(file))
                onFileChanged(file);
    });
    connect(m_reloadTimer, &QTimer::timeout, this, [this] {
        const QString changed = std::exchange(m_changedFile, QString());
        reloadFromDisk(changed);
    });
    m_devices = npu::DeviceRegistry::loadBundled();
    m_tuningOptions = tuning::optionsFromEnvironment();
    m_feedTimer = new QTimer(this);
    m_feedTimer->setInterval(40);
    connect(m_feedTimer, &QTimer::timeout, this, &KernelDocument::pullTuningFeed);
    connect(m_cacheJob, &BackgroundJob::failed, this, [this](const QString& message) {
        m_cacheState = {CacheState::Kind::Error, cacheFile(), message};
        Q_EMIT cacheStateChanged();
    });
    connect(m_tuneJob, &BackgroundJob::failed, this, [this](const QString& message) {
        m_feedTimer->stop();
        Q_EMIT tuningFailed(message);
    });
    for (BackgroundJob* job : {m_analysisJob, m_spaceJob, m_tuneJob, m_cachedRunJob}) {
        connect(job, &BackgroundJob::started, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::finished, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::stopped, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::failed, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::progress, this, &KernelDocument::progress);
    }
    connect(m_analysisJob, &BackgroundJob::failed, this, &KernelDocument::analysisFailed);
    connect(m_cachedRunJob, &BackgroundJob::failed, this, [this] { Q_EMIT cachedTuningChecked(false); });
    connect(m_spaceJob, &BackgroundJob::failed, this, [this](const QString& message) {
        m_spaceProblem = message;
        Q_EMIT spaceReady();
    });
}

KernelDocument::~KernelDocument()
{
    // The jobs are children: their destructors stop and wait before the state below goes.
    delete m_cachedRunJob;
    delete m_cacheJob;
    delete m_tuneJob;
    delete m_spaceJob;
    delete m_analysisJob;
}

QString KernelDocument::resourceDir() const
{
    return QString::fromStdString(m_devices.resourceDir().string());
}

QString KernelDocument::kernelPath() const
{
    if (m_analysis && m_analysis->file)
        return QString::fromStdString(m_analysis->file->path);
    return QString::fromStdString(m_workload.kernelPath);
}

bool KernelDocument::isBusy() const
{
    return m_analysisJob->isRunning() || m_spaceJob->isRunning() || m_tuneJob->isRunning() ||
           m_cachedRunJob->isRunning();
}

bool KernelDocument::isTuning() const
{
    return m_tuneJob->isRunning();
}

void KernelDocument::updateBusy()
{
    const bool busy = isBusy();
    if (busy != m_busy) {
        m_busy = busy;
        Q_EMIT busyChanged(busy);
    }
}

void KernelDocument::open(const QString& path, const std::optional<kernel::Workload>& launch)
{
    m_analysisJob->start<OpenResult>(
        tr("Opening %1").arg(QFileInfo(path).fileName()),
        [path, device = m_defaultDevice, launch](JobContext&) { return openFile(path, device, launch); },
        [this, path](OpenResult&& result) {
            if (!result.analysis && !result.sourceOnly) {
                Q_EMIT openFailed(path, result.error);  // the previous document stays
                return;
            }
            m_path = QFileInfo(path).absoluteFilePath();
            m_source = std::move(result.source);
            m_problems = std::move(result.problems);
            m_workload = std::move(*result.workload);
            replaceAnalysis(std::move(result.analysis));
            Q_EMIT opened(m_path);
            announceAnalysis();
        });
}

void KernelDocument::replaceAnalysis(std::shared_ptr<const analysis::KernelAnalysis> analysis)
{
    m_analysis = std::move(analysis);
    m_space.reset();
    m_spaceAnalysis.reset();
    m_spaceProblem = m_analysis ? QString() : tr("The kernel does not parse: fix it and save, and it is read again.");
    clearTuning();
    watchFiles();
}

void KernelDocument::announceAnalysis()
{
    Q_EMIT analysisReady();
    Q_EMIT spaceReady();
    refreshCacheState();
    if (m_analysis)
        startSpace();  // then a cached tuning of the new source, when there is one
}

void KernelDocument::watchFiles()
{
    if (const QStringList watched = m_watcher->files() + m_watcher->directories(); !watched.isEmpty())
        m_watcher->removePaths(watched);
    QStringList files{kernelPath()};
    if (!m_workload.path.empty())
        files << QString::fromStdString(m_workload.path);
    for (const QString& file : files) {
        const QFileInfo info(file);
        if (!info.exists())
            continue;
        m_watcher->addPath(info.absoluteFilePath());
        if (!m_watcher->directories().contains(info.absolutePath()))
            m_watcher->addPath(info.absolutePath());
    }
}

void KernelDocument::onFileChanged(const QString& path)
{
    if (!m_watcher->files().contains(path) && QFileInfo::exists(path))
        m_watcher->addPath(path);  // replaced by a rename: watch the new file
    // A change of the workload reloads everything; the kernel's keeps the launch shown.
    if (m_changedFile.isEmpty() || samePath(path, m_workload.path))
        m_changedFile = path;
    m_reloadTimer->start();
}

void KernelDocument::reloadFromDisk(const QString& changed)
{
    if (m_path.isEmpty())
        return;
    // The launch shown (with its edits) unless the workload file itself changed.
    std::optional<kernel::Workload> launch;
    if (!samePath(changed, m_workload.path))
        launch = m_workload;
    std::shared_ptr<const analysis::KernelAnalysis> before = m_analysis;
    const kernel::Workload launchBefore = m_workload;
    m_analysisJob->start<OpenResult>(
        tr("Reloading %1").arg(QFileInfo(m_path).fileName()),
        [path = m_path, device = m_defaultDevice, launch](JobContext&) { return openFile(path, device, launch); },
        [this, before, launchBefore](OpenResult&& result) {
            const QString name = QFileInfo(m_path).fileName();
            if (!result.analysis && !result.sourceOnly) {
                watchFiles();
                Q_EMIT analysisFailed(tr("%1 changed on disk and cannot be read again: %2").arg(name, result.error));
                return;
            }
            // The tuning shown still holds when the kernel as written and the launch are the same.
            const npu::BenchMethod method = m_tuningOptions.method;
            const bool keep = before && result.analysis && sameLaunch(launchBefore, *result.workload) &&
                              pipeline::tuningKeyFor(*before, before->workload.device, method) ==
                                  pipeline::tuningKeyFor(*result.analysis, result.analysis->workload.device, method);
            m_source = std::move(result.source);
            m_problems = std::move(result.problems);
            m_workload = std::move(*result.workload);
            if (keep) {
                m_analysis = std::move(result.analysis);
                if (m_spaceAnalysis == before)
                    m_spaceAnalysis = m_analysis;
                watchFiles();
                Q_EMIT reloaded(m_run ? tr("%1 reloaded from disk; the kernel and the launch are unchanged, so the results shown still hold.").arg(name)
                                      : tr("%1 reloaded from disk.").arg(name));
                Q_EMIT analysisReady();
                return;
            }
            const bool hadResults = m_run != nullptr;
            replaceAnalysis(std::move(result.analysis));
            Q_EMIT reloaded(hadResults ? tr("%1 reloaded from disk; the kernel or the launch changed, so the results "
                                            "shown are out of date and were cleared.").arg(name)
                                       : tr("%1 reloaded from disk.").arg(name));
            announceAnalysis();
        });
}

void KernelDocument::setWorkload(const kernel::Workload& workload)
{
    if (!m_analysis)
        return;
    m_workload = workload;
    m_analysisJob->start<pipeline::AnalyzeResult>(
        tr("Analysing"), [workload](JobContext&) { return pipeline::analyze({workload}); },
        [this](pipeline::AnalyzeResult&& result) {
            if (!result.ok()) {
                Q_EMIT analysisFailed(formatDiagnostics(result.diagnostics));
                return;
            }
            m_analysis = std::move(result.analysis);
            Q_EMIT analysisReady();
            refreshCacheState();
            startSpace();
        });
}

void KernelDocument::setLattice(bool lattice)
{
    if (lattice == m_lattice)
        return;
    m_lattice = lattice;
    Q_EMIT latticeChanged(lattice);
    if (m_analysis && !m_analysisJob->isRunning())
        startSpace();
}

void KernelDocument::stop()
{
    m_pendingLattice.reset();
    const bool wasBusy = m_analysisJob->isRunning() || m_spaceJob->isRunning();
    const bool tuning = m_tuneJob->isRunning();
    m_analysisJob->stop();
    m_spaceJob->stop();
    m_cachedRunJob->stop();
    if (tuning)
        m_tuneJob->finishEarly();  // the candidates that finished are delivered and kept
    if (!wasBusy) {
        if (tuning)
            Q_EMIT stopped();
        return;
    }
    // The space shown must belong to the analysis shown; the lattice box follows what is shown.
    if (m_space && m_spaceAnalysis != m_analysis) {
        m_space.reset();
        m_spaceAnalysis.reset();
        m_spaceProblem = tr("Stopped before the candidate space was built.");
        clearTuning();
        Q_EMIT spaceReady();
    }
    if (m_space && m_spaceLattice != m_lattice) {
        m_lattice = m_spaceLattice;
        Q_EMIT latticeChanged(m_lattice);
    }
    Q_EMIT stopped();
}

void KernelDocument::startSpace()
{
    const npu::DeviceProfile* device = m_devices.find(m_analysis->workload.device);
    if (device == nullptr) {
        m_spaceJob->stop();
        m_space.reset();
        m_spaceAnalysis = m_analysis;
        m_spaceProblem = tr("unknown device '%1'").arg(QString::fromStdString(m_analysis->workload.device));
        // No device is known at all when the bundled profiles are missing (a broken install):
        // that is the reason to give, with where they were looked for.
        for (const Diagnostic& d : m_devices.diagnostics())
            if (d.code == "device-profiles-not-found")
                m_spaceProblem = coreText(d.text, d.message);
        clearTuning();
        Q_EMIT spaceReady();
        return;
    }
    const bool lattice = m_lattice;
    std::shared_ptr<const analysis::KernelAnalysis> from = m_analysis;
    pipeline::SpaceRequest request{m_analysis, *device, {}};
    request.options.lattice = lattice;
    m_spaceJob->start<pipeline::SpaceResult>(
        lattice ? tr("Building the lattice") : tr("Generating candidates"),
        [request = std::move(request)](JobContext& context) {
            // Stop ends the build at once (its partial space is dropped with the job's result);
            // the lattice reports how far it got.
            pipeline::RunControl control;
            control.stop = context.stopToken();
            control.progress = [&context](const pipeline::RunProgress& p) { context.reportProgress(p.fraction, QString()); };
            return pipeline::buildSpace(request, control);
        },
        [this, from, lattice](pipeline::SpaceResult&& built) {
            m_space = std::move(built.space);
            m_spaceAnalysis = from;
            m_spaceLattice = lattice;
            m_spaceProblem = coreText(built.problem);
            clearTuning();
            Q_EMIT spaceReady();
            loadCachedTuning();  // not for a lattice: a tuning asked for below comes first
            const auto pending = std::exchange(m_pendingLattice, std::nullopt);
            if (pending && m_space && m_space->hasLattice() && !startTune(*pending))
                Q_EMIT tuningFailed(m_tuneProblem);
        });
}

void KernelDocument::loadCachedTuning()
{
    // The backend's own tuning, shown from the cache; a lattice tuning (cached under its own key)
    // only when asked for.
    if (!m_space || !m_analysis || m_run || m_space->hasLattice() || m_spaceAnalysis != m_analysis ||
        m_devices.find(m_analysis->workload.device) == nullptr) {
        Q_EMIT cachedTuningChecked(false);
        return;
    }
    pipeline::CacheLookupRequest request;
    request.analysis = m_analysis;
    request.device = m_analysis->workload.device;
    request.method = m_tuningOptions.method;
    request.cachePath = std::filesystem::path(cacheFile().toStdU16String());
    request.space = m_space;
    std::shared_ptr<const space::CandidateSpace> space = m_space;
    m_cachedRunJob->start<CachedRunOutput>(
        tr("Reading the cached tuning"),
        [request = std::move(request), options = m_tuningOptions](JobContext&) { return readCachedRun(request, options); },
        [this, space](CachedRunOutput&& out) {
            if (!out.result || space != m_space || m_run) {
                Q_EMIT cachedTuningChecked(false);
                return;
            }
            // The same path as a tuning that finished here: a run, its final state, the signals.
            const npu::DeviceProfile& device = *m_devices.find(m_analysis->workload.device);
            const int hostCores = out.hostCores > 0 ? out.hostCores : tuning::modelledHostCores(out.options, device);
            m_run = std::make_shared<TuningRun>(m_space, out.options, device.soc, out.result->tuned.size(),
                                                m_analysis->parse.backend, hostCores);
            m_run->setCachedOrigin(std::move(out.origin));
            Q_EMIT tuningStarted();
            const TuningRun::Update update = m_run->finish(out.result, std::move(out.state));
            QThreadPool::globalInstance()->start([old = std::make_shared<TuningRun::State>(std::move(out.state))] {});
            Q_EMIT tuningUpdated(update);
            Q_EMIT tuningFinished();
            Q_EMIT cachedTuningChecked(true);
        });
}

void KernelDocument::setTuningOptions(const tuning::TuningOptions& options)
{
    const bool methodChanged = options.method != m_tuningOptions.method;
    m_tuningOptions = options;
    if (methodChanged) {
        refreshCacheState();  // the method is part of the cache key
        if (m_run && m_run->cachedOrigin() && !isBusy()) {
            clearTuning();  // the cached tuning shown was of the other method
            loadCachedTuning();
        }
    }
}

bool KernelDocument::canTune() const
{
    return m_space && m_analysis && m_spaceAnalysis == m_analysis && !isBusy() &&
           m_devices.find(m_analysis->workload.device) != nullptr;
}

bool KernelDocument::tune()
{
    return startTune(m_space && m_space->hasLattice() ? std::optional<tuning::LatticeSubset>(tuning::LatticeSubset{})
                                                      : std::nullopt);
}

bool KernelDocument::tuneLattice(const tuning::LatticeSubset& subset)
{
    m_tuneProblem.clear();
    // Rows chosen by hand are rows of the space shown: tuned there, lattice or not.
    const bool rowsShown = !subset.selection.empty() && m_space;
    if (m_analysis && !isTuning() && !rowsShown && (!m_space || !m_space->hasLattice() || m_spaceJob->isRunning())) {
        // The lattice first: tuned as soon as it is built (a stop or another file drops this).
        m_pendingLattice = subset;
        if (!m_lattice)
            setLattice(true);
        else if (!m_spaceJob->isRunning() && !m_analysisJob->isRunning())
            startSpace();
        return true;
    }
    return startTune(subset);
}

bool KernelDocument::startTune(const std::optional<tuning::LatticeSubset>& lattice)
{
    m_tuneProblem.clear();
    if (!canTune()) {
        m_tuneProblem = isBusy() ? tr("Other work is running: wait for it or stop it first.")
                                 : tr("Nothing to tune yet: wait for the candidate space.");
        return false;
    }
    const npu::DeviceProfile& device = *m_devices.find(m_analysis->workload.device);
    tuning::TuningOptions options = m_tuningOptions;
    options.lattice = lattice.has_value();
    if (lattice) {
        // Only the filter is read here: which points it keeps (and whether any) is found on the
        // worker, by the tuning's own choice; walking a lattice of millions would hold this thread.
        options.subset = *lattice;
        if (std::optional<msg::Message> why = tuning::latticeSubsetError(*m_space, options.subset)) {
            m_tuneProblem = coreText(*why);
            return false;
        }
    }
    auto feed = std::make_shared<TuningFeed>();
    m_feed = feed;
    const std::string cachePath = cacheFile().toStdString();
    m_tuneJob->start<TuneOutput>(
        tr("Tuning on %1").arg(QString::fromStdString(device.soc)),
        [this, analysis = m_analysis, space = m_space, device, options, feed, cachePath,
         hostCores = tuning::modelledHostCores(options, device)](JobContext& context) {
            const LowerThreadPriority nice;  // the tuning's threads inherit it: the GUI keeps its CPU
            // The run the views follow, made here and shown from the moment it exists; the
            // candidates reach it through the feed.
            std::size_t total = 0;
            if (options.lattice) {
                total = tuning::latticeCandidates(*space, options.subset).indices.size();
            } else {
                for (std::size_t i = 0; i < space->size(); ++i) {
                    const space::CandidateStatus s = space->origin(i); // the backend's list, as tuning::tune takes it
                    total += s == space::CandidateStatus::Generated || s == space::CandidateStatus::User;
                }
            }
            auto run = std::make_shared<TuningRun>(space, options, device.soc, total, analysis->parse.backend, hostCores);
            context.post([this, run] { showRun(run); });
            pipeline::RunControl control;
            control.stop = context.stopToken();
            if (context.hasProbe())  // tests: a pause point on the compile workers
                control.workerStep = [&context, total](std::size_t done) {
                    context.checkpoint(double(done) / double(std::max<std::size_t>(1, total)), QStringLiteral("tuning"));
                };
            control.progress = [feed](const pipeline::RunProgress& p) {
                std::lock_guard lock(feed->mutex);
                feed->progress = p.tuning;
            };
            // Flattened here, off the GUI thread; the GUI collects them in batches.
            control.candidate = [feed](std::size_t index, const tuning::CandidateOutcome& outcome) {
                TunedCandidate t = tunedCandidate(index, outcome);
                std::lock_guard lock(feed->mutex);
                feed->pending.push_back(std::move(t));
            };
            // The same workflow call as `tilescope tune`: what is stored (a finished tuning with a
            // best, never a stopped one; a lattice tuning under its own key) is decided there.
            pipeline::TuneRequest request;
            request.analysis = analysis;
            request.device = device;
            request.options = options;
            request.space = space;
            request.cache.path = std::filesystem::path(cachePath);
            const pipeline::TuneResult tuned = pipeline::tune(request, control);
            TuneOutput out;
            out.run = std::move(run);
            out.result = tuned.result ? tuned.result : std::make_shared<const tuning::TuningResult>();
            out.state = TuningRun::finalState(space->size(), *out.result);
            if (tuned.record)
                out.tunedAt = tuned.record->createdAt;
            if (tuned.storedId)
                out.storeMessage = tr("Stored in the cache %1").arg(QString::fromStdString(cachePath));
            else if (tuned.notStoredReason)
                out.storeMessage = tr("Not stored in the cache: %1").arg(coreText(*tuned.notStoredReason));
            return out;
        },
        [this](TuneOutput&& out) {
            m_feedTimer->stop();
            if (out.run != m_run)
                return;
            {
                std::lock_guard lock(m_feed->mutex);
                m_feed->pending.clear();  // the final figures below replace them
            }
            m_feed.reset();
            m_run->setTunedAt(std::move(out.tunedAt));
            const TuningRun::Update update = m_run->finish(out.result, std::move(out.state));
            // out.state now holds the live figures: freed on a pool thread, not here.
            QThreadPool::globalInstance()->start([old = std::make_shared<TuningRun::State>(std::move(out.state))] {});
            const tuning::TuningResult& r = *out.result;
            Q_EMIT tuningProgress(r.stopped ? tr("stopped") : progressStageLabel(tuning::ProgressStage::Done), r.finished, r.tuned.size(), 0);
            Q_EMIT tuningUpdated(update);
            Q_EMIT tuningFinished();
            if (!out.storeMessage.isEmpty()) {
                Q_EMIT tuningStored(out.storeMessage);
                refreshCacheState();
            }
        });
    return true;
}

void KernelDocument::showRun(std::shared_ptr<TuningRun> run)
{
    m_run = std::move(run);
    Q_EMIT tuningStarted();
    m_feedTimer->start();
}

void KernelDocument::pullTuningFeed()
{
    if (!m_feed || !m_run)
        return;
    std::vector<TunedCandidate> batch;
    std::optional<tuning::Progress> progress;
    {
        std::lock_guard lock(m_feed->mutex);
        batch.swap(m_feed->pending);
        progress.swap(m_feed->progress);
    }
    if (progress) {
        Q_EMIT tuningProgress(progressStageLabel(progress->stage), progress->done, progress->total, progress->etaSeconds);
    }
    if (!batch.empty())
        Q_EMIT tuningUpdated(m_run->append(std::move(batch)));
}

void KernelDocument::clearTuning()
{
    // The tuning belongs to the space it ran on.
    if (m_tuneJob->isRunning())
        m_tuneJob->stop();
    m_feedTimer->stop();
    m_feed.reset();
    if (m_run) {
        m_run.reset();
        Q_EMIT tuningCleared();
    }
}

void KernelDocument::setCacheFile(const QString& path)
{
    m_cacheFile = path;
    refreshCacheState();
}

QString KernelDocument::cacheFile() const
{
    if (!m_cacheFile.isEmpty())
        return m_cacheFile;
    kernel::Workload workload = m_workload;
    if (workload.path.empty())
        workload.kernelPath = kernelPath().toStdString();
    return QString::fromStdString(pipeline::defaultCachePath(workload).string());
}

void KernelDocument::refreshCacheState()
{
    if (!m_analysis) {
        m_cacheState = {};
        Q_EMIT cacheStateChanged();
        return;
    }
    const QString path = cacheFile();
    m_cacheJob->start<CacheState>(
        tr("Looking up the cache"),
        [path, analysis = m_analysis, method = m_tuningOptions.method](JobContext&) {
            return lookUpCache(path, analysis, method);
        },
        [this](CacheState&& state) {
            m_cacheState = std::move(state);
            Q_EMIT cacheStateChanged();
        });
}

} // namespace ts::gui
