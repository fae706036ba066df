#pragma once
// The candidate space as a table: one row per candidate, straight over the space's columnar
// arrays (no per-row objects). Formatted text under DisplayRole, raw numbers under SortRole.
// Timing columns appear only once measured timings are attached (setTimings).

#include "core/space/candidate_space.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace ts::gui {

// Measured timings per candidate, in microseconds; NaN where a candidate was not measured.
// Filled by the tuning stage; the model never invents them.
struct CandidateTimings {
    std::vector<double> p50Us;
    std::vector<double> p20Us;
    std::vector<double> p80Us;
};

class CandidateTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1,  // qint64 or double
        CandidateRole,                // the candidate's index in the space (qulonglong)
        StatusRole,                   // int(CandidateStatus)
        ReasonRole,                   // int(ReasonCode)
    };
    enum class Column { Index, Param, Status, Reason, Tile, UbBytes, UbShare, Programs, Waves, LastWave,
                        P50, P20, P80 };

    explicit CandidateTableModel(QObject* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space);
    const std::shared_ptr<const space::CandidateSpace>& space() const { return m_space; }
    // Attaches (or with null, removes) measured timings; sizes must match the space.
    void setTimings(std::shared_ptr<const CandidateTimings> timings);
    bool hasTimings() const { return m_timings != nullptr; }
    // Row colours follow the palette (light or dark).
    void setDarkPalette(bool dark);

    Column columnKind(int column) const;
    int paramColumn(int dimension) const { return 1 + dimension; }
    int columnOf(Column kind) const;  // -1 when absent (timings)
    // Compares two candidates on a column without building QVariants (used by the proxy).
    bool lessThan(std::size_t a, std::size_t b, int column) const;
    // "XBLOCK=1024, XBLOCK_SUB=512, multibuffer=False"
    QString describeParams(std::size_t candidate) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant sortValue(std::size_t row, int column) const;
    QString displayText(std::size_t row, int column) const;
    double timing(std::size_t row, Column kind) const;

    std::shared_ptr<const space::CandidateSpace> m_space;
    std::shared_ptr<const CandidateTimings> m_timings;
    int m_dimensionCount = 0;
    bool m_dark = false;
};

} // namespace ts::gui
