"""Stand-in for triton.knobs: disk caching and the interpreter are off."""


class _Section:
    def __init__(self, **values):
        self.__dict__.update(values)


autotuning = _Section(cache=False, print=False)
runtime = _Section(interpret=False)
cache = _Section(dir="", home_dir="")
