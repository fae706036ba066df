# Bias gradient: the sum of dY over all rows, i.e. a reduction over axis 0. Columns are split
# across programs (YBLOCK, the contiguous low dim); each program walks the long row axis
# RBLOCK rows at a time and accumulates in fp32.
import torch
import torch_npu
import triton
import triton.language as tl
import triton.backends.ascend.runtime


@triton.autotune(
    configs=[],
    key=["M", "N"],
)
@triton.jit
def bias_grad_kernel(
    dy_ptr,
    dbias_ptr,
    M,
    N,
    YBLOCK: tl.constexpr,
    RBLOCK: tl.constexpr,
):
    cols = tl.program_id(0) * YBLOCK + tl.arange(0, YBLOCK)[None, :]
    col_mask = cols < N
    acc = tl.zeros((RBLOCK, YBLOCK), dtype=tl.float32)
    for row_start in range(0, M, RBLOCK):
        rows = row_start + tl.arange(0, RBLOCK)[:, None]
        row_mask = rows < M
        dy = tl.load(dy_ptr + rows * N + cols, mask=row_mask & col_mask, other=0.0)
        acc += dy.to(tl.float32)
    total = tl.sum(acc, axis=0)[None, :]
    tl.store(dbias_ptr + cols, total, mask=col_mask)


def bias_grad(dy):
    M, N = dy.shape
    dbias = torch.empty((N,), dtype=torch.float32, device=dy.device)
    grid = lambda meta: (triton.cdiv(N, meta["YBLOCK"]),)
    bias_grad_kernel[grid](dy, dbias, M, N)
    return dbias


if __name__ == "__main__":
    dy = torch.randn(16384, 4096, dtype=torch.float16, device="npu")
    torch.testing.assert_close(bias_grad(dy), dy.float().sum(0), atol=1e-1, rtol=1e-3)
