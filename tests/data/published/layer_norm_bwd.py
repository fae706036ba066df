# LayerNorm backward: dx for BLOCK_ROW rows per program, and per-program partial sums of dw and
# db (reduced by a second kernel, not modelled here). BLOCK_ROW = 1 is one program per row.
import triton
import triton.language as tl


@triton.jit
def layer_norm_bwd_kernel(
    dy_ptr,
    x_ptr,
    w_ptr,
    mean_ptr,
    rstd_ptr,
    dx_ptr,
    dw_ptr,
    db_ptr,
    M,
    N,
    BLOCK_ROW: tl.constexpr,
    BLOCK_COL: tl.constexpr,
):
    pid = tl.program_id(0)
    rows = pid * BLOCK_ROW + tl.arange(0, BLOCK_ROW)
    cols = tl.arange(0, BLOCK_COL)
    row_mask = rows < M
    col_mask = cols < N
    mask = row_mask[:, None] & col_mask[None, :]
    offs = rows[:, None] * N + cols[None, :]
    dy = tl.load(dy_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=col_mask, other=0.0).to(tl.float32)
    mean = tl.load(mean_ptr + rows, mask=row_mask, other=0.0)
    rstd = tl.load(rstd_ptr + rows, mask=row_mask, other=0.0)
    xhat = (x - mean[:, None]) * rstd[:, None]
    wdy = w[None, :] * dy
    c1 = tl.sum(xhat * wdy, axis=1) / N
    c2 = tl.sum(wdy, axis=1) / N
    dx = (wdy - (xhat * c1[:, None] + c2[:, None])) * rstd[:, None]
    tl.store(dx_ptr + offs, dx.to(tl.float16), mask=mask)
    dw = tl.sum(dy * xhat, axis=0)
    db = tl.sum(dy, axis=0)
    tl.store(dw_ptr + pid * N + cols, dw, mask=col_mask)
    tl.store(db_ptr + pid * N + cols, db, mask=col_mask)
