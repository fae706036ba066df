# Kernels Triton-Ascend 2026-08 rejects, one mistake each: the analysis must report upstream's
# exception at the right place in this file (tests/test_analysis.cpp, BadInput2608).
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401
from triton.backends.ascend.runtime import get_max_configs, max_autotune


@triton.autotune(configs=[], key="numel")
@triton.jit
def key_is_str(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx, mask=idx < numel), mask=idx < numel)


@triton.autotune(configs=[], key=["numel"],
                 hints={"axes": ["x"]})
@triton.jit
def axes_not_dict(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx, mask=idx < numel), mask=idx < numel)


@triton.autotune(configs=[], key=["numel"], hints={"kernel_type": "simd"})
@triton.jit
def kernel_type_unknown(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx, mask=idx < numel), mask=idx < numel)


@max_autotune(configs=[triton.Config({"BLOCK": 1024}, num_stages=2)], key=["numel"], kernel_type="vector",
              enable_ubuf_saving=[1, 0])
@triton.jit
def max_autotune_not_bools(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx, mask=idx < numel), mask=idx < numel)


_BAD_EXPANSION = get_max_configs(triton.Config({"BLOCK": 1024}, num_stages=2), kernel_type="cube",
                                 limit_auto_multi_buffer_of_local_buffer=["no-l1"])


@triton.autotune(configs=_BAD_EXPANSION, key=["numel"])
@triton.jit
def get_max_configs_bad_value(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx, mask=idx < numel), mask=idx < numel)
