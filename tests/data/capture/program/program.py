# A small "model" for the capture tests: several kernels, several shapes, one of them launched
# 40 times (40 layers), through an upstream-style and an Ascend-style tuner, and a plain
# @triton.jit kernel. It prints what its tuners chose and how often each kernel ran, so a test
# can see that capturing it changes nothing.
#   program.py [--no-launch] [--fork] [--exit N]
# --fork: a child process (os.fork) launches add_kernel on 16384 elements, and the parent waits.
import os
import sys

import torch
import triton

import kernels_upstream  # decorated before the Ascend extension is imported: upstream's tuner
import kernels_ascend    # imports triton.backends.ascend.runtime: Triton-Ascend's tuner


def add(x, y):
    out = torch.empty_like(x)
    n_elements = out.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta["XBLOCK"]),)
    kernels_ascend.add_kernel[grid](x, y, out, n_elements)
    return out


def softmax(x):
    n_rows, n_cols = x.shape
    out = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(n_rows, meta["XBLOCK"]),)
    kernels_ascend.softmax_kernel[grid](out, x, x.stride(0), out.stride(0), n_rows, n_cols,
                                        BLOCK_N=triton.next_power_of_2(n_cols))
    return out


def scale(x, alpha):
    out = torch.empty_like(x)
    n = x.numel()
    kernels_upstream.scale_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, out, alpha, n)
    return out


def fill(out, value):
    kernels_upstream.fill_kernel[(triton.cdiv(out.numel(), 1024),)](out, value, out.numel(), BLOCK=1024)


def main(argv):
    if "--no-launch" not in argv:
        hidden = torch.empty((4096,), dtype=torch.float16)
        for _ in range(40):
            hidden = add(hidden, hidden)
        for n in (8192, 98432):
            add(torch.empty((n,), dtype=torch.float16), torch.empty((n,), dtype=torch.float16))
        for rows, cols in ((128, 256), (4096, 1024), (128, 256)):
            softmax(torch.empty((rows, cols), dtype=torch.float16))
        for n in (16384, 16384, 65536):
            scale(torch.empty((n,), dtype=torch.float32), 0.5)
        buffer = torch.empty((4096,), dtype=torch.float32)
        fill(buffer, 1.0)
        fill(buffer, 2.0)
    if "--fork" in argv:
        child = os.fork()
        if child == 0:
            add(torch.empty((16384,), dtype=torch.float16), torch.empty((16384,), dtype=torch.float16))
            os._exit(0)
        os.waitpid(child, 0)
    for name, tuner in (("add_kernel", kernels_ascend.add_kernel), ("softmax_kernel", kernels_ascend.softmax_kernel),
                        ("scale_kernel", kernels_upstream.scale_kernel)):
        chosen = sorted(str(config) for config in tuner.cache.values())
        print(f"{name}: {tuner.fn.launches} launches; chose {chosen}")
    print(f"fill_kernel: {kernels_upstream.fill_kernel.launches} launches")
    if "--exit" in argv:
        sys.exit(int(argv[argv.index("--exit") + 1]))


if __name__ == "__main__":
    main(sys.argv[1:])
