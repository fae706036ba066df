# Decorator-time error: hints.axes value is not a string.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["numel"], hints={"axes": {"x": 7}})
@triton.jit
def reserved_axes_value_not_str(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)
