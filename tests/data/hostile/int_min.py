# Integer edge cases the trace compiler folds: with n_elements = -2**63, `n_elements // -1` is
# 2**63, beyond 64 bits (FLIP=1: a clear compile failure, never a trap); `n_elements % -1` is 0
# (FLIP=0: the kernel compiles).
import triton
import triton.language as tl
import triton.backends.ascend.runtime


@triton.autotune(
    configs=[triton.Config({"XBLOCK": 1024, "XBLOCK_SUB": 1024})],
    key=["n_elements"],
)
@triton.jit
def int_min_kernel(
    x_ptr,
    out_ptr,
    n_elements,
    FLIP: tl.constexpr,
    XBLOCK: tl.constexpr,
    XBLOCK_SUB: tl.constexpr,
):
    if FLIP:
        shift = n_elements // -1
    else:
        shift = n_elements % -1
    block_start = tl.program_id(0) * XBLOCK + shift
    for sub_start in range(0, XBLOCK, XBLOCK_SUB):
        offsets = block_start + sub_start + tl.arange(0, XBLOCK_SUB)
        mask = offsets < XBLOCK
        x = tl.load(x_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x, mask=mask)
