#pragma once
// The workloads of a capture folder (`tilescope capture`) as a table: one row per kernel and
// autotune key value the program launched, with its launch count.

#include "core/capture/capture_index.h"

#include <QAbstractTableModel>

namespace ts::gui {

class CaptureTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { SortRole = Qt::UserRole + 1 };
    enum Column { Kernel, Key, Launches, Kind, Tuner, File, ColumnCount };

    explicit CaptureTableModel(QObject* parent = nullptr);

    void setIndex(capture::CaptureIndex index);
    const capture::CaptureIndex& captureIndex() const { return m_index; }
    // The workload file of a row, absolute.
    QString workloadPath(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    capture::CaptureIndex m_index;
};

} // namespace ts::gui
