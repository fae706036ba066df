# Test stand-in for torch_npu: importing it gives torch an Ascend NPU that is always there, as
# the real package does (torch.npu). On the path only for the tests of the NPU profiler path.
import torch

__version__ = "2.1.0+stub"


class _Npu:
    @staticmethod
    def is_available():
        return True

    @staticmethod
    def get_device_name(index=0):
        return "Stub Ascend910B2"

    @staticmethod
    def synchronize():
        pass


torch.npu = _Npu()
