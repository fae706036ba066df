// Workload (launch spec) files: the documented format, relative paths, and clear errors.

#include "backend_versions.h"
#include "core/kernel/workload.h"
#include "testutil.h"

#include <gtest/gtest.h>

using namespace ts::kernel;

TEST(Workload, ReadsTheDocumentedFormat)
{
    const std::string text = R"JSON({
        "kernel": "add.py", "function": "add_kernel",
        "args": {"x_ptr": {"tensor": "float16", "shape": [98432]}, "n_elements": 98432, "BLOCK_M": 64,
                 "scale": 0.5, "flag": true, "mode": "fast", "none": null},
        "grid": "lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),)",
        "device": "Ascend910B4", "seed": 7, "bench_method": "npu", "comment": "ignored"})JSON";
    WorkloadLoadResult r = parseWorkload(text, "/tmp/wl/work.json");
    ASSERT_TRUE(r.workload) << (r.diagnostics.empty() ? "" : r.diagnostics[0].format());
    const Workload& w = *r.workload;
    EXPECT_EQ(w.kernelPath, "/tmp/wl/add.py");
    EXPECT_EQ(w.function, "add_kernel");
    ASSERT_EQ(w.args.size(), 7u);
    EXPECT_EQ(w.args[0].first, "x_ptr");
    EXPECT_EQ(w.arg("x_ptr")->kind, ArgValue::Kind::Tensor);
    EXPECT_EQ(w.arg("x_ptr")->describe(), "float16[98432]");
    EXPECT_EQ(w.arg("n_elements")->intValue, 98432);
    EXPECT_EQ(w.arg("scale")->kind, ArgValue::Kind::Float);
    EXPECT_EQ(w.arg("flag")->kind, ArgValue::Kind::Bool);
    EXPECT_EQ(w.arg("mode")->text, "fast");
    EXPECT_EQ(w.arg("none")->kind, ArgValue::Kind::None);
    EXPECT_EQ(w.grid.kind, GridArg::Kind::Expression);
    EXPECT_EQ(w.device, "Ascend910B4");
    EXPECT_EQ(w.seed, 7u);
    EXPECT_EQ(w.benchMethod, "npu");
}

TEST(Workload, StaticGridAndDefaults)
{
    WorkloadLoadResult r = parseWorkload(R"({"kernel": "k.py", "args": {}, "grid": [48, 1]})", "w.json");
    ASSERT_TRUE(r.workload);
    EXPECT_EQ(r.workload->grid.kind, GridArg::Kind::Static);
    EXPECT_EQ(r.workload->grid.dims, (std::vector<std::int64_t>{48, 1}));
    EXPECT_EQ(r.workload->device, "Ascend910B2");
    EXPECT_TRUE(r.workload->function.empty());
}

struct BadWorkload {
    const char* name;
    const char* text;
    const char* expected;  // a fragment of the error message
    int line;              // expected line, 0 = not checked
};

class WorkloadErrors : public ::testing::TestWithParam<BadWorkload> {};

TEST_P(WorkloadErrors, NameTheFileAndTheProblem)
{
    const BadWorkload& c = GetParam();
    WorkloadLoadResult r = parseWorkload(c.text, "bad.json");
    EXPECT_FALSE(r.workload);
    ASSERT_FALSE(r.diagnostics.empty());
    const std::string message = r.diagnostics.front().format();
    EXPECT_NE(message.find("bad.json"), std::string::npos) << message;
    EXPECT_NE(message.find(c.expected), std::string::npos) << message;
    if (c.line) {
        EXPECT_EQ(r.diagnostics.front().line, c.line) << message;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Rows, WorkloadErrors,
    ::testing::Values(
        BadWorkload{"malformed", "{\n  \"kernel\": \"a.py\",\n  \"args\": {,}\n}", "not valid JSON", 3},
        BadWorkload{"truncated", "{\"kernel\": \"a.py\"", "not valid JSON", 1},
        BadWorkload{"not_object", "[1, 2]", "must be a JSON object", 0},
        BadWorkload{"no_kernel", "{\"args\": {}}", "\"kernel\"", 0},
        BadWorkload{"args_not_object", "{\"kernel\": \"a.py\", \"args\": [1]}", "\"args\"", 0},
        BadWorkload{"unknown_dtype", "{\"kernel\": \"a.py\", \"args\": {\"x\": {\"tensor\": \"float17\"}}}",
                    "unknown dtype 'float17'", 0},
        BadWorkload{"bad_shape", "{\"kernel\": \"a.py\", \"args\": {\"x\": {\"tensor\": \"float16\", \"shape\": [-1]}}}",
                    "args.x.shape", 0},
        BadWorkload{"object_not_tensor", "{\"kernel\": \"a.py\", \"args\": {\"x\": {\"a\": 1}}}", "args.x", 0},
        BadWorkload{"bad_grid", "{\"kernel\": \"a.py\", \"args\": {}, \"grid\": {\"a\": 1}}", "\"grid\"", 0},
        BadWorkload{"grid_non_int", "{\"kernel\": \"a.py\", \"args\": {}, \"grid\": [1.5]}", "\"grid\"", 0},
        BadWorkload{"bad_device", "{\"kernel\": \"a.py\", \"args\": {}, \"device\": 5}", "\"device\"", 0},
        BadWorkload{"bad_bench", "{\"kernel\": \"a.py\", \"args\": {}, \"bench_method\": \"fast\"}", "bench_method", 0},
        BadWorkload{"unknown_backend", "{\"kernel\": \"a.py\",\n \"args\": {},\n \"backend\": \"2026-13\"}",
                    "\"backend\": unknown backend version \"2026-13\" (valid: 2026-04, 2026-08)", 3},
        BadWorkload{"backend_not_text", "{\"kernel\": \"a.py\", \"args\": {}, \"backend\": 202604}",
                    "valid: 2026-04, 2026-08", 1}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Workload, BackendFieldNamesTheVersionAndDefaultsToTheNewest)
{
    WorkloadLoadResult none = parseWorkload(R"({"kernel": "k.py", "args": {}})", "w.json");
    ASSERT_TRUE(none.workload);
    EXPECT_EQ(none.workload->backend, defaultBackend());
    EXPECT_EQ(backendName(defaultBackend()), "2026-08");
    for (const BackendVersion version : backendVersions()) {
        const BackendVersionInfo& info = backendInfo(version);
        const std::string text = R"({"kernel": "k.py", "args": {}, "backend": ")" + std::string(info.name) + "\"}";
        WorkloadLoadResult r = parseWorkload(text, "w.json");
        ASSERT_TRUE(r.workload) << info.name;
        EXPECT_EQ(r.workload->backend, version);
    }
    EXPECT_EQ(backendNames(), "2026-04, 2026-08");
    EXPECT_EQ(backendLabel(ts::test::backend2608()), "2026-08 (Geofeng12138/triton-ascend 189dd87)");
    EXPECT_EQ(backendLabel(ts::test::backend2604()), "2026-04 (triton-lang/triton-ascend a84b1eb)");
    EXPECT_EQ(backendLabel(std::string_view("2026-04")), "2026-04 (triton-lang/triton-ascend a84b1eb)");
    EXPECT_EQ(backendLabel(std::string_view("1999-01")), "1999-01");
}

TEST(Workload, ItsTextReadsBackAsTheSameLaunch)
{
    Workload w;
    w.path = "/somewhere/w.json";
    w.kernelPath = "/somewhere/k.py";
    w.function = "k";
    w.args = {{"x", ArgValue::tensor("float16", {4096, 1024})}, {"n", ArgValue::integer(98432)}};
    ArgValue f;
    f.kind = ArgValue::Kind::Float;
    f.floatValue = 2.0;
    ArgValue b;
    b.kind = ArgValue::Kind::Bool;
    b.boolValue = true;
    b.intValue = 1;
    ArgValue s;
    s.kind = ArgValue::Kind::Str;
    s.text = "fast";
    ArgValue none;
    none.kind = ArgValue::Kind::None;
    w.args.emplace_back("scale", f);
    w.args.emplace_back("flag", b);
    w.args.emplace_back("mode", s);
    w.args.emplace_back("nothing", none);
    w.grid.kind = GridArg::Kind::Expression;
    w.grid.expression = "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)";
    w.device = "Ascend910B4";
    w.backend = ts::test::backend2604();
    w.benchMethod = "npu";
    w.seed = 7;
    const WorkloadLoadResult back = parseWorkload(workloadText(w), w.path);
    ASSERT_TRUE(back.workload);
    const Workload& r = *back.workload;
    EXPECT_EQ(r.path, w.path);
    EXPECT_EQ(r.kernelPath, w.kernelPath);
    EXPECT_EQ(r.function, w.function);
    ASSERT_EQ(r.args.size(), w.args.size());
    for (std::size_t i = 0; i < w.args.size(); ++i) {
        EXPECT_EQ(r.args[i].first, w.args[i].first);
        EXPECT_EQ(r.args[i].second.kind, w.args[i].second.kind) << w.args[i].first;
        EXPECT_EQ(r.args[i].second.describe(), w.args[i].second.describe());
    }
    EXPECT_EQ(r.grid.expression, w.grid.expression);
    EXPECT_EQ(r.device, w.device);
    EXPECT_EQ(r.backend, w.backend);
    EXPECT_EQ(r.benchMethod, w.benchMethod);
    EXPECT_EQ(r.seed, w.seed);
}

TEST(Workload, MissingFileIsAnError)
{
    WorkloadLoadResult r = loadWorkload("/nonexistent/dir/work.json");
    ASSERT_FALSE(r.workload);
    EXPECT_NE(r.diagnostics.front().format().find("/nonexistent/dir/work.json"), std::string::npos);
}

TEST(Workload, CommandLineValues)
{
    std::string error;
    EXPECT_EQ(parseArgValue("98432", &error)->intValue, 98432);
    EXPECT_EQ(parseArgValue("True", &error)->kind, ArgValue::Kind::Bool);
    EXPECT_EQ(parseArgValue("1.5", &error)->kind, ArgValue::Kind::Float);
    auto tensor = parseArgValue("float16[4096, 1024]", &error);
    ASSERT_TRUE(tensor);
    EXPECT_EQ(tensor->shape, (std::vector<std::int64_t>{4096, 1024}));
    EXPECT_FALSE(parseArgValue("float17[3]", &error));
    EXPECT_NE(error.find("float17"), std::string::npos);
    EXPECT_FALSE(parseArgValue("99999999999999999999999", &error));
    EXPECT_EQ(parseArgValue("abc", &error)->kind, ArgValue::Kind::Str);
}

TEST(Workload, DtypeSizes)
{
    EXPECT_EQ(dtypeBytes("float16"), 2);
    EXPECT_EQ(dtypeBytes("torch.bfloat16"), 2);
    EXPECT_EQ(dtypeBytes("float32"), 4);
    EXPECT_EQ(dtypeBytes("int8"), 1);
    EXPECT_EQ(dtypeBytes("int64"), 8);
    EXPECT_FALSE(dtypeBytes("float17"));
}
