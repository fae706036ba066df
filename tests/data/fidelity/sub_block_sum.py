# A sub-blocked 1-D sum: each program reduces XBLOCK elements, XBLOCK_SUB at a time, into a
# partial sum (the first pass of a two-pass reduction), keeping a vector accumulator and reducing
# it once at the end.
import triton
import triton.language as tl


@triton.jit
def tile_sum_kernel(x_ptr, partial_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    acc = tl.zeros((XBLOCK_SUB,), dtype=tl.float32)
    for off in range(0, XBLOCK, XBLOCK_SUB):
        idx = base + off + tl.arange(0, XBLOCK_SUB)
        x = tl.load(x_ptr + idx, mask=idx < n, other=0.0)
        acc += x.to(tl.float32)
    tl.store(partial_ptr + tl.program_id(0), tl.sum(acc, axis=0))


# A sub-blocked elementwise copy: each block of XBLOCK_SUB elements is loaded, scaled and stored.
@triton.jit
def scale_copy_kernel(x_ptr, y_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * XBLOCK
    for off in range(0, XBLOCK, XBLOCK_SUB):
        idx = base + off + tl.arange(0, XBLOCK_SUB)
        x = tl.load(x_ptr + idx, mask=idx < n)
        tl.store(y_ptr + idx, x * 2.0, mask=idx < n)
