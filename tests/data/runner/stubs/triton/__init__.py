# Test stand-in for upstream triton: jit, autotune (which, like upstream, refuses Triton-Ascend's
# hints), cdiv and a JITFunction whose compile and launch follow the rules in ../../README.md.
import inspect

__version__ = "3.0.0+stub"

from . import language  # noqa: E402,F401
from . import testing  # noqa: E402,F401  (first, so that its clock is the one every later reading sees)
from .compiler.errors import CompilationError  # noqa: E402


def cdiv(a, b):
    return (a + b - 1) // b


def next_power_of_2(n):
    p = 1
    while p < n:
        p *= 2
    return p


def autotune(configs, key, prune_configs_by=None, reset_to_zero=None, restore_value=None, warmup=None, rep=None,
             use_cuda_graph=False, do_bench=None, cache_results=False):
    raise AssertionError("the runner must replace triton.autotune while it imports the kernel")


class _Launcher:
    def __init__(self, fn, grid):
        self.fn, self.grid = fn, grid

    def __call__(self, *args, **kwargs):
        grid = self.grid(kwargs) if callable(self.grid) else self.grid
        if not isinstance(grid, tuple) or not grid:
            raise RuntimeError("bad grid")
        self.fn.last_launch = dict(kwargs)
        self.fn.launches += 1


class JITFunction:
    def __init__(self, fn):
        self.fn = fn
        params = inspect.signature(fn).parameters
        self.arg_names = list(params)
        self.constexprs = [name for name, p in params.items() if p.annotation is language.constexpr]
        self.last_launch = None
        self.launches = 0

    def __getitem__(self, grid):
        return _Launcher(self, grid)

    def warmup(self, *args, grid, **kwargs):
        for name in self.constexprs:
            value = kwargs.get(name)
            if isinstance(value, int) and not isinstance(value, __builtins__["bool"] if isinstance(__builtins__, dict)
                                                         else __builtins__.bool):
                if value < 1 or value & (value - 1):
                    raise CompilationError(f"arange's range must be a power of 2: {name}={value}")
        # Triton-Ascend (an NPU through torch_npu) takes its compile options; upstream does not.
        import sys
        ascend = ("multibuffer",) if "torch_npu" in sys.modules else ()
        for name in kwargs:
            if name not in self.arg_names and name not in ("num_warps", "num_stages") + ascend:
                raise TypeError(f"unexpected launch option {name!r}")


def jit(fn=None, **kwargs):
    if fn is None:
        return lambda f: JITFunction(f)
    return JITFunction(fn)
