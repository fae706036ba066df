# Stand-in for upstream Triton's triton.runtime.autotuner: Config, and an Autotuner with upstream's
# constructor and run(): every config of a new key is launched once and timed by a deterministic
# rule (1 ms plus 1/v for each integer value v of the config, plus num_warps / 100), the fastest is
# kept per key and launched. TRITON_PRINT_AUTOTUNING=1 prints upstream's line; cache_results (or
# TRITON_CACHE_AUTOTUNING=1) writes upstream's <fn>.autotune.json under TRITON_CACHE_DIR.
import builtins
import hashlib
import inspect
import json
import os
import sys

from .jit import KernelInterface


class Config:
    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None, pre_hook=None):
        self.kwargs = kwargs
        self.num_warps = num_warps
        self.num_ctas = num_ctas
        self.num_stages = num_stages
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self):
        extra = (("num_warps", self.num_warps), ("num_ctas", self.num_ctas), ("num_stages", self.num_stages),
                 ("maxnreg", self.maxnreg))
        return {**self.kwargs, **{k: v for k, v in extra if v is not None}}

    def __str__(self):
        parts = [f"{k}: {v}" for k, v in self.kwargs.items()]
        parts += [f"num_warps: {self.num_warps}", f"num_ctas: {self.num_ctas}", f"num_stages: {self.num_stages}",
                  f"maxnreg: {self.maxnreg}"]
        return ", ".join(parts)

    def __hash__(self):
        return hash((*self.all_kwargs().items(), self.pre_hook))

    def __eq__(self, other):
        return (*self.all_kwargs().items(), self.pre_hook) == (*other.all_kwargs().items(), other.pre_hook)


def stub_time_ms(config):
    sizes = [v for v in config.kwargs.values() if isinstance(v, int) and not isinstance(v, bool) and v > 0]
    return 1.0 + sum(1.0 / v for v in sizes) + 0.01 * config.num_warps


class Autotuner(KernelInterface):
    def __init__(self, fn, arg_names, configs, key, reset_to_zero, restore_value, pre_hook=None, post_hook=None,
                 prune_configs_by=None, warmup=None, rep=None, use_cuda_graph=False, do_bench=None,
                 cache_results=False):
        self.configs = configs if configs else [Config({}, num_warps=4, num_stages=3, num_ctas=1)]
        self.keys = key
        self.cache = {}
        self.arg_names = arg_names
        self.cache_results = cache_results or os.environ.get("TRITON_CACHE_AUTOTUNING") == "1"
        self.fn = fn
        self.base_fn = fn
        while not inspect.isfunction(self.base_fn):
            self.base_fn = self.base_fn.fn
        self.bench_time = 0.0

    def _bench(self, *args, config, **meta):
        self.fn.run(*args, **dict(meta, **config.all_kwargs()))
        t = stub_time_ms(config)
        return [t, t * 0.98, t * 1.03]

    def _key(self, args, kwargs):
        all_args = {**dict(zip(self.arg_names, args)), **kwargs}
        named = {k: v for k, v in all_args.items() if k in self.arg_names}
        key = [named[k] for k in self.keys if k in named]
        key += [str(v.dtype) for v in named.values() if hasattr(v, "dtype")]
        return tuple(key)

    def _write_disk_cache(self, key):
        folder = os.path.join(os.environ.get("TRITON_CACHE_DIR", os.path.expanduser("~/.triton/cache")),
                              hashlib.sha256(str(key).encode()).hexdigest()[:32])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"{self.base_fn.__name__}.autotune.json"), "w") as out:
            json.dump({"key": [str(k) for k in key],
                       "configs_timings": [(c.__dict__, t) for c, t in self.configs_timings.items()]}, out)

    def run(self, *args, **kwargs):
        self.nargs = dict(zip(self.arg_names, args))
        used_cached_result = True
        key = None
        if len(self.configs) > 1:
            key = self._key(args, kwargs)
            if key not in self.cache:
                used_cached_result = False
                timings = {c: self._bench(*args, config=c, **kwargs) for c in self.configs}
                self.cache[key] = builtins.min(timings, key=timings.get)
                self.configs_timings = timings
                if self.cache_results:
                    self._write_disk_cache(key)
            config = self.cache[key]
        else:
            config = self.configs[0]
        self.best_config = config
        if os.environ.get("TRITON_PRINT_AUTOTUNING") == "1" and not used_cached_result:
            print(f"Triton autotuning for function {self.base_fn.__name__},\nwith key as {key},\n"
                  f"finished after {self.bench_time:.2f}s,\nbest config selected: {self.best_config};")
        ret = self.fn.run(*args, **kwargs, **config.all_kwargs())
        self.nargs = None
        return ret


def autotune(configs, key, prune_configs_by=None, reset_to_zero=None, restore_value=None, pre_hook=None,
             post_hook=None, warmup=None, rep=None, use_cuda_graph=False, do_bench=None, cache_results=False):
    if "tilescope_kernel_module" in sys.modules:
        raise AssertionError("the runner must replace triton.autotune while it imports the kernel")

    def decorator(fn):
        return Autotuner(fn, fn.arg_names, configs, key, reset_to_zero, restore_value, pre_hook=pre_hook,
                         post_hook=post_hook, prune_configs_by=prune_configs_by, warmup=warmup, rep=rep,
                         use_cuda_graph=use_cuda_graph, do_bench=do_bench, cache_results=cache_results)

    return decorator
