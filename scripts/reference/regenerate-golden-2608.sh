#!/usr/bin/env bash
# Regenerates tests/data/golden-2026-08/*/expected.json from Triton-Ascend's own autotune runtime
# at the 2026-08 commit (see scripts/reference/run_upstream_2608.py). Needs a bare git mirror of
# the fork; pass its path as MIRROR=... or the first argument. Extra arguments are case names
# (default: every case).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mirror="${MIRROR:-/work/.mirror/Geofeng12138+triton-ascend/repo}"
if [[ $# -gt 0 && -d "$1" && ! -f "$1/workload.json" ]]; then mirror="$1"; shift; fi
cases_dir="$root/tests/data/golden-2026-08"

workloads=()
if [[ $# -gt 0 ]]; then
    for c in "$@"; do workloads+=("$cases_dir/${c%/}/workload.json"); done
else
    for w in "$cases_dir"/*/workload.json; do workloads+=("$w"); done
fi
status=0
/usr/bin/python3 "$here/run_upstream_2608.py" --mirror "$mirror" "${workloads[@]}" || status=$?
/usr/bin/python3 "$here/golden_table_2608.py"
exit $status
