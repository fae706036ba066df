# A tiny reduction: the sum of a [M, N] matrix (a few KB) by one or a few programs, each reducing
# BLOCK_M rows of BLOCK_N columns and adding its partial sum atomically.
import triton
import triton.language as tl


@triton.jit
def tiny_sum_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)[None, :]
        x = tl.load(x_ptr + rows * N + cols, mask=(rows < M) & (cols < N), other=0.0)
        acc += x.to(tl.float32)
    tl.atomic_add(out_ptr, tl.sum(acc))
