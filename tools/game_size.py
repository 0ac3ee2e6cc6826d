"""Lines each game's Python takes, split into engine, contract glue and teaching/UI (for notes and the README).

    python -m tools.game_size            # a table: one row per game, then the test-only game
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GLUE = {"__init__.py", "codec.py", "checks.py", "sections.py", "bots.py"}
TEACHING = {"render.py", "text.py", "scenario.py", "ui.py", "play_rows.py", "placing.py", "sandbox.py",
            "shells_widget.py", "advice.py", "drills.py", "words.py", "adapter.py"}


def lines(path: Path) -> int:
    return sum(1 for _ in path.open(encoding="utf-8"))


def sizes(folder: Path) -> dict[str, int]:
    out = {"engine": 0, "glue": 0, "teaching": 0}
    for path in sorted(folder.glob("*.py")):
        kind = "glue" if path.name in GLUE else "teaching" if path.name in TEACHING else "engine"
        out[kind] += lines(path)
    out["total"] = sum(out.values())
    return out


def main() -> None:
    folders = sorted(p for p in (ROOT / "tutor/games").iterdir() if (p / "__init__.py").exists())
    folders.append(ROOT / "tests/toy_game")
    print(f"{'game':16} {'total':>6} {'engine':>6} {'glue':>6} {'teaching':>8}")
    for folder in folders:
        s = sizes(folder)
        print(f"{folder.name:16} {s['total']:6} {s['engine']:6} {s['glue']:6} {s['teaching']:8}")


if __name__ == "__main__":
    sys.exit(main())
