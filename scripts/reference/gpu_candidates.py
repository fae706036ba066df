#!/usr/bin/env python3
"""Picks candidates that upstream Triton on a CUDA GPU can compile from a runner script's list.

    gpu_candidates.py RUNNER.py --limit N -o candidates.json

Upstream Triton needs every tl.arange size to be a power of two, and Triton-Ascend's generator and
lattice do not: this keeps the configs whose integer keyword values are all powers of two, then at
most N of them spread evenly over the list (first, last, equal steps), and writes a JSON list that
`tilescope runner export --candidates candidates.json` takes. Used to make the GPU fixture in
tests/data/runner/gpu-h100/ (see its README).
"""
import argparse
import json
import re
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runner")
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("-o", "--output", required=True)
    options = parser.parse_args()
    text = open(options.runner, encoding="utf-8").read()
    match = re.search(r"^DATA_JSON = r'''(.*?)'''$", text, re.S | re.M)
    if not match:
        sys.exit(f"{options.runner}: not a TileScope runner script")
    data = json.loads(match.group(1))

    def power_of_two(v):
        return isinstance(v, bool) or not isinstance(v, int) or (v > 0 and v & (v - 1) == 0)

    configs = [c["config"] for c in data["candidates"]
               if all(power_of_two(v) for v in c["config"]["kwargs"].values())]
    if len(configs) > options.limit > 1:
        configs = [configs[k * (len(configs) - 1) // (options.limit - 1)] for k in range(options.limit)]
    with open(options.output, "w", encoding="utf-8") as out:
        json.dump(configs, out, indent=0)
    print(f"{options.runner}: {len(configs)} of {len(data['candidates'])} candidates kept", file=sys.stderr)


if __name__ == "__main__":
    main()
