// Triton-Ascend 2026-08's parse (Geofeng12138/triton-ascend 189dd87): the checks AutoTilingTuner
// makes when the decorator is built, the kernel type, then, for vector kernels, the v2 axis
// parser with the legacy parsers filling its gaps (vector_parse.cpp, vv_parser.h).
// See vector_parse.h for what the generator receives.
#include "core/analysis/axis_parse.h"
#include "core/analysis/ast_match.h"
#include "core/analysis/cube_parse.h"
#include "core/backends/v2608/axis_parse_checks.h"
#include "core/backends/v2608/vector_parse.h"

#include <algorithm>

namespace ts::analysis {
AxisParse parseAxes2608(const ParseInput& input)
{
    AxisParse out;
    out.backend = input.backend;
    auto vp = std::make_shared<VectorParse2608>();
    InitChecks2608 init = runInitChecks2608(input, *vp);
    out.detail = vp;
    if (init.error) {
        out.error = init.error;
        out.errorType = "ValueError";
        out.errorStage = "init";
        return out;
    }

    // ---- Kernel type: where cube and mix kernels leave the vector path. ----
    // Upstream's _resolve_kernel_type: hints["kernel_type"], and for "auto" (or no hint) a
    // kernel with tl.dot / tl.conv sites (its own or its helpers') is "mix".
    if (init.kernelTypeError) {
        out.error = init.kernelTypeError;
        out.errorType = "ValueError";
        out.errorStage = "kernel-type";
        return out;
    }
    // A constexpr that a hints key expands is still missing at launch upstream (TileScope's
    // analysis supplies the hint's first value as if passed).
    ParseInput effective = input;
    std::erase_if(effective.args, [&](const LaunchArgument& a) {
        return std::find(init.constexprNames.begin(), init.constexprNames.end(), a.name) != init.constexprNames.end() &&
               std::any_of(vp->configHints.begin(), vp->configHints.end(),
                           [&](const auto& h) { return h.first == a.name; });
    });
    CubeParseOptions cubeOptions;
    cubeOptions.module = input.module;
    cubeOptions.explicitTunableParams = init.explicitTunable;
    out.kernelType = init.kernelTypeHint;
    if (out.kernelType == "auto") {
        std::string error;
        out.kernelType = resolveKernelType(input, cubeOptions, &error);
        if (out.kernelType.empty()) {
            out.error = error;
            out.errorType = "ValueError";
            out.errorStage = "kernel-type";
            return out;
        }
    }
    if (out.kernelType == "cube" || out.kernelType == "mix") {
        cubeOptions.mode = out.kernelType;
        auto cube = std::make_shared<CubeParse>(parseCube(effective, cubeOptions));
        if (cube->error) {
            out.error = cube->error;
            out.errorType = cube->errorType;
            out.errorStage = "cube-parse";
        }
        out.cube = std::move(cube);
        out.completed = !out.error;
        return out;
    }
    out.kernelType = "vector";

    runVectorParse2608(effective, init, out, *vp);
    return out;
}

} // namespace ts::analysis
