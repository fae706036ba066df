#!/usr/bin/env python3
"""One workload through Triton-Ascend's 2026-08 autotune runtime (child of run_upstream_2608.py).

argv: TREE WORKLOAD. TREE holds the stand-ins plus upstream's files (see run_upstream_2608.py).
Prints one JSON object on stdout: everything the harness records for the workload.
"""
import ast
import contextlib
import dataclasses
import importlib.util
import io
import json
import os
import re
import sys
import warnings

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Launch options that reach the tuner as keyword arguments when a workload gives them at top level.
LAUNCH_OPTIONS = ("num_warps", "num_stages", "multibuffer", "force_simt_only", "compile_mode")
# Cube spaces up to this many raw candidates are recorded one by one with their verdicts.
CUBE_DETAIL_LIMIT = 2000
CONFIG_DEFAULTS = {"num_warps": 4, "num_stages": 3, "num_ctas": 1, "maxnreg": None, "ir_override": None}

_trace = {}  # what the instrumented upstream methods saw, by name


def load_device(soc):
    path = os.path.join(REPO_ROOT, "resources", "devices", soc + ".json")
    with open(path, encoding="utf-8") as fp:
        figures = json.load(fp)["figures"]
    return {
        "soc": soc,
        "num_aicore": figures["cube_cores"]["value"],
        "num_vectorcore": figures["vector_cores"]["value"],
        "ub_kib": figures.get("ub_budget_kib", figures.get("ub_kib", {})).get("value", 192),
        "source": os.path.relpath(path, REPO_ROOT),
    }


# ---- JSON conversion ---------------------------------------------------------------------------

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def scrub(text):
    return _ADDRESS.sub("", text)


def to_json(value):
    import torch
    from triton.runtime.autotuner import Config
    if isinstance(value, Config):
        return config_json(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return [to_json(v) for v in sorted(value, key=repr)]
    if isinstance(value, torch.dtype):
        return str(value)
    if isinstance(value, torch.Tensor):
        return "tensor({}, {})".format(str(value.dtype), list(value.shape))
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else repr(value)
    if callable(value):
        return "callable"
    return scrub(repr(value))


def config_json(cfg):
    out = {"kwargs": {k: to_json(v) for k, v in cfg.kwargs.items()}}
    for field, default in CONFIG_DEFAULTS.items():
        value = getattr(cfg, field, default)
        if value != default:
            out[field] = to_json(value)
    if getattr(cfg, "pre_hook", None) is not None:
        out["pre_hook"] = True
    ubtune = getattr(cfg, "ubtune_cfg", None)
    if ubtune:
        out["ubtune_cfg"] = to_json(ubtune)
    return out


def pairs(mapping):
    """{axis: value} -> [[axis, value], ...] sorted by axis."""
    if not mapping:
        return []
    return [[str(k), to_json(v)] for k, v in sorted(mapping.items(), key=lambda kv: str(kv[0]))]


# ---- instrumentation: record, never alter ------------------------------------------------------

def tag_stage(stage):
    """Wraps a method so an exception escaping it carries the stage name (innermost wins)."""
    def wrap(fn):
        def inner(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                if not hasattr(exc, "_ts_stage"):
                    exc._ts_stage = stage
                raise
        inner.__wrapped__ = fn
        return inner
    return wrap


def instrument(rt_autotuner):
    from triton.backends.ascend.runtime import tile_generator
    from triton.backends.ascend.runtime.cv_autotune.generators import cv_tile_generator

    tuner_cls = rt_autotuner.AutoTilingTuner
    tuner_cls._autoparse_axis_params = tag_stage("autoparse")(tuner_cls._autoparse_axis_params)
    tuner_cls._gen_tile_configs = tag_stage("generate")(tuner_cls._gen_tile_configs)
    rt_autotuner._expand_configs_with_hints = tag_stage("hints_expand")(rt_autotuner._expand_configs_with_hints)

    materialize = tuner_cls._materialize_vector_tile_inputs

    def materialize_recorded(self, kv_dict, all_args=None):
        result = materialize(self, kv_dict, all_args)
        _trace["tile_inputs"] = {"kv_dict": to_json(kv_dict), **to_json(result)}
        return result
    tuner_cls._materialize_vector_tile_inputs = materialize_recorded

    descend = tile_generator.TileGenerator.descend_split_tiling

    def descend_recorded(self, *args, **kwargs):
        result = descend(self, *args, **kwargs)
        facts = {}
        for name, value in sorted(vars(self).items()):
            if name.startswith("_") or name == "configs":
                continue
            if value is None or isinstance(value, (bool, int, float, str)):
                facts[name] = to_json(value)
        facts["tile_configs"] = len(self.configs)
        _trace["tile_generator"] = facts
        return result
    tile_generator.TileGenerator.descend_split_tiling = descend_recorded

    cv_generate = cv_tile_generator.CVTileGenerator.generate_configs

    def cv_generate_recorded(self):
        # Every candidate with its verdict when the space is small; counts per reason otherwise
        # (a 4096-long M/N/K space has millions of candidates).
        detailed = self.stats["total_possible"] <= CUBE_DETAIL_LIMIT
        verdicts = []
        reasons = {}
        should_prune = self.pruner.should_prune

        def prune_recorded(config, dtype):
            verdict = should_prune(config, dtype)
            if verdict[0]:
                rule = verdict[1].split(":")[1].strip() if verdict[1].count(":") >= 2 else verdict[1]
                reasons[rule] = reasons.get(rule, 0) + 1
            if detailed:
                verdicts.append((dict(config), verdict))
            return verdict
        self.pruner.should_prune = prune_recorded
        try:
            configs = cv_generate(self)
        finally:
            self.pruner.should_prune = should_prune
        trace = {
            "dtype": str(self.dtype),
            "hardware": to_json(self.hw_constraints.to_dict()),
            "param_space": [{"name": p.name, "type": p.type, "values": to_json(getattr(p, "values", None))}
                            for p in self.params],
            "raw_count": self.stats["total_possible"] if self.params else 0,
            "pruned_count": self.stats["pruned"],
            "pruned_by_rule": dict(sorted(reasons.items())),
            "kept_count": len(configs),
        }
        if detailed and self.params:
            raw = []
            self._generate_all_recursive(param_idx=0, partial={}, result=raw)
            trace["candidates"] = [describe_candidate(c, verdicts) for c in raw]
        _trace["cube"] = trace
        return configs
    cv_tile_generator.CVTileGenerator.generate_configs = cv_generate_recorded


def describe_candidate(cfg, verdicts):
    """A raw cube candidate and, if a pruning rule dropped it, the rule's reason."""
    out = {"kwargs": to_json(cfg)}
    for site_config, (pruned, reason) in verdicts:
        if all(site_config.get(k) == v for k, v in cfg.items()) and pruned:
            out["pruned_by"] = reason
            out["checked"] = to_json(site_config)
            break
    return out


# ---- the kernel and its launch -----------------------------------------------------------------

def autotuned_function_names(path):
    """Names of functions in the kernel file carrying an autotune-like decorator (for init errors)."""
    try:
        with open(path, encoding="utf-8") as fp:
            tree = ast.parse(fp.read())
    except (OSError, SyntaxError):
        return []
    names = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                text = ast.unparse(target)
                if text.endswith("autotune"):
                    names.append(node.name)
                    break
    return names


def make_value(spec):
    import torch
    if isinstance(spec, dict) and "tensor" in spec:
        return torch.Tensor(spec.get("shape", [1]), torch.dtype_from_name(spec["tensor"]))
    return spec


def make_grid(grid, namespace):
    if grid is None:
        return None, None
    if isinstance(grid, list):
        return tuple(grid), grid
    if isinstance(grid, int):
        return grid, grid
    return eval(grid, namespace), "callable"  # noqa: S307 - the workload's own grid expression


def main():
    tree, workload_path = sys.argv[1], sys.argv[2]
    with open(workload_path, encoding="utf-8") as fp:
        workload = json.load(fp)
    device = load_device(workload.get("device", "Ascend910B2"))
    os.environ["TS_REF_DEVICE"] = json.dumps(device)
    os.environ["TS_REF_SOC"] = device["soc"]
    sys.path.insert(0, tree)

    record = {"backend": "2026-08", "kernel": workload["kernel"], "function": workload.get("function")}
    printed = io.StringIO()
    caught = []
    with contextlib.redirect_stdout(printed), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run(workload, workload_path, device, record)
    record["stdout"] = [scrub(line) for line in printed.getvalue().splitlines()]
    record["warnings"] = [scrub("{}: {}".format(w.category.__name__, w.message)) for w in caught]
    sys.stdout.write(json.dumps(record))


def run(workload, workload_path, device, record):
    import triton  # noqa: F401
    import triton.backends.ascend.runtime  # noqa: F401 - patches triton.autotune as kernels expect
    from triton.backends.ascend.runtime import autotuner as rt_autotuner
    from triton.backends.ascend.runtime import utils as rt_utils
    from triton.backends.ascend import utils as ascend_utils

    instrument(rt_autotuner)
    record["device"] = {
        "soc": device["soc"],
        "num_aicore": device["num_aicore"],
        "num_aicore_source": device["source"],
        "num_vector_core": rt_utils.num_vector_core,
        "ub_size_kb": rt_utils.ub_size_in_kbytes,
        "rf_size_kb": rt_utils.rf_size_in_kbytes,
        "is_compile_on_910_95": ascend_utils.is_compile_on_910_95(),
    }

    kernel_path = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(workload_path)),
                                                workload["kernel"]))
    if not record["function"]:
        names = autotuned_function_names(kernel_path)
        record["function"] = names[0] if len(names) == 1 else None

    module_name = "ts_kernel_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(kernel_path))[0])
    try:
        spec = importlib.util.spec_from_file_location(module_name, kernel_path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    except Exception as exc:
        fail(record, exc, "init")
        return

    tuner = find_tuner(module, record["function"], rt_autotuner.AutoTilingTuner)
    if tuner is None:
        fail(record, LookupError("no AutoTilingTuner named {!r} in {}".format(record["function"], kernel_path)),
             "harness")
        return
    record["function"] = tuner.base_fn.__name__

    args = {name: make_value(spec) for name, spec in workload.get("args", {}).items()}
    namespace = dict(vars(module))
    namespace.update(args)
    grid, grid_text = make_grid(workload.get("grid"), namespace)

    positional = []
    for name in tuner.arg_names:
        if name not in args:
            break
        positional.append(args[name])
    kwargs = {"grid": grid, "warmup": False}
    kwargs.update({k: v for k, v in args.items() if k not in tuner.arg_names[:len(positional)]})
    for option in LAUNCH_OPTIONS:
        if option in workload and option not in kwargs:
            kwargs[option] = workload[option]

    passed = tuner.arg_names[:len(positional)] + [k for k in kwargs if k not in ("grid", "warmup")]
    key = None
    pruned = None
    try:
        # What AutoTilingTuner.run does before compiling: the same calls, in order.
        tuner._inject_grid_num_tiles(kwargs)
        key = tuner.generate_key_and_configs(*positional, **kwargs)
        pruned = tuner.prune_configs(kwargs)
    except Exception as exc:
        fail(record, exc, getattr(exc, "_ts_stage", "launch"))
    finally:
        record["launch"] = launch_block(tuner, passed, grid_text, kwargs)
        record["kernel_type"] = tuner.parser_mode
        record["analysis"] = analysis_block(tuner)
        dtype = widest_dtype(tuner, positional, kwargs, rt_utils)
        record["dtype"] = str(dtype) if dtype is not None else None
        record["dtype_bytes"] = rt_utils.get_byte_per_numel(dtype) if dtype is not None else None
        record["cache_key"] = to_json(list(key)) if key is not None else None
        if "tile_generator" in _trace:
            record["tile_generator"] = {**_trace["tile_generator"], "inputs": _trace.get("tile_inputs")}
        if "cube" in _trace:
            record["cube"] = {"cv_parse": to_json(tuner.cv_parse_result), **_trace["cube"]}
    if pruned is None:
        record["configs"] = None
        return
    record["configs"] = [config_json(c) for c in tuner.configs]
    record["generated_count"] = len(tuner.gen_configs) if tuner.auto_gen_config else 0
    record["user_config_count"] = len(tuner.configs) - record["generated_count"]
    record["benchmarked"] = benchmarked_block(tuner, pruned)


def find_tuner(module, function, tuner_cls):
    if function:
        obj = getattr(module, function, None)
        return obj if isinstance(obj, tuner_cls) else None
    found = [v for v in vars(module).values() if isinstance(v, tuner_cls)]
    return found[0] if len(found) == 1 else None


def fail(record, exc, stage):
    record["error"] = scrub(str(exc))
    record["error_type"] = type(exc).__name__
    record["error_stage"] = stage


def widest_dtype(tuner, positional, kwargs, rt_utils):
    # The tuner's own rule: the last tensor whose element size is >= the widest so far.
    all_args = {**dict(zip(tuner.arg_names, positional)), **kwargs}
    dtype = None
    for name, arg in all_args.items():
        if name in tuner.arg_names and hasattr(arg, "dtype"):
            if rt_utils.get_byte_per_numel(arg.dtype) >= rt_utils.get_byte_per_numel(dtype):
                dtype = arg.dtype
    return dtype


def launch_block(tuner, passed, grid_text, kwargs):
    return {
        "passed": passed,
        "grid": grid_text,
        "grid_num_tiles": kwargs.get("grid_num_tiles"),
        "simt": tuner.is_simt_mode,
        "user_specified_warps": tuner.user_specified_warps,
        "user_specified_num_stages": tuner.user_specified_num_stages,
        "user_specified_multibuffer": tuner.user_specified_multibuffer,
        "default_multibuffer": tuner.default_multibuffer,
        "auto_gen_config": bool(tuner.auto_gen_config),
        "user_configs": len(tuner.user_configs),
        "hints": to_json(tuner.hints),
        "config_hints": to_json(tuner.config_hints),
        "vv_parser_v2_mode": tuner.vv_parser_v2_mode,
    }


def analysis_block(tuner):
    vector_axes = getattr(tuner, "vector_axes", None)
    return {
        "keys": list(tuner.keys),
        "hints_axes": pairs(tuner.hints_axes),
        "axis_arg_names": pairs(getattr(tuner, "axis_arg_names", {})),
        "split_params": pairs(tuner.split_params),
        "all_split_params": pairs(tuner.all_split_params),
        "tiling_params": pairs(tuner.tiling_params),
        "fixed_split_params": pairs(tuner.fixed_split_params),
        "low_dim_axes": to_json(tuner.low_dim_axes),
        "reduction_axes": to_json(tuner.reduction_axes),
        "persistent_reduction": tuner.persistent_reduction,
        "dual_reduction": tuner.dual_reduction,
        "num_buffers": tuner.num_buffers,
        "axis_pid_dims": pairs(tuner.axis_pid_dims),
        "split_axis_pid_dims": pairs(tuner.split_axis_pid_dims),
        "fixed_grid_dims": [[int(k), to_json(v)] for k, v in sorted(tuner.fixed_grid_dim_values.items())],
        "missing_tunable_params": to_json(tuner.missing_tunable_params),
        "axis_length_exprs": pairs(getattr(vector_axes, "axis_length_exprs", {}) if vector_axes else {}),
        "vv_gap_fill": to_json(tuner.vv_gap_fill_report_v2),
    }


def benchmarked_block(tuner, pruned):
    """What would reach compilation: the tuner's dict keyed by Config (equal configs merge) and,
    for cube/mix, its time-budget cut with every rough timing equal."""
    unique = list(dict.fromkeys(pruned))
    out = {"after_prune_configs": len(pruned), "unique_configs": len(unique), "would_benchmark": len(pruned) > 1}
    if (tuner.parser_mode in ("cube", "mix") and tuner.cv_parse_result is not None and len(unique) > 1):
        kept = tuner._prune_by_time_limit({cfg: (lambda: None) for cfg in unique})
        out["after_time_budget"] = len(kept)
    return out


if __name__ == "__main__":
    main()
