import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# y <- alpha * x + y, one block of XBLOCK elements per program walked in XBLOCK_SUB chunks
@triton.autotune(configs=[], key=["n"])
@triton.jit
def axpy_kernel(x_ptr, y_ptr, alpha, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    block_start = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        idx = block_start + sub + tl.arange(0, XBLOCK_SUB)
        mask = idx < n
        x = tl.load(x_ptr + idx, mask=mask)
        y = tl.load(y_ptr + idx, mask=mask)
        tl.store(y_ptr + idx, alpha * x + y, mask=mask)
