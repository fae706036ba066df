# C = A . B^T with fp16 operands and an fp32 result, one BLOCK_M x BLOCK_N tile of C per program,
# the K axis walked in BLOCK_K steps. B is stored [N, K] (row-major), so its tile is read along K
# and transposed for the cube.
import triton
import triton.language as tl


@triton.jit
def gemm_abt_kernel(
    a_ptr,
    b_ptr,
    c_ptr,
    M,
    N,
    K,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
):
    pid = tl.program_id(0)
    num_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_n
    pid_n = pid % num_n
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        offs_k = k + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + offs_m[:, None] * K + offs_k[None, :])
        b = tl.load(b_ptr + offs_n[:, None] * K + offs_k[None, :])
        acc = tl.dot(a, tl.trans(b), acc)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)
