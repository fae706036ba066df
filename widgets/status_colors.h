#pragma once
// Colours of candidate statuses, readable on the light and the dark palette alike, and the
// translated names of statuses, reasons and parameter roles.

#include "core/analysis/kernel_analysis.h"
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
// Tuning outcomes: compile failed, benchmarked, best.
QColor outcomeColor(tuning::OutcomeStatus outcome, bool dark);
QColor outcomeTint(tuning::OutcomeStatus outcome, bool dark);
QString outcomeLabel(tuning::OutcomeStatus outcome);
QString compileFailureLabel(npu::CompileFailure failure);

} // namespace ts::gui
