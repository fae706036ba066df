# A tiny elementwise kernel: relu over a few hundred KB, each program owning XBLOCK elements.
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    for sub in range(0, XBLOCK, XBLOCK_SUB):
        offs = base + sub + tl.arange(0, XBLOCK_SUB)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0)
        tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=mask)
