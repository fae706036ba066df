# Low-dimension, matmul-style and hinted kernels.
import triton
import triton.language as tl


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def strided_no_arange(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    at = pid * BLOCK
    ok = at < numel
    tl.store(dst + at, tl.load(src + at, mask=ok, other=0), mask=ok)


@triton.autotune(configs=[], key=["M", "N", "K"])
@triton.jit
def mm_blocked(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
               BM: tl.constexpr, BN: tl.constexpr, BM_SUB: tl.constexpr, BN_SUB: tl.constexpr,
               BK: tl.constexpr):
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    for mi in range(0, BM, BM_SUB):
        for ni in range(0, BN, BN_SUB):
            rm = m0 + mi + tl.arange(0, BM_SUB)[:, None]
            rn = n0 + ni + tl.arange(0, BN_SUB)[None, :]
            acc = tl.zeros((BM_SUB, BN_SUB), dtype=tl.float32)
            for k0 in range(0, K, BK):
                rk = k0 + tl.arange(0, BK)
                rk_row = rk[None, :]
                rk_col = rk[:, None]
                a = tl.load(a_ptr + rm * K + rk_row, mask=(rm < M) & (rk_row < K), other=0.0)
                b = tl.load(b_ptr + rk_col * N + rn, mask=(rk_col < K) & (rn < N), other=0.0)
                acc += tl.dot(a, b)
            tl.store(c_ptr + rm * N + rn, acc, mask=(rm < M) & (rn < N))


@triton.autotune(
    configs=[],
    key={"x": "numel"},
    hints={"split_params": {"x": "BLOCK"}, "tiling_params": {"x": "SUB"}, "low_dim_axes": ["x"],
           "reduction_axes": []},
)
@triton.jit
def hinted_copy(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    for off in range(0, BLOCK, SUB):
        idx = base + off + tl.arange(0, SUB)
        tl.store(dst + idx, tl.load(src + idx))


# The heuristics call would make the reduction parser raise if decorators were parsed.
@triton.heuristics(values={"UNUSED": lambda args: tl.max(args, 0, 1)})
@triton.autotune(configs=[], key=["numel"])
@triton.jit
def decorated_twice(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ok = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=ok), mask=ok)
