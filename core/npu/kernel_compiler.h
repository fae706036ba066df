#pragma once
// "Compile" one candidate: specialise the traced kernel with the candidate's constexpr values
// and abstract-interpret it once per distinct kind of program (full programs, the last
// program along each grid axis) into a CostProgram. Loops are summarised from a few sampled
// iterations (first, last, and the masked edges: located from how the loop's comparisons move,
// confirmed by the iterations around them, found by bisection otherwise), so the cost does not
// depend on trip counts. Compile failures are results, as on the real toolchain: UB overflow
// (with the live tiles), L1/L0 overflow for tl.dot, invalid shapes, an invalid grid.
//
// Thread-safe: the trace and the device model are only read.

#include "core/npu/cost_program.h"
#include "core/npu/device_model.h"
#include "core/npu/kernel_trace.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::npu {

struct CandidateValues {
    std::vector<std::pair<std::string, std::int64_t>> constexprs;  // name -> value (bools as 0/1)
    bool multibuffer = true;
    // The launch's grid as the candidate space evaluated it; unset: the trace evaluates its own.
    std::optional<std::array<std::int64_t, 3>> grid;
};

CompiledKernel compileCandidate(const KernelTrace& trace, const DeviceModel& device, const CandidateValues& candidate);

// `candidate` and, from the same trace, the candidate with multibuffer flipped (first, second).
// The trace does not depend on multibuffer; only the UB/L1 footprint does, and it is tracked for
// both settings. Each result is the one compileCandidate gives; the pair costs little more than
// one compile. Triton-Ascend generates most tilings with both settings.
std::pair<CompiledKernel, CompiledKernel> compileWithMultibufferSibling(const KernelTrace& trace,
                                                                        const DeviceModel& device,
                                                                        const CandidateValues& candidate);

// The compile-time model (seconds of the real toolchain for this candidate; estimate, mark G):
// a fixed pipeline cost plus terms growing with the traced operations after static unrolling,
// the dots, and the largest tile.
double modelCompileSeconds(int compiledOps, int dots, std::int64_t largestTileElements, bool multibuffer);

} // namespace ts::npu
