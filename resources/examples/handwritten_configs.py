# Handwritten configs: when automatic tiling is not what you want, list triton.Config
# entries yourself (tiling params plus the Ascend multibuffer switch). Here a fused
# residual add + scale, out = residual + alpha * x, over a 1-D view of the activations.
import torch
import torch_npu
import triton
import triton.language as tl
import triton.backends.ascend.runtime


def get_autotune_config():
    return [
        triton.Config({"BLOCK_SIZE": 8192, "BLOCK_SIZE_SUB": 1024, "multibuffer": True}),
        triton.Config({"BLOCK_SIZE": 8192, "BLOCK_SIZE_SUB": 2048, "multibuffer": True}),
        triton.Config({"BLOCK_SIZE": 16384, "BLOCK_SIZE_SUB": 4096, "multibuffer": True}),
        triton.Config({"BLOCK_SIZE": 16384, "BLOCK_SIZE_SUB": 4096, "multibuffer": False}),
        triton.Config({"BLOCK_SIZE": 32768, "BLOCK_SIZE_SUB": 8192, "multibuffer": False}),
        triton.Config({"BLOCK_SIZE": 65536, "BLOCK_SIZE_SUB": 8192, "multibuffer": True}),
    ]


@triton.autotune(
    configs=get_autotune_config(),
    key=["n_elements"],
)
@triton.jit
def residual_scale_kernel(
    x_ptr,
    residual_ptr,
    out_ptr,
    alpha,
    n_elements,
    BLOCK_SIZE: tl.constexpr,
    BLOCK_SIZE_SUB: tl.constexpr,
):
    block_start = tl.program_id(0) * BLOCK_SIZE
    for sub_start in range(0, BLOCK_SIZE, BLOCK_SIZE_SUB):
        offsets = block_start + sub_start + tl.arange(0, BLOCK_SIZE_SUB)
        mask = offsets < n_elements
        x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
        residual = tl.load(residual_ptr + offsets, mask=mask, other=0.0)
        tl.store(out_ptr + offsets, residual + alpha * x, mask=mask)


def residual_scale(x, residual, alpha):
    out = torch.empty_like(x)
    n_elements = x.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["BLOCK_SIZE"]),)
    residual_scale_kernel[grid](x, residual, out, alpha, n_elements)
    return out


if __name__ == "__main__":
    x = torch.randn(8192, 4096, dtype=torch.bfloat16, device="npu")
    r = torch.randn(8192, 4096, dtype=torch.bfloat16, device="npu")
    torch.testing.assert_close(residual_scale(x, r, 0.5), r + 0.5 * x, atol=1e-2, rtol=1e-2)
