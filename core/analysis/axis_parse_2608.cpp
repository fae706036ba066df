// Triton-Ascend 2026-08's parse (Geofeng12138/triton-ascend 189dd87: autotuner.py's
// _autoparse_axis_params with the v2 vector parser of dsl_analysis/ and vector_axes.py, and
// the cube/mix parser of dsl_analysis/cv_param_parser.py).
#include "core/analysis/axis_parse.h"

namespace ts::analysis {

AxisParse parseAxes2608(const ParseInput& input)
{
    // Work in progress: the v2 parser is being written; until then the 2026-04 parse.
    AxisParse parse = parseAxes2604(input);
    parse.backend = kernel::BackendVersion::V2026_08;
    parse.kernelType = "vector";
    return parse;
}

} // namespace ts::analysis
