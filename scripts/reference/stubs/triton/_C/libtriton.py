"""Stand-in for the native extension."""


def get_cache_invalidating_env_vars():
    return {}
