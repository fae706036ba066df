"""Stand-in for triton.runtime.cache: nothing is cached on disk."""


def triton_key():
    return "reference-harness"


def get_cache_manager(key):
    raise RuntimeError("the reference harness has no cache manager")
