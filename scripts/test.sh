#!/usr/bin/env bash
# Sets everything up, builds, and runs the whole test suite.
# Usage: scripts/test.sh [--asan]
#   --asan  then builds the core, the binary and their tests again with AddressSanitizer and
#           UndefinedBehaviorSanitizer (the `asan` preset, into build-asan/) and runs that suite
#           too, leaks included. CI (.ci/run) passes it.
# Environment: BUILD_DIR (default: build), JOBS (default: 2).
set -euo pipefail
cd "$(dirname "$0")/.."

asan=0
for arg in "$@"; do
    case "$arg" in
    --asan) asan=1 ;;
    *)
        echo "usage: scripts/test.sh [--asan]" >&2
        exit 2
        ;;
    esac
done

scripts/setup.sh -DTILESCOPE_BUILD_TESTS=ON
build_dir="${BUILD_DIR:-build}"
(cd "$build_dir" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "${JOBS:-2}")

if [ "$asan" = 1 ]; then
    cmake --preset asan >/dev/null
    cmake --build --preset asan -j "${JOBS:-2}"
    ctest --preset asan -j "${JOBS:-2}"
fi
