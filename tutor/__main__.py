"""Command line: `python -m tutor check PATH...` replays scenario files and reports each mismatch."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="replay scenario files; exit 1 on any mismatch")
    check.add_argument("paths", nargs="+", type=Path, help="scenario YAML files or folders holding them")
    args = parser.parse_args(argv)

    if args.command == "check":
        from tutor.core.scenario import check_files
        files = []
        for p in args.paths:
            if p.is_dir():   # a lesson folder holds scenarios/ beside its sections map and notebook text
                found = sorted(p.rglob("scenarios/*.yaml")) or sorted(p.glob("*.yaml"))
                files.extend(f for f in found if f.name not in ("sections.yaml", "notebook.yaml"))
            else:
                files.append(p)
        if not files:
            print("no scenario files found", file=sys.stderr)
            return 2
        code, lines = check_files(files)
        print("\n".join(lines))
        print(f"{len(files)} scenario(s) checked, {sum(l.startswith('FAIL') for l in lines)} failed")
        return code
    return 2


if __name__ == "__main__":
    sys.exit(main())
