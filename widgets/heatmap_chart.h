#pragma once
// A heat map of the candidate space over any two dimensions (a strip over one), on ordinal axes:
// one evenly spaced column per value some candidate has, labels thinned until none overlaps. Each
// other dimension is held at a value chosen in a combo box, or reduced: the cell shows the
// minimum or the median of the figure over its values. Cells are coloured by status and reason
// (generated ones stand out) or by a figure of each candidate (pipeline::candidateMetrics: the
// tuning's p50, the ratio to its best, the measured time, UB / L1 / L0 use, waves, the ratio to
// another tuning of the launch), with a colour bar in the figure's unit; a cell without the
// figure takes the colour of why (its prune or skip reason, an incorrect launch, a failed
// compile, the time budget's cut, not tuned). Cell labels appear only where they fit their
// cell. Hovering tells the config and every figure; clicking selects the candidate everywhere
// and shows the source line that fixes the dimension.

#include "core/pipeline/workflow.h"
#include "core/space/candidate_space.h"
#include "widgets/heatmap_slice.h"

#include <QRectF>
#include <QRect>
#include <QWidget>

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QPushButton;
class QComboBox;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemRect;
class QCPItemText;
class QCustomPlot;
class QFormLayout;
class QLabel;
class QMouseEvent;

namespace ts::gui {

class BackgroundJob;
class TuningRun;

class HeatmapChart : public QWidget {
    Q_OBJECT
public:
    // The colour-by choices: the status, or a pipeline::CandidateMetric (its int value).
    static constexpr int kColourByStatus = -1;

    explicit HeatmapChart(QWidget* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space);
    // Marks the candidate; moves the fixed dimensions to its values so that it is in view.
    void setSelectedCandidate(std::optional<std::size_t> candidate);
    void setDark(bool dark);
    // The colour of a cell of `category` in the theme set.
    QColor categoryColor(CellCategory category) const;
    // Chooses the two dimensions shown (by index in the space's dimensions; yDim -1: a strip).
    void setAxes(int xDim, int yDim);
    // How a dimension off the axes is treated: held at its combo's value, or reduced.
    void setHiddenMode(int dim, HiddenMode mode);
    // The tuning whose times colour the cells (null: none); runUpdated() after each batch.
    void setRun(std::shared_ptr<const TuningRun> run);
    void runUpdated();
    // Times measured on real hardware, ms per candidate, NaN where none (pipeline::measuredForSpace).
    void setMeasured(std::shared_ptr<const std::vector<double>> measuredMs);
    // The launch: where the source fixes each dimension, and the cache whose other tunings of
    // the launch (devices, backend versions) the cells can be compared with.
    void setLaunch(std::shared_ptr<const analysis::KernelAnalysis> analysis, std::filesystem::path cachePath,
                   npu::BenchMethod method);
    // kColourByStatus or int(pipeline::CandidateMetric).
    void setColourBy(int metric);
    int colourBy() const;

    QCustomPlot* plot() const { return m_plot; }
    const HeatmapSlice& slice() const { return m_slice; }
    BackgroundJob* job() const { return m_job; }
    BackgroundJob* compareJob() const { return m_compareJob; }
    QComboBox* xCombo() const { return m_x; }
    QComboBox* yCombo() const { return m_y; }
    QComboBox* colourByCombo() const { return m_colourBy; }
    QComboBox* compareCombo() const { return m_compare; }
    // Axes and value lists limited to the values some generated or handwritten candidate has
    // (checked at first for a cube kernel, whose prunes reach far beyond them).
    QCheckBox* keptOnlyBox() const { return m_keptOnly; }
    // The combo holding a hidden dimension's value, and the one choosing fixed / min / median
    // (null for the dimensions on the axes).
    QComboBox* fixedCombo(int dim) const;
    QComboBox* modeCombo(int dim) const;
    QCPColorScale* colourScale() const { return m_scale; }
    // Whether the colour bar is part of the plot (continuous figures only).
    bool colourScaleShown() const;
    QLabel* legend() const { return m_legend; }
    // Shown while a figure's colouring opens zoomed to its cells; clicked, the whole slice shows.
    QPushButton* showAllButton() const { return m_showAll; }
    // The cell under a point in plot pixels: the candidate index, or -1.
    std::int32_t candidateAtPixel(const QPointF& pos) const;
    QPointF cellCenterPixel(std::size_t x, std::size_t y) const;
    // The labels drawn in cells, with their rectangles in plot pixels (after the last layout).
    struct CellLabel {
        std::size_t x = 0, y = 0;
        QString text;
        QRectF rect;
    };
    const std::vector<CellLabel>& cellLabels() const { return m_labels; }
    // What hovering a candidate shows: the config and every figure.
    QString toolTipFor(std::size_t candidate) const;

Q_SIGNALS:
    void candidateClicked(std::size_t candidate);
    // Ctrl+click: the candidate joins the selection instead of replacing it.
    void candidateAdded(std::size_t candidate);
    // The source position that fixes a dimension clicked (a cell: its x dimension; an axis: its own).
    void sourceLocationClicked(int line, int column);
    void sliceShown();

private:
    void rebuildControls();
    void requestSlice();
    void showSlice(HeatmapSlice&& slice);
    void fillCells();
    void layoutLabels();
    void thinTicks();
    void clearItems();
    void updateMarker();
    void hover(QMouseEvent* event);
    void refreshComparisons();
    void refreshTimings() const;
    // m_run when it has finished on the space shown with outcomes (whose verdicts colour the
    // cells by status), else null; whether the slice shown draws such verdicts.
    const TuningRun* finishedRun() const;
    bool showsVerdicts() const;
    void emitSource(int dim);
    QColor absentColor() const;
    // Whether a band's cells are hatched over their colour in a figure's map, and with what.
    static bool hatched(int band);
    QBrush hatchBrush(int band) const;
    // Why a cell has no figure: its category when pruned, skipped or incorrect, else its outcome.
    QColor bandColor(int band) const;
    QString bandLabel(int band) const;
    QString categoryLabel(CellCategory category) const;
    QString shortLabel(CellCategory category) const;
    QString valueText(int dim, std::int64_t value) const;
    QString metricLabel(int metric) const;
    QString unitText(int metric) const;
    QString absentText(int metric) const;
    QString metricValueText(int metric, double value) const;

    std::shared_ptr<const space::CandidateSpace> m_space;
    std::vector<std::vector<std::int64_t>> m_values;  // m_allValues or m_keptValues
    std::vector<std::vector<std::int64_t>> m_allValues;
    std::vector<std::vector<std::int64_t>> m_keptValues;  // empty when no candidate is kept
    HeatmapSlice m_slice;
    std::optional<std::size_t> m_selected;
    std::shared_ptr<const TuningRun> m_run;
    // A copy of m_run's times, made when something reads them (refreshTimings): the tuned
    // candidates' only, sorted by candidate.
    mutable std::shared_ptr<const pipeline::TunedTimes> m_p50Ms;  // of m_run, in ms
    mutable std::optional<std::size_t> m_best;
    mutable std::shared_ptr<const TunedOutcomes> m_outcomes;  // of m_run
    std::shared_ptr<const std::vector<double>> m_measuredMs;
    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    std::filesystem::path m_cachePath;
    npu::BenchMethod m_method = npu::BenchMethod::Default;
    std::vector<std::shared_ptr<const cache::TuningRecord>> m_others;
    BackgroundJob* m_job = nullptr;
    BackgroundJob* m_valuesJob = nullptr;
    BackgroundJob* m_compareJob = nullptr;
    QComboBox* m_x = nullptr;
    QComboBox* m_y = nullptr;
    QComboBox* m_colourBy = nullptr;
    QComboBox* m_compare = nullptr;
    QCheckBox* m_keptOnly = nullptr;
    QPushButton* m_showAll = nullptr;  // shown while the view is zoomed to the figures (m_zoom)
    QLabel* m_compareLabel = nullptr;
    QWidget* m_fixedBox = nullptr;
    QFormLayout* m_fixedLayout = nullptr;
    std::vector<QComboBox*> m_fixed;  // one per dimension; null for the shown ones
    std::vector<QComboBox*> m_modes;  // likewise: HiddenMode per hidden dimension
    QCustomPlot* m_plot = nullptr;
    QCPColorMap* m_map = nullptr;
    QCPColorScale* m_scale = nullptr;
    QCPItemRect* m_marker = nullptr;
    QCPItemRect* m_markerHalo = nullptr;  // under the marker, in the base colour: seen on any cell
    QCPGraph* m_generatedMarks = nullptr;
    QCPGraph* m_handwrittenMarks = nullptr;
    std::vector<QCPItemText*> m_texts;   // one per labelled cell, in m_textCells order
    std::vector<std::pair<std::size_t, std::size_t>> m_textCells;
    std::vector<QCPItemRect*> m_hatches; // cells whose figure is absent
    std::vector<CellLabel> m_labels;
    double m_tickPixels[2] = {0, 0};  // the cell sizes the axes' labels were thinned for
    // The cells a figure's colouring opens on, when its figures take a small part of the slice (a
    // tl.dot kernel's timed tilings among the thousands it prunes); empty: the whole slice.
    QRect m_zoom;
    QLabel* m_legend = nullptr;
    QLabel* m_empty = nullptr;
    std::int32_t m_tipCandidate = -1;  // the candidate m_tipText is about
    QString m_tipText;
    mutable bool m_p50Stale = false;   // m_run changed since m_p50Ms was copied
    bool m_dark = false;
    bool m_updating = false;
};

} // namespace ts::gui
