# Hints that shape generation: explicit axis metadata, extra constexpr keys expanded as a
# Cartesian product, compile options, auto_gen_config next to handwritten configs, kernel_type.
import triton
import triton.language as tl
import triton.backends.ascend.runtime  # noqa: F401


@triton.autotune(configs=[], key=["n_rows", "n_cols"],
                 hints={"axes": {"x": "n_rows", "y": "n_cols"},
                        "split_params": {"x": "XBLOCK"},
                        "tiling_params": {"y": "RBLOCK"},
                        "low_dim_axes": ["y"],
                        "reduction_axes": ["y"]})
@triton.jit
def rowsum_axis_hints(inp, out, n_rows, n_cols, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    rows = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    acc = tl.zeros([XBLOCK, RBLOCK], tl.float32)
    for c0 in range(0, n_cols, RBLOCK):
        cols = c0 + tl.arange(0, RBLOCK)[None, :]
        acc += tl.load(inp + rows * n_cols + cols, mask=(rows < n_rows) & (cols < n_cols), other=0.0)
    tl.store(out + rows, tl.sum(acc, 1)[:, None], mask=rows < n_rows)


@triton.autotune(configs=[], key=["numel"], hints={"UNROLL": [1, 2], "enable_ubuf_saving": [True, False]})
@triton.jit
def copy_extra_keys_generated(src, dst, numel, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[triton.Config({"BLOCK": 1024}), triton.Config({"BLOCK": 4096}, num_warps=2)],
                 key=["numel"], hints={"UNROLL": [1, 2, 4]})
@triton.jit
def copy_extra_keys_handwritten(src, dst, numel, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[triton.Config({"BLOCK": 2048})], key=["numel"],
                 hints={"UNROLL": [2], "multibuffer": [True, False]})
@triton.jit
def copy_multibuffer_hint(src, dst, numel, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[triton.Config({"BLOCK": 2048})], key=["numel"],
                 hints={"UNROLL": [1, 2], "num_stages": [1], "multibuffer": [True, False]})
@triton.jit
def copy_num_stages_over_multibuffer(src, dst, numel, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[triton.Config({"BLOCK": 512}), triton.Config({"BLOCK": 8192})], key=["numel"],
                 hints={"auto_gen_config": True})
@triton.jit
def copy_auto_gen_plus_handwritten(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[triton.Config({"BLOCK": 512})], key=["numel"], hints={"UNROLL": 4})
@triton.jit
def copy_hint_value_not_list(src, dst, numel, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[triton.Config({"BLOCK": 512})], key=["numel"], hints={"num_stages": [3]})
@triton.jit
def copy_hint_bad_num_stages(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["numel"], hints={"kernel_type": "vector"})
@triton.jit
def copy_kernel_type_vector(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["numel"], hints={"kernel_type": "auto"})
@triton.jit
def copy_kernel_type_auto(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)


@triton.autotune(configs=[], key=["numel"], hints={"kernel_type": "cube"})
@triton.jit
def copy_kernel_type_cube(src, dst, numel, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    keep = idx < numel
    tl.store(dst + idx, tl.load(src + idx, mask=keep), mask=keep)
