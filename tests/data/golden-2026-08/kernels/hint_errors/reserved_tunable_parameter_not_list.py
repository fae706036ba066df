# Decorator-time error: tunable_parameter is not a list.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["numel"], hints={"tunable_parameter": "BLOCK"})
@triton.jit
def reserved_tunable_parameter_not_list(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)
