# Gemma-style RMSNorm, fused: y = x * rsqrt(mean(x^2) + eps) * (1 + w), one row per program,
# the whole row in one tile (BLOCK_N >= N), fp32 arithmetic on bf16 data.
import triton
import triton.language as tl


@triton.jit
def gemma_rms_norm_kernel(x_ptr, w_ptr, out_ptr, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = tl.rsqrt(tl.sum(x * x, axis=0) / N + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    y = x * rstd * (1.0 + w)
    tl.store(out_ptr + row * N + cols, y.to(tl.bfloat16), mask=mask)
