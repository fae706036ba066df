# Tiling-axis kernels: a block walked inside one program by a loop.
import triton
import triton.language as tl


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def sub_tiled_floordiv(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    lanes = tl.arange(0, SUB)
    n_sub = (BLOCK + SUB - 1) // SUB
    for i in range(n_sub):
        idx = base + i * SUB + lanes
        ok = idx < min(base + BLOCK, numel)
        tl.store(dst + idx, tl.load(src + idx, mask=ok) * 3, mask=ok)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def sub_tiled_step(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    for off in range(0, BLOCK, SUB):
        idx = base + off + tl.arange(0, SUB)
        ok = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=ok), mask=ok)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def sub_tiled_hoisted(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    lanes = tl.arange(0, SUB)
    for off in range(0, BLOCK, SUB):
        idx = base + off + lanes
        ok = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=ok), mask=ok)


@triton.autotune(configs=[], key=["rows", "cols"])
@triton.jit
def rows_tiled_2d(src, dst, rows, cols, RB: tl.constexpr, RB_SUB: tl.constexpr, CB: tl.constexpr):
    row0 = tl.program_id(0) * RB
    c = tl.arange(0, CB)[None, :]
    c_ok = c < cols
    for sub in tl.range(0, RB, RB_SUB):
        r = row0 + sub + tl.arange(0, RB_SUB)[:, None]
        r_ok = r < rows
        t = tl.load(src + r * cols + c, mask=r_ok & c_ok)
        tl.store(dst + r * cols + c, t, mask=r_ok & c_ok)
