#!/usr/bin/env bash
# Renders the main views of TileScope in English and Simplified Chinese into docs/screenshots/:
# kernel, candidates, charts and lattice; after a tuning the table, the per-pipe time, the
# timings and the modelled tuning time; compare devices, shape sweep, cache browser and export;
# the dark theme last; then, with no workload named, the candidates view of the matmul under
# 2026-04. Tunings go to a scratch cache, never to the one beside the workload.
#
#   scripts/screenshots.sh [build-dir] [workload.json ...]
#
# Runs the real window under Xvfb (installed with apt-get when missing); falls back to the
# offscreen platform, where the window is rendered with the same widget grab.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
shift || true
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
    workloads=("$root/resources/examples/add.json" "$root/resources/examples/matmul.json")
fi
binary="$build/app/tilescope"
out="$root/docs/screenshots"
if [ ! -x "$binary" ]; then
    echo "screenshots: $binary not found; build the tilescope target first (with TILESCOPE_BUILD_GUI=ON)" >&2
    exit 1
fi

apt_install() {
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    else
        echo "screenshots: please install $*" >&2
    fi
}

# Chinese text needs a CJK font, or every character is drawn as a box.
if ! fc-list :lang=zh | grep -q .; then
    apt_install fonts-wqy-microhei || true
fi
if ! command -v xvfb-run >/dev/null; then
    apt_install xvfb || true
fi

# Keep the user's settings (recent files, theme, layout) out of it.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME="$scratch/config"
export QT_SCALE_FACTOR=1
export QT_FONT_DPI=96
mkdir -p "$out"

run() {
    local lang="$1" workload="$2"
    if command -v xvfb-run >/dev/null &&
        xvfb-run -a -s "-screen 0 1600x1000x24" "$binary" --lang "$lang" --screenshots "$out" "$workload"; then
        return 0
    fi
    echo "screenshots: Xvfb failed, using the offscreen platform" >&2
    QT_QPA_PLATFORM=offscreen "$binary" --lang "$lang" --screenshots "$out" "$workload"
}

for workload in "${workloads[@]}"; do
    for lang in en zh_CN; do
        run "$lang" "$workload"
    done
done

# The matmul under 2026-04, where the backend tunes nothing and the lattice is the way on: its
# candidates view only (matmul-2604-LANG-candidates.png), from a scratch copy of the example.
if [ $# -eq 0 ]; then
    variant="$scratch/matmul-2604"
    mkdir -p "$variant" "$scratch/shots"
    cp "$root/resources/examples/matmul.py" "$variant/"
    sed 's/^{/{\n  "backend": "2026-04",/' "$root/resources/examples/matmul.json" >"$variant/matmul-2604.json"
    for lang in en zh_CN; do
        out="$scratch/shots" run "$lang" "$variant/matmul-2604.json"
        cp "$scratch/shots/matmul-2604-$lang-candidates.png" "$root/docs/screenshots/"
    done
fi
echo "screenshots written to $out"
