#!/usr/bin/env bash
# Installs what TileScope needs from Debian 12's packages (as root) and configures + builds it.
# Usage: scripts/setup.sh [extra cmake -D options]
# Environment: BUILD_DIR (default: build), JOBS (default: 2), TARGETS (default: every target; e.g.
# "tilescope" builds the binary and the explorer's module only). With -DTILESCOPE_BUILD_TESTS=OFF
# the packages only the tests need are not installed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
    build-essential cmake ninja-build pkg-config
    python3 python3-dev
    nlohmann-json3-dev libsqlite3-dev
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libqcustomplot-dev libgl1-mesa-dev libxkbcommon-dev
    qt6-translations-l10n
)
if [[ " $* " != *" -DTILESCOPE_BUILD_TESTS=OFF "* ]]; then
    packages+=(libgtest-dev libbenchmark-dev python3-jsonschema sqlite3 desktop-file-utils)
fi
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: run as root (or install these packages first): ${missing[*]}" >&2
        exit 2
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build_dir="${BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    -DTILESCOPE_BUILD_BENCH=OFF \
    "$@" >/dev/null
targets=()
for t in ${TARGETS:-}; do
    targets+=(--target "$t")
done
cmake --build "$build_dir" -j "${JOBS:-2}" "${targets[@]}"
