"""Stand-in for triton.language: kernel bodies are parsed, never run, so only what a module
evaluates at import time matters (the `tl.constexpr` annotation, dtypes named in defaults or
module-level constants). Any other attribute resolves to an inert placeholder."""


class constexpr:
    def __init__(self, value=None):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return "constexpr[{}]".format(self.value)


class dtype:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "triton.language." + self.name


for _name in ("float8e4nv", "float8e5", "float16", "bfloat16", "float32", "float64", "int1", "int8", "int16",
              "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
    globals()[_name] = dtype(_name)


class _Placeholder:
    def __init__(self, name):
        self._name = name

    def __call__(self, *args, **kwargs):
        return _Placeholder(self._name + "()")

    def __getattr__(self, item):
        if item.startswith("__"):
            raise AttributeError(item)
        return _Placeholder(self._name + "." + item)

    def __repr__(self):
        return "<tl.{}>".format(self._name)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Placeholder(name)
