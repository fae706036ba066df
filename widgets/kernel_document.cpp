#include "widgets/kernel_document.h"

#include "widgets/background_job.h"
#include "widgets/space_request.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <filesystem>

namespace ts::gui {
namespace {

QString formatDiagnostics(const Diagnostics& diagnostics)
{
    QStringList lines;
    for (const Diagnostic& d : diagnostics)
        lines << QString::fromStdString(d.format());
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
    std::optional<analysis::KernelAnalysis> analysis;
    QString source;
    QString error;
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

OpenResult openFile(const QString& path, const QString& defaultDevice)
{
    OpenResult out;
    const QFileInfo info(path);
    if (!info.exists()) {
        out.error = KernelDocument::tr("%1: no such file").arg(path);
        return out;
    }
    kernel::Workload workload;
    if (info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0) {
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
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(workload);
    if (!analysed.analysis) {
        out.error = formatDiagnostics(analysed.diagnostics);
        return out;
    }
    out.source = readText(QString::fromStdString(analysed.analysis->file->path));
    out.workload = std::move(workload);
    out.analysis = std::move(analysed.analysis);
    return out;
}

} // namespace

KernelDocument::KernelDocument(QObject* parent)
    : QObject(parent), m_analysisJob(new BackgroundJob(this)), m_spaceJob(new BackgroundJob(this))
{
    m_devices = npu::DeviceRegistry::loadBundled();
    for (BackgroundJob* job : {m_analysisJob, m_spaceJob}) {
        connect(job, &BackgroundJob::started, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::finished, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::stopped, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::failed, this, &KernelDocument::updateBusy);
        connect(job, &BackgroundJob::progress, this, &KernelDocument::progress);
    }
    connect(m_analysisJob, &BackgroundJob::failed, this, &KernelDocument::analysisFailed);
    connect(m_spaceJob, &BackgroundJob::failed, this, [this](const QString& message) {
        m_spaceProblem = message;
        Q_EMIT spaceReady();
    });
}

KernelDocument::~KernelDocument()
{
    // The jobs are children: their destructors stop and wait before the state below goes.
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
    return m_analysisJob->isRunning() || m_spaceJob->isRunning();
}

void KernelDocument::updateBusy()
{
    const bool busy = isBusy();
    if (busy != m_busy) {
        m_busy = busy;
        Q_EMIT busyChanged(busy);
    }
}

void KernelDocument::open(const QString& path)
{
    m_analysisJob->start<OpenResult>(
        tr("Opening %1").arg(QFileInfo(path).fileName()), [path, device = m_defaultDevice](JobContext&) { return openFile(path, device); },
        [this, path](OpenResult&& result) {
            if (!result.analysis) {
                Q_EMIT openFailed(path, result.error);  // the previous document stays
                return;
            }
            m_path = QFileInfo(path).absoluteFilePath();
            m_source = std::move(result.source);
            m_workload = std::move(*result.workload);
            m_analysis = std::make_shared<const analysis::KernelAnalysis>(std::move(*result.analysis));
            m_space.reset();
            m_spaceAnalysis.reset();
            Q_EMIT opened(m_path);
            Q_EMIT analysisReady();
            Q_EMIT spaceReady();
            startSpace();
        });
}

void KernelDocument::setWorkload(const kernel::Workload& workload)
{
    if (!m_analysis)
        return;
    m_workload = workload;
    m_analysisJob->start<analysis::AnalysisResult>(
        tr("Analysing"), [workload](JobContext&) { return analysis::analyzeWorkload(workload); },
        [this](analysis::AnalysisResult&& result) {
            if (!result.analysis) {
                Q_EMIT analysisFailed(formatDiagnostics(result.diagnostics));
                return;
            }
            m_analysis = std::make_shared<const analysis::KernelAnalysis>(std::move(*result.analysis));
            Q_EMIT analysisReady();
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
    const bool wasBusy = isBusy();
    m_analysisJob->stop();
    m_spaceJob->stop();
    if (!wasBusy)
        return;
    // The space shown must belong to the analysis shown; the lattice box follows what is shown.
    if (m_space && m_spaceAnalysis != m_analysis) {
        m_space.reset();
        m_spaceAnalysis.reset();
        m_spaceProblem = tr("Stopped before the candidate space was built.");
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
    const analysis::KernelAnalysis& a = *m_analysis;
    const npu::DeviceProfile* device = m_devices.find(a.workload.device);
    SpaceRequestResult made = spaceRequestFor(a, device, m_lattice);
    if (!made.request) {
        m_spaceJob->stop();
        m_space.reset();
        m_spaceAnalysis = m_analysis;
        m_spaceProblem = QString::fromStdString(made.error);
        Q_EMIT spaceReady();
        return;
    }
    const bool lattice = m_lattice;
    std::shared_ptr<const analysis::KernelAnalysis> from = m_analysis;
    m_spaceJob->start<std::shared_ptr<const space::CandidateSpace>>(
        lattice ? tr("Building the lattice") : tr("Generating candidates"),
        [request = std::move(*made.request)](JobContext&) {
            return std::make_shared<const space::CandidateSpace>(space::CandidateSpace::build(
                request.parse, request.launch, request.hints, request.device, request.options));
        },
        [this, from, lattice](std::shared_ptr<const space::CandidateSpace>&& space) {
            m_space = std::move(space);
            m_spaceAnalysis = from;
            m_spaceLattice = lattice;
            m_spaceProblem.clear();
            Q_EMIT spaceReady();
        });
}

} // namespace ts::gui
