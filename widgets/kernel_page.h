#pragma once
// The kernel tab: the source with its tunable parameters marked, and the diagnostics of the
// analysis below it; clicking a diagnostic shows its line.

#include "core/analysis/kernel_analysis.h"

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace ts::gui {

class SourceView;

class KernelPage : public QWidget {
    Q_OBJECT
public:
    explicit KernelPage(QWidget* parent = nullptr);

    void setSource(const QString& path, const QString& text);
    void setAnalysis(const analysis::KernelAnalysis* analysis);
    // A kernel without an analysis (it does not parse): why, marked in the source and listed.
    void setProblems(const Diagnostics& problems);
    // The tuning's own diagnostics, listed after the analysis': the simulator's fidelity warnings
    // (what it does not model, so every simulated time is an approximation) and the tuning's notes.
    void setTuningDiagnostics(const Diagnostics& diagnostics);
    void setDark(bool dark);

    SourceView* sourceView() const { return m_source; }
    QLabel* legend() const { return m_legend; }
    QTreeWidget* diagnosticsList() const { return m_diagnostics; }

private:
    void showDiagnostic(QTreeWidgetItem* item);
    // Lists the diagnostics and returns those of the kernel file (the ones the source can mark).
    Diagnostics listDiagnostics(const Diagnostics& diagnostics, const std::string& kernelFile, bool tuning = false);
    void fitDiagnosticColumns();
    // The marks' legend: each kind of parameter the source marks, in its colour.
    void updateLegend();

    QLabel* m_title = nullptr;
    QLabel* m_legend = nullptr;
    SourceView* m_source = nullptr;
    QTreeWidget* m_diagnostics = nullptr;
    QString m_kernelPath;
    std::string m_kernelFile;     // the analysed kernel's path, as diagnostics name it
    Diagnostics m_analysisMarks;  // the analysis' diagnostics the source marks
    Diagnostics m_tuningMarks;    // the tuning's
    bool m_dark = false;
};

} // namespace ts::gui
