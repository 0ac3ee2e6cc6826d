"""Run every bench/bench_*.py and print its figures: `make bench` or `python bench/run.py [NAME...]`.

Each benchmark is a script with a `main()` that prints lines of "figure: value unit"; run.py runs each in
its own process (so one's imports and memory do not colour another's) and reports failures at the end.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    if not scripts:
        print("no benchmarks found", file=sys.stderr)
        return 2
    failed = []
    for script in scripts:
        print(f"== {script.stem}", flush=True)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        print(f"   ({time.perf_counter() - start:.1f} s)", flush=True)
        if done.returncode:
            failed.append(script.stem)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
