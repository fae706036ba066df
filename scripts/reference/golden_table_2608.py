#!/usr/bin/env python3
"""Rewrites the "## Cases" table of tests/data/golden-2026-08/README.md from the cases' files."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "data", "golden-2026-08")
HEADING = "\n## Cases\n"  # the whole heading line


def row(name):
    with open(os.path.join(CASES, name, "workload.json"), encoding="utf-8") as fp:
        workload = json.load(fp)
    with open(os.path.join(CASES, name, "expected.json"), encoding="utf-8") as fp:
        expected = json.load(fp)
    kernel = os.path.relpath(os.path.join(CASES, name, workload["kernel"]), CASES)
    kernel = kernel.replace("kernels/", "", 1) if kernel.startswith("kernels/") else kernel.replace("../../../", "")
    if expected.get("error_type"):
        result = "{} ({})".format(expected["error_type"], expected["error_stage"])
    else:
        result = "{} configs, {} generated".format(len(expected["configs"]), expected["generated_count"])
    kind = expected.get("kernel_type") or "-"
    what = workload.get("description", "").replace("|", "\\|")
    return "| `{}` | {} `{}` | {} | {} | {} | {} |".format(
        name, kernel, expected.get("function") or workload.get("function", ""),
        expected["device"]["soc"] if "device" in expected else workload.get("device"), kind, result, what)


def main():
    names = sorted(d for d in os.listdir(CASES) if os.path.isfile(os.path.join(CASES, d, "expected.json")))
    lines = ["| case | kernel | device | kernel type | result | what it covers |", "|---|---|---|---|---|---|"]
    lines += [row(n) for n in names]
    readme = os.path.join(CASES, "README.md")
    with open(readme, encoding="utf-8") as fp:
        text = fp.read()
    head = text[:text.index(HEADING) + len(HEADING)] if HEADING in text else text.rstrip() + "\n" + HEADING
    with open(readme, "w", encoding="utf-8") as fp:
        fp.write(head + "\n" + "\n".join(lines) + "\n")
    print("{} cases in {}".format(len(names), os.path.relpath(readme)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
