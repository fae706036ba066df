"""Every JSON output of the built `tilescope` against its schema in docs/schema/.

Usage: check_output_schemas.py TILESCOPE SOURCE_DIR SCRATCH_DIR

Runs each command that prints or writes JSON (analyze, also of the matmul example's tl.dot site, space,
tune fresh and cached and ranked by measured time, sweep, compare-devices, batch, export --format json, cache list/show/export, devices, backends,
space --bench, space --compare, measure import/compare/list, calibrate from files and from the cache) on the
bundled vector-add kernel, and capture list on the checked-in capture folder,
in a scratch copy with its own cache, and validates every document against the schema file its
"schema" field names. Exits 1 on the first command that fails and lists every invalid document.
The jsonschema module is required (python3-jsonschema, installed by scripts/setup.sh): its
absence is a failure, not a skip.
"""

import json
import pathlib
import shutil
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("check_output_schemas: the python3 module 'jsonschema' is missing "
          "(apt-get install python3-jsonschema; scripts/setup.sh installs it)", file=sys.stderr)
    sys.exit(1)

tilescope, source, scratch = (pathlib.Path(a) for a in sys.argv[1:4])
schemas = source / "docs" / "schema"
examples = source / "resources" / "examples"
shutil.rmtree(scratch, ignore_errors=True)
scratch.mkdir(parents=True)
shutil.copy(examples / "add.py", scratch / "add.py")
tensor = {"tensor": "float16", "shape": [98432]}
(scratch / "add.json").write_text(json.dumps({
    "kernel": "add.py", "function": "add_kernel",
    "args": {"x_ptr": tensor, "y_ptr": tensor, "out_ptr": tensor, "n_elements": 98432},
    "grid": "lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)",
    "device": "Ascend910B2", "backend": "2026-04"}))
cache = ["--cache", str(scratch / "cache.sqlite")]
workload = str(scratch / "add.json")


def run(*args):
    done = subprocess.run([str(tilescope), *args], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"check_output_schemas: tilescope {' '.join(args)} exited {done.returncode}:\n{done.stderr}",
              file=sys.stderr)
        sys.exit(1)
    return done.stdout


documents = []  # (what, document)


def printed(what, *args):
    documents.append((what, json.loads(run(*args))))


def written(what, path, *args):
    run(*args)
    documents.append((what, json.loads(pathlib.Path(path).read_text())))


printed("analyze", "analyze", workload, "--json")
printed("space", "space", workload, "--json")
printed("space --summary", "space", workload, "--summary", "--json")
printed("space --summary matmul", "space", str(examples / "matmul.json"), "--summary", "--json")
printed("space --summary --filter", "space", str(examples / "matmul.json"), "--filter", "l0c", "--summary", "--json")
# The matmul's tuning cut by the time budget, laid onto its space: the cut candidates and the totals.
matmul_cache = ["--cache", str(scratch / "matmul-cache.sqlite")]
run("tune", str(examples / "matmul.json"), "--jobs", "2", *matmul_cache)
printed("space matmul (cached tuning)", "space", str(examples / "matmul.json"), "--filter", "generated", "--json",
        *matmul_cache)
printed("space --summary matmul (cached tuning)", "space", str(examples / "matmul.json"), "--summary", "--json",
        *matmul_cache)
printed("tune (fresh)", "tune", workload, "--json", "--jobs", "2", *cache)
printed("tune (cached)", "tune", workload, "--json", *cache)
printed("tune (no cache)", "tune", workload, "--json", "--jobs", "2", "--no-cache")
printed("tune --lattice", "tune", workload, "--json", "--jobs", "2", "--lattice", "--limit", "8", *cache)
printed("export --format json", "export", workload, "--format", "json", *cache)
printed("cache list", "cache", "list", "--json", *cache)
printed("cache show", "cache", "show", "1", "--json", *cache)
written("cache export", scratch / "export.json", "cache", "export", str(scratch / "export.json"), *cache)
printed("sweep", "sweep", workload, "--range", "n_elements=4096..65536:x16", "--jobs", "2", "--json", *cache)
printed("compare-devices", "compare-devices", workload, "--devices", "Ascend910B2,Ascend310P3", "--jobs", "2",
        "--json", *cache)
written("batch --report", scratch / "batch.json", "batch", workload, "--jobs", "2", "--report",
        str(scratch / "batch.json"), *cache)
printed("devices", "devices", "--json")
printed("backends", "backends", "--json")
printed("analyze --backend 2026-08", "analyze", workload, "--json", "--backend", "2026-08")
# A tl.dot kernel: the analysis carries the cube parse, under the version that parses it and the one that does not.
for backend in ("2026-08", "2026-04"):
    printed(f"analyze matmul --backend {backend}", "analyze", str(examples / "matmul.json"), "--json", "--backend", backend)
printed("space --bench", "space", workload, "--bench", "--reps", "2", "--json")
printed("space --compare", "space", workload, "--compare", "2026-04", "--json")
measurements = str(source / "tests" / "data" / "measure" / "add_runner.json")
printed("measure import", "measure", "import", measurements, "--workload", workload, "--json", *cache)
printed("measure compare", "measure", "compare", workload, "--jobs", "2", "--json", *cache)
printed("measure list", "measure", "list", "--json", *cache)
printed("tune --rank-by auto", "tune", workload, "--json", "--rank-by", "auto", *cache)
printed("tune --rank-by measured", "tune", workload, "--json", "--rank-by", "measured", *cache)
written("cache export (measurements)", scratch / "export-measured.json", "cache", "export",
        str(scratch / "export-measured.json"), *cache)
printed("calibrate --cache", "calibrate", *cache, "--device", "Ascend910B2", "--max-iterations", "3", "--json")
printed("capture list", "capture", "list", str(source / "tests" / "data" / "capture" / "fixtures" / "stub-program"),
        "--json")
gpu = source / "tests" / "data" / "runner" / "gpu-h200"
printed("calibrate", "calibrate", str(gpu / "add_16m.measurements.json"), str(gpu / "softmax.measurements.json"),
        "--device", "Ascend910B2", "--max-iterations", "3", "-o", str(scratch), "--json")

failures = 0
for what, document in documents:
    name = document.get("schema") if isinstance(document, dict) else None
    if not isinstance(name, str) or not name.startswith("tilescope.") or "/" not in name:
        print(f"{what}: no \"schema\" field naming its schema", file=sys.stderr)
        failures += 1
        continue
    if next(iter(document)) != "schema":
        print(f"{what}: \"schema\" is not the first key", file=sys.stderr)
        failures += 1
    output, _version = name[len("tilescope."):].split("/")
    schema = json.loads((schemas / f"{output}.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors[:10]:
        where = "/".join(str(p) for p in error.absolute_path)
        print(f"{what}: {name} at /{where}: {error.message[:300]}", file=sys.stderr)
    failures += bool(errors)
    print(f"{what}: {name} {'INVALID' if errors else 'ok'}")

sys.exit(1 if failures else 0)
