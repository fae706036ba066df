from . import driver as _driver_module  # noqa: F401
from .driver import driver  # noqa: F401
from .jit import JITFunction, KernelInterface  # noqa: F401
from . import _async_compile  # noqa: F401
from .autotuner import Autotuner, Config, autotune, heuristics  # noqa: F401
from . import autotuner  # noqa: F401
