# Test stand-in for torch: dtypes, seeded tensor constructors and a CUDA device that is always there.
__version__ = "2.0.0+stub"


class dtype:
    def __init__(self, name, floating):
        self.name = name
        self.is_floating_point = floating

    def __repr__(self):
        return "torch." + self.name


float16 = dtype("float16", True)
bfloat16 = dtype("bfloat16", True)
float32 = dtype("float32", True)
int32 = dtype("int32", False)
int64 = dtype("int64", False)
bool = dtype("bool", False)


class Tensor:
    def __init__(self, shape, dtype):
        self.shape = tuple(shape)
        self.dtype = dtype

    def to(self, dtype):
        return Tensor(self.shape, dtype)


def manual_seed(seed):
    pass


def randn(shape, dtype=float32, device=None):
    return Tensor(shape, dtype)


def randint(low, high, shape, device=None):
    return Tensor(shape, int64)


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
