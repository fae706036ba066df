// The 2026-08 backend against Triton-Ascend's own autotune runtime at that version: every case
// of tests/data/golden-2026-08 (expected.json made by scripts/reference/run_upstream_2608.py)
// goes through the workflow API with backend 2026-08, and its parse, kernel type, dtype, cache
// key, ordered config list (with every option) and printed warnings, or its exception text,
// must be upstream's. One test per case; a failure lists every field that differs.

#include "backend_versions.h"
#include "core/analysis/analysis_report.h"
#include "core/analysis/cube_parse.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/workflow.h"
#include "core/space/backend_configs.h"
#include "core/space/generator_device.h"
#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

using namespace ts;
using Json = nlohmann::ordered_json;

namespace {

const std::filesystem::path& casesDir()
{
    static const std::filesystem::path dir = test::dataDir() / "golden-2026-08";
    return dir;
}

std::vector<std::string> caseNames()
{
    std::vector<std::string> names;
    if (!std::filesystem::exists(casesDir()))
        return names;
    for (const auto& entry : std::filesystem::directory_iterator(casesDir()))
        if (std::filesystem::exists(entry.path() / "expected.json") &&
            std::filesystem::exists(entry.path() / "workload.json"))
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

const npu::DeviceProfile* deviceProfile(const std::string& soc)
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    return registry.find(soc);
}

// ---- what TileScope concludes, as JSON in the golden files' shapes ----

Json sortedPairs(const analysis::AxisMap& map)
{
    analysis::AxisMap sorted = map;
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    Json out = Json::array();
    for (const auto& [axis, value] : sorted)
        out.push_back({axis, value});
    return out;
}

template <typename T> Json sortedPairs(const std::vector<std::pair<std::string, T>>& items)
{
    auto sorted = items;
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    Json out = Json::array();
    for (const auto& [axis, value] : sorted)
        out.push_back({axis, value});
    return out;
}

Json configJson(const space::TritonConfig& config)
{
    Json kwargs = Json::object();
    for (const auto& [name, value] : config.kwargs)
        kwargs[name] = value.isString ? Json(value.text) : value.isBool ? Json(value.value != 0) : Json(value.value);
    Json out = {{"kwargs", kwargs}};
    // Only the triton.Config fields that differ from its defaults, as the golden files hold them.
    if (config.numWarps != 4)
        out["num_warps"] = config.numWarps;
    if (config.numStages != 3)
        out["num_stages"] = config.numStages;
    return out;
}

// A null list in the golden file (upstream's None) compares as an empty one.
Json orEmptyList(const Json& j)
{
    return j.is_null() ? Json::array() : j;
}

// ---- the comparison ----

class Differences {
public:
    void check(const std::string& field, const Json& expected, const Json& actual)
    {
        if (expected != actual)
            m_lines.push_back(field + "\n      upstream: " + expected.dump() + "\n      tilescope: " + actual.dump());
    }

    // Config lists line by line: '-' upstream only, '+' TileScope only, at the first divergence.
    void checkList(const std::string& field, const Json& expected, const Json& actual)
    {
        if (expected == actual)
            return;
        std::ostringstream out;
        out << field << ": upstream " << expected.size() << ", tilescope " << actual.size();
        std::size_t first = 0;
        while (first < expected.size() && first < actual.size() && expected[first] == actual[first])
            ++first;
        out << "; equal up to index " << first;
        constexpr std::size_t kShown = 8;
        for (std::size_t i = first; i < std::min(expected.size(), first + kShown); ++i)
            out << "\n      - [" << i << "] " << expected[i].dump();
        for (std::size_t i = first; i < std::min(actual.size(), first + kShown); ++i)
            out << "\n      + [" << i << "] " << actual[i].dump();
        m_lines.push_back(out.str());
    }

    void note(std::string line) { m_lines.push_back(std::move(line)); }
    bool empty() const { return m_lines.empty(); }
    // The fields that differ: each line's first word ("configs:" counts as "configs").
    std::set<std::string> fields() const
    {
        std::set<std::string> out;
        for (const std::string& line : m_lines) {
            std::string field = line.substr(0, line.find_first_of(" \n"));
            if (field.ends_with(':'))
                field.pop_back();
            out.insert(field);
        }
        return out;
    }

    std::string report(const std::string& name) const
    {
        std::string text = name + ": " + std::to_string(m_lines.size()) + " difference(s) from upstream";
        for (const std::string& line : m_lines)
            text += "\n  " + line;
        return text;
    }

private:
    std::vector<std::string> m_lines;
};

// The 2026-08 run of one workload. Through analyze + buildSpace when the workload carries its
// backend version; otherwise the same analysis with the generator called for 2026-08 directly.
struct Run2608 {
    std::string failure;  // the workload or analysis could not be used at all
    std::shared_ptr<const analysis::KernelAnalysis> analysis;
    space::BackendConfigs backend;
};

// Whether the workload loader carries a backend version yet (a template, so the check is a
// substitution and the branch that uses it is only compiled where the member exists).
template <typename W>
constexpr bool kWorkloadNamesBackend = requires(W w) { w.backend = test::backend2608(); };

template <typename W = kernel::Workload>
Run2608 run2608(const std::filesystem::path& workloadPath)
{
    Run2608 run;
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(workloadPath.string());
    if (!loaded.workload) {
        run.failure = "workload not loaded: " + (loaded.diagnostics.empty() ? std::string("?")
                                                                            : loaded.diagnostics.front().message);
        return run;
    }
    W workload = *loaded.workload;
    if constexpr (kWorkloadNamesBackend<W>)
        workload.backend = test::backend2608();

    pipeline::AnalyzeResult analysed = pipeline::analyze({workload});
    if (!analysed.ok()) {
        run.failure = "analysis failed: " + (analysed.diagnostics.empty() ? std::string("?")
                                                                           : analysed.diagnostics.front().message);
        return run;
    }
    run.analysis = analysed.analysis;
    const npu::DeviceProfile* device = deviceProfile(workload.device);
    if (!device) {
        run.failure = "unknown device " + workload.device;
        return run;
    }
    if constexpr (kWorkloadNamesBackend<W>) {
        pipeline::SpaceRequest request;
        request.analysis = analysed.analysis;
        request.device = *device;
        pipeline::SpaceResult built = pipeline::buildSpace(request);
        if (!built.space) {
            run.failure = "no candidate space: " + built.problem.english();
            return run;
        }
        run.backend = built.space->backend();
    } else {
        space::LaunchSpec launch = pipeline::launchSpecFor(*analysed.analysis);
        launch.backend = test::backend2608();
        run.backend = space::generateBackendConfigs(analysed.analysis->parse, launch, space::fromProfile(*device));
    }
    return run;
}

// The exception TileScope reports, as "Type: message": the parse's first, then the generator's.
std::string actualError(const Run2608& run)
{
    const analysis::AxisParse& parse = run.analysis->parse;
    if (parse.error)
        return parse.errorType + ": " + *parse.error;
    if (run.backend.error)
        return *run.backend.error;
    return "";
}

void compareVectorAnalysis(const Json& e, const analysis::AxisParse& p, Differences& diff)
{
    diff.check("analysis.axis_arg_names (keys)", e["axis_arg_names"], sortedPairs(p.keys));
    diff.check("analysis.split_params", e["split_params"], sortedPairs(p.splitParams));
    diff.check("analysis.all_split_params", e["all_split_params"], sortedPairs(p.allSplitParams));
    diff.check("analysis.tiling_params", e["tiling_params"], sortedPairs(p.tilingParams));
    diff.check("analysis.fixed_split_params", e["fixed_split_params"], sortedPairs(p.fixedSplitParams));
    diff.check("analysis.low_dim_axes", orEmptyList(e["low_dim_axes"]), Json(p.lowDimAxes));
    diff.check("analysis.reduction_axes", orEmptyList(e["reduction_axes"]), Json(p.reductionAxes));
    diff.check("analysis.persistent_reduction", e["persistent_reduction"], p.persistentReduction);
    diff.check("analysis.dual_reduction", e["dual_reduction"], p.dualReduction);
    diff.check("analysis.num_buffers", e["num_buffers"], p.numBuffers);
    diff.check("analysis.axis_pid_dims", e["axis_pid_dims"], sortedPairs(p.axisPidDims));
    diff.check("analysis.split_axis_pid_dims", e["split_axis_pid_dims"], sortedPairs(p.splitAxisPidDims));
    Json grid = Json::array();
    for (const auto& [dim, size] : p.fixedGridDims)
        grid.push_back({dim, size});
    diff.check("analysis.fixed_grid_dims", e["fixed_grid_dims"], grid);
}

template <typename T> Json optionalJson(const std::optional<T>& v)
{
    return v ? Json(*v) : Json(nullptr);
}

Json cubeAxisJson(const analysis::CubeAxis& axis)
{
    return {{"axis_symbol", optionalJson(axis.axisSymbol)},
            {"length_expr", optionalJson(axis.lengthExpr)},
            {"state", axis.state},
            {"tunable_param", optionalJson(axis.tunableParam)},
            {"const_value", optionalJson(axis.constValue)},
            {"dynamic_source", axis.dynamicSource}};
}

// The cv parse as upstream's CvParseResult fields (dot sites' M/N/K, tunable parameters).
void compareCubeParse(const Json& e, const analysis::AxisParse& p, Differences& diff)
{
    if (!p.cube) {
        diff.note("cube: upstream parsed dot sites, TileScope has no cube parse");
        return;
    }
    const analysis::CubeParse& c = *p.cube;
    diff.check("cube.cv_parse.mode", e["mode"], c.mode);
    diff.check("cube.cv_parse.status", e["status"], c.status);
    Json sites = Json::array();
    for (const analysis::CubeDotSite& site : c.dotSites)
        sites.push_back({{"m", cubeAxisJson(site.m)}, {"n", cubeAxisJson(site.n)}, {"k", cubeAxisJson(site.k)}});
    Json expectedSites = Json::array();
    for (const Json& site : e["dot_sites"])
        expectedSites.push_back({{"m", site["m"]}, {"n", site["n"]}, {"k", site["k"]}});
    diff.checkList("cube.cv_parse.dot_sites (m/n/k)", expectedSites, sites);
    Json tunables = Json::array();
    for (const analysis::CubeTunableParam& t : c.tunableParams)
        tunables.push_back({{"name", t.name}, {"role", t.role}, {"source", t.source}});
    diff.check("cube.cv_parse.tunable_params", e["tunable_params"], tunables);
    diff.check("cube.cv_parse.missing_tunable_params", e["missing_tunable_params"], Json(c.missingTunableParams));
}

// What `analyze --json` reports of the cube parse ("cube": parserMode, each site's M / N / K and
// tunableParams) must be upstream's CvParseResult too: the report is what users compare.
void compareAnalyzeJson(const Json& e, const analysis::KernelAnalysis& a, Differences& diff)
{
    const Json cube = analysis::analysisToJson(a)["cube"];
    if (!cube.is_object()) {
        diff.note("analyze --json: no cube object, upstream parsed dot sites");
        return;
    }
    diff.check("analyze.cube.byBackend", true, cube["byBackend"]);
    diff.check("analyze.cube.parserMode", e["mode"], cube["parserMode"]);
    diff.check("analyze.cube.status", e["status"], cube["status"]);
    Json sites = Json::array();
    for (const Json& site : cube["dotSites"]) {
        Json s;
        for (const char* axis : {"m", "n", "k"})
            s[axis] = {{"axis_symbol", site[axis]["axisSymbol"]},
                       {"length_expr", site[axis]["lengthExpr"]},
                       {"state", site[axis]["state"]},
                       {"tunable_param", site[axis]["tunableParam"]},
                       {"const_value", site[axis]["constValue"]}};
        sites.push_back(std::move(s));
    }
    Json expectedSites = Json::array();
    for (const Json& site : e["dot_sites"]) {
        Json s;
        for (const char* axis : {"m", "n", "k"})
            s[axis] = {{"axis_symbol", site[axis]["axis_symbol"]},
                       {"length_expr", site[axis]["length_expr"]},
                       {"state", site[axis]["state"]},
                       {"tunable_param", site[axis]["tunable_param"]},
                       {"const_value", site[axis]["const_value"]}};
        expectedSites.push_back(std::move(s));
    }
    diff.checkList("analyze.cube.dotSites (m/n/k)", expectedSites, sites);
    diff.check("analyze.cube.tunableParams", e["tunable_params"], cube["tunableParams"]);
}

Differences compareCase(const std::string& name)
{
    Differences diff;
    const Json expected = Json::parse(test::readText(casesDir() / name / "expected.json"));
    const Run2608 run = run2608(casesDir() / name / "workload.json");
    if (!run.failure.empty()) {
        diff.note("no result: " + run.failure);
        return diff;
    }
    const analysis::AxisParse& parse = run.analysis->parse;
    diff.check("parse backend is 2026-08", true, parse.backend == test::backend2608());

    const std::string upstreamError = expected.contains("error") ? expected["error_type"].get<std::string>() + ": " +
                                                                       expected["error"].get<std::string>()
                                                                 : std::string();
    diff.check("error", upstreamError, actualError(run));
    if (!upstreamError.empty())
        return diff;  // upstream raised: the state it stopped in is not part of the contract

    if (!expected["kernel_type"].is_null())
        diff.check("kernel_type", expected["kernel_type"], parse.kernelType);
    if (expected["kernel_type"] == "vector")
        compareVectorAnalysis(expected["analysis"], parse, diff);
    if (expected.contains("cube") && expected["cube"]["cv_parse"].is_object()) {
        compareCubeParse(expected["cube"]["cv_parse"], parse, diff);
        compareAnalyzeJson(expected["cube"]["cv_parse"], *run.analysis, diff);
    }
    diff.check("dtype", expected["dtype"], run.backend.dtype);
    Json key = Json::array();
    for (const auto& item : expected["cache_key"])
        key.push_back(item.is_string() ? item.get<std::string>() : item.dump());
    diff.check("cache_key", key, Json(run.backend.key));

    Json configs = Json::array();
    for (const space::TritonConfig& c : run.backend.configs)
        configs.push_back(configJson(c));
    diff.checkList("configs", expected["configs"], configs);
    diff.check("generated_count", expected["generated_count"], run.backend.generatedCount());

    std::vector<std::string> printed = parse.backendWarnings;
    printed.insert(printed.end(), run.backend.warnings.begin(), run.backend.warnings.end());
    diff.check("stdout", expected["stdout"], Json(printed));
    return diff;
}

// ---- the summary: matching cases of all, printed once at the end ----

std::atomic<int> g_matching{0};
std::atomic<int> g_total{0};

class SummaryEnvironment : public ::testing::Environment {
public:
    void TearDown() override
    {
        if (g_total > 0)
            std::cout << "[golden 2026-08] " << g_matching << " / " << g_total
                      << " cases match upstream's autotune runtime\n";
    }
};

[[maybe_unused]] ::testing::Environment* const g_summary =
    ::testing::AddGlobalTestEnvironment(new SummaryEnvironment);

class Golden2608 : public ::testing::TestWithParam<std::string> {};

} // namespace

TEST(Golden2608Corpus, IsPresent)
{
    EXPECT_GE(caseNames().size(), 40u) << "tests/data/golden-2026-08 is missing or incomplete";
}

// known-differences.txt: case -> the fields it is known to differ in.
std::map<std::string, std::set<std::string>> knownDifferences()
{
    std::map<std::string, std::set<std::string>> known;
    std::ifstream in(casesDir() / "known-differences.txt");
    for (std::string line; std::getline(in, line);) {
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::string name, fields;
        if (!(words >> name >> fields))
            continue;
        std::set<std::string>& set = known[name];
        for (std::size_t at = 0; at <= fields.size();) {
            const std::size_t comma = std::min(fields.find(',', at), fields.size());
            set.insert(fields.substr(at, comma - at));
            at = comma + 1;
        }
    }
    return known;
}

TEST_P(Golden2608, MatchesUpstream)
{
    const Differences diff = compareCase(GetParam());
    ++g_total;
    if (diff.empty())
        ++g_matching;
    static const auto known = knownDifferences();
    const auto listed = known.find(GetParam());
    if (listed == known.end()) {
        EXPECT_TRUE(diff.empty()) << diff.report(GetParam());
        return;
    }
    EXPECT_FALSE(diff.empty()) << GetParam() << " now matches upstream: remove it from known-differences.txt";
    for (const std::string& field : diff.fields())
        EXPECT_TRUE(listed->second.contains(field))
            << GetParam() << " differs in " << field << ", which known-differences.txt does not list\n"
            << diff.report(GetParam());
}

TEST(Golden2608Corpus, KnownDifferencesNameRealCases)
{
    const std::vector<std::string> names = caseNames();
    for (const auto& [name, fields] : knownDifferences())
        EXPECT_TRUE(std::find(names.begin(), names.end(), name) != names.end()) << name << " is not a golden case";
}

INSTANTIATE_TEST_SUITE_P(Cases, Golden2608, ::testing::ValuesIn(caseNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });
