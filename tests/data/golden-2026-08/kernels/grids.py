# Fixed and static grids, grid-stride loops, and launch-fixed compile options.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def gelu_grid_stride(src, dst, numel, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    for blk in range(pid * XBLOCK, numel, nprog * XBLOCK):
        for sub in range(0, XBLOCK, XBLOCK_SUB):
            idx = blk + sub + tl.arange(0, XBLOCK_SUB)
            keep = idx < numel
            v = tl.load(src + idx, mask=keep)
            tl.store(dst + idx, v * tl.sigmoid(1.702 * v), mask=keep)


@triton.autotune(configs=[], key=["rows", "cols"])
@triton.jit
def rows_fixed_dim0(inp, out, rows, cols, XBLOCK: tl.constexpr, YBLOCK: tl.constexpr):
    r = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    c = tl.program_id(1) * YBLOCK + tl.arange(0, YBLOCK)[None, :]
    keep = (r < rows) & (c < cols)
    tl.store(out + r * cols + c, tl.abs(tl.load(inp + r * cols + c, mask=keep)), mask=keep)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def copy_launch_options(src, dst, numel, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        idx = base + sub + tl.arange(0, XBLOCK_SUB)
        keep = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)
