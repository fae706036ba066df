#pragma once
// The rules of the user's Triton-Ascend autotune guide, checked against one kernel and launch.
// Each finding is a diagnostic with a stable code, a severity, the line, and what to do:
//   missing-ascend-runtime-import, autotune-not-directly-over-jit, tunable-has-default,
//   tunable-fixed-at-launch, grid-not-lambda, key-unknown-arg, side-effects-without-hooks,
//   no-tunable-params, user-prune-function, hint-unknown.

#include "core/analysis/kernel_analysis.h"

namespace ts::analysis {

void appendGuideDiagnostics(KernelAnalysis& analysis, const ParseInput& input);

} // namespace ts::analysis
