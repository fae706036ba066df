# The calls the simulator used to skip: tl.reduce with a combine function of the kernel's own,
# get_dtype_min / get_dtype_max (FlagGems' helpers), the Ascend language extension's
# extract_slice / insert_slice and parallel loops.
import triton
import triton.language as tl
import triton.language.extra.cann.extension as extension
import triton.language.extra.cann.libdevice as libdevice
from flag_gems.utils.limits import get_dtype_max, get_dtype_min


@triton.jit
def _argmax_combine(value_a, index_a, value_b, index_b):
    pick_a = (value_a > value_b) | ((value_a == value_b) & (index_a < index_b))
    return tl.where(pick_a, value_a, value_b), tl.where(pick_a, index_a, index_b)


@triton.jit
def _add_combine(a, b):
    return a + b


@triton.jit
def row_argmax_kernel(x_ptr, value_ptr, index_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    cols = tl.arange(0, BLOCK_N)[None, :]
    x = tl.load(x_ptr + rows * N + cols, mask=cols < N, other=get_dtype_min(x_ptr.dtype.element_ty))
    index = tl.broadcast_to(cols, (BLOCK_M, BLOCK_N))
    value, where = tl.reduce((x, index), 1, _argmax_combine)
    tl.store(value_ptr + rows, value[:, None])
    tl.store(index_ptr + rows, where[:, None])


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)[:, None]
    cols = tl.arange(0, BLOCK_N)[None, :]
    x = tl.load(x_ptr + rows * N + cols, mask=cols < N, other=0.0)
    tl.store(out_ptr + rows, tl.reduce(x, 1, _add_combine)[:, None])


@triton.jit
def slice_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    offs = base + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=get_dtype_max(x_ptr.dtype.element_ty))
    for i in extension.parallel(0, BLOCK // SUB):
        part = extension.extract_slice(x, [i * SUB], [SUB], [1])
        x = extension.insert_slice(x, part * 2.0, [i * SUB], [SUB], [1])
    tl.store(out_ptr + offs, x, mask=offs < n)


@triton.jit
def flip_tan_kernel(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr, FLIP: tl.constexpr):
    # triton-ascend#1638: one column inserted, libdevice.tan, a flip of dim 1 (FLIP=0 leaves it
    # out), libdevice.tan.
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets[:, None] * BLOCK + offsets[None, :])
    y = tl.load(y_ptr + offsets[:, None] * BLOCK + offsets[None, :])
    zeros = tl.zeros_like(x)
    column = extension.extract_slice(y, [0, 0], [BLOCK, 1], [1, 1])
    inserted = extension.insert_slice(zeros, column, [0, 0], [BLOCK, 1], [1, 1])
    t = libdevice.tan(x + inserted)
    if FLIP:
        t = tl.flip(t, 1)
    out = libdevice.tan(t)
    tl.store(out_ptr + offsets[:, None] * BLOCK + offsets[None, :], out)


@triton.jit
def flip_inner_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets[:, None] * BLOCK + offsets[None, :])
    tl.store(out_ptr + offsets[:, None] * BLOCK + offsets[None, :], tl.flip(x, 1))


@triton.jit
def flip_default_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets[:, None] * BLOCK + offsets[None, :])
    tl.store(out_ptr + offsets[:, None] * BLOCK + offsets[None, :], tl.flip(x))


@triton.jit
def flip_outer_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets[:, None] * BLOCK + offsets[None, :])
    tl.store(out_ptr + offsets[:, None] * BLOCK + offsets[None, :], tl.flip(x, 0))
