# Kernels tuned by upstream Triton's autotuner: a handwritten config list, no Ascend extension.
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 1024, "BLOCK_SIZE_SUB": 256}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 4096, "BLOCK_SIZE_SUB": 1024}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 8192, "BLOCK_SIZE_SUB": 2048}, num_warps=8),
    ],
    key=["n_elements"],
)
@triton.jit
def scale_kernel(
    x_ptr,
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
        tl.store(out_ptr + offsets, alpha * x, mask=mask)


@triton.jit
def fill_kernel(
    out_ptr,
    value,
    n_elements,
    BLOCK: tl.constexpr,
):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, value, mask=offsets < n_elements)
