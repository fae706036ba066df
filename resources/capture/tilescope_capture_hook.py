"""The capture hook of `tilescope capture`: records the Triton launches a program makes.

Installed by sitecustomize.py when TILESCOPE_CAPTURE_DIR names a folder. It patches, as each is
imported, upstream Triton's Autotuner (and every subclass, such as Triton-Ascend's
AutoTilingTuner) and, with TILESCOPE_CAPTURE_ALL_JIT=1, JITFunction.run. Each patched call records
what it was given and calls the original unchanged: the program's results are those it has
without the hook. Tensors are described by dtype, shape, strides and device; their contents are
never read.

Each process writes one file, `launches-<pid>.jsonl`, one JSON object a line (format
tilescope.capture-raw/1, read back by TileScope's core/capture):
  {"record": "process", ...}    when the hook is installed: pid, argv, cwd, python
  {"record": "software", ...}   at the first launch: triton, Triton-Ascend, torch and torch_npu
                                versions, the device the tensors are on
  {"record": "launch", ...}     the first launch of each kernel and key value, in full
  {"record": "exit", ...}       at exit: launches per kernel and key value, and the arguments
                                outside the key that changed between those launches
A copy of each kernel's source file goes to sources/<sha256>.py.
"""
import ast
import atexit
import builtins
import functools
import hashlib
import importlib.abc
import inspect
import json
import linecache
import math
import numbers
import os
import sys
import threading
import time
import types
import weakref

FORMAT = "tilescope.capture-raw/1"
_AUTOTUNER_MODULE = "triton.runtime.autotuner"
_JIT_MODULE = "triton.runtime.jit"
_LAUNCH_KEYWORDS = ("grid", "warmup")

_recorder = None
_local = threading.local()
_patched = set()


def install():
    """Starts recording when TILESCOPE_CAPTURE_DIR is set; otherwise does nothing."""
    global _recorder
    folder = os.environ.get("TILESCOPE_CAPTURE_DIR")
    if not folder or _recorder is not None:
        return
    _recorder = _Recorder(folder, os.environ.get("TILESCOPE_CAPTURE_ALL_JIT") == "1")
    sys.meta_path.insert(0, _PatchingFinder())
    for name in (_AUTOTUNER_MODULE, _JIT_MODULE):
        if name in sys.modules:
            _patch_module(name, sys.modules[name])
    atexit.register(_recorder.finish)
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_recorder.forked)


# ---- patching, as the modules are imported ----------------------------------------------------

class _PatchingLoader:
    def __init__(self, loader, name):
        self._loader = loader
        self._name = name

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        _patch_module(self._name, module)

    def __getattr__(self, name):
        return getattr(self._loader, name)


class _PatchingFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname not in (_AUTOTUNER_MODULE, _JIT_MODULE):
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _PatchingLoader(spec.loader, fullname)
                return spec
        return None


def _patch_module(name, module):
    try:
        if name == _AUTOTUNER_MODULE and hasattr(module, "Autotuner"):
            _patch_tuner_family(module.Autotuner)
        elif name == _JIT_MODULE and _recorder.all_jit and hasattr(module, "JITFunction"):
            _wrap_method(module.JITFunction, "run", _jit_run)
    except Exception as error:
        _warn(f"cannot watch {name}: {type(error).__name__}: {error}")


def _patch_tuner_family(base):
    """Wraps __init__ and run of the Autotuner and of every subclass, present and future."""
    def wrap(cls):
        _wrap_method(cls, "__init__", _tuner_init)
        _wrap_method(cls, "run", _tuner_run)

    pending = [base]
    while pending:
        cls = pending.pop()
        wrap(cls)
        pending.extend(cls.__subclasses__())
    own = base.__dict__.get("__init_subclass__")

    def __init_subclass__(cls, **kwargs):
        if own is not None:
            own.__func__(cls, **kwargs)
        else:
            super(base, cls).__init_subclass__(**kwargs)
        wrap(cls)

    base.__init_subclass__ = classmethod(__init_subclass__)


def _wrap_method(cls, name, make):
    original = cls.__dict__.get(name)
    if original is None or (cls, name) in _patched:
        return
    _patched.add((cls, name))
    setattr(cls, name, functools.wraps(original)(make(original)))


def _depth():
    return getattr(_local, "depth", 0)


class _Inside:
    """Marks the launch under way, so that the launches it makes itself (benchmark runs, a
    subclass calling its base) are not recorded as the program's."""

    def __enter__(self):
        _local.depth = _depth() + 1

    def __exit__(self, *exc):
        _local.depth -= 1


def _tuner_init(original):
    def __init__(self, *args, **kwargs):
        if _recorder is not None:
            _recorder.remember_decorator(self, original, args, kwargs)
        return original(self, *args, **kwargs)
    return __init__


def _recording_run(original, kind):
    """run() of a tuner ("autotune") or a JITFunction ("jit"), recording the launch it is called
    for; warmups and the launches a recorded one makes itself pass straight through."""
    def run(self, *args, **kwargs):
        if _recorder is None or _depth() > 0 or (kind == "jit" and kwargs.get("warmup")):
            return original(self, *args, **kwargs)
        launch, kwargs = _recorder.begin(self, kind, args, kwargs)
        error = None
        try:
            with _Inside():
                return original(self, *args, **kwargs)
        except BaseException as e:
            error = e
            raise
        finally:
            _recorder.end(self, launch, error)
    return run


def _tuner_run(original):
    return _recording_run(original, "autotune")


def _jit_run(original):
    return _recording_run(original, "jit")


def _warn(message):
    try:
        sys.stderr.write(f"tilescope capture: {message}\n")
    except Exception:
        pass


# ---- describing values (never a tensor's contents) ---------------------------------------------

def _is_tensor(value):
    return hasattr(value, "data_ptr") and hasattr(value, "dtype") and hasattr(value, "shape")


def _describe(value):
    """A launch argument as a hashable value (for keys and comparisons) and as JSON."""
    if _is_tensor(value):
        dtype = str(value.dtype)
        shape = tuple(int(s) for s in value.shape)
        strides = None
        try:
            strides = tuple(int(s) for s in value.stride())
        except Exception:
            pass
        device = str(getattr(value, "device", ""))
        return ("tensor", dtype, shape, strides, device)
    if type(value).__name__ == "constexpr" and hasattr(value, "value"):
        return _describe(value.value)
    if value is None or isinstance(value, (bool, str)):
        return ("value", value)
    if isinstance(value, numbers.Integral):
        return ("value", int(value))
    if isinstance(value, numbers.Real):
        number = float(value)
        return ("value", number) if math.isfinite(number) else ("float", repr(number))
    text = str(value) if type(value).__name__ == "dtype" else None
    return ("unsupported", f"{type(value).__module__}.{type(value).__qualname__}", text)


def _described_json(described):
    kind = described[0]
    if kind == "tensor":
        _, dtype, shape, strides, device = described
        out = {"tensor": dtype, "shape": list(shape)}
        if strides is not None:
            out["strides"] = list(strides)
        if device:
            out["device"] = device
        return out
    if kind == "value":
        return described[1]
    if kind == "float":
        return {"float": described[1]}
    out = {"unsupported": described[1]}
    if described[2] is not None:
        out["text"] = described[2]
    return out


def _json_value(value, depth=0):
    """Decorator arguments (configs, hints, key) as JSON; what has no JSON form is named by type."""
    if depth > 8:
        return {"unsupported": "nested too deep"}
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        return number if math.isfinite(number) else {"float": repr(number)}
    if _is_config(value):
        return _config_json(value)
    if isinstance(value, (list, tuple)):
        return [_json_value(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_value(v, depth + 1) for k, v in value.items()}
    if callable(value):
        return {"callable": getattr(value, "__qualname__", type(value).__qualname__)}
    return {"unsupported": f"{type(value).__module__}.{type(value).__qualname__}"}


def _is_config(value):
    return hasattr(value, "kwargs") and hasattr(value, "num_warps") and hasattr(value, "num_stages")


def _config_json(config):
    out = {"kwargs": {str(k): _json_value(v) for k, v in dict(config.kwargs).items()},
           "num_warps": _json_value(config.num_warps), "num_stages": _json_value(config.num_stages)}
    for extra in ("num_ctas", "maxnreg"):
        if getattr(config, extra, None) is not None:
            out[extra] = _json_value(getattr(config, extra))
    if getattr(config, "pre_hook", None) is not None:
        out["pre_hook"] = True
    ubtune = getattr(config, "ubtune_cfg", None)
    if ubtune:
        out["ubtune_cfg"] = _json_value(ubtune)
    return out


def _timing_json(timing):
    values = timing if isinstance(timing, (list, tuple)) else [timing]
    out = []
    for v in values:
        try:
            number = float(v)
        except (TypeError, ValueError):
            return None
        out.append(number if math.isfinite(number) else None)
    return out


def _base_function(kernel):
    fn = kernel
    for _ in range(16):
        if inspect.isfunction(fn):
            return fn
        fn = getattr(fn, "fn", None)
    return None


def _is_constexpr(annotation):
    if annotation is inspect.Parameter.empty:
        return False
    if isinstance(annotation, str):
        return annotation.split(".")[-1] == "constexpr"
    return getattr(annotation, "__name__", "") == "constexpr"


# ---- the grid ------------------------------------------------------------------------------

_parsed_files = {}


def _module_tree(filename):
    lines = linecache.getlines(filename)
    if not lines:
        return None, None
    source = "".join(lines)
    cached = _parsed_files.get(filename)
    if cached is not None and cached[0] == source:
        return source, cached[1]
    try:
        tree = ast.parse(source)
    except SyntaxError:
        tree = None
    _parsed_files[filename] = (source, tree)
    return source, tree


class _Constants(ast.NodeTransformer):
    def __init__(self, values):
        self.values = values

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.values:
            return ast.copy_location(ast.Constant(self.values[node.id]), node)
        return node


def _grid_json(grid, named):
    """The grid as written: a static tuple, or a lambda's source with the free names it reads.
    A free name that is a number other than the launch argument of that name is written into
    the expression as its value, so the expression reads the same with TileScope's rule that
    free names are launch arguments."""
    if not callable(grid):
        described = _json_value(grid)
        return {"static": described}
    code = getattr(grid, "__code__", None)
    name = getattr(grid, "__qualname__", type(grid).__qualname__)
    if code is None or getattr(grid, "__name__", "") != "<lambda>":
        return {"callable": name}
    source, tree = _module_tree(code.co_filename)
    if tree is None:
        return {"callable": name, "why": "its source cannot be read"}
    params = list(code.co_varnames[:code.co_argcount])
    nodes = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda) and n.lineno == code.co_firstlineno
             and [a.arg for a in n.args.args] == params]
    texts = {ast.get_source_segment(source, n) for n in nodes}
    if len(texts) != 1:
        return {"callable": name, "why": "several lambdas on its line" if nodes else "its source cannot be found"}
    node = nodes[0]
    text = texts.pop()
    closure = dict(zip(code.co_freevars, (c.cell_contents for c in (grid.__closure__ or ()))))
    local = set(params) | {n.id for n in ast.walk(node.body) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    free, constants = {}, {}
    for ident in sorted({n.id for n in ast.walk(node.body) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
                        - local):
        if ident in closure:
            value = closure[ident]
        elif ident in grid.__globals__:
            value = grid.__globals__[ident]
        elif hasattr(builtins, ident):
            free[ident] = {"builtin": ident}
            continue
        else:
            free[ident] = {"unresolved": True}
            continue
        if isinstance(value, types.ModuleType):
            free[ident] = {"module": value.__name__}
        elif isinstance(value, (numbers.Real, bool)) and not _is_tensor(value):
            argument = named.get(ident)
            if argument is not None and not _is_tensor(argument) and _describe(argument) == _describe(value):
                free[ident] = {"argument": ident}
            else:
                free[ident] = {"value": _json_value(value)}
                constants[ident] = _describe(value)[1] if _describe(value)[0] == "value" else None
        else:
            free[ident] = {"unsupported": f"{type(value).__module__}.{type(value).__qualname__}"}
    out = {"lambda": text, "free": free}
    usable = {k: v for k, v in constants.items() if v is not None}
    if usable and hasattr(ast, "unparse"):
        out["expression"] = ast.unparse(_Constants(usable).visit(ast.parse(text, mode="eval")).body)
    return out


def _probe_grid(grid, holder):
    """A grid that notes what it evaluates to: the last value is the program's own launch."""
    if not callable(grid):
        return grid

    def grid_probe(meta):
        value = grid(meta)
        holder["evaluated"] = value
        return value
    return grid_probe


# ---- the recorder --------------------------------------------------------------------------

class _Launch:
    __slots__ = ("group", "new", "record", "grid_holder", "timings_before", "signature")


class _Recorder:
    def __init__(self, folder, all_jit):
        self.folder = os.path.abspath(folder)
        self.all_jit = all_jit
        self.lock = threading.RLock()
        self.decorators = weakref.WeakKeyDictionary()
        self.decorators_by_id = {}
        self.sources = {}
        self.parameters = {}
        self._open()

    # -- files --
    def _open(self):
        self.pid = os.getpid()
        self.groups = {}      # group key -> index
        self.counts = []      # per group
        self.first = []       # per group: the first launch's argument signature
        self.varying = []     # per group: argument names that changed
        self.software_written = False
        self.file = None
        try:
            os.makedirs(os.path.join(self.folder, "sources"), exist_ok=True)
            self.file = open(os.path.join(self.folder, f"launches-{self.pid}.jsonl"), "a", encoding="utf-8")
        except OSError as error:
            _warn(f"cannot write to {self.folder}: {error}")
            return
        self._write({"record": "process", "format": FORMAT, "pid": self.pid, "argv": list(sys.argv),
                     "cwd": os.getcwd(), "python": sys.version.split()[0], "executable": sys.executable,
                     "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})

    def _write(self, record):
        if self.file is None:
            return
        try:
            self.file.write(json.dumps(record, allow_nan=False, separators=(",", ":")) + "\n")
            self.file.flush()
        except (OSError, ValueError, TypeError) as error:
            _warn(f"cannot record a launch: {error}")

    def forked(self):
        self.lock = threading.RLock()
        self._open()
        # A multiprocessing worker leaves through os._exit, past atexit; multiprocessing runs its
        # own finalizers first. (A bare os.fork child that calls os._exit leaves no exit record:
        # its counts are read as lower bounds.)
        try:
            from multiprocessing import util
            util.Finalize(None, self.finish, exitpriority=-100)
        except Exception:
            pass

    def finish(self):
        with self.lock:
            if self.file is None:
                return
            self._write({"record": "exit", "counts": self.counts,
                         "varying": [sorted(v) for v in self.varying]})
            self.file.close()
            self.file = None

    # -- what a decorator was given --
    def remember_decorator(self, tuner, init, args, kwargs):
        try:
            if self._decorator_of(tuner) is not None:
                return  # a subclass's __init__ came first and saw the arguments as written
            bound = inspect.signature(init).bind(tuner, *args, **kwargs)
            arguments = dict(bound.arguments)
            arguments.pop("self", None)
            for name in ("fn", "arg_names"):
                arguments.pop(name, None)
            described = {name: _json_value(value) for name, value in arguments.items()}
            try:
                self.decorators[tuner] = described
            except TypeError:
                self.decorators_by_id[id(tuner)] = described
        except Exception as error:
            _warn(f"cannot read a decorator's arguments: {type(error).__name__}: {error}")

    def _decorator_of(self, tuner):
        try:
            found = self.decorators.get(tuner)
        except TypeError:
            found = None
        return found if found is not None else self.decorators_by_id.get(id(tuner))

    # -- launches --
    def begin(self, kernel, kind, args, kwargs):
        """Called before the original: returns the launch being recorded (None when it cannot
        be described) and the keyword arguments to call the original with."""
        try:
            with self.lock:
                if os.getpid() != self.pid:
                    self._open()
                return self._begin(kernel, kind, args, kwargs)
        except Exception as error:
            _warn(f"cannot record a launch: {type(error).__name__}: {error}")
            return None, kwargs

    def _begin(self, kernel, kind, args, kwargs):
        fn = _base_function(kernel)
        if fn is None:
            return None, kwargs
        params = self.parameters.get(fn)
        if params is None:
            params = self.parameters[fn] = inspect.signature(fn).parameters
        arg_names = list(getattr(kernel, "arg_names", None) or params)
        named = dict(zip(arg_names, args))
        options = {}
        for name, value in kwargs.items():
            if name in _LAUNCH_KEYWORDS:
                continue
            (named if name in params else options)[name] = value
        described = {name: _describe(value) for name, value in named.items()}
        decorator = self._decorator_of(kernel) if kind == "autotune" else None
        if kind == "autotune":
            key_names = decorator.get("key") if decorator else getattr(kernel, "keys", [])
            if isinstance(key_names, dict):
                key_names = list(key_names.values())
            key_names = [k for k in (key_names or []) if isinstance(k, str)]
            key = [described[k] for k in key_names if k in described]
            key += [d[1] for d in described.values() if d[0] == "tensor"]
        else:
            key_names = []
            key = [(n, d[:3] if d[0] == "tensor" else d) for n, d in described.items()
                   if d[0] != "value" or not isinstance(d[1], float)]
            key += sorted((n, _describe(v)) for n, v in options.items())
        group_key = (fn.__code__.co_filename, fn.__qualname__, kind, repr(key))
        launch = _Launch()
        launch.signature = described
        index = self.groups.get(group_key)
        if index is not None:
            launch.group, launch.new, launch.record = index, False, None
            self.counts[index] += 1
            first = self.first[index]
            for name in set(first) | set(described):
                if first.get(name) != described.get(name):
                    self.varying[index].add(name)
            return launch, kwargs
        index = len(self.counts)
        self.groups[group_key] = index
        self.counts.append(1)
        self.first.append(described)
        self.varying.append(set())
        launch.group, launch.new = index, True
        launch.grid_holder = {}
        launch.timings_before = getattr(kernel, "configs_timings", None)
        grid = kwargs.get("grid")
        launch.record = {
            "record": "launch", "kind": kind, "group": index,
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "kernel": self._kernel_json(fn),
            "tuner": f"{type(kernel).__module__}.{type(kernel).__qualname__}" if kind == "autotune" else None,
            "decorator": decorator,
            "params": [self._param_json(p) for p in params.values()],
            "args": {name: _described_json(d) for name, d in described.items()},
            "options": {name: _described_json(_describe(v)) for name, v in options.items()},
            "key": key_names,
            "grid": _grid_json(grid, named) if "grid" in kwargs else None,
        }
        if "grid" in kwargs:
            kwargs = dict(kwargs, grid=_probe_grid(grid, launch.grid_holder))
        if not self.software_written:
            self.software_written = True
            self._write(self._software_json(described))
        return launch, kwargs

    def end(self, kernel, launch, error):
        if launch is None or not launch.new:
            return
        try:
            with self.lock:
                record = launch.record
                evaluated = launch.grid_holder.get("evaluated")
                record["evaluatedGrid"] = _json_value(tuple(evaluated)) if evaluated is not None else None
                best = getattr(kernel, "best_config", None) if record["kind"] == "autotune" else None
                record["best"] = _config_json(best) if best is not None and _is_config(best) else None
                timings = getattr(kernel, "configs_timings", None)
                record["timings"] = None
                if record["kind"] == "autotune" and isinstance(timings, dict) and timings is not launch.timings_before:
                    record["timings"] = [[_config_json(c), _timing_json(t)] for c, t in timings.items() if _is_config(c)]
                record["error"] = f"{type(error).__name__}: {error}" if error is not None else None
                self._write(record)
        except Exception as e:
            _warn(f"cannot record a launch: {type(e).__name__}: {e}")

    # -- parts of a record --
    def _kernel_json(self, fn):
        code = fn.__code__
        out = {"file": os.path.abspath(code.co_filename), "function": fn.__name__, "line": code.co_firstlineno,
               "source": None, "sha256": None}
        path = code.co_filename
        if path not in self.sources:
            self.sources[path] = self._copy_source(path)
        copied = self.sources[path]
        if isinstance(copied, str):
            out["sourceError"] = copied
        else:
            out["sha256"], out["source"] = copied
        return out

    def _copy_source(self, path):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as error:
            return f"the kernel's file cannot be read: {error.strerror or error}"
        digest = hashlib.sha256(data).hexdigest()
        relative = f"sources/{digest}.py"
        target = os.path.join(self.folder, relative)
        if not os.path.exists(target):
            partial = f"{target}.{os.getpid()}.part"
            with open(partial, "wb") as f:
                f.write(data)
            os.replace(partial, target)
        return digest, relative

    @staticmethod
    def _param_json(p):
        out = {"name": p.name, "constexpr": _is_constexpr(p.annotation)}
        if p.default is not inspect.Parameter.empty:
            out["default"] = _described_json(_describe(p.default))
        return out

    @staticmethod
    def _software_json(described):
        def version_of(module):
            loaded = sys.modules.get(module)
            return str(getattr(loaded, "__version__", "")) or None if loaded is not None else None

        ascend = None
        if "triton.backends.ascend" in sys.modules:
            try:
                from importlib import metadata
                for dist in ("triton-ascend", "triton_ascend"):
                    try:
                        ascend = metadata.version(dist)
                        break
                    except metadata.PackageNotFoundError:
                        continue
            except Exception:
                pass
            ascend = ascend or "unknown"
        device = None
        tensors = [d for d in described.values() if d[0] == "tensor" and d[4]]
        if tensors:
            kind, _, index = tensors[0][4].partition(":")
            device = {"kind": kind, "name": None}
            try:
                torch = sys.modules.get("torch")
                backend = getattr(torch, kind, None) if torch is not None and kind in ("cuda", "npu") else None
                if backend is not None:
                    device["name"] = str(backend.get_device_name(int(index) if index.isdigit() else 0))
            except Exception:
                pass
        return {"record": "software", "python": sys.version.split()[0], "triton": version_of("triton"),
                "tritonAscend": ascend, "torch": version_of("torch"), "torchNpu": version_of("torch_npu"),
                "device": device}
