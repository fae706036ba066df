#!/usr/bin/env bash
# Sets everything up, then runs TileScope's main job on a bundled example, the guide's vector add.
# With a display: opens the explorer on it. Without one: prints what the backend concludes about
# the kernel and its tuning on the simulated NPU, then renders the explorer's main views
# (offscreen) and prints where the pictures are. It builds what it runs: the binary and the
# explorer's module (the tests and benchmarks are left to scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=tilescope scripts/setup.sh -DTILESCOPE_BUILD_TESTS=OFF
build_dir="${BUILD_DIR:-build}"
tilescope="$build_dir/app/tilescope"
example=resources/examples/add.json

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${TILESCOPE_HEADLESS:-0}" != 1 ]; then
    echo "Opening the explorer on $example (TILESCOPE_HEADLESS=1 runs the headless job instead)"
    exec "$tilescope" "$example"
fi

"$tilescope" analyze "$example"
echo
"$tilescope" tune "$example"
echo
shots="${SCREENSHOT_DIR:-$build_dir/screenshots}"
mkdir -p "$shots"
# The explorer as it looks on this example; its settings and tunings stay in a scratch folder.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
XDG_CONFIG_HOME="$scratch" QT_QPA_PLATFORM=offscreen QT_SCALE_FACTOR=1 QT_FONT_DPI=96 \
    "$tilescope" --lang en --screenshots "$shots" "$example" >/dev/null \
    2> >(grep -v "This plugin does not support" >&2)
echo "No display here: the explorer was rendered offscreen. Its main view after tuning:"
echo "  $(cd "$shots" && pwd)/add-en-tuned.png"
echo "and every other view in $(cd "$shots" && pwd)/"
