#!/usr/bin/env bash
# Writes what the simulator concludes for every bundled example into one folder, so that two
# builds can be compared byte for byte:
#
#   scripts/sim-outputs.sh build/app/tilescope /tmp/before
#   ... change, rebuild ...
#   scripts/sim-outputs.sh build/app/tilescope /tmp/after
#   diff -r /tmp/before /tmp/after && echo identical
#
# For each example workload and three devices (a 910B, a 910_95 and a 310P) it keeps the
# generated space, a whole tuning on one thread, and, for four small examples, a lattice tuning
# (its digest).
# Host wall times and thread counts are the only fields left out: they are this machine's, not
# the simulator's.
set -euo pipefail
binary=${1:?usage: sim-outputs.sh TILESCOPE_BINARY OUT_DIR}
out=${2:?usage: sim-outputs.sh TILESCOPE_BINARY OUT_DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -x "$binary" ]; then
    echo "sim-outputs.sh: $binary is not an executable (the binary is build/app/tilescope)" >&2
    exit 2
fi
mkdir -p "$out"
strip_host='import json, sys
doc = json.load(sys.stdin)
def scrub(node):
    if isinstance(node, dict):
        for key in ("session", "host_seconds", "hostSeconds", "wallSeconds", "threads", "cache", "fromCache"):
            node.pop(key, None)
        for value in node.values():
            scrub(value)
    elif isinstance(node, list):
        for value in node:
            scrub(value)
scrub(doc)
json.dump(doc, sys.stdout, indent=1, sort_keys=False)
sys.stdout.write("\n")'
for workload in "$here"/resources/examples/*.json; do
    name=$(basename "$workload" .json)
    for device in Ascend910B2 Ascend910_9589 Ascend310P3; do
        "$binary" space "$workload" --device "$device" --json >"$out/$name.$device.space.json" 2>/dev/null || true
        "$binary" tune "$workload" --device "$device" --json --jobs 1 --no-cache 2>/dev/null |
            /usr/bin/python3 -c "$strip_host" >"$out/$name.$device.tune.json" || true
    done
    # Lattice tunings of the examples whose lattice is small enough to tune in seconds.
    case "$name" in
    softmax | column_sum | layer_norm | rms_norm)
        "$binary" tune "$workload" --lattice --json --jobs 1 --no-cache 2>/dev/null |
            /usr/bin/python3 -c "$strip_host" | md5sum >"$out/$name.lattice.md5" || true
        ;;
    esac
done
empty=$(find "$out" -type f -size -3c | wc -l)
if [ "$empty" -gt 0 ]; then
    echo "sim-outputs.sh: $empty outputs are empty (a command failed):" >&2
    find "$out" -type f -size -3c >&2
    exit 1
fi
echo "wrote $(ls "$out" | wc -l) files to $out"
