# A load-only stream: every program reads its BLOCK bytes of x, `passes` times over, keeping a
# running maximum so that the loads are used; one SUB-sized result per program is stored. The
# footprint is x's size; the bytes read are passes x that.
import triton
import triton.language as tl


@triton.jit
def read_stream_kernel(x_ptr, out_ptr, n, passes, BLOCK: tl.constexpr, SUB: tl.constexpr):
    pid = tl.program_id(0)
    acc = tl.zeros((SUB,), dtype=tl.int8)
    for p in range(0, passes):
        for off in range(0, BLOCK, SUB):
            idx = pid * BLOCK + off + tl.arange(0, SUB)
            x = tl.load(x_ptr + idx, mask=idx < n, other=0)
            acc = tl.maximum(acc, x)
    tl.store(out_ptr + pid * SUB + tl.arange(0, SUB), acc)
