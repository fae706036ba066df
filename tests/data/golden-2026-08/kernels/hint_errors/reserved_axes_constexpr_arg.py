# Decorator-time error: hints.axes names a constexpr argument.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["numel"], hints={"axes": {"x": "BLOCK"}})
@triton.jit
def reserved_axes_constexpr_arg(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)
