#pragma once
// A shape sweep as a table: one row per shape with its own best config and time, the config
// of the covering set that serves it, and what that costs (loss against the shape's best).

#include "core/sweep/shape_sweep.h"

#include <QAbstractTableModel>

#include <memory>

namespace ts::gui {

class SweepTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { SortRole = Qt::UserRole + 1 };
    enum Column { ShapeColumn, BestConfig, BestMs, ChosenConfig, ChosenMs, Loss, Source, ColumnCount };

    explicit SweepTableModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const sweep::SweepResult> result);
    const std::shared_ptr<const sweep::SweepResult>& result() const { return m_result; }
    void setDarkPalette(bool dark);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "BLOCK=128, multibuffer=True" plus num_warps / num_stages when not triton.Config's defaults;
    // the names in `first` lead (the values that differ between the configs, so that a cut cell
    // still shows them).
    static QString configText(const sweep::CoverConfig& config, const QStringList& first = {});
    // The parameter names whose values differ between the sweep's configs.
    const QStringList& differing() const { return m_differing; }

private:
    const sweep::ShapeCover* cover(int row) const;
    QString displayText(int row, int column) const;
    QVariant sortValue(int row, int column) const;

    std::shared_ptr<const sweep::SweepResult> m_result;
    QStringList m_differing;
    bool m_dark = false;
};

} // namespace ts::gui
