#pragma once
// The candidate space as a table: one row per candidate, straight over the space's columnar
// arrays (no per-row objects). Formatted text under DisplayRole, raw numbers under SortRole.
// Tuning columns (outcome, p50/p20/p80, against the best) appear only once measured timings are
// attached (setTimings); a running tuning fills them in place and announces the rows it touched
// (updateTimings), so a batch never resets the model.

#include "core/space/candidate_space.h"
#include "core/tuning/tuning_session.h"

#include <QAbstractTableModel>
#include <QColor>

#include <limits>
#include <memory>
#include <optional>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ts::gui {

// A tuning's times (microseconds) and outcomes, stored per tuned candidate: a tuning runs a few
// thousand candidates of a space that may hold millions of rows (a cube kernel's pruned tilings),
// so nothing is laid out per row. Read by the space's index: NaN and NotTuned for a candidate the
// tuning did not reach. Filled by the tuning stage; the model never invents them.
class CandidateTimings {
public:
    struct Figures {
        double p50Us = std::numeric_limits<double>::quiet_NaN();
        double p20Us = std::numeric_limits<double>::quiet_NaN();
        double p80Us = std::numeric_limits<double>::quiet_NaN();
        tuning::OutcomeStatus outcome = tuning::OutcomeStatus::NotTuned;
    };

    // `candidates`: the space's size. Without `outcomes` only times are given: a candidate with
    // a p50 counts as benchmarked.
    explicit CandidateTimings(std::size_t candidates = 0, bool outcomes = true)
        : m_size(candidates), m_outcomes(outcomes) {}

    std::size_t size() const { return m_size; }
    bool hasOutcomes() const { return m_outcomes; }
    // The candidates with figures (tuned), and a candidate's (null: none).
    std::size_t tunedCount() const { return m_figures.size(); }
    const Figures* find(std::size_t candidate) const
    {
        const auto it = m_figures.find(candidate);
        return it == m_figures.end() ? nullptr : &it->second;
    }
    double p50Us(std::size_t candidate) const { return figures(candidate).p50Us; }
    double p20Us(std::size_t candidate) const { return figures(candidate).p20Us; }
    double p80Us(std::size_t candidate) const { return figures(candidate).p80Us; }
    tuning::OutcomeStatus outcome(std::size_t candidate) const { return figures(candidate).outcome; }
    void setTimes(std::size_t candidate, double p50Us, double p20Us, double p80Us)
    {
        Figures& f = m_figures[candidate];
        f.p50Us = p50Us, f.p20Us = p20Us, f.p80Us = p80Us;
    }
    void setOutcome(std::size_t candidate, tuning::OutcomeStatus outcome) { m_figures[candidate].outcome = outcome; }
    // Calls f(candidate, figures) for every candidate with figures, in no particular order.
    template <typename F>
    void forEach(F&& f) const
    {
        for (const auto& [candidate, figures] : m_figures)
            f(candidate, figures);
    }

    // The candidate the others are compared with; the fastest p50 when not given.
    std::optional<std::size_t> best;
    // Why a candidate failed to compile, for the tooltip (empty when it did not).
    std::function<QString(std::size_t)> failureOf;

private:
    const Figures& figures(std::size_t candidate) const
    {
        static const Figures kNone;
        const Figures* f = find(candidate);
        return f ? *f : kNone;
    }

    std::size_t m_size = 0;
    bool m_outcomes = true;
    std::unordered_map<std::size_t, Figures> m_figures;
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
    enum class Column { Index, Param, NumWarps, NumStages, Status, Reason, Tile, UbBytes, UbShare, Programs, Waves,
                        LastWave, Outcome, P50, P20, P80, SpeedUp, Measured };

    explicit CandidateTableModel(QObject* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space);
    const std::shared_ptr<const space::CandidateSpace>& space() const { return m_space; }
    // Attaches (or with null, removes) measured timings; sizes must match the space.
    void setTimings(std::shared_ptr<const CandidateTimings> timings);
    bool hasTimings() const { return m_timings != nullptr; }
    const std::shared_ptr<const CandidateTimings>& timings() const { return m_timings; }
    // The attached timings changed in place for candidates [first, last]; with bestChanged the
    // rows of the old and new best change, and so does the column against the best everywhere.
    // That column is announced for every row only with `wholeColumn` (a tuning batch skips it:
    // its order is the order by p50, so no proxy needs it, and views repaint what they show).
    void updateTimings(std::size_t first, std::size_t last, bool bestChanged,
                       std::optional<std::size_t> previousBest = std::nullopt, bool wholeColumn = true);
    // Attaches (or with null, removes) the times measured on real hardware, in milliseconds, one
    // per candidate, NaN where the config was not measured (pipeline::measuredForSpace): the
    // "measured" column, last.
    void setMeasured(std::shared_ptr<const std::vector<double>> measuredMs);
    bool hasMeasured() const { return m_measured != nullptr; }
    double measuredUs(std::size_t candidate) const;  // NaN when not measured
    // Which time ranks the candidates (pipeline::rankCandidates decides): with a candidate, the
    // measured times, and that candidate is the best (its row says best, the column against the
    // best compares measured times); nullopt, the simulated times and the tuning's own best.
    void setMeasuredBest(std::optional<std::size_t> candidate);
    bool rankedByMeasured() const { return m_measuredBest.has_value(); }
    // The tuning outcome of a candidate (NotTuned without timings).
    tuning::OutcomeStatus outcome(std::size_t candidate) const;
    std::optional<std::size_t> bestCandidate() const;
    // Row colours follow the palette (light or dark).
    void setDarkPalette(bool dark);

    Column columnKind(int column) const;
    int paramColumn(int dimension) const { return 1 + dimension; }
    int columnOf(Column kind) const;  // -1 when absent (timings)
    // The columns that make a candidate's config: the index, the parameters, and num_warps /
    // num_stages when they differ between rows (2026-08 lists configs that differ only in
    // num_stages). They come first; views keep them in sight.
    int configColumnCount() const { return kConfigBefore + m_dimensionCount + int(m_options.size()); }
    // Whether a config column takes more than one value over the space (a column that does not
    // tells no rows apart).
    bool columnVaries(int column) const;
    // Compares two candidates on a column without building QVariants.
    bool lessThan(std::size_t a, std::size_t b, int column) const;
    // The sort key of every row of a column as a function any thread may call: it owns what it
    // reads (the space, or a copy of the tuning's column taken now). NaN: no value (sorts last).
    // Orders as lessThan does, but for where the unmeasured go.
    std::function<double(std::size_t)> sortKey(int column) const;
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
    double speedUp(std::size_t row) const;  // p50 over the best's p50; NaN when unmeasured
    QColor rowTint(std::size_t row) const;   // the best's, a failed compile's or cut's, else the status's
    void refreshBest();

    std::shared_ptr<const space::CandidateSpace> m_space;
    std::shared_ptr<const CandidateTimings> m_timings;
    std::shared_ptr<const std::vector<double>> m_measured;
    double m_bestP50 = 0;  // NaN-free: 0 when nothing is measured
    std::optional<std::size_t> m_best;
    std::optional<std::size_t> m_measuredBest;
    static constexpr int kConfigBefore = 1;  // the index column
    int metricsBase() const { return configColumnCount(); }
    int m_dimensionCount = 0;
    std::vector<Column> m_options;  // NumWarps / NumStages, when they differ between rows
    bool m_dark = false;
};

} // namespace ts::gui
