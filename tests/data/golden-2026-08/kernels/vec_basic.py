# Plain vector kernels: 1-D, 2-D and 3-D element-wise work split over the grid.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def copy_1d(src, dst, numel, BLOCK: tl.constexpr):
    start = tl.program_id(0) * BLOCK
    idx = start + tl.arange(0, BLOCK)
    keep = idx < numel
    vals = tl.load(src + idx, mask=keep)
    tl.store(dst + idx, vals, mask=keep)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def axpy_chunked(xs, ys, alpha, numel, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    for chunk in range(0, XBLOCK, XBLOCK_SUB):
        idx = base + chunk + tl.arange(0, XBLOCK_SUB)
        keep = idx < numel
        xv = tl.load(xs + idx, mask=keep)
        yv = tl.load(ys + idx, mask=keep)
        tl.store(ys + idx, alpha * xv + yv, mask=keep)


@triton.autotune(configs=[], key=["rows", "cols"])
@triton.jit
def scale_2d(inp, out, factor, rows, cols, XBLOCK: tl.constexpr, YBLOCK: tl.constexpr):
    r = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    c = tl.program_id(1) * YBLOCK + tl.arange(0, YBLOCK)[None, :]
    keep = (r < rows) & (c < cols)
    v = tl.load(inp + r * cols + c, mask=keep)
    tl.store(out + r * cols + c, v * factor, mask=keep)


@triton.autotune(configs=[], key=["batch", "rows", "cols"])
@triton.jit
def bias_3d(inp, bias, out, batch, rows, cols,
            ZBLOCK: tl.constexpr, XBLOCK: tl.constexpr, YBLOCK: tl.constexpr):
    b = tl.program_id(0) * ZBLOCK + tl.arange(0, ZBLOCK)[:, None, None]
    r = tl.program_id(1) * XBLOCK + tl.arange(0, XBLOCK)[None, :, None]
    c = tl.program_id(2) * YBLOCK + tl.arange(0, YBLOCK)[None, None, :]
    keep = (b < batch) & (r < rows) & (c < cols)
    offs = b * rows * cols + r * cols + c
    v = tl.load(inp + offs, mask=keep)
    bv = tl.load(bias + c, mask=c < cols)
    tl.store(out + offs, v + bv, mask=keep)
