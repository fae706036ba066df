#!/usr/bin/env bash
# Sets everything up, then runs TileScope's main job on a bundled example: what the backend
# concludes about the guide's vector add, and its tuning on the simulated NPU.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh -DTILESCOPE_BUILD_TESTS=ON
build_dir="${BUILD_DIR:-build}"
"$build_dir/app/tilescope" analyze resources/examples/add.json
echo
"$build_dir/app/tilescope" tune resources/examples/add.json
