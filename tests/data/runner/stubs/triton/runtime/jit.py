# Stand-in for triton.runtime.jit: launches reach JITFunction.run(*args, grid=..., warmup=...) as
# upstream routes them (kernel[grid](...) through KernelInterface.__getitem__); compiling follows
# the rules in ../../../README.md.
import inspect
import sys

from .. import language
from ..compiler.errors import CompilationError


class KernelInterface:
    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, warmup=False, **kwargs)


class JITFunction(KernelInterface):
    def __init__(self, fn):
        self.fn = fn
        params = inspect.signature(fn).parameters
        self.arg_names = list(params)
        self.constexprs = [name for name, p in params.items() if p.annotation is language.constexpr]
        self.last_launch = None
        self.launches = 0
        self.__name__ = fn.__name__

    def run(self, *args, grid, warmup, **kwargs):
        if warmup:
            return self.warmup(*args, grid=grid, **kwargs)
        bound = dict(zip(self.arg_names, args), **kwargs)
        grid = grid(bound) if callable(grid) else grid
        if not isinstance(grid, tuple) or not grid:
            raise RuntimeError("bad grid")
        self.last_launch = dict(kwargs)
        self.launches += 1

    def warmup(self, *args, grid, **kwargs):
        for name in self.constexprs:
            value = kwargs.get(name)
            if isinstance(value, int) and not isinstance(value, bool):
                if value < 1 or value & (value - 1):
                    raise CompilationError(f"arange's range must be a power of 2: {name}={value}")
        # Triton-Ascend (an NPU through torch_npu) takes its compile options; upstream does not.
        ascend = ("multibuffer",) if "torch_npu" in sys.modules else ()
        for name in kwargs:
            if name not in self.arg_names and name not in ("num_warps", "num_stages") + ascend:
                raise TypeError(f"unexpected launch option {name!r}")


def jit(fn=None, **kwargs):
    if fn is None:
        return lambda f: JITFunction(f)
    return JITFunction(fn)
