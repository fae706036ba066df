# Reduction kernels: tl.sum / tl.max over one or both axes of a 2-D tile.
import triton
import triton.language as tl


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def row_sum_kw(inp, out, n_rows, n_cols, RB: tl.constexpr, RB_SUB: tl.constexpr, CB_SUB: tl.constexpr):
    row_base = tl.program_id(0) * RB
    r_lanes = tl.arange(0, RB_SUB)
    c_lanes = tl.arange(0, CB_SUB)
    n_row_steps = (RB + RB_SUB - 1) // RB_SUB
    n_col_steps = (n_cols + CB_SUB - 1) // CB_SUB
    for rs in range(n_row_steps):
        r = row_base + rs * RB_SUB + r_lanes[:, None]
        r_ok = r < min(row_base + RB, n_rows)
        acc = tl.zeros([RB_SUB, CB_SUB], tl.float32)
        for cs in range(n_col_steps):
            c = cs * CB_SUB + c_lanes[None, :]
            c_ok = c < n_cols
            acc += tl.load(inp + r * n_cols + c, mask=r_ok & c_ok, other=0.0)
        total = tl.sum(acc, axis=1)[:, None]
        tl.store(out + r, total, mask=r_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def row_max_positional(inp, out, n_rows, n_cols, RB: tl.constexpr, RB_SUB: tl.constexpr, CB_SUB: tl.constexpr):
    row_base = tl.program_id(0) * RB
    r_lanes = tl.arange(0, RB_SUB)
    c_lanes = tl.arange(0, CB_SUB)
    n_row_steps = (RB + RB_SUB - 1) // RB_SUB
    n_col_steps = (n_cols + CB_SUB - 1) // CB_SUB
    for rs in range(n_row_steps):
        r = row_base + rs * RB_SUB + r_lanes[:, None]
        r_ok = r < min(row_base + RB, n_rows)
        best = tl.full([RB_SUB, CB_SUB], float("-inf"), tl.float32)
        for cs in range(n_col_steps):
            c = cs * CB_SUB + c_lanes[None, :]
            c_ok = c < n_cols
            best = tl.maximum(best, tl.load(inp + r * n_cols + c, mask=r_ok & c_ok, other=float("-inf")))
        peak = tl.max(best, 1)[:, None]
        tl.store(out + r, peak, mask=r_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def row_max_last(inp, out, n_rows, n_cols, RB: tl.constexpr, RB_SUB: tl.constexpr, CB_SUB: tl.constexpr):
    row_base = tl.program_id(0) * RB
    r_lanes = tl.arange(0, RB_SUB)
    c_lanes = tl.arange(0, CB_SUB)
    n_row_steps = (RB + RB_SUB - 1) // RB_SUB
    n_col_steps = (n_cols + CB_SUB - 1) // CB_SUB
    for rs in range(n_row_steps):
        r = row_base + rs * RB_SUB + r_lanes[:, None]
        r_ok = r < min(row_base + RB, n_rows)
        best = tl.full([RB_SUB, CB_SUB], float("-inf"), tl.float32)
        for cs in range(n_col_steps):
            c = cs * CB_SUB + c_lanes[None, :]
            c_ok = c < n_cols
            best = tl.maximum(best, tl.load(inp + r * n_cols + c, mask=r_ok & c_ok, other=float("-inf")))
        peak = tl.max(best, axis=-1)[:, None]
        tl.store(out + r, peak, mask=r_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def col_sum(inp, out, n_rows, n_cols, CB: tl.constexpr, RB_SUB: tl.constexpr):
    col0 = tl.program_id(0) * CB
    c = col0 + tl.arange(0, CB)[None, :]
    c_ok = c < n_cols
    acc = tl.zeros([RB_SUB, CB], tl.float32)
    for r0 in range(0, n_rows, RB_SUB):
        r = r0 + tl.arange(0, RB_SUB)[:, None]
        r_ok = r < n_rows
        acc += tl.load(inp + r * n_cols + c, mask=r_ok & c_ok, other=0.0)
    colsum = tl.sum(acc, axis=0)[None, :]
    tl.store(out + c, colsum, mask=c_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def col_sum_in_store(inp, out, n_rows, n_cols, CB: tl.constexpr, RB_SUB: tl.constexpr):
    col0 = tl.program_id(0) * CB
    c = col0 + tl.arange(0, CB)[None, :]
    c_ok = c < n_cols
    acc = tl.zeros([RB_SUB, CB], tl.float32)
    for r0 in range(0, n_rows, RB_SUB):
        r = r0 + tl.arange(0, RB_SUB)[:, None]
        r_ok = r < n_rows
        acc += tl.load(inp + r * n_cols + c, mask=r_ok & c_ok, other=0.0)
    tl.store(out + c, tl.sum(acc, axis=0)[None, :], mask=c_ok)


@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def tile_max_then_sum(inp, out_max, out_sum, n_rows, n_cols, RB: tl.constexpr, CB: tl.constexpr):
    r = tl.arange(0, RB)[:, None]
    c = tl.arange(0, CB)[None, :]
    r_ok = r < n_rows
    c_ok = c < n_cols
    t = tl.load(inp + r * n_cols + c, mask=r_ok & c_ok, other=0.0)
    row_max = tl.max(t, axis=1)
    grand = tl.sum(row_max, axis=0)
    tl.store(out_max + tl.arange(0, RB), row_max)
    tl.store(out_sum, grand)
