# Grid-stride loops: every program walks the axis with a stride of num_programs * BLOCK, so
# the block parameter tiles within a program instead of splitting across programs.
import triton
import triton.language as tl


@triton.autotune(configs=[], key=["n_idx", "n_cols"])
@triton.jit
def gather_rows(table, index, out, n_idx, n_cols, BM: tl.constexpr, BN: tl.constexpr):
    row_pid = tl.program_id(0)
    col_pid = tl.program_id(1)
    row_progs = tl.num_programs(0)
    col_progs = tl.num_programs(1)
    for row0 in range(row_pid * BM, n_idx, row_progs * BM):
        rows = row0 + tl.arange(0, BM)
        row_ok = rows < n_idx
        picked = tl.load(index + rows, mask=row_ok, other=0)
        for col0 in tl.range(col_pid * BN, n_cols, col_progs * BN):
            cols = col0 + tl.arange(0, BN)
            col_ok = cols < n_cols
            vals = tl.load(table + picked[:, None] * n_cols + cols[None, :], mask=col_ok[None, :])
            tl.store(out + rows[:, None] * n_cols + cols[None, :], vals, mask=col_ok[None, :])


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def stride_inline(src, dst, numel, BLOCK: tl.constexpr):
    for start in range(tl.program_id(0) * BLOCK, numel, tl.num_programs(0) * BLOCK):
        idx = start + tl.arange(0, BLOCK)
        ok = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=ok), mask=ok)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def stride_prebound(src, dst, numel, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    begin = pid * BLOCK
    for start in range(begin, numel, tl.num_programs(0) * BLOCK):
        idx = start + tl.arange(0, BLOCK)
        ok = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=ok), mask=ok)
