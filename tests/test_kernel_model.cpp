// The kernel model: @triton.jit functions, parameters, decorators and their evaluated
// arguments, the Ascend runtime import — all read from the AST, nothing executed.

#include "core/kernel/kernel_model.h"
#include "testutil.h"

#include <gtest/gtest.h>

using namespace ts::kernel;

namespace {

KernelLoadResult load(const std::string& source)
{
    return loadKernelSource(source, "kernel.py");
}

const char* kGuideKernel = R"(import triton
import triton.language as tl
import triton.backends.ascend.runtime

BLOCK_DEFAULT = 64

def get_autotune_config():
    return [triton.Config({"BLOCK_M": bm, "BLOCK_N": bn}, num_warps=4) for bm in [32, 64] for bn in [64, 128]]

@triton.autotune(
    configs=[],
    key=["M", "N"],
    hints={"GROUP_SIZE_M": [1, 2, 4, 8], "multibuffer": [False, True]},
    reset_to_zero=["out_ptr"],
)
@triton.jit
def kernel(x_ptr, y_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
           GROUP_SIZE_M: tl.constexpr, EVEN: tl.constexpr = BLOCK_DEFAULT * 2):
    pass

@triton.autotune(configs=get_autotune_config(), key={"x": "M"}, prune_configs_by={"early_config_prune": None})
@triton.jit
def handwritten(x_ptr, M, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pass

@triton.jit
def helper(x):
    return x
)";

} // namespace

TEST(KernelModel, FindsEveryJitFunctionWithParameters)
{
    KernelLoadResult r = load(kGuideKernel);
    ASSERT_TRUE(r.file);
    const KernelFile& f = *r.file;
    EXPECT_TRUE(f.importsAscendRuntime);
    EXPECT_EQ(f.ascendImportLocation.line, 3);
    ASSERT_EQ(f.kernels.size(), 3u);
    const KernelDef* k = f.kernel("kernel");
    ASSERT_TRUE(k);
    ASSERT_EQ(k->params.size(), 9u);
    EXPECT_EQ(k->params[0].name, "x_ptr");
    EXPECT_FALSE(k->params[0].isConstexpr);
    EXPECT_TRUE(k->params[5].isConstexpr);
    EXPECT_EQ(k->params[5].annotation, "tl.constexpr");
    EXPECT_FALSE(k->params[5].hasDefault());
    const Parameter* even = k->param("EVEN");
    ASSERT_TRUE(even);
    EXPECT_TRUE(even->hasDefault());
    EXPECT_EQ(even->defaultText, "BLOCK_DEFAULT * 2");
    ASSERT_TRUE(even->defaultValue);
    EXPECT_EQ(even->defaultValue->asInt(), 128);  // module constants are visible
    EXPECT_EQ(k->location.line, 17);
}

TEST(KernelModel, ReadsAutotuneArguments)
{
    KernelLoadResult r = load(kGuideKernel);
    ASSERT_TRUE(r.file);
    const KernelDef* k = r.file->kernel("kernel");
    ASSERT_TRUE(k && k->autotune);
    const AutotuneSpec& at = *k->autotune;
    EXPECT_TRUE(at.configsGiven);
    EXPECT_TRUE(at.configsEmpty);
    EXPECT_EQ(at.keyList, (std::vector<std::string>{"M", "N"}));
    EXPECT_EQ(at.keyLocation.line, 12);
    ASSERT_TRUE(at.hints);
    EXPECT_EQ(at.hints->entries().size(), 2u);
    EXPECT_TRUE(at.hasResetToZero);
    EXPECT_EQ(at.resetToZero, (std::vector<std::string>{"out_ptr"}));
    EXPECT_FALSE(at.hasPruneConfigsBy);
    EXPECT_TRUE(k->autotuneDirectlyOverJit);
    ASSERT_EQ(k->decorators.size(), 2u);
    EXPECT_EQ(k->decorators[0].kind, Decorator::Kind::Autotune);
    EXPECT_EQ(k->decorators[1].kind, Decorator::Kind::Jit);
}

TEST(KernelModel, HandwrittenConfigsFromAModuleFunction)
{
    KernelLoadResult r = load(kGuideKernel);
    const KernelDef* k = r.file->kernel("handwritten");
    ASSERT_TRUE(k && k->autotune);
    const AutotuneSpec& at = *k->autotune;
    EXPECT_FALSE(at.configsError) << at.configsError->message;
    ASSERT_EQ(at.configs.size(), 4u);
    EXPECT_EQ(at.configs[3].kwargs.at(0).first, "BLOCK_M");
    EXPECT_EQ(at.configs[3].kwargs.at(0).second.asInt(), 64);
    EXPECT_EQ(at.configs[3].kwargs.at(1).second.asInt(), 128);
    EXPECT_EQ(at.configs[0].numWarps, 4);
    ASSERT_TRUE(at.keyDict);
    EXPECT_EQ(at.keyDict->at(0), (std::pair<std::string, std::string>{"x", "M"}));
    EXPECT_TRUE(at.hasPruneConfigsBy);
}

TEST(KernelModel, DefaultKernelIsTheOnlyAutotunedOne)
{
    KernelLoadResult two = load(kGuideKernel);
    EXPECT_EQ(two.file->defaultKernel(), nullptr);  // two autotuned kernels: ambiguous
    KernelLoadResult one = load("import triton\n@triton.jit\ndef k(x):\n    pass\n");
    ASSERT_TRUE(one.file->defaultKernel());
    EXPECT_EQ(one.file->defaultKernel()->name, "k");
    EXPECT_FALSE(one.file->importsAscendRuntime);
}

TEST(KernelModel, DecoratorAliasesAndOrder)
{
    KernelLoadResult r = load(R"(from triton import jit, autotune as tune
import triton.language as lang
import functools

@tune(configs=[], key=["n"])
@functools.lru_cache
@jit
def k(x, n, B: lang.constexpr):
    pass
)");
    ASSERT_TRUE(r.file);
    const KernelDef* k = r.file->kernel("k");
    ASSERT_TRUE(k && k->autotune);
    EXPECT_FALSE(k->autotuneDirectlyOverJit);
    EXPECT_TRUE(k->param("B")->isConstexpr);
}

TEST(KernelModel, NonLiteralConfigListIsADiagnosticWithItsLine)
{
    KernelLoadResult r = load(R"(import triton
import torch

@triton.autotune(
    configs=[triton.Config({"B": torch.randn(3)})],
    key=["n"])
@triton.jit
def k(x, n, B: tl.constexpr):
    pass
)");
    ASSERT_TRUE(r.file);
    const KernelDef* k = r.file->kernel("k");
    ASSERT_TRUE(k->autotune);
    ASSERT_TRUE(k->autotune->configsError);
    ASSERT_FALSE(r.file->diagnostics.empty());
    const ts::Diagnostic& d = r.file->diagnostics.front();
    EXPECT_EQ(d.code, "configs-not-literal");
    EXPECT_EQ(d.line, 5);
    EXPECT_NE(d.message.find("torch.randn"), std::string::npos) << d.message;
}

TEST(KernelModel, SyntaxErrorIsADiagnostic)
{
    KernelLoadResult r = load("import triton\n@triton.jit\ndef k(x:\n    pass\n");
    EXPECT_FALSE(r.file);
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].code, "syntax-error");
    EXPECT_EQ(r.diagnostics[0].file, "kernel.py");
    EXPECT_GT(r.diagnostics[0].line, 0);
}

TEST(KernelModel, MissingFile)
{
    KernelLoadResult r = loadKernelFile("/nonexistent/k.py");
    EXPECT_FALSE(r.file);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].file, "/nonexistent/k.py");
}
