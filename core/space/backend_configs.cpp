#include "core/space/backend_configs.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
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
    if (!launch.asWritten)
        return backends::policy(launch.backend).generateConfigs(parse, launch, device, options);
    BackendConfigs out;
    out.simtMode = launch.forceSimtOnly;
    out.defaultMultibuffer = device.defaultMultibuffer;
    for (const auto& [axis, value] : launch.keyValues)
        out.key.push_back(std::to_string(value));
    if (!addTensorDtypes(launch, [](const std::string& dtype) { return dtypeBytes(dtype); }, out))
        return out;
    appendConfigs(launch.userConfigs, BackendConfigs::Origin::User, out);
    return out;
}

void addKeyValues(const std::vector<std::int64_t>& values, BackendConfigs& out)
{
    for (const std::int64_t value : values)
        out.key.push_back(std::to_string(value));
}

bool walkTilings(const KernelMetaInput& meta, const GeneratorDevice& device, const BackendOptions& options,
                 BackendConfigs& out)
{
    TileProblemResult made = makeTileProblem(meta, device);
    out.problem = std::move(made.problem);
    if (made.error) {
        out.error = *made.error;
        return false;
    }
    out.problemBuilt = true;
    generateTiles(out.problem, out.tiles, TileGeneratorOptions{options.recordTrail});
    if (out.tiles.error) {
        out.error = *out.tiles.error;
        return false;
    }
    return true;
}

TritonConfig tilingConfig(const BackendConfigs& out, std::size_t i)
{
    const std::size_t k = out.problem.params.size();
    TritonConfig cfg;
    cfg.numWarps = 1;
    cfg.numStages = 1;
    const std::int64_t* v = out.tiles.config(i, k);
    cfg.kwargs.reserve(k + 1);
    for (std::size_t j = 0; j < k; ++j)
        cfg.kwargs.emplace_back(out.problem.params[j], ParamValue::integer(v[j]));
    return cfg;
}

void expandSimtWarps(const LaunchSpec& launch, std::vector<TritonConfig>& configs, std::vector<int>& base,
                     BackendConfigs& out)
{
    out.simtWarps = launch.numWarps ? std::vector<int>{*launch.numWarps} : std::vector<int>{8, 16, 32, 64};
    std::vector<TritonConfig> expanded;
    std::vector<int> expandedBase;
    expanded.reserve(configs.size() * out.simtWarps.size());
    for (std::size_t i = 0; i < configs.size(); ++i)
        for (int warps : out.simtWarps) {
            TritonConfig cfg = configs[i];
            cfg.numWarps = warps;
            expanded.push_back(std::move(cfg));
            expandedBase.push_back(base[i]);
        }
    configs = std::move(expanded);
    base = std::move(expandedBase);
}

void noteEmptyGeneration(BackendConfigs& out)
{
    out.warnings.push_back("[WARNING] The generated candidate tiling configs are empty based on "
                           "provided parameters!");
    out.emptyExplanation = explainEmptyGeneration(out.problem, out.tiles);
}

TritonConfig fallbackConfig()
{
    TritonConfig fallback;
    fallback.numWarps = 4;
    fallback.numStages = 2;
    return fallback;
}

void appendConfigs(const std::vector<TritonConfig>& configs, BackendConfigs::Origin origin, BackendConfigs& out)
{
    for (const TritonConfig& cfg : configs) {
        out.configs.push_back(cfg);
        out.origins.push_back(origin);
        out.baseIndex.push_back(-1);
    }
}

} // namespace ts::space
