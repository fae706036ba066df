# Kernels written the way public kernels often are, on which Triton-Ascend's parse cannot tie a
# block parameter to an axis, so the backend generates nothing. Each autotune decorator is on
# one line: the tests replace it with the checked hint TileScope proposes.
import triton
import triton.backends.ascend.runtime
import triton.language as tl
import triton.language as language


@triton.jit
def _program_index():
    return tl.program_id(0)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_pid_helper(src, dst, numel, BLOCK: tl.constexpr):
    pid = _program_index()
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_pid_alias(src, dst, numel, BLOCK: tl.constexpr):
    pid = language.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_grid_stride(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    n_programs = tl.num_programs(0)
    n_tiles = tl.cdiv(numel, BLOCK)
    for tile in range(pid, n_tiles, n_programs):
        offs = tile * BLOCK + tl.arange(0, BLOCK)
        mask = offs < numel
        tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_inline_mask(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    vals = tl.load(src + pid * BLOCK + tl.arange(0, BLOCK), mask=pid * BLOCK + tl.arange(0, BLOCK) < numel)
    tl.store(dst + pid * BLOCK + tl.arange(0, BLOCK), vals * 2.0, mask=pid * BLOCK + tl.arange(0, BLOCK) < numel)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_inline_named_mask(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < numel) * 2.0, mask=offs < numel)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_hoisted_arange(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    lanes = tl.arange(0, SUB)
    head = base + lanes
    head_mask = head < numel
    for start in range(0, BLOCK, SUB):
        idx = base + start + lanes
        ok = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=ok) * 2.0, mask=ok)


@triton.autotune(configs=[], key=["n_rows"])
@triton.jit
def row_scale_cols_unkeyed(src, dst, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    row_mask = rows < n_rows
    for c0 in range(0, n_cols, BLOCK_C):
        cols = c0 + tl.arange(0, BLOCK_C)
        col_mask = cols < n_cols
        ptrs = rows[:, None] * n_cols + cols[None, :]
        both = row_mask[:, None] & col_mask[None, :]
        tl.store(dst + ptrs, tl.load(src + ptrs, mask=both) * 2.0, mask=both)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def copy_block_ptr(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    src_block = tl.make_block_ptr(src, shape=(numel,), strides=(1,), offsets=(pid * BLOCK,), block_shape=(BLOCK,), order=(0,))
    dst_block = tl.make_block_ptr(dst, shape=(numel,), strides=(1,), offsets=(pid * BLOCK,), block_shape=(BLOCK,), order=(0,))
    tl.store(dst_block, tl.load(src_block, boundary_check=(0,)), boundary_check=(0,))


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_no_mask(src, dst, numel, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + offs, tl.load(src + offs) * 2.0)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_cast_product(src, dst, numel, scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    tl.store(dst + offs, tl.load(src + offs, mask=mask).to(tl.float32) * scale, mask=mask)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_clean(src, dst, numel, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def copy_scalar(src, dst, numel):
    i = tl.program_id(0)
    tl.store(dst + i, tl.load(src + i))


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_fixed_grid(src, dst, numel, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def scale_mode(src, dst, numel, BLOCK: tl.constexpr, MODE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    vals = tl.load(src + offs, mask=mask)
    if MODE == 1:
        vals = vals * 2.0
    tl.store(dst + offs, vals, mask=mask)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def scale_tiles_flat_grid(src, dst, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    pid = tl.program_id(0)
    col_blocks = tl.cdiv(n_cols, BLOCK_C)
    pid_r = pid // col_blocks
    pid_c = pid % col_blocks
    rows = pid_r * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = pid_c * BLOCK_C + tl.arange(0, BLOCK_C)
    row_mask = rows < n_rows
    col_mask = cols < n_cols
    ptrs = rows[:, None] * n_cols + cols[None, :]
    both = row_mask[:, None] & col_mask[None, :]
    tl.store(dst + ptrs, tl.load(src + ptrs, mask=both) * 2.0, mask=both)


@triton.autotune(configs=[], key=["numel"], hints={"multibuffer": [False, True]})
@triton.jit
def scale_pid_helper_hinted(src, dst, numel, BLOCK: tl.constexpr):
    pid = _program_index()
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)


@triton.autotune(configs=[], key=[])
@triton.jit
def scale_empty_key(src, dst, numel, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < numel
    tl.store(dst + offs, tl.load(src + offs, mask=mask) * 2.0, mask=mask)
