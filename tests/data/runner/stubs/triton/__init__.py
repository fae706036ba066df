# Test stand-in for upstream triton: jit and autotune (triton.runtime.jit, triton.runtime.autotuner),
# Config, cdiv and next_power_of_2, following the rules in ../../README.md.
__version__ = "3.0.0+stub"

from . import language  # noqa: E402,F401
from . import testing  # noqa: E402,F401  (first, so that its clock is the one every later reading sees)
from .compiler.errors import CompilationError  # noqa: E402,F401
from .runtime.autotuner import Config, autotune  # noqa: E402,F401
from .runtime.jit import JITFunction, KernelInterface, jit  # noqa: E402,F401


def cdiv(a, b):
    return (a + b - 1) // b


def next_power_of_2(n):
    p = 1
    while p < n:
        p *= 2
    return p
