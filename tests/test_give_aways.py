"""Nothing on the board or a button tells a learner the answer before they choose (issue #32's give-aways).

A "your turn" task offers every move the position allows a player to try, the illegal ones too (the engine then
says why not), and offers them all alike: a move drawn dashed or greyed, a card with no ring while its neighbours
have one, or a button styled apart, answers "which of these may I do?" before the learner has thought. The play
table may mark them (there it is help during a game, not the question)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.core import task as T
from tutor.core.game import ready_games
from tutor.widgets.your_turn import YourTurn

ROOT = Path(__file__).resolve().parents[1]
TASKS = [(g, p) for g in ready_games() for p in T.task_files(g, ROOT / "lessons")]


def marks_apart(widget) -> list[str]:
    """What sets some offered moves apart from the others on the task's first screen."""
    found = []
    svg = widget._svg
    if re.search(r'class="choice-ring unavailable"', svg):
        found.append("the board draws some moves dashed (not allowed) and others solid")
    apart = [c.description for c in widget._offered.values() if "tutor-action-unavailable" in getattr(c, "classes", ())]
    if apart:
        found.append(f"buttons styled as not allowed: {', '.join(apart[:4])}")
    return found


@pytest.mark.parametrize("game, path", TASKS, ids=[f"{g}/{p.stem}" for g, p in TASKS])
def test_a_task_offers_its_moves_alike(game, path):
    widget = YourTurn(T.load_file(path)["id"], lang="en")
    assert not widget.errors.message, widget.errors.message
    problems = marks_apart(widget)
    assert not problems, "; ".join(problems)
