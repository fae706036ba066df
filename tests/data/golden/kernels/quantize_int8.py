import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# Symmetric per-tensor quantisation: float input, int8 output.
@triton.autotune(configs=[], key=["numel"])
@triton.jit
def quantize_kernel(src_ptr, dst_ptr, inv_scale, numel, BLOCK: tl.constexpr, BLOCK_SUB: tl.constexpr):
    first = tl.program_id(0) * BLOCK
    loops = (BLOCK + BLOCK_SUB - 1) // BLOCK_SUB
    for i in range(loops):
        offs = first + i * BLOCK_SUB + tl.arange(0, BLOCK_SUB)
        valid = offs < numel
        v = tl.load(src_ptr + offs, mask=valid, other=0.0) * inv_scale
        q = tl.clamp(tl.extra.ascend.libdevice.rint(v), -128.0, 127.0).to(tl.int8)
        tl.store(dst_ptr + offs, q, mask=valid)
