import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401

SUB_SIZES = [256, 1024]


# Handwritten configs plus the generated ones (auto_gen_config hint).
@triton.autotune(
    configs=[triton.Config({"BLOCK": b, "BLOCK_SUB": s}) for b in (4096, 16384) for s in SUB_SIZES],
    key=["n"],
    hints={"auto_gen_config": True},
)
@triton.jit
def gelu_tanh_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, BLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    for i in range(0, BLOCK, BLOCK_SUB):
        offs = base + i + tl.arange(0, BLOCK_SUB)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0)
        inner = 0.7978845608 * (x + 0.044715 * x * x * x)
        tl.store(y_ptr + offs, 0.5 * x * (1.0 + tl.extra.ascend.libdevice.tanh(inner)), mask=mask)
