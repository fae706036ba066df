import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# y[m, n] = x[m, n] * s[m]. Rows are strided over a fixed number of programs on grid
# axis 0, columns are split on grid axis 1.
@triton.autotune(configs=[], key=["M", "N"])
@triton.jit
def scale_rows_kernel(x_ptr, s_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    cmask = cols < N
    for m0 in range(pid_m * BLOCK_M, M, tl.num_programs(0) * BLOCK_M):
        rows = m0 + tl.arange(0, BLOCK_M)
        rmask = rows < M
        s = tl.load(s_ptr + rows, mask=rmask, other=0.0)
        x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=rmask[:, None] & cmask[None, :])
        tl.store(y_ptr + rows[:, None] * N + cols[None, :], x * s[:, None], mask=rmask[:, None] & cmask[None, :])
