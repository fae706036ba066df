"""Stand-in NPU driver. The device comes from the TS_REF_DEVICE environment variable (JSON with
"soc", "num_aicore", "num_vectorcore"), set by the reference harness before anything imports.

A timing read through the device interface is a fixed 1.0 ms, so a time-budget cut that
sorts by rough timings keeps the generated order.
"""
import json
import os

FIXED_ROUGH_TIME_MS = 1.0


def _device():
    raw = os.environ.get("TS_REF_DEVICE")
    if not raw:
        raise RuntimeError("TS_REF_DEVICE is not set")
    return json.loads(raw)


class GPUTarget:
    def __init__(self, backend, arch, warp_size):
        self.backend = backend
        self.arch = arch
        self.warp_size = warp_size

    def __repr__(self):
        return "GPUTarget(backend={!r}, arch={!r}, warp_size={})".format(self.backend, self.arch, self.warp_size)


class _Utils:
    def get_device_properties(self, device):
        d = _device()
        return {
            "num_aicore": d["num_aicore"],
            "num_vectorcore": d.get("num_vectorcore", d["num_aicore"]),
            "max_shared_mem": d.get("ub_kib", 192) * 1024,
        }


class _Event:
    def __init__(self, enable_timing=False):
        self.enable_timing = enable_timing

    def record(self, *_):
        pass

    def elapsed_time(self, other):
        return FIXED_ROUGH_TIME_MS


class _DeviceInterface:
    Event = _Event

    def synchronize(self, *_):
        pass

    def current_device(self):
        return 0


class _ActiveDriver:
    def __init__(self):
        self.utils = _Utils()

    def get_current_target(self):
        return GPUTarget("npu", _device()["soc"], 0)

    def get_current_device(self):
        return 0

    def get_current_stream(self, device=None):
        return 0

    def get_device_interface(self):
        return _DeviceInterface()

    def get_benchmarker(self):
        return lambda fn, quantiles=None, **_: FIXED_ROUGH_TIME_MS


class _Driver:
    def __init__(self):
        self.active = _ActiveDriver()


driver = _Driver()
