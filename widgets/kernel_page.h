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
    void setDark(bool dark);

    SourceView* sourceView() const { return m_source; }
    QTreeWidget* diagnosticsList() const { return m_diagnostics; }

private:
    void showDiagnostic(QTreeWidgetItem* item);
    // Lists the diagnostics and returns those of the kernel file (the ones the source can mark).
    Diagnostics listDiagnostics(const Diagnostics& diagnostics, const std::string& kernelFile);

    QLabel* m_title = nullptr;
    QLabel* m_legend = nullptr;
    SourceView* m_source = nullptr;
    QTreeWidget* m_diagnostics = nullptr;
    QString m_kernelPath;
    bool m_dark = false;
};

} // namespace ts::gui
