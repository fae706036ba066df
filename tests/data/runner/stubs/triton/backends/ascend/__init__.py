# Other stand-in folders on the path may add subpackages of their own (tests/data/capture/
# ascend-stubs adds the autotune runtime, which the runner's tests must not see).
import os as _os
import sys as _sys

for _entry in _sys.path:
    _folder = _os.path.abspath(_os.path.join(_entry or ".", "triton", "backends", "ascend"))
    if _os.path.isdir(_folder) and _folder not in [_os.path.abspath(p) for p in __path__]:
        __path__.append(_folder)
