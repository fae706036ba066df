"""Minimal stand-in for the parts of PyTorch the autotune runtime touches.

Only dtypes, tensors that carry a shape and a dtype, and finfo/iinfo bit widths exist here.
Nothing computes: kernels are never launched by the reference harness.
"""

import builtins


class dtype:
    def __init__(self, name, bits, is_floating_point, is_complex=False, is_signed=True):
        self._name = name
        self.itemsize = builtins.max(1, bits // 8)
        self._bits = bits
        self.is_floating_point = is_floating_point
        self.is_complex = is_complex
        self.is_signed = is_signed

    def __repr__(self):
        return "torch." + self._name

    __str__ = __repr__

    def to_real(self):
        return self


def _make(name, bits, fp, cplx=False, signed=True):
    d = dtype(name, bits, fp, cplx, signed)
    globals()[name] = d
    return d


float32 = _make("float32", 32, True)
float64 = _make("float64", 64, True)
float16 = _make("float16", 16, True)
bfloat16 = _make("bfloat16", 16, True)
int8 = _make("int8", 8, False)
int16 = _make("int16", 16, False)
int32 = _make("int32", 32, False)
int64 = _make("int64", 64, False)
uint8 = _make("uint8", 8, False, signed=False)
uint16 = _make("uint16", 16, False, signed=False)
uint32 = _make("uint32", 32, False, signed=False)
uint64 = _make("uint64", 64, False, signed=False)
bool = _make("bool", 8, False, signed=False)  # noqa: A001 - mirrors torch.bool
complex32 = _make("complex32", 32, False, cplx=True)
complex64 = _make("complex64", 64, False, cplx=True)
complex128 = _make("complex128", 128, False, cplx=True)
float8_e4m3fn = _make("float8_e4m3fn", 8, True)
float8_e5m2 = _make("float8_e5m2", 8, True)

# aliases PyTorch defines
float = float32  # noqa: A001
double = float64
half = float16
int = int32  # noqa: A001
long = int64
short = int16

_ALIASES = {"float": "float32", "double": "float64", "half": "float16", "int": "int32", "long": "int64",
            "short": "int16"}


def dtype_from_name(name):
    """'float16', 'torch.float16' or an alias -> the dtype object."""
    key = name[len("torch."):] if name.startswith("torch.") else name
    key = _ALIASES.get(key, key)
    value = globals().get(key)
    if not isinstance(value, dtype):
        raise ValueError("unknown tensor dtype: {}".format(name))
    return value


class _Info:
    def __init__(self, bits):
        self.bits = bits


def finfo(d):
    # PyTorch accepts only floating-point dtypes here and raises TypeError otherwise.
    if not isinstance(d, dtype) or not d.is_floating_point:
        raise TypeError("torch.finfo() requires a floating point input type.")
    return _Info(d._bits)


def iinfo(d):
    # PyTorch accepts integer dtypes only; bool and floating types raise TypeError.
    if not isinstance(d, dtype) or d.is_floating_point or d.is_complex or d is bool:
        raise TypeError("torch.iinfo() requires an integer input type.")
    return _Info(d._bits)


class Size(tuple):
    pass


class Tensor:
    """A tensor description: shape and dtype only."""

    def __init__(self, shape, dtype_=float32, device="npu"):
        self.shape = Size(builtins.int(s) for s in shape)
        self.dtype = dtype_
        self.device = device

    def numel(self):
        n = 1
        for s in self.shape:
            n *= s
        return n

    def size(self, dim=None):
        return self.shape if dim is None else self.shape[dim]

    def dim(self):
        return len(self.shape)

    ndim = property(dim)

    def element_size(self):
        return self.dtype.itemsize

    def stride(self, dim=None):
        strides = []
        acc = 1
        for s in reversed(self.shape):
            strides.append(acc)
            acc *= s
        strides = tuple(reversed(strides))
        return strides if dim is None else strides[dim]

    def data_ptr(self):
        return 0

    def __repr__(self):
        return "Tensor(shape={}, dtype={})".format(list(self.shape), self.dtype)


def _shape_of(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return tuple(size)


def empty(*size, dtype=None, device="npu", **_):
    return Tensor(_shape_of(size), dtype or float32, device)


zeros = ones = rand = randn = empty


def empty_like(t, dtype=None, **_):
    return Tensor(t.shape, dtype or t.dtype, t.device)


zeros_like = ones_like = rand_like = randn_like = empty_like
