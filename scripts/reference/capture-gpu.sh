#!/usr/bin/env bash
# Records the GPU reference programs (tests/data/capture/gpu: matmul.py, softmax.py) as TileScope
# would with `tilescope capture`, on a machine with a CUDA GPU and python3 with torch and upstream
# Triton; TileScope is not built there. The capture hook runs alone
# (resources/capture/tilescope_capture.py, standard library only) and writes its raw records; the
# run also keeps what Triton writes itself: the autotuner's .autotune.json files
# (TRITON_CACHE_AUTOTUNING=1 under TRITON_CACHE_DIR) and its TRITON_PRINT_AUTOTUNING=1 log.
#
# On the GPU machine, from the repository root:
#   bash scripts/reference/capture-gpu.sh OUT          # writes OUT/ and OUT.tar.gz
# Back on a machine with TileScope, write each capture folder from its raw records:
#   tilescope capture --from-raw OUT/matmul/raw -o tests/data/capture/fixtures/gpu-matmul
#   tilescope capture --from-raw OUT/softmax/raw -o tests/data/capture/fixtures/gpu-softmax
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-gpu-capture}"
python="${PYTHON:-python3}"
if [ -e "$out" ]; then
    echo "capture-gpu: $out exists; give another folder" >&2
    exit 2
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"

{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    "$python" -c 'import sys, torch, triton; print("python", sys.version.split()[0]); print("torch", torch.__version__); print("triton", triton.__version__); print("device", torch.cuda.get_device_name(0))'
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
} > "$out/versions.txt"
cat "$out/versions.txt"

status=0
for name in matmul softmax; do
    echo "== $name"
    mkdir -p "$out/$name/autotune-json"
    # Python's output unbuffered, so the log keeps Triton's lines in order with the program's.
    PYTHONUNBUFFERED=1 TRITON_CACHE_DIR="$out/$name/triton-cache" TRITON_CACHE_AUTOTUNING=1 TRITON_PRINT_AUTOTUNING=1 \
        "$python" resources/capture/tilescope_capture.py -o "$out/$name/raw" -- \
        "$python" "tests/data/capture/gpu/$name.py" 2>&1 | tee "$out/$name/autotuning.log" || status=$?
    # One file per key value, each in its own hashed folder and of the same name: keep the folder's.
    find "$out/$name/triton-cache" -name '*.autotune.json' 2>/dev/null | while read -r file; do
        cp "$file" "$out/$name/autotune-json/$(basename "$(dirname "$file")")-$(basename "$file")"
    done
    rm -rf "$out/$name/triton-cache"
    ls -l "$out/$name/raw" "$out/$name/autotune-json"
done
tar -czf "$out.tar.gz" -C "$(dirname "$out")" "$(basename "$out")"
echo "capture-gpu: wrote $out and $out.tar.gz"
exit $status
