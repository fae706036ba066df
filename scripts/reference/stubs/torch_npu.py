"""Empty stand-in: kernels import torch_npu for its side effects only."""
