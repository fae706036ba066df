#pragma once
// Tracing a kernel for one launch: the @triton.jit function's AST is lowered once into a
// KernelIr whose only free inputs are the candidate's constexpr values and the program ids.
// Everything Python-level (names, imports, attribute chains, keyword arguments, inlined
// @triton.jit helpers, module constants, the launch arguments) is resolved here, so the
// per-candidate compile evaluates plain numbers. A KernelTrace is immutable and may be shared
// by any number of threads.
//
// Unsupported constructs never fail the trace: they become warnings with their line and the
// approximation taken (usually "value unknown, no cost").

#include "core/kernel/kernel_model.h"
#include "core/kernel/workload.h"
#include "core/npu/abstract_value.h"
#include "core/npu/kernel_ir.h"
#include "core/util/diagnostic.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::npu {

// The launch: argument values by parameter name (tensors by dtype and shape) and the grid.
struct KernelLaunch {
    std::vector<std::pair<std::string, kernel::ArgValue>> args;
    kernel::GridArg grid;

    static KernelLaunch fromWorkload(const kernel::Workload& workload);
};

class KernelTrace;

struct TraceResult {
    std::shared_ptr<const KernelTrace> trace;  // null only when the kernel cannot be traced at all
    Diagnostics diagnostics;                   // warnings (unsupported constructs) and errors
};

class KernelTrace {
public:
    // Traces `kernel` (a function of `file`) for `launch`. The KernelFile is only read during
    // this call; the trace keeps no pointer into it.
    static TraceResult build(const kernel::KernelFile& file, const kernel::KernelDef& kernel,
                             const KernelLaunch& launch);

    struct Constexpr {
        std::string name;
        std::int32_t slot = -1;
        std::optional<std::int64_t> fixed;  // given at launch (or by its default)
        bool fromLaunch = false;            // the launch passed it explicitly
        // A float, string or None, at launch or by default (`ACTIVATION: tl.constexpr = "relu"`):
        // it selects code, it is never tuned.
        bool fixedNonInteger = false;
    };

    const std::string& kernelName() const { return m_kernelName; }
    const std::string& fileName() const { return m_fileName; }
    const KernelIr& ir() const { return m_ir; }
    const std::vector<AVal>& initialSlots() const { return m_init; }
    const std::vector<TensorArg>& tensors() const { return m_tensors; }
    const std::vector<Constexpr>& constexprs() const { return m_constexprs; }
    const Constexpr* findConstexpr(std::string_view name) const;
    const Diagnostics& diagnostics() const { return m_diagnostics; }

    // The grid: static dims, or the slots of a lowered grid expression evaluated per candidate.
    bool hasStaticGrid() const { return m_staticGrid.has_value(); }
    const std::array<std::int64_t, 3>& staticGrid() const { return *m_staticGrid; }
    const Block& gridBlock() const { return m_gridBlock; }
    std::int32_t gridSlot() const { return m_gridSlot; }
    bool gridMissing() const { return !m_staticGrid && m_gridSlot < 0; }

    // Kernel size statistics for the compile-time model.
    int statementCount() const { return m_statementCount; }
    int dotCount() const { return m_dotCount; }
    bool usesCube() const { return m_dotCount > 0; }

private:
    friend class TraceBuilder;
    std::string m_kernelName;
    std::string m_fileName;
    KernelIr m_ir;
    std::vector<AVal> m_init;
    std::vector<TensorArg> m_tensors;
    std::vector<Constexpr> m_constexprs;
    Diagnostics m_diagnostics;
    std::optional<std::array<std::int64_t, 3>> m_staticGrid;
    Block m_gridBlock;
    std::int32_t m_gridSlot = -1;
    int m_statementCount = 0;
    int m_dotCount = 0;
};

} // namespace ts::npu
