#pragma once
// The candidates tab: the table of the candidate space with its filters (status, reason and a
// query, debounced by 300 ms), the lattice switch and a details pane for the selected candidate.
// "Tune the lattice" tunes all valid lattice points, the filtered ones or the selected rows; when
// the backend generates nothing or raises, one line says why and offers it as the next step.

#include "core/space/candidate_space.h"
#include "core/tuning/tuning_session.h"
#include "widgets/tuning_run.h"

#include <QWidget>

#include <map>
#include <memory>
#include <optional>
#include <set>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTextBrowser;
class QTimer;
class QToolButton;
class QPushButton;

namespace ts::gui {

class CandidateFilterProxy;
class CandidateTableModel;
class FrozenTableView;

class SpacePage : public QWidget {
    Q_OBJECT
public:
    explicit SpacePage(QWidget* parent = nullptr);

    void setSpace(std::shared_ptr<const space::CandidateSpace> space, const QString& problem);
    void setLattice(bool lattice);
    void setDark(bool dark);
    // The tuning of the space shown (null: none): its outcomes and timings join the table.
    void setRun(std::shared_ptr<const TuningRun> run);
    void runUpdated(const TuningRun::Update& update);
    // Selects the candidate in the table (when the filters show it) and in the details pane.
    void selectCandidate(std::size_t candidate);
    std::optional<std::size_t> selectedCandidate() const { return m_selected; }
    // Adds the candidate's row to the table's selection (when the filters show it).
    void addToSelection(std::size_t candidate);
    // The measured device whose times the table's Measured column shows ("" when none).
    void setMeasuredDevice(const QString& device);
    // Decides again which time ranks the table (the Rank by box: simulated, measured, or measured
    // when every candidate the tuning ran is measured), after the timings or measured times change.
    void refreshRanking();
    QComboBox* rankByBox() const { return m_rankBy; }
    QLabel* rankingLabel() const { return m_ranking; }  // with the box, on a line shown once measured times exist

    CandidateTableModel* model() const { return m_model; }
    CandidateFilterProxy* proxy() const { return m_proxy; }
    QTableView* view() const;
    QLineEdit* filterEdit() const { return m_filter; }
    QComboBox* statusFilter() const { return m_status; }
    QComboBox* reasonFilter() const { return m_reason; }
    QCheckBox* latticeBox() const { return m_lattice; }
    QTextBrowser* details() const { return m_details; }
    // Where the tuning shown came from, when the config cache: date and versions (hidden else).
    QLabel* originLabel() const { return m_origin; }
    QToolButton* tuneLatticeButton() const { return m_tuneLattice; }
    // The one line shown when the backend generates nothing or raises, and its next step.
    QLabel* backendProblemLabel() const { return m_backendProblem; }
    QPushButton* tuneLatticeNextButton() const { return m_tuneLatticeNext; }

    // The lattice subsets the menu offers, as the table has them now: every valid point; the
    // rows the filters show (the query itself when only a query filters, else those rows;
    // nullopt when none is shown); the selected rows (nullopt when none is selected).
    tuning::LatticeSubset allValidSubset() const { return {}; }
    std::optional<tuning::LatticeSubset> filteredSubset() const;
    std::optional<tuning::LatticeSubset> selectedSubset() const;

Q_SIGNALS:
    void candidateSelected(std::size_t candidate);
    void latticeToggled(bool lattice);
    void tuneLatticeRequested(const ts::tuning::LatticeSubset& subset);
    // The time that ranks the table changed, or the best it ranks first (model()->bestCandidate()).
    void rankingChanged();

protected:
    // The table's width changed: the config columns are fitted to it again.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static QString filterExample(const space::CandidateSpace& space);
    void showDetails(std::size_t candidate);
    void updateCount();
    void fillReasons();
    void sizeColumns(int first, int last);
    // Scrolls the table sideways until `column` (the model's) is in sight beside the frozen
    // config columns; the rows stay where they are. It stays in sight as the table is shown and
    // resized (a scroll bar coming narrows it) until the user scrolls sideways.
    void revealColumn(int column);
    // Narrows the config columns named wider than their values, down to their least widths,
    // until the frozen block leaves two timing columns in sight. A column the user sized keeps
    // its width.
    void fitConfigColumns();
    // Each config column the user has not sized back to its whole name, then fitted: a window
    // made wider gives the names their room back, one made narrower keeps the figures in sight.
    void refitConfigColumns();
    // The config columns kept in sight on the left, those that differ between rows first.
    void arrangeConfigColumns();

    CandidateTableModel* m_model = nullptr;
    CandidateFilterProxy* m_proxy = nullptr;
    FrozenTableView* m_view = nullptr;
    QLineEdit* m_filter = nullptr;
    QTimer* m_filterDebounce = nullptr;
    QLabel* m_filterError = nullptr;
    QComboBox* m_status = nullptr;
    QComboBox* m_reason = nullptr;
    QCheckBox* m_lattice = nullptr;
    QString m_latticeTip;  // the lattice box's tooltip, where it applies
    QLabel* m_count = nullptr;
    QLabel* m_problem = nullptr;
    QLabel* m_origin = nullptr;
    QWidget* m_rankRow = nullptr;
    QComboBox* m_rankBy = nullptr;
    QLabel* m_ranking = nullptr;
    QString m_measuredDevice;
    QTextBrowser* m_details = nullptr;
    QToolButton* m_tuneLattice = nullptr;
    QWidget* m_backendBanner = nullptr;
    QLabel* m_backendProblem = nullptr;
    QPushButton* m_tuneLatticeNext = nullptr;
    std::optional<std::size_t> m_selected;
    std::shared_ptr<const TuningRun> m_run;
    bool m_selecting = false;
    // A config column's width with its name whole on one line, and the least it may shrink to
    // (its values, its name on two lines); by model column.
    struct ConfigWidth {
        int whole = 0;
        int least = 0;
    };
    std::map<int, ConfigWidth> m_configWidths;
    std::set<int> m_sizedByUser;  // config columns whose width the user dragged
    bool m_sizing = false;        // the page itself is sizing columns
    int m_revealPending = -1;     // the column kept in sight (revealColumn), or -1
};

} // namespace ts::gui
