"""What a visitor or an author hands the tutor is refused with a reason, never with a crash: saved positions
(too long, too deep, not JSON) and lesson files (not UTF-8, YAML aliases, unknown games, wrong shapes)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core.errors import SavedStateError
from tutor.core.i18n import text
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



def test_the_limit_is_counted_in_utf8_bytes_as_the_page_counts_it():
    from tutor.core.safe_input import MAX_SAVED_BYTES, too_long
    assert not too_long("x" * MAX_SAVED_BYTES) and too_long("x" * (MAX_SAVED_BYTES + 1))
    assert too_long("я" * (MAX_SAVED_BYTES // 2 + 1)), "two bytes each: over the limit in bytes"
    assert not too_long("я" * (MAX_SAVED_BYTES // 2))
    with pytest.raises(InputProblem, match="too long"):
        load_json("я" * (MAX_SAVED_BYTES // 2 + 1))


def a_move(table):
    """Press the table's first offered move as the page does; return True if the table took it."""
    from tutor.widgets.play import Choice
    move = next(c for c in table._offered.values() if isinstance(c, Choice) and "tutor-action" in c.classes
                and "tutor-action-unavailable" not in c.classes)
    version, state = table.version, table.state
    table._on_msg(table, {"press": move.id, "v": table.version}, [])
    return table.version > version and table.state is not state and not table.errors.message


def pasted(kind: str, table) -> str:
    good = json.loads(table.game.to_json(table.state))
    if kind == "ten megabytes":
        return json.dumps({**good, "padding": ["c1"] * 2_000_000})
    if kind == "nested":
        return "[" * 100_000 + "]" * 100_000
    if kind == "unknown field":
        return json.dumps({**good, "extra": 1})
    field = next(k for k in good if k != "format")
    return json.dumps({**good, field: "wrong"})          # a field of the wrong kind


@pytest.mark.parametrize("kind", ["ten megabytes", "nested", "unknown field", "wrong field"])
@pytest.mark.parametrize("game_id", ["maui", "sea_salt_paper"])
def test_a_refused_paste_leaves_the_table_playing(game_id, kind):
    """The page sends the box's text with its press; refused, the table keeps its game, its undo and its moves,
    and the text is not sent back to the page (a 10 MB paste once came back whole into the box)."""
    table = PlayTable(game_id, players=3, lang="ru", seed=2)
    assert a_move(table)
    state, history, version, saved = table.state, list(table.history), table.version, table.saved
    table._on_msg(table, {"press": "load", "v": table.version, "text": pasted(kind, table)}, [])
    assert table.errors.message.startswith("Эту сохранённую позицию нельзя загрузить"), table.errors.message
    assert "Traceback" not in table.errors.message and "Something" not in table.errors.message
    assert (table.state, table.history, table.version) == (state, history, version)
    assert table.saved == saved, "the refused paste was sent back to the page"
    assert a_move(table), "after a refused paste the table no longer takes a move"
    barred, moved = table.live.barrier, table.state
    table._on_msg(table, {"press": "undo", "v": table.version}, [])
    # undo goes back, unless the move showed a card (Мяури's reveal: the table's rule)
    assert table.state is (moved if barred else state)
    table._on_msg(table, {"press": "new", "v": table.version}, [])
    assert not table.history and a_move(table)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_paste_too_long_is_refused_in_the_words_the_page_shows(lang):
    """play.js refuses a paste over `max_saved` UTF-8 bytes before sending it, showing labels["too_long"]; a
    kernel given one anyway says the same, in the page's language (it said 'it is too long' in English)."""
    from tutor.core.safe_input import MAX_SAVED_BYTES
    table = PlayTable("maui", players=3, lang=lang, seed=2)
    assert table.max_saved == MAX_SAVED_BYTES
    table._on_msg(table, {"press": "load", "v": table.version, "text": "ы" * (MAX_SAVED_BYTES // 2 + 1)}, [])
    assert table.errors.message == table.labels["too_long"]
    if lang != "en":
        assert "too long" not in table.errors.message

def test_yaml_aliases_and_non_utf8_are_refused():
    with pytest.raises(InputProblem, match="aliases"):
        load_yaml(b"a: &x [1, 2]\nb: *x\n")
    with pytest.raises(InputProblem, match="UTF-8"):
        load_yaml(b"title: \xff\n")
    assert load_yaml("a: [1, '&x *y']\n") == {"a": [1, "&x *y"]}


def test_a_key_written_twice_in_a_lesson_file_is_refused():
    """YAML keeps a repeated key's last value and drops the first silently (a worked example's step had two
    "highlight:" lines, and one of them was lost): a lesson file with a key twice is refused, naming the key."""
    with pytest.raises(InputProblem, match="'highlight' is written twice"):
        load_yaml("steps:\n  - say: x\n    highlight: [a]\n    highlight: [b]\n")
    assert load_yaml("a: {b: 1}\nc: {b: 2}\n") == {"a": {"b": 1}, "c": {"b": 2}}


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


def _latin(s: str) -> set:
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]", s)}


def _maui_pastes() -> dict:
    good = json.loads(PlayTable("maui", players=3, seed=1).save())

    def changed(**kw):
        return json.dumps({**good, **kw})
    return {
        "not JSON": "{", "bad escape": '"\\q"', "nested": "[" * 50_000, "not an object": "[1]",
        "another format": '{"format": "tutor/maui/1"}',
        "missing field": json.dumps({k: v for k, v in good.items() if k != "players"}),
        "unknown field": changed(extra=1), "out of range": changed(round=99), "not a number": changed(players=True),
        "per player": changed(hands=[[1]]), "sized list": changed(lagoon=[[], []]), "seat or null": changed(kiti="x"),
        "pair": changed(face_down=[[5, 0]]), "one of": changed(stage="zz"), "sorted": changed(variants=["b", "a"]),
        "no such card": changed(deck=good["deck"] + ["nope"]), "card twice": changed(deck=good["deck"] + good["deck"][:1]),
        "card missing": changed(deck=good["deck"][1:]), "fraction": changed(rng=1.5),
    }


# words a learner may meet in any language: JSON's own, the format name, and the game's JSON values
_NOT_PROSE = {"json", "utf", "null", "true", "false", "tutor", "maui", "uxxxx", "setup", "open-baskets",
              "no-fights"} | _latin(" ".join(maui.rules.STAGES))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_refused_paste_says_why_in_the_pages_language(lang):
    """«Эту сохранённую позицию нельзя загрузить: round must be a whole number 1..13» was the Russian page's
    answer: every reason the shared reader and codec give (not JSON, too deep, format, missing or unknown field,
    a value of the wrong kind or range, components lost or doubled) is said in the page's language. Only
    field names, the pasted values and JSON's own words stay as they are; the table keeps its game."""
    table = PlayTable("maui", players=3, lang=lang, seed=1)
    english = PlayTable("maui", players=3, lang="en", seed=1)
    frame = len(text("core.saved_state", lang, problem=""))
    from tutor.games.maui.codec import CODEC
    fields = tuple(CODEC.fields)                # the JSON's own field names are named as they are
    for kind, paste in _maui_pastes().items():
        before = table.state
        table.press("load", text=paste)
        english.press("load", text=paste)
        assert table.state is before, kind
        said, reason = table.error[frame:], english.error[len(text("core.saved_state", "en", problem="")):]
        assert said and table.error.startswith(text("core.saved_state", lang, problem="")), (kind, table.error)
        allowed = _NOT_PROSE | _latin(" ".join(re.findall(r"'([^']*)'", reason))) | _latin(" ".join(fields))
        assert _latin(said) <= allowed, f"{kind}: English words {_latin(said) - allowed} in «{said}» (en: {reason})"
    for problem in (lambda: maui.state_from_json(b"\xff{}"), lambda: load_json("x" * 300_000)):
        with pytest.raises((SavedStateError, InputProblem)) as info:
            problem()
        words = info.value.reason(lang) if isinstance(info.value, SavedStateError) else info.value.words(lang)
        assert not _latin(words) - _NOT_PROSE, words
