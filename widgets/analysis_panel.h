#pragma once
// What Triton-Ascend's autotune concludes for this launch: keys, split / tiling / low-dim /
// reduction axes, persistent reduction, the parameters and their roles, the backend's own
// error, and a summary of the candidate space.

#include "core/analysis/kernel_analysis.h"
#include "core/space/candidate_space.h"

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace ts::gui {

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPanel(QWidget* parent = nullptr);

    void setAnalysis(const analysis::KernelAnalysis* analysis);
    // A kernel open without an analysis (it does not parse): says so, pointing at the diagnostics.
    void showKernelErrors();
    // The space of the analysis shown, or null with the reason it is missing.
    void setSpace(const space::CandidateSpace* space, const QString& problem);

    QTreeWidget* tree() const { return m_tree; }
    QLabel* backendStatus() const { return m_backend; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The names' column as wide as the widest name shown, at most about half the tree.
    void fitNameColumn();
    QTreeWidgetItem* section(const QString& title);
    // The tl.dot sites of a cube / mix kernel: M, N, K with the block tiling each, the
    // accumulator and the buffer footprints.
    void addAutotuneKey(QTreeWidgetItem* keys, const analysis::KernelAnalysis& a);
    void addCubeTiling(QTreeWidgetItem* split, QTreeWidgetItem* tiling, const analysis::KernelAnalysis& a);
    void addCubeSites(const analysis::KernelAnalysis& a);
    void restoreExpansion();
    void addTrail(const space::CandidateSpace& space);

    QLabel* m_backend = nullptr;
    QTreeWidget* m_tree = nullptr;
    QTreeWidgetItem* m_spaceSection = nullptr;
    QStringList m_collapsed;  // sections the user closed, kept across updates
};

} // namespace ts::gui
