"""The shared code names no game: tutor/core, the generic widgets, tutor/lesson.py and the notebook builder
reach a game only through the registry and its spec (tutor.core.game), so adding a game edits none of them.
And the contract is typed: mypy checks tutor/core, tutor/widgets and every game's registration against it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core.game import ready_games

ROOT = Path(__file__).resolve().parents[1]
SHARED = sorted([*ROOT.glob("tutor/core/*.py"), *ROOT.glob("tutor/widgets/*.py"), ROOT / "tutor/lesson.py",
                 ROOT / "tools/build_notebooks.py"])
GAME_IDS = ready_games()


def docstrings(tree) -> set[int]:
    """ids of the string nodes that are docstrings (examples in a docstring may name a game)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def game_mentions(source: str) -> list[str]:
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            words = [getattr(node, "module", None) or "", *(a.name for a in node.names)]
        for word in words:
            for game in GAME_IDS:
                if word == game or any(sep in word for sep in (f"{game}.", f"{game}/", f"{game}:", f"{game}_")) \
                        or word.startswith(f"{game}") and len(word) > len(game) and not word[len(game)].isalpha():
                    found.append(f"line {node.lineno}: {word!r}")
    return found


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path):
    assert not game_mentions(path.read_text(encoding="utf-8")), game_mentions(path.read_text(encoding="utf-8"))


def test_the_check_can_fail():
    assert game_mentions('x = "maui/seagull"\nfrom tutor.games.aqua_fest import ui\nif game == "maui": pass\n')
    assert not game_mentions('"""lesson.play("maui")"""\nx = spec(game).parts()\n')


def mypy(*targets: str, cwd: Path = ROOT, path: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--follow-imports=silent",
                           "--ignore-missing-imports", *targets], capture_output=True, text=True, cwd=cwd,
                          env={"MYPYPATH": str(path), "PATH": ""})


def test_the_contract_type_checks():
    """mypy over the shared code and over each game's spec (GameSpec[State, Action], every field typed), so a game
    that drifts from the contract fails here."""
    done = mypy("tutor/core", "tutor/widgets", "tutor/lesson.py", *(f"tutor/games/{g}/__init__.py" for g in ready_games()))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_type_check_can_fail(tmp_path):
    bad = tmp_path / "bad_game.py"
    bad.write_text("from pathlib import Path\nfrom tutor.core.game import GameSpec\n"
                   "def legal_actions(state: int, player: str) -> int: return 1\n"
                   "SPEC = GameSpec(id='x', home=Path('.'), lesson_langs=('en',), players=range(2, 3),\n"
                   "                legal_actions=legal_actions)\n")
    done = mypy(str(bad), cwd=tmp_path)
    assert done.returncode == 1 and "incompatible type" in done.stdout, done.stdout
    assert 'Missing named argument "apply"' in done.stdout, done.stdout      # a game that leaves out a part
