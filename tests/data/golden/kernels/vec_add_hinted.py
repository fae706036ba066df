import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# Same element-wise add, asking for both multibuffer settings through hints.
@triton.autotune(configs=[], key=["n_elements"], hints={"multibuffer": [False, True]})
@triton.jit
def vec_add_mb_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
