# Column sums of a row-major [M, N] matrix: a reduction over dim 0. Columns are split across
# programs (BLOCK_N, the contiguous axis); each program walks the rows BLOCK_M at a time,
# accumulates a [BLOCK_M, BLOCK_N] tile in fp32 and reduces it once at the end.
import triton
import triton.language as tl


@triton.jit
def reduce_dim0_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    col_mask = cols < N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for start in range(0, M, BLOCK_M):
        rows = start + tl.arange(0, BLOCK_M)[:, None]
        x = tl.load(x_ptr + rows * N + cols, mask=(rows < M) & col_mask, other=0.0)
        acc += x.to(tl.float32)
    total = tl.sum(acc, axis=0)[None, :]
    tl.store(out_ptr + cols, total, mask=col_mask)


# Row sums of a row-major [M, N] matrix: a reduction over dim 1. Rows are split across programs
# (BLOCK_M); each program walks its rows' columns BLOCK_N at a time.
@triton.jit
def reduce_dim1_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    row_mask = rows < M
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)[None, :]
        x = tl.load(x_ptr + rows * N + cols, mask=row_mask & (cols < N), other=0.0)
        acc += x.to(tl.float32)
    total = tl.sum(acc, axis=1)[:, None]
    tl.store(out_ptr + rows, total, mask=row_mask)
