# Loaded by every Python process started under `tilescope capture` (this folder is put first on
# PYTHONPATH). It installs the capture hook (tilescope_capture_hook.py), then runs the
# sitecustomize this one hides, if the interpreter has one, so the program starts as it always does.
import importlib
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))

try:
    import tilescope_capture_hook

    tilescope_capture_hook.install()
except Exception as error:  # the program must run whatever happens to the hook
    sys.stderr.write(f"tilescope capture: the hook is not installed: {type(error).__name__}: {error}\n")


def _run_hidden_sitecustomize():
    ours = sys.modules.pop("sitecustomize", None)
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
    try:
        importlib.import_module("sitecustomize")
    except ModuleNotFoundError as error:
        if error.name != "sitecustomize":
            sys.stderr.write(f"Error in sitecustomize; set PYTHONVERBOSE for traceback:\n{error!r}\n")
    except Exception as error:
        sys.stderr.write(f"Error in sitecustomize; set PYTHONVERBOSE for traceback:\n{error!r}\n")
    finally:
        # Keep what the other sitecustomize added to the path, and put this folder back where it was.
        added = [p for p in sys.path if p not in saved]
        sys.path[:] = saved + added
        if ours is not None:
            sys.modules["sitecustomize"] = ours


_run_hidden_sitecustomize()
