#!/usr/bin/env python3
"""Reference harness: what Triton-Ascend's 2026-08 autotune runtime concludes for a workload.

Extracts `third_party/ascend/backend/runtime/` (and Triton's own `runtime/autotuner.py`, the
Autotuner/Config base classes) from a git mirror of the fork at a fixed commit into a temporary
directory, puts the stand-ins of scripts/reference/stubs/ (torch, the rest of triton, the NPU
driver) beside them, imports the kernel file of a TileScope workload so that its
`@triton.autotune` / `max_autotune` decorator builds the tuner exactly as it would on a device,
and replays the launch: the tuner's own `_inject_grid_num_tiles`, `generate_key_and_configs`
and `prune_configs`, then the cube/mix time-budget cut with a fixed rough timing. Nothing is
compiled, benchmarked or launched.

Each workload runs in a fresh child process (upstream reads the device at import time), twice:
once as a user would run it (its printed warnings are `stdout`) and once with
TRITON_PRINT_AUTOTUNING=1 (the tuner's own debug log, `autotuning_log`).

Usage:
  run_upstream_2608.py [--mirror DIR] [--commit SHA] [--out FILE] workload.json [...]
Without --out, each expected.json is written beside its workload.json.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_MIRROR = "/work/.mirror/Geofeng12138+triton-ascend/repo"
DEFAULT_COMMIT = "189dd87904997ed0d9704ef16ddbabfc082bef0b"
RUNTIME_PATH = "third_party/ascend/backend/runtime"
BASE_AUTOTUNER_PATH = "python/triton/runtime/autotuner.py"
LOG_LINE_LIMIT = 400  # the debug log lists every cube config; keep its head only


def extract_upstream(mirror, commit, dest):
    """Builds an importable tree: stand-ins plus upstream's runtime package and base autotuner."""
    shutil.copytree(os.path.join(HERE, "stubs"), dest, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    raw = os.path.join(dest, "_upstream")
    os.makedirs(raw)
    archive = subprocess.run(["git", "--git-dir", mirror, "archive", commit, RUNTIME_PATH, BASE_AUTOTUNER_PATH],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", raw], input=archive, check=True)
    shutil.copytree(os.path.join(raw, RUNTIME_PATH), os.path.join(dest, "triton", "backends", "ascend", "runtime"))
    shutil.copy(os.path.join(raw, BASE_AUTOTUNER_PATH), os.path.join(dest, "triton", "runtime", "autotuner.py"))
    shutil.rmtree(raw)


def run_child(tree, workload, print_autotuning):
    env = dict(os.environ)
    for name in ("TRITON_ENABLE_UBTUNER", "TRITON_BENCH_METHOD", "TRITON_AUTOTUNE_PARALLEL_COMPILE",
                 "TRITON_PRINT_AUTOTUNING", "TRITON_ASCEND_ARCH"):
        env.pop(name, None)
    if print_autotuning:
        env["TRITON_PRINT_AUTOTUNING"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONHASHSEED"] = "0"
    proc = subprocess.run([sys.executable, os.path.join(HERE, "upstream_child_2608.py"), tree, workload],
                          capture_output=True, text=True, env=env, cwd=tree)
    if proc.returncode != 0:
        raise RuntimeError("reference child failed for {}:\n{}{}".format(workload, proc.stdout, proc.stderr))
    return json.loads(proc.stdout)


def build_expected(tree, workload, commit):
    plain = run_child(tree, workload, print_autotuning=False)
    logged = run_child(tree, workload, print_autotuning=True)
    plain["upstream_commit"] = commit[:7]
    log = logged.get("stdout", [])
    if len(log) > LOG_LINE_LIMIT:
        log = log[:LOG_LINE_LIMIT] + ["... {} more lines".format(len(log) - LOG_LINE_LIMIT)]
    plain["autotuning_log"] = log
    order = ["upstream_commit", "backend", "kernel", "function", "device", "launch", "kernel_type", "analysis",
             "dtype", "dtype_bytes", "cache_key", "tile_generator", "cube", "configs", "generated_count",
             "user_config_count", "benchmarked", "error", "error_type", "error_stage", "stdout", "warnings",
             "autotuning_log"]
    return {k: plain[k] for k in order if k in plain}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirror", default=DEFAULT_MIRROR, help="bare git mirror of the fork")
    ap.add_argument("--commit", default=DEFAULT_COMMIT)
    ap.add_argument("--out", help="output file (one workload only); default: expected.json beside it")
    ap.add_argument("--keep-tree", action="store_true", help="keep the extracted tree and print its path")
    ap.add_argument("workloads", nargs="+")
    args = ap.parse_args()
    if args.out and len(args.workloads) != 1:
        ap.error("--out takes exactly one workload")

    tree = tempfile.mkdtemp(prefix="ts-ref-2608-")
    failures = 0
    try:
        extract_upstream(args.mirror, args.commit, tree)
        for workload in args.workloads:
            workload = os.path.abspath(workload)
            try:
                expected = build_expected(tree, workload, args.commit)
            except Exception as exc:  # keep going: report and count
                failures += 1
                print("FAILED {}: {}".format(workload, exc), file=sys.stderr)
                continue
            out = args.out or os.path.join(os.path.dirname(workload), "expected.json")
            with open(out, "w", encoding="utf-8") as fp:
                fp.write(dump_json(expected) + "\n")
            if expected.get("error"):
                summary = "{} ({})".format(expected["error_type"], expected["error_stage"])
            else:
                summary = "{} configs, {} generated".format(len(expected["configs"]), expected["generated_count"])
            print("{}: {}".format(os.path.relpath(out, REPO_ROOT), summary))
    finally:
        if args.keep_tree:
            print("tree kept at " + tree, file=sys.stderr)
        else:
            shutil.rmtree(tree, ignore_errors=True)
    return 1 if failures else 0


ONE_ITEM_PER_LINE = {"configs", "candidates", "stdout", "warnings", "autotuning_log", "tile_inputs_log"}


def dump_json(value, indent=0, key=None):
    """Indented JSON; short values stay on one line, each config (and log line) gets its own."""
    pad = "  " * indent
    flat = json.dumps(value, ensure_ascii=False)
    if key not in ONE_ITEM_PER_LINE and (len(flat) + len(pad) <= 100 or not isinstance(value, (dict, list))):
        return flat
    if isinstance(value, dict):
        items = ["{}  {}: {}".format(pad, json.dumps(k), dump_json(v, indent + 1, k)) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if not value:
        return "[]"
    if key in ONE_ITEM_PER_LINE:
        items = ["{}  {}".format(pad, json.dumps(v, ensure_ascii=False)) for v in value]
    else:
        items = ["{}  {}".format(pad, dump_json(v, indent + 1)) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


if __name__ == "__main__":
    sys.exit(main())
