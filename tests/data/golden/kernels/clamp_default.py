import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# A constexpr with a default value (BLOCK_SIZE) and one without (HAS_MAX).
@triton.autotune(configs=[], key=["n_elements"])
@triton.jit
def clamp_kernel(x_ptr, out_ptr, lo, hi, n_elements, HAS_MAX: tl.constexpr, BLOCK_SIZE: tl.constexpr = 1024):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    x = tl.maximum(x, lo)
    if HAS_MAX:
        x = tl.minimum(x, hi)
    tl.store(out_ptr + offsets, x, mask=mask)
