# Test stand-in for torch: dtypes, seeded tensor constructors and a CUDA device that is always there.
# A tensor knows its dtype, shape, strides and device and holds no data: reading its contents
# (tolist, item, indexing, ...) raises, so a test proves that code which must not read tensor
# contents (the capture hook) does not.
__version__ = "2.0.0+stub"


class dtype:
    def __init__(self, name, floating, itemsize):
        self.name = name
        self.is_floating_point = floating
        self.itemsize = itemsize

    def __repr__(self):
        return "torch." + self.name


float16 = dtype("float16", True, 2)
bfloat16 = dtype("bfloat16", True, 2)
float32 = dtype("float32", True, 4)
int32 = dtype("int32", False, 4)
int64 = dtype("int64", False, 8)
bool = dtype("bool", False, 1)


class device:
    def __init__(self, spec="cuda"):
        kind, _, index = str(spec).partition(":")
        self.type = kind
        self.index = int(index) if index else 0

    def __str__(self):
        return f"{self.type}:{self.index}"

    def __repr__(self):
        return f"device(type='{self.type}', index={self.index})"


def _contiguous_strides(shape):
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= max(int(size), 1)
    return tuple(reversed(strides))


class Tensor:
    _next_address = 0x10000

    def __init__(self, shape, dtype, device_spec="cuda", strides=None):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.device = device(device_spec) if not isinstance(device_spec, device) else device_spec
        self._strides = tuple(strides) if strides is not None else _contiguous_strides(self.shape)
        self._address = Tensor._next_address
        Tensor._next_address += 0x1000

    def to(self, dtype):
        return Tensor(self.shape, dtype, self.device)

    def stride(self, dim=None):
        return self._strides if dim is None else self._strides[dim]

    def numel(self):
        n = 1
        for size in self.shape:
            n *= size
        return n

    def element_size(self):
        return self.dtype.itemsize

    def data_ptr(self):
        return self._address

    def t(self):
        return Tensor(tuple(reversed(self.shape)), self.dtype, self.device, tuple(reversed(self._strides)))

    def _contents(self, *args, **kwargs):
        raise RuntimeError("the contents of a stand-in tensor were read")

    tolist = item = cpu = numpy = __iter__ = __getitem__ = __float__ = __int__ = _contents


def manual_seed(seed):
    pass


def randn(shape, dtype=float32, device="cuda"):
    return Tensor(shape, dtype, device)


def empty(shape, dtype=float32, device="cuda"):
    return Tensor(shape, dtype, device)


def empty_like(tensor):
    return Tensor(tensor.shape, tensor.dtype, tensor.device)


def randint(low, high, shape, device="cuda"):
    return Tensor(shape, int64, device)


class _Cuda:
    @staticmethod
    def is_available():
        return True

    @staticmethod
    def get_device_name(index=0):
        return "Stub GPU"

    @staticmethod
    def synchronize():
        pass


cuda = _Cuda()
