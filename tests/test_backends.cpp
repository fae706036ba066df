// Backend versions are policies: every feature — analyze, space, lattice, tune, export formats,
// logs, guide rules, coverage — runs under every registered version, including a stub version
// this test registers itself at run time, which proves that a new version reaches every feature
// through the registry alone. And the guide's rule kernels are diagnosed under every version.

#include "backend_versions.h"
#include "testutil.h"

#include "core/analysis/axis_parse.h"
#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/pipeline/workflow.h"
#include "core/space/backend_configs.h"
#include "core/tuning/tuning_session.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace ts;

namespace {

// A version of our own: the first release's parse, the tile generator's tilings once each (no
// multibuffer toggle), a fallback that builds, every other hook the interface's default.
class StubPolicy final : public backends::BackendPolicy {
public:
    const kernel::BackendVersionInfo& info() const override
    {
        static const kernel::BackendVersionInfo kInfo = {"stub-1", "example/stub", "0000000000000000000000000000000000000001",
                                                         "2026-12-01", "a version registered by a test"};
        return kInfo;
    }

    analysis::AxisParse parseAxes(const analysis::ParseInput& input) const override
    {
        return analysis::autoparseAxes(input);
    }

    space::BackendConfigs generateConfigs(const analysis::AxisParse& parse, const space::LaunchSpec& launch,
                                          const space::GeneratorDevice& device,
                                          const space::BackendOptions& options) const override
    {
        space::BackendConfigs out;
        out.defaultMultibuffer = device.defaultMultibuffer;
        space::addKeyValues(launch.keyListValues, out);
        if (!space::addTensorDtypes(launch, [](const std::string& d) { return space::dtypeBytes(d); }, out))
            return out;
        out.generationRan = launch.userConfigs.empty();
        if (out.generationRan && !parse.error &&
            space::walkTilings(space::kernelMetaFor(parse, launch, out.dtypeBytes), device, options, out))
            for (std::size_t i = 0; i < out.tiles.count(); ++i) {
                out.configs.push_back(space::tilingConfig(out, i));
                out.origins.push_back(space::BackendConfigs::Origin::Generated);
                out.baseIndex.push_back(int(i));
            }
        if (parse.error && out.generationRan)
            out.error = *parse.error;
        space::appendConfigs(launch.userConfigs, space::BackendConfigs::Origin::User, out);
        if (out.configs.empty()) {
            out.configs.push_back(space::fallbackConfig());
            out.origins.push_back(space::BackendConfigs::Origin::Fallback);
            out.baseIndex.push_back(-1);
        }
        return out;
    }

    std::vector<std::string> autotuningLog(const analysis::KernelAnalysis& analysis, const space::CandidateSpace&,
                                           const tuning::TuningResult& result,
                                           const tuning::TuningOptions&) const override
    {
        return {"stub: " + analysis.kernel->name + " tuned " + std::to_string(result.tuned.size()) + " configs"};
    }
};

kernel::BackendVersion stubVersion()
{
    static const kernel::BackendVersion version = [] {
        auto registered = backends::registerBackend(std::make_unique<StubPolicy>());
        EXPECT_TRUE(registered);
        return registered ? *registered : kernel::defaultBackend();
    }();
    return version;
}

std::shared_ptr<const analysis::KernelAnalysis> analyse(kernel::Workload w)
{
    const pipeline::AnalyzeResult r = pipeline::analyze({std::move(w)});
    EXPECT_TRUE(r.ok()) << (r.diagnostics.empty() ? "" : r.diagnostics[0].format());
    return r.analysis;
}

kernel::Workload example(const std::string& name, kernel::BackendVersion version)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload((test::examplesDir() / name).string());
    EXPECT_TRUE(loaded.workload);
    kernel::Workload w = loaded.workload ? *loaded.workload : kernel::Workload{};
    w.backend = version;
    return w;
}

// The analysis of a workload file under `version`; null when the file does not load.
std::shared_ptr<const analysis::KernelAnalysis> analyseFile(const std::filesystem::path& file,
                                                            kernel::BackendVersion version)
{
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(file.string());
    EXPECT_TRUE(loaded.workload) << file;
    if (!loaded.workload)
        return nullptr;
    loaded.workload->backend = version;
    return analyse(*loaded.workload);
}

// The first diagnostic with `code`; null when there is none.
const Diagnostic* diagnosticOf(const analysis::KernelAnalysis& a, const std::string& code)
{
    const auto d = std::find_if(a.diagnostics.begin(), a.diagnostics.end(),
                                [&](const Diagnostic& x) { return x.code == code; });
    return d == a.diagnostics.end() ? nullptr : &*d;
}

bool hasCode(const analysis::KernelAnalysis& a, const std::string& code)
{
    return std::any_of(a.diagnostics.begin(), a.diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
}

std::string codes(const analysis::KernelAnalysis& a)
{
    std::string out;
    for (const Diagnostic& d : a.diagnostics)
        out += d.code + " ";
    return out;
}

} // namespace

TEST(Backends, RegistryNamesTheBuiltInVersionsAndTakesANewOne)
{
    const std::vector<kernel::BackendVersion> before = backends::registeredVersions();
    ASSERT_GE(before.size(), 2u);
    EXPECT_EQ(kernel::backendName(backends::defaultVersion()), "2026-08");
    EXPECT_EQ(kernel::backendName(backends::firstVersion()), "2026-04");
    const kernel::BackendVersion stub = stubVersion();
    EXPECT_EQ(kernel::parseBackendVersion("stub-1"), stub);
    EXPECT_NE(kernel::defaultBackend(), stub); // a run-time version is never the default
    // A name already taken is refused.
    EXPECT_FALSE(backends::registerBackend(std::make_unique<StubPolicy>()));
    EXPECT_NE(kernel::backendNames().find("stub-1"), std::string::npos);
    // A workload names it like any other.
    const kernel::WorkloadLoadResult parsed =
        kernel::parseWorkload(R"({"kernel": "add.py", "backend": "stub-1", "args": {}})",
                              (test::examplesDir() / "x.json").string());
    ASSERT_TRUE(parsed.workload);
    EXPECT_EQ(parsed.workload->backend, stub);
}

// Every feature under every registered version, the stub included: the vector add (analyze,
// space, lattice, tune, its log, every export format), guide_violations (guide rules, coverage)
// and the matmul (a tl.dot kernel: analysis, space, coverage).
TEST(Backends, EveryFeatureRunsUnderEveryVersion)
{
    stubVersion();
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* device = registry.find("Ascend910B2");
    ASSERT_TRUE(device);
    const std::filesystem::path dir = test::scratchDir("backends");
    for (const kernel::BackendVersion version : backends::registeredVersions()) {
        const std::string name(kernel::backendName(version));
        SCOPED_TRACE(name);
        const backends::BackendPolicy& policy = backends::policy(version);

        // analyze
        const auto add = analyse(example("add.json", version));
        ASSERT_TRUE(add);
        EXPECT_EQ(add->parse.backend, version);
        EXPECT_FALSE(add->inError()) << codes(*add);
        ASSERT_TRUE(add->launch);

        // space and lattice
        pipeline::SpaceRequest spaceRequest{add, *device, {}};
        const pipeline::SpaceResult space = pipeline::buildSpace(spaceRequest);
        ASSERT_TRUE(space.space) << space.problem;
        EXPECT_GT(space.space->countOrigin(space::CandidateStatus::Generated), 0u);
        spaceRequest.options.lattice = true;
        const pipeline::SpaceResult lattice = pipeline::buildSpace(spaceRequest);
        ASSERT_TRUE(lattice.space);
        // A vector kernel's lattice, whichever way the version lays out its space; the backend's
        // list comes first in it.
        if (policy.latticeUnavailable().empty()) {
            EXPECT_TRUE(lattice.space->hasLattice());
            EXPECT_GT(lattice.space->size(), space.space->size());
            for (std::size_t i = 0; i < space.space->size(); ++i)
                ASSERT_EQ(lattice.space->params(i), space.space->params(i)) << i;
        } else {
            EXPECT_FALSE(lattice.space->notes().empty());
        }
        for (std::size_t i = 0; i < lattice.space->size(); ++i)
            ASSERT_EQ(lattice.space->coverage(i), analysis::Coverage::Correct) << lattice.space->coverageNote(i);

        // tune, its log
        pipeline::TuneRequest tuneRequest;
        tuneRequest.analysis = add;
        tuneRequest.device = *device;
        tuneRequest.options.jobs = 1;
        tuneRequest.space = space.space;
        const pipeline::TuneResult tuned = pipeline::tune(tuneRequest);
        ASSERT_TRUE(tuned.record) << tuned.error.value_or(ts::msg::Message());
        ASSERT_TRUE(tuned.result && tuned.result->best);
        EXPECT_EQ(space.space->coverage(*tuned.result->best), analysis::Coverage::Correct);
        EXPECT_EQ(tuned.record->key.backend, name);
        EXPECT_FALSE(tuning::autotuningLog(*add, *space.space, *tuned.result).empty());

        // every export format
        for (const pipeline::ExportFormat format : {pipeline::ExportFormat::Python, pipeline::ExportFormat::JsonReport,
                                                    pipeline::ExportFormat::CsvReport,
                                                    pipeline::ExportFormat::TritonAutotuneJson}) {
            pipeline::ExportRequest request;
            request.record = std::make_shared<const cache::TuningRecord>(*tuned.record);
            request.format = format;
            const pipeline::ExportResult exported = pipeline::exportTuning(request);
            EXPECT_TRUE(exported.ok())
                << exported.error.value_or(msg::Message()) << " format " << int(format);
            EXPECT_FALSE(exported.text.empty());
        }
        // A record of a version this build does not model: its Triton cache file is refused, not
        // written by the default version's rules.
        {
            cache::TuningRecord unknown = *tuned.record;
            unknown.key.backend = "2099-01";
            pipeline::ExportRequest request;
            request.record = std::make_shared<const cache::TuningRecord>(unknown);
            request.format = pipeline::ExportFormat::TritonAutotuneJson;
            const pipeline::ExportResult refused = pipeline::exportTuning(request);
            EXPECT_FALSE(refused.ok());
            ASSERT_TRUE(refused.error);
            EXPECT_NE(refused.error->english().find("backend version '2099-01'"), std::string::npos)
                << *refused.error;
        }

        // guide rules and coverage: the static grid over XBLOCK
        const auto violations = analyse(example("guide_violations.json", version));
        ASSERT_TRUE(violations);
        EXPECT_TRUE(hasCode(*violations, "grid-not-lambda")) << codes(*violations);
        EXPECT_TRUE(hasCode(*violations, "tunable-has-default") || hasCode(*violations, "tunable-must-stay"))
            << codes(*violations);
        ASSERT_TRUE(violations->launch);
        const analysis::LaunchFigures two = violations->launch->evaluate({{"XBLOCK", 2}});
        EXPECT_EQ(two.coverage, analysis::Coverage::Incorrect);
        EXPECT_EQ(two.programs, 512);

        // a tl.dot kernel
        const auto matmul = analyse(example("matmul.json", version));
        ASSERT_TRUE(matmul && matmul->launch);
        EXPECT_TRUE(matmul->launch->usesCube());
        const pipeline::SpaceResult matmulSpace = pipeline::buildSpace({matmul, *device, {}});
        ASSERT_TRUE(matmulSpace.space);
    }
}

// The guide's rules, one kernel each, under every registered version: a rule that holds in a
// version is diagnosed there.
TEST(Backends, EveryGuideRuleKernelIsDiagnosedUnderEveryVersion)
{
    stubVersion();
    const std::filesystem::path dir = test::scratchDir("guide-rules");
    const std::string header = "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n";
    const std::string add = R"(@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    block_start = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        offsets = block_start + sub + tl.arange(0, XBLOCK_SUB)
        mask = offsets < n_elements
        tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask), mask=mask)
)";
    const std::string decorator = "@triton.autotune(configs=[], key=['n_elements'])\n";
    const std::string addArgs = R"("x_ptr": {"tensor": "float16", "shape": [98432]}, "y_ptr": {"tensor": "float16", "shape": [98432]},
        "out_ptr": {"tensor": "float16", "shape": [98432]}, "n_elements": 98432)";
    const std::string lambda = "\"lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)\"";
    std::string withDefault = add;
    withDefault.replace(withDefault.find("XBLOCK_SUB: tl.constexpr"), 24, "XBLOCK_SUB: tl.constexpr = 1024");
    struct Rule {
        std::string code;
        std::string source;
        std::string args;
        std::string grid;
    };
    const std::vector<Rule> rules = {
        {"missing-ascend-runtime-import", "import triton\nimport triton.language as tl\n\n" + decorator + add,
         addArgs, lambda},
        {"autotune-not-directly-over-jit",
         header + "import functools\n" + decorator + "@functools.wraps(print)\n" + add, addArgs, lambda},
        {"tunable-has-default", header + decorator + withDefault, addArgs, lambda},
        {"tunable-fixed-at-launch", header + decorator + add, addArgs + R"(, "XBLOCK_SUB": 512)", lambda},
        {"grid-not-lambda", header + decorator + add, addArgs, "[48]"},
        {"split-fixed-by-grid", header + decorator + add, addArgs, "[48]"},
        {"key-unknown-arg", header + "@triton.autotune(configs=[], key=['n_elements', 'M'])\n" + add, addArgs,
         lambda},
        {"side-effects-without-hooks", header + decorator + R"(@triton.jit
def count_kernel(x_ptr, out_ptr, n_elements, XBLOCK: tl.constexpr):
    offsets = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    mask = offsets < n_elements
    tl.atomic_add(out_ptr, tl.sum(tl.load(x_ptr + offsets, mask=mask), axis=0))
)",
         R"("x_ptr": {"tensor": "float32", "shape": [4096]}, "out_ptr": {"tensor": "float32", "shape": [1]}, "n_elements": 4096)",
         lambda},
        {"no-tunable-params", header + decorator + R"(@triton.jit
def copy(x_ptr, y_ptr, n_elements):
    offs = tl.program_id(0) * 1024 + tl.arange(0, 1024)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n_elements), mask=offs < n_elements)
)",
         R"("x_ptr": {"tensor": "float16", "shape": [8192]}, "y_ptr": {"tensor": "float16", "shape": [8192]}, "n_elements": 8192)",
         "[8]"},
        {"hint-unknown",
         header + "@triton.autotune(configs=[], key=['n_elements'], hints={'FANCY': [1, 2]})\n" + add,
         addArgs, lambda},
        {"user-prune-function",
         header + "def prune(configs, nargs, **kw):\n    return configs\n\n" +
             "@triton.autotune(configs=[], key=['n_elements'], prune_configs_by={'early_config_prune': "
             "prune})\n" +
             add,
         addArgs, lambda},
    };
    for (const kernel::BackendVersion version : backends::registeredVersions()) {
        for (std::size_t r = 0; r < rules.size(); ++r) {
            const Rule& rule = rules[r];
            SCOPED_TRACE(std::string(kernel::backendName(version)) + " " + rule.code);
            const std::string stem = "rule" + std::to_string(r);
            std::ofstream(dir / (stem + ".py")) << rule.source;
            std::ofstream(dir / (stem + ".json")) << "{\"kernel\": \"" << stem << ".py\", \"args\": {" << rule.args
                                                  << "}, \"grid\": " << rule.grid << "}";
            kernel::WorkloadLoadResult loaded = kernel::loadWorkload((dir / (stem + ".json")).string());
            ASSERT_TRUE(loaded.workload);
            loaded.workload->backend = version;
            const auto a = analyse(*loaded.workload);
            ASSERT_TRUE(a);
            EXPECT_TRUE(hasCode(*a, rule.code)) << codes(*a);
        }
    }
}

// A version changed a rule: under 2026-08 a defaulted parameter stays untuned unless
// hints["tunable_parameter"] lists it, and the fix says so; under 2026-04 removing the default
// is the fix. The advice names what each version needs.
TEST(Backends, TheWordingOfARuleIsTheVersionsOwn)
{
    const std::filesystem::path dir = test::scratchDir("rule-wording");
    std::ofstream(dir / "k.py") << "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n"
                                << R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 512):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
)";
    std::ofstream(dir / "k.json") << R"json({"kernel": "k.py", "args": {"x_ptr": {"tensor": "float32", "shape": [65536]},
        "y_ptr": {"tensor": "float32", "shape": [65536]}, "n": 65536},
        "grid": "lambda meta: (triton.cdiv(n, meta['BLOCK']),)"})json";
    for (const kernel::BackendVersion version : {test::backend2604(), test::backend2608()}) {
        const auto a = analyseFile(dir / "k.json", version);
        ASSERT_TRUE(a);
        const Diagnostic* d = diagnosticOf(*a, "tunable-has-default");
        ASSERT_TRUE(d) << codes(*a);
        EXPECT_FALSE(hasCode(*a, "no-tunable-params")) << codes(*a);
        const bool listsIt = d->message.find("tunable_parameter") != std::string::npos;
        EXPECT_EQ(listsIt, version == test::backend2608()) << d->message;
    }
}

// A grid dimension fixed whatever the split parameter is: 2026-04 leaves the split untuned (the
// kernel runs with the grid's share), 2026-08 tunes it from that share down, and every smaller
// value leaves rows unprocessed. Both get the rule; the fix each proposes keeps every candidate
// correct. A grid fixed only up to a value is said to be so.
TEST(Backends, AFixedGridSplitIsDiagnosedInEachVersionsFacts)
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* device = registry.find("Ascend910B2");
    ASSERT_TRUE(device);
    const std::filesystem::path dir = test::scratchDir("fixed-grid-split");
    std::ofstream(dir / "k.py")
        << "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n"
        << R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
)";
    const std::string args =
        R"("x_ptr": {"tensor": "float32", "shape": [8000]}, "y_ptr": {"tensor": "float32", "shape": [8000]}, "n": 8000)";
    std::ofstream(dir / "k.json") << "{\"kernel\": \"k.py\", \"args\": {" << args << "}, \"grid\": [8]}";
    std::ofstream(dir / "fixed.json")
        << "{\"kernel\": \"k.py\", \"args\": {" << args << ", \"BLOCK\": 1000}, \"grid\": [8]}";
    for (const kernel::BackendVersion version : {test::backend2604(), test::backend2608()}) {
        SCOPED_TRACE(std::string(kernel::backendName(version)));
        const auto a = analyseFile(dir / "k.json", version);
        ASSERT_TRUE(a);
        const Diagnostic* d = diagnosticOf(*a, "split-fixed-by-grid");
        ASSERT_TRUE(d) << codes(*a);
        EXPECT_NE(d->message.find("grid dim 0 is 8 whatever BLOCK is"), std::string::npos) << d->message;
        EXPECT_NE(d->message.find("each program gets 1000 elements of axis x"), std::string::npos)
            << d->message;
        const bool tunesIt = version == test::backend2608();
        EXPECT_EQ(d->message.find("does not tune the split parameter BLOCK") != std::string::npos, !tunesIt)
            << d->message;
        EXPECT_EQ(d->message.find("pass BLOCK=1000 at launch") != std::string::npos, tunesIt) << d->message;
        EXPECT_EQ(d->message.find("unprocessed (BLOCK=500: covers 4,000 of 8,000") != std::string::npos,
                  tunesIt)
            << d->message;
        if (tunesIt) {
            // What the rule says: the version generates BLOCK below the grid's share, incorrect.
            const pipeline::SpaceResult space = pipeline::buildSpace({a, *device, {}});
            ASSERT_TRUE(space.space);
            EXPECT_GT(space.space->count(space::CandidateStatus::Incorrect), 0u);
        }

        // The fix it gives: BLOCK passed at the grid's share leaves no candidate incorrect.
        const auto fixedAnalysis = analyseFile(dir / "fixed.json", version);
        ASSERT_TRUE(fixedAnalysis);
        EXPECT_FALSE(hasCode(*fixedAnalysis, "split-fixed-by-grid")) << codes(*fixedAnalysis);
        const pipeline::SpaceResult fixedSpace = pipeline::buildSpace({fixedAnalysis, *device, {}});
        ASSERT_TRUE(fixedSpace.space);
        EXPECT_EQ(fixedSpace.space->count(space::CandidateStatus::Incorrect), 0u);

        // A loop that strides by the grid covers the axis whatever BLOCK is: a version that tunes
        // BLOCK breaks nothing, so only the version that leaves it untuned has the note.
        std::ofstream(dir / "strided.py")
            << "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n"
            << R"(@triton.autotune(configs=[], key=['n'])
@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    for start in range(tl.program_id(0) * BLOCK, n, 8 * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
)";
        std::ofstream(dir / "strided.json")
            << "{\"kernel\": \"strided.py\", \"args\": {" << args << "}, \"grid\": [8]}";
        const auto strided = analyseFile(dir / "strided.json", version);
        ASSERT_TRUE(strided);
        EXPECT_EQ(hasCode(*strided, "split-fixed-by-grid"), !tunesIt) << codes(*strided);

        // A grid the parse sees fixed (it probes the split up to 512) that a larger BLOCK
        // shrinks: the note says up to which value the dim holds, never "whatever".
        std::ofstream(dir / "shrinking.json")
            << "{\"kernel\": \"k.py\", \"args\": {" << args << "}, "
            << R"j("grid": "lambda meta: (min(triton.cdiv(n, meta['BLOCK']), 8),)"})j";
        const auto shrinking = analyseFile(dir / "shrinking.json", version);
        ASSERT_TRUE(shrinking);
        const Diagnostic* upTo = diagnosticOf(*shrinking, "split-fixed-by-grid");
        ASSERT_TRUE(upTo) << codes(*shrinking);
        // cdiv(8000, 1142) is 8, cdiv(8000, 1143) is 7.
        EXPECT_NE(upTo->message.find("grid dim 0 is 8 for every BLOCK up to 1142 (fewer programs above)"),
                  std::string::npos)
            << upTo->message;
        for (const Diagnostic& any : shrinking->diagnostics)
            EXPECT_EQ(any.message.find("whatever BLOCK is"), std::string::npos) << any.message;
    }
}
