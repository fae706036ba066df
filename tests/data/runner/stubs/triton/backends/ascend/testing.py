# Test stand-in for Triton-Ascend's profiler bench: one mean per call, from the same
# deterministic times as the stand-in do_bench (its p50), logged with the method that timed it.
import json
import os

from ... import testing


def do_bench_npu(fn, warmup=5, active=30, prof_dir=None, keep_res=False):
    p50 = testing.do_bench(fn)[0]
    if os.environ.get("STUB_LOG"):
        with open(os.environ["STUB_LOG"], "a") as log:
            log.write(json.dumps({"method": "do_bench_npu", "mean": p50}) + "\n")
    return p50
