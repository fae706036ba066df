"""Stand-in for the `triton` package, just enough to import Triton-Ascend's autotune runtime
and to build its tuner the way `@triton.autotune` / `@triton.jit` would, without a compiler.

`triton.runtime.autotuner` (Autotuner, Config) is upstream's own file, copied in by the
reference harness next to these stand-ins; the rest of the package is faked here.
"""
from . import knobs  # noqa: F401
from . import runtime  # noqa: F401
from .runtime.autotuner import Config, autotune, heuristics  # noqa: F401
from .runtime.jit import JITFunction, KernelInterface, jit  # noqa: F401
from .runtime._async_compile import AsyncCompileMode  # noqa: F401
from . import language  # noqa: F401
from . import testing  # noqa: F401


def cdiv(x, y):
    return (x + y - 1) // y


def next_power_of_2(n):
    n = int(n)
    return 1 if n <= 1 else 1 << (n - 1).bit_length()
