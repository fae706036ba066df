#pragma once
// The open kernel and what the core concluded about it: the workload (launch), its analysis,
// its candidate space and its tuning. Every stage runs off the GUI thread through BackgroundJob;
// a bad file or a stopped job leaves the previous state in place. A tuning hands its finished
// candidates over in batches (a timer on the GUI thread collects them every 40 ms), keeps what
// finished when stopped, and stores a complete tuning in the config cache. Once the space of a
// launch is in, a tuning the cache holds for it is loaded and shown as a finished one, labelled
// cached (TuningRun::cachedOrigin). A kernel that does not parse still opens: its source and the
// error (problems()), no analysis. The kernel and workload files are watched: edited outside, the
// document reloads them, keeping the tuning while the kernel's hash and the launch key hold.

#include "core/analysis/kernel_analysis.h"
#include "core/cache/tuning_record.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/space/candidate_space.h"
#include "core/tuning/tuning_session.h"
#include "widgets/tuning_run.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QFileSystemWatcher;
class QTimer;

namespace ts::gui {

class BackgroundJob;
struct TuningFeed;

// What the config cache holds for the launch shown.
struct CacheState {
    enum class Kind { Unknown, None, Fresh, Stale, Error };
    Kind kind = Kind::Unknown;
    QString path;     // the cache file
    QString summary;  // the cached best config and when it was tuned, or the error
    std::string createdAt;  // the cached tuning's time (ISO UTC), as TuningRun::tunedAt() keeps it
};

class KernelDocument : public QObject {
    Q_OBJECT
public:
    explicit KernelDocument(QObject* parent = nullptr);
    ~KernelDocument() override;

    const npu::DeviceRegistry& devices() const { return m_devices; }
    // The device profiles the document tunes against: the bundled ones unless set. Takes effect
    // at the next open or analysis.
    void setDevices(npu::DeviceRegistry devices) { m_devices = std::move(devices); }
    QString resourceDir() const;

    // A workload (.json) or a kernel (.py). A kernel opens with the launch of a workload in its
    // folder that names it, when there is one, else with nothing passed.
    // `launch` replaces the workload read from `path` (a session's edited launch).
    void open(const QString& path, const std::optional<kernel::Workload>& launch = std::nullopt);
    // A new launch for the open kernel (the launch editor); re-runs analysis and space.
    void setWorkload(const kernel::Workload& workload);
    void setLattice(bool lattice);
    // The device a kernel opened without a workload starts on (the last one used).
    void setDefaultDevice(const QString& soc) { m_defaultDevice = soc; }
    bool lattice() const { return m_lattice; }
    // Stops analysis and space (their results are dropped) and a tuning (it keeps what finished).
    void stop();
    bool isBusy() const;

    // Tuning: the options the next tune() uses (the launch form's tuning fields).
    void setTuningOptions(const tuning::TuningOptions& options);
    const tuning::TuningOptions& tuningOptions() const { return m_tuningOptions; }
    // Tunes the space shown (its lattice when the lattice is shown); false when there is none
    // or other work is running.
    bool tune();
    // Tunes the valid lattice points of `subset` (all of them by default) as `tilescope tune
    // --lattice` does, whatever the backend generates or raises, and caches it under its own
    // key. When the lattice is not shown it is built first and tuned once it is in. False when
    // nothing can be tuned now (see tuneProblem()).
    bool tuneLattice(const tuning::LatticeSubset& subset = {});
    // Why the last tune() or tuneLattice() did not start (a filter not understood, other work
    // running); empty when it started. A subset with no valid point starts, and the tuning
    // finishes with the core's reason as its error.
    QString tuneProblem() const { return m_tuneProblem; }
    bool canTune() const;
    bool isTuning() const;
    // The tuning of the space shown, live while it runs; null when there is none.
    std::shared_ptr<const TuningRun> tuningRun() const { return m_run; }
    std::shared_ptr<const tuning::TuningResult> tuningResult() const { return m_run ? m_run->result() : nullptr; }
    // The config cache: the file tunings are stored in (beside the workload, or the kernel when
    // opened alone), unless set explicitly (empty: the default).
    void setCacheFile(const QString& path);
    QString cacheFile() const;
    const CacheState& cacheState() const { return m_cacheState; }
    // Looks the launch shown up in the cache again (off the GUI thread).
    void refreshCacheState();

    bool isOpen() const { return m_analysis != nullptr; }
    // A kernel that does not parse: open with its source, and why in problems() (no analysis).
    bool hasSourceOnly() const { return m_analysis == nullptr && !m_path.isEmpty(); }
    const Diagnostics& problems() const { return m_problems; }

    // The files watched for edits made outside (the kernel, and the workload when one is open).
    QFileSystemWatcher* fileWatcher() const { return m_watcher; }
    // Reads the open files again (what a change on disk triggers, after a short debounce):
    // the workload from its file when `changed` is it, else the launch shown with the kernel as
    // it is now. Emits reloaded() when done.
    void reloadFromDisk(const QString& changed = QString());
    // Loads the tuning the cache holds for the space shown, when none is shown (done by itself
    // once a space is in); cachedTuningChecked() tells the outcome.
    void loadCachedTuning();
    QString path() const { return m_path; }        // what the user opened
    QString kernelPath() const;
    QString sourceText() const { return m_source; }
    const kernel::Workload& workload() const { return m_workload; }
    std::shared_ptr<const analysis::KernelAnalysis> analysis() const { return m_analysis; }
    std::shared_ptr<const space::CandidateSpace> space() const { return m_space; }
    // Why there is no space for the current analysis (unknown device, no autotune); empty else.
    QString spaceProblem() const { return m_spaceProblem; }

    BackgroundJob* analysisJob() const { return m_analysisJob; }
    BackgroundJob* spaceJob() const { return m_spaceJob; }
    BackgroundJob* tuneJob() const { return m_tuneJob; }

Q_SIGNALS:
    void opened(const QString& path);  // a new file replaced the document
    void openFailed(const QString& path, const QString& message);
    void analysisFailed(const QString& message);  // an edited launch could not be analysed
    void analysisReady();
    void spaceReady();                  // space() changed (may be null, see spaceProblem())
    void latticeChanged(bool lattice);
    void busyChanged(bool busy);
    void progress(double fraction, const QString& stage);
    void stopped();

    // tuningRun() is new (and empty). It comes shortly after tune() returns: the run is laid out
    // on the tuning's worker; until then tuningRun() is the previous one, or null.
    void tuningStarted();
    // done of total candidates; etaSeconds < 0 when unknown.
    void tuningProgress(const QString& stage, qulonglong done, qulonglong total, double etaSeconds);
    void tuningUpdated(const ts::gui::TuningRun::Update& update);  // a batch arrived
    void tuningFinished();  // tuningResult() is in (stopped or not)
    void tuningFailed(const QString& message);
    void tuningCleared();   // the space changed: the tuning shown is gone
    void tuningStored(const QString& message);  // stored in the cache, or why not
    void cacheStateChanged();
    // The cache was asked for a tuning of the space shown; `loaded` when one is now shown.
    void cachedTuningChecked(bool loaded);
    // The open files were read again after an edit outside; `notice` says what became of the
    // results shown. sourceText() and analysis() are the new ones.
    void reloaded(const QString& notice);
private:
    void startSpace();
    void updateBusy();
    void pullTuningFeed();
    void clearTuning();
    // The document shows `analysis` from now on: the space and the tuning of the one before go.
    void replaceAnalysis(std::shared_ptr<const analysis::KernelAnalysis> analysis);
    // Tells the views of the analysis just replaced, and builds its space.
    void announceAnalysis();
    void watchFiles();
    void onFileChanged(const QString& path);
    bool startTune(const std::optional<tuning::LatticeSubset>& lattice);
    // The run a tuning laid out on its worker: shown from now on, fed by the timer.
    void showRun(std::shared_ptr<TuningRun> run);
    npu::DeviceRegistry m_devices;
    BackgroundJob* m_analysisJob = nullptr;
    BackgroundJob* m_spaceJob = nullptr;
    BackgroundJob* m_tuneJob = nullptr;
    BackgroundJob* m_cacheJob = nullptr;
    BackgroundJob* m_cachedRunJob = nullptr;
    QFileSystemWatcher* m_watcher = nullptr;
    QTimer* m_reloadTimer = nullptr;
    QString m_changedFile;
    QTimer* m_feedTimer = nullptr;
    std::shared_ptr<TuningFeed> m_feed;
    std::shared_ptr<TuningRun> m_run;
    tuning::TuningOptions m_tuningOptions;
    QString m_cacheFile;
    CacheState m_cacheState;
    QString m_path;
    QString m_source;
    Diagnostics m_problems;
    kernel::Workload m_workload;
    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    std::shared_ptr<const space::CandidateSpace> m_space;
    std::shared_ptr<const analysis::KernelAnalysis> m_spaceAnalysis;  // what m_space was built from
    bool m_spaceLattice = false;
    QString m_spaceProblem;
    bool m_lattice = false;
    bool m_busy = false;
    QString m_defaultDevice;
    std::optional<tuning::LatticeSubset> m_pendingLattice;  // tuned once the lattice is built
    QString m_tuneProblem;
};

} // namespace ts::gui
