import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# Handwritten candidate list: the backend does not generate any.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 2048, "BLOCK_SUB": 512}),
        triton.Config({"BLOCK": 4096, "BLOCK_SUB": 1024}),
        triton.Config({"BLOCK": 8192, "BLOCK_SUB": 1024, "multibuffer": False}),
        triton.Config({"BLOCK": 8192, "BLOCK_SUB": 2048}, num_warps=1, num_stages=1),
    ],
    key=["n"],
)
@triton.jit
def gelu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, BLOCK_SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    for i in range(0, BLOCK, BLOCK_SUB):
        offs = base + i + tl.arange(0, BLOCK_SUB)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        y = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
        tl.store(y_ptr + offs, y, mask=mask)
