# Kernels that are fine Triton but on which Triton-Ascend's parser misses something.
import triton
import triton.language as tl


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def reversed_mask(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = numel > idx
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def arange_not_assigned(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    guard = base < numel
    for off in range(0, BLOCK, SUB):
        tl.store(dst + base + off + tl.arange(0, SUB), tl.load(src + base + off + tl.arange(0, SUB)))


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def sub_block_without_mask(src, dst, numel, BLOCK: tl.constexpr, SUB: tl.constexpr):
    base = tl.program_id(0) * BLOCK
    head = base < numel
    for off in range(0, BLOCK, SUB):
        lanes = base + off + tl.arange(0, SUB)
        tl.store(dst + lanes, tl.load(src + lanes))


@triton.autotune(configs=[], key=["numel"])
@triton.jit
def runtime_sub_block(src, dst, numel, BLOCK: tl.constexpr, SUB):
    base = tl.program_id(0) * BLOCK
    for off in range(0, BLOCK, SUB):
        idx = base + off + tl.arange(0, SUB)
        ok = idx < numel
        tl.store(dst + idx, tl.load(src + idx, mask=ok), mask=ok)
