# Kernels for the 2026-08 v2 axis parser's branches: a mask reached through another variable, a
# length inferred from a modulo, two program ids whose offsets meet in one subscript expression,
# an offset that depends on a one-argument range loop (the parser raises there), and an arange
# length that is an expression of a constexpr passed at launch (a fixed tiling expression).
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["n"])
@triton.jit
def indirect_mask(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    limit = offs + 0
    keep = limit < n
    tl.store(dst + offs, tl.load(src + offs, mask=keep) * 2, mask=keep)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def wrapped_offsets(src, dst, n, BLOCK: tl.constexpr):
    offs = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)) % n
    tl.store(dst + offs, tl.load(src + offs) + 1)


@triton.autotune(configs=[], key=["M", "N"])
@triton.jit
def two_pid_offsets(src, dst, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs = rm[:, None] * stride + rn[None, :]
    keep = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(dst + offs, tl.load(src + offs, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def unrolled_chunks(src, dst, n, BLOCK: tl.constexpr):
    base = tl.program_id(0) * 4096
    for i in range(4):
        offs = base + i * BLOCK + tl.arange(0, BLOCK)
        keep = offs < n
        tl.store(dst + offs, tl.load(src + offs, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["rows", "cols"])
@triton.jit
def doubled_block_rows(src, dst, rows, cols, XBLOCK: tl.constexpr, HALF: tl.constexpr):
    r = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    c = tl.arange(0, HALF * 2)[None, :]
    keep = (r < rows) & (c < cols)
    tl.store(dst + r * cols + c, tl.load(src + r * cols + c, mask=keep), mask=keep)
