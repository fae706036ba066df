// Triton-Ascend 2026-08's candidate list (Geofeng12138/triton-ascend 189dd87: autotuner.py's
// generate_key_and_configs, _gen_tile_configs, _expand_simd_multibuffer_configs,
// _expand_simt_num_warps_configs and _expand_configs_with_hints; tile_generator.py).
//
// What changed since 2026-04: axes keep base names and reductions come as a list; axis sizes
// come from the parse's axis table (with the 4096 / 512 fallbacks); every SIMD tiling is listed
// twice, default multibuffer first, each with num_stages coupled to it (True -> 2, False -> 1);
// a launch-fixed num_stages or multibuffer skips that expansion; hints that name constexpr
// parameters or compile options multiply the list; the empty fallback config no longer raises;
// unsigned dtypes have a size.
#include "core/backends/v2608/policy.h"
#include "core/backends/v2608/vector_parse.h"
#include "core/space/backend_configs.h"
#include "core/space/cube_generator.h"

#include <algorithm>

namespace ts::backends::v2608 {
namespace {

using namespace space;

// The dtype sizes of 189dd87's utils.py, which added the unsigned types.
int dtypeBytes2608(const std::string& dtype)
{
    std::string name = canonicalDtype(dtype);
    if (name == "torch.uint16")
        return 2;
    if (name == "torch.uint32")
        return 4;
    if (name == "torch.uint64")
        return 8;
    return dtypeBytes(dtype);
}

std::string pyStrMapRepr(const analysis::AxisMap& map)
{
    std::string out = "{";
    for (std::size_t i = 0; i < map.size(); ++i)
        out += (i ? ", '" : "'") + map[i].first + "': '" + map[i].second + "'";
    return out + "}";
}

std::string pyIntMapRepr(const std::vector<std::pair<std::string, std::int64_t>>& map)
{
    std::string out = "{";
    for (std::size_t i = 0; i < map.size(); ++i)
        out += (i ? ", '" : "'") + map[i].first + "': " + std::to_string(map[i].second);
    return out + "}";
}

std::string pyStrListRepr(const std::vector<std::string>& items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", '" : "'") + items[i] + "'";
    return out + "]";
}

std::string pyBool(bool v)
{
    return v ? "True" : "False";
}

// The tile inputs (vector_axes materialised), as upstream prints them.
void logTileInputs(const analysis::AxisParse& parse, const analysis::VectorParse2608& vp,
                   const KernelMetaInput& meta, std::vector<std::string>& log)
{
    analysis::AxisMap split, tiling;
    for (const analysis::VectorAxis2608& a : vp.axes) {
        if (!a.splitParam.empty())
            split.emplace_back(a.name, a.splitParam);
        if (!a.tilingParam.empty())
            tiling.emplace_back(a.name, a.tilingParam);
    }
    log.push_back("Ascend autotuning vector tile inputs: axis_sizes=" + pyIntMapRepr(meta.axisSizes) +
                  ", split_params=" + pyStrMapRepr(split) + ", fixed_split_params=" +
                  pyIntMapRepr(parse.fixedSplitParams) + ", tiling_params=" + pyStrMapRepr(tiling) +
                  ", low_dim_axes=" + pyStrListRepr(vp.lowDimAxes) +
                  ", reduction_axes=" + pyStrListRepr(vp.reductionAxes) + ", persistent_reduction=" +
                  pyBool(parse.persistentReduction) + ", dual_reduction=" + pyBool(parse.dualReduction) +
                  ", num_buffers=" + std::to_string(parse.numBuffers));
}

std::optional<ParamValue> toParamValue(const py::Value& v)
{
    if (v.isBool())
        return ParamValue::boolean(v.asBool());
    if (v.isInt())
        return ParamValue::integer(v.asInt());
    if (v.isStr())
        return ParamValue::string(v.asStr());
    return std::nullopt;
}

// _expand_configs_with_hints: every config times the Cartesian product of the hint lists.
std::vector<TritonConfig>
expandWithHints(const std::vector<TritonConfig>& configs,
                const std::vector<std::pair<std::string, std::vector<py::Value>>>& hints,
                std::vector<std::string>& warnings)
{
    if (hints.empty() || configs.empty())
        return configs;
    std::vector<TritonConfig> out;
    std::vector<std::size_t> at(hints.size(), 0);
    for (const TritonConfig& base : configs) {
        std::fill(at.begin(), at.end(), 0);
        while (true) {
            TritonConfig cfg = base;
            for (std::size_t i = 0; i < hints.size(); ++i) {
                const py::Value& v = hints[i].second[at[i]];
                if (hints[i].first == "num_stages") {
                    cfg.numStages = int(v.asInt());
                } else if (auto p = toParamValue(v)) {
                    setKwarg(cfg.kwargs, hints[i].first, *p);
                } else {
                    const std::string w = "hint " + hints[i].first + " value " + v.repr() +
                                          " is not an int, bool or str; TileScope leaves it out of the config";
                    if (std::find(warnings.begin(), warnings.end(), w) == warnings.end())
                        warnings.push_back(w);
                }
            }
            out.push_back(std::move(cfg));
            std::size_t i = hints.size();
            while (i > 0 && ++at[i - 1] == hints[i - 1].second.size())
                at[--i] = 0;
            if (i == 0)
                break;
        }
    }
    return out;
}

} // namespace

space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                      const space::GeneratorDevice& device, const space::BackendOptions& options)
{
    using namespace space;
    BackendConfigs out;
    out.simtMode = launch.forceSimtOnly;
    out.defaultMultibuffer = device.defaultMultibuffer;
    static const analysis::VectorParse2608 kEmpty;
    const analysis::VectorParse2608* parsed = analysis::vectorParse2608(parse);
    const analysis::VectorParse2608& vp = parsed ? *parsed : kEmpty;

    addKeyValues(launch.keyListValues, out);
    if (!addTensorDtypes(launch, dtypeBytes2608, out))
        return out;

    // hints that expand configs; with handwritten configs num_stages [1, 2] joins them.
    auto configHints = vp.configHints;
    if (!launch.userConfigs.empty() && !configHints.empty() &&
        std::none_of(configHints.begin(), configHints.end(),
                     [](const auto& h) { return h.first == "num_stages"; }))
        configHints.emplace_back("num_stages",
                                 std::vector<py::Value>{py::Value::integer(1), py::Value::integer(2)});

    std::vector<TritonConfig> generated;
    out.generationRan = launch.userConfigs.empty() || launch.autoGenConfigHint;
    if (out.generationRan) {
        if (parse.error) {
            out.error = *parse.error;
            return out;
        }
        if (parse.cube) {
            // Cube / mix kernels: the cv tile generator with its L1 / L0 pruning, then the
            // hints' expansion; no multibuffer toggle, no print of the vector path.
            CubeGenOptions cubeOptions;
            cubeOptions.dtype = out.dtype.starts_with("torch.") ? out.dtype.substr(6) : out.dtype;
            cubeOptions.maxPrunedRecords = options.maxCubePrunedRecords;
            auto cube = std::make_shared<CubeGeneration>(
                generateCubeConfigs(*parse.cube, CubeHardware::forSoc(device.soc), cubeOptions));
            out.cube = cube;
            if (cube->error) {
                out.error = *cube->error;
                return out;
            }
            if (vp.configHintError && !configHints.empty()) {
                out.error = "ValueError: " + *vp.configHintError;
                return out;
            }
            generated = expandWithHints(cube->configs, configHints, out.warnings);
            const std::size_t per = cube->configs.empty() ? 1 : generated.size() / cube->configs.size();
            for (std::size_t i = 0; i < generated.size(); ++i)
                out.baseIndex.push_back(int(i / per));
        } else {
            KernelMetaInput meta = kernelMetaFor(parse, launch, out.dtypeBytes);
            meta.axisSizes = analysis::materializeAxisSizes2608(vp, launch.keyValues);
            meta.splitParams.clear();
            meta.tilingParams.clear();
            for (const analysis::VectorAxis2608& a : vp.axes) {
                if (!a.splitParam.empty())
                    meta.splitParams.emplace_back(a.name, a.splitParam);
                if (!a.tilingParam.empty())
                    meta.tilingParams.emplace_back(a.name, a.tilingParam);
            }
            meta.lowDimAxes = vp.lowDimAxes;
            meta.reductionAxes = vp.reductionAxes;
            logTileInputs(parse, vp, meta, out.log);

            if (!walkTilings(meta, device, options, out))
                return out;
            for (std::size_t i = 0; i < out.tiles.count(); ++i) {
                generated.push_back(tilingConfig(out, i));
                out.baseIndex.push_back(int(i));
            }

            std::vector<TritonConfig> expanded;
            std::vector<int> expandedBase;
            if (out.simtMode) {
                expanded = generated;
                expandedBase = out.baseIndex;
                expandSimtWarps(launch, expanded, expandedBase, out);
                std::string list;
                for (std::size_t i = 0; i < out.simtWarps.size(); ++i)
                    list += (i ? ", " : "") + std::to_string(out.simtWarps[i]);
                out.log.push_back("Triton autotuning: Expanded to " + std::to_string(expanded.size()) +
                                  " SIMT configs (with warps: [" + list + "])");
            } else if (vp.launchNumStages || vp.launchMultibuffer) {
                // Launch-fixed: one config per tiling, num_stages and multibuffer kept consistent.
                for (std::size_t i = 0; i < generated.size(); ++i) {
                    TritonConfig cfg = generated[i];
                    if (vp.launchNumStages) {
                        cfg.numStages = int(*vp.launchNumStages);
                        if (!vp.launchMultibuffer)
                            setKwarg(cfg.kwargs, "multibuffer",
                                     ParamValue::boolean(*vp.launchNumStages != 1));
                    } else {
                        cfg.numStages = *vp.launchMultibuffer ? 2 : 1;
                    }
                    expanded.push_back(std::move(cfg));
                    expandedBase.push_back(int(i));
                }
                out.log.push_back(
                    "Triton autotuning: Skip SIMD multibuffer expansion because user specified multibuffer=" +
                    (vp.launchMultibuffer ? pyBool(*vp.launchMultibuffer) : std::string("None")) +
                    ", num_stages=" +
                    (vp.launchNumStages ? std::to_string(*vp.launchNumStages) : std::string("None")));
            } else {
                out.multibufferExpanded = true;
                const bool opposite = !device.defaultMultibuffer;
                for (std::size_t i = 0; i < generated.size(); ++i) {
                    TritonConfig cfg = generated[i];
                    const ParamValue* own = findKwarg(cfg.kwargs, "multibuffer");
                    const bool base = own ? own->value != 0 : device.defaultMultibuffer;
                    setKwarg(cfg.kwargs, "multibuffer", ParamValue::boolean(base));
                    cfg.numStages = base ? 2 : 1;
                    TritonConfig other = cfg;
                    setKwarg(other.kwargs, "multibuffer", ParamValue::boolean(opposite));
                    other.numStages = opposite ? 2 : 1;
                    expanded.push_back(std::move(cfg));
                    expanded.push_back(std::move(other));
                    expandedBase.push_back(int(i));
                    expandedBase.push_back(int(i));
                }
                out.log.push_back("Triton autotuning: Expanded to " + std::to_string(expanded.size()) +
                                  " SIMD configs (toggle multibuffer=" + pyBool(opposite) + ")");
            }
            if (expanded.empty()) {
                noteEmptyGeneration(out);
                out.log.push_back(out.warnings.back());
            }
            out.log.push_back("Generated configs number: " + std::to_string(expanded.size()));
            if (vp.configHintError && !configHints.empty()) {
                out.error = "ValueError: " + *vp.configHintError;
                return out;
            }
            generated = expandWithHints(expanded, configHints, out.warnings);
            out.baseIndex.clear();
            const std::size_t per = expanded.empty() ? 1 : generated.size() / expanded.size();
            for (std::size_t i = 0; i < generated.size(); ++i)
                out.baseIndex.push_back(expandedBase[i / per]);
        }
    }
    if (vp.configHintError && !configHints.empty()) {
        out.error = "ValueError: " + *vp.configHintError;
        return out;
    }
    const std::vector<TritonConfig> user = expandWithHints(launch.userConfigs, configHints, out.warnings);

    out.configs = std::move(generated);
    out.origins.assign(out.configs.size(), BackendConfigs::Origin::Generated);
    if (out.configs.empty() && user.empty()) {
        // Config({}, num_warps=4, num_stages=2, num_ctas=1): accepted by 189dd87's triton.Config.
        out.configs.push_back(fallbackConfig());
        out.origins.push_back(BackendConfigs::Origin::Fallback);
        out.baseIndex.push_back(-1);
        return out;
    }
    appendConfigs(user, BackendConfigs::Origin::User, out);
    return out;
}

} // namespace ts::backends::v2608
