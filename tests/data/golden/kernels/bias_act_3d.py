import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# y[b, m, n] = silu(x[b, m, n] + bias[n]) on a 2-D grid (batch, rows); columns are looped
@triton.autotune(configs=[], key=["B", "M", "N"])
@triton.jit
def bias_silu_3d_kernel(x_ptr, bias_ptr, y_ptr, B, M, N,
                        BLOCK_B: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_b = tl.program_id(0)
    pid_m = tl.program_id(1)
    offs_b = pid_b * BLOCK_B + tl.arange(0, BLOCK_B)[:, None, None]
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)[None, :, None]
    mask_b = offs_b < B
    mask_m = offs_m < M
    for n0 in range(0, N, BLOCK_N):
        offs_n = n0 + tl.arange(0, BLOCK_N)[None, None, :]
        mask_n = offs_n < N
        mask = mask_b & mask_m & mask_n
        x = tl.load(x_ptr + (offs_b * M + offs_m) * N + offs_n, mask=mask, other=0.0)
        bias = tl.load(bias_ptr + offs_n, mask=mask_n, other=0.0)
        z = x + bias
        tl.store(y_ptr + (offs_b * M + offs_m) * N + offs_n, z * tl.sigmoid(z), mask=mask)
