# Split-axis kernels: a block parameter multiplied by tl.program_id, in the shapes the
# backend's parser recognises (and a few it does not).
import triton
import triton.language as tl


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_pid_var(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    first = pid * BLOCK
    idx = first + tl.arange(0, BLOCK)
    valid = idx < numel
    v = tl.load(src + idx, mask=valid)
    tl.store(dst + idx, v * 2, mask=valid)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_pid_direct(src, dst, numel, BLOCK: tl.constexpr):
    first = BLOCK * tl.program_id(axis=0)
    idx = first + tl.arange(0, BLOCK)
    valid = idx < numel
    v = tl.load(src + idx, mask=valid)
    tl.store(dst + idx, v + 1, mask=valid)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_fused(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(src + idx, mask=idx < numel)
    tl.store(dst + idx, v, mask=idx < numel)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_pid_dim2(src, dst, numel, BLOCK: tl.constexpr):
    slab = tl.program_id(axis=2)
    idx = slab * BLOCK + tl.arange(0, BLOCK)
    valid = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=valid), mask=valid)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_unmasked(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx))


@triton.autotune(configs=[], key=["rows", "cols"])
@triton.jit
def copy_tiles_2d(src, dst, rows, cols, RB: tl.constexpr, CB: tl.constexpr):
    pid_r = tl.program_id(0)
    pid_c = tl.program_id(1)
    r = pid_r * RB + tl.arange(0, RB)[:, None]
    c = pid_c * CB + tl.arange(0, CB)[None, :]
    inside = (r < rows) & (c < cols)
    tile = tl.load(src + r * cols + c, mask=inside)
    tl.store(dst + r * cols + c, tile, mask=inside)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_cast_product(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    valid = idx < numel
    v = tl.load(src + idx, mask=valid).to(tl.float32) * 0.5
    tl.store(dst + idx, v, mask=valid)
