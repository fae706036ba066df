
# ---- The runner. Everything above this line is the data TileScope exported; below is the same
# ---- for every export. It needs the standard library plus the machine's own triton and torch.

import argparse
import datetime
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import platform
import select
import subprocess
import sys
import tempfile
import time
import types

DATA = json.loads(DATA_JSON)

# Launch options every Triton backend takes; anything else a config passes that is not a kernel
# parameter is a backend's own compile option.
_COMMON_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion", "debug",
                   "launch_cooperative_grid", "launch_pdl")
_FINAL = ("ok", "compile_failed", "run_failed", "timeout")
_ASCEND_MODULES = ("torch_npu", "triton.backends.ascend")


def _now():
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _say(message):
    print(message, file=sys.stderr, flush=True)


class _AscendStandIns(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Empty modules for torch_npu and triton.backends.ascend.* where they are not installed, so
    that a kernel file written for Triton-Ascend imports on another backend. Consulted only after
    every real finder has failed."""

    def find_spec(self, fullname, path=None, target=None):
        if any(fullname == m or fullname.startswith(m + ".") for m in _ASCEND_MODULES):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__tilescope_stand_in__ = True
        # max_autotune and friends: decorators that leave the kernel as it is.
        module.__getattr__ = lambda name: _passthrough_decorator if "autotune" in name else None
        return module

    def exec_module(self, module):
        pass


def _passthrough_decorator(*args, **kwargs):
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda fn: fn


def _import_kernel(path, function):
    """Imports the kernel file with triton.autotune replaced by a pass-through: the runner
    benchmarks each candidate itself, whatever the decorator would have generated."""
    import triton
    sys.meta_path.append(_AscendStandIns())
    saved = {name: getattr(triton, name, None) for name in ("autotune",)}
    triton.autotune = _passthrough_decorator
    try:
        spec = importlib.util.spec_from_file_location("tilescope_kernel_module", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
        spec.loader.exec_module(module)
    finally:
        for name, value in saved.items():
            setattr(triton, name, value)
    if not hasattr(module, function):
        raise SystemExit(f"tilescope runner: {path} has no function '{function}'")
    kernel = getattr(module, function)
    while not hasattr(kernel, "arg_names") and hasattr(kernel, "fn"):
        kernel = kernel.fn  # an Autotuner or Heuristics the pass-through did not catch
    if not hasattr(kernel, "arg_names"):
        raise SystemExit(f"tilescope runner: {path}: '{function}' is not a @triton.jit function")
    return kernel


def _device_kind(requested):
    import torch
    if requested in (None, "auto"):
        try:
            import torch_npu  # noqa: F401
            if hasattr(torch, "npu") and torch.npu.is_available():
                return "npu"
        except ImportError:
            pass
        if torch.cuda.is_available():
            return "cuda"
        raise SystemExit("tilescope runner: no NPU (torch_npu) and no CUDA device is available")
    return requested


def _device_name(kind):
    import torch
    try:
        if kind == "npu":
            return torch.npu.get_device_name(0)
        if kind == "cuda":
            return torch.cuda.get_device_name(0)
    except Exception as error:  # a name is nice to have, never worth a failed run
        return f"{kind} (name unavailable: {error})"
    return kind


def _synchronize(kind):
    import torch
    (torch.npu if kind == "npu" else torch.cuda).synchronize()


def _make_tensor(spec, kind, generator_seed):
    import torch
    dtype = getattr(torch, spec["dtype"].replace("torch.", ""))
    shape = spec["shape"]
    torch.manual_seed(generator_seed)
    if dtype.is_floating_point:
        return torch.randn(shape, dtype=torch.float32, device=kind).to(dtype)
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, device=kind).to(torch.bool)
    return torch.randint(0, 64, shape, device=kind).to(dtype)


def _launch_arguments(kernel, kind):
    args = {}
    seed = DATA["workload"].get("seed", 0)
    for i, (name, value) in enumerate(DATA["workload"]["args"].items()):
        if isinstance(value, dict) and "tensor" in value:
            args[name] = _make_tensor({"dtype": value["tensor"], "shape": value["shape"]}, kind, seed + i)
        else:
            args[name] = value
    return args


def _grid(args):
    import triton
    grid = DATA["workload"].get("grid")
    if grid is None:
        raise SystemExit("tilescope runner: the workload gives no grid")
    if isinstance(grid, list):
        return tuple(grid)
    import triton.language as tl
    namespace = {"triton": triton, "tl": tl}
    namespace.update(args)
    return eval(grid, namespace)  # the workload's own grid expression, as the user wrote it


def _backend_options():
    """The compile options the active backend takes, read from its options class."""
    try:
        import triton
        from triton.compiler.compiler import make_backend
        backend = make_backend(triton.runtime.driver.active.get_current_target())
        return set(type(backend.parse_options({})).__dataclass_fields__)
    except Exception:
        return set(_COMMON_OPTIONS)


def _split_config(config, kernel_params, kind, backend_options, dropped):
    """What to pass for one candidate, less the options this backend does not know."""
    kwargs = {}
    for name, value in config["kwargs"].items():
        if name in kernel_params or kind == "npu" or name in backend_options:
            kwargs[name] = value
        elif name not in dropped:
            dropped[name] = ("an Ascend compile option; this backend does not take it, so the script "
                             "leaves it out (configs that differ only in it time the same here)")
    return kwargs


def _error_text(error):
    text = f"{type(error).__name__}: {error}".strip()
    return text if len(text) <= 4000 else text[:4000] + " ..."


def _compile_errors():
    kinds = []
    for module, name in (("triton.compiler.errors", "CompilationError"),
                         ("triton.runtime.errors", "OutOfResources"),
                         ("triton.compiler.errors", "CompileTimeAssertionFailure")):
        try:
            kinds.append(getattr(importlib.import_module(module), name))
        except Exception:
            pass
    return tuple(kinds)


def _bench_npu(fn, kind):
    from triton.backends.ascend.testing import do_bench_npu
    mean = do_bench_npu(fn, warmup=5, active=30)
    if isinstance(mean, (list, tuple)):
        mean = mean[0]
    return [mean, mean, mean]


def _run_candidate(kernel, grid, args, config, kwargs, kind, method, options):
    import triton
    import triton.testing
    launch = dict(args)
    launch.update(kwargs)
    launch["num_warps"] = config["num_warps"]
    launch["num_stages"] = config["num_stages"]
    result = {"status": "ok", "error": None, "p50_ms": None, "p20_ms": None, "p80_ms": None}
    started = time.monotonic()
    try:
        if hasattr(kernel, "warmup"):
            kernel.warmup(grid=grid, **launch)  # compiles without launching
        else:
            kernel[grid](**launch)
            _synchronize(kind)
    except Exception as error:
        compile_errors = _compile_errors()
        failed = "compile_failed" if hasattr(kernel, "warmup") or isinstance(error, compile_errors) else "run_failed"
        result.update(status=failed, error=_error_text(error))
        return result, time.monotonic() - started

    def run():
        kernel[grid](**launch)
    try:
        if method == "npu_profiler":
            times = _bench_npu(run, kind)
        else:
            times = triton.testing.do_bench(run, warmup=options.warmup, rep=options.rep, quantiles=[0.5, 0.2, 0.8])
        _synchronize(kind)
    except Exception as error:
        result.update(status="run_failed", error=_error_text(error))
        return result, time.monotonic() - started
    result.update(p50_ms=float(times[0]), p20_ms=float(times[1]), p80_ms=float(times[2]))
    return result, time.monotonic() - started


def _write(path, document):
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".tilescope-runner-", suffix=".json", dir=folder)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        json.dump(document, out, indent=1)
        out.write("\n")
    os.replace(temporary, path)


def _resume(path, document):
    """Takes over what an earlier run of the same export finished; refuses another export's file."""
    if not os.path.exists(path):
        return 0
    try:
        with open(path, encoding="utf-8") as f:
            earlier = json.load(f)
    except (OSError, ValueError) as error:
        raise SystemExit(f"tilescope runner: {path} exists but is not readable JSON ({error}); "
                         "move it away or pass --restart")
    if earlier.get("format") != DATA["format"] or earlier.get("export_id") != DATA["export_id"]:
        raise SystemExit(f"tilescope runner: {path} holds results of another export; "
                         "pass another -o, or --restart to replace it")
    taken = 0
    for mine, theirs in zip(document["candidates"], earlier.get("candidates", [])):
        if theirs.get("config") != mine["config"]:
            continue
        if theirs.get("status") in _FINAL:
            mine.update(theirs)
            taken += 1
        elif theirs.get("status") == "running":
            # The process died while this candidate ran: a crash, not a result to retry forever.
            mine.update(status="run_failed", error="the runner's process ended while this candidate ran",
                        wall_s=theirs.get("wall_s"))
            taken += 1
    for key in ("dropped_options", "started_at"):
        if earlier.get(key):
            document[key] = earlier[key]
    return taken


def _describe(config):
    parts = [f"{k}={v}" for k, v in config["kwargs"].items()]
    parts += [f"num_warps={config['num_warps']}", f"num_stages={config['num_stages']}"]
    return ", ".join(parts)


def _duration(seconds):
    seconds = int(round(seconds))
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m" if seconds >= 3600 else \
        f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


def _tell(line):
    """The worker's side of the protocol: one line on standard output per candidate started and
    finished (progress and messages go to standard error)."""
    print(line, flush=True)


def _mark(path, index, status, error):
    """The supervisor records the fate of a candidate the worker could not finish."""
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    candidate = document["candidates"][index]
    candidate.update(status=status, error=error, p50_ms=None, p20_ms=None, p80_ms=None)
    if all(c["status"] in _FINAL for c in document["candidates"]):
        document.update(complete=True, finished_at=_now())
    _write(path, document)
    _say(f"[{index + 1}/{len(document['candidates'])}] {status:>14}  {_describe(candidate['config'])}")
    _say("        " + error)


def _supervise(options, argv):
    """Runs the candidates in a worker process, so that a compile or launch that hangs in native
    code, or crashes the process, costs that candidate only: a candidate over --timeout is recorded
    as timeout, one whose process died as run_failed, and a new worker goes on with the rest."""
    started = time.monotonic()
    base = [a for a in argv if a != "--restart"]
    first = True
    while True:
        command = [sys.executable, os.path.abspath(__file__), "--worker"] + base
        if first and options.restart:
            command.append("--restart")
        if options.time_budget:
            left = options.time_budget - (time.monotonic() - started)
            if left <= 0:
                _say("tilescope runner: time budget spent; run again to go on")
                return 3
            command += ["--time-budget", f"{left:.3f}"]
        first = False
        worker = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, bufsize=1)
        running, since = None, None
        timed_out = False
        while True:
            wait = None
            if running is not None and options.timeout:
                wait = max(0.0, options.timeout - (time.monotonic() - since))
            ready, _, _ = select.select([worker.stdout], [], [], wait)
            if not ready:
                timed_out = True
                worker.kill()
                worker.wait()
                break
            line = worker.stdout.readline()
            if not line:
                worker.wait()
                break
            word, _, number = line.strip().partition(" ")
            if word == "START":
                running, since = int(number), time.monotonic()
            elif word == "DONE":
                running = None
        if running is None:  # finished, out of budget, or failed before any candidate ran
            return worker.returncode
        if timed_out:
            _mark(options.output, running, "timeout", f"over the {options.timeout:g} s limit per candidate")
        else:
            code = worker.returncode
            how = f"signal {-code}" if code < 0 else f"exit code {code}"
            _mark(options.output, running, "run_failed", f"the runner's process ended while this candidate ran ({how})")



def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(
        description=f"Benchmarks {len(DATA['candidates'])} candidate configs of "
                    f"{DATA['workload']['function']} ({DATA['workload']['kernel']}) and writes their times "
                    "as JSON for `tilescope measure import`.")
    parser.add_argument("-o", "--output", default=os.path.join(here, DATA["default_output"]),
                        help="the results file (default: %(default)s); an existing one of this export is resumed")
    parser.add_argument("--kernel", default=None,
                        help="the kernel file (default: %s, relative to this script, else %s)"
                             % (DATA["kernel_relative"], DATA["kernel_absolute"]))
    parser.add_argument("--bench", choices=("auto", "do_bench", "npu_profiler"), default="auto",
                        help="auto: the NPU profiler where torch_npu is present, else triton.testing.do_bench")
    parser.add_argument("--device", choices=("auto", "npu", "cuda"), default="auto")
    parser.add_argument("--time-budget", type=float, default=DATA["time_budget_s"],
                        help="seconds for the whole run, 0 for none (default: %(default)s); candidates "
                             "not reached are recorded as not_run and a later run goes on with them")
    parser.add_argument("--timeout", type=float, default=DATA["timeout_s"],
                        help="seconds per candidate, 0 for none (default: %(default)s)")
    parser.add_argument("--warmup", type=float, default=25, help="do_bench warm-up, ms (default: %(default)s)")
    parser.add_argument("--rep", type=float, default=100, help="do_bench repetition time, ms (default: %(default)s)")
    parser.add_argument("--restart", action="store_true", help="ignore earlier results in the output file")
    parser.add_argument("--list", action="store_true", help="print the candidates and exit")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)

    if options.list:
        for i, candidate in enumerate(DATA["candidates"]):
            print(f"{i:6d}  {_describe(candidate['config'])}")
        return 0
    if not options.worker:
        return _supervise(options, argv if argv is not None else sys.argv[1:])

    kernel_path = options.kernel or os.path.join(here, DATA["kernel_relative"])
    if not options.kernel and not os.path.exists(kernel_path):
        kernel_path = DATA["kernel_absolute"]
    if not os.path.exists(kernel_path):
        raise SystemExit(f"tilescope runner: kernel file {kernel_path} not found; pass --kernel PATH")
    with open(kernel_path, "rb") as f:
        kernel_sha = hashlib.sha256(f.read()).hexdigest()
    if kernel_sha != DATA["kernel_sha256"]:
        _say(f"tilescope runner: note: {kernel_path} differs from the file exported "
             "(its candidates were generated for the exported version)")

    import torch
    import triton
    kind = _device_kind(options.device)
    method = options.bench
    if method == "auto":
        method = "npu_profiler" if kind == "npu" else "do_bench"
    if method == "npu_profiler" and kind != "npu":
        raise SystemExit("tilescope runner: --bench npu_profiler needs an NPU with torch_npu")
    kernel = _import_kernel(kernel_path, DATA["workload"]["function"])
    try:
        import torch_npu
        npu_version = getattr(torch_npu, "__version__", "unknown")
    except ImportError:
        npu_version = None

    document = {
        "format": DATA["format"],
        "export_id": DATA["export_id"],
        "tilescope_version": DATA["tilescope_version"],
        "backend": DATA["backend"],
        "workload": DATA["workload"],
        "workload_file": DATA["workload_file"],
        "kernel_sha256": kernel_sha,
        "candidates_from": DATA["candidates_from"],
        "device": {"name": _device_name(kind), "kind": kind},
        "software": {"python": platform.python_version(), "triton": getattr(triton, "__version__", "unknown"),
                     "torch": torch.__version__.split("+")[0], "torch_npu": npu_version},
        "bench": {"method": method, "quantiles": [0.5, 0.2, 0.8], "warmup_ms": options.warmup,
                  "rep_ms": options.rep, "time_budget_s": options.time_budget, "timeout_s": options.timeout},
        "dropped_options": [],
        "started_at": _now(),
        "finished_at": None,
        "complete": False,
        "candidates": [dict(index=i, config=c["config"], status="not_run", error=None, p50_ms=None,
                            p20_ms=None, p80_ms=None, wall_s=None) for i, c in enumerate(DATA["candidates"])],
    }
    taken = 0 if options.restart else _resume(options.output, document)
    if taken:
        _say(f"tilescope runner: resuming {options.output}: {taken} of {len(document['candidates'])} "
             "candidates already done")

    args = _launch_arguments(kernel, kind)
    grid = _grid(args)
    kernel_params = set(kernel.arg_names)
    backend_options = _backend_options()
    dropped = {d["option"]: d["note"] for d in document["dropped_options"]}
    todo = [c for c in document["candidates"] if c["status"] not in _FINAL]
    started = time.monotonic()
    done_now = 0
    for position, candidate in enumerate(todo):
        elapsed = time.monotonic() - started
        if options.time_budget and elapsed >= options.time_budget:
            _say(f"tilescope runner: time budget of {options.time_budget:g} s spent; "
                 f"{len(todo) - position} candidates not run (run again to go on)")
            break
        config = candidate["config"]
        kwargs = _split_config(config, kernel_params, kind, backend_options, dropped)
        document["dropped_options"] = [{"option": k, "note": v} for k, v in dropped.items()]
        candidate.update(status="running")
        _write(options.output, document)
        _tell(f"START {candidate['index']}")
        result, wall = _run_candidate(kernel, grid, args, config, kwargs, kind, method, options)
        candidate.update(result)
        candidate["wall_s"] = round(wall, 3)
        done_now += 1
        _write(options.output, document)
        _tell(f"DONE {candidate['index']}")
        elapsed = time.monotonic() - started
        left = (len(todo) - position - 1) * elapsed / done_now
        timing = f"{result['p50_ms']:.4f} ms" if result["status"] == "ok" else result["status"]
        _say(f"[{candidate['index'] + 1:>{len(str(len(document['candidates'])))}}/{len(document['candidates'])}] "
             f"{timing:>14}  {_describe(config)}  (eta {_duration(left)})")
        if result["error"]:
            _say("        " + result["error"].splitlines()[0][:200])

    finished = [c for c in document["candidates"] if c["status"] in _FINAL]
    document["complete"] = len(finished) == len(document["candidates"])
    document["finished_at"] = _now()
    _write(options.output, document)
    timed = [c for c in finished if c["status"] == "ok"]
    counts = {}
    for c in document["candidates"]:
        counts[c["status"]] = counts.get(c["status"], 0) + 1
    _say("tilescope runner: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) +
         f"; wrote {options.output}")
    for name, note in dropped.items():
        _say(f"tilescope runner: left out '{name}': {note}")
    if timed:
        best = min(timed, key=lambda c: c["p50_ms"])
        _say(f"tilescope runner: best {best['p50_ms']:.4f} ms: {_describe(best['config'])}")
    return 0 if document["complete"] else 3


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        _say("tilescope runner: interrupted; run again to resume")
        sys.exit(130)
