"""What a visitor or an author hands the tutor is refused with a reason, never with a crash: saved positions
(too long, too deep, not JSON) and lesson files (not UTF-8, YAML aliases, unknown games, wrong shapes)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core.errors import SavedStateError
from tutor.core.safe_input import InputProblem, load_json, load_yaml
from tutor.games import aqua_fest, maui
from tutor.widgets.play import PlayTable

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("text, reason", [
    ("[" * 100_000 + "]" * 100_000, "nested thousands"),
    ("[" * 50_000, "nested thousands"),
    ("x" * 300_000, "too long"),
    ("{'format': 1}", "not JSON"),
    (b"\xff\xfe{}", "not text"),
])
def test_untrusted_json_is_refused_with_its_reason(text, reason):
    with pytest.raises(InputProblem, match=reason):
        load_json(text)


def test_brackets_inside_strings_are_just_text():
    deep_text = '{"note": "' + "[" * 5000 + '"}'
    assert load_json(deep_text)["note"].startswith("[[[")


@pytest.mark.parametrize("game", [maui, aqua_fest])
def test_saved_position_nested_deep_is_refused_not_crashed(game):
    with pytest.raises(SavedStateError, match="nested"):
        game.state_from_json("[" * 50_000)
    with pytest.raises(SavedStateError, match="nested"):
        game.state_from_json('{"format": ' + "[" * 50_000)


@pytest.mark.parametrize("game_id, players", [("maui", 4), ("aqua_fest", 3)])
def test_the_save_box_gives_the_reason_for_a_deep_text(game_id, players, guard_spy):
    table = PlayTable(game_id, players=players, lang="en", seed=1)
    before = table.state
    table.saved = "[" * 50_000
    table.load_button.click()
    assert "nested thousands" in table.errors.message, table.errors.message
    assert "RecursionError" not in table.errors.message and "Something went wrong" not in table.errors.message
    assert table.state is before, "a refused position loses nothing"


def test_yaml_aliases_and_non_utf8_are_refused():
    with pytest.raises(InputProblem, match="aliases"):
        load_yaml(b"a: &x [1, 2]\nb: *x\n")
    with pytest.raises(InputProblem, match="UTF-8"):
        load_yaml(b"title: \xff\n")
    assert load_yaml("a: [1, '&x *y']\n") == {"a": [1, "&x *y"]}


BAD_FILES = {
    "unknown-game.yaml": "id: x/y\ngame: nosuchgame\nsetup: {players: 3}\nsteps: []\n",
    "wrong-types.yaml": "id: maui/y\ngame: maui\nsetup: [1, 2]\nsteps: [{do: [1]}]\n",
    "not-a-mapping.yaml": "- 1\n- 2\n",
    "bomb.yaml": ('a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n'
                  "id: maui/bomb\ngame: maui\ntitle: {en: *b}\nsetup: {players: 3}\nsteps: []\n"),
}


@pytest.mark.parametrize("name", [*BAD_FILES, "latin1.yaml"])
def test_tutor_check_reports_a_bad_file_and_exits_1(name, tmp_path):
    path = tmp_path / name
    if name == "latin1.yaml":
        path.write_bytes("id: maui/y\ngame: maui\ntitle: {en: 'Мяури'}\n".encode("cp1251"))
    else:
        path.write_text(BAD_FILES[name], encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tutor", "check", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert f"FAIL {path}" in done.stdout
