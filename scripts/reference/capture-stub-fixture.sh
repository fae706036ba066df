#!/usr/bin/env bash
# Writes tests/data/capture/fixtures/stub-program: tests/data/capture/program/program.py captured by
# `tilescope capture --all-jit` over the stand-in torch and triton (tests/data/runner/stubs and the
# Triton-Ascend tuner of tests/data/capture/ascend-stubs).
#   scripts/reference/capture-stub-fixture.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
tilescope="${TILESCOPE:-$root/${1:-build}/app/tilescope}"
fixture="$root/tests/data/capture/fixtures/stub-program"
rm -rf "$fixture"
cd tests/data/capture/program
PYTHONPATH="$root/tests/data/capture/ascend-stubs:$root/tests/data/runner/stubs" \
    "$tilescope" capture --all-jit -o "$fixture" -- python3 program.py
