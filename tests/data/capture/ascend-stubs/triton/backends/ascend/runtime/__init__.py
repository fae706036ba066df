# Stand-in for Triton-Ascend's autotune extension: importing it replaces triton.autotune with the
# Ascend decorator, whose tuner is a subclass of the upstream Autotuner (autotuner.py).
from .autotuner import autotune


def _patch_autotune():
    import triton

    triton.autotune = autotune


_patch_autotune()
