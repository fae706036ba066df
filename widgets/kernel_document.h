#pragma once
// The open kernel and what the core concluded about it: the workload (launch), its analysis and
// its candidate space. Every stage runs off the GUI thread through BackgroundJob; a bad file
// or a stopped job leaves the previous state in place.

#include "core/analysis/kernel_analysis.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/space/candidate_space.h"

#include <QObject>
#include <QString>

#include <memory>

namespace ts::gui {

class BackgroundJob;

class KernelDocument : public QObject {
    Q_OBJECT
public:
    explicit KernelDocument(QObject* parent = nullptr);
    ~KernelDocument() override;

    const npu::DeviceRegistry& devices() const { return m_devices; }
    QString resourceDir() const;

    // A workload (.json) or a kernel (.py). A kernel opens with the launch of a workload in its
    // folder that names it, when there is one, else with nothing passed.
    void open(const QString& path);
    // A new launch for the open kernel (the launch editor); re-runs analysis and space.
    void setWorkload(const kernel::Workload& workload);
    void setLattice(bool lattice);
    // The device a kernel opened without a workload starts on (the last one used).
    void setDefaultDevice(const QString& soc) { m_defaultDevice = soc; }
    bool lattice() const { return m_lattice; }
    void stop();
    bool isBusy() const;

    bool isOpen() const { return m_analysis != nullptr; }
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

private:
    void startSpace();
    void updateBusy();

    npu::DeviceRegistry m_devices;
    BackgroundJob* m_analysisJob = nullptr;
    BackgroundJob* m_spaceJob = nullptr;
    QString m_path;
    QString m_source;
    kernel::Workload m_workload;
    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    std::shared_ptr<const space::CandidateSpace> m_space;
    std::shared_ptr<const analysis::KernelAnalysis> m_spaceAnalysis;  // what m_space was built from
    bool m_spaceLattice = false;
    QString m_spaceProblem;
    bool m_lattice = false;
    bool m_busy = false;
    QString m_defaultDevice;
};

} // namespace ts::gui
