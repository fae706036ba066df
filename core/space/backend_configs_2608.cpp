// Triton-Ascend 2026-08's candidate list (Geofeng12138/triton-ascend 189dd87: autotuner.py's
// generate_key_and_configs, _gen_tile_configs and _gen_tile_configs_cv, tile_generator.py and
// cv_autotune/).
#include "core/space/backend_configs.h"

namespace ts::space {

BackendConfigs generateBackendConfigs2608(const analysis::AxisParse& parse, const LaunchSpec& launch,
                                          const GeneratorDevice& device, const BackendOptions& options)
{
    // Work in progress: until the 2026-08 generator is written, the 2026-04 one.
    return generateBackendConfigs2604(parse, launch, device, options);
}

} // namespace ts::space
