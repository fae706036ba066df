# A row-broadcast elementwise kernel: out[M, N] = x[M, N] * scale[N] + shift[M]. Both axes are
# split across programs (BLOCK_M rows by BLOCK_N columns per program).
import triton
import triton.language as tl


@triton.jit
def broadcast_mul_kernel(x_ptr, scale_ptr, shift_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr,
                         BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    mask = (rows < M) & (cols < N)
    scale = tl.load(scale_ptr + cols, mask=cols < N, other=0.0)
    shift = tl.load(shift_ptr + rows, mask=rows < M, other=0.0)
    x = tl.load(x_ptr + rows * N + cols, mask=mask, other=0.0)
    tl.store(out_ptr + rows * N + cols, x * scale + shift, mask=mask)
