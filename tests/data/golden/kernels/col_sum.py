import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# out[n] = sum_m x[m, n]: the reduced axis is the outer one
@triton.autotune(configs=[], key=["M", "N"])
@triton.jit
def col_sum_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    cmask = cols < N
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for m0 in range(0, M, BLOCK_M):
        rows = m0 + tl.arange(0, BLOCK_M)[:, None]
        rmask = rows < M
        acc += tl.load(x_ptr + rows * N + cols, mask=rmask & cmask, other=0.0)
    res = tl.sum(acc, axis=0)[None, :]
    tl.store(out_ptr + cols, res, mask=cmask)
