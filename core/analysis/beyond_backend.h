#pragma once
// What we see beyond Triton-Ascend's own axis parse: why it misses a split, tiling or reduction
// axis on this kernel, and how to fix the kernel or which hints to pass instead. The backend
// says none of this; it only fails later ("Missing required arguments") or tunes less.
//
// Codes (all Severity::Note unless said otherwise):
//   backend-misses-tiling-axis   a loop steps by P, but the backend will not make P a tiling
//                                parameter (tl.arange hoisted above the loop, not assigned, or
//                                no mask it can follow)
//   backend-misses-split-axis    P is multiplied by tl.program_id but no mask the backend can
//                                follow compares the offsets with a key argument
//   backend-misses-reduction     a tl.sum/max/... nested in a call the backend does not descend
//   key-never-compared           a key argument no comparison mentions
//   key-compare-unrecognised     a key argument compared only in forms the backend ignores
//   split-fixed-by-grid          a split parameter left untuned because the grid dim is fixed
//   tunable-not-constexpr        (Warning) the backend will tune a parameter that is not
//                                declared tl.constexpr

#include "core/analysis/axis_parse.h"
#include "core/util/diagnostic.h"

#include <string>
#include <vector>

namespace ts::analysis {

// `parse` is parseAxes(input). Positions come from input.function's tree (1-based line and
// column); `fileName` fills Diagnostic::file.
Diagnostics lookBeyondBackend(const ParseInput& input, const AxisParse& parse, const std::string& fileName = {});

// The same findings with the parameter each concerns and the axis it would have, where known,
// for the checked fixes of generation_fix.h.
struct BlindSpot {
    Diagnostic diagnostic;
    std::string param;  // the block parameter the backend misses ("" for key notes)
    std::string axis;   // the axis it would tie it to, when a mask says so
};
// "grid dim D is V whatever P is", or, where a larger P than the parse probes (up to the axis's
// length, or 2^24 unknown) changes the dim, "... for every P up to U (fewer programs above)":
// `min(cdiv(n, P), 16)` is 16 only while cdiv(n, P) >= 16.
msg::Message fixedGridDim(const ParseInput& input, const AxisParse& parse, const std::string& param, int dim,
                             std::int64_t value, std::int64_t axisLength);

std::vector<BlindSpot> findBlindSpots(const ParseInput& input, const AxisParse& parse,
                                      const std::string& fileName = {});

} // namespace ts::analysis
