#include "core/space/backend_configs.h"

#include "core/util/dtype.h"

#include <algorithm>
#include <array>

namespace ts::space {

int dtypeBytes(std::string_view dtype)
{
    return dtypeSize(dtype).value_or(0);
}

std::string canonicalDtype(std::string_view dtype)
{
    return canonicalTorchDtype(dtype);
}

bool isValidAxisName(std::string_view name)
{
    constexpr std::array<std::string_view, 6> names = {"x", "y", "z", "w", "v", "t"};
    if (name.starts_with("r"))
        name.remove_prefix(1);
    return std::find(names.begin(), names.end(), name) != names.end();
}

std::size_t BackendConfigs::generatedCount() const
{
    return std::size_t(std::count(origins.begin(), origins.end(), Origin::Generated));
}

bool addTensorDtypes(const LaunchSpec& launch, int (*bytesOf)(const std::string& dtype), BackendConfigs& out)
{
    int widest = 1; // the backend starts from None, which counts as one byte
    for (const std::string& dtype : launch.tensorDtypes) {
        const std::string canonical = canonicalDtype(dtype);
        out.key.push_back(canonical);
        const int bytes = bytesOf(dtype);
        if (bytes == 0) {
            out.error = "KeyError: " + canonical;
            return false;
        }
        if (bytes >= widest) {
            widest = bytes;
            out.dtype = canonical;
        }
    }
    if (launch.tensorDtypes.empty()) {
        out.error = "NotImplementedError: Not support for non-Tensor inputs";
        return false;
    }
    out.dtypeBytes = widest;
    return true;
}

KernelMetaInput kernelMetaFor(const analysis::AxisParse& parse, const LaunchSpec& launch, int dtypeBytes)
{
    KernelMetaInput meta;
    for (const auto& [axis, value] : launch.keyValues)
        if (isValidAxisName(axis))
            meta.axisSizes.emplace_back(axis, value);
    meta.splitParams = parse.splitParams;
    meta.fixedSplitParams = parse.fixedSplitParams;
    meta.tilingParams = parse.tilingParams;
    meta.lowDimAxes = parse.lowDimAxes;
    meta.dtypeBytes = dtypeBytes;
    meta.persistentReduction = parse.persistentReduction;
    meta.dualReduction = parse.dualReduction;
    meta.numBuffers = parse.numBuffers;
    meta.simtMode = launch.forceSimtOnly;
    return meta;
}

BackendConfigs generateBackendConfigs(const analysis::AxisParse& parse, const LaunchSpec& launch,
                                      const GeneratorDevice& device, const BackendOptions& options)
{
    if (launch.backend == kernel::BackendVersion::V2026_08)
        return generateBackendConfigs2608(parse, launch, device, options);
    return generateBackendConfigs2604(parse, launch, device, options);
}

BackendConfigs generateBackendConfigs2604(const analysis::AxisParse& parse, const LaunchSpec& launch,
                                          const GeneratorDevice& device, const BackendOptions& options)
{
    BackendConfigs out;
    out.simtMode = launch.forceSimtOnly;
    out.defaultMultibuffer = device.defaultMultibuffer;

    for (const auto& [axis, value] : launch.keyValues)
        out.key.push_back(std::to_string(value));

    if (!addTensorDtypes(launch, [](const std::string& dtype) { return dtypeBytes(dtype); }, out))
        return out;

    out.generationRan = launch.userConfigs.empty() || launch.autoGenConfigHint;
    if (out.generationRan) {
        if (parse.error) {
            out.error = *parse.error;
            return out;
        }
        const KernelMetaInput meta = kernelMetaFor(parse, launch, out.dtypeBytes);
        TileProblemResult made = makeTileProblem(meta, device);
        out.problem = std::move(made.problem);
        if (made.error) {
            out.error = *made.error;
            return out;
        }
        out.problemBuilt = true;
        generateTiles(out.problem, out.tiles, TileGeneratorOptions{options.recordTrail});
        if (out.tiles.error) {
            out.error = *out.tiles.error;
            return out;
        }

        const std::size_t k = out.problem.params.size();
        const std::size_t base = out.tiles.count();
        auto baseConfig = [&](std::size_t i) {
            TritonConfig cfg;
            cfg.numWarps = 1;
            cfg.numStages = 1;
            const std::int64_t* v = out.tiles.config(i, k);
            cfg.kwargs.reserve(k + 1);
            for (std::size_t j = 0; j < k; ++j)
                cfg.kwargs.emplace_back(out.problem.params[j], ParamValue::integer(v[j]));
            return cfg;
        };
        const bool multibufferIsParam = out.problem.paramIndex("multibuffer") >= 0;
        if (out.simtMode) {
            if (launch.numWarps)
                out.simtWarps = {*launch.numWarps};
            else
                out.simtWarps = {8, 16, 32, 64};
            out.configs.reserve(base * out.simtWarps.size() + launch.userConfigs.size() + 1);
            for (std::size_t i = 0; i < base; ++i) {
                TritonConfig cfg = baseConfig(i);
                for (std::size_t w = 0; w < out.simtWarps.size(); ++w) {
                    cfg.numWarps = out.simtWarps[w];
                    if (w + 1 < out.simtWarps.size())
                        out.configs.push_back(cfg);
                    else
                        out.configs.push_back(std::move(cfg));
                    out.baseIndex.push_back(int(i));
                }
            }
        } else {
            out.multibufferExpanded = !launch.multibuffer.has_value();
            out.configs.reserve(base * 2 + launch.userConfigs.size() + 1);
            for (std::size_t i = 0; i < base; ++i) {
                TritonConfig cfg = baseConfig(i);
                out.baseIndex.push_back(int(i));
                if (!out.multibufferExpanded) {
                    out.configs.push_back(std::move(cfg));
                    continue;
                }
                out.configs.push_back(cfg);
                if (multibufferIsParam)
                    setKwarg(cfg.kwargs, "multibuffer", ParamValue::boolean(!device.defaultMultibuffer));
                else
                    cfg.kwargs.emplace_back("multibuffer", ParamValue::boolean(!device.defaultMultibuffer));
                out.configs.push_back(std::move(cfg));
                out.baseIndex.push_back(int(i));
            }
        }
        out.origins.assign(out.configs.size(), BackendConfigs::Origin::Generated);
        if (out.configs.empty()) {
            out.warnings.push_back("[WARNING] The generated candidate tiling configs are empty "
                                   "based on provided parameters!");
            out.emptyExplanation = explainEmptyGeneration(out.problem, out.tiles);
        }
    }

    if (out.configs.empty() && launch.userConfigs.empty()) {
        TritonConfig fallback;
        fallback.numWarps = 4;
        fallback.numStages = 2;
        out.configs.push_back(fallback);
        out.origins.push_back(BackendConfigs::Origin::Fallback);
        out.baseIndex.push_back(-1);
        // The backend builds this config with keywords (num_buffers_warp_spec, ...) that the
        // triton.Config shipped at a84b1eb does not accept, so the launch raises here.
        out.error = "TypeError: Config.__init__() got an unexpected keyword argument "
                    "'num_buffers_warp_spec'";
    } else {
        for (const TritonConfig& cfg : launch.userConfigs) {
            out.configs.push_back(cfg);
            out.origins.push_back(BackendConfigs::Origin::User);
            out.baseIndex.push_back(-1);
        }
    }
    return out;
}

} // namespace ts::space
