"""Worked examples ask before they answer: no board shows an outcome that a later step explains.

A scenario step that only talks (no `do`, no `show`) explains the board as it already stands. If it
teaches a rule whose outcome appeared on an earlier frame, the learner saw the answer before the
question (a review found Мяури's worked round dealing every catch, Kiti's step and the next round in
its first step, and the set-up lagoon full before the text filled it). The fix is to pause the move
(`show:` the game's stages, tutor.core.scenario) so each part appears in the step that explains it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.core.game import ready_games
from tutor.core.scenario import adapter, lesson_files, load_file, replay

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = [(g, p) for g in ready_games() for p in lesson_files(g, ROOT / "lessons")]


def acts(step: dict) -> bool:
    return "do" in step or "show" in step


def setup_events(data: dict) -> list:
    """What laying out the table did: the game's staged setup's events, when it has one."""
    adapt = adapter(data["game"])
    if not hasattr(adapt, "setup_stages"):
        return []
    return [e for _, _, events in adapt.setup_stages(data["setup"]) for e in events]


def answered_early(data: dict, frames) -> list[str]:
    """Steps that explain a rule whose outcome an earlier frame already showed."""
    problems = []
    shown_by, shown = 0, set()      # the frame that last changed the board, and the rules its events cite
    for i, frame in enumerate(frames):
        step = data["steps"][i - 1] if i else None
        if i == 0 or acts(step):
            events = frame.events if i or "show" in data else setup_events(data)
            shown_by, shown = i, {e.rule for e in events} - {frame.rule}
            continue
        if frame.rule in shown:
            where = "the setup" if shown_by == 0 else f"step {shown_by}"
            problems.append(f"step {i} explains {frame.rule}, but {where} already showed its outcome")
    return problems


@pytest.mark.parametrize("game,path", SCENARIOS, ids=[f"{g}/{p.stem}" for g, p in SCENARIOS])
def test_every_worked_example_asks_before_it_answers(game, path):
    data = load_file(path)
    result = replay(data)
    assert result.ok, result.mismatches
    assert answered_early(data, result.frames) == []


def test_the_check_finds_an_answer_given_first():
    """The rulebook's four-player round told all at once (its first step applies the four dives and
    the rest only talk): the check names every step that comes after its own answer."""
    data = load_file(ROOT / "lessons" / "maui" / "scenarios" / "four-player-round.yaml")
    told_at_once = dict(data, steps=[{k: v for k, v in step.items() if k not in ("show", "expect")}
                                     for step in data["steps"]])
    frames = replay(told_at_once).frames
    problems = answered_early(told_at_once, frames)
    assert [p.split(" explains ")[0] for p in problems] == ["step 2", "step 3", "step 4", "step 5", "step 6"]


def test_the_check_finds_a_table_laid_out_before_it_is_described():
    data = load_file(ROOT / "lessons" / "maui" / "scenarios" / "setup.yaml")
    unstaged = {k: v for k, v in data.items() if k != "show"}
    unstaged["steps"] = [{k: v for k, v in step.items() if k != "show"} for step in data["steps"]]
    problems = answered_early(unstaged, replay(unstaged).frames)
    assert problems and all("the setup already showed" in p for p in problems)
    assert any(p.startswith("step 3 explains maui:play") for p in problems)


def test_a_paused_move_is_finished_before_the_next_one():
    """A step may not act while a paused move still has parts to show (an example may end at a pause)."""
    data = load_file(ROOT / "lessons" / "maui" / "scenarios" / "four-player-round.yaml")
    assert replay(dict(data, steps=data["steps"][:3])).ok
    hurried = dict(data, steps=data["steps"][:1] + [{"say": {"en": "next round"}, "do": {"dive": {1: 1}}}])
    mism = replay(hurried).mismatches
    assert any("step 2: acts before deep, middle, shallow, kiti, done" in m for m in mism), mism
