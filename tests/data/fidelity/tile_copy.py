# GM-to-UB transfer in tiles, as asc-devkit's data_copy best-practice example does it: each
# program owns ROWS rows of an [M, N] fp16 matrix and loads them TM x TN at a time. The loads
# are not used (the example has no computation); one small result per program is stored.
import triton
import triton.language as tl


@triton.jit
def tile_copy_in_kernel(x_ptr, out_ptr, M, N, ROWS: tl.constexpr, TM: tl.constexpr, TN: tl.constexpr):
    row0 = tl.program_id(0) * ROWS
    for m in range(0, ROWS, TM):
        rows = row0 + m + tl.arange(0, TM)[:, None]
        for n in range(0, N, TN):
            cols = n + tl.arange(0, TN)[None, :]
            x = tl.load(x_ptr + rows * N + cols, mask=(rows < M) & (cols < N), other=0.0)
    tl.store(out_ptr + tl.program_id(0), 0.0)
