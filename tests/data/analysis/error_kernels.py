# Kernels on which the backend's own parser raises.
import triton
import triton.language as tl


@triton.autotune(configs=[], key=["n"])
@triton.jit
def reduce_named_axis(inp, out, n, B: tl.constexpr, AXIS: tl.constexpr):
    x = tl.arange(0, B)
    t = tl.load(inp + x, mask=x < n)
    s = tl.sum(t, axis=AXIS)
    tl.store(out, s)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def reduce_three_args(inp, out, n, B: tl.constexpr):
    x = tl.arange(0, B)
    t = tl.load(inp + x, mask=x < n)
    m = tl.max(t, 0, True)
    tl.store(out, m)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def reduce_float_axis(inp, out, n, B: tl.constexpr):
    x = tl.arange(0, B)
    t = tl.load(inp + x, mask=x < n)
    s = tl.sum(t, axis=0.0)
    tl.store(out, s)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def reduce_negated_name(inp, out, n, B: tl.constexpr, AXIS: tl.constexpr):
    x = tl.arange(0, B)
    t = tl.load(inp + x, mask=x < n)
    s = tl.sum(t, axis=-AXIS)
    tl.store(out, s)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def reduce_out_of_range(inp, out, n, B: tl.constexpr):
    x = tl.arange(0, B)[None, :]
    ok = x < n
    t = tl.load(inp + x, mask=ok)
    s = tl.sum(t, axis=3)
    tl.store(out, s)


@triton.autotune(configs=[], key=["n"])
@triton.jit
def dict_literal_in_mask_chain(inp, out, n, B: tl.constexpr):
    x = tl.program_id(0) * B + tl.arange(0, B)
    opts = {**{}, "a": 1}
    ok = x < n
    tl.store(out + x, tl.load(inp + x, mask=ok), mask=ok)
