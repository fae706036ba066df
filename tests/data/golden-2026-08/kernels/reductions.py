# Reductions along each axis, chunked or persistent.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def row_sum(inp, out, n_rows, n_cols, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    rows = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    row_ok = rows < n_rows
    acc = tl.zeros([XBLOCK, RBLOCK], tl.float32)
    for c0 in range(0, n_cols, RBLOCK):
        cols = c0 + tl.arange(0, RBLOCK)[None, :]
        acc += tl.load(inp + rows * n_cols + cols, mask=row_ok & (cols < n_cols), other=0.0)
    tl.store(out + rows, tl.sum(acc, 1)[:, None], mask=row_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def row_max(inp, out, n_rows, n_cols, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    rows = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    row_ok = rows < n_rows
    best = tl.full([XBLOCK, RBLOCK], float("-inf"), tl.float32)
    for c0 in range(0, n_cols, RBLOCK):
        cols = c0 + tl.arange(0, RBLOCK)[None, :]
        v = tl.load(inp + rows * n_cols + cols, mask=row_ok & (cols < n_cols), other=float("-inf"))
        best = tl.maximum(best, v)
    tl.store(out + rows, tl.max(best, axis=1)[:, None], mask=row_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def col_sum(inp, out, n_rows, n_cols, YBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    cols = tl.program_id(0) * YBLOCK + tl.arange(0, YBLOCK)[None, :]
    col_ok = cols < n_cols
    acc = tl.zeros([RBLOCK, YBLOCK], tl.float32)
    for r0 in range(0, n_rows, RBLOCK):
        rows = r0 + tl.arange(0, RBLOCK)[:, None]
        acc += tl.load(inp + rows * n_cols + cols, mask=(rows < n_rows) & col_ok, other=0.0)
    tl.store(out + cols, tl.sum(acc, 0)[None, :], mask=col_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def col_max(inp, out, n_rows, n_cols, YBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    cols = tl.program_id(0) * YBLOCK + tl.arange(0, YBLOCK)[None, :]
    col_ok = cols < n_cols
    best = tl.full([RBLOCK, YBLOCK], float("-inf"), tl.float32)
    for r0 in range(0, n_rows, RBLOCK):
        rows = r0 + tl.arange(0, RBLOCK)[:, None]
        v = tl.load(inp + rows * n_cols + cols, mask=(rows < n_rows) & col_ok, other=float("-inf"))
        best = tl.maximum(best, v)
    tl.store(out + cols, tl.max(best, 0)[None, :], mask=col_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def row_l2_persistent(inp, out, n_rows, n_cols, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr,
                      COLS: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    cols = tl.arange(0, COLS)[None, :]
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        rows = base + sub + tl.arange(0, XBLOCK_SUB)[:, None]
        ok = (rows < n_rows) & (cols < n_cols)
        v = tl.load(inp + rows * n_cols + cols, mask=ok, other=0.0)
        tl.store(out + rows, tl.sqrt(tl.sum(v * v, 1))[:, None], mask=rows < n_rows)


@triton.autotune(configs=[], key=["planes", "rows", "cols"])
@triton.jit
def plane_total(inp, out, planes, rows, cols, XBLOCK: tl.constexpr, R0BLOCK: tl.constexpr,
                R1BLOCK: tl.constexpr):
    p = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None, None]
    acc = tl.zeros([XBLOCK, R0BLOCK, R1BLOCK], tl.float32)
    for r0 in range(0, rows, R0BLOCK):
        r = r0 + tl.arange(0, R0BLOCK)[None, :, None]
        for c0 in range(0, cols, R1BLOCK):
            c = c0 + tl.arange(0, R1BLOCK)[None, None, :]
            ok = (p < planes) & (r < rows) & (c < cols)
            acc += tl.load(inp + p * rows * cols + r * cols + c, mask=ok, other=0.0)
    total = tl.sum(tl.sum(acc, 2), 1)
    tl.store(out + p, total[:, None, None], mask=p < planes)
