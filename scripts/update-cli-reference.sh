#!/bin/sh
# Regenerates README.md's CLI reference (between the cli-reference markers) from the command
# table, with `tilescope help --markdown`. The ctest test Cli.ReadmeReferenceMatchesTheTable
# fails while the two differ.
# Usage: scripts/update-cli-reference.sh [build-dir]      (default: build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
"$build/app/tilescope" help --markdown > "$root/.cli-reference.md.tmp"
/usr/bin/python3 - "$root/README.md" "$root/.cli-reference.md.tmp" <<'PY'
import sys
readme, generated = sys.argv[1], sys.argv[2]
begin, end = "<!-- cli-reference:begin -->\n", "<!-- cli-reference:end -->"
text = open(readme, encoding="utf-8").read()
reference = open(generated, encoding="utf-8").read()
if begin not in text or end not in text:
    sys.exit(readme + ": no " + begin.strip() + " ... " + end + " markers")
head, rest = text.split(begin, 1)
tail = rest.split(end, 1)[1]
open(readme, "w", encoding="utf-8").write(head + begin + reference + end + tail)
print("updated the CLI reference in " + readme)
PY
rm -f "$root/.cli-reference.md.tmp"
