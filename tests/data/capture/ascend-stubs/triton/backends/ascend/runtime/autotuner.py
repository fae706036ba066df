# Stand-in for Triton-Ascend's AutoTilingTuner: a subclass of the upstream Autotuner that takes
# `hints`, splits them as Triton-Ascend does (axis hints apart, `multibuffer` turned into
# num_stages), and overrides run() without calling it. With configs=[] it "generates" candidates:
# every tunable constexpr (not passed at launch, no default) takes 256, 1024 or 4096, each tiling
# twice (multibuffer True / num_stages 2, then False / 1). Times follow the upstream stand-in's
# rule; TRITON_PRINT_AUTOTUNING=1 prints 2026-08's "best config selected" line.
import builtins
import inspect
import itertools
import os

import triton
from triton.runtime.autotuner import Autotuner, Config, stub_time_ms

_RESERVED_HINT_KEYS = {"split_params", "tiling_params", "low_dim_axes", "reduction_axes", "axes", "auto_gen_config",
                       "kernel_type", "tunable_parameter"}
_TILE_SIZES = (256, 1024, 4096)


class AutoTilingTuner(Autotuner):
    def __init__(self, fn, arg_names, configs, key, reset_to_zero, restore_value, pre_hook=None, post_hook=None,
                 prune_configs_by=None, warmup=None, rep=None, use_cuda_graph=False, do_bench=None,
                 cache_results=False, auto_profile_dir=None, hints=None):
        hints = dict(hints or {})
        reserved = {k: v for k, v in hints.items() if k in _RESERVED_HINT_KEYS}
        config_hints = {k: v for k, v in hints.items() if k not in _RESERVED_HINT_KEYS}
        if "multibuffer" in config_hints:
            config_hints["num_stages"] = [2 if m else 1 for m in config_hints.pop("multibuffer")]
        super().__init__(fn, arg_names, configs, key, reset_to_zero, restore_value, pre_hook, post_hook,
                         prune_configs_by, warmup, rep, use_cuda_graph, do_bench, cache_results=cache_results)
        self.hints = reserved
        self.config_hints = config_hints
        self.user_configs = list(configs or [])
        self.gen_configs = []
        self.auto_gen_config = not configs

    def _tunable(self, kwargs):
        params = inspect.signature(self.base_fn).parameters
        return [name for name, p in params.items()
                if p.annotation is triton.language.constexpr and p.default is inspect.Parameter.empty
                and name not in kwargs and name not in self.config_hints]

    def generate_key_and_configs(self, *args, **kwargs):
        self.nargs = dict(zip(self.arg_names, args))
        key = self._key(args, kwargs)
        if not any(hasattr(v, "dtype") for v in list(args) + list(kwargs.values())):
            raise NotImplementedError("Not support for non-Tensor inputs")
        if key not in self.cache:
            self.gen_configs = []
            if self.auto_gen_config:
                names = self._tunable(kwargs)
                for values in itertools.product(_TILE_SIZES, repeat=len(names)):
                    for multibuffer in (True, False):
                        self.gen_configs.append(Config({**dict(zip(names, values)), "multibuffer": multibuffer},
                                                       num_warps=1, num_stages=2 if multibuffer else 1))
            self.configs = self.gen_configs + self.user_configs or [Config({}, num_warps=4, num_stages=2)]
        return key

    def run(self, *args, **kwargs):
        key = self.generate_key_and_configs(*args, **kwargs)
        did_benchmark = False
        if key not in self.cache:
            if len(self.configs) > 1:
                did_benchmark = True
                timings = {c: self._bench(*args, config=c, **kwargs) for c in self.configs}
                self.cache[key] = builtins.min(timings, key=timings.get)
                self.configs_timings = timings
            else:
                self.cache[key] = self.configs[0]
        config = self.cache[key]
        self.best_config = config
        if os.environ.get("TRITON_PRINT_AUTOTUNING") == "1" and did_benchmark:
            print(f"Triton autotuning for function {self.base_fn.__name__} finished after "
                  f"{self.bench_time:.2f}s; best config selected: {config};")
        try:
            return self.fn.run(*args, **dict(config.all_kwargs(), **kwargs))
        finally:
            self.nargs = None


def autotune(configs, key, prune_configs_by=None, reset_to_zero=None, restore_value=None, pre_hook=None,
             post_hook=None, warmup=None, rep=None, use_cuda_graph=False, do_bench=None, cache_results=False, *,
             auto_prof_dir=None, hints=None):
    def decorator(fn):
        return AutoTilingTuner(fn, fn.arg_names, configs, key, reset_to_zero, restore_value, pre_hook=pre_hook,
                               post_hook=post_hook, prune_configs_by=prune_configs_by, warmup=warmup, rep=rep,
                               use_cuda_graph=use_cuda_graph, do_bench=do_bench, cache_results=cache_results,
                               auto_profile_dir=auto_prof_dir, hints=hints)

    return decorator
