#include "widgets/space_page.h"
#include "widgets/core_text.h"

#include "core/pipeline/workflow.h"
#include "core/util/format.h"
#include "core/util/message.h"
#include "widgets/background_job.h"
#include "widgets/candidate_filter_proxy.h"
#include "widgets/candidate_table_model.h"
#include "widgets/frozen_table_view.h"
#include "widgets/pipe_names.h"
#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QResizeEvent>
#include <QScopeGuard>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <limits>
#include <map>

namespace ts::gui {

namespace {
// Spaces bigger than this are filtered and sorted off the GUI thread (a few ms below it).
constexpr std::size_t kSortOnWorkerAbove = 50000;

// "MTE2 1.2, Vector 3.4, ..., launch 5.6 µs": each pipe by its name, the unit once at the end.
QString pipeList(const npu::PipeTimes& p, bool launch)
{
    QStringList items;
    for (const Pipe pipe : kPipes) {
        if (pipe == Pipe::Launch && !launch)
            continue;
        const QString time = QString::fromStdString(formatUs(pipeTime(p, pipe)));
        items << SpacePage::tr("%1 %2", "a pipe's name, then its time").arg(pipeName(pipe), time);
    }
    return items.join(SpacePage::tr(", ", "between the pipes of a list")) + timeUsUnit();
}

// Where a benchmarked candidate's device time goes: the critical path that makes it, how long
// each pipe works, and the roofline (the per-pipe chart draws the same).
QString pipeTimesText(const TunedCandidate& t)
{
    QString text = SpacePage::tr("device time %1, on the critical path: %2")
                       .arg(timeUsText(t.deviceUs), pipeList(t.breakdown, true));
    if (t.busy.pipes() > 0) {
        text += SpacePage::tr("<br>busy: %1").arg(pipeList(t.busy, false));
        if (const double overlap = npu::overlappedUs(t.busy, t.breakdown); overlap > 0)
            text += SpacePage::tr(", at least %1 of it overlapped").arg(timeUsText(overlap));
    }
    return text + SpacePage::tr("<br>roofline %1 (bound by %2)").arg(timeUsText(t.rooflineUs), limiterText(t.limiter));
}

// The two UB figures of a candidate side by side, each named, and why they differ.
QString footprintText(const space::CandidateMetrics& m, const TunedCandidate& t, const space::TileProblem& problem)
{
    const QString peak = SpacePage::tr("peak of live buffers in the simulated compile: %1 of %2")
                             .arg(bytesText(t.ubPeakBytes), bytesText(t.ubCapacityBytes));
    if (m.cube)
        return SpacePage::tr("<p><b>UB</b>: %1. A tl.dot kernel keeps its tiles in L1 and L0 (the figures above, what "
                             "the backend prunes by); the UB holds only what its vector code uses.</p>")
            .arg(peak);
    return SpacePage::tr("<p><b>UB</b>: the backend's estimate %1 (tile × %2 B × %3 buffers, what it prunes by); %4. "
                         "The estimate counts one tile per buffer at the widest dtype; the compile counts every buffer "
                         "the kernel's code holds at once (float32 copies, intermediates, multibuffer's second half), so "
                         "the two differ. A compile over the UB fails, whatever the estimate.</p>")
        .arg(bytesText(m.ubBytes))
        .arg(problem.dtypeBytes)
        .arg(problem.numBuffers)
        .arg(peak);
}

// The simulator's warnings about the kernel: constructs it does not model, so that every
// simulated time of the tuning is an approximation.
QString fidelityText(const Diagnostics& diagnostics)
{
    QStringList items;
    for (const Diagnostic& d : diagnostics)
        if (d.severity != Severity::Note && d.code.rfind("npu-", 0) == 0)
            items << (d.line > 0
                          ? SpacePage::tr("line %1: %2").arg(d.line).arg(coreText(d.text, d.message).toHtmlEscaped())
                          : coreText(d.text, d.message).toHtmlEscaped());
    QString text;
    if (!items.isEmpty())
        text = SpacePage::tr("<p><b>⚠ The simulated times are approximations</b>: the simulator does not model "
                             "everything this kernel does (the same for every candidate; the kernel tab lists them):"
                             "<br>%1</p>")
                   .arg(items.join(QStringLiteral("<br>")));
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Note)
            text += SpacePage::tr("<p>Note: %1</p>").arg(coreText(d.text, d.message).toHtmlEscaped());
    return text;
}

} // namespace

SpacePage::SpacePage(QWidget* parent) : QWidget(parent)
{
    m_model = new CandidateTableModel(this);
    m_proxy = new CandidateFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    // A lattice of a million candidates is filtered and sorted on a worker.
    m_proxy->setAsyncThreshold(kSortOnWorkerAbove);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("candidateFilter"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("Filter"));
    m_filter->setToolTip(tr("Terms separated by spaces, all must hold:\n"
                            "  NAME OP VALUE on a parameter (OP: = != < <= > >=; True/False for booleans)\n"
                            "  tile, ub (KiB), programs, waves OP VALUE\n"
                            "  a word: a status or reason (generated, pruned, ub-capacity, off-walk, …)"));
    m_filterDebounce = new QTimer(this);
    m_filterDebounce->setSingleShot(true);
    m_filterDebounce->setInterval(300);
    m_filterError = new QLabel(this);
    m_filterError->setStyleSheet(QStringLiteral("color: #e53935;"));
    m_filterError->hide();

    m_status = new QComboBox(this);
    m_status->setObjectName(QStringLiteral("statusFilter"));
    m_status->addItem(tr("All statuses"), -1);
    using space::CandidateStatus;
    for (CandidateStatus st : {CandidateStatus::Generated, CandidateStatus::User, CandidateStatus::Incorrect,
                               CandidateStatus::Skipped, CandidateStatus::Pruned})
        m_status->addItem(statusLabel(st), int(st));
    m_reason = new QComboBox(this);
    m_reason->setObjectName(QStringLiteral("reasonFilter"));
    m_lattice = new QCheckBox(tr("Lattice"), this);
    m_lattice->setObjectName(QStringLiteral("latticeBox"));
    m_latticeTip = tr("Beyond the backend: every value a user could write for each tunable parameter "
                      "(up to 2 million points), each with the reason the backend does not generate it");
    m_lattice->setToolTip(m_latticeTip);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("candidateCount"));
    // "2,202,558 of 2,202,558 (sorting…)" takes a second line rather than being cut on a narrow page.
    m_count->setWordWrap(true);
    m_rankBy = new QComboBox(this);
    m_rankBy->setObjectName(QStringLiteral("rankByBox"));
    m_rankBy->addItem(tr("Rank: simulated"), int(pipeline::RankBy::Simulated));
    m_rankBy->addItem(tr("Rank: measured"), int(pipeline::RankBy::Measured));
    m_rankBy->addItem(tr("Rank: measured if complete"), int(pipeline::RankBy::Auto));
    // The bar must not widen the window: the box is as wide as its shortest choice needs.
    m_rankBy->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_rankBy->setMinimumContentsLength(14);
    m_rankBy->setToolTip(tr("Which time picks the best candidate and orders the table: the simulated p50, the p50 "
                            "measured on real hardware (tilescope measure import), or the measured one when every "
                            "candidate the tuning ran has a measurement"));
    m_ranking = new QLabel(this);
    m_ranking->setObjectName(QStringLiteral("rankingLabel"));
    m_ranking->setWordWrap(true);

    m_view = new FrozenTableView(this);
    m_view->setObjectName(QStringLiteral("candidateTable"));
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several rows may be selected (Ctrl / Shift): "Tune the lattice" can tune just those.
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->setWordWrap(false);
    m_view->viewport()->installEventFilter(this);
    // The user scrolls sideways: a column kept in sight (revealColumn) is theirs to leave.
    connect(m_view->horizontalScrollBar(), &QAbstractSlider::actionTriggered, this, [this] { m_revealPending = -1; });
    // A config column the user drags keeps its width when the window's width changes.
    connect(m_view->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column) {
        if (!m_sizing && m_configWidths.contains(column))
            m_sizedByUser.insert(column);
    });
    m_view->setTextElideMode(Qt::ElideRight);

    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setMargin(6);
    m_problem->setStyleSheet(QStringLiteral("background: rgba(251, 140, 0, 50); border-radius: 4px;"));
    m_problem->hide();
    m_origin = cachedOriginLabel(this);

    m_tuneLattice = new QToolButton(this);
    m_tuneLattice->setObjectName(QStringLiteral("tuneLatticeButton"));
    m_tuneLattice->setText(tr("Tune the lattice"));
    m_tuneLattice->setToolTip(tr("Tune lattice points as the backend would tune a handwritten list, in the "
                                 "background (Esc stops): all valid ones, the ones the filters show, or the "
                                 "selected rows"));
    m_tuneLattice->setPopupMode(QToolButton::MenuButtonPopup);
    auto* latticeMenu = new QMenu(m_tuneLattice);
    QAction* allValid = latticeMenu->addAction(tr("All valid lattice candidates"));
    allValid->setObjectName(QStringLiteral("tuneLatticeAll"));
    QAction* filtered = latticeMenu->addAction(tr("The filtered candidates"));
    filtered->setObjectName(QStringLiteral("tuneLatticeFiltered"));
    QAction* selected = latticeMenu->addAction(tr("The selected candidates"));
    selected->setObjectName(QStringLiteral("tuneLatticeSelected"));
    m_tuneLattice->setMenu(latticeMenu);
    connect(latticeMenu, &QMenu::aboutToShow, this, [this, filtered, selected] {
        filtered->setEnabled(m_proxy->rowCount() > 0);
        selected->setEnabled(selectedSubset().has_value());
    });
    connect(m_tuneLattice, &QToolButton::clicked, this, [this] { Q_EMIT tuneLatticeRequested(allValidSubset()); });
    connect(allValid, &QAction::triggered, this, [this] { Q_EMIT tuneLatticeRequested(allValidSubset()); });
    connect(filtered, &QAction::triggered, this, [this] {
        if (auto subset = filteredSubset())
            Q_EMIT tuneLatticeRequested(*subset);
    });
    connect(selected, &QAction::triggered, this, [this] {
        if (auto subset = selectedSubset())
            Q_EMIT tuneLatticeRequested(*subset);
    });

    m_backendBanner = new QWidget(this);
    m_backendBanner->setObjectName(QStringLiteral("backendProblemBanner"));
    m_backendBanner->setStyleSheet(QStringLiteral("#backendProblemBanner { background: rgba(251, 140, 0, 50); border-radius: 4px; }"));
    m_backendProblem = new QLabel(m_backendBanner);
    m_backendProblem->setObjectName(QStringLiteral("backendProblem"));
    m_backendProblem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_backendProblem->setWordWrap(true);  // a long exception text must not widen the window
    m_tuneLatticeNext = new QPushButton(tr("Tune the lattice"), m_backendBanner);
    m_tuneLatticeNext->setObjectName(QStringLiteral("tuneLatticeNext"));
    m_tuneLatticeNext->setToolTip(tr("Tune every valid lattice point: your own list, whatever the backend does"));
    connect(m_tuneLatticeNext, &QPushButton::clicked, this, [this] { Q_EMIT tuneLatticeRequested(allValidSubset()); });
    auto* bannerLayout = new QHBoxLayout(m_backendBanner);
    bannerLayout->setContentsMargins(6, 3, 6, 3);
    bannerLayout->addWidget(m_backendProblem, 1);
    bannerLayout->addWidget(m_tuneLatticeNext);
    m_backendBanner->hide();

    m_details = new QTextBrowser(this);
    m_details->setObjectName(QStringLiteral("candidateDetails"));
    m_details->setOpenLinks(false);
    auto* copyConfig = new QPushButton(tr("Copy as triton.Config"), this);
    copyConfig->setObjectName(QStringLiteral("copyConfig"));
    connect(copyConfig, &QPushButton::clicked, this, [this] {
        const auto& s = m_model->space();
        if (!s || !m_selected)
            return;
        space::TritonConfig c{s->params(*m_selected), s->numWarps(*m_selected), s->numStages(*m_selected)};
        QApplication::clipboard()->setText(QString::fromStdString(c.toPython()));
    });

    // The filter on a line of its own: beside the other controls it was cut to a few letters on
    // a 1280 or 1440 pixel wide window.
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_status);
    bar->addWidget(m_reason);
    bar->addWidget(m_lattice);
    bar->addWidget(m_count);
    bar->addWidget(m_tuneLattice);
    bar->addStretch(1);
    // Which time ranks the table: a line of its own, shown once there is a measured time to rank
    // by, so the bar above never widens the window.
    m_rankRow = new QWidget(this);
    auto* rankLayout = new QHBoxLayout(m_rankRow);
    rankLayout->setContentsMargins(0, 0, 0, 0);
    rankLayout->addWidget(m_ranking, 1);
    rankLayout->addWidget(m_rankBy);
    m_rankRow->hide();

    auto* detailsBox = new QWidget(this);
    auto* detailsLayout = new QVBoxLayout(detailsBox);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_details, 1);
    detailsLayout->addWidget(copyConfig, 0, Qt::AlignRight);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("spaceSplitter"));
    splitter->addWidget(m_view);
    splitter->addWidget(detailsBox);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_filter);
    layout->addLayout(bar);
    layout->addWidget(m_filterError);
    layout->addWidget(m_problem);
    layout->addWidget(m_origin);
    layout->addWidget(m_rankRow);
    layout->addWidget(m_backendBanner);
    layout->addWidget(splitter, 1);

    connect(m_filter, &QLineEdit::textChanged, m_filterDebounce, qOverload<>(&QTimer::start));
    connect(m_filterDebounce, &QTimer::timeout, this, [this] {
        m_proxy->setQuery(m_filter->text());
        m_filterError->setText(m_proxy->queryError());
        m_filterError->setVisible(!m_proxy->queryError().isEmpty());
    });
    connect(m_status, &QComboBox::currentIndexChanged, this, [this] {
        const int v = m_status->currentData().toInt();
        m_proxy->setStatusFilter(v < 0 ? std::nullopt : std::optional(space::CandidateStatus(v)));
    });
    connect(m_reason, &QComboBox::currentIndexChanged, this, [this] {
        const int v = m_reason->currentData().toInt();
        m_proxy->setReasonFilter(v < 0 ? std::nullopt : std::optional(space::ReasonCode(v)));
    });
    connect(m_lattice, &QCheckBox::toggled, this, &SpacePage::latticeToggled);
    connect(m_rankBy, &QComboBox::currentIndexChanged, this, [this] {
        refreshRanking();
        // The table follows the time that ranks: fastest first.
        const int column = m_model->columnOf(m_model->rankedByMeasured() ? CandidateTableModel::Column::Measured
                                                                         : CandidateTableModel::Column::P50);
        if (column >= 0)
            m_view->sortByColumn(column, Qt::AscendingOrder);
    });
    connect(m_proxy, &CandidateFilterProxy::filterChanged, this, &SpacePage::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &SpacePage::updateCount);
    connect(m_proxy->job(), &BackgroundJob::started, this, &SpacePage::updateCount);
    connect(m_proxy, &CandidateFilterProxy::orderApplied, this, [this] {
        updateCount();
        // A new row set drops the view's selection: select the candidate again where it is now.
        if (m_selected && !m_view->selectionModel()->currentIndex().isValid())
            selectCandidate(*m_selected);
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (m_selecting || !current.isValid())
            return;
        const std::size_t candidate = m_proxy->mapToSource(current).row();
        showDetails(candidate);
        Q_EMIT candidateSelected(candidate);
    });
    fillReasons();
    setSpace(nullptr, QString());
}

void SpacePage::fillReasons()
{
    const int current = m_reason->currentData().isValid() ? m_reason->currentData().toInt() : -1;
    m_reason->blockSignals(true);
    m_reason->clear();
    m_reason->addItem(tr("All reasons"), -1);
    const auto& s = m_model->space();
    const auto counts = s ? s->reasonCounts() : std::array<std::size_t, space::kReasonCodeCount>{};
    for (int r = 1; r < space::kReasonCodeCount; ++r) {
        const auto code = space::ReasonCode(r);
        const std::size_t n = counts[std::size_t(r)];
        if (n > 0 || r == current)
            m_reason->addItem(tr("%1 (%2)").arg(reasonLabel(code), countText(n)), r);
    }
    m_reason->setCurrentIndex(std::max(0, m_reason->findData(current)));
    m_reason->blockSignals(false);
    const int v = m_reason->currentData().toInt();
    m_proxy->setReasonFilter(v < 0 ? std::nullopt : std::optional(space::ReasonCode(v)));
}

// The filter's example, in the kernel's own names: its first tunable at its middle value, its
// first flag, the footprint or the program count a kernel of its kind is judged by, and a
// status its space has ("BLOCK_M>=128 programs>48 pruned" for a tl.dot kernel).
QString SpacePage::filterExample(const space::CandidateSpace& s)
{
    QStringList terms;
    const space::SpaceDimension* flag = nullptr;
    bool numbered = false;
    for (std::size_t d = 0; d < s.dimensions().size(); ++d) {
        const space::SpaceDimension& dim = s.dimensions()[d];
        if (!numbered && !dim.boolean && dim.choices.empty() && dim.kind == space::SpaceDimension::Kind::Tunable) {
            // The lattice's middle value, else the middle candidate's (a backend list has no lattice).
            const std::int64_t v = !dim.values.empty() ? dim.values[dim.values.size() / 2]
                                   : s.size() > 0    ? s.value(s.size() / 2, d)
                                                     : space::kUnset;
            if (v != space::kUnset) {
                terms << QStringLiteral("%1>=%2").arg(QString::fromStdString(dim.name)).arg(v);
                numbered = true;
            }
        }
        if (!flag && dim.boolean)
            flag = &dim;
    }
    if (flag)
        terms << QStringLiteral("%1=True").arg(QString::fromStdString(flag->name));
    terms << (s.backend().cube ? QStringLiteral("programs>48") : QStringLiteral("ub<=96"));
    // A status some row has, as the table names it (the query takes the shown names too).
    const QString status =
        statusLabel(s.countOrigin(space::CandidateStatus::Pruned) > 0 ? space::CandidateStatus::Pruned
                                                                : space::CandidateStatus::Generated);
    if (!status.contains(QLatin1Char(' ')))
        terms << status;
    return tr("Filter: %1", "an example query follows").arg(terms.join(QLatin1Char(' ')));
}

void SpacePage::setSpace(std::shared_ptr<const space::CandidateSpace> space, const QString& problem)
{
    const bool sameShape = space && m_model->space() &&
                           space->dimensions().size() == m_model->space()->dimensions().size();
    m_model->setSpace(std::move(space));
    if (m_run && m_run->space() != m_model->space()) {
        m_run.reset();  // a tuning belongs to the space it ran on
        m_model->setTimings(nullptr);
    }
    fillReasons();
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    // One line: why the backend's own tuning has nothing to tune, and the next step.
    const auto& shown = m_model->space();
    const std::optional<msg::Message> nothing = shown ? tuning::backendListProblem(*shown) : std::nullopt;
    if (nothing) {
        const QString reason = coreText(*nothing);
        m_backendProblem->setText(tr("The backend tunes nothing here: %1").arg(reason.simplified()));
        m_backendProblem->setToolTip(reason);
    }
    m_backendBanner->setVisible(nothing.has_value());
    m_tuneLattice->setEnabled(shown != nullptr);
    m_filter->setPlaceholderText(shown ? filterExample(*shown) : tr("Filter"));
    // A tl.dot kernel's space already holds every tiling, kept and pruned: the lattice adds
    // nothing, and the box says so rather than changing nothing when ticked.
    const bool cube = shown && shown->backend().cube;
    m_lattice->setEnabled(!cube);
    m_lattice->setToolTip(cube ? coreText(msg::Message(msg::Id::LatticeIsCubeSpace)) : m_latticeTip);
    if (!sameShape && m_model->columnCount() > 0)
        sizeColumns(0, m_model->columnCount() - 1);
    else if (m_model->columnCount() > m_model->configColumnCount())
        // The figures again (the config columns keep the user's widths): the frozen view's new
        // model had left the tile column at its default width, "32,…".
        sizeColumns(m_model->configColumnCount(), m_model->columnCount() - 1);
    arrangeConfigColumns();
    m_selected.reset();
    m_details->setHtml(m_model->space() ? tr("<i>Select a candidate to see why it has its status.</i>") : QString());
    updateCount();
}

std::optional<tuning::LatticeSubset> SpacePage::filteredSubset() const
{
    tuning::LatticeSubset subset;
    if (m_proxy->rowCount() == 0)
        return std::nullopt;
    if (!m_proxy->statusFilter() && !m_proxy->reasonFilter() && m_proxy->queryUnderstood()) {
        subset.filter = m_proxy->query().simplified().toStdString();  // the same query as --filter
        return subset;
    }
    // The status and reason boxes, or terms the table ignores: exactly the rows shown.
    const int rows = m_proxy->rowCount();
    subset.selection.reserve(std::size_t(rows));
    for (int r = 0; r < rows; ++r)
        subset.selection.push_back(std::size_t(m_proxy->mapToSource(m_proxy->index(r, 0)).row()));
    return subset;
}

std::optional<tuning::LatticeSubset> SpacePage::selectedSubset() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    tuning::LatticeSubset subset;
    for (const QModelIndex& index : rows)
        subset.selection.push_back(std::size_t(m_proxy->mapToSource(index).row()));
    return subset;
}

QTableView* SpacePage::view() const
{
    return m_view;
}

void SpacePage::arrangeConfigColumns()
{
    m_view->freezeConfigColumns(m_model->space() ? m_model->configColumnCount() : 0,
                                [this](int column) { return m_model->columnVaries(column); });
}

void SpacePage::sizeColumns(int first, int last)
{
    const QFontMetrics fm = fontMetrics();
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetrics boldFm(boldFont);
    // A config column is as wide as its values or its name, whichever is wider; where the frozen
    // block would leave the figures beside it no room, a name goes on two lines (fitConfigColumns).
    // What the header's style keeps beside a label, a sort mark included.
    QFont bold = m_view->horizontalHeader()->font();
    bold.setBold(true);
    const QFontMetrics headerFm(bold);
    QStyleOptionHeader option;
    option.initFrom(m_view->horizontalHeader());
    option.rect = QRect(0, 0, 1000, 30);
    option.sortIndicator = QStyleOptionHeader::SortDown;
    const int labelRoom =
        1000 - m_view->horizontalHeader()
                   ->style()
                   ->subElementRect(QStyle::SE_HeaderLabel, &option, m_view->horizontalHeader())
                   .width();
    const QScopedValueRollback sizing(m_sizing, true);
    if (first == 0) {  // a table of another shape: its config columns are sized afresh
        m_configWidths.clear();
        m_sizedByUser.clear();
    }
    auto configWidth = [&](int column, const QString& header, const QStringList& values) {
        int least = 0;
        for (const QString& value : values)
            least = std::max(least, fm.horizontalAdvance(value) + 16);
        // A column narrowed to its values keeps what a cell's margins and focus frame take, and
        // its name whole on two lines at most (broken after an underscore, never cut).
        ConfigWidth& width = m_configWidths[column];
        width.least = std::max(least + 8, FrozenTableView::twoLineLabelWidth(header, headerFm) + labelRoom);
        width.whole = std::max(least, headerFm.horizontalAdvance(header) + labelRoom);
        return width.whole;
    };
    for (int c = first; c <= last; ++c) {
        const QString header = m_model->headerData(c, Qt::Horizontal).toString();
        int width = fm.horizontalAdvance(header) + 28;
        switch (m_model->columnKind(c)) {
        case CandidateTableModel::Column::Index:
            width = std::max(width, fm.horizontalAdvance(QString::number(m_model->rowCount())) + 16);
            break;
        case CandidateTableModel::Column::Reason:
            width = std::max(width, fm.horizontalAdvance(tr("below minimum tile")) + 16);
            break;
        case CandidateTableModel::Column::Status:
            for (space::CandidateStatus st : {space::CandidateStatus::Generated, space::CandidateStatus::User,
                                              space::CandidateStatus::Incorrect, space::CandidateStatus::Skipped,
                                              space::CandidateStatus::Pruned})
                width = std::max(width, fm.horizontalAdvance(statusLabel(st)) + 16);
            // Once tuned, a failed compile or a cut names its row ("cut by the time budget").
            for (tuning::OutcomeStatus o : {tuning::OutcomeStatus::CompileFailed, tuning::OutcomeStatus::TimeBudgetCut})
                width = std::max(width, fm.horizontalAdvance(outcomeLabel(o)) + 16);
            break;
        case CandidateTableModel::Column::Param: {
            const space::SpaceDimension& dim =
                m_model->space()
                    ->dimensions()[std::size_t(c - m_model->columnOf(CandidateTableModel::Column::Param))];
            QStringList values{QStringLiteral("–")};
            if (dim.kind == space::SpaceDimension::Kind::Multibuffer)  // "–" is the device default
                values << QStringLiteral("False") << QStringLiteral("True");
            if (dim.boolean || !dim.choices.empty()) {
                for (const std::int64_t v : dim.values)
                    values << QString::fromStdString(dim.text(v));
            } else if (!dim.values.empty()) { // the longest number is the least or the greatest
                const auto [least, greatest] = std::minmax_element(dim.values.begin(), dim.values.end());
                values << QString::number(*least) << QString::number(*greatest);
            }
            width = configWidth(c, header, values);
            break;
        }
        case CandidateTableModel::Column::NumWarps:
        case CandidateTableModel::Column::NumStages:
            width = configWidth(c, header, {QStringLiteral("64")});
            break;
        case CandidateTableModel::Column::Outcome:
            width = std::max(width, fm.horizontalAdvance(outcomeLabel(tuning::OutcomeStatus::CompileFailed)) + 16);
            break;
        // Figures as wide as their longest plausible value, in the bold of the best's row (its
        // p80 was elided to "47.…" beside a header narrower than the figure).
        case CandidateTableModel::Column::P50:
        case CandidateTableModel::Column::P20:
        case CandidateTableModel::Column::P80:
        case CandidateTableModel::Column::Measured:
            width = std::max(width, boldFm.horizontalAdvance(QStringLiteral("12,345.67")) + 16);
            break;
        case CandidateTableModel::Column::SpeedUp:
            width = std::max({width, boldFm.horizontalAdvance(QStringLiteral("12.345×")) + 16,
                              boldFm.horizontalAdvance(statusLabel(space::CandidateStatus::Incorrect)) + 16});
            break;
        case CandidateTableModel::Column::Tile:
            width = std::max(width, boldFm.horizontalAdvance(QStringLiteral("16,777,216")) + 16);
            break;
        case CandidateTableModel::Column::Programs:
        case CandidateTableModel::Column::Waves:
            width = std::max(width, boldFm.horizontalAdvance(QStringLiteral("65,536")) + 16);
            break;
        case CandidateTableModel::Column::UbBytes:
            width = std::max(width, boldFm.horizontalAdvance(QStringLiteral("1,023.9 KiB")) + 16);
            break;
        case CandidateTableModel::Column::UbShare:
            width = std::max(width, boldFm.horizontalAdvance(QStringLiteral("768 KiB > 192 KiB")) + 16);
            break;
        default: break;
        }
        m_view->setColumnWidth(c, width);
    }
    if (first == 0)
        fitConfigColumns();
}

void SpacePage::refitConfigColumns()
{
    const QScopedValueRollback sizing(m_sizing, true);
    for (const auto& [column, width] : m_configWidths)
        if (!m_sizedByUser.contains(column))
            m_view->setColumnWidth(column, width.whole);
    fitConfigColumns();
}

bool SpacePage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize) {
        const auto* resized = static_cast<const QResizeEvent*>(event);
        if (resized->size().width() != resized->oldSize().width() && !m_configWidths.empty())
            refitConfigColumns();
    }
    // After the view has taken its new size: its scroll range is the old one until then.
    if (watched == m_view->viewport() && (event->type() == QEvent::Resize || event->type() == QEvent::Show) &&
        m_revealPending >= 0)
        QMetaObject::invokeMethod(
            this, [this] { revealColumn(m_revealPending); }, Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

void SpacePage::fitConfigColumns()
{
    const QScopedValueRollback sizing(m_sizing, true);
    // The frozen config block leaves two timing columns in sight: where the whole names do not,
    // the column whose name is widest beside its values gives up room first, down to its name on
    // two lines (broken after an underscore: "BLOCK_" over "M").
    const int timing = fontMetrics().horizontalAdvance(CandidateTableModel::tr("p50 (µs)")) + 28;
    int excess = -(m_view->viewport()->width() - 2 * timing);
    for (const auto& [column, width] : m_configWidths)
        excess += m_view->isColumnHidden(column) ? 0 : m_view->columnWidth(column);
    excess += m_view->columnWidth(0);  // the index
    while (excess > 0) {
        int widest = -1, slack = 0;
        for (const auto& [column, width] : m_configWidths)
            if (!m_view->isColumnHidden(column) && !m_sizedByUser.contains(column) &&
                m_view->columnWidth(column) - width.least > slack) {
                widest = column;
                slack = m_view->columnWidth(column) - width.least;
            }
        if (widest < 0)
            return;
        const int step = std::min({slack, excess, 8});
        m_view->setColumnWidth(widest, m_view->columnWidth(widest) - step);
        excess -= step;
    }
}

void SpacePage::setMeasuredDevice(const QString& device)
{
    m_measuredDevice = device;
    refreshRanking();
}

void SpacePage::revealColumn(int column)
{
    m_revealPending = column < 0 || column >= m_proxy->columnCount() ? -1 : column;
    // Another tab shown, or no rows yet: done when the table is shown or resized.
    if (m_revealPending < 0 || !m_view->isVisible() || m_proxy->rowCount() == 0)
        return;
    m_view->scrollTo(m_proxy->index(std::max(0, m_view->rowAt(0)), column));
}

void SpacePage::refreshRanking()
{
    // Whichever way it returns, the views that name the best hear when it is another one.
    const auto before = std::pair(m_model->rankedByMeasured(), m_model->bestCandidate());
    const auto announce = qScopeGuard([this, before] {
        const bool byMeasured = m_model->rankedByMeasured();
        // The measured times rank the table now: their column, the last, comes into sight.
        if (byMeasured && !before.first)
            revealColumn(m_model->columnOf(CandidateTableModel::Column::Measured));
        else if (!byMeasured)
            m_revealPending = -1;
        if (std::pair(byMeasured, m_model->bestCandidate()) != before)
            Q_EMIT rankingChanged();
    });
    const std::shared_ptr<const CandidateTimings> timings = m_model->timings();
    const auto rankBy = pipeline::RankBy(m_rankBy->currentData().toInt());
    if (!timings || !m_model->space() || rankBy == pipeline::RankBy::Simulated) {
        // The tuning's own order: nothing to decide (and nothing to walk in a lattice of millions).
        m_model->setMeasuredBest(std::nullopt);
        m_ranking->setText(tr("Ranked by the simulated p50; the times measured on real hardware can rank it instead."));
        m_rankRow->setVisible(timings && m_model->hasMeasured());
        return;
    }
    // Only the candidates the tuning ran can rank: the inputs hold those, in the space's order
    // (ties go to the lower index), not one entry per row of a space of millions.
    std::vector<std::size_t> tuned;
    tuned.reserve(timings->tunedCount());
    timings->forEach([&](std::size_t i, const CandidateTimings::Figures&) { tuned.push_back(i); });
    std::sort(tuned.begin(), tuned.end());
    pipeline::RankInputs inputs;
    inputs.simulated.resize(tuned.size());
    inputs.ran.resize(tuned.size());
    inputs.measuredMs.resize(tuned.size(), std::numeric_limits<double>::quiet_NaN());
    const double none = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < tuned.size(); ++k) {
        const std::size_t i = tuned[k];
        const CandidateTimings::Figures& f = *timings->find(i);
        auto orNone = [&](double us) { return std::isnan(us) ? none : us; };
        inputs.simulated[k] = {orNone(f.p50Us), orNone(f.p20Us), orNone(f.p80Us)};
        const tuning::OutcomeStatus o = timings->hasOutcomes() ? f.outcome
                                        : std::isnan(f.p50Us)  ? tuning::OutcomeStatus::NotTuned
                                                               : tuning::OutcomeStatus::Benchmarked;
        inputs.ran[k] = o == tuning::OutcomeStatus::Benchmarked || o == tuning::OutcomeStatus::Best ||
                        o == tuning::OutcomeStatus::CompileFailed;
        inputs.measuredMs[k] = m_model->measuredUs(i) / 1000.0;
        if (timings->best == i)
            inputs.simulatedBest = k;
    }
    const pipeline::TuningRanking ranking = pipeline::rankCandidates(inputs, rankBy, /*withOrder=*/false);
    m_model->setMeasuredBest(ranking.byMeasured && ranking.best ? std::optional(tuned[*ranking.best]) : std::nullopt);
    const QString device = m_measuredDevice.isEmpty() ? tr("real hardware") : m_measuredDevice;
    const QString measured = tr("%1 of %Ln candidate(s) the tuning ran measured", nullptr, int(ranking.ran))
                                 .arg(countText(ranking.measured));
    QString text;
    if (ranking.byMeasured)
        text = tr("Ranked by the p50 measured on %1 (%2).").arg(device, measured);
    else if (ranking.measured == 0)
        text = tr("Ranked by the simulated p50: no candidate the tuning ran has a measured time (tilescope measure import).");
    else
        text = tr("Ranked by the simulated p50: %1 on %2, not all.").arg(measured, device);
    m_ranking->setText(text);
    m_rankRow->show();
    if (m_selected)
        showDetails(*m_selected);  // its outcome follows the ranking
}

void SpacePage::setRun(std::shared_ptr<const TuningRun> run)
{
    m_run = run && run->space() == m_model->space() ? std::move(run) : nullptr;
    const bool hadTimings = m_model->hasTimings();
    m_model->setTimings(m_run ? m_run->timings() : nullptr);
    refreshRanking();
    showCachedOrigin(m_origin, m_run.get());
    if (!hadTimings && m_model->hasTimings())
        sizeColumns(m_model->configColumnCount(), m_model->columnCount() - 1);
    if (m_selected)
        showDetails(*m_selected);
}

void SpacePage::runUpdated(const TuningRun::Update& update)
{
    if (!m_run)
        return;
    if (update.finished) {
        // The final figures come in a new array (the proxy sorts again when sorted by them).
        m_model->setTimings(m_run->timings());
        refreshRanking();
    } else if (update.count > 0 || update.bestChanged) {
        m_model->updateTimings(update.minCandidate, update.maxCandidate, update.bestChanged, update.previousBest,
                               /*wholeColumn=*/false);
        if (update.bestChanged)
            m_view->viewport()->update();  // the speed-ups shown
    }
    if (m_selected && (update.finished || update.bestChanged ||
                       (*m_selected >= update.minCandidate && *m_selected <= update.maxCandidate)))
        showDetails(*m_selected);
}

void SpacePage::setLattice(bool lattice)
{
    const QSignalBlocker block(m_lattice);
    m_lattice->setChecked(lattice);
}

void SpacePage::setDark(bool dark)
{
    m_model->setDarkPalette(dark);
    if (m_selected)
        showDetails(*m_selected);
}

void SpacePage::updateCount()
{
    const auto& s = m_model->space();
    if (!s) {
        m_count->setText(QString());
        return;
    }
    const QString shown = tr("%1 of %2").arg(countText(m_proxy->rowCount()), countText(s->size()));
    m_count->setText(m_proxy->isSettled() ? shown : tr("%1 (sorting…)").arg(shown));
}

void SpacePage::selectCandidate(std::size_t candidate)
{
    const auto& s = m_model->space();
    if (!s || candidate >= s->size())
        return;
    showDetails(candidate);
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(int(candidate), 0));
    const QSignalBlocker block(this);
    m_selecting = true;
    if (proxyIndex.isValid()) {
        m_view->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_view->scrollTo(proxyIndex, QAbstractItemView::PositionAtCenter);
    } else {
        m_view->selectionModel()->clearSelection();
    }
    m_selecting = false;
}

void SpacePage::addToSelection(std::size_t candidate)
{
    const auto& s = m_model->space();
    if (!s || candidate >= s->size())
        return;
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(int(candidate), 0));
    if (!proxyIndex.isValid())
        return;
    showDetails(candidate);
    const QSignalBlocker block(this);
    m_selecting = true;
    m_view->selectionModel()->select(proxyIndex, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    m_view->selectionModel()->setCurrentIndex(proxyIndex, QItemSelectionModel::NoUpdate);
    m_selecting = false;
}

void SpacePage::showDetails(std::size_t candidate)
{
    m_selected = candidate;
    const auto& s = m_model->space();
    if (!s || candidate >= s->size())
        return;
    const bool dark = isDarkPalette(QApplication::palette()); // set before this widget's own follows
    const space::CandidateStatus status = s->status(candidate);
    const tuning::OutcomeStatus outcome = m_model->outcome(candidate);
    const space::CandidateMetrics m = s->metrics(candidate);
    const QString why = coreText(s->reasonMessage(candidate));
    space::TritonConfig config{s->params(candidate), s->numWarps(candidate), s->numStages(candidate)};
    // The header names what the row's colour says: a failed compile or a cut as such, a measured
    // candidate's outcome (benchmarked, best) after its status.
    QString header = s->reason(candidate) == space::ReasonCode::None
                         ? QString()
                         : QStringLiteral(" · ") + reasonLabel(s->reason(candidate)).toHtmlEscaped();
    if (outcome == tuning::OutcomeStatus::Benchmarked || outcome == tuning::OutcomeStatus::Best)
        header += QStringLiteral(" · <span style='color:%1'><b>%2</b></span>")
                      .arg(outcomeColor(outcome, dark).name(), outcomeLabel(outcome).toHtmlEscaped());
    QString html = QStringLiteral("<p><b>#%1</b> &nbsp;<span style='color:%2'><b>%3</b></span>%4</p>")
                       .arg(candidate)
                       .arg(candidateStatusColor(status, outcome, dark).name(),
                            candidateStatusLabel(status, outcome).toHtmlEscaped(), header);
    if (!why.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(why.toHtmlEscaped());
    html += QStringLiteral("<p><code>%1</code></p>").arg(QString::fromStdString(config.toPython()).toHtmlEscaped());
    const auto counted = [](std::int64_t n) { return int(std::min<std::int64_t>(n, INT_MAX)); };
    // Counts past an int (a fallback config's tile of 2^36 elements) are written out, plural.
    const QString programs = m.programs > INT_MAX ? tr(" · %1 programs").arg(QLocale().toString(qint64(m.programs)))
                                                  : tr(" · %Ln program(s)", nullptr, int(m.programs));
    const QString tile = m.tileElements > INT_MAX ? tr("Tile %1 elements").arg(QLocale().toString(qint64(m.tileElements)))
                                                  : tr("Tile %Ln element(s)", nullptr, int(m.tileElements));
    const QString programsAndWaves =
        programs +
        (m.cube ? tr(" · %Ln wave(s) over the cube cores", nullptr, counted(m.waves))
                : tr(" · %Ln wave(s)", nullptr, counted(m.waves))) +
        tr(" · last wave %1").arg(QString::fromStdString(formatPercent(m.lastWaveUtilisation)));
    if (m.cube)
        html += QStringLiteral("<p>") +
                tr("Tile %1 × %2, K %3 · %4").arg(m.blockM).arg(m.blockN).arg(m.blockK).arg(cubeMemoryText(m)) +
                programsAndWaves + QStringLiteral("</p>");
    else
        html += QStringLiteral("<p>") + tile +
                tr(" · UB %1, %2").arg(bytesText(m.ubBytes), ubUsageText(m)) + programsAndWaves +
                QStringLiteral("</p>");
    // The launch: the grid every view counts programs from, and whether it covers the data.
    QString launch = m.programs > 0 ? tr("Grid (%1, %2, %3)")
                                          .arg(QLocale().toString(qint64(m.grid[0])), QLocale().toString(qint64(m.grid[1])),
                                               QLocale().toString(qint64(m.grid[2])))
                                    : tr("Grid unknown");
    switch (s->coverage(candidate)) {
    case analysis::Coverage::Correct: launch += tr(" · every element processed"); break;
    case analysis::Coverage::Incorrect: // the reason above says how
        launch += QStringLiteral(" · <span style='color:%1'>").arg(statusColor(space::CandidateStatus::Incorrect, dark).name()) +
                  tr("the launch computes a wrong result") + QStringLiteral("</span>");
        break;
    case analysis::Coverage::Unknown:
        launch += QStringLiteral(" · ") + coreText(s->coverageMessage(candidate)).toHtmlEscaped();
        break;
    }
    html += QStringLiteral("<p>") + launch + QStringLiteral("</p>");
    if (const std::int32_t n = s->neighbour(candidate); n >= 0)
        html += tr("<p>Nearest generated candidate: #%1</p>").arg(n);
    if (const TunedCandidate* t = m_run ? m_run->entryFor(candidate) : nullptr) {
        html += QStringLiteral("<p><span style='color:%1'><b>%2</b></span>")
                    .arg(outcomeColor(outcome, dark).name(), outcomeLabel(outcome).toHtmlEscaped());
        if (t->measured()) {
            html += tr(": p50 %1 (p20 %2, p80 %3)").arg(timeUsText(t->p50Us), timeUsText(t->p20Us), timeUsText(t->p80Us));
            // Against the simulated best; under a measured ranking the table's column compares measured times.
            const TunedCandidate* best = m_model->rankedByMeasured() ? nullptr : m_run->bestEntry();
            if (best && best->candidate != candidate && best->p50Us > 0)
                html += tr(", %1 the best's (#%2)").arg(ratioText(t->p50Us / best->p50Us)).arg(best->candidate);
            html += QStringLiteral("<br>") + pipeTimesText(*t);
        } else if (t->status == tuning::OutcomeStatus::CompileFailed) {
            html +=
                QStringLiteral(": %1 — %2")
                    .arg(compileFailureLabel(t->failure).toHtmlEscaped(), failureReason(*t).toHtmlEscaped());
        } else if (m_run->result() && m_run->result()->timeLimitPrune) {
            html += tr(": compiled, then left out by the backend's time limit before benchmarking");
        }
        html += tr("<br>modelled compile %1").arg(secondsText(t->compileSeconds));
        if (t->measured())
            html += tr(", benchmark %1").arg(secondsText(t->benchSeconds));
        html += QStringLiteral("</p>");
        if (t->ubCapacityBytes > 0)
            html += footprintText(m, *t, s->backend().problem);
        const auto& result = m_run->result();
        if (result && result->confidence && result->best == candidate)
            html += confidenceHtml(*result->confidence);
    }
    // What the simulated times rest on: the simulator's own warnings about this kernel.
    if (const auto& result = m_run ? m_run->result() : nullptr)
        html += fidelityText(result->diagnostics);
    m_details->setHtml(html);
}

} // namespace ts::gui
