import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# Axes spelled out by hand instead of parsed (key given as a dict).
@triton.autotune(
    configs=[],
    key={"x": "n_elements"},
    hints={
        "split_params": {"x": "BLOCK_SIZE"},
        "tiling_params": {"x": "BLOCK_SIZE_SUB"},
        "low_dim_axes": ["x"],
        "reduction_axes": [],
    },
)
@triton.jit
def add_hinted_kernel(x_ptr, y_ptr, out_ptr, n_elements,
                      BLOCK_SIZE: tl.constexpr, BLOCK_SIZE_SUB: tl.constexpr):
    block_start = tl.program_id(0) * BLOCK_SIZE
    n_sub = (BLOCK_SIZE + BLOCK_SIZE_SUB - 1) // BLOCK_SIZE_SUB
    for s in range(n_sub):
        offs = block_start + s * BLOCK_SIZE_SUB + tl.arange(0, BLOCK_SIZE_SUB)
        mask = offs < n_elements
        a = tl.load(x_ptr + offs, mask=mask)
        b = tl.load(y_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, a + b, mask=mask)
