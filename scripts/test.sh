#!/usr/bin/env bash
# Sets everything up, builds, and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh -DTILESCOPE_BUILD_TESTS=ON
build_dir="${BUILD_DIR:-build}"
cd "$build_dir"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "${JOBS:-2}"
