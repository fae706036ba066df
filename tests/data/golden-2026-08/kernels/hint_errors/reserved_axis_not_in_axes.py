# Decorator-time error: split_params names an axis hints.axes lacks.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["numel"], hints={"axes": {"x": "numel"}, "split_params": {"y": "BLOCK"}, "tiling_params": {}, "low_dim_axes": ["x"], "reduction_axes": []})
@triton.jit
def reserved_axis_not_in_axes(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)
