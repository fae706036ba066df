# A fused linear layer on the cube unit: C = act(A @ B + bias). Which activation is applied is a
# string constexpr, ACTIVATION, chosen at launch; the branches it does not select are compiled
# out, so every candidate of one launch runs the same epilogue. BLOCK_M and BLOCK_N are split
# across a 2-D grid, BLOCK_K is walked inside each program.
import torch
import torch_npu
import triton
import triton.language as tl
import triton.backends.ascend.runtime


@triton.jit
def _apply_activation(x, ACTIVATION: tl.constexpr):
    if ACTIVATION == "relu":
        x = tl.maximum(x, 0.0)
    elif ACTIVATION == "leaky_relu":
        x = tl.where(x >= 0, x, 0.01 * x)
    elif ACTIVATION == "silu":
        x = x * tl.sigmoid(x)
    return x


@triton.autotune(configs=[], key=["M", "N", "K"])
@triton.jit
def linear_act_kernel(
    a_ptr,
    w_ptr,
    bias_ptr,
    c_ptr,
    M,
    N,
    K,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    ACTIVATION: tl.constexpr = "none",
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask_m = offs_m < M
    mask_n = offs_n < N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k_start in range(0, K, BLOCK_K):
        offs_k = k_start + tl.arange(0, BLOCK_K)
        mask_k = offs_k < K
        a = tl.load(a_ptr + offs_m[:, None] * K + offs_k[None, :], mask=mask_m[:, None] & mask_k[None, :], other=0.0)
        w = tl.load(w_ptr + offs_k[:, None] * N + offs_n[None, :], mask=mask_k[:, None] & mask_n[None, :], other=0.0)
        acc = tl.dot(a, w, acc)
    bias = tl.load(bias_ptr + offs_n, mask=mask_n, other=0.0)
    acc = _apply_activation(acc + bias[None, :].to(tl.float32), ACTIVATION)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=mask_m[:, None] & mask_n[None, :])


def linear_act(a, w, bias, activation="leaky_relu"):
    M, K = a.shape
    K, N = w.shape
    c = torch.empty((M, N), dtype=a.dtype, device=a.device)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
    linear_act_kernel[grid](a, w, bias, c, M, N, K, ACTIVATION=activation)
    return c


if __name__ == "__main__":
    a = torch.randn(2048, 1024, dtype=torch.float16, device="npu")
    w = torch.randn(1024, 4096, dtype=torch.float16, device="npu")
    bias = torch.randn(4096, dtype=torch.float16, device="npu")
    ref = torch.nn.functional.leaky_relu((a @ w).float() + bias.float(), 0.01).half()
    torch.testing.assert_close(linear_act(a, w, bias), ref, atol=1e-1, rtol=1e-2)
