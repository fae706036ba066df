import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# out[m] = sum_n x[m, n]; the row is walked in RBLOCK chunks
@triton.autotune(configs=[], key=["M", "N"])
@triton.jit
def row_sum_kernel(x_ptr, out_ptr, M, N, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    rows = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    rmask = rows < M
    acc = tl.zeros([XBLOCK, RBLOCK], dtype=tl.float32)
    for c0 in range(0, N, RBLOCK):
        cols = c0 + tl.arange(0, RBLOCK)[None, :]
        cmask = cols < N
        v = tl.load(x_ptr + rows * N + cols, mask=rmask & cmask, other=0.0)
        acc += v.to(tl.float32)
    total = tl.sum(acc, axis=1)[:, None]
    tl.store(out_ptr + rows, total, mask=rmask)
