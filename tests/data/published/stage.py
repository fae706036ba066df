# One stage of a streaming kernel, in three forms over the same tiles: the loads alone (x read,
# a running maximum kept, one small result per program stored), the stores alone (a constant
# int8 tile written), and both (x read, scaled, converted to int8 and stored).
import triton
import triton.language as tl


@triton.jit
def stage_load_kernel(x_ptr, y_ptr, part_ptr, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    pid = tl.program_id(0)
    acc = tl.zeros((SUB,), dtype=tl.float32)
    for off in range(0, BLOCK, SUB):
        idx = pid * BLOCK + off + tl.arange(0, SUB)
        x = tl.load(x_ptr + idx, mask=idx < n, other=0.0)
        acc = tl.maximum(acc, x)
    tl.store(part_ptr + pid * SUB + tl.arange(0, SUB), acc)


@triton.jit
def stage_store_kernel(x_ptr, y_ptr, part_ptr, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    pid = tl.program_id(0)
    for off in range(0, BLOCK, SUB):
        idx = pid * BLOCK + off + tl.arange(0, SUB)
        y = tl.full((SUB,), 1, dtype=tl.int8)
        tl.store(y_ptr + idx, y, mask=idx < n)


@triton.jit
def stage_both_kernel(x_ptr, y_ptr, part_ptr, n, BLOCK: tl.constexpr, SUB: tl.constexpr):
    pid = tl.program_id(0)
    for off in range(0, BLOCK, SUB):
        idx = pid * BLOCK + off + tl.arange(0, SUB)
        x = tl.load(x_ptr + idx, mask=idx < n, other=0.0)
        tl.store(y_ptr + idx, (x * 0.5).to(tl.int8), mask=idx < n)
