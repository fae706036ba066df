# Kernels written in ways the axis parse may not follow: program id read through a helper or a
# method call, a task loop over program ids, inline masks, an arange hoisted above its loop, a
# block parameter over an axis missing from `key`, block pointers, no mask at all.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.jit
def _my_program():
    return tl.program_id(0)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def pid_via_helper(src, dst, numel, BLOCK: tl.constexpr):
    pid = _my_program()
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def pid_via_method(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0).to(tl.int64)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def task_loop(src, dst, numel, BLOCK: tl.constexpr):
    n_tasks = tl.cdiv(numel, BLOCK)
    for t in range(tl.program_id(0), n_tasks, tl.num_programs(0)):
        idx = t * BLOCK + tl.arange(0, BLOCK)
        keep = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def inline_mask(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx, mask=idx < numel), mask=idx < numel)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def hoisted_arange(src, dst, numel, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    lane = tl.arange(0, XBLOCK_SUB)
    base = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        idx = base + sub + lane
        keep = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["n_rows"])
@triton.jit
def axis_not_in_key(inp, out, n_rows, n_cols, XBLOCK: tl.constexpr, YBLOCK: tl.constexpr):
    r = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    for c0 in range(0, n_cols, YBLOCK):
        c = c0 + tl.arange(0, YBLOCK)[None, :]
        keep = (r < n_rows) & (c < n_cols)
        tl.store(out + r * n_cols + c, tl.load(inp + r * n_cols + c, mask=keep) * 2, mask=keep)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def block_ptr_only(inp, out, n_rows, n_cols, XBLOCK: tl.constexpr, YBLOCK: tl.constexpr):
    src = tl.make_block_ptr(inp, shape=(n_rows, n_cols), strides=(n_cols, 1),
                            offsets=(tl.program_id(0) * XBLOCK, tl.program_id(1) * YBLOCK),
                            block_shape=(XBLOCK, YBLOCK), order=(1, 0))
    dst = tl.make_block_ptr(out, shape=(n_rows, n_cols), strides=(n_cols, 1),
                            offsets=(tl.program_id(0) * XBLOCK, tl.program_id(1) * YBLOCK),
                            block_shape=(XBLOCK, YBLOCK), order=(1, 0))
    tl.store(dst, tl.load(src, boundary_check=(0, 1)), boundary_check=(0, 1))


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def no_mask(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + idx, tl.load(src + idx) + 1)
