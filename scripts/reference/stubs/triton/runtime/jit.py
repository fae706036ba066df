"""Stand-in for triton.runtime.jit: a JITFunction that keeps the function, its source
without decorators, its parameters and their constexpr annotations. It never compiles."""
import ast
import inspect
import re
import textwrap


class KernelInterface:

    def warmup(self, *args, grid, **kwargs):
        return self.run(grid=grid, warmup=True, *args, **kwargs)

    def run(self, *args, grid, warmup, **kwargs):
        raise NotImplementedError("run not implemented")

    def __getitem__(self, grid):
        # A launch `kernel[grid](*args, **kwargs)` reaches run() with grid and warmup first.
        return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)


def _annotation_text(annotation):
    if annotation is inspect.Parameter.empty or annotation is None:
        return ""
    if isinstance(annotation, type):
        return annotation.__name__
    if isinstance(annotation, str):
        return annotation
    return type(annotation).__name__ if not hasattr(annotation, "__name__") else annotation.__name__


class KernelParam:
    def __init__(self, num, param):
        self.num = num
        self._param = param
        self.name = param.name
        self.annotation = _annotation_text(param.annotation)
        self.is_constexpr = "constexpr" in self.annotation
        self.is_const = False
        self.do_not_specialize = False
        self.do_not_specialize_on_alignment = False

    @property
    def default(self):
        return self._param.default

    @property
    def has_default(self):
        return self._param.default is not inspect.Parameter.empty


class JITFunction(KernelInterface):

    def __init__(self, fn, **options):
        self.fn = fn
        self.signature = inspect.signature(fn)
        raw_src, self.starting_line_number = inspect.getsourcelines(fn)
        src = textwrap.dedent("".join(raw_src))
        match = re.search(r"^def\s+\w+\s*\(", src, re.MULTILINE)
        self._src = src[match.start():] if match else src
        self.params = [KernelParam(i, p) for i, p in enumerate(self.signature.parameters.values())]
        self.arg_names = [p.name for p in self.params]
        self.constexprs = [p.num for p in self.params if p.is_constexpr]
        self.options = options
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__
        self.__globals__ = fn.__globals__
        self.__module__ = fn.__module__

    @property
    def src(self):
        return self._src

    def parse(self):
        tree = ast.parse(self._src)
        assert isinstance(tree, ast.Module)
        assert len(tree.body) == 1
        assert isinstance(tree.body[0], ast.FunctionDef)
        return tree

    def run(self, *args, grid=None, warmup=False, **kwargs):
        raise RuntimeError("the reference harness never launches kernels")

    def __call__(self, *args, **kwargs):
        raise RuntimeError("{} is a Triton kernel and is not called directly".format(self.__name__))


def jit(fn=None, **options):
    if fn is None:
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)


def constexpr_function(fn):
    return fn
