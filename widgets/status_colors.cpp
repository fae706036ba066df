#include "widgets/status_colors.h"

#include "core/util/format.h"
#include "widgets/quantity_text.h"
#include "widgets/theme.h"
#include "widgets/themed_color.h"

#include <QCoreApplication>

#include <cmath>
#include <iterator>

namespace ts::gui {

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor statusColor(space::CandidateStatus status, bool dark)
{
    using space::CandidateStatus;
    // In CandidateStatus order: generated, pruned, skipped, handwritten, incorrect (purple: apart
    // from every other status, and from the outcomes' red, teal and amber).
    static constexpr ThemedColor kColors[] = {
        {0x2e7d32, 0x66bb6a}, {0xc62828, 0xef7373}, {0xb26a00, 0xffb74d}, {0x1565c0, 0x64b5f6}, {0x8e24aa, 0xce93d8},
    };
    static_assert(int(CandidateStatus::Generated) == 0 && int(CandidateStatus::Pruned) == 1 &&
                  int(CandidateStatus::Skipped) == 2 && int(CandidateStatus::User) == 3 &&
                  int(CandidateStatus::Incorrect) == 4);
    if (std::size_t(status) < std::size(kColors))
        return kColors[std::size_t(status)].pick(dark);
    return dark ? QColor(Qt::white) : QColor(Qt::black);
}

QColor statusTint(space::CandidateStatus status, bool dark)
{
    QColor c = statusColor(status, dark);
    c.setAlpha(dark ? 60 : 40);
    return c;
}

QString statusLabel(space::CandidateStatus status)
{
    using space::CandidateStatus;
    switch (status) {
    case CandidateStatus::Generated: return QCoreApplication::translate("ts::gui::Status", "generated");
    case CandidateStatus::Pruned: return QCoreApplication::translate("ts::gui::Status", "pruned");
    case CandidateStatus::Skipped: return QCoreApplication::translate("ts::gui::Status", "skipped");
    case CandidateStatus::User: return QCoreApplication::translate("ts::gui::Status", "handwritten");
    case CandidateStatus::Incorrect: return QCoreApplication::translate("ts::gui::Status", "incorrect");
    }
    return {};
}

QString reasonLabel(space::ReasonCode reason)
{
    using space::ReasonCode;
    switch (reason) {
    case ReasonCode::None: return {};
    case ReasonCode::UbCapacity: return QCoreApplication::translate("ts::gui::Reason", "UB capacity");
    case ReasonCode::UnalignedTile: return QCoreApplication::translate("ts::gui::Reason", "unaligned tile");
    case ReasonCode::TileExceedsBlock: return QCoreApplication::translate("ts::gui::Reason", "tile exceeds block");
    case ReasonCode::ProgramLimit: return QCoreApplication::translate("ts::gui::Reason", "program limit");
    case ReasonCode::InvalidValue: return QCoreApplication::translate("ts::gui::Reason", "invalid value");
    case ReasonCode::MissingParam: return QCoreApplication::translate("ts::gui::Reason", "missing parameter");
    case ReasonCode::BelowMinTile: return QCoreApplication::translate("ts::gui::Reason", "below minimum tile");
    case ReasonCode::OffWalk: return QCoreApplication::translate("ts::gui::Reason", "off the walk");
    case ReasonCode::NothingGenerated: return QCoreApplication::translate("ts::gui::Reason", "nothing generated");
    case ReasonCode::GenerationOff: return QCoreApplication::translate("ts::gui::Reason", "generation off");
    case ReasonCode::BackendError: return QCoreApplication::translate("ts::gui::Reason", "backend error");
    case ReasonCode::Handwritten: return QCoreApplication::translate("ts::gui::Reason", "handwritten");
    case ReasonCode::Fallback: return QCoreApplication::translate("ts::gui::Reason", "fallback config");
    case ReasonCode::CubeL1Capacity: return QCoreApplication::translate("ts::gui::Reason", "L1 capacity");
    case ReasonCode::CubeL0aCapacity: return QCoreApplication::translate("ts::gui::Reason", "L0A capacity");
    case ReasonCode::CubeL0bCapacity: return QCoreApplication::translate("ts::gui::Reason", "L0B capacity");
    case ReasonCode::CubeL0cCapacity: return QCoreApplication::translate("ts::gui::Reason", "L0C capacity");
    case ReasonCode::CubeTimeBudget: return QCoreApplication::translate("ts::gui::Reason", "time budget");
    case ReasonCode::Uncovered: return QCoreApplication::translate("ts::gui::Reason", "data left unprocessed");
    case ReasonCode::Overrun: return QCoreApplication::translate("ts::gui::Reason", "past the end without a mask");
    case ReasonCode::NumStagesTied: return QCoreApplication::translate("ts::gui::Reason", "num_stages tied");
    case ReasonCode::MaxAutotuneOnly: return QCoreApplication::translate("ts::gui::Reason", "max_autotune only");
    case ReasonCode::OutsideHint: return QCoreApplication::translate("ts::gui::Reason", "outside the hint list");
    }
    return {};
}

QString paramRoleLabel(analysis::ParamRole role)
{
    switch (role) {
    case analysis::ParamRole::Tunable: return QCoreApplication::translate("ts::gui::Role", "tunable");
    case analysis::ParamRole::Fixed: return QCoreApplication::translate("ts::gui::Role", "fixed");
    case analysis::ParamRole::Runtime: return QCoreApplication::translate("ts::gui::Role", "runtime");
    case analysis::ParamRole::Missing: return QCoreApplication::translate("ts::gui::Role", "missing");
    case analysis::ParamRole::Swept: return QCoreApplication::translate("ts::gui::Role", "swept");
    }
    return {};
}

QColor outcomeColor(tuning::OutcomeStatus outcome, bool dark)
{
    using tuning::OutcomeStatus;
    // In OutcomeStatus order: not tuned, compile failed (dark red: apart from the pruned red and
    // from the incorrect purple), benchmarked, best, cut by the time budget (blue-grey).
    static constexpr ThemedColor kColors[] = {
        {0x757575, 0x9e9e9e}, {0x8b0000, 0xe53935}, {0x00838f, 0x4dd0e1}, {0xb26a00, 0xffd54f}, {0x90a4ae, 0x546e7a},
    };
    static_assert(int(OutcomeStatus::NotTuned) == 0 && int(OutcomeStatus::CompileFailed) == 1 &&
                  int(OutcomeStatus::Benchmarked) == 2 && int(OutcomeStatus::Best) == 3 &&
                  int(OutcomeStatus::TimeBudgetCut) == 4);
    return std::size_t(outcome) < std::size(kColors) ? kColors[std::size_t(outcome)].pick(dark) : QColor();
}

namespace {

// The tuning's verdicts that take over a candidate's status colour.
bool ownsStatusColour(space::CandidateStatus status, tuning::OutcomeStatus outcome)
{
    return status != space::CandidateStatus::Incorrect &&
           (outcome == tuning::OutcomeStatus::CompileFailed || outcome == tuning::OutcomeStatus::TimeBudgetCut);
}

} // namespace

QColor candidateStatusColor(space::CandidateStatus status, tuning::OutcomeStatus outcome, bool dark)
{
    return ownsStatusColour(status, outcome) ? outcomeColor(outcome, dark) : statusColor(status, dark);
}

QColor candidateStatusTint(space::CandidateStatus status, tuning::OutcomeStatus outcome, bool dark)
{
    return ownsStatusColour(status, outcome) ? outcomeTint(outcome, dark) : statusTint(status, dark);
}

QString candidateStatusLabel(space::CandidateStatus status, tuning::OutcomeStatus outcome)
{
    return ownsStatusColour(status, outcome) ? outcomeLabel(outcome) : statusLabel(status);
}

QColor outcomeTint(tuning::OutcomeStatus outcome, bool dark)
{
    QColor c = outcomeColor(outcome, dark);
    // A failed compile as strong as the best: its dark red must not read as a pruned row's tint.
    const bool strong = outcome == tuning::OutcomeStatus::Best || outcome == tuning::OutcomeStatus::CompileFailed;
    c.setAlpha(strong ? (dark ? 90 : 70) : (dark ? 60 : 40));
    return c;
}

QString outcomeLabel(tuning::OutcomeStatus outcome)
{
    using tuning::OutcomeStatus;
    switch (outcome) {
    case OutcomeStatus::NotTuned: return QCoreApplication::translate("ts::gui::Outcome", "not tuned");
    case OutcomeStatus::CompileFailed: return QCoreApplication::translate("ts::gui::Outcome", "compile failed");
    case OutcomeStatus::Benchmarked: return QCoreApplication::translate("ts::gui::Outcome", "benchmarked");
    case OutcomeStatus::Best: return QCoreApplication::translate("ts::gui::Outcome", "best");
    case OutcomeStatus::TimeBudgetCut: return QCoreApplication::translate("ts::gui::Outcome", "cut by the time budget");
    }
    return {};
}

namespace {

double relativeLuminance(const QColor& c)
{
    auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

} // namespace

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor blendOver(const QColor& over, const QColor& base)
{
    const double a = over.alphaF();
    auto mix = [a](int top, int bottom) { return int(std::lround(top * a + bottom * (1.0 - a))); };
    return QColor(mix(over.red(), base.red()), mix(over.green(), base.green()), mix(over.blue(), base.blue()));
}

QColor readableTableText(const QColor& text, const QColor& rowTint, bool dark)
{
    constexpr double kAaContrast = 4.5;
    const QColor base = palette(dark ? Theme::Dark : Theme::Light).color(QPalette::Base);
    const QColor background = rowTint.isValid() ? blendOver(rowTint, base) : base;
    const QColor toward = dark ? QColor(Qt::white) : QColor(Qt::black);
    // Small steps keep the hue as far as the contrast allows; the last step is black or white.
    QColor readable = text;
    for (int step = 1; step <= 20 && contrastRatio(readable, background) < kAaContrast; ++step) {
        const double t = step / 20.0;
        readable = QColor(int(std::lround(text.red() + (toward.red() - text.red()) * t)),
                          int(std::lround(text.green() + (toward.green() - text.green()) * t)),
                          int(std::lround(text.blue() + (toward.blue() - text.blue()) * t)));
    }
    return readable;
}

QString ubShareText(const space::CandidateMetrics& m)
{
    if (isOverflow(m.ubBytes, m.ubBudgetBytes))
        return QCoreApplication::translate("ts::gui::Usage", "%1 > %2", "needed > the budget")
            .arg(bytesText(m.ubBytes), bytesText(m.ubBudgetBytes));
    return QString::fromStdString(formatPercent(m.ubShare));
}

QString ubUsageText(const space::CandidateMetrics& m)
{
    const QString budget = bytesText(m.ubBudgetBytes);
    if (isOverflow(m.ubBytes, m.ubBudgetBytes))
        return QCoreApplication::translate("ts::gui::Usage", "over the %1 budget").arg(budget);
    return QCoreApplication::translate("ts::gui::Usage", "%1 of the %2 budget")
        .arg(QString::fromStdString(formatPercent(m.ubShare)), budget);
}

QString cubeMemoryText(const space::CandidateMetrics& m)
{
    auto bytes = [](std::int64_t b) { return bytesText(b); };
    // The limits are the cube pruning's: L1, L0A and L0B hold two stages each, so a tile gets half.
    return QCoreApplication::translate("ts::gui::Usage",
                                       "L1 %1 of %2 · L0A %3 of %4 · L0B %5 of %6 · L0C %7 of %8 (L1, L0A and L0B "
                                       "limits are half their size: two stages each)")
        .arg(bytes(m.l1Bytes), bytes(m.l1LimitBytes), bytes(m.l0aBytes), bytes(m.l0aLimitBytes), bytes(m.l0bBytes),
             bytes(m.l0bLimitBytes), bytes(m.l0cBytes), bytes(m.l0cLimitBytes));
}

QString benchMethodText(npu::BenchMethod method)
{
    if (method == npu::BenchMethod::Default)
        return QCoreApplication::translate("ts::gui::BenchMethod", "default",
                                           "TRITON_BENCH_METHOD=default (do_bench)");
    const std::string_view name = npu::benchMethodName(method);
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString benchMethodText(const std::string& name)
{
    const std::optional<npu::BenchMethod> method = npu::parseBenchMethod(name);
    return method ? benchMethodText(*method) : QString::fromStdString(name);
}

QString progressStageLabel(tuning::ProgressStage stage)
{
    using tuning::ProgressStage;
    switch (stage) {
    case ProgressStage::Tracing: return QCoreApplication::translate("ts::gui::Stage", "tracing the kernel");
    case ProgressStage::Compiling: return QCoreApplication::translate("ts::gui::Stage", "compiling and benchmarking");
    case ProgressStage::Done: return QCoreApplication::translate("ts::gui::Stage", "done");
    }
    return {};
}

QString storedStatusLabel(cache::CandidateStatus status)
{
    using cache::CandidateStatus;
    switch (status) {
    case CandidateStatus::Generated: return statusLabel(space::CandidateStatus::Generated);
    case CandidateStatus::User: return statusLabel(space::CandidateStatus::User);
    case CandidateStatus::Pruned: return statusLabel(space::CandidateStatus::Pruned);
    case CandidateStatus::Skipped: return statusLabel(space::CandidateStatus::Skipped);
    case CandidateStatus::CompileFailed: return outcomeLabel(tuning::OutcomeStatus::CompileFailed);
    case CandidateStatus::Benchmarked: return outcomeLabel(tuning::OutcomeStatus::Benchmarked);
    case CandidateStatus::Best: return outcomeLabel(tuning::OutcomeStatus::Best);
    case CandidateStatus::Incorrect: return statusLabel(space::CandidateStatus::Incorrect);
    case CandidateStatus::TimeBudgetCut: return outcomeLabel(tuning::OutcomeStatus::TimeBudgetCut);
    }
    return {};
}

QString compileFailureLabel(npu::CompileFailure failure)
{
    using npu::CompileFailure;
    switch (failure) {
    case CompileFailure::None: return {};
    case CompileFailure::UbOverflow: return QCoreApplication::translate("ts::gui::Outcome", "UB overflow");
    case CompileFailure::L1Overflow: return QCoreApplication::translate("ts::gui::Outcome", "L1 overflow");
    case CompileFailure::L0Overflow: return QCoreApplication::translate("ts::gui::Outcome", "L0 overflow");
    case CompileFailure::InvalidShape: return QCoreApplication::translate("ts::gui::Outcome", "invalid shape");
    case CompileFailure::InvalidGrid: return QCoreApplication::translate("ts::gui::Outcome", "invalid grid");
    case CompileFailure::MissingConstexpr: return QCoreApplication::translate("ts::gui::Outcome", "missing constexpr");
    case CompileFailure::ConflictingConstexpr: return QCoreApplication::translate("ts::gui::Outcome", "conflicting constexpr");
    case CompileFailure::TraceError: return QCoreApplication::translate("ts::gui::Outcome", "trace error");
    }
    return {};
}

} // namespace ts::gui
