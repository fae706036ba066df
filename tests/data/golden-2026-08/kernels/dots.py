# tl.dot kernels: M/N/K resolvable from masks and loop bounds, unresolvable, and a mix kernel
# with a vector epilogue.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["M", "N", "K"])
@triton.jit
def mm_masked(a, b, c, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        av = tl.load(a + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        bv = tl.load(b + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(av, bv)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.autotune(configs=[], key=["M", "N", "K"], hints={"kernel_type": "cube"})
@triton.jit
def mm_cube_hint(a, b, c, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        av = tl.load(a + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        bv = tl.load(b + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(av, bv)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.autotune(configs=[], key=["M", "N", "K"], hints={"kernel_type": "mix"})
@triton.jit
def mm_bias_relu(a, b, bias, c, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        av = tl.load(a + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        bv = tl.load(b + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(av, bv)
    bias_v = tl.load(bias + rn, mask=rn < N, other=0.0)
    out = tl.maximum(acc + bias_v[None, :], 0.0)
    tl.store(c + rm[:, None] * N + rn[None, :], out, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.autotune(configs=[], key=["M", "N", "K"])
@triton.jit
def mm_unmasked(a, b, c, M, N, K, stride_a, stride_b, stride_c,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    steps = K // BLOCK_K
    for s in range(steps):
        rk = s * BLOCK_K + tl.arange(0, BLOCK_K)
        acc += tl.dot(tl.load(a + rm[:, None] * stride_a + rk[None, :]),
                      tl.load(b + rk[:, None] * stride_b + rn[None, :]))
    tl.store(c + rm[:, None] * stride_c + rn[None, :], acc)


@triton.autotune(configs=[], key=["M", "N"])
@triton.jit
def mm_fixed_k(a, b, c, M, N, K: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, K)
    av = tl.load(a + rm[:, None] * K + rk[None, :], mask=rm[:, None] < M, other=0.0)
    bv = tl.load(b + rk[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
    tl.store(c + rm[:, None] * N + rn[None, :], tl.dot(av, bv), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.autotune(configs=[], key=["M", "N", "K"], hints={"kernel_type": "vector"})
@triton.jit
def mm_forced_vector(a, b, c, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        av = tl.load(a + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        bv = tl.load(b + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(av, bv)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.autotune(configs=[], key=["M", "N", "K"])
@triton.jit
def mm_k_alias(a, b, c, M, N, K, sam, sak, sbk, sbn,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        kk = k + offs_k
        av = tl.load(a + offs_m[:, None] * sam + kk[None, :] * sak, mask=kk[None, :] < K, other=0.0)
        bv = tl.load(b + kk[:, None] * sbk + offs_n[None, :] * sbn, mask=kk[:, None] < K, other=0.0)
        acc += tl.dot(av, bv)
    tl.store(c + offs_m[:, None] * N + offs_n[None, :], acc)


@triton.autotune(configs=[], key=["M", "N", "K"])
@triton.jit
def mm_inline_rhs(a, b, c, M, N, K, sam, sak, sbk, sbn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr):
    offs_am = (tl.program_id(0) * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (tl.program_id(1) * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    acc = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.int32)
    for j in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        av = tl.load(a + offs_am[:, None] * sam + offs_k[None, :] * sak,
                     mask=offs_k[None, :] < K - j * BLOCK_SIZE_K, other=0)
        packed = tl.load(b + offs_k[:, None] * sbk + offs_bn[None, :] * sbn, mask=offs_k[:, None] < K, other=0)
        acc += tl.dot(av, (packed & 3).to(tl.int8) - 1, out_dtype=tl.int32)
    tl.store(c + offs_am[:, None] * N + offs_bn[None, :], acc)
