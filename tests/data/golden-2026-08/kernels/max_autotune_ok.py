# max_autotune / get_max_configs: base configs expanded with compile-option products.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401
from triton.backends.ascend.runtime import get_max_configs, max_autotune


@max_autotune(configs=[triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_stages=2)],
              key=["M", "N", "K"])
@triton.jit
def mm_max_default(a, b, c, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        av = tl.load(a + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        bv = tl.load(b + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(av, bv)
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@max_autotune(configs=[triton.Config({"BLOCK": 2048}), triton.Config({"BLOCK": 8192, "enable_ubuf_saving": False})],
              key=["numel"], kernel_type="vector", num_stages=[1, 2])
@triton.jit
def copy_max_vector(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


_EXPANDED = get_max_configs(triton.Config({"BLOCK": 4096}, num_stages=1), kernel_type="vector",
                            enable_ubuf_saving=[True, False])


@triton.autotune(configs=_EXPANDED, key=["numel"])
@triton.jit
def copy_get_max_configs(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)
