// Triton-Ascend 2026-04's candidate list (triton-lang/triton-ascend a84b1eb, autotuner.py:
// generate_key_and_configs, _gen_tile_configs and the multibuffer / num_warps expansions): the
// widest tensor dtype, the cache key in parsed key order, the generated tiling with each tiling
// listed twice (the second with the non-default multibuffer), then the handwritten configs, or
// the single fallback config, which this release cannot build.
#include "core/backends/v2604/policy.h"

#include "core/space/backend_configs.h"

namespace ts::backends::v2604 {

space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                      const space::GeneratorDevice& device, const space::BackendOptions& options)
{
    using space::BackendConfigs;
    using space::ParamValue;
    using space::TritonConfig;
    BackendConfigs out;
    out.simtMode = launch.forceSimtOnly;
    out.defaultMultibuffer = device.defaultMultibuffer;

    for (const auto& [axis, value] : launch.keyValues)
        out.key.push_back(std::to_string(value));
    if (!space::addTensorDtypes(launch, [](const std::string& dtype) { return space::dtypeBytes(dtype); }, out))
        return out;

    out.generationRan = launch.userConfigs.empty() || launch.autoGenConfigHint;
    if (out.generationRan) {
        if (parse.error) {
            out.error = *parse.error;
            return out;
        }
        if (!space::walkTilings(space::kernelMetaFor(parse, launch, out.dtypeBytes), device, options, out))
            return out;
        std::vector<TritonConfig> tilings;
        std::vector<int> base;
        tilings.reserve(out.tiles.count());
        for (std::size_t i = 0; i < out.tiles.count(); ++i) {
            tilings.push_back(space::tilingConfig(out, i));
            base.push_back(int(i));
        }
        if (out.simtMode) {
            space::expandSimtWarps(launch, tilings, base, out);
            out.configs = std::move(tilings);
            out.baseIndex = std::move(base);
        } else {
            // Each tiling, then the same with the non-default multibuffer (unless the launch fixes it).
            const bool multibufferIsParam = out.problem.paramIndex("multibuffer") >= 0;
            out.multibufferExpanded = !launch.multibuffer.has_value();
            out.configs.reserve(tilings.size() * 2 + launch.userConfigs.size() + 1);
            for (std::size_t i = 0; i < tilings.size(); ++i) {
                TritonConfig& cfg = tilings[i];
                out.baseIndex.push_back(int(i));
                if (!out.multibufferExpanded) {
                    out.configs.push_back(std::move(cfg));
                    continue;
                }
                out.configs.push_back(cfg);
                if (multibufferIsParam)
                    space::setKwarg(cfg.kwargs, "multibuffer", ParamValue::boolean(!device.defaultMultibuffer));
                else
                    cfg.kwargs.emplace_back("multibuffer", ParamValue::boolean(!device.defaultMultibuffer));
                out.configs.push_back(std::move(cfg));
                out.baseIndex.push_back(int(i));
            }
        }
        out.origins.assign(out.configs.size(), BackendConfigs::Origin::Generated);
        if (out.configs.empty())
            space::noteEmptyGeneration(out);
    }

    if (out.configs.empty() && launch.userConfigs.empty()) {
        out.configs.push_back(space::fallbackConfig());
        out.origins.push_back(BackendConfigs::Origin::Fallback);
        out.baseIndex.push_back(-1);
        // The backend builds this config with keywords (num_buffers_warp_spec, ...) that the
        // triton.Config shipped at a84b1eb does not accept, so the launch raises here.
        out.error = "TypeError: Config.__init__() got an unexpected keyword argument "
                    "'num_buffers_warp_spec'";
    } else {
        space::appendConfigs(launch.userConfigs, BackendConfigs::Origin::User, out);
    }
    return out;
}

} // namespace ts::backends::v2604
