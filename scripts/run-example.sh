#!/usr/bin/env bash
# Sets everything up, then runs TileScope's main job on a bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh -DTILESCOPE_BUILD_TESTS=ON
build_dir="${BUILD_DIR:-build}"
"$build_dir/app/tilescope" analyze resources/examples/add.json
