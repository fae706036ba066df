# Arithmetic at the edges of 64-bit integers and the constructs decorators use: a seed for the
# evaluator's fuzzing (tests/test_fuzz.cpp).
import math
import triton

BIG = 9223372036854775807
SMALL = -BIG - 1
BLOCKS = [2**i for i in range(4, 12)]
CONFIGS = [triton.Config({"XBLOCK": b, "XBLOCK_SUB": b // 2}, num_warps=4) for b in BLOCKS if b % 64 == 0]


def pick(n, cap=1024):
    out = []
    for b in BLOCKS:
        if b <= cap and n % b == 0:
            out.append(b)
    return out


SMALL // -1
SMALL % -1
BIG + 1
BIG * 2
-SMALL
abs(SMALL)
1 << 63
SMALL >> 64
divmod(SMALL, -1)
pow(2, 63)
2 ** -1
triton.cdiv(SMALL, -1)
triton.next_power_of_2(BIG)
int(1e300)
round(1e300)
sum([BIG, BIG])
range(SMALL, BIG)[-1]
len(range(SMALL, BIG))
math.prod([BIG, 2])
lambda meta: (triton.cdiv(98432, meta["XBLOCK"]),)
{k: v for k, v in zip("ab", (1, 2))}
pick(4096)
f"{BIG}"
