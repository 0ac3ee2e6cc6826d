"""Command line: `python -m tutor check PATH...` replays scenario files and lets the engine answer every
quiz (a quiz under lessons/<game>/quizzes/ needs exactly one right choice); reports each mismatch."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="replay scenario files, check quizzes and your-turn tasks; exit 1 on any mismatch")
    check.add_argument("paths", nargs="+", type=Path, help="scenario, quiz or task YAML files, or folders holding them")
    args = parser.parse_args(argv)

    if args.command == "check":
        from tutor.core import quiz, task
        from tutor.core.scenario import check_files
        files, quizzes, tasks = [], [], []
        for p in args.paths:
            if p.is_dir():   # a lesson folder holds scenarios/, quizzes/ and tasks/ beside its sections map
                found_quizzes = sorted(p.rglob("quizzes/*.yaml"))
                if p.name == "quizzes":
                    found_quizzes = sorted(p.glob("*.yaml"))
                found_tasks = sorted(p.glob("*.yaml")) if p.name == "tasks" else sorted(p.rglob("tasks/*.yaml"))
                quizzes.extend(found_quizzes)
                tasks.extend(found_tasks)
                found = sorted(p.rglob("scenarios/*.yaml")) or sorted(p.glob("*.yaml"))
                found = [f for f in found if f.name not in ("sections.yaml", "notebook.yaml")
                         and f not in found_quizzes and f not in found_tasks]
                quizzes.extend(f for f in found if quiz.is_quiz_file(f))
                files.extend(f for f in found if not quiz.is_quiz_file(f))
            elif p.parent.name == "tasks":
                tasks.append(p)
            elif quiz.is_quiz_file(p):
                quizzes.append(p)
            else:
                files.append(p)
        if not files and not quizzes and not tasks:
            print("no scenario, quiz or task files found", file=sys.stderr)
            return 2
        code, lines = check_files(files) if files else (0, [])
        qcode, qlines = quiz.check_files(quizzes) if quizzes else (0, [])
        tcode, tlines = task.check_files(tasks) if tasks else (0, [])
        print("\n".join(lines + qlines + tlines))
        if files:
            print(f"{len(files)} scenario(s) checked, {sum(l.startswith('FAIL') for l in lines)} failed")
        if quizzes:
            print(f"{len(quizzes)} quiz(zes) checked, {sum(l.startswith('FAIL') for l in qlines)} failed")
        if tasks:
            print(f"{len(tasks)} task(s) checked, {sum(l.startswith('FAIL') for l in tlines)} failed")
        return max(code, qcode, tcode)
    return 2


if __name__ == "__main__":
    sys.exit(main())
