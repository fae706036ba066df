#pragma once
// The candidates of one stored tuning as a table: the config first (the index, one column per
// parameter in the order they first appear, num_warps / num_stages), then the status, the
// simulated quantiles and the reason a candidate was not measured. The chosen candidate is in
// bold.

#include "core/cache/tuning_record.h"

#include <QAbstractTableModel>

#include <memory>
#include <string>
#include <vector>

namespace ts::gui {

class TuningRecordModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1,
        CandidateRole,  // index into the record's candidates (qulonglong)
    };

    explicit TuningRecordModel(QObject* parent = nullptr);

    void setRecord(std::shared_ptr<const cache::TuningRecord> record);
    const std::shared_ptr<const cache::TuningRecord>& record() const { return m_record; }
    const std::vector<std::string>& paramNames() const { return m_params; }
    // The config columns (index, parameters, num_warps, num_stages): they come first.
    int configColumnCount() const { return 3 + int(m_params.size()); }
    // Whether a config column takes more than one value over the candidates.
    bool columnVaries(int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class Kind { Index, Status, Param, NumWarps, NumStages, P50, P20, P80, Reason };
    Kind kindOf(int column, int* param = nullptr) const;
    QString displayText(const cache::CandidateRecord& c, std::size_t row, int column) const;
    QVariant sortValue(const cache::CandidateRecord& c, std::size_t row, int column) const;

    std::shared_ptr<const cache::TuningRecord> m_record;
    std::vector<std::string> m_params;
    // Per candidate, per parameter: index into the candidate's params, or -1.
    std::vector<std::vector<int>> m_paramSlots;
    std::vector<bool> m_varies;  // per config column
};

} // namespace ts::gui
