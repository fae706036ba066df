"""Runs a program under the capture hook without TileScope at hand (on a GPU or NPU machine):

    python3 tilescope_capture.py [-o RAW] [--all-jit] -- COMMAND [ARGS...]

records the program's Triton launches in RAW (default: tilescope-capture-raw) exactly as
`tilescope capture` does, and exits with the program's status. Bring RAW to a machine with
TileScope and write the workloads with `tilescope capture --from-raw RAW -o DIR`.
Standard library only.
"""
import os
import subprocess
import sys


def main(argv):
    out, all_jit = "tilescope-capture-raw", False
    if "--" not in argv:
        sys.stderr.write(__doc__)
        return 2
    options, command = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    i = 0
    while i < len(options):
        if options[i] in ("-o", "--output") and i + 1 < len(options):
            out = options[i + 1]
            i += 2
        elif options[i] == "--all-jit":
            all_jit = True
            i += 1
        else:
            sys.stderr.write(f"tilescope_capture.py: unknown option {options[i]}\n{__doc__}")
            return 2
    if not command:
        sys.stderr.write(f"tilescope_capture.py: no command after --\n{__doc__}")
        return 2
    if os.path.isdir(out) and os.listdir(out):
        sys.stderr.write(f"tilescope_capture.py: {out} is not empty; choose another -o\n")
        return 2
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ)
    here = os.path.dirname(os.path.abspath(__file__))
    env["PYTHONPATH"] = here + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["TILESCOPE_CAPTURE_DIR"] = os.path.abspath(out)
    env.pop("TILESCOPE_CAPTURE_ALL_JIT", None)
    if all_jit:
        env["TILESCOPE_CAPTURE_ALL_JIT"] = "1"
    try:
        status = subprocess.call(command, env=env)
    except OSError as error:
        sys.stderr.write(f"tilescope_capture.py: cannot run {command[0]}: {error.strerror}\n")
        return 127
    sys.stderr.write(f"tilescope_capture.py: raw capture in {out}\n")
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
