import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# x <- x * factor, in place: a single tensor argument
@triton.autotune(configs=[], key=["n"])
@triton.jit
def scale_inplace_kernel(x_ptr, factor, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    start = tl.program_id(0) * BLOCK
    for off in tl.range(0, BLOCK, SUB):
        idx = start + off + tl.arange(0, SUB)
        mask = idx < n
        tl.store(x_ptr + idx, tl.load(x_ptr + idx, mask=mask) * factor, mask=mask)
