#include "widgets/tuning_run.h"

#include "core/kernel/workload.h"
#include "core/util/format.h"
#include "widgets/core_text.h"
#include "widgets/pipe_names.h"

#include <QCoreApplication>
#include <QLabel>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

// Files one finished candidate under its index in the space.
void record(TuningRun::State& state, std::size_t entry, const TunedCandidate& t)
{
    if (t.candidate >= state.timings->size())
        return;
    state.entryOf[t.candidate] = std::uint32_t(entry);
    CandidateTimings& timings = *state.timings;
    timings.setOutcome(t.candidate, t.status);
    if (t.measured()) {
        ++state.measured;
        timings.setTimes(t.candidate, t.p50Us, t.p20Us, t.p80Us);
    } else if (t.status == tuning::OutcomeStatus::CompileFailed) {
        ++state.failed;
    } else if (t.status == tuning::OutcomeStatus::TimeBudgetCut) {
        ++state.cut;
    }
}

const TunedCandidate& entryIn(const std::vector<TunedChunk>& chunks, const std::vector<std::size_t>& starts, std::size_t e)
{
    const auto it = std::upper_bound(starts.begin(), starts.end(), e);
    const std::size_t c = std::size_t(it - starts.begin()) - 1;
    return (*chunks[c])[e - starts[c]];
}

} // namespace

QString cachedOriginText(const CachedOrigin& origin)
{
    const QString when = QString::fromStdString(origin.createdAt).left(16).replace(QLatin1Char('T'), QLatin1Char(' '));
    const QString version = origin.tilescopeVersion.empty()
                                ? QCoreApplication::translate("ts::gui::TuningRun", "TileScope version unknown")
                                : QCoreApplication::translate("ts::gui::TuningRun", "TileScope %1").arg(QString::fromStdString(origin.tilescopeVersion));
    return QCoreApplication::translate("ts::gui::TuningRun", "Cached tuning of %1 UTC · %2 · backend %3 · simulator %4")
        .arg(when, version, QString::fromStdString(kernel::backendLabel(origin.backend)),
             QString::fromStdString(origin.simulatorVersion));
}

QString confidenceLevelText(tuning::ConfidenceLevel level)
{
    switch (level) {
    case tuning::ConfidenceLevel::Low: return QCoreApplication::translate("ts::gui::TuningRun", "low");
    case tuning::ConfidenceLevel::Medium: return QCoreApplication::translate("ts::gui::TuningRun", "medium");
    case tuning::ConfidenceLevel::High: break;
    }
    return QCoreApplication::translate("ts::gui::TuningRun", "high");
}

namespace {

// The pipe a time is mostly spent in, as the per-pipe chart names it; a key of a later version
// as the core wrote it.
QString limitingPipeText(const std::string& pipe)
{
    if (const std::optional<Pipe> known = pipeFromKey(pipe))
        return pipeName(*known);
    return QString::fromStdString(pipe);
}

} // namespace

QString confidenceHtml(const tuning::TuningConfidence& c)
{
    const auto lines = [](const std::vector<int>& numbers) {
        QStringList list;
        for (int line : numbers)
            list << QString::number(line);
        return list.join(QStringLiteral(", "));
    };
    const auto percent = [](double fraction) { return QString::fromStdString(formatPercent(fraction)); };
    QStringList reasons;
    if (!c.unmodelledLines.empty())
        reasons
            << QCoreApplication::translate(
                   "ts::gui::TuningRun",
                   "the simulator leaves out the cost of %Ln construct(s) it does not model, on line(s) %1",
                   nullptr, int(c.unmodelledLines.size()))
                   .arg(lines(c.unmodelledLines));
    if (!c.approximatedLines.empty())
        reasons << QCoreApplication::translate("ts::gui::TuningRun",
                                               "it approximates %Ln construct(s), on line(s) %1", nullptr,
                                               int(c.approximatedLines.size()))
                       .arg(lines(c.approximatedLines));
    if (!c.guessedFigures.empty()) {
        QStringList names;
        for (const std::string& figure : c.guessedFigures)
            names << QString::fromStdString(figure);
        reasons << QCoreApplication::translate(
                       "ts::gui::TuningRun",
                       "the best's time is mostly %1 (%2), which rests on device figures marked guessed: %3")
                       .arg(limitingPipeText(c.limitingPipe), percent(c.limitingShare),
                            names.join(QStringLiteral(", ")));
    }
    if (c.closeRunnerUp())
        reasons << QCoreApplication::translate("ts::gui::TuningRun",
                                               "the runner-up %1 is within %2 of the best, inside the "
                                               "model's %3 spread: the hardware may rank "
                                               "them the other way")
                       .arg(QString::fromStdString(c.runnerUpConfig), percent(c.runnerUpRatio - 1.0),
                            percent(c.modelSpread));
    const QString level = confidenceLevelText(c.level);
    QString html = QStringLiteral("<p><b>%1</b>")
                       .arg(QCoreApplication::translate("ts::gui::TuningRun", "Confidence in this pick: %1")
                                .arg(level)
                                .toHtmlEscaped());
    if (reasons.isEmpty())
        html += QStringLiteral(" — ") +
                QCoreApplication::translate("ts::gui::TuningRun", "nothing known weakens the ranking")
                    .toHtmlEscaped();
    for (const QString& reason : reasons)
        html += QStringLiteral("<br>• ") + reason.toHtmlEscaped();
    return html + QStringLiteral("</p>");
}

QLabel* cachedOriginLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(QStringLiteral("cachedOrigin"));
    label->setWordWrap(true);
    label->setMargin(4);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setStyleSheet(QStringLiteral("background: rgba(30, 136, 229, 40); border-radius: 4px;"));
    label->hide();
    return label;
}

void showCachedOrigin(QLabel* label, const TuningRun* run)
{
    if (!run || !run->cachedOrigin()) {
        label->hide();
        label->clear();
        return;
    }
    label->setText(cachedOriginText(*run->cachedOrigin()));
    label->setToolTip(QString::fromStdString(run->cachedOrigin()->cachePath));
    label->show();
}

TunedCandidate tunedCandidate(std::size_t index, const tuning::CandidateOutcome& o)
{
    TunedCandidate t;
    t.candidate = index;
    t.status = o.status;
    t.failure = o.failure;
    t.failureMessage = o.failureMessage;
    t.compileSeconds = o.compileSeconds;
    t.ubPeakBytes = o.ubPeakBytes;
    t.ubCapacityBytes = o.ubCapacityBytes;
    t.programs = o.programs;
    if (t.measured()) {
        t.p50Us = o.bench.p50Ms * 1000.0;
        t.p20Us = o.bench.p20Ms * 1000.0;
        t.p80Us = o.bench.p80Ms * 1000.0;
        t.rankUs = o.bench.rankMs * 1000.0;
        t.benchSeconds = o.bench.benchSeconds;
        t.sessionSeconds = o.bench.sessionSeconds;
        t.deviceUs = o.bench.sim.deviceUs;
        t.breakdown = o.bench.sim.breakdown;
        t.busy = o.bench.sim.busy;
        t.rooflineUs = o.bench.sim.roofline.boundUs;
        t.limiter = o.bench.sim.roofline.limiter;
    }
    return t;
}

QString failureReason(const TunedCandidate& candidate)
{
    return coreText(candidate.failureMessage);
}

bool fasterThan(const TunedCandidate& a, const TunedCandidate& b)
{
    return tuning::rankedBefore({a.rankUs, a.p20Us, a.p80Us}, {b.rankUs, b.p20Us, b.p80Us});
}

const TunedCandidate& TuningSnapshot::at(std::size_t entry) const
{
    return entryIn(chunks, chunkStart, entry);
}

TuningRun::State TuningRun::finalState(std::size_t spaceSize, const tuning::TuningResult& result)
{
    State state;
    state.timings = std::make_shared<CandidateTimings>(spaceSize);
    auto entries = std::make_shared<std::vector<TunedCandidate>>();
    entries->reserve(result.finished);
    // Every candidate that compiled, those 2026-08's time-limit prune then left unbenchmarked
    // included: their compiles are part of the modelled tuning time.
    for (std::size_t index : result.tuned)
        if (tuning::modelledStep(result.outcomes[index]).compiled)
            entries->push_back(tunedCandidate(index, result.outcomes[index]));
    for (std::size_t e = 0; e < entries->size(); ++e) {
        record(state, e, (*entries)[e]);
        if (result.best && (*entries)[e].candidate == *result.best)
            state.best = std::uint32_t(e);
    }
    if (state.best)
        state.timings->best = (*entries)[*state.best].candidate;
    state.count = entries->size();
    state.chunkStart.push_back(0);
    state.chunks.push_back(std::move(entries));
    return state;
}

TuningRun::TuningRun(std::shared_ptr<const space::CandidateSpace> space, tuning::TuningOptions options,
                     std::string device, std::size_t total, kernel::BackendVersion backend, int hostCores)
    : m_space(std::move(space)), m_options(options), m_device(std::move(device)), m_total(total),
      m_backend(backend), m_hostCores(hostCores)
{
    m_state.timings = std::make_shared<CandidateTimings>(m_space ? m_space->size() : 0);
    m_state.timings->failureOf = [this](std::size_t c) {
        const TunedCandidate* t = entryFor(c);
        return t ? failureReason(*t) : QString();
    };
}

const TunedCandidate& TuningRun::entry(std::size_t e) const
{
    return entryIn(m_state.chunks, m_state.chunkStart, e);
}

const TunedCandidate* TuningRun::entryFor(std::size_t candidate) const
{
    const auto it = m_state.entryOf.find(candidate);
    return it == m_state.entryOf.end() ? nullptr : &entry(it->second);
}

std::optional<std::size_t> TuningRun::bestCandidate() const
{
    if (!m_state.best)
        return std::nullopt;
    return entry(*m_state.best).candidate;
}

const TunedCandidate* TuningRun::bestEntry() const
{
    return m_state.best ? &entry(*m_state.best) : nullptr;
}

int TuningRun::modelledWorkers() const
{
    if (m_result)
        return m_result->modelled.compileWorkers;
    return tuning::modelledCompileWorkers(m_options, m_total, m_backend, m_hostCores);
}

TuningSnapshot TuningRun::snapshot() const
{
    TuningSnapshot s;
    s.chunks = m_state.chunks;
    s.chunkStart = m_state.chunkStart;
    s.count = m_state.count;
    s.total = m_total;
    s.bestCandidate = bestCandidate();
    s.workers = modelledWorkers();
    s.benchmarks = tuning::benchmarksList(m_backend, m_options, m_total);
    s.ubTunerSeconds = m_result ? m_result->modelled.ubTunerSeconds : 0;
    s.finished = isFinished();
    s.space = m_space;
    return s;
}

TuningRun::Update TuningRun::append(std::vector<TunedCandidate>&& batch)
{
    Update u;
    u.firstEntry = m_state.count;
    u.count = batch.size();
    u.previousBest = bestCandidate();
    if (batch.empty())
        return u;
    u.minCandidate = batch.front().candidate;
    u.maxCandidate = batch.front().candidate;
    // While running, "best" marks the fastest correct config so far; the tuning's own pick replaces it.
    std::optional<std::uint32_t> best = m_state.best;
    const TunedCandidate* bestSoFar = bestEntry();
    for (std::size_t k = 0; k < batch.size(); ++k) {
        TunedCandidate& t = batch[k];
        if (t.status == tuning::OutcomeStatus::Best)
            t.status = tuning::OutcomeStatus::Benchmarked;
        u.minCandidate = std::min(u.minCandidate, t.candidate);
        u.maxCandidate = std::max(u.maxCandidate, t.candidate);
        record(m_state, m_state.count + k, t);
        const bool incorrect = m_space && m_space->status(t.candidate) == space::CandidateStatus::Incorrect;
        if (t.measured() && !incorrect && (!bestSoFar || fasterThan(t, *bestSoFar))) {
            best = std::uint32_t(m_state.count + k);
            bestSoFar = &t;
        }
    }
    m_state.chunkStart.push_back(m_state.count);
    m_state.count += batch.size();
    m_state.chunks.push_back(std::make_shared<const std::vector<TunedCandidate>>(std::move(batch)));
    if (best != m_state.best) {
        CandidateTimings& timings = *m_state.timings;
        if (m_state.best)
            timings.setOutcome(entry(*m_state.best).candidate, tuning::OutcomeStatus::Benchmarked);
        m_state.best = best;
        timings.best = entry(*best).candidate;
        timings.setOutcome(*timings.best, tuning::OutcomeStatus::Best);
        u.bestChanged = true;
    }
    return u;
}

TuningRun::Update TuningRun::finish(std::shared_ptr<const tuning::TuningResult> result, State&& state)
{
    Update u;
    u.previousBest = bestCandidate();
    u.finished = true;
    u.bestChanged = true;
    std::swap(m_state, state);
    m_state.timings->failureOf = [this](std::size_t c) {
        const TunedCandidate* t = entryFor(c);
        return t ? failureReason(*t) : QString();
    };
    m_result = std::move(result);
    u.count = m_state.count;
    u.minCandidate = 0;
    u.maxCandidate = m_state.timings->size() == 0 ? 0 : m_state.timings->size() - 1;
    return u; // `state` now holds the live figures; the caller disposes of them
}

TuningTimeline buildTimeline(const TuningSnapshot& s)
{
    TuningTimeline t;
    t.workers = std::max(1, s.workers);
    t.compileLanes.resize(std::size_t(t.workers));
    // The core's own model (tuning::modelTuningTime) over the candidates finished so far, so that
    // a finished tuning's chart and its figures are one computation.
    std::vector<tuning::ModelledStep> steps(s.count);
    s.forEach([&](std::size_t e, const TunedCandidate& c) {
        tuning::ModelledStep& step = steps[e];
        step.compiled = c.status != tuning::OutcomeStatus::NotTuned || c.compileSeconds > 0;
        step.compileSeconds = c.compileSeconds;
        if (c.measured()) {
            step.benchSeconds = c.benchSeconds;
            step.sessionSeconds = c.sessionSeconds;
        }
    });
    std::vector<std::uint32_t> benchOrder;
    const tuning::ModelledTime m = tuning::modelTuningTime(
        steps, t.workers, s.benchmarks,
        [&](std::size_t e, int worker, double start, double end) {
            t.compileLanes[std::size_t(worker)].push_back({start, end, std::uint32_t(e)});
        },
        [&](std::size_t e, double start, double end) { t.benchRuns.push_back({start, end, std::uint32_t(e)}); });
    t.compileSeconds = m.compileSeconds;
    t.sessionSeconds = t.benchRuns.empty() ? 0 : t.benchRuns.front().start - m.compileSeconds;
    t.ubTunerSeconds = s.ubTunerSeconds;
    t.totalSeconds = m.totalSeconds + s.ubTunerSeconds;
    const TunedCandidate* best = nullptr;
    for (const TimelineSpan& run : t.benchRuns) {
        const TunedCandidate& c = s.at(run.entry);
        if (s.incorrect(c))
            continue;  // the tuning's best is a correct config, and so is every step towards it
        if (!best || fasterThan(c, *best)) {
            best = &c;
            t.bestSoFar.push_back({run.end, c.p50Us, run.entry});
        }
    }
    return t;
}

} // namespace ts::gui
