# Vector add, the canonical 1-D case: each program owns XBLOCK elements (split axis) and walks
# them in XBLOCK_SUB chunks that fit the unified buffer (tiling axis).
import torch
import torch_npu
import triton
import triton.language as tl
import triton.backends.ascend.runtime


@triton.autotune(
    configs=[],
    key=["n_elements"],
)
@triton.jit
def add_kernel(
    x_ptr,
    y_ptr,
    out_ptr,
    n_elements,
    XBLOCK: tl.constexpr,
    XBLOCK_SUB: tl.constexpr,
):
    block_start = tl.program_id(0) * XBLOCK
    for sub_start in range(0, XBLOCK, XBLOCK_SUB):
        offsets = block_start + sub_start + tl.arange(0, XBLOCK_SUB)
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x + y, mask=mask)


def add(x, y):
    out = torch.empty_like(x)
    n_elements = out.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["XBLOCK"]),)
    add_kernel[grid](x, y, out, n_elements)
    return out


if __name__ == "__main__":
    x = torch.rand(98432, dtype=torch.float16, device="npu")
    y = torch.rand(98432, dtype=torch.float16, device="npu")
    torch.testing.assert_close(add(x, y), x + y)
