"""The test-only game (tests/toy_game, "Tides") through every generic part of the tutor, with no shared file
edited for it: conformance, the contract state machine, the play table, the scenario player, a quiz, the
lesson helpers and `python -m tutor check`. If adding a game ever needs a shared edit again, this fails."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

import toy_game
from helpers import legal_buttons
from kit import contract_machine
from tutor import lesson
from tutor.core import conformance
from tutor.core.game import add, ready_games, spec

add(toy_game.SPEC)      # known to this process (the generic parts find it by its id), not listed
ROOT = Path(__file__).resolve().parents[1]


def test_the_game_is_found_through_its_spec_and_is_not_listed_on_the_index():
    assert spec("tides") is toy_game.SPEC and spec("tides").title("ru") == "Приливы"
    assert "tides" not in ready_games(), "a game added by a test must not join the lesson pages"


@pytest.mark.parametrize("part", range(4))
def test_random_games_keep_every_invariant(part):
    problems = []
    for seed in range(part, spec("tides").conformance_games, 4):
        result = conformance.playout(toy_game.SPEC, seed)
        problems += [f"seed {seed}: {p}" for p in result.problems]
        assert toy_game.is_over(result.final)
    assert not problems, problems[:5]


def test_the_conformance_suite_sees_a_leak_in_this_game_too(monkeypatch):
    state = toy_game.setup(2, seed=1)
    leaky = dataclasses.replace(toy_game.SPEC, view=lambda s, p=None: toy_game.rules.view(s, None))
    assert any("shows hidden" in p for p in conformance.check_views(leaky, state, svg=False))


def test_the_contract_holds_under_arbitrary_play():
    run_state_machine_as_test(contract_machine("tides"), settings=settings(
        max_examples=25, stateful_step_count=20, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))


def test_a_whole_game_at_the_play_table_by_its_buttons(guard_spy):
    from tutor.widgets.play import PlayTable
    table = PlayTable("tides", players=3, seat=0, lang="ru", seed=4)
    for _ in range(3):
        buttons = legal_buttons(table, 0)
        assert len(buttons) == len(table.state.hands[0]) > 0
        buttons[-1].click()                          # the learner's highest card; the bots answer
    assert toy_game.is_over(table.state)
    score = table.score_html
    assert "tutor-winners" in score and "волна" in score
    assert "wave-" not in str(table.view), "no internal card id reaches the learner"


def test_the_play_table_refuses_a_card_not_in_hand_with_the_rule():
    from tutor.widgets.play import PlayTable
    table = PlayTable("tides", players=2, seat=0, lang="en", seed=4, hands=[[1, 2, 3], [4, 5, 6]])
    before = toy_game.to_json(table.state)
    table.act(toy_game.Lay(0, 9))
    assert "does not hold the 9" in table.error and "Laying a card" in table.error
    assert toy_game.to_json(table.state) == before


def test_the_scenario_player_steps_through_and_shows_the_refusal(guard_spy):
    from tutor.widgets.scenario import ScenarioPlayer
    p = ScenarioPlayer("tides/first-round", lang="en")
    assert p.count == 3 and not p.mismatches
    p.show(1)
    assert "takes 5, 6 (11 points)" in p.narration and p.svg.startswith("<svg")
    p.show(2)
    assert "does not hold the 6" in p.narration


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_quiz_is_judged_by_the_engine(lang, guard_spy):
    from tutor.widgets.quiz import Quiz
    q = Quiz("tides/who-takes", lang=lang)
    assert q.right_index == 0
    q.answer(1)
    assert q.answered == 1 and "tutor-quiz-wrong" in q.buttons[1]._dom_classes


def test_lesson_helpers_for_a_game_without_optional_parts(guard_spy):
    guard_spy.allow_unexpected = True
    assert "Tides" in lesson.sandbox("tides", "en").value          # it has no sandbox, and says so
    assert "tutor-error" in lesson.components("tides", "en").value  # nor a component table
    assert lesson.rulings("tides", "ru").value.count("<li") == 1
    assert lesson.position("tides", {"players": 2, "seed": 3}, "en").value.count("<svg") == 3   # phone, laptop, projector


def test_it_fulfils_the_typed_contract():
    from test_generic import mypy
    done = mypy("tests/toy_game/__init__.py", path=ROOT / "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_tutor_check_replays_its_lessons():
    env = {**os.environ, "TUTOR_GAMES": "toy_game",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "tutor", "check", str(ROOT / "tests/toy_game/lessons")],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 scenario(s) checked, 0 failed" in done.stdout and "1 quiz(zes) checked, 0 failed" in done.stdout


def test_no_file_outside_its_own_folder_names_it():
    """The proof is that nothing shared was edited: no file of the project outside tests/toy_game and this
    test mentions the game."""
    mine = {Path(__file__).resolve(), *(ROOT / "tests/toy_game").rglob("*")}
    found = []
    for path in [*ROOT.glob("tutor/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("lessons/**/*.*"),
                 ROOT / "pyproject.toml", ROOT / "Makefile"]:
        if path.resolve() in mine or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if "toy_game" in text or '"tides' in text or "tides/" in text:
            found.append(str(path.relative_to(ROOT)))
    assert not found, found
