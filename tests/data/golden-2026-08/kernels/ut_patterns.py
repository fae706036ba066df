# Patterns exercised by Triton-Ascend's autotune unit tests (third_party/ascend/unittest/
# autotune_ut at the 2026-08 commit), written as launchable kernels.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["n"])
@triton.jit
def split_separate_assign(a, b, o, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    first = pid * BLOCK_SIZE
    offs = first + tl.arange(0, BLOCK_SIZE)
    ok = offs < n
    tl.store(o + offs, tl.load(a + offs, mask=ok) - tl.load(b + offs, mask=ok), mask=ok)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def split_inline_named(a, b, o, n, BLOCK_SIZE: tl.constexpr):
    first = tl.program_id(axis=0) * BLOCK_SIZE
    offs = first + tl.arange(0, BLOCK_SIZE)
    ok = offs < n
    tl.store(o + offs, tl.load(a + offs, mask=ok) * tl.load(b + offs, mask=ok), mask=ok)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def split_fully_fused(a, b, o, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    ok = offs < n
    tl.store(o + offs, tl.maximum(tl.load(a + offs, mask=ok), tl.load(b + offs, mask=ok)), mask=ok)


@triton.autotune(configs=[], key=["N", "index_len"])
@triton.jit
def gather_rows_grid_stride(src, dst, index, N, index_len, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    px = tl.program_id(axis=0)
    py = tl.program_id(axis=1)
    gx = tl.num_programs(axis=0)
    gy = tl.num_programs(axis=1)
    for r0 in range(px * BLOCK_M, index_len, gx * BLOCK_M):
        rows = r0 + tl.arange(0, BLOCK_M)
        picked = tl.load(index + rows, mask=rows < index_len, other=0)
        for c0 in range(py * BLOCK_N, N, gy * BLOCK_N):
            cols = c0 + tl.arange(0, BLOCK_N)
            cmask = cols < N
            vals = tl.load(src + picked[:, None] * N + cols[None, :], mask=cmask[None, :], other=0.0)
            tl.store(dst + rows[:, None] * N + cols[None, :], vals, mask=cmask[None, :])


@triton.autotune(configs=[], key=["n"])
@triton.jit
def scalar_load_per_block(a, n, BLOCK_SIZE: tl.constexpr):
    first = tl.program_id(axis=0) * BLOCK_SIZE
    _ = tl.load(a + first, mask=first < n, other=0)


@triton.autotune(configs=[], key=["x0_numel", "r1_numel"])
@triton.jit
def max_last_dim_loops(src, dst, x0_numel, r1_numel,
                       X0BLOCK: tl.constexpr, X0BLOCK_SUB: tl.constexpr, R1BLOCK_SUB: tl.constexpr):
    x_start = tl.program_id(0) * X0BLOCK
    x_lane = tl.arange(0, X0BLOCK_SUB)
    x_loops = (X0BLOCK + X0BLOCK_SUB - 1) // X0BLOCK_SUB
    r_lane = tl.arange(0, R1BLOCK_SUB)
    r_loops = (r1_numel + R1BLOCK_SUB - 1) // R1BLOCK_SUB
    for xi in range(x_loops):
        x0 = x_start + xi * X0BLOCK_SUB + x_lane[:, None]
        x_ok = x0 < min(X0BLOCK + x_start, x0_numel)
        best = tl.full([X0BLOCK_SUB, R1BLOCK_SUB], float("-inf"), tl.float32)
        for ri in range(r_loops):
            r1 = ri * R1BLOCK_SUB + r_lane[None, :]
            v = tl.load(src + (r1 + r1_numel * x0), (r1 < r1_numel) & x_ok, other=float("-inf"))
            best = tl.maximum(best, v)
        tl.store(dst + x0, tl.max(best, axis=1)[:, None], x_ok)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def tiling_loop_count(a, b, o, n, BLOCK_SIZE: tl.constexpr, BLOCK_SUB: tl.constexpr):
    first = tl.program_id(axis=0) * BLOCK_SIZE
    lane = tl.arange(0, BLOCK_SUB)
    loops = (BLOCK_SIZE + BLOCK_SUB - 1) // BLOCK_SUB
    for i in range(loops):
        offs = first + i * BLOCK_SUB + lane
        ok = offs < min(BLOCK_SIZE + first, n)
        tl.store(o + offs, tl.load(a + offs, mask=ok) + tl.load(b + offs, mask=ok), mask=ok)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def tiling_full_slice(a, b, o, n, BLOCK_SIZE: tl.constexpr, BLOCK_SUB: tl.constexpr):
    first = tl.program_id(axis=0) * BLOCK_SIZE
    lane = tl.arange(0, BLOCK_SUB)
    for sub in range(0, BLOCK_SIZE, BLOCK_SUB):
        offs = first + sub + lane[:]
        ok = offs < min(BLOCK_SIZE + first, n)
        tl.store(o + offs, tl.load(a + offs, mask=ok) + tl.load(b + offs, mask=ok), mask=ok)


@triton.autotune(configs=[triton.Config({"BLOCK_SIZE": 128})], key=["n"],
                 hints={"GROUP_M": [2, 4], "num_stages": [1, 2], "enable_ubuf_saving": [True, False]})
@triton.jit
def mixed_config_hints(a, o, n, BLOCK_SIZE: tl.constexpr, GROUP_M: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    tl.store(o + offs, tl.load(a + offs, mask=offs < n), mask=offs < n)


@triton.autotune(configs=[triton.Config({"BLOCK_SIZE": 128, "BLOCK_SIZE_SUB": 32}),
                          triton.Config({"BLOCK_SIZE": 256, "BLOCK_SIZE_SUB": 64})],
                 key=["n"],
                 hints={"axes": {"x": "n"}, "split_params": {"x": "BLOCK_SIZE"},
                        "tiling_params": {"x": "BLOCK_SIZE_SUB"}, "low_dim_axes": ["x"], "reduction_axes": [],
                        "GROUP_M": [2, 4]})
@triton.jit
def config_hints_with_axis_hints(a, o, n, BLOCK_SIZE: tl.constexpr, BLOCK_SIZE_SUB: tl.constexpr,
                                 GROUP_M: tl.constexpr):
    first = tl.program_id(0) * BLOCK_SIZE
    for sub in range(0, BLOCK_SIZE, BLOCK_SIZE_SUB):
        offs = first + sub + tl.arange(0, BLOCK_SIZE_SUB)
        tl.store(o + offs, tl.load(a + offs, mask=offs < n), mask=offs < n)


@triton.autotune(configs=[], key=["n"], hints={"GROUP_M": [2, 4]})
@triton.jit
def config_hints_without_block(a, o, n, GROUP_M: tl.constexpr):
    offs = tl.arange(0, 1024)
    tl.store(o + offs, tl.load(a + offs, mask=offs < n), mask=offs < n)
