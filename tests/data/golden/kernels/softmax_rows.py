import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# Row softmax; a whole row (COLS >= n_cols, chosen by the caller) is held at once.
@triton.autotune(configs=[], key=["n_rows", "n_cols"])
@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_rows, n_cols,
                   ROWS: tl.constexpr, ROWS_SUB: tl.constexpr, COLS: tl.constexpr):
    row0 = tl.program_id(0) * ROWS
    cols = tl.arange(0, COLS)
    col_mask = cols < n_cols
    for r in range(0, ROWS, ROWS_SUB):
        rows = row0 + r + tl.arange(0, ROWS_SUB)
        row_mask = rows < n_rows
        ptrs = in_ptr + rows[:, None] * stride + cols[None, :]
        mask = row_mask[:, None] & col_mask[None, :]
        x = tl.load(ptrs, mask=mask, other=-float("inf"))
        x = x - tl.max(x, axis=1)[:, None]
        e = tl.exp(x)
        y = e / tl.sum(e, axis=1)[:, None]
        tl.store(out_ptr + rows[:, None] * stride + cols[None, :], y, mask=mask)
