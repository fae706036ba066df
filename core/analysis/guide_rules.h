#pragma once
// The rules of the user's Triton-Ascend autotune guide, checked against one kernel and launch.
// Each finding is a diagnostic with a stable code, a severity, the line, and what to do:
//   missing-ascend-runtime-import, autotune-not-directly-over-jit, tunable-has-default,
//   tunable-fixed-at-launch, grid-not-lambda, key-unknown-arg, side-effects-without-hooks,
//   no-tunable-params, user-prune-function, hint-unknown.
// The rules hold under every backend version; each fix is written in the launch's version's
// terms (its policy's withTunable / tunableAdvice) and checked before it is given: advice under
// which a generated config would compute a wrong result (analysis/advice_check.h) becomes a
// note on why the parameter (tunable-must-stay) or the grid (grid-must-stay) must stay.

#include "core/analysis/kernel_analysis.h"

namespace ts::analysis {

void appendGuideDiagnostics(KernelAnalysis& analysis, const ParseInput& input);

} // namespace ts::analysis
