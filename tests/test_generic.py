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
from tutor.i18n_tools import docstring_ids as docstrings

ROOT = Path(__file__).resolve().parents[1]
SHARED = sorted([*ROOT.glob("tutor/core/*.py"), *ROOT.glob("tutor/widgets/*.py"), ROOT / "tutor/lesson.py",
                 ROOT / "tutor/lesson_source.py", ROOT / "tutor/serving.py", ROOT / "tutor/server_guards.py",
                 ROOT / "tutor/i18n_tools.py", ROOT / "tools/build_notebooks.py"])
GAME_IDS = ready_games()


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


def mypy(*targets: str, cwd: Path = ROOT, path: Path = ROOT, strict: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--follow-imports=silent",
                           "--ignore-missing-imports", *(["--strict"] if strict else []), *targets],
                          capture_output=True, text=True, cwd=cwd, env={"MYPYPATH": str(path), "PATH": ""})


# what `mypy --strict` holds to: the shared code and every game whole (each game's spec is GameSpec[State, Action],
# every field typed, so a game that drifts from the contract fails here)
STRICT = ["tutor/core", "tutor/widgets", "tutor/lesson.py", "tutor/games"]


def test_the_shared_code_and_the_games_type_check_strictly():
    done = mypy(*STRICT, strict=True)
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


# --------------------------------------------------------------------------- knowledge of one game, unnamed

def one_game_words() -> tuple[set[str], set[str]]:
    """What only one game's events say, learnt by playing each game: the event names ("catch" of "maui.catch") and
    the event data keys ("depth") that exactly one ready game uses. Generic code that tests for them serves that
    game alone, though it names no game (the way Мяури's catch highlights once sat in widgets/common.py)."""
    import collections
    import random
    from tutor.core.game import spec
    kinds, keys = collections.defaultdict(set), collections.defaultdict(set)
    for game_id in GAME_IDS:
        game = spec(game_id)
        for seed in range(4):
            r = random.Random(seed)
            state = game.setup(list(game.players)[seed % len(game.players)], seed=seed, **game.play_setup)
            for _ in range(3000):
                if game.is_over(state):
                    break
                seat = r.choice(game.to_move(state))
                state, events = game.apply(state, r.choice(game.legal_actions(state, seat)))
                for e in events:
                    kinds[e.kind.split(".", 1)[1]].add(game_id)
                    for key in e.data:
                        keys[key].add(game_id)
    return {k for k, g in kinds.items() if len(g) == 1}, {k for k, g in keys.items() if len(g) == 1}


def one_game_knowledge(source: str, kinds: set[str], keys: set[str]) -> list[str]:
    """String constants naming one game's event ("catch", ".catch") anywhere, and one game's event data keys where
    event data is read (`e.data["depth"]`, `"depth" in e.data`, `e.data.get("depth")`)."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []

    def is_data(node) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "data"

    def is_kind(node) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "kind"

    def told(node) -> list:
        """The string constants `node` holds (a tuple of them, as endswith takes)."""
        items = node.elts if isinstance(node, ast.Tuple) else [node]
        return [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]

    for node in ast.walk(tree):
        said: list = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                and node.value.startswith("."):
            said = [node.value]                                     # a suffix of an event kind: ".catch"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_kind(node.func.value):
            said = [v for arg in node.args for v in told(arg)]      # e.kind.endswith("catch")
        elif isinstance(node, ast.Compare) and any(is_kind(n) for n in (node.left, *node.comparators)):
            said = [v for n in (node.left, *node.comparators) for v in told(n)]     # e.kind == "x.catch"
        for value in said:
            if value.rsplit(".", 1)[-1] in kinds:
                found.append(f"line {node.lineno}: the event {value!r}")
        key = None
        if isinstance(node, ast.Subscript) and is_data(node.value) and isinstance(node.slice, ast.Constant):
            key = node.slice.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and is_data(node.func.value) and node.args and isinstance(node.args[0], ast.Constant):
            key = node.args[0].value
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and any(
                isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and any(is_data(c) for c in node.comparators):
            key = node.left.value
        if key in keys:
            found.append(f"line {node.lineno}: event data {key!r}")
    return found


@pytest.fixture(scope="session")
def one_game():
    return one_game_words()


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_knows_no_one_games_events(path, one_game):
    found = one_game_knowledge(path.read_text(encoding="utf-8"), *one_game)
    assert not found, found


def test_the_knowledge_check_can_fail(one_game):
    """The highlight rule that once lived in widgets/common.py, naming no game, is caught."""
    old = ('def events_highlight(events):\n    out = []\n    for e in events:\n'
           '        if e.kind.endswith(".catch") and "player" in e.data:\n'
           '            out.append(f"cell:{e.data[\'depth\']}")\n'
           '        elif e.kind.endswith(".dispute"):\n            out.append("kiti")\n    return out\n')
    found = one_game_knowledge(old, *one_game)
    assert any("'.catch'" in f for f in found) and any("'.dispute'" in f for f in found)
    assert any("'depth'" in f for f in found)
    assert not one_game_knowledge('if "player" in e.data: x = e.data["player"]\n', *one_game)
