# A kernel that breaks the autotune guide on purpose, to show what each mistake costs:
#   1. XBLOCK_SUB is meant to be tuned but has a default value in the signature;
#   2. YBLOCK is a split param but the launch fixes it (YBLOCK=1024);
#   3. the grid is a static tuple computed from the shapes with a hard-coded 64-row block,
#      so it does not follow XBLOCK: every candidate would launch the same programs.
# The fixed grid also hides XBLOCK from the backend's split-axis search, so Triton-Ascend
# refuses the launch with "Missing required arguments: ['XBLOCK']".
import torch
import torch_npu
import triton
import triton.language as tl
import triton.backends.ascend.runtime


@triton.autotune(
    configs=[],
    key=["n_rows", "n_cols"],
)
@triton.jit
def row_scale_kernel(
    x_ptr,
    scale_ptr,
    out_ptr,
    n_rows,
    n_cols,
    XBLOCK: tl.constexpr,
    YBLOCK: tl.constexpr,
    XBLOCK_SUB: tl.constexpr = 16,
):
    pid_x = tl.program_id(0)
    pid_y = tl.program_id(1)
    cols = pid_y * YBLOCK + tl.arange(0, YBLOCK)[None, :]
    col_mask = cols < n_cols
    row_start = pid_x * XBLOCK
    for row_step in range(0, XBLOCK, XBLOCK_SUB):
        rows = row_start + row_step + tl.arange(0, XBLOCK_SUB)[:, None]
        row_mask = rows < n_rows
        mask = row_mask & col_mask
        scale = tl.load(scale_ptr + rows, mask=row_mask, other=0.0)
        x = tl.load(x_ptr + rows * n_cols + cols, mask=mask, other=0.0)
        tl.store(out_ptr + rows * n_cols + cols, (x * scale).to(out_ptr.dtype.element_ty), mask=mask)


def row_scale(x, scale):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    grid = (triton.cdiv(n_rows, 64), triton.cdiv(n_cols, 1024))
    row_scale_kernel[grid](x, scale, out, n_rows, n_cols, YBLOCK=1024)
    return out


if __name__ == "__main__":
    x = torch.randn(8192, 4096, dtype=torch.float16, device="npu")
    s = torch.rand(8192, dtype=torch.float32, device="npu")
    torch.testing.assert_close(row_scale(x, s), (x.float() * s[:, None]).half(), atol=1e-2, rtol=1e-2)
