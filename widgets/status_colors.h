#pragma once
// Colours of candidate statuses, readable on the light and the dark palette alike, and the
// translated names of statuses, reasons and parameter roles.

#include "core/analysis/kernel_analysis.h"
#include "core/cache/tuning_record.h"
#include "core/space/candidate_space.h"
#include "core/tuning/tuning_session.h"

#include <QColor>
#include <QPalette>
#include <QString>

namespace ts::gui {

bool isDarkPalette(const QPalette& palette);
// The strong colour of a status (text, markers, legend).
QColor statusColor(space::CandidateStatus status, bool dark);
// A soft tint for row and cell backgrounds.
QColor statusTint(space::CandidateStatus status, bool dark);
// Translated names for people.
QString statusLabel(space::CandidateStatus status);
QString reasonLabel(space::ReasonCode reason);
QString paramRoleLabel(analysis::ParamRole role);
// A candidate's status colour once tuned: a failed compile (dark red) and the time budget's cut
// (blue-grey) show as such, not as the generated or handwritten candidate they were; an incorrect
// launch keeps its purple.
QColor candidateStatusColor(space::CandidateStatus status, tuning::OutcomeStatus outcome, bool dark);
QColor candidateStatusTint(space::CandidateStatus status, tuning::OutcomeStatus outcome, bool dark);
// The name that goes with that colour: "compile failed" or "cut by the time budget" for a
// candidate the tuning failed or cut, else the status's own name.
QString candidateStatusLabel(space::CandidateStatus status, tuning::OutcomeStatus outcome);
// Tuning outcomes: compile failed, benchmarked, best.
QColor outcomeColor(tuning::OutcomeStatus outcome, bool dark);
QColor outcomeTint(tuning::OutcomeStatus outcome, bool dark);
QString outcomeLabel(tuning::OutcomeStatus outcome);
// WCAG 2 contrast ratio of two colours, from 1 to 21 (alpha ignored).
double contrastRatio(const QColor& a, const QColor& b);
// A translucent colour laid on an opaque one, as a view paints a row's tint on its base.
QColor blendOver(const QColor& over, const QColor& base);
// Status text on a row tinted in a status colour: the colour moved toward black (light palette) or
// white (dark) until it reads at 4.5:1 (WCAG AA) against the tint laid on the theme's base. Only a
// table's text changes: the heat map, the charts and the legends keep the status colour itself.
QColor readableTableText(const QColor& text, const QColor& rowTint, bool dark);
QString compileFailureLabel(npu::CompileFailure failure);
// How much of its UB (or register file) budget a candidate uses: "73.4%" in a table cell, or
// beyond it the size needed against the budget, "2 MiB > 192 KiB", never thousands of percent.
QString ubShareText(const space::CandidateMetrics& metrics);
// The same in a sentence, after the size itself ("UB 2 MiB, ..."): "73.4% of the 192 KiB
// budget" / "over the 192 KiB budget".
QString ubUsageText(const space::CandidateMetrics& metrics);
// A cube candidate's buffers against their limits: "L1 48 KiB of 256 KiB · L0A 16 KiB of 32 KiB · ...".
QString cubeMemoryText(const space::CandidateMetrics& metrics);
// A bench method as the reader's language names it: TRITON_BENCH_METHOD's "default" is a word
// ("默认" in zh_CN), "npu" a name kept as written. A stored name that is neither stays as it is.
QString benchMethodText(npu::BenchMethod method);
QString benchMethodText(const std::string& name);
// A tuning session's stage, as the progress bar names it.
QString progressStageLabel(tuning::ProgressStage stage);
// A stored candidate's status: the space's or the tuning's label for the same verdict.
QString storedStatusLabel(cache::CandidateStatus status);

} // namespace ts::gui
