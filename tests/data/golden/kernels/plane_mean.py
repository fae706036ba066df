import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


# out[b] = mean over an H x W plane: two reduced axes
@triton.autotune(configs=[], key=["B", "H", "W"])
@triton.jit
def plane_mean_kernel(x_ptr, out_ptr, B, H, W,
                      BBLOCK: tl.constexpr, HBLOCK: tl.constexpr, WBLOCK: tl.constexpr):
    b = tl.program_id(0) * BBLOCK + tl.arange(0, BBLOCK)[:, None, None]
    bmask = b < B
    acc = tl.zeros([BBLOCK, HBLOCK, WBLOCK], dtype=tl.float32)
    for h0 in range(0, H, HBLOCK):
        h = h0 + tl.arange(0, HBLOCK)[None, :, None]
        hmask = h < H
        for w0 in range(0, W, WBLOCK):
            w = w0 + tl.arange(0, WBLOCK)[None, None, :]
            wmask = w < W
            acc += tl.load(x_ptr + b * H * W + h * W + w, mask=bmask & hmask & wmask, other=0.0)
    per_row = tl.sum(acc, axis=2)
    per_plane = tl.sum(per_row, axis=1)
    bb = tl.program_id(0) * BBLOCK + tl.arange(0, BBLOCK)
    tl.store(out_ptr + bb, per_plane / (H * W), mask=bb < B)
