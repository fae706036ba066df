#pragma once
// A heat map of the candidate space over any two dimensions, the others held at values chosen
// in combo boxes. Cells are coloured by status and reason (generated ones stand out), hovering
// tells the candidate and why, clicking selects it everywhere.

#include "core/space/candidate_space.h"
#include "widgets/heatmap_slice.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QCPColorMap;
class QCPGraph;
class QCPItemRect;
class QCPItemText;
class QCustomPlot;
class QFormLayout;
class QLabel;
class QMouseEvent;

namespace ts::gui {

class BackgroundJob;

class HeatmapChart : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapChart(QWidget* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space);
    // Marks the candidate; moves the fixed dimensions to its values so that it is in view.
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);
    // Chooses the two dimensions shown (by index in the space's dimensions).
    void setAxes(int xDim, int yDim);

    QCustomPlot* plot() const { return m_plot; }
    const HeatmapSlice& slice() const { return m_slice; }
    BackgroundJob* job() const { return m_job; }
    QComboBox* xCombo() const { return m_x; }
    QComboBox* yCombo() const { return m_y; }
    // The cell under a point in plot pixels: the candidate index, or -1.
    std::int32_t candidateAtPixel(const QPointF& pos) const;
    QPointF cellCenterPixel(std::size_t x, std::size_t y) const;

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);
    void sliceShown();

private:
    void rebuildControls();
    void requestSlice();
    void showSlice(HeatmapSlice&& slice);
    void updateMarker();
    void hover(QMouseEvent* event);
    QColor categoryColor(CellCategory category) const;
    QString categoryLabel(CellCategory category) const;
    QString shortLabel(CellCategory category) const;
    QString valueText(int dim, std::int64_t value) const;

    std::shared_ptr<const space::CandidateSpace> m_space;
    std::vector<std::vector<std::int64_t>> m_values;
    HeatmapSlice m_slice;
    std::optional<std::size_t> m_selected;
    BackgroundJob* m_job = nullptr;
    BackgroundJob* m_valuesJob = nullptr;
    QComboBox* m_x = nullptr;
    QComboBox* m_y = nullptr;
    QWidget* m_fixedBox = nullptr;
    QFormLayout* m_fixedLayout = nullptr;
    std::vector<QComboBox*> m_fixed;  // one per dimension; null for the shown ones
    QCustomPlot* m_plot = nullptr;
    QCPColorMap* m_map = nullptr;
    QCPItemRect* m_marker = nullptr;
    QCPGraph* m_generatedMarks = nullptr;
    QCPGraph* m_handwrittenMarks = nullptr;
    std::vector<QCPItemText*> m_texts;
    QLabel* m_legend = nullptr;
    QLabel* m_empty = nullptr;
    bool m_dark = false;
    bool m_updating = false;
};

} // namespace ts::gui
