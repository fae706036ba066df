# Kernels tuned by Triton-Ascend's autotune extension (configs=[]: the backend generates them).
import triton
import triton.language as tl
import triton.backends.ascend.runtime


@triton.autotune(
    configs=[],
    key=["n_elements"],
)
@triton.jit
def add_kernel(
    x_ptr,
    y_ptr,
    out_ptr,
    n_elements,
    XBLOCK: tl.constexpr,
    XBLOCK_SUB: tl.constexpr,
):
    block_start = tl.program_id(0) * XBLOCK
    for sub_start in range(0, XBLOCK, XBLOCK_SUB):
        offsets = block_start + sub_start + tl.arange(0, XBLOCK_SUB)
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.autotune(
    configs=[],
    key=["n_rows", "n_cols"],
)
@triton.jit
def softmax_kernel(
    out_ptr,
    in_ptr,
    in_row_stride,
    out_row_stride,
    n_rows,
    n_cols,
    BLOCK_N: tl.constexpr,
    XBLOCK: tl.constexpr,
    XBLOCK_SUB: tl.constexpr,
):
    row_base = tl.program_id(0) * XBLOCK
    cols = tl.arange(0, BLOCK_N)[None, :]
    col_mask = cols < n_cols
    for row_step in range(0, XBLOCK, XBLOCK_SUB):
        rows = row_base + row_step + tl.arange(0, XBLOCK_SUB)[:, None]
        mask = (rows < n_rows) & col_mask
        x = tl.load(in_ptr + rows * in_row_stride + cols, mask=mask, other=-float("inf")).to(tl.float32)
        numerator = tl.exp(x - tl.max(x, axis=1)[:, None])
        result = numerator / tl.sum(numerator, axis=1)[:, None]
        tl.store(out_ptr + rows * out_row_stride + cols, result.to(out_ptr.dtype.element_ty), mask=mask)
